"""What the coach says, in the active language: one line about a play that gave points
away, the summaries at the end of a hand and of the match, a lesson for each kind of
mistake (with the ``fives learn`` lesson that covers it), and ``fives games review``'s
list of moves. Every figure comes from a :class:`~fives_tutor.tutor.coach.Judgement`."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import FivesError
from ..packs.loader import command_name
from ..render.reasons import interval_text
from ..render.reasons import reason_text as say
from ..text.i18n import _, current, ngettext
from ..tutor.coach import LESSONS, Judgement, Summary, lesson_for
from ..tutor.lessons import load_lessons


def verdict_word(verdict: str) -> str:
    """``best``, ``fine``, ``inaccuracy`` or ``mistake`` in the active language."""
    return {"best": _("best"), "fine": _("fine"), "inaccuracy": _("inaccuracy"), "mistake": _("mistake")}[verdict]


def about_points(cost: float) -> str:
    """``about 6.5 points``."""
    t = current()
    return ngettext("about {cost} point", "about {cost} points", max(2, round(cost))).format(
        cost=t.number(cost, decimals=1))


def next_name(judged: Judgement, names: Sequence[str] | None) -> str | None:
    """The name of the player after the judged one (whom the reasons speak of), if known."""
    if not names:
        return None
    return names[(judged.seat + 1) % len(names)]


def reason_text(judged: Judgement, names: Sequence[str] | None = None) -> str:
    """Why the best play was better, as one clause without its full stop: the first of
    the judgement's reasons, each a fact checked against the position
    (:mod:`fives_tutor.engine.reasons`); ``names`` the players, to name the next one."""
    reason = judged.reason
    if reason is None:
        return _("{best} was the engine's choice").format(best=current().notation(judged.best))
    return say(reason, next_name(judged, names))


def within_noise(best: str, cost: float, interval: float) -> str:
    """``equal within the noise (1|3@1 about 8.8 points better, ± 6.0)``: what ``hint``,
    the coach and the review say of a play whose cost the sampling cannot tell from zero."""
    return _("equal within the noise ({best} {cost} better, {interval})").format(
        best=current().notation(best), cost=about_points(cost), interval=interval_text(interval))


#: the reasons that carry their own figure (the line gives no "worth about N points more")
_OWN_FIGURE = ("search", "match_chances", "wins_now", "gives_win")


def why_worse(judged: Judgement, names: Sequence[str] | None = None) -> str:
    """Why a play marked an inaccuracy or a mistake was worse, as the coach and the review
    say it: how much the best play was worth more, with its interval, and the reason
    (:func:`reason_text`; a reason that carries its own figure is said alone)."""
    reason = reason_text(judged, names)
    if judged.reason is not None and judged.reason.kind in _OWN_FIGURE:
        return reason
    return _("{best} was worth {cost} more ({interval}): {reason}").format(
        best=current().notation(judged.best), cost=about_points(judged.cost), interval=interval_text(judged.interval),
        reason=reason)


def coach_line(judged: Judgement, names: Sequence[str] | None = None) -> str:
    """The coach's line about a play: for an inaccuracy or a mistake, how much the best
    play was worth more, with its interval, and why; for a play that is fine only within
    the noise of the sampling, that it is equal within the noise; else ""."""
    t = current()
    if judged.within_noise:
        return _("Coach: {play} is fine, {noise}.").format(
            play=t.notation(judged.play), noise=within_noise(judged.best, judged.cost, judged.interval))
    if not judged.speaks:
        return ""
    reason = why_worse(judged, names)
    if judged.verdict == "mistake":
        return _("Coach (mistake): {reason}.").format(reason=reason)
    return _("Coach (inaccuracy): {reason}.").format(reason=reason)


def lesson_text(kind: str) -> str:
    """The one-line lesson of a kind of mistake."""
    return {
        "points": _("Count every end before you play: the points you can make now are the surest."),
        "reply": _("Look at the total you leave: one the next player can make a multiple of five is a gift."),
        "heavy": _("Shed heavy tiles and doubles early: the pips left in your hand are what the winner collects."),
        "block": _("Read the table: a player who drew or passed has none of the numbers then open; play to "
                   "those."),
        "suits": _("Keep a variety of numbers in your hand, so that you can answer whatever the ends become."),
        "match": _("Near the target, play for the match: the points that win it count more than any others."),
        "lookahead": _("Some plays only show their worth later in the hand: when in doubt, ask hint and compare."),
    }[kind]


def lesson_line(kind: str, rules, lesson_ids: Sequence[str]) -> str:
    """The lesson of a kind of mistake, and the ``fives learn`` command for the lesson of
    the pack that covers it, where one does."""
    text = lesson_text(kind)
    lesson = lesson_for(kind, lesson_ids)
    if lesson is None:
        return text

    command = f"fives learn {lesson}" + ("" if rules.id == "dominos-cc" else f" --rules {command_name(rules)}")
    return _("{lesson} See {command}.").format(lesson=text, command=command)


def verdict_counts(counts: dict) -> str:
    """``6 best, 1 fine, 1 inaccuracy, 1 mistake`` (verdicts with none left out)."""
    t = current()
    words = {
        "best": lambda n: ngettext("{n} best", "{n} best", n),
        "fine": lambda n: ngettext("{n} fine", "{n} fine", n),
        "inaccuracy": lambda n: ngettext("{n} inaccuracy", "{n} inaccuracies", n),
        "mistake": lambda n: ngettext("{n} mistake", "{n} mistakes", n),
    }
    return t.comma.join(words[name](n).format(n=t.number(n)) for name, n in counts.items() if n)


def costliest_line(judged: Judgement) -> str:
    """One of the costliest moves: where (hand and move), what, its mark, its cost and
    the best play (a play that cost chances of the match: no figure, the match's worth
    to the engine is no points)."""
    t = current()
    move = judged.move or judged.ply + 1
    if judged.kind == "match":
        return _("hand {hand}, move {move}: {play} ({verdict}, the match); best was {best}").format(
            hand=t.number(judged.hand), move=t.number(move), play=t.notation(judged.play),
            verdict=verdict_word(judged.verdict), best=t.notation(judged.best))
    return _("hand {hand}, move {move}: {play} ({verdict}, {cost}); best was {best}").format(
        hand=t.number(judged.hand), move=t.number(move), play=t.notation(judged.play),
        verdict=verdict_word(judged.verdict), cost=about_points(judged.points_cost), best=t.notation(judged.best))


def summary_lines(summary: Summary, rules, lesson_ids: Sequence[str], hand: int | None = None,
                  remarks: Sequence[Judgement] = (), names: Sequence[str] | None = None) -> list[str]:
    """The coach's summary of a hand (``hand``: its number) or of the match (None): the
    plays judged and their marks, the points lost to inaccuracies and mistakes, the
    ``remarks`` not said during play (the coach at ``end``), the three costliest moves,
    and a lesson per kind of mistake."""
    t = current()
    if not summary.judged:
        return []
    lost = t.number(summary.lost, decimals=1)
    marks = verdict_counts(summary.counts)
    if hand is not None:
        head = ngettext("Coach, hand {number}: {count} play of yours judged ({marks}); points lost to inaccuracies "
                        "and mistakes: {lost}.", "Coach, hand {number}: {count} plays of yours judged ({marks}); "
                        "points lost to inaccuracies and mistakes: {lost}.", summary.judged).format(
            number=t.number(hand), count=t.number(summary.judged), marks=marks, lost=lost)
    else:
        head = ngettext("Coach, the match: {count} play of yours judged ({marks}); points lost to inaccuracies and "
                        "mistakes: {lost}.", "Coach, the match: {count} plays of yours judged ({marks}); points "
                        "lost to inaccuracies and mistakes: {lost}.", summary.judged).format(
            count=t.number(summary.judged), marks=marks, lost=lost)
    lines = [head]
    if summary.match:
        lines.append("  " + ngettext("{count} play cost you chances to win the match.",
                                     "{count} plays cost you chances to win the match.", summary.match).format(
            count=t.number(summary.match)))
    for judged in remarks:
        lines.append("  " + coach_line(judged, names))
    if summary.costliest and not remarks:
        lines.append("  " + _("The costliest moves:"))
        lines += ["    " + costliest_line(judged) for judged in summary.costliest]
    for kind in summary.kinds:
        lines.append("  " + lesson_line(kind, rules, lesson_ids))
    return lines


def lesson_ids(rules) -> list[str]:
    """The ids of the ``fives learn`` lessons of ``rules`` in the active language (none
    when they cannot be read)."""
    try:
        return [lesson.id for lesson in load_lessons(rules, current().code)]
    except (FivesError, OSError):
        return []


def mark_text(judged: Judgement, names: Sequence[str] | None = None) -> str:
    """A judged play's mark and what it rests on, as the review says it: ``best (the only
    play)``, ``best``, ``fine, equal within the noise (...)``, ``fine (0.8 points from
    5|3@3)``, or for an inaccuracy or a mistake its cost with its interval and why."""
    t = current()
    if judged.level == "forced":
        return _("best (the only play)")
    if judged.verdict == "best":
        return _("best")
    if judged.within_noise:
        return _("fine, {noise}").format(noise=within_noise(judged.best, judged.cost, judged.interval))
    if judged.verdict == "fine":
        return _("fine ({cost} from {best})").format(cost=about_points(judged.cost), best=t.notation(judged.best))
    reason = why_worse(judged, names)
    return _("{verdict}: {reason}").format(verdict=verdict_word(judged.verdict), reason=reason)


def review_line(judged: Judgement, names: Sequence[str] | None = None) -> str:
    """One move in a list of moves: which play of the hand, the play, its mark and, when
    it gave points away, what was best and why."""
    t = current()
    where = _("Move {move}, {play}").format(move=t.number(judged.move or judged.ply + 1), play=t.notation(judged.play))
    return _("{where}: {mark}.").format(where=where, mark=mark_text(judged, names))


__all__ = ["LESSONS", "about_points", "coach_line", "costliest_line", "interval_text", "lesson_ids", "lesson_line",
           "lesson_text", "mark_text", "next_name", "reason_text", "review_line", "summary_lines", "verdict_counts",
           "verdict_word", "why_worse", "within_noise"]
