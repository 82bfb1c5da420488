"""A match's story for ``fives games show``: each side's score hand by hand as a chart,
with the hands that decided the match marked under it and named in words.

The chart runs left to right in every language (hands are counted from the left);
each side has its own glyph (:data:`GLYPHS`, no colour), the target is the dotted
rule, and ``▲`` under a hand marks it as one that decided the match
(:func:`fives_tutor.study.club.deciding_hands`).
"""

from __future__ import annotations

from ..study.club import MatchRecord, deciding_hands
from ..text.i18n import _, current, named
from ..text.wrap import display_width, wrap_lines
from .chart import MEETING, Series, line_chart, ltr_lines, x_ticks

#: each side's glyph, in side order
GLYPHS = ("●", "■", "○", "□", "×", "+", "#", "@", "%", "&")
#: the glyph under a hand that decided the match
DECIDED = "▲"
#: rows of the chart's plot
ROWS = 10
#: the widest a chart is drawn, however wide the terminal
WIDTH = 100


def story_lines(record: MatchRecord, width: int) -> list[str]:
    """The story of ``record`` in lines at most ``width`` cells wide (nothing for a
    match without a finished hand)."""
    if not record.hands:
        return []
    t = current()
    width = min(width, WIDTH)
    count = len(record.hands)
    # every side starts at 0 before the first hand: joined to the line, without a glyph
    series = [Series(GLYPHS[side % len(GLYPHS)], [(0.0, 0.0)] + [(float(h), float(hand.totals[side]))
                                                                   for h, hand in enumerate(record.hands, start=1)],
                     marked_from=1)
              for side in range(len(record.scores))]
    top = max([record.target] + [max(hand.totals) for hand in record.hands])
    decided = deciding_hands(record)
    marks = sorted({decided.lead, decided.won}) if decided else []
    label_room = len(t.number(top)) + 2
    ticks = x_ticks(0, count, max(4, width - label_room), t.number)
    chart = line_chart(series, width, ROWS, ticks, lambda y: t.number(round(y)), x_range=(0.0, float(count)),
                       y_range=(0.0, float(top)),
                       rule=float(record.target) if top >= record.target else None,
                       marks=[(float(number), DECIDED) for number in marks])
    lines = wrap_lines(_("The score hand by hand (the hands along the bottom):"), width)
    legend = "   ".join([f"{series[side].glyph} {named(name)}" for side, name in enumerate(record.side_names)]
                         + [_("┄ the target ({target})").format(target=t.number(record.target))])
    if any(MEETING in line for line in chart):
        legend += "   " + _("◆ two sides too close to tell apart")
    lines += [legend] if display_width(legend) <= width else wrap_lines(legend, width)
    lines += ltr_lines(chart)
    if decided is not None:
        winner = named(record.side_names[record.winner]) if record.winner is not None else ""
        if decided.lead == decided.won:
            text = _("▲ The hand that decided the match: hand {won}, in which {side} went ahead and reached "
                     "{target}.")
        else:
            text = _("▲ The hands that decided the match: hand {lead}, after which {side} led to the end, and "
                     "hand {won}, in which {side} reached {target}.")
        lines += wrap_lines(text.format(lead=t.number(decided.lead), won=t.number(decided.won), side=winner,
                                        target=t.number(record.target)), width)
    return lines


__all__ = ["DECIDED", "GLYPHS", "named", "story_lines"]
