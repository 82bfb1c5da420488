"""Line charts drawn with characters, for a terminal: no colour, any width.

A chart is a grid of cells: the y axis on the left with its labels (numbers already in
the reader's digits, given by the caller), the plot, the x axis below with its labels,
and a row of marks under chosen x values. Each series has a glyph at its points and
``·`` on the cells between two of them; a band (an uncertainty) is shaded ``░`` under
them; a rule (a target) is drawn ``┄`` across. Where two series meet on one cell, the
cell shows :data:`MEETING`.

Why not a plotting library: plotext (the maintained terminal plotter) takes about
0.6 s to import, more than half the second a command of fives-tutor is given to
answer (bench/club.py), colours by default, and changed its whole API in its sixth
major version; what is needed here is a few dozen lines.

A chart's left and right mean something (earlier and later), so in a right-to-left
language it is still drawn left to right: :func:`ltr_lines` marks each line.

>>> lines = line_chart([Series("●", [(0, 0), (1, 10), (2, 20)])], width=20, height=3,
...                    x_ticks=[(0, "0"), (2, "2")], y_label=lambda y: str(round(y)))
>>> print("\\n".join(lines))
20 ┤            ···●
   │     ···●···
 0 ┤●····
   └────────────────
    0              2
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..text.bidi import ltr_line
from ..text.i18n import current
from ..text.width import width as display_width

#: the glyph of a cell where two series meet
MEETING = "◆"
#: the glyph between two points of a series
JOIN = "·"
#: the shading of a band
SHADE = "░"
#: the glyph of a rule across the plot
RULE = "┄"


class Series(NamedTuple):
    """One line of a chart: its ``glyph`` and its ``points`` ``(x, y)``, in order of x;
    the points before index ``marked_from`` are joined to the rest but carry no glyph
    (a start that every line shares)."""

    glyph: str
    points: Sequence[tuple[float, float]]
    marked_from: int = 0


def nice_step(span: float, count: int) -> float:
    """A step of 1, 2 or 5 times a power of ten that cuts ``span`` into about ``count`` parts.

    >>> nice_step(150, 5), nice_step(7.3, 4), nice_step(0, 3)
    (50, 2, 1)
    """
    if span <= 0 or count <= 0:
        return 1
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            step = factor * power
            return int(step) if step >= 1 else step
    return 10 * power


def _y_ticks(lo: float, hi: float, height: int, widen: bool) -> tuple[float, float, list[float]]:
    """The y range (widened to round values when ``widen``) and its ticks: round values
    (:func:`nice_step`) at least two rows apart on a plot ``height`` rows high."""
    count = max(1, (height - 1) // 2)
    while True:
        step = nice_step(hi - lo, count)
        low, high = (math.floor(lo / step) * step, math.ceil(hi / step) * step) if widen else (lo, hi)
        ticks = [k * step for k in range(math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9) + 1)]
        if count == 1 or len(ticks) < 2 or height - 1 >= 2 * (len(ticks) - 1):
            return low, high, ticks
        count -= 1


def line_chart(series: Sequence[Series], width: int, height: int, x_ticks: Sequence[tuple[float, str]],
               y_label: Callable[[float], str], y_range: tuple[float, float] | None = None,
               x_range: tuple[float, float] | None = None, band: Sequence[tuple[float, float, float]] = (),
               rule: float | None = None, marks: Sequence[tuple[float, str]] = ()) -> list[str]:
    """The lines of a chart at most ``width`` cells wide with a plot ``height`` rows high.

    ``series`` are the lines; ``x_ticks`` the labels under the x axis ``(x, text)``
    (a label that would touch the one before it is left out); ``y_label`` writes a
    value of the y axis, whose ticks fall on round numbers (:func:`nice_step`);
    ``y_range`` and ``x_range`` fix the axes (default: the data's extent, the y range
    widened to the ticks); ``band`` is shaded between ``(x, low, high)``; ``rule`` a
    y value drawn across; ``marks`` glyphs under the x labels ``(x, glyph)``."""
    xs = [x for s in series for x, _ in s.points] + [x for x, _, _ in band]
    ys = [y for s in series for _, y in s.points] + [v for _, low, high in band for v in (low, high)]
    if rule is not None:
        ys.append(rule)
    x0, x1 = x_range if x_range is not None else (min(xs, default=0.0), max(xs, default=1.0))
    lo, hi = y_range if y_range is not None else (min(ys, default=0.0), max(ys, default=1.0))
    if hi <= lo:
        lo, hi = lo - 1, hi + 1
    height = max(2, height)
    lo, hi, ticks = _y_ticks(lo, hi, height, widen=y_range is None)
    if y_range is None and len(ticks) > 1:
        # as many rows between two ticks everywhere: the plot a little shorter or taller
        height = (len(ticks) - 1) * max(1, round((height - 1) / (len(ticks) - 1))) + 1
    labels = {tick: y_label(tick) for tick in ticks}
    label_width = max(display_width(text) for text in labels.values())
    plot = max(4, width - label_width - 2)
    grid = [[" "] * plot for _ in range(height)]

    def row(y: float) -> int:
        return min(height - 1, max(0, round((hi - y) / (hi - lo) * (height - 1))))

    def col(x: float) -> int:
        if x1 <= x0:
            return 0
        return min(plot - 1, max(0, round((x - x0) / (x1 - x0) * (plot - 1))))

    def between(a: tuple[float, float], b: tuple[float, float], c: int) -> float:
        (xa, ya), (xb, yb) = a, b
        ca, cb = col(xa), col(xb)
        return ya if cb == ca else ya + (yb - ya) * (c - ca) / (cb - ca)

    for left, right in zip(band, band[1:]):
        for c in range(col(left[0]), col(right[0]) + 1):
            low = between((left[0], left[1]), (right[0], right[1]), c)
            high = between((left[0], left[2]), (right[0], right[2]), c)
            for r in range(row(high), row(low) + 1):
                grid[r][c] = SHADE
    if len(band) == 1:
        for r in range(row(band[0][2]), row(band[0][1]) + 1):
            grid[r][col(band[0][0])] = SHADE
    if rule is not None:
        r = row(rule)
        grid[r] = [RULE if cell in (" ", SHADE) else cell for cell in grid[r]]
    for one in series:
        for index, (a, b) in enumerate(zip(one.points, one.points[1:])):
            # an unmarked start is joined from its own cell on
            for c in range(col(a[0]) + (index >= one.marked_from), col(b[0])):
                r = row(between(a, b, c))
                if grid[r][c] in (" ", SHADE, RULE):
                    grid[r][c] = JOIN
    placed: dict[tuple[int, int], str] = {}
    for one in series:
        for x, y in one.points[one.marked_from:]:
            cell = (row(y), col(x))
            placed[cell] = MEETING if placed.get(cell, one.glyph) != one.glyph else one.glyph
    for (r, c), glyph in placed.items():
        grid[r][c] = glyph
    tick_rows = {row(tick): labels[tick] for tick in ticks}
    lines = []
    for r in range(height):
        label = tick_rows.get(r)
        axis = " ┤" if label is not None else " │"
        lines.append(((label or "").rjust(label_width + len(label or "") - display_width(label or ""))
                      + axis + "".join(grid[r])).rstrip())
    lines.append(" " * label_width + " └" + "─" * plot)
    lines.append((" " * (label_width + 2) + _labels(x_ticks, col, plot)).rstrip())
    if marks:
        cells = [" "] * plot
        for x, glyph in marks:
            cells[col(x)] = glyph
        lines.append((" " * (label_width + 2) + "".join(cells)).rstrip())
    return lines


def _labels(ticks: Sequence[tuple[float, str]], col: Callable[[float], int], plot: int) -> str:
    """The x labels in one row, each centred under its column where it fits, none
    touching the one before it."""
    cells = [" "] * plot
    free = 0  # the first cell a label may use
    for x, text in ticks:
        size = display_width(text)
        start = min(plot - size, max(0, col(x) - (size - 1) // 2))
        if start < free or size > plot:
            continue
        for k, char in enumerate(text):
            cells[start + k] = char
        free = start + size + 1
    return "".join(cells)


def x_ticks(first: int, last: int, plot: int, label: Callable[[int], str]) -> list[tuple[float, str]]:
    """Labels for whole x values from ``first`` to ``last`` on a plot ``plot`` cells
    wide: every value when there is room, else round steps, with the last value always."""
    count = last - first + 1
    widest = max(display_width(label(first)), display_width(label(last))) + 1
    room = max(1, plot // max(1, widest))
    step = 1 if count <= room else max(1, int(nice_step(count, max(1, room - 1))))
    values = list(range(first, last + 1, step)) if step == 1 else [v for v in range(0, last + 1, step) if v >= first]
    if values[-1] != last:
        if values and (last - values[-1]) * plot < widest * max(1, last - first):
            values.pop()  # too close to the last value to leave room for it
        values.append(last)
    return [(float(v), label(v)) for v in values]


def ltr_lines(lines: Sequence[str]) -> list[str]:
    """Chart lines kept left to right in a right-to-left language: each a left-to-right
    line (:func:`fives_tutor.text.bidi.ltr_line`: a left-to-right mark and embedding, so
    that no cell of it is reordered, whatever the paragraph direction the terminal gives
    the line, and ``--bidi visual`` leaves it as drawn)."""
    if not current().rtl:
        return list(lines)
    return [ltr_line(line) if line else line for line in lines]


__all__ = ["MEETING", "Series", "line_chart", "ltr_lines", "nice_step", "x_ticks"]
