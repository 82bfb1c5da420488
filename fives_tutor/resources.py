"""Where the data folders (rule packs, catalogs) are, installed or in a checkout.

In a wheel they are shipped inside the package (``fives_tutor/rules``,
``fives_tutor/locales``); in a source checkout they sit at the repository's top
level beside ``fives_tutor/``.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def data_dir(name: str) -> Path:
    """The folder ``name`` (``rules`` or ``locales``), installed or in the checkout."""
    inside = _PACKAGE / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def user_home() -> Path:
    """The user's fives-tutor data folder: ``$FIVES_HOME`` or platformdirs' user data dir."""
    override = os.environ.get("FIVES_HOME")
    if override:
        return Path(override)
    from platformdirs import user_data_dir  # imported only when a user folder is needed

    return Path(user_data_dir("fives-tutor", appauthor=False))
