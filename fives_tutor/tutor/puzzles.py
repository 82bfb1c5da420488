"""Puzzles: positions where one play is clearly best, what the engine makes of them,
their themes and starting ratings, and the learner's answers (pure: no I/O, no language).

A position is a puzzle when the engine's best play, at a deep budget, beats the play a
counting-only player would choose (the most points now: the ``greedy`` level) by at
least :data:`MIN_COST` points with a paired interval that excludes zero
(:data:`Z` standard errors, the differences taken on the same deals), and beats every
other legal play too: each at least :data:`MIN_GAP` points and :data:`Z` standard
errors of its paired difference behind; or, where every tile is known, each proven at
least :data:`MIN_GAP` points worse. :func:`refusal` says why a position is not one.
The figures come from one :func:`~fives_tutor.engine.compare` call with every play
kept in the search's race to the end (:func:`examine`): the race drops a play three
standard errors behind at any of its looks, every 16 deals, and over sixty looks that
is no test at three standard errors (a play 0.7 ± 1.5 points behind had been dropped
as clearly worse). A puzzle valued by Monte Carlo is kept only when a second deep
check, on other deals (:func:`confirm_seed`), finds the same answer at least
:data:`Z_CONFIRM` standard errors ahead of every other play (:func:`confirmation`):
the first check chose the position among hundreds, so its figures lean towards the
answer (the winner's curse); the second, on deals that chose nothing, does not.

The theme (:func:`theme_of`) is the idea behind the answer, computed from the
position: the exact finish, the match near the target, setting up the spinner, the
partner's ends, else the coach's own kind of mistake for the counting play
(the kind of its judgement, :func:`fives_tutor.tutor.coach.judgement_of`: the rule that
picks the reason the learner is shown after answering; blocking a suit the next player lacks, not
giving points back, shedding heavy tiles, keeping numbers), else an endgame solved
exactly, else what only playing the hand out shows.

The starting rating (:func:`starting_rating`) comes from how often weaker levels find
the answer (:func:`solver_shares`): each level has a notional rating
(:data:`LADDER`), and the puzzle's rating is the one at which the logistic curve of the
Glicko scale best explains what they found.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..core.game import sides_for
from ..core.plays import Play, parse_play
from ..core.position import EndKind
from ..core.rules import RuleSet
from ..core.tiles import ascii_digits, parse_hand, parse_tile
from ..engine import Comparison, Situation, compare, parse_history, rank
from ..errors import N_, FivesError, IllegalPlayError, NotationError
from .coach import FINE_BELOW, MATCH_COST, MATCH_REACH, Judgement, judgement_of
from .lessons import quit_words
from .puzzle_data import SOLVERS, PlayValue, Puzzle

#: the counting play must give away at least this many points against the answer (the
#: coach would mark it an inaccuracy at least)
MIN_COST = FINE_BELOW
#: ... by this many standard errors of the paired difference
Z = 3.0
#: the confirmation's bar, in standard errors: a gap of 4 on deals that chose nothing
#: puts the true gap above 2 with 97.7% confidence, so that a re-solve at the same
#: budget, whose own noise is one standard error, finds the same answer
Z_CONFIRM = 4.0
#: every other play must be at least this many points behind the answer
MIN_GAP = 1.0
#: the notional rating of each weaker level (:data:`~fives_tutor.tutor.puzzle_data.SOLVERS`),
#: 200 apart, the expert at 1500: a new learner (1500) starts on the puzzles the expert
#: heuristic finds about half the time
LADDER = {"greedy": 1100.0, "defensive": 1300.0, "expert": 1500.0, "mc-8": 1700.0, "mc-24": 1900.0, "mc-64": 2100.0}
#: the seeds each Monte Carlo solver tries (a share of them finding the answer)
SOLVER_SEEDS = {"mc-8": 3, "mc-24": 2, "mc-64": 1}
#: the rating scale of Glicko (and Elo): a difference of 400 is odds of 10 to 1
SCALE = 400.0
#: the range of starting ratings
LOWEST, HIGHEST = 900.0, 2700.0


class PuzzleCheckError(FivesError):
    """A puzzle whose position does not fit its pack, or whose answer is not a legal play there."""


def near_target(scores: Sequence[int], rules: RuleSet, players: int) -> bool:
    """Whether a side is within :data:`~fives_tutor.tutor.coach.MATCH_REACH` points of the
    match target (where the coach, and a puzzle, weigh the match)."""
    target = rules.match.target.get(players)
    return target is not None and max(scores) >= target - MATCH_REACH


def situation_of(puzzle: Puzzle, rules: RuleSet):
    """What the player to move knows in ``puzzle``
    (:class:`~fives_tutor.engine.Situation`): the hand so far, their tiles, and the
    scores where the search weighed them. Raises :class:`PuzzleCheckError` when the
    history or the hand does not fit the pack."""
    try:
        history = parse_history(puzzle.history, rules, puzzle.players)
        hand = parse_hand(puzzle.hand, rules.max_pips)
        scores = puzzle.scores if puzzle.match else None
        return Situation.from_history(history, hand, rules, scores, puzzle.lead)
    except FivesError as error:
        raise PuzzleCheckError(N_("puzzle {id}: {reason}"), id=puzzle.id, reason=str(error)) from None


def plays_of(situation) -> list[Play]:
    """The legal plays of the player to move."""
    return list(situation.plays())


def counting_play(situation) -> Play:
    """The play a counting-only player chooses: the most points now, on a tie the
    heavier tile (the ``greedy`` level)."""
    return rank(situation, "greedy")[0].play


def examine(situation, samples: int, seed: str):
    """Every legal play valued against the counting play on the same deals
    (:func:`~fives_tutor.engine.compare` with every play kept in the race to the end):
    a :class:`~fives_tutor.engine.Comparison`, ``ranked`` best first, ``cost`` and
    ``noise`` the counting play's paired difference to the best, ``gaps`` every play's."""
    return compare(situation, counting_play(situation), samples=samples, seed=seed, keep=tuple(situation.plays()))


#: why a position is not a puzzle (:func:`refusal`; ``changed``: :func:`confirmation`)
REFUSALS = ("forced", "same", "margin", "noise", "close", "changed")
#: the seed with which ``bench/puzzles.py`` re-solves the shipped puzzles (by default):
#: the generator never uses it (:func:`resolve_seed`)
RESOLVE_SEED = "bench-resolve"


#: the generator's checks of a position, cheapest first, each on deals of its own
#: (:func:`check_seed`): the pre-filter, the shallow check, the deep check, the first
#: rule's confirmation (``confirm``: it chose the puzzles made before :data:`Z_CONFIRM`,
#: so no later check is made on its deals) and the confirmation (``recheck``)
CHECKS = ("pre", "mid", "deep", "confirm", "recheck")


def check_seed(base: str, stage: str) -> str:
    """The seed of the generator's check ``stage`` (:data:`CHECKS`) of a position, from its
    ``base`` seed (a puzzle's ``seed`` field: the generator's seed, the match and the
    decision)."""
    return f"{base}:{stage}"


def solver_seed(base: str, solver: str, k: int) -> str:
    """The seed of the ``k``-th Monte Carlo run of ``solver`` (:func:`solver_shares`)."""
    return f"{base}:{solver}:{k}"


def deep_seed(base: str) -> str:
    """The seed of a position's deep check (:func:`check_seed`)."""
    return check_seed(base, "deep")


def confirm_seed(base: str) -> str:
    """The seed of a position's second deep check (:func:`confirmation`), from the same
    ``base`` as :func:`deep_seed`: other deals than the first check's, than the first
    rule's confirmation (which chose earlier sets), and the bench's (:func:`resolve_seed`
    ends with the puzzle's id, whose last part is a number; this ends with ``:recheck``)."""
    return check_seed(base, "recheck")


def resolve_seed(puzzle_id: str, seed: str = RESOLVE_SEED) -> str:
    """The seed with which the bench re-solves the puzzle ``puzzle_id``."""
    return f"{seed}:{puzzle_id}"


def generation_seeds(base: str) -> tuple[str, ...]:
    """Every seed the generator used for the position of ``base`` (the pre-filter, the
    shallow and the deep check, the confirmation, the solvers' ratings): a bench that
    re-solves with one of them would be measuring on the deals that chose the puzzle."""
    solvers = tuple(solver_seed(base, solver, k) for solver, seeds in SOLVER_SEEDS.items() for k in range(seeds))
    return (base, *(check_seed(base, stage) for stage in CHECKS), *solvers)


def refusal(compared, z: float = Z) -> str | None:
    """None when ``compared`` (from :func:`examine`) shows a unique answer, else why not:
    ``forced`` (one legal play), ``same`` (the best play is the counting play),
    ``margin`` (the counting play costs less than :data:`MIN_COST`), ``noise`` (its cost
    is within ``z`` standard errors of zero), ``close`` (another play is less than
    :data:`MIN_GAP` points, or ``z`` standard errors of its paired difference, behind the
    best). Raises ValueError when ``compared`` has no gaps measured deal by deal for
    every play (``Comparison.gaps``: a stored puzzle's figures cannot be judged again)."""
    if compared.level == "forced" or len(compared.ranked) < 2:
        return "forced"
    if len(compared.gaps) != len(compared.ranked):
        raise ValueError("a puzzle is judged on every play's gap measured deal by deal")
    best, counting = compared.best, compared.chosen
    if _same(best.play, counting.play):
        return "same"
    if compared.cost < MIN_COST:
        return "margin"
    if compared.level != "exact" and compared.cost < z * compared.noise:
        return "noise"
    for other, (behind, noise) in zip(compared.ranked[1:], compared.gaps[1:]):
        if _same(other.play, counting.play):
            continue
        if behind < MIN_GAP:
            return "close"
        if compared.level != "exact" and behind < z * noise:
            return "close"
    return None


def confirmation(first: Comparison, second: Comparison) -> str | None:
    """None when the second deep check ``second`` (:func:`examine` with
    :func:`confirm_seed`) confirms the puzzle ``first`` found: it passes
    :func:`refusal` at :data:`Z_CONFIRM` standard errors (margin, interval excluding
    zero, no close second) and its best play is the same; else why not: the reason
    :func:`refusal` gives ``second``, or ``changed`` (another best play). ``first``
    itself must pass :func:`refusal`. A proven answer (level ``exact``) does not depend
    on the seed: checking it again finds the same figures."""
    why = refusal(second, Z_CONFIRM)
    if why is not None:
        return why
    if not _same(first.best.play, second.best.play):
        return "changed"
    return None


def _same(a: Play, b: Play) -> bool:
    return a.tile == b.tile and a.index == b.index


def wins_now(play: Play, scores: Sequence[int], rules: RuleSet, players: int) -> bool:
    """Whether ``play``'s points win the match at once for the side to move (its score
    first in ``scores``), under the pack's target and overshoot rule."""
    target = rules.match.target.get(players)
    if target is None or not play.points:
        return False
    reached = scores[0] + play.points
    return reached == target or (reached > target and rules.match.overshoot == "allowed")


def _spins(play: Play) -> bool:
    """Whether ``play`` puts a spinner on the table that was not there."""
    def spinners(position) -> int:
        return sum(1 for e in position.ends if e.kind in (EndKind.SPINNER, EndKind.ARM))

    return play.tile.is_double and spinners(play.after) > spinners(play.before)


def _partners(situation) -> bool:
    sides = sides_for(situation.rules, situation.players)
    return situation.players == 4 and sides[0] == sides[2]


#: the theme of each kind of mistake the coach names (:data:`~fives_tutor.tutor.coach.KINDS`)
THEME_OF_KIND = {"block": "block", "reply": "giveback", "heavy": "heavy", "suits": "suits", "match": "match"}


def theme_of(situation, compared, scores: Sequence[int] | None = None) -> str:
    """The theme of the puzzle ``compared`` shows (:func:`examine`) in ``situation``, from
    the position (``scores``: each side's points, the player's side first, when known):

    ``finish`` the answer wins the match now and the counting play does not (under an
    exact target, the points that would pass it count nothing); ``match`` a side is near
    the target and the counting play costs the match (the coach's ``match`` kind);
    ``spinner`` the answer puts a spinner on the table and the counting play does not;
    ``partner`` with partners, the answer leaves ends the partner scores on, the main
    factor of the expert between the two plays; else the kind of the coach's judgement of
    the counting play (:func:`~fives_tutor.tutor.coach.judgement_of`: the kind of its
    first reason, the one the learner is shown after answering): ``block`` (``block``),
    ``giveback`` (``reply``), ``heavy``, ``suits``, ``match``; else ``endgame`` where the
    answer is proven, else ``lookahead``."""
    rules = situation.rules
    players = situation.players
    best, counting = compared.best, compared.chosen
    if scores is not None and wins_now(best.play, scores, rules, players) \
            and not wins_now(counting.play, scores, rules, players):
        return "finish"
    near = scores is not None and near_target(scores, rules, players)
    if near and compared.cost >= MATCH_COST:
        return "match"
    if _spins(best.play) and not _spins(counting.play):
        return "spinner"
    if _partners(situation):
        factors = {(r.play.tile, r.play.index): dict(r.factors) for r in rank(situation, "expert")}
        best_factors = factors.get((best.play.tile, best.play.index), {})
        counting_factors = factors.get((counting.play.tile, counting.play.index), {})
        differences = {name: best_factors.get(name, 0.0) - counting_factors.get(name, 0.0)
                       for name in set(best_factors) | set(counting_factors) if name != "now"}
        if differences and max(differences, key=lambda n: differences[n]) == "partner" \
                and differences["partner"] > 0.5:
            return "partner"
    kind = judgement_of(situation, compared).kind
    if kind in THEME_OF_KIND:
        return THEME_OF_KIND[kind]
    return "endgame" if compared.level == "exact" else "lookahead"


def solver_shares(situation, answer: Play, seed: str) -> dict[str, float]:
    """How often each weaker level (:data:`~fives_tutor.tutor.puzzle_data.SOLVERS`) finds
    ``answer``: 0 or 1 for the fixed levels, the share of :data:`SOLVER_SEEDS` seeds for
    Monte Carlo at a small budget (``mc-N``: N deals a play)."""
    found: dict[str, float] = {}
    for solver in SOLVERS:
        if not solver.startswith("mc-"):
            found[solver] = float(_same(rank(situation, solver)[0].play, answer))
            continue
        budget = int(solver[3:])
        seeds = SOLVER_SEEDS[solver]
        hits = sum(_same(rank(situation, "monte-carlo", samples=budget, seed=solver_seed(seed, solver, k))[0].play, answer)
                   for k in range(seeds))
        found[solver] = hits / seeds
    return found


def expected(rating: float, other: float) -> float:
    """The chance that a solver rated ``other`` finds the answer of a puzzle rated
    ``rating`` (the logistic curve of the Glicko and Elo scale)."""
    return 1.0 / (1.0 + 10.0 ** ((rating - other) / SCALE))


def starting_rating(found: dict[str, float]) -> float:
    """The puzzle rating that best explains ``found`` (each solver's share of finding the
    answer, its rating from :data:`LADDER`): the maximum of the likelihood, with one
    drawn game against a solver rated 1500 as a prior so that a puzzle every solver
    finds (or none does) still gets a finite rating. Within :data:`LOWEST` ..
    :data:`HIGHEST`, to 5 points."""
    games = [(LADDER[name], share) for name, share in found.items() if name in LADDER] + [(1500.0, 0.5)]
    best, best_score = LOWEST, -math.inf
    rating = LOWEST
    while rating <= HIGHEST:
        score = 0.0
        for other, share in games:
            p = min(max(expected(rating, other), 1e-12), 1 - 1e-12)
            score += share * math.log(p) + (1 - share) * math.log(1 - p)
        if score > best_score:
            best, best_score = rating, score
        rating += 5.0
    return best


def make_puzzle(identity: str, pack: str, players: int, lead: str, history_text: str, hand_text: str,
                scores: Sequence[int], weigh_match: bool, situation, compared, samples: int, seed: str,
                found: dict[str, float]) -> Puzzle:
    """The :class:`~fives_tutor.tutor.puzzle_data.Puzzle` of a position that passed
    :func:`refusal`, with its theme and starting rating."""
    ranked = list(compared.ranked)
    # the shares and figures as the file keeps them (3 and 2 decimals): the rating and the
    # theme read back are the ones the stored figures give
    found = {name: round(share, 3) for name, share in found.items()}
    plays = tuple(PlayValue(r.play.notation, round(r.value, 2), round(r.stderr, 2),
                            round(r.end_swing, 2) if r.swing_known else 0.0, bool(r.raced_out)) for r in ranked)
    puzzle = Puzzle(identity, pack, players, lead, history_text, hand_text, tuple(scores), weigh_match,
                    compared.best.play.notation, compared.chosen.play.notation, plays, round(compared.cost, 2),
                    round(compared.noise, 2), compared.level, samples, "", starting_rating(found), found, seed)
    return puzzle._replace(theme=stored_theme(puzzle, situation))


def stored_theme(puzzle: Puzzle, situation) -> str:
    """The theme of ``puzzle`` (:func:`theme_of`) from its stored figures, as the learner
    is shown them after answering (:func:`told`): the theme and the reason shown come
    from one judgement."""
    return theme_of(situation, _stored_comparison(puzzle, _ranked(puzzle, situation), puzzle.counting), puzzle.scores)


def check(puzzle: Puzzle, rules: RuleSet) -> None:
    """Check a puzzle against its pack: the history replays, the hand fits, the stored
    plays are exactly the legal plays and the answer and the counting play are among them.
    Raises :class:`PuzzleCheckError`."""
    situation = situation_of(puzzle, rules)
    legal = {p.notation for p in plays_of(situation)}
    if legal != {p.play for p in puzzle.plays}:
        raise PuzzleCheckError(N_("puzzle {id}: its plays are not the legal plays of its position"), id=puzzle.id)
    if counting_play(situation).notation != puzzle.counting:
        raise PuzzleCheckError(N_("puzzle {id}: its counting play is not the most points now"), id=puzzle.id)


# --- the learner's answer ------------------------------------------------------------------------


def reply_play(situation, reply: str) -> Play | NotationError:
    """The learner's reply read as a play, as at the table (``6|4@6``, the halves in
    either order; a tile alone where it fits one kind of end; their own digits), or why
    it is not one: not a tile, not in the hand, not a fit, or ``@END`` needed. A reply
    with a problem is asked again: it is not a wrong answer."""
    text = ascii_digits(reply.strip())
    if not text:
        return NotationError(N_("type your play, such as {example}, ? for a hint, or {quit} to stop"), text=reply,
                             example="6|4@6", quit=quit_words()[0])
    rules = situation.rules
    tile_text = text.partition("@")[0]
    try:
        tile = parse_tile(tile_text, rules.max_pips)
    except NotationError as error:
        return error
    hand = situation.hand
    if tile not in hand:
        return NotationError(N_("{tile} is not in your hand: choose one of {tiles}"), text=reply, tile=str(tile),
                             tiles=" ".join(map(str, hand)))
    try:
        play = parse_play(text, situation.board, rules)
    except (NotationError, IllegalPlayError) as error:
        return error if isinstance(error, NotationError) else NotationError(error.template, text=reply,
                                                                            **error.params)
    if not any(_same(play, legal) for legal in plays_of(situation)):
        return NotationError(N_("{play} is not a legal play here"), text=reply, play=play.notation)
    return next(legal for legal in plays_of(situation) if _same(play, legal))


def is_answer(puzzle: Puzzle, play: Play) -> bool:
    """Whether ``play`` is the puzzle's answer."""
    return play.notation == puzzle.answer


class Told(NamedTuple):
    """What is shown after an answer: ``ranked`` every play with its figures (best
    first), ``reason`` the coach's judgement of the counting play against the answer
    (why the answer is better than the most points now), and ``mine`` the judgement of
    the learner's own play when it was neither of those two (else None)."""

    ranked: tuple
    reason: Judgement
    mine: Judgement | None


def _ranked(puzzle: Puzzle, situation) -> list:
    """The stored figures of every play as :class:`~fives_tutor.engine.RankedPlay`
    values (the reply figures worked out again from the position: they are exact)."""
    defensive = {r.play.notation: r for r in rank(situation, "defensive")}
    ranked = []
    for stored in puzzle.plays:
        base = defensive.get(stored.play)
        if base is None:
            raise PuzzleCheckError(N_("puzzle {id}: its plays are not the legal plays of its position"), id=puzzle.id)
        ranked.append(base._replace(value=stored.value, stderr=stored.stderr, end_swing=stored.end_swing,
                                    swing_known=True, raced_out=stored.raced_out, samples=puzzle.samples,
                                    proven=puzzle.level == "exact"))
    return ranked


def told(puzzle: Puzzle, situation, chosen: Play | None) -> Told:
    """The figures and the coach's reasons to show after the learner answered ``chosen``
    (None: they did not answer). Raises :class:`PuzzleCheckError` for a puzzle whose
    plays do not fit its position."""
    ranked = _ranked(puzzle, situation)
    reason = judgement_of(situation, _stored_comparison(puzzle, ranked, puzzle.counting))
    mine = None
    if chosen is not None and chosen.notation not in (puzzle.answer, puzzle.counting):
        mine = judgement_of(situation, _stored_comparison(puzzle, ranked, chosen.notation))
    return Told(tuple(ranked), reason, mine)


def _stored_comparison(puzzle: Puzzle, ranked: list, chosen: str) -> Comparison:
    """The play ``chosen`` (notation) against the answer, from the puzzle's stored figures
    (``ranked``: :func:`_ranked`): the counting play with its stored cost and noise,
    another play with its value's difference and standard error."""
    best = ranked[0]
    own = next(r for r in ranked if r.play.notation == chosen)
    if chosen == puzzle.counting:
        return Comparison(tuple(ranked), own, best, puzzle.cost, puzzle.noise, puzzle.level, puzzle.samples)
    return Comparison(tuple(ranked), own, best, max(0.0, best.value - own.value), own.stderr, puzzle.level,
                      puzzle.samples)


# --- choosing the next puzzle --------------------------------------------------------------------


def pick(puzzles: Sequence[Puzzle], target: float, avoid: set[str], players: int | None = None,
         theme: str | None = None, floor: float | None = None) -> Puzzle | None:
    """The puzzle rated closest to ``target`` among those of ``players`` and ``theme``
    (None: any), leaving out the ids in ``avoid``; on a tie the first in the file. With
    ``floor`` (the rating of the puzzle served before), only puzzles rated at least that
    much while there are any: a session's puzzles rise in difficulty."""
    fits = [p for p in puzzles if p.id not in avoid and (players is None or p.players == players)
            and (theme is None or p.theme == theme)]
    if floor is not None and any(p.rating >= floor for p in fits):
        fits = [p for p in fits if p.rating >= floor]
    best: Puzzle | None = None
    for puzzle in fits:
        if best is None or abs(puzzle.rating - target) < abs(best.rating - target):
            best = puzzle
    return best


#: the first puzzle of a session is this far below the learner's rating, and each next
#: one this much higher (the learner's own rating moves with the answers too)
START_BELOW, STEP = 150.0, 40.0


def session_targets(rating: float, count: int) -> list[float]:
    """The ratings a session of ``count`` puzzles aims at: rising from a little below the
    learner's ``rating``."""
    return [rating - START_BELOW + STEP * i for i in range(count)]


def summary_of(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as ``--json`` gives it."""
    data = puzzle.to_json()
    data["pack"] = puzzle.pack
    return data


__all__ = ["CHECKS", "HIGHEST", "LADDER", "LOWEST", "MIN_COST", "MIN_GAP", "REFUSALS", "RESOLVE_SEED", "SOLVER_SEEDS",
           "THEME_OF_KIND", "Z", "Z_CONFIRM", "PuzzleCheckError", "Told", "check", "check_seed", "confirm_seed",
           "confirmation", "counting_play", "deep_seed", "examine", "expected", "generation_seeds", "is_answer",
           "make_puzzle", "near_target", "pick", "plays_of", "refusal", "reply_play", "resolve_seed",
           "session_targets", "situation_of", "solver_seed", "solver_shares", "starting_rating", "stored_theme",
           "summary_of", "theme_of", "told", "wins_now"]
