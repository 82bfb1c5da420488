"""The entries of the data folder: regular files only, opened without following links.

The data folder (``$FIVES_HOME`` or the user's data folder) holds the saved games, the
learner's progress, the locks of matches being kept, the settings and the shell's
history. Anyone who can write to that folder could plant a symbolic link there
(``games.sqlite3-match-1.lock`` pointing at a file of the user's), a named pipe (a
read never ends) or a device (``/dev/zero`` never ends either). fives-tutor writes and
reads those entries only when they are regular files: a lock or a settings file is
opened with ``O_NOFOLLOW`` (a link is refused by the system itself) and checked with
``fstat`` on the open descriptor; where SQLite opens the file itself, the entry and
its companions (``-wal``, ``-shm``, ``-journal``) are checked with ``lstat`` first.
Anything else is refused with :class:`DataFileError`: one line that names the entry
and what it is, and the entry is left as it is.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> os.symlink(os.path.join(folder, "victim"), os.path.join(folder, "games.sqlite3-match-1.lock"))
>>> try:
...     check_entry(os.path.join(folder, "games.sqlite3-match-1.lock"))
... except DataFileError as error:
...     print(str(error).replace(folder, "FOLDER"))
cannot use FOLDER/games.sqlite3-match-1.lock: it is a link, not a regular file
>>> check_entry(os.path.join(folder, "missing"))  # nothing there yet: it may be made
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
import tempfile
from typing import Any

from ..errors import N_, FivesError, Msg

if sys.platform != "win32":
    import fcntl

#: ``os.open`` flags that refuse a link as the last part of a path, and never wait on a
#: named pipe (0 where the system has no such flag)
NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
NO_WAIT = getattr(os, "O_NONBLOCK", 0)
CLOSE_ON_EXEC = getattr(os, "O_CLOEXEC", 0)
#: the files SQLite keeps beside a database
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")


class DataFileError(FivesError):
    """An entry of the data folder that is not a regular file (a link, a named pipe, a
    device, a folder): ``file`` names it, ``reason`` says what it is."""


def kind(mode: int) -> Msg | None:
    """What a file of ``mode`` (``st_mode``) is, as a reason it cannot be used, or None
    for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return Msg(N_("it is a link, not a regular file"))
    if stat.S_ISDIR(mode):
        return Msg(N_("it is a folder, not a file"))
    if stat.S_ISFIFO(mode):
        return Msg(N_("it is a named pipe, not a regular file"))
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Msg(N_("it is a device, not a regular file"))
    return Msg(N_("it is not a regular file"))


def entry_problem(path: str) -> Msg | None:
    """Why ``path`` (not followed if it is a link) cannot be used as a data file, or None
    when it is a regular file or does not exist (it may then be made)."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return None  # (a folder on the way that cannot be read: opening it reports that in its own words)
    return kind(found.st_mode)


def check_entry(path: str) -> None:
    """Raise :class:`DataFileError` unless ``path`` is a regular file or missing."""
    problem = entry_problem(path)
    if problem is not None:
        raise DataFileError(N_("cannot use {file}: {reason}"), file=path, reason=problem)


def check_database(path: str) -> None:
    """:func:`check_entry` for an SQLite file and the files SQLite keeps beside it (its
    write-ahead log, shared memory and rollback journal): SQLite opens and writes those
    itself, following links, so they are checked before it does."""
    for name in (path, *(path + suffix for suffix in SQLITE_COMPANIONS)):
        check_entry(name)


def open_regular(path: str, flags: int, mode: int = 0o644, only_name: bool = False) -> int:
    """A descriptor of ``path`` opened with ``flags`` (``os.O_RDWR | os.O_CREAT``...),
    never through a link and never waiting on a named pipe; with ``only_name`` (a file
    fives-tutor writes over), never a file with other names either (a hard link to a
    file elsewhere would be written over just as a symbolic one). Raises
    :class:`DataFileError` when ``path`` is not such a file, ``OSError`` for the
    system's other reasons (a read-only folder, permission)."""
    try:
        descriptor = os.open(path, flags | NO_FOLLOW | NO_WAIT | CLOSE_ON_EXEC, mode)
    except OSError as error:
        if error.errno == errno.ELOOP or (error.errno in (errno.ENXIO, errno.EISDIR, errno.EMLINK)
                                          and entry_problem(path) is not None):
            raise DataFileError(N_("cannot use {file}: {reason}"), file=path,
                                reason=entry_problem(path) or Msg(N_("it is a link, not a regular file"))) from None
        raise
    try:
        found = os.fstat(descriptor)
        problem = kind(found.st_mode)
        if problem is None and only_name and found.st_nlink > 1:
            problem = Msg(N_("it is one more name of a file elsewhere (a hard link)"))
        if problem is not None:
            raise DataFileError(N_("cannot use {file}: {reason}"), file=path, reason=problem)
        if NO_WAIT:  # (POSIX, as fcntl is) a regular file reads the same either way; blocking is the usual
            fcntl.fcntl(descriptor, fcntl.F_SETFL, fcntl.fcntl(descriptor, fcntl.F_GETFL) & ~NO_WAIT)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def read_regular(path: str, limit: int) -> bytes | None:
    """The bytes of the regular file ``path``, or None when it holds more than ``limit``
    bytes (only ``limit + 1`` are ever read). Raises :class:`DataFileError` for an entry
    that is not a regular file, ``OSError`` for one that cannot be read (missing too)."""
    descriptor = open_regular(path, os.O_RDONLY)
    with os.fdopen(descriptor, "rb") as handle:
        data = handle.read(limit + 1)
    return None if len(data) > limit else data


def read_json(path: str, limit: int) -> object | None:
    """The JSON value of the regular file ``path`` (:func:`read_regular`), or None when
    there is none to use: missing, not a regular file, unreadable, larger than ``limit``
    bytes, nested too deep or not JSON (a file of the user's folders anyone could damage)."""
    try:
        raw = read_regular(path, limit)
        if raw is None:
            return None
        return json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError, DataFileError):  # (a number past Python's digits is a ValueError)
        return None


def write_json(path: str, value: object, **dump: Any) -> bool:
    """Write ``value`` as JSON (``json.dump`` options in ``dump``) to ``path`` atomically:
    a temporary file in the same folder, synced, then renamed over it, so a crash never
    leaves half a file. False, and ``path`` left as it was, when the folder cannot be
    written or ``path`` is taken by something that is not a regular file (a link, a named
    pipe, a folder: never replaced)."""
    if entry_problem(path) is not None:
        return False
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        name = os.path.basename(path)
        handle, temporary = tempfile.mkstemp(prefix=f".{name}-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump(value, stream, **dump)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        return False
    return True


__all__ = ["DataFileError", "SQLITE_COMPANIONS", "check_database", "check_entry", "entry_problem", "kind",
           "open_regular", "read_json", "read_regular", "write_json"]
