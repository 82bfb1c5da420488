"""Tiles, hands and domino sets.

A :class:`Tile` is an unordered pair of pip numbers; ``Tile(3, 5) == Tile(5, 3)``
and both print as ``5|3`` (the heavier half first). Orientation on the table is
kept by the layout, not by the tile.

>>> Tile(3, 5)
Tile(5, 3)
>>> str(parse_tile("[3-5]")), parse_tile("53", 6).pips, parse_tile("۶|۶").is_double
('5|3', 8, True)
>>> len(domino_set(6)), len(domino_set(9)), len(domino_set(12))
(28, 55, 91)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from ..errors import N_, NotationError, span

#: Persian (U+06F0..) and Arabic-Indic (U+0660..) digits mapped to ASCII digits.
_DIGITS = {ord(c): str(i) for i, c in enumerate("۰۱۲۳۴۵۶۷۸۹")}
_DIGITS.update({ord(c): str(i) for i, c in enumerate("٠١٢٣٤٥٦٧٨٩")})


def ascii_digits(text: str) -> str:
    """Return ``text`` with Persian and Arabic-Indic digits replaced by ASCII ones."""
    return text.translate(_DIGITS)


class Tile(tuple[int, int]):
    """A domino tile: two halves of 0 to 12 pips, stored heavier half first.

    ``high`` and ``low`` are the halves in pips; ``pips`` their sum; a tile is a
    ``double`` when both halves are equal. Tiles are hashable and compare by their
    halves in either order.
    """

    __slots__ = ()

    def __new__(cls, a: int, b: int) -> Tile:
        if a < b:
            a, b = b, a
        return tuple.__new__(cls, (a, b))

    @property
    def high(self) -> int:
        """The heavier half, in pips."""
        return self[0]

    @property
    def low(self) -> int:
        """The lighter half, in pips."""
        return self[1]

    @property
    def pips(self) -> int:
        """Both halves added, in pips (what the tile weighs at hand end)."""
        return self[0] + self[1]

    @property
    def is_double(self) -> bool:
        """True for a double such as 4|4."""
        return self[0] == self[1]

    def other(self, pips: int) -> int:
        """The half opposite a half of ``pips``; raises ValueError if none matches."""
        if pips == self[0]:
            return self[1]
        if pips == self[1]:
            return self[0]
        raise ValueError(f"{self} has no half of {pips}")

    def __repr__(self) -> str:
        return f"Tile({self[0]}, {self[1]})"

    def __str__(self) -> str:
        return f"{self[0]}|{self[1]}"

    def __getnewargs__(self) -> tuple[int, int]:  # a Tile pickles as its two halves
        return (self[0], self[1])


@cache
def domino_set(max_pips: int = 6) -> tuple[Tile, ...]:
    """Every tile of a double-``max_pips`` set, heaviest first (28 for double-six)."""
    return tuple(Tile(a, b) for a in range(max_pips, -1, -1) for b in range(a, -1, -1))


_TILE_RE = re.compile(r"\[?\s*(\d{1,2})\s*[|\-]\s*(\d{1,2})\s*\]?\Z", re.ASCII)
_PAIR_RE = re.compile(r"\[?(\d)(\d)\]?\Z", re.ASCII)
#: two pip numbers with another mark between them, as people write a tile by mistake:
#: a slash or backslash, a comma, a full stop or colon, the Persian decimal sign and comma
_MISWRITTEN_RE = re.compile(r"\[?\s*(\d{1,2})\s*[/\\,.:\u066b\u060c]\s*(\d{1,2})\s*\]?(\*?)\Z", re.ASCII)
#: a lone number, a comma and a lone number (``5,5``) at the start of a text
_COMMA_PAIR_RE = re.compile(r"\d{1,2}[,\u060c]\d{1,2}(?![^\s,\u060c])", re.ASCII)


def miswritten(text: str) -> str | None:
    """The tile ``text`` means when it writes two pip numbers with the wrong mark
    between them (``5/5``, ``5\\5``, ``5,5``, ``5.5``, ``5:5``): ``5|5`` (a spinner's
    star kept: ``5/5*`` -> ``5|5*``), else None. Where a comma separates items (a hand,
    the ends form) the caller decides whether ``5,5`` is one tile.

    >>> miswritten("5/5"), miswritten("[6\\\\4]"), miswritten("۵٫۵"), miswritten("5|5"), miswritten("5/")
    ('5|5', '6|4', '5|5', None, None)
    """
    found = _MISWRITTEN_RE.match(ascii_digits(text.strip()))
    return f"{found.group(1)}|{found.group(2)}{found.group(3)}" if found else None


def parse_tile(text: str, max_pips: int = 12, *, column: int = 1, whole: str | None = None) -> Tile:
    """Read one tile: ``5|3``, ``5-3``, ``[5|3]``, ``53`` (sets up to double-nine), either order.

    Persian and Arabic-Indic digits are accepted. ``column`` is where ``text``
    starts inside ``whole`` (the full input) so errors point at the right place.
    Raises :class:`NotationError` for text that is not a tile or has a half above
    ``max_pips``.
    """
    source = whole if whole is not None else text
    clean = ascii_digits(text.strip())
    match = _TILE_RE.match(clean)
    if not match and max_pips <= 9:
        match = _PAIR_RE.match(clean)
    if not match:
        bad = next((i for i, c in enumerate(clean) if not (c.isdecimal() and c.isascii()) and c not in "|-[] "), 0)
        meant = miswritten(text)
        if meant is not None and not meant.endswith("*"):  # 5/5: tiles are written 5|5
            raise NotationError(N_("bad tile '{tile}': tiles are written {example}"), text=source, column=column + bad,
                                tile=text, example=meant)
        raise NotationError(
            N_("bad tile '{tile}': expected two pip numbers such as {example}"),
            text=source, column=column + bad, tile=text, example="5|3",
        )
    a, b = int(match.group(1)), int(match.group(2))
    for value, group in ((a, 1), (b, 2)):
        if value > max_pips:
            raise NotationError(
                N_("bad tile '{tile}': {pips} pips is more than this set has ({numbers})"),
                text=source, column=column + match.start(group), tile=text, pips=value, numbers=span(0, max_pips),
            )
    return Tile(a, b)


#: list separators typed by people: the ASCII comma and the Persian (Arabic) comma ،
COMMAS = ",\u060c"
_SEPARATORS = re.compile(f"[^\\s{COMMAS}]+")
_COMMA = re.compile(f"[{COMMAS}]")


def split_tokens(text: str) -> Iterable[tuple[str, int]]:
    """Yield each token of ``text`` separated by spaces or commas (``,`` or the Persian
    ``،``), with its 1-based column.

    >>> [token for token, _ in split_tokens("5|3،6|4, 2|2")]
    ['5|3', '6|4', '2|2']
    """
    for match in _SEPARATORS.finditer(text):
        yield match.group(0), match.start() + 1


def split_list(text: str) -> list[str]:
    """The items of a comma-separated list (``,`` or the Persian ``،``), stripped,
    empty items dropped: ``"Ana، Ben"`` -> ``['Ana', 'Ben']``."""
    return [item.strip() for item in _COMMA.split(text) if item.strip()]


def parse_hand(text: str, max_pips: int = 12) -> tuple[Tile, ...]:
    """Read tiles separated by spaces or commas (``"2|5 6|4 3|3"``), in the order given.

    Raises :class:`NotationError` on a bad tile or a tile written twice.
    """
    tiles: list[Tile] = []
    for token, column in split_tokens(text):
        try:
            tile = parse_tile(token, max_pips, column=column, whole=text)
        except NotationError:
            # "5,5": a lone number is no tile, so the comma was meant as the bar of one
            pair = _COMMA_PAIR_RE.match(ascii_digits(text[column - 1:]))
            if pair is None:
                raise
            raise NotationError(N_("bad tile '{tile}': tiles are written {example}"), text=text, column=column,
                                tile=pair.group(0), example=miswritten(pair.group(0))) from None
        if tile in tiles:
            raise NotationError(N_("tile {tile} is written twice"), text=text, column=column, tile=str(tile))
        tiles.append(tile)
    return tuple(tiles)


def format_hand(tiles: Iterable[Tile]) -> str:
    """Write tiles in the canonical hand notation, separated by spaces."""
    return " ".join(str(tile) for tile in tiles)
