"""The user's remembered choices (the language the table asked for), in a small JSON
file: ``$FIVES_HOME/settings.json``, else ``settings.json`` in the user's config folder
(platformdirs). Written atomically (a temporary file, then a rename), so a crash never
leaves half a file. It is read like every other file a user could damage: a regular
file only (not through a link, never a named pipe or a device), at most
:data:`MAX_BYTES`, nesting bounded; a missing, unreadable or damaged file is no
settings at all (the table then asks again), and an entry that is not a regular file
is never replaced.
"""

from __future__ import annotations

import json
import os
import tempfile

from .files import DataFileError, entry_problem, read_regular

#: the largest settings file read (a few remembered choices take a few dozen bytes)
MAX_BYTES = 64 * 1024


def settings_path() -> str:
    """Where the settings live."""
    override = os.environ.get("FIVES_HOME")
    if override:
        return os.path.join(override, "settings.json")
    from platformdirs import user_config_dir  # start-up: imported only when a user folder is needed

    return os.path.join(user_config_dir("fives-tutor", appauthor=False), "settings.json")


def load(path: str | None = None) -> dict:
    """The saved settings (an empty dict when there are none, or the file is unreadable,
    too large, nested too deep, not JSON, or not a regular file)."""
    try:
        raw = read_regular(path or settings_path(), MAX_BYTES)
        if raw is None:
            return {}
        data = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError, DataFileError):  # (a number past Python's digits is a ValueError)
        return {}
    return data if isinstance(data, dict) else {}


def save(changes: dict, path: str | None = None) -> bool:
    """Merge ``changes`` into the saved settings and write them atomically; False when
    the file cannot be written (the choice is then only for this session)."""
    path = path or settings_path()
    if entry_problem(path) is not None:  # a link, a named pipe, a folder: left as it is
        return False
    data = load(path)
    data.update(changes)
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".settings-", suffix=".json", dir=folder)
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(data, stream, ensure_ascii=False, indent=1)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except OSError:
        return False
    return True


__all__ = ["load", "save", "settings_path"]
