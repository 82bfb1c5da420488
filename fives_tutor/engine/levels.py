"""Choosing a play: the engine levels behind ``fives best``, ``fives duel`` and the coach.

Every level ranks the legal plays of a :class:`Situation` (what one player knows: the
table, their hand, the hidden tiles, what the history showed, the scores) and returns
:class:`RankedPlay` values, best first: ``rank(situation, level)``.

* ``greedy``: the most points now; on a tie the heavier tile (sheds pips).
* ``defensive``: points now minus the points the next player can expect to score in
  reply, averaged over the tiles this player cannot see; ties to the heavier tile.
* ``expert``: a fast heuristic from published strategy (:mod:`fives_tutor.engine.expert`).
* ``monte-carlo``: deals the hidden tiles many times, consistently with everything the
  player knows, and plays each candidate out to the end of the hand with the expert as
  the playout player (:func:`fives_tutor.engine.search.monte_carlo`).
* ``exact``: when every tile's place is known (two players, nothing in the boneyard),
  the proven value of every play (:func:`fives_tutor.engine.search.solve`).
* ``auto``: ``exact`` where it applies, else ``monte-carlo``.

On the empty table only the leads the pack allows are ranked (``Situation.lead``:
the ``first`` hand of a match or a ``later`` one; :func:`fives_tutor.core.plays.forced_lead`).

>>> from fives_tutor import load_rules, Position, parse_hand
>>> rules = load_rules("dominos-cc")
>>> situation = Situation.build(Position.parse("6 2"), parse_hand("2|5 6|4 3|3"), rules)
>>> [ranked.play.notation for ranked in rank(situation, "greedy")]
['6|4@6', '2|5@2']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.game import check_players, sides_for
from ..core.plays import Board, Play, board_position, forced_lead, legal_plays, plays_for_tile, tiles_on_table
from ..core.position import Position, new_double_spins
from ..core.rules import RuleSet
from ..core.tiles import Tile, domino_set
from ..errors import N_, IllegalPlayError
from .chances import expected_best
from .expert import credit_table, evaluate, view
from .fast import Board as ScoreBoard
from .fast import FastHand, Mask, Policy, Step, Tables, position_codes, tables
from .history import History, Shown, public_voids
from .history import knowledge as knowledge_of
from .knowledge import Knowledge
from .names import DEFAULT_LEVEL, DEFAULT_SAMPLES, LEVEL_NAMES, PLAYING_LEVELS
from .replay import replay
from .styles import SHOWN, SHOWN_PLAYS, Evidence, Model, PastHand, evidence, model, read

if TYPE_CHECKING:
    # types only: the search (and what it loads) is imported inside the levels that
    # search, so that greedy, defensive and expert answers do not pay for it at start-up
    # (about 40 ms of a `fives best --level greedy`, measured: docs/benchmarks.md, issue 17)
    from .search import MoveValue, ObservedTiles, Problem, Sampled, Spread


class Situation(NamedTuple):
    """What the player to move knows.

    ``board`` is the table (ends or layout form), ``hand`` the player's tiles,
    ``unseen`` the tiles they cannot see (the set minus their hand minus the tiles
    known to be on the table or played), ``next_hand`` how many tiles the next
    player holds, ``rules`` the pack; ``opponents`` each opponent's tile count and
    ``voids`` the numbers each cannot hold (in turn order from the next player);
    ``scores`` each side's points, the player's side first (None: the hand only);
    ``lead`` which hand of the match an empty table is (``first`` or ``later``);
    ``known`` the :class:`~fives_tutor.engine.knowledge.Knowledge` from a history (None:
    built from ``unseen``, ``opponents`` and ``voids``); ``shown`` what the history
    showed (:class:`~fives_tutor.engine.history.Shown`), for the explanation;
    ``observed`` for each opponent, the plays they made since they last drew, as
    ``(ends, lone, tile, tiles they played from then on)`` (for weighting the deals by
    how likely those plays were: :func:`fives_tutor.engine.search.monte_carlo`);
    ``evidence`` the plays of the hand and of the match so far that show the other
    players' styles (:class:`~fives_tutor.engine.styles.Evidence`, seats from the
    player's; None: nothing known).
    """

    board: Board
    hand: tuple[Tile, ...]
    unseen: tuple[Tile, ...]
    next_hand: int
    rules: RuleSet
    opponents: tuple[int, ...] = ()
    voids: tuple[frozenset[int], ...] = ()
    scores: tuple[int, ...] | None = None
    lead: str = "first"
    known: Knowledge | None = None
    shown: tuple[Shown, ...] = ()
    observed: tuple[tuple[ObservedTiles, ...], ...] = ()
    evidence: Evidence | None = None

    @classmethod
    def build(cls, board: Board, hand: Sequence[Tile], rules: RuleSet, played: Sequence[Tile] = (),
              next_hand: int | None = None, opponents: Sequence[int] | None = None,
              voids: Sequence[frozenset[int]] | None = None, scores: Sequence[int] | None = None,
              boneyard: int | None = None, lead: str = "first") -> Situation:
        """Derive the unseen tiles. ``opponents`` gives each opponent's tile count in turn
        order from the next player (default: one opponent holding as many tiles as
        ``hand``, or ``next_hand``); ``voids`` the numbers each cannot hold; ``scores``
        each side's points (the player's side first) to weigh the match; ``boneyard``,
        when given, must agree with the rest; ``lead``: ``first`` or ``later`` hand.

        Raises :class:`IllegalPlayError` when a tile is both in the hand and out, or
        the counts cannot add up.
        """
        out = set(tiles_on_table(board)) | set(played)
        for tile in hand:
            if tile in out:
                raise IllegalPlayError(N_("{tile} is in your hand and also on the table or played"), tile=str(tile))
        unseen = tuple(t for t in domino_set(rules.max_pips) if t not in out and t not in hand)
        if opponents is None:
            opponents = (next_hand if next_hand is not None else min(len(hand), len(unseen)),)
        opponents = tuple(opponents)
        if sum(opponents) > len(unseen):
            raise IllegalPlayError(N_("the opponents cannot hold {count} tiles: only {unseen} tiles are hidden from you"),
                                   count=sum(opponents), unseen=len(unseen))
        _check_scores(rules, 1 + len(opponents), scores)
        if boneyard is not None and boneyard != len(unseen) - sum(opponents):
            raise IllegalPlayError(N_("{count} tiles in the boneyard does not add up: {unseen} tiles are hidden from "
                                      "you and the opponents hold {held}"), count=boneyard, unseen=len(unseen),
                                   held=sum(opponents))
        voids = tuple(voids) if voids is not None else tuple(frozenset() for _ in opponents)
        if len(voids) < len(opponents):
            voids += tuple(frozenset() for _ in range(len(opponents) - len(voids)))
        return cls(board, tuple(hand), unseen, opponents[0], rules, opponents, voids[:len(opponents)],
                   tuple(scores) if scores is not None else None, lead)

    @classmethod
    def from_history(cls, history: History, hand: Sequence[Tile], rules: RuleSet, scores: Sequence[int] | None = None,
                     lead: str = "first", voids: Sequence[frozenset[int]] = (),
                     past: Sequence[PastHand] = ()) -> Situation:
        """What the player to move after ``history`` (a :class:`~fives_tutor.engine.history.History`)
        knows, holding ``hand``: the table, each opponent's tile count and what their
        draws, passes and plays showed. ``voids`` (per opponent from the next player) add
        numbers known by other means; ``past`` the earlier hands of the match
        (:class:`~fives_tutor.engine.styles.PastHand`, seats numbered as in ``history``),
        from which the other players' styles are read too.

        Raises :class:`~fives_tutor.engine.history.HistoryError` for a history that does
        not fit the pack, and :class:`IllegalPlayError` when ``hand`` does not fit it.
        """
        table = replay(history, rules)
        if table.over:
            raise IllegalPlayError(N_("the hand is over"))
        if not past and history.earlier:
            # the earlier hands the history gave: the player asking held at least the tiles they played
            past = tuple(PastHand(h, frozenset(e.tile for e in h.events
                                               if e.kind == "play" and e.player == table.turn and e.tile is not None),
                                  None, "first" if i == 0 else "later") for i, h in enumerate(history.earlier))
        return cls.from_steps(table.layout, table.steps, table.played, table.counts, table.leader, table.turn, hand,
                              rules, scores, lead, voids, past)

    @classmethod
    def from_steps(cls, board: Board, steps: Sequence[Step], played: Sequence[Tile], counts: Sequence[int],
                   leader: int | None, me: int, hand: Sequence[Tile], rules: RuleSet,
                   scores: Sequence[int] | None = None, lead: str = "first", voids: Sequence[frozenset[int]] = (),
                   past: Sequence[PastHand] = ()) -> Situation:
        """What player ``me`` holding ``hand`` knows after the ``steps`` of a hand
        (:class:`~fives_tutor.engine.fast.Step`) that led to ``board``, with ``played``
        the tiles on the table (the lead first), ``counts`` each seat's tiles and
        ``leader`` the seat that led; ``past`` the earlier hands of the match
        (:class:`~fives_tutor.engine.styles.PastHand`, seats as in ``steps``). Raises
        :class:`IllegalPlayError` when ``hand`` does not fit."""
        for tile in hand:
            if tile in played:
                raise IllegalPlayError(N_("{tile} is in your hand and also on the table or played"), tile=str(tile))
        if len(hand) != counts[me]:
            raise IllegalPlayError(N_("the history says player {player} holds {count} tiles, not {given}"),
                                   player=me + 1, count=counts[me], given=len(hand))
        players = len(counts)
        _check_scores(rules, players, scores)
        known, shown = knowledge_of(steps, rules, me, hand, played, counts, leader, lead, voids)
        public = public_voids(steps, rules, players)
        extra = tuple(voids) + tuple(frozenset[int]() for _ in range(players - 1 - len(voids)))
        seen = tuple(public[(me + k) % players] | extra[k - 1] for k in range(1, players))
        return cls(board, tuple(hand), known.unseen, known.counts[0], rules, known.counts, seen,
                   tuple(scores) if scores is not None else None, lead, known,
                   tuple(s._replace(player=(s.player - me) % players) for s in shown),
                   tuple(_observed(steps, (me + k) % players) for k in range(1, players)),
                   _evidence(rules, players, me, steps, hand, scores, lead, past))

    @property
    def players(self) -> int:
        """The players at the table."""
        return 1 + len(self.opponents or (self.next_hand,))

    def styles_shown(self) -> tuple[Shown, ...]:
        """The other players whose style their plays show clearly (the most likely style
        at least :data:`~fives_tutor.engine.styles.SHOWN`, read from at least
        :data:`~fives_tutor.engine.styles.SHOWN_PLAYS` plays), as
        :class:`~fives_tutor.engine.history.Shown` items of kind ``style`` (seats from
        the player's: 1 is the next player)."""
        if self.evidence is None:
            return ()
        reading = read(tables(self.rules), self.evidence)
        found = []
        for seat in range(1, self.players):
            style, chance = reading.style(seat)
            plays = reading.plays[seat - 1]
            if chance >= SHOWN and plays >= SHOWN_PLAYS:
                found.append(Shown(seat, "style", (), plays, style=style, chance=chance))
        return tuple(found)

    def knowledge(self) -> Knowledge:
        """The :class:`~fives_tutor.engine.knowledge.Knowledge` the search samples from."""
        if self.known is not None:
            return self.known
        opponents = self.opponents or (self.next_hand,)
        return Knowledge(self.unseen, opponents, self.voids or tuple(frozenset[int]() for _ in opponents))

    def holdable(self, opponent: int = 0) -> tuple[Tile, ...]:
        """The tiles opponent ``opponent`` (0: the next player) can hold now: the unseen
        tiles the inference allows in their hand (none of the numbers they have shown they
        lack, none the lead rule rules out;
        :meth:`~fives_tutor.engine.knowledge.Knowledge.possible`). The defensive level
        values its replies over them, and the reasons count them."""
        possible = self.knowledge().possible(opponent)
        return tuple(t for t in self.unseen if t in possible)

    def plays(self) -> list[Play]:
        """The legal plays, leads only as the pack allows (see :attr:`lead`)."""
        return legal_plays(self.board, self.hand, self.rules, self.lead)

    def forced(self) -> Tile | None:
        """The tile the lead rule forces on the empty table, else None."""
        if not board_position(self.board, self.rules).is_empty:
            return None
        return forced_lead(self.hand, self.rules, self.lead)

    def double_played(self) -> bool:
        """Whether a double is on the table (for the rule that only the first double spins)."""
        if isinstance(self.board, Position):
            return not self.board.is_empty and not new_double_spins(self.board, self.rules)
        return self.board.has_double()

    def exact_applies(self) -> bool:
        """Every tile's place is known (one opponent holds every tile the player cannot
        see), few enough tiles remain to solve (at most ``EXACT_TILES``), and no match
        score is given (the exact level values the hand, not the match)."""
        return (len(self.opponents or (self.next_hand,)) == 1 and self.next_hand == len(self.unseen)
                and len(self.hand) + len(self.unseen) <= EXACT_TILES and self.scores is None)


def _evidence(rules: RuleSet, players: int, me: int, steps: Sequence[Step], hand: Sequence[Tile],
              scores: Sequence[int] | None, lead: str, past: Sequence[PastHand]) -> Evidence:
    """The plays that show the other players' styles, seats from ``me``'s."""
    def turned(hand_steps: Sequence[Step]) -> tuple[Step, ...]:
        return tuple(s._replace(player=(s.player - me) % players) for s in hand_steps)

    tb = tables(rules)
    return evidence(tb, players, turned(steps), [tb.index[t] for t in hand], scores, lead,
                    [(turned(_past_steps(p.history, rules)), p.held, p.scores, p.lead) for p in past])


_PAST: dict[tuple[int, History], tuple[RuleSet, tuple[Step, ...]]] = {}


def _past_steps(history: History, rules: RuleSet) -> tuple[Step, ...]:
    """The steps of an earlier hand's history (replayed once and remembered). Raises
    :class:`~fives_tutor.engine.history.HistoryError` for a history that does not fit."""
    key = (id(rules), history)
    found = _PAST.get(key)
    if found is None or found[0] is not rules:
        if len(_PAST) > 2000:
            _PAST.clear()
        found = _PAST[key] = (rules, replay(history, rules).steps)
    return found[1]


def _observed(steps: Sequence[Step], seat: int) -> tuple[ObservedTiles, ...]:
    """The plays of ``seat`` since it last drew (the lead left out), each with the tiles it
    played from then on: what its hand must have held then."""
    last_draw = max((i for i, s in enumerate(steps) if s.player == seat and s.kind == "draw"), default=-1)
    plays = [(s.ends, s.lone, s.tile) for s in steps[last_draw + 1:]
             if s.player == seat and s.kind == "play" and s.ends and s.tile is not None]
    return tuple((ends, lone, tile, tuple(p[2] for p in plays[i:])) for i, (ends, lone, tile) in enumerate(plays))


def _check_scores(rules: RuleSet, players: int, scores: Sequence[int] | None) -> None:
    """Refuse a player count the pack does not allow, and scores that do not fit the
    sides or have already won the match (:class:`IllegalPlayError`)."""
    check_players(rules, players)
    if scores is None:
        return
    target = rules.match.target.get(players)
    if target is not None and any(score >= target for score in scores):
        raise IllegalPlayError(N_("a score of {target} or more has already won the match"), target=target)
    sides = len(set(sides_for(rules, players)))
    if len(scores) != sides:
        raise IllegalPlayError(N_("give {count} scores, one for each side, yours first"), count=sides)


#: the most tiles (both hands together) the exact level will solve
EXACT_TILES = 18


class Overshoot(NamedTuple):
    """A play's points that would pass an exact match target (``rules.match.overshoot``:
    ``not_taken`` leaves the score as it was, ``bounce`` sends it back from the target by
    the excess): the ``target``, the player's side's score ``before`` and ``after``."""

    target: int
    before: int
    after: int


class RankedPlay(NamedTuple):
    """A play and its value under an engine level.

    ``value`` is in points: the level's estimate of the point difference the play leads
    to (greedy: points now; defensive: points now minus ``reply``; expert: its weighted
    factors; monte-carlo and exact: the point difference to the end of the hand, and
    with scores given the match). ``reply`` the points the next player is expected to
    score in reply (0 for ``greedy``); ``scoring_replies`` how many unseen tiles would
    let the next player score; ``unseen`` how many tiles the player cannot see;
    ``goes_out`` whether the play empties the hand; ``stderr`` the standard error of
    ``value`` (0 when proven or not sampled); ``proven`` for the exact level;
    ``end_swing`` the part of the value from the hand-end collection (``swing_known``
    False: not measured, some deals were solved exactly); ``samples`` the deals averaged;
    ``raced_out`` whether the play left the Monte Carlo race clearly behind (valued on
    fewer deals, by its paired difference to the leader); ``forced`` whether the lead rule left no other play; ``factors``
    the expert's factors in points (name to value); ``overshoot``, where the scores are
    given and the play's points would pass an exact target (:class:`Overshoot`; None: the
    points count as made): every level values the play by what the rule credits; ``wins``
    whether the play wins the match now (the scores given).
    """

    play: Play
    value: float
    reply: float = 0.0
    scoring_replies: int = 0
    unseen: int = 0
    goes_out: bool = False
    stderr: float = 0.0
    proven: bool = False
    end_swing: float = 0.0
    samples: int = 0
    forced: bool = False
    swing_known: bool = False
    raced_out: bool = False
    factors: tuple[tuple[str, float], ...] = ()
    overshoot: Overshoot | None = None
    wins: bool = False

    @property
    def credited(self) -> int:
        """The points the play's side is credited now: the play's points, or under an
        exact target that they would pass, the change the rule makes (0 when not taken,
        below 0 when the score bounces back)."""
        return self.play.points if self.overshoot is None else self.overshoot.after - self.overshoot.before


class _Credit(NamedTuple):
    """The match as a level values points now: the score of each side (the player's side
    first, then in turn order) on the fast loop's board (None: no scores given)."""

    board: ScoreBoard | None

    def change(self, side: int, points: int) -> int:
        """What ``side`` (0: the player's) would be credited for making ``points``."""
        if self.board is None:
            return points
        return self.board.change(self.board.scores[side], points)

    def wins(self, points: int) -> bool:
        """Whether the player's side wins the match by making ``points`` now."""
        board = self.board
        return board is not None and points > 0 and board.scores[0] + self.change(0, points) >= board.target

    def overshoot(self, points: int) -> Overshoot | None:
        """The :class:`Overshoot` of ``points`` made by the player's side, or None when
        they count as made."""
        board = self.board
        if board is None or not board.exact or points <= 0 or board.scores[0] + points <= board.target:
            return None
        before = board.scores[0]
        return Overshoot(board.target, before, before + board.change(before, points))

    def table(self, tb: Tables, side: int) -> list[int] | None:
        """:func:`~fives_tutor.engine.expert.credit_table` for ``side``."""
        return credit_table(tb, self.board, self.board.scores[side]) if self.board is not None else None


def _credit(situation: Situation) -> _Credit:
    if situation.scores is None:
        return _Credit(None)
    return _Credit(ScoreBoard(situation.rules, situation.players, situation.scores))


def _tie_break(ranked: RankedPlay) -> tuple[float, int, int, int, int]:
    tile = ranked.play.tile
    points = ranked.play.points if ranked.overshoot is None else ranked.credited
    return (-round(ranked.value, 9), -points, -tile.pips, -tile.high, ranked.play.index)


def _forced(situation: Situation, ranked: list[RankedPlay]) -> list[RankedPlay]:
    if situation.forced() is not None:
        ranked = [r._replace(forced=True) for r in ranked]
    return ranked


def rank_greedy(situation: Situation) -> list[RankedPlay]:
    """Most points now (with the scores given, as the match credits them: under an exact
    target a score that would pass it counts what the rule makes of it), then the
    heavier tile."""
    plays = situation.plays()
    credit = _credit(situation)
    ranked = [RankedPlay(p, float(credit.change(0, p.points)), unseen=len(situation.unseen),
                         goes_out=len(situation.hand) == 1, overshoot=credit.overshoot(p.points),
                         wins=credit.wins(p.points))
              for p in plays]
    return _forced(situation, sorted(ranked, key=_tie_break))


def rank_defensive(situation: Situation) -> list[RankedPlay]:
    """Points now minus the next player's expected best reply over the unseen tiles.

    Each unseen tile is valued by the most it would score on the ends the play
    leaves; the next player's reply is the best value among ``next_hand`` tiles
    drawn at random from the unseen ones they may hold (a number they cannot hold,
    ``voids`` or what the history showed, rules its tiles out: :func:`expected_best`).
    A play that empties the hand ends it: no reply. With the scores given, neither has a
    play that wins the match, and the points on both sides are those the match credits
    (an exact target: a score that would pass it counts what the rule makes of it; a
    reply that would bounce the next player back, 0).
    """
    rules = situation.rules
    ranked = []
    goes_out = len(situation.hand) == 1
    possible = situation.holdable()
    credit = _credit(situation)
    table = credit.table(tables(rules), 1)
    for play in situation.plays():
        board_after = play.layout if play.layout is not None else play.after
        values = []
        if not (goes_out or credit.wins(play.points)):  # out, or the match won: nobody replies
            for tile in possible:
                replies = plays_for_tile(board_after, tile, rules)
                values.append(max(((r.points if table is None else table[r.points]) for r in replies), default=0))
        reply = expected_best(values, situation.next_hand)
        ranked.append(RankedPlay(play, credit.change(0, play.points) - reply, reply, sum(1 for v in values if v > 0),
                                 len(situation.unseen), goes_out, overshoot=credit.overshoot(play.points),
                                 wins=credit.wins(play.points)))
    return _forced(situation, sorted(ranked, key=_tie_break))


def search_problem(situation: Situation) -> tuple[Problem, list[Play]]:
    """The situation as the search sees it (:class:`~fives_tutor.engine.search.Problem`),
    with the legal plays its moves stand for, in the same order."""
    from .search import problem  # start-up: see TYPE_CHECKING above
    rules = situation.rules
    position = board_position(situation.board, rules)
    plays = situation.plays()
    return problem(rules, position, situation.hand, situation.knowledge(), situation.double_played(),
                   [(p.tile, p.index) for p in plays], situation.scores, situation.voids, situation.observed), plays


def _view(situation: Situation) -> tuple[Tables, FastHand, ScoreBoard | None, Mask]:
    """The situation as the expert sees it (:func:`fives_tutor.engine.expert.view`)."""
    rules = situation.rules
    tb = tables(rules)
    position = board_position(situation.board, rules)
    known = situation.knowledge()
    players = situation.players
    counts = (len(situation.hand),) + tuple(known.counts)
    voids = [0] + [sum(1 << n for n in void) for void in situation.voids]
    voids += [0] * (players - len(voids))
    unseen = sum(1 << tb.index[t] for t in situation.unseen)
    sides = sides_for(rules, players)
    hand = view(tb, position_codes(position), position.lone,
                [tb.index[t] for t in situation.hand], counts, voids, unseen, 0, situation.double_played(), sides)
    board = ScoreBoard(rules, players, situation.scores) if situation.scores is not None else None
    return tb, hand, board, unseen


def rank_expert(situation: Situation) -> list[RankedPlay]:
    """The expert's value of every play (:func:`fives_tutor.engine.expert.evaluate`): points
    now and the factors of published strategy, in points."""
    tb, hand, board, unseen = _view(situation)
    ranked = []
    goes_out = len(situation.hand) == 1
    credit = _Credit(board)
    for play in situation.plays():
        option = (tb.index[play.tile], play.index, play.points)
        valued = evaluate(hand, 0, option, board=board, unseen=unseen)
        ranked.append(RankedPlay(play, valued.value, valued.reply, valued.scoring_replies, len(situation.unseen),
                                 goes_out, factors=tuple(sorted(valued.factors.items())),
                                 overshoot=credit.overshoot(play.points), wins=credit.wins(play.points)))
    return _forced(situation, sorted(ranked, key=_tie_break))


def with_reasons(situation: Situation, plays: Sequence[Play], values: Sequence[MoveValue]) -> list[RankedPlay]:
    """Search values (:class:`~fives_tutor.engine.search.MoveValue`, in their order) joined
    to the ``plays`` they value and to the defensive level's reply figures, which the words
    of an explanation use."""
    defensive = {(r.play.tile, r.play.index): r for r in rank_defensive(situation)}
    ranked = []
    for value in values:
        tile, index = value.move[0], value.move[1]
        if not isinstance(tile, Tile):
            tile = tables(situation.rules).tiles[tile]
        base = defensive.get((tile, index))
        if base is None:
            base = RankedPlay(next(p for p in plays if p.tile == tile and p.index == index), 0.0)
        ranked.append(base._replace(value=value.value, stderr=value.stderr, proven=value.proven,
                                    end_swing=value.end_swing, samples=value.samples,
                                    swing_known=value.swing_known, raced_out=value.raced_out))
    return _forced(situation, ranked)


def rank_monte_carlo(situation: Situation, samples: int | None = None, seconds: float | None = None,
                     seed: int | str = 0, player: str = "expert", method: str = "sampling",
                     inference: float | None = None, prune: bool = True,
                     epsilon: float | None = None, opponents: Policy | None = None,
                     styles: bool = True) -> list[RankedPlay]:
    """Monte Carlo over the hidden tiles (``samples`` deals, or ``seconds``; by default
    :data:`~fives_tutor.engine.search.DEFAULT_SAMPLES` deals), the ``player`` (``expert``
    or ``greedy``) playing the hands out; ``method``: ``sampling`` (every play on every
    deal: :func:`~fives_tutor.engine.search.monte_carlo`) or ``ismcts`` (the same number
    of playouts in one information-set tree: :func:`~fives_tutor.engine.search.ismcts`);
    ``inference``: how strongly deals are weighted by the opponents' plays since they
    last drew (0: not at all; None: the engine's default,
    :data:`~fives_tutor.engine.search.INFERENCE`; see
    :func:`~fives_tutor.engine.search.play_weight`); ``prune``: candidates clearly
    behind leave the race and their playouts go to the others; ``styles``: the other
    players' styles read from their plays (:mod:`fives_tutor.engine.styles`) weigh the
    deals and play them in the playouts (False: every one plays like the expert, and
    ``inference`` weighs the deals).
    Raises :class:`IllegalPlayError` when no deal fits what the player knows."""
    from .search import ismcts, summarise  # start-up: see TYPE_CHECKING above
    if method == "ismcts":
        built, plays = search_problem(situation)
        count = (samples or DEFAULT_SAMPLES) * len(plays) if not seconds else None
        values = ismcts(built, iterations=count, seconds=seconds, rng=random.Random(f"{seed}:mc"), player=player)
    else:
        built, plays, measured = sample_situation(situation, samples, seconds, seed, player, inference, prune,
                                                  epsilon, opponents, styles)
        values = summarise(built, measured)
    return with_reasons(situation, plays, values)


def sample_situation(situation: Situation, samples: int | None = None, seconds: float | None = None,
                     seed: int | str = 0, player: str = "expert", inference: float | None = None,
                     prune: bool = True, epsilon: float | None = None, opponents: Policy | None = None,
                     styles: bool = True, keep: Sequence[Play] = (),
                     spread: Spread | None = None) -> tuple[Problem, list[Play], Sampled]:
    """The deals and playouts of the Monte Carlo level (:func:`rank_monte_carlo`'s
    ``sampling``, the same arguments and the same seeded deals), each deal's values kept
    (:class:`~fives_tutor.engine.search.Sampled`) for a caller that compares plays deal by
    deal (:func:`fives_tutor.engine.judge.analyse`): the search's problem, the legal plays
    its moves stand for (in the same order) and what :func:`~fives_tutor.engine.search.sample`
    measured. The plays in ``keep`` never leave the race; ``spread`` shares the playouts
    with other processes (:class:`~fives_tutor.engine.search.Spread`: the same deals and
    values, in less time). Raises :class:`IllegalPlayError` when no deal fits what the
    player knows."""
    from .search import EPSILON, INFERENCE, sample  # start-up: see TYPE_CHECKING above
    built, plays = search_problem(situation)
    kept = [i for i, p in enumerate(plays) if any(p.tile == k.tile and p.index == k.index for k in keep)]
    read_styles = style_model(situation) if styles and opponents is None else None
    measured = sample(built, samples=samples or (None if seconds else DEFAULT_SAMPLES), seconds=seconds,
                      rng=random.Random(f"{seed}:mc"), player=player,
                      inference=INFERENCE if inference is None else inference, prune=prune,
                      epsilon=EPSILON if epsilon is None else epsilon, keep=kept, model=read_styles,
                      opponents=opponents, spread=spread)
    return built, plays, measured


def style_model(situation: Situation) -> Model:
    """The search's model of the other players' styles (:class:`~fives_tutor.engine.styles.Model`)
    from what their plays showed (:attr:`Situation.evidence`; none: the prior alone)."""
    return model(tables(situation.rules), situation.evidence or Evidence((), situation.players))


#: the exact solver's budget in positions searched: with ``auto`` (so that ``fives best``
#: stays under a second, Monte Carlo taking over past it), and when ``exact`` is asked for
AUTO_EXACT_NODES = 120_000
EXACT_NODES = 3_000_000


def rank_exact(situation: Situation, limit: int = EXACT_NODES) -> list[RankedPlay]:
    """The proven value of every play; raises :class:`IllegalPlayError` where the hidden
    tiles are not all known (see :meth:`Situation.exact_applies`), and
    :class:`~fives_tutor.engine.search.SearchLimit` past ``limit`` positions."""
    from .search import solve  # start-up: see TYPE_CHECKING above
    if situation.scores is not None:
        raise IllegalPlayError(N_("the exact level values the hand, not the match: leave out the scores, or use "
                                  "monte-carlo"))
    if not situation.exact_applies():
        raise IllegalPlayError(N_("the exact level needs every tile known (two players, nothing in the boneyard) "
                                  "and at most {count} tiles in the two hands"), count=EXACT_TILES)
    known = situation.knowledge()
    if known.ways() == 0:
        raise IllegalPlayError(N_("no deal of the unseen tiles fits what the opponents have shown"))
    rules = situation.rules
    position = board_position(situation.board, rules)
    plays = situation.plays()
    values = solve(rules, position, [list(situation.hand), list(situation.unseen)], 0, situation.double_played(),
                   (0, 1), limit)
    allowed = {(p.tile, p.index) for p in plays}
    values = [v for v in values if (v.move[0], v.move[1]) in allowed]
    return with_reasons(situation, plays, values)


#: engine levels by name (each ranks a situation, best first)
LEVELS: dict[str, Callable[..., list[RankedPlay]]] = {
    "greedy": rank_greedy,
    "defensive": rank_defensive,
    "expert": rank_expert,
    "monte-carlo": rank_monte_carlo,
    "exact": rank_exact,
}


def resolve_level(situation: Situation, level: str) -> str:
    """The level ``auto`` stands for in this situation."""
    if level != "auto":
        return level
    return "exact" if situation.exact_applies() else "monte-carlo"


def rank(situation: Situation, level: str = DEFAULT_LEVEL, **options: Any) -> list[RankedPlay]:
    """The legal plays of ``situation`` ranked by engine ``level``, best first (``auto``
    picks ``exact`` where it applies, else ``monte-carlo``; an exact solve that runs past
    its budget, :data:`AUTO_EXACT_NODES` or for ``exact`` :data:`EXACT_NODES` positions,
    falls back to ``monte-carlo``: the plays then come back unproven). ``options`` go to the Monte Carlo level
    (``samples``, ``seconds``, ``seed``, ``player``).

    Raises ``KeyError`` for an unknown level (the CLI offers only known ones).
    """
    chosen = resolve_level(situation, level)
    if chosen == "exact":
        from .search import SearchLimit  # start-up: see TYPE_CHECKING above

        try:
            return rank_exact(situation, AUTO_EXACT_NODES if level == "auto" else EXACT_NODES)
        except SearchLimit:
            chosen = "monte-carlo"
    if chosen == "monte-carlo":
        return rank_monte_carlo(situation, **options)
    return LEVELS[chosen](situation)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "LEVEL_NAMES", "Overshoot", "PLAYING_LEVELS", "RankedPlay", "Situation",
           "expected_best",
           "rank", "rank_exact", "rank_expert", "resolve_level", "sample_situation", "search_problem", "style_model",
           "with_reasons"]
