"""Tables for a terminal: columns measured by display width, long cells wrapped, and in
a right-to-left language every row right to left (the first column on the right).

>>> print(table([("dominos-cc", "All Fives"), ("muggins", "Muggins")], header=("Pack", "Name"), rtl=False))
Pack        Name
----------  ---------
dominos-cc  All Fives
muggins     Muggins
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence

from . import bidi
from .i18n import current
from .width import ljust, width, wrap

#: columns between two cells
GAP = 2
#: a column is never squeezed below this many columns to fit the terminal
NARROWEST = 8


def table(rows: Sequence[Sequence[str]], header: Sequence[str] | None = None, columns: int | None = None,
          rtl: bool | None = None) -> str:
    """``rows`` of cells (strings) as a text table, with ``header`` above a rule of
    dashes. Columns are as wide as their widest cell by display width (a Persian
    zero-width non-joiner or a mark takes no column); when the table is wider than the
    terminal (``columns``, default its width), the widest columns are narrowed and
    their cells wrapped at spaces. ``rtl`` (default: the active language's direction)
    starts every row, header and rule included, with a right-to-left mark and marks
    the left-to-right runs of each cell, so all rows read in one direction."""
    if rtl is None:
        rtl = current().rtl
    columns = columns or shutil.get_terminal_size((100, 24)).columns
    grid = ([list(header)] if header else []) + [list(row) for row in rows]
    if not grid:
        return ""
    count = max(len(row) for row in grid)
    grid = [[str(cell) for cell in row] + [""] * (count - len(row)) for row in grid]
    widths = _fit([max(width(row[c]) for row in grid) for c in range(count)], columns)
    lines = []
    for index, row in enumerate(grid):
        wrapped = [_wrap_cell(cell, widths[c], rtl) for c, cell in enumerate(row)]
        for part in range(max(len(w) for w in wrapped)):
            cells = [ljust(w[part] if part < len(w) else "", widths[c]) for c, w in enumerate(wrapped)]
            lines.append((" " * GAP).join(cells).rstrip())
        if header and index == 0:
            lines.append((" " * GAP).join("-" * w for w in widths))
    if rtl:
        lines = [bidi.RLM + line for line in lines]
    return "\n".join(lines)


def _fit(natural: list[int], columns: int) -> list[int]:
    """Column widths that fit ``columns``: the widest narrowed first, none below NARROWEST."""
    widths = list(natural)
    budget = columns - GAP * (len(widths) - 1)
    while sum(widths) > budget:
        widest = max(range(len(widths)), key=lambda c: widths[c])
        if widths[widest] <= NARROWEST:
            break
        widths[widest] -= 1
    return widths


def _wrap_cell(cell: str, columns: int, rtl: bool) -> list[str]:
    """A cell as rows of at most ``columns`` display columns, a marked span kept whole
    where it fits; in a right-to-left table each row with its runs marked."""
    protected = bidi.protect_spans(cell)
    parts = [part.replace("\u00a0", " ") for part in wrap(protected, columns)] if width(cell) > columns else [cell]
    if not rtl:
        return parts
    return [bidi.mark_runs(bidi.strip_marks(part) if part.count(bidi.LRM) % 2 else part) for part in parts]
