"""Results as JSON-ready dictionaries: stable keys, ASCII digits, whatever the language.

These are the shapes that ``--json`` and ``--batch`` print (``docs/notation.md``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.tiles import ascii_digits

if TYPE_CHECKING:  # types only: scoring a position must not import the engine
    from ..core.plays import Play
    from ..core.position import Position, Reading
    from ..core.rules import RuleSet
    from ..core.scoring import Collection
    from ..engine import RankedPlay
    from ..engine.reasons import Reason


def position_summary(position: Position, rules: RuleSet) -> dict:
    """``{"total", "points", "ends"}`` of a position."""
    total = position.total(rules)
    return {"total": total, "points": rules.scoring.points_for(total), "ends": str(position)}


def reading_report(reading: Reading | None) -> dict | None:
    """How a position was read: ``None`` when it was taken as written, else ``written``
    (the text as typed), ``spinners`` (the doubles read as spinners) and ``arms`` (the
    empty arms added), in canonical notation."""
    if reading is None or not reading.changed:
        return None

    return {"written": ascii_digits(reading.written).strip(), "spinners": [f"{p}|{p}" for p in reading.spinners],
            "arms": [f"{p}*" for p in reading.arms]}


def score_report(position: Position, play: Play | None, rules: RuleSet, reading: Reading | None = None) -> dict:
    """What ``fives score`` prints: the position after the play (or as it stands), ``before``
    and ``reading`` (how the position was read, see :func:`reading_report`)."""
    before = position_summary(position, rules)
    if play is None:
        result = dict(before)
        result["play"] = None
    else:
        result = {"total": play.total, "points": play.points, "ends": str(play.after), "play": play.notation}
        if play.layout is not None:
            result["layout"] = str(play.layout)
    result["before"] = before
    result["reading"] = reading_report(reading)
    result["rules"] = rules.id
    return result


def play_report(play: Play) -> dict:
    """One play: ``tile``, ``end``, ``total``, ``points``, ``ends`` (after) and ``play`` (in full)."""
    return {"tile": str(play.tile), "end": play.end, "total": play.total, "points": play.points,
            "ends": str(play.after), "play": play.notation}


def moves_report(position: Position, plays: Sequence[Play], rules: RuleSet, reading: Reading | None = None,
                 lead: str = "first") -> dict:
    """What ``fives moves`` prints: every legal play, best first, how the position was
    read, and which hand of the match a lead is for (``lead``: the pack's lead rule
    decides the leads offered)."""
    return {"position": str(position), "reading": reading_report(reading), "moves": [play_report(p) for p in plays],
            "rules": rules.id, "lead": lead}


def ranked_report(ranked: RankedPlay, facts: Sequence[Reason] = ()) -> dict:
    """A ranked play: the play's keys plus ``value``, ``reply`` and ``scoring_replies``,
    ``credited`` (the points the match credits now), ``wins`` (the play wins the match),
    ``overshoot`` (null, or the ``target`` the points would pass and the score ``before``
    and ``after``) and ``reasons``: the facts said of it (kind and figures, as
    :mod:`fives_tutor.engine.reasons` gives them)."""
    result = play_report(ranked.play)
    over = ranked.overshoot
    result.update({"value": round(ranked.value, 4), "reply": round(ranked.reply, 4),
                   "scoring_replies": ranked.scoring_replies, "unseen": ranked.unseen,
                   "stderr": round(ranked.stderr, 4), "proven": ranked.proven,
                   "end_swing": round(ranked.end_swing, 4) if ranked.swing_known else None,
                   "samples": ranked.samples, "raced_out": ranked.raced_out, "forced": ranked.forced,
                   "credited": ranked.credited, "wins": ranked.wins,
                   "overshoot": None if over is None else {"target": over.target, "before": over.before,
                                                           "after": over.after}})
    if ranked.factors:
        result["factors"] = {name: round(value, 4) for name, value in ranked.factors}
    result["reasons"] = [fact.to_dict() for fact in facts]
    return result


def shown_report(shown) -> list[dict]:
    """What a history showed: ``player`` (seats from the player asking: 1 is the next
    player), ``kind`` (``passed``, ``drew``, ``led``, ``style``), ``numbers`` then open,
    ``count`` drawn (for a style: the plays it was read from), ``tile`` led; a style adds
    ``style`` (``greedy``, ``defensive``, ``expert``) and its ``probability``."""
    result = []
    for s in shown:
        item = {"player": s.player, "kind": s.kind, "numbers": list(s.numbers), "count": s.count,
                "tile": str(s.tile) if s.tile is not None else None}
        if s.kind == "style":
            item.update({"style": s.style, "probability": round(s.chance, 4)})
        result.append(item)
    return result


def best_report(position: Position, ranked: Sequence[RankedPlay], level: str, rules: RuleSet,
                reading: Reading | None = None, lead: str = "first", shown=(),
                facts: Mapping[str, Sequence[Reason]] | None = None) -> dict:
    """What ``fives best`` prints: ``best`` (or null when no tile fits), ``moves`` ranked,
    how the position was read, the ``level`` used, which hand of the match a lead is for
    (``lead``) and what the history showed (``inferred``)."""
    moves = [ranked_report(r, (facts or {}).get(r.play.notation, ())) for r in ranked]
    return {"position": str(position), "reading": reading_report(reading), "best": moves[0] if moves else None,
            "moves": moves, "level": level, "rules": rules.id, "lead": lead, "inferred": shown_report(shown)}


def count_report(collection: Collection, rules: RuleSet) -> dict:
    """What ``fives count`` prints: each opponent's ``pips`` and ``rounded`` (where each is
    rounded on their own: after the winner's pips come off, where the pack takes them
    off), the ``combined`` pips and what is collected of them (``rounded``),
    ``winner_pips`` and ``points``: the same numbers as the text."""
    return {
        "opponents": [{"pips": o.pips, "rounded": o.rounded} for o in collection.opponents],
        "combined": {"pips": collection.combined_pips,
                     "rounded": collection.collected_pips if collection.mode != "none" else None},
        "winner_pips": collection.winner_pips,
        "collect": collection.mode,
        "rounding": collection.rounding,
        "points": collection.points,
        "rules": rules.id,
    }
