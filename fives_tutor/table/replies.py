"""What a shell at the table prints, with or without a terminal: the opening, the answer
to each line, and the loop that reads lines from a file or a pipe. Shared by the plain
loop and the terminal shell (:mod:`fives_tutor.table.shell`), so neither imports
the other.

Both loops talk to a *face*: the session that takes the lines (``session``: ``handle``,
``check``, ``state``, ``names``, ``legal()``, ``words``) and how it is shown
(``opening``, ``answer``, ``follow``: what happens by itself after a line, such as the
computer's moves; ``prompt``, ``question``, ``toolbar``, ``closing``). ``fives table``'s
is :class:`TableFace`; ``fives play`` has its own
(:class:`fives_tutor.table.practice_text.PracticeFace`)."""

from __future__ import annotations

import os

from ..errors import FivesError
from ..render.board_art import draw
from ..render.rules import render_show
from ..store.journal import command_for
from ..text.bidi import ltr
from ..text.i18n import _, current, localize_error, ngettext
from ..text.lines import LineTooLong, read_line
from ..text.output import echo
from ..text.wrap import wrap_lines
from . import render as words
from .render import ask_line, refusal, scores_line, toolbar, turn_line


def opening(session, style: str = "plain", width: int | None = None, muggins: str = "announce") -> list[str]:
    """The first lines a session shows; a resumed match also shows where it stands
    (under a quiet keeper, ``muggins``, the open ends without their total)."""
    state = session.state
    t = current()
    players = t.comma.join(state.side_name(s) for s in range(len(state.scores)))
    pack = session.rules.name(t.code)
    if session.saved:
        lines = [_("Match {id}: {players}, {pack}. Type help for the commands.").format(
            id=t.number(session.match_id), players=players, pack=pack)]
    else:
        lines = [_("New match: {players}, {pack}. Type help for the commands.").format(players=players, pack=pack)]
    if len(state.scores) < state.players and not session.rules.players.partnerships_with_four:
        # teams the pack does not seat: a house partnership, which hint and the coach play as such
        sides = [ltr(state.side_name(s)) if t.rtl else state.side_name(s) for s in range(len(state.scores))]
        lines.append(_("{teams} play as partners: a house rule, since this pack plays each for themselves; hint and "
                       "the coach play partners as partners.").format(
            teams=_("{items} and {last}").format(items=t.comma.join(sides[:-1]), last=sides[-1])))
    if session.events:
        lines.append(_("Hand {number}, as it stands:").format(number=t.number(state.hand_number)))
        if state.layout.line:
            lines.append(draw(state.layout, style, width))
            if words.keeps_quiet(state, muggins):
                lines.append(_("Open ends: {ends}").format(ends=t.notation(state.position)))
            else:
                lines.append(_("Open ends: {ends} (total {total})").format(
                    ends=t.notation(state.position), total=t.number(state.position.total(session.rules))))
        lines.append(scores_line(state))
        lines.append(tiles_line(state))
    following = turn_line(state)
    if following:
        lines.append(following)
    if state.over:
        lines.append(over_note(session))
    asked = session.asking()
    if asked is not None:
        lines.append(ask_line(state, asked))
    board = draw(state.layout, style, width) if session.events and state.layout.line else None
    return [piece for line in lines for piece in ([line] if line == board else prose([line], width))]


def prose(lines: list[str], width: int | None = None) -> list[str]:
    """Reply lines wrapped to the terminal's width at word boundaries, each continuation
    hanging under its line's text."""
    wrapped = []
    for line in lines:
        for part in line.split("\n"):
            indent = part[:len(part) - len(part.lstrip())]
            wrapped += wrap_lines(part.lstrip(), width, indent=indent, hanging=indent + "  ")
    return wrapped


def tiles_line(state) -> str:
    """How many tiles each player holds, and the boneyard."""
    t = current()
    held = t.comma.join(ngettext("{name} {count} tile", "{name} {count} tiles", count).format(
        name=name, count=t.number(count)) for name, count in zip(state.names, state.counts))
    if not state.boneyard:
        return _("Tiles held: {held}; the boneyard is empty.").format(held=held)
    return _("Tiles held: {held}; boneyard: {count}.").format(held=held, count=t.number(state.boneyard))


def answer(session, reply, style: str, width: int | None = None, muggins: str = "announce") -> list[str]:
    """The text lines for a reply of the session (``muggins``: how the keeper speaks of
    announced points, :data:`~fives_tutor.table.render.MUGGINS_MODES`)."""
    state = session.state
    kind, data = reply
    if kind == "refused":
        return prose([words.quiet_refusal(data["error"], state, muggins)], width)
    if kind == "done":
        lines = words.after_action(data, state, muggins)
        if state.over:  # the match has just ended: what the prompt still offers
            lines.append(over_note(session))
        return prose(lines, width)
    if kind != "show":
        return []
    what = data["what"]
    if what == "board":
        return [draw(state.layout, style, width)]
    if what == "sheet":
        return [words.sheet(state, width)]
    if what == "history":
        return prose([words.history(state)], width)
    if what == "rules":
        return [render_show(session.rules)]
    if what == "help":
        return [words.help_text(state, width, muggins)]
    if what == "hint":
        return hint_lines(session, width, data.get("more", False))
    return []


def hint_lines(session, width: int | None = None, more: bool = False) -> list[str]:
    """``hint`` for the player whose hand is followed (one or two rows; ``more``: the whole
    breakdown, :mod:`fives_tutor.table.hint_text`), or why there is none."""
    try:
        situation, analysis = session.hint()
    except FivesError as error:
        return prose([_("No hint: {reason}.").format(reason=localize_error(error))], width)
    from .hint_text import more_lines, short_lines  # the engine's words load with the first hint

    state = session.state
    seat = state.followed.player if state.followed.player is not None else state.turn
    who = state.names[(seat + 1) % state.players]
    if more:
        return more_lines(situation, analysis, who, state.names, width)
    return short_lines(situation, analysis, who, state.names, width)


def over_note(session) -> str:
    """What a finished table match still offers (:func:`fives_tutor.table.render.match_over_note`):
    ``fives games review`` where a hand was followed, which it needs."""
    from .render import match_over_note

    return match_over_note(session.match_id, reviewable=_followed_a_hand(session))


def _followed_a_hand(session) -> bool:
    return any(event.get("type") == "hand" for event in session.events)


def closing(session) -> str:
    """The last line: how to continue, or that nothing was saved; a finished match is
    not offered to be continued, but to be gone through again."""
    if not session.saved:
        return _("Nothing was played, so no match was saved.")

    path = session.journal.path
    if session.state.over:
        if _followed_a_hand(session):
            return _("The match is saved: {command} goes through your moves again.").format(
                command=command_for(f"fives games review {session.match_id}", path))
        return _("The match is over and saved: {command} shows its sheet.").format(
            command=command_for(f"fives games show {session.match_id}", path))
    return _("The match is saved: {command} continues it.").format(
        command=command_for(f"fives table --resume {session.match_id}", path))


class TableFace:
    """How ``fives table`` shows its scorekeeping ``session``; ``muggins``: how it
    speaks of announced points (``announce`` or ``quiet``,
    :data:`~fives_tutor.table.render.MUGGINS_MODES`)."""

    def __init__(self, session, muggins: str = "announce") -> None:
        self.session = session
        self.muggins = muggins

    @property
    def quiet(self) -> bool:
        """Whether the keeper keeps what plays make to itself (the completer then
        offers plays without their points)."""
        return words.keeps_quiet(self.session.state, self.muggins)

    def opening(self, style: str, width: int | None = None) -> list[str]:
        return opening(self.session, style, width, self.muggins)

    def answer(self, reply, style: str, width: int | None = None) -> list[str]:
        return answer(self.session, reply, style, width, self.muggins)

    def follow(self, style: str, width: int | None = None):
        """Nothing happens by itself at a real table."""
        return iter(())

    def prompt(self) -> str:
        """The prompt: the question at the end of a hand, else whose turn it is."""
        state = self.session.state
        asked = self.session.asking()
        if asked is not None:
            return ask_line(state, asked) + " "
        return "> " if state.over else f"{state.names[state.turn]}> "

    def question(self) -> str | None:
        """What is asked after a reply without a terminal (the remaining pips), or None."""
        asked = self.session.asking()
        return ask_line(self.session.state, asked) if asked is not None else None

    def toolbar(self, width: int | None = None) -> str:
        return toolbar(self.session.state, width, self.quiet)

    def closing(self) -> str:
        return closing(self.session)


def face_of(session):
    """``session`` itself when it is a face (it has ``follow``), else a scorekeeping
    session's :class:`TableFace`."""
    return session if hasattr(session, "follow") else TableFace(session)


def run_lines(session, stream, style: str) -> int:
    """The shell without a terminal: one command a line, plain text answers, and what
    happens by itself (the computer's moves) at once. ``session`` is a scorekeeping
    session or a face of one. Returns 2 when any line was refused, else 0."""
    face = face_of(session)
    for line in face.opening(style):
        echo(line)
    for lines, _pause in face.follow(style):
        for line in lines:
            echo(line)
    refused = False

    while True:
        raw = read_line(stream)  # bounded: a 20 MB line is refused, not read
        if raw is None:
            break
        if isinstance(raw, LineTooLong):
            echo("\n".join(prose([refusal(raw)])))
            refused = True
            continue
        reply = face.session.handle(raw)
        if reply.kind == "quit":
            break
        if reply.kind == "refused":
            refused = True
        for line in face.answer(reply, style):
            echo(line)
        for lines, _pause in face.follow(style):
            for line in lines:
                echo(line)
        question = face.question()
        if question is not None:
            echo("\n".join(prose([question])))
    return 2 if refused else 0


def history_path() -> str:
    """Where the shell keeps its input history across sessions."""
    override = os.environ.get("FIVES_HOME")
    if override:
        return os.path.join(override, "table-history")
    from platformdirs import user_state_dir  # start-up: imported only when a user folder is needed

    return os.path.join(user_state_dir("fives-tutor", appauthor=False), "table-history")
