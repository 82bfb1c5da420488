"""The layout drawn as a picture for a terminal, as it lies on a real table.

The line of play runs across; the first spinner's arms run up and down from it, so a
spinner with four arms is a cross. A double stands crosswise to the line it is in:
upright in the line across (in plain style two rows high: its top half on the line's
row, or its bottom half left of the spinner, where the line turns up), lying in an arm. A line longer than the terminal is wide
turns at the edge as on a table: the part right of the spinner turns down at the right
edge and runs back below everything drawn (and on, snaking, as long as it is); the
part left of it turns up at the left edge and runs back above. Every row fits
``width`` columns, from 40 up (a tile is never cut).

Two styles: ``plain`` (ASCII: ``[5|3]`` across, ``[5]`` over ``[3]`` upright) and
``unicode`` (the domino tiles of Unicode, across or upright, each followed by a space;
sets above double-six fall back to plain).

>>> from fives_tutor import Layout, load_rules
>>> layout = Layout.parse("1|3 3|5 5|5*(5|6 6|2)(5|4) 5|0", load_rules("dominos-cc"))
>>> print(draw(layout, "plain"))
            [2]
            [6]
            [6]
            [5]
[1|3] [3|5] [5]* [5|0]
            [5]
            [5]
            [4]
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import NamedTuple

from ..core.layout import Layout, Placed
from ..text.bidi import ltr_line
from ..text.i18n import current

_HORIZONTAL = 0x1F031  # DOMINO TILE HORIZONTAL-00-00; + 7*left + right
_VERTICAL = 0x1F063  # DOMINO TILE VERTICAL-00-00; + 7*top + bottom
#: the narrowest picture laid out (a narrower width gets this one): room for the
#: widest tile and the turns at both edges
NARROWEST = 16

RIGHT, LEFT, UP, DOWN = (0, 1), (0, -1), (-1, 0), (1, 0)


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


class _Face(NamedTuple):
    """A tile as drawn: its rows of text (each one cell a character), all as wide."""

    rows: tuple[str, ...]

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)


def _face(start: int, end: int, heading: tuple[int, int], style: str, spinner: bool = False) -> _Face:
    """The tile whose half ``start`` touches the tile before it and ``end`` points on,
    lying along ``heading`` (a double stands across it)."""
    double = start == end
    across = heading in (RIGHT, LEFT)
    if double:
        across = not across  # crosswise to the line it is in
    if heading in (LEFT, UP):
        start, end = end, start  # the first half drawn (left, top) is the far one
    if style == "unicode":
        if across:
            return _Face((chr(_HORIZONTAL + 7 * start + end) + " ",))
        return _Face((chr(_VERTICAL + 7 * start + end) + " ",))
    star = "*" if spinner else ""
    if across:
        return _Face((f"[{start}|{end}{star}]",))
    top, bottom = f"[{start}]", f"[{end}]"
    size = max(len(top), len(bottom))
    return _Face(((top + star).ljust(size + len(star)), bottom.ljust(size + len(star))))


class _Canvas:
    """Cells of text by (row, column); rows may be negative (above the line)."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], str] = {}

    def put(self, row: int, column: int, face: _Face) -> None:
        for offset, text in enumerate(face.rows):
            for index, char in enumerate(text):
                if char != " " or (row + offset, column + index) not in self.cells:
                    self.cells[(row + offset, column + index)] = char

    def rows(self) -> range:
        if not self.cells:
            return range(0)
        found = [row for row, _column in self.cells]
        return range(min(found), max(found) + 1)

    def lines(self) -> list[str]:
        """The rows of text, top to bottom, from the leftmost column drawn."""
        if not self.cells:
            return []
        first = min(column for _row, column in self.cells)
        out = []
        for row in self.rows():
            columns = [column for (r, column) in self.cells if r == row]
            last = max(columns, default=first - 1)
            out.append("".join(self.cells.get((row, c), " ") for c in range(first, last + 1)).rstrip())
        return out


class _Run:
    """Lays a chain of tiles out from a starting point, turning at the picture's edges."""

    def __init__(self, canvas: _Canvas, style: str, width: int, gap: int) -> None:
        self.canvas, self.style, self.width, self.gap = canvas, style, width, gap

    def chain(self, tiles: Sequence[tuple[int, int]], row: int, column: int, heading: tuple[int, int],
              turn: tuple[int, int] | None) -> None:
        """Lay ``tiles`` (each ``(start, end)``: the half that touches the tile before,
        then the other) from ``(row, column)``: for a heading across, ``row`` is the
        line's row and ``column`` the first free column on the heading's side; for a
        heading up or down, ``column`` is the centre column and ``row`` the first free
        row. Across, at the edge the chain turns ``turn`` (up or down), runs past
        everything drawn, and comes back the other way; up or down it goes straight
        (an arm)."""
        index = 0
        while index < len(tiles):
            if heading in (RIGHT, LEFT):
                index, row, column, heading = self._across(tiles, index, row, column, heading, turn)
            else:
                for start, end in tiles[index:]:
                    face = _face(start, end, heading, self.style)
                    top = row if heading == DOWN else row - face.height + 1
                    self.canvas.put(top, column - face.width // 2, face)
                    row = row + face.height if heading == DOWN else row - face.height
                return

    def _across(self, tiles: Sequence[tuple[int, int]], index: int, row: int, column: int,
                heading: tuple[int, int], turn: tuple[int, int] | None) -> tuple[int, int, int, tuple[int, int]]:
        """Tiles from ``tiles[index]`` along ``heading`` on ``row`` while they fit; then
        the turn where the row ends: upright tiles along ``turn``, past everything drawn
        on that side. Returns where the chain goes on: the next tile's index, row,
        column and heading (back the other way)."""
        # the row past which the turn starts: past a double standing in the row, which stands
        # on the side the line turns to (its top half on the row where the line turns down,
        # its bottom half where it turns up), so that it never reaches into rows drawn before
        outer = row
        # the outer side of the last tile laid (before any: of what the row starts from)
        edge = column - self.gap - 1 if heading == RIGHT else column + self.gap + 1
        while index < len(tiles):
            start, end = tiles[index]
            face = _face(start, end, heading, self.style)
            left = column if heading == RIGHT else column - face.width + 1
            if left < 0 or left + face.width > self.width:
                break
            top = row - face.height + 1 if turn == UP else row
            self.canvas.put(top, left, face)
            outer = min(outer, top) if turn == UP else max(outer, top + face.height - 1)
            edge = left + face.width - 1 if heading == RIGHT else left
            column = left + face.width + self.gap if heading == RIGHT else left - 1 - self.gap
            index += 1
        if index >= len(tiles) or turn is None:
            return len(tiles), row, column, heading
        edge = min(max(edge, 0), self.width - 1)
        rows = self.canvas.rows()
        past = rows.stop if turn == DOWN else rows.start - 1
        current = outer + 1 if turn == DOWN else outer - 1
        while index < len(tiles):
            start, end = tiles[index]
            face = _face(start, end, turn, self.style)
            left = max(0, edge - face.width + 1) if heading == RIGHT else min(edge, self.width - face.width)
            top = current if turn == DOWN else current - face.height + 1
            self.canvas.put(top, left, face)
            current = current + face.height if turn == DOWN else current - face.height
            index += 1
            if (turn == DOWN and current >= past) or (turn == UP and current <= past):
                break
        return index, current, edge, LEFT if heading == RIGHT else RIGHT


def _pips_above_six(layout: Layout) -> bool:
    return any(tile.high > 6 for tile in layout.tiles())


def draw(layout: Layout, style: str = "plain", width: int | None = None) -> str:
    """The picture of ``layout`` (``style``: ``plain`` or ``unicode``), every row at
    most ``width`` columns (``None``: as wide as the line needs; below
    :data:`NARROWEST`, that), each tile whole; a terminal is at least 40 columns. The
    line of play runs across, the first spinner's arms up (its first) and down (its
    second) from it; a line too long turns at the edges (see the module's notes). Branches of other spinners are listed after
    the picture in the layout form. Returns ``-`` for the empty table."""
    if not layout.line:
        return "-"
    if style == "unicode" and _pips_above_six(layout):
        style = "plain"  # Unicode has domino tiles up to double-six only
    gap = 1 if style == "plain" else 0
    line = layout.line
    spinner_index = next((i for i, node in enumerate(line) if node.spinner), None)
    left = [(node.far, node.near) for node in reversed(line[:spinner_index or 0])]
    anchor = spinner_index if spinner_index is not None else 0
    right = [(node.near, node.far) for node in line[anchor + 1:]]
    first = line[anchor]
    centre_face = _face(first.near, first.far, RIGHT, style, spinner=first.spinner)
    arms = [[(node.near, node.far) for node in arm] for arm in first.arms] if first.spinner else []
    # the arms stand centred on the spinner's body (its star aside) in plain style, on its
    # glyph in Unicode: a tile lying across an arm reaches past the spinner on both sides
    offset = (centre_face.width - first.spinner) // 2 if style == "plain" else 0
    arm_faces = [_face(s, e, UP, style) for arm in arms for s, e in arm]
    reach_left = max((face.width // 2 - offset for face in arm_faces), default=0)
    reach_right = max((face.width - face.width // 2 - (centre_face.width - offset) for face in arm_faces), default=0)
    left_width = sum(_face(s, e, LEFT, style).width + gap for s, e in left)
    right_width = sum(_face(s, e, RIGHT, style).width + gap for s, e in right)
    natural = max(left_width, reach_left) + centre_face.width + max(right_width, reach_right)
    width = natural if width is None else max(width, NARROWEST)
    room = width - centre_face.width
    if natural <= width:
        start = max(left_width, reach_left)
    else:  # each side as much as it needs of the row, the other side the rest
        start = min(left_width, max(room - right_width, room // 2))
        start = max(reach_left, min(start, room - max(0, reach_right)))
    canvas = _Canvas()
    canvas.put(0, start, centre_face)
    run = _Run(canvas, style, width, gap)
    if arms:
        middle = start + offset
        run.chain(arms[0], -1, middle, UP, None)
        if len(arms) > 1:
            run.chain(arms[1], centre_face.height, middle, DOWN, None)
    run.chain(right, 0, start + centre_face.width + gap, RIGHT, DOWN)
    run.chain(left, 0, start - 1 - gap, LEFT, UP)
    lines = canvas.lines()
    others: list[Placed] = []
    for arm in first.arms:
        others.extend(node for node in arm if node.arms)
    others.extend(node for i, node in enumerate(line) if node.arms and i != anchor)
    if others:
        from ..text.wrap import fill

        for node in others:
            lines += fill(str(node), width, indent="  ")
    return "\n".join(_in_language(lines))


def _in_language(lines: list[str]) -> list[str]:
    """The picture's rows in the reader's digits (tiles are written in one digit system
    in a language: Persian digits in Persian, as in the plays), each a left-to-right
    line in a right-to-left language (a picture is not reordered)."""
    t = current()
    lines = [t.digits(line) for line in lines]
    return [ltr_line(line) if t.rtl and line else line for line in lines]


def draw_hand(tiles, style: str = "plain") -> str:
    """A hand drawn as tiles in a row, in the order given: ``[6|4] [5|5] [2|1]`` (in the
    reader's digits), or in Unicode domino tiles (doubles standing, as on the table).
    In a sentence of a right-to-left language it is one left-to-right run: mark it
    (:meth:`fives_tutor.text.i18n.Translator.notation` does)."""
    if style == "unicode" and any(max(tile[0], tile[1]) > 6 for tile in tiles):
        style = "plain"
    if style == "plain":
        return current().digits(" ".join(f"[{tile[0]}|{tile[1]}]" for tile in tiles))
    return "".join(_face(tile[0], tile[1], RIGHT, style).rows[0] for tile in tiles).rstrip()
