"""Undo and redo over a match's journal (pure): which of its actions stand.

A match is kept as the list of its events, oldest first, and nothing is ever erased:
``{"type": "undo"}`` takes back the last action that stands, ``{"type": "redo"}``
puts back the last one taken back, and any other event is an action, which stands
and forgets what was taken back (there is no redo after a new action, as in an
editor). An undo with nothing to take back, or a redo with nothing to put back,
does nothing.

This is the one place that algebra is written: the scorekeeper's replay
(:func:`fives_tutor.core.keeper.replay`, :func:`~fives_tutor.core.keeper.replay_saved`),
the sessions of ``fives table`` and ``fives play`` (what ``undo`` and ``redo`` may
do, what they took back) and the coach's review of a match all read the journal
through :func:`standing`.

>>> play, draw = {"type": "play"}, {"type": "draw"}
>>> undo, redo = {"type": "undo"}, {"type": "redo"}
>>> standing([play, draw, undo])
Standing(done=((1, {'type': 'play'}),), undone=((2, {'type': 'draw'}),))
>>> effective_actions([play, draw, undo, redo]) == [play, draw]
True
>>> can_redo([play, undo, draw])  # a new action forgets what was undone
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

#: the type of a journal's events: dicts as the JSON decoder gives them (in a damaged
#: journal, any JSON value: one that is not an object is an action the replay refuses)
E = TypeVar("E")


@dataclass(frozen=True)
class Standing(Generic[E]):
    """The state of undo and redo after a journal's events: ``done``, the actions that
    stand, oldest first; ``undone``, the actions taken back and not put back, the next
    to redo last. Each is ``(number, event)``, ``number`` counting the journal's events
    from 1 (the undo and redo events included), to name an event that does not apply."""

    done: tuple[tuple[int, E], ...]
    undone: tuple[tuple[int, E], ...]

    @property
    def actions(self) -> list[E]:
        """The events of the actions that stand, oldest first."""
        return [event for _, event in self.done]


def kind_of(event: object) -> object:
    """An event's ``"type"`` (None for an event that is not a JSON object)."""
    return event.get("type") if isinstance(event, Mapping) else None


def standing(events: Sequence[E]) -> Standing[E]:
    """Which of ``events`` stand and which were taken back (see the module docstring).
    Linear in the number of events."""
    done: list[tuple[int, E]] = []
    undone: list[tuple[int, E]] = []
    for number, event in enumerate(events, start=1):
        kind = kind_of(event)
        if kind == "undo":
            if done:
                undone.append(done.pop())
        elif kind == "redo":
            if undone:
                done.append(undone.pop())
        else:
            done.append((number, event))
            undone.clear()
    return Standing(tuple(done), tuple(undone))


def effective_actions(events: Sequence[E]) -> list[E]:
    """The actions that stand after undo and redo, oldest first."""
    return standing(events).actions


def can_undo(events: Sequence[object]) -> bool:
    """Whether an undo would take something back."""
    return bool(standing(events).done)


def can_redo(events: Sequence[object]) -> bool:
    """Whether a redo would put something back."""
    return bool(standing(events).undone)


__all__ = ["Standing", "can_redo", "can_undo", "effective_actions", "kind_of", "standing"]
