"""The scorekeeper's replies, the score sheet, the history and the help, in the active language."""

from __future__ import annotations

from typing import Sequence

from .i18n import _, current, localize_error, ngettext
from .keeper import TableState
from .render import count_expression, points_phrase


def scores_line(state: TableState) -> str:
    """``Ana 15 · Ben 20 (target 150)``."""
    t = current()
    parts = [f"{state.side_name(side)} {t.number(score)}" for side, score in enumerate(state.scores)]
    return _("Scores: {scores} (target {target})").format(scores=" · ".join(parts),
                                                          target=t.number(state.board.target))


def turn_line(state: TableState) -> str:
    """Whose turn it is, or what the keeper waits for."""
    if state.over:
        return winner_line(state)
    if state.awaiting:
        return ""
    if not state.layout.line and not state.leader_known:
        rules = state.rules.lead
        rule = rules.first_hand if state.hand_number == 1 or rules.later_hands == "same_as_first" else "by_lot"
        if rule == "highest_double":
            text = _("Hand {number}: the holder of the highest double leads it ({name} unless you type another "
                     "player's name before the tile).")
        elif rule == "lowest_double":
            text = _("Hand {number}: the holder of the lowest double leads it ({name} unless you type another "
                     "player's name before the tile).")
        else:
            text = _("Hand {number}: the lead ({name} unless you type another player's name before the tile).")
        return text.format(number=current().number(state.hand_number), name=state.names[state.turn])
    if not state.layout.line:
        return _("Hand {number}: {name} leads.").format(number=current().number(state.hand_number),
                                                        name=state.names[state.turn])
    return _("{name} to play.").format(name=state.names[state.turn])


def winner_line(state: TableState) -> str:
    """The end of the match."""
    return _("{side} wins the match with {points}!").format(
        side=state.side_name(state.winner),
        points=ngettext("{n} point", "{n} points", state.scores[state.winner]).format(
            n=current().number(state.scores[state.winner])))


def toolbar(state: TableState) -> str:
    """The bottom toolbar: turn, ends and total, boneyard, scores."""
    t = current()
    position = state.position
    total = position.total(state.rules)
    if state.over:
        who = winner_line(state)
    elif state.awaiting:
        who = _("hand over")
    else:
        who = _("turn: {name}").format(name=state.names[state.turn])
    return " | ".join([
        who,
        _("ends: {ends} = {total}").format(ends=t.notation(position), total=t.number(total)),
        _("boneyard: {count}").format(count=t.number(state.boneyard)),
        " · ".join(f"{state.side_name(s)} {t.number(v)}" for s, v in enumerate(state.scores)),
    ])


def overshoot_line(state_before: TableState, state_after: TableState, side: int, points: int) -> str:
    """What happened to ``points`` that would have passed the target
    (``rules.match.overshoot``): not taken, or bounced back by the excess."""
    t = current()
    name = state_after.side_name(side)
    excess = state_before.scores[side] + points - state_before.board.target
    if state_before.rules.match.overshoot == "bounce":
        return _("{points} would pass the target by {excess}: {name} goes back to {score}.").format(
            points=points_phrase(points), excess=t.number(excess), name=name,
            score=t.number(state_after.scores[side]))
    return _("{points} would pass the target: not taken ({name} stays at {score}).").format(
        points=points_phrase(points), name=name, score=t.number(state_after.scores[side]))


def describe_event(event: dict, state_before: TableState, state_after: TableState) -> list[str]:
    """What an action did, in words (for the reply and for ``history``)."""
    t = current()
    kind = event["type"]
    names = state_before.names
    lines: list[str] = []
    if kind == "play":
        logged = state_after.log[-1] if state_after.log else None
        play = logged.play if logged is not None else None
        if play is not None:
            lines.append(_("{name} plays {play}: {ends}").format(
                name=names[event["player"]], play=t.notation(play.notation), ends=t.notation(play.after)))
            lines.append("  " + count_expression(play.after, state_before.rules))
            unannounced = state_before.rules.muggins.announce and event.get("announced") != play.points
            if unannounced and play.points:
                lines.append("  " + _("Not announced right: {points} can be claimed with 'muggins'.").format(
                    points=points_phrase(play.points)))
            elif play.points and logged.credited != play.points and state_after.going_out is None:
                side = state_before.sides[event["player"]]
                lines.append("  " + overshoot_line(state_before, state_after, side, play.points))
    elif kind == "draw":
        lines.append(ngettext("{name} draws {count} tile ({left} left to draw).",
                              "{name} draws {count} tiles ({left} left to draw).", event["count"]).format(
            name=names[event["player"]], count=t.number(event["count"]), left=t.number(state_after.drawable
                                                                                          if not state_after.awaiting else 0)))
    elif kind == "pass":
        lines.append(_("{name} passes.").format(name=names[event["player"]]))
    elif kind == "claim":
        taken = state_after.log[-1].credited if state_after.log else 0
        if taken > 0:
            lines.append(_("{name} calls muggins and takes {points}.").format(
                name=names[event["player"]], points=points_phrase(taken)))
        elif taken < 0:
            lines.append(_("Wrong call: nothing to take; {name} is given {points}.").format(
                name=names[state_before.last_player], points=points_phrase(-taken)))
        else:
            lines.append(_("Wrong call: there is nothing to take."))
    elif kind == "hand_end":
        row = state_after.sheet[-1]
        result = row.result
        if result is not None and result.winners:
            held = state_before.going_out  # a play that went out, scored with the award (exact target)
            for side, points in zip(result.winners, result.points):
                whole = points + (held[1] if held is not None and held[0] == side else 0)
                change = state_after.scores[side] - state_before.scores[side]
                if not whole or change == whole:
                    lines.append(_("{side} collects {points}.").format(side=state_after.side_name(side),
                                                                       points=points_phrase(row.at_end[side])))
                elif held is not None and held[0] == side and state_before.rules.match.overshoot == "not_taken":
                    lines.append(_("The last play and the points for going out, {points} together, would pass "
                                   "{target}: nothing is scored.").format(
                        points=points_phrase(whole), target=current().number(state_after.board.target)))
                else:
                    lines.append(overshoot_line(state_before, state_after, side, whole))
        else:
            lines.append(_("Nobody collects: the lowest counts are tied."))
    return lines


def after_action(reply_data: dict, state: TableState) -> list[str]:
    """The whole answer to an action: what it did, then what comes next."""
    event = reply_data["event"]
    before = reply_data["before"]
    t = current()
    if event["type"] == "undo":
        undone = reply_data.get("undone") or {}
        lines = [_("Undone: {what}").format(what=event_words(undone, before.names))]
    elif event["type"] == "redo":
        lines = [_("Redone.")]
    else:
        lines = describe_event(event, before, state)
    scored = state.scores != before.scores
    if state.awaiting and not before.awaiting:
        kind, player = state.awaiting
        if kind == "domino":
            lines.append(_("{name} goes out: domino!").format(name=state.names[player]))
        else:
            lines.append(_("Nobody can play: the hand is blocked."))
    if state.hand_number > before.hand_number and not state.over:
        row = state.sheet[-1]
        lines.append(_("After hand {number}: {scores}").format(
            number=t.number(row.number),
            scores=" · ".join(f"{state.side_name(s)} {t.number(v)}" for s, v in enumerate(row.totals))))
    elif scored:
        lines.append(scores_line(state))
    following = turn_line(state)
    if following:
        lines.append(following)
    return lines


def event_words(event: dict, names: Sequence[str]) -> str:
    """A short description of an event (``Ana 5|3@3``, ``Ben draws 2``)."""
    t = current()
    kind = event.get("type")
    name = names[event["player"]] if isinstance(event.get("player"), int) else ""
    if kind == "play":
        play = event["tile"] + ("@" + event["end"] if event.get("end") else "")
        return f"{name} {t.notation(play)}"
    if kind == "draw":
        return _("{name} draws {count}").format(name=name, count=t.number(event.get("count", 1)))
    if kind == "pass":
        return _("{name} passes").format(name=name)
    if kind == "claim":
        return _("{name} calls muggins").format(name=name)
    if kind == "hand_end":
        return _("the end of the hand")
    return str(kind)


def ask_line(state: TableState, player: int) -> str:
    """The question at the end of a hand."""
    return ngettext("Remaining tile or pips of {name} ({count} tile):",
                    "Remaining tiles or pips of {name} ({count} tiles):", state.counts[player]).format(
        name=state.names[player], count=current().number(state.counts[player]))


def sheet(state: TableState) -> str:
    """The hand-by-hand score sheet with running totals, and a bar of each side's total."""
    t = current()
    from .render_rules import table

    sides = range(len(state.scores))
    header = [_("Hand"), _("Leader")] + [state.side_name(s) for s in sides]
    rows = []
    for row in state.sheet:
        cells = [t.number(row.number), state.names[row.leader]]
        for side in sides:
            cells.append(_("{play} + {end} = {total}").format(play=t.number(row.from_play[side]),
                                                               end=t.number(row.at_end[side]),
                                                               total=t.number(row.totals[side])))
        rows.append(cells)
    if not state.over:
        current_row = [t.number(state.hand_number), state.names[state.leader]]
        current_row += [_("{play} so far").format(play=t.number(state.from_play[s])) for s in sides]
        rows.append(current_row)
    lines = [table(rows, header=header), _("Each cell: points from play + points at the end of the hand = total.")]
    target = state.board.target
    width = 30
    for side in sides:
        score = state.scores[side]
        filled = min(width, round(width * score / target)) if target else 0
        lines.append(f"{state.side_name(side):>12} {'█' * filled}{'░' * (width - filled)} "
                     f"{t.number(score)}/{t.number(target)}")
    return "\n".join(lines)


def history(state: TableState) -> str:
    """Every action that stands, hand by hand."""
    t = current()
    lines = []
    hand = 0
    for logged in state.log:
        if logged.hand != hand:
            hand = logged.hand
            lines.append(_("Hand {number}").format(number=t.number(hand)))
        text = event_words(logged.event, state.names)
        if logged.play is not None:
            text += f" → {t.notation(logged.play.after)} ({points_phrase(logged.credited)})"
        lines.append("  " + text)
    return "\n".join(lines) if lines else _("Nothing has been played yet.")


def help_text(state: TableState) -> str:
    """The commands."""
    muggins = state.rules.muggins.announce
    lines = [
        _("Commands (the same words in every language):"),
        "  5|3, 5|3@3         " + _("play a tile for the player to move (the end after @ when it fits several)"),
        "  Ben 5|3            " + _("play for a player named (the lead, or to correct the turn)"),
    ]
    if muggins:
        lines.append("  5|3 =10            " + _("play and announce the points (muggins)"))
        lines.append("  muggins [NAME]     " + _("claim points the last player did not announce"))
    lines += [
        "  draw, draw 3       " + _("the player to move draws tiles from the boneyard"),
        "  pass               " + _("the player to move passes"),
        "  undo, redo         " + _("take back the last action, or put it back"),
        "  board              " + _("the layout as a picture"),
        "  sheet              " + _("the score sheet, hand by hand"),
        "  history            " + _("every action of the match"),
        "  rules              " + _("the rule pack in words"),
        "  quit               " + _("leave (the match is saved; fives table --resume continues it)"),
    ]
    return "\n".join(lines)


def refusal(error) -> str:
    """A refused entry: nothing was recorded."""
    return _("Refused: {reason}. Nothing was recorded.").format(reason=localize_error(error))
