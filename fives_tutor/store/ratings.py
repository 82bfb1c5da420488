"""Ratings of the learner and of the puzzles: Glicko-2 (Glickman, "Example of the
Glicko-2 system", 2022), through the ``glicko2`` package.

Every answer is one rating period with one game between the learner and the puzzle:
the learner wins when they find the answer. Both ratings move, as on lichess: the
learner's with their answers, each puzzle's with the answers it gets. A learner starts
at 1500 with a deviation of 350 (Glickman's unrated player); a puzzle at the rating its
file gives (from how often weaker levels found it) with a deviation of
:data:`PUZZLE_RD`.

``glicko2`` 2.1 computes the new volatility with the player's rating squared where
Glickman's function f has the deviation squared (step 5.1 of the paper: "f(x) =
e^x (Δ² − φ² − v − e^x) / 2(φ² + v + e^x)² − (x − a)/τ²"). The two agree for a player
rated 1500, the paper's example, and drift apart elsewhere; :class:`_Player` puts
back φ². Everything else is the package's.

>>> learner = Rating(1500.0, 200.0, 0.06)
>>> after = update(learner, [(1400.0, 30.0, True), (1550.0, 100.0, False), (1700.0, 300.0, False)])
>>> round(after.rating, 2), round(after.rd, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

#: a new learner (Glickman's unrated player)
START_RATING, START_RD, START_VOLATILITY = 1500.0, 350.0, 0.06
#: the deviation a puzzle starts with: its starting rating is an estimate
PUZZLE_RD = 150.0
#: Glicko-2's system constant τ (the paper's example uses 0.5)
TAU = 0.5
#: the deviation never goes below this (a rating always keeps moving a little)
MIN_RD = 45.0


class Rating(NamedTuple):
    """A Glicko-2 rating: ``rating`` and ``rd`` (its deviation) on the Glicko scale, and
    the ``volatility``."""

    rating: float
    rd: float
    volatility: float


def _player_class() -> Any:
    import glicko2

    class _Player(glicko2.Player):  # glicko2 ships no types: Player is Any to mypy
        _tau = TAU

        def _f(self, x: float, delta: float, v: float, a: float) -> float:
            # Glickman's f of step 5.1, with the deviation φ² (glicko2 2.1 writes the rating μ²)
            ex = math.exp(x)
            phi2 = self._Player__rd ** 2
            return ex * (delta ** 2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / self._tau ** 2

    return _Player


_PLAYER: list[Any] = []


def update(player: Rating, games: Sequence[tuple[float, float, bool]]) -> Rating:
    """``player`` after one rating period of ``games``: each the opponent's rating, their
    deviation, and whether ``player`` won. The deviation is kept at :data:`MIN_RD` at least."""
    if not _PLAYER:
        _PLAYER.append(_player_class())
    made = _PLAYER[0](player.rating, player.rd, player.volatility)
    if games:
        made.update_player([g[0] for g in games], [g[1] for g in games], [1 if g[2] else 0 for g in games])
    else:
        made.did_not_compete()
    rd = max(MIN_RD, made.rd)
    return Rating(float(made.rating), float(rd), float(made.vol))


def play(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The learner and the puzzle after one answer (``solved``: the learner found it),
    each updated against the other's rating before the answer."""
    return (update(learner, [(puzzle.rating, puzzle.rd, solved)]),
            update(puzzle, [(learner.rating, learner.rd, not solved)]))


def expected(learner: Rating, puzzle: Rating) -> float:
    """Glicko-2's expected score of the learner against the puzzle (their chance to solve it)."""
    scale = 173.7178
    mu, mu_j, phi_j = (learner.rating - 1500) / scale, (puzzle.rating - 1500) / scale, puzzle.rd / scale
    g = 1 / math.sqrt(1 + 3 * phi_j ** 2 / math.pi ** 2)
    return 1 / (1 + math.exp(-g * (mu - mu_j)))


__all__ = ["MIN_RD", "PUZZLE_RD", "START_RATING", "START_RD", "START_VOLATILITY", "TAU", "Rating", "expected", "play",
           "update"]
