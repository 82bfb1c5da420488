"""The ends form: the open ends of a layout, as a player sees them at the table.

Grammar (``docs/notation.md``), ends separated by spaces or commas:

* ``N``: a plain open end, counts N pips;
* ``N|N``: a double standing crosswise at an end, counts 2N;
* ``N|N*``: the spinner at an end whose side there is still empty, counts 2N;
* ``N*``: an empty arm of the spinner, open for play, counts 0;
* a single tile alone (``4|1``, ``5|5``, ``5|5*``): the lone lead, counts both halves once;
* ``-``: the empty table.

>>> from fives_tutor import load_rules
>>> cc = load_rules("dominos-cc")
>>> position = Position.parse("3 5|5* 2 5*")
>>> position.total(), str(position)
(15, '3 5|5* 2 5*')
>>> str(place(Position.parse("5|5*"), Tile(5, 3), 0, cc))
'3 5|5* 5* 5*'
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import NamedTuple

from .errors import N_, NotationError
from .rules import RuleSet
from .tiles import Tile, ascii_digits, split_tokens


class EndKind(IntEnum):
    """What stands at an open end."""

    PLAIN = 0  #: ``N``: the free half of a tile, counts N
    DOUBLE = 1  #: ``N|N``: a crosswise double (not a spinner), counts 2N
    SPINNER = 2  #: ``N|N*``: a spinner whose side here is empty, counts 2N
    ARM = 3  #: ``N*``: an empty arm of a spinner, counts 0


#: how many times its pips an end of each kind counts, by EndKind
_COUNT_FACTOR = (1, 2, 2, 0)
_SUFFIX = ("{0}", "{0}|{0}", "{0}|{0}*", "{0}*")


class End(NamedTuple):
    """One open end: its ``kind`` and the ``pips`` of the half it offers."""

    kind: EndKind
    pips: int

    @property
    def count(self) -> int:
        """What this end adds to the open-end total, in pips."""
        return self.pips * _COUNT_FACTOR[self.kind]

    def __str__(self) -> str:
        return _SUFFIX[self.kind].format(self.pips)


# Ends are interned: the engine builds many positions and compares ends often.
_ENDS = {(kind, pips): End(kind, pips) for kind in EndKind for pips in range(19)}


def end(kind: EndKind, pips: int) -> End:
    """The shared :class:`End` of ``kind`` offering ``pips``."""
    return _ENDS[kind, pips]


class Position:
    """The open ends of a layout (the ends form), immutable and hashable.

    ``ends`` is a tuple of :class:`End` in the written order; ``lone`` is true
    when a single lead tile is on the table (then ``ends`` holds its two halves
    as written, or its one double end). ``Position()`` is the empty table.
    Parse with :meth:`parse`; ``str()`` gives the canonical ends form. For the whole
    table use :class:`~fives_tutor.layout.Layout`; :func:`~fives_tutor.plays.parse_board`
    reads either form, :func:`~fives_tutor.plays.parse_play` makes a play, and
    :func:`~fives_tutor.scoring.count_position` counts the points.

    >>> from fives_tutor import load_rules, count_position
    >>> rules = load_rules("dominos-cc")
    >>> position = Position.parse("6 4|4", rules)
    >>> [str(e) for e in position.ends], position.total(rules), count_position(position, rules).points
    (['6', '4|4'], 14, 0)
    """

    __slots__ = ("ends", "lone", "_hash")

    def __init__(self, ends: tuple[End, ...] = (), lone: bool = False) -> None:
        self.ends = ends
        self.lone = lone
        self._hash = hash((ends, lone))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.ends == other.ends and self.lone == other.lone

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    def __str__(self) -> str:
        ends = self.ends
        if not ends:
            return "-"
        if self.lone and len(ends) == 2:
            return f"{ends[0].pips}|{ends[1].pips}"
        return " ".join(_SUFFIX[e.kind].format(e.pips) for e in ends)

    @property
    def is_empty(self) -> bool:
        """True for the empty table (``-``)."""
        return not self.ends

    def total(self, rules: RuleSet | None = None) -> int:
        """The open-end total in pips (a lone double may count one half, per ``rules``)."""
        ends = self.ends
        if self.lone and len(ends) == 1 and rules is not None and rules.spinner.lone_counts == "one_half":
            return ends[0].pips
        return sum(e.pips * _COUNT_FACTOR[e.kind] for e in ends)

    def tiles_in_view(self) -> frozenset[Tile]:
        """Tiles this position shows to be on the table: its doubles, spinners, a lone lead."""
        tiles = {Tile(e.pips, e.pips) for e in self.ends if e.kind != EndKind.PLAIN}
        if self.lone and len(self.ends) == 2:
            tiles.add(Tile(self.ends[0].pips, self.ends[1].pips))
        return frozenset(tiles)

    @classmethod
    def parse(cls, text: str, rules: RuleSet | None = None) -> "Position":
        """Read the ends form; with ``rules``, also check it against the pack.

        Raises :class:`NotationError` (with the column) for text that is not the
        ends form or that the pack cannot produce.
        """
        position = parse_ends(text, 12 if rules is None else rules.max_pips)
        if rules is not None:
            check_position(position, rules, text)
            if position.lone and len(position.ends) == 1 and rules.spinner.doubles != "none":
                # a lone double lead is the first double: under a pack with spinners it spins
                position = Position((end(EndKind.SPINNER, position.ends[0].pips),), lone=True)
        return position


_PLAIN_RE = re.compile(r"(\d{1,2})(\*?)\Z", re.ASCII)
_TILE_RE = re.compile(r"\[?(\d{1,2})[|\-](\d{1,2})\]?(\*?)\Z", re.ASCII)


def parse_end_token(token: str, column: int, text: str, max_pips: int):
    """Read one token of the ends form.

    Returns ``(End, None)`` for an end, or ``(None, (a, b, starred))`` for a tile
    written with two halves. Raises :class:`NotationError` for anything else.
    """
    clean = ascii_digits(token)
    match = _PLAIN_RE.match(clean)
    if match:
        pips = int(match.group(1))
        _check_pips(pips, max_pips, column, text, token)
        return end(EndKind.ARM if match.group(2) else EndKind.PLAIN, pips), None
    match = _TILE_RE.match(clean)
    if match:
        a, b = int(match.group(1)), int(match.group(2))
        _check_pips(max(a, b), max_pips, column, text, token)
        return None, (a, b, bool(match.group(3)))
    raise NotationError(
        N_("'{token}' is not an open end: expected N, N|N, N|N*, N* or -"),
        text=text, column=column, token=token,
    )


def _check_pips(pips: int, max_pips: int, column: int, text: str, token: str) -> None:
    if pips > max_pips:
        raise NotationError(
            N_("'{token}': {pips} pips is more than this set has (0 to {max_pips})"),
            text=text, column=column, token=token, pips=pips, max_pips=max_pips,
        )


def parse_ends(text: str, max_pips: int = 12) -> Position:
    """Read the ends form without a rule pack (see the module grammar).

    Raises :class:`NotationError` with the column of the first bad token.
    """
    tokens = list(split_tokens(text))
    if not tokens:
        raise NotationError(N_("empty position: write the open ends, or - for the empty table"), text=text)
    if len(tokens) == 1 and tokens[0][0] == "-":
        return Position()
    ends: list[End] = []
    for token, column in tokens:
        if token == "-":
            raise NotationError(N_("'-' (the empty table) must stand alone"), text=text, column=column)
        found, tile = parse_end_token(token, column, text, max_pips)
        if tile is not None:
            a, b, starred = tile
            if a != b:
                if len(tokens) == 1 and not starred:
                    return Position((end(EndKind.PLAIN, a), end(EndKind.PLAIN, b)), lone=True)
                raise NotationError(
                    N_("'{token}' is not a double: only a double stands at an open end (when the lead is the only tile on the table, write just that tile)"),
                    text=text, column=column, token=token,
                )
            found = end(EndKind.SPINNER if starred else EndKind.DOUBLE, a)
        ends.append(found)
    if len(ends) == 1:
        only = ends[0]
        if only.kind in (EndKind.DOUBLE, EndKind.SPINNER):
            return Position((only,), lone=True)
        raise NotationError(
            N_("a position has at least two open ends; a tile alone is written whole, such as {example}"), example="5|3",
            text=text, column=tokens[0][1],
        )
    return Position(tuple(ends))


def check_position(position: Position, rules: RuleSet, text: str = "") -> None:
    """Refuse an ends form that the pack's spinner rules cannot produce.

    Checks (pack keys ``rules.spinner.doubles`` and ``rules.spinner.arms_open``):
    no spinner marks in a pack without spinners; no plain crosswise double where
    every double spins; at most one spinner where only the first double spins;
    a double at most once; at most two empty arms per spinner; no open arm beside
    a spinner side still empty where arms open only after both sides.
    Raises :class:`NotationError`.
    """
    if not text:
        text = str(position)
    columns = [column for _, column in split_tokens(text)] or [1]
    doubles = rules.spinner.doubles
    seen_doubles: dict[int, int] = {}
    arms: dict[int, int] = {}
    spinners = set()
    for index, e in enumerate(position.ends):
        column = columns[index] if index < len(columns) and not position.lone else columns[0]
        if e.kind in (EndKind.DOUBLE, EndKind.SPINNER):
            if e.pips in seen_doubles:
                raise NotationError(N_("the double {pips}|{pips} is shown twice"), text=text, column=column, pips=e.pips)
            seen_doubles[e.pips] = index
        if e.kind in (EndKind.SPINNER, EndKind.ARM):
            if doubles == "none":
                raise NotationError(N_("this rule pack has no spinners: remove the *"), text=text, column=column)
            spinners.add(e.pips)
        if e.kind == EndKind.DOUBLE and doubles == "every" and not position.lone:
            raise NotationError(
                N_("under this rule pack every double is a spinner: write {pips}|{pips}*"),
                text=text, column=column, pips=e.pips,
            )
        if e.kind == EndKind.ARM:
            arms[e.pips] = arms.get(e.pips, 0) + 1
            if arms[e.pips] > 2:
                raise NotationError(N_("a spinner shows at most two empty arms"), text=text, column=column)
            if rules.spinner.arms_open == "after_sides" and e.pips in seen_doubles and position.ends[seen_doubles[e.pips]].kind == EndKind.SPINNER:
                raise NotationError(
                    N_("under this rule pack the spinner's arms open only after both its sides hold a tile"),
                    text=text, column=column,
                )
    if rules.spinner.arms_open == "after_sides":
        for pips in arms:
            if any(e.kind == EndKind.SPINNER and e.pips == pips for e in position.ends):
                raise NotationError(
                    N_("under this rule pack the spinner's arms open only after both its sides hold a tile"),
                    text=text, column=columns[-1],
                )
    if doubles == "first" and len(spinners) > 1:
        raise NotationError(N_("this rule pack has only one spinner (the first double)"), text=text, column=columns[-1])
    if not position.lone and position.ends:
        _check_end_count(position, rules, text, columns)


def _check_end_count(position: Position, rules: RuleSet, text: str, columns: list[int]) -> None:
    """The number of open ends a real layout can have: the line's two ends, never arms,
    plus two for each spinner whose arms are open, so always an even number
    (pack keys ``rules.spinner.doubles`` and ``rules.spinner.arms_open``)."""
    ends = position.ends
    count = len(ends)
    if sum(1 for e in ends if e.kind != EndKind.ARM) < 2:
        raise NotationError(N_("a layout has two line ends besides any empty arms"), text=text, column=columns[-1])
    doubles = rules.spinner.doubles
    most = 2 + 2 * {"none": 0, "first": 1}.get(doubles, rules.max_pips + 1)
    if count % 2 or count > most:
        raise NotationError(N_("{count} open ends cannot lie on a table under this rule pack: a layout has the "
                               "line's two ends and two more for each open spinner"), text=text,
                            column=columns[min(count, len(columns)) - 1], count=count)
    if doubles == "first":
        marked = any(e.kind == EndKind.SPINNER for e in ends)
        if marked and rules.spinner.arms_open == "at_once" and count != 4:
            raise NotationError(N_("under this rule pack the spinner's ends open at once: write its two arms "
                                   "too, such as {example}"), text=text, column=columns[-1],
                                example=f"{text.strip()} {_arms_example(ends)}")
        if marked and rules.spinner.arms_open == "after_sides" and count != 2:
            raise NotationError(N_("under this rule pack the spinner's arms open only after both its sides hold a tile"),
                                text=text, column=columns[-1])


def _arms_example(ends) -> str:
    spinner = next(e for e in ends if e.kind == EndKind.SPINNER)
    return f"{spinner.pips}* {spinner.pips}*"


def new_double_spins(position: Position, rules: RuleSet) -> bool:
    """Whether a double played now becomes a spinner (pack key ``rules.spinner.doubles``).

    Under ``first``, a spinner on the table shows a mark (``N|N*``, ``N*``) until
    its two sides and two arms are covered, and from then on the layout has four
    open ends, never fewer. So a double spins when every end in view is plain and
    there are at most two of them; a crosswise ``N|N`` shows a spinner was played.
    """
    doubles = rules.spinner.doubles
    if doubles == "every":
        return True
    if doubles == "none":
        return False
    ends = position.ends
    return len(ends) <= 2 and all(e.kind == EndKind.PLAIN for e in ends)


def place(position: Position, tile: Tile, index: int, rules: RuleSet, *,
          lead_order: tuple[int, int] | None = None, spinner: bool | None = None) -> Position:
    """The position after ``tile`` is played on ``position.ends[index]``.

    On the empty table ``index`` is ignored and ``lead_order`` gives the halves as
    written (``1|4`` stays ``1|4``). ``spinner`` says whether a double played now
    spins; by default :func:`new_double_spins` decides. The tile must match the
    end; legality checks belong to :mod:`fives_tutor.plays`. Where the new ends
    go: an end played on is replaced in place; a tile on a lone lead extends the
    line to the right, except that a double lead stays at the right; a spinner's
    arms, when they open, are added at the end (pack key ``rules.spinner.arms_open``).
    """
    high, low = tile
    ends = position.ends
    if spinner is None:
        spinner = new_double_spins(position, rules)
    at_once = rules.spinner.arms_open == "at_once"
    if not ends:
        if high == low:
            return Position((_ENDS[EndKind.SPINNER if spinner else EndKind.DOUBLE, high],), lone=True)
        first, second = lead_order or (high, low)
        return Position((_ENDS[EndKind.PLAIN, first], _ENDS[EndKind.PLAIN, second]), lone=True)
    target = ends[index]
    matched = target.pips
    far = low if high == matched else high
    if high == low:
        new_end = _ENDS[EndKind.SPINNER if spinner else EndKind.DOUBLE, far]
    else:
        new_end = _ENDS[EndKind.PLAIN, far]
    if position.lone:
        if len(ends) == 1:
            result = (new_end, target)
            if target.kind == EndKind.SPINNER and at_once:
                result += (_ENDS[EndKind.ARM, matched], _ENDS[EndKind.ARM, matched])
        else:
            result = (ends[1 - index], new_end)
    else:
        result = ends[:index] + (new_end,) + ends[index + 1:]
        if target.kind == EndKind.SPINNER and not at_once and not any(
                e.kind == EndKind.SPINNER and e.pips == matched for e in result):
            result += (_ENDS[EndKind.ARM, matched], _ENDS[EndKind.ARM, matched])
    if new_end.kind == EndKind.SPINNER and at_once:
        result += (_ENDS[EndKind.ARM, far], _ENDS[EndKind.ARM, far])
    return Position(result)


def total_after(position: Position, tile: Tile, index: int, rules: RuleSet) -> int:
    """The open-end total in pips after ``tile`` is played on ``position.ends[index]``,
    without building the new position (the simulator asks this for every candidate).

    Equal to ``place(position, tile, index, rules).total(rules)``: empty arms count
    nothing, so opening them changes no total.
    """
    high, low = tile
    ends = position.ends
    if not ends:
        if high == low:
            return high if rules.spinner.lone_counts == "one_half" else 2 * high
        return high + low
    target = ends[index]
    matched = target.pips
    far = low if high == matched else high
    added = 2 * far if high == low else far
    if position.lone:
        if len(ends) == 1:
            return added + 2 * matched  # the lone double now stands at an end: both halves
        return ends[1 - index].pips + added
    return sum(e.pips * _COUNT_FACTOR[e.kind] for e in ends) - matched * _COUNT_FACTOR[target.kind] + added
