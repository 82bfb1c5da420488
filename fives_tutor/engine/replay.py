"""A hand's history played out on the scorekeeper's table: the engine's face to the
table (pure, no I/O).

:func:`replay` checks a :class:`~fives_tutor.engine.history.History` against the pack
with the scorekeeper's own checks (:mod:`fives_tutor.core.keeper`: turn order, tiles
that fit, draws the boneyard and the pack allow, passes only when nothing may be drawn)
and gives the :class:`Table` it leads to, with the steps the inference reads
(:func:`fives_tutor.engine.history.infer`); :func:`from_keeper` turns a scorekeeper's
journal (``fives table``) into the history of the hand under way. The history's format
and its inference (:mod:`fives_tutor.engine.history`) know nothing of the scorekeeper:
the table is reached through here.

>>> from fives_tutor import load_rules
>>> from fives_tutor.engine.history import parse_history
>>> rules = load_rules("dominos-cc")
>>> history = parse_history("1 leads 6|6\\n2 draws 2\\n2 plays 6|3\\n1 plays 6|5@6*", rules)
>>> table = replay(history, rules)
>>> str(table.position), table.counts, table.turn
('3 6|6* 5 6*', (5, 8), 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..core.keeper import TableState
from ..core.keeper import replay as keeper_replay
from ..core.layout import Layout
from ..core.position import Position
from ..core.rules import RuleSet
from ..core.tiles import Tile
from ..errors import N_, FivesError, IllegalPlayError
from .fast import Step, position_codes
from .history import Event, History, HistoryError


class Table(NamedTuple):
    """The table a history leads to: the ``layout`` (every tile, in the layout form) and
    its ``position``; each player's tile ``counts``; the ``boneyard`` size; whose
    ``turn`` it is; the ``played`` tiles in order, the ``leader``, the ``steps`` (for
    :func:`~fives_tutor.engine.history.infer`), and whether the hand is ``over``."""

    layout: Layout
    position: Position
    counts: tuple[int, ...]
    boneyard: int
    turn: int
    played: tuple[Tile, ...]
    leader: int | None
    steps: tuple[Step, ...]
    over: bool


def replay(history: History, rules: RuleSet) -> Table:
    """Play ``history`` out on the scorekeeper's table (:class:`fives_tutor.core.keeper.TableState`,
    the same checks as ``fives table``). Raises :class:`~fives_tutor.engine.history.HistoryError`
    for an event that does not fit."""
    names = [str(p + 1) for p in range(history.players)]
    try:
        state = TableState(rules, names)
    except FivesError as error:
        raise HistoryError(1, error) from None
    numbers = history.lines or tuple(range(1, len(history.events) + 1))
    steps: list[Step] = []
    played: list[Tile] = []
    leader: int | None = None
    index = -1
    for number, event in zip(numbers, history.events):
        before = state.position
        open_numbers = frozenset(e.pips for e in before.ends)
        try:
            if state.awaiting or state.over:
                raise IllegalPlayError(N_("the hand is over"))
            if event.kind == "play":
                if event.tile in played:
                    raise IllegalPlayError(N_("{tile} is already on the table"), tile=str(event.tile))
                if not played:
                    leader = event.player
                index = state.apply({"type": "play", "player": event.player, "tile": str(event.tile),
                                     "end": event.end, "announced": None}).index
                if event.tile is not None:  # (the scorekeeper refuses a play without its tile)
                    played.append(event.tile)
            elif event.kind == "draw":
                state.apply({"type": "draw", "player": event.player, "count": event.count})
            else:
                state.apply({"type": "pass", "player": event.player})
        except FivesError as error:
            raise HistoryError(number, error) from None
        steps.append(Step(event.kind, event.player, event.tile, open_numbers, event.count,
                          tuple(position_codes(before)), before.lone,
                          index if event.kind == "play" and before.ends else -1))
    layout = state.layout
    if layout is None:  # never: a hand starts on an empty layout and a play on one leaves one
        raise RuntimeError("the scorekeeper's table has no layout")
    return Table(layout, state.position, tuple(state.counts), state.boneyard, state.turn, tuple(played),
                 leader, tuple(steps), bool(state.awaiting))


def from_keeper(rules: RuleSet, names: Sequence[str], teams: Sequence[Sequence[int]] | None,
                events: Sequence[dict[str, Any]]) -> History:
    """The history of the hand under way in a scorekeeper's journal (``fives table``'s
    events, as JSON objects, undo and redo applied; ``teams`` as
    :class:`fives_tutor.core.keeper.TableState` takes them): the events since the last
    hand ended. Raises :class:`~fives_tutor.errors.IllegalPlayError` for a journal that
    does not replay."""
    state = keeper_replay(rules, names, teams, events)
    result = []
    for logged in state.log:
        if logged.hand != state.hand_number:
            continue
        event = logged.event
        kind = event.get("type")
        if kind == "play":
            play = logged.play
            if play is not None:  # (the scorekeeper logs every play with its Play)
                result.append(Event("play", event["player"], play.tile, play.end))
        elif kind == "draw":
            result.append(Event("draw", event["player"], count=event.get("count", 1)))
        elif kind == "pass":
            result.append(Event("pass", event["player"]))
    return History(len(names), tuple(result))


__all__ = ["Table", "from_keeper", "replay"]
