"""How much a play gives away: the chosen play against the engine's best, on the same
deals (pure, seeded). The coach (``fives play``) and ``fives games review`` judge a
player's moves with it.

:func:`compare` ranks every legal play of a :class:`~fives_tutor.engine.levels.Situation`
as ``rank(situation, "auto")`` does (``exact`` where every tile is known, else Monte
Carlo over the hidden tiles with the other players in the styles their plays showed,
:mod:`~fives_tutor.engine.styles`), keeps the chosen play in the race to the end, and
gives the difference between the best play and the chosen one with its standard error
measured deal by deal: every candidate is played on the same deals, so the luck of the
deal cancels and what is left is the noise of the playouts. The same situation, play,
budget and seed always give the same answer.

>>> from fives_tutor import load_rules, Position, parse_hand
>>> from fives_tutor.engine.levels import Situation
>>> from fives_tutor.core.plays import parse_play
>>> rules = load_rules("dominos-cc")
>>> situation = Situation.build(Position.parse("5 3"), parse_hand("3|0 5|1"), rules, opponents=(6,))
>>> judged = compare(situation, parse_play("5|1", Position.parse("5 3"), rules), samples=200, seed=1)
>>> judged.best.play.notation, judged.chosen.play.notation, judged.cost > 0
('3|0@3', '5|1@5', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core.plays import Play
from ..errors import N_, IllegalPlayError
from .levels import AUTO_EXACT_NODES, RankedPlay, Situation, rank_exact, resolve_level, sample_situation, with_reasons
from .names import DEFAULT_SAMPLES, WIN_VALUE
from .search import Sampled, SearchLimit, Spread, paired, summarise


class Comparison(NamedTuple):
    """A play judged against the best: ``ranked`` every legal play, best first (as
    :func:`~fives_tutor.engine.levels.rank` gives them); ``chosen`` and ``best`` among
    them; ``cost`` the points the chosen play gives away against the best (the best's
    value less the chosen's on the same deals; 0 when the chosen play is the best);
    ``noise`` the standard error of ``cost`` (0 when proven or forced); ``level`` how it
    was valued: ``exact``, ``monte-carlo``, or ``forced`` (one legal play); ``samples``
    the deals the chosen play was valued on; ``gaps``, one for each play of ``ranked`` in
    its order, ``(points behind the best on the same deals, that difference's standard
    error)``, ``(0.0, 0.0)`` for the best (empty where the figures were not measured deal
    by deal, as a stored puzzle's)."""

    ranked: tuple[RankedPlay, ...]
    chosen: RankedPlay
    best: RankedPlay
    cost: float
    noise: float
    level: str
    samples: int
    gaps: tuple[tuple[float, float], ...] = ()


class Valued(NamedTuple):
    """One legal play in an :class:`Analysis`: its ``ranked`` figures (value, standard
    error, deals), ``behind`` the best's value less its own on the same deals (0 for the
    best), ``noise`` the standard error of ``behind`` measured deal by deal, ``match`` the
    part of ``behind`` that is the match (:data:`~fives_tutor.engine.names.WIN_VALUE`
    times the difference of the two plays' match results, deal by deal; 0 where the
    match was not counted), ``win`` the share of its deals (weighted) on which the
    player's side won the match (None: the scores were not given, or the level was exact),
    ``lose`` the share on which it lost it; ``best_win`` and ``best_lose`` the best play's
    shares on the same deals (those this play was valued on)."""

    ranked: RankedPlay
    behind: float = 0.0
    noise: float = 0.0
    match: float = 0.0
    win: float | None = None
    lose: float | None = None
    best_win: float | None = None
    best_lose: float | None = None

    @property
    def play(self) -> Play:
        """The play valued."""
        return self.ranked.play


class Analysis(NamedTuple):
    """Every legal play of one decision valued on the same deals (:func:`analyse`):
    ``plays`` best first (none where nothing fits), ``level`` (``exact``, ``monte-carlo``
    or ``forced``), and
    ``samples``, the deals the best play was valued on (0: proven or forced)."""

    plays: tuple[Valued, ...]
    level: str
    samples: int

    @property
    def best(self) -> Valued:
        """The best play's figures."""
        return self.plays[0]

    @property
    def ranked(self) -> tuple[RankedPlay, ...]:
        """Every play as :class:`~fives_tutor.engine.levels.RankedPlay`, best first."""
        return tuple(v.ranked for v in self.plays)

    def of(self, play: Play) -> Valued:
        """The figures of ``play``; raises KeyError for a play that is not legal there."""
        for valued in self.plays:
            if _same(valued.play, play):
                return valued
        raise KeyError(play.notation)


def _same(a: Play, b: Play) -> bool:
    return a.tile == b.tile and a.index == b.index


def analyse(situation: Situation, samples: int | None = None, seed: int | str = 0,
            keep: Sequence[Play] = (), spread: Spread | None = None) -> Analysis:
    """Every legal play of ``situation`` valued as ``rank(situation, "auto")`` values them
    (``samples`` deals a candidate, default
    :data:`~fives_tutor.engine.names.DEFAULT_SAMPLES`, and ``seed``: the same ranking as
    ``fives best --samples N --seed S`` gives), each with its difference to the best on the
    same deals and that difference's standard error, and where the scores are given, the
    match's part of it. The plays in ``keep`` never leave the search's race. The same
    situation, budget and seed always give the same analysis, with or without a
    ``spread`` (other processes that share the playouts:
    :class:`~fives_tutor.engine.search.Spread`).

    Raises :class:`IllegalPlayError` when no deal of the hidden tiles fits what the
    player knows."""
    plays = situation.plays()
    if not plays:  # nothing fits: the player draws or passes
        return Analysis((), "forced", 0)
    if len(plays) == 1:
        only = RankedPlay(plays[0], float(plays[0].points), unseen=len(situation.unseen),
                          goes_out=len(situation.hand) == 1, forced=situation.forced() is not None)
        return Analysis((Valued(only),), "forced", 0)
    if resolve_level(situation, "auto") == "exact":
        try:
            ranked = rank_exact(situation, AUTO_EXACT_NODES)  # as rank(situation, "auto") solves it
        except SearchLimit:
            ranked = []  # past the budget: the search below, as rank falls back to it
        if ranked and ranked[0].proven:
            top = ranked[0].value
            return Analysis(tuple(Valued(r, max(0.0, top - r.value)) for r in ranked), "exact", 0)
    built, plays, measured = sample_situation(situation, samples or DEFAULT_SAMPLES, seed=seed, keep=keep,
                                              spread=spread)
    ranked = with_reasons(situation, plays, summarise(built, measured))
    position = {(p.tile, p.index): i for i, p in enumerate(plays)}
    best_index = position[(ranked[0].play.tile, ranked[0].play.index)]
    counted = situation.scores is not None and bool(measured.wins)
    results = Sampled([[float(w) for w in won] for won in measured.wins], [], measured.weights, [])
    valued = []
    for r in ranked:
        index = position[(r.play.tile, r.play.index)]
        mine, best = measured.wins[index], measured.wins[best_index][:len(measured.wins[index])]
        win = _share(mine, measured.weights, 1) if counted else None
        lose = _share(mine, measured.weights, -1) if counted else None
        best_win = _share(best, measured.weights, 1) if counted else None
        best_lose = _share(best, measured.weights, -1) if counted else None
        if index == best_index:
            valued.append(Valued(r, 0.0, 0.0, 0.0, win, lose, win, lose))
            continue
        behind, noise = paired(measured, best_index, index)
        match = WIN_VALUE * paired(results, best_index, index)[0] if counted else 0.0
        valued.append(Valued(r, behind, noise, match, win, lose, best_win, best_lose))
    return Analysis(tuple(valued), "monte-carlo", ranked[0].samples)


def _share(results: Sequence[int], weights: Sequence[float], outcome: int) -> float:
    """The weighted share of the deals whose match result is ``outcome`` (1 won, -1 lost)."""
    used = weights[:len(results)]
    total = sum(used)
    return sum(w for w, r in zip(used, results) if r == outcome) / total if total else 0.0


def compare(situation: Situation, chosen: Play, samples: int | None = None, seed: int | str = 0,
            keep: Sequence[Play] = ()) -> Comparison:
    """``chosen`` (one of ``situation.plays()``) against the best play, valued as
    ``rank(situation, "auto")`` values them, with ``samples`` deals a candidate (default
    :data:`~fives_tutor.engine.names.DEFAULT_SAMPLES`) and ``seed``, the chosen play and
    the plays of ``keep`` kept in the race to the end (:func:`analyse`).

    Raises :class:`IllegalPlayError` when ``chosen`` is not a legal play there, or when
    no deal of the hidden tiles fits what the player knows."""
    plays = situation.plays()
    if not any(_same(p, chosen) for p in plays):
        raise IllegalPlayError(N_("{play} is not a legal play there"), play=chosen.notation)
    analysis = analyse(situation, samples, seed, keep=(chosen, *keep))
    mine = analysis.of(chosen)
    best = analysis.best.ranked
    gaps = tuple((v.behind, v.noise) for v in analysis.plays)
    if analysis.level == "forced":
        return Comparison(analysis.ranked, mine.ranked, best, 0.0, 0.0, "forced", 0, gaps)
    samples_used = mine.ranked.samples if analysis.level == "monte-carlo" else 0
    return Comparison(analysis.ranked, mine.ranked, best, max(0.0, mine.behind), mine.noise, analysis.level,
                      samples_used, gaps)


__all__ = ["Analysis", "Comparison", "Valued", "analyse", "compare"]
