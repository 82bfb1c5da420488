"""The engine levels as players of the fast loop (:func:`fives_tutor.engine.fast.run`),
by name: ``greedy``, ``random``, ``defensive``, ``expert``, and the search (``monte-carlo``
and ``auto``) (pure).

Each is a policy ``(hand, options, rng) -> option`` that sees only what the player to
move may see: their own tiles, the table, every player's tile count, and the numbers
each player has shown they lack (:attr:`fives_tutor.engine.fast.FastHand.voids`).
They choose exactly as the levels of the same names rank plays for ``fives best``
(:mod:`fives_tutor.engine.levels`). The fixed levels live in the fast loop's layer
(:mod:`~fives_tutor.engine.fast`, :mod:`~fives_tutor.engine.expert`,
:mod:`~fives_tutor.engine.defensive`); the search's player asks :func:`~fives_tutor.engine.levels.rank`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.tiles import Tile
from .defensive import defensive_policy
from .expert import Expert
from .fast import FastHand, Option, Policy, codes_position, greedy_policy, random_policy
from .history import history_of
from .levels import Situation, rank
from .styles import PastHand, start_scores


def policy_for(level: str, samples: int | None = None, seed: str = "0") -> Policy:
    """The fast-loop player of a level: ``greedy``, ``random``, ``defensive``, ``expert``,
    or ``monte-carlo`` and ``auto`` (a :class:`SearchPolicy`: record ``hand.steps``).
    Raises KeyError for another name."""
    if level in ("monte-carlo", "auto"):
        return SearchPolicy(level, samples, seed)
    makers: dict[str, Callable[[], Policy]] = {"greedy": lambda: greedy_policy, "random": lambda: random_policy,
                                               "defensive": lambda: defensive_policy, "expert": Expert}
    return makers[level]()


class SearchPolicy:
    """``monte-carlo`` or ``auto`` as a fast-loop player: the situation is built from the
    hand's steps (``hand.steps`` must be recorded) as ``fives best --history`` builds it,
    with the match scores of ``hand.board`` and the earlier hands of the match (each
    player keeps its own: one object per seat and match), and ranked with ``samples``
    deals a move (None: the engine's default)."""

    def __init__(self, level: str = "monte-carlo", samples: int | None = None, seed: str = "0",
                 **options: Any) -> None:
        self.level = level
        self.samples = samples
        self.options = options  # more options of levels.rank
        self.rng = random.Random(f"{seed}:search")
        self.past: list[PastHand] = []
        self._hand: FastHand | None = None
        self._start: tuple[int, ...] | None = None

    def _remember(self, hand: FastHand, me: int, scores: tuple[int, ...] | None) -> None:
        """A new hand: the one before goes to the match so far."""
        previous = self._hand
        if previous is not None and previous.steps is not None:
            tb = previous.tb
            held = {tb.tiles[t] for t in previous.hands[me]}
            held |= {s.tile for s in previous.steps if s.kind == "play" and s.player == me and s.tile is not None}
            self.past.append(PastHand(history_of(previous.steps, previous.players), frozenset(held), self._start,
                                      "first" if previous.lead_tile >= 0 else "later"))
        self._hand = hand
        self._start = None
        if scores is not None:
            turned = [s._replace(player=(s.player - me) % hand.players) for s in hand.steps or ()]
            self._start = tuple(start_scores(hand.tb, turned, hand.players, scores))

    def __call__(self, hand: FastHand, found: list[Option], rng: random.Random | None = None) -> Option:
        tb = hand.tb
        steps = hand.steps or []
        me = hand.turn
        played: list[Tile] = [s.tile for s in steps if s.kind == "play" and s.tile is not None]
        scores = None
        if hand.board is not None and hand.board.target < 10 ** 9:
            order: list[int] = []
            for k in range(hand.players):
                side = hand.sides[(me + k) % hand.players]
                if side not in order:
                    order.append(side)
            scores = tuple(hand.board.scores[s] for s in order)
        if hand is not self._hand:
            self._remember(hand, me, scores)
        situation = Situation.from_steps(codes_position(hand.ends, hand.lone), steps, played,
                                         [len(h) for h in hand.hands], steps[0].player if steps else me, me,
                                         [tb.tiles[t] for t in hand.hands[me]], tb.rules, scores,
                                         "first" if hand.lead_tile >= 0 else "later", past=self.past)
        ranked = rank(situation, self.level, samples=self.samples, seed=self.rng.randrange(1 << 30), **self.options)
        best = ranked[0].play
        t = tb.index[best.tile]
        for option in found:
            if option[0] == t and option[1] == best.index:
                return option
        return found[0]


__all__ = ["SearchPolicy", "defensive_policy", "greedy_policy", "policy_for", "random_policy"]
