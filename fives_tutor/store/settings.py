"""The user's remembered choices (the language the table asked for), in a small JSON
file: ``$FIVES_HOME/settings.json``, else ``settings.json`` in the user's config folder
(platformdirs). Written atomically (a temporary file, then a rename), so a crash never
leaves half a file; a missing or unreadable file is no settings at all.
"""

from __future__ import annotations

import json
import os
import tempfile


def settings_path() -> str:
    """Where the settings live."""
    override = os.environ.get("FIVES_HOME")
    if override:
        return os.path.join(override, "settings.json")
    from platformdirs import user_config_dir  # start-up: imported only when a user folder is needed

    return os.path.join(user_config_dir("fives-tutor", appauthor=False), "settings.json")


def load(path: str | None = None) -> dict:
    """The saved settings (an empty dict when there are none or the file is unreadable)."""
    try:
        with open(path or settings_path(), encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save(changes: dict, path: str | None = None) -> bool:
    """Merge ``changes`` into the saved settings and write them atomically; False when
    the file cannot be written (the choice is then only for this session)."""
    path = path or settings_path()
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
