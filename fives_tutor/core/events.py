"""The events of a match's journal: what was said at the table, one JSON object each.

A match (``fives table`` or ``fives play``) is kept as the list of its events, oldest
first, and replayed from them (:func:`fives_tutor.core.keeper.replay`); nothing is
ever erased, an ``undo`` takes an action back (:mod:`fives_tutor.core.undo`). The
format is stable: matches saved by earlier versions replay identically.

* ``{"type": "play", "player", "tile", "end", "announced"}``: ``tile`` as the table
  wrote it (``6|3``), ``end`` the open end it went on (``""`` for the lead or the
  only end it fits), ``announced`` the points said under muggins (None: not said);
  ``fives play`` adds ``"coach"``, the coach's judgement of the play.
* ``{"type": "draw", "player", "count"}``; ``"tiles"`` names the tiles drawn, for the
  player whose hand is followed.
* ``{"type": "pass", "player"}``.
* Each of the three may carry ``"corrected": true``: the table named a player other
  than the one the keeper expected, and the turn moves to them.
* ``{"type": "claim", "player", "amount"}``: muggins, ``amount`` optional.
* ``{"type": "pips", "player", "pips"}``: one player's remaining pips at the end of a
  hand, kept until every needed answer is in (``"tiles"`` when given as tiles).
* ``{"type": "hand_end", "pips": [...]}``: every player's remaining pips; the hand is
  scored.
* ``{"type": "hand", "player", "tiles"}``: the tiles one player holds now, given so
  that the keeper follows that hand (:mod:`fives_tutor.core.followed`).
* ``{"type": "undo"}``, ``{"type": "redo"}``.

The classes below spell the format out for the type checker; a journal read from a
file is untrusted until the keeper has checked each field it reads.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

#: an event as the journal stores it and the keeper's history keeps it (its fields
#: were checked when it was applied; see the module docstring for each type's fields)
Event = dict[str, Any]


class _Play(TypedDict):
    type: Literal["play"]
    player: int
    tile: str


class PlayEvent(_Play, total=False):
    """A tile played."""

    end: str
    announced: int | None
    corrected: bool
    coach: dict[str, Any]  # the coach's judgement as JSON (fives_tutor.tutor.coach.Judgement.to_dict)


class _Draw(TypedDict):
    type: Literal["draw"]
    player: int


class DrawEvent(_Draw, total=False):
    """Tiles drawn from the boneyard (one unless ``count`` says more)."""

    count: int
    tiles: str
    corrected: bool


class _Pass(TypedDict):
    type: Literal["pass"]
    player: int


class PassEvent(_Pass, total=False):
    """A player who cannot play passes."""

    corrected: bool


class _Claim(TypedDict):
    type: Literal["claim"]
    player: int


class ClaimEvent(_Claim, total=False):
    """Muggins: points the last player did not announce, claimed by an opponent."""

    amount: int


class _Pips(TypedDict):
    type: Literal["pips"]
    player: int
    pips: int


class PipsEvent(_Pips, total=False):
    """One player's remaining pips at the end of a hand."""

    tiles: str


class HandEndEvent(TypedDict):
    """Every player's remaining pips: the hand is scored."""

    type: Literal["hand_end"]
    pips: list[int]


class HandEvent(TypedDict):
    """The tiles one player holds now: the keeper follows their hand."""

    type: Literal["hand"]
    player: int
    tiles: str


__all__ = ["ClaimEvent", "DrawEvent", "Event", "HandEndEvent", "HandEvent", "PassEvent", "PipsEvent", "PlayEvent"]
