"""The layout form: every tile on the table, so that legality and tiles out are known.

The line is written as it lies, left to right, each tile oriented so that
touching halves match; a spinner carries ``*``; its end arms follow it in
parentheses, each written outward from the spinner:
``1|3 3|5 5|5*(5|6 6|2)(5|4) 5|0``.

>>> from fives_tutor import load_rules
>>> pagat = load_rules("pagat-all-fives")
>>> layout = Layout.parse("4|1 1|1* 1|2", pagat)
>>> str(layout.position(pagat)), layout.position(pagat).total()
('4 2 1* 1*', 6)
>>> str(Layout.parse("1|3 5|3 5|5 5|0", load_rules("dominos-cc")))
'1|3 3|5 5|5* 5|0'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple, NoReturn

from ..errors import N_, NotationError
from .position import End, EndKind, Position, end
from .rules import RuleSet
from .tiles import Tile, ascii_digits, parse_tile


class Placed(NamedTuple):
    """A tile on the table, oriented: ``near`` is the half toward the left of the
    line (in an arm: toward the spinner), ``far`` the other half. A spinner has
    ``spinner`` set and ``arms``: up to two chains of tiles played on its ends."""

    near: int
    far: int
    spinner: bool = False
    arms: tuple[tuple[Placed, ...], ...] = ()

    @property
    def tile(self) -> Tile:
        """The tile, without orientation."""
        return Tile(self.near, self.far)

    def __str__(self) -> str:
        text = f"{self.near}|{self.far}" + ("*" if self.spinner else "")
        return text + "".join("(" + " ".join(map(str, arm)) + ")" for arm in self.arms)


class Anchor(NamedTuple):
    """Where an open end of a layout is: ``side`` is ``left``, ``right``, ``lone``
    or ``arm``; for an arm, ``path`` leads to the spinner and ``arm`` is the index
    of the arm (equal to the number of arms for an empty one)."""

    side: str
    path: tuple[int, ...] = ()
    arm: int = 0


class LayoutEnd(NamedTuple):
    """An open end of a layout and where it is."""

    end: End
    anchor: Anchor


class Layout(NamedTuple):
    """A whole layout: ``line`` is the tuple of :class:`Placed` tiles left to right.

    ``Layout()`` is the empty table. Parse with :meth:`parse`; ``str()`` gives the
    canonical layout form and ``parse(str(x)) == x``.
    """

    line: tuple[Placed, ...] = ()

    def __str__(self) -> str:
        return " ".join(map(str, self.line)) if self.line else "-"

    @classmethod
    def parse(cls, text: str, rules: RuleSet) -> Layout:
        """Read the layout form under ``rules``; raises :class:`NotationError`
        with the column and the reason for a layout that could not lie on a table."""
        return _Parser(text, rules).parse()

    def tiles(self) -> list[Tile]:
        """Every tile on the table, in written order."""
        return [node.tile for node in _walk(self.line)]

    def has_double(self) -> bool:
        """True when a double lies anywhere on the table."""
        return any(node.near == node.far for node in _walk(self.line))

    def open_ends(self, rules: RuleSet) -> list[LayoutEnd]:
        """The open ends, in the order of :meth:`position`: the line's left and
        right ends, then each spinner's two arms, spinners in written order."""
        line = self.line
        if not line:
            return []
        if len(line) == 1 and not line[0].arms:
            lone = line[0]
            if lone.near == lone.far:
                kind = EndKind.SPINNER if lone.spinner else EndKind.DOUBLE
                return [LayoutEnd(end(kind, lone.near), Anchor("lone"))]
            return [LayoutEnd(end(EndKind.PLAIN, lone.near), Anchor("left")),
                    LayoutEnd(end(EndKind.PLAIN, lone.far), Anchor("right"))]
        ends = [LayoutEnd(_outer_end(line[0], line[0].near), Anchor("left")),
                LayoutEnd(_outer_end(line[-1], line[-1].far), Anchor("right"))]
        at_once = rules.spinner.arms_open == "at_once"
        for path, node, both_sides in _spinners(line):
            if not (at_once or both_sides):
                continue
            for index, arm in enumerate(node.arms):
                ends.append(LayoutEnd(_outer_end(arm[-1], arm[-1].far), Anchor("arm", path, index)))
            for _ in range(len(node.arms), 2):
                ends.append(LayoutEnd(end(EndKind.ARM, node.near), Anchor("arm", path, len(node.arms))))
        return ends

    def position(self, rules: RuleSet) -> Position:
        """The ends form of this layout under ``rules``."""
        ends = self.open_ends(rules)
        lone = len(self.line) == 1 and not self.line[0].arms
        return Position(tuple(e.end for e in ends), lone=lone)

    def new_double_spins(self, rules: RuleSet) -> bool:
        """Whether a double played now spins (pack key ``rules.spinner.doubles``)."""
        doubles = rules.spinner.doubles
        return doubles == "every" or (doubles == "first" and not self.has_double())

    def place(self, tile: Tile, anchor: Anchor | None, rules: RuleSet,
              lead_order: tuple[int, int] | None = None) -> Layout:
        """The layout after ``tile`` is played at ``anchor`` (``None`` on the empty table).

        The tile must match the end there; see :func:`fives_tutor.core.position.place`
        for where tiles go, which this follows.
        """
        spins = tile.is_double and self.new_double_spins(rules)
        if not self.line:
            near, far = lead_order or (tile.high, tile.low)
            return Layout((Placed(near, far, spins),))
        if anchor is None:
            raise ValueError("a tile played on a layout needs the end it goes on")
        if anchor.side == "lone":
            double = self.line[0]
            return Layout((Placed(tile.other(double.near), double.near, spins), double))
        if anchor.side in ("left", "right") and len(self.line) == 1:
            lead = self.line[0]
            if anchor.side == "left":
                lead = Placed(lead.far, lead.near, lead.spinner)
            return Layout((lead, Placed(lead.far, tile.other(lead.far), spins)))
        if anchor.side == "left":
            first = self.line[0]
            return Layout((Placed(tile.other(first.near), first.near, spins),) + self.line)
        if anchor.side == "right":
            last = self.line[-1]
            return Layout(self.line + (Placed(last.far, tile.other(last.far), spins),))
        return Layout(_add_to_arm(self.line, anchor.path, anchor.arm, tile, spins))


def _outer_end(node: Placed, pips: int) -> End:
    if node.near == node.far:
        return end(EndKind.SPINNER if node.spinner else EndKind.DOUBLE, pips)
    return end(EndKind.PLAIN, pips)


def _walk(chain: tuple[Placed, ...]) -> Iterator[Placed]:
    for node in chain:
        yield node
        for arm in node.arms:
            yield from _walk(arm)


def _spinners(chain: tuple[Placed, ...], prefix: tuple[int, ...] = (),
              in_arm: bool = False) -> Iterator[tuple[tuple[int, ...], Placed, bool]]:
    """Each spinner with its path and whether both its sides hold a tile."""
    for index, node in enumerate(chain):
        if node.spinner:
            inner = in_arm or index > 0
            yield prefix + (index,), node, inner and index < len(chain) - 1
        for arm_index, arm in enumerate(node.arms):
            yield from _spinners(arm, prefix + (index, arm_index), True)


def _add_to_arm(chain: tuple[Placed, ...], path: tuple[int, ...], arm_index: int, tile: Tile,
                spins: bool) -> tuple[Placed, ...]:
    """``chain`` with ``tile`` added to arm ``arm_index`` of the spinner ``path`` leads to."""
    index = path[0]
    node = chain[index]
    if len(path) == 1:
        arms = list(node.arms)
        if arm_index < len(arms):
            last = arms[arm_index][-1]
            arms[arm_index] = arms[arm_index] + (Placed(last.far, tile.other(last.far), spins),)
        else:
            arms.append((Placed(node.near, tile.other(node.near), spins),))
        new_node = Placed(node.near, node.far, node.spinner, tuple(arms))
    else:
        arms = list(node.arms)
        arms[path[1]] = _add_to_arm(arms[path[1]], path[2:], arm_index, tile, spins)
        new_node = Placed(node.near, node.far, node.spinner, tuple(arms))
    return chain[:index] + (new_node,) + chain[index + 1:]


class _Raw:
    """A tile as written, before orientation and spinner checks."""

    __slots__ = ("a", "b", "column", "star", "arms", "arm_columns")

    def __init__(self, a: int, b: int, column: int, star: bool) -> None:
        self.a, self.b, self.column, self.star = a, b, column, star
        self.arms: list[list[_Raw]] = []
        self.arm_columns: list[int] = []


def read_layout(text: str, rules: RuleSet) -> tuple[Layout, tuple[int, ...]]:
    """Read the layout form like :meth:`Layout.parse`, and say which doubles written
    without ``*`` were read as spinners (their pips): the pack's rules decide
    (``rules.spinner.doubles``: the only double, or the only one with arms, where only
    the first double spins; every double where every double spins)."""
    parser = _Parser(text, rules)
    layout = parser.parse()
    return layout, tuple(parser.inferred)


class _Parser:
    def __init__(self, text: str, rules: RuleSet) -> None:
        self.text = text
        self.clean = ascii_digits(text)
        self.rules = rules
        self.index = 0
        self.depth = 0  # arms inside arms: each needs a spinner, a double of its own
        self.inferred: list[int] = []  # pips of doubles read as spinners without a '*'

    def fail(self, template: str, column: int, **params: object) -> NoReturn:
        raise NotationError(template, text=self.text, column=column, **params)

    def skip_space(self) -> None:
        while self.index < len(self.clean) and self.clean[self.index] in " \t,":
            self.index += 1

    def parse(self) -> Layout:
        self.skip_space()
        if self.clean.strip(" \t,") == "-":
            return Layout()
        if self.index >= len(self.clean):
            self.fail(N_("empty layout: write the tiles on the table, or - for the empty table"), 1)
        raw = self.chain(top=True)
        spinners = self.decide_spinners(raw)
        seen: dict[Tile, int] = {}
        line = self.orient(raw, None, seen, spinners)
        self.check_arms(line, raw)
        return Layout(line)

    def chain(self, top: bool) -> list[_Raw]:
        nodes: list[_Raw] = []
        while True:
            self.skip_space()
            if self.index >= len(self.clean):
                if not top:
                    self.fail(N_("a '(' is not closed"), len(self.clean) + 1)
                break
            char = self.clean[self.index]
            if char == ")":
                if top:
                    self.fail(N_("a ')' without its '('"), self.index + 1)
                break
            if char == "(":
                self.fail(N_("'(' must follow a spinner: its arms are written right after it"), self.index + 1)
            if char == "*":
                self.fail(N_("'*' must follow a double: it marks the spinner"), self.index + 1)
            nodes.append(self.node())
        if not nodes:
            self.fail(N_("an arm in parentheses needs at least one tile"), self.index + 1)
        return nodes

    def node(self) -> _Raw:
        start = self.index
        while self.index < len(self.clean) and self.clean[self.index] not in " \t,()*":
            self.index += 1
        token = self.text[start:self.index]
        tile = parse_tile(token, self.rules.max_pips, column=start + 1, whole=self.text)
        halves = ascii_digits(token).strip("[]").replace("-", "|").split("|")
        a, b = (int(halves[0]), int(halves[1])) if len(halves) == 2 else (tile.high, tile.low)
        star = self.index < len(self.clean) and self.clean[self.index] == "*"
        if star:
            if a != b:
                self.fail(N_("'*' marks a spinner, and {tile} is not a double"), self.index + 1, tile=str(tile))
            self.index += 1
        raw = _Raw(a, b, start + 1, star)
        while True:
            mark = self.index
            self.skip_space()
            if self.index < len(self.clean) and self.clean[self.index] == "(":
                if self.depth > self.rules.max_pips:  # bounds the recursion too
                    self.fail(N_("arms nest deeper than the {count} doubles of the set allow"), self.index + 1,
                              count=self.rules.max_pips + 1)
                raw.arm_columns.append(self.index + 1)
                self.index += 1
                self.depth += 1
                raw.arms.append(self.chain(top=False))
                self.depth -= 1
                self.index += 1  # the ')'
            else:
                self.index = mark
                break
        return raw

    def decide_spinners(self, raw: list[_Raw]) -> set[int]:
        """The ids of the raw nodes that are spinners, per ``rules.spinner.doubles``."""
        doubles = [node for node in _raw_walk(raw) if node.a == node.b]
        starred = [node for node in doubles if node.star]
        rule = self.rules.spinner.doubles
        if rule == "none":
            if starred:
                self.fail(N_("this rule pack has no spinners: remove the *"), starred[0].column)
            return set()
        if rule == "every":
            self.inferred = [node.a for node in doubles if not node.star]
            return {id(node) for node in doubles}
        if len(starred) > 1:
            self.fail(N_("this rule pack has only one spinner (the first double)"), starred[1].column)
        if starred:
            return {id(starred[0])}
        with_arms = [node for node in doubles if node.arms]
        if len(doubles) > 1 and len(with_arms) == 1:
            doubles = with_arms  # only a spinner takes tiles on its ends
        if len(doubles) > 1:
            self.fail(N_("several doubles and no spinner marked: mark the first double played with *"), doubles[1].column)
        self.inferred = [node.a for node in doubles]
        return {id(node) for node in doubles}

    def orient(self, raw: list[_Raw], inner: int | None, seen: dict[Tile, int],
               spinners: set[int]) -> tuple[Placed, ...]:
        placed: list[Placed] = []
        for _position, node in enumerate(raw):
            tile = Tile(node.a, node.b)
            if tile in seen:
                self.fail(N_("{tile} is on the table twice"), node.column, tile=str(tile))
            seen[tile] = node.column
            a, b = node.a, node.b
            previous = placed[-1].far if placed else inner
            if previous is None:
                if len(raw) > 1 and b not in (raw[1].a, raw[1].b) and a in (raw[1].a, raw[1].b):
                    a, b = b, a
            elif a != previous:
                if b != previous:
                    self.fail(N_("{tile} does not match the tile before it, which shows {pips}"), node.column,
                              tile=str(tile), pips=previous)
                a, b = b, a
            is_spinner = id(node) in spinners
            if node.arms and not is_spinner:
                self.fail(N_("only a spinner takes tiles on its ends, and {tile} is not one"), node.arm_columns[0], tile=str(tile))
            if len(node.arms) > 2:
                self.fail(N_("a spinner has two ends: at most two arms in parentheses"), node.arm_columns[2])
            arms = tuple(self.orient(arm, a, seen, spinners) for arm in node.arms)
            placed.append(Placed(a, b, is_spinner, arms))
        return tuple(placed)

    def check_arms(self, line: tuple[Placed, ...], raw: list[_Raw]) -> None:
        columns = {}
        for node, raw_node in zip(_walk(line), _raw_walk(raw)):
            columns[id(node)] = raw_node.arm_columns[0] if raw_node.arm_columns else raw_node.column
        for _, node, both_sides in _spinners(line):
            if not node.arms:
                continue
            if len(line) == 1:
                self.fail(N_("a tile on a lone spinner goes on its side: write it in the line, not in parentheses"), columns[id(node)])
            if self.rules.spinner.arms_open == "after_sides" and not both_sides:
                self.fail(N_("under this rule pack the spinner's arms open only after both its sides hold a tile"), columns[id(node)])


def _raw_walk(raw: list[_Raw]) -> Iterator[_Raw]:
    for node in raw:
        yield node
        for arm in node.arms:
            yield from _raw_walk(arm)
