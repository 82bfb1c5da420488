"""Results as sentences in the active language, for people at a table.

Nothing here computes a rule: every number comes from the engine's results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.position import EndKind, Position
from ..core.scoring import Collection, count_position
from ..engine.names import WIN_VALUE
from ..text.i18n import _, current, ngettext
from ..text.wrap import wrap_block

if TYPE_CHECKING:  # types only: scoring a position must not import the engine
    from ..core.plays import Play
    from ..core.position import Reading
    from ..core.rules import RuleSet
    from ..engine import RankedPlay
    from ..engine.reasons import Reason


def points_phrase(points: int) -> str:
    """``15 points``, ``1 point`` or ``no score``."""
    if points == 0:
        return _("no score")
    return ngettext("{n} point", "{n} points", points).format(n=current().number(points))


def count_expression(position: Position, rules: RuleSet) -> str:
    """The count of a position as arithmetic: ``3 + 10 (spinner 5|5) + 2 = 15 → 15 points``."""
    t = current()
    count = count_position(position, rules)
    parts = []
    if position.lone and len(position.ends) == 2:
        parts = [t.number(e.pips) for e in position.ends]
    else:
        for term in count.terms:
            e = term.end
            tile = t.notation(f"{e.pips}|{e.pips}")
            if e.kind == EndKind.PLAIN:
                parts.append(t.number(term.count))
            elif e.kind == EndKind.DOUBLE:
                parts.append(_("{count} (double {tile})").format(count=t.number(term.count), tile=tile))
            elif e.kind == EndKind.SPINNER:
                parts.append(_("{count} (spinner {tile})").format(count=t.number(term.count), tile=tile))
    if not parts:
        parts = [t.number(0)]
    expression = " + ".join(parts)
    if len(parts) > 1:
        expression += " = " + t.number(count.total)
    # In Persian the sum reads right to left like the sentence around it: only the
    # tiles inside it are kept left to right (Translator.notation).
    line = f"{expression} {t.arrow} {points_phrase(count.points)}"
    if rules.scoring.points == "quotient" and count.points:
        shares = [f"{t.number(count.total)} ÷ {t.number(d)} = {t.number(count.total // d)}"
                  for d in rules.scoring.divisors if count.total % d == 0]
        line += " (" + t.join(t.notation(s) for s in shares) + ")"
    return line


def reading_line(reading: Reading | None, rules: RuleSet) -> str | None:
    """One line on how a position was read, when it was completed (pack key
    ``rules.spinner``): ``Read as 3 5|5* 5* 5*: 5|5 is the spinner (the first double
    spins), with its empty arms 5* 5*.``"""
    if reading is None or not reading.changed:
        return None
    t = current()
    n = len(reading.arms)
    arms = t.notation(" ".join(f"{p}*" for p in reading.arms))
    # one spinner or arm, or several: the sentence differs, not a count (no number is
    # shown), so two messages chosen by n == 1, never ngettext (Tagalog's plural rule
    # puts 1, 2 and 3 in one form)
    if reading.spinners:
        tiles = t.comma.join(t.notation(f"{p}|{p}") for p in reading.spinners)
        if rules.spinner.doubles == "every":
            how = (_("{tiles} is a spinner (every double spins)") if len(reading.spinners) == 1
                   else _("{tiles} are spinners (every double spins)")).format(tiles=tiles)
        else:
            how = _("{tiles} is the spinner (the first double spins)").format(tiles=tiles)
        if n:
            how += (_(", with its empty arm {arms}") if n == 1 else _(", with its empty arms {arms}")).format(arms=arms)
    else:
        how = (_("the spinner's empty arm {arms} is added") if n == 1
               else _("the spinner's empty arms {arms} are added")).format(arms=arms)
    return _("Read as {ends}: {how}.").format(ends=t.notation(reading.position), how=how)


def _with_reading(lines: list[str], reading: Reading | None, rules: RuleSet) -> list[str]:
    line = reading_line(reading, rules)
    return ([line] if line else []) + lines


def render_score(position: Position, play: Play | None, rules: RuleSet, reading: Reading | None = None) -> str:
    """The text of ``fives score`` (``reading``: how the position was read)."""
    t = current()
    lines = _with_reading([], reading, rules)
    total = position.total(rules)
    if play is None:
        lines.append(_("Ends: {ends}").format(ends=t.notation(position)))
        lines.append(count_expression(position, rules))
        return _fit("\n".join(lines))
    lines.append(_("Before: {ends} (total {total}, {points})").format(
        ends=t.notation(position), total=t.number(total), points=points_phrase(rules.scoring.points_for(total))))
    lines.append(_("Play: {play}").format(play=t.notation(play.notation)))
    lines.append(_("After: {ends}").format(ends=t.notation(play.after)))
    if play.layout is not None:
        lines.append(_("Layout: {layout}").format(layout=t.notation(play.layout)))
    lines.append(count_expression(play.after, rules))
    if play.index < 0 and not rules.lead.scores:
        lines.append(_("Under these rules the lead does not score."))
    return _fit("\n".join(lines))


def no_play_advice(rules: RuleSet) -> str:
    """What a player does when no tile fits, per pack key ``rules.turn.draw``."""
    draw = rules.turn.draw
    if draw == "until_playable":
        return _("Draw from the boneyard until a tile fits; pass only when the boneyard is empty.")
    if draw == "one":
        return _("Draw one tile from the boneyard; pass if it does not fit.")
    return _("Under these rules nobody draws: pass (knock).")


def lead_rule(rules: RuleSet) -> str:
    """The pack's rule for a forced lead (``rules.lead.first_hand``, which later hands
    follow when they lead as the first), as a phrase."""
    if rules.lead.first_hand == "lowest_double":
        return _("the holder of the lowest double leads it (with no double, the lightest tile)")
    return _("the holder of the highest double leads it (with no double, the heaviest tile)")


def play_line(play: Play) -> str:
    """``2|5@2 → 6 5: total 11, no score``."""
    t = current()
    return _("{play} → {ends}: total {total}, {points}").format(
        play=t.notation(play.notation), ends=t.notation(play.after), total=t.number(play.total),
        points=points_phrase(play.points))


def render_moves(position: Position, plays: Sequence[Play], rules: RuleSet, reading: Reading | None = None,
                 forced: bool = False) -> str:
    """The text of ``fives moves`` (``reading``: how the position was read; ``forced``: the
    lead rule left one lead)."""
    t = current()
    if not plays:
        return _fit("\n".join(_with_reading([_("No tile of this hand fits {ends}.").format(ends=t.notation(position)),
                                              no_play_advice(rules)], reading, rules)))
    lines = _with_reading([_("Legal plays on {ends}, most points first:").format(ends=t.notation(position))],
                          reading, rules)
    for number, play in enumerate(plays, start=1):
        lines.append(f"  {t.number(number)}. {play_line(play)}")
    if forced:
        lines.append(_("The lead rule leaves no choice: {rule}.").format(rule=lead_rule(rules)))
    return _fit("\n".join(lines))


def reason(ranked: RankedPlay, level: str, rules: RuleSet, facts: Sequence[Reason] = (),
           who: str | None = None) -> str:
    """Why a play is valued as it is, in words: one whole sentence per case, each fact a
    named placeholder, so that a translator writes it as the language says it. What the
    next player can reply is said from ``facts`` (the play's checked facts,
    :func:`fives_tutor.engine.reasons.play_facts`; ``who`` names the next player), counting
    only the tiles they can hold. Where the play's points would pass an exact match
    target, a clause says what the rule makes of them ("3 points would pass 61: not
    taken")."""
    text = _reason(ranked, level, rules, facts, who)
    over = ranked.overshoot
    if over is not None:
        t = current()
        points = points_phrase(ranked.play.points)
        if over.after == over.before:
            clause = _("{points} would pass {target}: not taken").format(points=points, target=t.number(over.target))
        else:
            clause = _("{points} would pass {target}: the score goes back to {score}").format(
                points=points, target=t.number(over.target), score=t.number(over.after))
        text += t.semicolon + clause
    return text


def _reason(ranked: RankedPlay, level: str, rules: RuleSet, facts: Sequence[Reason], who: str | None) -> str:
    t = current()
    play = ranked.play
    points = points_phrase(play.points)
    if ranked.forced:
        if play.points:
            return _("the lead rule leaves no choice: {rule}; it scores {points} now").format(
                rule=lead_rule(rules), points=points)
        return _("the lead rule leaves no choice: {rule}; it scores nothing now").format(rule=lead_rule(rules))
    if ranked.wins:
        return _("scores {points} now and wins the match").format(points=points)
    if ranked.goes_out:
        if play.points:
            return _("scores {points} now, and you go out: the hand ends before anyone can reply").format(points=points)
        return _("scores nothing now, and you go out: the hand ends before anyone can reply")
    if level == "greedy":
        return _("scores {points} now").format(points=points) if play.points else _("scores nothing now")
    from .reasons import reason_text, replies_text  # start-up: fives score and moves say no reasons (7 ms)

    won = next((f for f in facts if f.kind == "wins"), None)
    if won is not None:
        return reason_text(won, who)
    leaves = count_expression(play.after, rules).split(f" {t.arrow} ")[0]
    text = (_("scores {points} now and leaves {leaves}").format(points=points, leaves=leaves) if play.points else
            _("scores nothing now and leaves {leaves}").format(leaves=leaves))
    replies = next((f for f in facts if f.kind == "replies"), None)
    if replies is not None:
        text += t.semicolon + replies_text(replies, who)
    if level == "monte-carlo" and ranked.swing_known:
        # end_swing is a part of the value, not a further gain: say so
        text += t.semicolon + _("of its value, the count at the end of the hand makes {swing} points").format(
            swing=t.number(ranked.end_swing, decimals=1))
    return text


def _numbers(numbers) -> str:
    """``3``, ``3 and 5``, ``1, 3 and 5`` in the active language."""
    t = current()
    shown = [t.number(n) for n in numbers]
    if len(shown) <= 1:
        return "".join(shown)
    return _("{items} and {last}").format(items=t.comma.join(shown[:-1]), last=shown[-1])


def _who(offset: int, players: int, partners: bool) -> str:
    """A player named by where they sit from the player asking (1: the next player)."""
    if offset == 1:
        return _("the next player")
    if offset == 2 and partners:
        return _("your partner")
    if offset == players - 1:
        return _("the player before you")
    return _("the player after next")


def inferred(shown: Sequence, players: int, partners: bool = False) -> str:
    """What a hand's history showed about the other players' tiles and ways of playing, as
    one sentence without its full stop (empty when it showed nothing): "the next player
    passed on 3 and 5; your partner drew 2 tiles on 6; the next player plays greedily,
    the most points each turn, and the search expects that"."""
    t = current()
    parts = []
    for item in shown:
        if item.kind == "led":
            tile = t.notation(str(item.tile))
            if item.tile.is_double:
                parts.append(_("the lead {tile} shows that nobody was dealt a higher double").format(tile=tile))
            else:
                parts.append(_("the lead {tile} shows that nobody was dealt a double or a heavier tile").format(
                    tile=tile))
            continue
        if item.kind == "led_lowest":
            tile = t.notation(str(item.tile))
            if item.tile.is_double:
                parts.append(_("the lead {tile} shows that nobody was dealt a lower double").format(tile=tile))
            else:
                parts.append(_("the lead {tile} shows that nobody was dealt a double or a lighter tile").format(
                    tile=tile))
            continue
        if item.player == 0:
            continue
        who = _who(item.player, players, partners)
        if item.kind == "style":
            parts.append({
                "greedy": _("{who} plays greedily, the most points each turn, and the search expects that"),
                "defensive": _("{who} plays defensively, points now less what the next player can reply, and the "
                               "search expects that"),
                "expert": _("{who} plays like the expert, and the search expects that"),
            }[item.style].format(who=who))
            continue
        if item.kind == "passed":
            parts.append(_("{who} passed on {numbers}").format(who=who, numbers=_numbers(item.numbers)))
        else:
            parts.append(ngettext("{who} drew {count} tile on {numbers}", "{who} drew {count} tiles on {numbers}",
                                  item.count).format(who=who, count=t.number(item.count),
                                                     numbers=_numbers(item.numbers)))
    return t.semicolon.join(parts)


def render_best(position: Position, ranked: Sequence[RankedPlay], level: str, rules: RuleSet,
                has_scores: bool = False, reading: Reading | None = None, shown: Sequence = (),
                players: int = 2, width: int | None = None,
                facts: Mapping[str, Sequence[Reason]] | None = None, close: Mapping[str, str] | None = None) -> str:
    """The text of ``fives best``: how the position was read (when it was completed),
    the recommended play, why (from each play's checked ``facts``, by its notation), the
    runners-up (with ``close``: the words for a runner-up equal to the best within the
    noise, by its notation), and what the history showed (``shown``, from
    :class:`fives_tutor.engine.Situation`)."""
    facts = facts or {}
    close = close or {}
    t = current()
    if not ranked:
        return _fit("\n".join(_with_reading([_("No tile of this hand fits {ends}.").format(ends=t.notation(position)),
                                              no_play_advice(rules)], reading, rules)))
    best = ranked[0]
    why = reason(best, level, rules, facts.get(best.play.notation, ()))
    head = _("Best play: {play} → {ends}").format(play=t.notation(best.play.notation), ends=t.notation(best.play.after))
    if len(ranked) == 1:  # nothing was valued: no value, no figures to explain
        if not best.forced:  # the lead rule's reason says it already
            why = t.semicolon.join((_("it is the only play"), why))
        lines = _with_reading([head, "  " + _("Why: {reason}.").format(reason=why)], reading, rules)
        history = inferred(shown, players, players == 4 and rules.players.partnerships_with_four)
        if history:
            lines.append(_("From the history: {facts}.").format(facts=history))
        return _fit("\n".join(lines), width)
    lines = _with_reading([
        head,
        "  " + _("Value: {value}.").format(value=value_words(best, level)),
        "  " + _("Why: {reason}.").format(reason=why)],
        reading, rules)
    if len(ranked) > 1:
        lines.append(_("Other plays:"))
        for other in ranked[1:]:
            value = value_words(other, level)
            if other.play.notation in close:  # not a worse play: the sampling cannot tell them apart
                value = t.comma.join((value, close[other.play.notation]))
            lines.append("  " + _("{play}: value {value}; {reason}").format(
                play=t.notation(other.play.notation), value=value,
                reason=reason(other, level, rules, facts.get(other.play.notation, ()))))
    lines.append({
        "greedy": _("Value = points now; a tie goes to the heavier tile."),
        "defensive": _("Value = points now minus the next player's expected reply; a tie goes to the heavier tile."),
        "monte-carlo": _monte_carlo_footer(best, any(r.raced_out for r in ranked)) + (" " + _("With the scores given, winning the match counts {bonus} "
                                                       "points more.").format(bonus=t.number(WIN_VALUE))
                                               if has_scores else ""),
        "exact": _("Value = the point difference to the end of the hand with best play on both sides (proven)."),
        "expert": _("Value = points now and the expert's other factors, in points: the next player's expected "
                    "reply, the chance they cannot play, the pips shed, a double played, the numbers kept in hand."),
    }[level])
    partners = players == 4 and rules.players.partnerships_with_four
    history = inferred(shown, players, partners)
    if history:
        lines.append(_("From the history: {facts}.").format(facts=history))
    return _fit("\n".join(lines), width)


def _fit(text: str, width: int | None = None) -> str:
    """Lines of output wrapped to ``width`` (default: the terminal's width) at word
    boundaries, a sum kept together, each continuation hanging under its line's text."""
    return wrap_block(text, width)


def _monte_carlo_footer(best: RankedPlay, raced: bool) -> str:
    """What a Monte Carlo value means; with ``raced``, that the plays which left the race
    were valued on fewer deals, against the leader."""
    t = current()
    if raced:
        return ngettext("Value = the average point difference to the end of the hand over {samples} deal of the "
                        "hidden tiles (± one standard error). A play that fell clearly behind left the race early: "
                        "its value is the best play's less the difference between the two on the deals it was "
                        "played on.",
                        "Value = the average point difference to the end of the hand over {samples} deals of the "
                        "hidden tiles (± one standard error). A play that fell clearly behind left the race early: "
                        "its value is the best play's less the difference between the two on the deals it was "
                        "played on.", best.samples).format(samples=t.number(best.samples))
    return ngettext("Value = the average point difference to the end of the hand over {samples} deal of "
                    "the hidden tiles (± one standard error).",
                    "Value = the average point difference to the end of the hand over {samples} deals of "
                    "the hidden tiles (± one standard error).", best.samples).format(samples=t.number(best.samples))


def value_words(ranked: RankedPlay, level: str) -> str:
    """A play's value, with its standard error under Monte Carlo and, for a play that
    left the race, the deals it was played on."""
    t = current()
    value = t.number(ranked.value, decimals=1)
    if level == "monte-carlo" and ranked.samples > 1:
        value = f"{value} ± {t.number(ranked.stderr, decimals=1)}"
        if ranked.raced_out:
            value = ngettext("{value} (left the race after {samples} deal)",
                             "{value} (left the race after {samples} deals)", ranked.samples).format(
                value=value, samples=t.number(ranked.samples))
    return value


def rounding_phrase(rules: RuleSet) -> str:
    """How the pack rounds hand-end pips (pack key ``rules.hand_end.rounding``)."""
    return {
        "nearest_five": _("rounded to the nearest five"),
        "down": _("rounded down to a multiple of five"),
        "up": _("rounded up to a multiple of five"),
        "none": _("not rounded"),
    }[rules.hand_end.rounding]


def collection_how(collection: Collection, rules: RuleSet) -> str:
    """How the winner's points were counted (``rules.hand_end``), as a phrase."""
    t = current()
    mode = collection.mode
    subtract = rules.hand_end.subtract_winner_pips and mode != "none"
    winner = ngettext("{n} pip", "{n} pips", collection.winner_pips).format(n=t.number(collection.winner_pips))
    rounding = rounding_phrase(rules)
    if mode == "none":
        how = _("under these rules the winner collects no pips")
    elif len(collection.opponents) == 1:
        # one opponent: nothing to add up, whichever way the pack adds (a sentence of its own)
        if subtract and rules.hand_end.rounding == "none":
            how = _("the opponent's pips less the winner's own {pips}, not rounded").format(pips=winner)
        elif subtract:
            how = _("the opponent's pips less the winner's own {pips}, then {rounding}").format(
                pips=winner, rounding=rounding)
        elif rules.hand_end.rounding == "none":
            how = _("the opponent's pips, not rounded")
        else:
            how = _("the opponent's pips {rounding}").format(rounding=rounding)
    elif subtract and rules.hand_end.rounding == "none":
        how = _("the opponents' pips less the winner's own {pips}, not rounded").format(pips=winner)
    elif subtract and mode == "each_opponent":
        how = _("each opponent's pips less the winner's own {pips}, each {rounding}, then added").format(
            pips=winner, rounding=rounding)
    elif subtract:
        how = _("the opponents' pips added, less the winner's own {pips}, then {rounding}").format(
            pips=winner, rounding=rounding)
    elif rules.hand_end.rounding == "none":
        how = _("the opponents' pips, not rounded")
    elif mode == "each_opponent":
        how = _("each opponent's pips {rounding}, then added").format(rounding=rounding)
    else:
        how = _("the opponents' pips added, then {rounding}").format(rounding=rounding)
    if rules.hand_end.points == "per_five" and mode != "none":
        how += current().semicolon + _("one point per five pips")
    return how


def together_line(collection: Collection, rules: RuleSet) -> str:
    """The line of a combined collection (the opponents' pips added, less the winner's
    where the pack subtracts them, and what they count as), or "" when each opponent
    is counted on their own."""
    if collection.mode != "combined":
        return ""
    t = current()
    together = ngettext("{n} pip", "{n} pips", collection.combined_pips).format(n=t.number(collection.combined_pips))
    if rules.hand_end.subtract_winner_pips:
        winner = ngettext("{n} pip", "{n} pips", collection.winner_pips).format(n=t.number(collection.winner_pips))
        return _("Together: {pips}, less the winner's {winner} = {net}, counts as {rounded}").format(
            pips=together, winner=winner, net=t.number(collection.net_pips),
            rounded=t.number(collection.collected_pips))
    return _("Together: {pips}, counts as {rounded}").format(
        pips=together, rounded=t.number(collection.collected_pips))


def opponent_line(label: str, opponent, shown: str, collection: Collection) -> str:
    """One losing player's count: ``label`` (a name or "Opponent 2"), ``shown`` (their
    tiles and pips, already written), less the winner's pips where the pack subtracts
    them per opponent, and what they count as."""
    t = current()
    if opponent.net is not None:
        winner = ngettext("{n} pip", "{n} pips", collection.winner_pips).format(n=t.number(collection.winner_pips))
        return _("{name}: {pips}, less the winner's {winner} = {net}, counts as {rounded}").format(
            name=label, pips=shown, winner=winner, net=t.number(opponent.net), rounded=t.number(opponent.rounded))
    if opponent.rounded is not None:
        return _("{name}: {pips}, counts as {rounded}").format(
            name=label, pips=shown, rounded=t.number(opponent.rounded))
    return _("{name}: {pips}").format(name=label, pips=shown)


def render_count(collection: Collection, hands: Sequence[str | None], rules: RuleSet, fit: bool = True) -> str:
    """The text of ``fives count``: every number comes from ``collection``, as in the JSON;
    one line a sentence, wrapped to the terminal unless not ``fit`` (an explanation that
    is shown elsewhere, and wrapped there)."""
    t = current()
    lines = []
    mode = collection.mode
    for number, (opponent, hand) in enumerate(zip(collection.opponents, hands), start=1):
        pips = ngettext("{n} pip", "{n} pips", opponent.pips).format(n=t.number(opponent.pips))
        shown = f"{t.notation(hand)} = {pips}" if hand else pips
        label = _("Opponent {number}").format(number=t.number(number))
        lines.append(opponent_line(label, opponent, shown, collection))
    together = together_line(collection, rules)
    if together:
        lines.append(together)
    how = collection_how(collection, rules)
    points = ngettext("{n} point", "{n} points", collection.points).format(n=t.number(collection.points))
    lines.append(_("The winner collects {points}: {how}.").format(points=points, how=how))
    if rules.hand_end.rounding == "nearest_five" and mode != "none":
        lines.append(_("A remainder of 3 or 4 rounds up, 1 or 2 down."))
    return _fit("\n".join(lines)) if fit else "\n".join(lines)
