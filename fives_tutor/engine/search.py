"""Stronger play: Monte Carlo over the hidden tiles, and an exact solver (pure, seeded).

* :func:`monte_carlo`: deals the hidden tiles many times, consistently with what the
  player knows (:class:`~fives_tutor.engine.knowledge.Knowledge`, the whole history
  included), plays each candidate and then the rest of the hand on the fast loop
  (:mod:`fives_tutor.engine.fast`) with a playout player (the expert with a little
  randomness, or greedy), and averages the point difference it leads to (play
  points, the hand-end collection, and with the scores given the match itself: a
  match won or lost counts :data:`WIN_VALUE` points more). Every candidate sees the
  same deals. With two players and few tiles left, each sampled deal (its boneyard
  order included) is solved exactly instead of played out.
* :func:`solve`: when every tile's place is known (two players), negamax with
  alpha-beta, a transposition table keyed by bit masks, and move ordering gives the
  proven value of every move (the point difference to the end of the hand, best play
  on both sides); drawing from a boneyard of known order is part of the search.
  A node budget bounds it (:class:`SearchLimit` when exceeded).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from math import exp, log, sqrt
from typing import NamedTuple, Protocol, TypeAlias

from ..core.game import sides_for
from ..core.position import Position
from ..core.rules import RuleSet
from ..core.tiles import Tile
from .defensive import defensive_policy
from .expert import Expert
from .fast import (
    SPINNER,
    Board,
    EndCode,
    FastHand,
    Mask,
    Move,
    Option,
    Policy,
    Tables,
    TileIndex,
    greedy_policy,
    open_total,
    place_codes,
    play,
    position_codes,
    result_of,
    run,
    settle,
    tables,
    take,
)
from .fast import options as fast_options
from .knowledge import Knowledge
from .names import DEFAULT_SAMPLES, WIN_VALUE  # the default budget; what a match win is worth
from .styles import Model, deal_styles

#: the most tiles left in both hands for which each sampled deal is solved exactly
SOLVE_TILES = 8

#: the most tiles that may still be drawn for which each sampled deal is solved exactly:
#: a deal solved with its boneyard in a known order is played by two players who know
#: every tile to come, which costs a great deal (a 3-against-3 hand with 22 tiles to draw:
#: about 4,700 positions a deal, 4 s for 100 deals) and answers a question no player
#: at the table faces; past it the deal is played out (docs/benchmarks.md, issue 20)
SOLVE_BONEYARD = 0

#: how strongly the search weights each deal by the opponents' plays since they last drew
#: (:func:`play_weight`; 0: every deal counts alike): measured by
#: bench/inference_calibration.py (docs/benchmarks.md)
INFERENCE = 0.2

#: the playout player's chance of a random legal play (0: the expert's own choice, so that
#: a deal's playouts differ only by the candidate played)
EPSILON = 0.0


class SearchLimit(Exception):
    """The exact solver went past its node budget."""


#: a candidate as the search values it: ``(tile, end index, points)``, the tile an index
#: (:func:`monte_carlo`, :func:`ismcts`) or a :class:`~fives_tutor.core.tiles.Tile`
#: (:func:`solve`)
Candidate: TypeAlias = tuple[Tile | TileIndex, int, int]

#: an opponent's play since they last drew: the ends before it (codes), whether one tile
#: lay alone, the tile, and the tiles they played from then on
Observed: TypeAlias = tuple[tuple[EndCode, ...], bool, TileIndex, tuple[TileIndex, ...]]

#: the same with tiles as :class:`~fives_tutor.core.tiles.Tile` (as a situation holds it)
ObservedTiles: TypeAlias = tuple[Sequence[EndCode], bool, Tile, Sequence[Tile]]

#: who plays the playouts: a level's name (``expert``, ``greedy``), a fast-loop player, or
#: None (the fast loop's own greedy play)
Playout: TypeAlias = str | Policy | None


class MoveValue(NamedTuple):
    """A candidate ``(tile, end index, points)`` with its ``value`` (mean point
    difference), its ``stderr`` (0 when proven), ``samples`` and ``proven``; ``end_swing``
    is the part of the value that came from the hand-end collection, in points
    (``swing_known`` False: some deals were solved exactly, which gives no such part, so
    it is not known); ``raced_out``: the candidate left the race clearly behind, and its
    value is the leader's less their paired difference on the deals it was played on."""

    move: Candidate
    value: float
    stderr: float
    samples: int
    proven: bool = False
    end_swing: float = 0.0
    swing_known: bool = True
    raced_out: bool = False


class Problem(NamedTuple):
    """A decision in the fast representation, from the seat of the player to move (seat 0).

    ``tb`` the pack's tables; ``ends`` (codes) and ``lone``; ``mine`` the tiles of the
    player (indexes); ``knowledge`` of the others (in seat order from seat 1);
    ``players``; ``sides``; ``double_played``; ``voids`` the numbers each seat has shown
    it lacks (bit masks, for the playout players); ``scores`` by side (None: the match is
    not considered); ``moves`` the candidates ``(tile index, end index, points)``;
    ``lead_tile`` the tile that must lead (-1: any); ``observed`` each opponent's plays
    since they last drew, ``(ends, lone, tile, tiles played from then on)`` (indexes).
    """

    tb: Tables
    ends: tuple[EndCode, ...]
    lone: bool
    mine: tuple[TileIndex, ...]
    knowledge: Knowledge
    players: int
    sides: tuple[int, ...]
    double_played: bool
    voids: tuple[Mask, ...]
    scores: tuple[int, ...] | None
    moves: tuple[tuple[TileIndex, int, int], ...]
    lead_tile: TileIndex = -1
    observed: tuple[tuple[Observed, ...], ...] = ()


def problem(rules: RuleSet, position: Position, mine: Sequence[Tile], knowledge: Knowledge, double_played: bool,
            moves: Sequence[tuple[Tile, int]], scores: Sequence[int] | None = None,
            voids: Sequence[frozenset[int]] = (), observed: Sequence[Sequence[ObservedTiles]] = ()) -> Problem:
    """A :class:`Problem` from the table as the player sees it; ``moves`` are the legal
    plays as ``(tile, end index)``; ``voids`` the numbers each opponent (from the next
    player) has shown they lack, for the playout players."""
    tb = tables(rules)
    players = 1 + len(knowledge.counts)
    ends = tuple(position_codes(position))
    masks = [0] + [sum(1 << n for n in void) for void in voids]
    masks += [0] * (players - len(masks))
    index = tb.index
    candidates = []
    total = open_total(tb, list(ends), position.lone) if ends else 0
    for tile, end in moves:
        t = index[tile]
        after_ends, after = place_codes(tb, list(ends), position.lone, total, t, end, double_played)
        points = tb.lead_points[t] if not ends else tb.points[after]
        candidates.append((t, end, points))
    seen = tuple(tuple((tuple(o_ends), o_lone, index[tile], tuple(index[t] for t in later))
                       for o_ends, o_lone, tile, later in plays) for plays in observed)
    return Problem(tb, ends, position.lone, tuple(index[t] for t in mine), knowledge, players,
                   sides_for(rules, players), double_played, tuple(masks),
                   tuple(scores) if scores is not None else None, tuple(candidates), -1, seen)


def play_weight(tb: Tables, observed: Sequence[Sequence[Observed]], hands: Sequence[Sequence[TileIndex]],
                strength: float) -> float:
    """How likely the opponents' observed plays were, were they holding ``hands`` (per
    opponent, tile indexes): for each play since they last drew, the chance a player who
    prefers points (a softmax, ``strength`` per point) picks the play they made among the
    plays their hand then allowed (the hand now and the tiles they played since). 1 when
    ``strength`` is 0."""
    if not strength:
        return 1.0
    weight = 1.0
    for plays, hand in zip(observed, hands):
        for ends, lone, tile, later in plays:
            held = list(hand) + list(later)
            total = open_total(tb, list(ends), lone)
            chosen: float | None = None
            mass = 0.0
            for t in held:
                best: int | None = None
                for index, code in enumerate(ends):
                    matched = code >> 2
                    if matched != tb.high[t] and matched != tb.low[t]:
                        continue
                    if lone:
                        _after, after_total = place_codes(tb, list(ends), True, total, t, index, True)
                    else:
                        after_total = total + tb.fit[code][t]
                    points = tb.points[after_total]
                    term = exp(strength * points)
                    mass += term
                    if t == tile and (best is None or points > best):
                        best = points
                if t == tile and best is not None:
                    chosen = exp(strength * best)
            if chosen is not None and mass:
                weight *= chosen / mass
    return weight


def _board(problem: Problem) -> Board:
    """The match score the playouts start from (with no scores, a target never reached)."""
    rules = problem.tb.rules
    sides = len(set(problem.sides))
    if problem.scores is None:
        board = Board(rules, problem.players, [0] * sides)
        board.target = 10 ** 9
        board.exact = board.bounce = False
        return board
    return Board(rules, problem.players, problem.scores)


def deal_hidden(problem: Problem, rng: random.Random) -> tuple[list[list[TileIndex]], list[TileIndex]]:
    """One deal of the hidden tiles (:meth:`~fives_tutor.engine.knowledge.Knowledge.sample`):
    every seat's tiles (seat 0 the player's own) and the boneyard, as indexes."""
    hidden, boneyard = problem.knowledge.sample(rng)
    index = problem.tb.index
    hands = [list(problem.mine)] + [[index[t] for t in tiles] for tiles in hidden]
    return hands, [index[t] for t in boneyard]


def playout_player(name: str = "expert", epsilon: float = EPSILON) -> Policy | None:
    """The playout player: ``expert`` (with a chance ``epsilon`` of a random legal play)
    or ``greedy`` (None: the fast loop's own greedy play)."""
    if name == "greedy":
        return None
    return Expert(epsilon=epsilon)


#: the budget of a move is ``samples`` deals for each candidate, but for no more than this
#: many candidates: past it (a free lead with 9 tiles, a long hand typed without counts)
#: the deals are shared, so that no answer takes much more than a 6-play position does
#: (docs/benchmarks.md, issue 20); the race gives the plays clearly behind's deals to the rest
SPREAD = 6

#: with pruning, candidates are compared every this many deals
PRUNE_EVERY = 16

#: a candidate is dropped when its paired difference to the best is this many standard
#: errors below zero
PRUNE_Z = 3.0

#: no candidate leaves the race before this many deals: on fewer, a few lucky deals make
#: a standard error too small to trust, and the best play can be dropped
PRUNE_MIN = 64


def monte_carlo(problem: Problem, samples: int | None = None, seconds: float | None = None,
                rng: random.Random | None = None, player: Playout = "expert", solve_tiles: int = SOLVE_TILES,
                inference: float = 0.0, prune: bool = True, epsilon: float = EPSILON,
                model: Model | None = None, opponents: Policy | None = None) -> list[MoveValue]:
    """Each candidate's mean value over sampled deals, best first.

    The budget is ``samples`` deals a candidate (``samples`` times the number of
    candidates playouts in all, the candidates counted up to :data:`SPREAD`), or as many
    as fit in ``seconds`` (at least one round).
    Every candidate still in the race is played out on every deal (``player``: the
    playout player's name, or a fast-loop policy), so their differences are not luck
    of the deal. With ``prune``, every :data:`PRUNE_EVERY` deals a candidate whose
    paired difference to the best is :data:`PRUNE_Z` standard errors below zero leaves
    the race, and the playouts it would have had go to the others (when one is left,
    it stops once that one has been valued on ``samples`` deals). With two players and
    at most ``solve_tiles`` tiles in the two hands, each deal is solved exactly instead.

    The other seats: with a ``model`` (:class:`~fives_tutor.engine.styles.Model`, what
    their plays showed of their styles) each deal counts by how likely the plays they
    made since they last drew were with the hands it gives them, under the mixture of
    styles, and each seat plays that deal's playouts in a style drawn from its posterior
    given the deal (:func:`~fives_tutor.engine.styles.deal_styles`). Without one, every
    seat plays like ``player`` (or ``opponents``, a fast-loop policy for the other seats),
    and with ``inference`` above 0 each deal counts by :func:`play_weight`. Raises
    :class:`~fives_tutor.errors.IllegalPlayError` when no deal fits what the player knows.
    """
    return summarise(problem, sample(problem, samples, seconds, rng, player, solve_tiles, inference, prune, epsilon,
                                     model=model, opponents=opponents))


class Sampled(NamedTuple):
    """What :func:`sample` measured: for each candidate (in the order of ``problem.moves``)
    its value on each deal it was played on (``values``, the first deals), the weighted
    sum of its hand-end swings (``swings``), the weight of each deal (``weights``), the
    candidates still in the race at the end (``alive``) and, for each candidate, the
    total weight of the deals played out rather than solved (``swung``: the swings'
    denominator); ``wins`` for each candidate, how each deal's playout ended the match
    for the player's side (1 won, -1 lost, 0 not decided: the part of each value that is
    the match, :data:`WIN_VALUE` times it)."""

    values: list[list[float]]
    swings: list[float]
    weights: list[float]
    alive: list[int]
    swung: list[float] = []  # never changed: a shared empty default is safe
    wins: list[list[int]] = []  # never changed: a shared empty default is safe


#: one deal of the hidden tiles as the search plays it: every seat's tiles, the boneyard
#: in its order, and the style each other seat plays it in (None: every seat the playout player)
Deal: TypeAlias = tuple[list[list[TileIndex]], list[TileIndex], tuple[str, ...] | None]
#: a deal's outcome for one candidate: its value, its hand-end part, the match (1, -1, 0),
#: and whether it was played out (False: solved exactly, no hand-end part)
Outcome: TypeAlias = tuple[float, float, int, bool]
#: what values a batch of deals for the candidates still in the race: ``(alive, deals)`` ->
#: for each deal, each alive candidate's :data:`Outcome`
Evaluate: TypeAlias = Callable[[tuple[list[int], list[Deal]]], list[list[Outcome]]]


#: values the parts of a batch, each part ``(alive, deals)``: their results in the same order
Runner: TypeAlias = Callable[[list[tuple[list[int], list[Deal]]]], list[list[list[Outcome]]]]


class Spread(Protocol):
    """Other processes that value the parts of one batch of deals at once
    (:class:`fives_tutor.study.parallel.Forked`): ``parts`` is how many parts a batch is
    split into, and ``open(evaluate)`` a context in which a :data:`Runner` gives each
    part's results, the same as ``evaluate`` run on each part in turn."""

    parts: int

    def open(self, evaluate: Evaluate) -> AbstractContextManager[Runner]:
        """The runner for the search's ``evaluate``, its processes ended on leaving."""
        ...


def sample(problem: Problem, samples: int | None = None, seconds: float | None = None,
           rng: random.Random | None = None, player: Playout = "expert", solve_tiles: int = SOLVE_TILES,
           inference: float = 0.0, prune: bool = True, epsilon: float = EPSILON, keep: Sequence[int] = (),
           model: Model | None = None, opponents: Policy | None = None, spread: Spread | None = None) -> Sampled:
    """The deals and playouts behind :func:`monte_carlo` (the same arguments), each deal's
    values kept (:class:`Sampled`), for a caller that compares two candidates deal by deal
    (:func:`paired`). The candidates whose indexes are in ``keep`` never leave the race.

    With a ``spread`` (:class:`Spread`: other processes), the deals of each round of the
    race are dealt first and their playouts shared among the processes: the same deals
    and the same values as without it, in less time. It is used only where the playouts
    draw nothing from ``rng`` (the players are the fixed levels, with no random play) and
    the budget is a number of deals, not ``seconds``."""
    rng = rng or random.Random(0)
    moves = problem.moves
    if not moves:
        return Sampled([], [], [], [], [])
    policy = playout_player(player, epsilon) if isinstance(player, str) else player
    if opponents is not None:
        policy = _seated([policy or greedy_policy] + [opponents] * (problem.players - 1))
    seated: dict[tuple[str, ...], Policy | None] = {}
    by_style = _style_policies()
    if isinstance(player, str) and player == "expert" and not epsilon and policy is not None:
        by_style["expert"] = policy  # one expert for every seat: the playouts need no dispatch
    count = len(moves)
    values: list[list[float]] = [[] for _ in moves]
    wins: list[list[int]] = [[] for _ in moves]
    swings = [0.0] * count
    swung = [0.0] * count
    weights: list[float] = []
    deadline = time.perf_counter() + seconds if seconds else None
    budget = (samples if samples else (10 ** 9 if seconds else DEFAULT_SAMPLES)) * min(count, SPREAD)
    side = problem.sides[0]
    tb = problem.tb
    voids = list(problem.voids)
    drawable = problem.knowledge.boneyard - tb.rules.turn.boneyard_reserve if tb.rules.turn.draw != "none" else 0
    solvable = (problem.players == 2 and len(problem.mine) + problem.knowledge.counts[0] <= solve_tiles
                and drawable <= SOLVE_BONEYARD)
    base_board = _board(problem)

    def policy_of(styles: tuple[str, ...] | None) -> Policy | None:
        if styles is None:
            return policy
        found = seated.get(styles)
        if found is None:
            found = seated[styles] = _seated([policy or greedy_policy] + [by_style[s] for s in styles])
        return found

    def outcomes(alive_now: list[int], deal: Deal) -> list[Outcome]:
        hands, boneyard, styles = deal
        deal_policy = policy_of(styles)
        base = FastHand.resume(tb, hands, boneyard, list(problem.ends), problem.lone, 0, problem.sides,
                               problem.double_played, 0, voids)
        base.lead_tile = problem.lead_tile
        if solvable and problem.scores is None:
            try:
                # the solver gives no hand-end part (and no match: no scores)
                return [(float(v), 0.0, 0, False) for v in _solve_deal(base, [moves[i] for i in alive_now])]
            except SearchLimit:
                pass
        found: list[Outcome] = []
        for index in alive_now:
            value, swing, won = _playout(base, moves[index], deal_policy, rng, base_board, side)
            found.append((value, swing, won, True))
        return found

    def evaluate(job: tuple[list[int], list[Deal]]) -> list[list[Outcome]]:
        alive_now, deals = job
        return [outcomes(alive_now, deal) for deal in deals]

    # only where the playouts draw nothing from rng may a round's deals be dealt first and shared
    fixed = isinstance(player, str) and not epsilon and opponents is None
    shared = spread if spread is not None and spread.parts > 1 and fixed and deadline is None else None
    alive = list(range(count))
    playouts = 0
    nominal = budget // count
    alone: Runner = lambda jobs: [evaluate(job) for job in jobs]  # noqa: E731 - the one-process runner
    with nullcontext(alone) if shared is None else shared.open(evaluate) as run_parts:
        while playouts < budget and (len(alive) > 1 or len(weights) < nominal):
            size = 1  # this round's deals: one at a time, or shared up to the next look of the race
            if shared is not None:
                size = -(-(budget - playouts) // len(alive))
                if len(alive) == 1:
                    size = min(size, nominal - len(weights))
                size = min(size, PRUNE_EVERY - len(weights) % PRUNE_EVERY)
            deals: list[Deal] = []
            for _ in range(size):
                hands, boneyard = deal_hidden(problem, rng)
                styles: tuple[str, ...] | None = None
                if model is not None:
                    weight, styles = deal_styles(tb, model, hands, rng)
                else:
                    weight = play_weight(tb, problem.observed, hands[1:], inference) if inference else 1.0
                weights.append(weight)
                deals.append((hands, boneyard, styles))
            parts = _parts(deals, 1 if shared is None else shared.parts)
            results = [found for part in run_parts([(alive, part) for part in parts]) for found in part]
            for weight, found in zip(weights[len(weights) - len(deals):], results):
                for index, (value, swing, won, played) in zip(alive, found):
                    if played:
                        swings[index] += weight * swing
                        swung[index] += weight
                    values[index].append(value)
                    wins[index].append(won)
                    playouts += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if prune and len(weights) % PRUNE_EVERY == 0 and len(weights) >= PRUNE_MIN and len(alive) > 1:
                raced = _race(alive, values, weights)
                alive = [index for index in alive if index in raced or index in keep]
    return Sampled(values, swings, weights, alive, swung, wins)


def _parts(deals: list[Deal], count: int) -> list[list[Deal]]:
    """``deals`` in at most ``count`` runs of consecutive deals, as even as they go."""
    count = max(1, min(count, len(deals)))
    size, extra = divmod(len(deals), count)
    parts, start = [], 0
    for k in range(count):
        end = start + size + (k < extra)
        parts.append(deals[start:end])
        start = end
    return parts


def summarise(problem: Problem, sampled: Sampled) -> list[MoveValue]:
    """The :class:`MoveValue` of every candidate from what :func:`sample` measured, best first.

    A candidate that left the race is valued as the leader's value plus its paired
    difference to the leader on the deals both were played on (:func:`paired`): its own
    mean over its fewer deals carries their luck and can read higher than the leader's
    although it was clearly behind on those very deals."""
    moves = problem.moves
    tb = problem.tb
    values, weights, alive = sampled.values, sampled.weights, sampled.alive
    swung = sampled.swung or [0.0] * len(moves)
    result = []
    for index, move in enumerate(moves):
        seen = values[index]
        used = weights[:len(seen)]
        total = sum(used)
        mean = sum(w * v for w, v in zip(used, seen)) / total if total else 0.0
        variance = max(0.0, sum(w * v * v for w, v in zip(used, seen)) / total - mean * mean) if total else 0.0
        # the effective number of deals, with weights (Kish): all of them when unweighted
        squared = sum(w * w for w in used)
        effective = total * total / squared if squared else 0.0
        result.append(MoveValue(move, mean, sqrt(variance / (effective - 1)) if effective > 1 else 0.0, len(seen),
                                False, sampled.swings[index] / swung[index] if swung[index] else 0.0,
                                bool(total) and swung[index] >= total * (1 - 1e-9)))
    if len(alive) < len(moves):
        leader = max(alive, key=lambda i: result[i].value)
        for index in range(len(moves)):
            if index not in alive:
                difference, error = paired(sampled, index, leader)
                result[index] = result[index]._replace(
                    value=result[leader].value + difference, stderr=sqrt(result[leader].stderr ** 2 + error ** 2),
                    raced_out=True)
    # best first: those still in the race, the higher value, more deals, the heavier tile
    order = sorted(range(len(moves)), key=lambda i: (result[i].raced_out, -result[i].value, -result[i].samples,
                                                     -(tb.high[moves[i][0]] + tb.low[moves[i][0]])))
    return [result[i] for i in order]


def paired(sampled: Sampled, first: int, second: int) -> tuple[float, float]:
    """The mean of candidate ``first``'s value less candidate ``second``'s over the deals
    both were played on (weighted as the deals are), and its standard error: the
    difference between two plays without the luck of the deal in it."""
    a, b = sampled.values[first], sampled.values[second]
    n = min(len(a), len(b))
    if n == 0:
        return 0.0, 0.0
    w = sampled.weights[:n]
    total = sum(w)
    differences = [x - y for x, y in zip(a, b)]
    mean = sum(x * d for x, d in zip(w, differences)) / total
    spread = sum(x * x * (d - mean) ** 2 for x, d in zip(w, differences))
    error = sqrt(spread) / total if n > 1 else 0.0
    return mean, error


def _seated(policies: Sequence[Policy]) -> Policy:
    """A fast-loop policy that asks the policy of the seat to move."""
    policies = list(policies)
    if all(p is policies[0] for p in policies):
        return policies[0]

    def policy(hand: FastHand, found: list[Option], rng: random.Random | None) -> Option:
        return policies[hand.turn](hand, found, rng)

    return policy


def _style_policies() -> dict[str, Policy]:
    """The playout player of each style (:data:`~fives_tutor.engine.styles.STYLES`)."""
    return {"greedy": greedy_policy, "defensive": defensive_policy, "expert": Expert()}


def _race(alive: list[int], values: list[list[float]], weights: list[float]) -> list[int]:
    """The candidates that stay in the race: those whose paired difference to the best
    (on the deals both were valued on) is not clearly below zero."""
    deals = len(values[alive[0]])
    total = sum(weights[:deals])

    def mean(index: int) -> float:
        return sum(w * v for w, v in zip(weights, values[index])) / total if total else 0.0

    best = max(alive, key=mean)
    keep = []
    for index in alive:
        if index == best:
            keep.append(index)
            continue
        differences = [a - b for a, b in zip(values[index], values[best])]
        n = len(differences)
        w = weights[:n]
        w_total = sum(w)
        m = sum(x * y for x, y in zip(w, differences)) / w_total
        spread = sum(x * x * (d - m) ** 2 for x, d in zip(w, differences))
        error = sqrt(spread) / w_total if w_total else 0.0
        if m + PRUNE_Z * error >= 0 or error == 0 and m >= 0:
            keep.append(index)
    return keep


def _playout(base: FastHand, move: Move, policy: Policy | None, rng: random.Random, base_board: Board,
             side: int) -> tuple[float, float, int]:
    """One playout of ``move`` from ``base`` (copied) to the end of the hand, or of the
    match; the point difference for ``side``, its part from the hand-end award, and the
    match (1: ``side`` won it, -1: lost it, 0: not over). Where the match ended, the
    value is the match's alone, :data:`WIN_VALUE` won or lost, whatever the points."""
    hand = base.copy()
    board = Board.__new__(Board)
    board.scores = list(base_board.scores)
    board.target, board.exact, board.bounce, board.winner = (base_board.target, base_board.exact, base_board.bounce,
                                                             None)
    start = list(board.scores)
    hand.board = board
    player = hand.turn
    points = _play(hand, move)
    if not take(hand, board, hand.sides[player], points):
        run(hand, policy, rng, board)  # plays the rest, or ends a hand the move finished
    gained = [s - b for s, b in zip(board.scores, start)]
    at_end = [0] * len(gained)
    if hand.result is not None and hand.at_end:
        for s, taken in zip(hand.result.winners, hand.at_end):
            at_end[s] += taken
    won = 0 if board.winner is None else 1 if board.winner == side else -1
    if won:  # a match decided is worth the match, whatever the margin: winning with 10 now is no worse than with 40
        return WIN_VALUE * won, 0.0, won
    return _difference(gained, side), _difference(at_end, side), won


def _play(hand: FastHand, move: Move) -> int:
    return play(hand, move[0], move[1])


def _difference(values: Sequence[float], side: int) -> float:
    others = [g for s, g in enumerate(values) if s != side]
    return values[side] - (sum(others) / len(others) if others else 0)


# --- information-set Monte Carlo tree search ---------------------------------------------------


#: a move of the tree: ``(tile, end index)``, or ``("pass",)``
NodeKey: TypeAlias = tuple[int, int] | tuple[str]


class _Node:
    """A node of the information-set tree: the plays (and passes) made from it, each
    with its visits, total reward and times it was available (for UCB)."""

    __slots__ = ("children", "visits", "total", "squares", "available", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[NodeKey, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.available = 0
        self.player = player


def ismcts(problem: Problem, iterations: int | None = None, seconds: float | None = None,
           rng: random.Random | None = None, player: Playout = "expert", exploration: float = 0.7,
           scale: float = 40.0, epsilon: float = 0.1) -> list[MoveValue]:
    """Single-observer information-set Monte Carlo tree search (Cowling, Powley and
    Whitehouse 2012): each iteration deals the hidden tiles afresh (as
    :func:`monte_carlo` does), walks down one tree of the moves seen by the player to
    move, choosing by UCB among the moves legal in that deal (rewards in units of
    ``scale`` points, ``exploration`` the UCB constant), adds one node, plays the hand
    out with the playout ``player`` and backs the point difference up, each node valued
    from the side of the player who moved into it. Draws are not tree moves (they are
    forced). Returns the root moves best first by visits (``samples``), with their mean
    value and its standard error.
    """
    rng = rng or random.Random(0)
    moves = problem.moves
    if not moves:
        return []
    policy = playout_player(player, epsilon) if isinstance(player, str) else player
    tb = problem.tb
    voids = list(problem.voids)
    limit = iterations if iterations else (10 ** 9 if seconds else DEFAULT_SAMPLES * len(moves))
    deadline = time.perf_counter() + seconds if seconds else None
    root = _Node(0)
    base_board = _board(problem)
    sides = problem.sides
    reserve = tb.rules.turn.boneyard_reserve
    may_draw = tb.rules.turn.draw != "none"
    only_one = tb.rules.turn.draw == "one"
    draws_show = not tb.rules.turn.draw_while_able
    done = 0
    while done < limit:
        hands, boneyard = deal_hidden(problem, rng)
        hand = FastHand.resume(tb, hands, boneyard, list(problem.ends), problem.lone, 0, sides,
                               problem.double_played, 0, list(voids))
        hand.lead_tile = problem.lead_tile
        board = Board.__new__(Board)
        board.scores = list(base_board.scores)
        board.target, board.exact, board.bounce, board.winner = (base_board.target, base_board.exact,
                                                                 base_board.bounce, None)
        hand.board = board
        start = list(board.scores)
        node = root
        path: list[_Node] = []
        expanded = False
        while hand.kind is None and board.winner is None:
            seat = hand.turn
            found = fast_options(hand, seat) if node is not root else [m + (0,) for m in moves]
            if not found and may_draw and hand.ends and len(hand.boneyard) > reserve:
                if draws_show:
                    hand.voids[seat] = hand.open_numbers
                while not found and len(hand.boneyard) > reserve:
                    t = hand.boneyard.pop()
                    hand.hands[seat].append(t)
                    hand.masks[seat] |= 1 << t
                    found = fast_options(hand, seat)
                    if only_one:
                        break
            key: NodeKey
            if not found:
                key = ("pass",)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(seat)
                child.available += 1
                hand.voids[seat] |= hand.open_numbers
                hand.passes += 1
                if hand.passes >= hand.players:
                    hand.kind = "blocked"
                else:
                    hand.turn = (seat + 1) % hand.players
                path.append(child)
                node = child
                continue
            untried = []
            best: Option | None = None
            best_score: float | None = None
            for option in found:
                key = (option[0], option[1])
                child = node.children.get(key)
                if child is None:
                    untried.append(option)
                    continue
                child.available += 1
                score = child.total / child.visits / scale + exploration * sqrt(log(child.available) / child.visits)
                if best_score is None or score > best_score:
                    best, best_score = option, score
            if untried and not expanded:
                option = untried[rng.randrange(len(untried))]
                child = node.children[(option[0], option[1])] = _Node(seat)
                child.available += 1
                expanded = True
            elif best is not None:
                option = best
                child = node.children[(option[0], option[1])]
            else:
                break  # only untried moves and one node already added: play out from here
            points = _play(hand, option)
            path.append(child)
            node = child
            if take(hand, board, hand.sides[seat], points):
                break
            if expanded:
                break
        if hand.kind is None and board.winner is None:
            run(hand, policy, rng, board)
        elif hand.kind is not None and board.winner is None and hand.result is None:
            settle(hand, board)
        gained = [s - b for s, b in zip(board.scores, start)]
        for child in path:
            side = sides[child.player]
            value = _difference(gained, side)
            if board.winner is not None:
                value += WIN_VALUE if board.winner == side else -WIN_VALUE
            child.visits += 1
            child.total += value
            child.squares += value * value
        root.visits += 1
        done += 1
        if deadline is not None and time.perf_counter() >= deadline:
            break
    result = []
    for move in moves:
        child = root.children.get((move[0], move[1]))
        if child is None or not child.visits:
            result.append(MoveValue(move, -10 ** 6, 0.0, 0))
            continue
        mean = child.total / child.visits
        variance = max(0.0, child.squares / child.visits - mean * mean)
        result.append(MoveValue(move, mean, sqrt(variance / (child.visits - 1)) if child.visits > 1 else 0.0,
                                child.visits))
    result.sort(key=lambda m: (-m.samples, -m.value))
    return result


# --- the exact solver ------------------------------------------------------------------------


#: a position of the exact solver: the ends (sorted), both hands' masks, the player to
#: move, passes in a row, whether a double was played, the tiles drawn so far
SolverKey: TypeAlias = tuple[tuple[EndCode, ...], tuple[Mask, ...], int, int, bool, int]


class Solver:
    """Negamax with alpha-beta over a two-player hand whose every tile is known: the hands
    (bit masks) and the boneyard in the order it will be drawn. The transposition table is
    keyed by the ends, both masks and the tiles drawn so far; moves are tried best-first
    (the table's best move, then more points, then heavier tiles). ``limit`` bounds the
    nodes (:class:`SearchLimit`)."""

    def __init__(self, tb: Tables, sides: Sequence[int] = (0, 1), boneyard: Sequence[int] = (),
                 limit: int = 2_000_000) -> None:
        self.tb = tb
        rules = tb.rules
        self.sides = tuple(sides)
        self.boneyard = tuple(boneyard)
        self.reserve = rules.turn.boneyard_reserve
        self.draw = rules.turn.draw
        self.table: dict[SolverKey, tuple[int, int, tuple[TileIndex, int] | None]] = {}
        self.nodes = 0
        self.limit = limit
        self.weight = tb.weight

    def moves(self, ends: tuple[EndCode, ...], total: int, lone: bool, mask: Mask,
              double_played: bool) -> list[tuple[int, int, TileIndex, int]]:
        """Every move of the tiles of ``mask``: (points, tile weight, tile, end index), in no
        particular order (sort them to try the most points first)."""
        tb = self.tb
        result = []
        weight = self.weight
        if not ends or lone:
            bits = mask
            while bits:
                bit = bits & -bits
                bits ^= bit
                t = bit.bit_length() - 1
                if not ends:
                    result.append((tb.lead_points[t], weight[t], t, -1))
                    continue
                seen_codes = []
                for index, code in enumerate(ends):
                    matched = code >> 2
                    if (matched == tb.high[t] or matched == tb.low[t]) and code not in seen_codes:
                        seen_codes.append(code)
                        _after, after_total = place_codes(tb, list(ends), lone, total, t, index, double_played)
                        result.append((tb.points[after_total], weight[t], t, index))
            return result
        fit, fitmask, points = tb.fit, tb.fitmask, tb.points
        seen = 0
        for index, code in enumerate(ends):
            if seen >> code & 1:
                continue
            seen |= 1 << code
            bits = mask & fitmask[code]
            row = fit[code]
            while bits:
                bit = bits & -bits
                bits ^= bit
                t = bit.bit_length() - 1
                result.append((points[total + row[t]], weight[t], t, index))
        return result

    def after(self, ends: tuple[EndCode, ...], total: int, lone: bool, t: TileIndex, index: int,
              double_played: bool) -> tuple[tuple[EndCode, ...], int]:
        """The ends and total after tile ``t`` goes on end ``index``."""
        tb = self.tb
        code = ends[index] if ends else 0
        if not ends or lone or tb.high[t] == tb.low[t] or code & 3 == SPINNER:
            after, after_total = place_codes(tb, list(ends), lone, total, t, index, double_played)
            return tuple(after), after_total
        return (ends[:index] + ((tb.high[t] + tb.low[t] - (code >> 2)) * 4,) + ends[index + 1:],
                total + tb.fit[code][t])

    def end_value(self, kind: str, masks: tuple[Mask, ...], turn: int, domino_player: int | None) -> int:
        """The hand-end award as a difference from the view of the player ``turn``."""
        tb = self.tb
        weight = self.weight
        pips = []
        counts = []
        for mask in masks:
            total = count = 0
            while mask:
                bit = mask & -mask
                mask ^= bit
                total += weight[bit.bit_length() - 1]
                count += 1
            pips.append(total)
            counts.append(count)
        result = result_of(tb, kind, self.sides, tuple(pips), tuple(counts), domino_player)
        me = self.sides[turn]
        value = 0
        for side, points in zip(result.winners, result.points):
            value += points if side == me else -points
        return value

    def search(self, ends: tuple[EndCode, ...], total: int, lone: bool, masks: tuple[Mask, ...], turn: int, passes: int,
               double_played: bool, drawn: int, alpha: int, beta: int) -> int:
        """The value for the player ``turn`` (points they make minus the other's to the end)."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise SearchLimit()
        # the order of the ends does not change the game: positions equal as multisets share an entry
        key = (tuple(sorted(ends)), masks, turn, passes, double_played, drawn)
        entry = self.table.get(key)
        best_move = None
        if entry is not None:
            value, flag, best_move = entry
            if flag == 0 or (flag < 0 and value <= alpha) or (flag > 0 and value >= beta):
                return value
        mine = masks[turn]
        other = 1 - turn
        moves = self.moves(ends, total, lone, mine, double_played)
        if not moves:
            # draw from the boneyard (its order is known) while the pack allows, else pass
            if self.draw != "none" and ends and len(self.boneyard) - drawn > self.reserve:
                t = self.boneyard[len(self.boneyard) - 1 - drawn]
                grown = list(masks)
                grown[turn] |= 1 << t
                drew = tuple(grown)
                if self.draw == "one":
                    moves_after = self.moves(ends, total, lone, drew[turn], double_played)
                    if not moves_after:
                        return self._pass(ends, total, lone, drew, turn, passes, double_played, drawn + 1, alpha, beta)
                return self.search(ends, total, lone, drew, turn, passes, double_played, drawn + 1, alpha, beta)
            return self._pass(ends, total, lone, masks, turn, passes, double_played, drawn, alpha, beta)
        original_alpha = alpha
        moves.sort(reverse=True)  # the most points first, then the heaviest tile
        if best_move is not None:
            for position, move in enumerate(moves):
                if (move[2], move[3]) == best_move:
                    if position:
                        moves.insert(0, moves.pop(position))
                    break
        best = -10 ** 9
        chosen = None
        high, low = self.tb.high, self.tb.low
        for points, _weight, t, index in moves:
            rest = mine ^ (1 << t)
            new = (rest, masks[1]) if turn == 0 else (masks[0], rest)
            if not rest:
                value = points + self.end_value("domino", new, turn, turn)
            else:
                after, after_total = self.after(ends, total, lone, t, index, double_played)
                value = points - self.search(after, after_total, not ends, new, other, 0,
                                             double_played or high[t] == low[t], drawn,
                                             points - beta, points - alpha)
            if value > best:
                best, chosen = value, (t, index)
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        flag = 0 if original_alpha < best < beta else (-1 if best <= original_alpha else 1)
        self.table[key] = (best, flag, chosen)
        return best

    def _pass(self, ends: tuple[EndCode, ...], total: int, lone: bool, masks: tuple[Mask, ...], turn: int,
              passes: int, double_played: bool, drawn: int, alpha: int, beta: int) -> int:
        if passes + 1 >= 2:
            return self.end_value("blocked", masks, turn, None)
        return -self.search(ends, total, lone, masks, 1 - turn, passes + 1, double_played, drawn, -beta, -alpha)

    def values(self, ends: tuple[EndCode, ...], total: int, lone: bool, masks: tuple[Mask, ...], turn: int,
               double_played: bool, moves: Sequence[Move]) -> list[int]:
        """The proven value of each of ``moves`` (``(tile, end index, ...)``) for ``turn``."""
        result = []
        for move in moves:
            t, index = move[0], move[1]
            after, after_total = place_codes(self.tb, list(ends), lone, total, t, index, double_played)
            points = self.tb.lead_points[t] if not ends else self.tb.points[after_total]
            rest = masks[turn] ^ (1 << t)
            new = (rest, masks[1]) if turn == 0 else (masks[0], rest)
            if not rest:
                result.append(points + self.end_value("domino", new, turn, turn))
            else:
                result.append(points - self.search(tuple(after), after_total, not ends, new, 1 - turn, 0,
                                                   double_played or self.tb.high[t] == self.tb.low[t], 0,
                                                   -10 ** 9, 10 ** 9))
        return result


def _solve_deal(base: FastHand, moves: Sequence[Move], limit: int = 20_000) -> list[int]:
    """Exact values of ``moves`` in one fully dealt two-player hand (the boneyard's order
    included): raises :class:`SearchLimit` past ``limit`` nodes."""
    solver = Solver(base.tb, base.sides, base.boneyard, limit)
    return solver.values(tuple(base.ends), base.total, base.lone, tuple(base.masks), base.turn,
                         base.double_played, moves)


def solve(rules: RuleSet, position: Position, hands: Sequence[Sequence[Tile]], turn: int,
          double_played: bool, sides: Sequence[int] = (0, 1), limit: int = 5_000_000) -> list[MoveValue]:
    """The proven value of every move of the player ``turn`` (two players, every tile
    known, nothing to draw): the point difference to the end of the hand for that
    player, both sides playing their best. Best first. Raises :class:`SearchLimit`
    past ``limit`` nodes."""
    tb = tables(rules)
    ends = tuple(position_codes(position))
    masks = tuple(sum(1 << tb.index[t] for t in hand) for hand in hands)
    total = open_total(tb, list(ends), position.lone) if ends else 0
    solver = Solver(tb, sides, (), limit)
    moves = [(m[2], m[3], m[0]) for m in solver.moves(ends, total, position.lone, masks[turn], double_played)]
    values = solver.values(ends, total, position.lone, masks, turn, double_played, moves)
    # best first; on a tie the heavier tile
    ranked = sorted(zip(moves, values), key=lambda mv: (-mv[1], -(tb.high[mv[0][0]] + tb.low[mv[0][0]])))
    return [MoveValue((tb.tiles[m[0]], m[1], m[2]), float(v), 0.0, 0, True) for m, v in ranked]


__all__ = ["DEFAULT_SAMPLES", "MoveValue", "Problem", "SearchLimit", "Solver", "WIN_VALUE", "deal_hidden", "ismcts",
           "monte_carlo", "playout_player", "problem", "solve"]
