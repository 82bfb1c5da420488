"""The interactive face of ``fives table``: prompt_toolkit with completion of tiles
(either order, scoring plays first), names and commands, a check as you type that
speaks only once no ending of the line could be taken, and a toolbar. Imported only
when a terminal shell opens (prompt_toolkit is slow to import).

Completion and checking read the line with the grammar of
:mod:`fives_tutor.table.grammar` compiled by prompt_toolkit's ``regular_languages``,
the same text the session parses with :mod:`re`.
"""

from __future__ import annotations

import datetime
import os
import time
from collections.abc import Iterable
from functools import lru_cache

from prompt_toolkit import PromptSession
from prompt_toolkit.buffer import ValidationState
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.contrib.regular_languages import compile as compile_grammar
from prompt_toolkit.contrib.regular_languages.compiler import Match
from prompt_toolkit.document import Document
from prompt_toolkit.filters import has_selection, to_filter
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout.containers import Window
from prompt_toolkit.selection import SelectionType
from prompt_toolkit.validation import ValidationError, Validator

from ..core.tiles import ascii_digits
from ..render.sentences import points_phrase
from ..store.files import DataFileError, check_entry, open_regular
from ..text.i18n import _, current, localize_error
from ..text.output import echo, menu_meta, menu_text, prompt_text, screen_text
from ..text.wrap import terminal_width, wrap_lines
from .grammar import candidates, command_word, find_player, grammar, read_tile
from .keys import stray_escape_bindings
from .replies import face_of, history_path, prose


@lru_cache(maxsize=2)
def compiled(asking: bool):
    """The grammar compiled by prompt_toolkit (a line, or an answer to the pips question)."""
    return compile_grammar(grammar(asking))


def _paths(session, text: str):
    """Each way the grammar reads ``text`` as the beginning of a line: a list of
    (name, value, start, stop) per way; nothing when the text cannot begin a line."""
    grammar_ = compiled(session.asking() is not None)
    found = grammar_.match_prefix(text)
    if found is None or found.trailing_input() is not None:
        return []
    paths = []
    for pattern, regex_match in found._re_matches:
        one = Match(text, [(pattern, regex_match)], grammar_._group_names_to_nodes, grammar_.unescape_funcs)
        paths.append([(v.varname, v.value, v.start, v.stop) for v in one.variables()])
    return paths


def _context(path) -> str | None:
    return next((command_word(value) for name, value, _start, _stop in path if name == "command"), None)


def _complete_piece(name: str, value: str, session) -> bool:
    """Whether a piece that the line has gone past is one the table knows."""
    if name == "player":
        return find_player(value, session.names) is not None
    if name == "command":
        return command_word(value) in session.words
    if name == "play":
        try:
            read_tile(value, value, 0)
        except ValueError:
            return False
        return True
    return True


def _open_piece(name: str, value: str, path, session) -> bool:
    """Whether a piece still being typed can become one the table takes."""
    if name == "player" and find_player(value, session.names) is not None:
        return True  # a whole name: the tile or command comes next
    if name == "announced":
        return value == "" or ascii_digits(value).isdecimal()
    if name == "hand" or name == "argument" and _context(path) in ("hand", "draw") and not value.isdecimal():
        *done, last = value.split() or [""]
        try:
            for token in done:
                read_tile(token, token, 0)
        except ValueError:
            return False
        return all(c.isdecimal() or c in "|-[]" for c in ascii_digits(last))
    typed = value.casefold()
    return any(len(c.text) > len(value) and c.text.casefold().startswith(typed) or
               name == "play" and len(c.text) > len(value)
               for c in _candidates(session, name, value, _context(path)))


def _candidates(session, name: str, value: str, context: str | None):
    """What completes a piece, for this session: its plays, its command words, and the
    players' names where lines may name them."""
    names = session.names if getattr(session, "complete_names", True) else []
    return candidates(name, value, session.state, names, context, plays=session.legal(), words=session.words)


def valid_beginning(session, text: str) -> bool:
    """Whether some ending of ``text`` would be a line the table takes now: the grammar
    reads it, every finished piece is known, and the piece being typed can still be
    completed (the completer offers something longer)."""
    for path in _paths(session, text):
        inner = [(n, v) for n, v, _start, stop in path if stop < len(text)]
        ends = [(n, v) for n, v, _start, stop in path if stop == len(text)]
        if all(_complete_piece(n, v, session) for n, v in inner) and any(
                _open_piece(n, v, path, session) for n, v in ends):
            return True
    return False


class TableCompleter(Completer):
    """Commands, player names and the plays the table would take now: a tile typed in
    either order finds its plays, the plays that score first, each with the total it
    leaves and its points."""

    def __init__(self, session, quiet: bool = False) -> None:
        self.session = session
        self.quiet = quiet  # --muggins quiet: plays in the order of their tiles, their points unsaid

    def get_completions(self, document: Document, complete_event: CompleteEvent):
        text = document.text_before_cursor
        t = current()
        seen = set()
        for path in _paths(self.session, text):
            for name, value, start, stop in path:
                if stop != len(text):
                    continue
                found = _candidates(self.session, name, value, _context(path))
                if self.quiet:  # best first would say which plays score
                    found = sorted(found, key=lambda candidate: (candidate.kind, candidate.text))
                for candidate in found:
                    key = (candidate.text, start)
                    if key in seen:
                        continue
                    seen.add(key)
                    if candidate.kind == "play" and self.quiet:
                        meta = ""
                    elif candidate.kind == "play":
                        play = candidate.play
                        meta = _("total {total}: {points}").format(total=t.number(play.total),
                                                                   points=points_phrase(play.points))
                    else:
                        meta = {"player": _("player"), "command": _("command"), "count": _("tiles")}[candidate.kind]
                    yield Completion(candidate.text, start_position=start - len(text), display=menu_text(candidate.text),
                                     display_meta=menu_meta(meta))


class TableValidator(Validator):
    """Checks a line against the table. While it is typed, it speaks only when no
    ending of the line could be taken (and then says why, the cursor at the fault);
    on Enter, a line the table would refuse stays for editing with the reason."""

    def __init__(self, session) -> None:
        self.session = session

    def _check(self, text: str, typing: bool) -> None:
        refused = self.session.check(text)
        if refused is None:
            return
        if typing and valid_beginning(self.session, text):
            return
        # under the input, wrapped to the terminal's width (the line itself stays, so nothing was recorded goes unsaid)
        raise ValidationError(message=refusal_text(refused.error, _width()),
                              cursor_position=min(len(text), refused.position))

    def validate(self, document: Document) -> None:
        """On Enter: the whole line must be one the table takes."""
        self._check(document.text, typing=False)

    async def validate_async(self, document: Document) -> None:
        """While typing: only a line that cannot become one the table takes."""
        self._check(document.text, typing=True)


def refusal_text(error, width: int) -> str:
    """Why a line is refused, wrapped to ``width`` cells at word boundaries (one cell
    kept for the space that carries a right-to-left line's mark), as the validation
    toolbar shows it. Drawn as a prompt's lines are (its last line not embedded), not as
    a screen's: with its last line embedded, prompt_toolkit redrew the typed line a
    column off after the refusal (tests/test_tmux_shell.py types it in Persian)."""
    return prompt_text("\n".join(wrap_lines(localize_error(error), max(20, width - 1))))


def grow_validation_toolbar(prompt_session: PromptSession[str]) -> None:
    """prompt_toolkit's validation toolbar is one row high, so a longer reason is cut at
    the terminal's edge: let it take as many rows as the wrapped reason has."""
    for container in prompt_session.app.layout.walk():
        text = getattr(getattr(container, "content", None), "text", None)
        if isinstance(container, Window) and getattr(text, "__qualname__", "").startswith("ValidationToolbar."):
            container.height = None
            container.dont_extend_height = to_filter(True)


def select_fault(buffer) -> None:
    """A refused line stays for editing: from the fault (where the validator put the
    cursor) to its end it is selected, so what is typed next replaces it instead of
    being glued to it; an arrow key keeps it and moves the cursor."""
    fault = buffer.cursor_position
    if fault >= len(buffer.text):
        return
    buffer.cursor_position = len(buffer.text)
    buffer.start_selection(SelectionType.CHARACTERS)
    buffer.selection_state.enter_shift_mode()
    buffer.cursor_position = fault


def _selected_span(buffer) -> tuple[int, int]:
    """Start and end of the selected text (the refused part of a line)."""
    start = min(buffer.cursor_position, buffer.selection_state.original_cursor_position)
    end = max(buffer.cursor_position, buffer.selection_state.original_cursor_position)
    return start, end


def refused_line_bindings() -> KeyBindings:
    """Enter checks the whole line. While a refused part is selected (:func:`select_fault`)
    prompt_toolkit's Emacs mode is out of its insert mode, so C-u and C-k did nothing
    and Esc waited for a key: here they edit as in a shell whose cursor stands at the
    end of the line, the selection dropped. C-u deletes the whole line, C-k the
    refused part (from the fault to the end), Esc the refused part at once."""
    bindings = stray_escape_bindings()

    @bindings.add("c-u", filter=has_selection)
    def _discard_line(event) -> None:
        buffer = event.current_buffer
        _start, end = _selected_span(buffer)
        buffer.exit_selection()
        buffer.cursor_position = end
        event.app.clipboard.set_text(buffer.delete_before_cursor(count=end))

    @bindings.add("c-k", filter=has_selection)
    def _kill_to_end(event) -> None:
        buffer = event.current_buffer
        start, _end = _selected_span(buffer)
        buffer.exit_selection()
        buffer.cursor_position = start
        event.app.clipboard.set_text(buffer.delete(count=len(buffer.text) - start))

    @bindings.add("escape", filter=has_selection, eager=True)
    def _drop_refused(event) -> None:
        buffer = event.current_buffer
        start, end = _selected_span(buffer)
        buffer.exit_selection()
        buffer.text = buffer.text[:start] + buffer.text[end:]
        buffer.cursor_position = start

    @bindings.add("enter")
    def _accept(event) -> None:
        # the check made while typing is lenient: on Enter the line is checked whole
        buffer = event.current_buffer
        buffer.exit_selection()
        buffer.validation_state = ValidationState.UNKNOWN
        buffer.validate_and_handle()
        if buffer.validation_state == ValidationState.INVALID:
            select_fault(buffer)

    return bindings


#: the end of the history file that a shell reads back (a file of years of matches keeps growing)
HISTORY_BYTES = 256 * 1024


class BoundedFileHistory(FileHistory):
    """The shell's input history in a file of the data folder, read and written like the
    other files there: only as a regular file, never through a link (a link planted there
    would have every line appended to its target) nor from a named pipe or a device,
    and of a long file only its last :data:`HISTORY_BYTES`."""

    def load_history_strings(self) -> Iterable[str]:
        try:
            descriptor = open_regular(str(self.filename), os.O_RDONLY)
        except (OSError, DataFileError):  # missing, or changed since the shell checked it: no history
            return []
        with os.fdopen(descriptor, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > HISTORY_BYTES:
                handle.seek(size - HISTORY_BYTES)
                handle.readline()  # the rest of an entry cut in the middle
            data = handle.read(HISTORY_BYTES)
        strings: list[str] = []
        lines: list[str] = []
        for raw in data.decode("utf-8", errors="replace").splitlines(keepends=True):
            if raw.startswith("+"):
                lines.append(raw[1:])
            else:
                if lines:
                    strings.append("".join(lines)[:-1])
                lines = []
        if lines:
            strings.append("".join(lines)[:-1])
        return reversed(strings)  # the newest first, as prompt_toolkit wants them

    def store_string(self, string: str) -> None:
        try:
            descriptor = open_regular(str(self.filename), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600,
                                      only_name=True)
            with os.fdopen(descriptor, "ab") as handle:
                text = f"\n# {datetime.datetime.now()}\n" + "".join(f"+{line}\n" for line in string.split("\n"))
                handle.write(text.encode("utf-8", errors="replace"))
        except (OSError, DataFileError):
            pass  # the line is played and saved all the same; only recalling it later is lost


def make_prompt_session(session, history_file: str | None = None) -> PromptSession[str]:
    """The prompt_toolkit session for a shell's session (a scorekeeping
    :class:`~fives_tutor.table.session.Session`, or a face of one: see
    :func:`~fives_tutor.table.replies.face_of`)."""
    path = history_file or history_path()
    check_entry(path)  # a link, a named pipe or a device in its place: one line, exit 2
    face = face_of(session)
    history: History = InMemoryHistory()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        history = BoundedFileHistory(path)
    except OSError:
        pass
    prompt_session: PromptSession[str] = PromptSession(
        history=history, completer=TableCompleter(face.session, quiet=getattr(face, "quiet", False)),
        validator=TableValidator(face.session),
        validate_while_typing=True, complete_while_typing=False, key_bindings=refused_line_bindings(),
        bottom_toolbar=lambda: screen_text(face.toolbar(_width())))
    grow_validation_toolbar(prompt_session)
    return prompt_session


def _width() -> int:
    return terminal_width()


def run_interactive(session, style: str, prompt_session: PromptSession[str] | None = None, pace: float = 0.0) -> int:
    """The shell loop in a terminal. Ctrl-D or ``quit`` leaves; the match is saved.
    ``session`` is a scorekeeping session or a face of one; what happens by itself
    between the player's lines (the computer's moves) is shown ``pace`` seconds apart."""
    face = face_of(session)
    prompt_session = prompt_session or make_prompt_session(face)

    def follow() -> None:
        for lines, pause in face.follow(style, _width()):
            if pause and pace:
                time.sleep(pace)
            for text in lines:
                echo(text)

    for line in face.opening(style, _width()):
        echo(line)
    follow()
    while True:
        message = prompt_text(face.prompt())
        try:
            line = prompt_session.prompt(message)
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        reply = face.session.handle(line)
        if reply.kind == "quit":
            break
        for text in face.answer(reply, style, _width()):
            echo(text)
        follow()
    echo("\n".join(prose([face.closing()], _width())))
    return 0
