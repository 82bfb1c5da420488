"""The fast hand loop (fives_tutor.engine.fast) against the game state machine.

The reference here drives fives_tutor.core.game.Match through its public actions (options,
draw, play, pass), exactly as a table would, and records every play, every hand's
result and the scores after every hand. The fast loop must give the same, play for
play, for every built-in pack and player count, with the greedy player and with the
random player (whose choices depend on the order of the options, so that order is
checked too).
"""

from __future__ import annotations

import os
import random

import pytest

from fives_tutor import load_rules
from fives_tutor.core.game import Match
from fives_tutor.engine.fast import play_fast_match, random_policy
from fives_tutor.packs.loader import builtin_dir, list_packs
from fives_tutor.study.simulate import greedy, random_legal

PACKS = [info.id if hasattr(info, "id") else info for info in list_packs()]


def reference_match(rules, players: int, seed: str, strategy):
    """Every hand of a match on the game state machine: (leader, plays, result, scores after)."""
    match = Match(rules, players, rng=random.Random(seed))
    hands = []
    for move in match.moves(lambda hand, options, rng: strategy(hand, options, rng, match.board),
                            random.Random(seed + ":players")):
        hand = move.hand
        if hand.over or match.over:  # the hand has ended (or the match, within it): booked now
            hands.append((hand.leader, [tuple(p[:5]) for p in hand.plays], hand.result, tuple(match.scores)))
    # what each play actually added to its side's score (the exact target may refuse it)
    taken = [summary.play_taken for summary in match.history]
    hands = [h + (t,) for h, t in zip(hands, taken)]
    return hands, tuple(match.scores), match.winner


def fast_match(rules, players: int, seed: str, policy, record: bool):
    played = play_fast_match(rules, players, seed, policy, record=record)
    tiles = played.hands[0].tb.tiles
    hands = []
    for hand, after in zip(played.hands, played.scores_after):
        plays = [(p, tiles[t], i, total, points) for p, t, i, total, points in hand.record] if record else None
        hands.append((hand.leader, plays, hand.made, hand.result, after, tuple(hand.credited)))
    return hands, played.scores, played.winner


def compare(rules, players, seed, strategy, policy):
    expected_hands, scores, winner = reference_match(rules, players, seed, strategy)
    for record in (False, True):
        got_hands, got_scores, got_winner = fast_match(rules, players, seed, policy, record)
        assert len(got_hands) == len(expected_hands), seed
        for number, (expected, got) in enumerate(zip(expected_hands, got_hands), start=1):
            leader, plays, result, after, taken = expected
            where = f"{rules.id}, {players} players, match {seed}, hand {number}"
            assert got[0] == leader, where
            if record:
                assert got[1] == plays, where
            assert got[2] == [p[4] for p in plays], where
            assert got[3] == result, where
            assert got[4] == after, where
            assert got[5] == taken, where
        assert (got_scores, got_winner) == (scores, winner), seed
    return sum(len(h) for h, *_ in [expected_hands])


def play_both_ways(rules, least: int) -> dict:
    hands = {}
    for players in range(rules.players.min, rules.players.max + 1):
        count = 0
        index = 0
        while count < least:
            strategy, policy = (greedy, None) if index % 2 == 0 else (random_legal, random_policy)
            count += compare(rules, players, f"fast:{rules.id}:{index}", strategy, policy)
            index += 1
        hands[players] = count
    return hands


@pytest.mark.parametrize("pack", PACKS)
def test_fast_loop_plays_as_the_game(pack):
    hands = play_both_ways(load_rules(pack), 250)
    assert sorted(hands) == [2, 3, 4] and min(hands.values()) >= 250


def _house(pack, section, **values):
    rules = load_rules(pack)
    return rules._replace(**{section: getattr(rules, section)._replace(**values)})


# house rules no built-in pack has, each read by the fast loop from the same pack keys
HOUSE_RULES = {
    "two tiles kept in the boneyard": lambda: _house("dominos-cc", "turn", boneyard_reserve=2),
    "draw one tile only": lambda: _house("dominos-cc", "turn", draw="one"),
    "no drawing, every double spins": lambda: _house("five-up", "turn", draw="none"),
    "winner's pips subtracted": lambda: _house("pagat-all-fives", "hand_end", subtract_winner_pips=True),
    "a lone double counts one half, doubles in hand too": lambda: _house(
        "dominos-cc", "spinner", lone_counts="one_half")._replace(
        hand_end=load_rules("dominos-cc").hand_end._replace(double_in_hand="one_half")),
    "the lead does not score, arms after the sides": lambda: _house("dominos-cc", "lead", scores=False)._replace(
        spinner=load_rules("dominos-cc").spinner._replace(arms_open="after_sides")),
    "the lowest double leads, then the lead passes to the left": lambda: _house(
        "muggins", "lead", first_hand="lowest_double", later_hands="to_the_left"),
    "an exact 61 that bounces back": lambda: _house("fives-and-threes", "match", overshoot="bounce"),
}

#: the example packs of the variants seen in the wild (issue 14), each with its own rule
EXAMPLES = ("lowest-double.yaml", "fives-and-threes-72.yaml")


@pytest.mark.parametrize("example", EXAMPLES)
def test_fast_loop_plays_the_example_variants_as_the_game(example):
    rules = load_rules(os.path.join(builtin_dir(), "examples", example))
    assert rules.lead.first_hand == "lowest_double" or rules.match.overshoot == "bounce"
    hands = play_both_ways(rules, 150)
    assert min(hands.values()) >= 150


@pytest.mark.parametrize("name", sorted(HOUSE_RULES))
def test_fast_loop_follows_house_rules(name):
    hands = play_both_ways(HOUSE_RULES[name](), 60)
    assert min(hands.values()) >= 60
