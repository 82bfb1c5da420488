"""The fast hand loop: whole hands played with integer tiles and precomputed tables
(pure, seeded). It gives exactly the plays, draws, passes and scores of the game state
machine (:mod:`fives_tutor.core.game`) on the same seeds, several times faster; the
simulator, the duels and the engine's playouts run on it.

Representation (built once per pack by :func:`tables`):

* a tile is its index in :func:`fives_tutor.core.tiles.domino_set` (0 is the heaviest
  double); a hand is a list of indexes in the order the tiles came (the order the game
  lists its options in) and a bit mask (bit ``t`` set when tile ``t`` is held);
* an open end is the integer ``pips * 4 + kind`` (:class:`fives_tutor.core.position.EndKind`);
  the ends are a list in the order of :class:`~fives_tutor.core.position.Position`, and
  the open-end total is kept up to date by adding each play's change;
* ``fit[end][tile]`` is the change of the total when ``tile`` goes on ``end``, or None
  when it does not fit; ``points[total]`` the points of a total.

Every rule decision reads the same pack parameters as the game (``rules.spinner.*``,
``rules.turn.*``, ``rules.lead.*``, ``rules.hand_end.*`` through
:func:`fives_tutor.core.game.hand_result`, ``rules.match.*``).

>>> from fives_tutor import load_rules
>>> from fives_tutor.study.simulate import play_match
>>> rules = load_rules("dominos-cc")
>>> play_match(rules, 2, 1, 0) == play_match(rules, 2, 1, 0, fast=False)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeAlias

from ..core.game import HandResult, hand_result, lead_rank, low_lead_rank, sides_for
from ..core.position import EndKind, Position, end
from ..core.rules import RuleSet
from ..core.tiles import Tile, domino_set

PLAIN, DOUBLE, SPINNER, ARM = 0, 1, 2, 3
_FACTOR = (1, 2, 2, 0)

#: a tile as its index in the pack's set (:attr:`Tables.tiles`)
TileIndex: TypeAlias = int
#: an open end as ``pips * 4 + kind``
EndCode: TypeAlias = int
#: a set as a bit mask: of tiles (bit ``t`` for tile index ``t``) or of numbers (bit ``n``)
Mask: TypeAlias = int
#: a legal play as :func:`options` lists it: ``(tile, end index, points, total after)``
#: (end index -1: the lead)
Option: TypeAlias = tuple[TileIndex, int, int, int]
#: a play to make: ``(tile, end index, points)``, or an :data:`Option` (its first three)
Move: TypeAlias = tuple[TileIndex, int, int] | Option
#: a row of :attr:`Tables.fit` (one per end code): for each tile the change of the total,
#: an int, or None where the tile does not fit. Typed Any on purpose: the hot loops read
#: only the entries that ``fitmask`` says fit, and a check or a cast (a call) per read
#: would slow them; the two places that test for None do it themselves.
FitRow: TypeAlias = tuple[Any, ...]
#: what :func:`fives_tutor.core.game.hand_result` is remembered by: (kind, sides, pips, tile
#: counts, domino player)
ResultKey: TypeAlias = tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...], int | None]


class Step(NamedTuple):
    """An event of a hand with what the table showed just before it: ``kind`` (``play``,
    ``draw`` or ``pass``), the ``player`` (a seat), the ``tile`` of a play, the numbers
    ``open``, the ``count`` of a draw, and for a play the ``ends`` (end codes), whether a
    single tile lay on the table (``lone``) and the ``index`` of the end it went on (-1:
    the lead, or not known). :func:`run` records them (``FastHand.steps``) and
    :func:`fives_tutor.engine.replay.replay` reads them from a history; the inference
    (:mod:`fives_tutor.engine.history`, :mod:`fives_tutor.engine.styles`) reads them."""

    kind: str
    player: int
    tile: Tile | None
    open: frozenset[int]
    # count and index shadow the tuple methods of the same names, as NamedTuple allows;
    # mypy objects to any field so named, and they are the names the history has always used
    count: int = 0  # type: ignore[assignment]
    ends: tuple[EndCode, ...] = ()
    lone: bool = False
    index: int = -1  # type: ignore[assignment]


class Tables(NamedTuple):
    """Precomputed facts of one pack (see the module docstring).

    ``tiles[t]`` is the :class:`Tile` of index ``t``; ``high``, ``low``; ``key[t]``
    orders tiles as the greedy player breaks ties (more pips, then the higher half);
    ``weight[t]`` the pips the tile counts left in a hand (``rules.hand_end.double_in_hand``);
    ``numbers[t]`` the bit mask of its halves; ``index`` maps a Tile to its index;
    ``fit[end]`` (a list per end code) the change of the total, or None;
    ``fitmask[end]`` the tiles that fit that end, as a bit mask; ``points[total]``;
    ``lead_points[t]`` what leading ``t`` scores (``rules.lead.scores``); ``results``
    remembers hand results; ``lead_order`` the tiles from the one that must lead first
    under ``highest_double``, ``low_order`` under ``lowest_double``; ``suit[n]`` the tiles
    with a half of ``n`` pips, as a bit mask; ``full`` the whole set.
    """

    rules: RuleSet
    size: int
    tiles: tuple[Tile, ...]
    # shadows tuple.index, as NamedTuple allows (mypy objects to the name; callers use it)
    index: dict[Tile, TileIndex]  # type: ignore[assignment]
    high: tuple[int, ...]
    low: tuple[int, ...]
    key: tuple[int, ...]
    weight: tuple[int, ...]
    numbers: tuple[Mask, ...]
    fit: tuple[FitRow, ...]
    fitmask: tuple[Mask, ...]
    points: tuple[int, ...]
    lead_points: tuple[int, ...]
    every: bool
    first: bool
    at_once: bool
    results: dict[ResultKey, HandResult]
    lead_order: tuple[TileIndex, ...]
    suit: tuple[Mask, ...]
    full: Mask
    low_order: tuple[TileIndex, ...] = ()


_TABLES: dict[int, Tables] = {}


def tables(rules: RuleSet) -> Tables:
    """The :class:`Tables` of ``rules`` (built once per pack object and cached)."""
    found = _TABLES.get(id(rules))
    if found is None or found.rules is not rules:
        if len(_TABLES) > 64:
            _TABLES.clear()
        found = _TABLES[id(rules)] = _build(rules)
    return found


def _build(rules: RuleSet) -> Tables:
    tiles = domino_set(rules.max_pips)
    size = len(tiles)
    high = tuple(t[0] for t in tiles)
    low = tuple(t[1] for t in tiles)
    key = tuple(64 * (h + l) + h for h, l in zip(high, low))
    one_half = rules.hand_end.double_in_hand == "one_half"
    weight = tuple(h if (h == l and one_half) else h + l for h, l in zip(high, low))
    numbers = tuple((1 << h) | (1 << l) for h, l in zip(high, low))
    most = 2 * rules.max_pips * (4 + 2 * (rules.max_pips + 1)) + 1
    points_for = rules.scoring.points_for
    points = tuple(points_for(total) for total in range(most))
    fit: list[FitRow] = []
    fitmask: list[Mask] = []
    for code in range(4 * (rules.max_pips + 1)):
        pips, kind = divmod(code, 4)
        row: list[int | None] = []
        mask = 0
        for t in range(size):
            h, l = high[t], low[t]
            if pips != h and pips != l:
                row.append(None)
                continue
            far = h + l - pips
            row.append((2 * far if h == l else far) - pips * _FACTOR[kind])
            mask |= 1 << t
        fit.append(tuple(row))
        fitmask.append(mask)
    lone_half = rules.spinner.lone_counts == "one_half"
    lead_points = tuple(
        (points[(h if lone_half else 2 * h) if h == l else h + l] if rules.lead.scores else 0)
        for h, l in zip(high, low))
    return Tables(rules, size, tiles, {t: i for i, t in enumerate(tiles)}, high, low, key, weight, numbers,
                  tuple(fit), tuple(fitmask), points, lead_points, rules.spinner.doubles == "every",
                  rules.spinner.doubles == "first", rules.spinner.arms_open == "at_once", {}, _lead_order(tiles),
                  tuple(sum(1 << t for t in range(size) if pips in (high[t], low[t])) for pips in range(rules.max_pips + 1)),
                  (1 << size) - 1, _low_order(tiles))


def _lead_order(tiles: Sequence[Tile]) -> tuple[TileIndex, ...]:
    """Tile indexes from the one that leads first under ``highest_double``
    (:func:`fives_tutor.core.game.lead_rank`)."""
    return tuple(sorted(range(len(tiles)), key=lambda t: lead_rank(tiles[t]), reverse=True))


def _low_order(tiles: Sequence[Tile]) -> tuple[TileIndex, ...]:
    """Tile indexes from the one that leads first under ``lowest_double``
    (:func:`fives_tutor.core.game.low_lead_rank`)."""
    return tuple(sorted(range(len(tiles)), key=lambda t: low_lead_rank(tiles[t])))


def position_codes(position: Position) -> list[EndCode]:
    """The ends of a :class:`~fives_tutor.core.position.Position` as end codes."""
    return [e.pips * 4 + int(e.kind) for e in position.ends]


def codes_position(ends: Sequence[EndCode], lone: bool) -> Position:
    """The :class:`~fives_tutor.core.position.Position` of end codes (for showing and checking)."""
    return Position(tuple(end(EndKind(c & 3), c >> 2) for c in ends), lone)


class Board:
    """The match score during a hand: ``scores`` by side, the ``target``, whether the
    target must be reached exactly (``exact``: then the play that goes out and the points
    for going out are one score), what a score that would pass it does (``bounce``: it
    bounces back by the excess; otherwise it is refused; pack key ``rules.match.overshoot``)
    and the ``winner``."""

    __slots__ = ("scores", "target", "exact", "bounce", "winner")
    scores: list[int]
    target: int
    exact: bool
    bounce: bool
    winner: int | None

    def __init__(self, rules: RuleSet, players: int, scores: Sequence[int]) -> None:
        self.scores = list(scores)
        self.target = rules.match.target[players]
        self.exact = rules.match.exact
        self.bounce = rules.match.overshoot == "bounce"
        self.winner = None

    def change(self, score: int, points: int) -> int:
        """How a side's ``score`` would change if it made ``points`` (0 when refused,
        negative when it bounces back below where it was), as
        :meth:`fives_tutor.core.game.Scoreboard.take` scores it; nothing is taken."""
        if points <= 0:
            return 0
        after = score + points
        if self.exact and after > self.target:
            return max(0, 2 * self.target - after) - score if self.bounce else 0
        return points

    def take(self, side: int, points: int) -> int:
        """Add ``points`` to ``side`` as :meth:`fives_tutor.core.game.Scoreboard.take` does;
        returns the change of its score."""
        if points <= 0 or self.winner is not None:
            return 0
        change = self.change(self.scores[side], points)
        score = self.scores[side] = self.scores[side] + change
        if score >= self.target:
            self.winner = side
        return change

    def take_together(self, side: int, play_points: int, award: int) -> tuple[int, int]:
        """The play that went out and its side's award as one score, split into
        ``(play part, end part)`` as :meth:`fives_tutor.core.game.Scoreboard.take_together` does."""
        whole = play_points + award
        change = self.take(side, whole)
        if change == whole:
            return play_points, award
        return change, 0


class FastHand:
    """One hand under way, in the fast representation.

    ``hands[p]`` lists player p's tile indexes, ``masks[p]`` the same as a bit mask;
    ``boneyard`` (drawn from its end; ``reserve`` tiles are never drawn); ``ends`` the
    end codes, ``lone`` a single tile on the table, ``total`` the open-end total in
    pips; ``table`` the tiles on the table (a bit mask); ``turn``; ``passes`` in a row;
    ``double_played``; ``lead_tile`` the index of
    the tile that must lead (-1: any); ``voids[p]`` the bit mask of numbers player p
    has shown they cannot hold (they drew or passed with them open; a draw resets
    what older passes showed); ``sides``; ``made`` the points of each play, in order;
    ``credited`` what each play's side actually took (after the exact-target rule);
    ``board`` the match's :class:`Board` while :func:`run` plays with one; ``steps``
    None, or a list to which :func:`run` adds a :class:`Step`
    per event (for players that read the history); ``record`` None, or a list of every
    play ``(player, tile, end index, total, points)``.
    """

    __slots__ = ("tb", "players", "sides", "hands", "masks", "boneyard", "reserve", "ends", "lone", "total",
                 "turn", "passes", "double_played", "leader", "lead_tile", "voids", "made", "credited",
                 "kind", "domino_player", "result", "record", "at_end", "table", "board", "steps",
                 "pending")
    tb: Tables
    players: int
    sides: tuple[int, ...]
    hands: list[list[TileIndex]]
    masks: list[Mask]
    boneyard: list[TileIndex]
    reserve: int
    ends: list[EndCode]
    lone: bool
    total: int
    turn: int
    passes: int
    double_played: bool
    leader: int
    lead_tile: TileIndex
    voids: list[Mask]
    made: list[int]
    credited: list[int]
    kind: str | None
    domino_player: int | None
    result: HandResult | None
    record: list[tuple[int, TileIndex, int, int, int]] | None
    at_end: tuple[int, ...]
    table: Mask
    board: Board | None
    steps: list[Step] | None
    #: under an exact target, the play that went out waiting for the hand's award:
    #: (side, points, its index in ``credited``)
    pending: tuple[int, int, int] | None

    def __init__(self, tb: Tables, hands: list[list[TileIndex]], boneyard: list[TileIndex], leader: int,
                 lead_tile: TileIndex = -1, sides: Sequence[int] | None = None) -> None:
        self.tb = tb
        self.players = len(hands)
        self.sides = tuple(sides) if sides is not None else tuple(range(self.players))
        self.hands = hands
        masks: list[Mask] = []
        held = len(boneyard)
        for tiles in hands:
            mask = 0
            for t in tiles:
                mask |= 1 << t
            masks.append(mask)
            held += len(tiles)
        self.masks = masks
        self.boneyard = boneyard
        table = 0  # the tiles on the table: neither in a hand nor in the boneyard
        if held < tb.size:
            table = tb.full
            for mask in masks:
                table &= ~mask
            for t in boneyard:
                table &= ~(1 << t)
        self.table = table
        self.board = None
        self.steps = None
        self.pending = None
        self.reserve = tb.rules.turn.boneyard_reserve
        self.ends = []
        self.lone = False
        self.total = 0
        self.turn = leader
        self.leader = leader
        self.passes = 0
        self.double_played = False
        self.lead_tile = lead_tile
        self.voids = [0] * self.players
        self.made = []
        self.credited = []
        self.kind = None
        self.domino_player = None
        self.result = None
        self.record = None
        self.at_end = ()

    @classmethod
    def resume(cls, tb: Tables, hands: list[list[TileIndex]], boneyard: list[TileIndex], ends: Sequence[EndCode],
               lone: bool, turn: int, sides: Sequence[int] | None = None, double_played: bool = False,
               passes: int = 0, voids: Sequence[Mask] | None = None) -> FastHand:
        """A hand under way: ``ends`` (codes) on the table, ``turn`` to move."""
        hand = cls(tb, hands, boneyard, turn, -1, sides)
        hand.ends = list(ends)
        hand.lone = lone
        hand.total = open_total(tb, hand.ends, lone)
        hand.double_played = double_played
        hand.passes = passes
        if voids is not None:
            hand.voids = list(voids)
        return hand

    def copy(self) -> FastHand:
        """An independent copy (lists copied) to play out."""
        other = FastHand.__new__(FastHand)
        other.tb = self.tb
        other.players = self.players
        other.sides = self.sides
        other.hands = [list(h) for h in self.hands]
        other.masks = list(self.masks)
        other.boneyard = list(self.boneyard)
        other.reserve = self.reserve
        other.ends = list(self.ends)
        other.lone = self.lone
        other.total = self.total
        other.turn = self.turn
        other.leader = self.leader
        other.passes = self.passes
        other.double_played = self.double_played
        other.lead_tile = self.lead_tile
        other.voids = list(self.voids)
        other.made = []
        other.credited = []
        other.kind = None
        other.domino_player = None
        other.result = None
        other.record = None
        other.at_end = ()
        other.table = self.table
        other.board = self.board
        other.steps = None
        other.pending = None
        return other

    @property
    def open_numbers(self) -> Mask:
        """The bit mask of the numbers open for play."""
        mask = 0
        for code in self.ends:
            mask |= 1 << (code >> 2)
        return mask

    def options(self, player: int | None = None) -> list[Option]:
        """Legal plays of ``player`` (default: whose turn it is), in the order the game
        lists them: ``(tile, end index, points, total after)``; the lead has index -1."""
        return options(self, self.turn if player is None else player)

    def position(self) -> Position:
        """The :class:`~fives_tutor.core.position.Position` on the table."""
        return codes_position(self.ends, self.lone)


def open_total(tb: Tables, ends: Sequence[EndCode], lone: bool) -> int:
    """The open-end total, in pips, of the end codes ``ends`` (``lone``: a single tile on
    the table, whose lone double counts half where ``rules.spinner.lone_counts`` says so)."""
    if lone and len(ends) == 1 and tb.rules.spinner.lone_counts == "one_half":
        return ends[0] >> 2
    return sum((c >> 2) * _FACTOR[c & 3] for c in ends)


def options(hand: FastHand, player: int) -> list[Option]:
    """The legal plays of ``player`` as ``(tile, end index, points, total after)`` in the
    order of :meth:`fives_tutor.core.game.Hand.options` (tiles in hand order, ends in order,
    one play per kind of end)."""
    tb = hand.tb
    tiles = hand.hands[player]
    ends = hand.ends
    if not ends:
        lead_points = tb.lead_points
        if hand.lead_tile >= 0:
            t = hand.lead_tile
            return [(t, -1, lead_points[t], _lead_total(tb, t))]
        return [(t, -1, lead_points[t], _lead_total(tb, t)) for t in tiles]
    points = tb.points
    result = []
    if hand.lone:
        high, low = tb.high, tb.low
        for t in tiles:
            h, l = high[t], low[t]
            seen = -1
            for index, code in enumerate(ends):
                matched = code >> 2
                if (matched != h and matched != l) or code == seen:
                    continue
                seen = code
                far = h + l - matched
                added = 2 * far if h == l else far
                after = added + 2 * matched if len(ends) == 1 else (ends[1 - index] >> 2) + added
                result.append((t, index, points[after], after))
        return result
    fit = tb.fit
    total = hand.total
    distinct = _distinct(ends)
    numbers = tb.numbers
    open_mask = 0
    for code in ends:
        open_mask |= 1 << (code >> 2)
    for t in tiles:
        if not numbers[t] & open_mask:
            continue
        for index in distinct:
            change = fit[ends[index]][t]
            if change is not None:
                after = total + change
                result.append((t, index, points[after], after))
    return result


def _lead_total(tb: Tables, t: int) -> int:
    h, l = tb.high[t], tb.low[t]
    if h == l:
        return h if tb.rules.spinner.lone_counts == "one_half" else 2 * h
    return h + l


def _distinct(ends: Sequence[EndCode]) -> list[int]:
    """Indexes of the first end of each kind (code) in ``ends``."""
    seen: list[EndCode] = []
    result = []
    for index, code in enumerate(ends):
        if code not in seen:
            seen.append(code)
            result.append(index)
    return result


def place_codes(tb: Tables, ends: Sequence[EndCode], lone: bool, total: int, t: TileIndex, index: int,
                double_played: bool) -> tuple[list[EndCode], int]:
    """The ends (a new list) and the open-end total after tile ``t`` goes on end ``index``
    (-1: the lead) of ``ends``, as :func:`fives_tutor.core.position.place` places it (pack keys
    ``rules.spinner.*``); ``total`` is the total before. The new position is lone only
    after the lead."""
    h, l = tb.high[t], tb.low[t]
    double = h == l
    spins = double and (tb.every or (tb.first and not double_played))
    if not ends:
        return ([h * 4 + (SPINNER if spins else DOUBLE)] if double else [h * 4, l * 4]), _lead_total(tb, t)
    target = ends[index]
    matched = target >> 2
    far = h + l - matched
    new = far * 4 + ((SPINNER if spins else DOUBLE) if double else PLAIN)
    if lone:
        if len(ends) == 1:
            after = [new, target]
            if target & 3 == SPINNER and tb.at_once:
                after += [matched * 4 + ARM, matched * 4 + ARM]
        else:
            after = [ends[1 - index], new]
        total = open_total(tb, after, False)
    else:
        total += tb.fit[target][t]
        after = list(ends)
        after[index] = new
        if target & 3 == SPINNER and not tb.at_once and target not in after:
            after += [matched * 4 + ARM, matched * 4 + ARM]
    if new & 3 == SPINNER and tb.at_once:
        after += [far * 4 + ARM, far * 4 + ARM]
    return after, total


def play(hand: FastHand, t: int, index: int) -> int:
    """The player to move plays tile ``t`` on end ``index`` (-1: the lead); returns the
    points it made. The move must be legal (see :func:`options`); nothing is checked."""
    tb = hand.tb
    player = hand.turn
    ends = hand.ends
    h, l = tb.high[t], tb.low[t]
    double = h == l
    target = ends[index] if ends else 0
    if ends and not hand.lone and not double and (tb.at_once or target & 3 != SPINNER):
        # the commonest play: a tile that is not a double on an end that opens no arm
        total: int = hand.total + tb.fit[target][t]
        ends[index] = (h + l - (target >> 2)) * 4
        points = tb.points[total]
    else:
        lead = not ends
        hand.ends, total = place_codes(tb, ends, hand.lone, hand.total, t, index, hand.double_played)
        hand.lone = lead
        points = tb.lead_points[t] if lead else tb.points[total]
    hand.total = total
    hand.hands[player].remove(t)
    hand.masks[player] ^= 1 << t
    hand.table |= 1 << t
    if double:
        hand.double_played = True
    hand.passes = 0
    hand.made.append(points)
    if hand.record is not None:
        hand.record.append((player, t, index, total, points))
    if not hand.masks[player]:
        hand.kind = "domino"
        hand.domino_player = player
    else:
        hand.turn = (player + 1) % hand.players
    return points


def credited(hand: FastHand, player: int, points: int) -> int:
    """The points ``player``'s side is credited for a play that makes ``points`` now: with
    the match board of ``hand`` (``hand.board``) under an exact target, what
    ``rules.match.overshoot`` makes of a score that would pass it (0 when refused, less
    than 0 when it bounces back: :meth:`Board.change`); otherwise ``points``."""
    board = hand.board
    if board is None or not board.exact or points <= 0:
        return points
    return board.change(board.scores[hand.sides[player]], points)


def greedy_choice(hand: FastHand, player: int) -> tuple[int, int, int] | None:
    """The greedy player's play ``(tile, end index, points)`` (most points as the match
    credits them, :func:`credited`, then the heavier tile: :func:`fives_tutor.study.simulate.greedy`),
    or None when no tile fits."""
    ends = hand.ends
    tb = hand.tb
    board = hand.board
    if not ends or hand.lone or (board is not None and board.exact):
        best = None
        top = (0, 0)
        for option in options(hand, player):
            ranking = (credited(hand, player, option[2]), tb.key[option[0]])
            if best is None or ranking > top:
                best, top = option, ranking
        return None if best is None else best[:3]
    mask = hand.masks[player]
    fit, fitmask, points, key = tb.fit, tb.fitmask, tb.points, tb.key
    total = hand.total
    best_key = -1
    best_t = best_i = 0
    seen = []
    for index in range(len(ends)):
        code = ends[index]
        if code in seen:
            continue
        seen.append(code)
        bits = mask & fitmask[code]
        if not bits:
            continue
        row = fit[code]
        while bits:
            bit = bits & -bits
            bits ^= bit
            t = bit.bit_length() - 1
            k = points[total + row[t]] * 4096 + key[t]
            if k > best_key:
                best_key, best_t, best_i = k, t, index
    if best_key < 0:
        return None
    return best_t, best_i, best_key >> 12


#: a player of the fast loop: given the hand, the legal options of the player to move
#: (:data:`Option`, at least two) and the players' generator (None: the caller gave
#: none), returns one of the options
Policy: TypeAlias = Callable[[FastHand, list[Option], random.Random | None], Option]


def run(hand: FastHand, policy: Policy | None = None, rng: random.Random | None = None,
        board: Board | None = None) -> FastHand:
    """Play ``hand`` to its end (a domino or a block), or until ``board`` has a winner.

    ``policy`` None plays greedily (:func:`greedy_choice`); a policy is called only when
    there is a choice. Each player who cannot play draws until a tile fits
    (``rules.turn.draw``: ``until_playable``; ``one``: a single tile; ``none``: never),
    or passes. With a ``board`` every play's points (and the hand-end award) are taken
    as :class:`fives_tutor.core.game.Match` takes them. Sets ``hand.kind`` (``domino``,
    ``blocked`` or None when the match was won before the hand ended), ``hand.result``
    (:class:`fives_tutor.core.game.HandResult`, None when the hand did not end) and
    ``hand.at_end`` (what each winning side took at the end of the hand).
    """
    tb = hand.tb
    rules = tb.rules
    hand.board = board
    draw_rule = rules.turn.draw
    may_draw = draw_rule != "none"
    only_one = draw_rule == "one"
    draws_show = not rules.turn.draw_while_able
    reserve = hand.reserve
    boneyard = hand.boneyard
    hands, masks, voids, made = hand.hands, hand.masks, hand.voids, hand.made
    players = hand.players
    sides = hand.sides
    fit, fitmask, points_of, key, high, low = tb.fit, tb.fitmask, tb.points, tb.key, tb.high, tb.low
    numbers = tb.numbers
    simple_spinner, every, first = tb.at_once, tb.every, tb.first
    following = [(p + 1) % players for p in range(players)]
    steps = hand.steps
    exact = board is not None and board.exact  # a score may be refused: greedy asks greedy_choice
    inline = policy is None and hand.record is None and steps is None and not exact
    while hand.kind is None:
        player = hand.turn
        ends = hand.ends
        move: Move | None
        if inline and ends and not hand.lone:
            # greedy plays inline, the state in local variables, until a play needs the
            # general code (a new spinner, a draw or a pass): the simulator's hot loop
            total = hand.total
            table = hand.table
            credited = hand.credited
            move = None
            while True:
                mask = masks[player]
                best_key = -1
                best_t = best_i = 0
                # an end repeated (two empty arms) offers the same plays again: their keys tie
                # and the first end's play is kept, as the game lists one play per kind of end
                for index, code in enumerate(ends):
                    bits = mask & fitmask[code]
                    if not bits:
                        continue
                    row = fit[code]
                    while bits:
                        bit = bits & -bits
                        bits ^= bit
                        t = bit.bit_length() - 1
                        k = points_of[total + row[t]] * 4096 + key[t]
                        if k > best_key:
                            best_key, best_t, best_i = k, t, index
                if best_key < 0:
                    break
                t = best_t
                target = ends[best_i]
                h, l = high[t], low[t]
                if h != l:
                    new_end = (h + l - (target >> 2)) * 4
                elif not (every or (first and not hand.double_played)):
                    new_end = h * 4 + DOUBLE
                else:
                    new_end = -1  # a new spinner: its arms may open
                if new_end < 0 or not (simple_spinner or target & 3 != SPINNER):
                    move = (t, best_i, best_key >> 12)
                    break
                if h == l:
                    hand.double_played = True
                ends[best_i] = new_end
                total += fit[target][t]
                points = best_key >> 12
                hands[player].remove(t)
                mask ^= 1 << t
                masks[player] = mask
                table |= 1 << t
                made.append(points)
                hand.passes = 0
                if not mask:
                    hand.kind = "domino"
                    hand.domino_player = player
                if board is not None:
                    if points or not mask:
                        hand.total, hand.table, hand.turn = total, table, player
                        if take(hand, board, sides[player], points):
                            return hand
                    else:
                        credited.append(0)
                if not mask:
                    break
                player = following[player]
            hand.total, hand.table, hand.turn = total, table, player
            if hand.kind is not None:
                break
            if move is not None:
                points = play(hand, move[0], move[1])
                if board is not None and take(hand, board, sides[player], points):
                    return hand
                continue
        elif policy is None:
            move = greedy_choice(hand, player)
        else:
            found = options(hand, player)
            if found:
                move = found[0] if len(found) == 1 else policy(hand, found, rng)
            else:
                move = None
        if move is None and may_draw and ends:
            open_mask = hand.open_numbers
            drew = False
            while len(boneyard) > reserve:
                t = boneyard.pop()
                hands[player].append(t)
                masks[player] |= 1 << t
                drew = True
                if steps is not None:
                    steps.append(Step("draw", player, None, _open(ends), 1))
                if policy is None:
                    if hand.lone or exact:
                        move = greedy_choice(hand, player)
                    elif numbers[t] & open_mask:
                        # only the tile just drawn can fit: its best end, the first on a tie
                        total = hand.total
                        best_points = -1
                        for index in range(len(ends)):
                            change = fit[ends[index]][t]
                            if change is not None and points_of[total + change] > best_points:
                                best_points, best_i = points_of[total + change], index
                        move = (t, best_i, best_points)
                else:
                    found = options(hand, player)
                    if found:
                        move = found[0] if len(found) == 1 else policy(hand, found, rng)
                if move is not None or only_one:
                    break
            if drew and draws_show:
                voids[player] = open_mask  # the tiles drawn past had none of them; older voids may be back
        if move is None:
            voids[player] |= hand.open_numbers
            if steps is not None:
                steps.append(Step("pass", player, None, _open(ends)))
            hand.passes += 1
            if hand.passes >= players:
                hand.kind = "blocked"
                break
            hand.turn = (player + 1) % players
            continue
        if steps is not None:
            steps.append(Step("play", player, tb.tiles[move[0]], _open(ends), 0, tuple(ends), hand.lone, move[1]))
        points = play(hand, move[0], move[1])
        if board is not None and take(hand, board, sides[player], points):
            return hand
    settle(hand, board)
    return hand


def _open(ends: Sequence[EndCode]) -> frozenset[int]:
    return frozenset(code >> 2 for code in ends)


def settle(hand: FastHand, board: Board | None) -> None:
    """A hand that has ended (``hand.kind`` set): its result, and with a ``board`` the
    winners' award taken (``hand.at_end``). Under an exact target the play that went
    out and the award of its side are one score, refused together if it would pass the
    target (pagat's Fives and Threes; :class:`fives_tutor.core.game.Match`). Raises
    ValueError for a hand that has not ended."""
    if hand.kind is None:
        raise ValueError("the hand has not ended")
    result = _finish(hand, hand.kind)
    if board is not None:
        taken = []
        pending = hand.pending
        for side, points in zip(result.winners, result.points):
            if pending is not None and side == pending[0]:
                play_part, end_part = board.take_together(side, pending[1], points)
                hand.credited[pending[2]] = play_part
                taken.append(end_part)
                pending = None
            else:
                taken.append(board.take(side, points))
        hand.pending = None
        hand.at_end = tuple(taken)


def end_label(ends: Sequence[EndCode], lone: bool, index: int) -> str:
    """End ``index`` of ``ends`` written as the ends form writes it for a play's ``@END``
    (the pips of a side of a lone lead; a lone double whole)."""
    code = ends[index]
    pips, kind = code >> 2, code & 3
    if lone:
        return str(pips) if len(ends) == 2 else (f"{pips}|{pips}*" if kind == SPINNER else f"{pips}|{pips}")
    return ("{0}", "{0}|{0}", "{0}|{0}*", "{0}*")[kind].format(pips)


def take(hand: FastHand, board: Board, side: int, points: int) -> bool:
    """The points of the play just made taken by ``side``, the side of the player who made
    it (see :func:`run`); under an exact target the play that goes out waits for the
    hand's award (:func:`settle`). True when the match is won."""
    if hand.kind == "domino" and board.exact:
        hand.pending = (side, points, len(hand.credited))
        hand.credited.append(0)
        return False
    hand.credited.append(board.take(side, points))
    if board.winner is None:
        return False
    if hand.kind is not None:  # the winning play also ended the hand
        _finish(hand, hand.kind)
    return True


def _finish(hand: FastHand, kind: str) -> HandResult:
    """The result of ``hand``, which ended by ``kind`` (``domino`` or ``blocked``), kept in
    ``hand.result``."""
    weight = hand.tb.weight.__getitem__
    pips = tuple(sum(map(weight, tiles)) for tiles in hand.hands)
    counts = tuple(len(tiles) for tiles in hand.hands)
    result = hand.result = result_of(hand.tb, kind, hand.sides, pips, counts, hand.domino_player)
    return result


def result_of(tb: Tables, kind: str, sides: tuple[int, ...], pips: tuple[int, ...], counts: tuple[int, ...],
              domino_player: int | None) -> HandResult:
    """:func:`fives_tutor.core.game.hand_result`, remembered per pack (hands end alike often)."""
    key = (kind, sides, pips, counts, domino_player)
    cache = tb.results
    found = cache.get(key)
    if found is None:
        if len(cache) > 100_000:
            cache.clear()
        found = cache[key] = hand_result(tb.rules, kind, sides, pips, counts, domino_player)
    return found


# --- whole matches, as the simulator plays them -----------------------------------------------


def random_policy(hand: FastHand, found: list[Option], rng: random.Random | None) -> Option:
    """Any legal play, uniformly (:func:`fives_tutor.study.simulate.random_legal`), drawn with
    ``rng``; raises ValueError without one."""
    if rng is None:
        raise ValueError("the random player draws with the players' generator: give run() one")
    return found[rng.randrange(len(found))]


def greedy_policy(hand: FastHand, found: list[Option], rng: random.Random | None = None) -> Option:
    """The greedy choice among ``found`` (most points as the match credits them,
    :func:`credited`, then the heavier tile; the first on a tie)."""
    key = hand.tb.key
    best = found[0]
    player = hand.turn
    best_key = (credited(hand, player, best[2]), key[best[0]])
    for option in found:
        k = (credited(hand, player, option[2]), key[option[0]])
        if k > best_key:
            best, best_key = option, k
    return best


def deal(tb: Tables, players: int, rng: random.Random) -> tuple[list[list[TileIndex]], list[TileIndex]]:
    """Shuffle and deal as :func:`fives_tutor.core.game.deal` does (the same tiles from the same
    ``rng``), as tile indexes."""
    tiles = list(range(tb.size))
    rng.shuffle(tiles)
    size = tb.rules.players.hand_size[players]
    return [tiles[i * size:(i + 1) * size] for i in range(players)], tiles[players * size:]


def leader(tb: Tables, hands: Sequence[Sequence[TileIndex]], previous: FastHand | None,
           rng: random.Random) -> tuple[int, TileIndex]:
    """Who leads and the tile they must lead (-1: any), as :meth:`fives_tutor.core.game.Match._leader`
    decides (pack keys ``rules.lead.first_hand`` and ``later_hands``)."""
    lead = tb.rules.lead
    rule = lead.first_hand if previous is None or lead.later_hands == "same_as_first" else lead.later_hands
    if rule in ("highest_double", "lowest_double"):
        # the first tile in lead order that was dealt (lead keys are unique: no ties)
        for t in (tb.lead_order if rule == "highest_double" else tb.low_order):
            for player, tiles in enumerate(hands):
                if t in tiles:
                    return player, t
    if previous is not None:  # (a first hand's rule is never one of these)
        if rule == "previous_domino" and previous.kind == "domino" and previous.domino_player is not None:
            return previous.domino_player, -1
        if rule == "to_the_left":
            return (previous.leader + 1) % len(hands), -1
    return rng.randrange(len(hands)), -1


class FastMatch(NamedTuple):
    """A match played on the fast path: the final ``scores`` by side, the ``winner``
    side, the ``first_leader``, each hand played (:class:`FastHand`, the last one cut
    short when the match was won during it) and the scores after each hand."""

    scores: tuple[int, ...]
    winner: int
    first_leader: int
    sides: tuple[int, ...]
    hands: tuple[FastHand, ...]
    scores_after: tuple[tuple[int, ...], ...]


def play_fast_match(rules: RuleSet, players: int, seed: str, policy: Policy | None = None,
                    max_hands: int = 1000, record: bool = False, steps: bool = False) -> FastMatch:
    """A whole match dealt from ``random.Random(seed)``, every seat playing ``policy``
    (None: greedy) with ``random.Random(seed + ":players")``, as
    :func:`fives_tutor.study.simulate.play_match` plays it on the game state machine
    (``record``: keep every play; ``steps``: keep each hand's steps, for players that
    read the history). Raises RuntimeError when no side has won after ``max_hands`` hands."""
    tb = tables(rules)
    rng = random.Random(seed)
    chooser = random.Random(seed + ":players")
    sides = sides_for(rules, players)
    board = Board(rules, players, [0] * len(set(sides)))
    previous = None
    played: list[FastHand] = []
    after: list[tuple[int, ...]] = []
    first_leader = -1
    while True:
        hands, boneyard = deal(tb, players, rng)
        lead_player, lead_tile = leader(tb, hands, previous, rng)
        if first_leader < 0:
            first_leader = lead_player
        hand = FastHand(tb, hands, boneyard, lead_player, lead_tile, sides)
        if record:
            hand.record = []
        if steps:
            hand.steps = []
        run(hand, policy, chooser, board)
        played.append(hand)
        after.append(tuple(board.scores))
        previous = hand
        if board.winner is not None:
            return FastMatch(tuple(board.scores), board.winner, first_leader, sides, tuple(played), tuple(after))
        if len(played) > max_hands:
            raise RuntimeError(f"match {seed} did not end after {max_hands} hands")


__all__ = ["Board", "FastHand", "FastMatch", "Step", "Tables", "credited", "deal", "end_label", "greedy_choice",
           "greedy_policy", "leader", "open_total", "options", "place_codes", "play", "play_fast_match", "random_policy", "result_of",
           "run", "settle", "tables", "take"]
