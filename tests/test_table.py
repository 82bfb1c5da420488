"""``fives table`` through piped standard input: whole matches under three packs, undo
and redo, muggins, refused entries, and ``--resume``.

Every expected value is worked by hand from the rules (RULES.md); the matches and
their arithmetic are in ``table_scripts.py``, one commented line a play."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from table_scripts import (
    FOUR_PLAYERS,
    FOUR_PLAYERS_SHEET,
    FOUR_PLAYERS_WINNER,
    HOUSE_CC,
    HOUSE_MUGGINS,
    HOUSE_PAGAT,
    PAGAT,
    PAGAT_SHEET,
    PAGAT_WINNER,
    TWO_PLAYERS,
    TWO_PLAYERS_SHEET,
    TWO_PLAYERS_WINNER,
    assert_state,
    events_of,
    hand_end,
    play,
    script_input,
    write_pack,
)

from fives_tutor.core.keeper import replay
from fives_tutor.packs.loader import rules_from_data
from fives_tutor.store.journal import Journal

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# --- helpers ------------------------------------------------------------------------------------


def journal_events(match_id: int = 1) -> list[dict]:
    with Journal() as journal:
        return journal.events(match_id)


def saved(match_id: int = 1):
    """The saved match and the state rebuilt from its events."""
    with Journal() as journal:
        info = journal.match(match_id)
        events = journal.events(match_id)
    rules = rules_from_data(info.rules_data, info.rules_path)
    return info, replay(rules, info.names, info.teams, events)


def assert_in_order(text: str, fragments) -> None:
    """Each fragment appears in ``text`` after the one before it."""
    position = 0
    for fragment in fragments:
        found = text.find(fragment, position)
        assert found >= 0, f"{fragment!r} missing (after offset {position}) in:\n{text}"
        position = found + len(fragment)


def sheet_rows(text: str) -> list[list[str]]:
    """The hand rows of a printed score sheet, cell by cell."""
    return [re.split(r"\s{2,}", line.strip()) for line in text.splitlines() if re.match(r"^\d+\s{2,}\S", line)]


def is_collect_line(fragment: str) -> bool:
    return "collects" in fragment


MATCHES = {
    # name: (steps, pack text, options, names, teams, sheet, winner)
    "two players, dominos-cc": (TWO_PLAYERS, HOUSE_CC, ["--players", "Ana,Ben"], ["Ana", "Ben"], None,
                                TWO_PLAYERS_SHEET, TWO_PLAYERS_WINNER),
    "four players in partnerships, dominos-cc": (FOUR_PLAYERS, HOUSE_CC,
                                                  ["--players", "Ana,Ben,Cy,Dee", "--teams", "Ana+Cy,Ben+Dee"],
                                                  ["Ana", "Ben", "Cy", "Dee"], [[0, 2], [1, 3]], FOUR_PLAYERS_SHEET,
                                                  FOUR_PLAYERS_WINNER),
    "two players, pagat-all-fives": (PAGAT, HOUSE_PAGAT, ["--players", "Ana,Ben"], ["Ana", "Ben"], None, PAGAT_SHEET,
                                     PAGAT_WINNER),
}


def play_match(run, tmp_path, name, extra=("sheet",)):
    steps, pack_text, options, *_ = MATCHES[name]
    pack = write_pack(tmp_path, pack_text, "house.yaml")
    return run("table", *options, "--rules", pack, "--tiles", "plain", input=script_input(steps, extra))


# --- the first two plays -----------------------------------------------------------------------------


def test_piped_lead_and_answer(run):
    # Ana leads 6|6: the lone spinner counts 12, no score. Ben's 6|3 on it: 3 + 12 = 15 for Ben.
    result = run("table", "--players", "Ana,Ben", input="6|6\n6|3\n")
    assert result.exit_code == 0, result.stderr
    assert_in_order(result.stdout, ["Ana plays 6|6: 6|6*", "12 (spinner 6|6) → no score", "Ben to play.",
                                    "Ben plays 6|3@6|6*: 3 6|6* 6* 6*", "3 + 12 (spinner 6|6) = 15 → 15 points",
                                    "Scores: Ana 0 · Ben 15 (target 150)", "Ana to play."])
    assert journal_events() == [play(0, "6|6"), play(1, "6|3")]
    info, state = saved()
    assert info.scores == [0, 15] and not info.finished
    assert (state.scores, str(state.position), state.turn, state.counts, state.boneyard) == (
        [0, 15], "3 6|6* 6* 6*", 0, [6, 6], 14)


def test_piped_lead_and_answer_in_a_real_process(tmp_path):
    home = tmp_path / "real-home"
    env = dict(os.environ, PYTHONPATH=REPO, FIVES_HOME=str(home))
    for variable in ("FIVES_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        env.pop(variable, None)
    completed = subprocess.run([sys.executable, "-m", "fives_tutor.cli.main", "table", "--players", "Ana,Ben"], check=False,
                               input="6|6\n6|3\n", capture_output=True, text=True, env=env, timeout=60, cwd=tmp_path)
    assert completed.returncode == 0, completed.stderr
    assert "Ana plays 6|6: 6|6*" in completed.stdout
    assert "Scores: Ana 0 · Ben 15 (target 150)" in completed.stdout
    with Journal(str(home / "games.sqlite3")) as journal:
        assert journal.events(1) == [play(0, "6|6"), play(1, "6|3")]
        assert journal.match(1).scores == [0, 15]


# --- whole matches -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(MATCHES))
def test_whole_match_through_piped_input(run, tmp_path, name):
    steps, _pack, _options, names, teams, expected_sheet, winner = MATCHES[name]
    result = play_match(run, tmp_path, name)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "Refused" not in result.stdout
    # every acknowledgement, in order (what the winner collects is checked by its own test below)
    assert_in_order(result.stdout, [step.ack for step in steps if step.ack and not is_collect_line(step.ack)])
    assert winner in result.stdout
    # the sheet command after the match: each cell is one hand, play + end = the hand's
    # points (a true sum); the totals row holds the running totals after the last hand
    after = result.stdout.split(winner, 1)[1]
    rows = sheet_rows(after)
    side_names = ["+".join(names[p] for p in team) for team in teams] if teams else names
    assert len(rows) == len(expected_sheet)
    for row, expected in zip(rows, expected_sheet):
        cells = [f"{play} + {end} = {play + end}" for play, end in zip(expected["from_play"], expected["at_end"])]
        assert row == [str(expected["hand"]), expected["leader"]] + cells
    totals = next(re.split(r"\s{2,}", line.strip()) for line in after.splitlines() if line.strip().startswith("Total"))
    assert totals == ["Total"] + [str(total) for total in expected_sheet[-1]["totals"]]
    assert all(side in result.stdout for side in side_names)
    # the journal holds exactly the events, and the match is finished with the final scores
    info, state = saved()
    assert journal_events() == events_of(steps)
    assert info.finished and info.scores == list(steps[-1].scores)
    assert info.teams == teams
    assert_state(state, steps[-1])


@pytest.mark.parametrize("name", list(MATCHES))
def test_every_step_rebuilds_the_table(tmp_path, name):
    """The keeper alone: the state after each event is the one worked by hand."""
    from fives_tutor.packs.loader import load_pack_data

    steps, pack_text, _options, names, teams, *_ = MATCHES[name]
    data, path = load_pack_data(write_pack(tmp_path, pack_text, "house.yaml"))
    rules = rules_from_data(data, path)
    events = []
    for step in steps:
        if step.event is not None:
            events.append(step.event)
        assert_state(replay(rules, names, teams, events), step, name)


@pytest.mark.parametrize("name", list(MATCHES))
def test_games_show_and_export_give_the_sheet(run, tmp_path, name):
    steps, *_rest, expected_sheet, _winner = MATCHES[name]
    assert play_match(run, tmp_path, name).exit_code == 0
    shown = json.loads(run("games", "show", "1", "--json").stdout)
    assert shown["sheet"] == expected_sheet
    assert shown["match"]["scores"] == list(steps[-1].scores) and shown["match"]["finished"] is True
    assert shown["events"] == events_of(steps)
    exported = json.loads(run("games", "export", "1").stdout)
    assert exported["sheet"] == expected_sheet and exported["events"] == events_of(steps)


def test_two_player_csv_export(run, tmp_path):
    assert play_match(run, tmp_path, "two players, dominos-cc").exit_code == 0
    result = run("games", "export", "1", "--format", "csv")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "hand,leader,end,Ana play,Ben play,Ana end,Ben end,Ana total,Ben total",
        "1,Ana,domino,70,55,10,0,80,55",
        "2,Ben,blocked,0,15,0,50,80,120",
    ]


def test_hand_end_reply_when_the_first_side_collects(run, tmp_path):
    # hand 1 of the two-player match: Ana (side 0) went out and takes Ben's 8 pips, rounded up to 10
    result = play_match(run, tmp_path, "two players, dominos-cc", extra=())
    assert "Ana collects 10 points." in result.stdout
    four = play_match(run, tmp_path, "four players in partnerships, dominos-cc", extra=())
    assert "Ana+Cy collect 10 points." in four.stdout  # partners: a plural subject


def test_hand_end_reply_when_the_second_side_collects(run, tmp_path):
    # hand 2 of the two-player match: blocked, Ben (side 1) has 13 pips against Ana's 48 and takes
    # 48 rounded up to 50
    result = play_match(run, tmp_path, "two players, dominos-cc", extra=())
    assert "Ben collects 50 points." in result.stdout


def test_the_domino_player_leads_the_next_hand_under_pagat(run, tmp_path):
    # pagat: whoever went out leads the next hand. Ana went out in hand 1, so Ben may not lead hand 2.
    pack = write_pack(tmp_path, HOUSE_PAGAT, "house.yaml")
    assert run("table", "--players", "Ana,Ben", "--rules", pack, input=script_input(PAGAT[:18])).exit_code == 0
    before = journal_events()
    result = run("table", "--resume", input="Ben 6|6\n")
    assert result.exit_code == 2
    assert "Refused: it is Ana's turn, not Ben's. Nothing was recorded." in result.stdout
    assert "Hand 2: Ana leads." in result.stdout
    assert journal_events() == before


# --- undo and redo -----------------------------------------------------------------------------------


def test_undo_and_redo_are_journal_events(run):
    result = run("table", "--players", "Ana,Ben", input="6|6\n6|3\nundo\n")
    assert result.exit_code == 0
    assert "Undone: Ben 6|3" in result.stdout
    assert journal_events() == [play(0, "6|6"), play(1, "6|3"), {"type": "undo"}]
    info, state = saved()
    # back to the lone spinner, Ben to play, nobody has scored
    assert (state.scores, str(state.position), state.turn, state.counts) == ([0, 0], "6|6*", 1, [6, 7])
    assert info.scores == [0, 0]

    result = run("table", "--resume", input="redo\n")
    assert result.exit_code == 0 and "Redone: Ben 6|3" in result.stdout
    assert journal_events()[-1] == {"type": "redo"}
    info, state = saved()
    assert (state.scores, str(state.position), state.turn) == ([0, 15], "3 6|6* 6* 6*", 0)
    assert info.scores == [0, 15]


def test_nothing_to_undo_or_redo(run):
    result = run("table", "--players", "Ana,Ben", input="undo\nredo\ndraw\n")
    assert result.exit_code == 2
    assert "Refused: there is nothing to undo. Nothing was recorded." in result.stdout
    assert "Refused: there is nothing to redo. Nothing was recorded." in result.stdout
    assert "Refused: nobody draws before the lead. Nothing was recorded." in result.stdout
    # nothing was played: no match is saved, and none is left to resume
    assert "Nothing was played, so no match was saved." in result.stdout
    with Journal() as journal:
        assert journal.matches() == [] and journal.latest_unfinished() is None
    result = run("table", "--players", "Ana,Ben", input="6|6\nundo\nundo\n")
    assert result.exit_code == 2
    assert result.stdout.count("there is nothing to undo") == 1
    assert journal_events() == [play(0, "6|6"), {"type": "undo"}]


def test_a_new_action_forgets_what_was_undone(run):
    # 6|3 undone, then Ben plays 6|4 instead (4 + 12 = 16, no score): redo has nothing left to put back
    result = run("table", "--players", "Ana,Ben", input="6|6\n6|3\nundo\n6|4\nredo\n")
    assert result.exit_code == 2
    assert "Refused: there is nothing to redo." in result.stdout
    _info, state = saved()
    assert (state.scores, str(state.position), state.turn) == ([0, 0], "4 6|6* 6* 6*", 0)


def test_undo_of_a_hand_ending_play_and_of_the_hand_end(run, tmp_path):
    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    lines = script_input(TWO_PLAYERS[:13], ("undo",))
    result = run("table", "--players", "Ana,Ben", "--rules", pack, input=lines)
    assert result.exit_code == 0
    assert "Undone: Ana 4|4" in result.stdout
    _info, state = saved()
    # before Ana's last tile: Ana 70 - 30 = 40, Ben 55, Ana to play with one tile
    assert state.awaiting is None and state.turn == 0
    assert (state.scores, str(state.position), state.counts) == ([40, 55], "4 5|5* 6|6 5*", [1, 1])

    result = run("table", "--resume", input="redo\n6|2\n")
    assert result.exit_code == 0
    assert "Remaining tile or pips of Ben (1 tile):" in result.stdout
    _info, state = saved()
    assert_state(state, TWO_PLAYERS[13])  # Ana 80, Ben 55, hand 2

    assert journal_events() == events_of(TWO_PLAYERS[:13]) + [{"type": "undo"}, {"type": "redo"}, hand_end(0, 8)]


def test_undo_of_the_hand_end(run, tmp_path):
    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    assert run("table", "--players", "Ana,Ben", "--rules", pack,
               input=script_input(TWO_PLAYERS[:14])).exit_code == 0
    # undo the end of the hand: hand 1 again, waiting for Ben's tile; give it again
    result = run("table", "--resume", input="undo\n6|2\n")
    assert result.exit_code == 0
    assert_in_order(result.stdout, ["Undone: the end of the hand", "Ana collects 10 points."])
    _info, state = saved()
    assert_state(state, TWO_PLAYERS[13])
    assert journal_events() == events_of(TWO_PLAYERS[:14]) + [{"type": "undo"}, hand_end(0, 8)]


def test_undo_of_the_hand_end_in_the_keeper():
    """The keeper alone: undoing the hand_end event reopens hand 1, waiting for Ben's pips."""
    from fives_tutor.packs.loader import load_rules

    events = events_of(TWO_PLAYERS[:14]) + [{"type": "undo"}]
    state = replay(load_rules("dominos-cc"), ["Ana", "Ben"], None, events)
    assert state.awaiting == ("domino", 0) and state.hand_number == 1 and state.scores == [70, 55]
    assert state.sheet == [] and state.pips_needed() == [1]


# --- muggins --------------------------------------------------------------------------------------


def muggins_pack(tmp_path) -> str:
    return write_pack(tmp_path, HOUSE_MUGGINS, "muggins.yaml")


def test_muggins_announced_points_are_credited(run, tmp_path):
    # no spinner: the lone 5|5 counts 10, announced =10: Ana 10
    result = run("table", "--players", "Ana,Ben", "--rules", muggins_pack(tmp_path), input="5|5 =10\n")
    assert result.exit_code == 0
    assert "Scores: Ana 10 · Ben 0 (target 100)" in result.stdout
    assert "Not announced right" not in result.stdout
    assert journal_events() == [play(0, "5|5", announced=10)]


@pytest.mark.parametrize("line", ["5|5", "5|5 =5"])
def test_muggins_unannounced_points_go_to_the_caller(run, tmp_path, line):
    # Ana plays 5|5 (10) without announcing 10; Ben calls muggins and takes the 10
    result = run("table", "--players", "Ana,Ben", "--rules", muggins_pack(tmp_path), input=f"{line}\nmuggins\n")
    assert result.exit_code == 0
    assert_in_order(result.stdout, ["Not announced right: 10 points can be claimed with 'muggins'.",
                                    "Ben calls muggins and takes 10 points.", "Scores: Ana 0 · Ben 10 (target 100)"])
    assert journal_events()[-1] == {"type": "claim", "player": 1}
    _info, state = saved()
    assert state.scores == [0, 10] and state.turn == 1


def test_muggins_wrong_claim_gives_the_accused_the_points(run, tmp_path):
    # Ana leads 5|5 and announces its 10 (no spinner: the lone double counts 10): nothing is left
    # to claim. Ben's "muggins 10" is wrong: under wrong_claim claimed_points Ana is given the 10
    # Ben claimed (Foster's Hoyle: an erroneous score is marked by the adversary as a penalty).
    result = run("table", "--players", "Ana,Ben", "--rules", muggins_pack(tmp_path), input="5|5 =10\nmuggins 10\n")
    assert result.exit_code == 0
    assert "Wrong call: nothing to take; Ana is given 10 points." in result.stdout
    assert journal_events()[-1] == {"type": "claim", "player": 1, "amount": 10}
    info, state = saved()
    assert state.scores == [20, 0] and info.scores == [20, 0]
    assert state.sheet == [] and state.from_play == [20, 0]


@pytest.mark.parametrize("lines, bound", [
    # 5|4 leads: 9, no score: a claim can name nothing
    ("5|4\nmuggins 10\n", "muggins 10: the last play scored 0 points, so a claim can be at most that"),
    # 5|5 =10, announced: a wrong claim costs at most what the play scored
    ("5|5 =10\nmuggins 5000\n", "muggins 5,000: the last play scored 10 points, so a claim can be at most that"),
    # 5|5 unannounced: 10 can be claimed, not more
    ("5|5\nmuggins 15\n", "muggins 15: the last play left 10 points unannounced, so a claim can be at most that"),
    # a number of any length is refused before it is converted
    ("5|5\nmuggins " + "9" * 5000 + "\n", "'muggins' takes a number, such as muggins 10"),
])
def test_a_muggins_claim_is_bounded_by_what_the_last_play_scored(run, tmp_path, lines, bound):
    result = run("table", "--players", "Ana,Ben", "--rules", muggins_pack(tmp_path), input=lines)
    assert result.exit_code == 2
    assert bound in " ".join(result.stdout.split())  # the reply is wrapped to the width
    assert all(event["type"] == "play" for event in journal_events())  # the claim was not saved
    _info, state = saved()
    assert state.scores == ([10, 0] if "=10" in lines else [0, 0])


def test_muggins_only_until_the_next_play(run, tmp_path):
    # Ana's unannounced 10 (lone 5|5); Ben plays 5|0 =10 (0 + 10 = 10, announced): Ana's 10 can no
    # longer be claimed, and Ana's own call is wrong with nothing named: nothing changes hands.
    result = run("table", "--players", "Ana,Ben", "--rules", muggins_pack(tmp_path),
                 input="5|5\n5|0 =10\nmuggins\n")
    assert result.exit_code == 0
    assert "Wrong call: there is nothing to take." in result.stdout
    _info, state = saved()
    assert state.scores == [0, 10]


def test_muggins_refused_for_the_players_own_side_and_without_muggins(run, tmp_path):
    result = run("table", "--players", "Ana,Ben", "--rules", muggins_pack(tmp_path), input="5|5\nAna muggins\n")
    assert result.exit_code == 2
    assert "Refused: only an opponent of the last player may call muggins." in result.stdout
    assert journal_events() == [play(0, "5|5")]
    result = run("table", "--players", "Cy,Dee", input="5|5\nmuggins\n")
    assert result.exit_code == 2
    assert "Refused: this rule pack has no muggins." in result.stdout
    assert journal_events(2) == [play(0, "5|5")]


SHORT_MUGGINS = """\
id: short-muggins
extends: muggins
rules:
  players:
    hand_size: {2: 2, 3: 2, 4: 2}
  match:
    target: {2: 100, 3: 100, 4: 100}
"""


def test_muggins_on_the_play_that_goes_out(run, tmp_path):
    # two tiles each (a short house deal). No spinner. Ana leads 5|5 =10 (lone double: 10).
    # Ben 5|0 =10: 0 + 10 = 10. Ana's last tile 0|0 crosswise on the 0: 0 + 10 = 10, not
    # announced: Ben calls muggins and takes 10. Ben holds 6|6: 12 pips, rounded to 10 for Ana.
    pack = write_pack(tmp_path, SHORT_MUGGINS, "short.yaml")
    result = run("table", "--players", "Ana,Ben", "--rules", pack, input="5|5 =10\n5|0 =10\n0|0\nmuggins\n6|6\n")
    assert result.exit_code == 0, result.stdout
    assert "Ben calls muggins and takes 10 points." in result.stdout
    _info, state = saved()
    assert state.scores == [20, 20]
    assert state.sheet[0].from_play == (10, 20) and state.sheet[0].at_end == (10, 0)


# --- refused entries ------------------------------------------------------------------------------

HAND_OVER = [step.line for step in TWO_PLAYERS[:13]]  # Ana has just gone out; Ben's tile is asked

REFUSALS = [
    # (setup lines, bad line, the reason)
    (["6|6", "6|3"], "2|1", "2|1 fits no open end of 3 6|6* 6* 6*"),
    (["6|6", "6|3"], "6|6", "6|6 is already on the table"),
    (["6|6", "6|3"], "3|6@3", "6|3 is already on the table"),
    (["6|6"], "7|7", "bad tile '7|7': 7 pips is more than this set has (0 to 6)"),
    (["6|6"], "Zed 6|1", "'Zed' is not a player of this match (Ana, Ben)"),
    (["6|6", "6|3"], "6|2", "6|2 fits more than one end: say where with one of 6|2@6|6*, 6|2@6*"),
    (["6|6", "6|3"], "6|2@3", "6|2 does not fit on 3: it has no 3"),
    (["6|6"], "draw 15", "the boneyard has only 14 tiles to draw"),
    (["6|6", "draw 14"], "draw", "the boneyard has no tile to draw"),
    (["6|6"], "pass", "a player who cannot play must draw while the boneyard has tiles"),
    (["6|6"], "draw two", "'draw' takes a number, such as draw 2"),
    (["6|6"], "hello", "'hello' is neither a tile such as 5|3 nor a command: did you mean help?"),
    (["6|6"], "xyzzy", "'xyzzy' is neither a tile such as 5|3 nor a command (help lists them)"),
    (["6|6"], "6|3 =x", "after a play only the announced points may follow, such as =10"),
    (["6|6"], "sheet please", "'sheet' takes nothing after it"),
    # Ben holds one tile: at most 12 pips
    (HAND_OVER, "13", "13 pips is not possible for Ben's 1 tile"),
    (HAND_OVER, "4|4", "4|4 is already on the table"),
    (HAND_OVER, "6|2 3|3", "Ben holds 1 tile, not 2"),
    (HAND_OVER, "draw", "the hand is over: give the remaining tiles or pips of Ben first"),
]


@pytest.mark.parametrize("setup, bad, reason", REFUSALS, ids=[bad for _s, bad, _r in REFUSALS])
def test_bad_entry_is_refused_and_changes_nothing(run, tmp_path, setup, bad, reason):
    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    first = run("table", "--players", "Ana,Ben", "--rules", pack, input="".join(line + "\n" for line in setup))
    assert first.exit_code == 0, first.stdout
    before_events = journal_events()
    before_info, before_state = saved()
    result = run("table", "--resume", input=bad + "\n")
    assert result.exit_code == 2
    # replies are wrapped to the terminal's width: a refusal's continuation lines hang under it
    lines = re.sub(r"\n  (?=\S)", " ", result.stdout).splitlines()
    refusals = [line for line in lines if line.startswith("Refused: ")]
    assert len(refusals) == 1 and refusals[0].startswith(f"Refused: {reason}"), result.stdout
    assert refusals[0].endswith("Nothing was recorded.")
    after_info, after_state = saved()
    assert journal_events() == before_events
    assert after_info.scores == before_info.scores and after_info.updated == before_info.updated
    assert (after_state.scores, str(after_state.position), after_state.counts, after_state.turn,
            after_state.awaiting) == (before_state.scores, str(before_state.position), before_state.counts,
                                      before_state.turn, before_state.awaiting)


def test_a_refused_line_does_not_stop_the_lines_after_it(run):
    # 2|1 fits nothing; then Ben's 6|2 on an arm: 3 + 12 + 2 + 0 = 17, no score
    result = run("table", "--players", "Ana,Ben", input="6|6\n6|3\n2|1\n6|2@6*\n")
    assert result.exit_code == 2
    assert_in_order(result.stdout, ["Refused: 2|1 fits no open end", "Ana plays 6|2@6*: 3 6|6* 2 6*"])
    assert journal_events() == [play(0, "6|6"), play(1, "6|3"), play(0, "6|2", "6*")]


def test_play_after_the_match_is_over_is_refused(run, tmp_path):
    assert play_match(run, tmp_path, "two players, dominos-cc", extra=()).exit_code == 0
    before = journal_events()
    result = run("table", "--resume", "1", input="5|5\n")
    assert result.exit_code == 2
    assert "Refused: the match is over. Nothing was recorded." in result.stdout
    assert journal_events() == before


@pytest.mark.parametrize("args, message", [
    (["--players", "Ana,Ana"], "each player needs a different name"),
    (["--players", "Ana,undo"], "'undo' cannot be a player's name"),
    # a saved match keeps names of at most 40 characters: a longer one is refused at the start
    (["--players", "Ana," + "E" * 41], "a player's name can have at most 40 characters"),
    (["--players", "Ana,Ben,Cy,Dee,Eve"], "dominos-cc is for 2 to 4 players, not 5"),
    (["--players", "Ana,Ben,Cy,Dee", "--teams", "Ana+Ben,Cy+Zed"], "--teams names a player who is not in --players"),
    (["--players", "Ana,Ben", "--teams", "Ana+Ben"], "--teams needs four players in two teams of two"),
    ([], "give --players when standard input is not a terminal"),
])
def test_bad_setup_is_refused_and_saves_no_match(run, args, message):
    result = run("table", *args, input="6|6\n")
    assert result.exit_code == 2
    assert message in result.stderr
    with Journal() as journal:
        assert journal.matches() == []


def test_a_name_of_forty_characters_is_kept_and_read_back(run):
    name = "E" * 40
    assert run("table", "--players", f"Ana,{name}", input="6|6\n").exit_code == 0
    listed = run("games", "show", "1")
    assert listed.exit_code == 0 and name in listed.stdout


def test_show_commands_record_nothing_and_quit_stops_reading(run):
    result = run("table", "--players", "Ana,Ben",
                 input="6|6\n6|3\nhistory\nboard\nsheet\nrules\nhelp\nquit\n6|2@6*\n")
    assert result.exit_code == 0
    assert_in_order(result.stdout, ["Hand 1", "Ana 6|6 → 6|6* (no score)", "Ben 6|3 → 3 6|6* 6* 6* (15 points)",
                                    "1     Ana     0 so far  15 so far", "undo, redo"])
    assert "6|2" not in result.stdout
    assert journal_events() == [play(0, "6|6"), play(1, "6|3")]


# --- resume --------------------------------------------------------------------------------------


def test_resume_continues_the_latest_unfinished_match(run, tmp_path):
    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    tiny = write_pack(tmp_path, "extends: dominos-cc\nrules:\n  match:\n    target: {2: 10, 3: 10, 4: 10}\n",
                      "tiny.yaml")
    # match 1: the first eight plays of the two-player match (Ana 20, Ben 40, Ana to play)
    assert run("table", "--players", "Ana,Ben", "--rules", pack,
               input=script_input(TWO_PLAYERS[:8])).exit_code == 0
    # match 2: Cy leads 5|5 for 10, the target of the tiny pack: finished at once
    result = run("table", "--players", "Cy,Dee", "--rules", tiny, input="5|5\n")
    assert "Cy wins the match with 10 points!" in result.stdout
    os.remove(pack)  # the match keeps its rules: resuming needs no pack file
    result = run("table", "--resume", input=script_input(TWO_PLAYERS[8:13]))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert_in_order(result.stdout, ["Match 1: Ana, Ben", "Scores: Ana 20 · Ben 40 (target 100)", "Ana to play.",
                                    "Ana plays 3|4@3: 4 5|5* 2 5*", "Ana goes out: domino!",
                                    "Remaining tile or pips of Ben (1 tile):"])
    assert journal_events(1) == events_of(TWO_PLAYERS[:13])
    _info, state = saved(1)
    assert_state(state, TWO_PLAYERS[12])
    assert journal_events(2) == [play(0, "5|5")]


def test_resume_at_a_hand_end_and_by_number(run, tmp_path):
    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    assert run("table", "--players", "Ana,Ben", "--rules", pack, input=script_input(TWO_PLAYERS[:13])).exit_code == 0
    assert run("table", "--players", "Cy,Dee", input="6|6\n").exit_code == 0
    # match 2 is the latest unfinished; --resume 1 picks the first, where Ben's tile is awaited
    result = run("table", "--resume", "1", input=script_input(TWO_PLAYERS[13:16]))
    assert result.exit_code == 0, result.stdout
    assert "Ana collects 10 points." in result.stdout
    _info, state = saved(1)
    assert_state(state, TWO_PLAYERS[15])
    assert journal_events(2) == [play(0, "6|6")]


def test_resume_keeps_the_partnerships(run, tmp_path):
    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    options = ["--players", "Ana,Ben,Cy,Dee", "--teams", "Ana+Cy,Ben+Dee", "--rules", pack]
    assert run("table", *options, input=script_input(FOUR_PLAYERS[:10])).exit_code == 0
    result = run("table", "--resume", input=script_input(FOUR_PLAYERS[10:]))
    assert result.exit_code == 0
    assert_in_order(result.stdout, ["Match 1: Ana+Cy, Ben+Dee", "Scores: Ana+Cy 25 · Ben+Dee 20 (target 70)",
                                    "Cy to play.", FOUR_PLAYERS_WINNER])
    info, state = saved()
    assert info.finished and info.teams == [[0, 2], [1, 3]]
    assert_state(state, FOUR_PLAYERS[-1])


@pytest.mark.parametrize("args, message", [
    (["--resume"], "there is no unfinished match to resume"),
    (["--resume", "7"], "there is no saved match 7"),
    (["--resume", "one"], "--resume takes the number of a saved match"),
    (["--resume", "--players", "Ana,Ben"], "--resume continues a saved match: give no --players, --teams or --rules"),
])
def test_resume_refusals(run, args, message):
    result = run("table", *args, input="6|6\n")
    assert result.exit_code == 2
    assert message in result.stderr
    with Journal() as journal:
        assert journal.matches() == []


def test_a_refusal_that_ends_on_a_question_takes_no_full_stop():
    """"Refused: {reason}. Nothing was recorded." after a reason that asks
    ("did you mean 6|6?") would read "6|6?. Nothing"."""
    from fives_tutor.errors import FivesError, did_you_mean
    from fives_tutor.table.render import refusal
    from fives_tutor.text.i18n import activate

    error = FivesError("{hint}", hint=did_you_mean("6|7", ["6|6", "0|0"]))
    try:
        for lang, expected in (("en", "Refused: did you mean 6|6? Nothing was recorded."),
                               ("nl", "Geweigerd: bedoelde je 6|6? Er is niets genoteerd.")):
            activate(lang)
            assert refusal(error) == expected
    finally:
        activate("en")
