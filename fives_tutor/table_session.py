"""One scorekeeping session: command lines in, journal events and replies out.

The session reads what the table says (``5|3``, ``Ben 5|3@3 =10``, ``draw 2``,
``pass``, ``muggins``, ``undo``, ``sheet`` ...), checks it against the state rebuilt
from the journal's events, commits the event, then answers. It knows no terminal:
the shell (``fives table``) feeds it lines and prints its replies. Command words are
the same in every language; replies are in the active language.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Sequence

from .bounds import TOO_LARGE, whole_number
from .errors import N_, FivesError, IllegalPlayError, NotationError
from .journal import Journal
from .keeper import can_redo, can_undo, effective_actions, replay, replay_saved
from .rules import RuleSet
from .tiles import ascii_digits, parse_hand

#: command words, the same in every language
WORDS = ("draw", "pass", "muggins", "undo", "redo", "board", "sheet", "history", "rules", "help", "quit")
_TILE = re.compile(r"^\[?\d{1,2}\s*[|\-]\s*\d{1,2}\]?(@\S+)?$")


class Command(NamedTuple):
    """A parsed line: its ``word`` (``play`` for a tile), the ``player`` named (or None),
    the play's ``text``, a ``count`` (tiles to draw, points claimed) and the
    ``announced`` points of a play (``=10``)."""

    word: str
    player: int | None = None
    text: str = ""
    count: int | None = None
    announced: int | None = None


def parse_command(line: str, names: Sequence[str]) -> Command:
    """Read one command line. Raises :class:`NotationError` for a line that is not a command."""
    words = ascii_digits(line).split()
    original = line.split()
    if not words:
        raise NotationError(N_("type a tile such as 5|3, or a command (help lists them)"), text=line)
    player = None
    lowered = [n.casefold() for n in names]
    if original[0].casefold() in lowered and len(words) > 1:
        player = lowered.index(original[0].casefold())
        words = words[1:]
    head, rest = words[0].lower(), words[1:]
    if head in WORDS:
        count = None
        if head == "muggins" and rest and rest[0].casefold() in lowered:
            player = lowered.index(rest[0].casefold())
            rest = rest[1:]
        if rest and head in ("draw", "muggins"):
            count = whole_number(rest[0])
            if count is None or count >= TOO_LARGE or len(rest) > 1:
                raise NotationError(N_("'{word}' takes a number, such as {example}"), text=line, word=head,
                                    example="draw 2" if head == "draw" else "muggins 10")
        elif rest:
            raise NotationError(N_("'{word}' takes nothing after it"), text=line, word=head)
        return Command(head, player, count=count)
    if _TILE.match(head):
        announced = None
        if len(rest) == 2 and rest[0] == "=":
            rest = ["=" + rest[1]]  # "5|3 = 10"
        if rest:
            mark = rest[0]
            if len(rest) > 1 or not (mark.startswith("=") and mark[1:].isdecimal()):
                raise NotationError(N_("after a play only the announced points may follow, such as =10"),
                                    text=line)
            announced = whole_number(mark[1:])
        return Command("play", player, text=head, announced=announced)
    raise NotationError(N_("'{word}' is neither a tile such as 5|3 nor a command (help lists them)"), text=line,
                        word=original[0] if player is None else original[1])


class Reply(NamedTuple):
    """What the session answers: a ``kind`` (``done``, ``refused``, ``show``, ``ask``,
    ``quit``) and ``lines`` of text, or the data to render them."""

    kind: str
    data: dict


class Session:
    """A match kept in ``journal`` (as ``match_id``) under ``rules`` for ``names``."""

    def __init__(self, journal: Journal, match_id: int, rules: RuleSet, names: Sequence[str], teams) -> None:
        self.journal = journal
        self.match_id = match_id
        self.rules = rules
        self.names = list(names)
        self.teams = teams
        self.events = journal.events(match_id)
        try:
            self.state = replay_saved(rules, names, teams, self.events)
        except FivesError as error:
            from .errors import Msg
            from .journal import JournalError

            raise JournalError(N_("saved match {id} is damaged and cannot be read: {reason}"), id=match_id,
                               reason=Msg(error.template, **error.params)) from None

    # --- what the shell shows ------------------------------------------------------------

    def asking(self) -> int | None:
        """The player whose remaining pips the session is asking for, or None."""
        for player in self.state.pips_needed():
            if player not in self.state.pips_given:
                return player
        return None

    # --- handling a line ------------------------------------------------------------------

    def handle(self, line: str) -> Reply:
        """Answer one line; an action is committed to the journal before this returns."""
        line = line.strip()
        if not line:
            return Reply("show", {"what": "nothing"})
        asked = self.asking()
        if asked is not None and line.split()[0].lower() not in WORDS:
            return self._pips(asked, line)
        try:
            command = parse_command(line, self.names)
        except FivesError as error:
            return Reply("refused", {"error": error})
        word = command.word
        if word in ("board", "sheet", "history", "rules", "help"):
            return Reply("show", {"what": word})
        if word == "quit":
            return Reply("quit", {})
        if word == "undo":
            if not can_undo(self.events):
                return Reply("refused", {"error": IllegalPlayError(N_("there is nothing to undo"))})
            taken_back = effective_actions(self.events)[-1]
            return self._commit({"type": "undo"}, undone=taken_back)
        if word == "redo":
            if not can_redo(self.events):
                return Reply("refused", {"error": IllegalPlayError(N_("there is nothing to redo"))})
            return self._commit({"type": "redo"})
        if asked is not None and word != "muggins":
            return Reply("refused", {"error": IllegalPlayError(
                N_("the hand is over: give the remaining tiles or pips of {name} first"), name=self.names[asked])})
        event = self._event(command)
        if event is None:
            return Reply("refused", {"error": IllegalPlayError(N_("the match is over"))})
        return self._commit(event)

    def _event(self, command: Command) -> dict | None:
        state = self.state
        if state.over:
            return None
        player = command.player if command.player is not None else state.turn
        if command.word == "play":
            tile, _, end = command.text.partition("@")
            event = {"type": "play", "player": player, "tile": tile, "end": end}
            if command.announced is not None:
                event["announced"] = command.announced
            return event
        if command.word == "draw":
            return {"type": "draw", "player": player, "count": 1 if command.count is None else command.count}
        if command.word == "pass":
            return {"type": "pass", "player": player}
        # muggins: the caller named, else the first opponent after the player who just played
        if command.player is None and state.last_player is not None:
            seats = [(state.last_player + k) % state.players for k in range(1, state.players)]
            player = next((p for p in seats if state.sides[p] != state.sides[state.last_player]), player)
        event = {"type": "claim", "player": player}
        if command.count is not None:
            event["amount"] = command.count
        return event

    def _pips(self, player: int, line: str) -> Reply:
        """An answer to 'how many pips does X hold': tiles or a number."""
        state = self.state
        clean = ascii_digits(line.strip())
        try:
            if clean.isdecimal():
                pips = whole_number(clean)
                if pips > 2 * self.rules.max_pips * state.counts[player]:
                    raise IllegalPlayError(N_("{pips} pips is not possible for {name}'s {count} tiles"),
                                           pips=pips if pips < TOO_LARGE else clean, name=self.names[player],
                                           count=state.counts[player])
            else:
                tiles = parse_hand(line, self.rules.max_pips)
                out = set(state.layout.tiles())
                for tile in tiles:
                    if tile in out:
                        raise IllegalPlayError(N_("{tile} is already on the table"), tile=str(tile))
                if len(tiles) != state.counts[player]:
                    raise IllegalPlayError(N_("{name} holds {count} tiles, not {given}"), name=self.names[player],
                                           count=state.counts[player], given=len(tiles))
                pips = self.rules.hand_end.hand_pips(tiles)
        except FivesError as error:
            return Reply("refused", {"error": error})
        others = [p for p in state.pips_needed() if p not in state.pips_given and p != player]
        if others:
            # saved before it is acknowledged, like every other entry
            reply = self._commit({"type": "pips", "player": player, "pips": pips})
            return Reply("show", {"what": "ask"}) if reply.kind == "done" else reply
        values = [state.pips_given.get(p, 0) for p in range(state.players)]
        values[player] = pips
        return self._commit({"type": "hand_end", "pips": values})

    def _commit(self, event: dict, undone: dict | None = None) -> Reply:
        """Check the event by rebuilding the state with it; only then write it."""
        candidate = self.events + [event]
        try:
            state = replay(self.rules, self.names, self.teams, candidate)
        except FivesError as error:
            return Reply("refused", {"error": error})
        before = self.state
        try:
            self.journal.append(self.match_id, event, scores=state.scores, finished=state.over)
        except FivesError as error:  # a full disk, a read-only file: not saved, so not done
            return Reply("refused", {"error": error})
        self.events = candidate
        self.state = state
        return Reply("done", {"event": event, "before": before, "undone": undone})
