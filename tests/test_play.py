"""``fives play``: whole matches against the computer through a pipe under two packs and
two player counts, the same match in process and through the command, resumed after a
kill, reviewed afterwards with the same judgements, and never a hidden tile shown."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time

import pytest
from play_scripts import NAMES, first_line, new_practice, simple_line, whole_match

from fives_tutor.core.tiles import Tile
from fives_tutor.core.undo import effective_actions
from fives_tutor.store.journal import Journal
from fives_tutor.tutor.coach import Judgement, judge_match

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def judgement_of(move: dict) -> Judgement | None:
    """A move of ``fives games review --json`` read back as the judgement it shows."""
    data = {key: move[key] for key in Judgement._fields}
    data["alternatives"] = [list(a.values()) for a in move["alternatives"]]
    return Judgement.from_dict(data)
TIMEOUT = 60

# (pack, players, seed): a two-player dominos-cc match, and a four-player pagat match
# (two partnerships, spinner arms that open late, 9/7/5 tiles)
MATCHES = [("dominos-cc", 2, "5"), ("pagat-all-fives", 4, "3")]


def play_args(pack: str, players: int, seed: str, db: str, *extra: str) -> list[str]:
    return ["play", "--rules", pack, "--players", str(players), "--seed", seed, "--db", db, "--tiles", "plain",
            "--lang", "en", *extra]


@pytest.mark.parametrize("pack,players,seed", MATCHES)
def test_a_whole_match_through_the_pipe(run, tmp_path, pack, players, seed):
    lines, expected = whole_match(tmp_path, pack, players, seed)
    db = str(tmp_path / "games.sqlite3")
    result = run(*play_args(pack, players, seed, db), input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert f"New practice match: you {'and' if players == 4 else 'against'}" in out
    assert f"Seed {seed}: fives play --seed {seed} deals the same tiles again." in out
    # the computer's moves come with the count of each
    assert re.search(r"^Ana plays \d\|\d.*: ", out, re.M) and re.search(r"^  .* → (no score|\d+ points?)$", out, re.M)
    assert re.search(r"^(You win|Your side wins|Ana wins|Ben wins|Ana\+Cy wins|You\+Ben wins).* the match with", out,
                     re.M)
    assert "Coach, the match:" in out
    # the saved games are not in the default file: the command says where they are
    assert f"The match is saved: fives games review 1 --db {db} goes through your moves again." in out
    with Journal(db) as journal:
        info = journal.match(1)
        events = journal.events(1)
    # the same seed and the same lines make the same match, coach's judgements included
    assert events == expected
    assert info.finished and info.practice == {"seed": seed, "you": 0, "levels": [None] + ["greedy"] * (players - 1),
                                               "coach": "on"}
    # listed as practice; a table shell will not take it
    listed = run("games", "list", "--db", db, env={"COLUMNS": "120"})  # (a wide terminal: the state on one line)
    assert "finished, practice" in listed.stdout
    assert json.loads(run("games", "list", "--db", db, "--json").stdout)[0]["practice"] is True
    refused = run("table", "--resume", "1", "--db", db)
    assert refused.exit_code == 2 and "fives play --resume 1" in refused.stderr
    # the review reads the coach's judgements, and judging every move again gives the same
    again = json.loads(run("games", "review", "1", "--db", db, "--json", "--again").stdout)
    stored = [Judgement.from_dict(e["coach"]) for e in effective_actions(events)
              if e.get("type") == "play" and e.get("player") == 0]
    assert [judgement_of(move) for move in again["moves"]] == stored
    assert all(move["player"] == "You" for move in again["moves"])
    text = run("games", "review", "1", "--db", db)
    assert text.exit_code == 0 and "Coach, the match:" in text.stdout and "docs/coach.md" in text.stdout


def test_the_coach_live_and_in_review_agree_after_undo_and_resume(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")
    lines, _events = whole_match(tmp_path, "dominos-cc", 2, "8")
    # half the match, an undo (taking back a play and the computer's moves after it),
    # the same play again; then the rest after a resume
    half = len(lines) // 2
    first = lines[:half] + ["undo", lines[half - 1]]
    assert run(*play_args("dominos-cc", 2, "8", db), input="\n".join(first) + "\n").exit_code == 0
    resumed = run("play", "--resume", "--db", db, "--tiles", "plain", input="\n".join(lines[half:]) + "\n")
    assert resumed.exit_code == 0, resumed.stderr
    assert "Hand " in resumed.stdout and "as it stands" in resumed.stdout
    with Journal(db) as journal:
        info, events = journal.match(1), journal.events(1)
    assert info.finished
    from fives_tutor.packs.loader import rules_from_data

    rules = rules_from_data(info.rules_data, info.rules_path)
    live = judge_match(rules, info.names, info.teams, events)
    assert live == judge_match(rules, info.names, info.teams, events, stored=False)
    assert len(live) == sum(1 for e in effective_actions(events) if e.get("type") == "play" and e.get("player") == 0)


def test_resume_refusals(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")
    assert run("table", "--players", "Ana,Ben", "--db", db, input="6|6\n").exit_code == 0
    refused = run("play", "--resume", "1", "--db", db)
    assert refused.exit_code == 2 and "fives table --resume 1" in refused.stderr
    nothing = run("play", "--resume", "--db", db)
    assert nothing.exit_code == 2 and "no unfinished match against the computer" in nothing.stderr
    mixed = run("play", "--resume", "--seed", "3", "--db", db)
    assert mixed.exit_code == 2
    bad = run("play", "--level", "expert,greedy", "--db", db)
    assert bad.exit_code == 2 and "--level takes one level for the computer player" in bad.stderr  # one computer: singular
    unknown = run("play", "--level", "clever", "--db", db)
    assert unknown.exit_code == 2 and "unknown engine level 'clever'" in unknown.stderr


# --- a killed terminal -----------------------------------------------------------------------------


class Player:
    """``fives play ... --db DB`` in its own process, its standard input and output on pipes."""

    def __init__(self, tmp_path, *args: str) -> None:
        env = dict(os.environ, PYTHONPATH=REPO, FIVES_HOME=str(tmp_path / "home"))
        self.process = subprocess.Popen([sys.executable, "-m", "fives_tutor.cli.main", *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=str(tmp_path))
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for raw in iter(self.process.stdout.readline, b""):
            self.lines.put(raw.decode("utf-8").rstrip("\n"))
        self.lines.put(None)

    def type(self, line: str) -> None:
        """Type ``line`` and wait until the shell says what it did."""
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        self.process.stdin.flush()
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            got = self.lines.get(timeout=TIMEOUT)
            assert got is not None, "the shell ended"
            if got.startswith(("You play", "You draw", "You pass")):
                return
        raise AssertionError(f"no answer to {line!r}")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=TIMEOUT)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            stream.close()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and POSIX pipes")
def test_a_killed_terminal_loses_nothing_and_the_match_resumes(run, tmp_path):
    lines, expected = whole_match(tmp_path, "dominos-cc", 2, "5")
    db = str(tmp_path / "games.sqlite3")
    shell = Player(tmp_path, *play_args("dominos-cc", 2, "5", db))
    typed = 9
    for line in lines[:typed]:
        shell.type(line)
    shell.kill()  # perhaps while the computer thinks: what it did not save, it does again
    with Journal(db) as journal:
        saved = journal.events(1)
    assert saved == expected[:len(saved)] and len(saved) >= typed
    resumed = run("play", "--resume", "--db", db, "--tiles", "plain", input="\n".join(lines[typed:]) + "\n")
    assert resumed.exit_code == 0, resumed.stderr
    with Journal(db) as journal:
        assert journal.events(1) == expected


# --- no output ever shows a hidden tile ----------------------------------------------------------------

_TILE = re.compile(r"(\d)\|(\d)")
_ALL = [Tile(a, b) for a in range(7) for b in range(a + 1)]


def _mentioned(text: str) -> set:
    return {Tile(int(a), int(b)) for a, b in _TILE.findall(text)}


def _hidden(practice) -> set:
    """The tiles you cannot see now: the computer's hands and the boneyard (of the hand
    under way, or of the one that ended until the table has counted it)."""
    hand = practice.dealer.hand
    return {t for seat, tiles in enumerate(hand.hands) if seat != practice.you for t in tiles} | set(hand.boneyard)


_EARLIER = re.compile(r"\s*hand (\d+), move \d+: ")


def _check(lines, before: set, after: set, shown: set, where: str, hand: int = 0) -> None:
    """Nothing hidden both before and after what these lines say may be in them, except
    the tiles the count at the end of a hand turns face up (``shown``) and what a line
    about an earlier hand than ``hand`` (the coach's costliest moves) says of it."""
    secret = (before & after) - shown
    for line in lines:
        earlier = _EARLIER.match(line)
        if earlier and int(earlier.group(1)) < hand:
            continue
        leaked = _mentioned(line) & secret
        assert not leaked, f"{where}: {line!r} shows {leaked}"


@pytest.mark.parametrize("pack,players,seed", [("dominos-cc", 3, "11"), ("muggins", 2, "4")])
def test_no_line_of_a_whole_match_shows_a_hidden_tile(tmp_path, pack, players, seed):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from fives_tutor.table.practice_text import PracticeFace
    from fives_tutor.table.shell import TableCompleter

    journal, practice = new_practice(str(tmp_path / "games.sqlite3"), pack, players, seed)
    face = PracticeFace(practice)
    completer = TableCompleter(practice)
    before = _hidden(practice)
    _check(face.opening("plain", 80), before, before, set(), "opening")
    moves = 0
    try:
        while True:
            follow = face.follow("plain", 80)
            while True:
                before, counting = _hidden(practice), practice.state.awaiting
                boneyard = set(practice.dealer.hand.boneyard)
                try:
                    lines, _pause = next(follow)
                except StopIteration:
                    break
                shown = set()
                if counting and not practice.state.awaiting:
                    # the count turns the hands face up and the summary speaks of the hand's plays:
                    # of the hand that ended, only the boneyard stays unseen
                    shown = set(_ALL) - boneyard
                _check(lines, before, _hidden(practice), shown, f"move {moves}", practice.state.hand_number)
            if practice.state.over:
                break
            hidden = _hidden(practice)
            # what Tab offers and what the toolbar says
            offered = [c.text for c in completer.get_completions(Document(""), CompleteEvent(completion_requested=True))]
            _check(offered + [face.toolbar(80)], hidden, hidden, set(), "completion")
            extra = ["hint", "board", "sheet", "history"] if moves % 4 == 0 else []
            for line in extra + [simple_line(practice)]:
                before = _hidden(practice)
                reply = practice.handle(line)
                assert reply.kind != "refused", (line, reply)
                said = face.answer(reply, "plain", 80)
                if line == "history":  # earlier hands were seen whole at their count
                    said = said[0].split(f"Hand {practice.state.hand_number}\n")[-1:]
                _check(said, before, _hidden(practice), set(), f"answer to {line!r}")
            moves += 1
    finally:
        journal.close()
    assert practice.state.over and moves > 10


def test_your_hand_is_what_was_dealt_and_the_computer_never_plays_a_tile_of_it(tmp_path):
    journal, practice = new_practice(str(tmp_path / "games.sqlite3"), "dominos-cc", 2, "21", coach="off")
    try:
        while practice.step() is not None:
            pass
        state = practice.state
        # the scorekeeper follows your hand exactly as the dealer dealt it
        assert state.followed.player == 0 and set(state.followed.known) == set(practice.hand)
        computer = set(practice.dealer.hand.hands[1])
        assert not computer & set(practice.hand)
        refusal = practice.handle(f"{sorted(computer)[0]}")
        assert refusal.kind == "refused"
        for line in ("redo", "hand 6|6", "Ana draw", "quit"):
            reply = practice.handle(line)
            assert reply.kind in ("refused", "quit"), line
    finally:
        journal.close()


def test_the_computer_names_and_your_name(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")
    line = first_line(str(tmp_path / "script.sqlite3"), "2", 3, ["greedy", "expert"])
    result = run("play", "--players", "Zoe,Max,Ivo", "--level", "greedy,expert", "--seed", "2", "--db", db, "--tiles",
                 "plain", "--coach", "off", input=f"{line}\nquit\n")
    assert result.exit_code == 0, result.stderr
    assert "New practice match: you against Max (greedy) and Ivo (expert)" in result.stdout
    assert "The coach is off" in result.stdout
    with Journal(db) as journal:
        assert journal.match(1).names == ["Zoe", "Max", "Ivo"]
    assert NAMES[0] == "You"


# --- a new match is kept from your first move on ---------------------------------------------------


def test_a_new_match_left_before_your_first_move_is_not_kept(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")
    # seed 5: Ana holds the highest double and leads it before your turn; you quit at once
    quit_at_once = run(*play_args("dominos-cc", 2, "5", db), input="quit\n")
    assert quit_at_once.exit_code == 0, quit_at_once.stderr
    assert "Ana plays 2|2" in quit_at_once.stdout
    assert quit_at_once.stdout.rstrip().endswith("Nothing was played, so no match was saved.")
    # seed abc: you lead; no line at all, or a hint and the board, which are no move either
    for lines in ("", "hint\nboard\n"):
        untouched = run(*play_args("dominos-cc", 2, "abc", db), input=lines)
        assert untouched.exit_code == 0, untouched.stderr
        assert "Nothing was played, so no match was saved." in untouched.stdout
    assert not os.path.exists(db)  # nothing saved: not even an empty file (a named --db that is missing is refused)
    # one tile of yours keeps the match, with the deal and Ana's lead before it
    line = first_line(str(tmp_path / "script.sqlite3"), "5")
    played = run(*play_args("dominos-cc", 2, "5", db), input=f"{line}\nquit\n")
    assert f"The match is saved: fives play --resume 1 --db {db} continues it." in played.stdout
    with Journal(db) as journal:
        events = journal.events(1)
        assert [m.id for m in journal.matches()] == [1]
    assert [(e["type"], e["player"]) for e in events[:3]] == [("hand", 0), ("play", 1), ("play", 0)]
    assert events[1]["tile"] == "2|2" and events[2]["tile"] == line.split("@")[0]
    # resumed and left at once, it stays as it was
    resumed = run("play", "--resume", "1", "--db", db, "--tiles", "plain", input="quit\n")
    assert resumed.exit_code == 0 and "The match is saved: fives play --resume 1" in resumed.stdout
    with Journal(db) as journal:
        assert journal.events(1) == events and [m.id for m in journal.matches()] == [1]
