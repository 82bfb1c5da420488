"""The interactive face of ``fives table``: prompt_toolkit with completion of commands,
names and legal tiles, checks as you type, and a toolbar. Imported only when a
terminal shell opens (prompt_toolkit is slow to import)."""

from __future__ import annotations

import os

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.validation import ValidationError, Validator

from ..errors import FivesError
from ..i18n import _, current
from ..keeper import replay
from ..render import points_phrase
from ..render_table import ask_line, refusal, toolbar
from ..table_session import WORDS, parse_command
from ..text.output import echo, menu_meta, menu_text, prompt_text
from .table import answer, history_path, opening


class TableCompleter(Completer):
    """Commands, player names and the tiles that may be played now, each tile with
    the total it leaves and its points."""

    def __init__(self, session) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent):
        word = document.get_word_before_cursor(WORD=True)
        state = self.session.state
        t = current()
        if self.session.asking() is not None:
            return
        for play in state.legal_tiles():
            text = play.notation
            if text.startswith(word):
                meta = _("total {total}: {points}").format(total=t.number(play.total), points=points_phrase(play.points))
                yield Completion(text, start_position=-len(word), display=menu_text(text), display_meta=menu_meta(meta))
        for name in state.names:
            if name.casefold().startswith(word.casefold()):
                yield Completion(name, start_position=-len(word), display=menu_text(name),
                                 display_meta=menu_meta(_("player")))
        for command in WORDS:
            if command.startswith(word.lower()):
                yield Completion(command, start_position=-len(word), display=menu_text(command),
                                 display_meta=menu_meta(_("command")))


class TableValidator(Validator):
    """Refuses, as you type, an entry the table cannot accept, with the reason."""

    def __init__(self, session) -> None:
        self.session = session

    def validate(self, document: Document) -> None:
        text = document.text.strip()
        session = self.session
        if not text or session.asking() is not None:
            return
        try:
            command = parse_command(text, session.names)
            if command.word in ("play", "draw", "pass", "muggins"):
                event = session._event(command)
                if event is not None:
                    replay(session.rules, session.names, session.teams, session.events + [event])
        except FivesError as error:
            raise ValidationError(message=prompt_text(refusal(error)), cursor_position=len(document.text)) from None


def make_prompt_session(session, history_file: str | None = None) -> PromptSession:
    """The prompt_toolkit session for a scorekeeping session."""
    history = InMemoryHistory()
    path = history_file or history_path()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        history = FileHistory(path)
    except OSError:
        pass
    return PromptSession(history=history, completer=TableCompleter(session), validator=TableValidator(session),
                         validate_while_typing=True, complete_while_typing=False,
                         bottom_toolbar=lambda: prompt_text(toolbar(session.state)))


def run_interactive(session, style: str, prompt_session: PromptSession | None = None) -> int:
    """The shell loop in a terminal. Ctrl-D or ``quit`` leaves; the match is saved."""
    prompt_session = prompt_session or make_prompt_session(session)
    for line in opening(session):
        echo(line)
    while True:
        asked = session.asking()
        message = prompt_text(ask_line(session.state, asked) + " " if asked is not None else _prompt(session))
        try:
            line = prompt_session.prompt(message)
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        reply = session.handle(line)
        if reply.kind == "quit":
            break
        for text in answer(session, reply, style):
            echo(text)
    echo(_("The match is saved: fives table --resume {id} continues it.").format(id=session.match_id))
    return 0


def _prompt(session) -> str:
    state = session.state
    if state.over:
        return "> "
    return f"{state.names[state.turn]}> "
