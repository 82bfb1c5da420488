"""One scorekeeping session: command lines in, journal events and replies out.

The session reads what the table says (``5|3``, ``Ben 5|3@3 =10``, ``draw 2``,
``pass``, ``muggins``, ``undo``, ``sheet`` ...), checks it against the state rebuilt
from the journal's events, commits the event, then answers. It knows no terminal:
the shell (``fives table``) feeds it lines and prints its replies. What a line may be
is the grammar of :mod:`fives_tutor.table.grammar`. Command words are the same in
every language; replies are in the active language.

A new match is written to the journal with its first entry (:meth:`Session.begins`:
a practice match's with your first move, the deal and the computer's moves before it
written with it), so a table closed before anything was played leaves nothing to resume.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..bounds import TOO_LARGE, whole_number
from ..core.events import Event
from ..core.keeper import TableState, Teams, replay, replay_saved
from ..core.plays import Play
from ..core.rules import RuleSet
from ..core.tiles import Tile, ascii_digits, parse_hand
from ..core.undo import can_redo, can_undo, standing
from ..errors import N_, FivesError, IllegalPlayError, Msg, Nn_, NotationError
from ..store.journal import Journal, JournalError
from .grammar import WORDS, Command, parse_command, pieces

if TYPE_CHECKING:  # the engine loads with the first hint
    from ..engine.judge import Analysis
    from ..engine.levels import Situation

#: the engine's advice: what the player knows and the analysis of their decision
#: (:func:`fives_tutor.tutor.coach.analyse_state`: the one the coach judges the play on)
Hint = tuple["Situation", "Analysis"]

__all__ = ["WORDS", "Command", "Hint", "Refusal", "Reply", "Session", "hint", "parse_command"]

_SHOW = ("board", "sheet", "history", "rules", "help", "hint")


class Reply(NamedTuple):
    """What the session answers: a ``kind`` (``done``, ``refused``, ``show``, ``ask``,
    ``quit``) and the data to render it."""

    kind: str
    data: dict[str, Any]  # what the renderers read, by reply kind (see table/render.py and replies.py)


class Refusal(NamedTuple):
    """Why a line cannot be taken: the ``error`` and the ``position`` (0-based) in the
    line where the fault is, for a shell to put the cursor there."""

    error: FivesError
    position: int


class Session:
    """A match kept in ``journal`` as ``match_id`` under ``rules`` for ``names``.

    ``match_id`` may be None for a match not yet written: ``create`` (called with no
    argument, returning the new id) writes it with the first entry.
    """

    #: Tab completes the players' names (a practice match has none to type)
    complete_names = True

    def __init__(self, journal: Journal, match_id: int | None, rules: RuleSet, names: Sequence[str], teams: Teams,
                 create: Callable[[], int] | None = None) -> None:
        self.journal = journal
        self.match_id = match_id
        self.rules = rules
        self.names = list(names)
        self.teams = teams
        self._create = create
        self.events: list[Event] = journal.events(match_id) if match_id is not None else []
        self._written = len(self.events)  # the events in the journal: the others wait for the match to begin
        self.state: TableState
        try:
            self.state = replay_saved(rules, names, teams, self.events)
        except FivesError as error:
            raise JournalError(N_("saved match {id} is damaged and cannot be read: {reason}"), id=match_id,
                               reason=Msg.of(error)) from None

    # --- what the shell shows ------------------------------------------------------------

    @property
    def words(self) -> tuple[str, ...]:
        """The command words this shell takes (all of the grammar's)."""
        return WORDS

    def asking(self) -> int | None:
        """The player whose remaining pips the session is asking for, or None."""
        for player in self.state.pips_needed():
            if player not in self.state.pips_given:  # each answer is saved as it is given
                return player
        return None

    def legal(self) -> list[Play]:
        """The plays the table would take now (what Tab completes)."""
        return self.state.legal_tiles()

    @property
    def saved(self) -> bool:
        """Whether the match is in the journal (it is from the entry that begins it on)."""
        return self.match_id is not None

    def begins(self, event: Event) -> bool:
        """Whether ``event`` begins a new match, which is written with it: at a table,
        any entry."""
        return True

    # --- checking a line without recording it -----------------------------------------------

    def check(self, line: str) -> Refusal | None:
        """Why ``line`` would be refused now, with where in the line the fault is; None
        when it would be taken. Records nothing."""
        if not line.strip():
            return None
        asked = self.asking()
        try:
            command = parse_command(line, self.names, asking=asked is not None)
        except NotationError as error:
            return Refusal(error, (error.column or len(line) + 1) - 1)
        try:
            if command.word == "pips" and asked is not None:  # the grammar reads pips only when asked
                self._pips_value(asked, command.text)
            elif command.word in ("play", "draw", "pass", "muggins", "hand"):
                if asked is not None and command.word != "muggins":
                    raise self._hand_over(asked)
                event = self._event(command)
                if event is None:
                    raise IllegalPlayError(N_("the match is over"))
                replay(self.rules, self.names, self.teams, self.events + [event])
            elif command.word == "undo" and not can_undo(self.events):
                raise IllegalPlayError(N_("there is nothing to undo"))
            elif command.word == "redo" and not can_redo(self.events):
                raise IllegalPlayError(N_("there is nothing to redo"))
        except FivesError as error:
            return Refusal(error, self.fault(line))
        return None

    def fault(self, line: str) -> int:
        """Where a refused action's fault is: the play, the argument, else the line's start."""
        found = pieces(line, self.asking() is not None) or {}
        for name in ("play", "hand", "argument", "command"):
            if name in found:
                return found[name].start
        return len(line) - len(line.lstrip())

    # --- handling a line ------------------------------------------------------------------

    def handle(self, line: str) -> Reply:
        """Answer one line; an action is committed to the journal before this returns."""
        line = line.strip()
        if not line:
            return Reply("show", {"what": "nothing"})
        asked = self.asking()
        try:
            command = parse_command(line, self.names, asking=asked is not None)
        except FivesError as error:
            return Reply("refused", {"error": error, "position": (getattr(error, "column", None) or 1) - 1})
        word = command.word
        if word in _SHOW:
            return Reply("show", {"what": word, "more": command.text == "more"})
        if word == "quit":
            return Reply("quit", {})
        if word == "pips" and asked is not None:  # the grammar reads pips only when asked
            return self._pips(asked, command.text)
        if word == "undo":
            done = standing(self.events).done
            if not done:
                return Reply("refused", {"error": IllegalPlayError(N_("there is nothing to undo"))})
            return self.commit({"type": "undo"}, undone=done[-1][1])
        if word == "redo":
            undone = standing(self.events).undone
            if not undone:
                return Reply("refused", {"error": IllegalPlayError(N_("there is nothing to redo"))})
            reply = self.commit({"type": "redo"})
            if reply.kind == "done":
                reply.data["redone"] = undone[-1][1]  # what the redo put back
            return reply
        if asked is not None and word != "muggins":
            return Reply("refused", {"error": self._hand_over(asked)})
        event = self._event(command)
        if event is None:
            return Reply("refused", {"error": IllegalPlayError(N_("the match is over"))})
        return self.commit(event)

    def _hand_over(self, asked: int) -> IllegalPlayError:
        return IllegalPlayError(N_("the hand is over: give the remaining tiles or pips of {name} first"),
                                name=self.names[asked])

    def _event(self, command: Command) -> Event | None:
        state = self.state
        if state.over:
            return None
        if command.word == "hand":
            # your own tiles: the player named, else the one whose hand is followed, else the player to move
            player = command.player
            if player is None:
                player = state.followed.player if state.followed.player is not None else state.followed.last_given
            if player is None:
                player = state.turn
            return {"type": "hand", "player": player, "tiles": command.text}
        player = command.player if command.player is not None else state.turn
        # mid-hand, naming another player corrects the turn (a pass the table did not
        # say, a slip); who leads a hand is the lead rule's, not the table's to correct
        corrected = command.player is not None and command.player != state.turn and state.layout.line != ()
        if command.word in ("play", "draw", "pass"):
            event: Event
            if command.word == "play":
                tile, _, end = command.text.partition("@")
                event = {"type": "play", "player": player, "tile": tile, "end": end}
                if command.announced is not None:
                    event["announced"] = command.announced
            elif command.word == "draw":
                event = {"type": "draw", "player": player, "count": 1 if command.count is None else command.count}
                if command.text:
                    event["tiles"] = command.text  # the tiles drawn, by the player whose hand is followed
            else:
                event = {"type": "pass", "player": player}
            if corrected:
                event["corrected"] = True  # the table named someone else: the turn moves to them
            return event
        # muggins: the caller named, else the first opponent after the player who just played
        if command.player is None and state.last_player is not None:
            seats = [(state.last_player + k) % state.players for k in range(1, state.players)]
            player = next((p for p in seats if state.sides[p] != state.sides[state.last_player]), player)
        claim: Event = {"type": "claim", "player": player}
        if command.count is not None:
            claim["amount"] = command.count
        return claim

    def _pips_value(self, player: int, text: str) -> tuple[int, tuple[Tile, ...] | None]:
        """The pips of ``player``'s remaining tiles written as tiles or a number, and the
        tiles when given; raises :class:`FivesError` when that cannot be."""
        state = self.state
        clean = ascii_digits(text.strip())
        pips = whole_number(clean)  # digits of any length, never converted past the bound
        if pips is not None:
            if pips > 2 * self.rules.max_pips * state.counts[player]:
                raise IllegalPlayError(Nn_("{pips} pips is not possible for {name}'s {count} tile",
                                           "{pips} pips is not possible for {name}'s {count} tiles"),
                                       pips=pips if pips < TOO_LARGE else clean, name=self.names[player],
                                       count=state.counts[player])
            return pips, None
        tiles = parse_hand(text, self.rules.max_pips)
        out = set(state.layout.tiles())
        for tile in tiles:
            if tile in out:
                raise IllegalPlayError(N_("{tile} is already on the table"), tile=str(tile))
        if len(tiles) != state.counts[player]:
            raise IllegalPlayError(Nn_("{name} holds {count} tile, not {given}", "{name} holds {count} tiles, not {given}"), name=self.names[player],
                                   count=state.counts[player], given=len(tiles))
        return self.rules.hand_end.hand_pips(tiles), tiles

    def _pips(self, player: int, text: str) -> Reply:
        """An answer to 'how many pips does X hold': tiles or a number."""
        state = self.state
        try:
            pips, tiles = self._pips_value(player, text)
        except FivesError as error:
            return Reply("refused", {"error": error})
        others = [p for p in state.pips_needed() if p not in state.pips_given and p != player]
        if others:
            # saved before it is acknowledged, like every other entry
            event: Event = {"type": "pips", "player": player, "pips": pips}
            if tiles is not None:
                event["tiles"] = " ".join(map(str, tiles))
            reply = self.commit(event)
            return Reply("show", {"what": "ask"}) if reply.kind == "done" else reply
        given = dict(state.pips_given)
        given[player] = pips
        tiles_given = {p: parse_hand(text, self.rules.max_pips) for p, text in state.tiles_given.items()}
        if tiles is not None:
            tiles_given[player] = tiles
        values = [given.get(p, 0) for p in range(state.players)]
        reply = self.commit({"type": "hand_end", "pips": values})
        if reply.kind == "done":
            reply.data["given"] = given
            reply.data["tiles"] = tiles_given
        return reply

    def commit(self, event: Event, undone: Event | None = None, more: Sequence[Event] = ()) -> Reply:
        """Check the event (and the events ``more`` after it) by rebuilding the state with
        it; only then write it, all in one transaction, with the events of a new match
        that waited for the one that begins it (:meth:`begins`)."""
        candidate = self.events + [event] + list(more)
        try:
            state = replay(self.rules, self.names, self.teams, candidate)
        except FivesError as error:
            return Reply("refused", {"error": error})
        before = self.state
        if self.match_id is not None or self.begins(event):
            try:
                if self.match_id is None:
                    if self._create is None:
                        raise RuntimeError("a session without a match needs a way to create one")
                    self.match_id = self._create()
                unwritten = candidate[self._written:]
                if len(unwritten) > 1:
                    self.journal.append_many(self.match_id, unwritten, scores=state.scores, finished=state.over)
                else:
                    self.journal.append(self.match_id, event, scores=state.scores, finished=state.over)
            except FivesError as error:  # a full disk, a read-only file, a shell keeping it: not saved, so not done
                return Reply("refused", {"error": error})
            self._written = len(candidate)
        self.events = candidate
        self.state = state
        return Reply("done", {"event": event, "before": before, "undone": undone})

    # --- advice for the player whose hand is followed -----------------------------------------

    _analysed: tuple[int, Hint] | None = None

    def hint(self) -> Hint:
        """The analysis of the followed player's decision, at their turn, from everything
        the table recorded in this hand: ``(situation, analysis)``, made once a decision
        (kept until the next entry), and the one the coach judges the play on. Raises
        :class:`FivesError` with the reason when there is none to give."""
        found = self.analysed()
        if found is None:
            found = hint(self.state)
            self._analysed = (len(self.events), found)
        return found

    def analysed(self) -> Hint | None:
        """The analysis ``hint`` made of the decision now, if it made one."""
        if self._analysed is not None and self._analysed[0] == len(self.events):
            return self._analysed[1]
        return None


def hint(state: TableState, samples: int | None = None) -> Hint:
    """The analysis of the followed player's decision on ``state`` (a
    :class:`~fives_tutor.core.keeper.TableState`) at their turn: ``(situation, analysis)``,
    every legal play valued on the same deals with the coach's budget and seed
    (:func:`fives_tutor.tutor.coach.analyse_state`), so that ``hint``, the coach's
    judgement of the play made and ``fives games review`` agree; ``fives best --history``
    with the same hand, history and scores, ``--samples 200`` and the seed
    ``coach:HAND:PLY`` gives the same ranking. Raises :class:`FivesError`: no hand
    followed, tiles drawn without naming them, not their turn, the hand over, or no deal
    of the hidden tiles that fits."""
    from ..tutor.coach import SAMPLES, analyse_state

    if state.over or state.awaiting:
        raise IllegalPlayError(N_("the hand is over"))
    if state.followed.player is None:
        raise IllegalPlayError(N_("hint needs your tiles: at the deal type hand and your tiles, such as {example}"),
                               example="hand 6|6 5|3 4|1")
    name = state.names[state.followed.player]
    if state.followed.known is None:
        raise IllegalPlayError(Nn_("{name} drew {count} tile without naming it: give the hand again (hand and the "
                                   "tiles)", "{name} drew {count} tiles without naming them: give the hand again "
                                   "(hand and the tiles)"), name=name, count=state.followed.missing)
    if state.turn != state.followed.player and (state.layout.line or state.leader_known):
        # at an open lead (the highest double or a lot decides) the followed player may ask first
        raise IllegalPlayError(N_("hint is for {name}'s turn; it is {other}'s turn"), name=name,
                               other=state.names[state.turn])
    return analyse_state(state, samples or SAMPLES)
