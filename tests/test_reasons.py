"""Reasons that are facts (engine/reasons.py): for every kind of reason a hand-worked
position where it is true (its figures worked out by hand in the comments) and one where
it is false, checked with the predicate; and the words each is said in.

Most positions share one small world (dominos-cc, double-six): every tile but eight
unseen ones and your two is played, so the replies can be counted by hand. The unseen
tiles are 4|0, 4|5, 1|0, 3|3, 6|6, 3|6, 1|1 and 6|1; the ends are 5 and 2 and you hold
2|4 and 2|1; the next player holds 2 tiles.

* 2|4 on the 2 leaves 5 4 (9, no score). A reply scores when the other end plus the new
  one is a multiple of five: on the 4, 4|0 leaves 5 + 0 = 5 (5 points) and 4|5 leaves
  5 + 5 = 10 (10 points); on the 5 nothing unseen fits but 4|5 (4 + 4 = 8). No other
  unseen tile shows a 5 or a 4.
* 2|1 on the 2 leaves 5 1 (6, no score): 4|5 on the 5 leaves 4 + 1 = 5 (5 points), 1|0
  on the 1 leaves 5 + 0 = 5 (5 points); 1|1 leaves 5 + 2 = 7, 6|1 leaves 5 + 6 = 11.

When the next player has shown no 0 and no 5 (they passed on them), they can hold only
3|3, 6|6, 3|6, 1|1 and 6|1: five tiles, none with a 0, a 4 or a 5 (4 shows only on 4|0
and 4|5). Then after 2|4 none of the tiles they can hold fits 5 4, and after 2|1 two do
(1|1 and 6|1), neither scoring. This is the issue's case: "none of the tiles you cannot
see lets the next player score" is false (4|0 scores), "none of the tiles they can hold"
is true.
"""

from __future__ import annotations

import pytest

from fives_tutor import Position, load_rules
from fives_tutor.core.plays import parse_play
from fives_tutor.core.tiles import domino_set, parse_hand
from fives_tutor.engine.levels import Situation
from fives_tutor.engine.reasons import SCHEMA, Reason, Searched, comparisons, holds, play_facts
from fives_tutor.render.reasons import reason_text
from fives_tutor.text.i18n import activate

DOMINOS = load_rules("dominos-cc")
UNSEEN = parse_hand("4|0 4|5 1|0 3|3 6|6 3|6 1|1 6|1")


def world(hand: str = "2|4 2|1", ends: str = "5 2", voids: frozenset[int] = frozenset(),
          scores: tuple[int, int] | None = None) -> Situation:
    """The small world of the module's docstring."""
    mine = parse_hand(hand)
    played = [t for t in domino_set(6) if t not in UNSEEN and t not in mine]
    return Situation.build(Position.parse(ends), mine, DOMINOS, played, opponents=(2,), voids=(voids,),
                           scores=scores)


def simple(ends: str, hand: str, opponent: int = 6, scores: tuple[int, int] | None = None) -> Situation:
    return Situation.build(Position.parse(ends), parse_hand(hand), DOMINOS, opponents=(opponent,), scores=scores)


def play(situation: Situation, text: str):
    return parse_play(text, situation.board, DOMINOS)


def kinds(reasons) -> list[str]:
    return [r.kind for r in reasons]


def one(reasons, kind: str) -> Reason:
    found = [r for r in reasons if r.kind == kind]
    assert len(found) == 1, kinds(reasons)
    return found[0]


def figures(reason: Reason) -> dict:
    return dict(reason.figures)


@pytest.fixture(autouse=True)
def english():
    activate("en")


# --- facts about one play ---------------------------------------------------------------------


def test_scores_is_the_play_s_points_and_total():
    # 5 3, 3|0 on the 3: 5 + 0 = 5, 5 points
    board = simple("5 3", "3|0 5|1")
    three = play(board, "3|0@3")
    fact = one(play_facts(board, three), "scores")
    assert figures(fact) == {"points": 5, "total": 5} and holds(fact, board, three)
    # the same fact said of 5|1 on the 5 (1 + 3 = 4, nothing) is false
    assert not holds(fact._replace(play="5|1@5"), board, play(board, "5|1@5"))
    assert reason_text(fact) == "scores 5 points now, leaving a total of 5"


def test_replies_count_only_the_tiles_the_next_player_can_hold():
    told = world(voids=frozenset({0, 5}))
    four = play(told, "2|4@2")
    fact = one(play_facts(told, four), "replies")
    assert figures(fact) == {"holdable": 5, "lacking": (0, 4, 5), "scoring": 0, "most": 0, "expect": 0.0}
    assert holds(fact, told, four)
    assert reason_text(fact, "Ana") == ("none of the 5 tiles Ana can hold (with no 0, 4 or 5) lets them score")
    # the old words' claim, "none of the 8 tiles you cannot see lets them score", is false: 4|0 scores 5
    unseen = fact._replace(figures=(("holdable", 8), ("lacking", ()), ("scoring", 0), ("most", 0), ("expect", 0.0)))
    assert not holds(unseen, told, four)
    # without the passes every unseen tile may be theirs: 4|0 (5) and 4|5 (10) score; holding 2 of the 8,
    # the best of the two is 10 with chance 7/28 and 5 with chance 6/28: 2.5 + 1.07 = 3.6 expected
    untold = world()
    fact = one(play_facts(untold, play(untold, "2|4@2")), "replies")
    assert figures(fact) == {"holdable": 8, "lacking": (), "scoring": 2, "most": 10, "expect": 3.6}
    assert holds(fact, untold, play(untold, "2|4@2"))
    assert not holds(fact, told, four)  # the figures of one position are false in the other
    assert reason_text(fact) == ("2 of the 8 tiles the next player can hold let them score, up to 10 points; they "
                                 "can expect 3.6 points in reply")


def test_going_out_and_the_forced_lead():
    # your last tile: the hand ends, nobody replies (no replies fact)
    last = simple("5 3", "5|1")
    out = play(last, "5|1@5")
    facts = play_facts(last, out)
    assert kinds(facts) == ["scores", "goes_out"] and holds(one(facts, "goes_out"), last, out)
    more = simple("5 3", "5|1 2|2")
    assert not holds(one(facts, "goes_out"), more, play(more, "5|1@5"))
    # dominos-cc: the holder of the highest double leads it; 6|6 alone is legal
    empty = Situation.build(Position(), parse_hand("6|6 5|4"), DOMINOS, opponents=(7,))
    lead = empty.plays()[0]
    assert len(empty.plays()) == 1 and str(lead.tile) == "6|6"
    forced = one(play_facts(empty, lead), "forced")
    assert holds(forced, empty, lead)
    assert not holds(forced._replace(play="5|1@5"), more, play(more, "5|1@5"))


def test_a_play_that_wins_the_match_now():
    # 5 0, 0|5 on the 0 leaves 5 5 = 10: 140 + 10 = 150, the target of two players
    near = simple("5 0", "0|5 0|1", scores=(140, 100))
    winning = play(near, "0|5@0")
    fact = one(play_facts(near, winning), "wins")
    assert figures(fact) == {"score": 140, "points": 10, "target": 150} and holds(fact, near, winning)
    assert "replies" not in kinds(play_facts(near, winning))  # the match is over: nobody replies
    far = simple("5 0", "0|5 0|1", scores=(130, 100))
    assert "wins" not in kinds(play_facts(far, play(far, "0|5@0"))) and not holds(fact, far, play(far, "0|5@0"))
    assert reason_text(fact) == "it wins the match: 140 + 10 reaches 150"


# --- comparisons ---------------------------------------------------------------------------------


def test_more_now():
    # 3|0 on the 3 of 5 3 makes 5; 5|1 on the 5 leaves 1 + 3 = 4, nothing
    board = simple("5 3", "3|0 5|1")
    three, five = play(board, "3|0@3"), play(board, "5|1@5")
    fact = one(comparisons(board, five, three), "more_now")
    assert figures(fact) == {"points": 0, "other_points": 5} and holds(fact, board, five, three)
    assert "more_now" not in kinds(comparisons(board, three, five))
    assert not holds(fact._replace(play="3|0@3", other="5|1@5"), board, three, five)
    assert reason_text(fact) == "3|0@3 scores 5 points now, 5|1@5 nothing"


def test_the_reply_left_is_compared_only_where_it_differs():
    untold = world()
    four, one_ = play(untold, "2|4@2"), play(untold, "2|1@2")
    # after 2|4: 4|0 (5) and 4|5 (10) score, up to 10; after 2|1: 4|5 (5) and 1|0 (5), up to 5
    fact = one(comparisons(untold, four, one_), "reply")
    assert figures(fact) == {"holdable": 8, "lacking": (), "scoring": 2, "most": 10, "other_scoring": 2,
                             "other_most": 5}
    assert holds(fact, untold, four, one_)
    assert reason_text(fact, "Ana") == ("after 2|4@2, 2 of the 8 tiles Ana can hold score, up to 10 points; after "
                                        "2|1@2, 2 do, up to 5 points")
    # with no 0 and no 5 in the next player's hand, neither play leaves them a score: no such reason
    told = world(voids=frozenset({0, 5}))
    assert "reply" not in kinds(comparisons(told, play(told, "2|4@2"), play(told, "2|1@2")))
    assert not holds(fact, told, play(told, "2|4@2"), play(told, "2|1@2"))


def test_sheds():
    # 3|6 sheds 9 pips, 3|0 only 3; the winner of a hand collects the pips left (dominos-cc)
    board = simple("5 3", "3|6 3|0")
    heavy, light = play(board, "3|6@3"), play(board, "3|0@3")
    fact = one(comparisons(board, light, heavy), "sheds")
    assert figures(fact) == {"pips": 3, "other_pips": 9} and holds(fact, board, light, heavy)
    assert "sheds" not in kinds(comparisons(board, heavy, light))
    assert not holds(fact._replace(play="3|6@3", other="3|0@3"), board, heavy, light)


def test_blocks():
    # the next player can hold 3|3, 6|6, 3|6, 1|1, 6|1: after 2|4 (5 4) none fits, after 2|1 (5 1) 1|1 and 6|1 do
    told = world(voids=frozenset({0, 5}))
    four, one_ = play(told, "2|4@2"), play(told, "2|1@2")
    fact = one(comparisons(told, one_, four), "blocks")
    assert figures(fact) == {"holdable": 5, "lacking": (0, 4, 5), "fits": 2, "other_fits": 0}
    assert holds(fact, told, one_, four)
    assert reason_text(fact, "Ana") == ("after 2|4@2, none of the 5 tiles Ana can hold (with no 0, 4 or 5) fits the "
                                        "ends, so they must draw or pass; after 2|1@2, 2 do")
    assert "blocks" not in kinds(comparisons(told, four, one_))
    # without the passes 4|0 and 4|5 fit 5 4 too (2), as 4|5, 1|0, 1|1 and 6|1 fit 5 1 (4): still true, other figures
    untold = world()
    assert not holds(fact, untold, one_, four)
    assert figures(one(comparisons(untold, one_, four), "blocks"))["other_fits"] == 2


def test_numbers_and_follow_are_said_only_where_the_hands_differ():
    # 3|3 on the 3 of 5 3 keeps 5|1 and 1|2 (numbers 5, 1, 2); 5|1 on the 5 keeps 3|3 and 1|2 (3, 1, 2): the same
    # count. After 3|3 the ends are 5 and 3|3: of 5|1 and 1|2 only 5|1 fits; after 5|1 the ends are 1 and 3 and
    # both 3|3 and 1|2 fit
    board = simple("5 3", "3|3 5|1 1|2")
    double, five = play(board, "3|3@3"), play(board, "5|1@5")
    found = comparisons(board, double, five)
    assert "numbers" not in kinds(found)
    fact = one(found, "follow")
    assert figures(fact) == {"fit": 1, "other_fit": 2} and holds(fact, board, double, five)
    assert "follow" not in kinds(comparisons(board, five, double))
    # 3|3 keeps 5|1 and 6|2 (5, 1, 6, 2: four numbers), 5|1 keeps 3|3 and 6|2 (3, 6, 2: three)
    wide = simple("5 3", "3|3 5|1 6|2")
    fact = one(comparisons(wide, play(wide, "5|1@5"), play(wide, "3|3@3")), "numbers")
    assert figures(fact) == {"numbers": 3, "other_numbers": 4}
    assert holds(fact, wide, play(wide, "5|1@5"), play(wide, "3|3@3"))
    assert not holds(fact, board, five, double)
    # the case: one tile on two ends leaves the same hand: never "fewer numbers"
    spinner = simple("5 5|5* 5* 5*", "5|1 6|6 6|2")
    side, arm = play(spinner, "5|1@5|5*"), play(spinner, "5|1@5*")
    assert "numbers" not in kinds(comparisons(spinner, side, arm) + comparisons(spinner, arm, side))
    claimed = Reason("numbers", (("numbers", 3), ("other_numbers", 4)), side.notation, arm.notation)
    assert not holds(claimed, spinner, side, arm)


def test_a_win_missed_now_and_a_win_given():
    # 140 to 100, target 150: 0|5 on the 0 of 5 0 makes 10 and wins; 0|1 makes nothing (5 + 1 = 6)
    near = simple("5 0", "0|5 0|1", scores=(140, 100))
    winning, other = play(near, "0|5@0"), play(near, "0|1@0")
    fact = one(comparisons(near, other, winning), "wins_now")
    assert figures(fact) == {"score": 140, "points": 0, "other_points": 10, "target": 150}
    assert holds(fact, near, other, winning)
    assert reason_text(fact) == "this missed the win: 0|5@0 would have won the match now (140 + 10 reaches 150)"
    far = simple("5 0", "0|5 0|1", scores=(120, 100))
    assert "wins_now" not in kinds(comparisons(far, play(far, "0|1@0"), play(far, "0|5@0")))
    assert not holds(fact, far, play(far, "0|1@0"), play(far, "0|5@0"))
    # the next player at 141 needs 9: after 2|4 (5 4) 4|5 makes 10 and wins, 4|0 makes 5; after 2|1 (5 1) the
    # most is 5
    danger = world(scores=(100, 141))
    four, one_ = play(danger, "2|4@2"), play(danger, "2|1@2")
    fact = one(comparisons(danger, four, one_), "gives_win")
    assert figures(fact) == {"holdable": 8, "lacking": (), "count": 1, "other_count": 0, "score": 141,
                             "target": 150}
    assert holds(fact, danger, four, one_)
    safe = world(scores=(100, 130))
    assert "gives_win" not in kinds(comparisons(safe, play(safe, "2|4@2"), play(safe, "2|1@2")))
    assert not holds(fact, safe, play(safe, "2|4@2"), play(safe, "2|1@2"))


def test_what_the_search_found_is_checked_against_the_search():
    board = simple("5 3", "3|0 5|1")
    three, five = play(board, "3|0@3"), play(board, "5|1@5")
    found = Searched(8.8, 6.0, 200, 0.2, 0.55, 0.3, 0.1)
    reasons = comparisons(board, five, three, found)
    search = one(reasons, "search")
    assert figures(search) == {"behind": 8.8, "noise": 6.0, "deals": 200}
    assert holds(search, board, five, three, found) and not holds(search, board, five, three)
    assert not holds(search, board, five, three, found._replace(behind=4.1))
    assert reason_text(search) == ("over 200 deals, 3|0@3 made 8.8 points more than 5|1@5 to the end of the hand "
                                   "(± 6.0)")
    chances = one(reasons, "match_chances")  # won 55% against 20%, lost 10% against 30%: a swing of 0.55
    assert holds(chances, board, five, three, found)
    assert not holds(chances, board, five, three, found._replace(other_win=0.25, lose=0.1))
    assert reason_text(chances) == "3|0@3 won the match on 55% of the 200 deals played out, 5|1@5 on 20%"
    close = Searched(1.0, 6.0, 200, 0.5, 0.55, 0.2, 0.2)
    assert "match_chances" not in kinds(comparisons(board, five, three, close))


def test_every_kind_has_a_schema_words_and_a_round_trip():
    told = world(voids=frozenset({0, 5}))
    said = comparisons(told, play(told, "2|1@2"), play(told, "2|4@2"), Searched(3.0, 1.0, 50))
    for reason in said + list(play_facts(told, play(told, "2|4@2"))):
        assert tuple(name for name, _ in reason.figures) == SCHEMA[reason.kind]
        assert Reason.from_dict(reason.to_dict()) == reason
        assert reason_text(reason, "Ana")
    assert Reason.from_dict({"kind": "luck"}) is None
    assert Reason.from_dict(dict(said[0].to_dict(), fits="many")) is None
