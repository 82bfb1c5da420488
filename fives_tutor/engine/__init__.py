"""The engine: choosing a play (levels, search, the exact solver), what a player knows
(history, inference, sampling of hidden hands), the fast hand loop, and the player
protocol shared by the levels, the coach and outside bots.

The public names most callers need are importable from here:
``from fives_tutor.engine import Situation, rank, RankedPlay``.
"""

from .levels import LEVELS, RankedPlay, Situation, expected_best, rank, resolve_level

__all__ = ["LEVELS", "RankedPlay", "Situation", "expected_best", "rank", "resolve_level"]
