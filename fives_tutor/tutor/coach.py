"""The coach's judgements (pure: no I/O, no language): what the player whose hand is
followed knew before each of their plays, what the engine makes of the play they chose,
and how it is marked.

A judgement looks only at what the player could know at that moment: their own tiles,
the table, every play, draw and pass of the hand so far (the history, from which the
engine infers what the others cannot hold) and the scores. It ranks their legal plays
with :func:`fives_tutor.engine.judge.compare` (``exact`` where every tile is known, else
Monte Carlo over the hidden tiles with :data:`SAMPLES` deals and a seed made from the
hand and the move, so that the same move is judged the same way live, after a resume,
and in ``fives games review``) and marks the play by its expected cost, the points it
gives away against the best play (docs/coach.md):

=============  ==========================================================================
``best``       the engine's own choice, or less than :data:`BEST_BELOW` point from it
``fine``       less than :data:`FINE_BELOW` points, or within :data:`NOISE_Z` standard
               errors of the best (equal within the noise of the sampling)
``inaccuracy`` :data:`FINE_BELOW` to :data:`MISTAKE_FROM` points
``mistake``    :data:`MISTAKE_FROM` points or more
=============  ==========================================================================

A play with no alternative (one legal play, or the lead the rule forces) is ``best``
and never spoken of. An inaccuracy or a mistake gets a ``kind``, the main reason the
best play was better (:data:`KINDS`), from the figures of the two plays: the points
now, the reply they leave the next player, the pips kept for the end of the hand, the
match, and the expert's other factors.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core.game import seated_rules
from ..core.keeper import TableState
from ..core.plays import parse_play, plays_for_tile
from ..core.position import Position
from ..core.rules import RuleSet
from ..core.undo import effective_actions
from ..engine.history import Event, History, Step
from ..engine.judge import compare
from ..engine.levels import Situation, rank_expert
from ..errors import N_, FivesError, IllegalPlayError

#: deals of the hidden tiles a judgement samples for each candidate play
SAMPLES = 200
#: a play this close to the best (points) is marked best
BEST_BELOW = 0.5
#: below this many points a play is fine
FINE_BELOW = 2.0
#: from this many points a play is a mistake (between: an inaccuracy)
MISTAKE_FROM = 6.0
#: a cost within this many standard errors of zero is equal within the noise: fine
NOISE_Z = 2.0
#: with a side this close to the target (points), a cost of :data:`MATCH_COST` or more is
#: the match's: the engine counts a match won or lost as 300 points more
MATCH_REACH = 50
MATCH_COST = 50.0
#: the verdicts, best first
VERDICTS = ("best", "fine", "inaccuracy", "mistake")
#: the kinds of mistake: points missed now, a reply left to the next player, heavy tiles
#: kept for the count, playing away from the suits an opponent lacks, fewer numbers kept
#: in hand, the match, and what only playing the hand out shows
KINDS = ("points", "reply", "heavy", "block", "suits", "match", "lookahead")
#: the ``fives learn`` lesson that covers each kind, where one does
LESSONS = {"points": "counting", "reply": "strategy", "heavy": "strategy", "block": "strategy", "match": "match"}


class Judgement(NamedTuple):
    """One play of the followed player, judged. ``hand`` (from 1) and ``ply`` (the events
    of the hand before it, from 0) say which; ``seat`` whose; ``play`` and ``best`` the
    chosen and the best play (``TILE@END``); ``points`` and ``best_points`` what each
    scored now; ``cost`` the points the play gives away against the best and ``noise``
    its standard error (both rounded to 0.1); ``verdict`` (:data:`VERDICTS`); ``kind``
    (:data:`KINDS`, for an inaccuracy or a mistake, else None); ``options`` the legal
    plays there were; ``level`` (``exact``, ``monte-carlo``, ``forced``) and ``samples``;
    ``reply`` and ``best_reply`` the points the next player could expect in reply after
    each; ``most`` the most a tile the next player may hold scores after the chosen play;
    ``pips`` and ``best_pips`` the pips of the two tiles."""

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
    reply: float = 0.0
    best_reply: float = 0.0
    most: int = 0
    pips: int = 0
    best_pips: int = 0

    @property
    def speaks(self) -> bool:
        """Whether the coach says something about it (an inaccuracy or a mistake)."""
        return self.verdict in ("inaccuracy", "mistake")

    def to_dict(self) -> dict:
        """The judgement as JSON-ready data (the journal keeps it with the play)."""
        return self._asdict()

    @classmethod
    def from_dict(cls, data) -> Judgement | None:
        """A judgement read back from the journal; None for data that is not one
        (a damaged or foreign entry is judged again instead)."""
        if not isinstance(data, dict) or set(data) != set(cls._fields):
            return None
        types = {"play": str, "best": str, "verdict": str, "level": str}
        for name in cls._fields:
            value = data[name]
            if name == "kind":
                if value is not None and value not in KINDS:
                    return None
            elif name in types:
                if not isinstance(value, str) or len(value) > 32:
                    return None
            elif isinstance(value, bool) or not isinstance(value, (int, float)) or abs(value) > 1e6:
                return None
        if data["verdict"] not in VERDICTS:
            return None
        return cls(**data)


def verdict(cost: float, noise: float, forced: bool = False) -> str:
    """The mark of a play that gives away ``cost`` points (standard error ``noise``)."""
    if forced or cost < BEST_BELOW:
        return "best"
    if cost < FINE_BELOW or cost <= NOISE_Z * noise:
        return "fine"
    return "inaccuracy" if cost < MISTAKE_FROM else "mistake"


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


def judge(state: TableState, play_text: str, samples: int = SAMPLES) -> Judgement:
    """The followed player's play ``play_text`` (``TILE`` or ``TILE@END``, as the event
    writes it), judged from ``state``, the table just before it. Raises
    :class:`~fives_tutor.errors.FivesError` when the situation cannot be built or the play
    is not legal there."""
    situation = situation_of(state)
    chosen = parse_play(play_text, state.layout, state.rules)
    near = max(state.scores) >= state.board.target - MATCH_REACH
    return judge_situation(situation, chosen, state.hand_number, ply_of(state), followed_seat(state), near, samples)


def judge_situation(situation, chosen, hand: int = 1, ply: int = 0, seat: int = 0, near: bool = False,
                    samples: int = SAMPLES) -> Judgement:
    """The play ``chosen`` (a :class:`~fives_tutor.core.plays.Play`) in ``situation`` (what the
    player knew: :class:`~fives_tutor.engine.levels.Situation`), judged as the move after
    ``ply`` events of hand ``hand`` by ``seat`` (the seed comes from ``hand`` and ``ply``);
    ``near``: a side is within :data:`MATCH_REACH` points of the target. Raises
    :class:`~fives_tutor.errors.FivesError` when the play is not legal there or no deal
    of the hidden tiles fits."""
    compared = compare(situation, chosen, samples=samples, seed=seed_for(hand, ply))
    return judgement_of(situation, compared, hand, ply, seat, near)


def judgement_of(situation, compared, hand: int = 1, ply: int = 0, seat: int = 0, near: bool = False) -> Judgement:
    """The :class:`Judgement` of a play already compared with the best
    (``compared``: a :class:`~fives_tutor.engine.judge.Comparison`, as
    :func:`judge_situation` makes it or as a puzzle stores its figures) in ``situation``."""
    c, b = compared.chosen, compared.best
    cost = round(compared.cost, 1)
    noise = round(compared.noise, 1)
    marked = verdict(cost, noise, compared.level == "forced" or c.forced)
    most = _most_reply(situation, c.play)
    kind = None
    if marked in ("inaccuracy", "mistake"):
        factors = {(r.play.tile, r.play.index): dict(r.factors) for r in rank_expert(situation)}
        kind = kind_of(cost, c, b, factors.get((c.play.tile, c.play.index), {}),
                       factors.get((b.play.tile, b.play.index), {}), near)
    return Judgement(hand, ply, seat, _written(c.play), _written(b.play), c.play.points, b.play.points, cost, noise,
                     marked, kind, len(compared.ranked), compared.level, compared.samples, round(c.reply, 1),
                     round(b.reply, 1), most, c.play.tile.pips, b.play.tile.pips)


def _written(play) -> str:
    """A play as the journal and the coach write it: the lead alone, else ``TILE@END``."""
    return play.notation


def _most_reply(situation, play) -> int:
    """The most points a tile the next player may hold scores after ``play`` (0 when the
    play goes out)."""
    if len(situation.hand) == 1:
        return 0
    void = situation.voids[0] if situation.voids else frozenset()
    board = play.layout if play.layout is not None else play.after
    best = 0
    for tile in situation.unseen:
        if tile[0] in void or tile[1] in void:
            continue
        for reply in plays_for_tile(board, tile, situation.rules):
            best = max(best, reply.points)
    return best


#: expert factors that say why one play keeps a better hand than another
_SUIT_FACTORS = ("variety", "stuck", "follow")


def kind_of(cost: float, chosen, best, chosen_factors: dict, best_factors: dict, near: bool = False) -> str:
    """The main reason ``best`` (a :class:`~fives_tutor.engine.levels.RankedPlay`) was
    worth ``cost`` points more than ``chosen``: the match (with the target ``near``, a
    cost of :data:`MATCH_COST` or more); else the largest of the points now, the reply
    left to the next player and, when the best play is a heavier tile, the pips kept for
    the hand-end count, when it explains a third of the cost (and at least :data:`FINE_BELOW` points); else the expert factor
    that favours the best play most (blocking, or the numbers kept in hand); else what
    only playing the hand out shows."""
    if near and cost >= MATCH_COST:
        return "match"
    shares = {"points": best.play.points - chosen.play.points, "reply": chosen.reply - best.reply, "heavy": 0.0}
    if best.play.tile.pips > chosen.play.tile.pips:  # only a heavier tile sheds more pips for the count
        shares["heavy"] = max(best.end_swing - chosen.end_swing,
                              best_factors.get("pips", 0) + best_factors.get("double", 0)
                              - chosen_factors.get("pips", 0) - chosen_factors.get("double", 0))
    main = max(shares, key=lambda name: (shares[name], -KINDS.index(name)))
    if shares[main] >= max(FINE_BELOW, cost / 3):
        return main
    block = best_factors.get("block", 0) - chosen_factors.get("block", 0)
    suits = sum(best_factors.get(name, 0) - chosen_factors.get(name, 0) for name in _SUIT_FACTORS)
    if max(block, suits) > 0.5:
        return "block" if block >= suits else "suits"
    return "lookahead"


def lesson_for(kind: str, lesson_ids: Sequence[str]) -> str | None:
    """The ``fives learn`` lesson that covers ``kind``, if the pack has it."""
    lesson = LESSONS.get(kind)
    return lesson if lesson in lesson_ids else None


class Summary(NamedTuple):
    """The judgements of a hand or a match added up: ``judged`` plays, how many of each
    verdict (``counts``), the points ``lost`` to inaccuracies and mistakes (those that
    cost the match are counted apart, in ``match``: their cost is mostly the match's
    worth to the engine, not points), the ``costliest`` (at most three, costliest first)
    and the ``kinds`` of mistake made (most costly first)."""

    judged: int
    counts: dict
    lost: float
    costliest: tuple
    kinds: tuple
    match: int = 0


def summarise(judgements: Sequence[Judgement]) -> Summary:
    """The :class:`Summary` of ``judgements``."""
    counts = dict.fromkeys(VERDICTS, 0)
    for judged in judgements:
        counts[judged.verdict] += 1
    wrong = [j for j in judgements if j.speaks]
    lost = round(sum(j.cost for j in wrong if j.kind != "match"), 1)
    costliest = tuple(sorted(wrong, key=lambda j: (-j.cost, j.hand, j.ply))[:3])
    by_kind: dict = {}
    for judged in wrong:
        by_kind[judged.kind] = by_kind.get(judged.kind, 0) + judged.cost
    kinds = tuple(sorted(by_kind, key=lambda k: (-by_kind[k], KINDS.index(k))))
    return Summary(len(judgements), counts, lost, costliest, kinds, sum(1 for j in wrong if j.kind == "match"))


def judge_match(rules, names, teams, events: Sequence[dict], samples: int = SAMPLES, stored: bool = True,
                progress=None) -> list[Judgement]:
    """Every play of a followed hand in a match's ``events`` (undo and redo applied),
    judged: a play whose event keeps its judgement (``"coach"``, written live) is given
    that one when ``stored``, the others are judged now. ``progress(done, total)`` is
    called as they are judged. Plays whose situation cannot be built (a hand given late,
    tiles drawn without naming them) are left out."""
    return [judged for _state, judged in judged_plays(rules, names, teams, events, samples, stored, progress)]


def judged_plays(rules, names, teams, events: Sequence[dict], samples: int = SAMPLES, stored: bool = True,
                 progress=None):
    """As :func:`judge_match`, each judgement with the table just before its play: yields
    ``(state, judgement)``; ``state`` (a :class:`~fives_tutor.core.keeper.TableState`) is
    valid until the next item is asked for."""
    actions = effective_actions(events)
    state = TableState(rules, names, teams)
    plays = sum(1 for event in actions if event.get("type") == "play")
    seen = 0
    for event in actions:
        if event.get("type") == "play":
            seen += 1
            if (state.followed.player is not None and event.get("player") == state.followed.player
                    and state.followed.known is not None and not state.awaiting):
                judged = Judgement.from_dict(event.get("coach")) if stored else None
                if judged is None:
                    try:
                        end = event.get("end") or ""
                        judged = judge(state, f"{event['tile']}@{end}" if end else str(event["tile"]), samples)
                    except FivesError:
                        judged = None
                if judged is not None:
                    yield state, judged
            if progress is not None:
                progress(seen, plays)
        state.apply(event)


__all__ = ["BEST_BELOW", "FINE_BELOW", "KINDS", "LESSONS", "MATCH_COST", "MATCH_REACH", "MISTAKE_FROM", "NOISE_Z",
           "SAMPLES", "VERDICTS",
           "Judgement", "Summary", "followed_seat", "judge", "judge_match", "judge_situation", "judged_plays",
           "judgement_of", "kind_of", "lesson_for", "ply_of", "scores_for", "history_of", "seed_for", "situation_of",
           "steps_of", "summarise", "verdict"]
