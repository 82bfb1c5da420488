"""Simulated matches under a rule pack, and their statistics (pure, seeded).

Every match ``i`` of a run with seed ``S`` deals from ``random.Random("S:i")`` and its
players choose with ``random.Random("S:i:players")``, so the same seed gives the
same deals under every pack (common random numbers: differences between packs are
not luck of the deal) and the same numbers whatever the number of worker processes.

>>> from fives_tutor import load_rules
>>> record = play_match(load_rules("dominos-cc"), players=2, seed=1, index=0)
>>> record.hands >= 1 and record.winner in (0, 1)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from ..core.game import Hand, Match, Option, Scoreboard
from ..core.rules import RuleSet
from .stats import Estimate, mean_interval, proportion_interval, ratio_interval

#: a player of the slow loop: given the hand, its legal plays (tile, end index, points),
#: the players' generator and the match's scoreboard (None: the hand alone), picks one
Strategy = Callable[[Hand, list[Option], random.Random, Scoreboard | None], Option]


def greedy(hand: Hand, options: list[Option], rng: random.Random | None, board: Scoreboard | None = None) -> Option:
    """The most points now, as the match credits them (with ``board``, a score that would
    pass an exact target counts what ``rules.match.overshoot`` makes of it: nothing when
    refused, less than nothing when it bounces back); on a tie the heavier tile (most pips,
    then the higher half)."""
    side = hand.sides[hand.turn]

    def credited(points: int) -> int:
        return points if board is None else board.change(side, points)

    best = options[0]
    best_key = (credited(best[2]), best[0][0] + best[0][1], best[0][0])
    for option in options:
        tile = option[0]
        key = (credited(option[2]), tile[0] + tile[1], tile[0])
        if key > best_key:
            best, best_key = option, key
    return best


def random_legal(hand: Hand, options: list[Option], rng: random.Random, board: Scoreboard | None = None) -> Option:
    """Any legal play, uniformly."""
    return options[rng.randrange(len(options))] if len(options) > 1 else options[0]


#: the players of the slow loop (:meth:`fives_tutor.core.game.Match.moves`), by name
STRATEGIES: dict[str, Strategy] = {"greedy": greedy, "random": random_legal}

#: the levels a simulation can seat (every engine level but exact, which needs every tile known)
LEVELS = ("greedy", "random", "defensive", "expert", "monte-carlo", "auto")


class HandRecord(NamedTuple):
    """One hand of a simulated match: ``leader``, number of ``plays``, the points
    each play added to its side's score (``play_points``: points an exact target
    refused, or made after the match was won, count 0), how it ended (``end``:
    domino, blocked, or ``None`` when the match was won during the hand) and the
    points taken at the end."""

    leader: int
    plays: int
    play_points: tuple[int, ...]
    end: str | None
    end_points: int


class MatchRecord(NamedTuple):
    """One simulated match: its ``index`` and ``seed``, the final ``scores`` by side,
    the ``winner`` side, the side of the ``first_leader``, and its ``hand_records``."""

    index: int  # type: ignore[assignment]  # a public field (the match's number): it shadows tuple.index
    seed: str
    scores: tuple[int, ...]
    winner: int
    first_leader_side: int
    hand_records: tuple[HandRecord, ...]

    @property
    def hands(self) -> int:
        """Hands dealt in the match (the last may have been cut short by the win)."""
        return len(self.hand_records)

    def as_json(self) -> dict:
        """The record as JSON-ready data (one line of ``--records``)."""
        return {
            "match": self.index, "seed": self.seed, "scores": list(self.scores), "winner": self.winner,
            "first_leader_side": self.first_leader_side,
            "hands": [{"leader": h.leader, "plays": h.plays, "play_points": list(h.play_points), "end": h.end,
                       "end_points": h.end_points} for h in self.hand_records],
        }


def play_match(rules: RuleSet, players: int, seed: int | str, index: int, strategy: str = "greedy",
               max_hands: int = 1000, fast: bool = True) -> MatchRecord:
    """Play match ``index`` of the run ``seed`` to its end with every seat using ``strategy``
    (a level of :data:`fives_tutor.engine.names.PLAYING_LEVELS` but ``exact``: greedy,
    random, defensive, expert, monte-carlo, auto).

    The match is played on the fast hand loop (:mod:`fives_tutor.engine.fast`), which
    gives exactly the plays of the game state machine; ``fast=False`` plays it on
    :class:`fives_tutor.core.game.Match` instead (to check one against the other). Each
    play's points are those its side actually took (a score the exact-target rule
    refuses counts 0). A match that has not ended after ``max_hands`` hands (only a
    pack whose scores cannot reach its target would do that) raises RuntimeError.
    """
    match_seed = f"{seed}:{index}"
    if fast or strategy not in STRATEGIES:
        from ..engine.fast import play_fast_match
        from ..engine.policies import policy_for

        search = strategy in ("monte-carlo", "auto")
        policy = None if strategy == "greedy" else policy_for(strategy, seed=match_seed)
        played = play_fast_match(rules, players, match_seed, policy, max_hands, steps=search)
        records = tuple(HandRecord(h.leader, len(h.credited), tuple(h.credited), h.kind if h.result else None,
                                   sum(h.at_end)) for h in played.hands)
        return MatchRecord(index, match_seed, played.scores, played.winner, played.sides[played.first_leader],
                           records)
    match = Match(rules, players, rng=random.Random(match_seed))
    choose = STRATEGIES[strategy]
    for _ in match.moves(lambda hand, options, rng: choose(hand, options, rng, match.board),
                         random.Random(match_seed + ":players")):
        if len(match.history) > max_hands:
            raise RuntimeError(f"match {match_seed} did not end after {max_hands} hands")
    if match.winner is None or match.first_leader is None:  # moves() runs until a side wins
        raise RuntimeError(f"match {match_seed} ended without a winner")
    return MatchRecord(index, match_seed, tuple(match.scores), match.winner, match.sides[match.first_leader],
                       hand_records(match))


def hand_records(match: Match) -> tuple[HandRecord, ...]:
    """The hands a match has booked, as :class:`HandRecord` values: each play counts the
    points it added to its side's score, not the points it made."""
    return tuple(
        HandRecord(h.leader, len(h.play_points), h.play_taken, h.result.kind if h.result else None,
                   sum(h.taken_at_end))
        for h in match.history)


def play_matches(rules: RuleSet, players: int, seed: int | str, indices: Iterable[int],
                 strategy: str = "greedy") -> list[MatchRecord]:
    """:func:`play_match` for each index, in order."""
    return [play_match(rules, players, seed, index, strategy) for index in indices]


class MatchTotals(NamedTuple):
    """What one match adds up to, the unit every statistic is clustered by.

    Over its finished hands (a hand cut short by the win is left out):
    ``finished_hands``, ``play_points`` (points scored by plays), ``end_points``
    (points taken at hand ends), ``blocked`` (hands blocked), ``plays`` (tiles
    played). Over the whole match: ``hands`` (hands dealt), ``all_plays`` (tiles
    played, the cut-short hand included: the match's length at the table) and
    ``first_leader_won`` (1 when the side of the first leader won, else 0).
    """

    finished_hands: int
    play_points: int
    end_points: int
    blocked: int
    plays: int
    hands: int
    all_plays: int
    first_leader_won: int


def totals(record: MatchRecord) -> MatchTotals:
    """The :class:`MatchTotals` of one simulated match."""
    finished = [h for h in record.hand_records if h.end is not None]
    return MatchTotals(
        finished_hands=len(finished),
        play_points=sum(sum(h.play_points) for h in finished),
        end_points=sum(h.end_points for h in finished),
        blocked=sum(1 for h in finished if h.end == "blocked"),
        plays=sum(h.plays for h in finished),
        hands=record.hands,
        all_plays=sum(h.plays for h in record.hand_records),
        first_leader_won=int(record.winner == record.first_leader_side),
    )


#: the statistics of a run: (name, how it is estimated, the MatchTotals fields it uses).
#: ``ratio``: Σ numerator / Σ denominator over matches (hands clustered by match);
#: ``mean``: the mean over matches; ``share``: a proportion of matches.
FIGURES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("play_points", "ratio", ("play_points", "finished_hands")),
    ("end_points", "ratio", ("end_points", "finished_hands")),
    ("blocked", "ratio", ("blocked", "finished_hands")),
    ("plays", "ratio", ("plays", "finished_hands")),
    ("hands", "mean", ("hands",)),
    ("plays_per_match", "mean", ("all_plays",)),
    ("first_leader_wins", "share", ("first_leader_won",)),
)


class Summary(NamedTuple):
    """Statistics of a run, each an :class:`~fives_tutor.study.stats.Estimate` with its 95% interval.

    Per finished hand: ``play_points`` (points plays added to the scores),
    ``end_points`` (points taken at hand ends), ``blocked`` (share of hands blocked),
    ``plays``. Per match: ``hands`` (hands dealt), ``plays_per_match`` (tiles played,
    the hand cut short by the win included) and ``first_leader_wins`` (share of
    matches won by the side of the match's first leader). ``points_per_play`` counts
    plays by the points they added to the score (all plays, including those of a hand
    cut short by the win). Only points actually credited count: what an exact target
    refuses (``rules.match.overshoot``) is not scored, and a bounce counts as the
    change it made (which may be negative).
    """

    matches: int
    completed_hands: int
    play_points: Estimate
    end_points: Estimate
    blocked: Estimate
    plays: Estimate
    hands: Estimate
    plays_per_match: Estimate
    first_leader_wins: Estimate
    points_per_play: dict[int, int]


def columns(records: Sequence[MatchRecord]) -> dict[str, list[int]]:
    """Each :class:`MatchTotals` field as a list over ``records``, in match order."""
    rows = [totals(record) for record in records]
    return {name: [getattr(row, name) for row in rows] for name in MatchTotals._fields}


def summarise(records: Sequence[MatchRecord]) -> Summary:
    """The statistics of a run of matches (hands are clustered by match), as :data:`FIGURES` says."""
    data = columns(records)
    estimates = {}
    for name, kind, fields in FIGURES:
        if kind == "ratio":
            estimate = ratio_interval(data[fields[0]], data[fields[1]])
            estimates[name] = _share(estimate) if name == "blocked" else estimate
        elif kind == "mean":
            estimates[name] = mean_interval(data[fields[0]])
        else:
            estimates[name] = proportion_interval(sum(data[fields[0]]), len(records))
    histogram: Counter = Counter()
    for record in records:
        for hand in record.hand_records:
            histogram.update(hand.play_points)
    return Summary(matches=len(records), completed_hands=sum(data["finished_hands"]),
                   points_per_play=dict(sorted(histogram.items())), **estimates)


def _share(estimate: Estimate) -> Estimate:
    """A share's interval kept within 0 and 1."""
    return estimate._replace(low=max(0.0, estimate.low), high=min(1.0, estimate.high))


def _worker(job: tuple) -> list[MatchRecord]:
    from ..packs.loader import load_rules

    rules_name, players, seed, start, stop, strategy = job
    return play_matches(load_rules(rules_name), players, seed, range(start, stop), strategy)


def run(rules_name: str, players: int, seed: int | str, matches: int, strategy: str = "greedy",
        workers: int = 1, progress: Callable[[int], None] | None = None, chunk: int = 0) -> list[MatchRecord]:
    """Play ``matches`` matches of pack ``rules_name`` (an id or a path) and return their
    records in match order. With ``workers`` > 1 the matches are shared among that
    many processes; the records are the same as with one. ``progress`` is called
    with the number of matches finished since its last call."""
    from ..packs.loader import load_rules
    from .parallel import run_jobs

    load_rules(rules_name)  # a bad pack fails here, not in a worker
    chunk = chunk or max(1, min(250, matches // (workers * 8) or 1))
    jobs = [(rules_name, players, seed, start, min(matches, start + chunk), strategy)
            for start in range(0, matches, chunk)]
    return run_jobs(_worker, jobs, workers, progress)
