"""Display width: how many terminal columns text takes, measured by ``wcwidth``.

``len()`` is wrong for a terminal: a zero-width joiner or non-joiner (Persian
``مهره‌ها``), a left-to-right or right-to-left mark takes no column, a combining
mark none, a wide character two. Import this module only where text is measured
(tables, visual right-to-left output): ``wcwidth`` takes a few milliseconds to load,
which the one-shot commands do not pay.

>>> width("مهره\\u200cها"), width("\\u200e5|3\\u200e\\u200f"), width("tile")
(6, 3, 4)
>>> ljust("۵|۳", 5) + "|"
'۵|۳  |'
"""

from __future__ import annotations

import wcwidth

from .wrap import fill


def width(text: str) -> int:
    """Columns ``text`` (one line) takes in a terminal; marks and joiners count 0.

    Measured a character at a time, as a terminal lays out cells: a joiner between two
    Persian letters takes no cell, and both letters take theirs (wcwidth's grapheme
    rules would count an emoji sequence as one, which a joined ``ب\u200dب`` is not).
    """
    return sum(max(0, wcwidth.wcwidth(char)) for char in text)


def ljust(text: str, columns: int) -> str:
    """``text`` padded with spaces at its end to ``columns`` display columns."""
    return text + " " * max(0, columns - width(text))


def rjust(text: str, columns: int) -> str:
    """``text`` padded with spaces at its start to ``columns`` display columns."""
    return " " * max(0, columns - width(text)) + text


def wrap(text: str, columns: int) -> list[str]:
    """``text`` broken at spaces into rows of at most ``columns`` display columns (a
    word longer than a row is cut; a sum, a command or a marked span kept together
    where it fits, as :mod:`fives_tutor.text.wrap` does). Always at least one row."""
    return fill(text, max(1, columns)) or [""]
