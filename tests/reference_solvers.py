"""Plain references the engine's fast code is checked against, here and never shipped:
they are slow on purpose and share no code with what they check.

* :func:`minimax`: plain minimax without pruning or table over a two-player endgame on
  :class:`~fives_tutor.core.position.Position` objects, for checking the exact solver
  (:func:`fives_tutor.engine.search.solve`; tests/test_engine_levels.py).
* :func:`enumerate_deals` and :func:`brute_weight`: every deal of the unseen tiles, and a
  deal's weight counted assignment by assignment, for checking the sampler's counting
  (:class:`fives_tutor.engine.knowledge.Knowledge`; tests/test_history.py,
  tests/test_knowledge.py).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from itertools import combinations, product

from fives_tutor.core.game import hand_result
from fives_tutor.core.position import Position, place
from fives_tutor.core.rules import RuleSet
from fives_tutor.core.tiles import Tile
from fives_tutor.engine.knowledge import Knowledge

# --- the exact solver's reference ------------------------------------------------------------


class PositionSolver:
    """Moves and hand-end values on :class:`~fives_tutor.core.position.Position` objects (the
    reference :func:`minimax` uses; shares nothing with the engine's ``Solver``)."""

    def __init__(self, rules: RuleSet, sides: Sequence[int]) -> None:
        self.rules = rules
        self.sides = tuple(sides)
        doubles = rules.spinner.doubles
        self.every = doubles == "every"
        self.first = doubles == "first"

    def moves(self, position: Position, tiles: frozenset[Tile],
              double_played: bool) -> list[tuple[Tile, int, int, Position]]:
        """Every play of ``tiles`` on ``position``: (tile, end index, points, position after)."""
        rules = self.rules
        ends = position.ends
        result = []
        for tile in tiles:
            high, low = tile
            spins = high == low and (self.every or (self.first and not double_played))
            if not ends:
                after = place(position, tile, -1, rules, spinner=spins)
                result.append((tile, -1, rules.scoring.points_for(after.total(rules)) if rules.lead.scores else 0,
                               after))
                continue
            seen = []
            for index, e in enumerate(ends):
                if (e.pips == high or e.pips == low) and e not in seen:
                    seen.append(e)
                    after = place(position, tile, index, rules, spinner=spins)
                    result.append((tile, index, rules.scoring.points_for(after.total()), after))
        return result

    def end_value(self, kind: str, hands: Sequence[frozenset[Tile]], turn: int, domino_player: int | None) -> int:
        """The hand-end award as a difference from the view of the player ``turn``."""
        pips = tuple(self.rules.hand_end.hand_pips(h) for h in hands)
        counts = tuple(len(h) for h in hands)
        result = hand_result(self.rules, kind, self.sides, pips, counts, domino_player)
        me = self.sides[turn]
        return sum(points if side == me else -points for side, points in zip(result.winners, result.points))


def minimax(rules: RuleSet, position: Position, hands: Sequence[Collection[Tile]], turn: int, passes: int,
            double_played: bool, sides: Sequence[int] = (0, 1)) -> int:
    """Plain minimax without pruning or table: the point difference to the end of the hand
    for the player ``turn``, both playing their best (every tile known, nothing to draw)."""
    solver = PositionSolver(rules, sides)
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


# --- the sampler's references ----------------------------------------------------------------


def enumerate_deals(known: Knowledge) -> Iterator[tuple[tuple[frozenset[Tile], ...], frozenset[Tile]]]:
    """Every deal of the unseen tiles that fits each opponent's count and what they may
    hold now (hands as frozensets, and the boneyard's set): exponential, for small cases.
    With records, a deal's weight is :meth:`Knowledge.weight` (or :func:`brute_weight`)."""
    tiles = list(known.unseen)

    def deal(index: int, pool: list[Tile]) -> Iterator[tuple[frozenset[Tile], ...]]:
        if index == len(known.counts):
            yield ()
            return
        for chosen in combinations(pool, known.counts[index]):
            if all(known.allowed(index, t) for t in chosen):
                rest = [t for t in pool if t not in chosen]
                for others in deal(index + 1, rest):
                    yield (frozenset(chosen),) + others

    for hands in deal(0, tiles):
        used: set[Tile] = set().union(*hands) if hands else set()
        yield hands, frozenset(t for t in tiles if t not in used)


def brute_weight(known: Knowledge, hands: Sequence[Sequence[Tile]]) -> int:
    """The weight of a deal counted by brute force: every assignment of each opponent's
    held and played tiles to their slots, checked tile by tile against each slot's
    ``void`` and ``forbidden`` at the time (shares no counting with the sampler)."""
    weight = 1
    for opponent, held in enumerate(hands):
        record = known.record(opponent)
        slots = record.slots
        items = [(tile, None) for tile in held] + [(p.tile, p) for p in record.played]
        ways = 0
        for assignment in product(range(len(slots)), repeat=len(items)):
            filled = [0] * len(slots)
            ok = True
            for (tile, played), index in zip(items, assignment):
                filled[index] += 1
                slot = slots[index]
                if played is None:
                    if tile[0] in slot.void or tile[1] in slot.void or tile in slot.forbidden:
                        ok = False
                        break
                elif not played.first <= index <= played.last:
                    ok = False
                    break
            if ok and filled == [s.capacity for s in slots]:
                ways += 1
        weight *= ways
    return weight
