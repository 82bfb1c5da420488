"""The journal keeps what the shell acknowledged: a ``fives table`` process killed with
SIGKILL at any point loses nothing it confirmed, and the match resumes where it stood.
Also: the schema, and databases that must be refused and left untouched (locked by
another shell, not a database, a foreign database, written by a newer version).

Expected states are the hand-worked steps of ``table_scripts.py``."""

from __future__ import annotations

import hashlib
import json
import os
import queue
import signal
import sqlite3
import subprocess
import sys
import threading
import time

import pytest
from table_scripts import (
    HOUSE_CC,
    TWO_PLAYERS,
    TWO_PLAYERS_WINNER,
    assert_state,
    events_of,
    play,
    write_pack,
)

from fives_tutor.core.keeper import replay
from fives_tutor.packs.loader import rules_from_data
from fives_tutor.store.journal import SCHEMA_VERSION, Journal
from fives_tutor.store.match_lock import MatchKeptError, keep, lock_path

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ACK_TIMEOUT = 15  # seconds to wait for one acknowledgement (a start-up included)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and POSIX pipes")


# --- a shell in a real process ----------------------------------------------------------------------


def environment(tmp_path) -> dict:
    env = dict(os.environ, PYTHONPATH=REPO, FIVES_HOME=str(tmp_path / "home"))
    for variable in ("FIVES_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        env.pop(variable, None)
    return env


class Shell:
    """``fives table ... --db DB`` with its standard input and output on pipes."""

    def __init__(self, tmp_path, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fives_tutor.cli.main", "table", "--tiles", "plain", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment(tmp_path),
            cwd=str(tmp_path))
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        reader = threading.Thread(target=self._read, daemon=True)
        reader.start()

    def _read(self) -> None:
        for raw in iter(self.process.stdout.readline, b""):
            self.lines.put(raw.decode("utf-8").rstrip("\n"))
        self.lines.put(None)

    def wait_for(self, fragment: str) -> None:
        deadline = time.monotonic() + ACK_TIMEOUT
        while True:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"no {fragment!r} after {self.seen[-5:]}"
            try:
                line = self.lines.get(timeout=remaining)
            except queue.Empty:
                continue
            assert line is not None, f"the shell ended before {fragment!r}: {self.seen[-5:]}"
            self.seen.append(line)
            if fragment in line:
                return

    def send(self, line: str) -> None:
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        self.process.stdin.flush()

    def type(self, step) -> None:
        """Type a step's line and wait for the acknowledgement."""
        self.send(step.line)
        self.wait_for(ack(step))

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=ACK_TIMEOUT)
        assert self.process.returncode == -signal.SIGKILL
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except OSError:
                pass


def ack(step) -> str:
    # the last step's own reply line is checked elsewhere (its wording has a bug); the
    # winner line that follows it acknowledges it as well
    return TWO_PLAYERS_WINNER if step is TWO_PLAYERS[-1] else step.ack


def saved_state(db: str, match_id: int = 1):
    with Journal(db) as journal:
        info = journal.match(match_id)
        events = journal.events(match_id)
    rules = rules_from_data(info.rules_data, info.rules_path)
    return info, events, replay(rules, info.names, info.teams, events)


def lines_to_retype(acknowledged: int) -> list:
    """After a kill, the lines to type again: those after the last acknowledged event
    (every acknowledged line that writes an event, a single answer of pips included)."""
    last_event = max((i for i in range(acknowledged) if TWO_PLAYERS[i].event is not None), default=-1)
    return TWO_PLAYERS[last_event + 1:]


@pytest.fixture
def match_db(tmp_path):
    return str(tmp_path / "games.sqlite3"), write_pack(tmp_path, HOUSE_CC, "house.yaml")


# k acknowledged lines: the lead; mid-hand; right after a domino, before the pips; right
# after the hand end; after the draw of the whole boneyard; right after the block; after
# the first of the two pip answers of the block (saved as it is acknowledged)
KILL_POINTS = [1, 6, 13, 14, 20, 23, 24]


@pytest.mark.parametrize("acknowledged", KILL_POINTS)
def test_sigkill_after_acknowledged_lines_loses_nothing(tmp_path, match_db, acknowledged):
    db, pack = match_db
    shell = Shell(tmp_path, "--players", "Ana,Ben", "--rules", pack, "--db", db)
    try:
        for step in TWO_PLAYERS[:acknowledged]:
            shell.type(step)
    finally:
        shell.kill()
    info, events, state = saved_state(db)
    expected = TWO_PLAYERS[:acknowledged]
    assert events == events_of(expected)
    # the state is the hand-worked one after the last acknowledged event
    last = max(i for i in range(acknowledged) if TWO_PLAYERS[i].event is not None)
    assert_state(state, TWO_PLAYERS[last])
    assert info.scores == list(TWO_PLAYERS[last].scores) and not info.finished

    # a new shell resumes the match where it stood and finishes it
    rest = lines_to_retype(acknowledged)
    completed = subprocess.run(
        [sys.executable, "-m", "fives_tutor.cli.main", "table", "--resume", "--db", db, "--tiles", "plain"], check=False,
        input="".join(step.line + "\n" for step in rest), capture_output=True, text=True, env=environment(tmp_path),
        timeout=60, cwd=str(tmp_path))
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert TWO_PLAYERS_WINNER in completed.stdout
    info, events, state = saved_state(db)
    assert events == events_of(TWO_PLAYERS)
    assert info.finished and info.scores == [80, 120]
    assert_state(state, TWO_PLAYERS[-1])


@pytest.mark.parametrize("typed", [2, 13])
def test_sigkill_before_the_acknowledgement_keeps_a_prefix(tmp_path, match_db, typed):
    """A line typed but not yet acknowledged may or may not be kept; what is kept is
    always the events in order, never a part of one."""
    db, pack = match_db
    shell = Shell(tmp_path, "--players", "Ana,Ben", "--rules", pack, "--db", db)
    try:
        for step in TWO_PLAYERS[:typed - 1]:
            shell.type(step)
        shell.send(TWO_PLAYERS[typed - 1].line)
    finally:
        shell.kill()
    _info, events, state = saved_state(db)
    assert events in (events_of(TWO_PLAYERS[:typed - 1]), events_of(TWO_PLAYERS[:typed]))
    assert_state(state, TWO_PLAYERS[len(events) - 1])


def fives(tmp_path, *args, input=None):
    return subprocess.run([sys.executable, "-m", "fives_tutor.cli.main", *args], input=input, check=False,
                          capture_output=True, text=True, env=environment(tmp_path), timeout=60, cwd=str(tmp_path))


def test_a_running_shell_keeps_its_match_and_a_killed_one_releases_it(tmp_path, match_db):
    db, pack = match_db
    shell = Shell(tmp_path, "--players", "Ana,Ben", "--rules", pack, "--db", db)
    try:
        shell.type(TWO_PLAYERS[0])
        shell.type(TWO_PLAYERS[1])
        # reading works while the shell writes, and sees every acknowledged entry
        listed = fives(tmp_path, "games", "list", "--db", db, "--json")
        assert listed.returncode == 0, listed.stderr
        assert json.loads(listed.stdout)[0]["scores"] == {"Ana": TWO_PLAYERS[1].scores[0],
                                                         "Ben": TWO_PLAYERS[1].scores[1]}
        shown = fives(tmp_path, "games", "export", "1", "--db", db)
        assert shown.returncode == 0 and json.loads(shown.stdout)["events"] == events_of(TWO_PLAYERS[:2])
        # writing to the kept match is refused after a moment, naming the shell that keeps it
        for args in (["table", "--resume", "--db", db], ["table", "--resume", "1", "--db", db],
                     ["games", "delete", "1", "--yes", "--db", db]):
            other = fives(tmp_path, *args, input="5|0\n")
            assert other.returncode == 2, args
            assert f"match 1 is being kept by fives table (process {shell.process.pid} on " in other.stderr
            assert other.stderr.count("\n") == 1 and "Traceback" not in other.stderr
        # another match in the same file can be kept at the same time
        second = fives(tmp_path, "table", "--players", "Cy,Dee", "--rules", pack, "--db", db, input="6|6\n")
        assert second.returncode == 0, second.stderr
        shell.type(TWO_PLAYERS[2])  # the first shell goes on
    finally:
        shell.kill()
    _info, events, _state = saved_state(db)
    assert events == events_of(TWO_PLAYERS[:3])
    # the killed shell's hold is gone with it
    resumed = fives(tmp_path, "table", "--resume", "1", "--db", db, input=TWO_PLAYERS[3].line + "\n")
    assert resumed.returncode == 0, resumed.stderr
    assert saved_state(db)[1] == events_of(TWO_PLAYERS[:4])


# --- the journal file ----------------------------------------------------------------------------


def test_schema_version_and_settings(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with Journal(db) as journal:
        assert journal.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert journal.connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    connection = sqlite3.connect(db)
    try:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"schema_version", "matches", "events"} <= tables
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
        assert SCHEMA_VERSION == 3
    finally:
        connection.close()
    # opening it again changes nothing
    with Journal(db):
        pass
    connection = sqlite3.connect(db)
    assert connection.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    connection.close()


def test_the_journal_makes_no_folder_but_the_data_folder(tmp_path, monkeypatch):
    """A file to write in a folder that is not there is refused at once (a lazy journal
    too: a shell must not take plays it cannot save), and the folder is not made; the
    data folder is made when missing."""
    from fives_tutor.store.journal import JournalError

    folder = tmp_path / "typo"
    for lazy in (False, True):
        with pytest.raises(JournalError) as refused:
            Journal(str(folder / "games.sqlite3"), create=True, lazy=lazy)
        assert str(refused.value) == f"cannot save to {folder / 'games.sqlite3'}: there is no folder {folder}"
        assert not folder.exists()
    home = tmp_path / "data" / "fives-tutor"
    monkeypatch.setenv("FIVES_HOME", str(home))
    with Journal() as journal:
        journal.create_match(["Ana", "Ben"], None, "dominos-cc", "dominos-cc.yaml", {}, "en")
    assert (home / "games.sqlite3").is_file()


def test_a_kept_match_can_be_read_not_written(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")
    assert run("table", "--players", "Ana,Ben", "--db", db, input="6|6\n").exit_code == 0
    with keep(db, 1):  # a shell in another process keeps match 1
        for args in (["games", "list"], ["games", "show", "1"], ["games", "export", "1"]):
            assert run(*args, "--db", db).exit_code == 0, args
        for args, text in ((["games", "delete", "1", "--yes"], None), (["table", "--resume"], "6|3\n"),
                           (["table", "--resume", "1"], "6|3\n")):
            result = run(*args, "--db", db, input=text)
            assert result.exit_code == 2, args
            assert f"match 1 is being kept by fives table (process {os.getpid()} on " in result.stderr
        assert run("table", "--players", "Cy,Dee", "--db", db, input="6|6\n").exit_code == 0
    with Journal(db) as journal:
        assert [m.id for m in journal.matches()] == [2, 1]
        assert journal.events(1) == [play(0, "6|6")]
    assert run("games", "delete", "1", "--yes", "--db", db).exit_code == 0


def digest(path) -> str:
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


COMMANDS = [["games", "list"], ["games", "show", "1"], ["table", "--players", "Ana,Ben"], ["table", "--resume"],
            ["games", "standings"], ["games", "player", "Ana"], ["games", "players"],
            ["games", "players", "--merge", "Ana", "Ben"]]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_file_that_is_not_a_database_is_refused_and_left_alone(run, tmp_path, args):
    db = tmp_path / "games.sqlite3"
    db.write_bytes(b"These are my notes, not a database.\n" * 40)
    before = digest(db)
    result = run(*args, "--db", str(db), input="6|6\n")
    assert result.exit_code == 2
    assert f"cannot read the saved games at {db}" in result.stderr
    assert digest(db) == before


def test_import_into_a_file_that_is_not_a_database(run, tmp_path):
    db = tmp_path / "games.sqlite3"
    db.write_bytes(b"\x00\x01 binary junk " * 100)
    before = digest(db)
    assert run("table", "--players", "Ana,Ben", input="6|6\n").exit_code == 0
    export = tmp_path / "m.json"
    assert run("games", "export", "1", "-o", str(export)).exit_code == 0
    result = run("games", "import", str(export), "--db", str(db))
    assert result.exit_code == 2
    assert "cannot read the saved games" in result.stderr
    assert digest(db) == before


def test_a_foreign_sqlite_database_is_refused_and_left_alone(run, tmp_path):
    db = tmp_path / "games.sqlite3"
    connection = sqlite3.connect(db)
    connection.execute("CREATE TABLE notes (text TEXT)")
    connection.execute("INSERT INTO notes VALUES ('buy milk')")
    connection.commit()
    connection.close()
    before = digest(db)
    result = run("games", "list", "--db", str(db))
    assert result.exit_code == 2
    assert "it is not a fives-tutor file" in result.stderr
    assert digest(db) == before


def test_a_foreign_sqlite_database_is_refused(run, tmp_path):
    db = tmp_path / "games.sqlite3"
    connection = sqlite3.connect(db)
    connection.execute("CREATE TABLE notes (text TEXT)")
    connection.commit()
    connection.close()
    for args in COMMANDS:
        result = run(*args, "--db", str(db), input="6|6\n")
        assert result.exit_code == 2
        assert f"cannot read the saved games at {db}: it is not a fives-tutor file" in result.stderr
    connection = sqlite3.connect(db)
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    connection.close()
    assert tables == {"notes"}


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_database_from_a_newer_version_is_refused_and_left_alone(run, tmp_path, args):
    db = tmp_path / "games.sqlite3"
    assert run("table", "--players", "Ana,Ben", "--db", str(db), input="6|6\n").exit_code == 0
    connection = sqlite3.connect(db)
    connection.execute("UPDATE schema_version SET version = 99")
    connection.commit()
    connection.close()
    before = digest(db)
    result = run(*args, "--db", str(db), input="6|3\n")
    assert result.exit_code == 2
    assert (f"were written by a newer fives-tutor (version 99; this one knows {SCHEMA_VERSION}); they are left as "
            "they are" in result.stderr)
    assert digest(db) == before
    # read the file as it is on disk (immutable: no lock taken, nothing written)
    connection = sqlite3.connect(f"file:{db}?immutable=1", uri=True)
    assert connection.execute("SELECT version FROM schema_version").fetchall() == [(99,)]
    assert [row[0] for row in connection.execute("SELECT seq FROM events")] == [1]
    connection.close()


def newer_database(run, tmp_path):
    db = tmp_path / "games.sqlite3"
    assert run("table", "--players", "Ana,Ben", "--db", str(db), input="6|6\n").exit_code == 0
    connection = sqlite3.connect(db)
    connection.execute("UPDATE schema_version SET version = 99")
    connection.commit()
    connection.close()
    return db


def test_a_refused_newer_database_is_not_kept_locked(run, tmp_path):
    db = newer_database(run, tmp_path)
    result = run("table", "--resume", "--db", str(db))
    assert result.exit_code == 2
    connection = sqlite3.connect(db, timeout=0.2)
    try:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("ROLLBACK")
    finally:
        connection.close()
    del result


def test_the_refusal_names_the_command_that_keeps_the_match(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with keep(db, 1, what="fives play"):  # a practice match open in another terminal
        with pytest.raises(MatchKeptError) as info:
            keep(db, 1, wait=0)
        assert str(info.value).startswith(f"match 1 is being kept by fives play (process {os.getpid()} on ")


def test_a_lock_file_naming_something_else_is_not_echoed(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with keep(db, 1):
        # a lock file written over by something else: what it says is not repeated
        with open(lock_path(db, 1), "w", encoding="utf-8") as f:
            json.dump({"pid": 1, "host": "h", "since": "s", "what": "\x1b[2Jrm -rf"}, f)
        with pytest.raises(MatchKeptError) as info:
            keep(db, 1, wait=0)
        assert str(info.value) == "match 1 is being kept by another fives command; close it there first"
