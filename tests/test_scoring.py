"""Counting and scoring: open-end totals, points per pack, and the hand-end collection.

Every expected value is worked by hand from RULES.md in a comment beside it. Rule
variants that no built-in pack has yet are built with ``dataclasses.replace`` on
``load_rules("dominos-cc")`` (``_replace`` should the rule classes be NamedTuples).
"""

from __future__ import annotations

import dataclasses

import pytest

from fives_tutor import Position, Tile, load_rules, parse_play
from fives_tutor.core.rules import HandEndRules, ScoringRules
from fives_tutor.core.scoring import collect, count_position


@pytest.fixture(scope="module")
def cc():
    return load_rules("dominos-cc")


@pytest.fixture(scope="module")
def pagat():
    return load_rules("pagat-all-fives")


def replace(value, **changes):
    """``dataclasses.replace`` for the rule classes (``_replace`` should they be NamedTuples)."""
    if dataclasses.is_dataclass(value):
        return dataclasses.replace(value, **changes)
    return value._replace(**changes)


def with_hand_end(rules, **changes):
    return replace(rules, hand_end=replace(rules.hand_end, **changes))


def with_scoring(rules, **changes):
    return replace(rules, scoring=ScoringRules(**{"divisors": rules.scoring.divisors,
                                                  "points": rules.scoring.points, **changes}))


# --------------------------------------------------------------------------- open-end totals

@pytest.mark.parametrize("text, total", [
    ("5 3", 5 + 3),                         # plain ends count their pips
    ("6 4|4", 6 + 4 + 4),                   # a crosswise double counts both halves: 14
    ("4|4 6", 4 + 4 + 6),
    ("3 5|5*", 3 + 5 + 5),                  # the spinner with a side empty counts both halves
    ("3 2 5* 5*", 3 + 2 + 0 + 0),           # empty arms count nothing
    ("3 5|5* 2 5*", 3 + 10 + 2 + 0),        # 15
    ("3 2 0 3", 3 + 2 + 0 + 3),
    ("4|1", 4 + 1),                         # a lone lead counts both halves once
    ("5|5", 5 + 5),                         # a lone double lead counts 10
    ("5|5*", 5 + 5),
    ("0|0", 0),
    ("6|6 5|5 4|4 5", 12 + 10 + 8 + 5),     # the largest single score: 35
    ("6|6 5|5 4|4 6", 12 + 10 + 8 + 6),     # 36: not a multiple of five
    ("-", 0),
])
def test_open_end_total(cc, text, total):
    position = Position.parse(text)
    assert position.total() == total
    assert position.total(cc) == total


@pytest.mark.parametrize("text, points", [
    ("5 3", 0),                 # 8
    ("5 0", 5),                 # 5
    ("6 4", 10),                # 10
    ("6 4|4", 0),               # 14
    ("1 4|4", 0),               # 1 + 8 = 9
    ("2 4|4", 10),              # 2 + 8 = 10
    ("3 5|5* 2 5*", 15),        # 3 + 10 + 2 + 0 = 15
    ("6|6 5|5 4|4 5", 35),      # 12 + 10 + 8 + 5 = 35
    ("0 0", 0),                 # 0 is not a positive multiple of five
    ("-", 0),
    ("5|5*", 10),               # the lead 5|5 scores 10
    ("4|1", 5),
])
def test_points_all_fives(cc, pagat, text, points):
    for rules in (cc, pagat):
        assert count_position(Position.parse(text), rules).points == points


def test_count_terms(cc):
    # dominos-cc 3 5|5* 2 5* is 3 + 10 + 2 + 0 = 15
    count = count_position(Position.parse("3 5|5* 2 5*", cc), cc)
    assert [(str(t.end), t.count) for t in count.terms] == [("3", 3), ("5|5*", 10), ("2", 2), ("5*", 0)]
    assert count.total == 15 and count.points == 15


def test_largest_single_score(cc):
    # 6|6, 5|5 and 4|4 end three arms (12 + 10 + 8) and a 5 shows on the fourth: 35
    count = count_position(Position.parse("6|6 5|5 4|4 5", cc), cc)
    assert [t.count for t in count.terms] == [12, 10, 8, 5]
    assert count.total == 35 and count.points == 35


def test_largest_single_score_played(cc):
    # the last of those doubles played: 6|6 on a 6 of 6 5|5 4|4 5: 12 + 10 + 8 + 5 = 35
    play = parse_play("6|6@6", Position.parse("6 5|5 4|4 5", cc), cc)
    assert str(play.after) == "6|6 5|5 4|4 5"
    assert play.total == 35 and play.points == 35


def test_a_double_on_a_spinner_arm_counts_both_halves(cc):
    # dominos-cc 3 5|5* 2 5*: 5|5 is on the table; 2|2 on the 2 gives 3 + 10 + 4 + 0 = 17
    play = parse_play("2|2@2", Position.parse("3 5|5* 2 5*", cc), cc)
    assert str(play.after) == "3 5|5* 2|2 5*" and play.total == 17 and play.points == 0


def test_the_spinner_stops_counting_once_both_sides_hold_a_tile(cc, pagat):
    # pagat 3 5|5*: 5|2 on its other side: 3 + 2 + 0 + 0 = 5 (the 5|5 no longer counts)
    assert parse_play("5|2", Position.parse("3 5|5*", pagat), pagat).total == 5
    # dominos-cc 3 5|5* 2 5*: 5|1 on its side: 3 + 1 + 2 + 0 = 6
    play = parse_play("5|1@5|5*", Position.parse("3 5|5* 2 5*", cc), cc)
    assert str(play.after) == "3 1 2 5*" and play.total == 6


def test_the_lead_scores(cc, pagat):
    # 5|5 leads for 10; 4|1 leads for 5; 6|4 leads for 10; 6|6 (12) scores nothing
    for rules in (cc, pagat):
        assert parse_play("5|5", Position(), rules).points == 10
        assert parse_play("4|1", Position(), rules).points == 5
        assert parse_play("6|4", Position(), rules).points == 10
        assert parse_play("6|6", Position(), rules).points == 0


def test_the_lead_does_not_score_where_the_pack_says_so(cc):
    rules = replace(cc, lead=replace(cc.lead, scores=False))
    play = parse_play("5|5", Position(), rules)
    assert play.total == 10 and play.points == 0
    # later plays still score: 5|5* then 5|0 gives 0 + 10 + 0 + 0 = 10
    assert parse_play("5|0", play.after, rules).points == 10


def test_lone_spinner_counting_one_half(cc):
    rules = replace(cc, spinner=replace(cc.spinner, lone_counts="one_half"))
    # the minority reading: a lone spinner counts its number once: 5|5 counts 5
    assert Position.parse("5|5*", rules).total(rules) == 5
    assert parse_play("5|5", Position(), rules).points == 5
    # a lone non-double and a spinner in the line are not affected: 4 + 1; 3 + 10 + 0 + 0
    assert Position.parse("4|1", rules).total(rules) == 5
    assert Position.parse("3 5|5* 5* 5*", rules).total(rules) == 13


# --------------------------------------------------------------------------- points per pack

FIVES_AND_THREES = [
    # total, worked points: total/5 if divisible + total/3 if divisible
    (15, 3 + 5),
    (9, 0 + 3),
    (10, 2 + 0),
    (6, 0 + 2),
    (12, 0 + 4),
    (18, 0 + 6),
    (20, 4 + 0),
    (3, 0 + 1),
    (5, 1 + 0),
    (30, 6 + 10),
    (25, 5 + 0),
    (21, 0 + 7),
    (7, 0),
    (8, 0),
    (11, 0),
    (0, 0),
]


@pytest.mark.parametrize("total, points", FIVES_AND_THREES, ids=[f"{t}->{p}" for t, p in FIVES_AND_THREES])
def test_fives_and_threes(total, points):
    assert ScoringRules(divisors=(5, 3), points="quotient").points_for(total) == points


def test_fives_and_threes_on_a_position(cc):
    rules = with_scoring(cc, divisors=(5, 3), points="quotient")
    # 6 3: 9 -> 3 points; 3 5|5* 2 5*: 15 -> 3 + 5 = 8; 6 4|4: 14 -> 0
    assert count_position(Position.parse("6 3"), rules).points == 3
    assert count_position(Position.parse("3 5|5* 2 5*"), rules).points == 8
    assert count_position(Position.parse("6 4|4"), rules).points == 0
    # a play: 5 3 and 3|1 on the 3: 5 + 1 = 6 -> 2 points
    play = parse_play("3|1@3", Position.parse("5 3"), rules)
    assert play.total == 6 and play.points == 2


ONE_PER_FIVE = [(5, 1), (10, 2), (15, 3), (20, 4), (35, 7), (4, 0), (11, 0), (0, 0)]


@pytest.mark.parametrize("total, points", ONE_PER_FIVE, ids=[f"{t}->{p}" for t, p in ONE_PER_FIVE])
def test_one_point_per_five(total, points):
    assert ScoringRules(divisors=(5,), points="quotient").points_for(total) == points


def test_one_point_per_five_on_a_position(cc):
    rules = with_scoring(cc, divisors=(5,), points="quotient")
    # 35 is seven fives
    assert count_position(Position.parse("6|6 5|5 4|4 5"), rules).points == 7
    assert parse_play("5|5", Position(), rules).points == 2


@pytest.mark.parametrize("total, points", [(5, 5), (10, 10), (15, 15), (35, 35), (4, 0), (11, 0), (0, 0)])
def test_raw_points(total, points):
    assert ScoringRules(divisors=(5,), points="total").points_for(total) == points


# --------------------------------------------------------------------------- hand end

@pytest.mark.parametrize("pips, rounded", [
    (10, 10), (11, 10), (12, 10),   # remainder 1 or 2 rounds down
    (13, 15), (14, 15), (15, 15),   # remainder 3 or 4 rounds up
    (0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5),
    (7, 5), (8, 10), (22, 20), (23, 25),
])
def test_rounding_nearest_five(pips, rounded):
    assert HandEndRules(rounding="nearest_five").round_pips(pips) == rounded


@pytest.mark.parametrize("rounding, pips, rounded", [
    ("down", 14, 10), ("down", 11, 10), ("down", 15, 15), ("down", 4, 0),
    ("up", 11, 15), ("up", 14, 15), ("up", 15, 15), ("up", 1, 5), ("up", 0, 0),
    ("none", 13, 13), ("none", 11, 11), ("none", 0, 0),
])
def test_rounding_other_ways(rounding, pips, rounded):
    assert HandEndRules(rounding=rounding).round_pips(pips) == rounded


@pytest.mark.parametrize("rounding, opponents, points", [
    ("nearest_five", [13], 15),
    ("nearest_five", [12], 10),
    ("down", [14], 10),
    ("up", [11], 15),
    ("none", [13], 13),
    ("nearest_five", [13, 12], 15 + 10),
    ("down", [13, 12], 10 + 10),
    ("up", [13, 12], 15 + 15),
    ("none", [13, 12], 13 + 12),
])
def test_collect_with_each_rounding(cc, rounding, opponents, points):
    rules = with_hand_end(cc, rounding=rounding)
    assert collect(opponents, rules).points == points


@pytest.mark.parametrize("opponents, each, combined", [
    ([3, 3], 5 + 5, 5),           # each 3 rounds up to 5; combined 6 rounds down to 5
    ([2, 2, 2], 0 + 0 + 0, 5),    # each 2 rounds down to 0; combined 6 rounds to 5
    ([11, 11], 10 + 10, 20),      # 22 rounds down to 20
    ([13, 12], 15 + 10, 25),      # 25 either way
    ([7, 8], 5 + 10, 15),
    ([4, 4, 4], 5 + 5 + 5, 10),   # 12 rounds down to 10
    ([], 0, 0),
])
def test_each_opponent_versus_combined(cc, opponents, each, combined):
    each_rules = with_hand_end(cc, collect="each_opponent")
    combined_rules = with_hand_end(cc, collect="combined")
    result = collect(opponents, each_rules)
    assert result.points == each and result.collected_pips == each
    assert result.combined_pips == sum(opponents)
    assert collect(opponents, combined_rules).points == combined


def test_each_opponent_lists_each_rounded(cc):
    result = collect([13, 12, 4], cc)
    # 13 -> 15, 12 -> 10, 4 -> 5
    assert [(o.pips, o.rounded) for o in result.opponents] == [(13, 15), (12, 10), (4, 5)]
    assert result.points == 30


def test_built_in_collection_modes(cc, pagat):
    # Dominos.cc rounds each opponent: 3 -> 5 and 3 -> 5 = 10; pagat adds first: 6 -> 5
    assert collect([3, 3], cc).points == 10
    assert collect([3, 3], pagat).points == 5


def test_collect_none(cc):
    assert collect([13, 12], with_hand_end(cc, collect="none")).points == 0


@pytest.mark.parametrize("collect_mode, rounding, opponents, winner, points", [
    # no rounding: combined, 13 + 9 - 6 = 16; each opponent pays the difference (docs/packs.md),
    # (13 - 6) + (9 - 6) = 7 + 3 = 10
    ("each_opponent", "none", [13, 9], 6, 10),
    ("combined", "none", [13, 9], 6, 16),
    # 20 - 5 = 15 (nothing to round)
    ("combined", "nearest_five", [20], 5, 15),
    ("each_opponent", "nearest_five", [20], 5, 15),
    # the winner holds no pips: nothing is taken off
    ("combined", "nearest_five", [13], 0, 15),
])
def test_subtract_winner_pips(cc, collect_mode, rounding, opponents, winner, points):
    rules = with_hand_end(cc, collect=collect_mode, rounding=rounding, subtract_winner_pips=True)
    assert collect(opponents, rules, winner_pips=winner).points == points
    # without the house rule the winner's own pips do not matter
    plain = with_hand_end(cc, collect=collect_mode, rounding=rounding, subtract_winner_pips=False)
    assert collect(opponents, plain, winner_pips=winner).points == collect(opponents, plain).points


def test_subtract_winner_pips_never_below_zero(cc):
    # 5 - 12 would be negative: the winner takes nothing, and never loses points
    rules = with_hand_end(cc, rounding="none", subtract_winner_pips=True)
    assert collect([5], rules, winner_pips=12).points == 0


def test_double_in_hand(cc):
    hand = [Tile(6, 6), Tile(5, 3), Tile(0, 0), Tile(2, 1)]
    # both halves: 12 + 8 + 0 + 3 = 23
    assert cc.hand_end.hand_pips(hand) == 23
    # one half: 6 + 8 + 0 + 3 = 17
    one_half = with_hand_end(cc, double_in_hand="one_half")
    assert one_half.hand_end.hand_pips(hand) == 17
    # then collected: 17 rounds to 15 (remainder 2 down), 23 rounds to 25
    assert collect([one_half.hand_end.hand_pips(hand)], one_half).points == 15
    assert collect([cc.hand_end.hand_pips(hand)], cc).points == 25


def test_chip_out_bonus(cc):
    rules = with_hand_end(cc, chip_out_bonus=1)
    # going out: 13 rounds to 15, plus 1 for chipping out
    assert collect([13], rules, domino=True).points == 15 + 1
    # a blocked hand: no bonus
    assert collect([13], rules, domino=False).points == 15
    # the built-in packs give no bonus
    assert collect([13], cc, domino=True).points == 15


def test_points_per_five_at_hand_end(cc):
    rules = with_hand_end(cc, points="per_five")
    # 13 -> 15 and 12 -> 10: 25 pips is 5 points
    assert collect([13, 12], rules).points == 5
    # with a chip-out bonus of 1 (Fives and Threes): 25 pips -> 5 points + 1
    assert collect([13, 12], with_hand_end(cc, points="per_five", chip_out_bonus=1)).points == 6
