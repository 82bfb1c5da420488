"""Where the data folders (rule packs, catalogs) are, installed or in a checkout.

In a wheel they are shipped inside the package (``fives_tutor/rules``,
``fives_tutor/locales``); in a source checkout they sit at the repository's top
level beside ``fives_tutor/``. Paths are plain strings (``os.path``): importing
pathlib would cost every command a few milliseconds at start-up.
"""

from __future__ import annotations

import os
from functools import cache

_PACKAGE = os.path.dirname(os.path.realpath(__file__))


@cache
def data_dir(name: str) -> str:
    """The folder ``name`` (``rules`` or ``locales``), installed or in the checkout."""
    inside = os.path.join(_PACKAGE, name)
    if os.path.isdir(inside):
        return inside
    return os.path.join(os.path.dirname(_PACKAGE), name)


def user_home() -> str:
    """The user's fives-tutor data folder: ``$FIVES_HOME`` or platformdirs' user data dir."""
    override = os.environ.get("FIVES_HOME")
    if override:
        return override
    from platformdirs import user_data_dir  # imported only when a user folder is needed

    return user_data_dir("fives-tutor", appauthor=False)
