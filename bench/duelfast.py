"""Paired-deal duels of fast-loop policies (fives_tutor.engine.fast), for tuning and
quick strength checks: each deal is played twice with the seats swapped.

Used by tune_expert.py; importable from the bench folder."""

from __future__ import annotations

import statistics
from math import sqrt

from fives_tutor.core.game import sides_for
from fives_tutor.engine.fast import play_fast_match
from fives_tutor.study.duel import seatings


class Seats:
    """A policy that asks the policy of the seat to move."""

    def __init__(self, policies):
        self.policies = policies

    def __call__(self, hand, found, rng):
        return self.policies[hand.turn](hand, found, rng)


def play(rules, players, seed, seat_policies, max_hands=1000):
    """One match (the engine's own :func:`play_fast_match`, each seat its policy, the
    hands' steps kept for the search players): returns (winner side, scores, hands played)."""
    match = play_fast_match(rules, players, seed, Seats(seat_policies), max_hands, steps=True)
    return match.winner, match.scores, len(match.hands)


def deal_results(rules, make_a, make_b, players, seed, index):
    """The matches of deal ``index``, one per seating: (A won, A's margin)."""
    sides = sides_for(rules, players)
    results = []
    for seating in seatings(rules, players):  # fives duel's seatings: each seat A's in half of them
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
