"""What ``fives puzzle`` says, in the active language: a puzzle's position, the hint
that names its theme, the figures and the coach's reasons after an answer, the rating,
and the statistics with the rating's history as a small chart.

The reasons are the coach's own sentences (:func:`fives_tutor.table.coach_text.reason_text`
and its lessons), made from the puzzle's stored figures when shown: they follow the
learner's language and any improvement of the coach's words.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.layout import Layout
from ..core.plays import board_position
from ..engine.names import WIN_VALUE
from ..render.board_art import draw, draw_hand
from ..render.chart import Series, line_chart, ltr_lines, x_ticks
from ..render.sentences import inferred, points_phrase
from ..store.ratings import START_RATING
from ..text.i18n import _, current, ngettext, pgettext
from ..text.table import table
from ..tutor.lessons import quit_words
from .coach_text import lesson_text, reason_text

#: the themes' names (``fives puzzle --theme``)
THEME_NAMES = {
    "finish": lambda: _("the exact finish"),
    "match": lambda: _("play for the match"),
    "spinner": lambda: _("set up the spinner"),
    "partner": lambda: _("your partner's ends"),
    "block": lambda: _("block a number"),
    "giveback": lambda: _("give nothing back"),
    "heavy": lambda: _("shed heavy tiles"),
    "suits": lambda: _("keep your numbers"),
    "endgame": lambda: _("the endgame, solved"),
    "lookahead": lambda: _("think ahead"),
}

#: the coach's kind of mistake whose lesson is the hint of a theme
_LESSON_OF = {"match": "match", "block": "block", "giveback": "reply", "heavy": "heavy", "suits": "suits"}


def theme_name(theme: str) -> str:
    """A theme's name in the active language."""
    return THEME_NAMES[theme]()


def theme_hint(theme: str) -> str:
    """The hint of a puzzle: its theme named, and the coach's lesson for it."""
    if theme in _LESSON_OF:
        advice = lesson_text(_LESSON_OF[theme])
    else:
        advice = {
            "finish": lambda: _("Look at the scores: one play reaches the target now, and under an exact target a "
                                "score that would pass it counts nothing."),
            "spinner": lambda: _("A double that spins opens new ends: think of the totals it lets you make next."),
            "partner": lambda: _("Leave ends that your partner, who plays after the next player, can score on."),
            "endgame": lambda: _("Every tile's place is known: play the rest of the hand out in your head, turn by "
                                 "turn."),
            # the coach's lesson for this kind says "ask hint", which a puzzle cannot offer
            "lookahead": lambda: _("Look past this turn: for each play, think what the next player can answer and "
                                   "what you can play after that."),
        }[theme]()
    return _("Hint: {theme}. {advice}").format(theme=theme_name(theme), advice=advice)


def scores_line(scores: Sequence[int], target: int | None, weighed: bool) -> str:
    """The scores, the player's side first, and the target."""
    t = current()
    shown = t.join(t.number(s) for s in scores)
    if target is None:
        return _("Scores: {scores} (yours first).").format(scores=shown)
    if weighed:
        return _("Scores: {scores} (yours first); the match is to {target}, and it is near.").format(
            scores=shown, target=t.number(target))
    return _("Scores: {scores} (yours first); the match is to {target}.").format(scores=shown,
                                                                                target=t.number(target))


def position_lines(situation, scores: Sequence[int], target: int | None, weighed: bool, style: str = "plain",
                   width: int | None = None) -> list[str]:
    """What the player to move sees: the table, their tiles, the other hands' sizes and
    the boneyard, what the history showed, and the scores."""
    t = current()
    rules = situation.rules
    position = board_position(situation.board, rules)
    lines = []
    if position.is_empty:
        lines.append(_("The table is empty: you lead."))
    else:
        if isinstance(situation.board, Layout):
            lines.append(draw(situation.board, style, width))
        lines.append(_("Open ends: {ends}").format(ends=t.notation(str(position))))
    lines.append(_("Your tiles: {tiles}").format(tiles=draw_hand(situation.hand, style)))
    counts = tuple(situation.opponents or (situation.next_hand,))
    boneyard = max(0, len(situation.unseen) - sum(counts))
    if len(counts) == 1:
        lines.append(ngettext("Your opponent holds {count} tile; the boneyard has {boneyard}.",
                              "Your opponent holds {count} tiles; the boneyard has {boneyard}.",
                              counts[0]).format(count=t.number(counts[0]), boneyard=t.number(boneyard)))
    else:
        lines.append(_("Tiles in the other hands, from the next player on: {counts}; the boneyard has "
                       "{boneyard}.").format(counts=t.join(t.number(c) for c in counts),
                                             boneyard=t.number(boneyard)))
    partners = situation.players == 4 and rules.players.partnerships_with_four
    history = inferred(tuple(situation.shown), situation.players, partners)
    if history:
        lines.append(_("From the history: {facts}.").format(facts=history))
    lines.append(scores_line(scores, target, weighed))
    return lines


def header_line(number: int, count: int, pack: str, players: int, rating: float | None) -> str:
    """``Puzzle 3 of 10 · dominos-cc, 2 players · rated 1540`` (a personal puzzle: no rating)."""
    t = current()
    head = ngettext("Puzzle {number} of {count}", "Puzzle {number} of {count}", count).format(
        number=t.number(number), count=t.number(count))
    seats = ngettext("{count} player", "{count} players", players).format(count=t.number(players))
    if rating is None:
        return f"{head} · {t.notation(pack)}{t.comma}{seats}"
    return _("{head} · {pack}, {players} · rated {rating}").format(head=head, pack=t.notation(pack), players=seats,
                                                                 rating=t.number(round(rating)))


def question_line() -> str:
    """The prompt of a puzzle."""
    return _("Your play (as at the table, such as {example}; ? for a hint, {quit} to stop): ").format(
        example=current().notation("6|4@6"), quit=quit_words()[0])


def personal_intro(data: dict) -> str:
    """Where a personal puzzle comes from: the match, the hand, and the play made then."""
    from ..store.personal import shown_name  # start-up: the engine loads with personal puzzles only

    t = current()
    name = shown_name(data)
    return _("From your match {id} of {date}, hand {hand}: {name} played {play} here. Find a better play.").format(
        id=t.number(data["match"]), date=t.moment(data["date"]), hand=t.number(data["hand_number"]),
        name=t.notation(name) if name.isascii() else name, play=t.notation(data["played"]))


def verdict_line(solved: bool, answer: str) -> str:
    """Right, or the answer."""
    t = current()
    if solved:
        return _("Right! {play} is the best play here.").format(play=t.notation(answer))
    return _("Not this time: the best play is {play}.").format(play=t.notation(answer))


def plays_table(ranked: Sequence, answer: str, chosen: str | None, level: str,
                samples: int, match: bool = False) -> tuple[list[str], list[str]]:
    """Every play with its points now and its value to the end of the hand (± one
    standard error), the answer marked ✓ and the learner's play marked ←: the table's
    lines (they fit by themselves), and the notes on what the values mean (prose, to
    wrap; ``match``: the puzzle weighs the match, whose worth in points is said)."""
    t = current()
    rows = []
    for item in ranked:
        notation = item.play.notation
        value = t.number(item.value, decimals=1)
        if level != "exact":
            value = f"{value} ± {t.number(item.stderr, decimals=1)}"
            if item.raced_out:  # why it stands below a play of lower value
                value = _("{value}, left the race").format(value=value)
        mark = "✓" if notation == answer else ("←" if notation == chosen else "")
        rows.append((mark, t.notation(notation), points_phrase(item.play.points), value))
    lines = table(rows, header=("", pgettext("a move", "Play"), _("Now"), _("Value"))).split("\n")
    notes: list[str] = []
    if level == "exact":
        notes.append(_("Value: the point difference to the end of the hand with best play on both sides (proven)."))
    else:
        notes.append(ngettext("Value: the average point difference to the end of the hand, and near the target the "
                              "match, over {samples} deal of the hidden tiles (± one standard error).",
                              "Value: the average point difference to the end of the hand, and near the target the "
                              "match, over {samples} deals of the hidden tiles (± one standard error).",
                              samples).format(samples=t.number(samples)))
        if match:  # near the target a value of -190 is no count of pips: say what makes it
            notes.append(_("Near the target a deal that ends the match counts as the match alone, {bonus} points "
                           "won or lost whatever the margin: that is most of these values, and of the points "
                           "in the reason.").format(bonus=t.number(WIN_VALUE)))
        if any(item.raced_out for item in ranked):
            notes.append(_("A play that left the race fell clearly behind early: it is ranked below those played "
                           "to the end, its value measured on fewer deals."))
    return lines, notes


def reason_lines(reason, mine) -> list[str]:
    """The coach's reasons: why the answer beats the most points now, and what the
    learner's own play gave away when it was another."""
    lines = [_("Why: {reason}.").format(reason=reason_text(reason))]
    if mine is not None:
        lines.append(_("Your play: {reason}.").format(reason=reason_text(mine)))
    return lines


def rating_line(before: float, after: float, rd: float) -> str:
    """``Your rating: 1512 → 1530 (± 210).``"""
    t = current()
    return _("Your rating: {before} {arrow} {after} (± {rd}).").format(
        before=t.number(round(before)), arrow=t.arrow, after=t.number(round(after)), rd=t.number(round(rd)))


def chart(values: Sequence[float], width: int, height: int = 6) -> list[str]:
    """A small chart of ``values`` (the rating after each answer, oldest first) at most
    ``width`` cells wide and ``height`` rows high, the answers along the bottom: the
    club's line chart (:func:`fives_tutor.render.chart.line_chart`), kept left to right
    in a right-to-left language (:func:`~fives_tutor.render.chart.ltr_lines`: time runs
    left to right in every language, and the axis stays beside its labels)."""
    t = current()
    if not values:
        return []
    points = [(float(k), value) for k, value in enumerate(values, start=1)]
    ticks = x_ticks(1, len(points), max(4, width - 8), t.number)
    return ltr_lines(line_chart([Series("•", points)], width, height, ticks, lambda y: t.number(round(y)),
                                x_range=(1.0, float(len(points)))))


def stats_lines(answers: Sequence, rating, personal: int, width: int) -> list[tuple[str, bool]]:
    """``fives puzzle --stats``: the rating with its deviation, its history as a chart,
    the answers, and the themes that cost the most (the rating points lost on each); each
    line with whether it is prose to wrap (the chart's lines are not)."""
    t = current()
    rated = [a for a in answers if a.puzzle_rating > 0]
    solved = sum(1 for a in answers if a.solved)
    shown = [(_("Your puzzle rating: {rating} ± {rd}.").format(rating=t.number(round(rating.rating)),
                                                                rd=t.number(round(rating.rd))), True)]
    if not answers:
        shown.append((_("No puzzle answered yet: fives puzzle serves one at your level."), True))
    else:
        shown.append((ngettext("{count} answer, {solved} right.", "{count} answers, {solved} right.",
                               len(answers)).format(count=t.number(len(answers)), solved=t.number(solved)), True))
    if len(rated) >= 2:
        shown.append((_("Your rating after each rated answer:"), True))
        shown += [(line, False) for line in chart([a.rating for a in rated], width)]
    costs = theme_costs(answers)
    if costs:
        shown.append((_("The themes that cost you the most:"), True))
        for theme, lost, missed, count in costs[:3]:
            shown.append(("  " + ngettext("{theme}: {missed} of {count} missed, {lost} rating point lost",
                                          "{theme}: {missed} of {count} missed, {lost} rating points lost",
                                          round(lost)).format(theme=theme_name(theme), missed=t.number(missed),
                                                              count=t.number(count), lost=t.number(round(lost))),
                          True))
    if personal:
        shown.append((ngettext("{count} puzzle from your own games is kept.",
                               "{count} puzzles from your own games are kept.", personal).format(
            count=t.number(personal)), True))
    return shown


def theme_costs(answers: Sequence) -> list[tuple[str, float, int, int]]:
    """The themes the learner missed, each with the rating points lost on its rated
    answers, the misses and the answers, the costliest first."""
    by_theme: dict[str, list[float]] = {}
    previous = START_RATING
    for answer in answers:
        entry = by_theme.setdefault(answer.theme, [0.0, 0, 0])
        entry[2] += 1
        if not answer.solved:
            entry[1] += 1
        if answer.puzzle_rating > 0:
            if answer.rating < previous:
                entry[0] += previous - answer.rating
            previous = answer.rating
    found = [(theme, lost, int(missed), int(count)) for theme, (lost, missed, count) in by_theme.items()
             if missed and theme in THEME_NAMES]
    return sorted(found, key=lambda item: (-item[1], -item[2], item[0]))


__all__ = ["THEME_NAMES", "chart", "header_line", "personal_intro", "plays_table", "position_lines", "question_line",
           "rating_line", "reason_lines", "scores_line", "stats_lines", "theme_costs", "theme_hint", "theme_name",
           "verdict_line"]
