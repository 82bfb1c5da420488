"""Which process keeps a saved match: one table shell per match, any number of readers.

A shell that keeps match N of ``games.sqlite3`` holds an operating-system lock on
``games.sqlite3-match-N.lock`` for as long as it runs; the file says who holds it
(process, machine, since when). The system releases the lock when the process ends,
however it ends, so a killed shell never leaves its match locked. Reading the saved
games needs no lock (SQLite's WAL lets readers see every committed entry while a
shell writes); deleting a match, or keeping it in a second shell, waits a moment for
the lock and then names the holder.

>>> import os, tempfile
>>> db = os.path.join(tempfile.mkdtemp(), "games.sqlite3")
>>> with keep(db, 1):
...     try:
...         keep(db, 1, wait=0)
...     except MatchKeptError as error:
...         print(str(error).split(" (")[0])
match 1 is being kept by fives table
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import socket
import sys
import time
from collections.abc import Callable

from ..errors import N_, FivesError
from .files import DataFileError, open_regular, read_regular
from .journal import Journal, JournalError
from .sqlite import reason

#: seconds a writing command waits for a match that another shell keeps
WAIT = 1.0
#: the commands that keep a match (a lock file's ``what``; any other is not shown)
KEEPERS = ("fives table", "fives play", "fives games delete")

if sys.platform == "win32":  # pragma: no cover - Windows
    import msvcrt
else:
    import fcntl


class MatchKeptError(FivesError):
    """A match kept by another process: ``holder`` says which (process, machine, since when)."""


def lock_path(db_path: str, match_id: int) -> str:
    """The lock file of match ``match_id`` of the saved games at ``db_path``."""
    return f"{db_path}-match-{match_id}.lock"


class Keeper:
    """This process's hold on one match; :meth:`release` (or leaving the ``with``) lets it go."""

    def __init__(self, path: str, descriptor: int) -> None:
        self.path = path
        self._descriptor: int | None = descriptor

    def release(self) -> None:
        """Let the match go and remove the lock file (the system also does it if the process dies)."""
        if self._descriptor is None:
            return
        try:
            os.unlink(self.path)  # while still held, so that nobody locks a file that is going away
        except OSError:
            pass
        _unlock(self._descriptor)
        os.close(self._descriptor)
        self._descriptor = None

    def __enter__(self) -> Keeper:
        return self

    def __exit__(self, *_exc) -> None:
        self.release()


def keep(db_path: str, match_id: int, wait: float = WAIT, what: str = "fives table") -> Keeper:
    """Hold match ``match_id`` of the saved games at ``db_path`` for this process,
    waiting up to ``wait`` seconds for another holder to let it go.

    Raises :class:`MatchKeptError` naming the holder, ``OSError`` when the lock
    file cannot be made (a read-only folder), or
    :class:`~fives_tutor.store.files.DataFileError` when its name is taken by something
    that is not a regular file (a link, a named pipe).
    """
    path = lock_path(db_path, match_id)
    deadline = time.monotonic() + wait
    while True:
        descriptor = _try(path)
        if descriptor is not None:
            record = json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "what": what,
                                 "since": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")})
            os.ftruncate(descriptor, 0)
            os.lseek(descriptor, 0, os.SEEK_SET)
            os.write(descriptor, record.encode("utf-8"))
            return Keeper(path, descriptor)
        if time.monotonic() >= deadline:
            who = holder(db_path, match_id)
            if who is None:
                raise MatchKeptError(N_("match {id} is being kept by another fives command; close it there first"),
                                     id=match_id)
            raise MatchKeptError(N_("match {id} is being kept by {what} (process {pid} on {host}, since {since}); "
                                    "close it there first"), id=match_id, **who)
        time.sleep(0.05)


def keep_match(journal: Journal, match_id: int, what: str = "fives table") -> Keeper:
    """:func:`keep` for match ``match_id`` of ``journal``, waiting :data:`WAIT`: a lock
    file that cannot be made is a :class:`~fives_tutor.store.journal.JournalError` with
    the reason, as any failure to save the match; another holder, a :class:`MatchKeptError`."""
    try:
        return keep(journal.path, match_id, what=what)
    except DataFileError:
        raise  # (it names the lock file and what it is)
    except OSError as error:
        raise JournalError(N_("cannot save to {path}: {reason}"), path=journal.path, reason=reason(error)) from None


def keep_new_match(journal: Journal, make: Callable[[], int], what: str = "fives table") -> tuple[int, Keeper]:
    """A new match of ``journal``, made by ``make()`` (which returns its id), and this
    process's hold on it (:func:`keep_match`). When the hold cannot be taken (its lock
    file's name taken by a link, a read-only folder), the match just made is removed
    again and the error raised: no match is left that nobody keeps."""
    match_id = make()
    try:
        return match_id, keep_match(journal, match_id, what)
    except BaseException:
        try:
            journal.delete(match_id)
        except FivesError:
            pass  # (the error being raised says what went wrong; the empty row is all that stays)
        raise


def holder(db_path: str, match_id: int) -> dict | None:
    """Who keeps the match: ``what`` (one of :data:`KEEPERS`), ``pid``, ``host`` and
    ``since`` (text), or None when the lock file says nothing readable."""
    try:
        data = read_regular(lock_path(db_path, match_id), 4096)
        if data is None:
            return None
        record = json.loads(data.decode("utf-8"))
        what = record.get("what", "fives table")
        if what not in KEEPERS:
            return None
        return {"what": what, "pid": str(int(record["pid"])), "host": str(record["host"]),
                "since": str(record["since"])}
    except (OSError, ValueError, KeyError, TypeError, DataFileError):
        return None


def _try(path: str) -> int | None:
    """A descriptor of ``path`` locked by us, or None when another holds it. The lock
    file is opened without following a link and must be a regular file of one name (a
    link planted there, symbolic or hard, would have the record written over its
    target): raises
    :class:`~fives_tutor.store.files.DataFileError` otherwise."""
    descriptor = open_regular(path, os.O_RDWR | os.O_CREAT, 0o644, only_name=True)
    if not _lock(descriptor):
        os.close(descriptor)
        return None
    try:
        same = os.stat(path).st_ino == os.fstat(descriptor).st_ino
    except FileNotFoundError:
        same = False
    if not same:  # the previous holder removed the file between our open and our lock: again
        _unlock(descriptor)
        os.close(descriptor)
        return None
    return descriptor


_WINDOWS_OFFSET = 1 << 20  # Windows locks are mandatory: lock a byte past the record, so it stays readable


def _lock(descriptor: int) -> bool:
    try:
        if sys.platform == "win32":  # pragma: no cover - Windows
            os.lseek(descriptor, _WINDOWS_OFFSET, os.SEEK_SET)
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(descriptor: int) -> None:
    try:
        if sys.platform == "win32":  # pragma: no cover - Windows
            os.lseek(descriptor, _WINDOWS_OFFSET, os.SEEK_SET)
            msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)
        else:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
    except OSError:
        pass
