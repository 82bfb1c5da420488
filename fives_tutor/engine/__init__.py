"""The engine: choosing a play (levels, search, the exact solver), what a player knows
(history, inference, sampling of hidden hands), the fast hand loop, and the player
protocol shared by the levels, the coach and outside bots.

The public names most callers need are importable from here (they load on first use):
``from fives_tutor.engine import Situation, rank, RankedPlay``.
"""

import importlib

_EXPORTS = {
    "DEFAULT_LEVEL": "names", "DEFAULT_SAMPLES": "names", "LEVEL_NAMES": "names", "PLAYING_LEVELS": "names",
    "LEVELS": "levels", "RankedPlay": "levels", "Situation": "levels", "expected_best": "levels", "rank": "levels",
    "resolve_level": "levels",
    "History": "history", "parse_history": "history", "format_history": "history", "from_keeper": "history",
    "Player": "player", "View": "player", "Action": "player",
    "Comparison": "judge", "compare": "judge",
}


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'fives_tutor.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(list(globals()) + list(_EXPORTS))


__all__ = sorted(_EXPORTS)
