"""Paired-deal duels of fast-loop policies (fives_tutor.engine.fast), for tuning and
quick strength checks: each deal is played twice with the seats swapped.

Used by tune_expert.py; importable from the bench folder."""

from __future__ import annotations

import random
import statistics
from math import sqrt

from fives_tutor.engine.fast import Board, FastHand, deal, leader, run, tables
from fives_tutor.game import sides_for


class Seats:
    """A policy that asks the policy of the seat to move."""

    def __init__(self, policies):
        self.policies = policies

    def __call__(self, hand, found, rng):
        return self.policies[hand.turn](hand, found, rng)


def play(rules, players, seed, seat_policies, max_hands=1000):
    """One match: returns (winner side, scores, hands played)."""
    tb = tables(rules)
    rng = random.Random(seed)
    chooser = random.Random(seed + ":players")
    sides = sides_for(rules, players)
    board = Board(rules, players, [0] * len(set(sides)))
    previous = None
    count = 0
    policy = Seats(seat_policies)
    while board.winner is None and count < max_hands:
        hands, boneyard = deal(tb, players, rng)
        lead_player, lead_tile = leader(tb, hands, previous, rng)
        hand = FastHand(tb, hands, boneyard, lead_player, lead_tile, sides)
        hand.steps = []  # for the search players, which read the hand's history
        run(hand, policy, chooser, board)
        previous = hand
        count += 1
    return board.winner, tuple(board.scores), count


def seatings(players: int, partnerships: bool):
    """Seat assignments (True: A) that together give A every seat equally: two players
    or partnerships, A in the even seats and then the odd; three or four alone, A in
    one seat at a time."""
    if players == 2 or partnerships:
        return [tuple(p % 2 == 0 for p in range(players)), tuple(p % 2 == 1 for p in range(players))]
    return [tuple(p == a for p in range(players)) for a in range(players)]


def deal_results(rules, make_a, make_b, players, seed, index):
    """The matches of deal ``index``, one per seating: (A won, A's margin)."""
    sides = sides_for(rules, players)
    partnerships = len(set(sides)) < players
    results = []
    for seating in seatings(players, partnerships):
        policies = [make_a() if a else make_b() for a in seating]
        winner, scores, _ = play(rules, players, f"{seed}:{index}", policies)
        a_sides = {sides[p] for p in range(players) if seating[p]}
        b_sides = set(sides) - a_sides
        results.append((1.0 if winner in a_sides else 0.0,
                        sum(scores[s] for s in a_sides) / len(a_sides) - sum(scores[s] for s in b_sides) / len(b_sides)))
    return results


def duel(rules, make_a, make_b, deals, players=2, seed="tune"):
    """A's share of the matches, its standard error, and A's mean margin per match (points)."""
    results = [r for i in range(deals) for r in deal_results(rules, make_a, make_b, players, seed, i)]
    return summary(results)


def summary(results):
    n = len(results)
    share = sum(w for w, _ in results) / n
    return share, sqrt(share * (1 - share) / n), statistics.mean(m for _, m in results)
