"""A simulated comparison of packs as text in the active language: the figures side by
side with their paired differences, a verdict per row, a bar per row for the
difference and its interval, and the points-per-play histograms on one axis.

Every line fits the terminal: widths are measured in terminal cells (display width,
:mod:`fives_tutor.text.width`), not characters. A chart whose left and right mean
something (the difference bars, two packs back to back) is drawn left to right in
every language; the bars of one pack's histogram run the way the language reads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..study.compare import Difference, Finding, Study, findings
from ..study.stats import Estimate
from ..text.bidi import ltr_line
from ..text.i18n import LRM, RLM, _, current, ngettext
from ..text.table import table
from ..text.width import ljust, rjust
from ..text.width import width as display_width
from ..text.wrap import terminal_width, wrap_lines
from .rules import interval as shown

#: how each row is shown: (decimals, shown as a percentage)
FORMATS = {
    "play_points": (1, False), "end_points": (1, False), "blocked": (1, True), "plays": (1, False),
    "hands": (2, False), "plays_per_match": (1, False), "minutes_per_match": (1, False),
    "first_leader_wins": (1, True), "skill": (1, True),
}
#: glyphs of the packs in a grouped histogram, in pack order
GLYPHS = ("█", "▓", "▒", "░")


def _pad(text: str, width: int, right: bool = False) -> str:
    return rjust(text, width) if right else ljust(text, width)


def _chart_line(text: str) -> str:
    """A chart whose left and right mean something (a number line, two packs back to
    back), drawn left to right in a right-to-left language too: the line holds no
    right-to-left letter, and is a left-to-right line (:func:`fives_tutor.text.bidi.ltr_line`:
    a left-to-right mark first and the whole line in a left-to-right embedding, which
    the marking of Persian lines and ``--bidi visual`` leave left to right)."""
    return ltr_line(text) if current().rtl else text


def _flowing_line(text: str) -> str:
    """A chart line that runs the way the language reads (bars by the points they
    scored), as the other charts of fives-tutor do."""
    return RLM + text if current().rtl else text


def _ltr(text: str) -> str:
    """A name (a pack id, a level) kept left to right inside a right-to-left sentence."""
    return f"{LRM}{text}{LRM}" if current().rtl else text


def _duels(study: Study) -> tuple[tuple[Estimate, ...], str]:
    """The better player's win rate under each pack and that player's level, for a
    study that played skill duels (its rows include ``skill``); ValueError otherwise."""
    if study.skill is None or study.level is None:
        raise ValueError("the study played no skill duels")
    return study.skill, study.level


def _figure(study: Study, row: str, pack: int) -> Estimate:
    """Pack number ``pack``'s figure for ``row``, one of ``study.rows()``."""
    estimate = study.estimate(row, pack)
    if estimate is None:  # only skill has none, and rows() lists it only after duels
        raise ValueError(f"the study has no figure for {row}")
    return estimate


def label(row: str, study: Study) -> str:
    """The row's name in the active language."""
    if row == "skill":
        return _("The better player ({level}) beats greedy").format(level=_ltr(_duels(study)[1]))
    return {
        "play_points": _("Points per hand from play"),
        "end_points": _("Points per hand from hand ends"),
        "blocked": _("Hands blocked"),
        "plays": _("Plays per hand"),
        "hands": _("Hands per match"),
        "plays_per_match": _("Plays per match"),
        "minutes_per_match": _("Minutes per match"),
        "first_leader_wins": _("First leader's side wins the match"),
    }[row]


def value(row: str, amount: float, signed: bool = False) -> str:
    """One number of ``row`` in the active language (a share as a percentage);
    ``signed``: a difference with its sign (+ or −, one left-to-right run in a
    right-to-left language: :meth:`fives_tutor.text.i18n.Translator.signed`)."""
    t = current()
    decimals, percent = FORMATS[row]
    if signed:
        return t.signed(amount, decimals, percent)
    if round(amount * (100 if percent else 1), decimals) == 0:
        amount = 0.0  # no "-0.0"
    return t.percent(amount, decimals) if percent else t.number(amount, decimals=decimals)


def interval(row: str, estimate: Estimate) -> str:
    """``62.4 (60.3–64.5)``: a figure with its 95% interval, as ``row`` is shown."""
    decimals, percent = FORMATS[row]
    return shown(estimate, decimals, percent)


def signed_interval(row: str, estimate: Estimate) -> str:
    """``−0.1 (−0.4 to +0.2)``: a difference with its 95% interval, signs shown."""
    return _("{mean} ({low} to {high})").format(mean=value(row, estimate.mean, True),
                                                low=value(row, estimate.low, True),
                                                high=value(row, estimate.high, True))


def _magnitudes(row: str, estimate: Estimate) -> dict:
    """The size of a detected difference and its interval's ends, without signs."""
    ends = sorted((abs(estimate.low), abs(estimate.high)))
    return {"amount": value(row, abs(estimate.mean)), "low": value(row, ends[0]), "high": value(row, ends[1])}


def verdict_line(difference: Difference, study: Study, pack: int) -> str:
    """One plain sentence: whether pack ``pack`` differs from the first in this row, and by how much."""
    row, estimate = difference.name, difference.estimate
    name, first = _ltr(study.names[pack]), _ltr(study.names[0])
    if row == "skill":
        return skill_line(difference, study, pack)
    if difference.verdict == "none":
        return _("{label}: no detectable difference (the interval runs from {low} to {high}).").format(
            label=label(row, study), low=value(row, estimate.low, True), high=value(row, estimate.high, True))
    more = difference.verdict == "more"
    sentences = {
        "play_points": (_("{pack} scores {amount} more points a hand in play ({low}–{high})."),
                        _("{pack} scores {amount} fewer points a hand in play ({low}–{high}).")),
        "end_points": (_("{pack} gives {amount} more points a hand at hand ends ({low}–{high})."),
                       _("{pack} gives {amount} fewer points a hand at hand ends ({low}–{high}).")),
        "blocked": (_("{amount} more of the hands under {pack} ({low}–{high})."),
                    _("{amount} fewer of the hands under {pack} ({low}–{high}).")),
        "plays": (_("{pack} has {amount} more plays a hand ({low}–{high})."),
                  _("{pack} has {amount} fewer plays a hand ({low}–{high}).")),
        "hands": (_("{pack} longer by {amount} hands ({low}–{high})."),
                  _("{pack} shorter by {amount} hands ({low}–{high}).")),
        "plays_per_match": (_("{pack} longer by {amount} plays a match ({low}–{high})."),
                            _("{pack} shorter by {amount} plays a match ({low}–{high}).")),
        "minutes_per_match": (_("{pack} longer by {amount} minutes a match ({low}–{high})."),
                              _("{pack} shorter by {amount} minutes a match ({low}–{high}).")),
        "first_leader_wins": (_("{amount} more of the matches under {pack} ({low}–{high}): a bigger edge for "
                                "the first lead than under {first}."),
                              _("{amount} fewer of the matches under {pack} ({low}–{high}): a smaller edge for "
                                "the first lead than under {first}.")),
    }
    template = sentences[row][0 if more else 1]
    return _("{label}: {verdict}").format(label=label(row, study), verdict=template.format(
        pack=name, first=first, **_magnitudes(row, estimate)))


def skill_line(difference: Difference, study: Study, pack: int) -> str:
    """The role of skill in one line: the better player's win rate under both packs."""
    name, first = _ltr(study.names[pack]), _ltr(study.names[0])
    rates = _duels(study)[0]
    rate, base = value("skill", rates[pack].mean), value("skill", rates[0].mean)
    if difference.verdict == "none":
        text = _("under {pack} the better player wins {rate}, under {first} {base}: no detectable difference "
                 "in skill (the interval of the difference runs from {low} to {high}).")
    elif difference.verdict == "more":
        text = _("under {pack} the better player wins {rate} instead of {base}: more skill (a difference of "
                 "{difference}).")
    else:
        text = _("under {pack} the better player wins {rate} instead of {base}: less skill, more luck (a "
                 "difference of {difference}).")
    estimate = difference.estimate
    return _("Skill: {verdict}").format(verdict=text.format(
        pack=name, first=first, rate=rate, base=base, difference=signed_interval("skill", estimate),
        low=value("skill", estimate.low, True), high=value("skill", estimate.high, True)))


def phrase(finding: Finding) -> str:
    """One finding of a headline in words: ``matches 8 minutes shorter``, ``a little
    more scoring``, ``more luck: the better player wins 62% instead of 67%``; a
    difference that is not clear of the noise is "about the same"."""
    t = current()
    if finding.aspect == "length":
        if finding.direction == "same":
            return _("matches about as long")
        minutes = round(finding.amount)
        longer = finding.direction == "more"
        if minutes == 0:
            return _("matches less than a minute longer") if longer else _("matches less than a minute shorter")
        if longer:
            return ngettext("matches {count} minute longer", "matches {count} minutes longer",
                            minutes).format(count=t.number(minutes))
        return ngettext("matches {count} minute shorter", "matches {count} minutes shorter",
                        minutes).format(count=t.number(minutes))
    if finding.aspect == "scoring":
        return {
            ("same", ""): _("about as much scoring"),
            ("more", "little"): _("a little more scoring"), ("more", ""): _("more scoring"),
            ("more", "much"): _("much more scoring"),
            ("less", "little"): _("a little less scoring"), ("less", ""): _("less scoring"),
            ("less", "much"): _("much less scoring"),
        }[(finding.direction, finding.size if finding.direction != "same" else "")]
    rates = {"rate": t.percent(finding.value, 0), "base": t.percent(finding.base, 0)}
    if finding.direction == "more":
        return _("more luck: the better player wins {rate} instead of {base}").format(**rates)
    if finding.direction == "less":
        return _("more skill: the better player wins {rate} instead of {base}").format(**rates)
    return _("about as much luck")


def headline(study: Study, pack: int) -> str:
    """What pack ``pack`` changes against the first, in the words a club acts on:
    ``matches 8 minutes shorter, a little more scoring, more luck: the better player
    wins 62% instead of 67%``: only what is clear of the noise (a difference whose
    95% interval holds zero is "about the same")."""
    return current().comma.join(phrase(finding) for finding in findings(study, pack))


def headlines(study: Study, width: int | None = None, under: Mapping[int, list[str]] | None = None) -> list[str]:
    """The first lines of a comparison: each pack against the first in one sentence
    (:func:`headline`), wrapped to ``width`` cells; ``under[k]``, lines that follow
    pack ``k``'s (what each of its changes does alone: :func:`each_line`)."""
    width = width or terminal_width()
    lines: list[str] = []
    for pack in range(1, len(study.names)):
        lines += _wrap(_("{pack} against {first}: {headline}.").format(
            pack=_ltr(study.names[pack]), first=_ltr(study.names[0]), headline=headline(study, pack)), width,
            hanging="  ")
        lines += (under or {}).get(pack, [])
    return lines


def each_line(rule: str, value: str, study: Study, pack: int, width: int | None = None) -> list[str]:
    """One changed rule played alone against the first pack (``rules compare --each``),
    in one sentence: ``Match target alone (100 points): matches 6 minutes shorter, ...``,
    indented under the headline of the pack it comes from."""
    width = width or terminal_width()
    return _wrap(_("{rule} alone ({value}): {headline}.").format(rule=rule, value=value,
                                                                   headline=headline(study, pack)),
                 width, indent="  ", hanging="  ")


def each_failed(key: str, reason: str, width: int | None = None) -> list[str]:
    """A changed rule that cannot be played alone (it needs another change beside it),
    with the reason, indented as :func:`each_line`."""
    return _wrap(_("{rule} cannot be played alone: {reason}").format(rule=_ltr(key), reason=reason),
                 width or terminal_width(), indent="  ", hanging="  ")


def render_study(study: Study, matches: int, players: int, seed: str, strategy: str,
                 with_headlines: bool = True) -> str:
    """The whole comparison: with several packs its headlines first (unless
    ``with_headlines`` is False: ``rules compare`` prints them above the rules), the
    figures table, the verdicts, the difference bars and the points-per-play
    histograms."""
    t = current()
    width = terminal_width()
    first_lines = headlines(study, width) + [""] if with_headlines and len(study.names) > 1 else []
    strategy_words = {"greedy": _("greedy players (most points now)"), "random": _("players choosing at random"),
                      "defensive": _("defensive players (points now minus the expected reply)"),
                      "expert": _("expert players (published strategy)"),
                      "monte-carlo": _("Monte Carlo players (each move played out over deals of the hidden tiles)"),
                      "auto": _("Monte Carlo players, exact where every tile is known")}
    simulated = ngettext("Simulated {matches} match per pack, {players} players, seed {seed}, {strategy}.",
                         "Simulated {matches} matches per pack, {players} players, seed {seed}, {strategy}.",
                         matches)
    lines = first_lines + _wrap(simulated.format(matches=t.number(matches), players=t.number(players),
                                                 seed=t.typed(seed), strategy=strategy_words[strategy]), width)
    several = len(study.names) > 1
    if several:
        lines += _wrap(_("Every pack played the same deals, so each difference is paired by match: "
                         "match by match the deal is the same and only the rules differ."), width)
    lines.append("")
    header = [""] + list(study.names)
    if several:
        header += [_("{pack} − {first}").format(pack=name, first=study.names[0]) for name in study.names[1:]]
    rows = []
    for row in study.rows():
        cells = [label(row, study)]
        cells += [interval(row, _figure(study, row, pack)) for pack in range(len(study.names))]
        for found in study.differences:
            difference = next(d for d in found if d.name == row)
            cells.append(signed_interval(row, difference.estimate))
        rows.append(cells)
    lines.append(table(rows, header=header, columns=width))
    notes = [_("Means with their 95% confidence intervals; hands are counted when finished.")]
    notes.append(_("Minutes at {seconds} seconds a play (change it with --seconds-per-play).").format(
        seconds=t.number(study.seconds_per_play, decimals=0 if study.seconds_per_play == int(study.seconds_per_play)
                         else 1)))
    if "skill" in study.rows():
        notes.append(_("Skill: {level} against greedy on the same deals, each deal played with the seats "
                       "swapped.").format(level=_ltr(_duels(study)[1])))
    if several:
        notes.append(_("A difference of two percentages is in percentage points."))
    for note in notes:
        lines += _wrap(note, width)
    for pack, found in enumerate(study.differences, start=1):
        lines.append("")
        lines.append(_("{pack} against {first}:").format(pack=_ltr(study.names[pack]), first=_ltr(study.names[0])))
        for difference in found:
            lines += _wrap(verdict_line(difference, study, pack), width, indent="  ", hanging="  ")
        lines.append("")
        lines += difference_bars(study, pack, width)
    lines.append("")
    lines += histograms(study, width)
    return "\n".join(lines)


def _wrap(text: str, width: int, indent: str = "", hanging: str = "") -> list[str]:
    """Prose wrapped at word boundaries to ``width`` cells (display width); later lines
    indented by ``hanging`` more."""
    return wrap_lines(text, max(20, width), indent=indent, hanging=indent + hanging) or [""]


def difference_bar(estimate: Estimate, width: int) -> str:
    """The difference on a scale centred on zero: ``━`` the 95% interval, ``●`` the
    estimate, ``┼`` zero (``╋`` where the interval covers it), ``─`` the rest.
    The scale runs from minus to plus the interval's farther end; the bar takes
    ``width`` cells, one less when ``width`` is even (zero sits in the middle cell)."""
    reach = max(abs(estimate.low), abs(estimate.high), abs(estimate.mean)) or 1.0
    width = max(3, width if width % 2 else width - 1)  # odd: zero has a middle cell

    def cell(x: float) -> int:
        return min(width - 1, max(0, round((x + reach) / (2 * reach) * (width - 1))))

    chars = ["─"] * width
    for index in range(cell(estimate.low), cell(estimate.high) + 1):
        chars[index] = "━"
    zero = cell(0.0)
    chars[zero] = "╋" if chars[zero] == "━" else "┼"
    chars[cell(estimate.mean)] = "●"
    return "".join(chars)


def difference_bars(study: Study, pack: int, width: int) -> list[str]:
    """A bar per row for pack ``pack`` less the first: the row's name, then its bar and
    numbers. The bar is a number line, minus on the left in every language; in a
    right-to-left language its numbers (with a word, «تا») go on the row's name line,
    which reads right to left, and the bar's line holds the bar alone."""
    rtl = current().rtl
    lines = _wrap(_("{pack} − {first}, each row on its own scale around zero (┼): ━ the 95% interval, "
                    "● the estimate.").format(pack=_ltr(study.names[pack]), first=_ltr(study.names[0])), width)
    for difference in study.differences[pack - 1]:
        numbers = signed_interval(difference.name, difference.estimate)
        bar_width = max(11, min(41, width - 4 - (0 if rtl else display_width(numbers) + 1)))
        estimate = difference.estimate
        decimals, percent = FORMATS[difference.name]
        reach = max(abs(estimate.low), abs(estimate.high)) * (100 if percent else 1)
        if round(reach, decimals) == 0:
            estimate = Estimate(0.0, 0.0, 0.0, estimate.n)  # nothing the numbers beside it can show
        if rtl:
            lines += _wrap(_("{label}: {numbers}").format(label=label(difference.name, study), numbers=numbers),
                           width, indent="  ", hanging="  ")
            lines.append(_chart_line("    " + difference_bar(estimate, bar_width)))
        else:
            lines.append("  " + label(difference.name, study))
            lines.append(_chart_line("    " + difference_bar(estimate, bar_width) + " " + numbers))
    return lines


def histograms(study: Study, width: int) -> list[str]:
    """Points per play under every pack on one axis: back to back for two packs, bars
    side by side for one or more than two."""
    counts = [summary.points_per_play for summary in study.summaries]
    if len(counts) == 2:
        return _back_to_back(study, counts, width)
    return _grouped(study, counts, width)


def _shares(counts: Sequence[dict]) -> tuple[list[int], list[dict]]:
    points = sorted({p for c in counts for p in c})
    shares = []
    for c in counts:
        total = sum(c.values()) or 1
        shares.append({p: c.get(p, 0) / total for p in points})
    return points, shares


def _bar(share: float, biggest: float, width: int, glyph: str = "█") -> str:
    length = round(width * share / biggest) if biggest else 0
    return glyph * max(1 if share > 0 else 0, length)


def _back_to_back(study: Study, counts: Sequence[dict], width: int) -> list[str]:
    t = current()
    points, shares = _shares(counts)
    biggest = max(max(s.values(), default=0) for s in shares) or 1.0
    numbers = [t.number(p) for p in points]
    inner = max(display_width(n) for n in numbers)
    middle = inner + 4  # "│ " + the points + " │"
    percents = [[t.percent(s[p]) for p in points] for s in shares]
    side_text = max(display_width(x) for column in percents for x in column) + 1
    bar = max(5, min(30, (width - middle - 4 - 2 * side_text) // 2))
    half = side_text + bar
    lines = _wrap(_("Points per play in the middle, and the share of plays that scored them ({left} on the left, "
                    "{right} on the right):").format(left=_ltr(study.names[0]), right=_ltr(study.names[1])), width)
    lines.append(_chart_line(_pad(study.names[0], half, right=True) + " │ " + " " * inner + " │ " + study.names[1]))
    for index, number in enumerate(numbers):
        left = _pad(_bar(shares[0][points[index]], biggest, bar), bar, right=True)
        right = _bar(shares[1][points[index]], biggest, bar)
        percent = _pad(percents[0][index], side_text - 1, right=True)
        centre = _pad(number, inner, right=True)
        lines.append(_chart_line(f"{percent} {left} │ {centre} │ {right} {percents[1][index]}".rstrip()))
    return lines


def _grouped(study: Study, counts: Sequence[dict], width: int) -> list[str]:
    t = current()
    points, shares = _shares(counts)
    biggest = max(max(s.values(), default=0) for s in shares) or 1.0
    numbers = [t.number(p) for p in points]
    label_width = max(display_width(n) for n in numbers)
    several = len(shares) > 1
    bar = max(10, min(40, width - label_width - 12))
    if several:
        legend = "  ".join(f"{GLYPHS[k % len(GLYPHS)]} {name}" for k, name in enumerate(study.names))
        lines = _wrap(_("Points per play, share of plays:"), width) + [_flowing_line("  " + legend)]
    else:
        lines = [_("Points per play, {pack}:").format(pack=_ltr(study.names[0]))]
    for index, number in enumerate(numbers):
        for k, share in enumerate(shares):
            shown = _pad(number, label_width, right=True) if k == 0 else " " * label_width
            glyph = GLYPHS[k % len(GLYPHS)]
            lines.append(_flowing_line(f"  {shown} {_bar(share[points[index]], biggest, bar, glyph)} "
                                       f"{t.percent(share[points[index]])}"))
    return lines


__all__ = ["difference_bar", "each_failed", "each_line", "headline", "headlines", "histograms", "interval", "phrase", "render_study",
           "signed_interval", "verdict_line"]
