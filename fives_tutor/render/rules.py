"""Rule packs as text in the active language: the pack list, every parameter of a
pack, and the rules that differ between packs side by side (simulated comparisons:
:mod:`fives_tutor.render.study`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import RuleSet
from ..study.stats import Estimate
from ..text.i18n import _, current, named, ngettext
from ..text.table import table
from ..text.width import wrap
from ..text.wrap import terminal_width, wrap_block
from .describe import describe


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
    columns = terminal_width()
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


def render_compare(packs: Sequence[RuleSet], headline: bool = False) -> str:
    """A side-by-side table of the parameters that differ; with ``headline``, first a
    line for each pack after the first: how many rules it changes, and how to see what
    they do at the table (a simulated comparison has headlines of its own)."""
    code = current().code
    found = differences(packs)
    lines = []
    if headline:
        for index, rules in enumerate(packs[1:], start=1):
            count = sum(1 for _key, _label, values in found if values[index] != values[0])
            if count:
                text = ngettext("{pack} changes {count} rule of {first}; add --matches N to see what it changes "
                                "at the table.",
                                "{pack} changes {count} rules of {first}; add --matches N to see what they change "
                                "at the table.", count)
            else:
                text = _("{pack} has the same rules as {first}.")
            lines.append(wrap_block(text.format(pack=named(rules.id), first=named(packs[0].id),
                                                count=current().number(count))))
        lines.append("")
    lines += [wrap_block(_("{pack}: {name}").format(pack=rules.id, name=rules.name(code))) for rules in packs]
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
    if estimate.low < 0:
        # "-21.5–-8.5" reads as a subtraction: with a negative end the interval is said in words
        return _("{mean} ({low} to {high})").format(mean=show(estimate.mean), low=show(estimate.low),
                                                    high=show(estimate.high))
    return _("{mean} ({low}–{high})").format(mean=show(estimate.mean), low=show(estimate.low), high=show(estimate.high))
