"""Stronger play: Monte Carlo over the hidden tiles, and an exact endgame solver (pure, seeded).

* :func:`monte_carlo`: deals the hidden tiles many times, consistently with what the
  player knows (:class:`~fives_tutor.knowledge.Knowledge`), plays each candidate and
  then the rest of the hand with a fast greedy policy, and averages the point
  difference it leads to (play points, the hand-end collection, and near the match
  target the match itself). Every candidate sees the same deals.
* :func:`solve`: when every tile's place is known (two players, nothing left to
  draw), negamax with alpha-beta and a transposition table gives the proven value of
  every move: the point difference to the end of the hand, best play on both sides.
"""

from __future__ import annotations

import random
import time
from math import sqrt
from typing import NamedTuple, Sequence

from ..game import Hand, Scoreboard, hand_result
from .knowledge import Knowledge
from ..position import _COUNT_FACTOR, Position, place
from ..rules import RuleSet
from ..tiles import Tile

#: points a match win is worth to the search, beyond the points themselves
WIN_VALUE = 300


class SearchState(NamedTuple):
    """A decision: ``rules``; the ``position``; ``hand``, the tiles of the player to
    move (seat ``me``); ``knowledge`` of the others' tiles (opponents in seat order
    after ``me``); ``players``; ``sides``; ``double_played``; ``scores`` of the sides
    and the ``target`` (None: the match is not considered)."""

    rules: RuleSet
    position: Position
    hand: tuple[Tile, ...]
    knowledge: Knowledge
    players: int
    me: int
    sides: tuple[int, ...]
    double_played: bool
    scores: tuple[int, ...] | None = None


class MoveValue(NamedTuple):
    """A candidate ``(tile, end index, points)`` with its ``value`` (mean point
    difference), its ``stderr`` (0 when proven), ``samples`` and ``proven``."""

    move: tuple
    value: float
    stderr: float
    samples: int
    proven: bool = False
    end_swing: float = 0.0


def _deal(state: SearchState, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    hidden, boneyard = state.knowledge.sample(rng)
    hands: list[list[Tile]] = [[] for _ in range(state.players)]
    hands[state.me] = list(state.hand)
    for offset, tiles in enumerate(hidden, start=1):
        hands[(state.me + offset) % state.players] = tiles
    return hands, boneyard


def _greedy(options):
    best = options[0]
    key = (best[2], best[0][0] + best[0][1])
    for option in options:
        k = (option[2], option[0][0] + option[0][1])
        if k > key:
            best, key = option, k
    return best


def playout(hand: Hand, board: Scoreboard | None, side: int, first: tuple) -> tuple[float, float]:
    """Play ``first`` then the rest of ``hand`` greedily. Returns the point difference for
    ``side`` (with the match, when ``board`` is given and someone reaches the target)
    and the part of it that came from the hand-end collection."""
    gained = [0] * (max(hand.sides) + 1)
    at_end = [0] * len(gained)

    def take(s, points, end=False):
        if board is not None:
            points = board.take(s, points)
        gained[s] += points
        if end:
            at_end[s] += points

    move = first
    while True:
        if move is None:
            options = hand.options()
            while not options and hand.can_draw():
                hand.draw()
                options = hand.options()
            if not options:
                hand.pass_turn()
                if hand.over:
                    break
                continue
            move = _greedy(options)
        record = hand.play(move[0], move[1], move[2])
        take(hand.sides[record.player], record.points)
        move = None
        if board is not None and board.winner is not None:
            break
        if hand.over:
            break
    if hand.result is not None and (board is None or board.winner is None):
        for s, points in zip(hand.result.winners, hand.result.points):
            take(s, points, end=True)
    def difference(values):
        others = [g for s, g in enumerate(values) if s != side]
        return values[side] - (sum(others) / len(others) if others else 0)

    value = difference(gained)
    if board is not None and board.winner is not None:
        value += WIN_VALUE if board.winner == side else -WIN_VALUE
    return value, difference(at_end)


def candidates(state: SearchState) -> list[tuple]:
    """The legal plays of the player to move, as ``(tile, end index, points)``."""
    hand = Hand.resume(state.rules, [list(state.hand) if p == state.me else [] for p in range(state.players)], [],
                       state.position, state.me, state.sides, state.double_played)
    return hand.options(state.me)


def monte_carlo(state: SearchState, samples: int | None = None, seconds: float | None = None,
                rng: random.Random | None = None) -> list[MoveValue]:
    """Each candidate's mean value over sampled deals, best first.

    The budget is ``samples`` deals, or as many as fit in ``seconds`` (at least one
    round); every candidate is played out on every deal.
    """
    rng = rng or random.Random(0)
    moves = candidates(state)
    if not moves:
        return []
    totals = [0.0] * len(moves)
    squares = [0.0] * len(moves)
    swings = [0.0] * len(moves)
    done = 0
    deadline = time.perf_counter() + seconds if seconds else None
    limit = samples if samples else (10 ** 9 if seconds else 200)
    side = state.sides[state.me]
    rules = state.rules
    while done < limit:
        hands, boneyard = _deal(state, rng)
        for index, move in enumerate(moves):
            hand = Hand.resume(rules, [list(h) for h in hands], list(boneyard), state.position, state.me,
                               state.sides, state.double_played)
            board = None
            if state.scores is not None:
                board = Scoreboard(rules, state.players, state.sides)
                board.scores[:] = list(state.scores)
            value, swing = playout(hand, board, side, move)
            swings[index] += swing
            totals[index] += value
            squares[index] += value * value
        done += 1
        if deadline is not None and time.perf_counter() >= deadline:
            break
    result = []
    for index, move in enumerate(moves):
        mean = totals[index] / done
        variance = max(0.0, squares[index] / done - mean * mean)
        result.append(MoveValue(move, mean, sqrt(variance / done) if done > 1 else 0.0, done, False,
                                swings[index] / done))
    result.sort(key=lambda m: (-m.value, -(m.move[0][0] + m.move[0][1])))
    return result


# --- the exact endgame ---------------------------------------------------------------------------


class _Solver:
    """Negamax with alpha-beta and a transposition table over a fully known hand."""

    def __init__(self, rules: RuleSet, sides: Sequence[int]) -> None:
        self.rules = rules
        self.sides = tuple(sides)
        self.table: dict = {}
        self.nodes = 0
        from ..game import _points_table

        self.points = _points_table(rules)
        doubles = rules.spinner.doubles
        self.every = doubles == "every"
        self.first = doubles == "first"

    def moves(self, position: Position, tiles: frozenset, double_played: bool):
        ends = position.ends
        result = []
        if not ends:
            for tile in tiles:
                spins = tile[0] == tile[1] and (self.every or (self.first and not double_played))
                after = place(position, tile, -1, self.rules, spinner=spins)
                result.append((tile, -1, self.points[after.total(self.rules)] if self.rules.lead.scores else 0, after))
            return result
        for tile in tiles:
            high, low = tile
            seen = []
            for index, e in enumerate(ends):
                if (e.pips == high or e.pips == low) and e not in seen:
                    seen.append(e)
                    spins = high == low and (self.every or (self.first and not double_played))
                    after = place(position, tile, index, self.rules, spinner=spins)
                    total = sum(x.pips * _COUNT_FACTOR[x.kind] for x in after.ends)
                    result.append((tile, index, self.points[total], after))
        # good moves first: more points, heavier tiles
        result.sort(key=lambda m: (-m[2], -(m[0][0] + m[0][1])))
        return result

    def end_value(self, kind: str, hands, turn: int, domino_player) -> int:
        """The hand-end award as a difference from the view of the player ``turn``."""
        pips = tuple(self.rules.hand_end.hand_pips(h) for h in hands)
        counts = tuple(len(h) for h in hands)
        result = hand_result(self.rules, kind, self.sides, pips, counts, domino_player)
        me = self.sides[turn]
        value = 0
        for side, points in zip(result.winners, result.points):
            value += points if side == me else -points
        return value

    def search(self, position, hands, turn, passes, double_played, alpha, beta) -> int:
        self.nodes += 1
        key = (position, hands, turn, passes, double_played)
        entry = self.table.get(key)
        if entry is not None:
            value, flag = entry
            if flag == 0:
                return value
            if flag < 0 and value <= alpha:
                return value
            if flag > 0 and value >= beta:
                return value
        original_alpha = alpha
        mine = hands[turn]
        other = 1 - turn
        best = -10 ** 9
        moves = self.moves(position, mine, double_played)
        if not moves:
            if passes + 1 >= 2:
                best = self.end_value("blocked", hands, turn, None)
            else:
                best = -self.search(position, hands, other, passes + 1, double_played, -beta, -alpha)
        for tile, _index, points, after in moves:
            rest = mine - {tile}
            new_hands = (rest, hands[1]) if turn == 0 else (hands[0], rest)
            if not rest:
                value = points + self.end_value("domino", new_hands, turn, turn)
            else:
                # value = points - child, so value inside (alpha, beta) means the child
                # inside (points - beta, points - alpha)
                value = points - self.search(after, new_hands, other, 0, double_played or tile[0] == tile[1],
                                             points - beta, points - alpha)
            if value > best:
                best = value
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        flag = 0 if original_alpha < best < beta else (-1 if best <= original_alpha else 1)
        self.table[key] = (best, flag)
        return best


def solve(rules: RuleSet, position: Position, hands: Sequence[Sequence[Tile]], turn: int,
          double_played: bool, sides: Sequence[int] = (0, 1)) -> list[MoveValue]:
    """The proven value of every move of the player ``turn`` (two players, every tile
    known, nothing to draw): the point difference to the end of the hand for that
    player, both sides playing their best. Best first."""
    solver = _Solver(rules, sides)
    frozen = tuple(frozenset(h) for h in hands)
    other = 1 - turn
    result = []
    moves = solver.moves(position, frozen[turn], double_played)
    for tile, index, points, after in moves:
        rest = frozen[turn] - {tile}
        new_hands = (rest, frozen[1]) if turn == 0 else (frozen[0], rest)
        if not rest:
            value = points + solver.end_value("domino", new_hands, turn, turn)
        else:
            value = points - solver.search(after, new_hands, other, 0, double_played or tile[0] == tile[1],
                                           -10 ** 9, 10 ** 9)
        result.append(MoveValue((tile, index, points), float(value), 0.0, 0, True))
    result.sort(key=lambda m: (-m.value, -(m.move[0][0] + m.move[0][1])))
    return result


def minimax(rules: RuleSet, position: Position, hands, turn: int, passes: int, double_played: bool,
            sides=(0, 1)) -> int:
    """Plain minimax without pruning or table, for checking :func:`solve` on small endgames."""
    solver = _Solver(rules, sides)
    mine = frozenset(hands[turn])
    moves = solver.moves(position, mine, double_played)
    frozen = tuple(frozenset(h) for h in hands)
    if not moves:
        if passes + 1 >= 2:
            return solver.end_value("blocked", frozen, turn, None)
        return -minimax(rules, position, frozen, 1 - turn, passes + 1, double_played, sides)
    best = -10 ** 9
    for tile, _index, points, after in moves:
        rest = mine - {tile}
        new_hands = (rest, frozen[1]) if turn == 0 else (frozen[0], rest)
        if not rest:
            value = points + solver.end_value("domino", new_hands, turn, turn)
        else:
            value = points - minimax(rules, after, new_hands, 1 - turn, 0, double_played or tile[0] == tile[1], sides)
        best = max(best, value)
    return best
