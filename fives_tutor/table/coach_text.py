"""What the coach says, in the active language: one line about a play that gave points
away, the summaries at the end of a hand and of the match, a lesson for each kind of
mistake (with the ``fives learn`` lesson that covers it), and ``fives games review``'s
list of moves. Every figure comes from a :class:`~fives_tutor.tutor.coach.Judgement`."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import FivesError
from ..packs.loader import command_name
from ..render.sentences import points_phrase
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


def reason_text(judged: Judgement) -> str:
    """Why the best play was better, as one sentence without its full stop."""
    t = current()
    facts = {"play": t.notation(judged.play), "best": t.notation(judged.best), "cost": about_points(judged.cost),
             "points": points_phrase(judged.points), "best_points": points_phrase(judged.best_points),
             "most": points_phrase(judged.most), "tile": t.notation(judged.best.partition("@")[0])}
    kind = judged.kind
    if kind == "points":
        if judged.points:
            return _("{play} scored {points}; {best} would have scored {best_points} now, and was worth {cost} "
                     "more to the end of the hand").format(**facts)
        return _("{play} scored nothing; {best} would have scored {best_points} now, and was worth {cost} more "
                 "to the end of the hand").format(**facts)
    if kind == "reply":
        if judged.points:
            return _("{play} scored {points} but left {most} for the next player; {best} was worth {cost} "
                     "more").format(**facts)
        return _("{play} left {most} for the next player; {best} was worth {cost} more").format(**facts)
    if kind == "heavy":
        return _("{play} kept the heavier {tile} in your hand for the count at the end of the hand; {best} was "
                 "worth {cost} more").format(**facts)
    if kind == "block":
        return _("{play} left the next player something to play; after {best} they would more often have had "
                 "nothing, and it was worth {cost} more").format(**facts)
    if kind == "suits":
        return _("after {play} you keep fewer numbers to match the ends; {best} was worth {cost} more").format(**facts)
    if kind == "match":
        # the cost is mostly what the engine counts a match won or lost (300 points): no figure
        return _("{play} lowered your chances of winning the match; {best} was the play for the match").format(
            **facts)
    return _("{best} works out better than {play} over the rest of the hand, though not in the points of this "
             "turn: it was worth {cost} more").format(**facts)


def coach_line(judged: Judgement) -> str:
    """The coach's line about an inaccuracy or a mistake."""
    if judged.verdict == "mistake":
        return _("Coach (mistake): {reason}.").format(reason=reason_text(judged))
    return _("Coach (inaccuracy): {reason}.").format(reason=reason_text(judged))


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
    """One of the costliest moves: where, what, its mark, its cost and the best play."""
    t = current()
    if judged.kind == "match":
        return _("hand {hand}: {play} ({verdict}, the match); best was {best}").format(
            hand=t.number(judged.hand), play=t.notation(judged.play), verdict=verdict_word(judged.verdict),
            best=t.notation(judged.best))
    return _("hand {hand}: {play} ({verdict}, {cost}); best was {best}").format(
        hand=t.number(judged.hand), play=t.notation(judged.play), verdict=verdict_word(judged.verdict),
        cost=about_points(judged.cost), best=t.notation(judged.best))


def summary_lines(summary: Summary, rules, lesson_ids: Sequence[str], hand: int | None = None,
                  remarks: Sequence[Judgement] = ()) -> list[str]:
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
        lines.append("  " + coach_line(judged))
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


def review_line(judged: Judgement) -> str:
    """One move in ``fives games review`` (under its hand): which move of the hand, the
    play, its mark and, when it gave points away, what was best and why."""
    t = current()
    where = _("Move {move}, {play}").format(move=t.number(judged.ply + 1), play=t.notation(judged.play))
    if judged.level == "forced":
        return _("{where}: best (the only play).").format(where=where)
    if judged.verdict == "best":
        return _("{where}: best.").format(where=where)
    if judged.verdict == "fine":
        return _("{where}: fine ({cost} from {best}).").format(where=where, cost=about_points(judged.cost),
                                                               best=t.notation(judged.best))
    return _("{where}: {verdict}: {reason}.").format(where=where, verdict=verdict_word(judged.verdict),
                                                     reason=reason_text(judged))


__all__ = ["LESSONS", "about_points", "coach_line", "costliest_line", "lesson_ids", "lesson_line", "lesson_text",
           "reason_text", "review_line", "summary_lines", "verdict_counts", "verdict_word"]
