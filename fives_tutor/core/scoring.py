"""Counting: the open-end total of a position term by term, the hand-end collection,
and what the opponents can hold at the end of a hand.

>>> from fives_tutor import load_rules, Position
>>> count = count_position(Position.parse("3 5|5* 2 5*"), load_rules("dominos-cc"))
>>> [(str(term.end), term.count) for term in count.terms], count.total, count.points
([('3', 3), ('5|5*', 10), ('2', 2), ('5*', 0)], 15, 15)
>>> collect([13, 12], load_rules("dominos-cc")).points
25
>>> collect([13, 12], load_rules("pagat-all-fives")).points
25
>>> collect([7, 8], load_rules("pagat-all-fives")).points
15
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..bounds import TOO_LARGE, whole_number
from ..errors import N_, NotationError
from .position import End, EndKind, Position, end
from .rules import RuleSet
from .tiles import Tile, ascii_digits, domino_set, parse_hand, parse_tile, split_tokens


class Term(NamedTuple):
    """One open end and what it adds to the total, in pips."""

    end: End
    count: int  # type: ignore[assignment]  # Term.count is public (what the end adds): it shadows tuple.count


class Count(NamedTuple):
    """A position counted: its ``terms`` (one per open end; a lone lead gives its
    halves), the ``total`` in pips and the ``points`` it scores under the pack."""

    terms: tuple[Term, ...]
    total: int
    points: int


def count_position(position: Position, rules: RuleSet) -> Count:
    """Count ``position`` end by end under ``rules`` (pack keys ``rules.scoring``
    and ``rules.spinner.lone_counts``)."""
    total = position.total(rules)
    terms: tuple[Term, ...]
    if position.lone and len(position.ends) == 1:
        terms = (Term(position.ends[0], total),)
    else:
        terms = tuple(Term(e, e.count) for e in position.ends)
    return Count(terms, total, rules.scoring.points_for(total))


class OpponentPips(NamedTuple):
    """One opponent's remaining ``pips``; when each opponent is rounded on their own,
    ``rounded`` (after rounding) and ``net`` (their pips less the winner's, before
    rounding, where the pack subtracts the winner's pips), else ``None``."""

    pips: int
    rounded: int | None
    net: int | None = None


class Collection(NamedTuple):
    """What the winner of a hand collects (pack keys ``rules.hand_end.*``).

    ``opponents`` in the order given; ``combined_pips`` their sum; ``net_pips`` the
    pips the winner collects before rounding (after taking off ``winner_pips``
    where the pack says so); ``collected_pips`` after rounding; ``points`` that
    amount in the pack's unit, plus any bonus for going out (``chip_out_bonus``
    when ``domino`` is true).
    """

    opponents: tuple[OpponentPips, ...]
    combined_pips: int
    winner_pips: int
    collected_pips: int
    points: int
    mode: str
    rounding: str
    net_pips: int = 0


def collect(opponent_pips: Sequence[int], rules: RuleSet, winner_pips: int = 0, domino: bool = True) -> Collection:
    """What the winner collects from opponents holding ``opponent_pips`` (each in pips).

    ``each_opponent``: each opponent's pips are rounded, then added (Dominos.cc:
    13 counts 15, 12 counts 10). ``combined``: the pips are added, then rounded
    (pagat.com: 7 + 8 = 15). ``none``: nothing is collected. With
    ``subtract_winner_pips`` the winner's own ``winner_pips`` come off before
    rounding (``docs/packs.md``), never below zero: off the opponents' total when
    it is combined (23 against 12 is 11, collected as 10), off each opponent's pips
    when each is rounded on their own (each pays the difference: 23 and 16 against
    12 are 11 and 4, collected as 10 + 5 = 15).
    """
    hand_end = rules.hand_end
    combined = sum(opponent_pips)
    subtract = hand_end.subtract_winner_pips and hand_end.collect != "none"
    if hand_end.collect == "each_opponent":
        nets = [max(0, p - winner_pips) if subtract else p for p in opponent_pips]
        rounded = [hand_end.round_pips(n) for n in nets]
        opponents = tuple(OpponentPips(p, r, n if subtract else None) for p, r, n in zip(opponent_pips, rounded, nets))
        net = sum(nets)
        collected = sum(rounded)
    else:
        opponents = tuple(OpponentPips(p, None) for p in opponent_pips)
        net = max(0, combined - winner_pips) if subtract else combined
        collected = hand_end.round_pips(net) if hand_end.collect == "combined" else 0
    points = hand_end.to_points(collected)
    if domino:
        points += hand_end.chip_out_bonus
    return Collection(opponents, combined, winner_pips, collected, points, hand_end.collect, hand_end.rounding, net)


# --- what the opponents can hold at the end of a hand -----------------------------------------


def tile_weight(tile: Tile, rules: RuleSet) -> int:
    """What ``tile`` weighs in a hand at hand end (pack key ``rules.hand_end.double_in_hand``)."""
    return rules.hand_end.hand_pips((tile,))


def opponents_tile_limit(rules: RuleSet, opponents: int) -> int:
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


def heaviest(tiles: Sequence[Tile], count: int, rules: RuleSet) -> int:
    """The pips of the ``count`` heaviest of ``tiles`` (all of them if fewer)."""
    weights = sorted((tile_weight(t, rules) for t in tiles), reverse=True)
    return sum(weights[:max(0, count)])


class Remaining(NamedTuple):
    """One hand at the end of a hand as typed for ``fives count``: the ``text``, its
    weight in ``pips`` and its ``tiles`` (``None`` when only the pips were given)."""

    text: str
    pips: int
    tiles: tuple[Tile, ...] | None


def check_remaining(opponents: Sequence[Remaining], winner: Remaining | None, rules: RuleSet) -> None:
    """Refuse hand-end counts the set cannot produce (pack keys ``rules.players`` and
    ``rules.turn``): a tile in two hands (the winner's among them), more tiles in the
    opponents' hands than :func:`opponents_tile_limit` allows, or more pips than the
    heaviest tiles they could hold. ``count 168 168`` with a double-six set (168 pips
    in all) is refused under dominos-cc: two opponents and the winner are three
    players dealt 6 tiles each, so the opponents hold at most 28 - 6 = 22 tiles,
    168 - (0 + 1 + 2 + 2 + 3 + 3) = 157 pips. Raises
    :class:`~fives_tutor.errors.NotationError`.
    """
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


__all__ = ["Collection", "Count", "OpponentPips", "Remaining", "Term", "check_remaining", "collect", "read_remaining", "count_position",
           "end", "EndKind", "heaviest", "opponents_tile_limit", "tile_weight"]

def read_remaining(text: str, rules: RuleSet) -> Remaining:
    """What a player has left at the end of a hand, as typed: tiles (``"5|3 4|4"``) or
    their pips as a number (``"12"``), as a :class:`Remaining` (pips counted under the
    pack's hand-end rule, e.g. a 0|0 worth 25 in some packs).

    Raises :class:`~fives_tutor.errors.NotationError` for an empty hand, a tile that
    is not of the set, or more pips than the whole set holds."""

    clean = ascii_digits(text.strip())
    value = whole_number(clean)
    if value is not None:
        most = rules.max_pips * (rules.max_pips + 1) * (rules.max_pips + 2) // 2  # every pip of the set
        if value > most:
            raise NotationError(N_("{pips} pips is more than the whole set holds ({most})"), text=text,
                                pips=value if value < TOO_LARGE else clean, most=most)
        return Remaining(text, value, None)
    if not clean:
        raise NotationError(N_("an empty hand: give the tiles left, or their pips as a number (0 for none)"), text=text)
    tiles = parse_hand(text, rules.max_pips)
    return Remaining(text, rules.hand_end.hand_pips(tiles), tiles)
