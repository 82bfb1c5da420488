"""The game state machine (``fives_tutor.core.game``): hands and matches under every pack.

Every position and deal here is built by hand, and every expected value is worked
from RULES.md (and the pack's YAML) in a comment beside it, never taken from the
code under test. A deal is fixed either by building a :class:`Hand` and putting it
in place of ``match.hand``, or by giving :class:`Match` a stand-in random generator
whose ``shuffle`` lays the tiles out in a chosen order (the deal hands them out in
order: player 0's tiles first, then player 1's, ..., then the boneyard).
"""

from __future__ import annotations

import dataclasses
import os
from collections import Counter

import pytest

from fives_tutor import EndKind, Tile, domino_set, load_rules, parse_hand
from fives_tutor.core.game import Hand, Match, deal, heaviest_double_or_tile
from fives_tutor.errors import IllegalPlayError
from fives_tutor.packs.loader import builtin_dir

PLAIN, DOUBLE, SPINNER, ARM = EndKind.PLAIN, EndKind.DOUBLE, EndKind.SPINNER, EndKind.ARM
PACKS = ["dominos-cc", "pagat-all-fives", "muggins", "five-up", "fives-and-threes"]
HOUSE_RULES = os.path.join(builtin_dir(), "examples", "house-rules.yaml")
T = Tile


def H(text: str) -> list[Tile]:
    """Tiles written as at the table: ``H("6|3 5|0")``."""
    return list(parse_hand(text))


def replace(value, **changes):
    """``_replace`` for the rule classes (``dataclasses.replace`` should they become dataclasses)."""
    if dataclasses.is_dataclass(value):
        return dataclasses.replace(value, **changes)
    return value._replace(**changes)


def fixed(pack, hands, boneyard="", leader=0, lead_tile=None, rules=None, seed=0) -> Match:
    """A match of ``len(hands)`` players whose current hand is the one given."""
    rules = rules if rules is not None else load_rules(pack)
    match = Match(rules, len(hands), seed=seed)
    match.hand = Hand(rules, [H(h) if isinstance(h, str) else list(h) for h in hands], H(boneyard), leader,
                      lead_tile, match.sides)
    return match


def at(match_or_hand, kind, pips) -> int:
    """The index of the open end of ``kind`` offering ``pips`` (it must be there)."""
    hand = match_or_hand.hand if isinstance(match_or_hand, Match) else match_or_hand
    for index, e in enumerate(hand.position.ends):
        if e.kind == kind and e.pips == pips:
            return index
    raise AssertionError(f"no end {kind!r} {pips} in {hand.position}")


def ends(match) -> Counter:
    """The open ends as a multiset of (kind, pips)."""
    return Counter((e.kind, e.pips) for e in match.hand.position.ends)


class StackedDeck:
    """Stands in for ``random.Random``: ``shuffle`` lays the tiles out in ``order``
    (the tiles not named follow in set order), ``randrange`` returns ``lot``."""

    def __init__(self, order, lot=0):
        self.order = H(order) if isinstance(order, str) else list(order)
        self.lot = lot

    def shuffle(self, tiles):
        rest = [t for t in tiles if t not in self.order]
        tiles[:] = self.order + rest

    def randrange(self, stop):
        return self.lot % stop


def snapshot(match):
    hand = match.hand
    return (id(hand), [list(h) for h in hand.hands], list(hand.boneyard), hand.position, hand.turn,
            list(match.scores), len(hand.plays), hand.passes, hand.drawn, hand.claimable, hand.result,
            match.winner, len(match.history))


# ============================================================================ deals

@pytest.mark.parametrize("pack, players, size", [
    ("dominos-cc", 2, 7), ("dominos-cc", 3, 6), ("dominos-cc", 4, 5),
    ("pagat-all-fives", 2, 9), ("pagat-all-fives", 3, 7), ("pagat-all-fives", 4, 5),
    ("muggins", 2, 7), ("muggins", 3, 7), ("muggins", 4, 7),          # Foster's Hoyle: seven each
    ("five-up", 2, 5), ("five-up", 3, 5), ("five-up", 4, 5),
    ("fives-and-threes", 2, 7), ("fives-and-threes", 3, 5), ("fives-and-threes", 4, 5),
])
def test_deal_sizes(pack, players, size):
    # RULES.md: the hand sizes per player count; the rest of the 28 tiles is the boneyard
    match = Match(load_rules(pack), players, seed=3)
    hand = match.hand
    assert [len(h) for h in hand.hands] == [size] * players
    assert len(hand.boneyard) == 28 - players * size
    every = [t for h in hand.hands for t in h] + hand.boneyard
    assert sorted(every) == sorted(domino_set(6))


@pytest.mark.parametrize("players", [1, 5])
def test_deal_refuses_a_player_count_the_pack_does_not_allow(players):
    import random

    with pytest.raises(IllegalPlayError):  # dominos-cc: 2 to 4 players
        deal(load_rules("dominos-cc"), players, random.Random(1))


@pytest.mark.parametrize("players", [1, 5])
def test_match_refuses_a_player_count_the_pack_does_not_allow(players):
    with pytest.raises(IllegalPlayError):
        Match(load_rules("dominos-cc"), players, seed=1)


@pytest.mark.parametrize("pack, sides, scores", [
    ("pagat-all-fives", (0, 1, 0, 1), 2),   # four play as two partnerships, partners opposite
    ("five-up", (0, 1, 0, 1), 2),
    ("dominos-cc", (0, 1, 2, 3), 4),        # partnerships_with_four: false, each for themselves
    ("muggins", (0, 1, 2, 3), 4),
    ("fives-and-threes", (0, 1, 2, 3), 4),  # its source: partnership play is not modelled
])
def test_sides_with_four_players(pack, sides, scores):
    match = Match(load_rules(pack), 4, seed=1)
    assert match.sides == sides
    assert match.scores == [0] * scores


@pytest.mark.parametrize("pack, targets", [
    ("dominos-cc", (150, 150, 150)),
    ("pagat-all-fives", (250, 200, 200)),   # 250 with two players, 200 with three or four
    ("muggins", (200, 150, 150)),           # 200 for two, 150 for three or four
    ("five-up", (61, 61, 61)),
    ("fives-and-threes", (61, 61, 61)),
    (HOUSE_RULES, (100, 100, 100)),         # the kitchen table plays to 100
])
def test_match_targets(pack, targets):
    rules = load_rules(pack)
    assert tuple(Match(rules, players, seed=1).target for players in (2, 3, 4)) == targets


# ============================================================================ fives-and-threes

def test_fives_and_threes_scores_fives_and_threes():
    match = fixed("fives-and-threes", ["6|3 6|5 0|0", "6|6 3|5 1|1"])
    # p0 leads 6|3: the lone lead counts both halves, 6 + 3 = 9: 9/3 = 3 (no five goes into 9)
    record = match.play(T(6, 3), -1)
    assert (record.total, record.points, record.credited) == (9, 3, 3)
    # p1: 6|6 on the 6 stands crosswise and counts both halves: 3 + 6 + 6 = 15 -> 15/5 + 15/3 = 3 + 5 = 8
    record = match.play(T(6, 6), at(match, PLAIN, 6))
    assert (record.total, record.points) == (15, 8)
    assert ends(match) == Counter({(PLAIN, 3): 1, (DOUBLE, 6): 1})  # no spinner: a plain crosswise double
    # p0: 6|5 on the free side of 6|6: the double is now in the line and counts nothing: 3 + 5 = 8 -> 0
    record = match.play(T(6, 5), at(match, DOUBLE, 6))
    assert (record.total, record.points) == (8, 0)
    assert ends(match) == Counter({(PLAIN, 3): 1, (PLAIN, 5): 1})  # still two ends, no arms
    # p1: 3|5 on the 3: 5 + 5 = 10 -> 10/5 = 2 (three does not go into 10)
    record = match.play(T(3, 5), at(match, PLAIN, 3))
    assert (record.total, record.points) == (10, 2)
    assert match.scores == [3, 8 + 2]


@pytest.mark.parametrize("total, points", [
    (15, 8), (9, 3), (10, 2), (6, 2), (12, 4), (18, 6), (20, 4), (3, 1), (5, 1), (7, 0), (0, 0),
])
def test_fives_and_threes_points_table(total, points):
    # RULES.md: total/5 (if divisible) + total/3 (if divisible), e.g. 20 -> 4 + 0, 18 -> 0 + 6
    assert load_rules("fives-and-threes").scoring.points_for(total) == points


def test_fives_and_threes_double_lead_never_gets_more_than_two_ends():
    match = fixed("fives-and-threes", ["5|5 5|3 0|0", "5|0 1|1 2|2"])
    # lead 5|5 alone: both halves once, 10 -> 10/5 = 2
    record = match.play(T(5, 5), -1)
    assert (record.total, record.points) == (10, 2)
    # p1: 5|0 on it: 0 + 5|5 still crosswise at the other end (10) = 10 -> 2
    record = match.play(T(5, 0), at(match, DOUBLE, 5))
    assert (record.total, record.points) == (10, 2)
    assert ends(match) == Counter({(PLAIN, 0): 1, (DOUBLE, 5): 1})
    # p0: 5|3 on the free side of 5|5: the double joins the line, 0 + 3 = 3 -> 3/3 = 1
    record = match.play(T(5, 3), at(match, DOUBLE, 5))
    assert (record.total, record.points) == (3, 1)
    assert ends(match) == Counter({(PLAIN, 0): 1, (PLAIN, 3): 1})
    assert match.scores == [2 + 1, 2]


def test_fives_and_threes_nobody_draws_a_player_who_cannot_play_knocks():
    match = fixed("fives-and-threes", ["5|5 2|2", "1|0 2|1"], boneyard="5|0 4|0")
    match.play(T(5, 5), -1)
    hand = match.hand
    # p1 holds no 5, the boneyard has tiles, and still: no drawing
    assert hand.options() == []
    assert not hand.can_draw()
    with pytest.raises(IllegalPlayError):
        match.draw()
    assert hand.boneyard == H("5|0 4|0") and hand.hands[1] == H("1|0 2|1")
    assert hand.can_pass()
    match.pass_turn()  # knocks
    assert hand.turn == 0 and not hand.over
    assert hand.boneyard == H("5|0 4|0") and hand.hands[1] == H("1|0 2|1")


def test_fives_and_threes_chipping_out_scores_one_point():
    match = fixed("fives-and-threes", ["6|2", "3|1 2|2"])
    # p0 leads its last tile 6|2: 8 scores nothing (neither 5 nor 3 goes into 8); going out scores 1,
    # and the opponent's pips are not collected (collect: none)
    record = match.play(T(6, 2), -1)
    assert record.points == 0
    result = match.history[-1].result
    assert result.kind == "domino" and result.winners == (0,) and result.points == (1,)
    assert match.scores == [1, 0]
    assert match.history[-1].taken_at_end == (1,)


def test_fives_and_threes_a_score_that_would_pass_61_is_not_taken():
    match = fixed("fives-and-threes", ["6|6 0|0", "6|3 1|1"], leader=1)
    match.scores[:] = [55, 0]
    match.play(T(6, 3), -1)  # p1: 9 -> 3
    assert match.scores == [55, 3]
    # p0: 6|6 crosswise on the 6: 3 + 12 = 15 -> 8; 55 + 8 = 63 would pass 61: none of it is taken
    record = match.play(T(6, 6), at(match, PLAIN, 6))
    assert record.points == 8
    assert match.scores == [55, 3]
    assert not match.over
    # the hand goes on: p1 may still play
    assert match.hand.turn == 1 and not match.hand.over


def test_fives_and_threes_exactly_61_wins():
    match = fixed("fives-and-threes", ["6|6 0|0", "6|3 1|1"], leader=1)
    match.scores[:] = [53, 0]
    match.play(T(6, 3), -1)  # p1: 3
    match.play(T(6, 6), at(match, PLAIN, 6))  # p0: 15 -> 8, 53 + 8 = 61 exactly
    assert match.scores == [61, 3]
    assert match.over and match.winner == 0
    with pytest.raises(IllegalPlayError):
        match.play(T(1, 1), 0)


def test_fives_and_threes_chip_out_point_reaches_61_exactly():
    match = fixed("fives-and-threes", ["6|2", "3|1 2|2"])
    match.scores[:] = [60, 0]
    match.play(T(6, 2), -1)  # 8 scores nothing; chipping out: 60 + 1 = 61
    assert match.scores == [61, 0] and match.winner == 0


def test_fives_and_threes_last_play_and_chip_out_point_are_one_score():
    # pagat, Fives and Threes: the point for chipping out is scored at the same time as the
    # last play. p0 on 60 leads its last tile 6|3: 9 -> 3, plus 1 for chipping out = 4;
    # 60 + 4 = 64 would pass 61, so nothing at all is scored (not 3 refused, then 1 taken)
    match = fixed("fives-and-threes", ["6|3", "3|1 2|2"])
    match.scores[:] = [60, 0]
    record = match.play(T(6, 3), -1)
    assert record.points == 3
    assert match.scores == [60, 0] and match.winner is None
    summary = match.history[-1]
    assert summary.result.kind == "domino" and summary.play_taken == (0,)
    assert summary.taken_from_play == (0, 0) and summary.taken_at_end == (0,)


def test_fives_and_threes_lead_passes_to_the_left():
    rules = load_rules("fives-and-threes")
    match = Match(rules, 3, seed=5)
    # a hand led by p2, who goes out with the lead
    match.hand = Hand(rules, [H("1|0 1|1"), H("2|0 2|2"), H("6|2")], [], 2, None, match.sides)
    match.play(T(6, 2), -1)
    assert match.hand.leader == 0  # left of p2 (turn order 0 -> 1 -> 2 -> 0) is p0
    assert match.hand.turn == 0 and match.hand.lead_tile is None
    # a blocked hand passes the lead to the left as well: p0 leads 6|6, nobody holds a 6
    match.hand = Hand(rules, [H("6|6 1|1"), H("2|0 2|2"), H("3|0 3|3")], [], 0, None, match.sides)
    match.play(T(6, 6), -1)
    for _ in range(3):
        match.pass_turn()
    assert match.history[-1].result.kind == "blocked"
    assert match.hand.leader == 1


# ============================================================================ five-up

def test_five_up_every_double_spins_and_its_arms_open_after_both_sides():
    match = fixed("five-up", ["5|3 3|1 3|4 4|0 6|6", "3|3 5|5 4|4 6|2 2|2"])
    # p0 leads 5|3: 5 + 3 = 8 -> 0
    assert match.play(T(5, 3), -1).points == 0
    # p1: 3|3 on the 3 spins (every double does); one side touches 5|3, the free side is empty,
    # so it counts both halves and its arms are still shut: 5 + 6 = 11 -> 0
    record = match.play(T(3, 3), at(match, PLAIN, 3))
    assert record.total == 11
    assert ends(match) == Counter({(PLAIN, 5): 1, (SPINNER, 3): 1})
    # p0: 3|1 on the free side of 3|3: both sides hold a tile, it counts nothing, its two arms
    # open (empty, count nothing): 5 + 1 = 6 -> 0
    record = match.play(T(3, 1), at(match, SPINNER, 3))
    assert record.total == 6
    assert ends(match) == Counter({(PLAIN, 5): 1, (PLAIN, 1): 1, (ARM, 3): 2})
    # p1: 5|5 on the 5 is a spinner too: 10 + 1 = 11 -> 0
    record = match.play(T(5, 5), at(match, PLAIN, 5))
    assert record.total == 11
    assert ends(match) == Counter({(SPINNER, 5): 1, (PLAIN, 1): 1, (ARM, 3): 2})
    # p0: 3|4 on an arm of 3|3: 10 + 1 + 4 + 0 = 15 -> one point per five: 3
    record = match.play(T(3, 4), at(match, ARM, 3))
    assert (record.total, record.points) == (15, 3)
    # p1: 4|4 on that arm's 4 (a branch) spins as well: 10 + 1 + 8 + 0 = 19 -> 0; its arms shut yet
    record = match.play(T(4, 4), at(match, PLAIN, 4))
    assert record.total == 19
    assert ends(match) == Counter({(SPINNER, 5): 1, (PLAIN, 1): 1, (SPINNER, 4): 1, (ARM, 3): 1})
    # p0: 4|0 on the free side of 4|4: its arms open: 10 + 1 + 0 + 0 + 0 + 0 = 11 -> 0
    record = match.play(T(4, 0), at(match, SPINNER, 4))
    assert record.total == 11
    assert ends(match) == Counter({(SPINNER, 5): 1, (PLAIN, 1): 1, (PLAIN, 0): 1, (ARM, 3): 1, (ARM, 4): 2})
    assert match.scores == [3, 0]


def test_five_up_double_lead_spins():
    match = fixed("five-up", ["5|5 5|2 6|6", "5|0 1|1 6|1"])
    # lead 5|5 alone: both halves once, 10 -> 2 points (one per five)
    record = match.play(T(5, 5), -1)
    assert (record.total, record.points) == (10, 2)
    # p1: 5|0 on one side: the other side is empty, the spinner still counts 10: 0 + 10 = 10 -> 2
    record = match.play(T(5, 0), at(match, SPINNER, 5))
    assert (record.total, record.points) == (10, 2)
    assert ends(match) == Counter({(PLAIN, 0): 1, (SPINNER, 5): 1})
    # p0: 5|2 on the other side: the spinner counts nothing, its arms open: 0 + 2 = 2 -> 0
    record = match.play(T(5, 2), at(match, SPINNER, 5))
    assert (record.total, record.points) == (2, 0)
    assert ends(match) == Counter({(PLAIN, 0): 1, (PLAIN, 2): 1, (ARM, 5): 2})
    assert match.scores == [2, 2]


def test_five_up_hand_end_pips_one_point_per_five_after_rounding():
    match = fixed("five-up", ["5|0", "6|5 2|0 1|1"])
    # p0 leads its last tile 5|0: 5 -> 1 point; p1 holds 6+5 + 2+0 + 1+1 = 15 pips -> 15 -> 3 points
    match.play(T(5, 0), -1)
    result = match.history[-1].result
    assert result.kind == "domino" and result.points == (3,)
    assert match.scores == [1 + 3, 0]


def test_five_up_hand_end_13_pips_round_up_to_3_points():
    match = fixed("five-up", ["6|2", "6|5 2|0"])
    # lead 6|2: 8 -> 0; p1 holds 11 + 2 = 13 pips: remainder 3 rounds up to 15 -> 3 points
    match.play(T(6, 2), -1)
    assert match.history[-1].result.points == (3,)
    assert match.scores == [3, 0]


def test_five_up_hand_end_combines_the_opponents_pips_before_rounding():
    match = fixed("five-up", ["6|2", "2|1 4|4", "3|0 5|5"])
    # lead 6|2: 8 -> 0. p1 holds 3 + 8 = 11, p2 holds 3 + 10 = 13: combined 24 -> 25 -> 5 points
    # (rounded one by one it would be 10 + 15 = 25 as well; see the next test for a difference)
    match.play(T(6, 2), -1)
    assert match.history[-1].result.points == (5,)
    match = fixed("five-up", ["6|2", "2|1", "3|0"])
    # p1 holds 3, p2 holds 3: combined 6 -> 5 -> 1 point (one by one it would be 5 + 5 = 10 -> 2)
    match.play(T(6, 2), -1)
    assert match.history[-1].result.points == (1,)
    assert match.scores == [1, 0, 0]


# ============================================================================ muggins

def test_muggins_a_double_never_branches():
    match = fixed("muggins", ["5|5 5|4 4|1 6|6", "5|0 4|4 6|2 2|2"])
    # lead 5|5 alone, crosswise: 10
    record = match.play(T(5, 5), -1, announced=10)
    assert (record.total, record.credited) == (10, 10)
    assert ends(match) == Counter({(DOUBLE, 5): 1})
    # p1: 5|0 on one side: 0 + 10 = 10
    record = match.play(T(5, 0), at(match, DOUBLE, 5), announced=10)
    assert (record.total, record.credited) == (10, 10)
    assert ends(match) == Counter({(PLAIN, 0): 1, (DOUBLE, 5): 1})
    # p0: 5|4 on the other side: 5|5 is in the line: 0 + 4 = 4
    assert match.play(T(5, 4), at(match, DOUBLE, 5), announced=0).total == 4
    assert ends(match) == Counter({(PLAIN, 0): 1, (PLAIN, 4): 1})
    # p1: 4|4 on the 4 stands crosswise, no arms: 0 + 8 = 8
    assert match.play(T(4, 4), at(match, PLAIN, 4), announced=0).total == 8
    assert ends(match) == Counter({(PLAIN, 0): 1, (DOUBLE, 4): 1})
    # p0: 4|1 on the 4|4: 0 + 1 = 1
    assert match.play(T(4, 1), at(match, DOUBLE, 4), announced=0).total == 1
    assert ends(match) == Counter({(PLAIN, 0): 1, (PLAIN, 1): 1})
    assert match.scores == [10, 10]


def test_muggins_announced_points_are_credited():
    match = fixed("muggins", ["5|5 6|6", "5|0 2|2"])
    record = match.play(T(5, 5), -1, announced=10)  # lead 5|5: 10, announced right
    assert record.credited == 10 and match.scores == [10, 0]
    assert match.hand.claimable is None


@pytest.mark.parametrize("announced", [None, 0, 5, 15])
def test_muggins_points_not_announced_right_are_not_credited_and_can_be_claimed(announced):
    match = fixed("muggins", ["5|5 6|6", "5|0 2|2"])
    record = match.play(T(5, 5), -1, announced=announced)  # made 10, announced none or wrong
    assert (record.points, record.credited) == (10, 0)
    assert match.scores == [0, 0]
    assert match.hand.claimable == (0, 10)
    # the player who made them cannot claim them
    with pytest.raises(IllegalPlayError):
        match.claim(0)
    # the opponent calls muggins and takes the 10
    assert match.claim(1) == 10
    assert match.scores == [0, 10]
    assert match.hand.claimable is None


def test_muggins_both_opponents_may_claim_the_first_takes():
    match = fixed("muggins", ["5|5 6|6", "5|0 2|2", "4|0 3|3"])
    match.play(T(5, 5), -1)  # 10, not announced
    assert match.claim(2) == 10
    assert match.scores == [0, 0, 10]
    # p1 calls too late: nothing left to take, a wrong claim: the accused p0 scores what p1 claimed
    assert match.claim(1, 10) == 0
    assert match.scores == [10, 0, 10]


def test_muggins_wrong_claim_gives_the_accused_the_claimed_points():
    match = fixed("muggins", ["5|5 6|6", "5|0 2|2"])
    match.play(T(5, 5), -1, announced=10)  # announced right: nothing to claim
    assert match.scores == [10, 0]
    assert match.claim(1, 5) == 0  # wrong_claim: claimed_points -> p0 scores 5
    assert match.scores == [15, 0]


def test_muggins_claim_on_a_play_that_made_nothing_is_wrong():
    match = fixed("muggins", ["6|2 6|6", "5|0 2|2"])
    # lead 6|2: 8, no points; announcing 5 credits nothing and leaves nothing to claim
    record = match.play(T(6, 2), -1, announced=5)
    assert (record.points, record.credited) == (0, 0)
    assert match.hand.claimable is None
    assert match.claim(1, 10) == 0
    assert match.scores == [10, 0]  # the accused p0 scores the 10 claimed


def test_muggins_unannounced_points_expire_at_the_next_play():
    match = fixed("muggins", ["5|5 6|6", "5|0 2|2"])
    match.play(T(5, 5), -1)  # p0 makes 10, does not announce
    match.play(T(5, 0), at(match, DOUBLE, 5), announced=10)  # p1: 0 + 10 = 10, announced
    assert match.scores == [0, 10]
    # p0 now claims against p1's play, which was announced right: wrong claim, p1 scores 5 more
    assert match.claim(0, 5) == 0
    assert match.scores == [0, 15]


def test_muggins_partner_cannot_claim():
    base = load_rules("muggins")
    rules = replace(base, players=replace(base.players, partnerships_with_four=True))
    match = fixed(None, ["5|5 6|6", "5|0 2|2", "4|0 3|3", "1|0 1|1"], rules=rules)
    assert match.sides == (0, 1, 0, 1)
    match.play(T(5, 5), -1)  # p0: 10, not announced
    before = snapshot(match)
    with pytest.raises(IllegalPlayError):
        match.claim(2)  # p2 is p0's partner
    assert snapshot(match) == before
    assert match.claim(3) == 10  # p3 is an opponent: side 1 takes it
    assert match.scores == [0, 10]


def test_claim_is_refused_where_the_pack_has_no_muggins():
    match = fixed("dominos-cc", ["5|5 6|6", "5|0 2|2"])
    match.play(T(5, 5), -1)
    with pytest.raises(IllegalPlayError):
        match.claim(1)


def test_muggins_unannounced_points_of_the_last_play_of_a_hand_can_be_claimed():
    match = fixed("muggins", ["5|5", "5|0 1|1"])
    # p0 leads its last tile 5|5: 10 points, not announced; p0 goes out and collects p1's
    # 5 + 2 = 7 pips -> rounded 5
    match.play(T(5, 5), -1)
    assert match.scores == [5, 0]
    # RULES.md: unannounced points can be claimed by an opponent calling muggins
    assert match.claim(1) == 10
    assert match.scores == [5, 10]


def test_muggins_a_claim_that_reaches_the_target_ends_the_match():
    match = fixed("muggins", ["5|5 6|6", "5|0 1|1"])
    match.scores[:] = [0, 195]
    match.play(T(5, 5), -1)  # 10, not announced
    assert match.claim(1) == 10  # 195 + 10 = 205 >= 200 (two players)
    assert match.scores == [0, 205] and match.over and match.winner == 1
    with pytest.raises(IllegalPlayError):
        match.play(T(5, 0), 0, announced=10)


def test_muggins_a_match_won_by_a_claim_books_its_last_hand():
    match = fixed("muggins", ["5|5 6|6", "5|0 1|1"])
    match.scores[:] = [0, 195]
    booked = len(match.history)
    match.play(T(5, 5), -1)
    match.claim(1)
    assert match.over
    assert len(match.history) == booked + 1
    assert match.history[-1].result is None and match.history[-1].taken_from_play == (0, 10)


# ============================================================================ pagat-all-fives

def test_pagat_worked_hand_from_rules_md():
    # RULES.md's worked hand (sides first), played by two players in turn
    match = fixed("pagat-all-fives", ["1|4 4|4 2|1 5|5 1|3 6|6", "1|1 4|3 1|5 5|0 6|2"])
    steps = [
        (T(1, 4), None, 5, Counter({(PLAIN, 4): 1, (PLAIN, 1): 1})),
        (T(1, 1), (PLAIN, 1), 6, Counter({(PLAIN, 4): 1, (SPINNER, 1): 1})),
        (T(4, 4), (PLAIN, 4), 10, Counter({(DOUBLE, 4): 1, (SPINNER, 1): 1})),
        (T(4, 3), (DOUBLE, 4), 5, Counter({(PLAIN, 3): 1, (SPINNER, 1): 1})),
        (T(2, 1), (SPINNER, 1), 5, Counter({(PLAIN, 3): 1, (PLAIN, 2): 1, (ARM, 1): 2})),
        (T(1, 5), (ARM, 1), 10, Counter({(PLAIN, 3): 1, (PLAIN, 2): 1, (PLAIN, 5): 1, (ARM, 1): 1})),
        (T(5, 5), (PLAIN, 5), 15, Counter({(PLAIN, 3): 1, (PLAIN, 2): 1, (DOUBLE, 5): 1, (ARM, 1): 1})),
        (T(5, 0), (DOUBLE, 5), 5, Counter({(PLAIN, 3): 1, (PLAIN, 2): 1, (PLAIN, 0): 1, (ARM, 1): 1})),
        (T(1, 3), (ARM, 1), 8, Counter({(PLAIN, 3): 2, (PLAIN, 2): 1, (PLAIN, 0): 1})),
    ]
    for tile, where, total, after in steps:
        index = -1 if where is None else at(match, *where)
        record = match.play(tile, index)
        assert record.total == total, tile
        assert record.points == (total if total % 5 == 0 else 0)
        assert ends(match) == after, tile
    # p0 made 5 + 10 + 5 + 15 + 0 = 35, p1 0 + 5 + 10 + 5 = 20
    assert match.scores == [35, 20]


def test_pagat_blocked_three_player_tie_splits_the_third_players_points():
    match = fixed("pagat-all-fives", ["6|6 2|1", "3|0", "5|4 5|5"])
    # p0 leads 6|6 (12, no points); nobody holds another 6 and the boneyard is empty: all pass
    match.play(T(6, 6), -1)
    for _ in range(3):
        match.pass_turn()
    result = match.history[-1].result
    assert result.kind == "blocked"
    assert result.pips == (3, 3, 9 + 10)
    # p0 and p1 tie lowest with 3 pips each; they split p2's 19 pips -> rounded 20 -> 10 each
    assert set(result.winners) == {0, 1}
    assert result.points == (10, 10)
    assert match.scores == [10, 10, 0]


def test_pagat_blocked_three_player_split_of_an_odd_share():
    match = fixed("pagat-all-fives", ["6|6 2|1", "3|0", "5|4 5|5 4|0"])
    match.play(T(6, 6), -1)
    for _ in range(3):
        match.pass_turn()
    result = match.history[-1].result
    # p2 holds 9 + 10 + 4 = 23 -> rounded 25 (remainder 3 rounds up); split two ways: 12.5, in whole
    # pips 12 (no side gets more than its half), rounded to the nearest five (remainder 2 down) -> 10 each
    assert result.pips == (3, 3, 23)
    assert result.points == (10, 10)
    assert match.scores == [10, 10, 0]


def test_pagat_blocked_three_player_single_lowest_takes_the_others_combined():
    match = fixed("pagat-all-fives", ["6|6 1|0", "3|0", "5|4 2|2"])
    match.play(T(6, 6), -1)
    for _ in range(3):
        match.pass_turn()
    result = match.history[-1].result
    # p0 holds 1, lowest alone: takes p1's 3 + p2's 13 = 16 combined -> rounded 15
    assert result.winners == (0,) and result.points == (15,)
    assert match.scores == [15, 0, 0]


def test_pagat_blocked_three_player_three_way_tie_scores_nothing():
    match = fixed("pagat-all-fives", ["6|6 2|1", "3|0", "1|0 2|0"])
    match.play(T(6, 6), -1)
    for _ in range(3):
        match.pass_turn()
    result = match.history[-1].result
    assert result.pips == (3, 3, 3)
    assert result.winners == () and match.scores == [0, 0, 0]


def test_pagat_blocked_two_player_tie_scores_nothing():
    match = fixed("pagat-all-fives", ["6|6 3|0", "2|1 0|0"])
    match.play(T(6, 6), -1)  # 12: no points
    match.pass_turn()
    match.pass_turn()
    result = match.history[-1].result
    # 3 pips each (even with 2 tiles against 1: fewer tiles does not decide here): nobody scores
    assert result.kind == "blocked" and result.pips == (3, 3)
    assert result.winners == ()
    assert match.scores == [0, 0]


@pytest.mark.parametrize("held, collected", [
    ("6|6", 10),      # 12 -> 10 (remainder 2 down)
    ("6|5 2|0", 15),  # 13 -> 15 (remainder 3 up)
    ("4|3", 5),       # 7 -> 5
    ("4|4", 10),      # 8 -> 10
])
def test_pagat_two_player_domino_collects_rounded(held, collected):
    match = fixed("pagat-all-fives", ["2|1", held])
    match.play(T(2, 1), -1)  # 3: no points, p0 is out
    assert match.history[-1].result.points == (collected,)
    assert match.scores == [collected, 0]


def test_pagat_combined_rounding_of_the_opponents_pips():
    match = fixed("pagat-all-fives", ["2|1", "4|3", "4|2"])
    match.play(T(2, 1), -1)
    # p1 7 + p2 6 = 13 -> 15 combined (one by one it would be 5 + 5 = 10)
    assert match.history[-1].result.points == (15,)
    assert match.scores == [15, 0, 0]


def test_pagat_later_hands_are_led_by_whoever_went_out():
    rules = load_rules("pagat-all-fives")
    match = Match(rules, 3, seed=11)
    match.hand = Hand(rules, [H("6|1 0|0"), H("1|2"), H("3|3 4|4")], [], 0, None, match.sides)
    match.play(T(6, 1), -1)
    match.play(T(1, 2), at(match, PLAIN, 1))  # p1 goes out
    assert match.history[-1].result.domino_player == 1
    assert match.hand.leader == 1 and match.hand.turn == 1
    assert match.hand.lead_tile is None  # any tile may lead
    assert len(match.hand.options()) == 7  # all 7 tiles of p1


def test_pagat_after_a_blocked_hand_the_leader_is_drawn_by_lot():
    rules = load_rules("pagat-all-fives")
    match = Match(rules, 3, rng=StackedDeck("", lot=0))
    deck = match.rng
    match.hand = Hand(rules, [H("6|6 2|1"), H("3|0"), H("5|4 5|5")], [], 0, None, match.sides)
    deck.lot = 2  # the lot falls on p2
    match.play(T(6, 6), -1)
    for _ in range(3):
        match.pass_turn()
    assert match.hand.leader == 2 and match.hand.lead_tile is None


def test_pagat_partnerships_score_as_a_team():
    match = fixed("pagat-all-fives", ["0|0 6|6", "4|3 1|1", "5|0", "4|2 2|2"], leader=2)
    assert match.sides == (0, 1, 0, 1)
    # p2 leads its last tile 5|0: 5 points for side 0; it collects the opponents' pips only:
    # p1 7 + 2 = 9 and p3 6 + 4 = 10, combined 19 -> 20 (the partner p0's 12 are not collected)
    match.play(T(5, 0), -1)
    result = match.history[-1].result
    assert result.winners == (0,) and result.points == (20,)
    assert match.scores == [5 + 20, 0]


def test_pagat_partnerships_blocked_hand_compares_team_totals():
    match = fixed("pagat-all-fives", ["6|6 2|1", "1|0", "3|1", "5|3"])
    match.play(T(6, 6), -1)  # 12: no points; nobody else holds a 6
    for _ in range(4):
        match.pass_turn()
    result = match.history[-1].result
    assert result.kind == "blocked"
    # team 0: p0 3 + p2 4 = 7; team 1: p1 1 + p3 8 = 9. p1 holds the fewest alone, but team 0 has
    # fewer: it wins and takes team 1's 9 -> rounded 10
    assert result.winners == (0,) and result.points == (10,)
    assert match.scores == [10, 0]


def test_pagat_partnerships_blocked_team_with_the_fewest_takes_the_other_teams_pips():
    match = fixed("pagat-all-fives", ["6|6 2|1", "1|0", "3|1", "2|0"])
    match.play(T(6, 6), -1)
    for _ in range(4):
        match.pass_turn()
    # team 0: p0 3 + p2 4 = 7; team 1: p1 1 + p3 2 = 3: team 1 wins and takes 7 -> rounded 5
    result = match.history[-1].result
    assert result.winners == (1,) and result.points == (5,)
    assert match.scores == [0, 5]


def test_pagat_partnerships_blocked_team_tie_scores_nothing():
    match = fixed("pagat-all-fives", ["6|6 2|1", "1|0", "3|1", "3|3"])
    match.play(T(6, 6), -1)
    for _ in range(4):
        match.pass_turn()
    # team 0: 3 + 4 = 7; team 1: 1 + 6 = 7: equal lowest with four players: nobody scores
    result = match.history[-1].result
    assert result.winners == () and match.scores == [0, 0]


# ============================================================================ dominos-cc

def test_dominos_cc_the_highest_double_leads():
    # deal order: p0's 7 tiles, then p1's 7, then the boneyard; p0 holds 3|3, p1 holds 5|5 and 1|1
    order = "6|5 6|4 5|4 3|3 2|1 1|0 4|2  5|5 6|3 1|1 6|2 5|3 4|3 4|1"
    match = Match(load_rules("dominos-cc"), 2, rng=StackedDeck(order))
    hand = match.hand
    assert hand.hands[0] == H("6|5 6|4 5|4 3|3 2|1 1|0 4|2")
    assert hand.leader == 1 and hand.turn == 1 and hand.lead_tile == T(5, 5)
    assert hand.options() == [(T(5, 5), -1, 10)]  # lead 5|5 alone: 10
    with pytest.raises(IllegalPlayError):
        match.play(T(6, 3), -1)  # any other tile is refused
    assert match.play(T(5, 5), -1).credited == 10  # the lead scores
    assert match.scores == [0, 10]


def test_dominos_cc_with_no_double_dealt_the_heaviest_tile_leads():
    # 14 tiles without a double; the heaviest is 6|5 (11 pips), dealt to p1
    order = "6|4 5|4 6|3 2|1 1|0 4|2 5|3  6|2 6|5 4|3 4|1 5|2 3|2 6|1"
    match = Match(load_rules("dominos-cc"), 2, rng=StackedDeck(order))
    hand = match.hand
    assert not any(t.is_double for h in hand.hands for t in h)
    assert hand.leader == 1 and hand.lead_tile == T(6, 5)
    assert hand.options() == [(T(6, 5), -1, 0)]  # 6 + 5 = 11: no points


def test_heaviest_double_or_tile():
    # the highest double wins over any heavier plain tile
    assert heaviest_double_or_tile([H("6|5 1|1"), H("4|4 6|4")]) == (1, T(4, 4))
    assert heaviest_double_or_tile([H("0|0 6|5"), H("6|4")]) == (0, T(0, 0))
    # no double: most pips; 6|5 (11) beats 6|4 and 5|4
    assert heaviest_double_or_tile([H("6|4 3|2"), H("5|4 6|5")]) == (1, T(6, 5))
    # equal pips (9): the tile with the higher half, 6|3 over 5|4
    assert heaviest_double_or_tile([H("5|4"), H("6|3")]) == (1, T(6, 3))


def test_dominos_cc_three_players_highest_double_leads():
    order = "6|5 1|1 5|4 2|1 1|0 4|2  6|6 6|3 6|2 5|3 4|3 4|1  3|3 0|0 5|0 3|0 2|0 3|2"
    match = Match(load_rules("dominos-cc"), 3, rng=StackedDeck(order))
    assert match.hand.leader == 1 and match.hand.lead_tile == T(6, 6)


def test_dominos_cc_must_play_if_able():
    match = fixed("dominos-cc", ["6|6 3|3", "6|2 2|1"], boneyard="5|0 4|0", lead_tile=T(6, 6))
    match.play(T(6, 6), -1)
    before = snapshot(match)
    assert not match.hand.can_draw()
    with pytest.raises(IllegalPlayError):
        match.draw()  # p1 holds 6|2, which fits
    with pytest.raises(IllegalPlayError):
        match.pass_turn()
    assert snapshot(match) == before


def test_dominos_cc_draws_until_a_tile_fits():
    match = fixed("dominos-cc", ["6|6 3|3", "2|1 3|2"], boneyard="5|5 6|2 4|0 3|1", lead_tile=T(6, 6))
    assert match.play(T(6, 6), -1).total == 12  # lone spinner lead: 12, no points
    hand = match.hand
    # p1 holds no 6: may not pass while the boneyard has tiles, must draw (from the boneyard's end)
    with pytest.raises(IllegalPlayError):
        match.pass_turn()
    assert match.draw() == T(3, 1)  # no 6: draw again
    assert match.draw() == T(4, 0)
    assert match.draw() == T(6, 2)  # fits: no more drawing
    assert hand.boneyard == H("5|5")
    with pytest.raises(IllegalPlayError):
        match.draw()
    with pytest.raises(IllegalPlayError):
        match.pass_turn()
    # 6|2 on the spinner's side: 2 + 12 (one side still empty) = 14 -> 0; its arms open at once
    record = match.play(T(6, 2), at(match, SPINNER, 6))
    assert (record.total, record.points) == (14, 0)
    assert ends(match) == Counter({(PLAIN, 2): 1, (SPINNER, 6): 1, (ARM, 6): 2})
    assert hand.hands[1] == H("2|1 3|2 3|1 4|0")


def test_dominos_cc_passes_only_when_the_boneyard_is_empty():
    match = fixed("dominos-cc", ["6|6 3|3", "2|1 3|2"], boneyard="4|0 3|1", lead_tile=T(6, 6))
    match.play(T(6, 6), -1)
    match.draw()
    assert not match.hand.can_pass()
    match.draw()  # the boneyard is empty now and nothing fits
    assert match.hand.boneyard == [] and not match.hand.can_draw()
    match.pass_turn()
    assert match.hand.turn == 0


def test_dominos_cc_blocked_fewest_pips_wins_and_collects_rounded():
    match = fixed("dominos-cc", ["6|6 3|2", "4|4"], lead_tile=T(6, 6))
    match.play(T(6, 6), -1)
    match.pass_turn()
    match.pass_turn()
    result = match.history[-1].result
    # p0 holds 5, p1 holds 8: p0 wins and collects 8 -> rounded 10
    assert result.kind == "blocked" and result.winners == (0,) and result.points == (10,)
    assert match.scores == [10, 0]


def test_dominos_cc_blocked_equal_pips_fewer_tiles_wins():
    match = fixed("dominos-cc", ["6|6 3|2", "2|1 1|1"], lead_tile=T(6, 6))
    match.play(T(6, 6), -1)
    match.pass_turn()
    match.pass_turn()
    result = match.history[-1].result
    # 5 pips each: p0 holds 1 tile, p1 2 tiles: p0 wins, collects 5 -> 5
    assert result.pips == (5, 5)
    assert result.winners == (0,) and result.points == (5,)
    assert match.scores == [5, 0]


def test_dominos_cc_blocked_equal_pips_and_tiles_nobody_scores():
    match = fixed("dominos-cc", ["6|6 3|2", "4|1"], lead_tile=T(6, 6))
    match.play(T(6, 6), -1)
    match.pass_turn()
    match.pass_turn()
    assert match.history[-1].result.winners == ()
    assert match.scores == [0, 0]


def test_dominos_cc_each_opponent_rounded_separately():
    match = fixed("dominos-cc", ["2|1", "6|4 3|0", "6|2 4|0"])
    match.play(T(2, 1), -1)  # 3: no points; p0 is out
    # p1 13 -> 15, p2 12 -> 10: 25
    assert match.history[-1].result.points == (25,)
    assert match.scores == [25, 0, 0]
    match = fixed("dominos-cc", ["2|1", "6|4 3|0", "5|4 4|0"])
    match.play(T(2, 1), -1)
    # p1 13 -> 15, p2 13 -> 15: 30 (combined 26 would round to 25)
    assert match.history[-1].result.points == (30,)


def test_dominos_cc_blocked_three_players_winner_collects_from_each():
    match = fixed("dominos-cc", ["6|6 1|0", "4|3", "4|4 2|0"], lead_tile=T(6, 6))
    match.play(T(6, 6), -1)
    for _ in range(3):
        match.pass_turn()
    # p0 1 pip wins; p1 7 -> 5, p2 10 -> 10: 15
    result = match.history[-1].result
    assert result.winners == (0,) and result.points == (15,)


def test_dominos_cc_match_ends_the_moment_a_side_reaches_150():
    match = fixed("dominos-cc", ["5|5 6|6", "5|0 1|1"], lead_tile=T(5, 5))
    match.scores[:] = [140, 0]
    match.play(T(5, 5), -1)  # 10: 140 + 10 = 150
    assert match.scores == [150, 0]
    assert match.over and match.winner == 0
    before = snapshot(match)
    with pytest.raises(IllegalPlayError):
        match.play(T(5, 0), at(match, SPINNER, 5))
    with pytest.raises(IllegalPlayError):
        match.draw()
    with pytest.raises(IllegalPlayError):
        match.pass_turn()
    assert snapshot(match) == before


def test_dominos_cc_below_150_the_match_goes_on():
    match = fixed("dominos-cc", ["5|5 6|6", "5|0 1|1"], lead_tile=T(5, 5))
    match.scores[:] = [139, 0]
    match.play(T(5, 5), -1)  # 149
    assert match.scores == [149, 0]
    assert not match.over and match.winner is None
    match.play(T(5, 0), at(match, SPINNER, 5))  # p1: 0 + 10 = 10
    assert match.scores == [149, 10]


def test_dominos_cc_match_won_by_the_hand_end_award():
    match = fixed("dominos-cc", ["2|1", "6|4 3|0"])
    match.scores[:] = [140, 0]
    hands_before = len(match.history)
    match.play(T(2, 1), -1)  # 3: none; out: p1's 13 -> 15: 155
    assert match.scores == [155, 0] and match.winner == 0
    assert len(match.history) == hands_before + 1
    assert match.hand.over  # no new hand is dealt after the match is won
    with pytest.raises(IllegalPlayError):
        match.draw()


# ============================================================================ house rules

def test_house_rules_the_last_two_boneyard_tiles_are_never_drawn():
    rules = load_rules(HOUSE_RULES)
    match = fixed(None, ["6|6 3|3", "2|1 3|2"], boneyard="5|0 4|0 3|1", lead_tile=T(6, 6), rules=rules)
    match.play(T(6, 6), -1)
    hand = match.hand
    # three tiles, two of which stay: p1 may draw one
    assert hand.can_draw() and not hand.can_pass()
    assert match.draw() == T(3, 1)
    # 3|1 does not fit; two tiles left and both stay: no drawing, p1 passes
    assert hand.boneyard == H("5|0 4|0")
    assert not hand.can_draw()
    with pytest.raises(IllegalPlayError):
        match.draw()
    assert hand.can_pass()
    match.pass_turn()
    assert hand.turn == 0 and hand.boneyard == H("5|0 4|0")


def test_house_rules_blocked_with_two_tiles_in_the_boneyard():
    rules = load_rules(HOUSE_RULES)
    match = fixed(None, ["6|6 3|2", "4|4"], boneyard="5|0 4|0", lead_tile=T(6, 6), rules=rules)
    match.play(T(6, 6), -1)
    match.pass_turn()
    match.pass_turn()
    result = match.history[-1].result
    assert result.kind == "blocked" and result.winners == (0,) and result.points == (10,)  # 8 -> 10


# ============================================================================ illegal actions change nothing

def _started(pack):
    """p0 has led 6|6 (the forced lead where the pack has one); p1 holds 6|2, which fits."""
    match = fixed(pack, ["6|6 2|0 0|0", "6|2 1|0 3|1"], boneyard="5|0 4|0", lead_tile=T(6, 6))
    match.play(T(6, 6), -1, announced=0)
    return match


@pytest.mark.parametrize("pack", PACKS)
@pytest.mark.parametrize("action", [
    "not_in_hand", "does_not_fit", "bad_index", "lead_slot_on_a_started_table", "pass_while_able",
    "draw_while_able",
])
def test_illegal_action_raises_and_changes_nothing(pack, action):
    match = _started(pack)
    before = snapshot(match)
    with pytest.raises(IllegalPlayError):
        if action == "not_in_hand":
            match.play(T(2, 0), 0)  # p0's tile, p1 to move
        elif action == "does_not_fit":
            match.play(T(1, 0), 0)  # p1's tile, no 6
        elif action == "bad_index":
            match.play(T(6, 2), 9)
        elif action == "lead_slot_on_a_started_table":
            match.play(T(6, 2), -1)
        elif action == "pass_while_able":
            match.pass_turn()
        elif action == "draw_while_able":
            match.draw()
    assert snapshot(match) == before


@pytest.mark.parametrize("pack", PACKS)
def test_illegal_lead_on_an_end_index_changes_nothing(pack):
    match = fixed(pack, ["6|6 2|0", "6|2 1|0"])
    before = snapshot(match)
    with pytest.raises(IllegalPlayError):
        match.play(T(6, 6), 0)  # the table is empty: the lead goes at -1
    assert snapshot(match) == before


@pytest.mark.parametrize("pack", ["dominos-cc", "muggins"])
def test_wrong_lead_tile_when_the_lead_is_forced_changes_nothing(pack):
    # both packs: the holder of the highest double leads it
    order = "6|6 6|5 5|4 3|3 2|1 1|0 4|2  5|5 6|3 1|1 6|2 5|3 4|3 4|1"
    match = Match(load_rules(pack), 2, rng=StackedDeck(order))
    assert match.hand.leader == 0 and match.hand.lead_tile == T(6, 6)
    before = snapshot(match)
    with pytest.raises(IllegalPlayError):
        match.play(T(3, 3), -1)
    with pytest.raises(IllegalPlayError):
        match.play(T(6, 5), -1)
    assert snapshot(match) == before


def test_illegal_play_in_a_finished_hand_is_refused():
    rules = load_rules("dominos-cc")
    hand = Hand(rules, [H("2|1"), H("6|4")], [], 0)
    hand.play(T(2, 1), -1)
    assert hand.over
    for action in (lambda: hand.play(T(6, 4), 0), hand.draw, hand.pass_turn):
        with pytest.raises(IllegalPlayError):
            action()
