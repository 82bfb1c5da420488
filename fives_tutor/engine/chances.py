"""The chances the levels' heuristics share: what the next player can expect to reply
from a hand nobody else can see (pure; it imports nothing of the engine, so that every
layer may use it).

* :func:`expected_best`: the exact expected best of a random hand (the ``defensive``
  level, in :mod:`fives_tutor.engine.levels` on positions and in
  :mod:`fives_tutor.engine.defensive` on the fast loop);
* :func:`expected_max` and :func:`no_fit_chance`: the expert's quicker estimates
  (:mod:`fives_tutor.engine.expert`).

>>> expected_best([10, 5, 0, 0], 2)  # of the 6 pairs, 3 hold the 10 and 2 the 5 without it
6.666666666666667
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb


def expected_best(values: Sequence[int], held: int) -> float:
    """Expected maximum of ``values`` over a uniformly random ``held``-subset.

    ``values`` holds one number per unseen tile (the best points that tile would
    score); the next player holds ``held`` of those tiles. With the values sorted
    high to low, the i-th (from 1) is the hand's best with probability
    C(n - i, held - 1) / C(n, held).
    """
    n = len(values)
    if held <= 0 or n == 0:
        return 0.0
    held = min(held, n)
    ordered = sorted(values, reverse=True)
    total = comb(n, held)
    return sum(v * comb(n - i, held - 1) for i, v in enumerate(ordered, start=1) if v) / total


def expected_max(values: list[int], chance: float) -> float:
    """Expected best of ``values`` (points) when each is available independently with
    ``chance`` (``values`` is sorted in place, highest first)."""
    if not values or chance <= 0:
        return 0.0
    if chance >= 1:
        return float(max(values))
    values.sort(reverse=True)
    miss = 1.0
    expected = 0.0
    for v in values:
        expected += v * chance * miss
        miss *= 1 - chance
    return expected


def no_fit_chance(allowed: int, fitting: int, held: int) -> float:
    """Chance that ``held`` tiles drawn from ``allowed`` tiles include none of ``fitting``."""
    if held <= 0:
        return 1.0
    rest = allowed - fitting
    if rest < held:
        return 0.0
    chance = 1.0
    for k in range(held):
        chance *= (rest - k) / (allowed - k)
    return chance


__all__ = ["expected_best", "expected_max", "no_fit_chance"]
