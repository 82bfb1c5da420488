"""The layout drawn as a picture for a terminal: the line across, the spinner's two
arms up and down from it (a cross), in Unicode domino tiles or a plain fallback.

>>> from fives_tutor import Layout, load_rules
>>> layout = Layout.parse("1|3 3|5 5|5*(5|6 6|2)(5|4) 5|0", load_rules("dominos-cc"))
>>> print(draw(layout, "plain"))
             [2|6]
             [6|5]
[1|3] [3|5] [5|5*] [5|0]
             [5|4]
"""

from __future__ import annotations

import os
import sys

from ..core.layout import Layout, Placed
from ..text.wrap import display_width

_HORIZONTAL = 0x1F031  # DOMINO TILE HORIZONTAL-00-00; + 7*left + right
_VERTICAL = 0x1F063  # DOMINO TILE VERTICAL-00-00; + 7*top + bottom


def unicode_tiles_supported(stream=None) -> bool:
    """Whether to draw Unicode domino tiles: a UTF-8 terminal of a kind known to have
    fonts with them (``FIVES_TILES=unicode`` or ``plain`` decides instead)."""
    choice = os.environ.get("FIVES_TILES", "").lower()
    if choice in ("unicode", "plain"):
        return choice == "unicode"
    stream = stream or sys.stdout
    encoding = (getattr(stream, "encoding", "") or "").lower().replace("-", "")
    if encoding != "utf8" or not getattr(stream, "isatty", lambda: False)():
        return False
    known = ("VTE_VERSION", "KONSOLE_VERSION", "WT_SESSION", "KITTY_WINDOW_ID", "WEZTERM_EXECUTABLE")
    return any(os.environ.get(name) for name in known) or os.environ.get("TERM_PROGRAM") in (
        "iTerm.app", "Apple_Terminal", "WezTerm", "vscode")


def _tile(node: Placed, style: str, vertical: bool) -> str:
    near, far = node.near, node.far
    if style == "unicode" and max(near, far) <= 6:
        if vertical or near == far:  # a double stands crosswise in a line
            return chr(_VERTICAL + 7 * near + far) + " "
        return chr(_HORIZONTAL + 7 * near + far) + " "
    return f"[{near}|{far}{'*' if node.spinner else ''}]"


def draw(layout: Layout, style: str = "plain", width: int | None = None) -> str:
    """The picture of ``layout``: ``style`` is ``plain`` or ``unicode``. Branches other
    than the first spinner's two arms (several spinners) are listed after it in the
    layout form. With ``width`` (terminal cells) a line of play too long for it is
    cut into rows between tiles, never through one; the spinner's arms stand above
    and below it in its row."""
    if not layout.line:
        return "-"
    separator = " " if style == "plain" else ""
    cells = [_tile(node, style, False) for node in layout.line]
    spinner_index = next((i for i, node in enumerate(layout.line) if node.spinner), None)
    rows = _rows(cells, separator, width)
    lines: list[str] = []
    others: list[Placed] = []
    for row in rows:
        text = separator.join(cells[i] for i in row)
        if spinner_index is None or spinner_index not in row:
            lines.append(text)
            continue
        spinner = layout.line[spinner_index]
        start = sum(_width(cells[i]) + len(separator) for i in row if i < spinner_index)
        centre = start + _width(cells[spinner_index]) // 2
        arms = list(spinner.arms)
        above = arms[0] if arms else ()
        below = arms[1] if len(arms) > 1 else ()
        # an arm upward is written outward from the spinner: its first tile sits just
        # above, and each tile reads top to bottom as it lies (outer half on top)
        up = [_arm_tile(node, style, upward=True) for node in above]
        down = [_arm_tile(node, style, upward=False) for node in below]
        lines += [_centred(t, centre) for t in reversed(up)] + [text] + [_centred(t, centre) for t in down]
        for arm in arms:
            others.extend(node for node in arm if node.arms)
    others.extend(node for i, node in enumerate(layout.line) if node.arms and i != spinner_index)
    for node in others:
        lines.append("  " + str(node))
    return "\n".join(line.rstrip() for line in lines)


def draw_hand(tiles, style: str = "plain") -> str:
    """A hand drawn as tiles in a row, in the order given: ``[6|4] [5|5] [2|1]``, or in
    Unicode domino tiles (doubles standing, as on the table)."""
    separator = " " if style == "plain" else ""
    return separator.join(_tile(Placed(tile[0], tile[1], False), style, False) for tile in tiles).rstrip()


def _width(text: str) -> int:
    return display_width(text)


def _rows(cells: list[str], separator: str, width: int | None) -> list[list[int]]:
    """The indexes of the tiles on each row: as many whole tiles as fit in ``width``."""
    if width is None:
        return [list(range(len(cells)))]
    rows: list[list[int]] = [[]]
    used = 0
    for index, cell in enumerate(cells):
        size = _width(cell)
        if rows[-1] and used + len(separator) + size > width:
            rows.append([])
            used = 0
        used += (len(separator) if rows[-1] else 0) + size
        rows[-1].append(index)
    return rows


def _arm_tile(node: Placed, style: str, upward: bool) -> str:
    top, bottom = (node.far, node.near) if upward else (node.near, node.far)
    flipped = Placed(top, bottom, node.spinner)
    return _tile(flipped, style, True)


def _centred(text: str, centre: int) -> str:
    return " " * max(0, centre - _width(text) // 2) + text
