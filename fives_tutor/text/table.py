"""Tables for a terminal: columns measured by display width, long cells wrapped, and in
a right-to-left language every row right to left (the first column on the right).

>>> print(table([("dominos-cc", "All Fives"), ("muggins", "Muggins")], header=("Pack", "Name"), rtl=False))
Pack        Name
----------  ---------
dominos-cc  All Fives
muggins     Muggins
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import bidi
from .i18n import current
from .width import ljust, width, wrap
from .wrap import terminal_width

#: columns between two cells
GAP = 2
#: a column is not squeezed below this many columns (nor below its longest word) while
#: others can give way
NARROWEST = 8
#: nor ever below this many, where the table cannot fit otherwise
THINNEST = 4


def table(rows: Sequence[Sequence[str]], header: Sequence[str] | None = None, columns: int | None = None,
          rtl: bool | None = None) -> str:
    """``rows`` of cells (strings) as a text table, with ``header`` above a rule of
    dashes. Columns are as wide as their widest cell by display width (a Persian
    zero-width non-joiner or a mark takes no column); when the table is wider than the
    terminal (``columns``, default its width), the widest columns are narrowed and
    their cells wrapped at spaces, a column never narrower than its longest word (a
    pack id, a name) while the others can still give way. ``rtl`` (default: the active
    language's direction) starts every row, header and rule included, with a right-to-left mark and marks
    the left-to-right runs of each cell, so all rows read in one direction."""
    if rtl is None:
        rtl = current().rtl
    columns = columns or terminal_width()
    grid = ([list(header)] if header else []) + [list(row) for row in rows]
    if not grid:
        return ""
    count = max(len(row) for row in grid)
    grid = [[str(cell) for cell in row] + [""] * (count - len(row)) for row in grid]
    natural = [max(width(row[c]) for row in grid) for c in range(count)]
    words = [max(_longest_word(row[c]) for row in grid) for c in range(count)]
    widths = _fit(natural, columns, words)
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


def _fit(natural: list[int], columns: int, words: list[int] | None = None) -> list[int]:
    """Column widths that fit ``columns``, the widest narrowed first: none below
    NARROWEST or its longest word (``words``, display columns), then none below its
    longest word, and only where the table cannot fit otherwise none below THINNEST
    (a word is cut only then)."""
    widths = list(natural)
    budget = columns - GAP * (len(widths) - 1)
    longest = [min(natural[c], (words or natural)[c]) for c in range(len(widths))]
    floors = ([max(longest[c], min(natural[c], NARROWEST)) for c in range(len(widths))], longest,
              [min(n, THINNEST) for n in natural])
    for floor in floors:
        while sum(widths) > budget:
            narrowable = [c for c in range(len(widths)) if widths[c] > floor[c]]
            if not narrowable:
                break
            widest = max(narrowable, key=lambda c: widths[c])
            widths[widest] -= 1
    return widths


def _longest_word(cell: str) -> int:
    """The display width of the widest word of ``cell`` (a marked span counts as one)."""
    return max((width(word) for word in re.split("[ \t\n]+", bidi.protect_spans(cell))), default=0)


def _wrap_cell(cell: str, columns: int, rtl: bool) -> list[str]:
    """A cell as rows of at most ``columns`` display columns, a marked span kept whole
    where it fits; in a right-to-left table each row with its runs marked."""
    protected = bidi.protect_spans(cell)
    parts = [part.replace("\u00a0", " ") for part in wrap(protected, columns)] if width(cell) > columns else [cell]
    if not rtl:
        return parts
    return [bidi.mark_runs(bidi.strip_marks(part) if part.count(bidi.LRM) % 2 else part) for part in parts]
