"""``fives puzzle`` through Click: ten puzzles of rising difficulty in every pack and in
several languages, the rating that moves with the answers, a mistake from the last
practice match coming back as a puzzle, a missed puzzle coming back on its schedule,
the worksheet, JSON and the statistics."""

from __future__ import annotations

import datetime
import json
import os
import re
import sys
from pathlib import Path

import pytest

from fives_tutor.store.progress import Progress
from fives_tutor.tutor import puzzle_data

sys.path.insert(0, os.path.dirname(__file__))


class Clock:
    def __init__(self):
        self.now = datetime.datetime(2025, 3, 1, 12, 0, tzinfo=datetime.timezone.utc)

    def __call__(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    made = Clock()
    monkeypatch.setattr(Progress, "clock", staticmethod(made))
    return made


@pytest.fixture
def solver(monkeypatch):
    """Answer each puzzle as it is served: ``solver.right`` says whether with its answer
    or with its counting play (the most points now, never the answer). The puzzle being
    served is the one whose position was last built."""
    import fives_tutor.cli.puzzle as command
    import fives_tutor.tutor.puzzles as logic

    class Solver:
        right = True
        served: list = []
        lines: list = []

    built = logic.situation_of

    def situation_of(puzzle, rules):
        Solver.served.append(puzzle)
        return built(puzzle, rules)

    class Console:
        def __init__(self, visual=False):
            pass

        def show(self, text="", wrap=True):
            Solver.lines.append(text)

        def ask(self, prompt):
            puzzle = Solver.served[-1]
            return puzzle.answer if Solver.right else puzzle.counting

    monkeypatch.setattr(logic, "situation_of", situation_of)
    monkeypatch.setattr(command, "Console", Console)
    Solver.served, Solver.lines = [], []
    return Solver


def rating(run):
    return json.loads(run("puzzle", "--stats", "--json").stdout)["rating"]


@pytest.mark.parametrize("pack", puzzle_data.shipped_packs())
def test_ten_puzzles_of_rising_difficulty_in_every_pack(run, solver, pack):
    result = run("puzzle", "--rules", pack, "--count", "10")
    assert result.exit_code == 0, result.stderr
    ratings = [p.rating for p in solver.served]
    assert len(ratings) == 10 and len({p.id for p in solver.served}) == 10
    assert ratings == sorted(ratings)                       # rising difficulty
    assert "10 right out of 10." in solver.lines
    assert rating(run) > 1500                               # ten right answers raise the rating


@pytest.mark.parametrize("lang", ["nl", "fa", "tl", "id"])
def test_a_session_in_every_language(run, solver, lang):
    solver.right = False
    result = run("puzzle", "--count", "3", "--lang", lang)
    assert result.exit_code == 0, result.stderr
    assert len(solver.served) == 3
    text = "\n".join(solver.lines)
    words = {"nl": "Deze keer niet", "fa": "این بار نه", "tl": "Hindi ngayon", "id": "Belum kali ini"}
    assert text.count(words[lang]) == 3
    assert rating(run) < 1500                               # three misses lower it


def test_the_rating_moves_with_the_answers(run, solver):
    run("puzzle", "--count", "2")
    up = rating(run)
    solver.right = False
    run("puzzle", "--count", "2")
    down = rating(run)
    assert up > 1500 and down < up
    stats = json.loads(run("puzzle", "--stats", "--json").stdout)
    assert [a["solved"] for a in stats["answers"]] == [True, True, False, False]
    assert [a["rating"] for a in stats["answers"]][:2] == sorted(a["rating"] for a in stats["answers"][:2])
    assert stats["themes"] and all(t["missed"] >= 1 for t in stats["themes"])


def test_each_play_is_shown_with_its_value_and_the_reason(run, solver):
    solver.right = False
    run("puzzle", "--count", "1")
    puzzle = solver.served[0]
    text = "\n".join(solver.lines)
    assert f"Not this time: the best play is {puzzle.answer}." in text
    assert "Why: " in text and "Value: " in text
    for play in puzzle.plays:
        assert play.play in text
    assert re.search(r"Your rating: 1,500 → 1,\d{3} \(± \d+\)\.", text)


def test_a_missed_puzzle_comes_back_on_its_schedule(run, solver, clock):
    solver.right = False
    run("puzzle", "--count", "1")
    missed = solver.served[0]
    # a moment later it is not due yet: a new puzzle is served
    solver.right = True
    run("puzzle", "--count", "1")
    assert solver.served[1].id != missed.id
    # an hour later it comes back first, and is not rated again
    clock.now += datetime.timedelta(hours=1)
    before = rating(run)
    solver.lines.clear()
    run("puzzle", "--count", "1")
    assert solver.served[2].id == missed.id
    assert "A puzzle you missed before, back on your schedule." in solver.lines
    assert rating(run) == before


def test_a_mistake_from_the_last_practice_match_comes_back(run, tmp_path):
    # a practice match as fives play keeps it: the coach judges each play of yours
    from play_scripts import first_mistake

    db = os.path.join(os.environ["FIVES_HOME"], "games.sqlite3")
    mistake, _practice = first_mistake(db)
    # the next puzzle session reads the game, and the mistake comes first
    result = run("puzzle", "--count", "1", input=mistake.best + "\n")
    assert result.exit_code == 0, result.stderr
    text = " ".join(result.stdout.split())
    assert "1 new puzzle from your own games: it comes first." in text
    assert f"You played {mistake.play} here. Find a better play." in text
    assert f"Right! The coach marks {mistake.best} best." in text
    # read once: the next session does not add it again, and it is not due again at once
    again = run("puzzle", "--count", "1", input="q\n")
    assert "from your own games" not in again.stdout and "Find a better play" not in again.stdout


def test_json_and_the_worksheet(run):
    data = json.loads(run("puzzle", "--json", "--count", "4", "--rules", "five-up").stdout)
    assert data["rules"] == "five-up" and data["rating"] == 1500.0 and len(data["puzzles"]) == 4
    assert [p["rating"] for p in data["puzzles"]] == sorted(p["rating"] for p in data["puzzles"])
    first = data["puzzles"][0]
    assert first["answer"] == first["plays"][0][0] and first["theme"] in puzzle_data.THEMES
    sheet = run("puzzle", "--print", "3").stdout
    assert sheet.startswith("# Puzzles: ") and "## Answer key" in sheet
    assert len(re.findall(r"^\d+\. \*\*", sheet, flags=re.M)) == 3


def test_a_mistake_made_under_a_house_pack_comes_back_under_that_pack(run):
    # a practice match as fives play --rules short.yaml keeps it, under a house pack of 25 points
    from play_scripts import first_mistake

    folder = os.path.join(os.environ["FIVES_HOME"], "rules")  # the learner's packs folder
    os.makedirs(folder, exist_ok=True)
    pack = Path(folder) / "short.yaml"
    pack.write_text("id: short-match\nextends: dominos-cc\nrules:\n  match:\n    target: 25\n", encoding="utf-8")
    db = os.path.join(os.environ["FIVES_HOME"], "games.sqlite3")
    mistake, _practice = first_mistake(db, pack=str(pack))
    # a session of dominos-cc neither announces nor serves it: it was made under other rules
    shipped = run("puzzle", "--count", "1", input="q\n")
    assert shipped.exit_code == 0, shipped.stderr
    assert "from your own games" not in shipped.stdout and "Find a better play" not in shipped.stdout
    # the house pack has no shipped puzzles, but the learner's own: they are served under it
    house = run("puzzle", "--rules", str(pack), "--count", "1", input=mistake.best + "\n")
    assert house.exit_code == 0, house.stderr
    text = " ".join(house.stdout.split())
    assert "short-match" in text and f"You played {mistake.play} here. Find a better play." in text
    assert f"Right! The coach marks {mistake.best} best." in text
    # a learner who reads the game first under the pack (named by its id) hears of it
    os.remove(os.path.join(os.environ["FIVES_HOME"], "progress.sqlite3"))
    house = run("puzzle", "--rules", "short-match", "--count", "1", input=mistake.best + "\n")
    assert house.exit_code == 0, house.stderr
    text = " ".join(house.stdout.split())
    assert "1 new puzzle from your own games: it comes first." in text
    assert f"You played {mistake.play} here. Find a better play." in text


def test_theme_and_players_choose_the_puzzles(run):
    every = puzzle_data.load("dominos-cc")
    theme = every[0].theme
    data = json.loads(run("puzzle", "--json", "--theme", theme, "--count", "50").stdout)
    assert data["puzzles"] and {p["theme"] for p in data["puzzles"]} == {theme}
    data = json.loads(run("puzzle", "--json", "--players", "3", "--count", "50").stdout)
    assert data["puzzles"] and {p["players"] for p in data["puzzles"]} == {3}


def test_a_house_pack_has_no_puzzles(run, tmp_path):
    pack = tmp_path / "house.yaml"
    pack.write_text("id: house\nextends: dominos-cc\nrules:\n  match:\n    target: {2: 100, 3: 100, 4: 100}\n",
                    encoding="utf-8")
    result = run("puzzle", "--rules", str(pack))
    assert result.exit_code == 2
    assert "there are no puzzles for the rule pack house" in result.stderr


def test_slips_are_asked_again_and_q_stops(run):
    result = run("puzzle", "--count", "2", input="9|9\n\nhello\n?\nq\n")
    assert result.exit_code == 0
    out = " ".join(result.stdout.split())
    assert "bad tile '9|9'" in out and "type your play" in out and "Hint: " in out
    assert "No puzzle was answered." in out
    assert json.loads(run("puzzle", "--stats", "--json").stdout)["answers"] == []


def test_a_damaged_progress_file_is_read_without_failing(run, solver):
    # a card, an answer and a personal puzzle that are not what fives-tutor wrote
    run("puzzle", "--count", "1")
    path = os.path.join(os.environ["FIVES_HOME"], "progress.sqlite3")
    import sqlite3

    db = sqlite3.connect(path)
    db.execute("INSERT INTO cards VALUES ('puzzle', 'dominos-cc', 'x', '{not json', '2000-01-01T00:00:00+00:00')")
    db.execute("INSERT INTO cards VALUES ('personal', 'dominos-cc', 'y', '{}', '2000-01-01T00:00:00+00:00')")
    db.execute("INSERT INTO personal VALUES ('y', 'dominos-cc', '[1, 2', '2000-01-01T00:00:00+00:00')")
    db.execute("INSERT INTO puzzle_answers (at, pack, puzzle, theme, solved, rating, rd, volatility, puzzle_rating)"
               " VALUES ('x', 'dominos-cc', 'z', 'luck', 1, 'high', 'x', 'y', 'z')")
    db.commit()
    db.close()
    assert run("puzzle", "--stats").exit_code == 0
    result = run("puzzle", "--count", "2")
    assert result.exit_code == 0, result.stderr
    assert len(solver.served) == 3


def test_a_play_that_left_the_race_is_said_to_have():
    """A play that left the search's race stands below the plays valued to the end even
    when its value is higher: the table says so, and a note says why."""
    from types import SimpleNamespace

    from fives_tutor.table.puzzle_text import plays_table
    from fives_tutor.text.i18n import activate

    activate("en")

    def item(notation: str, value: float, raced: bool) -> SimpleNamespace:
        return SimpleNamespace(play=SimpleNamespace(notation=notation, points=0), value=value, stderr=1.0,
                               raced_out=raced)

    lines, notes = plays_table([item("2|2@2", 22.1, False), item("2|6@2", 7.0, False), item("2|1@2", 15.6, True)],
                               "2|2@2", None, "monte-carlo", 1000)
    assert [("left the race" in line) for line in lines[2:]] == [False, False, True]
    assert len(notes) == 2 and notes[1].startswith("A play that left the race fell clearly behind early")
    _lines, plain = plays_table([item("2|2@2", 22.1, False), item("2|6@2", 7.0, False)], "2|2@2", None,
                                "monte-carlo", 1000)
    assert len(plain) == 1  # nothing left the race: no note


# --- the bar shown while your games are read ----------------------------------------------------


class Terminal:
    """Standard error as a terminal: what was written, and what the screen shows after it."""

    def __init__(self):
        self.written = ""

    def isatty(self):
        return True

    def write(self, text):
        self.written += text
        return len(text)

    def flush(self):
        pass

    def screen(self) -> list[str]:
        """The lines on the screen: a carriage return goes back to the start of the line,
        where what follows is written over what was there."""
        lines: list[list[str]] = [[]]
        column = 0
        for char in re.sub(r"\x1b\[\?25[lh]", "", self.written):
            if char == "\r":
                column = 0
            elif char == "\n":
                lines.append([])
                column = 0
            else:
                line = lines[-1]
                line[column:column + 1] = [char]
                column += 1
        return ["".join(line).rstrip() for line in lines if "".join(line).strip()]

    def cursor_shown(self) -> bool:
        shown = re.findall(r"\x1b\[\?25([lh])", self.written)
        return not shown or shown[-1] == "h"


def full_bar(line: str) -> bool:
    """A bar drawn to its end: ``Reading your games  [####...####]  100%``."""
    found = re.fullmatch(r"Reading your games +\[(#+)\] +100%", line)
    return found is not None


def test_the_bar_is_full_when_the_reading_ends_though_fewer_games_were_reported(monkeypatch):
    import fives_tutor.cli.puzzle as command
    import fives_tutor.store.personal as personal

    def harvest(progress, db, on_progress):
        on_progress(1, 2)  # the second match needed no reading: it is not reported
        return 0

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(personal, "harvest", harvest)
    assert command._harvest(None, None) == 0
    assert [full_bar(line) for line in terminal.screen()] == [True], terminal.screen()
    assert terminal.cursor_shown()


@pytest.mark.parametrize("stop", [KeyboardInterrupt, RuntimeError])
def test_a_reading_stopped_midway_leaves_no_bar(monkeypatch, stop):
    import fives_tutor.cli.puzzle as command
    import fives_tutor.store.personal as personal

    def harvest(progress, db, on_progress):
        on_progress(1, 2)
        raise stop()

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(personal, "harvest", harvest)
    with pytest.raises(stop):
        command._harvest(None, None)
    assert "Reading your games" in terminal.written  # it was shown ...
    assert terminal.screen() == [] and terminal.cursor_shown()  # ... and is gone, the cursor back


def test_no_half_bar_after_reading_a_practice_match_and_a_table_match(run, monkeypatch):
    """Two saved matches, the newer a practice match (read, with its mistakes) and the older
    a table match with no hand of yours (looked at, nothing to read): the bar ends full."""
    from play_scripts import play_moves

    assert run("table", "--players", "Ana,Ben", input="6|6\n6|3\n").exit_code == 0
    play_moves(os.path.join(os.environ["FIVES_HOME"], "games.sqlite3"), 3)
    import fives_tutor.cli.puzzle as command

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    progress = Progress()
    try:
        command._harvest(progress, None)
    finally:
        progress.close()
    assert [full_bar(line) for line in terminal.screen()] == [True], terminal.screen()


def test_a_folder_given_as_db_is_refused_as_games_list_refuses_it(run, tmp_path):
    expected = f"Error: cannot use {tmp_path}: it is a folder, not a file\n"
    for args in (("games", "list"), ("puzzle", "--stats"), ("puzzle", "--count", "1")):
        result = run(*args, "--db", str(tmp_path), input="q\n")
        assert (result.exit_code, result.stderr) == (2, expected), args
