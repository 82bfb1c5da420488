"""Opponent styles: what the plays a player has made say about how they play, and what the
search makes of it (pure, seeded).

A small family of policies, :data:`HYPOTHESES`: each of the fixed levels ``greedy``,
``defensive`` and ``expert`` (:mod:`fives_tutor.engine.policies`) at two softmax
strengths. A player of style ``s`` at strength ``b`` makes play ``o`` with probability

    (1 - TREMBLE) * exp(b * v_s(o) / unit) / sum over the legal plays p of exp(b * v_s(p) / unit)
    + TREMBLE / (number of legal plays)

where ``v_s`` is the value the level gives a play in points (greedy: the points it makes
now), ``unit`` the pack's smallest score (5 points in All Fives, 1 in Fives and Threes)
and ``TREMBLE`` the chance of a play the style does not explain. Each opponent's
posterior over the hypotheses is the prior (:data:`PRIOR`) times the likelihood of every
play they chose (Bayes' rule, one factor a play). The hand they held when they chose is
hidden, so each factor is the likelihood averaged over the hands they may have held:
the tiles they played from then until they next drew were certainly held, the rest is
drawn uniformly from the tiles that could have been in their hand (none of the numbers
they had shown they lacked, none that the player reading has held or that another
player played) :data:`FILLS` times (every hand when there are fewer).

The search (:func:`fives_tutor.engine.search.monte_carlo`) samples the hidden tiles
exactly under the history's constraints and, for the plays an opponent made since they
last drew (whose hand then is the sampled hand plus the tiles played since), weighs each
sampled deal by their likelihood under the mixture of the hypotheses, and draws the style
that plays the opponent in that deal's playouts from the posterior given the deal:
the joint posterior over hidden hands and styles, by importance sampling.

Sources: the determinized search with opponent models of Ponsen, de Jong and Lanctot
(opponent modelling in Monte Carlo tree search for poker) and the Bayesian
opponent-type inference of Southey et al. ("Bayes' Bluff", 2005), here with the
likelihood of each choice taken from the policies themselves.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Iterator, Sequence
from itertools import combinations
from math import comb, exp, log
from typing import NamedTuple, TypeAlias

from ..core.game import sides_for
from ..core.plays import lead_rule
from ..core.tiles import Tile
from .defensive import defensive_values
from .expert import allowed_tiles, view
from .expert import values as expert_values
from .fast import (
    Board,
    EndCode,
    FastHand,
    Mask,
    Option,
    Step,
    Tables,
    TileIndex,
    credited,
    open_total,
    options,
    place_codes,
)
from .history import History

#: the styles a player is read as, in the order of :data:`HYPOTHESES`
STYLES = ("greedy", "defensive", "expert")

#: softmax strengths, per unit of the pack's smallest score: a player who follows the
#: style closely, and one who follows it loosely (bench/style_calibration.py)
SHARP = 8.0
SOFT = 1.0

#: the chance that a play is none the style explains (a slip, or another way of playing)
TREMBLE = 0.05

#: hands averaged for the likelihood of a play made with a hand the reader cannot know
FILLS = 16

#: a hypothesis below this posterior is left out of the search's per-deal likelihoods
NEGLIGIBLE = 1e-3

#: ``fives best`` says how a player plays when their most likely style is at least this
#: probable, read from at least :data:`SHOWN_PLAYS` of their plays
SHOWN = 0.8
SHOWN_PLAYS = 3


class Hypothesis(NamedTuple):
    """One way of playing: a ``style`` (a level's name) and the softmax ``strength`` per
    unit of the pack's smallest score."""

    style: str
    strength: float


#: the hypotheses about an opponent, each style at each strength
HYPOTHESES = tuple(Hypothesis(style, strength) for style in STYLES for strength in (SHARP, SOFT))

#: the prior over :data:`HYPOTHESES` before any play is seen: every style alike, each
#: style's sharp and soft strengths alike
PRIOR = tuple(1.0 / len(HYPOTHESES) for _ in HYPOTHESES)


class Decision(NamedTuple):
    """A play a player chose, with what the table showed then (seats relative to the
    reader, who is seat 0).

    ``seat`` the player; ``ends`` (end codes) and ``lone`` before the play; ``tile`` (an
    index) and ``code`` the end code it went on (-1: the lead); ``table`` the tiles on the
    table before (a bit mask); ``counts`` each seat's tiles then; ``voids`` the numbers each
    seat had shown it lacked then (bit masks); ``double_played``; ``scores`` by side then
    (None: not known); ``known`` the tiles the player surely held (this one and the ones
    they played until they next drew); ``drew_after`` whether they drew later in the hand.
    """

    seat: int
    ends: tuple[EndCode, ...]
    lone: bool
    tile: TileIndex
    code: EndCode
    table: Mask
    counts: tuple[int, ...]
    voids: tuple[Mask, ...]
    double_played: bool
    scores: tuple[int, ...] | None
    known: tuple[TileIndex, ...]
    drew_after: bool


class PastHand(NamedTuple):
    """An earlier hand of the match as one player saw it: its ``history``
    (:class:`~fives_tutor.engine.history.History`, players numbered as in the hand
    under way), the tiles that player ``held`` at any time in it (dealt or drawn; empty
    when not known), each side's ``scores`` when it began (that player's side first, then
    in turn order; None: not known) and its ``lead`` rule (``first``: the first hand of
    the match, or ``later``)."""

    history: History
    held: frozenset[Tile] = frozenset()
    scores: tuple[int, ...] | None = None
    lead: str = "later"


#: an earlier hand as :func:`evidence` reads it: ``(steps, held, scores, lead)``, a
#: :class:`PastHand` with its history replayed into steps
PastSteps: TypeAlias = tuple[Sequence[Step], Collection[Tile], Sequence[int] | None, str]


class Evidence(NamedTuple):
    """The plays a reader can learn the others' styles from: ``decisions`` of the hand
    under way and of earlier hands, each with the ``pool`` of tiles (a bit mask) the rest
    of the player's hand then may have come from, seats relative to the reader."""

    decisions: tuple[tuple[Decision, Mask, bool], ...]  # (decision, pool, in the hand under way)
    players: int


class Reading(NamedTuple):
    """The posterior over :data:`HYPOTHESES` of each other seat (seat 1 first: the next
    player), and how many of their plays informed it (``plays``: plays where they had a
    choice in some hand they may have held)."""

    posteriors: tuple[tuple[float, ...], ...]
    plays: tuple[int, ...]

    def style(self, seat: int) -> tuple[str, float]:
        """The most likely style of other seat ``seat`` (1: the next player) and its
        probability (the sum over its strengths)."""
        totals = style_totals(self.posteriors[seat - 1])
        best = max(STYLES, key=lambda s: totals[s])
        return best, totals[best]


def style_totals(posterior: Sequence[float]) -> dict[str, float]:
    """The probability of each style (its strengths added) in a posterior over :data:`HYPOTHESES`."""
    totals = dict.fromkeys(STYLES, 0.0)
    for hypothesis, p in zip(HYPOTHESES, posterior):
        totals[hypothesis.style] += p
    return totals


_UNITS: dict[int, tuple[Tables, int]] = {}


def unit(tb: Tables) -> int:
    """The pack's smallest score (the unit of the softmax strengths)."""
    found = _UNITS.get(id(tb))
    if found is None or found[0] is not tb:
        found = _UNITS[id(tb)] = (tb, min((p for p in tb.points if p > 0), default=1))
    return found[1]


# --- decisions from a hand's steps -----------------------------------------------------------


def hand_decisions(tb: Tables, steps: Sequence[Step], players: int, sides: Sequence[int],
                   scores: Sequence[int] | None = None, lead: str = "first") -> tuple[Decision, ...]:
    """Every play of ``steps`` (seats relative to the reader) as a :class:`Decision`, except
    a lead the rule forces (``lead``: which hand of the match; the first lead under
    ``highest_double``). ``scores`` by side at the start of the hand (None: unknown)."""
    rules = tb.rules
    size = rules.players.hand_size[players]
    counts = [size] * players
    voids = [0] * players
    table = 0
    double_played = False
    draws_show = not rules.turn.draw_while_able
    forced_lead = lead_rule(rules, lead) == "highest_double"
    running = Board(rules, players, scores) if scores is not None else None
    raw: list[tuple[int, Decision]] = []
    plays_by: list[list[tuple[int, TileIndex]]] = [[] for _ in range(players)]
    draws_by: list[list[int]] = [[] for _ in range(players)]
    for i, step in enumerate(steps):
        p = step.player
        if step.kind == "play":
            if step.tile is None:  # (every play names its tile)
                continue
            t = tb.index[step.tile]
            ends = tuple(step.ends)
            index = step.index
            if ends and not 0 <= index < len(ends):
                index = next((k for k, c in enumerate(ends) if (c >> 2) in (tb.high[t], tb.low[t])), 0)
            code = ends[index] if ends else -1
            if ends or not (forced_lead and table == 0):
                now = tuple(running.scores) if running is not None else None
                raw.append((i, Decision(p, ends, step.lone, t, code, table, tuple(counts), tuple(voids),
                                        double_played, now, (), False)))
            plays_by[p].append((i, t))
            if running is not None:
                if ends:
                    _after, total = place_codes(tb, list(ends), step.lone, open_total(tb, list(ends), step.lone), t, index,
                                                double_played)
                    points = tb.points[total]
                else:
                    points = tb.lead_points[t]
                side = sides[p]
                running.scores[side] += running.change(running.scores[side], points)
            table |= 1 << t
            counts[p] -= 1
            if tb.high[t] == tb.low[t]:
                double_played = True
        elif step.kind == "draw":
            counts[p] += step.count
            draws_by[p].append(i)
            if draws_show:
                voids[p] = _mask(step.open)
        else:
            voids[p] |= _mask(step.open)
    result = []
    for i, decision in raw:
        p = decision.seat
        next_draw = min((j for j in draws_by[p] if j > i), default=None)
        known = tuple(t for j, t in plays_by[p] if j >= i and (next_draw is None or j < next_draw))
        result.append(decision._replace(known=known, drew_after=next_draw is not None))
    return tuple(result)


def _mask(numbers: Iterable[int]) -> Mask:
    mask = 0
    for n in numbers:
        mask |= 1 << n
    return mask


def evidence(tb: Tables, players: int, steps: Sequence[Step], held_now: Sequence[TileIndex],
             scores: Sequence[int] | None, lead: str, past: Sequence[PastSteps] = ()) -> Evidence:
    """The :class:`Evidence` of a reader (seat 0 in ``steps`` and in the ``past`` hands,
    seats relative to the reader) who holds ``held_now`` (tile indexes) in the hand
    under way, with ``scores`` by side now (the reader's side first; None: unknown).
    ``past``: the earlier hands as ``(steps, held, scores, lead)`` (:class:`PastHand`
    with its history replayed into steps)."""
    sides = sides_for(tb.rules, players)
    found: list[tuple[Decision, Mask, bool]] = []
    for hand_steps, hand_held, hand_scores, hand_lead in past:
        held = 0
        for tile in hand_held:
            held |= 1 << tb.index[tile]
        for decision, pool in _with_pools(tb, hand_decisions(tb, hand_steps, players, sides, hand_scores, hand_lead),
                                          hand_steps, held):
            found.append((decision, pool, False))
    start = None
    if scores is not None:
        # the scores when the hand began: the points of its plays taken back
        start = start_scores(tb, steps, players, scores)
    held = 0
    for t in held_now:
        held |= 1 << t
    for step in steps:
        if step.kind == "play" and step.player == 0 and step.tile is not None:
            held |= 1 << tb.index[step.tile]
    for decision, pool in _with_pools(tb, hand_decisions(tb, steps, players, sides, start, lead), steps, held):
        if decision.seat:
            found.append((decision, pool, True))
    return Evidence(tuple(item for item in found if item[0].seat), players)


def start_scores(tb: Tables, steps: Sequence[Step], players: int, scores: Sequence[int]) -> list[int]:
    """The scores by side when the hand of ``steps`` began, from ``scores`` now (the
    points of its plays taken back; seats and sides as in ``steps``)."""
    made = _points_made(tb, steps, sides_for(tb.rules, players), len(scores))
    return [max(0, s - m) for s, m in zip(scores, made)]


def _points_made(tb: Tables, steps: Sequence[Step], sides: Sequence[int], count: int) -> list[int]:
    made = [0] * count
    double_played = False
    for step in steps:
        if step.kind != "play" or step.tile is None:
            continue
        t = tb.index[step.tile]
        ends = list(step.ends)
        if ends:
            index = step.index
            if not 0 <= index < len(ends):
                index = next((k for k, c in enumerate(ends) if (c >> 2) in (tb.high[t], tb.low[t])), 0)
            _after, total = place_codes(tb, ends, step.lone, open_total(tb, ends, step.lone), t, index, double_played)
            made[sides[step.player]] += tb.points[total]
        else:
            made[sides[step.player]] += tb.lead_points[t]
        if tb.high[t] == tb.low[t]:
            double_played = True
    return made


def _with_pools(tb: Tables, decisions: Sequence[Decision], steps: Sequence[Step],
                held: Mask) -> Iterator[tuple[Decision, Mask]]:
    """Each decision with the tiles the rest of that player's hand may have come from."""
    played_by: dict[int, Mask] = {}
    for step in steps:
        if step.kind == "play" and step.tile is not None:
            played_by[step.player] = played_by.get(step.player, 0) | 1 << tb.index[step.tile]
    for decision in decisions:
        others = 0
        for seat, mask in played_by.items():
            if seat != decision.seat:
                others |= mask
        known = 0
        for t in decision.known:
            known |= 1 << t
        pool = tb.full & ~decision.table & ~known & ~held & ~others
        yield decision, allowed_tiles(tb, pool, decision.voids[decision.seat])


# --- the likelihood of a play -----------------------------------------------------------------


def _hand_at(tb: Tables, decision: Decision, tiles: Sequence[TileIndex], sides: Sequence[int]) -> FastHand:
    """The table as the player of ``decision`` saw it, holding ``tiles``."""
    mask = 0
    for t in tiles:
        mask |= 1 << t
    hand = view(tb, decision.ends, decision.lone, tiles, decision.counts, decision.voids,
                tb.full & ~decision.table & ~mask, decision.seat, decision.double_played, sides)
    if decision.scores is not None:
        rules = tb.rules
        hand.board = Board(rules, len(decision.counts), decision.scores)
    return hand


def style_values(hand: FastHand, found: list[Option], style: str) -> list[float]:
    """The value in points each of ``found`` (fast-loop options of the player to move in
    ``hand``) has for ``style``: greedy the points now, defensive and expert their levels'
    values. Where the style's own choice ties with other plays, it gets half of the pack's
    smallest score more: each level breaks ties its own way (greedy and defensive the
    heavier tile, the expert the first play), and a player of the style does too. With a
    match board (``hand.board``) under an exact target, greedy counts the points the match
    credits (:func:`~fives_tutor.engine.fast.credited`), as the level does."""
    tb = hand.tb
    if style == "greedy":
        me = hand.turn
        made = [credited(hand, me, option[2]) for option in found]  # as the match credits them
        values = [float(v) for v in made]
        key = tb.key
        choice = max(range(len(found)), key=lambda i: (made[i], key[found[i][0]], -i))
    elif style == "defensive":
        values = [value for value, _reply, _count in defensive_values(hand, found)]
        high, low = tb.high, tb.low

        def order(i: int) -> tuple[float, int, int, int, int, int]:
            t = found[i][0]
            return (round(values[i], 9), found[i][2], high[t] + low[t], high[t], -found[i][1], -i)

        choice = max(range(len(found)), key=order)
    else:
        values = expert_values(hand, found)
        choice = 0
        for i, value in enumerate(values):
            if value > values[choice] + 1e-9:
                choice = i
    best = values[choice]
    if any(i != choice and abs(v - best) <= 1e-9 for i, v in enumerate(values)):
        values[choice] += unit(tb) / 2
    return values


def _probability(values: Sequence[float], chosen: int, strength: float) -> float:
    top = max(values)
    total = 0.0
    mine = 0.0
    for index, value in enumerate(values):
        term = exp(strength * (value - top))
        total += term
        if index == chosen:
            mine = term
    return (1 - TREMBLE) * mine / total + TREMBLE / len(values)


def likelihoods(tb: Tables, decision: Decision, tiles: Sequence[TileIndex], sides: Sequence[int],
                live: Sequence[bool] | None = None) -> list[float]:
    """The probability of the play of ``decision`` under each of :data:`HYPOTHESES`, had its
    player held ``tiles`` (the tile played among them); 1 for each where they had no
    choice. ``live`` (per hypothesis) leaves out the hypotheses whose styles need no
    value (their entry is 0)."""
    hand = _hand_at(tb, decision, list(tiles), sides)
    found = options(hand, decision.seat)
    if len(found) <= 1:
        return [1.0] * len(HYPOTHESES)
    chosen = _chosen(decision, found)
    scale = 1.0 / unit(tb)
    result = [0.0] * len(HYPOTHESES)
    values_of: dict[str, list[float]] = {}
    for k, hypothesis in enumerate(HYPOTHESES):
        if live is not None and not live[k]:
            continue
        values = values_of.get(hypothesis.style)
        if values is None:
            values = values_of[hypothesis.style] = style_values(hand, found, hypothesis.style)
        result[k] = _probability(values, chosen, hypothesis.strength * scale)
    return result


def _chosen(decision: Decision, found: Sequence[Option]) -> int:
    ends = decision.ends
    for index, option in enumerate(found):
        if option[0] == decision.tile and (not ends or ends[option[1]] == decision.code):
            return index
    for index, option in enumerate(found):
        if option[0] == decision.tile:
            return index
    return 0


_MARGINALS: dict[tuple[int, Decision, Mask], tuple[float, ...]] = {}


def marginal(tb: Tables, decision: Decision, pool: Mask, sides: Sequence[int]) -> tuple[float, ...]:
    """The likelihood of the play of ``decision`` under each hypothesis, averaged over the
    hands its player may have held: the tiles they surely held and the rest drawn from
    ``pool`` (a bit mask), :data:`FILLS` hands (each possible one when fewer), drawn with a
    generator seeded by the decision (memoized)."""
    key = (id(tb), decision, pool)
    found = _MARGINALS.get(key)
    if found is not None:
        return found
    need = decision.counts[decision.seat] - len(decision.known)
    tiles = [u for u in range(tb.size) if pool >> u & 1]
    need = max(0, min(need, len(tiles)))
    known = list(decision.known)
    fills: list[list[TileIndex]]
    if comb(len(tiles), need) <= FILLS:
        fills = [list(c) for c in combinations(tiles, need)]
    else:
        rng = random.Random(repr((decision, pool)))
        fills = [rng.sample(tiles, need) for _ in range(FILLS)]
    totals = [0.0] * len(HYPOTHESES)
    for fill in fills:
        for k, p in enumerate(likelihoods(tb, decision, known + fill, sides)):
            totals[k] += p
    found = tuple(t / len(fills) for t in totals)
    if len(_MARGINALS) > 50_000:
        _MARGINALS.clear()
    _MARGINALS[key] = found
    return found


def read(tb: Tables, found: Evidence, prior: Sequence[float] = PRIOR, skip_current_since_draw: bool = False,
         ) -> Reading:
    """Each other seat's posterior over :data:`HYPOTHESES` from ``found``: the prior times
    the averaged likelihood (:func:`marginal`) of each play. With ``skip_current_since_draw``
    the plays of the hand under way since the player last drew are left out (the search
    weighs those deal by deal)."""
    players = found.players
    sides = sides_for(tb.rules, players)
    logs = [[log(p) for p in prior] for _ in range(players - 1)]
    informed = [0] * (players - 1)
    for decision, pool, current in found.decisions:
        if skip_current_since_draw and current and not decision.drew_after:
            continue
        values = marginal(tb, decision, pool, sides)
        if max(values) - min(values) > 1e-12:
            informed[decision.seat - 1] += 1
        row = logs[decision.seat - 1]
        for k, p in enumerate(values):
            row[k] += log(max(p, 1e-300))
    posteriors = []
    for row in logs:
        top = max(row)
        weights = [exp(x - top) for x in row]
        total = sum(weights)
        posteriors.append(tuple(w / total for w in weights))
    return Reading(tuple(posteriors), tuple(informed))


# --- the search's side: weights and playout players per deal ----------------------------------


class Model(NamedTuple):
    """What the search needs of the opponents' styles: each other seat's ``priors`` (the
    posterior from every play but those weighed deal by deal), the plays each made since
    they last drew in this hand (``observed``, :class:`Decision`), and the pack's seats'
    ``sides``; ``cache`` the likelihoods already worked out, by play and hand)."""

    priors: tuple[tuple[float, ...], ...]
    observed: tuple[tuple[Decision, ...], ...]
    sides: tuple[int, ...]
    cache: dict[tuple[Decision, Mask], list[float]]


def model(tb: Tables, found: Evidence, prior: Sequence[float] = PRIOR) -> Model:
    """The search's :class:`Model` from the :class:`Evidence` of the reader."""
    reading = read(tb, found, prior, skip_current_since_draw=True)
    observed: list[list[Decision]] = [[] for _ in range(found.players - 1)]
    for decision, _pool, current in found.decisions:
        if current and not decision.drew_after:
            observed[decision.seat - 1].append(decision)
    return Model(reading.posteriors, tuple(tuple(o) for o in observed), sides_for(tb.rules, found.players), {})


def deal_styles(tb: Tables, model: Model, hands: Sequence[Sequence[TileIndex]], rng: random.Random
                ) -> tuple[float, tuple[str, ...]]:
    """For one sampled deal (``hands``: every seat's tiles now, seat 0 the reader): its
    weight (the likelihood of the plays each other seat made since they last drew, under
    the mixture of hypotheses with the seat's prior) and the style each other seat plays
    in this deal's playouts, drawn from the posterior given the deal."""
    weight = 1.0
    chosen = []
    for seat in range(1, len(hands)):
        prior = model.priors[seat - 1]
        decisions = model.observed[seat - 1]
        live = [p > NEGLIGIBLE for p in prior]
        joint = [p if alive else 0.0 for p, alive in zip(prior, live)]
        if decisions:
            now = list(hands[seat])
            held = 0
            for t in now:
                held |= 1 << t
            cache = model.cache
            for decision in decisions:
                key = (decision, held)
                probabilities = cache.get(key)
                if probabilities is None:
                    probabilities = cache[key] = likelihoods(tb, decision, now + list(decision.known), model.sides,
                                                             live)
                joint = [j * q for j, q in zip(joint, probabilities)]
        total = sum(joint)
        weight *= total
        if total <= 0:
            chosen.append("expert")
            continue
        pick = rng.random() * total
        for k, j in enumerate(joint):
            pick -= j
            if pick <= 0 and j > 0:
                chosen.append(HYPOTHESES[k].style)
                break
        else:
            chosen.append(HYPOTHESES[max(range(len(joint)), key=joint.__getitem__)].style)
    return weight, tuple(chosen)


__all__ = ["Decision", "Evidence", "FILLS", "HYPOTHESES", "Hypothesis", "Model", "PRIOR", "PastHand", "Reading",
           "SHARP", "SOFT", "STYLES", "TREMBLE", "deal_styles", "evidence", "hand_decisions", "likelihoods",
           "marginal", "model", "read", "style_totals", "style_values", "unit"]
