"""Choosing a play: the engine levels behind ``fives best``.

Every level ranks the legal plays of a :class:`Situation` and returns
:class:`RankedPlay` values, best first, so that stronger levels can be added
behind the same interface (``rank(situation, level)``).

* ``greedy``: the most points now; on a tie the heavier tile (sheds pips).
* ``defensive``: points now minus the points the next player can expect to score
  in reply, averaged over the tiles this player cannot see; ties to the heavier tile.

>>> from fives_tutor import load_rules, Position, parse_hand
>>> rules = load_rules("dominos-cc")
>>> situation = Situation.build(Position.parse("6 2"), parse_hand("2|5 6|4 3|3"), rules)
>>> [ranked.play.notation for ranked in rank(situation, "greedy")]
['6|4@6', '2|5@2']
"""

from __future__ import annotations

from math import comb
from typing import Callable, NamedTuple, Sequence

from .errors import N_, IllegalPlayError
from .plays import Board, Play, board_position, legal_plays, plays_for_tile, tiles_on_table
from .rules import RuleSet
from .tiles import Tile, domino_set


class Situation(NamedTuple):
    """What the player to move knows.

    ``board`` is the table (ends or layout form), ``hand`` the player's tiles,
    ``unseen`` the tiles they cannot see (the set minus their hand minus the tiles
    known to be on the table or played), ``next_hand`` how many tiles the next
    player holds, ``rules`` the pack.
    """

    board: Board
    hand: tuple[Tile, ...]
    unseen: tuple[Tile, ...]
    next_hand: int
    rules: RuleSet

    @classmethod
    def build(cls, board: Board, hand: Sequence[Tile], rules: RuleSet, played: Sequence[Tile] = (),
              next_hand: int | None = None) -> "Situation":
        """Derive the unseen tiles; ``next_hand`` defaults to the size of ``hand``.

        Raises :class:`IllegalPlayError` when a tile is both in the hand and out,
        or when the next player would hold more tiles than the player cannot see.
        """
        out = set(tiles_on_table(board)) | set(played)
        for tile in hand:
            if tile in out:
                raise IllegalPlayError(N_("{tile} is in your hand and also on the table or played"), tile=str(tile))
        unseen = tuple(t for t in domino_set(rules.max_pips) if t not in out and t not in hand)
        if next_hand is None:
            next_hand = min(len(hand), len(unseen))
        if next_hand > len(unseen):
            raise IllegalPlayError(N_("the next player cannot hold {count} tiles: only {unseen} tiles are hidden from you"),
                                   count=next_hand, unseen=len(unseen))
        return cls(board, tuple(hand), unseen, next_hand, rules)


class RankedPlay(NamedTuple):
    """A play and its value under an engine level.

    ``value`` is in points (points now minus ``reply``); ``reply`` the points the
    next player is expected to score in reply (0 for ``greedy``); ``scoring_replies``
    how many unseen tiles would let the next player score; ``unseen`` how many
    tiles the player cannot see; ``goes_out`` whether the play empties the hand.
    """

    play: Play
    value: float
    reply: float = 0.0
    scoring_replies: int = 0
    unseen: int = 0
    goes_out: bool = False


def _tie_break(ranked: RankedPlay) -> tuple:
    tile = ranked.play.tile
    return (-round(ranked.value, 9), -ranked.play.points, -tile.pips, -tile.high, ranked.play.index)


def rank_greedy(situation: Situation) -> list[RankedPlay]:
    """Most points now, then the heavier tile."""
    plays = legal_plays(situation.board, situation.hand, situation.rules)
    ranked = [RankedPlay(p, float(p.points), unseen=len(situation.unseen), goes_out=len(situation.hand) == 1)
              for p in plays]
    return sorted(ranked, key=_tie_break)


def expected_best(values: Sequence[int], held: int) -> float:
    """Expected maximum of ``values`` over a uniformly random ``held``-subset.

    ``values`` holds one number per unseen tile (the best points that tile would
    score); the next player holds ``held`` of those tiles. With the values sorted
    high to low, the i-th (from 1) is the hand's best with probability
    C(n - i, held - 1) / C(n, held).
    """
    n = len(values)
    if held <= 0 or n == 0:
        return 0.0
    held = min(held, n)
    ordered = sorted(values, reverse=True)
    total = comb(n, held)
    return sum(v * comb(n - i, held - 1) for i, v in enumerate(ordered, start=1) if v) / total


def rank_defensive(situation: Situation) -> list[RankedPlay]:
    """Points now minus the next player's expected best reply over the unseen tiles.

    Each unseen tile is valued by the most it would score on the ends the play
    leaves; the next player's reply is the best value among ``next_hand`` tiles
    drawn at random from the unseen ones (:func:`expected_best`). A play that
    empties the hand ends it: no reply.
    """
    rules = situation.rules
    ranked = []
    goes_out = len(situation.hand) == 1
    for play in legal_plays(situation.board, situation.hand, rules):
        board_after = play.layout if play.layout is not None else play.after
        values = []
        if not goes_out:
            for tile in situation.unseen:
                replies = plays_for_tile(board_after, tile, rules)
                values.append(max((r.points for r in replies), default=0))
        reply = expected_best(values, situation.next_hand)
        ranked.append(RankedPlay(play, play.points - reply, reply, sum(1 for v in values if v > 0),
                                 len(situation.unseen), goes_out))
    return sorted(ranked, key=_tie_break)


#: engine levels by name; later levels register here
LEVELS: dict[str, Callable[[Situation], list[RankedPlay]]] = {
    "greedy": rank_greedy,
    "defensive": rank_defensive,
}


def rank(situation: Situation, level: str = "defensive") -> list[RankedPlay]:
    """The legal plays of ``situation`` ranked by engine ``level``, best first.

    Raises ``KeyError`` for an unknown level (the CLI offers only known ones).
    """
    return LEVELS[level](situation)


__all__ = ["LEVELS", "RankedPlay", "Situation", "board_position", "expected_best", "rank"]
