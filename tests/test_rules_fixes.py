"""Advice that obeys every rule of the pack (issue 9, item 1): how a pack reads the ends
form, positions and counts the set cannot produce, the exact target and going out,
taking the winner's pips off, and the muggins pack.

Every expected value is worked by hand in the comment beside it, from RULES.md, the
packs' YAML and the published pages they cite (pagat.com's Fives and Threes; Foster's
Complete Hoyle for Muggins), never taken from the code under test. The hand-worked
readings of the ends form are also in ``tests/rules_fixes_vectors.yaml``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from fives_tutor import NotationError, Position, Tile, load_rules, parse_hand, parse_play
from fives_tutor.core.game import Hand, Match, hand_result
from fives_tutor.core.keeper import TableState
from fives_tutor.core.plays import legal_plays, read_board
from fives_tutor.core.position import read_position
from fives_tutor.core.scoring import collect
from fives_tutor.study.simulate import MatchRecord, hand_records, summarise

T = Tile
VECTORS = yaml.safe_load(Path(__file__).with_name("rules_fixes_vectors.yaml").read_text(encoding="utf-8"))


def H(text: str) -> list[Tile]:
    return list(parse_hand(text))


def house(tmp_path, base: str, rules_yaml: str, name: str = "house") -> object:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"id: {name}\nextends: {base}\nrules:\n{rules_yaml}", encoding="utf-8")
    return load_rules(str(path))


# ============================================================================ reading the ends form

READINGS = [v for v in VECTORS if "read" in v]
REFUSALS = [v for v in VECTORS if "refused" in v]


@pytest.mark.parametrize("vector", READINGS, ids=lambda v: f"{v['pack']}: {v['written']}")
def test_reading_vectors(vector):
    rules = load_rules(vector["pack"])
    reading = read_position(vector["written"], rules)
    assert str(reading.position) == vector["read"]
    assert reading.position.total(rules) == vector["total"]
    assert [f"{p}|{p}" for p in reading.spinners] == vector.get("spinners", [])
    assert [f"{p}*" for p in reading.arms] == vector.get("arms", [])
    # what is printed reads back as itself, with nothing added: parse(print(x)) == x
    again = read_position(vector["read"], rules)
    assert again.position == reading.position and not again.changed


@pytest.mark.parametrize("vector", REFUSALS, ids=lambda v: f"{v['pack']}: {v['written']}")
def test_refusal_vectors(vector):
    rules = load_rules(vector["pack"])
    with pytest.raises(NotationError) as info:
        Position.parse(vector["written"], rules)
    message = str(info.value)
    for needle in vector["refused"]:
        assert needle in message, message
    assert info.value.column is not None and 1 <= info.value.column <= len(vector["written"])


def test_issue_example_moves_finds_the_play_on_the_arm(run):
    # dominos-cc: 3 5|5 is 3 5|5* 5* 5*. 5|2 on an empty arm: 3 + 10 (the spinner, one side
    # still empty) + 2 + 0 = 15; on the spinner's free side: 3 + 2 + 0 + 0 = 5; 4|1 fits no end
    result = run("moves", "3 5|5", "--hand", "5|2 4|1")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Read as 3 5|5* 5* 5*: 5|5 is the spinner")
    assert "1. 5|2@5* → 3 5|5* 2 5*: total 15, 15 points" in result.stdout
    assert "2. 5|2@5|5* → 3 2 5* 5*: total 5, 5 points" in result.stdout
    data = json.loads(run("moves", "3 5|5", "--hand", "5|2 4|1", "--json").stdout)
    assert data["position"] == "3 5|5* 5* 5*"
    assert data["reading"] == {"written": "3 5|5", "spinners": ["5|5"], "arms": ["5*", "5*"]}
    assert [(m["play"], m["points"]) for m in data["moves"]] == [("5|2@5*", 15), ("5|2@5|5*", 5)]


def test_issue_example_under_pagat(run):
    # pagat: the spinner's ends open after both sides, so 3 5|5 is 3 5|5*: 5|2 goes on its free
    # side: 3 + 2 and two empty arms = 5
    data = json.loads(run("moves", "3 5|5", "--hand", "5|2 4|1", "--rules", "pagat-all-fives", "--json").stdout)
    assert data["position"] == "3 5|5*"
    assert data["reading"] == {"written": "3 5|5", "spinners": ["5|5"], "arms": []}
    assert [(m["play"], m["ends"], m["points"]) for m in data["moves"]] == [("5|2@5|5*", "3 2 5* 5*", 5)]


def test_score_and_best_print_the_position_as_understood(run):
    result = run("score", "3 5|5", "--play", "5|2@5*")
    assert result.stdout.splitlines()[0].startswith("Read as 3 5|5* 5* 5*:")
    assert "3 + 10 (spinner 5|5) + 2 = 15 → 15 points" in result.stdout
    data = json.loads(run("score", "3 5|5", "--json").stdout)
    assert (data["ends"], data["total"], data["reading"]["spinners"]) == ("3 5|5* 5* 5*", 13, ["5|5"])
    data = json.loads(run("best", "3 5|5", "--hand", "5|2 4|1", "--level", "greedy", "--json").stdout)
    assert data["position"] == "3 5|5* 5* 5*" and data["best"]["play"] == "5|2@5*" and data["best"]["points"] == 15
    assert data["reading"]["arms"] == ["5*", "5*"]
    # a position taken as written says nothing more
    result = run("score", "6 2")
    assert "Read as" not in result.stdout
    assert json.loads(run("score", "6 2", "--json").stdout)["reading"] is None


def test_every_double_spins_under_five_up(run):
    # five-up: every double spins, its arms after both sides: 3|3* 5|5*: 6 + 10 = 16
    data = json.loads(run("score", "3|3 5|5", "--rules", "five-up", "--json").stdout)
    assert (data["ends"], data["total"]) == ("3|3* 5|5*", 16)
    assert data["reading"]["spinners"] == ["3|3", "5|5"]
    result = run("score", "3|3 5|5", "--rules", "five-up")
    assert result.stdout.splitlines()[0] == "Read as 3|3* 5|5*: 3|3, 5|5 are spinners (every double spins)."


def test_every_double_spins_and_opens_at_once(tmp_path):
    # a house five-up whose spinners open their ends at once: 3 5|5 has the spinner's two
    # empty arms beside it: 3 + 10 + 0 + 0 = 13
    rules = house(tmp_path, "five-up", "  spinner:\n    arms_open: at_once\n")
    reading = read_position("3 5|5", rules)
    assert str(reading.position) == "3 5|5* 5* 5*" and reading.arms == (5, 5)
    # two doubles at the line's ends: each has two arms, 2 + 2 + 2 = 6 ends
    assert str(Position.parse("3|3 5|5", rules)) == "3|3* 5|5* 3* 3* 5* 5*"


def test_no_spinner_packs_take_the_position_as_written():
    for pack in ("muggins", "fives-and-threes"):
        rules = load_rules(pack)
        for text in ("3 5|5", "3|3 5|5", "6|6 4|4"):
            reading = read_position(text, rules)
            assert str(reading.position) == text and not reading.changed


def test_a_lone_double_lead_is_read_as_the_spinner(run):
    for pack in ("dominos-cc", "pagat-all-fives", "five-up"):
        reading = read_position("5|5", load_rules(pack))
        assert str(reading.position) == "5|5*" and reading.spinners == (5,)
    assert str(read_position("5|5", load_rules("muggins")).position) == "5|5"
    # the lone lead 4|1 is one tile: nothing to read
    assert not read_position("4|1", load_rules("dominos-cc")).changed


def test_layout_form_says_which_double_it_read_as_the_spinner():
    cc = load_rules("dominos-cc")
    layout, reading = read_board("1|3 3|5 5|5 5|0", cc)
    assert str(layout) == "1|3 3|5 5|5* 5|0" and reading.spinners == (5,)
    # two doubles, only one with arms in parentheses: that one is the spinner
    layout, reading = read_board("3|3 3|5 5|5(5|1) 5|0", cc)
    assert str(layout) == "3|3 3|5 5|5*(5|1) 5|0" and reading.spinners == (5,)
    # 3|3 at the left end counts 6, 0 on the right, the spinner's arms 1 and empty: 6 + 0 + 1 + 0 = 7
    assert str(layout.position(cc)) == "3|3 0 1 5*" and layout.position(cc).total(cc) == 7
    # marked: nothing read
    assert read_board("1|3 3|5 5|5* 5|0", cc)[1].spinners == ()
    with pytest.raises(NotationError):
        read_board("3|3 3|5 5|5 5|0", cc)  # two doubles, no mark, no arms: which one came first?


# ============================================================================ tiles the set cannot supply

def test_more_ends_showing_a_number_than_tiles_with_it(run):
    # five-up: 8 ends, three spinners hidden in the layout; each 0 end is a different tile with a 0
    # beside another number, and double-six has six (0|1 .. 0|6)
    result = run("score", "0 0 0 0 0 0 0 0", "--rules", "five-up")
    assert result.exit_code == 2 and result.stdout == ""
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1
    assert "they need 8" in line and "only 6 in the set" in line and "(column 1)" in line
    # six 0 ends are possible: 0|1 .. 0|6
    assert run("score", "0 0 0 0 0 0", "--rules", "five-up").exit_code == 0


def test_a_hand_sets_tiles_aside(run):
    # the two 0 ends need two tiles with a 0 beside another number: holding all six, none is left
    result = run("moves", "0 6", "--hand", "0|1 0|2 0|3 0|4 0|5 0|6")
    assert result.exit_code == 2 and "you hold every tile that could show them" in result.stderr
    # ends 0 and 1 beside holding 1|2 .. 1|6 and 0|2 .. 0|6: both need 1|0, the only one left
    cc = load_rules("dominos-cc")
    with pytest.raises(NotationError) as info:
        legal_plays(Position.parse("0 1", cc), H("1|2 1|3 1|4 1|5 1|6 0|2 0|3 0|4 0|5 0|6"), cc)
    assert "showing 0, 1" in str(info.value) and "need 2" in str(info.value) and "only 1 could" in str(info.value)
    # a play is a tile of the hand too
    five_up = load_rules("five-up")
    with pytest.raises(NotationError):
        parse_play("0|1@0", Position.parse("0 0 0 0 0 0", five_up), five_up)


def test_a_hand_tile_the_position_shows(run):
    # 3 5|5 is 3 5|5* 5* 5*: the 5|5 lies on the table, so it cannot be in the hand
    result = run("moves", "3 5|5", "--hand", "5|5 2|1")
    assert result.exit_code == 2 and "5|5 is already on the table" in result.stderr
    # the spinner of an empty arm lies on the table too
    result = run("moves", "3 2 1 5*", "--hand", "5|5")
    assert result.exit_code == 2 and "5|5 is already on the table" in result.stderr


def test_a_double_at_an_end_and_the_same_spinner_is_one_tile():
    # pagat: 5* 5* shows the spinner 5|5 covered on both sides, so 5|5 cannot stand crosswise at
    # an end; reading it as the spinner does not help (its arms open only after both sides)
    with pytest.raises(NotationError) as info:
        Position.parse("3 5|5 5* 5*", load_rules("pagat-all-fives"))
    assert "5|5 is shown twice" in str(info.value)
    # dominos-cc opens the arms at once: the 5|5 at the end is the spinner
    assert str(Position.parse("3 5|5 5* 5*", load_rules("dominos-cc"))) == "3 5|5* 5* 5*"


def test_played_tiles_may_be_the_ones_at_the_ends(run):
    # --played lists tiles out of the game; the plain ends are some of them
    result = run("best", "6 2", "--hand", "2|5", "--played", "6|1 2|1", "--level", "greedy", "--json")
    assert result.exit_code == 0, result.stderr
    result = run("best", "6 2", "--hand", "2|5", "--played", "2|5", "--level", "greedy")
    assert result.exit_code == 2 and "5|2 is in your hand" in result.stderr


# ============================================================================ fives count

@pytest.mark.parametrize("args, needle", [
    # dominos-cc, two opponents: three players dealt 6 each; the opponents hold at most
    # 28 - 6 = 22 tiles, the 22 heaviest: 168 - (0|0 1|0 1|1 2|0 2|1 3|0 = 0+1+2+2+3+3 = 11) = 157
    (("count", "168", "168"), "cannot hold 336 pips together"),
    (("count", "168", "168"), "at most 22 tiles of the set, 157 pips"),
    # one opponent: two players dealt 7; 21 tiles, 168 - (0+1+2+2+3+3+4 = 15) = 153
    (("count", "154"), "at most 21 tiles of the set, 153 pips"),
    # one tile in two hands, and the winner's tiles too
    (("count", "5|3 4|4", "4|4"), "tile 4|4 is in two hands"),
    (("count", "5|3 4|4", "12", "--winner", "6|6 5|3"), "tile 5|3 is in two hands"),
    # fives-and-threes: nobody draws, so two opponents (three players, 5 each) hold at most
    # 10 tiles: 12+11+10+10+9+9+8+8+8+7 = 92 pips
    (("count", "50", "50", "--rules", "fives-and-threes"), "at most 10 tiles of the set, 92 pips"),
    # fives-and-threes, one opponent dealt 7: eight tiles cannot be theirs
    (("count", "6|6 6|5 6|4 6|3 6|2 6|1 6|0 5|5", "--rules", "fives-and-threes"), "cannot hold 8 tiles"),
])
def test_count_refuses_what_the_set_cannot_hold(run, args, needle):
    result = run(*args)
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr


def test_count_at_the_bound_is_fine(run):
    # 153 pips is exactly the 21 heaviest tiles: possible; rounded to 155
    data = json.loads(run("count", "153", "--json").stdout)
    assert data["points"] == 155
    # 92 is the most two fives-and-threes opponents can hold
    assert run("count", "46", "46", "--rules", "fives-and-threes").exit_code == 0


def test_count_tile_column_points_at_the_repeated_tile(run):
    result = run("count", "5|3 4|4", "6|6 4|4")
    assert result.exit_code == 2 and "(column 5)" in result.stderr  # '6|6' c1, '4|4' c5


# ============================================================================ exact target and going out

def fives_and_threes_match(scores, hands, leader=0) -> Match:
    rules = load_rules("fives-and-threes")
    match = Match(rules, len(hands), seed=0)
    match.scores[:] = scores
    match.hand = Hand(rules, [H(h) for h in hands], [], leader, None, match.sides)
    return match


def test_fives_and_threes_on_59_a_last_play_of_2_and_the_chip_out_point_pass_61():
    # pagat: p0 leads its last tile 3|3, a lone double counting 6: 6/3 = 2 points, plus 1 for
    # chipping out = 3, scored together: 59 + 3 = 62 would pass 61, so nothing is scored
    match = fives_and_threes_match([59, 0], ["3|3", "6|1 2|2"])
    record = match.play(T(3, 3), -1)
    assert (record.total, record.points) == (6, 2)
    assert match.scores == [59, 0] and match.winner is None
    summary = match.history[-1]
    assert summary.play_taken == (0,) and summary.taken_at_end == (0,) and summary.taken_from_play == (0, 0)


def test_fives_and_threes_on_58_the_same_last_play_wins():
    # 58 + 2 + 1 = 61 exactly: the match is won
    match = fives_and_threes_match([58, 0], ["3|3", "6|1 2|2"])
    match.play(T(3, 3), -1)
    assert match.scores == [61, 0] and match.winner == 0
    summary = match.history[-1]
    assert summary.play_taken == (2,) and summary.taken_at_end == (1,)


def test_fives_and_threes_on_60_a_last_play_of_nothing_and_the_point_win():
    # 6|2 leads for 8, no multiple of 3 or 5: 0; chipping out: 60 + 0 + 1 = 61
    match = fives_and_threes_match([60, 0], ["6|2", "3|1 2|2"])
    match.play(T(6, 2), -1)
    assert match.scores == [61, 0] and match.winner == 0


def test_fives_and_threes_earlier_plays_are_not_held_back():
    # p0 (on 59) leads 3|3 for 2 with a tile left: 61, the match, at once
    match = fives_and_threes_match([59, 0], ["3|3 6|1", "2|2 4|4"])
    match.play(T(3, 3), -1)
    assert match.scores == [61, 0] and match.winner == 0


def test_an_exact_target_other_than_61(tmp_path):
    # a house Fives and Threes to 30: on 28 a last play of 2 and the point make 31: refused;
    # the opponent gains nothing from it
    rules = house(tmp_path, "fives-and-threes", "  match:\n    target: {2: 30, 3: 30, 4: 30}\n")
    match = Match(rules, 2, seed=0)
    match.scores[:] = [28, 5]
    match.hand = Hand(rules, [H("3|3"), H("6|1 2|2")], [], 0, None, match.sides)
    match.play(T(3, 3), -1)
    assert match.scores == [28, 5]


def test_a_non_exact_target_takes_the_play_first():
    # dominos-cc (not exact): p0 on 140 leads its last tile 5|5 for 10: 150, the match; the
    # hand's collection is not needed
    rules = load_rules("dominos-cc")
    match = Match(rules, 2, seed=0)
    match.scores[:] = [140, 0]
    match.hand = Hand(rules, [H("5|5"), H("6|1 2|2")], [], 0, None, match.sides)
    match.play(T(5, 5), -1)
    assert match.scores == [150, 0] and match.winner == 0


def keeper_one_tile(scores, tmp_path):
    # a Fives and Threes house pack with one tile each, so one play ends the hand
    rules = house(tmp_path, "fives-and-threes", "  players:\n    hand_size: {2: 1, 3: 1, 4: 1}\n", "one-tile")
    state = TableState(rules, ["Ana", "Ben"])
    state.board.scores[:] = scores
    return state


def test_scorekeeper_scores_the_last_play_with_the_chip_out_point(tmp_path):
    from fives_tutor.table.render import describe_event

    state = keeper_one_tile([59, 0], tmp_path)
    state.apply({"type": "play", "player": 0, "tile": "3|3", "end": ""})
    assert state.scores == [59, 0] and state.awaiting == ("domino", 0)  # held until the hand ends
    before = replay_copy(state, tmp_path, [59, 0])
    state.apply({"type": "hand_end", "pips": [0, 5]})
    # 59 + 2 + 1 = 62 > 61: nothing is scored
    assert state.scores == [59, 0]
    row = state.sheet[-1]
    assert row.refused == 3 and row.from_play == (0, 0) and row.at_end == (0, 0)
    assert state.log[0].credited == 0
    lines = describe_event({"type": "hand_end", "pips": [0, 5]}, before, state)
    assert any("3 points together, would pass 61: nothing is scored" in line for line in lines), lines
    # on 58 the same hand wins the match: 2 from the play, 1 at the end
    state = keeper_one_tile([58, 0], tmp_path)
    state.apply({"type": "play", "player": 0, "tile": "3|3", "end": ""})
    state.apply({"type": "hand_end", "pips": [0, 5]})
    assert state.scores == [61, 0] and state.winner == 0
    row = state.sheet[-1]
    assert (row.from_play, row.at_end, row.refused) == ((2, 0), (1, 0), 0)
    assert state.log[0].credited == 2


def replay_copy(state, tmp_path, scores):
    """The state before the hand end (for describing it): the same events again."""
    copy = keeper_one_tile(scores, tmp_path)
    copy.apply({"type": "play", "player": 0, "tile": "3|3", "end": ""})
    return copy


def test_simulate_counts_only_points_actually_taken():
    # the refused last play counts 0 among the points from play, and in the histogram
    match = fives_and_threes_match([59, 0], ["3|3", "6|1 2|2"])
    match.play(T(3, 3), -1)
    records = hand_records(match)
    assert records[-1].play_points == (0,) and records[-1].end_points == 0
    summary = summarise([MatchRecord(0, "s", tuple(match.scores), 0, 0, records)])
    assert summary.play_points.mean == 0 and summary.points_per_play == {0: 1}
    # on 58 both count: 2 from play, 1 at the end
    match = fives_and_threes_match([58, 0], ["3|3", "6|1 2|2"])
    match.play(T(3, 3), -1)
    records = hand_records(match)
    assert records[-1].play_points == (2,) and records[-1].end_points == 1
    summary = summarise([MatchRecord(0, "s", tuple(match.scores), 0, 0, records)])
    assert summary.play_points.mean == 2 and summary.end_points.mean == 1 and summary.points_per_play == {2: 1}


# ============================================================================ the winner's pips

def subtracting(mode, rounding="nearest_five", points="pips"):
    cc = load_rules("dominos-cc")
    return cc._replace(hand_end=cc.hand_end._replace(collect=mode, rounding=rounding, points=points,
                                                     subtract_winner_pips=True))


@pytest.mark.parametrize("mode, rounding, points, opponents, winner, collected, expected", [
    # docs/packs.md: 23 against 12 is 11, collected as 10 (not 25 - 10 = 15)
    ("combined", "nearest_five", "pips", [23], 12, 10, 10),
    ("each_opponent", "nearest_five", "pips", [23], 12, 10, 10),
    # combined: 23 + 16 - 12 = 27 -> 25; each pays the difference: 11 -> 10, 4 -> 5 = 15
    ("combined", "nearest_five", "pips", [23, 16], 12, 25, 25),
    ("each_opponent", "nearest_five", "pips", [23, 16], 12, 15, 15),
    # one point per five: 10 pips -> 2, 25 -> 5, 15 -> 3
    ("combined", "nearest_five", "per_five", [23], 12, 10, 2),
    ("combined", "nearest_five", "per_five", [23, 16], 12, 25, 5),
    ("each_opponent", "nearest_five", "per_five", [23, 16], 12, 15, 3),
    # rounding down: 11 -> 10; up: 11 -> 15
    ("combined", "down", "pips", [23], 12, 10, 10),
    ("combined", "up", "pips", [23], 12, 15, 15),
    # never below zero: an opponent with fewer pips than the winner pays nothing
    ("each_opponent", "nearest_five", "pips", [23, 9], 12, 10, 10),
])
def test_the_winners_pips_come_off_before_rounding(mode, rounding, points, opponents, winner, collected, expected):
    collection = collect(opponents, subtracting(mode, rounding, points), winner_pips=winner)
    assert collection.collected_pips == collected and collection.points == expected


def test_count_text_and_json_agree_when_subtracting(tmp_path, run):
    pack = tmp_path / "sub.yaml"
    pack.write_text("id: sub\nextends: pagat-all-fives\nrules:\n  hand_end:\n    subtract_winner_pips: true\n",
                    encoding="utf-8")
    text = run("count", "23", "--winner", "12", "--rules", str(pack)).stdout
    assert "Together: 23 pips, less the winner's 12 pips = 11, counts as 10" in text
    assert "The winner collects 10 points" in text
    data = json.loads(run("count", "23", "--winner", "12", "--rules", str(pack), "--json").stdout)
    assert data["combined"] == {"pips": 23, "rounded": 10} and data["winner_pips"] == 12 and data["points"] == 10
    each = tmp_path / "each.yaml"
    each.write_text("id: each\nextends: dominos-cc\nrules:\n  hand_end:\n    subtract_winner_pips: true\n",
                    encoding="utf-8")
    text = run("count", "23", "16", "--winner", "12", "--rules", str(each)).stdout
    assert "Opponent 1: 23 pips, less the winner's 12 pips = 11, counts as 10" in text
    assert "Opponent 2: 16 pips, less the winner's 12 pips = 4, counts as 5" in text
    assert "The winner collects 15 points" in text
    data = json.loads(run("count", "23", "16", "--winner", "12", "--rules", str(each), "--json").stdout)
    assert data["opponents"] == [{"pips": 23, "rounded": 10}, {"pips": 16, "rounded": 5}] and data["points"] == 15


def test_a_blocked_hand_takes_the_winners_pips_off_before_rounding():
    # blocked, two players: 12 and 23 pips; the lower wins and collects 23 - 12 = 11 -> 10
    rules = subtracting("combined")
    result = hand_result(rules, "blocked", (0, 1), (12, 23), (2, 3), None)
    assert result.winners == (0,) and result.points == (10,)


# ============================================================================ the muggins pack

def test_muggins_follows_fosters_hoyle_in_what_it_credits_to_it():
    rules = load_rules("muggins")
    # Foster: each player draws seven; the last two boneyard tiles are never drawn; the
    # highest double sets; no spinner; each five scores five
    assert dict(rules.players.hand_size) == {2: 7, 3: 7, 4: 7}
    assert rules.turn.boneyard_reserve == 2
    assert rules.lead.first_hand == "highest_double" and rules.lead.later_hands == "same_as_first"
    assert rules.spinner.doubles == "none" and rules.scoring.divisors == (5,) and rules.scoring.points == "total"
    assert rules.muggins.announce and rules.muggins.wrong_claim == "claimed_points"
    # The American Hoyle: 200 for two, 150 for three or four
    assert dict(rules.match.target) == {2: 200, 3: 150, 4: 150}
    source = rules.source
    assert "Foster" in source and "seven" in source and "last two" in source
    assert "The American Hoyle" in source and "200" in source
    assert "7, 5 and 5" in source and "agat" in source  # credited to pagat, and not followed


def test_muggins_deals_seven_and_keeps_two_in_the_boneyard():
    rules = load_rules("muggins")
    match = Match(rules, 2, seed=1)
    hand = match.hand
    # 28 - 2 x 7 = 14 in the boneyard, 12 of them may be drawn
    assert [len(h) for h in hand.hands] == [7, 7] and len(hand.boneyard) == 14 and hand.drawable == 12
    match = Match(rules, 4, seed=1)
    assert [len(h) for h in match.hand.hands] == [7] * 4 and match.hand.boneyard == []
