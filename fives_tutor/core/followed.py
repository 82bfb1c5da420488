"""The followed hand: the tiles of the one player who told the table their own (pure).

The scorekeeper never needs a player's tiles to keep the score. One player may tell it
theirs (``hand 6|6 5|3 ...`` at ``fives table``; ``fives play`` gives yours at each
deal), so that it can advise them (``hint``, the coach). From then on, through the hand,
:class:`FollowedHand` holds those tiles: their plays must come from it, the others'
plays must not be in it, and a draw of theirs may name the tiles drawn; a draw that
does not name them leaves that many tiles unknown until the hand is given again.

It knows nothing of the table but what it is told; the checks that need the table
(tiles already played, how many tiles the player holds) are the keeper's
(:class:`fives_tutor.core.keeper.TableState`, which feeds it the events).

>>> from fives_tutor.core.tiles import parse_hand
>>> hand = FollowedHand(["Ana", "Ben"])
>>> hand.give(0, parse_hand("6|6 5|3"))
>>> hand.played(0, parse_hand("6|6")[0])
>>> hand.drew(0, None, 1)
>>> hand.known is None, hand.tiles, hand.missing
(True, [Tile(5, 3)], 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import N_, IllegalPlayError
from .tiles import Tile


class FollowedHand:
    """The followed hand of a match among players named ``names``: ``player``, whose
    tiles are followed in the hand under way (None: nobody's), ``tiles``, those of them
    known now, ``missing``, how many they drew without naming them, and ``last_given``,
    the player whose hand was given last in any hand (who ``hand`` means by default)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.player: int | None = None
        self.tiles: list[Tile] = []
        self.missing = 0
        self.last_given: int | None = None

    @property
    def known(self) -> tuple[Tile, ...] | None:
        """The followed player's tiles now, when every one of them is known (None when no
        hand was given in this hand, or a draw did not name its tiles)."""
        if self.player is None or self.missing:
            return None
        return tuple(self.tiles)

    def new_hand(self) -> None:
        """A new deal: nobody's tiles are followed until a hand is given again."""
        self.player = None
        self.tiles = []
        self.missing = 0

    def check_giver(self, player: int) -> None:
        """Refuse ``player``'s hand when another player's is followed in this hand."""
        if self.player is not None and self.player != player:
            raise IllegalPlayError(N_("only one player's hand is followed: {name}'s"), name=self.names[self.player])

    def give(self, player: int, tiles: Sequence[Tile]) -> None:
        """``player`` holds ``tiles`` now (at the deal, or again to correct them). Raises
        :class:`IllegalPlayError` when another player's hand is followed in this hand."""
        self.check_giver(player)
        self.player = player
        self.last_given = player
        self.tiles = list(tiles)
        self.missing = 0

    def check_drawer(self, player: int) -> None:
        """Refuse to name the tiles ``player`` drew unless their hand is the one followed."""
        if player != self.player:
            raise IllegalPlayError(N_("the tiles drawn can be given only for the player whose hand is followed"))

    def check_drawn(self, tiles: Sequence[Tile]) -> None:
        """Refuse tiles named as drawn by the followed player that are in their hand already."""
        for tile in tiles:
            if tile in self.tiles and self.player is not None:
                raise IllegalPlayError(N_("{tile} is in {name}'s hand already"), tile=str(tile),
                                       name=self.names[self.player])

    def check_play(self, player: int, tile: Tile) -> None:
        """Refuse a play that contradicts the hand: the followed player's must come from
        it (unless they drew tiles without naming them), another player's must not."""
        if self.player is None:
            return
        name = self.names[self.player]
        if player == self.player:
            if tile not in self.tiles and not self.missing:
                raise IllegalPlayError(N_("{tile} is not in {name}'s hand as it was given (give the hand again to "
                                          "correct it)"), tile=str(tile), name=name)
        elif tile in self.tiles:
            raise IllegalPlayError(N_("{tile} is in {name}'s hand as it was given"), tile=str(tile), name=name)

    def played(self, player: int, tile: Tile) -> None:
        """``player`` played ``tile`` (checked by :meth:`check_play`)."""
        if player != self.player:
            return
        if tile in self.tiles:
            self.tiles.remove(tile)
        else:
            self.missing -= 1  # one of the tiles drawn without naming them

    def drew(self, player: int, tiles: Sequence[Tile] | None, count: int) -> None:
        """``player`` drew ``count`` tiles: ``tiles`` (checked by :meth:`check_drawn`), or
        None when the draw did not name them."""
        if player != self.player:
            return
        if tiles is None:
            self.missing += count
        else:
            self.tiles.extend(tiles)


__all__ = ["FollowedHand"]
