"""Saved matches: an append-only journal of events in SQLite (standard library ``sqlite3``).

Each match is a row of ``matches`` (players, teams, the rule pack's data as it was
when the match began) and its events, numbered, in ``events``. An event is committed
(WAL journal, ``synchronous=FULL``) before the caller acknowledges it, so a killed
process loses nothing it confirmed. The state is always rebuilt from the events.
A shell holds the database exclusively while it runs; a database locked by another
shell, unreadable, or written by a newer fives-tutor raises :class:`JournalError`
and is never changed.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import sqlite3
from typing import NamedTuple

from .errors import N_, FivesError
from .schema import TooNew, upgrade

SCHEMA_VERSION = 1
#: SQL that brings a database from version N-1 to version N
MIGRATIONS = {
    1: [
        "CREATE TABLE matches (id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, updated TEXT NOT NULL,"
        " names TEXT NOT NULL, teams TEXT, rules_id TEXT NOT NULL, rules_path TEXT NOT NULL,"
        " rules_data TEXT NOT NULL, lang TEXT NOT NULL, scores TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0)",
        "CREATE TABLE events (match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,"
        " seq INTEGER NOT NULL, at TEXT NOT NULL, event TEXT NOT NULL, PRIMARY KEY (match_id, seq))",
    ],
}


class JournalError(FivesError):
    """A database that cannot be used: locked, unreadable, too new, or a missing match."""


class MatchInfo(NamedTuple):
    """A saved match: ``id``, player ``names``, ``teams`` (lists of player indexes, or
    None), the pack's ``rules_id``, ``rules_path`` and merged ``rules_data``, the
    ``lang`` it was kept in, the side ``scores``, whether it is ``finished``, and when
    it was ``created`` and ``updated`` (ISO times, UTC)."""

    id: int
    names: list
    teams: list | None
    rules_id: str
    rules_path: str
    rules_data: dict
    lang: str
    scores: list
    finished: bool
    created: str
    updated: str


def default_path() -> str:
    """The journal file: ``$FIVES_HOME/games.sqlite3`` or the user data folder's."""
    from .resources import user_home

    return os.path.join(user_home(), "games.sqlite3")


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


class Journal:
    """An open journal at ``path``. ``exclusive`` holds the database for this process
    until :meth:`close` (a table shell does, so two shells never write one match)."""

    def __init__(self, path: str | None = None, exclusive: bool = False, create: bool = True) -> None:
        self.path = path or default_path()
        if not create and not os.path.exists(self.path):
            self.connection = None
            return
        folder = os.path.dirname(os.path.abspath(self.path))
        try:
            os.makedirs(folder, exist_ok=True)
            self.connection = sqlite3.connect(self.path, timeout=0.5, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise JournalError(N_("cannot open the saved games at {path}: {reason}"), path=self.path,
                               reason=str(error)) from None
        try:
            self._prepare(exclusive)
        except sqlite3.OperationalError as error:
            self.connection.close()
            if "locked" in str(error) or "busy" in str(error):
                raise JournalError(N_("the saved games at {path} are in use by another fives table; "
                                      "close it first"), path=self.path) from None
            raise JournalError(N_("cannot read the saved games at {path}: {reason}"), path=self.path,
                               reason=str(error)) from None
        except sqlite3.DatabaseError as error:
            self.connection.close()
            raise JournalError(N_("cannot read the saved games at {path}: {reason}"), path=self.path,
                               reason=str(error)) from None
        except JournalError:
            self.connection.close()  # a newer file: leave it, and unlocked
            raise

    def _prepare(self, exclusive: bool) -> None:
        db = self.connection
        db.execute("PRAGMA foreign_keys = ON")
        if exclusive:
            db.execute("PRAGMA locking_mode = EXCLUSIVE")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("BEGIN IMMEDIATE")  # takes the write lock now: a second shell fails here
        try:
            upgrade(db, MIGRATIONS, SCHEMA_VERSION)
            db.execute("COMMIT")
        except TooNew as newer:
            db.execute("ROLLBACK")
            raise JournalError(N_("the saved games at {path} were written by a newer fives-tutor (version {found}; "
                                  "this one knows {known}); they are left as they are"),
                               path=self.path, found=newer.found, known=SCHEMA_VERSION) from None
        except BaseException:
            db.execute("ROLLBACK")
            raise
        # WAL only once the file is known to be ours: a foreign file is never changed
        db.execute("PRAGMA journal_mode = WAL")

    def close(self) -> None:
        """Close the database (and release it for other shells)."""
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    # --- matches ----------------------------------------------------------------------------

    def create_match(self, names, teams, rules_id: str, rules_path: str, rules_data: dict, lang: str) -> int:
        """A new match; returns its id."""
        now = _now()
        cursor = self.connection.execute(
            "INSERT INTO matches (created, updated, names, teams, rules_id, rules_path, rules_data, lang, scores,"
            " finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
            (now, now, json.dumps(list(names), ensure_ascii=False), json.dumps(teams), rules_id, rules_path,
             json.dumps(rules_data, ensure_ascii=False), lang, json.dumps([])))
        return cursor.lastrowid

    def append(self, match_id: int, event: dict, scores=None, finished: bool = False) -> int:
        """Append ``event`` (and the scores it leads to) in one committed transaction; returns its number."""
        db = self.connection
        db.execute("BEGIN IMMEDIATE")
        try:
            row = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE match_id = ?", (match_id,)).fetchone()
            seq = row[0] + 1
            now = _now()
            db.execute("INSERT INTO events (match_id, seq, at, event) VALUES (?, ?, ?, ?)",
                       (match_id, seq, now, json.dumps(event, ensure_ascii=False)))
            if scores is not None:
                db.execute("UPDATE matches SET updated = ?, scores = ?, finished = ? WHERE id = ?",
                           (now, json.dumps(list(scores)), int(finished), match_id))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return seq

    def events(self, match_id: int) -> list[dict]:
        """The match's events in order."""
        rows = self.connection.execute("SELECT event FROM events WHERE match_id = ? ORDER BY seq", (match_id,))
        return [json.loads(row[0]) for row in rows]

    def match(self, match_id: int) -> MatchInfo:
        """One saved match; raises :class:`JournalError` if there is none with that id."""
        row = self.connection.execute(_SELECT + " WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise JournalError(N_("there is no saved match {id}"), id=match_id)
        return _info(row)

    def matches(self) -> list[MatchInfo]:
        """Every saved match, newest first."""
        if self.connection is None:
            return []
        return [_info(row) for row in self.connection.execute(_SELECT + " ORDER BY updated DESC, id DESC")]

    def latest_unfinished(self) -> MatchInfo | None:
        """The most recently updated match that is not finished and has at least one entry."""
        # a match closed before its first entry is nothing to continue
        row = self.connection.execute(_SELECT + " WHERE finished = 0 AND EXISTS (SELECT 1 FROM events WHERE"
                                      " events.match_id = matches.id) ORDER BY updated DESC, id DESC LIMIT 1").fetchone()
        return _info(row) if row else None

    def delete(self, match_id: int) -> None:
        """Delete a match and its events."""
        self.match(match_id)
        db = self.connection
        db.execute("BEGIN IMMEDIATE")
        db.execute("DELETE FROM events WHERE match_id = ?", (match_id,))
        db.execute("DELETE FROM matches WHERE id = ?", (match_id,))
        db.execute("COMMIT")

    def import_match(self, info: dict, events: list[dict], scores, finished: bool) -> int:
        """Store an imported match (already checked by the caller) in one transaction; returns its new id."""
        db = self.connection
        db.execute("BEGIN IMMEDIATE")
        try:
            now = _now()
            cursor = db.execute(
                "INSERT INTO matches (created, updated, names, teams, rules_id, rules_path, rules_data, lang, scores,"
                " finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (info.get("created") or now, now, json.dumps(info["names"], ensure_ascii=False),
                 json.dumps(info.get("teams")), info["rules_id"], info.get("rules_path", "(imported)"),
                 json.dumps(info["rules_data"], ensure_ascii=False), info.get("lang", "en"),
                 json.dumps(list(scores)), int(finished)))
            match_id = cursor.lastrowid
            for seq, event in enumerate(events, start=1):
                db.execute("INSERT INTO events (match_id, seq, at, event) VALUES (?, ?, ?, ?)",
                           (match_id, seq, now, json.dumps(event, ensure_ascii=False)))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return match_id


_SELECT = ("SELECT id, names, teams, rules_id, rules_path, rules_data, lang, scores, finished, created, updated"
           " FROM matches")


def _info(row) -> MatchInfo:
    return MatchInfo(row[0], json.loads(row[1]), json.loads(row[2]) if row[2] else None, row[3], row[4],
                     json.loads(row[5]), row[6], json.loads(row[7]), bool(row[8]), row[9], row[10])
