"""The engine: choosing a play (levels, search, the exact solver), what a player knows
(history, inference, sampling of hidden hands), the fast hand loop, and the player
protocol shared by the levels, the coach and outside bots.

The public names most callers need are importable from here (they load on first use):
``from fives_tutor.engine import Situation, rank, RankedPlay``.
"""

from ..lazy import exports

_EXPORTS = {
    "DEFAULT_LEVEL": "names", "DEFAULT_SAMPLES": "names", "LEVEL_NAMES": "names", "PLAYING_LEVELS": "names",
    "LEVELS": "levels", "RankedPlay": "levels", "Situation": "levels", "expected_best": "chances", "rank": "levels",
    "resolve_level": "levels",
    "History": "history", "parse_history": "history", "format_history": "history", "from_keeper": "replay",
    "Player": "player", "View": "player", "Action": "player",
    "Comparison": "judge", "compare": "judge",
}


__getattr__, __dir__ = exports(__name__, _EXPORTS)


__all__ = sorted(_EXPORTS)
