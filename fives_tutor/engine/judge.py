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
>>> judged = compare(situation, parse_play("5|1", Position.parse("5 3"), rules), samples=40, seed=1)
>>> judged.best.play.notation, judged.chosen.play.notation, judged.cost > 0
('3|0@3', '5|1@5', True)
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..core.plays import Play
from ..errors import N_, IllegalPlayError
from .levels import RankedPlay, Situation, rank, resolve_level, search_problem, style_model, with_reasons
from .names import DEFAULT_SAMPLES
from .search import EPSILON, INFERENCE, paired, sample, summarise


class Comparison(NamedTuple):
    """A play judged against the best: ``ranked`` every legal play, best first (as
    :func:`~fives_tutor.engine.levels.rank` gives them); ``chosen`` and ``best`` among
    them; ``cost`` the points the chosen play gives away against the best (the best's
    value less the chosen's on the same deals; 0 when the chosen play is the best);
    ``noise`` the standard error of ``cost`` (0 when proven or forced); ``level`` how it
    was valued: ``exact``, ``monte-carlo``, or ``forced`` (one legal play); ``samples``
    the deals the chosen play was valued on."""

    ranked: tuple[RankedPlay, ...]
    chosen: RankedPlay
    best: RankedPlay
    cost: float
    noise: float
    level: str
    samples: int


def _same(a: Play, b: Play) -> bool:
    return a.tile == b.tile and a.index == b.index


def compare(situation: Situation, chosen: Play, samples: int | None = None, seed: int | str = 0) -> Comparison:
    """``chosen`` (one of ``situation.plays()``) against the best play, valued as
    ``rank(situation, "auto")`` values them, with ``samples`` deals a candidate (default
    :data:`~fives_tutor.engine.names.DEFAULT_SAMPLES`) and ``seed``.

    Raises :class:`IllegalPlayError` when ``chosen`` is not a legal play there, or when
    no deal of the hidden tiles fits what the player knows."""
    plays = situation.plays()
    if not any(_same(p, chosen) for p in plays):
        raise IllegalPlayError(N_("{play} is not a legal play there"), play=chosen.notation)
    if len(plays) == 1:
        only = RankedPlay(plays[0], float(plays[0].points), unseen=len(situation.unseen),
                          goes_out=len(situation.hand) == 1, forced=situation.forced() is not None)
        return Comparison((only,), only, only, 0.0, 0.0, "forced", 0)
    level = resolve_level(situation, "auto")
    if level == "exact":
        ranked = rank(situation, "auto")
        if ranked and ranked[0].proven:
            mine = next(r for r in ranked if _same(r.play, chosen))
            return Comparison(tuple(ranked), mine, ranked[0], max(0.0, ranked[0].value - mine.value), 0.0,
                              "exact", 0)
    built, plays = search_problem(situation)
    index = next(i for i, p in enumerate(plays) if _same(p, chosen))
    measured = sample(built, samples=samples or DEFAULT_SAMPLES, rng=random.Random(f"{seed}:mc"),
                      inference=INFERENCE, epsilon=EPSILON, keep=(index,), model=style_model(situation))
    ranked = with_reasons(situation, plays, summarise(built, measured))
    best = ranked[0]
    mine = next(r for r in ranked if _same(r.play, chosen))
    if _same(best.play, chosen):
        return Comparison(tuple(ranked), mine, best, 0.0, 0.0, "monte-carlo", len(measured.weights))
    best_index = next(i for i, p in enumerate(plays) if _same(p, best.play))
    cost, noise = paired(measured, best_index, index)
    return Comparison(tuple(ranked), mine, best, max(0.0, cost), noise, "monte-carlo", len(measured.values[index]))


__all__ = ["Comparison", "compare"]
