"""Means and 95% confidence intervals for simulation results (pure, no I/O).

>>> estimate = mean_interval([1, 2, 3, 4])
>>> round(estimate.mean, 2), round(estimate.low, 2), round(estimate.high, 2)
(2.5, 1.23, 3.77)
>>> round(proportion_interval(50, 100).low, 3)
0.404
"""

from __future__ import annotations

from collections.abc import Sequence
from math import sqrt
from statistics import NormalDist
from typing import NamedTuple

#: the confidence level of every interval fives-tutor shows
CONFIDENCE = 0.95
#: the two-sided normal quantile for :data:`CONFIDENCE` (about 1.96)
Z95 = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)


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


def paired_mean_difference(first: Sequence[float], second: Sequence[float]) -> Estimate:
    """Mean of ``second[i] - first[i]`` over pairs ``i`` (the same unit, for example
    the same deal, measured twice), with its normal 95% interval.

    The pairs are independent of each other; within a pair the two values may be as
    correlated as they like, which is the point: the spread of the differences,
    not of each series, sets the interval. Raises ValueError for series of
    different lengths.
    """
    if len(first) != len(second):
        raise ValueError("paired series must have the same length")
    return mean_interval([b - a for a, b in zip(first, second)])


def paired_ratio_difference(first_y: Sequence[float], first_x: Sequence[float], second_y: Sequence[float],
                            second_x: Sequence[float]) -> Estimate:
    """``Σ second_y / Σ second_x − Σ first_y / Σ first_x`` over clusters measured under
    both treatments, with a 95% interval by the paired delta method.

    Derivation. Over m clusters (matches) with totals y_i (points) and x_i (hands), the
    ratio estimator R̂ = Σy/Σx is to first order R̂ − R ≈ (1/m) Σ u_i with
    u_i = (y_i − R·x_i) / x̄, a mean of independent cluster terms (the linearisation
    behind :func:`ratio_interval`). Under two packs played on the same deals,
    D̂ = R̂_B − R̂_A ≈ (1/m) Σ (v_i − u_i), where v_i is B's term for cluster i. The
    clusters stay independent of each other, but u_i and v_i share the deal, so
    Var(D̂) = Var(v − u)/m = Var(R̂_A) + Var(R̂_B) − 2·Cov(R̂_A, R̂_B): the covariance
    that common deals create is what makes the interval narrower than two separate
    ones. With R̂ and x̄ in place of R and its mean, e_i = v̂_i − û_i sums to exactly
    zero, so Var(D̂) is estimated by Σ e_i² / (m(m − 1)).

    Per-match differences of per-match ratios (y_i/x_i) would estimate another
    quantity (every match weighted alike, whatever its number of hands) and fail for a
    match with no finished hand (x_i = 0); the delta method keeps the pooled ratio
    that each pack's own figure reports.

    ``n`` of the result is the number of clusters. A pack with no denominator at all
    gives a zero estimate with n = 0. Raises ValueError for series of different lengths.
    """
    m = len(first_y)
    if not (len(first_x) == len(second_y) == len(second_x) == m):
        raise ValueError("paired series must have the same length")
    total_a, total_b = sum(first_x), sum(second_x)
    if m == 0 or total_a == 0 or total_b == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    ratio_a, ratio_b = sum(first_y) / total_a, sum(second_y) / total_b
    difference = ratio_b - ratio_a
    if m == 1:
        return Estimate(difference, difference, difference, 1)
    mean_a, mean_b = total_a / m, total_b / m
    squares = 0.0
    for ya, xa, yb, xb in zip(first_y, first_x, second_y, second_x):
        e = (yb - ratio_b * xb) / mean_b - (ya - ratio_a * xa) / mean_a
        squares += e * e
    half = Z95 * sqrt(squares / (m * (m - 1)))
    return Estimate(difference, difference - half, difference + half, m)

def check_paired(first: Sequence, second: Sequence, key=lambda item: item.index) -> None:
    """Raise ValueError unless the two runs hold the same units (matches or deals) in the same order."""
    if [key(item) for item in first] != [key(item) for item in second]:
        raise ValueError("the runs are not of the same deals")
