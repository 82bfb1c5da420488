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


def policy_for(level: str, rng: random.Random | None = None):
    """The fast-loop player of a fixed level: ``greedy``, ``random``, ``defensive`` or
    ``expert``. Raises KeyError for another name."""
    return {"greedy": lambda: greedy_policy, "random": lambda: random_policy,
            "defensive": lambda: defensive_policy, "expert": Expert}[level]()


__all__ = ["defensive_policy", "defensive_values", "greedy_policy", "policy_for", "random_policy"]
