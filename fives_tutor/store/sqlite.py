"""The SQLite helpers of the saved games and the learner's progress: a write that
lands whole or not at all, and what went wrong with a file, in words a player understands.

SQLite and the operating system report a full disk, a read-only file or folder, a
file that is not a database, or a lock held elsewhere in their own terms; the
saved games and the learner's progress turn those into one reason (a message of
its own, translated with the sentence it is part of).

>>> import sqlite3
>>> reason(sqlite3.OperationalError("database or disk is full"))
'the disk is full'
>>> reason(OSError(30, "Read-only file system"))
'the file or its folder is read-only'
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterator
from urllib.parse import quote

from ..errors import N_, Msg, os_reason

# SQLite's primary result codes (sqlite3.h) and the words of its messages, for
# Python versions whose exceptions do not carry the code
_BY_CODE = {
    8: N_("the file or its folder is read-only"),  # SQLITE_READONLY
    13: N_("the disk is full"),  # SQLITE_FULL
    10: N_("the disk could not be read or written"),  # SQLITE_IOERR
    5: N_("another program is writing to it; try again"),  # SQLITE_BUSY
    6: N_("another program is writing to it; try again"),  # SQLITE_LOCKED
    11: N_("the file is damaged"),  # SQLITE_CORRUPT
    26: N_("it is not a fives-tutor file"),  # SQLITE_NOTADB
    14: N_("the file or its folder cannot be opened"),  # SQLITE_CANTOPEN
    3: N_("permission denied"),  # SQLITE_PERM
    23: N_("permission denied"),  # SQLITE_AUTH
    18: N_("the data is too large"),  # SQLITE_TOOBIG
}
#: the reasons that mean "nothing can be written here"
WRITE_REASONS = frozenset({_BY_CODE[8], _BY_CODE[13], _BY_CODE[10], _BY_CODE[3], _BY_CODE[14]})
_BY_WORDS = (
    ("readonly", 8), ("read-only", 8), ("disk is full", 13), ("disk i/o", 10), ("locked", 5), ("busy", 5),
    ("malformed", 11), ("not a database", 26), ("not a fives-tutor", 26), ("unable to open", 14), ("too big", 18),
)


def reason(error: BaseException) -> Msg | str:
    """The reason behind ``error`` (an ``sqlite3.Error`` or an ``OSError``): a
    :class:`~fives_tutor.errors.Msg` translated with its sentence, or the system's own
    words when there is no better one."""
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        if code is None:
            text = str(error).lower()
            code = next((number for words, number in _BY_WORDS if words in text), None)
        found = _BY_CODE.get(code & 0xFF) if code is not None else None
        return Msg(found) if found else str(error)
    if isinstance(error, OSError):
        return os_reason(error)
    return str(error)


@contextlib.contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``with transaction(db):`` the writes inside land together or not at all: a
    ``BEGIN IMMEDIATE`` (the write lock taken at once, so a busy file fails before any
    work) and a ``COMMIT`` at the end; any exception, ``KeyboardInterrupt`` included,
    rolls back and goes on. ``db`` is opened with ``isolation_level=None``."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute("COMMIT")
    except BaseException:
        rollback(db)
        raise


def rollback(db: sqlite3.Connection) -> None:
    """Roll back the open transaction, if any (after a failed write there may be none);
    a failure to roll back is no news on top of the error being reported."""
    try:
        if db.in_transaction:
            db.execute("ROLLBACK")
    except sqlite3.Error:
        pass


def connect_readonly(path: str, check: Callable[[sqlite3.Connection], object], timeout: float) -> sqlite3.Connection:
    """``path`` opened for reading only (never made or changed), once ``check(db)`` has read
    it without an error: with WAL's shared memory, else as the file stands (a read-only
    folder cannot hold the shared-memory file). Raises the last ``sqlite3.Error``."""
    base = "file:" + quote(os.path.abspath(path)) + "?mode=ro"
    try:
        return _checked(base, check, timeout)
    except sqlite3.Error:
        return _checked(base + "&immutable=1", check, timeout)


def _checked(uri: str, check: Callable[[sqlite3.Connection], object], timeout: float) -> sqlite3.Connection:
    db = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
    try:
        check(db)
    except BaseException:
        db.close()
        raise
    return db
