"""Plays: which tiles fit where, what a play scores, and the ``TILE@END`` notation.

A board is either a :class:`~fives_tutor.core.position.Position` (ends form) or a
:class:`~fives_tutor.core.layout.Layout` (layout form); every function here takes both.

>>> from fives_tutor import load_rules, Position
>>> pagat = load_rules("pagat-all-fives")
>>> play = parse_play("5|2", Position.parse("3 5|5*"), pagat)
>>> str(play.after), play.total, play.points
('3 2 5* 5*', 5, 5)
>>> [(p.notation, p.points) for p in legal_plays(Position.parse("5 3"), parse_hand("3|0 5|5 6|1"), load_rules("dominos-cc"))]
[('3|0@3', 5), ('5|5@5', 0)]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Union

from ..errors import N_, AmbiguousPlayError, IllegalPlayError, NotationError
from .position import End, EndKind, Position, Reading, check_tiles, parse_end_token, place, read_position
from .rules import RuleSet
from .tiles import Tile, ascii_digits, parse_hand, parse_tile

if TYPE_CHECKING:  # the layout module loads only when a layout is read
    from .layout import Layout, LayoutEnd

Board = Union[Position, "Layout"]


class Play(NamedTuple):
    """One play and its result.

    ``tile`` goes on the open end ``end`` (written as in the ends form; empty for
    the lead), which is ``before.ends[index]`` (``-1`` for the lead). ``after`` is
    the position it leaves, ``total`` its open-end total in pips and ``points``
    what the play scores under the pack. ``layout`` is the layout after the play
    when the board was a layout. ``lead_order`` keeps a lead's halves as written.
    """

    tile: Tile
    end: str
    index: int  # type: ignore[assignment]  # Play.index is public (the end's index): it shadows tuple.index
    before: Position
    after: Position
    total: int
    points: int
    layout: Layout | None = None
    lead_order: tuple[int, int] | None = None

    @property
    def notation(self) -> str:
        """The play written in full, the half that touches the end first (``5|2@5*``),
        or the lead tile alone as written."""
        if self.index < 0:
            first, second = self.lead_order or (self.tile.high, self.tile.low)
            return f"{first}|{second}"
        matched = self.before.ends[self.index].pips
        return f"{matched}|{self.tile.other(matched)}@{self.end}"


#: a play as :attr:`Play.notation` writes it (``6|4``, ``6|4@6*``, ``2|0@2|2*``): ASCII only,
#: so that a stored play read back can be printed without a control character
NOTATION = re.compile(r"[0-9]{1,2}\|[0-9]{1,2}(@[0-9|*]{1,8})?", re.ASCII)


def is_notation(text: object) -> bool:
    """Whether ``text`` is a play written as :attr:`Play.notation` writes one (a check of
    stored or imported data, not a parse: the play may not be legal anywhere)."""
    return isinstance(text, str) and NOTATION.fullmatch(text) is not None


def board_position(board: Board, rules: RuleSet) -> Position:
    """The ends form of ``board``."""
    return board if isinstance(board, Position) else board.position(rules)


def tiles_on_table(board: Board) -> frozenset[Tile]:
    """Tiles known to be on the table: all of a layout; those an ends form shows."""
    if isinstance(board, Position):
        return board.tiles_in_view()
    return frozenset(board.tiles())


def _end_label(position: Position, index: int) -> str:
    e = position.ends[index]
    if position.lone:
        return str(e.pips) if len(position.ends) == 2 else str(position)
    return str(e)


def _make_play(board: Board, position: Position, tile: Tile, index: int, rules: RuleSet,
               lead_order: tuple[int, int] | None = None, anchors: Sequence[LayoutEnd] | None = None) -> Play:
    """The play of ``tile`` on end ``index`` of ``board`` (``position`` its ends form;
    ``anchors``: the layout's open ends, when the caller has them already)."""
    if not isinstance(board, Position):
        anchor = None
        if index >= 0:
            anchor = (anchors if anchors is not None else board.open_ends(rules))[index].anchor
        layout = board.place(tile, anchor, rules, lead_order)
        after = layout.position(rules)
    else:
        layout = None
        after = place(position, tile, index, rules, lead_order=lead_order)
    total = after.total(rules)
    points = rules.scoring.points_for(total)
    if index < 0 and not rules.lead.scores:
        points = 0
    label = "" if index < 0 else _end_label(position, index)
    return Play(tile, label, index, position, after, total, points, layout, lead_order)


def plays_for_tile(board: Board, tile: Tile, rules: RuleSet) -> list[Play]:
    """Every distinct play of ``tile`` on ``board`` (one per kind of end it fits)."""
    position = board_position(board, rules)
    anchors = None if isinstance(board, Position) else board.open_ends(rules)
    if position.is_empty:
        return [_make_play(board, position, tile, -1, rules)]
    plays = []
    seen: set[End] = set()
    high, low = tile
    for index, e in enumerate(position.ends):
        if (e.pips == high or e.pips == low) and e not in seen:
            seen.add(e)
            plays.append(_make_play(board, position, tile, index, rules, anchors=anchors))
    return plays


#: which hand of the match a lead is for: the first hand, or a later one
LEAD_HANDS = ("first", "later")


def lead_rule(rules: RuleSet, hand: str = "first") -> str:
    """The rule for the lead of the ``first`` hand of a match or a ``later`` one (pack keys
    ``rules.lead.first_hand`` and ``later_hands``): ``highest_double``, ``lowest_double``, ``by_lot``,
    ``previous_domino`` or ``to_the_left``."""
    lead = rules.lead
    if hand == "later" and lead.later_hands != "same_as_first":
        return lead.later_hands
    return lead.first_hand


def forced_lead(hand_tiles: Sequence[Tile], rules: RuleSet, hand: str = "first") -> Tile | None:
    """The tile a player who leads must lead, or None when any tile may lead.

    Under ``highest_double`` the holder of the highest double leads it, and with no
    double dealt the holder of the heaviest tile leads that: so a player who leads
    holds that tile, and it is their highest double, or with none their heaviest tile
    (Dominos.cc). Under ``lowest_double`` it is their lowest double, or with none their
    lightest tile (the Dr. Dominos app). The other rules let the leader choose
    (pagat.com: "the lead can be any tile in the player's hand")."""
    if not hand_tiles:
        return None
    from .game import forced_lead as dealt_lead

    found = dealt_lead(lead_rule(rules, hand), [list(hand_tiles)])
    return found[1] if found is not None else None


def legal_plays(board: Board, hand: Sequence[Tile], rules: RuleSet, lead: str = "first") -> list[Play]:
    """Every legal play from ``hand``, most points first, then the higher open-end
    total, then the heavier tile. On the empty table these are the leads the pack
    allows for the ``lead`` hand of the match (``first`` or ``later``: see
    :func:`forced_lead`). Raises :class:`IllegalPlayError` if a tile of the hand is
    already on the table, and :class:`NotationError` if the ends could not all be
    tiles the hand does not hold (:func:`check_known_tiles`)."""
    check_known_tiles(board, rules, hand)
    plays: list[Play] = []
    if board_position(board, rules).is_empty:
        forced = forced_lead(hand, rules, lead)
        if forced is not None:
            hand = [forced]
    for tile in hand:
        plays.extend(plays_for_tile(board, tile, rules))
    plays.sort(key=lambda p: (-p.points, -p.total, -p.tile.pips, -p.tile.high))
    return plays


def parse_play(text: str, board: Board, rules: RuleSet) -> Play:
    """Read a play, ``TILE`` or ``TILE@END``, and make it on ``board``.

    END is an end exactly as the ends form writes it (for a lone lead, the pips
    of the side). Without ``@`` the tile goes to the only kind of end it fits.
    Raises :class:`NotationError` for bad notation, :class:`IllegalPlayError` for
    a tile that does not fit or is already on the table, and
    :class:`AmbiguousPlayError` (listing the choices) when ``@END`` is needed.
    """
    tile_text, at, end_text = text.strip().partition("@")
    if not tile_text.strip():
        raise NotationError(N_("write the tile of the play, such as {example} or {example2}"), text=text, column=1,
                            example="5|3", example2="5|3@3")
    if at and not end_text.strip():
        raise NotationError(N_("after @ write the open end to play on, such as {example}"), example="5|3@3", text=text,
                            column=len(text.rstrip()) + 1)
    tile = parse_tile(tile_text, rules.max_pips, whole=text)
    position = board_position(board, rules)
    check_known_tiles(board, rules, (tile,))
    if position.is_empty:
        if at:
            raise IllegalPlayError(N_("the table is empty: {tile} is the lead, written without @"), tile=str(tile))
        halves = ascii_digits(tile_text.strip()).strip("[]").replace("-", "|").split("|")
        order = (int(halves[0]), int(halves[1])) if len(halves) == 2 else None
        return _make_play(board, position, tile, -1, rules, lead_order=order)
    anchors = None if isinstance(board, Position) else board.open_ends(rules)
    if at:
        index = _find_end(end_text.strip(), position, rules, text, len(tile_text) + 2)
        if position.ends[index].pips not in tile:
            raise IllegalPlayError(N_("{tile} does not fit on {end}: it has no {pips}"),
                                   tile=str(tile), end=end_text.strip(), pips=position.ends[index].pips)
        return _make_play(board, position, tile, index, rules, anchors=anchors)
    plays = plays_for_tile(board, tile, rules)
    if not plays:
        raise IllegalPlayError(N_("{tile} fits no open end of {position}"), tile=str(tile), position=str(position))
    if len(plays) > 1:
        raise AmbiguousPlayError(N_("{tile} fits more than one end: say where with one of {choices}"),
                                 choices=tuple(p.notation for p in plays), tile=str(tile))
    return plays[0]


def _find_end(end_text: str, position: Position, rules: RuleSet, text: str, column: int) -> int:
    """Index of the first end of ``position`` written ``end_text``."""
    if position.lone:
        clean = ascii_digits(end_text)
        for index, e in enumerate(position.ends):
            if clean in (str(e.pips), str(e), str(position)):
                return index
    else:
        wanted: End | None = None
        try:
            wanted, tile = parse_end_token(end_text, column, text, rules.max_pips)
            if tile is not None and tile[0] == tile[1]:
                wanted = End(EndKind.SPINNER if tile[2] else EndKind.DOUBLE, tile[0])
        except NotationError:
            pass  # not an end as the ends form writes one: no end matches it
        for index, e in enumerate(position.ends):
            if e == wanted:
                return index
    similar = [str(e) for e in position.ends if str(e.pips) == ascii_digits(end_text).split("|")[0].rstrip("*")]
    if similar and not position.lone:
        raise IllegalPlayError(N_("there is no open end {end} in {position}: did you mean {choices}?"), end=end_text,
                               position=str(position), choices=tuple(dict.fromkeys(similar)))
    raise IllegalPlayError(N_("there is no open end {end} in {position}"), end=end_text, position=str(position))





def is_layout_form(text: str) -> bool:
    """True when ``text`` is written in the layout form rather than the ends form:
    it has parentheses, or a tile with two different halves beside other tiles."""
    if "(" in text or ")" in text:
        return True
    from .tiles import split_tokens

    tokens = [token for token, _ in split_tokens(ascii_digits(text))]
    if len(tokens) < 2 or any(token.rstrip("*").isdecimal() for token in tokens):
        return False  # a lone tile, or a plain end (N, N*) that only the ends form has
    for token in tokens:
        halves = token.strip("[]*").replace("-", "|").split("|")
        if len(halves) == 2 and halves[0] != halves[1]:
            return True
    return False


def parse_board(text: str, rules: RuleSet) -> Board:
    """Read a position in either form (see :func:`is_layout_form`) under ``rules``.

    Raises :class:`NotationError` with the column and the reason.
    """
    return read_board(text, rules)[0]


def read_board(text: str, rules: RuleSet) -> tuple[Board, Reading]:
    """Read a position in either form under ``rules``, and how it was read: the
    :class:`~fives_tutor.core.position.Reading` says which doubles were read as spinners
    and which empty arms were added (:func:`~fives_tutor.core.position.read_position`).

    Raises :class:`NotationError` with the column and the reason.
    """
    if is_layout_form(text):
        from .layout import read_layout

        layout, spinners = read_layout(text, rules)
        return layout, Reading(layout.position(rules), text, spinners)
    reading = read_position(text, rules)
    return reading.position, reading


def check_known_tiles(board: Board, rules: RuleSet, hand: Sequence[Tile] = (), played: Sequence[Tile] = ()) -> None:
    """Refuse tiles that cannot be where they are said to be: a tile of ``hand`` that
    the board shows, a tile both in the hand and among the ``played`` ones, and an
    ends form whose ends cannot each be a different tile the hand does not hold
    (:func:`~fives_tutor.core.position.check_tiles`). Played tiles may be the ones at the
    ends: the ends form does not say which tile shows a plain end.

    Raises :class:`IllegalPlayError`, or :class:`NotationError` for the ends.
    """
    on_table = tiles_on_table(board)
    for tile in hand:
        if tile in on_table:
            raise IllegalPlayError(N_("{tile} is already on the table"), tile=str(tile))
    for tile in played:
        if tile in hand:
            raise IllegalPlayError(N_("{tile} is in your hand and also on the table or played"), tile=str(tile))
    if isinstance(board, Position) and hand:
        check_tiles(board, rules, excluded=set(hand))


__all__ = ["Board", "LEAD_HANDS", "Play", "board_position", "check_known_tiles", "forced_lead", "is_layout_form",
           "lead_rule", "legal_plays", "parse_board", "parse_hand", "parse_play", "plays_for_tile", "read_board",
           "tiles_on_table"]
