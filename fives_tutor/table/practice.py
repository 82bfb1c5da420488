"""A match against the computer (``fives play``): you at one seat, engine levels at the
others, the tiles dealt from a seed, every move journaled like a real table's.

A practice match is a scorekeeper's session (:class:`Practice` is a
:class:`~fives_tutor.table.session.Session`: the same events, checks, journal, sheet,
board and followed hand) with a dealer that knows the hidden tiles
(:class:`~fives_tutor.core.dealer.Dealer`, dealt from the match's seed). The dealer
holds only what the table does not see, and follows the scorekeeper's record of the
moves; so a match survives a killed terminal and resumes exactly, and ``undo``
simply replays fewer events. Your hand is given to the scorekeeper at each deal (a
``hand`` event) and your draws name their tiles, so ``hint``, the coach and ``fives
games review`` read your hand exactly as they read one entered at a real table. The
computer's tiles are never in the journal; they come back from the seed.

The setup is kept with the match (:func:`setup`): ``seed``, your seat ``you``, the
``levels`` of the computer's seats, and the ``coach`` (``on``: a line after a play that
gives away points, and summaries; ``end``: the summaries only; ``off``); ``named`` when
the name you typed is one of the words for "you" (it is yours, not the word of the
reader's language: :func:`fives_tutor.store.journal.unnamed_seat`).

A new match is written with your first move (:meth:`Practice.begins`): the deal and the
computer's moves before it are written with it, so a match left before you played
leaves nothing behind.

Each decision of the computer is seeded by the match's seed, the hand and the move, so
the same match plays the same way however often it is resumed or undone.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, TypedDict

from ..core.dealer import Dealer, Start
from ..core.events import Event
from ..core.game import Hand, seated_rules
from ..core.keeper import Teams, replay
from ..core.names import SAVED_YOU
from ..core.plays import Play, legal_plays, parse_play
from ..core.rules import RuleSet
from ..core.tiles import Tile, format_hand, parse_hand
from ..core.undo import effective_actions
from ..engine.names import PLAYING_LEVELS
from ..errors import N_, FivesError, IllegalPlayError, Msg
from ..store.journal import Journal, JournalError, saved_names
from .grammar import Command, parse_command
from .session import Hint, Refusal, Reply, Session

if TYPE_CHECKING:  # the coach loads with the first play it judges
    from ..tutor.coach import Judgement

#: the levels the computer can play at (``exact`` needs every tile known: ``auto`` uses it)
LEVELS = tuple(level for level in PLAYING_LEVELS if level != "exact")
#: the level of the computer when none is named: it scores what it can and sets no traps
DEFAULT_LEVEL = "greedy"
#: the commands of a practice match (the grammar's, without the scorekeeper's own)
WORDS = ("draw", "pass", "undo", "hint", "muggins", "board", "sheet", "history", "rules", "help", "quit")
#: what a line may do besides the commands: play a tile
_ACTIONS = WORDS + ("play",)
#: how each show command is answered
_SHOW = ("board", "sheet", "history", "rules", "help", "hint")


class StartSetup(TypedDict):
    """Where a match played on from another's position begins: its first ``events`` are
    that position's history, taken from ``match`` before move ``move`` of hand ``hand``."""

    events: int
    match: int
    hand: int
    move: int


class _Setup(TypedDict):
    seed: str
    you: int
    levels: list[str | None]
    coach: str


class PracticeSetup(_Setup, total=False):
    """The setup kept with a practice match (see the module docstring); ``start`` for a
    match played on from a position (:func:`play_on`), ``named`` for a name you typed
    that is one of the words for "you"."""

    start: StartSetup
    named: bool


def setup(seed: str, you: int, levels: Sequence[str | None], coach: str = "on",
          name: str | None = None) -> PracticeSetup:
    """The setup kept with a practice match (see the module docstring); ``name``: the
    name you typed, if you did (marked ``named`` when it is one of the words for "you",
    :data:`~fives_tutor.core.names.SAVED_YOU`, so that it is never read as the word of
    the reader's language)."""
    chosen: PracticeSetup = {"seed": str(seed), "you": you,
                             "levels": [None if p == you else level for p, level in enumerate(levels)], "coach": coach}
    if name is not None and name in SAVED_YOU:
        chosen["named"] = True
    return chosen


class Automatic(NamedTuple):
    """An event the dealer makes by itself: ``kind`` (``computer``, ``claim``, ``hand``,
    ``hand_end``) and the ``event``."""

    kind: str
    event: Event


class Practice(Session):
    """A practice match kept in ``journal`` as ``match_id`` (None until its first event:
    ``create`` writes it) under ``rules``, for ``names`` (yours at seat ``practice["you"]``)
    and ``teams``, with the ``practice`` setup. Raises :class:`JournalError` for a saved
    match whose events do not replay (a damaged file, or one written by a fives-tutor that
    dealt otherwise).

    What the table sees is the session's (``state``, the scorekeeper and your followed
    hand); what it does not, the ``dealer``'s."""

    #: names are not typed in a practice match: you play your own tiles
    complete_names = False

    def __init__(self, journal: Journal, match_id: int | None, rules: RuleSet, names: Sequence[str], teams: Teams,
                 practice: PracticeSetup, create: Callable[[], int] | None = None) -> None:
        super().__init__(journal, match_id, rules, names, teams, create=create)
        self.practice = practice
        self.you = practice["you"]
        self.seed = practice["seed"]
        self.levels = practice["levels"]
        self.coach = practice["coach"]
        self.dealer = self._deal()

    # --- what the shell reads ------------------------------------------------------------------

    @property
    def words(self) -> tuple[str, ...]:
        """The commands Tab offers now: draw and pass only when they are allowed."""
        hand = self.dealer.hand
        allowed = {"draw": self.your_turn() and hand.can_draw(), "pass": self.your_turn() and hand.can_pass(),
                   "muggins": self.rules.muggins.announce}
        return tuple(word for word in WORDS if allowed.get(word, True))

    def asking(self) -> None:
        """Nothing is ever asked: the dealer knows every hand at the end of a hand."""
        return None

    @property
    def hand(self) -> tuple[Tile, ...]:
        """Your tiles now: the hand the table follows once the deal has given it to the
        scorekeeper (at once, by itself), the dealer's until then."""
        if self.state.over:
            return ()
        followed = self.state.followed
        if followed.player == self.you and followed.known is not None:
            return followed.known
        return tuple(self.dealer.hand.hands[self.you])

    def your_turn(self) -> bool:
        """Whether the match waits for you."""
        return not self.state.over and self.pending() is None and self.dealer.hand.turn == self.you

    def lead(self) -> str:
        """Which hand of the match the one under way is, for the lead rule."""
        return "first" if self.state.hand_number == 1 else "later"

    def legal(self) -> list[Play]:
        """Your legal plays now (what Tab completes), most points first."""
        if not self.your_turn():
            return []
        return legal_plays(self.state.layout, self.hand, self.rules, self.lead())

    def hint(self) -> Hint:
        """``fives best``'s answer for you now (see :func:`fives_tutor.table.session.hint`)."""
        if not self.your_turn():
            raise IllegalPlayError(N_("hint is for your turn"))
        return super().hint()

    # --- the dealer: the hidden tiles, following the scorekeeper --------------------------------

    @property
    def start(self) -> int:
        """The events the match begins with that are another match's (played on from a
        position: :func:`play_on`), 0 for a match dealt from its start."""
        start = self.practice.get("start")
        return start["events"] if start else 0

    def _deal(self) -> Dealer:
        """A dealer dealt from the seed, caught up with the scorekeeper's record."""
        try:
            if self.start:
                dealer = Dealer(self.rules, len(self.names), f"{self.seed}:deal", shown=self.you,
                                sides=self.state.sides, start=self._start())
            else:
                dealer = Dealer(self.rules, len(self.names), f"{self.seed}:deal", shown=self.you)
                if tuple(self.state.sides) != dealer.sides:
                    raise IllegalPlayError(N_("its teams are not the pack's"))
            dealer.follow(self.state)
        except FivesError as error:
            raise JournalError(N_("saved match {id} is damaged and cannot be read: {reason}"), id=self.match_id,
                               reason=Msg.of(error)) from None
        return dealer

    def _start(self) -> Start:
        """The hand under way where the match begins (played on from a position): the
        tiles nobody saw dealt again, from the seed, as one deal consistent with
        everything the player knew there (:meth:`~fives_tutor.engine.knowledge.Knowledge.sample`).
        Raises :class:`FivesError` when the start does not replay or no deal fits."""
        import random

        from ..tutor.coach import situation_of

        if len(self.events) < self.start:
            raise IllegalPlayError(N_("it lacks the position it starts from"))
        before = replay(self.rules, self.names, self.teams, self.events[:self.start])
        hand = before.followed.known
        if before.followed.player != self.you or hand is None or before.over or before.awaiting:
            raise IllegalPlayError(N_("it lacks the position it starts from"))
        situation = situation_of(before)
        hidden, boneyard = situation.knowledge().sample(random.Random(f"{self.seed}:start"))
        hands = [list(hand) if seat == self.you else [] for seat in range(before.players)]
        for k, tiles in enumerate(hidden):
            hands[(self.you + 1 + k) % before.players] = list(tiles)
        resumed = Hand.resume(self.rules, hands, boneyard, before.position, before.turn, before.sides,
                              situation.double_played(), before.passes, before.drawn)
        resumed.leader = before.leader
        return Start(len(before.log), before.hand_number, resumed)

    def begins(self, event: Event) -> bool:
        """Whether ``event`` begins a new practice match: your first move (a play, a draw,
        a pass or a muggins call). The deal and the computer's moves before it wait, and are
        written with it: a match you left before playing is not kept."""
        return event.get("player") == self.you and event.get("type") in ("play", "draw", "pass", "claim")

    def commit(self, event: Event, undone: Event | None = None, more: Sequence[Event] = ()) -> Reply:
        """Journal ``event`` (and ``more``) as the session does; then the dealer follows
        (a new one, dealt again from the seed, after an undo)."""
        reply = super().commit(event, undone, more)
        if reply.kind == "done":
            if event["type"] == "undo":
                self.dealer = self._deal()
            else:
                self.dealer.follow(self.state)
        return reply

    # --- what happens by itself -------------------------------------------------------------

    def pending(self) -> Automatic | None:
        """The next event the dealer makes by itself, or None when the match waits for
        you (or is over): the count at the end of a hand, a muggins claim on points you
        did not announce, your tiles at a new deal, or the computer's move."""
        state = self.state
        if state.over:
            return None
        if state.awaiting:
            result = self.dealer.hand.result
            assert result is not None  # the dealer's hand ended with the table's
            return Automatic("hand_end", {"type": "hand_end", "pips": list(result.pips)})
        if state.claimable is not None and state.claimable[0] == self.you:
            seats = [(self.you + k) % state.players for k in range(1, state.players)]
            claimer = next(p for p in seats if state.sides[p] != state.sides[self.you])
            return Automatic("claim", {"type": "claim", "player": claimer})
        if state.followed.player is None:
            return Automatic("hand", {"type": "hand", "player": self.you, "tiles": format_hand(self.hand)})
        seat = self.dealer.hand.turn
        if seat == self.you:
            return None
        return Automatic("computer", self._computer(seat))

    def step(self) -> Reply | None:
        """Make and journal the next automatic event (:meth:`pending`); its reply, or None
        when there is none to make. The reply's data also holds ``seat`` and ``kind``
        (``computer``, ``claim``, ``hand``, ``hand_end``) and, at the end of a hand, the
        finished hand's remaining ``tiles`` by seat."""
        due = self.pending()
        if due is None:
            return None
        finished = self.dealer.hand  # at the end of a hand, the one the count is about
        reply = self.commit(due.event)
        if reply.kind == "done":
            reply.data["kind"] = due.kind
            if due.kind == "hand_end":
                reply.data["tiles"] = {p: tuple(tiles) for p, tiles in enumerate(finished.hands)}
        return reply

    def _computer(self, seat: int) -> Event:
        """The computer's move at ``seat``, as the scorekeeper's event."""
        from ..engine.history import History
        from ..engine.player import LevelPlayer, View
        from ..tutor.coach import history_of, ply_of

        state = self.state
        dealt = self.dealer.hand
        hand = tuple(dealt.hands[seat])
        legal = tuple(legal_plays(state.layout, hand, self.rules, self.lead()))
        history = history_of(state)
        played = tuple(logged.play.tile for logged in state.log
                       if logged.hand == state.hand_number and logged.play is not None)
        # the engine plays the table's partnerships, a house rule's too (core.game.seated_rules)
        view = View(seated_rules(self.rules, state.sides), seat, state.players, tuple(state.sides), hand,
                    state.position, played,
                    tuple(state.counts), state.boneyard, state.drawable, tuple(state.scores), state.board.target,
                    History(history.players, history.events), legal, dealt.can_draw(), dealt.can_pass(),
                    state.hand_number, self.lead())
        level = self.levels[seat]
        assert level is not None  # every seat but yours has a level (the journal checks the setup it reads)
        player = LevelPlayer(level, seed=f"{self.seed}:{state.hand_number}:{ply_of(state)}:{seat}")
        action = player.choose(view)
        if action.kind == "draw":
            return {"type": "draw", "player": seat, "count": 1}
        if action.kind == "pass":
            return {"type": "pass", "player": seat}
        play = next(p for p in legal if p.tile == action.tile and p.index == action.index)
        event: Event = {"type": "play", "player": seat, "tile": play.notation.partition("@")[0], "end": play.end}
        if self.rules.muggins.announce:
            event["announced"] = play.points  # the computer always says what it made
        return event

    # --- your lines ------------------------------------------------------------------------------

    def check(self, line: str) -> Refusal | None:
        """Why ``line`` would be refused now (with where in the line), or None."""
        if not line.strip():
            return None
        try:
            command = parse_command(line, self.names, words=WORDS)
        except FivesError as error:
            return Refusal(error, (getattr(error, "column", None) or len(line) + 1) - 1)
        try:
            self._your_event(command)
        except FivesError as error:
            return Refusal(error, self.fault(line))
        return None

    def handle(self, line: str) -> Reply:
        """Answer one line of yours; a move is journaled (with the coach's judgement of a
        play, unless the coach is off) before this returns."""
        line = line.strip()
        if not line:
            return Reply("show", {"what": "nothing"})
        try:
            command = parse_command(line, self.names, words=WORDS)
            if command.word in _SHOW:
                return Reply("show", {"what": command.word, "more": command.text == "more"})
            if command.word == "quit":
                return Reply("quit", {})
            if command.word == "undo":
                return self._undo()
            event = self._your_event(command)
        except FivesError as error:
            return Reply("refused", {"error": error, "position": (getattr(error, "column", None) or 1) - 1})
        judgement = None
        if event["type"] == "play" and self.coach != "off":
            judgement = self._judge(event)
            if judgement is not None:
                event["coach"] = judgement.to_dict()
        reply = self.commit(event)
        if reply.kind == "done":
            reply.data["judgement"] = judgement
        return reply

    def _your_event(self, command: Command) -> Event:
        """The event for your command; raises :class:`FivesError` when it cannot be made now."""
        word = command.word
        if word in _SHOW or word in ("quit", "undo"):
            return {}
        if word not in _ACTIONS:
            if word == "redo":
                raise IllegalPlayError(N_("in a practice match undo takes back your last move; there is no redo"))
            if word == "hand":
                raise IllegalPlayError(N_("in a practice match the dealer gives you your tiles"))
            raise IllegalPlayError(N_("'{word}' is not a command of a practice match (help lists them)"), word=word)
        if command.player is not None and command.player != self.you:
            raise IllegalPlayError(N_("in a practice match you play only your own tiles"))
        if self.state.over:
            raise IllegalPlayError(N_("the match is over"))
        if not self.your_turn():
            raise IllegalPlayError(N_("it is not your turn"))
        if word == "play":
            return self._play_event(command)
        if word == "draw":
            return self._draw_event(command)
        if word == "pass":
            if not self.dealer.hand.can_pass():
                if self.dealer.hand.options():
                    raise IllegalPlayError(N_("a player who can play must play"))
                raise IllegalPlayError(N_("a player who cannot play must draw while the boneyard has tiles"))
            return {"type": "pass", "player": self.you}
        # muggins: your claim on the computer's last play
        event: Event = {"type": "claim", "player": self.you}
        if command.count is not None:
            event["amount"] = command.count
        return event

    def _play_event(self, command: Command) -> Event:
        play = parse_play(command.text, self.state.layout, self.rules)
        if play.tile not in self.hand:
            raise IllegalPlayError(N_("you do not hold {tile}"), tile=str(play.tile))
        legal = self.legal()
        if not any(p.tile == play.tile and p.index == play.index for p in legal):
            forced = legal[0].tile if legal and play.index < 0 else None
            if forced is not None:
                raise IllegalPlayError(N_("the lead must be {tile}"), tile=str(forced))
            raise IllegalPlayError(N_("{tile} does not fit on that end"), tile=str(play.tile))
        tile, _, end = command.text.partition("@")
        event: Event = {"type": "play", "player": self.you, "tile": tile, "end": end or play.end}
        if command.announced is not None:
            event["announced"] = command.announced  # under muggins, what is not announced can be claimed
        return event

    def _draw_event(self, command: Command) -> Event:
        count = 1 if command.count is None else command.count
        trial = copy.copy(self.dealer.hand)  # the draws tried on a copy of the hand under way
        trial.hands = [list(tiles) for tiles in trial.hands]
        trial.boneyard = list(trial.boneyard)
        drawn: list[Tile] = []
        for _ in range(count):
            if not trial.can_draw():
                if trial.options():
                    if drawn:
                        raise IllegalPlayError(N_("after {tiles} you can play: draw no more"),
                                               tiles=format_hand(drawn))
                    raise IllegalPlayError(N_("a player who can play must play"))
                raise IllegalPlayError(N_("the boneyard has no tile to draw"))
            drawn.append(trial.draw())
        if command.text and parse_hand(command.text, self.rules.max_pips) != tuple(drawn):
            raise IllegalPlayError(N_("in a practice match the dealer gives you the tiles you draw: type draw"))
        return {"type": "draw", "player": self.you, "count": count, "tiles": format_hand(drawn)}

    def _judge(self, event: Event) -> Judgement | None:
        """The coach's judgement of your play (None when it cannot be made)."""
        from ..tutor.coach import judge, play_text

        try:  # on the analysis hint made of this decision, if it made one: the same judgement
            return judge(self.state, play_text(event), analysed=self.analysed())
        except FivesError:
            return None

    def _undo(self) -> Reply:
        """Take back your last move of this hand, and the computer's moves after it."""
        state = self.state
        if state.over:
            raise IllegalPlayError(N_("the match is over"))
        first = self.dealer_start  # a position played on from: its history is not yours to undo
        mine = [i for i, logged in enumerate(state.log) if logged.hand == state.hand_number and i >= first
                and logged.event.get("player") == self.you and logged.event.get("type") in ("play", "draw", "pass")]
        if not mine or state.awaiting:
            raise IllegalPlayError(N_("there is no move of yours in this hand to undo"))
        taken = [logged.event for logged in state.log[mine[-1]:]]
        count = len(taken)
        reply = self.commit({"type": "undo"}, more=[{"type": "undo"}] * (count - 1))
        if reply.kind == "done":
            reply.data["undone"] = taken[0]
            reply.data["computer"] = count - 1
        return reply

    # --- the coach's record -----------------------------------------------------------------------

    @property
    def dealer_start(self) -> int:
        """The scorekeeper's log entries that come before the match's own moves (0 for a
        match dealt from its start)."""
        return len(replay(self.rules, self.names, self.teams, self.events[:self.start]).log) if self.start else 0

    def judgements(self, hand: int | None = None) -> list[Judgement]:
        """The coach's judgements of your plays that stand (of hand ``hand``, or all), the
        moves of a position played on from left out (they are the other match's)."""
        from ..tutor.coach import Judgement

        found = []
        for event in effective_actions(self.events)[self.start:]:
            if event.get("type") == "play" and event.get("player") == self.you and "coach" in event:
                judged = Judgement.from_dict(event["coach"])
                if judged is not None and (hand is None or judged.hand == hand):
                    found.append(judged)
        return found


def position_before(rules: RuleSet, names: Sequence[str], teams: Teams, events: Sequence[Event], hand: int,
                    move: int) -> tuple[list[Event], int]:
    """The events of a saved match up to move ``move`` (its plays counted from 1, draws and
    passes not) of hand ``hand``, undo applied, and the seat whose play it was: the history
    of that position. Raises :class:`IllegalPlayError` when the match has no such move or
    the play was not the followed hand's (its tiles are the only ones known)."""
    actions = effective_actions(events)
    state = replay(rules, names, teams, [])
    plays = 0
    for index, event in enumerate(actions):
        if event.get("type") == "play" and state.hand_number == hand and not state.awaiting:
            plays += 1
            if plays == move:
                seat = event.get("player")
                if not isinstance(seat, int) or state.followed.player != seat or state.followed.known is None:
                    raise IllegalPlayError(N_("move {move} of hand {hand} was not played from the hand that was "
                                              "followed: its tiles are not known"), move=move, hand=hand)
                return list(actions[:index]), seat
        state.apply(event)
    raise IllegalPlayError(N_("the match has no move {move} in hand {hand}"), move=move, hand=hand)


def play_on(journal: Journal, match_id: int, rules: RuleSet, names: Sequence[str], teams: Teams,
            rules_data: dict, rules_path: str, events: Sequence[Event], hand: int, move: int,
            levels: Sequence[str] | None, coach: str, seed: str, lang: str,
            practice: PracticeSetup | None = None, unnamed: int | None = None) -> Practice:
    """A new practice match, journaled, that starts where move ``move`` of hand ``hand`` of
    the saved match ``match_id`` (``names`` as shown, the learner who gave none at seat
    ``unnamed``: :class:`~fives_tutor.store.journal.MatchInfo`; ``events``; ``practice``
    its setup when it was played against the computer) was to be played: the same table,
    scores and history, your tiles
    as they were, and the tiles nobody saw dealt again from ``seed`` as one deal
    consistent with everything you knew then. The computer plays the other seats at
    ``levels``, one per computer seat in seat order (default: the match's own, else
    :data:`DEFAULT_LEVEL`). Raises
    :class:`FivesError` for a move that cannot be played on from, and
    :class:`~fives_tutor.store.journal.JournalError` when the match cannot be saved."""
    prefix, seat = position_before(rules, names, teams, events, hand, move)
    seats: list[str | None]
    if levels is not None:
        given = iter(levels)
        seats = [None if p == seat else next(given, DEFAULT_LEVEL) for p in range(len(names))]
    elif practice is not None and practice["you"] == seat:
        seats = list(practice["levels"])
    else:
        seats = [None if p == seat else DEFAULT_LEVEL for p in range(len(names))]
    no_name = seat == unnamed  # you gave no name (the word for "you"); else your name is as typed
    chosen = setup(seed, seat, seats, coach, name=None if no_name else names[seat])
    chosen["start"] = {"events": len(prefix), "match": match_id, "hand": hand, "move": move}
    state = replay(rules, names, teams, prefix)
    info = {"names": saved_names(names, seat if no_name else None),
            "teams": [list(team) for team in teams] if teams else None, "rules_id": rules.id,
            "rules_path": rules_path, "rules_data": rules_data, "lang": lang, "practice": chosen}
    new_id = journal.import_match(info, prefix, state.scores, False)
    return Practice(journal, new_id, rules, names, teams, chosen)


def new_seed() -> str:
    """A seed for a new match: a number anyone can type again with ``--seed``."""
    import random

    return str(random.SystemRandom().randrange(1, 10 ** 6))


__all__ = ["DEFAULT_LEVEL", "LEVELS", "WORDS", "Automatic", "Practice", "PracticeSetup", "StartSetup", "new_seed",
           "play_on", "position_before", "setup"]
