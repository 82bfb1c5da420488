"""The scorekeeper's replies, the score sheet, the history and the help, in the active language."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.keeper import TableState
from ..core.plays import Play
from ..core.scoring import collect
from ..core.tiles import parse_tile
from ..errors import NotationError
from ..render.sentences import collection_how, count_expression, opponent_line, points_phrase, together_line
from ..text.i18n import _, current, localize_error, ngettext, translate_metavar
from ..text.table import table
from ..text.width import ljust
from ..text.wrap import display_width, terminal_width, wrap_lines


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
    """The end of the match (ValueError before it is won)."""
    side = state.winner
    if side is None:
        raise ValueError("the match is not won yet")
    return _("{side} wins the match with {points}!").format(
        side=state.side_name(side),
        points=ngettext("{n} point", "{n} points", state.scores[side]).format(n=current().number(state.scores[side])))


def match_over_note(match_id: int | None, reviewable: bool) -> str:
    """What a finished match still offers at its prompt (both shells say it when the
    match ends): ``sheet`` and ``history`` show it again, ``quit`` leaves, and
    ``fives games review`` goes through the moves of a hand that was followed (a
    practice match, or a table where ``hand`` was typed); else ``fives games show``
    shows the sheet later."""
    if reviewable:
        return _("The match is over: sheet and history show it again, quit leaves, and fives games review "
                 "{id} goes through your moves.").format(id=match_id)
    return _("The match is over: sheet and history show it again, quit leaves, and fives games show {id} "
             "shows its sheet later.").format(id=match_id)


def toolbar(state: TableState, width: int | None = None, quiet: bool = False) -> str:
    """The bottom toolbar: whose turn, the ends and their total, the boneyard; the
    scores; how many tiles each player holds; wrapped to ``width`` (the terminal's).
    ``quiet`` (:func:`keeps_quiet`): the ends without their total."""
    t = current()
    position = state.position
    total = position.total(state.rules)
    if state.over:
        who = winner_line(state)
    elif state.awaiting:
        who = _("hand over")
    else:
        who = _("turn: {name}").format(name=state.names[state.turn])
    first = " | ".join([
        who,
        _("ends: {ends}").format(ends=t.notation(position)) if quiet else
        _("ends: {ends} = {total}").format(ends=t.notation(position), total=t.number(total)),
        _("boneyard: {count}").format(count=t.number(state.boneyard)) if state.boneyard else _("boneyard: empty"),
    ])
    scores = " · ".join(f"{state.side_name(s)} {t.number(v)}" for s, v in enumerate(state.scores))
    held = _("Tiles held: {held}").format(held=" · ".join(
        f"{name} {t.number(count)}" for name, count in zip(state.names, state.counts)))
    lines = [first, _("Scores: {scores} (target {target})").format(scores=scores, target=t.number(state.board.target)),
             held]

    return "\n".join(part for line in lines for part in wrap_lines(line, width, hanging="  "))


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


def collects_line(state: TableState, side: int, points: int) -> str:
    """What a side collects at the end of a hand, as a sentence: the side named (one
    player, or partners, which many languages say differently) and the points, or
    that it collects nothing (a sentence of its own: "collects no score" reads badly)."""
    members = sum(1 for s in state.sides if s == side)
    name = state.side_name(side)
    if not points:
        return ngettext("{side} collects nothing.", "{side} collect nothing.", members).format(side=name)
    return ngettext("{side} collects {points}.", "{side} collect {points}.", members).format(
        side=name, points=points_phrase(points))


#: how the keeper speaks of announced points under a pack with muggins (``fives table
#: --muggins``): ``announce`` says after each play what it made and what was left
#: unannounced; ``quiet`` says only what the player announced, and what was left
#: unclaimed when the hand ends (or when muggins is called), as a real muggins table
#: expects: there, spotting the points is the opponents' part of the game
MUGGINS_MODES = ("announce", "quiet")


def keeps_quiet(state: TableState, mode: str) -> bool:
    """Whether the keeper keeps quiet about points under this pack and ``mode``
    (:data:`MUGGINS_MODES`): only where points must be announced."""
    return mode == "quiet" and state.rules.muggins.announce


def describe_event(event: dict, state_before: TableState, state_after: TableState,
                   tiles: dict | None = None, muggins: str = "announce") -> list[str]:
    """What an action did, in words (for the reply and for ``history``); ``tiles``
    are the remaining tiles given at a hand end, by player. ``muggins`` (one of
    :data:`MUGGINS_MODES`): ``quiet`` keeps what a play made to itself where points
    must be announced, and says at the end of the hand what was left unclaimed."""
    quiet = keeps_quiet(state_before, muggins)
    t = current()
    kind = event["type"]
    names = state_before.names
    lines: list[str] = []
    if event.get("corrected") and isinstance(event.get("player"), int):
        lines.append(_("The turn is corrected: {name} plays now, not {other} (undo takes it back).").format(
            name=names[event["player"]], other=names[state_before.turn]))
    if kind == "play":
        logged = state_after.log[-1] if state_after.log else None
        play = logged.play if logged is not None else None
        if logged is not None and play is not None:
            lines.append(_("{name} plays {play}: {ends}").format(
                name=names[event["player"]], play=t.notation(play.notation), ends=t.notation(play.after)))
            unannounced = state_before.rules.muggins.announce and event.get("announced") != play.points
            if quiet:  # what the player said, right or wrong: checking it is the opponents' part
                if event.get("announced") is not None:
                    lines.append("  " + _("{name} announces {points}.").format(
                        name=names[event["player"]], points=points_phrase(event["announced"])))
            else:
                lines.append("  " + count_expression(play.after, state_before.rules))
            if unannounced and play.points:
                if not quiet:
                    lines.append("  " + _("Not announced right: {points} can be claimed with 'muggins'.").format(
                        points=points_phrase(play.points)))
            elif play.points and logged.credited != play.points and state_after.going_out is None:
                side = state_before.sides[event["player"]]
                lines.append("  " + overshoot_line(state_before, state_after, side, play.points))
    elif kind == "draw":
        left = state_after.drawable if not state_after.awaiting else 0
        if left:
            text = ngettext("{name} draws {count} tile ({left} left to draw).",
                            "{name} draws {count} tiles ({left} left to draw).", event["count"])
        else:  # "0 left to draw" reads badly: a sentence of its own
            text = ngettext("{name} draws {count} tile (the boneyard is empty).",
                            "{name} draws {count} tiles (the boneyard is empty).", event["count"])
        lines.append(text.format(name=names[event["player"]], count=t.number(event["count"]), left=t.number(left)))
    elif kind == "pass":
        lines.append(_("{name} passes.").format(name=names[event["player"]]))
    elif kind == "hand":
        # the tiles are not repeated: the screen may be seen by the whole table
        count = state_after.counts[event["player"]]
        lines.append(ngettext("{name}'s hand is followed ({count} tile): hint gives advice at {name}'s turn.",
                              "{name}'s hand is followed ({count} tiles): hint gives advice at {name}'s turn.",
                              count).format(name=names[event["player"]], count=t.number(count)))
    elif kind == "claim":
        taken = state_after.log[-1].credited if state_after.log else 0
        if taken > 0:
            lines.append(_("{name} calls muggins and takes {points}.").format(
                name=names[event["player"]], points=points_phrase(taken)))
        elif taken < 0 and state_before.last_player is not None:  # a wrong call gives the last player the points
            lines.append(_("Wrong call: nothing to take; {name} is given {points}.").format(
                name=names[state_before.last_player], points=points_phrase(-taken)))
        else:
            lines.append(_("Wrong call: there is nothing to take."))
    elif kind == "hand_end":
        row = state_after.sheet[-1]
        result = row.result
        lines.extend(hand_end_count(state_before, result, tiles or {}))
        if result is not None and result.winners:
            held = state_before.going_out  # a play that went out, scored with the award (exact target)
            for side, points in zip(result.winners, result.points):
                whole = points + (held[1] if held is not None and held[0] == side else 0)
                change = state_after.scores[side] - state_before.scores[side]
                if not whole or change == whole:
                    lines.append(collects_line(state_after, side, row.at_end[side]))
                elif held is not None and held[0] == side and state_before.rules.match.overshoot == "not_taken":
                    lines.append(_("The last play and the points for going out, {points} together, would pass "
                                   "{target}: nothing is scored.").format(
                        points=points_phrase(whole), target=current().number(state_after.board.target)))
                else:
                    lines.append(overshoot_line(state_before, state_after, side, whole))
        else:
            lines.append(_("Nobody collects: the lowest counts are tied."))
        if quiet:
            lines.append(unclaimed_line(state_before))
    return lines


def unclaimed(state: TableState) -> list[tuple[int, Play, int]]:
    """The plays of the hand ``state`` is in whose points were left unannounced and
    nobody took with muggins: ``(player, play, points)`` in the order played."""
    found: list[tuple[int, Play, int]] = []
    pending: tuple[int, Play, int] | None = None
    for logged in state.log:
        if logged.hand != state.hand_number:
            continue
        event = logged.event
        if logged.play is not None:
            if pending is not None:
                found.append(pending)
            points = logged.play.points
            pending = (event["player"], logged.play, points) if points and logged.credited != points \
                and event.get("announced") != points else None
        elif event.get("type") == "claim" and logged.credited > 0:
            pending = None
    if pending is not None:
        found.append(pending)
    return found


def unclaimed_line(state: TableState) -> str:
    """What the hand left unclaimed, said when it ends under a quiet keeper
    (``Left unclaimed this hand: Ana 5|5 (10 points), Ben 6|4 (5 points).``)."""
    t = current()
    missed = unclaimed(state)
    if not missed:
        return _("Nothing was left unclaimed this hand.")
    return _("Left unclaimed this hand: {plays}.").format(plays=t.comma.join(
        _("{name} {play} ({points})").format(name=state.names[player], play=t.notation(str(play.tile)),
                                             points=points_phrase(points)) for player, play, points in missed))


def quiet_refusal(error, state: TableState, mode: str) -> str:
    """A refused entry as :func:`refusal` says it, except that a quiet keeper
    (:func:`keeps_quiet`) does not say what a play makes when more was announced."""
    # the keeper's refusal of an announcement above what the play made (core.keeper), which names the points
    if keeps_quiet(state, mode) and getattr(error, "template", None) == "{play} makes {points}: no more can be announced":
        return _("Refused: {play} does not make that many points. Nothing was recorded.").format(
            play=current().notation(error.params.get("play", "")))
    return refusal(error)


def hand_end_count(state: TableState, result, tiles: dict) -> list[str]:
    """The count at the end of a hand, as ``fives count`` shows it: each losing
    player's tiles and pips, what they count as, and how the points were counted."""
    if result is None or not result.winners:
        return []
    t = current()
    rules = state.rules
    losers = [p for p in range(state.players) if state.sides[p] not in result.winners]
    side_pips = sum(result.pips[p] for p in range(state.players) if state.sides[p] == result.winners[0])
    collection = collect([result.pips[p] for p in losers], rules, winner_pips=side_pips,
                         domino=result.kind == "domino")
    lines = []
    for player, opponent in zip(losers, collection.opponents):
        pips = ngettext("{n} pip", "{n} pips", opponent.pips).format(n=t.number(opponent.pips))
        if player in tiles:
            pips = f"{t.notation(' '.join(str(tile) for tile in tiles[player]))} = {pips}"
        lines.append("  " + opponent_line(state.names[player], opponent, pips, collection))
    together = together_line(collection, rules)
    if together:
        lines.append("  " + together)
    lines.append("  " + _("Counted: {how}.").format(how=collection_how(collection, rules)))
    if rules.hand_end.rounding == "nearest_five" and collection.mode != "none":
        lines.append("  " + _("A remainder of 3 or 4 rounds up, 1 or 2 down."))
    return lines


def after_action(reply_data: dict, state: TableState, muggins: str = "announce") -> list[str]:
    """The whole answer to an action: what it did, then what comes next (``muggins``:
    see :func:`describe_event`)."""
    event = reply_data["event"]
    before = reply_data["before"]
    t = current()
    if event["type"] == "undo":
        undone = reply_data.get("undone") or {}
        lines = [_("Undone: {what}").format(what=event_words(undone, before.names))]
    elif event["type"] == "redo":
        redone = reply_data.get("redone") or {}
        lines = [_("Redone: {what}").format(what=event_words(redone, before.names))]
    else:
        lines = describe_event(event, before, state, reply_data.get("tiles"), muggins)
    scored = state.scores != before.scores
    if state.awaiting and not before.awaiting:
        kind, player = state.awaiting  # ("domino", the player who went out) or ("blocked", None)
        if player is not None:
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
        play = _tile_words(event["tile"]) + ("@" + event["end"] if event.get("end") else "")
        return f"{name} {t.notation(play)}"
    if kind == "draw":
        return _("{name} draws {count}").format(name=name, count=t.number(event.get("count", 1)))
    if kind == "pass":
        return _("{name} passes").format(name=name)
    if kind == "claim":
        return _("{name} calls muggins").format(name=name)
    if kind == "hand_end":
        return _("the end of the hand")
    if kind == "hand":
        return _("{name}'s hand").format(name=name)
    if kind == "pips":
        return _("the remaining pips of {name}").format(name=name)
    return str(kind)


def _tile_words(text: str) -> str:
    """A tile as the journal kept it (as typed: ``6-3``, ``[6|3]``, ``63``) in the one
    notation every reply uses (``6|3``); text that is no tile stays as it is."""
    try:
        return str(parse_tile(str(text)))
    except NotationError:
        try:
            return str(parse_tile(str(text), 9))  # the compact form, 63
        except NotationError:
            return str(text)


def ask_line(state: TableState, player: int) -> str:
    """The question at the end of a hand."""
    return ngettext("Remaining tile or pips of {name} ({count} tile):",
                    "Remaining tiles or pips of {name} ({count} tiles):", state.counts[player]).format(
        name=state.names[player], count=current().number(state.counts[player]))


def sheet(state: TableState, width: int | None = None) -> str:
    """The hand-by-hand score sheet, then each side's total with a bar toward the target.

    Each cell is one hand for one side: points from play + points at the end of the
    hand = the hand's points (every sum as printed is true); the totals row adds the
    hands up, and the bars show each total against the target.
    """
    t = current()
    width = terminal_width() if width is None else width
    sides = range(len(state.scores))
    header = [_("Hand"), _("Leader")] + [state.side_name(s) for s in sides]
    rows = []

    def cell(play: int, end: int) -> str:
        return _("{play} + {end} = {total}").format(play=t.number(play), end=t.number(end), total=t.number(play + end))

    for row in state.sheet:
        cells = [t.number(row.number), state.names[row.leader]]
        cells += [cell(row.from_play[side], row.at_end[side]) for side in sides]
        rows.append(cells)
    if not state.over:
        current_row = [t.number(state.hand_number), state.names[state.leader]]
        current_row += [_("{play} so far").format(play=t.number(state.from_play[s])) for s in sides]
        rows.append(current_row)
    rows.append(["", _("Total")] + [t.number(state.scores[s]) for s in sides])
    lines = [table(rows, header=header, columns=width),
             *wrap_lines(_("Each cell: points from play + points at the end of the hand = the hand's points."), width)]
    target = state.board.target
    names = [state.side_name(side) for side in sides]
    label = max(display_width(name) for name in names)
    for side, name in zip(sides, names):
        score = state.scores[side]
        words = ngettext("{score} of {target} point", "{score} of {target} points", target).format(
            score=t.number(score), target=t.number(target))
        room = width - label - display_width(words) - 3
        bar_width = max(5, min(30, room))
        filled = min(bar_width, round(bar_width * score / target)) if target else 0
        padding = " " * (label - display_width(name))
        # in a right-to-left language the bars run right to left like the text around them
        lines.append(("\u200f" if t.rtl else "") + f"{padding}{name} {'█' * filled}{'░' * (bar_width - filled)} {words}")
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
            text += f" {t.arrow} {t.notation(logged.play.after)} ({points_phrase(logged.credited)})"
        lines.append("  " + text)
    return "\n".join(lines) if lines else _("Nothing has been played yet.")


def help_text(state: TableState, width: int | None = None, mode: str = "announce") -> str:
    """The commands, each description wrapped under itself to the terminal's width; a
    placeholder in a command (``NAME``) through the metavar translation; under a quiet
    keeper (``mode``, :data:`MUGGINS_MODES`), what it keeps to itself."""
    muggins = state.rules.muggins.announce
    example = next((name for name in state.names if " " in name), state.names[-1])
    entries = [
        ("5|3, 5|3@3", _("play a tile for the player to move (the end after @ when it fits several)")),
        (f"{example} 5|3", _("play for the player named: the lead, or a player the turn should have been with "
                            "(the turn is corrected; undo takes it back)")),
    ]
    if muggins:
        entries.append(("5|3 =10", _("play and announce the points (muggins)")))
        entries.append((translate_metavar("muggins [NAME]"), _("claim points the last player did not announce")))
    entries += [
        ("draw, draw 3", _("the player to move draws tiles from the boneyard")),
        ("pass", _("the player to move passes")),
        ("undo, redo", _("take back the last action, or put it back")),
        ("hand 6|6 5|3 ...", _("your own tiles, at the deal (a name first for another player's): then hint follows "
                               "your plays, and your draws written with their tiles (draw 5|2)")),
        ("hint, hint more", _("the best play for the player whose hand is followed, at their turn, from everything "
                              "recorded in this hand (never another player's tiles), in two lines; hint more: every "
                              "play with its value and why")),
        ("board", _("the layout as a picture")),
        ("sheet", _("the score sheet, hand by hand")),
        ("history", _("every action of the match")),
        ("rules", _("the rule pack in words")),
        ("quit", _("leave (the match is saved; fives table --resume continues it)")),
    ]
    lines = command_lines(entries, width, 19)
    lines += wrap_lines(_("Tab completes tiles (written in either order, those that score first), names and "
                          "commands. A name with spaces is typed as it is, or in quotes."), width)
    if keeps_quiet(state, mode):
        lines += wrap_lines(_("The keeper is quiet about points (--muggins quiet): it says what each player "
                              "announces, not what a play made, and what was left unclaimed only when the hand "
                              "ends or muggins is called."), width)
    return "\n".join(lines)


def command_lines(entries, width: int | None, narrowest: int) -> list[str]:
    """A shell's commands under their heading: each ``(command, what it does)`` entry
    with its description in a column at least ``narrowest`` cells from the margin,
    wrapped under itself to ``width`` (None: the terminal's). Measured by display
    width: a translated metavar may hold a zero-width non-joiner; the command is one
    left-to-right run, its tiles in the reader's digits."""
    t = current()
    # each command as it is typed, one left-to-right run: its tiles in the reader's digits (as every tile
    # is shown), alternatives separated by the language's comma
    entries = [(t.notation(command.replace(", ", t.comma)), text) for command, text in entries]
    column = max(narrowest, max(display_width(command) for command, _text in entries) + 4)  # 2 spaces past the widest
    lines = [_("Commands (the same words in every language):")]
    for command, text in entries:
        lines += wrap_lines(text, width, indent="  " + ljust(command, column - 2), hanging=" " * column)
    return lines


def refusal(error) -> str:
    """A refused entry: nothing was recorded."""
    reason = localize_error(error)
    text = _("Refused: {reason}. Nothing was recorded.").format(reason=reason)
    if reason.endswith(("?", "!", "\u061f")):  # "did you mean 6|6?" takes no full stop after it
        text = text.replace(reason + ".", reason, 1)
    return text
