"""``fives games list|show|export|import|delete`` on matches kept with ``fives table``.
The sheets are the hand-worked ones of ``table_scripts.py``."""

from __future__ import annotations

import json
import re

import pytest
from table_scripts import (
    FOUR_PLAYERS,
    HOUSE_CC,
    TWO_PLAYERS,
    TWO_PLAYERS_SHEET,
    events_of,
    play,
    script_input,
    write_pack,
)

from fives_tutor.store.journal import Journal


@pytest.fixture
def two_matches(run, tmp_path):
    """Match 1: the whole two-player match (Ben wins 120 to 80). Match 2: Cy and Dee,
    Cy led 6|6 and Dee played 6|3 (3 + 12 = 15 for Dee), unfinished."""
    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    assert run("table", "--players", "Ana,Ben", "--rules", pack, input=script_input(TWO_PLAYERS)).exit_code == 0
    assert run("table", "--players", "Cy,Dee", input="6|6\n6|3\n").exit_code == 0
    return pack


def matches_now():
    with Journal() as journal:
        return [(m.id, m.names, m.scores, m.finished) for m in journal.matches()]


def test_list_with_no_matches(run, tmp_path):
    result = run("games", "list")
    assert result.exit_code == 0
    assert "No saved matches yet: fives table starts one." in result.stdout
    assert json.loads(run("games", "list", "--json").stdout) == []
    # a --db the user names that is not there is a slip, said as one (never "no matches yet"), and not made
    missing = tmp_path / "none.sqlite3"
    refused = run("games", "list", "--json", "--db", str(missing))
    assert refused.exit_code == 2 and refused.stdout == ""
    assert refused.stderr == f"Error: cannot read the saved games at {missing}: there is no such file or folder\n"
    assert not missing.exists()


def test_list_json_and_text(run, two_matches):
    listed = json.loads(run("games", "list", "--json").stdout)
    # newest first: match 2 was updated last
    assert [(m["id"], m["players"], m["rules"], m["scores"], m["finished"]) for m in listed] == [
        (2, ["Cy", "Dee"], "dominos-cc", {"Cy": 0, "Dee": 15}, False),
        (1, ["Ana", "Ben"], "house-cc", {"Ana": 80, "Ben": 120}, True),
    ]
    text = run("games", "list").stdout
    lines = [line for line in text.splitlines() if line[:1].isdigit()]
    assert lines[0].startswith("2") and "Cy, Dee" in lines[0] and "Cy 0 · Dee 15" in lines[0]
    assert lines[0].rstrip().endswith("unfinished")
    assert lines[1].startswith("1") and "Ana 80 · Ben 120" in lines[1] and lines[1].rstrip().endswith("finished")


def test_list_shows_partnerships(run, tmp_path):
    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    assert run("table", "--players", "Ana,Ben,Cy,Dee", "--teams", "Ana+Cy,Ben+Dee", "--rules", pack,
               input=script_input(FOUR_PLAYERS)).exit_code == 0
    listed = json.loads(run("games", "list", "--json").stdout)
    assert listed[0]["scores"] == {"Ana+Cy": 70, "Ben+Dee": 55} and listed[0]["finished"] is True


def test_show_text(run, two_matches):
    result = run("games", "show", "1")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Match 1: Ana, Ben, house-cc"
    # each hand's cell adds up (15 + 50 = 65 in hand 2), the totals row has 80 and 120
    assert "70 + 10 = 80" in result.stdout and "15 + 50 = 65" in result.stdout
    assert re.search(r"Total\s+80\s+120", result.stdout)
    assert lines[-1] == "Scores: Ana 80 · Ben 120 (target 100)"
    # the unfinished match shows the hand in progress: Dee 15 so far
    shown = run("games", "show", "2").stdout
    assert "15 so far" in shown and "Scores: Cy 0 · Dee 15 (target 150)" in shown


def test_show_json(run, two_matches):
    data = json.loads(run("games", "show", "1", "--json").stdout)
    assert data["format"] == "fives-tutor-match" and data["version"] == 1
    assert data["sheet"] == TWO_PLAYERS_SHEET
    assert data["events"] == events_of(TWO_PLAYERS)
    match = data["match"]
    assert (match["id"], match["names"], match["teams"], match["rules_id"], match["scores"], match["finished"]) == (
        1, ["Ana", "Ben"], None, "house-cc", [80, 120], True)
    assert match["rules_data"]["rules"]["match"]["target"]["2"] == 100  # the house pack's target, kept
    unfinished = json.loads(run("games", "show", "2", "--json").stdout)
    assert unfinished["sheet"] == [] and unfinished["match"]["scores"] == [0, 15]
    assert unfinished["match"]["finished"] is False


@pytest.mark.parametrize("args, message", [
    (["show", "9"], "there is no saved match 9"),
    (["show", "one"], "give the number of a saved match"),
    (["export", "9"], "there is no saved match 9"),
    (["delete", "9", "--yes"], "there is no saved match 9"),
])
def test_missing_match(run, two_matches, args, message):
    result = run("games", *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_export_json_to_a_file_and_csv(run, two_matches, tmp_path):
    target = tmp_path / "match1.json"
    result = run("games", "export", "1", "-o", str(target))
    assert result.exit_code == 0 and result.stdout == ""
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["sheet"] == TWO_PLAYERS_SHEET and data["events"] == events_of(TWO_PLAYERS)
    csv_text = run("games", "export", "2", "--format", "csv").stdout
    # match 2 has no finished hand: only the header
    assert csv_text.splitlines() == ["hand,leader,end,Cy play,Dee play,Cy end,Dee end,Cy total,Dee total"]


def test_export_then_import_gives_the_same_match(run, two_matches, tmp_path):
    target = tmp_path / "match1.json"
    assert run("games", "export", "1", "-o", str(target)).exit_code == 0
    result = run("games", "import", str(target))
    assert result.exit_code == 0
    assert "Imported as match 3." in result.stdout
    original = json.loads(run("games", "show", "1", "--json").stdout)
    imported = json.loads(run("games", "show", "3", "--json").stdout)
    assert imported["events"] == original["events"] and imported["sheet"] == original["sheet"]
    assert imported["match"]["scores"] == [80, 120] and imported["match"]["finished"] is True
    assert imported["match"]["names"] == ["Ana", "Ben"]


def test_import_an_unfinished_match_into_another_file_and_resume_it(run, two_matches, tmp_path):
    target = tmp_path / "match2.json"
    assert run("games", "export", "2", "-o", str(target)).exit_code == 0
    other = str(tmp_path / "other.sqlite3")
    assert "Imported as match 1." in run("games", "import", str(target), "--db", other).stdout
    # Cy to play on 3 6|6* 6* 6*: 6|0 on an arm makes 3 + 12 + 0 = 15 for Cy
    result = run("table", "--resume", "--db", other, input="6|0@6*\n")
    assert result.exit_code == 0
    assert "Scores: Cy 15 · Dee 15 (target 150)" in result.stdout
    with Journal(other) as journal:
        assert journal.events(1) == [play(0, "6|6"), play(1, "6|3"), play(0, "6|0", "6*")]


def _export(run) -> dict:
    return json.loads(run("games", "show", "1", "--json").stdout)


def _bad_imports(run):
    good = _export(run)

    def changed(path, value):
        data = json.loads(json.dumps(good))
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return json.dumps(data)

    illegal = json.loads(json.dumps(good))
    illegal["events"][1] = play(1, "2|1")  # 2|1 does not fit the lone 5|5
    illegal["match"].pop("scores")
    seven = json.loads(json.dumps(good))
    seven["events"][0] = play(0, "7|7")
    seven["match"].pop("scores")
    return [
        (json.dumps([1, 2]), 'it has no "format": "fives-tutor-match"'),
        (changed(["format"], "something-else"), 'it has no "format": "fives-tutor-match"'),
        (changed(["version"], 2), "version 2 is not one this fives-tutor reads"),
        (changed(["events"], {"type": "play"}), '"match" must be an object and "events" a list of objects'),
        (changed(["match", "names"], None), '"names" must be a list of 2 to 10 different player names'),
        (changed(["match", "names"], []), '"names" must be a list of 2 to 10 different player names'),
        (changed(["match", "names"], ["Ana", "Ben", "Cy"]), "event 3 does not apply: it is Cy's turn, not Ana's"),  # the third play is Ana's, after Ben it is Cy's turn
        (changed(["match", "scores"], [80, 125]), "its scores [80, 125] are not what its events give ([80, 120])"),
        (json.dumps(illegal), "2|1 fits no open end of 5|5*"),
        (json.dumps(seven), "bad tile '7|7'"),
        (changed(["match", "rules_data"], {"id": "x"}), '"rules_data" is not a rule pack'),
    ]


def test_malformed_imports_are_refused_and_add_nothing(run, two_matches, tmp_path):
    before = matches_now()
    for index, (text, reason) in enumerate(_bad_imports(run)):
        path = tmp_path / f"bad{index}.json"
        path.write_text(text, encoding="utf-8")
        result = run("games", "import", str(path))
        assert result.exit_code == 2, text
        assert f"{path} is not a JSON export of a match" in result.stderr
        assert reason in result.stderr, (reason, result.stderr)
        assert matches_now() == before


def test_import_of_a_missing_file(run, two_matches, tmp_path):
    result = run("games", "import", str(tmp_path / "nothing.json"))
    assert result.exit_code == 2
    assert f"there is no file {tmp_path / 'nothing.json'}" in result.stderr
    assert "JSON" not in result.stderr  # a missing file is not a file that is not JSON


def test_import_of_a_file_that_is_not_json_names_the_line_and_column(run, two_matches, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{\n  "format": fives\n}\n', encoding="utf-8")  # line 2, column 13: the f of fives
    before = matches_now()
    result = run("games", "import", str(path))
    assert result.exit_code == 2
    assert f"{path} is not valid JSON (line 2, column 13)" in result.stderr
    assert "Expecting" not in result.stderr  # Python's own English detail stays out
    assert matches_now() == before
    nl = run("games", "import", str(path), "--lang", "fa")
    assert "۲" in nl.stderr and "۱۳" in nl.stderr and "Expecting" not in nl.stderr


def test_delete_with_yes(run, two_matches):
    result = run("games", "delete", "1", "--yes")
    assert result.exit_code == 0
    assert "Match 1 deleted." in result.stdout
    assert [m[0] for m in matches_now()] == [2]
    with Journal() as journal:
        assert journal.events(1) == []
    assert run("games", "show", "1").exit_code == 2


def test_a_damaged_match_can_be_deleted(run, two_matches):
    """A match whose row cannot be read (here a name longer than a saved match keeps)
    stops the reading commands; deleting it by its number is how a reader is rid of it."""
    import os
    import sqlite3

    with sqlite3.connect(os.path.join(os.environ["FIVES_HOME"], "games.sqlite3")) as connection:
        connection.execute("UPDATE matches SET names = ? WHERE id = 1", (json.dumps(["Ana", "E" * 41]),))
    assert run("games", "show", "1").exit_code == 2
    result = run("games", "delete", "1", "--yes")
    assert result.exit_code == 0 and "Match 1 deleted." in result.stdout
    assert [m[0] for m in matches_now()] == [2]
    assert run("games", "delete", "1", "--yes").exit_code == 2  # gone: there is none to delete


def test_delete_without_yes_needs_a_terminal(run, two_matches):
    before = matches_now()
    result = run("games", "delete", "1", input="y\n")
    assert result.exit_code == 2
    assert "add --yes to delete without a terminal to ask on" in result.stderr
    assert matches_now() == before
    with Journal() as journal:
        assert journal.events(1) == events_of(TWO_PLAYERS)
