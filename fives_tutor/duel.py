"""Engine against engine on paired deals: the strength of a level, measured (pure apart
from the clock it reads to time moves).

Match ``i`` of seed ``S`` is dealt from ``random.Random("S:i")`` and played twice, the
two engines swapping seats, so that neither is favoured by the deal. Each engine
sees only what a player at the table sees: its own tiles, the layout, how many tiles
the others hold, the boneyard's size, and which numbers a player who drew or passed
cannot hold.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Callable, NamedTuple, Sequence

from .game import Match
from .knowledge import Knowledge
from .rules import RuleSet
from .search import SearchState, monte_carlo
from .simulate import greedy, random_legal
from .tiles import domino_set

LEVELS = ("greedy", "defensive", "monte-carlo", "random")


def parse_level(text: str) -> tuple[str, int | None]:
    """``monte-carlo`` or ``monte-carlo:120`` (deals per move, 1 to 100,000, as
    ``fives best --samples``) -> (level, samples). Raises ValueError for an unknown level."""
    name, _, samples = text.partition(":")
    if name not in LEVELS or (samples and (not samples.isascii() or not samples.isdecimal() or len(samples) > 6
                                           or not 1 <= int(samples) <= 100_000 or name != "monte-carlo")):
        raise ValueError(text)
    return name, int(samples) if samples else None


class Seat:
    """What one engine sees and how it chooses."""

    def __init__(self, level: str, samples: int | None, rng: random.Random) -> None:
        self.level = level
        self.samples = samples or 100
        self.rng = rng
        self.times: list[float] = []

    def choose(self, match: Match, voids: Sequence[set]) -> tuple:
        hand = match.hand
        options = hand.options()
        if len(options) == 1:
            return options[0]
        start = time.perf_counter()
        if self.level == "greedy":
            move = greedy(hand, options, self.rng)
        elif self.level == "random":
            move = random_legal(hand, options, self.rng)
        elif self.level == "defensive":
            move = _defensive(match, options)
        else:
            move = monte_carlo(_state(match, voids), samples=self.samples, rng=self.rng)[0].move
        self.times.append(time.perf_counter() - start)
        return move


def _state(match: Match, voids: Sequence[set]) -> SearchState:
    hand = match.hand
    me = hand.turn
    players = hand.players
    mine = set(hand.hands[me])
    on_table = {play.tile for play in hand.plays}
    unseen = tuple(t for t in domino_set(match.rules.max_pips) if t not in mine and t not in on_table)
    order = [(me + k) % players for k in range(1, players)]
    knowledge = Knowledge(unseen, tuple(len(hand.hands[p]) for p in order), tuple(frozenset(voids[p]) for p in order))
    side = match.sides[me]
    scores = list(match.scores)
    return SearchState(match.rules, hand.position, tuple(hand.hands[me]), knowledge, players, me, match.sides,
                       hand.double_played, tuple(scores) if side is not None else None)


def _defensive(match: Match, options) -> tuple:
    """Points now minus the next player's expected best reply over the tiles unseen."""
    from .engine import expected_best
    from .game import Hand

    hand = match.hand
    me = hand.turn
    rules = match.rules
    mine = set(hand.hands[me])
    on_table = {play.tile for play in hand.plays}
    unseen = [t for t in domino_set(rules.max_pips) if t not in mine and t not in on_table]
    following = (me + 1) % hand.players
    best, best_key = None, None
    for option in options:
        probe = Hand.resume(rules, [list(t) for t in hand.hands], [], hand.position, me, hand.sides,
                            hand.double_played)
        probe.play(option[0], option[1], option[2])
        values = []
        if not probe.over:
            for tile in unseen:
                probe.hands[following] = [tile]
                values.append(max((o[2] for o in probe.options(following)), default=0))
        value = option[2] - expected_best(values, len(hand.hands[following]))
        key = (round(value, 9), option[0][0] + option[0][1])
        if best_key is None or key > best_key:
            best, best_key = option, key
    return best


class DuelMatch(NamedTuple):
    """One match of a duel: which ``seats`` A held, whether A's side won, the points
    of A's and B's sides, the hands played, and each engine's move times."""

    index: int
    swapped: bool
    a_won: bool
    a_points: int
    b_points: int
    hands: int
    a_times: tuple[float, ...]
    b_times: tuple[float, ...]


def play(rules: RuleSet, a: str, b: str, players: int, seed, index: int, swapped: bool) -> DuelMatch:
    """Match ``index`` with A in the even seats (odd seats when ``swapped``)."""
    level_a, samples_a = parse_level(a)
    level_b, samples_b = parse_level(b)
    match = Match(rules, players, rng=random.Random(f"{seed}:{index}"))
    engines = random.Random(f"{seed}:{index}:{int(swapped)}:engines")
    seat_a = Seat(level_a, samples_a, engines)
    seat_b = Seat(level_b, samples_b, engines)
    seats = [(seat_b if (p % 2 == 0) == swapped else seat_a) for p in range(players)]
    voids = [set() for _ in range(players)]
    hand_seen = None
    while not match.over:
        hand = match.hand
        if hand is not hand_seen:
            hand_seen = hand
            voids = [set() for _ in range(players)]
        me = hand.turn
        open_pips = {e.pips for e in hand.position.ends}
        options = hand.options()
        if not options and hand.can_draw():
            while not options and hand.can_draw():
                match.draw()
                options = hand.options()
            voids[me] = set(open_pips)  # the tiles drawn past had none of them; old ones may
        if options:
            move = seats[me].choose(match, voids)
            match.play(move[0], move[1], move[2])
        else:
            voids[me] |= open_pips
            match.pass_turn()
    a_side = match.sides[1 if swapped else 0]
    b_side = match.sides[0 if swapped else 1]
    return DuelMatch(index, swapped, match.winner == a_side, match.scores[a_side], match.scores[b_side],
                     len(match.history), tuple(seat_a.times), tuple(seat_b.times))


def _job(job) -> list[DuelMatch]:
    from .packs import load_rules

    rules_name, a, b, players, seed, start, stop = job
    rules = load_rules(rules_name)
    return [play(rules, a, b, players, seed, i, swapped) for i in range(start, stop) for swapped in (False, True)]


def run(rules_name: str, a: str, b: str, matches: int, players: int = 2, seed="1", workers: int = 1,
        progress: Callable[[int], None] | None = None) -> list[DuelMatch]:
    """``matches`` paired deals (so twice as many matches), in order; the same with any
    number of ``workers`` (processes)."""
    chunk = max(1, min(20, matches // (workers * 4) or 1))
    jobs = [(rules_name, a, b, players, seed, start, min(matches, start + chunk)) for start in range(0, matches, chunk)]
    from .parallel import run_jobs

    return run_jobs(_job, jobs, workers, progress)


class DuelSummary(NamedTuple):
    """A duel's result: A's match ``wins`` (with a 95% interval), the mean point
    ``margin`` per hand (A minus B), and each engine's move times in seconds (median
    and 95th percentile, over moves with a choice)."""

    matches: int
    wins: object
    margin: object
    a_median: float
    a_p95: float
    b_median: float
    b_p95: float


def summarise(results: Sequence[DuelMatch]) -> DuelSummary:
    """The statistics of a duel."""
    from .stats import proportion_interval, ratio_interval

    wins = proportion_interval(sum(1 for r in results if r.a_won), len(results))
    margin = ratio_interval([r.a_points - r.b_points for r in results], [r.hands for r in results])
    a_times = sorted(t for r in results for t in r.a_times)
    b_times = sorted(t for r in results for t in r.b_times)
    return DuelSummary(len(results), wins, margin, *_median_p95(a_times), *_median_p95(b_times))


def _median_p95(times: Sequence[float]) -> tuple[float, float]:
    if not times:
        return 0.0, 0.0
    if len(times) == 1:
        return times[0], times[0]
    # the 95th percentile: the 95th of statistics.quantiles' 99 cut points
    return statistics.median(times), statistics.quantiles(times, n=100, method="inclusive")[94]
