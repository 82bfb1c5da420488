"""``fives table`` in a real terminal (tmux, 80 columns): completion, a refused line
replaced by what is typed next, a stray Enter that costs nothing, the toolbar. Skipped
where tmux is not installed."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: no real terminal to drive")

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=10, check=False).stdout


def wait_for(session: str, text: str, timeout: float = 15.0) -> str:
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux("capture-pane", "-t", session, "-p")
        if text in screen:
            return screen
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared on the screen:\n{screen}")


@contextlib.contextmanager
def terminal(home, args: str) -> Iterator[str]:
    """``fives ARGS`` (a shell's words) in a tmux terminal of 80 by 30, with ``home`` as
    FIVES_HOME; the session's name, for the length of a ``with``, then the session is gone."""
    session = f"fives-{uuid.uuid4().hex[:8]}"
    command = (f"env FIVES_HOME={home} PYTHONPATH={REPO} LANG=C.UTF-8 {sys.executable} -m fives_tutor {args}; "
               "sleep 5")
    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "30", command)
    try:
        yield session
    finally:
        tmux("kill-session", "-t", session)


def test_the_table_in_an_80_column_terminal(tmp_path):
    with terminal(tmp_path, "table --players 'Ana Maria,Ben' --lang en --tiles plain") as session:
        wait_for(session, "Ana Maria>")
        tmux("send-keys", "-t", session, "Enter")                       # a stray Enter: nothing happens
        tmux("send-keys", "-t", session, "-l", "6|6")
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "Ben>")
        tmux("send-keys", "-t", session, "-l", "3|")
        tmux("send-keys", "-t", session, "Tab")
        # 3| has one play, 3|6 on the lone spinner (3 + 12 = 15): Tab writes it out whole
        wait_for(session, "Ben> 3|6@6|6*")
        tmux("send-keys", "-t", session, "C-u")
        tmux("send-keys", "-t", session, "-l", "2|1")
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "2|1 fits no open end")
        tmux("send-keys", "-t", session, "-l", "6|3")                   # replaces the refused 2|1
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "Ben plays 6|3@6|6*: 3 6|6* 6* 6*")
        screen = wait_for(session, "Tiles held: Ana Maria 6 · Ben 6")   # the toolbar is redrawn after the reply
        assert all(len(line) <= 80 for line in screen.splitlines())
        tmux("send-keys", "-t", session, "-l", "quit")
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "The match is saved: fives table --resume 1 continues it.")


def test_a_match_against_the_computer_in_an_80_column_terminal(tmp_path):
    # seed 31: you hold the highest double 6|6 and lead it; Ana (greedy) answers 6|4 on it,
    # 4 + 12 = 16 (no score); your plays then are 6|0 and 6|5 on the spinner's side and
    # its arms (seed and plays as in the README's example)
    with terminal(tmp_path, "play --seed 31 --lang en --tiles plain --pace 0.1") as session:
        wait_for(session, "Your tiles: [6|5] [0|0] [6|0] [5|2] [3|3] [6|6] [3|1]")
        tmux("send-keys", "-t", session, "Enter")                       # a stray Enter: nothing happens
        tmux("send-keys", "-t", session, "-l", "6|6")
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "Ana plays 6|4@6|6*: 4 6|6* 6* 6*")
        tmux("send-keys", "-t", session, "-l", "6|")
        tmux("send-keys", "-t", session, "Tab")
        screen = wait_for(session, "total")                             # your plays of a 6, with their points
        assert "You" not in screen.split("You> 6|")[-1].split("turn:")[0]  # no names offered, no hidden tile
        tmux("send-keys", "-t", session, "Escape")
        tmux("send-keys", "-t", session, "C-u")
        tmux("send-keys", "-t", session, "-l", "6|0@6|6*")
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "Ana plays 4|5@4: 5 0 6* 6*")
        tmux("send-keys", "-t", session, "-l", "5|2@5")
        tmux("send-keys", "-t", session, "Enter")
        screen = wait_for(session, "Coach (mistake): 0|0@0 was worth about 6.8 points more (± 4.4): 0|0@0 scores 5")
        screen = wait_for(session, "Tiles held: You 4 · Ana 4")
        assert all(len(line) <= 80 for line in screen.splitlines())
        tmux("send-keys", "-t", session, "-l", "quit")
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "The match is saved: fives play --resume 1 continues it.")


def test_a_persian_prompt_keeps_the_typed_line_where_it_is_shown(tmp_path):
    """In Persian the typed text stays after the prompt's space, and the cursor after it,
    also when a refused line is replaced by what is typed next (prompt_toolkit once
    redrew it a column to the left of the right-to-left prompt, so 6|3 typed over the
    refused 7|3 showed as «بن>6|33»)."""
    with terminal(tmp_path, "table --players 'آنا,بن' --lang fa") as session:
        wait_for(session, "آنا>")
        tmux("send-keys", "-t", session, "-l", "6|6")
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "بن>")
        tmux("send-keys", "-t", session, "-l", "7|3")
        tmux("send-keys", "-t", session, "Enter")
        time.sleep(1.0)  # the refusal is drawn in the toolbar
        tmux("send-keys", "-t", session, "-l", "6|3")
        screen = wait_for(session, "بن> 6|3")
        row = next(line for line in screen.splitlines() if "بن> 6|3" in line)
        assert row.rstrip().endswith("بن> 6|3"), row
        # the cursor right after the typed text: the space, the marks (no column) and 6|3
        x = int(tmux("display", "-p", "-t", session, "#{cursor_x}").strip())
        assert x == len(row.rstrip().replace("\u200f", "").replace("\u200e", "")), (x, row)
        tmux("send-keys", "-t", session, "C-d")


def test_a_refused_setup_answer_is_replaced_by_what_is_typed_next(tmp_path):
    """A setup question refuses "Ana" alone (two players at least); the answer typed next
    replaces it, as a refused line at the table does, instead of being glued to it."""
    with terminal(tmp_path, "table --lang en") as session:
        wait_for(session, "Rule pack (Enter for dominos-cc):")
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "Players, in turn order, separated by commas:")
        tmux("send-keys", "-t", session, "-l", "Ana")
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "dominos-cc is for 2 to 4 players, not 1")
        tmux("send-keys", "-t", session, "-l", "Ana, Ben")
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "Scores: Ana 0 · Ben 0 (target 150)")
        tmux("send-keys", "-t", session, "C-d")


@pytest.mark.parametrize("command, expected", [
    ("table --players Ana,Ben", "Nieuwe partij: Ana, Ben"),
    ("play --seed 7", "Nieuwe oefenpartij:"),
])
def test_a_language_given_before_the_command_is_the_shells_language(tmp_path, command, expected):
    """fives --lang nl table: the shell speaks Dutch though English was remembered (the
    remembered language stands only where no --lang is given, before or after the
    command's name)."""
    with open(tmp_path / "settings.json", "w", encoding="utf-8") as handle:
        handle.write('{"language": "en"}\n')
    with terminal(tmp_path, f"--lang nl {command} --db {tmp_path}/games.sqlite3") as session:
        wait_for(session, expected)


def test_a_count_of_players_asks_for_that_many_names(tmp_path):
    """fives table --players 3 in a terminal asks for the three names and takes no other
    number of them."""
    with terminal(tmp_path, f"table --players 3 --rules dominos-cc --lang en --db {tmp_path}/games.sqlite3") as session:
        wait_for(session, "The 3 players, in turn order, separated by commas:")
        tmux("send-keys", "-t", session, "-l", "Ana,Ben")
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "give 3 names, separated by commas")
        tmux("send-keys", "-t", session, "-l", "Ana,Ben,Cy")             # replaces the refused answer
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "New match: Ana, Ben, Cy")


@pytest.mark.parametrize("command, prompt", [
    ("table --players Ana,Ben --lang en --tiles plain", "Ana>"),
    ("puzzle --count 1 --lang en", "Your play"),
])
def test_an_escape_sequence_typed_into_a_prompt_is_dropped(tmp_path, command, prompt):
    # ESC [31m (a colour code pasted with a position) is read by prompt_toolkit as a mouse
    # event, whose own handler failed with a traceback in the middle of the prompt
    with terminal(tmp_path, command) as session:
        wait_for(session, prompt)
        tmux("send-keys", "-t", session, "Escape")
        tmux("send-keys", "-t", session, "-l", "[31mX")
        time.sleep(1.0)
        screen = tmux("capture-pane", "-p", "-t", session)
        assert "Press ENTER to continue" not in screen and "Exception" not in screen, screen
        tmux("send-keys", "-t", session, "Enter")


@pytest.mark.parametrize("lang, last_words", [("tl", "para huminto):"), ("id", "untuk berhenti):")])
def test_a_long_prompt_is_wrapped_at_spaces_with_room_to_answer(tmp_path, lang, last_words):
    # the puzzle's prompt in Tagalog and Indonesian is wider than 80 columns: the terminal
    # had cut it mid-word ("humi" / "nto"); wrapped, its last row leaves room for the answer
    with terminal(tmp_path, f"puzzle --count 1 --lang {lang}") as session:
        screen = wait_for(session, last_words)
        rows = [row.rstrip() for row in screen.splitlines() if row.strip()]
        assert rows[-1].endswith(last_words) and len(rows[-1]) <= 80 - 16, rows[-3:]
        tmux("send-keys", "-t", session, "-l", "q")
        tmux("send-keys", "-t", session, "Enter")
