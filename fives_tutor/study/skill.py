"""How much skill counts under a pack: a stronger engine level against ``greedy`` on
the same deals, with the stronger level's share of wins (pure apart from the clock the
duel reads to time moves).

The duel machinery (:mod:`fives_tutor.study.duel`) plays deal ``i`` of seed ``S`` twice, the
two levels swapping seats, from ``random.Random("S:i")``: the same shuffle as match
``i`` of a simulation under any pack. A deal's result is the share of its two
matches the stronger level won (0, ½ or 1); the win rate is the mean over deals, its
interval clustered by deal (the two seatings of a deal are not independent). Under
two packs the same deals are played, so the difference of win rates is the mean of
the per-deal differences.

A pack under which the better player wins more often rewards skill more; one under
which the win rate drifts towards a half leaves more to the luck of the deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from . import DEFAULT_LEVEL
from .stats import Estimate, check_paired, mean_interval, paired_mean_difference

if TYPE_CHECKING:  # the duel loads on first use (below)
    from .duel import DuelMatch

# the duel (and the engine it imports) loads on first use

#: the level the stronger player is measured against
BASELINE = "greedy"


def levels() -> tuple[str, ...]:
    """The engine levels that may play the stronger side: the engine's one list of
    levels (:data:`fives_tutor.engine.LEVELS`, as ``fives best`` offers them) less the
    baseline and any level a duel cannot play a whole match with (``exact`` solves
    endgames only)."""
    from ..engine import LEVELS
    from .duel import LEVELS as PLAYABLE

    return tuple(level for level in LEVELS if level in PLAYABLE and level != BASELINE)


def check_level(text: str) -> str:
    """``text`` if it names a stronger level (``monte-carlo:N`` gives its deals a move);
    raises ValueError otherwise."""
    from .duel import parse_level

    name, _samples = parse_level(text)
    if name not in levels():
        raise ValueError(text)
    return text


def run(rules_name: str, level: str, deals: int, players: int, seed, workers: int = 1,
        progress: Callable[[int], None] | None = None) -> list[DuelMatch]:
    """``deals`` deals of pack ``rules_name``, each played twice (``level`` against the
    baseline, then seats swapped), in deal order; the same with any number of ``workers``."""
    from .duel import run as duel_run

    return duel_run(rules_name, level, BASELINE, deals, players, seed, workers, progress)


def deal_shares(results: Sequence[DuelMatch]) -> list[float]:
    """Per deal, in deal order, the share of its matches the stronger level (side A) won."""
    wins: dict[int, list[int]] = {}
    for result in results:
        wins.setdefault(result.index, []).append(int(result.a_won))
    return [sum(won) / len(won) for _index, won in sorted(wins.items())]


def win_rate(results: Sequence[DuelMatch]) -> Estimate:
    """The stronger level's share of wins, with its 95% interval clustered by deal
    (``n``: the number of deals)."""
    estimate = mean_interval(deal_shares(results))
    return estimate._replace(low=max(0.0, estimate.low), high=min(1.0, estimate.high))


def difference(first: Sequence[DuelMatch], second: Sequence[DuelMatch]) -> Estimate:
    """The stronger level's win rate under the second pack less under the first, paired
    by deal. Raises ValueError when the duels are not of the same deals."""
    check_paired(first, second, key=lambda result: result.index)  # the seatings of a deal come in one order
    return paired_mean_difference(deal_shares(first), deal_shares(second))


__all__ = ["BASELINE", "DEFAULT_LEVEL", "check_level", "deal_shares", "difference", "levels", "run", "win_rate"]
