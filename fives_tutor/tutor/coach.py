"""The coach's judgements (pure: no I/O, no language): what the player whose hand is
followed knew before each of their plays, what the engine makes of the play they chose,
how it is marked, and why the better play was better.

A decision is analysed once (:func:`analyse_state`): every legal play valued with
:func:`fives_tutor.engine.judge.analyse` on the same deals (``exact`` where every tile is
known, else Monte Carlo over the hidden tiles with :data:`SAMPLES` deals and a seed made
from the hand and the move, :func:`seed_for`). ``hint`` shows that analysis before the
play, the coach judges the play made on it, and ``fives games review`` shows the
judgement: the three agree because they are one computation (docs/coach.md). A play's
**cost** is the best play's value less its own on the same deals, in points to the end
of the hand (and, where the scores are given, the match: a match won or lost counts
:data:`~fives_tutor.engine.names.WIN_VALUE` points more, kept apart as ``match``); its
**noise** is the cost's standard error, measured deal by deal. The marks:

=============  ==========================================================================
``best``       the engine's own choice, or less than :data:`BEST_BELOW` point from it
``fine``       less than :data:`FINE_BELOW` points, or within :data:`NOISE_Z` standard
               errors of the best (equal within the noise of the sampling)
``inaccuracy`` :data:`FINE_BELOW` to :data:`MISTAKE_FROM` points, clear of the noise
``mistake``    :data:`MISTAKE_FROM` points or more, clear of the noise
=============  ==========================================================================

A play with no alternative (one legal play, or the lead the rule forces) is ``best``
and never spoken of. The reasons are facts (:mod:`fives_tutor.engine.reasons`): every
comparison that is true of the play against the best, the one that explains the most
first (:func:`main_reason`), else what the search found; an inaccuracy or a mistake gets
the ``kind`` of its first reason (:data:`KINDS`), which names its lesson.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from ..core.game import seated_rules
from ..core.keeper import TableState
from ..core.plays import Play, is_notation, parse_play
from ..core.position import Position
from ..core.rules import RuleSet
from ..core.tiles import parse_tile
from ..core.undo import effective_actions
from ..engine.history import Event, History, Step
from ..engine.judge import Analysis, Comparison, Valued, analyse
from ..engine.levels import RankedPlay, Situation, rank_expert
from ..engine.names import DEFAULT_SAMPLES, LEVEL_NAMES
from ..engine.reasons import Reason, Searched, comparisons
from ..errors import N_, FivesError, IllegalPlayError

#: deals of the hidden tiles a judgement samples for each candidate play: the engine's
#: default budget, the one ``fives best`` answers with
SAMPLES = DEFAULT_SAMPLES
#: a play this close to the best (points) is marked best
BEST_BELOW = 0.5
#: below this many points a play is fine
FINE_BELOW = 2.0
#: from this many points a play is a mistake (between: an inaccuracy)
MISTAKE_FROM = 6.0
#: a cost within this many standard errors of zero is equal within the noise: fine
NOISE_Z = 2.0
#: a side this close to the target (points) is near it (puzzles weigh the match there)
MATCH_REACH = 50
#: a cost whose match part is this many points or more, and most of it, is the match's
MATCH_COST = 50.0
#: the verdicts, best first
VERDICTS = ("best", "fine", "inaccuracy", "mistake")
#: the kinds of mistake: points missed now, a reply left to the next player, heavy tiles
#: kept for the count, playing away from the suits an opponent lacks, fewer numbers kept
#: in hand, the match, and what only playing the hand out shows
KINDS = ("points", "reply", "heavy", "block", "suits", "match", "lookahead")
#: the kind of mistake each reason names (:mod:`fives_tutor.engine.reasons`)
KIND_OF_REASON = {"more_now": "points", "reply": "reply", "sheds": "heavy", "blocks": "block", "numbers": "suits",
                  "follow": "suits", "wins_now": "match", "gives_win": "match", "match_chances": "match",
                  "search": "lookahead"}
#: the ``fives learn`` lesson that covers each kind, where one does
LESSONS = {"points": "counting", "reply": "strategy", "heavy": "strategy", "block": "strategy", "match": "match"}
#: the plays an analysis keeps with a judgement: the best and the next ones
ALTERNATIVES = 3


def _finite(value: object) -> bool:
    """Whether ``value`` is a number as the coach writes one: not a truth value, finite
    (a NaN passes every comparison), at most a million points."""
    return (not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)
            and abs(value) <= 1e6)


class Alternative(NamedTuple):
    """One play of the analysis kept with a judgement: ``play`` (``TILE@END``), its
    ``points`` now, ``value`` and its standard error ``stderr`` (points to the end of the
    hand, and the match where counted), ``behind`` the best's value less its own on the
    same deals and that difference's ``noise``, ``match`` the part of ``behind`` that is
    the match, and ``win`` and ``lose`` the shares of deals on which it won and lost the
    match (None: not counted). All rounded to 0.1 (the shares to 0.01)."""

    play: str
    points: int
    value: float
    stderr: float
    behind: float
    noise: float
    match: float = 0.0
    win: float | None = None
    lose: float | None = None

    @classmethod
    def of(cls, valued: Valued) -> Alternative:
        """The figures of one play of an :class:`~fives_tutor.engine.judge.Analysis`."""
        r = valued.ranked

        def share(value: float | None) -> float | None:
            return None if value is None else round(value, 2)

        return cls(r.play.notation, r.play.points, round(r.value, 1), round(r.stderr, 1),
                   round(max(0.0, valued.behind), 1), round(valued.noise, 1), round(valued.match, 1),
                   share(valued.win), share(valued.lose))

    @property
    def interval(self) -> float:
        """The half-width of ``behind``'s interval (:func:`interval_of`)."""
        return interval_of(self.noise)

    @property
    def mark(self) -> str:
        """The mark the coach gives this play played (:func:`verdict` of ``behind``; the
        best is ``best``)."""
        return verdict(self.behind, self.noise)

    @classmethod
    def from_data(cls, data: object) -> Alternative | None:
        """One read back from a journal (a list of the fields); None for data that is not one."""
        if not isinstance(data, list) or len(data) != len(cls._fields) or not is_notation(data[0]):
            return None
        for index, value in enumerate(data[1:], start=1):
            if value is None and index >= len(cls._fields) - 2:
                continue  # the match's shares, where it was not counted
            if not _finite(value):
                return None
        return cls(*data)


class Judgement(NamedTuple):
    """One play of the followed player, judged. ``hand`` (from 1) and ``ply`` (the events
    of the hand before it, from 0) say which, ``move`` its number among the plays of the
    hand (from 1: draws and passes are not moves); ``seat`` whose; ``play`` and ``best``
    the chosen and the best play (``TILE@END``); ``points`` and ``best_points`` what each
    scored now; ``cost`` the points the play gives away against the best and ``noise`` its
    standard error (rounded to 0.1), ``match`` the part of ``cost`` that is the match
    (kept out of the points lost); ``verdict`` (:data:`VERDICTS`); ``kind`` (:data:`KINDS`,
    for an inaccuracy or a mistake, else None); ``options`` the legal plays there were;
    ``level`` (``exact``, ``monte-carlo``, ``forced``) and ``samples``; ``alternatives`` the
    best plays of the analysis and the play made (:class:`Alternative`, best first);
    ``reasons`` every comparison true of the play against the best, the one said first
    (:class:`~fives_tutor.engine.reasons.Reason`; none for a play marked best)."""

    hand: int
    ply: int
    seat: int
    play: str
    best: str
    points: int
    best_points: int
    cost: float
    noise: float
    verdict: str
    kind: str | None
    options: int
    level: str
    samples: int
    move: int = 0
    match: float = 0.0
    alternatives: tuple[Alternative, ...] = ()
    reasons: tuple[Reason, ...] = ()

    @property
    def speaks(self) -> bool:
        """Whether the coach says something about it (an inaccuracy or a mistake)."""
        return self.verdict in ("inaccuracy", "mistake")

    @property
    def points_cost(self) -> float:
        """The points the play gave away, the match's part left out."""
        return round(self.cost - self.match, 1)

    @property
    def interval(self) -> float:
        """The half-width of the cost's interval (:func:`interval_of`: a mark is given
        only where the cost is larger)."""
        return interval_of(self.noise)

    @property
    def within_noise(self) -> bool:
        """Whether the play is marked fine only because the sampling cannot tell its cost
        from zero (:func:`only_within_noise`)."""
        return only_within_noise(self.verdict, self.cost)

    @property
    def reason(self) -> Reason | None:
        """The reason said (the first), if any."""
        return self.reasons[0] if self.reasons else None

    def to_dict(self) -> dict[str, Any]:
        """The judgement as JSON-ready data (the journal keeps it with the play)."""
        data = self._asdict()
        data["alternatives"] = [list(a) for a in self.alternatives]
        data["reasons"] = [r.to_dict() for r in self.reasons]
        return data

    @classmethod
    def from_dict(cls, data: object) -> Judgement | None:
        """A judgement read back from the journal or an import; None for data that is not
        one (a damaged or foreign entry, or one written before the judgements kept their
        analysis, is judged again instead; an import is refused). Every field is checked as
        the coach writes it: plays in notation (ASCII, no control character that a review
        would print), a known verdict, kind and level, whole numbers in their ranges (a seat
        from 0 to 9, a hand from 1), finite points, the alternatives and reasons likewise."""
        values = _checked(data, cls._fields)
        return None if values is None else cls(**values)

    @staticmethod
    def is_earlier(data: object) -> bool:
        """Whether ``data`` is a judgement as fives-tutor wrote it before the judgements
        kept their analysis (:data:`EARLIER_FIELDS`), every field checked the same way:
        an export of that time is imported without it, and judged again when reviewed."""
        return _checked(data, EARLIER_FIELDS) is not None

    def judges(self, event: Mapping[str, Any]) -> bool:
        """Whether this is a judgement of the play ``event`` (``{"player", "tile", ...}``):
        the same seat and the same tile (either way round)."""
        try:
            return self.seat == event.get("player") and parse_tile(self.play.split("@")[0], 99) == parse_tile(
                str(event.get("tile", "")), 99)
        except FivesError:
            return False


#: the fields that name one of a few values
_CHOICES = {"verdict": VERDICTS, "level": LEVEL_NAMES + ("forced",)}
#: the whole-number fields and their ranges
_WHOLE = {"hand": (1, 100_000), "ply": (0, 100_000), "seat": (0, 9), "points": (0, 10 ** 6),
          "best_points": (0, 10 ** 6), "options": (1, 10_000), "samples": (0, 10 ** 6), "most": (0, 10 ** 6),
          "pips": (0, 1000), "best_pips": (0, 1000)}


#: the fields of a judgement as versions before the analysis board wrote it (the
#: replies and pips it compared, instead of the analysis's alternatives and reasons)
EARLIER_FIELDS = ("hand", "ply", "seat", "play", "best", "points", "best_points", "cost", "noise", "verdict", "kind",
                  "options", "level", "samples", "reply", "best_reply", "most", "pips", "best_pips")


def _checked(data: object, fields: Sequence[str]) -> dict[str, Any] | None:
    """The fields of a stored judgement with exactly ``fields``, checked and read (the
    alternatives and reasons as tuples); None where one is not as the coach writes it."""
    if not isinstance(data, dict) or set(data) != set(fields):
        return None
    values = dict(data)
    for name in fields:
        value = data[name]
        if name == "kind":
            if value is not None and value not in KINDS:
                return None
        elif name in ("play", "best"):
            if not is_notation(value):
                return None
        elif name in _CHOICES:
            if not isinstance(value, str) or value not in _CHOICES[name]:
                return None
        elif name in _WHOLE:
            low, high = _WHOLE[name]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                return None
        elif name == "alternatives":
            if not isinstance(value, list) or len(value) > ALTERNATIVES + 1:
                return None
            found = [Alternative.from_data(item) for item in value]
            if any(a is None for a in found):
                return None
            values[name] = tuple(found)
        elif name == "reasons":
            if not isinstance(value, list) or len(value) > 16:
                return None
            reasons = [Reason.from_dict(item) for item in value]
            if any(r is None for r in reasons):
                return None
            values[name] = tuple(reasons)
        elif not _finite(value):  # a NaN passes every comparison: refused by name
            return None
    if data["cost"] < 0 or data["noise"] < 0 or (data["kind"] is None) == (data["verdict"] in ("inaccuracy",
                                                                                                "mistake")):
        return None  # a cost is what the play gave away; an inaccuracy or a mistake has a kind, no other mark one
    return values


def verdict(cost: float, noise: float, forced: bool = False) -> str:
    """The mark of a play that gives away ``cost`` points (standard error ``noise``)."""
    if forced or cost < BEST_BELOW:
        return "best"
    if cost < FINE_BELOW or cost <= NOISE_Z * noise:
        return "fine"
    return "inaccuracy" if cost < MISTAKE_FROM else "mistake"


def interval_of(noise: float) -> float:
    """The half-width of the interval of a cost whose standard error is ``noise`` (points,
    rounded to 0.1 as the coach writes it): :data:`NOISE_Z` standard errors."""
    return round(NOISE_Z * noise, 1)


def only_within_noise(mark: str, cost: float) -> bool:
    """Whether a play marked ``mark`` (:func:`verdict`) that gives away ``cost`` points is
    fine only because the sampling cannot tell the cost from zero: ``fine`` though
    :data:`FINE_BELOW` points or more behind (what ``hint``, the coach, the review and
    ``fives best`` call equal within the noise)."""
    return mark == "fine" and cost >= FINE_BELOW


def seed_for(hand: int, ply: int) -> str:
    """The seed of the judgement of the move after ``ply`` events of hand ``hand``: the
    same live and in review, whichever match or file it is in."""
    return f"coach:{hand}:{ply}"


def scores_for(state: TableState, seat: int) -> tuple[int, ...]:
    """The scores by side, ``seat``'s side first, then the others in turn order."""
    order = []
    for k in range(state.players):
        side = state.sides[(seat + k) % state.players]
        if side not in order:
            order.append(side)
    return tuple(state.scores[s] for s in order)


def followed_seat(state: TableState) -> int:
    """The seat whose hand the table follows. Raises
    :class:`~fives_tutor.errors.IllegalPlayError` when nobody's is followed."""
    seat = state.followed.player
    if seat is None:
        raise IllegalPlayError(N_("hint needs your tiles: at the deal type hand and your tiles, such as {example}"),
                               example="hand 6|6 5|3 4|1")
    return seat


def situation_of(state: TableState, with_scores: bool = True):
    """What the followed player knows now (:class:`~fives_tutor.engine.levels.Situation`):
    their hand, every play, draw and pass of the hand under way (what the engine infers
    from) and the scores. Raises :class:`~fives_tutor.errors.FivesError` when it cannot be
    built (no deal fits what the others have shown)."""
    steps, played, leader = steps_of(state)
    seat = followed_seat(state)
    hand = state.followed.known
    if hand is None:  # the callers ask only of a followed hand whose tiles are all known
        raise ValueError("no followed hand: the situation needs the player's tiles")
    lead = "first" if state.hand_number == 1 else "later"
    scores = scores_for(state, seat) if with_scores else None
    return Situation.from_steps(state.layout, steps, played, state.counts, leader, seat, hand, table_rules(state),
                                scores, lead)


def table_rules(state: TableState) -> RuleSet:
    """The rules the engine plays the table of ``state`` by: its pack, with the table's
    partnerships where they are a house rule (:func:`~fives_tutor.core.game.seated_rules`),
    so that partners are played as partners and the scores are counted by side."""
    return seated_rules(state.rules, state.sides)


def steps_of(state: TableState):
    """The hand under way as the engine reads a history
    (:class:`~fives_tutor.engine.history.Step`, each with the table just before it), the
    tiles played in order and who led: ``(steps, played, leader)``. Read from the keeper's
    log, so a turn the table corrected is taken as it was recorded."""
    steps, played, leader = [], [], None
    position = Position()
    for logged in state.log:
        kind = logged.event.get("type")
        if logged.hand != state.hand_number or kind not in ("play", "draw", "pass"):
            continue
        player = logged.event["player"]
        play = logged.play  # a play event carries its play; a draw or a pass none
        before = play.before if play is not None else position
        codes = tuple(e.pips * 4 + int(e.kind) for e in before.ends)
        opened = frozenset(e.pips for e in before.ends)
        if play is not None:
            steps.append(Step("play", player, play.tile, opened, 0, codes, before.lone,
                              play.index if before.ends else -1))
            played.append(play.tile)
            leader = player if leader is None else leader
            position = play.after
        else:
            steps.append(Step(kind, player, None, opened, logged.event.get("count", 1) if kind == "draw" else 0,
                              codes, before.lone))
    return tuple(steps), tuple(played), leader


def history_of(state: TableState):
    """The hand under way as a :class:`~fives_tutor.engine.history.History` (what the
    player protocol shows a player)."""
    events = []
    for logged in state.log:
        kind = logged.event.get("type")
        if logged.hand != state.hand_number or kind not in ("play", "draw", "pass"):
            continue
        player = logged.event["player"]
        if logged.play is not None:  # a play event carries its play
            events.append(Event("play", player, logged.play.tile, logged.play.end))
        elif kind == "draw":
            events.append(Event("draw", player, count=logged.event.get("count", 1)))
        else:
            events.append(Event("pass", player))
    return History(state.players, tuple(events))


def ply_of(state: TableState) -> int:
    """The events (plays, draws, passes) of the hand under way so far."""
    return sum(1 for logged in state.log if logged.hand == state.hand_number
               and logged.event.get("type") in ("play", "draw", "pass"))


def move_of(state: TableState) -> int:
    """The number among the plays of the hand under way (from 1) of the play about to be
    made: draws and passes are not counted."""
    return 1 + sum(1 for logged in state.log if logged.hand == state.hand_number and logged.play is not None)


def analyse_state(state: TableState, samples: int | None = None) -> tuple[Situation, Analysis]:
    """The followed player's decision now, analysed once for ``hint``, the coach and the
    review: what they know (:func:`situation_of`) and every legal play valued on the
    same deals, seeded by the hand and the move (:func:`seed_for`). Raises
    :class:`~fives_tutor.errors.FivesError` when the situation cannot be built."""
    situation = situation_of(state)
    return situation, analyse(situation, samples or SAMPLES, seed_for(state.hand_number, ply_of(state)))


def play_text(event: Mapping[str, Any]) -> str:
    """The play of a ``play`` event (``{"tile", "end", ...}``) as :func:`judge` reads it:
    ``TILE@END``, or ``TILE`` alone for a lead."""
    end = event.get("end") or ""
    return f"{event['tile']}@{end}" if end else str(event["tile"])


def judge(state: TableState, played: str, samples: int | None = None,
          analysed: tuple[Situation, Analysis] | None = None) -> Judgement:
    """The followed player's play ``played`` (``TILE`` or ``TILE@END``, as the event
    writes it: :func:`play_text`), judged from ``state``, the table just before it, on the analysis of the
    decision (``analysed``, as :func:`analyse_state` made it for ``hint``; else made
    now). Raises :class:`~fives_tutor.errors.FivesError` when the situation cannot be
    built or the play is not legal there."""
    situation, analysis = analysed if analysed is not None else analyse_state(state, samples)
    chosen = parse_play(played, state.layout, state.rules)
    return judgement_from(situation, analysis, chosen, state.hand_number, ply_of(state), followed_seat(state),
                          move_of(state))


def judge_situation(situation: Situation, chosen: Play, hand: int = 1, ply: int = 0, seat: int = 0,
                    samples: int | None = None, move: int = 0) -> Judgement:
    """The play ``chosen`` (a :class:`~fives_tutor.core.plays.Play`) in ``situation`` (what the
    player knew: :class:`~fives_tutor.engine.levels.Situation`), judged as the move after
    ``ply`` events of hand ``hand`` by ``seat`` (the seed comes from ``hand`` and ``ply``:
    the same analysis as ``hint`` and the live coach; the analysis counts the match
    where the scores are given). Raises
    :class:`~fives_tutor.errors.FivesError` when the play is not legal there or no deal
    of the hidden tiles fits."""
    return judgement_from(situation, analyse(situation, samples or SAMPLES, seed_for(hand, ply)), chosen, hand, ply,
                          seat, move)


def searched_of(analysis_level: str, valued: Valued) -> Searched:
    """What the search found of a play against the best (for the reasons that report
    it): its cost, the half-width of the cost's interval (:data:`NOISE_Z` standard errors),
    the deals, and both plays' match chances on those deals where the match counted."""
    deals = valued.ranked.samples if analysis_level == "monte-carlo" else 0
    return Searched(round(max(0.0, valued.behind), 1), interval_of(round(valued.noise, 1)), deals, valued.win,
                    valued.best_win, valued.lose, valued.best_lose)


def judgement_from(situation: Situation, analysis: Analysis, chosen: Play, hand: int = 1, ply: int = 0,
                   seat: int = 0, move: int = 0) -> Judgement:
    """The :class:`Judgement` of ``chosen`` on ``analysis`` (:func:`~fives_tutor.engine.judge.analyse`
    of ``situation``): its cost and noise, its mark, the alternatives and, for a play not
    marked best, the reasons. Raises :class:`~fives_tutor.errors.IllegalPlayError` when
    ``chosen`` is not one of the analysis's plays (not legal there)."""
    try:
        mine = analysis.of(chosen)
    except KeyError:
        raise IllegalPlayError(N_("{play} is not a legal play there"), play=chosen.notation) from None
    best = analysis.best
    forced = analysis.level == "forced" or mine.ranked.forced
    cost = round(max(0.0, mine.behind), 1)
    noise = round(mine.noise, 1)
    match = round(max(0.0, min(cost, mine.match)), 1)
    marked = verdict(cost, noise, forced)
    kept = list(analysis.plays[:ALTERNATIVES])
    if not any(v is mine for v in kept):
        kept.append(mine)
    reasons: tuple[Reason, ...] = ()
    if marked != "best":
        found = comparisons(situation, mine.play, best.play, searched_of(analysis.level, mine))
        reasons = ordered(situation, found, cost, match, mine.ranked, best.ranked)
    kind = KIND_OF_REASON[reasons[0].kind] if reasons and marked in ("inaccuracy", "mistake") else None
    samples = mine.ranked.samples if analysis.level == "monte-carlo" else 0
    return Judgement(hand, ply, seat, mine.play.notation, best.play.notation, mine.play.points, best.play.points,
                     cost, noise, marked, kind, len(analysis.plays), analysis.level, samples, move, match,
                     tuple(Alternative.of(v) for v in kept), reasons)


def judgement_of(situation: Situation, compared: Comparison, hand: int = 1, ply: int = 0, seat: int = 0) -> Judgement:
    """The :class:`Judgement` of a play already compared with the best (``compared``: a
    :class:`~fives_tutor.engine.judge.Comparison`, as a puzzle stores its figures) in
    ``situation``: the same as :func:`judgement_from`, each play's difference to the best
    taken from the values."""
    top = compared.best.value
    plays = [Valued(r, 0.0 if r is compared.best else max(0.0, top - r.value), r.stderr) for r in compared.ranked]
    plays = [v._replace(behind=compared.cost, noise=compared.noise) if v.ranked is compared.chosen else v
             for v in plays]
    analysis = Analysis(tuple(plays), compared.level, compared.samples)
    return judgement_from(situation, analysis, compared.chosen.play, hand, ply, seat)


def ordered(situation: Situation, reasons: Sequence[Reason], cost: float, match: float, chosen: RankedPlay,
            best: RankedPlay) -> tuple[Reason, ...]:
    """``reasons`` (true of ``chosen`` against ``best``) with the one that explains the
    most of ``cost`` first (:func:`main_reason`), the others after in their order."""
    if not reasons:
        return ()
    main = main_reason(situation, reasons, cost, match, chosen, best)
    return (main,) + tuple(r for r in reasons if r is not main)


def main_reason(situation: Situation, reasons: Sequence[Reason], cost: float, match: float, chosen: RankedPlay,
                best: RankedPlay) -> Reason:
    """The reason that explains the most of ``cost`` among ``reasons`` (each true): the
    match where it is most of the cost (a win missed now, a win given at once, else the
    search's match chances when the match's part is :data:`MATCH_COST` or more); else the
    largest of the points now, the reply left to the next player and the pips shed, when
    it is worth at least :data:`FINE_BELOW` points; else the
    expert factor that favours the better play most where its reason holds (blocking, or
    the numbers kept in hand); else what the search found."""
    by_kind = {r.kind: r for r in reasons}
    points_part = cost - match
    if match >= points_part:
        for kind in ("wins_now", "gives_win"):
            if kind in by_kind:
                return by_kind[kind]
        if "match_chances" in by_kind and match >= MATCH_COST:
            return by_kind["match_chances"]
    factors = {(r.play.tile, r.play.index): dict(r.factors) for r in rank_expert(situation)}
    mine = factors.get((chosen.play.tile, chosen.play.index), {})
    theirs = factors.get((best.play.tile, best.play.index), {})
    shares = {"more_now": float(best.play.points - chosen.play.points), "reply": chosen.reply - best.reply,
              "sheds": max(best.end_swing - chosen.end_swing,
                           theirs.get("pips", 0.0) + theirs.get("double", 0.0)
                           - mine.get("pips", 0.0) - mine.get("double", 0.0))}
    present = [kind for kind in shares if kind in by_kind]
    if present:
        top = max(present, key=lambda kind: shares[kind])
        if shares[top] >= FINE_BELOW:
            return by_kind[top]
    block = theirs.get("block", 0.0) - mine.get("block", 0.0)
    suits = sum(theirs.get(name, 0.0) - mine.get(name, 0.0) for name in _SUIT_FACTORS)
    for kind, share in sorted((("blocks", block), ("numbers", suits), ("follow", suits)), key=lambda k: -k[1]):
        if share > 0.5 and kind in by_kind:
            return by_kind[kind]
    return by_kind.get("search", reasons[0])


#: expert factors that say why one play keeps a better hand than another
_SUIT_FACTORS = ("variety", "stuck", "follow")


def lesson_for(kind: str, lesson_ids: Sequence[str]) -> str | None:
    """The ``fives learn`` lesson that covers ``kind``, if the pack has it."""
    lesson = LESSONS.get(kind)
    return lesson if lesson in lesson_ids else None


class Summary(NamedTuple):
    """The judgements of a hand or a match added up: ``judged`` plays, how many of each
    verdict (``counts``), the points ``lost`` to inaccuracies and mistakes (the points
    part of their cost only: the match's worth to the engine is no points, so a play that
    cost chances to win the match is counted apart, in ``match``), the ``costliest`` (at
    most three, costliest first) and the ``kinds`` of mistake made (most costly first)."""

    judged: int
    counts: dict[str, int]
    lost: float
    costliest: tuple[Judgement, ...]
    kinds: tuple[str, ...]
    match: int = 0


def summarise(judgements: Sequence[Judgement]) -> Summary:
    """The :class:`Summary` of ``judgements``."""
    counts = dict.fromkeys(VERDICTS, 0)
    for judged in judgements:
        counts[judged.verdict] += 1
    wrong = [j for j in judgements if j.speaks]
    lost = round(sum(j.points_cost for j in wrong), 1)
    costliest = tuple(sorted(wrong, key=lambda j: (-j.cost, j.hand, j.ply))[:3])
    by_kind: dict[str, float] = {}
    for judged in wrong:
        if judged.kind is not None:
            by_kind[judged.kind] = by_kind.get(judged.kind, 0) + judged.cost
    kinds = tuple(sorted(by_kind, key=lambda k: (-by_kind[k], KINDS.index(k))))
    return Summary(len(judgements), counts, lost, costliest, kinds, sum(1 for j in wrong if j.kind == "match"))


def lost_by_hand(judgements: Sequence[Judgement]) -> list[tuple[int, float]]:
    """The points lost in each hand (``(hand, points)``, in order; a hand whose plays
    were judged and none lost any counts 0): the trend of a match."""
    hands: dict[int, float] = {}
    for judged in judgements:
        hands[judged.hand] = hands.get(judged.hand, 0.0) + (judged.points_cost if judged.speaks else 0.0)
    return [(hand, round(points, 1)) for hand, points in sorted(hands.items())]


Progress = Callable[[int, int], None]


def judge_match(rules: RuleSet, names: Sequence[str], teams: Sequence[Sequence[int]] | None,
                events: Sequence[Mapping[str, Any]], samples: int | None = None, stored: bool = True,
                progress: Progress | None = None, start: int = 0) -> list[Judgement]:
    """Every play of a followed hand in a match's ``events`` (undo and redo applied),
    judged: a play whose event keeps its judgement (``"coach"``, written live) is given
    that one when ``stored``, the others are judged now. ``progress(done, total)`` is
    called as they are judged. Plays whose situation cannot be built (a hand given late,
    tiles drawn without naming them) are left out, and so are the first ``start``
    actions (a match played on from another's position: its moves are that match's)."""
    return [judged for _state, judged in judged_plays(rules, names, teams, events, samples, stored, progress, start)]


def judged_plays(rules: RuleSet, names: Sequence[str], teams: Sequence[Sequence[int]] | None,
                 events: Sequence[Mapping[str, Any]], samples: int | None = None, stored: bool = True,
                 progress: Progress | None = None, start: int = 0) -> Iterator[tuple[TableState, Judgement]]:
    """As :func:`judge_match`, each judgement with the table just before its play: yields
    ``(state, judgement)``; ``state`` (a :class:`~fives_tutor.core.keeper.TableState`) is
    valid until the next item is asked for."""
    actions = effective_actions(events)
    state = TableState(rules, names, teams)
    plays = sum(1 for event in actions[start:] if event.get("type") == "play")
    seen = 0
    for number, event in enumerate(actions):
        if event.get("type") == "play" and number >= start:
            seen += 1
            if (state.followed.player is not None and event.get("player") == state.followed.player
                    and state.followed.known is not None and not state.awaiting):
                judged = Judgement.from_dict(event.get("coach")) if stored else None
                if judged is not None and not _fits(judged, state, event):
                    judged = None  # a judgement of another move (a damaged or crafted entry): judged again
                if judged is None:
                    try:
                        judged = judge(state, play_text(event), samples)
                    except FivesError:
                        judged = None
                if judged is not None:
                    yield state, judged
            if progress is not None:
                progress(seen, plays)
        state.apply(event)


def _fits(judged: Judgement, state: TableState, event: Mapping[str, Any]) -> bool:
    """Whether a stored judgement is one of the play ``event`` on ``state``: its hand,
    its place in the hand, its seat and its tile."""
    return judged.hand == state.hand_number and judged.ply == ply_of(state) and judged.judges(event)


__all__ = ["ALTERNATIVES", "BEST_BELOW", "EARLIER_FIELDS", "FINE_BELOW", "KINDS", "KIND_OF_REASON", "LESSONS", "MATCH_COST",
           "MATCH_REACH", "MISTAKE_FROM", "NOISE_Z", "SAMPLES", "VERDICTS",
           "Alternative", "Judgement", "Summary", "analyse_state", "followed_seat", "history_of", "interval_of", "judge",
           "judge_match", "judge_situation", "judged_plays", "judgement_from", "judgement_of",
           "lesson_for", "lost_by_hand", "main_reason", "move_of", "only_within_noise", "ordered", "play_text", "ply_of",
           "scores_for", "searched_of", "seed_for", "situation_of", "steps_of", "summarise", "table_rules", "verdict"]
