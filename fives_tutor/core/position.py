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
from collections.abc import Collection, Iterator, Sequence
from enum import IntEnum
from functools import cache
from typing import NamedTuple

from ..errors import N_, NotationError, span
from .rules import RuleSet
from .tiles import Tile, ascii_digits, domino_set, miswritten, split_tokens


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
    def count(self) -> int:  # type: ignore[override]  # End.count is public: this end's count, not tuple.count
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
    table use :class:`~fives_tutor.core.layout.Layout`; :func:`~fives_tutor.core.plays.parse_board`
    reads either form, :func:`~fives_tutor.core.plays.parse_play` makes a play, and
    :func:`~fives_tutor.core.scoring.count_position` counts the points.

    With a pack the position is read as its rules require: under dominos-cc a
    crosswise double beside a single other end is the first double, so the spinner,
    and its ends are open at once (:func:`read_position`).

    >>> from fives_tutor import load_rules, count_position
    >>> rules = load_rules("dominos-cc")
    >>> position = Position.parse("6 4|4", rules)
    >>> [str(e) for e in position.ends], position.total(rules), count_position(position, rules).points
    (['6', '4|4*', '4*', '4*'], 14, 0)
    >>> str(Position.parse("6 4|4", load_rules("muggins")))
    '6 4|4'
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
    def parse(cls, text: str, rules: RuleSet | None = None) -> Position:
        """Read the ends form; with ``rules``, read it as the pack's rules require.

        With a pack, what a player leaves out is filled in where only one reading is
        possible (:func:`read_position`: a crosswise double that must be the spinner,
        the spinner's empty arms), and what the pack or the set cannot produce is
        refused. Raises :class:`NotationError` (with the column).
        """
        if rules is None:
            return parse_ends(text)
        return read_position(text, rules).position


_PLAIN_RE = re.compile(r"(\d{1,2})(\*?)\Z", re.ASCII)
_TILE_RE = re.compile(r"\[?(\d{1,2})[|\-](\d{1,2})\]?(\*?)\Z", re.ASCII)


def parse_end_token(token: str, column: int, text: str,
                    max_pips: int) -> tuple[End, None] | tuple[None, tuple[int, int, bool]]:
    """Read one token of the ends form.

    Returns ``(End, None)`` for an end, or ``(None, (a, b, starred))`` for a tile
    written with two halves. Raises :class:`NotationError` for anything else.
    """
    clean = ascii_digits(token)
    match = _PLAIN_RE.match(clean)
    meant: str | None = None
    if match:
        pips, digits = int(match.group(1)), match.group(1)
        if pips <= max_pips or len(digits) < 2 or max(int(d) for d in digits) > max_pips:
            _check_pips(pips, max_pips, column, text, token)
            return end(EndKind.ARM if match.group(2) else EndKind.PLAIN, pips), None
        # 66 past the set: the double six, its bar left out (a star only on a double: a spinner)
        meant = f"{digits[0]}|{digits[1]}{match.group(2) if digits[0] == digits[1] else ''}"
    else:
        match = _TILE_RE.match(clean)
        if match:
            a, b = int(match.group(1)), int(match.group(2))
            _check_pips(max(a, b), max_pips, column, text, token)
            return None, (a, b, bool(match.group(3)))
        meant = miswritten(token)
    if meant is not None:  # 5/5, or 66: a double at an end is written 5|5, 6|6
        raise NotationError(N_("'{token}' is not an open end: tiles are written {example}"), text=text, column=column,
                            token=token, example=meant)
    raise NotationError(
        N_("'{token}' is not an open end: expected N, N|N, N|N*, N* or -"),
        text=text, column=column, token=token,
    )


def _check_pips(pips: int, max_pips: int, column: int, text: str, token: str) -> None:
    if pips > max_pips:
        raise NotationError(
            N_("'{token}': {pips} pips is more than this set has ({numbers})"),
            text=text, column=column, token=token, pips=pips, numbers=span(0, max_pips),
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
        parsed = parse_end_token(token, column, text, max_pips)
        if parsed[1] is None:
            ends.append(parsed[0])
        else:
            a, b, starred = parsed[1]
            if a != b:
                if len(tokens) == 1 and not starred:
                    return Position((end(EndKind.PLAIN, a), end(EndKind.PLAIN, b)), lone=True)
                raise NotationError(
                    N_("'{token}' is not a double: only a double stands at an open end (when the lead is the only tile on the table, write just that tile)"),
                    text=text, column=column, token=token,
                )
            ends.append(end(EndKind.SPINNER if starred else EndKind.DOUBLE, a))
    if len(ends) == 1:
        only = ends[0]
        if only.kind in (EndKind.DOUBLE, EndKind.SPINNER):
            return Position((only,), lone=True)
        raise NotationError(
            N_("a position has at least two open ends; a tile alone is written whole, such as {example}"), example="5|3",
            text=text, column=tokens[0][1],
        )
    return Position(tuple(ends))


def check_position(position: Position, rules: RuleSet, text: str = "", excluded: Collection[Tile] = ()) -> None:
    """Refuse an ends form that the pack's spinner rules or the set cannot produce.

    Checks (pack keys ``rules.spinner.doubles`` and ``rules.spinner.arms_open``):
    no spinner marks in a pack without spinners; no plain crosswise double where
    every double spins; at most one spinner where only the first double spins, and
    where only the first double spins a crosswise double beside a single other end
    is that spinner; a double at most once; at most two empty arms per spinner; no
    open arm beside a spinner side still empty where arms open only after both
    sides; the line's two ends plus two for each spinner whose arms are open; and a
    different tile of the set for every end (:func:`check_tiles`), none of them in
    ``excluded`` (tiles the player holds). Raises
    :class:`NotationError` (:class:`~fives_tutor.errors.IllegalPlayError` for a tile
    of ``excluded`` that the position shows).
    """
    _check(position, rules, text or str(position), examples=True)
    check_tiles(position, rules, text, excluded)


def _check(position: Position, rules: RuleSet, text: str, examples: bool) -> None:
    """The spinner and end-count checks of :func:`check_position` (``examples``: look
    for a way to write a position with too few ends, for the message)."""
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
        _check_end_count(position, rules, text, columns, examples)


def _check_end_count(position: Position, rules: RuleSet, text: str, columns: list[int], examples: bool) -> None:
    """The number of open ends a real layout can have: the line's two ends, never arms,
    plus two for each spinner whose arms are open, so always an even number
    (pack keys ``rules.spinner.doubles`` and ``rules.spinner.arms_open``)."""
    ends = position.ends
    count = len(ends)
    if sum(1 for e in ends if e.kind != EndKind.ARM) < 2:
        raise NotationError(N_("a layout has two line ends besides any empty arms"), text=text, column=columns[-1])
    doubles = rules.spinner.doubles
    at_once = rules.spinner.arms_open == "at_once"
    marked = any(e.kind == EndKind.SPINNER for e in ends)
    if doubles == "first" and marked:
        if at_once and count < 4:
            raise NotationError(N_("under this rule pack the spinner's ends open at once: write its two arms "
                                   "too, such as {example}"), text=text, column=columns[-1],
                                example=f"{text.strip()} {_arms_example(ends)}")
        if not at_once and count != 2:
            raise NotationError(N_("under this rule pack the spinner's arms open only after both its sides hold a tile"),
                                text=text, column=columns[-1])
    most = 2 + 2 * {"none": 0, "first": 1}.get(doubles, rules.max_pips + 1)
    # a spinner whose arms are open adds two ends, each an empty arm or the end of a line of tiles
    open_spinners = {e.pips for e in ends if e.kind == EndKind.ARM or (at_once and e.kind == EndKind.SPINNER)}
    if count % 2 or count > most or count < 2 + 2 * len(open_spinners):
        example = _arm_example(position, rules) if examples and count < most else None
        column = columns[min(count, len(columns)) - 1]
        if example is not None:
            raise NotationError(N_("{count} open ends cannot lie on a table under this rule pack: a layout has the "
                                   "line's two ends and two more for each open spinner (write an empty arm too, "
                                   "such as {position})"), text=text, column=column, count=count, position=example)
        raise NotationError(N_("{count} open ends cannot lie on a table under this rule pack: a layout has the "
                               "line's two ends and two more for each open spinner"), text=text,
                            column=column, count=count)
    if doubles == "first" and count == 2 and not marked:
        crosswise = [index for index, e in enumerate(ends) if e.kind == EndKind.DOUBLE]
        if crosswise:
            # with two ends no spinner can be covered yet: a double at an end is the first double
            index = crosswise[0]
            written = [f"{e.pips}|{e.pips}*" if i == index else str(e) for i, e in enumerate(ends)]
            if at_once:
                written += [f"{ends[index].pips}*"] * 2
            raise NotationError(N_("under this rule pack the first double played is the spinner: write {example}"),
                                text=text, column=columns[min(index, len(columns) - 1)], example=" ".join(written))


def _arms_example(ends: Sequence[End]) -> str:
    """The empty arms that bring a spinner whose ends open at once to four ends."""
    spinner = next(e for e in ends if e.kind == EndKind.SPINNER)
    shown = sum(1 for e in ends if e.kind == EndKind.ARM)
    return " ".join([f"{spinner.pips}*"] * max(1, min(2 - shown, 4 - len(ends))))


def _arm_example(position: Position, rules: RuleSet) -> str | None:
    """The position with one or two empty arms more that the pack and the set could
    produce (the pips of ends in view tried first), for a message; None if none is."""
    ends = position.ends
    order = list(dict.fromkeys([e.pips for e in ends] + list(range(rules.max_pips + 1))))
    for added in (1, 2):
        for pips in order:
            candidate = Position(ends + (end(EndKind.ARM, pips),) * added)
            if _valid(candidate, rules):
                return str(candidate)
    return None


def _valid(position: Position, rules: RuleSet) -> bool:
    """Whether the pack and the set could produce ``position``."""
    try:
        _check(position, rules, str(position), examples=False)
        check_tiles(position, rules)
    except NotationError:
        return False
    return True


def check_tiles(position: Position, rules: RuleSet, text: str = "", excluded: Collection[Tile] = ()) -> None:
    """Refuse an ends form whose ends cannot each be a different tile of the set.

    A plain end is a tile that is not a double, a crosswise double or spinner its
    double, an empty arm shows its spinner's double; spinners whose arms are open but
    not in view (``rules.spinner``) each need a double too. Tiles in ``excluded``
    (the player's hand) are not on the table. Raises
    :class:`NotationError` with the column of an end that cannot be served, or
    :class:`~fives_tutor.errors.IllegalPlayError` for a tile of ``excluded`` in view.
    """
    from ..errors import IllegalPlayError

    ends = position.ends
    if not ends:
        return
    if position.lone:
        fixed = list(position.tiles_in_view())
        plain, plain_index, hidden = [], [], 0
    else:
        plain_index = [i for i, e in enumerate(ends) if e.kind == EndKind.PLAIN]
        plain = [ends[i].pips for i in plain_index]
        fixed = [Tile(e.pips, e.pips) for e in ends if e.kind in (EndKind.DOUBLE, EndKind.SPINNER)]
        arm_pips = {e.pips for e in ends if e.kind == EndKind.ARM}
        # an empty arm whose spinner is not at an end: the spinner lies covered in the layout
        marked = {e.pips for e in ends if e.kind == EndKind.SPINNER}
        fixed += [Tile(p, p) for p in sorted(arm_pips) if p not in marked]
        at_once = rules.spinner.arms_open == "at_once"
        known = arm_pips | ({e.pips for e in ends if e.kind == EndKind.SPINNER} if at_once else set())
        hidden = max(0, (len(ends) - 2) // 2 - len(known)) if rules.spinner.doubles != "none" else 0
    shortage = assign_tiles(plain, fixed, hidden, rules.max_pips, excluded)
    if shortage is None:
        return
    # where to point: only worked out for a refusal (most positions pass, and fast)
    text = text or str(position)
    columns = [column for _, column in split_tokens(text)] or [1]
    if shortage.kind == "excluded":
        raise IllegalPlayError(N_("{tile} is already on the table"), tile=str(shortage.tile))
    if shortage.kind == "twice" and shortage.tile is not None:  # a "twice" shortage names its tile
        pips = shortage.tile.high
        index = max(i for i, e in enumerate(ends) if e.pips == pips)
        raise NotationError(N_("the double {pips}|{pips} is shown twice"), text=text,
                            column=columns[min(index, len(columns) - 1)], pips=pips)
    if shortage.kind == "doubles":
        template = N_("not enough doubles for the spinners these {count} open ends need: {spinners} not in view, and "
                      "{tiles} left in the set") if shortage.tiles else \
            N_("not enough doubles for the spinners these {count} open ends need: {spinners} not in view, and none "
               "left in the set")  # a count of zero reads badly
        raise NotationError(template, text=text, column=columns[-1], count=len(ends), spinners=hidden,
                            tiles=shortage.tiles)
    index = plain_index[shortage.ends[0]]
    numbers = tuple(str(p) for p in shortage.pips)  # joined in the reader's language
    showing = sum(1 for p in plain if p in shortage.pips)
    if excluded and not shortage.tiles:  # "only 0 could show them" reads badly
        template = N_("not enough tiles for the open ends showing {pips}: every end is a different tile, so they need "
                      "{count}, and you hold every tile that could show them")
    elif excluded:
        template = N_("not enough tiles for the open ends showing {pips}: every end is a different tile, so they need "
                      "{count}, and besides the tiles you hold only {tiles} could show them")
    elif not shortage.tiles:
        template = N_("not enough tiles for the open ends showing {pips}: every end is a different tile, so they need "
                      "{count}, and no tile of the set could show them")
    else:
        template = N_("not enough tiles for the open ends showing {pips}: every end is a different tile, so they need "
                      "{count}, and only {tiles} in the set could show them")
    raise NotationError(template, text=text, column=columns[min(index, len(columns) - 1)],
                        count=showing, pips=numbers, tiles=shortage.tiles)


# --- a different tile of the set for every open end ------------------------------------------
#
# Every open end is a different tile: a plain end N is the free half of a tile with an N
# that is not a double, a crosswise double or a spinner is the double itself, an empty arm
# shows that its spinner is on the table. Tiles the player holds are not on the table.
# assign_tiles finds such an assignment or says which ends cannot all be served (Hall's
# condition on a bipartite matching of ends to tiles).


class Shortage(NamedTuple):
    """Why no assignment exists.

    ``kind`` is ``plain`` (the plain ends at indexes ``ends``, showing the numbers
    ``pips``, need more different tiles than the ``tiles`` that can show them),
    ``excluded`` (the fixed tile ``tile`` is held), ``twice`` (the fixed
    tile ``tile`` is needed twice) or ``doubles`` (``ends`` hidden spinners need
    more doubles than the ``tiles`` left).
    """

    kind: str
    ends: tuple[int, ...] = ()
    pips: tuple[int, ...] = ()
    tiles: int = 0
    tile: Tile | None = None


def assign_tiles(plain: Sequence[int], fixed: Sequence[Tile], hidden_doubles: int, max_pips: int,
                 excluded: Collection[Tile] = ()) -> Shortage | None:
    """Give every open end its own tile of a double-``max_pips`` set, or say why not.

    ``plain`` lists the pips of the plain ends (each needs a different non-double
    tile with that number), ``fixed`` the tiles known to be on the table (doubles at
    the ends, spinners, a lone lead), ``hidden_doubles`` how many spinners are on the
    table without showing which double they are, ``excluded`` tiles that are not on
    the table (the player's hand). Returns ``None`` when an
    assignment exists, else a :class:`Shortage`. Time: a few thousand steps for any
    position a table can have.

    >>> assign_tiles([0] * 8, (), 0, 6) is None   # six tiles (0|1 .. 0|6) show a 0 beside another number
    False
    >>> assign_tiles([0] * 6, (), 0, 6) is None
    True
    >>> shortage = assign_tiles([5, 5], (), 0, 6, excluded={Tile(5, n) for n in range(5)})
    >>> shortage.ends, shortage.pips, shortage.tiles
    ((0, 1), (5,), 1)
    """
    excluded = frozenset(excluded)
    used: set[Tile] = set()
    for tile in fixed:
        if tile in excluded:
            return Shortage("excluded", tile=tile)
        if tile in used:
            return Shortage("twice", tile=tile)
        used.add(tile)
    showing, doubles = _by_number(max_pips)
    doubles_left = sum(1 for t in doubles if t not in used and t not in excluded)
    if hidden_doubles > doubles_left:
        return Shortage("doubles", ends=tuple(range(hidden_doubles)), tiles=doubles_left)
    candidates = [[t for t in showing[pips] if t not in used and t not in excluded] for pips in plain]
    owner: dict[Tile, int] = {}
    for index in range(len(plain)):
        if not _augment(index, candidates, owner, set()):
            return _hall_violation(index, plain, candidates, owner)
    return None


@cache
def _by_number(max_pips: int) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """For a double-``max_pips`` set: the tiles that are not doubles showing each number
    (indexed by the number), and the doubles (built once: a batch asks for every line)."""
    tiles = domino_set(max_pips)
    return (tuple(tuple(t for t in tiles if not t.is_double and pips in t) for pips in range(max_pips + 1)),
            tuple(t for t in tiles if t.is_double))


def _augment(index: int, candidates: Sequence[Sequence[Tile]], owner: dict[Tile, int], seen: set[Tile]) -> bool:
    """Kuhn's augmenting path from end ``index`` (the ends are few: recursion stays shallow)."""
    for tile in candidates[index]:
        if tile in seen:
            continue
        seen.add(tile)
        if tile not in owner or _augment(owner[tile], candidates, owner, seen):
            owner[tile] = index
            return True
    return False


def _hall_violation(start: int, plain: Sequence[int], candidates: Sequence[Sequence[Tile]],
                    owner: dict[Tile, int]) -> Shortage:
    """The ends reachable from the unserved end ``start`` by alternating paths: together
    they need more tiles than the tiles they could use (each of those already serves one)."""
    ends = {start}
    tiles: set[Tile] = set()
    frontier = [start]
    while frontier:
        index = frontier.pop()
        for tile in candidates[index]:
            if tile not in tiles:
                tiles.add(tile)
                holder = owner.get(tile)
                if holder is not None and holder not in ends:
                    ends.add(holder)
                    frontier.append(holder)
    return Shortage("plain", ends=tuple(sorted(ends)), pips=tuple(sorted({plain[i] for i in ends})), tiles=len(tiles))


class Reading(NamedTuple):
    """An ends form as a pack reads it: the ``position`` as understood, the ``written``
    text, the pips of the crosswise doubles read as ``spinners`` and the pips of the
    empty ``arms`` added (both empty when the position was taken as written)."""

    position: Position
    written: str = ""
    spinners: tuple[int, ...] = ()
    arms: tuple[int, ...] = ()

    @property
    def changed(self) -> bool:
        """True when the position was completed, not taken as written."""
        return bool(self.spinners or self.arms)


#: the most completions tried for one position (several spinners at once: hostile input)
_MOST_COMPLETIONS = 729


def read_position(text: str, rules: RuleSet) -> Reading:
    """Read the ends form ``text`` as the pack's rules require (``docs/notation.md``).

    A player writes what they see and leaves out what the rules make plain; such a
    position is completed when exactly one completion is one the pack and the set
    could produce, counting the fewest additions: a crosswise double read as the
    spinner (the first double where only the first double spins, every double where
    every double spins: ``rules.spinner.doubles``) and the spinners' empty arms
    (``rules.spinner.arms_open``). ``3 5|5`` is ``3 5|5* 5* 5*`` under dominos-cc and
    ``3 5|5*`` under pagat-all-fives. A lone double lead spins under a pack with
    spinners. Raises :class:`NotationError` (with the column) for text that is not
    the ends form, for a position with several such readings (listing them), and for
    one that cannot be completed (with an example of how to write it).
    """
    position = parse_ends(text, rules.max_pips)
    ends = position.ends
    if position.lone and len(ends) == 1 and ends[0].kind == EndKind.DOUBLE and rules.spinner.doubles != "none":
        # a lone double lead is the first double: under a pack with spinners it spins
        return Reading(Position((end(EndKind.SPINNER, ends[0].pips),), lone=True), text, (ends[0].pips,))
    try:
        check_position(position, rules, text)
        return Reading(position, text)
    except NotationError as error:
        most = 2 + 2 * {"none": 0, "first": 1}.get(rules.spinner.doubles, rules.max_pips + 1)
        if position.lone or len(ends) > most:
            raise  # completing only adds ends: nothing to try (and long input stays quick)
        written_error = error
    found: list[tuple[Position, tuple[int, ...], tuple[int, ...]]] = []
    fewest = None
    for changes, candidate, spinners, arms in sorted(_completions(position, rules), key=lambda c: c[0]):
        if fewest is not None and changes > fewest:
            break
        if changes and _valid(candidate, rules):
            found.append((candidate, spinners, arms))
            fewest = changes
    if len(found) == 1:
        candidate, spinners, arms = found[0]
        return Reading(candidate, text, spinners, arms)
    if found:
        columns = [column for _, column in split_tokens(text)]
        crosswise = [i for i, e in enumerate(ends) if e.kind == EndKind.DOUBLE]
        column = columns[crosswise[0]] if crosswise else columns[-1]
        raise NotationError(N_("{position} can be read more than one way under this rule pack: write one of "
                               "{choices}"), text=text, column=column, position=str(position),
                            choices=tuple(str(c[0]) for c in found[:4]) + (("...",) if len(found) > 4 else ()))
    if rules.spinner.doubles == "every":
        # every crosswise double must spin: say what is wrong once they do
        marked = Position(tuple(end(EndKind.SPINNER, e.pips) if e.kind == EndKind.DOUBLE else e for e in ends))
        if marked != position:
            check_position(marked, rules, text)
    raise written_error


def _completions(position: Position,
                 rules: RuleSet) -> Iterator[tuple[int, Position, tuple[int, ...], tuple[int, ...]]]:
    """Each way to complete ``position``: ``(additions, position, spinners, arms)``,
    where crosswise doubles become spinners and spinners get empty arms."""
    from itertools import product

    doubles = rules.spinner.doubles
    if doubles == "none":
        return
    ends = position.ends
    crosswise = tuple(i for i, e in enumerate(ends) if e.kind == EndKind.DOUBLE)
    if doubles == "every":
        choices = [crosswise]
    elif any(e.kind == EndKind.SPINNER for e in ends):
        choices = [()]
    else:
        choices = [()] + [(i,) for i in crosswise]
    at_once = rules.spinner.arms_open == "at_once"
    for marks in choices:
        marked = tuple(end(EndKind.SPINNER, e.pips) if i in marks else e for i, e in enumerate(ends))
        spinner_pips = list(dict.fromkeys(e.pips for e in marked if e.kind in (EndKind.SPINNER, EndKind.ARM)))
        room = []
        for pips in spinner_pips:
            shut = not at_once and any(e.kind == EndKind.SPINNER and e.pips == pips for e in marked)
            shown = sum(1 for e in marked if e.kind == EndKind.ARM and e.pips == pips)
            room.append(0 if shut else max(0, 2 - shown))
        total = 1
        for r in room:
            total *= r + 1
        added_choices = product(*(range(r + 1) for r in room)) if total <= _MOST_COMPLETIONS else [(0,) * len(room)]
        for added in added_choices:
            arms = tuple(p for p, n in zip(spinner_pips, added) for _ in range(n))
            candidate = Position(marked + tuple(end(EndKind.ARM, p) for p in arms))
            yield len(marks) + len(arms), candidate, tuple(ends[i].pips for i in marks), arms


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
    end; legality checks belong to :mod:`fives_tutor.core.plays`. Where the new ends
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
    result: tuple[End, ...]
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
