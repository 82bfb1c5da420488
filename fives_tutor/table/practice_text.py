"""How ``fives play`` shows a practice match (:class:`~fives_tutor.table.practice.Practice`):
your moves in the second person, the computer's moves with the count of each, the board
and your hand before each of your turns, the coach's lines and summaries. The shell
loops (:func:`fives_tutor.table.replies.run_lines` and
:func:`fives_tutor.table.shell.run_interactive`) print what this face gives them: only
what you may see, never a tile of the computer's hands or of the boneyard before the
count at the end of a hand shows them."""

from __future__ import annotations

from ..render.board_art import draw, draw_hand
from ..render.sentences import count_expression, no_play_advice, points_phrase
from ..store.journal import command_for
from ..text.bidi import has_rtl, ltr, strip_marks
from ..text.i18n import _, current, ngettext
from ..tutor.coach import summarise
from .coach_text import coach_line, lesson_ids, summary_lines
from .render import (
    collects_line,
    command_lines,
    describe_event,
    event_words,
    hand_end_count,
    match_over_note,
    refusal,
    scores_line,
    toolbar,
    winner_line,
)
from .replies import answer as table_answer
from .replies import hint_lines, prose, tiles_line


class PracticeFace:
    """The face of a practice match (see :mod:`fives_tutor.table.replies`)."""

    def __init__(self, practice) -> None:
        self.session = practice
        self._over_shown = practice.state.over
        self._turn_shown: int | None = None  # the journal's length when your turn was last shown

    # --- the shell's questions ------------------------------------------------------------------

    def prompt(self) -> str:
        state = self.session.state
        return "> " if state.over else f"{state.names[self.session.you]}> "

    def question(self) -> None:
        return None

    def toolbar(self, width: int | None = None) -> str:
        return toolbar(self.session.state, width)

    def closing(self) -> str:
        practice = self.session
        if not practice.saved:
            return _("Nothing was played, so no match was saved.")

        path = practice.journal.path
        if practice.state.over:
            return _("The match is saved: {command} goes through your moves again.").format(
                command=command_for(f"fives games review {practice.match_id}", path))
        return _("The match is saved: {command} continues it.").format(
            command=command_for(f"fives play --resume {practice.match_id}", path))

    # --- the opening ------------------------------------------------------------------------------

    def opening(self, style: str, width: int | None = None) -> list[str]:
        practice = self.session
        state = practice.state
        t = current()
        pack = practice.rules.name(t.code)
        others = self._players()
        if practice.saved:
            head = _("Practice match {id}: {players}, {pack}.").format(id=t.number(practice.match_id),
                                                                      players=others, pack=pack)
        else:
            head = _("New practice match: {players}, {pack}.").format(players=others, pack=pack)
        # the seed in the reader's digits; the command as it is typed
        start = practice.practice.get("start")
        if start:
            where = f"{start['match']}:{start['hand']}:{start['move']}"
            lines = [head, _("Played on from match {id}, hand {hand}, before move {move}: the tiles you could not see "
                             "are dealt again, as you could have known them (seed {seed}: {command} deals them the "
                             "same way).").format(id=t.number(start["match"]), hand=t.number(start["hand"]),
                                                  move=t.number(start["move"]), seed=t.typed(str(practice.seed)),
                                                  command=f"fives play --from {where} --seed {practice.seed}")]
        else:
            lines = [head, _("Seed {seed}: {command} deals the same tiles again.").format(
                seed=t.typed(str(practice.seed)), command=f"fives play --seed {practice.seed}")]
        lines.append({"on": _("The coach is on: after a play that gives points away it says why, and it sums up "
                              "each hand (--coach end keeps it for the summaries, --coach off silences it)."),
                      "end": _("The coach sums up each hand and the match (--coach on also speaks after each play)."),
                      "off": _("The coach is off (--coach on or end).")}[practice.coach])
        if practice.rules.muggins.announce:
            lines.append(_("Under these rules you announce your points as you play ({example}): what you do not "
                           "announce, the computer takes with muggins.").format(example=t.notation("5|5 =10")))
        lines.append(_("Type help for the commands; Tab completes your plays, with their points."))
        if practice.events:
            lines.append(_("Hand {number}, as it stands:").format(number=t.number(state.hand_number)))
            lines.append(scores_line(state))
            lines.append(tiles_line(state))
            since = self._since_your_move()
            if since:
                lines.append(_("Since your last move:"))
                lines += since
        return prose(lines, width)

    def _since_your_move(self) -> list[str]:
        """The moves of the hand under way after your last one (what a killed terminal
        may not have shown), each with what it left and scored."""
        practice = self.session
        state = practice.state
        t = current()
        moves = [logged for logged in state.log if logged.hand == state.hand_number
                 and logged.event.get("type") in ("play", "draw", "pass", "claim")]
        yours = [i for i, logged in enumerate(moves) if logged.event.get("player") == practice.you]
        lines = []
        for logged in moves[yours[-1] + 1 if yours else 0:]:
            text = event_words(logged.event, state.names)
            if logged.play is not None:
                text += f" {t.arrow} {t.notation(logged.play.after)} ({points_phrase(logged.credited)})"
            lines.append("  " + text)
        return lines

    def _players(self) -> str:
        """``you against Ana (greedy) and Ben (expert)``, or with partners
        ``you and Cy (greedy) against Ana (greedy) and Ben (greedy)``."""
        practice = self.session
        state = practice.state
        t = current()
        you = practice.you

        def named(seat):
            text = _("{name} ({level})").format(name=state.names[seat], level=practice.levels[seat])
            if t.rtl and not has_rtl(state.names[seat]):
                # a Latin name and its level read as one left-to-right phrase, as a Persian writer types
                # "Ana (greedy)" (two runs would show "(greedy) Ana")
                return ltr(strip_marks(text))
            return text

        partners = [named(p) for p in range(state.players) if p != you and state.sides[p] == state.sides[you]]
        opponents = [named(p) for p in range(state.players) if state.sides[p] != state.sides[you]]
        # one opponent or several: some languages say "against" differently for each
        if partners:
            return ngettext("you and {partners} against {opponents}", "you and {partners} against {opponents}",
                            len(opponents)).format(partners=_and(partners), opponents=_and(opponents))
        return ngettext("you against {opponents}", "you against {opponents}", len(opponents)).format(
            opponents=_and(opponents))

    # --- answers to your lines ----------------------------------------------------------------------

    def answer(self, reply, style: str, width: int | None = None) -> list[str]:
        practice = self.session
        kind, data = reply
        if kind == "refused":
            return prose([refusal(data["error"])], width)
        if kind == "show":
            what = data["what"]
            if what == "help":
                return [help_text(practice, width)]
            if what == "history":
                return prose([history(practice)], width)
            if what == "hint":
                return hint_lines(practice, width, data.get("more", False))
            return table_answer(practice, reply, style, width)
        if kind != "done":
            return []
        event = data["event"]
        if event["type"] == "undo":
            undone = data.get("undone") or {}
            count = data.get("computer", 0)
            what = _your_words(undone)
            return prose([ngettext("Undone: {what}, and {count} move after it.",
                                   "Undone: {what}, and {count} moves after it.", count).format(
                what=what, count=current().number(count)) if count else _("Undone: {what}.").format(what=what)]
                + self._your_turn(style, width), width)
        lines = self._action(data)
        judged = data.get("judgement")
        if judged is not None and practice.coach == "on":
            said = coach_line(judged, practice.state.names)  # "" for a play there is nothing to say of
            if said:
                lines.append(said)
        return prose(lines, width)

    # --- what happens by itself -----------------------------------------------------------------------

    def follow(self, style: str, width: int | None = None):
        """The computer's moves and the dealer's events, one group of lines each (pause:
        True), then the end of the match or your turn."""
        practice = self.session
        while True:
            reply = practice.step()
            if reply is None:
                break
            if reply.kind != "done":
                yield prose([refusal(reply.data["error"])], width), False
                return
            yield prose(self._automatic(reply.data, style, width), width), reply.data["kind"] != "hand"
        if practice.state.over:
            if not self._over_shown:
                self._over_shown = True
                yield prose(self._match_over(), width), True
            return
        if practice.your_turn() and self._turn_shown != len(practice.events):
            yield self._your_turn(style, width), False

    def _automatic(self, data: dict, style: str, width: int | None) -> list[str]:
        practice = self.session
        state = practice.state
        t = current()
        kind = data["kind"]
        if kind == "hand":
            return [_("Hand {number}: the tiles are dealt.").format(number=t.number(state.hand_number))]
        if kind == "hand_end":
            return self._hand_end(data)
        return self._action(data)

    def _action(self, data: dict) -> list[str]:
        """A move (yours or the computer's) and what it did: the count, the scores, a domino."""
        practice = self.session
        state = practice.state
        before = data["before"]
        event = data["event"]
        you = practice.you
        if event.get("player") == you:
            lines = self._yours(event, before)
        else:
            lines = describe_event(event, before, state)
        if state.awaiting and not before.awaiting:
            kind, player = state.awaiting
            if kind == "domino":
                lines.append(_("You go out: domino!") if player == you else
                             _("{name} goes out: domino!").format(name=state.names[player]))
            else:
                lines.append(_("Nobody can play: the hand is blocked."))
        if state.scores != before.scores:
            lines.append(scores_line(state))
        return lines

    def _yours(self, event: dict, before) -> list[str]:
        """Your move, in the second person."""
        practice = self.session
        state = practice.state
        t = current()
        kind = event["type"]
        if kind == "play":
            logged = state.log[-1]
            play = logged.play
            lines = [_("You play {play}: {ends}").format(play=t.notation(play.notation), ends=t.notation(play.after)),
                     "  " + count_expression(play.after, practice.rules)]
            if practice.rules.muggins.announce and logged.credited != play.points:
                lines.append("  " + _("Not announced right: {points} can be claimed with 'muggins'.").format(
                    points=points_phrase(play.points)))
            return lines
        if kind == "draw":
            count = event.get("count", 1)
            left = state.drawable if not state.awaiting else 0
            if not left:
                return [ngettext("You draw {tiles}; nothing is left to draw.",
                                 "You draw {tiles}; nothing is left to draw.", count).format(
                    tiles=t.notation(event.get("tiles", "")))]
            return [ngettext("You draw {tiles} ({left} left to draw).", "You draw {tiles} ({left} left to draw).",
                             count).format(tiles=t.notation(event.get("tiles", "")), left=t.number(left))]
        if kind == "pass":
            return [_("You pass.")]
        if kind == "claim":
            taken = state.log[-1].credited if state.log else 0
            if taken > 0:
                return [_("You call muggins and take {points}.").format(points=points_phrase(taken))]
            if taken < 0:
                return [_("Wrong call: nothing to take; {name} is given {points}.").format(
                    name=state.names[before.last_player], points=points_phrase(-taken))]
            return [_("Wrong call: there is nothing to take.")]
        return []

    def _hand_end(self, data: dict) -> list[str]:
        """The count at the end of a hand (the tiles are face up now), who collects, the
        scores after it, and the coach's summary of the hand."""
        practice = self.session
        state = practice.state
        before = data["before"]
        t = current()
        row = state.sheet[-1]
        result = row.result
        lines = hand_end_count(before, result, data.get("tiles") or {})
        if result is not None and result.winners:
            for side in result.winners:
                lines.append(self._collects(side, row.at_end[side]))
            if row.refused:
                lines.append(_("The last play and the points for going out, {points} together, would pass {target}: "
                               "nothing is scored.").format(points=points_phrase(row.refused),
                                                            target=t.number(state.board.target)))
        else:
            lines.append(_("Nobody collects: the lowest counts are tied."))
        if not state.over:
            lines.append(_("After hand {number}: {scores}").format(
                number=t.number(row.number),
                scores=" · ".join(f"{state.side_name(s)} {t.number(v)}" for s, v in enumerate(row.totals))))
        lines += self._hand_summary(row.number)
        return lines

    def _collects(self, side: int, points: int) -> str:
        practice = self.session
        state = practice.state
        if side != state.sides[practice.you]:
            return collects_line(state, side, points)
        if sum(1 for s in state.sides if s == side) > 1:
            if not points:
                return _("Your side collects nothing.")
            return _("Your side collects {points}.").format(points=points_phrase(points))
        if not points:
            return _("You collect nothing.")
        return _("You collect {points}.").format(points=points_phrase(points))

    def _hand_summary(self, number: int) -> list[str]:
        practice = self.session
        if practice.coach == "off":
            return []
        judged = practice.judgements(number)
        remarks = [j for j in judged if j.speaks] if practice.coach == "end" else []
        return summary_lines(summarise(judged), practice.rules, lesson_ids(practice.rules), number, remarks,
                             practice.state.names)

    def _match_over(self) -> list[str]:
        practice = self.session
        state = practice.state
        t = current()
        lines = []
        last = state.sheet[-1] if state.sheet else None
        if last is not None and last.result is None:
            lines += self._hand_summary(last.number)  # the match ended during the hand
        points = ngettext("{n} point", "{n} points", state.scores[state.winner]).format(
            n=t.number(state.scores[state.winner]))
        if state.winner == state.sides[practice.you]:
            if sum(1 for s in state.sides if s == state.winner) > 1:
                lines.append(_("Your side wins the match with {points}!").format(points=points))
            else:
                lines.append(_("You win the match with {points}!").format(points=points))
        else:
            lines.append(winner_line(state))
        if practice.coach != "off":
            lines += summary_lines(summarise(practice.judgements()), practice.rules, lesson_ids(practice.rules))
        lines.append(match_over_note(practice.match_id, reviewable=True))
        return lines

    def _your_turn(self, style: str, width: int | None) -> list[str]:
        """The board and your tiles, before each of your turns."""
        practice = self.session
        state = practice.state
        if not practice.your_turn():
            return []
        self._turn_shown = len(practice.events)
        lines = []
        if state.layout.line:
            lines.append(draw(state.layout, style, width))
        else:
            lines += prose([_("The table is empty: you lead.")], width)
        # the hand is one left-to-right run in the reader's digits, as the plays are
        lines += prose([_("Your tiles: {tiles}").format(tiles=current().notation(draw_hand(practice.hand, style)))],
                       width)
        if not practice.legal():
            lines += prose([no_play_advice(practice.rules)], width)
        return lines


def _and(items) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    t = current()
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=t.comma.join(items[:-1]), last=items[-1])


def _your_words(event: dict) -> str:
    """Your move, short: ``your play 6|4@6*``, ``your draw``, ``your pass``."""
    t = current()
    kind = event.get("type")
    if kind == "play":
        play = event["tile"] + ("@" + event["end"] if event.get("end") else "")
        return _("your play {play}").format(play=t.notation(play))
    if kind == "draw":
        return _("your draw")
    return _("your pass")


def history(practice) -> str:
    """Every move of the match that stands, hand by hand, yours in the second person."""
    state = practice.state
    t = current()
    lines = []
    hand = 0
    for logged in state.log:
        kind = logged.event.get("type")
        if kind == "hand":
            continue
        if logged.hand != hand:
            hand = logged.hand
            lines.append(_("Hand {number}").format(number=t.number(hand)))
        if logged.event.get("player") == practice.you and kind in ("play", "draw", "pass"):
            text = _your_words(logged.event)
        else:
            text = event_words(logged.event, state.names)
        if logged.play is not None:
            text += f" {t.arrow} {t.notation(logged.play.after)} ({points_phrase(logged.credited)})"
        lines.append("  " + text)
    return "\n".join(lines) if lines else _("Nothing has been played yet.")


def help_text(practice, width: int | None = None) -> str:
    """The commands of a practice match, each description wrapped under itself."""
    entries = [
        ("5|3, 5|3@3", _("play one of your tiles (the end after @ when it fits several); Tab lists your plays")),
    ]
    if practice.rules.muggins.announce:
        entries.append(("5|3 =10", _("play and announce the points (muggins: what you do not announce, the "
                                     "computer claims)")))
    entries += [
        ("draw, draw 2", _("draw from the boneyard when no tile of yours fits")),
        ("pass", _("pass when nothing fits and nothing may be drawn")),
        ("undo", _("take back your last move of this hand (and the computer's moves after it)")),
        ("hint, hint more", _("the best play now, from what you can know, in two lines (the coach's own "
                              "analysis); hint more: every play with its value and why")),
        ("board", _("the layout as a picture")),
        ("sheet", _("the score sheet, hand by hand")),
        ("history", _("every move of the match")),
        ("rules", _("the rule pack in words")),
        ("quit", _("leave (the match is saved; fives play --resume continues it)")),
    ]

    return "\n".join(command_lines(entries, width, 16))


__all__ = ["PracticeFace", "help_text", "history"]
