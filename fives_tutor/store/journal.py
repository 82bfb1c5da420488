"""Saved matches: an append-only journal of events in SQLite (standard library ``sqlite3``).

Each match is a row of ``matches`` (players, teams, the rule pack's data as it was
when the match began) and its events, numbered, in ``events``. An event is committed
(WAL journal, ``synchronous=FULL``) before the caller acknowledges it, so a killed
process loses nothing it confirmed. The state is always rebuilt from the events.

Readers (``games list``, ``show``, ``export``) open the file read-only and see every
committed entry while a shell writes; each write is one short transaction. A shell
keeps its match with :func:`~fives_tutor.store.match_lock.keep`, so that two shells never
write one match. Everything read back is checked (types, sizes, nesting): a damaged
row makes its own match unreadable, never the others. A database that cannot be
used (unreadable, read-only for a write, a full disk, a foreign or newer file)
raises :class:`JournalError` with the reason, and is never changed.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import shlex
import sqlite3
from typing import Any, NamedTuple

from ..bounds import has_control, is_text, safe, whole_number
from ..core.names import MAX_NAME, SAVED_YOU, YOU
from ..engine.names import PLAYING_LEVELS
from ..errors import N_, FivesError, Msg
from ..resources import user_home
from ..text.i18n import _
from .files import check_database
from .schema import TooNew, upgrade, version_of
from .sqlite import WRITE_REASONS, connect_readonly, reason, transaction

SCHEMA_VERSION = 3
#: SQL that brings a database from version N-1 to version N
MIGRATIONS = {
    1: [
        "CREATE TABLE matches (id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, updated TEXT NOT NULL,"
        " names TEXT NOT NULL, teams TEXT, rules_id TEXT NOT NULL, rules_path TEXT NOT NULL,"
        " rules_data TEXT NOT NULL, lang TEXT NOT NULL, scores TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0)",
        "CREATE TABLE events (match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,"
        " seq INTEGER NOT NULL, at TEXT NOT NULL, event TEXT NOT NULL, PRIMARY KEY (match_id, seq))",
    ],
    # a match against the computer (fives play): its setup as JSON; NULL for a real table
    2: ["ALTER TABLE matches ADD COLUMN practice TEXT"],
    # the names journal: merges of two spellings into one player, their undo and redo
    # (append-only, like events; see fives_tutor.study.players)
    3: ["CREATE TABLE player_names (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, entry TEXT NOT NULL)"],
}
#: the largest match id SQLite can store
MAX_ID = 2 ** 63 - 1
#: the most events a match may have (a real one has a few hundred)
MAX_EVENTS = 100_000
#: the longest text of each column read back, in characters
MAX_CHARS = {"names": 4096, "teams": 1024, "rules_id": 128, "rules_path": 4096, "rules_data": 256 * 1024,
             "lang": 32, "scores": 1024, "created": 64, "updated": 64, "event": 64 * 1024, "practice": 4096,
             "entry": 1024}
#: the most entries the names journal may have (each is a merge, an undo or a redo typed by hand)
MAX_NAME_ENTRIES = 100_000
#: the largest score a side may have (a target is at most 100,000)
MAX_SCORE = 10 ** 9
#: seconds a write waits for another writer's transaction to end
BUSY_SECONDS = 5.0


class JournalError(FivesError):
    """A database that cannot be used: locked, unreadable, too new, or a missing match."""


class MatchInfo(NamedTuple):
    """A saved match: ``id``, player ``names``, ``teams`` (lists of player indexes, or
    None), the pack's ``rules_id``, ``rules_path`` and merged ``rules_data``, the
    ``lang`` it was kept in, the side ``scores``, whether it is ``finished``, when
    it was ``created`` and ``updated`` (ISO times, UTC), and for a match against the
    computer (``fives play``) its setup, ``practice`` (a dict: see
    :mod:`fives_tutor.table.practice`; None for a real table).

    The ``names`` are as shown in the active language (:func:`shown_names`): the
    learner of a practice match who gave no name, at seat ``unnamed`` (else None), is
    the word for "you"; :attr:`saved_names` are the names as a match saves them."""

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
    practice: dict | None = None
    unnamed: int | None = None

    @property
    def saved_names(self) -> list[str]:
        """The names as a match saves them, in no language (:func:`saved_names`)."""
        return saved_names(self.names, self.unnamed)


def unnamed_seat(names, practice: dict | None) -> int | None:
    """The seat of a practice match's learner who gave no name, or None: their seat
    (``practice["you"]``) when the name saved there is :data:`~fives_tutor.core.names.YOU`
    or the word for "you" an older fives-tutor saved in its place
    (:data:`~fives_tutor.core.names.SAVED_YOU`), unless the setup says the learner typed
    it (``named``). A real table's names are all typed."""
    if practice is None or practice.get("named"):
        return None
    seat = practice["you"]
    return seat if names[seat] in SAVED_YOU else None


def shown_names(names, practice: dict | None) -> list[str]:
    """A match's ``names`` as saved (and its ``practice`` setup), as they are shown: the
    learner who gave no name (:func:`unnamed_seat`) as the word for "you" in the active
    language, every other name as it was typed. Every saved match is read through it
    (:class:`MatchInfo`), and a new practice match shows its names through it."""
    seat = unnamed_seat(names, practice)
    return [_(YOU) if index == seat else name for index, name in enumerate(names)]


def saved_names(names, unnamed: int | None) -> list[str]:
    """``names`` as shown, as a match saves them: the learner at seat ``unnamed`` (who
    gave no name) as :data:`~fives_tutor.core.names.YOU`, in no language."""
    return [YOU if index == unnamed else name for index, name in enumerate(names)]


def command_for(words: str, path: str) -> str:
    """A ``fives`` command (``words``, such as ``fives play --resume 3``) that works on the
    saved games at ``path``: with ``--db`` (quoted for a shell) unless it is the default
    file, which the command finds by itself."""
    if os.path.realpath(path) == os.path.realpath(default_path()):
        return words
    return f"{words} --db {shlex.quote(path)}"


def default_path() -> str:
    """The journal file: ``$FIVES_HOME/games.sqlite3`` or the user data folder's."""
    return os.path.join(user_home(), "games.sqlite3")


def match_number(text: str) -> int | None:
    """The number of a saved match as typed (digits of any script and any length), or
    None when ``text`` is not a number. Raises :class:`JournalError` for a number too
    large for SQLite (no match can have it), showing it as typed."""
    number = whole_number(text)
    if number is not None and number > MAX_ID:
        raise JournalError(N_("there is no saved match {id}"), id=text)
    return number


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


class Journal:
    """The saved games at ``path`` (default: :func:`default_path`).

    ``readonly`` opens them for reading only (a missing file is an empty journal,
    and nothing is ever created); otherwise they are opened for writing, and a missing
    file is created when ``create`` (else it is an empty journal too); with ``lazy``, not
    before the first write (a shell that saves nothing, or is refused, leaves no empty
    file behind). A file is created only in a folder that exists, or in the data folder
    (made when missing): the folder is checked on opening, lazy or not.
    Raises :class:`JournalError`, or
    :class:`~fives_tutor.store.files.DataFileError` for a file (or a companion of
    SQLite's) that is a link, a named pipe or anything but a regular file.
    """

    def __init__(self, path: str | None = None, create: bool = True, readonly: bool = False,
                 lazy: bool = False) -> None:
        self.path = path or default_path()
        self.readonly = readonly
        self.connection: sqlite3.Connection | None = None
        self._create_on_write = False
        # the file and its companions are regular files or nothing: SQLite follows links and
        # waits on named pipes, so a link planted beside the file would be written through
        check_database(self.path)
        if not os.path.lexists(self.path) and (readonly or not create or lazy):
            self._create_on_write = create and not readonly
            if self._create_on_write:
                self._check_folder()  # now, not at the first write: a shell would have taken plays it cannot save
            return
        if readonly:
            self._open_readonly()
        else:
            self._open_writable()

    def _check_folder(self) -> None:
        """Raise :class:`JournalError` when the folder the file goes in does not exist and
        is not the data folder: the data folder is made when missing, any other folder
        must be there already (a mistyped folder in ``--db`` makes no folder)."""
        folder = os.path.dirname(os.path.abspath(self.path))
        if not os.path.isdir(folder) and not _same_path(folder, user_home()):
            raise JournalError(N_("cannot save to {path}: {reason}"), path=self.path,
                               reason=Msg(N_("there is no folder {folder}"), folder=folder))

    def _open_writable(self) -> None:
        check_database(self.path)
        self._check_folder()
        try:
            os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)  # the data folder, made once
            connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise JournalError(N_("cannot open the saved games at {path}: {reason}"), path=self.path,
                               reason=reason(error)) from None
        self.connection = connection
        try:
            self._prepare(connection)
        except sqlite3.Error as error:
            self.close()
            raise self._failed(error, writing=_is_write_failure(error)) from None
        except BaseException:
            self.close()  # a newer or foreign file: leave it, and unlocked
            raise

    def _prepare(self, db: sqlite3.Connection) -> None:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA synchronous = FULL")
        try:
            with transaction(db):
                upgrade(db, MIGRATIONS, SCHEMA_VERSION)
                # a write that changes nothing: a read-only file or a full disk is found now, not at the first entry
                db.execute("UPDATE schema_version SET version = version")
        except TooNew as newer:
            raise JournalError(N_("the saved games at {path} were written by a newer fives-tutor (version {found}; "
                                  "this one knows {known}); they are left as they are"),
                               path=self.path, found=newer.found, known=SCHEMA_VERSION) from None
        # WAL only once the file is known to be ours: a foreign file is never changed
        db.execute("PRAGMA journal_mode = WAL")

    def _open_readonly(self) -> None:
        try:
            self.connection = connect_readonly(self.path, self._check_readable, BUSY_SECONDS)
        except sqlite3.Error as error:
            raise JournalError(N_("cannot read the saved games at {path}: {reason}"), path=self.path,
                               reason=reason(error)) from None

    def _check_readable(self, db: sqlite3.Connection) -> None:
        found, tables = version_of(db)
        if not tables:
            return  # an empty file: no saved games yet
        if found is None or not {"matches", "events"} <= tables:
            raise sqlite3.DatabaseError("not a fives-tutor database")
        self._version = found if isinstance(found, int) else 0
        if not isinstance(found, int) or found > SCHEMA_VERSION:
            raise JournalError(N_("the saved games at {path} were written by a newer fives-tutor (version {found}; "
                                  "this one knows {known}); they are left as they are"),
                               path=self.path, found=found if isinstance(found, int) else "?", known=SCHEMA_VERSION)

    def close(self) -> None:
        """Close the database."""
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    def _empty(self) -> bool:
        """No file (a reader of a journal not yet written), or a file without tables."""
        if self.connection is None:
            return True
        return self.readonly and self.connection.execute(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'matches'").fetchone()[0] == 0

    def _select(self) -> str:
        """The query of the matches' rows; a file of schema 1, read without upgrading it,
        has no practice column (every match in it is a real table's)."""
        if getattr(self, "_version", SCHEMA_VERSION) < 2:
            return _SELECT.replace("substr(practice, 1, 4097)", "NULL")
        return _SELECT

    def _failed(self, error: BaseException, writing: bool) -> JournalError:
        if writing:
            return JournalError(N_("cannot save to {path}: {reason}"), path=self.path,
                                reason=reason(error))
        return JournalError(N_("cannot read the saved games at {path}: {reason}"), path=self.path,
                            reason=reason(error))

    def _write(self, work):
        """Run ``work(db)`` in one committed transaction; any failure rolls it back and
        raises :class:`JournalError` with the reason (a full disk, a read-only file)."""
        if self.connection is None and self._create_on_write:
            self._open_writable()  # the first write makes the file
            self._create_on_write = False
        if self.connection is None or self.readonly:
            raise JournalError(N_("cannot save to {path}: {reason}"), path=self.path,
                               reason=Msg(N_("the file or its folder is read-only")))
        try:
            with transaction(self.connection) as db:
                result = work(db)
        except (sqlite3.Error, OSError) as error:
            raise self._failed(error, writing=True) from None
        return result

    def _read(self, sql: str, params=()) -> list:
        if self.connection is None:  # no file (every reader asks _empty first): nothing in it
            return []
        try:
            return self.connection.execute(sql, params).fetchall()
        except sqlite3.Error as error:
            raise self._failed(error, writing=False) from None

    # --- matches ----------------------------------------------------------------------------

    def create_match(self, names, teams, rules_id: str, rules_path: str, rules_data: dict, lang: str,
                     practice: dict | None = None) -> int:
        """A new match (``practice``: the setup of a match against the computer); returns its id."""
        now = _now()

        def work(db):
            return db.execute(
                "INSERT INTO matches (created, updated, names, teams, rules_id, rules_path, rules_data, lang, scores,"
                " finished, practice) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)",
                (now, now, _dump(list(names)), _dump(teams), rules_id, _text(rules_path), _dump(rules_data), lang,
                 _dump([]), _dump(practice) if practice is not None else None)).lastrowid

        return self._write(work)

    def append(self, match_id: int, event: dict, scores=None, finished: bool = False) -> int:
        """Append ``event`` (and the scores it leads to) in one committed transaction;
        returns its number. Raises :class:`JournalError` (nothing written) when the
        file cannot be written."""

        def work(db):
            row = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE match_id = ?", (match_id,)).fetchone()
            seq = row[0] + 1
            now = _now()
            db.execute("INSERT INTO events (match_id, seq, at, event) VALUES (?, ?, ?, ?)",
                       (match_id, seq, now, _dump(event)))
            if scores is not None:
                db.execute("UPDATE matches SET updated = ?, scores = ?, finished = ? WHERE id = ?",
                           (now, _dump(list(scores)), int(finished), match_id))
            return seq

        return self._write(work)

    def append_many(self, match_id: int, events: list[dict], scores=None, finished: bool = False) -> None:
        """Append ``events`` in one committed transaction: all of them or, when the file
        cannot be written, none (raises :class:`JournalError`)."""

        def work(db):
            row = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE match_id = ?", (match_id,)).fetchone()
            now = _now()
            db.executemany("INSERT INTO events (match_id, seq, at, event) VALUES (?, ?, ?, ?)",
                           ((match_id, row[0] + k, now, _dump(event)) for k, event in enumerate(events, start=1)))
            if scores is not None:
                db.execute("UPDATE matches SET updated = ?, scores = ?, finished = ? WHERE id = ?",
                           (now, _dump(list(scores)), int(finished), match_id))

        self._write(work)

    def events(self, match_id: int) -> list[dict]:
        """The match's events in order. Raises :class:`JournalError` for a damaged event
        (it names the match and the event) or too many of them."""
        if self._empty():
            return []
        count = self._read("SELECT COUNT(*) FROM events WHERE match_id = ?", (match_id,))[0][0]
        if count > MAX_EVENTS:
            raise _damaged(match_id, N_("more than {limit} events"), limit=MAX_EVENTS)
        rows = self._read("SELECT seq, substr(event, 1, ?) FROM events WHERE match_id = ? ORDER BY seq",
                          (MAX_CHARS["event"] + 1, match_id))
        events = []
        for seq, text in rows:
            try:
                event = _load(text, "event")
                if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                    raise ValueError("not an event")
            except (ValueError, TypeError):
                raise _damaged(match_id, N_("event {seq} cannot be read"), seq=str(seq)) from None
            events.append(event)
        return events

    def match(self, match_id) -> MatchInfo:
        """One saved match; raises :class:`JournalError` if there is none with that id
        (an id SQLite cannot store included), or if its row is damaged."""
        if isinstance(match_id, bool) or not isinstance(match_id, int) or not 0 < match_id <= MAX_ID:
            raise JournalError(N_("there is no saved match {id}"), id=str(match_id))
        if self._empty():
            raise JournalError(N_("there is no saved match {id}: no match has been saved in {path} yet"),
                               id=match_id, path=self.path)
        rows = self._read(self._select() + " WHERE id = ?", (match_id,))
        if not rows:
            raise JournalError(N_("there is no saved match {id}"), id=match_id)
        return _info(rows[0])

    def matches(self, damaged: list | None = None) -> list[MatchInfo]:
        """Every saved match that can be read, newest first. The id and the reason of
        each damaged one are added to ``damaged`` (a list) when given; it is left out."""
        if self._empty():
            return []
        found = []
        for row in self._read(self._select() + " ORDER BY updated DESC, id DESC"):
            try:
                found.append(_info(row))
            except JournalError as error:
                if damaged is not None:
                    damaged.append(error)
        return found

    def latest_unfinished(self, practice: bool = False) -> MatchInfo | None:
        """The most recently updated match that is not finished and has at least one entry
        (damaged ones are skipped): of a real table, or with ``practice`` one played
        against the computer."""
        if self._empty():
            return None
        # a match closed before its first entry is nothing to continue
        begun = {row[0] for row in self._read("SELECT DISTINCT match_id FROM events")}
        return next((info for info in self.matches() if not info.finished and info.id in begun
                     and (info.practice is not None) == practice), None)

    def exists(self, match_id: int) -> bool:
        """Whether a match ``match_id`` is saved, readable or damaged (its row is not read)."""
        return not self._empty() and bool(self._read("SELECT 1 FROM matches WHERE id = ?", (match_id,)))

    def delete(self, match_id: int) -> None:
        """Delete a match and its events, a damaged one too (nothing of it is read)."""
        if not self.exists(match_id):
            raise JournalError(N_("there is no saved match {id}"), id=match_id)

        def work(db):
            db.execute("DELETE FROM events WHERE match_id = ?", (match_id,))
            db.execute("DELETE FROM matches WHERE id = ?", (match_id,))

        self._write(work)

    # --- the names journal ----------------------------------------------------------------

    def name_entries(self, damaged: list | None = None) -> list[dict]:
        """The entries of the names journal in order (merges, undo, redo: see
        :mod:`fives_tutor.study.players`); none in a file written before it existed. An
        entry that cannot be read is left out, and the reason added to ``damaged``."""
        if self._empty() or not self._read(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'player_names'"):
            return []
        entries = []
        rows = self._read("SELECT seq, substr(entry, 1, ?) FROM player_names ORDER BY seq LIMIT ?",
                          (MAX_CHARS["entry"] + 1, MAX_NAME_ENTRIES))
        for seq, text in rows:
            try:
                entry = _load(text, "entry")
                if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
                    raise ValueError("not an entry")
            except (ValueError, TypeError):
                if damaged is not None:
                    damaged.append(JournalError(N_("entry {seq} of the players' names cannot be read"), seq=str(seq)))
                continue
            entries.append(entry)
        return entries

    def append_name_entry(self, entry: dict) -> None:
        """Append ``entry`` to the names journal in one committed transaction. Raises
        :class:`JournalError` (nothing written) when the file cannot be written."""
        self._write(lambda db: db.execute("INSERT INTO player_names (at, entry) VALUES (?, ?)", (_now(), _dump(entry))))

    def import_match(self, info: dict, events: list[dict], scores, finished: bool) -> int:
        """Store an imported match (already checked by the caller) in one transaction; returns its new id."""
        now = _now()

        def work(db):
            practice = info.get("practice")
            cursor = db.execute(
                "INSERT INTO matches (created, updated, names, teams, rules_id, rules_path, rules_data, lang, scores,"
                " finished, practice) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (info.get("created") or now, now, _dump(info["names"]), _dump(info.get("teams")), info["rules_id"],
                 _text(info.get("rules_path", "(imported)")), _dump(info["rules_data"]), info.get("lang", "en"),
                 _dump(list(scores)), int(finished), _dump(practice) if practice is not None else None))
            match_id = cursor.lastrowid
            db.executemany("INSERT INTO events (match_id, seq, at, event) VALUES (?, ?, ?, ?)",
                           ((match_id, seq, now, _dump(event)) for seq, event in enumerate(events, start=1)))
            return match_id

        return self._write(work)


def _same_path(first: str, second: str) -> bool:
    """Whether two paths name the same place (neither need exist)."""
    return os.path.normcase(os.path.abspath(first)) == os.path.normcase(os.path.abspath(second))


def _is_write_failure(error: sqlite3.Error) -> bool:
    """Whether opening for writing failed because nothing may be written (a read-only
    file or folder, a full disk), rather than because the file is not ours."""
    return reason(error) in WRITE_REASONS


def _text(value: str) -> str:
    """Text SQLite can store: the undecodable bytes of a file name become escapes."""
    return value if is_text(value) else safe(value)


def _dump(value: Any) -> str:
    """``value`` as JSON text SQLite can store (undecodable bytes of a file name escaped)."""
    text = json.dumps(value, ensure_ascii=False)
    return text if is_text(text) else json.dumps(value)


def _load(text: Any, column: str) -> Any:
    """A JSON column read back, checked: text of bounded length and nesting."""
    if not isinstance(text, str) or len(text) > MAX_CHARS[column]:
        raise ValueError(f"{column}: too long or not text")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError(f"{column}: nested too deep") from None


def _damaged(match_id, template: str, **params) -> JournalError:
    return JournalError(N_("saved match {id} is damaged and cannot be read: {reason}"), id=match_id,
                        reason=Msg(template, **params))


_SELECT = ("SELECT id, substr(names, 1, 4097), substr(teams, 1, 1025), substr(rules_id, 1, 129),"
           " substr(rules_path, 1, 4097), substr(rules_data, 1, 262145), substr(lang, 1, 33), substr(scores, 1, 1025),"
           " finished, substr(created, 1, 65), substr(updated, 1, 65), substr(practice, 1, 4097) FROM matches")


def _info(row) -> MatchInfo:
    """A matches row, every column checked; raises :class:`JournalError` naming the
    match and the column for a damaged one."""
    match_id = row[0]
    column = "id"
    try:
        if isinstance(match_id, bool) or not isinstance(match_id, int):
            raise ValueError
        column = "names"
        names = _load(row[1], "names")
        if (not isinstance(names, list) or not 1 <= len(names) <= 10
                or not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME and not has_control(n) for n in names)):
            raise ValueError
        column = "teams"
        teams = _load(row[2], "teams") if row[2] else None
        if teams is not None and (not isinstance(teams, list) or len(teams) > 5 or not all(
                isinstance(team, list) and len(team) <= 10 and all(
                    isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(names) for p in team)
                for team in teams)):
            raise ValueError
        column = "rules_id"
        if not isinstance(row[3], str) or not 0 < len(row[3]) <= 64 or has_control(row[3]):
            raise ValueError
        column = "rules_path"
        if not isinstance(row[4], str) or len(row[4]) > MAX_CHARS["rules_path"]:
            raise ValueError
        column = "rules_data"
        rules_data = _load(row[5], "rules_data")
        if not isinstance(rules_data, dict):
            raise ValueError
        column = "lang"
        if not isinstance(row[6], str) or len(row[6]) > 16 or has_control(row[6]):
            raise ValueError
        column = "scores"
        scores = _load(row[7], "scores")
        if not isinstance(scores, list) or len(scores) > 10 or not all(
                isinstance(v, int) and not isinstance(v, bool) and -MAX_SCORE <= v <= MAX_SCORE for v in scores):
            raise ValueError
        column = "finished"
        if row[8] not in (0, 1):
            raise ValueError
        column = "created"
        if not all(isinstance(row[i], str) and len(row[i]) <= 40 and not has_control(row[i]) for i in (9, 10)):
            raise ValueError
        column = "practice"
        practice = _load(row[11], "practice") if row[11] is not None else None
        if practice is not None and not check_practice(practice, len(names)):
            raise ValueError
    except (ValueError, TypeError):
        shown_id = match_id if isinstance(match_id, int) and not isinstance(match_id, bool) else str(match_id)
        raise _damaged(shown_id, N_("its {column} cannot be read"), column=column) from None
    return MatchInfo(match_id, shown_names(names, practice), teams, row[3], row[4], rules_data, row[6], scores,
                     bool(row[8]), row[9], row[10], practice, unnamed_seat(names, practice))


#: the coach's settings of a match against the computer
COACH_MODES = ("on", "off", "end")
#: the levels a computer player of ``fives play`` may have (the levels that play a whole
#: match, as ``fives play --level`` offers them)
PRACTICE_LEVELS = tuple(level for level in PLAYING_LEVELS if level != "exact")


def check_practice(practice, players: int) -> bool:
    """Whether ``practice`` is the setup of a match against the computer for ``players``
    players: ``{"seed": text, "you": seat, "levels": [a level of :data:`PRACTICE_LEVELS`
    or null per seat, null for yours], "coach": "on" | "off" | "end"}``, for a match
    played on from another's position ``"start": {"events": the events of the other match
    it begins with, "match", "hand", "move": where it was taken from}``, and ``"named":
    true`` when the learner typed a name that is one of the words for "you"
    (:func:`unnamed_seat`)."""
    if not isinstance(practice, dict) or set(practice) - {"start", "named"} != {"seed", "you", "levels", "coach"}:
        return False
    if not isinstance(practice.get("named", False), bool):
        return False
    start = practice.get("start", {"events": 0, "match": 0, "hand": 0, "move": 0})
    if not isinstance(start, dict) or set(start) != {"events", "match", "hand", "move"} or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10 ** 9 for v in start.values()):
        return False
    seed, you, levels, coach = practice["seed"], practice["you"], practice["levels"], practice["coach"]
    if not isinstance(seed, str) or not 0 < len(seed) <= 64 or has_control(seed):
        return False
    if isinstance(you, bool) or not isinstance(you, int) or not 0 <= you < players:
        return False
    if not isinstance(levels, list) or len(levels) != players or levels[you] is not None:
        return False
    if not all(isinstance(level, str) and level in PRACTICE_LEVELS for i, level in enumerate(levels) if i != you):
        return False  # a level fives play does not know would stop --resume and review
    return coach in COACH_MODES
