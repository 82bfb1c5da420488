"""The fixed engine levels as players of the fast loop (:func:`fives_tutor.engine.fast.run`):
``greedy``, ``random``, ``defensive`` and ``expert`` (pure).

Each is a policy ``(hand, options, rng) -> option`` that sees only what the player to
move may see: their own tiles, the table, every player's tile count, and the numbers
each player has shown they lack (:attr:`fives_tutor.engine.fast.FastHand.voids`).
They choose exactly as the levels of the same names rank plays for ``fives best``
(:mod:`fives_tutor.engine.levels`).
"""

from __future__ import annotations

import random

from .expert import Expert, _allowed, _lone_reply_values
from .fast import FastHand, greedy_policy, place_codes, random_policy


def defensive_values(hand: FastHand, found: list) -> list[tuple[float, float, int]]:
    """For each option: (value, expected reply, scoring replies) as the ``defensive``
    level computes them (:func:`fives_tutor.engine.levels.rank_defensive`): points now
    minus the next player's expected best reply over the unseen tiles they may hold."""
    from .levels import expected_best

    tb = hand.tb
    me = hand.turn
    mine = hand.masks[me]
    unseen = tb.full & ~hand.table & ~mine
    nxt = (me + 1) % hand.players
    possible = _allowed(tb, unseen, hand.voids[nxt])
    held = len(hand.hands[nxt])
    count = bin(possible).count("1")
    result = []
    for option in found:
        t, index, points = option[0], option[1], option[2]
        if mine == 1 << t:
            result.append((float(points), 0.0, 0))
            continue
        ends, total = place_codes(tb, hand.ends, hand.lone, hand.total, t, index, hand.double_played)
        if not hand.ends:
            values = _lone_reply_values(tb, ends, possible)
        else:
            values = _best_per_tile(tb, ends, total, possible)
        values += [0] * (count - len(values))
        reply = expected_best(values, held)
        result.append((points - reply, reply, sum(1 for v in values if v > 0)))
    return result


def _best_per_tile(tb, ends, total, tiles) -> list[int]:
    best: dict = {}
    seen = 0
    for code in ends:
        if seen >> code & 1:
            continue
        seen |= 1 << code
        bits = tiles & tb.fitmask[code]
        row = tb.fit[code]
        while bits:
            bit = bits & -bits
            bits ^= bit
            u = bit.bit_length() - 1
            v = tb.points[total + row[u]]
            if v > best.get(u, 0):
                best[u] = v
    return [v for v in best.values() if v]


def defensive_policy(hand: FastHand, found: list, rng: random.Random | None = None) -> tuple:
    """The ``defensive`` level's play: the best value, then more points now, the heavier
    tile, the higher half, the first end."""
    tb = hand.tb
    best, best_key = None, None
    for option, (value, _reply, _count) in zip(found, defensive_values(hand, found)):
        t = option[0]
        key = (round(value, 9), option[2], tb.high[t] + tb.low[t], tb.high[t], -option[1])
        if best_key is None or key > best_key:
            best, best_key = option, key
    return best


def policy_for(level: str, samples: int | None = None, seed: str = "0"):
    """The fast-loop player of a level: ``greedy``, ``random``, ``defensive``, ``expert``,
    or ``monte-carlo`` and ``auto`` (a :class:`SearchPolicy`: record ``hand.steps``).
    Raises KeyError for another name."""
    if level in ("monte-carlo", "auto"):
        return SearchPolicy(level, samples, seed)
    return {"greedy": lambda: greedy_policy, "random": lambda: random_policy,
            "defensive": lambda: defensive_policy, "expert": Expert}[level]()




class SearchPolicy:
    """``monte-carlo`` or ``auto`` as a fast-loop player: the situation is built from the
    hand's steps (``hand.steps`` must be recorded) as ``fives best --history`` builds it,
    with the match scores of ``hand.board``, and ranked with ``samples`` deals a move
    (None: the engine's default)."""

    def __init__(self, level: str = "monte-carlo", samples: int | None = None, seed: str = "0", **options) -> None:
        self.level = level
        self.samples = samples
        self.options = options
        self.rng = random.Random(f"{seed}:search")

    def __call__(self, hand: FastHand, found: list, rng: random.Random | None = None) -> tuple:
        from .fast import codes_position
        from .levels import Situation, rank

        tb = hand.tb
        steps = hand.steps or []
        me = hand.turn
        played = [s.tile for s in steps if s.kind == "play"]
        scores = None
        if hand.board is not None and hand.board.target < 10 ** 9:
            order = []
            for k in range(hand.players):
                side = hand.sides[(me + k) % hand.players]
                if side not in order:
                    order.append(side)
            scores = tuple(hand.board.scores[s] for s in order)
        situation = Situation.from_steps(codes_position(hand.ends, hand.lone), steps, played,
                                         [len(h) for h in hand.hands], steps[0].player if steps else me, me,
                                         [tb.tiles[t] for t in hand.hands[me]], tb.rules, scores,
                                         "first" if hand.lead_tile >= 0 else "later")
        ranked = rank(situation, self.level, samples=self.samples, seed=self.rng.randrange(1 << 30), **self.options)
        best = ranked[0].play
        t = tb.index[best.tile]
        for option in found:
            if option[0] == t and option[1] == best.index:
                return option
        return found[0]


__all__ = ["SearchPolicy", "defensive_policy", "defensive_values", "greedy_policy", "policy_for", "random_policy"]
