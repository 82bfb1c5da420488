"""Rule packs and simulation results as text in the active language: the pack list,
every parameter of a pack, side-by-side tables and a small bar chart."""

from __future__ import annotations

import shutil
from typing import Sequence

from .describe import describe
from .i18n import _, current, ngettext
from .rules import RuleSet
from .simulate import Summary
from .stats import Estimate
from .text.table import table
from .text.width import rjust, width, wrap


def render_list(packs: Sequence[tuple[str, RuleSet | None, str, str | None]]) -> str:
    """The pack list: id, name in the active language, and where it comes from."""
    origin = {"builtin": _("built in"), "user": _("your packs folder"), "file": _("file")}
    rows = []
    for pack_id, rules, kind, error in packs:
        name = rules.name(current().code) if rules is not None else _("cannot be read: {error}").format(error=error)
        rows.append((pack_id, name, origin[kind]))
    return table(rows, header=(_("Pack"), _("Name"), _("From")))


def render_show(rules: RuleSet) -> str:
    """Every parameter of a pack in words, with its name, summary and source."""
    code = current().code
    columns = shutil.get_terminal_size((100, 24)).columns
    lines = wrap(f"{rules.name(code)} [{rules.id}]", columns)
    summary = rules.summary(code)
    if summary:
        lines += wrap(current().prose(summary), columns)
    lines += wrap(_("Source: {source}").format(source=rules.source_text(code) or _("not given")), columns)
    if rules.extends:
        lines += wrap(_("Extends: {pack}").format(pack=rules.extends), columns)
    lines.append("")
    lines.append(table([(row.label, row.value) for row in describe(rules)]))
    return "\n".join(lines)


def differences(packs: Sequence[RuleSet]) -> list[tuple[str, str, list[str]]]:
    """The parameters whose words differ between packs: ``(key, label, values)``."""
    described = [describe(rules) for rules in packs]
    rows = []
    for parts in zip(*described):
        values = [row.value for row in parts]
        if len(set(values)) > 1:
            rows.append((parts[0].key, parts[0].label, values))
    return rows


def render_compare(packs: Sequence[RuleSet]) -> str:
    """A side-by-side table of the parameters that differ."""
    from .text.wrap import wrap_block

    code = current().code
    lines = [wrap_block(_("{pack}: {name}").format(pack=rules.id, name=rules.name(code))) for rules in packs]
    found = differences(packs)
    lines.append("")
    if not found:
        lines.append(_("These packs have the same rules."))
    else:
        lines.append(table([[label] + values for _key, label, values in found],
                           header=[_("Rule")] + [rules.id for rules in packs]))
    return "\n".join(lines)


def interval(estimate: Estimate, decimals: int = 1, percent: bool = False) -> str:
    """``62.4 (60.3–64.5)`` in the active language."""
    t = current()
    show = (lambda v: t.percent(v, decimals)) if percent else (lambda v: t.number(v, decimals=decimals))
    return _("{mean} ({low}–{high})").format(mean=show(estimate.mean), low=show(estimate.low), high=show(estimate.high))


def render_statistics(names: Sequence[str], summaries: Sequence[Summary], matches: int, players: int, seed: str,
                      strategy: str) -> str:
    """The simulation's statistics side by side, then a chart of points per play for each pack."""
    from .text.wrap import wrap_block

    t = current()
    strategy_words = {"greedy": _("greedy players (most points now)"), "random": _("players choosing at random"),
                      "defensive": _("defensive players (points now minus the expected reply)"),
                      "expert": _("expert players (published strategy)"),
                      "monte-carlo": _("Monte Carlo players (each move played out over deals of the hidden tiles)"),
                      "auto": _("Monte Carlo players, exact where every tile is known")}
    lines = [ngettext("Simulated {matches} match per pack, {players} players, seed {seed}, {strategy}.",
                      "Simulated {matches} matches per pack, {players} players, seed {seed}, {strategy}.",
                      matches).format(matches=t.number(matches), players=t.number(players), seed=t.typed(seed),
                                      strategy=strategy_words[strategy])]
    if len(names) > 1:
        lines.append(_("Every pack played the same deals."))
    lines = [wrap_block("\n".join(lines))]
    lines.append("")
    metrics = [
        (_("Points per hand from play"), lambda s: interval(s.play_points)),
        (_("Points per hand from hand ends"), lambda s: interval(s.end_points)),
        (_("Hands blocked"), lambda s: interval(s.blocked, percent=True)),
        (_("Hands per match"), lambda s: interval(s.hands, decimals=2)),
        (_("Plays per hand"), lambda s: interval(s.plays)),
        (_("First leader's side wins the match"), lambda s: interval(s.first_leader_wins, percent=True)),
    ]
    lines.append(table([[label] + [show(s) for s in summaries] for label, show in metrics],
                       header=[""] + list(names)))
    lines.append(wrap_block(_("Means with their 95% confidence intervals; hands are counted when finished.")))
    for name, summary in zip(names, summaries):
        lines.append("")
        lines.append(_("Points per play, {pack}:").format(pack=name))
        lines.append(bar_chart(summary.points_per_play))
    return "\n".join(lines)


def bar_chart(counts: dict[int, int], bar_width: int = 40) -> str:
    """A horizontal bar chart of how many plays scored each number of points."""
    t = current()
    total = sum(counts.values()) or 1
    biggest = max(counts.values(), default=1)
    label_width = max((width(t.number(points)) for points in counts), default=1)
    lines = []
    for points, count in counts.items():
        bar = "█" * max(1 if count else 0, round(bar_width * count / biggest))
        # in a right-to-left language the chart runs right to left like the text around it
        lines.append(("\u200f" if t.rtl else "") + f"  {rjust(t.number(points), label_width)} {bar} {t.percent(count / total)}")
    return "\n".join(lines)
