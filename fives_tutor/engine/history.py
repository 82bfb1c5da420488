"""A hand's history: who led, every play with its end, draws with their counts, passes;
its line format; and what it shows about each player's hand (pure, no I/O).

The line format (``docs/notation.md``), one event a line, players numbered 1 to N in
turn order; ``#`` starts a comment; digits may be Persian or Arabic-Indic::

    players 2
    1 leads 6|6
    2 plays 6|3
    1 plays 6|5@6*
    2 draws 2
    2 plays 5|3@5
    1 passes

``P leads TILE`` (the first play; ``P plays TILE`` on the empty table says the same),
``P plays TILE`` or ``P plays TILE@END`` with END written as the ends form writes it
before the play (as ``fives score --play`` reads it), ``P draws`` or ``P draws N``, and
``P passes`` (or ``P knocks``). ``players N`` may come first; without it the number of
players comes from the caller, else the highest player named (at least 2).

:func:`fives_tutor.engine.replay.replay` checks a history against the pack on the
scorekeeper's table and gives the table it leads to, with its steps
(:class:`~fives_tutor.engine.fast.Step`: each event with what the table showed then);
:func:`infer` turns the steps into what the player to move knows about each opponent
(:class:`~fives_tutor.engine.knowledge.Knowledge`): a player who drew or passed held
none of the numbers then open, the tiles they drew before the one that fitted matched
none either, and a later draw can bring those numbers back; under
``lead.first_hand: highest_double`` the first lead shows that nobody was dealt a tile
that ranks above it, and under ``lowest_double`` a tile that ranks below it.

>>> from fives_tutor import load_rules
>>> rules = load_rules("dominos-cc")
>>> history = parse_history("1 leads 6|6\\n2 draws 2\\n2 plays 6|3\\n1 plays 6|5@6*", rules)
>>> history.players, [(e.kind, e.player, str(e.tile or ""), e.end, e.count) for e in history.events][1:]
(2, [('draw', 1, '', '', 2), ('play', 1, '6|3', '', 0), ('play', 0, '6|5', '6*', 0)])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..bounds import whole_number
from ..core.game import lead_rank, low_lead_rank
from ..core.plays import lead_rule
from ..core.rules import RuleSet
from ..core.tiles import Tile, ascii_digits, domino_set, parse_tile
from ..errors import N_, FivesError, IllegalPlayError, Msg, NotationError, span
from .fast import Step, end_label
from .knowledge import Knowledge, Played, Record, Slot

#: the longest history read (lines), far beyond any hand
MAX_LINES = 2000


class Event(NamedTuple):
    """One event of a hand: ``kind`` is ``play``, ``draw`` or ``pass``; ``player`` the
    seat (0 is player 1); ``tile`` and ``end`` (as the ends form writes it, empty for
    the lead or a tile that fits one kind of end only) for a play; ``count`` for a draw."""

    kind: str
    player: int
    tile: Tile | None = None
    end: str = ""
    # shadows tuple.count, as NamedTuple allows (mypy objects to the name; it is the API's)
    count: int = 0  # type: ignore[assignment]


class History(NamedTuple):
    """A hand's ``events`` among ``players`` players (``lines``: the line of each event
    in the text it was read from, for errors found later); ``earlier``: the hands of
    the same match before it, each a :class:`History` (players numbered the same), when
    the text gave them."""

    players: int
    events: tuple[Event, ...]
    lines: tuple[int, ...] = ()
    earlier: tuple[History, ...] = ()


class HistoryError(NotationError):
    """A line of a history that cannot be read, or an event that does not fit the hand:
    the line number, then the reason."""

    def __init__(self, line: int, cause: FivesError) -> None:
        self.line = line
        self.cause = cause
        super().__init__(N_("history line {line}: {reason}"), line=line, reason=Msg.of(cause))


_LINE = re.compile(r"\s*(\d{1,2})\s+([A-Za-z]+)\s*(.*?)\s*\Z")
_VERBS = {"leads": "lead", "lead": "lead", "plays": "play", "play": "play", "draws": "draw", "draw": "draw",
          "passes": "pass", "pass": "pass", "knocks": "pass", "knock": "pass"}


def parse_history(text: str, rules: RuleSet, players: int | None = None) -> History:
    """Read a history in the line format (see the module docstring) under ``rules``: the
    hand after the last ``hand`` line, with the hands before it as ``earlier``.

    Raises :class:`HistoryError` (line number and reason) for a line that is not an
    event, a player outside 1..N, a bad tile or count.
    """
    events: list[Event] = []
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise HistoryError(MAX_LINES + 1, NotationError(N_("a history has at most {count} lines"), count=MAX_LINES))
    declared = None
    numbered: list[tuple[int, Event]] = []
    hands: list[list[tuple[int, Event]]] = []
    for number, raw in enumerate(lines, start=1):
        line = ascii_digits(raw.split("#", 1)[0]).strip()
        if not line:
            continue
        words = line.split()
        if words[0].lower() == "hand" and len(words) == 1:
            # the next hand of the same match begins
            if numbered:
                hands.append(numbered)
            events, numbered = [], []
            continue
        if words[0].lower() == "players":
            declared = whole_number(words[1]) if len(words) == 2 else None
            if declared is None or events or hands:
                raise HistoryError(number, NotationError(N_("write the number of players first, such as: players 2"),
                                                         text=line))
            if not rules.players.min <= declared <= rules.players.max:
                raise HistoryError(number, IllegalPlayError(
                    N_("this rule pack is for {players} players, not {count}"),
                    players=span(rules.players.min, rules.players.max), count=words[1]))
            continue
        match = _LINE.match(line)
        verb = _VERBS.get(match.group(2).lower()) if match else None
        if not match or verb is None:
            raise HistoryError(number, NotationError(
                N_("expected PLAYER leads TILE, PLAYER plays TILE[@END], PLAYER draws [N] or PLAYER passes"),
                text=line))
        player = int(match.group(1))
        rest = match.group(3)
        if player < 1 or player > rules.players.max:
            raise HistoryError(number, NotationError(N_("there is no player {player}"), text=line, player=player))
        if verb in ("lead", "play"):
            tile_text, _, end = rest.partition("@")
            if not tile_text.strip():
                raise HistoryError(number, NotationError(N_("write the tile of the play, such as 5|3 or 5|3@3"),
                                                         text=line))
            try:
                tile = parse_tile(tile_text, rules.max_pips)
            except FivesError as error:
                raise HistoryError(number, error) from None
            if verb == "lead" and (events or end):
                raise HistoryError(number, NotationError(N_("only the first play of the hand is the lead"), text=line))
            event = Event("play", player - 1, tile, end.strip())
        elif verb == "draw":
            drawn = whole_number(rest) if rest else 1
            if drawn is None:
                raise HistoryError(number, NotationError(N_("after 'draws' write how many tiles, such as: {example}"),
                                                         text=line, example="2 draws 3"))
            if drawn < 1:
                raise HistoryError(number, NotationError(N_("draw at least one tile"), text=line))
            # more than the set holds is refused where the boneyard is known (it says how many it
            # holds); the count is bounded first, so a number of any length is never converted
            event = Event("draw", player - 1, count=min(drawn, len(domino_set(rules.max_pips)) + 1))
        else:
            if rest:
                raise HistoryError(number, NotationError(
                    N_("expected PLAYER leads TILE, PLAYER plays TILE[@END], PLAYER draws [N] or PLAYER passes"),
                    text=line))
            event = Event("pass", player - 1)
        events.append(event)
        numbered.append((number, event))
    every = [item for hand in hands + [numbered] for item in hand]
    count = declared or players or max([e.player + 1 for _, e in every] + [2])
    for number, event in every:
        if event.player >= count:
            raise HistoryError(number, NotationError(N_("there is no player {player}"), player=event.player + 1))
    earlier = tuple(History(count, tuple(e for _, e in hand), tuple(n for n, _ in hand)) for hand in hands)
    return History(count, tuple(events), tuple(n for n, _ in numbered), earlier)


def format_history(history: History) -> str:
    """The history in the line format (``players N`` first), one event a line, earlier
    hands first, each followed by a ``hand`` line."""
    lines = [f"players {history.players}"]
    for hand in history.earlier:
        lines.extend(format_history(hand).splitlines()[1:])
        lines.append("hand")
    first = True
    for event in history.events:
        who = event.player + 1
        if event.kind == "play":
            if first:
                lines.append(f"{who} leads {event.tile}")
            else:
                lines.append(f"{who} plays {event.tile}{'@' + event.end if event.end else ''}")
            first = False
        elif event.kind == "draw":
            lines.append(f"{who} draws {event.count}")
        else:
            lines.append(f"{who} passes")
    return "\n".join(lines) + "\n"


def history_of(steps: Sequence[Step], players: int) -> History:
    """The :class:`History` of a hand's ``steps`` (each play's end written as the ends
    form writes it)."""
    events = []
    for step in steps:
        if step.kind == "play":
            label = end_label(step.ends, step.lone, step.index) if step.ends and step.index >= 0 else ""
            events.append(Event("play", step.player, step.tile, label))
        elif step.kind == "draw":
            events.append(Event("draw", step.player, count=step.count))
        else:
            events.append(Event("pass", step.player))
    return History(players, tuple(events))


# --- what the history shows -------------------------------------------------------------------


class Shown(NamedTuple):
    """What the history showed about a player, for the explanation: ``player`` (a seat),
    ``kind`` (``passed``, ``drew``, ``led`` under ``highest_double``, ``led_lowest`` under
    ``lowest_double``, or ``style``: how they play), the ``numbers`` then open (or the
    tile led), the ``count`` of tiles drawn (for a style: the plays it was read from),
    and for a style its name (``style``: ``greedy``, ``defensive`` or ``expert``) and
    probability (``chance``)."""

    player: int
    kind: str
    numbers: tuple[int, ...]
    # shadows tuple.count, as NamedTuple allows (mypy objects to the name; it is the API's)
    count: int = 0  # type: ignore[assignment]
    tile: Tile | None = None
    style: str = ""
    chance: float = 0.0


def infer(steps: Sequence[Step], rules: RuleSet, me: int, players: int, leader: int | None,
          led: Tile | None, lead: str = "first") -> tuple[tuple[Record, ...], tuple[Shown, ...]]:
    """What the ``steps`` of a hand show about each opponent of player ``me``, in turn order
    from the next player: their :class:`~fives_tutor.engine.knowledge.Record` (the slots
    their tiles came by, with the numbers each cannot show, and the tiles they played)
    and the events that showed it (:class:`Shown`), for the explanation.

    Draws show a void only where a player may not draw while able to play
    (``rules.turn.draw_while_able``); the first lead (``led`` by ``leader``) shows that
    nobody was dealt a tile ranking above it under ``highest_double`` (below it under
    ``lowest_double``) for the hand of the match it is (``lead``: ``first`` or ``later``)."""
    draws_show = not rules.turn.draw_while_able
    size = rules.players.hand_size[players]
    forbidden: frozenset[Tile] = frozenset()
    shown: list[Shown] = []
    if leader is not None and led is not None:
        rule = lead_rule(rules, lead)
        if rule == "highest_double":
            forbidden = frozenset(t for t in domino_set(rules.max_pips) if lead_rank(t) > lead_rank(led))
        elif rule == "lowest_double":
            forbidden = frozenset(t for t in domino_set(rules.max_pips) if low_lead_rank(t) < low_lead_rank(led))
        if forbidden:
            shown.append(Shown(leader, "led" if rule == "highest_double" else "led_lowest", (), tile=led))
    records = []
    for offset in range(1, players):
        seat = (me + offset) % players
        records.append(_record(steps, seat, size, forbidden, draws_show, shown))
    shown.sort(key=lambda item: item.kind not in ("led", "led_lowest"))
    return tuple(records), tuple(shown)


def public_voids(steps: Sequence[Step], rules: RuleSet, players: int) -> tuple[frozenset[int], ...]:
    """The numbers each seat has shown it lacks now, by the simple rule a player at the
    table keeps (and the fast loop too): a pass adds the numbers then open; a draw
    (where it shows anything: ``rules.turn.draw_while_able`` off) replaces them with the
    numbers open then, since the tiles drawn may bring older ones back."""
    draws_show = not rules.turn.draw_while_able
    voids: list[frozenset[int]] = [frozenset()] * players
    for step in steps:
        if step.kind == "pass":
            voids[step.player] = voids[step.player] | step.open
        elif step.kind == "draw" and draws_show:
            voids[step.player] = step.open
    return tuple(voids)


def _record(steps: Sequence[Step], seat: int, size: int, forbidden: frozenset[Tile], draws_show: bool,
            shown: list[Shown]) -> Record:
    # slots: (entry time, capacity, own void); void events: (time, numbers). The tile that
    # fitted after a draw enters half a step after the tiles drawn before it
    slots: list[tuple[float, int, frozenset[int]]] = [(-1, size, frozenset())]
    voids: list[tuple[int, frozenset[int]]] = []
    played: list[tuple[Tile, int]] = []
    time = 0
    while time < len(steps):
        step = steps[time]
        if step.player != seat:
            time += 1
            continue
        if step.kind == "play":
            if step.tile is not None:  # (a play always names its tile)
                played.append((step.tile, time))
            time += 1
            continue
        if step.kind == "pass":
            voids.append((time, step.open))
            shown.append(Shown(seat, "passed", tuple(sorted(step.open))))
            time += 1
            continue
        # a draw: the same player's draws in a row are one group; then a play or a pass
        count = 0
        start = time
        while time < len(steps) and steps[time].player == seat and steps[time].kind == "draw":
            count += steps[time].count
            time += 1
        then_plays = time < len(steps) and steps[time].player == seat and steps[time].kind == "play"
        if not draws_show:
            slots.append((start, count, frozenset()))
            continue
        voids.append((start, step.open))
        shown.append(Shown(seat, "drew", tuple(sorted(step.open)), count))
        if then_plays:
            if count > 1:
                slots.append((start, count - 1, step.open))
            slots.append((start + 0.5, 1, frozenset()))  # the tile that fitted, drawn last
        else:
            slots.append((start, count, step.open))
    result_slots = []
    for index, (entry, capacity, own) in enumerate(slots):
        void = set(own)
        for when, numbers in voids:
            if when > entry:
                void |= numbers
        result_slots.append(Slot(capacity, frozenset(void), forbidden if index == 0 else frozenset()))
    result_played = []
    for tile, when in played:
        allowed = []
        for index, (entry, _capacity, own) in enumerate(slots):
            if entry >= when:
                continue
            void = set(own)
            for moment, numbers in voids:
                if entry < moment < when:
                    void |= numbers
            if tile[0] in void or tile[1] in void or (index == 0 and tile in forbidden):
                continue
            allowed.append(index)
        first, last = (min(allowed), max(allowed)) if allowed else (1, 0)
        result_played.append(Played(tile, first, last))
    # slots that took no tile are left out (their indexes shift the played intervals)
    keep = [i for i, s in enumerate(result_slots) if s.capacity > 0]
    where = {old: new for new, old in enumerate(keep)}
    final_played = []
    for p in result_played:
        inside = [where[i] for i in range(p.first, p.last + 1) if i in where]
        final_played.append(Played(p.tile, min(inside), max(inside)) if inside else Played(p.tile, 1, 0))
    return Record(tuple(result_slots[i] for i in keep), tuple(final_played))


def knowledge(steps: Sequence[Step], rules: RuleSet, me: int, hand: Sequence[Tile], played: Sequence[Tile],
              counts: Sequence[int], leader: int | None, lead: str = "first",
              voids: Sequence[frozenset[int]] = ()) -> tuple[Knowledge, tuple[Shown, ...]]:
    """The :class:`~fives_tutor.engine.knowledge.Knowledge` of player ``me`` holding ``hand``
    after the ``steps`` of a hand (``played``: the tiles on the table, the lead first;
    ``counts``: each seat's tiles), and what the steps showed. ``voids`` (per opponent
    from the next player) add numbers known by other means (``--void``)."""
    players = len(counts)
    out = set(played) | set(hand)
    unseen = tuple(t for t in domino_set(rules.max_pips) if t not in out)
    opponents = tuple(counts[(me + k) % players] for k in range(1, players))
    records, shown = infer(steps, rules, me, players, leader, played[0] if played else None, lead)
    extra = tuple(voids) + tuple(frozenset[int]() for _ in range(players - 1 - len(voids)))
    return Knowledge(unseen, opponents, extra[:players - 1], records), shown


__all__ = ["Event", "History", "HistoryError", "Shown", "Step", "format_history", "history_of", "infer", "knowledge",
           "parse_history", "public_voids"]
