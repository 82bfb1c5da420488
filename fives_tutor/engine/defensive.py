"""The ``defensive`` level as a player of the fast loop (pure): points now minus the
next player's expected best reply over the unseen tiles they may hold.

It values plays exactly as :func:`fives_tutor.engine.levels.rank_defensive` does on
positions (the same :func:`~fives_tutor.engine.chances.expected_best` of the same reply
values), so that ``fives best --level defensive`` and a defensive player in a duel, a
simulation or a playout choose alike (``tests/test_levels_agree.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .chances import expected_best
from .expert import allowed_tiles, credit_table, lone_reply_values, reply_values
from .fast import FastHand, Move, Option, credited, place_codes


def defensive_values(hand: FastHand, found: Sequence[Move]) -> list[tuple[float, float, int]]:
    """For each option: (value, expected reply, scoring replies) as the ``defensive``
    level computes them (:func:`fives_tutor.engine.levels.rank_defensive`): points now
    minus the next player's expected best reply over the unseen tiles they may hold.
    With a match board (``hand.board``), a play that wins the match has no reply, and
    under an exact target the points on both sides are those the match credits
    (:func:`~fives_tutor.engine.fast.credited`, :func:`~fives_tutor.engine.expert.credit_table`)."""
    tb = hand.tb
    me = hand.turn
    mine = hand.masks[me]
    unseen = tb.full & ~hand.table & ~mine
    nxt = (me + 1) % hand.players
    possible = allowed_tiles(tb, unseen, hand.voids[nxt])
    held = len(hand.hands[nxt])
    count = possible.bit_count()
    board = hand.board
    credit = credit_table(tb, board, board.scores[hand.sides[nxt]]) if board is not None else None
    score, target = (board.scores[hand.sides[me]], board.target) if board is not None else (0, 1 << 30)
    result = []
    for option in found:
        t, index = option[0], option[1]
        points = credited(hand, me, option[2])
        if mine == 1 << t or (points > 0 and score + points >= target):
            result.append((float(points), 0.0, 0))  # out, or the match won: nobody replies
            continue
        ends, total = place_codes(tb, hand.ends, hand.lone, hand.total, t, index, hand.double_played)
        if not hand.ends:
            values = lone_reply_values(tb, ends, possible, credit)
        else:
            values = reply_values(tb, ends, total, possible, credit)
        values += [0] * (count - len(values))
        reply = expected_best(values, held)
        result.append((points - reply, reply, sum(1 for v in values if v > 0)))
    return result


def defensive_policy(hand: FastHand, found: list[Option], rng: random.Random | None = None) -> Option:
    """The ``defensive`` level's play among ``found`` (at least one): the best value, then
    more points now (as the match credits them), the heavier tile, the higher half, the
    first end."""
    tb = hand.tb
    best = found[0]
    best_key: tuple[float, int, int, int, int] | None = None
    me = hand.turn
    for option, (value, _reply, _count) in zip(found, defensive_values(hand, found)):
        t = option[0]
        key = (round(value, 9), credited(hand, me, option[2]), tb.high[t] + tb.low[t], tb.high[t], -option[1])
        if best_key is None or key > best_key:
            best, best_key = option, key
    return best


__all__ = ["defensive_policy", "defensive_values"]
