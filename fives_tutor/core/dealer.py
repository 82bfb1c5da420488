"""The dealer of a seeded match kept by a scorekeeper (pure): the tiles nobody else sees.

A practice match (``fives play``) is kept exactly as a real table's: its journal
holds what the table says, and the scorekeeper (:class:`~fives_tutor.core.keeper.TableState`)
replays it into the scores, the sheet, whose turn it is and the followed hand (yours).
What no table says is the deal: the computer's tiles and the boneyard. The
:class:`Dealer` holds only that. It deals each hand from the match's seed as
:class:`fives_tutor.core.game.Match` deals (the same ``random.Random`` calls in the same
order: :func:`~fives_tutor.core.game.deal`, then
:func:`~fives_tutor.core.game.choose_leader`), when the scorekeeper starts the hand,
and follows the scorekeeper's record of each move on the game's
:class:`~fives_tutor.core.game.Hand`, which knows every tile: so it can say what the
player to move holds, may play, draw or pass, and what each hand left at its count. It
keeps no score: that is the scorekeeper's.

A move the deal does not allow (a tile the player does not hold, tiles named as drawn
that are not the boneyard's, a hand given that is not the one dealt) raises
:class:`~fives_tutor.errors.IllegalPlayError`: a journal dealt from another seed, or
damaged.

>>> from fives_tutor import load_rules
>>> from fives_tutor.core.keeper import TableState
>>> rules = load_rules("dominos-cc")
>>> state = TableState(rules, ["You", "Ana"])
>>> dealer = Dealer(rules, 2, "5:deal", shown=0)
>>> dealer.follow(state)
>>> len(dealer.hand.hands[0]), len(dealer.hand.boneyard)
(7, 14)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from ..errors import N_, IllegalPlayError
from .game import Hand, choose_leader, deal, sides_for
from .keeper import Logged, TableState
from .plays import parse_play
from .rules import RuleSet
from .tiles import parse_hand


class Start(NamedTuple):
    """Where a match played on from a position begins: the scorekeeper's first ``entries``
    log entries are that position's history (not dealt: the dealer does not follow them),
    and ``hand``, the hand numbered ``number``, is under way from there with every tile
    known (:meth:`~fives_tutor.core.game.Hand.resume`)."""

    entries: int
    number: int
    hand: Hand


class Dealer:
    """The deal of a match under ``rules`` for ``players`` players, dealt from
    ``random.Random(seed)``, in which the hand of the player at seat ``shown`` (and
    only that one) may be given to the scorekeeper. ``hand`` is the hand under way
    (every tile known), ``number`` its number in the match. ``sides``: each seat's side
    (default the pack's seating). ``start``: the match begins at a position
    (:class:`Start`); the hands after it are dealt from the seed."""

    def __init__(self, rules: RuleSet, players: int, seed: str, shown: int, sides: Sequence[int] | None = None,
                 start: Start | None = None) -> None:
        self.rules = rules
        self.players = players
        self.shown = shown
        self.sides = tuple(sides) if sides is not None else sides_for(rules, players)
        self._rng = random.Random(seed)
        if start is None:
            self.number = 0
            self._followed = 0  # the entries of the scorekeeper's log followed so far
            self.hand = self._deal(None)
        else:
            self.number = start.number
            self._followed = start.entries
            self.hand = start.hand

    def follow(self, state: TableState) -> None:
        """Catch up with ``state``: deal each hand the scorekeeper has started and make
        every move of its log not yet followed. Raises :class:`IllegalPlayError` for a
        move the deal does not allow, and ValueError for a log that lost entries
        already followed (after an undo, follow a new dealer)."""
        if len(state.log) < self._followed:
            raise ValueError("the scorekeeper's log is shorter than what the dealer followed")
        for logged in state.log[self._followed:]:
            self._deal_up_to(logged.hand)
            self._move(logged, state.names)
            self._followed += 1
        self._deal_up_to(state.hand_number)

    def _deal(self, previous: Hand | None) -> Hand:
        hands, boneyard = deal(self.rules, self.players, self._rng)
        leader, lead_tile = choose_leader(self.rules, hands, self._rng, previous)
        self.number += 1
        return Hand(self.rules, hands, boneyard, leader, lead_tile, self.sides)

    def _deal_up_to(self, number: int) -> None:
        """Deal the hands the scorekeeper has started (it starts one after the count of
        the hand before, unless the match is over)."""
        while self.number < number:
            self.hand = self._deal(self.hand)

    def _move(self, logged: Logged, names: list[str]) -> None:
        """Make the move the scorekeeper recorded on the hand under way."""
        event = logged.event
        kind = event["type"]
        hand = self.hand
        if kind == "play":
            player = event["player"]
            if hand.turn != player:
                raise IllegalPlayError(N_("it is {name}'s turn, not {other}'s"), name=names[hand.turn],
                                       other=names[player])
            end = event.get("end") or ""
            text = f"{event['tile']}@{end}" if end else str(event["tile"])
            play = parse_play(text, hand.position, self.rules)
            hand.play(play.tile, play.index, event.get("announced"))
        elif kind == "draw":
            drawn = tuple(hand.draw() for _ in range(event.get("count", 1)))
            if event.get("tiles") is not None and drawn != parse_hand(event["tiles"], self.rules.max_pips):
                raise IllegalPlayError(N_("the tiles drawn are not the boneyard's"))
        elif kind == "pass":
            hand.pass_turn()
        elif kind == "hand":
            if event["player"] != self.shown or parse_hand(event["tiles"], self.rules.max_pips) != tuple(
                    hand.hands[self.shown]):
                raise IllegalPlayError(N_("the hand given is not the one dealt"))
        # a claim and the count at the end of a hand are the scorekeeper's alone


__all__ = ["Dealer", "Start"]
