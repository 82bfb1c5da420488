"""Prose wrapped to the terminal's width at word boundaries, measured by display width.

A word is never split unless it alone is wider than the whole line: a word too long
for what is left of a row starts the next one, giving up as much of that row's
indent as it needs. Paragraphs (separated
by a blank line) stay paragraphs; a line that starts a list item (``- ``, ``* ``,
``1. `` or an indented line) keeps its own line, and its continuation lines hang
under the item's text. Width is counted in terminal cells (``wcwidth.wcswidth``), so
wide characters count two cells and joiners and direction marks none.

>>> print(wrap("The ends are 6 and 2 and you hold 2|5, 6|4 and 3|3.", 20))
The ends are 6 and 2
and you hold 2|5,
6|4 and 3|3.
>>> print(wrap("- a list item that is long enough to wrap", 16))
- a list item
  that is long
  enough to wrap

Some runs of words are never broken across rows while they fit in one: a sum
(``4 + 2 = 6``, its terms' notes in parentheses included), a command (``fives games
list``), a span marked left to right (a tile or a command in a Persian sentence), and
a word with a no-break space. Rows break at spaces only, never at a hyphen
(``dominos-cc``).

>>> print(wrap("so the count is 3 + 10 (spinner 5|5) + 2 = 15 and scores", 30))
so the count is
3 + 10 (spinner 5|5) + 2 = 15
and scores
>>> print(wrap("then run fives games list to see them", 16))
then run
fives games list
to see them
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable

_ITEM = re.compile(r"^(\s*(?:[-*•]|\d+[.)]|[\u06f0-\u06f9]+[.)])?\s+|\s+)")
#: where a row may break: ASCII white space (a no-break space is part of its word)
_BREAK = "[ \t\n\r\f\v]+"
_NUMBER = r"[0-9\u06f0-\u06f9\u0660-\u0669]+(?:[.,\u066b\u066c][0-9\u06f0-\u06f9\u0660-\u0669]+)*"
_TERM = _NUMBER + r"(?: \([^()\n]{1,40}\))?"
#: runs kept on one row while they fit: a sum with its terms' notes, a command of
#: fives with its subcommand and options, a span marked left to right, a short example
#: in quotes ('1 leads 6|6': an apostrophe inside a word opens none) (compiled on first
#: use: one-shot commands whose lines fit never pay for it)
_GLUE = (
    f"{_TERM}(?: [+=÷×−] {_TERM})+",
    r"\bfives(?: [a-z][a-z-]*){1,2}(?: --?[a-z][a-z-]*)*",
    "\u200e[^\u200e\n]*\u200e\u200f?",
    r"(?<!\w)'[^'\s][^'\n]{0,28}[^'\s]'(?!\w)",
)


#: characters past Latin-1 that the program itself writes, each one cell wide
_NARROW = frozenset("→←·•–—−×÷…‘’“”«»█░")


def display_width(text: str) -> int:
    """``text``'s width in terminal cells (characters a terminal cannot show count one)."""
    if text.isascii() or all(ord(char) < 0x300 or char in _NARROW for char in text):
        return len(text)  # one cell each, without loading wcwidth's tables (start-up of fives score)
    from wcwidth import wcswidth, wcwidth  # start-up: its tables only for text beyond Latin

    width = wcswidth(text)
    if width >= 0:
        return width
    return sum(max(0, wcwidth(char)) if wcwidth(char) >= 0 else 1 for char in text)


def _no_lead() -> int:
    return 0


#: columns every line of text gives up at its start on this output (0 until
#: text.output sets its rule: the space that carries a right-to-left line's mark)
_lead: Callable[[], int] = _no_lead


def set_lead(rule: Callable[[], int]) -> None:
    """Make ``rule()`` the columns a line gives up at its start (text.output's carrier
    of a right-to-left line's mark on a terminal); :func:`terminal_width` subtracts it."""
    global _lead
    _lead = rule


def terminal_width(fallback: int = 80) -> int:
    """The columns a line of text may take (``fallback`` when the terminal's width is
    not known): :func:`known_width`, less the columns the output gives up at the
    start of a line (the space that carries a right-to-left line's mark on a terminal)."""
    return max(1, (known_width() or fallback) - _lead())


def known_width() -> int | None:
    """The terminal's width in columns, ``None`` where it is not known: ``COLUMNS``,
    else the width of the terminal on standard output, as ``shutil.get_terminal_size``
    reads it (without importing shutil on the start-up path of a one-shot command)."""
    try:
        columns = int(os.environ.get("COLUMNS", 0))
    except ValueError:
        columns = 0
    stdout = sys.__stdout__  # None under pythonw
    if columns <= 0 and stdout is not None:
        try:
            columns = os.get_terminal_size(stdout.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else None


def wrap_lines(text: str, width: int | None = None, indent: str = "", hanging: str | None = None) -> list[str]:
    """``text`` as lines of at most ``width`` cells (``None``: the terminal's width).

    ``indent`` starts the first line of each paragraph, ``hanging`` (default: as much
    space as ``indent``) every later line. Line breaks inside a paragraph are kept
    where the next line starts a list item; other single line breaks are joined.
    """
    width = terminal_width() if width is None else width
    lines: list[str] = []
    for block in _blocks(text):
        if block is None:
            lines.append("")
            continue
        first, rest = indent, hanging if hanging is not None else " " * display_width(indent)
        marker = _ITEM.match(block)
        if marker and marker.group(1).strip() or (marker and block[:1].isspace()):
            lead = marker.group(1)
            first, rest = indent + lead, rest + " " * display_width(lead)
            block = block[len(lead):]
        lines.extend(_fill(units(block), width, first, rest))
    return lines


def wrap(text: str, width: int | None = None, indent: str = "", hanging: str | None = None) -> str:
    """:func:`wrap_lines` joined with newlines."""
    return "\n".join(wrap_lines(text, width, indent, hanging))


def wrap_block(text: str, width: int | None = None) -> str:
    """Output of several lines, each wrapped to ``width`` cells (``None``: the
    terminal's width) as its own paragraph, its continuation rows hanging two cells
    under its own text: what one-shot commands print (``fives count``, a simulation's
    header). Blank lines stay."""
    width = terminal_width() if width is None else width
    rows = []
    for line in text.split("\n"):
        if 2 * len(line) <= width or display_width(line) <= width:  # a cell is at most two columns
            rows.append(line)  # it fits: as it is
            continue
        indent = line[:len(line) - len(line.lstrip())]
        rows += wrap_lines(line.lstrip(), width, indent=indent, hanging=indent + "  ")
    return "\n".join(rows)


def fill(text: str, width: int, indent: str = "", hanging: str | None = None) -> list[str]:
    """One paragraph (``text``, its line breaks read as spaces) as rows of at most
    ``width`` cells, with no list items or paragraphs looked for: a table cell, a row
    of help. Always at least one row."""
    rest = hanging if hanging is not None else " " * display_width(indent)
    return _fill(units(text), max(1, width), indent, rest)


def units(text: str) -> list[str]:
    """The words of ``text`` (split at ASCII white space), with the runs that are kept
    on one row (:data:`_GLUE`) joined by single spaces into one unit."""
    words = [word for word in re.split(_BREAK, text) if word]
    if len(words) < 2:
        return words
    line = " ".join(words)
    glued: set[int] = set()
    for pattern in _GLUE:
        for match in re.finditer(pattern, line):
            glued.update(i for i in range(match.start(), match.end()) if line[i] == " ")
    found, start = [], 0
    for index, char in enumerate(line):
        if char == " " and index not in glued:
            found.append(line[start:index])
            start = index + 1
    found.append(line[start:])
    return found


def _blocks(text: str):
    """Paragraphs and list items of ``text``; ``None`` for a blank line between paragraphs."""
    current: list[str] = []
    for raw in text.split("\n"):
        if not raw.strip():
            if current:
                yield " ".join(current)
                current = []
            yield None
            continue
        item = _ITEM.match(raw)
        if current and item and (item.group(1).strip() or raw[:1].isspace()):
            yield " ".join(current)
            current = []
        current.append(raw.rstrip() if not current else raw.strip())
    if current:
        yield " ".join(current)


def _fill(words: list[str], width: int, first: str, rest: str) -> list[str]:
    """``words`` (units) set in rows: a unit that does not fit an empty row is taken
    apart at its spaces, and a word wider than a whole row is cut by cells."""
    lines: list[str] = []
    line, used = first, display_width(first)
    empty = True
    queue = list(reversed(words))
    while queue:
        word = queue.pop()
        size = display_width(word)
        if not empty and used + 1 + size > width:
            lines.append(line)
            line, used, empty = rest, display_width(rest), True
        if empty and used + size > width and " " in word:
            queue.extend(reversed(word.split(" ")))  # a run wider than a row: its words, as they fit
            continue
        if empty and used + size > width and size <= width:
            # a word wider than what the indent leaves: whole, on a row of its own with
            # as much of the indent as fits (a list marker stays alone on its row)
            if line.strip():
                lines.append(line.rstrip())
                line = ""
            keep = max(0, width - size)
            line = line[:keep] if line.isspace() or not line else ""
            lines.append(line + word)
            line, used, empty = rest, display_width(rest), True
            continue
        if empty and used + size > width and size > 1:
            # a word wider than the whole line: break it by cells, as little as possible
            for piece in _pieces(word, max(1, width - used)):
                if not empty:
                    lines.append(line)
                    line, used = rest, display_width(rest)
                line, used, empty = line + piece, used + display_width(piece), False
            continue
        line, used = (line + word, used + size) if empty else (line + " " + word, used + 1 + size)
        empty = False
    if not empty or not lines:
        lines.append(line.rstrip() if empty else line)
    return lines


def _pieces(word: str, width: int):
    piece, used = "", 0
    for char in word:
        size = display_width(char)
        if piece and used + size > width:
            yield piece
            piece, used = "", 0
        piece, used = piece + char, used + size
    if piece:
        yield piece


__all__ = ["display_width", "fill", "known_width", "set_lead", "terminal_width", "units", "wrap", "wrap_block", "wrap_lines"]
