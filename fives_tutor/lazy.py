"""Public names that load on first use (PEP 562), for the package façades.

The command line imports :mod:`fives_tutor` before anything else, so its public names
(and those of :mod:`fives_tutor.engine`) must not import the modules that define them
until a caller asks: a measured part of start-up (``bench/startup.py``).

>>> getattr_, dir_ = exports("fives_tutor", {"Tile": "core.tiles"})
>>> getattr_("Tile").__name__
'Tile'
>>> "Tile" in dir_()
True
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any


def exports(package: str, table: dict[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module ``__getattr__`` and ``__dir__`` for ``package`` that import the module
    ``table[name]`` (relative to ``package``, e.g. ``"core.tiles"``) when ``name`` is
    first read, and keep the value in the package's namespace afterwards.

    Raises ``AttributeError`` (from the returned ``__getattr__``) for a name not in
    ``table``, as a plain module would."""

    def __getattr__(name: str) -> Any:
        module = table.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(table))

    return __getattr__, __dir__
