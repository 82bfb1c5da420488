"""Personal puzzles: every inaccuracy and mistake the coach found in the learner's own
games (``fives play`` matches, and ``fives table`` matches where their hand was followed)
becomes a puzzle of its own: "in your match of 3 December you played 5|1@5; find the
better play".

:func:`harvest` reads the saved games that changed since it last read them (the newest
:data:`RECENT` matches), takes the judgements saved during play (or judges the plays of
a followed hand that has none, as ``fives games review`` does) and keeps each play
marked ``inaccuracy`` or ``mistake`` with what the player knew then: the hand's history,
their tiles, the scores. A personal puzzle is answered right when the coach would mark
the answer ``best`` or ``fine`` (:func:`fives_tutor.tutor.coach.judge_situation`, the
same deals as the judgement of the game), and comes back on the FSRS schedule.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, NamedTuple

from ..core.names import SAVED_YOU, YOU
from ..core.tiles import parse_hand
from ..engine import Situation, format_history, parse_history
from ..errors import FivesError
from ..packs.loader import rules_from_data
from ..text.i18n import _
from ..tutor.coach import history_of, judge_situation, judged_plays, scores_for
from .journal import Journal, default_path
from .progress import Progress
from .puzzle_progress import add_personal, mark_read, read_stamp

#: the newest saved matches read for personal puzzles
RECENT = 20


class Personal(NamedTuple):
    """A personal puzzle: its ``id``, the ``rules`` it was played under (a
    :class:`~fives_tutor.core.rules.RuleSet`), and its ``data``: ``players``, ``lead``,
    ``history`` (the hand so far, line format), ``hand``, ``scores`` (the player's side
    first), ``played`` (the play made then), ``best`` (the coach's), ``cost``, ``verdict``,
    ``kind``, ``match`` (the saved match's id), ``date`` (ISO time the match was played),
    ``hand_number``, ``ply``, ``seat``, ``name`` (the player's as the match saved it,
    and ``named`` when it was typed and is one of the words for "you": see
    :func:`shown_name`) and ``rules_data``."""

    id: str
    rules: Any
    data: dict


def harvest(progress: Progress, journal_path: str | None = None,
            on_progress: Callable[[int, int], None] | None = None) -> int:
    """Read the saved games at ``journal_path`` (default: the journal of ``fives table``
    and ``fives play``) for new personal puzzles; returns how many were added. A game
    that cannot be read is left out; a journal that cannot be opened adds none."""
    path = journal_path or default_path()
    if not os.path.isfile(path):
        return 0
    added = 0
    try:
        journal = Journal(path, readonly=True)
    except FivesError:
        return 0
    try:
        try:
            matches = journal.matches()[:RECENT]
        except FivesError:
            return 0  # saved games that cannot be read: the puzzles go on without them
        real = os.path.realpath(path)
        for number, info in enumerate(matches):
            source = f"{real}#{info.id}#{info.created}"
            if read_stamp(progress, source) == info.updated:
                continue
            try:
                events = journal.events(info.id)
                rules = rules_from_data(info.rules_data, info.rules_path)
                if not any(event.get("type") == "hand" for event in events):
                    mark_read(progress, source, info.updated)
                    continue
                for state, judged in judged_plays(rules, info.names, info.teams, events):
                    if not judged.speaks:
                        continue
                    seat = judged.seat
                    data = {"players": state.players, "lead": "first" if state.hand_number == 1 else "later",
                            "history": format_history(history_of(state)),
                            "hand": " ".join(map(str, state.followed.known or ())),
                            "scores": list(scores_for(state, seat)), "played": judged.play, "best": judged.best,
                            "cost": judged.cost, "verdict": judged.verdict, "kind": judged.kind, "match": info.id,
                            "date": info.created, "hand_number": judged.hand, "ply": judged.ply, "seat": seat,
                            "name": info.saved_names[seat], "rules_id": rules.id, "rules_data": info.rules_data,
                            "rules_path": info.rules_path, "judgement": judged.to_dict()}
                    if seat != info.unnamed and info.names[seat] in SAVED_YOU:
                        data["named"] = True  # typed, not the word for "you" (shown_name)
                    identity = f"{info.id}:{info.created}:{judged.hand}:{judged.ply}"
                    added += add_personal(progress, identity, rules.id, data)
            except FivesError:
                pass
            mark_read(progress, source, info.updated)
            if on_progress is not None:
                on_progress(number + 1, len(matches))
    finally:
        journal.close()
    return added


def shown_name(data: dict) -> str:
    """The name of the player of a personal puzzle as shown: the word for "you" that a
    practice match saves for a learner who gave no name
    (:data:`~fives_tutor.core.names.YOU`, or an older fives-tutor's word of the language
    of the day) in the active language, as the saved match is read
    (:func:`fives_tutor.store.journal.shown_names`); a name typed as it was typed."""
    name = data["name"]
    return _(YOU) if name in SAVED_YOU and data.get("named") is not True else name


def load(identity: str, data: dict) -> Personal | None:
    """A kept personal puzzle's rules and data checked; None when it cannot be used (a
    damaged entry, or rules that no longer validate)."""
    keys: dict[str, type | tuple[type, ...]] = {"players": int, "lead": str, "history": str, "hand": str, "scores": list, "played": str, "best": str,
            "cost": (int, float), "verdict": str, "match": int, "date": str, "hand_number": int, "ply": int,
            "seat": int, "name": str, "rules_id": str, "rules_data": dict, "rules_path": str}
    for key, kind in keys.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            return None
    if data["lead"] not in ("first", "later") or not all(isinstance(s, int) for s in data["scores"]):
        return None
    try:
        rules = rules_from_data(data["rules_data"], data["rules_path"])
    except FivesError:
        return None
    return Personal(identity, rules, data)


def situation_of(personal: Personal):
    """What the player knew then (:class:`~fives_tutor.engine.Situation`), with the
    scores as the coach weighed them. Raises :class:`~fives_tutor.errors.FivesError` when
    it cannot be rebuilt."""
    data = personal.data
    history = parse_history(data["history"], personal.rules, data["players"])
    hand = parse_hand(data["hand"], personal.rules.max_pips)
    return Situation.from_history(history, hand, personal.rules, tuple(data["scores"]), data["lead"])


def judge_answer(personal: Personal, situation, play):
    """The coach's judgement of ``play`` (a :class:`~fives_tutor.core.plays.Play`) in the
    personal puzzle: the same deals as the judgement of the game. Right when it is marked
    ``best`` or ``fine``."""
    data = personal.data
    return judge_situation(situation, play, data["hand_number"], data["ply"], data["seat"])


__all__ = ["RECENT", "Personal", "harvest", "judge_answer", "load", "shown_name", "situation_of"]
