"""The one way lines leave fives-tutor for people: marks, visual order, terminals.

Every text line written to standard output or standard error goes through
:func:`echo` (the shells' prompts, toolbar and completion menu through
:func:`prompt_text`, :func:`menu_text` and :func:`menu_meta`). In a right-to-left
language each line gets its right-to-left mark and its left-to-right runs marked
(:func:`fives_tutor.text.bidi.mark_line`, idempotent, so text the code marked already
is left alone), and the rest of the line a right-to-left embedding, so that it reads
right where the terminal forces lines left to right too
(:func:`fives_tutor.text.bidi.embed_line`); with ``--bidi visual`` each line is put
in visual order instead. On a terminal a line wider than it is wrapped at spaces here
(an error naming ``fives-and-threes``), never left to the terminal, which would cut a
word; into a pipe or a file a message stays one line. JSON never comes here.

Terminals. VTE (GNOME Terminal, Tilix, ...) detects the direction of a line only while
its private mode 2501 is set, and it is off by default; so when Persian is written to
a VTE terminal, the mode is saved and set (``CSI ? 2501 s``, ``CSI ? 2501 h``) before
the first line and restored (``CSI ? 2501 r``) at exit, only on a terminal, never into
a pipe or file. VTE, Konsole and prompt_toolkit all drop a zero-width character written
in a line's first column (there is no cell before it to attach it to), which would lose
the line's RLM; so on a terminal a Persian line is written with one space before its
RLM, which carries it. That space is a column of the line: text for a terminal is
wrapped one column narrower there (:func:`carrier_columns`, which
:func:`fives_tutor.text.wrap.terminal_width` counts).

Output that the stream's encoding cannot show is written with marks removed and the
rest replaced, never with a traceback.
"""

from __future__ import annotations

import atexit
import os
import sys

import click

from . import wrap
from .i18n import current

RLM = "\u200f"


def _rtl_hint(text: str) -> bool:
    """Whether a right-to-left letter or mark may be in ``text`` (text.bidi checks
    exactly). A look at its distinct characters: no regex to compile on the way to
    ``fives score``'s first line."""
    return any("\u0590" <= char <= "\u08ff" or "\ufb1d" <= char <= "\ufefc" or char == RLM
               for char in set(text))

#: VTE private mode: detect each paragraph's direction from its first strong character
VTE_SAVE, VTE_SET, VTE_RESTORE = "\x1b[?2501s", "\x1b[?2501h", "\x1b[?2501r"

_visual = False
_terminal_prepared = False


def set_visual(on: bool) -> None:
    """Write right-to-left lines in visual order (``--bidi visual``) or logical order.
    Raises ImportError when the ``bidi`` extra (python-bidi, arabic-reshaper) is missing."""
    global _visual
    if on:
        import arabic_reshaper  # noqa: F401
        import bidi  # noqa: F401
    _visual = on


def visual() -> bool:
    """Whether right-to-left lines are written in visual order."""
    return _visual


def _rtl() -> bool:
    return current().rtl


def render(text: str, markdown: bool = False, columns: int | None = None, align: bool = True,
           embed_last: bool = True) -> list[str]:
    """The lines of ``text`` as they are to be written: in a right-to-left language
    every line that is not blank right to left (a row of a wrapped sentence, a line of
    help that Click broke off a sentence), marked and embedded
    (:func:`fives_tutor.text.bidi.embed_line`; the last line not embedded unless
    ``embed_last``), but those drawn left to right on purpose
    (:func:`fives_tutor.text.bidi.ltr_line`); ``markdown``: the mark after a
    Markdown block marker, on lines with right-to-left text. In a left-to-right language
    a line that starts with right-to-left letters is kept left to right. With ``--bidi
    visual``, in visual order (wrapped to ``columns``, default the terminal's, and
    right-aligned unless not ``align``)."""
    lines = text.split("\n")
    if not _rtl_hint(text):
        return lines
    from . import bidi  # start-up: right-to-left marks only for right-to-left text

    if _rtl():
        mark = bidi.mark_markdown_line if markdown else bidi.mark_line
        if not markdown:
            # every line of a right-to-left language reads right to left (a row of a wrapped
            # sentence that holds only a tile, a pack id or a number too), but a line drawn left
            # to right on purpose (a chart, the board: bidi.ltr_line)
            lines = [RLM + line if line.strip() and not line.startswith(RLM) and not bidi.is_ltr_line(line) else line
                     for line in lines]
        lines = [mark(line) for line in lines]
        if not _visual:
            embed = bidi.embed_markdown_line if markdown else bidi.embed_line
            embedded = len(lines) if embed_last else len(lines) - 1
            lines = [embed(line) for line in lines[:embedded]] + lines[embedded:]
    else:
        lines = [bidi.guard_ltr_line(line) for line in lines]
    if _visual:
        columns = columns or wrap.terminal_width()
        lines = [row for line in lines for row in bidi.visual_rows(line, columns, align)]
    return lines


def carrier_columns() -> int:
    """Columns a line of text gives up at its start on standard output: 1 where a
    right-to-left line is written to a terminal in logical order (the space that
    carries its RLM, :func:`for_terminal`), else 0."""
    if _visual or not _rtl():
        return 0
    return 1 if _isatty(sys.stdout) else 0


wrap.set_lead(carrier_columns)


def fit(lines: list[str], columns: int | None = None) -> list[str]:
    """``lines`` with every line wider than ``columns`` (default: the terminal's width,
    less the carrier's column; where no width is known, as a pipe without ``COLUMNS``,
    the lines as they are) wrapped at spaces, its continuation rows hanging two
    columns under its text: a word is never cut by the terminal. Lines that fit (the
    rows of a table, a picture) are left as they are."""
    if columns is None and wrap.known_width() is None:
        return lines
    columns = columns or wrap.terminal_width()
    fitted = []
    for line in lines:
        if 2 * len(line) <= columns or wrap.display_width(line) <= columns:  # a cell is at most two columns
            fitted.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip())]
        fitted += wrap.wrap_lines(line.lstrip(), columns, indent=indent, hanging=indent + "  ")
    return fitted


def fit_markdown(lines: list[str], columns: int | None = None) -> list[str]:
    """:func:`fit` for Markdown shown on a terminal: the lines of a fenced block (a board,
    drawn to its columns) are left as drawn, every other line is wrapped at spaces, its
    rows hanging under it (a paragraph's or a list item's continuation in Markdown)."""
    fitted: list[str] = []
    fenced = False
    for line in lines:
        if line.lstrip().startswith("```"):
            fenced = not fenced
            fitted.append(line)
            continue
        fitted += [line] if fenced else fit([line], columns)
    return fitted


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _prepare_terminal(stream) -> None:
    """Switch on VTE's direction detection for the lines to come, once, and restore
    the terminal's own setting at exit."""
    global _terminal_prepared
    if _terminal_prepared or _visual or not os.environ.get("VTE_VERSION"):
        return
    _terminal_prepared = True
    _write_raw(stream, VTE_SAVE + VTE_SET)
    atexit.register(_write_raw, stream, VTE_RESTORE)


def _write_raw(stream, sequence: str) -> None:
    try:
        stream.write(sequence)
        stream.flush()
    except (OSError, ValueError):
        pass  # a closed terminal or pipe: nothing to restore


def for_terminal(lines: list[str], stream) -> list[str]:
    """``lines`` ready for ``stream``: on a terminal, right-to-left lines get the space
    that carries their RLM, and VTE's direction detection is switched on."""
    if _visual or not _isatty(stream) or not any(line.startswith(RLM) for line in lines):
        return lines
    _prepare_terminal(stream)
    return [" " + line if line.startswith(RLM) else line for line in lines]


def echo(text: str = "", err: bool = False, nl: bool = True, markdown: bool = False) -> None:
    """Write ``text`` (any number of lines) to standard output, or standard error with
    ``err``: the single exit of text for people (see the module's notes; ``markdown``
    as in :func:`render`)."""
    stream = sys.stderr if err else sys.stdout
    text = str(text)
    # on a terminal a line too wide is wrapped at spaces, not cut by the terminal (Markdown too:
    # a worksheet read on the screen); into a pipe or a file a message stays one line (an error
    # is one line) and a Markdown file keeps its lines. Visual order wraps itself.
    if not _visual and _isatty(stream):
        text = "\n".join((fit_markdown if markdown else fit)(text.split("\n")))
    out = "\n".join(for_terminal(render(text, markdown=markdown), stream))
    try:
        # the stream itself: without it Click takes an ASCII stream for a misconfigured one and
        # writes UTF-8 past it, where PYTHONIOENCODING=ascii (or a real ASCII terminal) asked for
        # the fallback that the streams were set up with (cli.main._plain_streams)
        click.echo(out, file=stream, nl=nl)
    except UnicodeEncodeError:
        from .bidi import strip_marks  # start-up: only when the terminal cannot take the marks

        encoding = getattr(stream, "encoding", None) or "ascii"
        click.echo(strip_marks(out).encode(encoding, "replace").decode(encoding), file=stream, nl=nl)


def prompt_text(text: str) -> str:
    """A prompt or question shown by prompt_toolkit or ``click.prompt``, the answer typed
    after it: :func:`screen_text`, but the line the answer is typed on keeps its marks
    and gets no right-to-left embedding (RLE ... PDF): prompt_toolkit redraws a line by
    cells, and after a refused line it placed the typed text a column off where the
    terminal showed the embedded prompt (a short prompt reads the same without it, in
    every terminal). In visual order a prompt is not right-aligned."""
    return _prompt_lines(text, embed_last=False)


#: columns a prompt leaves free on its last row for the answer typed after it
ANSWER_ROOM = 16


def prompt_rows(text: str) -> str:
    """A prompt wrapped at spaces to the terminal's width, its last row short enough to
    leave :data:`ANSWER_ROOM` columns for the answer: a long prompt (a puzzle's, in
    Tagalog) is not cut by the terminal in the middle of a word, and the answer starts on
    its row. Ends with one space."""
    rows = wrap.wrap_lines(text.rstrip(), max(20, wrap.terminal_width() - ANSWER_ROOM))
    return "\n".join(rows) + " "


def screen_text(text: str) -> str:
    """Text that prompt_toolkit draws with nothing typed on it (a toolbar, a refusal, a
    full-screen page such as the review's board): marked and embedded as printed
    lines are (or in visual order), with the space that carries the RLM of a
    right-to-left line (prompt_toolkit, too, drops a zero-width character in the first
    column)."""
    return _prompt_lines(text, embed_last=True)


def _prompt_lines(text: str, embed_last: bool) -> str:
    lines = render(text, align=False, embed_last=embed_last)
    if not _visual and any(line.startswith(RLM) for line in lines):
        if _isatty(sys.stdout):
            _prepare_terminal(sys.stdout)
        lines = [" " + line if line.startswith(RLM) else line for line in lines]
    return "\n".join(lines)


def menu_text(text: str) -> str:
    """A completion shown in a menu: a menu row must stay left to right, or the whole
    row (and the menu with it) would be reordered; an LRM starts it."""
    if _visual or not _rtl():
        return text
    return "\u200e" + text


def menu_meta(text: str) -> str:
    """The note beside a completion: in a right-to-left language a right-to-left span
    inside the left-to-right menu row, its own runs marked."""
    if not _rtl_hint(text):
        return text
    from . import bidi  # start-up: right-to-left marks only for right-to-left text

    if _visual:
        return bidi.visual_rows(text, 10_000, align=False)[0]
    return RLM + bidi.mark_runs(text) + RLM
