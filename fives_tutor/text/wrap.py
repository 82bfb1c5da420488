"""Prose wrapped to the terminal's width at word boundaries, measured by display width.

A word is never split unless it alone is wider than the line. Paragraphs (separated
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
"""

from __future__ import annotations

import re
import shutil

_ITEM = re.compile(r"^(\s*(?:[-*•]|\d+[.)]|[\u06f0-\u06f9]+[.)])?\s+|\s+)")


def display_width(text: str) -> int:
    """``text``'s width in terminal cells (characters a terminal cannot show count one)."""
    from wcwidth import wcswidth, wcwidth

    width = wcswidth(text)
    if width >= 0:
        return width
    return sum(max(0, wcwidth(char)) if wcwidth(char) >= 0 else 1 for char in text)


def terminal_width(fallback: int = 80) -> int:
    """The terminal's width in columns (``fallback`` when it is not known)."""
    return shutil.get_terminal_size((fallback, 24)).columns


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
        lines.extend(_fill(block.split(), width, first, rest))
    return lines


def wrap(text: str, width: int | None = None, indent: str = "", hanging: str | None = None) -> str:
    """:func:`wrap_lines` joined with newlines."""
    return "\n".join(wrap_lines(text, width, indent, hanging))


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
    lines: list[str] = []
    line, used = first, display_width(first)
    empty = True
    for word in words:
        size = display_width(word)
        if not empty and used + 1 + size > width:
            lines.append(line)
            line, used, empty = rest, display_width(rest), True
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


__all__ = ["display_width", "terminal_width", "wrap", "wrap_lines"]
