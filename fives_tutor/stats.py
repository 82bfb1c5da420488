"""Means and 95% confidence intervals for simulation results (pure, no I/O).

>>> estimate = mean_interval([1, 2, 3, 4])
>>> round(estimate.mean, 2), round(estimate.low, 2), round(estimate.high, 2)
(2.5, 1.23, 3.77)
>>> round(proportion_interval(50, 100).low, 3)
0.404
"""

from __future__ import annotations

from math import sqrt
from statistics import NormalDist
from typing import NamedTuple, Sequence

#: the two-sided 95% normal quantile (1.96), from the standard library
Z95 = NormalDist().inv_cdf(0.975)


class Estimate(NamedTuple):
    """A mean with the ``low`` and ``high`` ends of its 95% confidence interval, from ``n`` units."""

    mean: float
    low: float
    high: float
    n: int


def mean_interval(values: Sequence[float]) -> Estimate:
    """Mean of independent ``values`` with a normal 95% interval (sample standard deviation)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def ratio_interval(numerators: Sequence[float], denominators: Sequence[float]) -> Estimate:
    """Σ numerators / Σ denominators, with a 95% interval that treats each pair as one
    cluster (a match holds several hands, which are not independent): the ratio
    estimator's linearised variance Σ(y - r·x)² / (m(m-1)·x̄²)."""
    m = len(numerators)
    total_x = sum(denominators)
    if m == 0 or total_x == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    ratio = sum(numerators) / total_x
    if m == 1:
        return Estimate(ratio, ratio, ratio, 1)
    mean_x = total_x / m
    residual = sum((y - ratio * x) ** 2 for y, x in zip(numerators, denominators))
    half = Z95 * sqrt(residual / (m * (m - 1))) / mean_x
    return Estimate(ratio, ratio - half, ratio + half, int(total_x))


def proportion_interval(successes: int, n: int) -> Estimate:
    """A proportion with its Wilson 95% interval (sound near 0 and 1)."""
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    p = successes / n
    denominator = 1 + Z95 ** 2 / n
    centre = (p + Z95 ** 2 / (2 * n)) / denominator
    half = Z95 * sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / denominator
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)
