"""The fixed levels choose alike wherever they play: as `fives best` ranks a situation
(fives_tutor.engine.levels) and as players of the fast loop in duels and simulations
(fives_tutor.engine.policies), from the same knowledge: the history of the hand."""

from __future__ import annotations

import random

import pytest

from fives_tutor import load_rules
from fives_tutor.core.game import sides_for
from fives_tutor.engine import Situation, rank
from fives_tutor.engine.fast import FastHand, codes_position, deal, leader, run, tables
from fives_tutor.engine.policies import policy_for
from fives_tutor.study.simulate import play_match


class Checker:
    """Plays the level's fast policy, and at each choice checks that `rank` on the
    situation built from the hand's steps picks the same play."""

    def __init__(self, level):
        self.level = level
        self.policy = policy_for(level)
        self.checked = 0

    def __call__(self, hand, found, rng):
        chosen = self.policy(hand, found, rng)
        tb = hand.tb
        steps = hand.steps
        me = hand.turn
        played = [s.tile for s in steps if s.kind == "play"]
        situation = Situation.from_steps(codes_position(hand.ends, hand.lone), steps, played,
                                         [len(h) for h in hand.hands], steps[0].player if steps else me, me,
                                         [tb.tiles[t] for t in hand.hands[me]], tb.rules,
                                         lead="first" if hand.lead_tile >= 0 else "later")
        best = rank(situation, self.level)[0].play
        assert (tb.tiles[chosen[0]], chosen[1]) == (best.tile, best.index), (str(situation.board), situation.hand)
        self.checked += 1
        return chosen


@pytest.mark.parametrize("pack, players", [("dominos-cc", 2), ("pagat-all-fives", 4), ("fives-and-threes", 3),
                                           ("five-up", 2)])
@pytest.mark.parametrize("level", ["defensive", "expert"])
def test_fast_players_choose_as_the_levels_rank(pack, players, level):
    rules = load_rules(pack)
    tb = tables(rules)
    checker = Checker(level)
    rng = random.Random(f"agree:{pack}:{level}")
    sides = sides_for(rules, players)
    previous = None
    for _ in range(3):
        hands, boneyard = deal(tb, players, rng)
        who, lead_tile = leader(tb, hands, previous, rng)
        hand = FastHand(tb, hands, boneyard, who, lead_tile, sides)
        hand.steps = []
        run(hand, checker, rng, None)
        previous = hand
    assert checker.checked >= 10


@pytest.mark.parametrize("level", ["defensive", "expert"])
def test_simulate_seats_every_fixed_level(level):
    rules = load_rules("dominos-cc")
    record = play_match(rules, 2, "levels", 0, level)
    assert record.winner in (0, 1) and max(record.scores) >= 150
    assert record == play_match(rules, 2, "levels", 0, level), "the same seed, the same match"


@pytest.mark.parametrize("level", ["defensive", "expert"])
def test_fives_simulate_with_a_level(run, level):
    import json

    result = run("simulate", "dominos-cc", "--matches", "4", "--level", level, "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["matches"] == 4
    text = run("simulate", "dominos-cc", "--matches", "2", "--level", level)
    assert text.exit_code == 0 and f"{level} players" in text.stdout


def test_fives_simulate_refuses_exact(run):
    result = run("simulate", "dominos-cc", "--matches", "2", "--level", "exact")
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
