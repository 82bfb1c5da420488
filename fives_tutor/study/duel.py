"""Engine against engine on paired deals: the strength of a level or of an outside player,
measured (pure apart from the clock it reads to time moves and the bot file it loads).

Match ``i`` of seed ``S`` is dealt from ``random.Random("S:i")`` and played once for each
seating (:func:`seatings`): with two players or two partnerships, A in the even seats
and then in the odd ones; with three or four players alone, every way of giving A half
of the seats' turns (three players: A alone in each seat, then A in each pair of
seats), so that every seat is played by A and by B equally often and neither is
favoured by the deal. A wins a match when the winning side has an A seat.

Each contestant is a level (``greedy``, ``defensive``, ``expert``, ``monte-carlo`` or
``monte-carlo:N`` for N deals a move, ``auto``, ``random``; ``monte-carlo:N:no-styles``
plays every other player as the expert instead of reading their styles,
:mod:`fives_tutor.engine.styles`) or an outside player
``path/to/bot.py:ClassName`` (:mod:`fives_tutor.engine.player`). It sees only what a
player at the table sees: its own tiles, the table, how many tiles the others hold,
the boneyard's size, the scores and the hand's history; the levels infer from the
history exactly as ``fives best --history`` does, with the same default budget.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..bounds import whole_number
from ..core.game import sides_for
from ..core.rules import RuleSet
from ..core.tiles import Tile, ascii_digits
from ..engine.fast import Board, FastHand, codes_position, deal, end_label, leader, options, settle, tables, take
from ..engine.fast import play as fast_play
from ..engine.history import Event, Step
from ..engine.names import PLAYING_LEVELS
from ..errors import N_, FivesError, Msg, did_you_mean
from .outside import MOVE_TIME, Gone, OutsideError, OutsidePlayer

#: the levels a duel accepts (exact needs every tile known: ``auto`` uses it where it applies)
LEVELS = tuple(level for level in PLAYING_LEVELS if level != "exact")


class DuelError(FivesError):
    """A contestant that cannot play: an unknown level, or a bot file that cannot be loaded."""


class Contestant(NamedTuple):
    """One side of a duel: a ``level`` with its Monte Carlo ``samples`` (None: the default),
    or a bot (``level`` is ``bot``) loaded from ``path``, class ``name``. ``label`` is the
    text it was given as; ``styles``: a search level reads the other players' styles
    from their plays (False: ``:no-styles``, it plays them all as the expert)."""

    level: str
    samples: int | None = None
    path: str = ""
    name: str = ""
    label: str = ""
    styles: bool = True


#: the option of a search level that plays every other player as the expert
NO_STYLES = "no-styles"


def parse_level(text: str) -> tuple[str, int | None]:
    """``monte-carlo`` or ``monte-carlo:120`` (deals per move, 1 to 100,000, as
    ``fives best --samples``) -> (level, samples); a search level may end with
    ``:no-styles`` (:data:`NO_STYLES`, read by :func:`parse_contestant`). Raises
    ValueError for an unknown level."""
    text = _without_option(text)
    name, _, samples = text.partition(":")
    deals = whole_number(ascii_digits(samples)) if samples else None  # any digits, zero-padded or not
    if name not in LEVELS or (samples and (deals is None or not 1 <= deals <= 100_000
                                           or name not in ("monte-carlo", "auto"))):
        raise ValueError(text)
    return name, deals


def _without_option(text: str) -> str:
    """A search level without its ``:no-styles`` option."""
    name, _, rest = text.partition(":")
    if name in ("monte-carlo", "auto") and (rest == NO_STYLES or rest.endswith(":" + NO_STYLES)):
        return text[:-len(NO_STYLES) - 1]
    return text


def parse_contestant(text: str) -> Contestant:
    """A level (see :func:`parse_level`) or ``path/to/bot.py:ClassName``. Raises
    :class:`DuelError` for neither."""
    if text.endswith(":") or ".py:" not in text:
        try:
            level, samples = parse_level(text)
        except ValueError:
            close = did_you_mean(text, LEVELS, after=":")  # expret, monte-carol:200
            if close is not None:
                raise DuelError(N_("unknown engine level '{level}': {hint}"), level=text, hint=close) from None
            raise DuelError(N_("unknown engine level '{level}': choose {levels}, monte-carlo:N, or a player file "
                               "such as bot.py:MyPlayer"), level=text, levels=tuple(LEVELS)) from None
        styles = _without_option(text) == text
        # the level as written canonically (monte-carlo:0005 is monte-carlo:5), as reports show it
        label = level + (f":{samples}" if samples is not None else "") + ("" if styles else ":" + NO_STYLES)
        return Contestant(level, samples, label=label, styles=styles)
    path, _, name = text.rpartition(":")
    if not name.isidentifier():
        raise DuelError(N_("'{name}' is not a class name: write the player as path/to/bot.py:ClassName"), name=name)
    return Contestant("bot", None, path, name, text)


def seatings(rules: RuleSet, players: int) -> list[tuple[bool, ...]]:
    """The seat assignments each deal is played with (True: A's seat). Two players or two
    partnerships: A in the even seats, then the odd ones. Otherwise every way of giving A
    the seats of one half of the seatings: three players, A alone in seat 0, 1, 2 and then
    in the pairs {1, 2}, {0, 2}, {0, 1}; four players alone, A in seats 0 and 2, then 1
    and 3. Each seat is A's in exactly half of them."""
    sides = sides_for(rules, players)
    if players == 2 or len(set(sides)) == 2:
        return [tuple(sides[p] == sides[0] for p in range(players)), tuple(sides[p] != sides[0] for p in range(players))]
    if players == 4:
        return [tuple(p % 2 == 0 for p in range(players)), tuple(p % 2 == 1 for p in range(players))]
    alone = [tuple(p == seat for p in range(players)) for seat in range(players)]
    return alone + [tuple(not a for a in seating) for seating in alone]


class DuelMatch(NamedTuple):
    """One match of a duel: the deal ``index``, the ``seating`` (True: A's seat), whether
    A's side won, the mean points of A's and of B's sides, the hands played, each
    contestant's move times (wall seconds, and CPU seconds of the thread), and a
    forfeit: ``"a"`` or ``"b"`` with its ``reason``, or None."""

    index: int  # type: ignore[assignment]  # a public field (the deal's number): it shadows tuple.index
    seating: tuple
    a_won: bool
    a_points: float
    b_points: float
    hands: int
    a_times: tuple[float, ...]
    b_times: tuple[float, ...]
    a_cpu: tuple[float, ...] = ()
    b_cpu: tuple[float, ...] = ()
    forfeit: str | None = None
    reason: str = ""

    @property
    def swapped(self) -> bool:
        """Whether A does not hold seat 0."""
        return not self.seating[0]


class Forfeit(Exception):
    """A bot that raised, chose an illegal action or stopped answering: it loses the match.
    ``reason`` is a message (:class:`~fives_tutor.errors.Msg`) translated where it is shown."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(str(reason))
        self.reason = reason


class _Game:
    """The state a contestant decides from: the hand under way (fast representation), its
    steps and history so far, the match board, which hand of the match it is."""

    def __init__(self, rules: RuleSet, players: int, sides: tuple, board: Board) -> None:
        self.rules = rules
        self.tb = tables(rules)
        self.players = players
        self.sides = sides
        self.board = board
        self.hand: FastHand  # the hand under way: play() deals it before any contestant is asked
        self.steps: list = []
        self.events: list = []
        self.played: list = []
        self.number = 0
        self.drawn = 0
        self.past: list = []  # the earlier hands: (history, tiles each seat held, scores by side at the start, lead)
        self.start: tuple = ()

    def lead(self) -> str:
        return "first" if self.hand.lead_tile >= 0 or self.number == 1 else "later"

    def scores_for(self, seat: int) -> tuple[int, ...]:
        """The scores by side, the side of ``seat`` first, then in turn order."""
        return tuple(self.board.scores[s] for s in self.order(seat))

    def order(self, seat: int) -> list[int]:
        """The sides, the side of ``seat`` first, then in turn order."""
        order = []
        for k in range(self.players):
            side = self.sides[(seat + k) % self.players]
            if side not in order:
                order.append(side)
        return order

    def finish(self) -> None:
        """The hand under way goes to the match so far."""
        from ..engine.history import History

        hand = self.hand
        tb = self.tb
        held = [{tb.tiles[t] for t in tiles} for tiles in hand.hands]
        for step in self.steps:
            if step.kind == "play" and step.tile is not None:
                held[step.player].add(step.tile)
        self.past.append((History(self.players, tuple(self.events)), tuple(frozenset(h) for h in held), self.start,
                          self.lead()))

    def match_for(self, seat: int) -> tuple:
        """The earlier hands as ``seat`` saw them (:class:`~fives_tutor.engine.styles.PastHand`)."""
        from ..engine.styles import PastHand

        order = self.order(seat)
        return tuple(PastHand(history, held[seat], tuple(start[s] for s in order), lead)
                     for history, held, start, lead in self.past)

    def may_draw(self, found: list) -> bool:
        turn = self.rules.turn
        hand = self.hand
        if turn.draw == "none" or not hand.ends or len(hand.boneyard) <= hand.reserve:
            return False
        if turn.draw == "one" and self.drawn:
            return False
        return turn.draw_while_able or not found

    def may_pass(self, found: list) -> bool:
        turn = self.rules.turn
        hand = self.hand
        return not found and (turn.draw == "none" or len(hand.boneyard) <= hand.reserve
                              or (turn.draw == "one" and self.drawn > 0))


class _Fast:
    """A fixed level played by its fast-loop policy (the same choice as the level)."""

    def __init__(self, level: str, rng: random.Random) -> None:
        from ..engine.policies import policy_for

        self.policy = policy_for(level)
        self.rng = rng

    def act(self, game: _Game, found: list):
        if found:
            move = found[0] if len(found) == 1 else self.policy(game.hand, found, self.rng)
            return "play", move[0], move[1]
        return ("draw",) if game.may_draw(found) else ("pass",)


class _Search:
    """``monte-carlo`` or ``auto``: the situation built from the hand's steps, as ``best``
    builds it from a history, ranked with the level's budget."""

    def __init__(self, level: str, samples: int | None, rng: random.Random, styles: bool = True) -> None:
        self.level = level
        self.samples = samples
        self.rng = rng
        self.styles = styles

    def act(self, game: _Game, found: list):
        if not found:
            return ("draw",) if game.may_draw(found) else ("pass",)
        if len(found) == 1:
            return "play", found[0][0], found[0][1]
        from ..engine.levels import Situation, rank

        hand = game.hand
        tb = game.tb
        seat = hand.turn
        situation = Situation.from_steps(codes_position(hand.ends, hand.lone), game.steps, game.played,
                                         [len(h) for h in hand.hands], game.steps[0].player if game.steps else seat,
                                         seat, [tb.tiles[t] for t in hand.hands[seat]], game.rules,
                                         game.scores_for(seat), game.lead(), past=game.match_for(seat))
        ranked = rank(situation, self.level, samples=self.samples, seed=self.rng.randrange(1 << 30),
                      styles=self.styles)
        best = ranked[0].play
        return "play", tb.index[best.tile], best.index


class _Bot:
    """An outside player, asked through the player protocol in its own process
    (:class:`~fives_tutor.study.outside.OutsidePlayer`): ``timed`` is the wall and CPU
    time of its last answer, as its process measured them."""

    def __init__(self, outside: OutsidePlayer) -> None:
        self.outside = outside
        self.timed: tuple[float, float] | None = None
        self.unable: Msg | None = None
        try:
            self.unable = outside.new_match()
        except Gone as gone:
            self.unable = gone.reason

    def act(self, game: _Game, found: list):
        from ..core.plays import plays_for_tile
        from ..engine.history import History
        from ..engine.player import View

        if self.unable is not None:
            raise Forfeit(self.unable)
        hand = game.hand
        tb = game.tb
        seat = hand.turn
        position = codes_position(hand.ends, hand.lone)
        legal = []
        for t, index, _points, _total in found:
            for candidate in plays_for_tile(position, tb.tiles[t], game.rules):
                if candidate.index == index:
                    legal.append(candidate)
                    break
        mine = tuple(tb.tiles[t] for t in hand.hands[seat])
        view = View(game.rules, seat, game.players, game.sides, mine, position, tuple(game.played),
                    tuple(len(h) for h in hand.hands), len(hand.boneyard),
                    max(0, len(hand.boneyard) - hand.reserve), tuple(game.board.scores), game.board.target,
                    History(game.players, tuple(game.events)), tuple(legal), game.may_draw(found),
                    game.may_pass(found), game.number, game.lead(), game.match_for(seat))
        try:
            answer = self.outside.choose(view)
        except Gone as gone:
            raise Forfeit(gone.reason) from None
        if "forfeit" in answer:
            raise Forfeit(answer["forfeit"])
        self.timed = (answer["wall"], answer["cpu"])
        kind = answer["kind"]
        if kind == "draw":
            if not view.may_draw:
                raise Forfeit(Msg(N_("it drew when drawing was not allowed")))
            return ("draw",)
        if kind == "pass":
            if not view.may_pass:
                raise Forfeit(Msg(N_("it passed when a play or a draw was possible")))
            return ("pass",)
        halves, end, index = answer["tile"], answer["end"], answer["index"]
        tile = Tile(*halves) if halves is not None else None
        same_tile = [c for c in legal if tile is not None and c.tile == tile]
        for candidate in same_tile:
            if candidate.end == end or (not end and len(same_tile) == 1) or candidate.index == index:
                return "play", tb.index[candidate.tile], candidate.index
        written = f"{tile}@{end}" if tile is not None and end else str(tile)
        raise Forfeit(Msg(N_("it played {play}, which is not a legal play"), play=written))


#: the outside players of this process, kept from match to match: (side, path, name, pack,
#: move time) -> its process (one for each side of a duel, started at its first match)
_OUTSIDE: dict[tuple, OutsidePlayer] = {}


def _outside(side: str, contestant: Contestant, rules: RuleSet, move_time: float) -> OutsidePlayer:
    key = (side, contestant.path, contestant.name, rules.path, move_time)
    found = _OUTSIDE.get(key)
    if found is None:
        found = _OUTSIDE[key] = OutsidePlayer(contestant.path, contestant.name, rules, move_time)
    return found


def close_outside() -> None:
    """End the processes of this process's outside players."""
    while _OUTSIDE:
        _OUTSIDE.popitem()[1].close()


def _agent(side: str, contestant: Contestant, rng: random.Random, rules: RuleSet, move_time: float):
    if contestant.level == "bot":
        try:
            return _Bot(_outside(side, contestant, rules, move_time))
        except OutsideError as error:  # (it loaded when the duel began: a file changed since)
            raise DuelError(error.template, **error.params) from None
    if contestant.level in ("monte-carlo", "auto"):
        return _Search(contestant.level, contestant.samples, rng, contestant.styles)
    return _Fast(contestant.level, rng)


def play(rules: RuleSet, a: str | Contestant, b: str | Contestant, players: int, seed, index: int,
         seating: Sequence[bool] | bool, move_time: float = MOVE_TIME) -> DuelMatch:
    """Match ``index`` with A in the seats where ``seating`` is True (``False``/``True``
    for two players: A in seat 0, or in seat 1); an outside player has ``move_time``
    seconds a move (:mod:`fives_tutor.study.outside`)."""
    a = a if isinstance(a, Contestant) else parse_contestant(a)
    b = b if isinstance(b, Contestant) else parse_contestant(b)
    if isinstance(seating, bool):
        seating = seatings(rules, players)[int(seating)]
    seating = tuple(seating)
    tb = tables(rules)
    rng = random.Random(f"{seed}:{index}")
    engines = random.Random(f"{seed}:{index}:{''.join('ab'[not s] for s in seating)}:engines")
    agent_a, agent_b = _agent("a", a, engines, rules, move_time), _agent("b", b, engines, rules, move_time)
    agents = [agent_a if seating[p] else agent_b for p in range(players)]
    sides = sides_for(rules, players)
    board = Board(rules, players, [0] * len(set(sides)))
    game = _Game(rules, players, sides, board)
    times: dict[str, list[float]] = {"a": [], "b": []}
    cpu: dict[str, list[float]] = {"a": [], "b": []}
    previous = None
    forfeit = None
    reason = Msg("")
    draws_show = not rules.turn.draw_while_able
    while board.winner is None and forfeit is None and game.number < 1000:
        hands, boneyard = deal(tb, players, rng)
        lead_player, lead_tile = leader(tb, hands, previous, rng)
        hand = FastHand(tb, hands, boneyard, lead_player, lead_tile, sides)
        hand.board = board
        game.hand = hand
        game.number += 1
        game.steps, game.events, game.played = [], [], []
        game.drawn = 0
        game.start = tuple(board.scores)
        while hand.kind is None:
            seat = hand.turn
            found = options(hand, seat)
            who = "a" if seating[seat] else "b"
            start, start_cpu = time.perf_counter(), time.thread_time()
            try:
                action = agents[seat].act(game, found)
            except Forfeit as error:
                forfeit, reason = who, error.reason
                break
            if len(found) > 1:
                # an outside player's own time, as its process measured it (not the passing of the view)
                timed = getattr(agents[seat], "timed", None) or (time.perf_counter() - start,
                                                                 time.thread_time() - start_cpu)
                times[who].append(timed[0])
                cpu[who].append(timed[1])
            open_numbers = frozenset(c >> 2 for c in hand.ends)
            open_mask = hand.open_numbers
            if action[0] == "play":
                t, index_ = action[1], action[2]
                label = end_label(hand.ends, hand.lone, index_) if hand.ends else ""
                game.steps.append(Step("play", seat, tb.tiles[t], open_numbers, 0, tuple(hand.ends), hand.lone, index_))
                game.events.append(Event("play", seat, tb.tiles[t], label))
                game.played.append(tb.tiles[t])
                points = fast_play(hand, t, index_)
                game.drawn = 0
                if take(hand, board, sides[seat], points):
                    break
            elif action[0] == "draw":
                t = hand.boneyard.pop()
                hand.hands[seat].append(t)
                hand.masks[seat] |= 1 << t
                game.drawn += 1
                if draws_show:
                    hand.voids[seat] = open_mask
                game.steps.append(Step("draw", seat, None, open_numbers, 1))
                game.events.append(Event("draw", seat, count=1))
            else:
                hand.voids[seat] |= open_mask
                game.steps.append(Step("pass", seat, None, open_numbers))
                game.events.append(Event("pass", seat))
                game.drawn = 0
                hand.passes += 1
                if hand.passes >= players:
                    hand.kind = "blocked"
                else:
                    hand.turn = (seat + 1) % players
        if forfeit is None and board.winner is None:
            settle(hand, board)
            game.finish()
        previous = hand
    a_sides = {sides[p] for p in range(players) if seating[p]}
    b_sides = set(sides) - a_sides
    if forfeit is not None:
        a_won = forfeit == "b"
    else:
        a_won = board.winner in a_sides
    a_points = sum(board.scores[s] for s in a_sides) / len(a_sides)
    b_points = sum(board.scores[s] for s in b_sides) / len(b_sides)
    return DuelMatch(index, seating, a_won, a_points, b_points, game.number, tuple(times["a"]), tuple(times["b"]),
                     tuple(cpu["a"]), tuple(cpu["b"]), forfeit, reason)


def _job(job) -> list[DuelMatch]:
    from ..packs.loader import load_rules

    rules_name, a, b, players, seed, start, stop, move_time = job
    rules = load_rules(rules_name)
    a, b = parse_contestant(a), parse_contestant(b)
    return [play(rules, a, b, players, seed, i, seating, move_time) for i in range(start, stop)
            for seating in seatings(rules, players)]


def check_contestants(rules: RuleSet, a: str, b: str, move_time: float = MOVE_TIME) -> None:
    """Whether ``a`` and ``b`` can play: a level by its name, a player file by loading it
    in a process of its own and making its player once. Raises :class:`DuelError` (one
    line: a missing file, a syntax error, no such class, a file too slow to load...)."""
    for text in (a, b):
        contestant = parse_contestant(text)
        if contestant.level == "bot":
            try:
                OutsidePlayer(contestant.path, contestant.name, rules, move_time).close()
            except OutsideError as error:
                raise DuelError(error.template, **error.params) from None


def run(rules_name: str, a: str, b: str, matches: int, players: int = 2, seed="1", workers: int = 1,
        progress: Callable[[int], None] | None = None, move_time: float = MOVE_TIME,
        checked: bool = False) -> list[DuelMatch]:
    """``matches`` deals, each played with every seating (:func:`seatings`), in order; the
    same with any number of ``workers`` (processes). An outside player has ``move_time``
    seconds a move. Raises :class:`DuelError` for a contestant that cannot play (checked
    here, before any match, unless ``checked``: :func:`check_contestants`)."""
    from ..packs.loader import load_rules
    from .parallel import run_jobs

    if not checked:
        check_contestants(load_rules(rules_name), a, b, move_time)
    chunk = max(1, min(20, matches // (workers * 4) or 1))
    jobs = [(rules_name, a, b, players, seed, start, min(matches, start + chunk), move_time)
            for start in range(0, matches, chunk)]
    try:
        return run_jobs(_job, jobs, workers, progress)
    finally:
        close_outside()  # (a worker's players end with the worker: their requests close)


class DuelSummary(NamedTuple):
    """A duel's result: A's match ``wins`` (with a 95% interval), the mean point
    ``margin`` per hand (A minus B), each contestant's move times in seconds (median
    and 95th percentile over moves with a choice; wall time, and ``*_cpu`` the CPU time
    of the deciding thread), and the ``forfeits`` of each (with the first reason of all,
    and each side's first: a :class:`~fives_tutor.errors.Msg`, translated where shown)."""

    matches: int
    wins: object
    margin: object
    a_median: float
    a_p95: float
    b_median: float
    b_p95: float
    a_cpu_median: float = 0.0
    a_cpu_p95: float = 0.0
    b_cpu_median: float = 0.0
    b_cpu_p95: float = 0.0
    a_forfeits: int = 0
    b_forfeits: int = 0
    forfeit_reason: str = ""
    a_reason: str = ""
    b_reason: str = ""


def summarise(results: Sequence[DuelMatch]) -> DuelSummary:
    """The statistics of a duel."""
    from .stats import proportion_interval, ratio_interval

    wins = proportion_interval(sum(1 for r in results if r.a_won), len(results))
    margin = ratio_interval([r.a_points - r.b_points for r in results], [r.hands for r in results])
    a_times = sorted(t for r in results for t in r.a_times)
    b_times = sorted(t for r in results for t in r.b_times)
    a_cpu = sorted(t for r in results for t in r.a_cpu)
    b_cpu = sorted(t for r in results for t in r.b_cpu)
    reasons = [r.reason for r in results if r.forfeit]
    return DuelSummary(len(results), wins, margin, *_median_p95(a_times), *_median_p95(b_times), *_median_p95(a_cpu),
                       *_median_p95(b_cpu), sum(1 for r in results if r.forfeit == "a"),
                       sum(1 for r in results if r.forfeit == "b"), reasons[0] if reasons else "",
                       next((r.reason for r in results if r.forfeit == "a"), ""),
                       next((r.reason for r in results if r.forfeit == "b"), ""))


def _median_p95(times: Sequence[float]) -> tuple[float, float]:
    if not times:
        return 0.0, 0.0
    if len(times) == 1:
        return times[0], times[0]
    # the 95th percentile: the 95th of statistics.quantiles' 99 cut points
    return statistics.median(times), statistics.quantiles(times, n=100, method="inclusive")[94]


__all__ = ["Contestant", "DuelError", "DuelMatch", "DuelSummary", "LEVELS", "MOVE_TIME", "check_contestants",
           "close_outside", "parse_contestant", "parse_level", "play", "run", "seatings", "summarise"]
