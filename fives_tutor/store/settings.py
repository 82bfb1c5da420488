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

import os

from .files import entry_problem, read_json, write_json

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
    data = read_json(path or settings_path(), MAX_BYTES)
    return data if isinstance(data, dict) else {}


def save(changes: dict, path: str | None = None) -> bool:
    """Merge ``changes`` into the saved settings and write them atomically; False when
    the file cannot be written (the choice is then only for this session), or its name
    is taken by a link, a named pipe or a folder (left as it is)."""
    path = path or settings_path()
    if entry_problem(path) is not None:  # a link, a named pipe, a folder: left as it is, and not read
        return False
    data = load(path)
    data.update(changes)
    return write_json(path, data, ensure_ascii=False, indent=1)


__all__ = ["load", "save", "settings_path"]
