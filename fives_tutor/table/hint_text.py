"""What ``hint`` says, short and in full (``hint more``), and the table of plays that
``hint more`` and ``fives games review`` share.

Everything comes from the one analysis of the decision
(:func:`fives_tutor.tutor.coach.analyse_state`): the coach judges the play made on the
same analysis, so what ``hint`` says of a play is what the coach and the review say of it
if it is played (:func:`judgement_from`, whose mark and words :mod:`coach_text` gives).
The facts about each play and the reasons one play beats another are those of
:mod:`fives_tutor.engine.reasons`, each checked against the position.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.plays import Play
from ..engine.judge import Analysis
from ..engine.levels import Situation
from ..engine.names import WIN_VALUE
from ..engine.reasons import play_facts
from ..render.reasons import reason_text, replies_text
from ..render.sentences import inferred, no_play_advice, points_phrase
from ..text.i18n import _, current, ngettext
from ..text.wrap import terminal_width, wrap_lines
from ..tutor.coach import Alternative, Judgement, judgement_from
from .coach_text import interval_text, mark_text, verdict_word
from .review_text import alternatives_table, why_lines

#: the most rows ``hint`` takes by default
SHORT_ROWS = 2


def nothing_fits(situation: Situation, width: int) -> list[str]:
    """What ``hint`` says when no tile fits: what the pack has the player do."""
    return wrap_lines(_("No tile of yours fits: {advice}").format(advice=no_play_advice(situation.rules)), width)


def fact_text(situation: Situation, play: Play, who: str | None) -> str:
    """The one fact that matters of ``play`` on its own: that it wins the match, goes out,
    or what the next player can reply (counting only the tiles they can hold); "" for
    none."""
    facts = play_facts(situation, play)
    for kind in ("wins", "goes_out"):
        found = next((f for f in facts if f.kind == kind), None)
        if found is not None:
            return reason_text(found, who)
    replies = next((f for f in facts if f.kind == "replies"), None)
    return replies_text(replies, who) if replies is not None else ""


def if_played(situation: Situation, analysis: Analysis, play: Play) -> Judgement:
    """How the coach would judge ``play`` on this analysis (what the review would say)."""
    return judgement_from(situation, analysis, play)


def short_lines(situation: Situation, analysis: Analysis, who: str | None = None, names: Sequence[str] | None = None,
                width: int | None = None) -> list[str]:
    """``hint``: one or two rows that fit ``width``. The best play, what it leaves and its
    points; the next best play's mark as the coach would give it played (how far behind
    with its interval, or equal within the noise); and the one reason that matters: why
    the best beats it, else what the best leaves the next player. What does not fit in
    :data:`SHORT_ROWS` rows is left out, least needed first (``hint more`` says
    everything)."""
    t = current()
    width = width or terminal_width()
    if not analysis.plays:
        return nothing_fits(situation, width)
    best = analysis.best.play
    head = _head(best)
    plain = _("Best: {play} → {ends}, {points}.").format(**head)
    fact = fact_text(situation, best, who)
    options: list[list[str]] = []
    if len(analysis.plays) == 1:
        options.append([_("Best: {play} → {ends}, {points}; {fact}.").format(fact=_alone(analysis), **head)])
    else:
        runner = analysis.plays[1]
        judged = if_played(situation, analysis, runner.play)
        second = t.notation(runner.play.notation)
        if judged.speaks:
            first = _("Best: {play} → {ends}, {points}; {other}: {verdict}, {cost} behind ({interval}).").format(
                other=second, verdict=verdict_word(judged.verdict), cost=t.number(judged.cost, decimals=1),
                interval=interval_text(judged.interval), **head)
            why = [_("Why: {reason}.").format(reason=reason_text(r, who)) for r in judged.reasons[:1]]
            if fact:
                why.append(_("After {play}: {fact}.").format(play=head["play"], fact=fact))
            why.append(_("hint more says why."))
            options += [[first, line] for line in why]
        else:
            mark = _("{play}: {mark}.").format(play=second, mark=mark_text(judged, names))
            if fact:
                options.append([_("Best: {play} → {ends}, {points}; {fact}.").format(fact=fact, **head), mark])
            options.append([plain, mark])
    if fact:
        options.append([_("Best: {play} → {ends}, {points}; {fact}.").format(fact=fact, **head)])
    options.append([plain])
    for lines in options:
        rows = [row for line in lines for row in wrap_lines(line, width, hanging="  ")]
        if len(rows) <= SHORT_ROWS:
            return rows
    return wrap_lines(plain, width, hanging="  ")


def _head(best: Play) -> dict[str, str]:
    """The best play's parts as the lines that name it show them: the play, the ends it
    leaves, its points now."""
    t = current()
    return {"play": t.notation(best.notation), "ends": t.notation(best.after), "points": points_phrase(best.points)}


def _alone(analysis: Analysis) -> str:
    """Why the one play of ``analysis`` is the only one."""
    return _("the lead rule leaves no other play") if analysis.best.ranked.forced else _("it is the only play")


def plays_table(analysis: Analysis, width: int | None = None) -> str:
    """The plays of the analysis as the review's table (:func:`~fives_tutor.table.review_text.alternatives_table`),
    best first, each with the mark the coach gives it played."""
    return alternatives_table([Alternative.of(v) for v in analysis.plays], None, analysis.level == "monte-carlo",
                              width)


def footer(analysis: Analysis) -> str:
    """What the figures of :func:`plays_table` mean, in this analysis (the match is
    spoken of only where some deal ended it)."""
    t = current()
    if analysis.level == "exact":
        return _("Values: the point difference to the end of the hand with best play on both sides (proven); "
                 "behind: the difference to the best play.")
    if analysis.level == "forced":
        return ""
    text = ngettext("Values: the average point difference to the end of the hand over {samples} deal of the "
                    "hidden tiles (± one standard error); behind: the difference to the best play on the same "
                    "deals (± two standard errors). A play is marked an inaccuracy or a mistake only where it is "
                    "further behind than that.",
                    "Values: the average point difference to the end of the hand over {samples} deals of the "
                    "hidden tiles (± one standard error); behind: the difference to the best play on the same "
                    "deals (± two standard errors). A play is marked an inaccuracy or a mistake only where it is "
                    "further behind than that.", analysis.samples).format(samples=t.number(analysis.samples))
    if any(v.win for v in analysis.plays):
        text += " " + _("Where a deal ended the match, the match counted {bonus} points more.").format(
            bonus=t.number(WIN_VALUE))
    return text


def more_lines(situation: Situation, analysis: Analysis, who: str | None = None, names: Sequence[str] | None = None,
               width: int | None = None) -> list[str]:
    """``hint more``: every play in a table with its value, how far behind the best and
    its mark; what each play leaves the next player; every reason the best beats the next
    best; what the history showed; and what the figures mean."""
    t = current()
    width = width or terminal_width()
    if not analysis.plays:
        return nothing_fits(situation, width)
    best = analysis.best.play
    head = _head(best)
    if len(analysis.plays) == 1:  # nothing was valued: a table would show the points now as a value
        lines = wrap_lines(_("Best: {play} → {ends}, {points}; {fact}.").format(fact=_alone(analysis), **head), width)
    else:
        lines = wrap_lines(_("Best play: {play} → {ends}, {points}.").format(**head), width)
        lines += plays_table(analysis, width).split("\n")
    for valued in analysis.plays:
        fact = fact_text(situation, valued.play, who)
        if fact:
            lines += wrap_lines(_("After {play}: {fact}.").format(play=t.notation(valued.play.notation), fact=fact),
                                width, indent="  ", hanging="    ")
    if len(analysis.plays) > 1:
        runner = analysis.plays[1]
        judged = if_played(situation, analysis, runner.play)
        if judged.reasons:
            lines += why_lines(best.notation, runner.play.notation, judged.reasons, who, width)
    partners = situation.players == 4 and situation.rules.players.partnerships_with_four
    history = inferred(situation.shown + situation.styles_shown(), situation.players, partners)
    if history:
        lines += wrap_lines(_("From the history: {facts}.").format(facts=history), width)
    note = footer(analysis)
    if note:
        lines += wrap_lines(note, width)
    return lines


__all__ = ["SHORT_ROWS", "fact_text", "nothing_fits", "footer", "if_played", "more_lines", "plays_table", "short_lines"]
