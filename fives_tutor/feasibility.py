"""What a domino set can produce: a tile for every open end, pips in the opponents' hands.

Pure and small: the ends form (:mod:`fives_tutor.position`) and the hand-end count
(``fives count``) ask here whether what a person typed could lie on a real table.

Every open end is a different tile of the set: a plain end ``N`` is the free half of
a tile with an ``N`` that is not a double, a crosswise double or a spinner is the
double itself, an empty arm shows that its spinner is on the table. Tiles the
player holds are not on the table. :func:`assign_tiles` finds
such an assignment or says which ends cannot all be served (Hall's condition on a
bipartite matching of ends to tiles).

>>> from fives_tutor.tiles import Tile
>>> assign_tiles([0] * 8, (), 0, 6) is None   # only six tiles (0|1 .. 0|6) show a 0 beside another number
False
>>> assign_tiles([0] * 6, (), 0, 6) is None
True
>>> shortage = assign_tiles([5, 5], (), 0, 6, excluded={Tile(5, n) for n in range(5)})
>>> shortage.ends, shortage.pips, shortage.tiles
((0, 1), (5,), 1)
"""

from __future__ import annotations

from typing import Collection, NamedTuple, Sequence

from .tiles import Tile, domino_set


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
    """
    excluded = frozenset(excluded)
    used: set[Tile] = set()
    for tile in fixed:
        if tile in excluded:
            return Shortage("excluded", tile=tile)
        if tile in used:
            return Shortage("twice", tile=tile)
        used.add(tile)
    free = [t for t in domino_set(max_pips) if t not in used and t not in excluded]
    doubles_left = sum(1 for t in free if t.is_double)
    if hidden_doubles > doubles_left:
        return Shortage("doubles", ends=tuple(range(hidden_doubles)), tiles=doubles_left)
    candidates = [[t for t in free if not t.is_double and pips in t] for pips in plain]
    owner: dict[Tile, int] = {}
    for index in range(len(plain)):
        if not _augment(index, candidates, owner, set()):
            return _hall_violation(index, plain, candidates, owner)
    return None


def _augment(index: int, candidates, owner: dict, seen: set) -> bool:
    """Kuhn's augmenting path from end ``index`` (the ends are few: recursion stays shallow)."""
    for tile in candidates[index]:
        if tile in seen:
            continue
        seen.add(tile)
        if tile not in owner or _augment(owner[tile], candidates, owner, seen):
            owner[tile] = index
            return True
    return False


def _hall_violation(start: int, plain, candidates, owner: dict) -> Shortage:
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


# --- the end of a hand: what the opponents can hold ---------------------------------------


def tile_weight(tile: Tile, rules) -> int:
    """What ``tile`` weighs in a hand at hand end (pack key ``rules.hand_end.double_in_hand``)."""
    return rules.hand_end.hand_pips((tile,))


def opponents_tile_limit(rules, opponents: int) -> int:
    """The most tiles ``opponents`` players can hold together at the end of a hand.

    The tiles dealt to the winner's side (the winner, and a partner where four play
    in partnerships: ``rules.players.partnerships_with_four``) are never in an
    opponent's hand; where nobody draws (``rules.turn.draw: none``) each opponent
    holds at most the tiles dealt, and otherwise the ``rules.turn.boneyard_reserve``
    tiles are never drawn. Where the player count could be either (two opponents:
    three players, or four in partnerships) the larger figure is taken.
    """
    size = len(domino_set(rules.max_pips))
    counts = [opponents + 1]
    if opponents == 2 and rules.players.partnerships_with_four:
        counts.append(4)
    most = 0
    for players in counts:
        if not rules.players.min <= players <= rules.players.max:
            continue
        dealt = rules.players.hand_size[players]
        if rules.turn.draw == "none":
            limit = opponents * dealt
        else:
            boneyard = max(0, size - players * dealt)
            limit = size - (players - opponents) * dealt - min(rules.turn.boneyard_reserve, boneyard)
        most = max(most, limit)
    return most


def heaviest(tiles: Sequence[Tile], count: int, rules) -> int:
    """The pips of the ``count`` heaviest of ``tiles`` (all of them if fewer)."""
    weights = sorted((tile_weight(t, rules) for t in tiles), reverse=True)
    return sum(weights[:max(0, count)])


class Remaining(NamedTuple):
    """One hand at the end of a hand as typed for ``fives count``: the ``text``, its
    weight in ``pips`` and its ``tiles`` (``None`` when only the pips were given)."""

    text: str
    pips: int
    tiles: tuple[Tile, ...] | None


def check_remaining(opponents: Sequence[Remaining], winner: Remaining | None, rules) -> None:
    """Refuse hand-end counts the set cannot produce (pack keys ``rules.players`` and
    ``rules.turn``): a tile in two hands (the winner's among them), more tiles in the
    opponents' hands than :func:`opponents_tile_limit` allows, or more pips than the
    heaviest tiles they could hold. ``count 168 168`` with a double-six set (168 pips
    in all) is refused under dominos-cc: two opponents and the winner are three
    players dealt 6 tiles each, so the opponents hold at most 28 - 6 = 22 tiles,
    168 - (0 + 1 + 2 + 2 + 3 + 3) = 157 pips. Raises
    :class:`~fives_tutor.errors.NotationError`.
    """
    from .errors import N_, NotationError
    from .tiles import parse_tile, split_tokens

    seen: set[Tile] = set()
    for hand in ([winner] if winner is not None else []) + list(opponents):
        for tile in hand.tiles or ():
            if tile in seen:
                column = next(c for token, c in split_tokens(hand.text)
                              if parse_tile(token, rules.max_pips) == tile)
                raise NotationError(N_("tile {tile} is in two hands"), text=hand.text, column=column, tile=str(tile))
            seen.add(tile)
    given = [t for hand in opponents for t in hand.tiles or ()]
    limit = opponents_tile_limit(rules, len(opponents))
    everything = " ".join(hand.text for hand in opponents)
    if len(given) > limit:
        raise NotationError(N_("the opponents cannot hold {count} tiles together: under this rule pack they hold at "
                               "most {tiles}"), text=everything, count=len(given), tiles=limit)
    pool = [t for t in domino_set(rules.max_pips) if t not in seen]
    most = sum(tile_weight(t, rules) for t in given) + heaviest(pool, limit - len(given), rules)
    total = sum(hand.pips for hand in opponents)
    if total > most:
        raise NotationError(N_("the opponents cannot hold {pips} pips together: under this rule pack they hold at most "
                               "{tiles} tiles of the set, {most} pips at the most"), text=everything, pips=total,
                            tiles=limit, most=most)


__all__ = ["Remaining", "Shortage", "assign_tiles", "check_remaining", "heaviest", "opponents_tile_limit",
           "tile_weight"]
