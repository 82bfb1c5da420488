"""``fives games review`` in a terminal: the review's pages
(:mod:`fives_tutor.table.review_text`) on a board one steps through with prompt_toolkit,
as on lichess's analysis board. Imported only when a terminal opens it
(prompt_toolkit is slow to import).

Keys: → or ``n`` the next move, ← or ``p`` the one before, ``m`` the next inaccuracy or
mistake, Home and End (``g``, ``G``) the first move and the summary, ↑ ↓ and the page keys
scroll a long page, ``b`` opens the position in ``fives best`` (the command is shown,
and its answer below it), ``t`` plays on from the position as a new practice match
(``fives play --from``), ``q`` leaves.

The stepping is a :class:`Board` (no terminal), so that it is checked without one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import StyleAndTextTuples, to_formatted_text
from prompt_toolkit.key_binding import KeyPressEvent
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl

from ..text.i18n import _
from ..text.output import screen_text
from ..text.wrap import display_width
from .keys import stray_escape_bindings
from .review_text import Move, mistakes_after


class Board:
    """Where the reader is in the review: ``pages`` (one a move, then the summary), the
    ``moves`` they show, the page shown (``index``), how far it is scrolled, and lines
    shown under it (``extra``: the answer of ``fives best``). ``best(move)`` gives those
    lines for a move."""

    def __init__(self, pages: Sequence[list[str]], moves: Sequence[Move],
                 best: Callable[[Move], list[str]] | None = None) -> None:
        self.pages = list(pages)
        self.moves = list(moves)
        self.index = 0
        self.scroll = 0
        self.extra: list[str] = []
        self.best = best
        self.chosen: Move | None = None  # the move to play on from, once asked

    @property
    def move(self) -> Move | None:
        """The move shown (None on the summary)."""
        return self.moves[self.index] if self.index < len(self.moves) else None

    def go(self, index: int) -> None:
        """Show page ``index`` (kept within the pages), from its top."""
        self.index = max(0, min(index, len(self.pages) - 1))
        self.scroll = 0
        self.extra = []

    def next(self) -> None:
        self.go(self.index + 1)

    def previous(self) -> None:
        self.go(self.index - 1)

    def next_mistake(self) -> bool:
        """The next move marked an inaccuracy or a mistake; False when there is none."""
        if not self.moves:
            return False
        found = mistakes_after(self.moves, min(self.index, len(self.moves) - 1) if self.move else -1)
        if found is None:
            return False
        self.go(found)
        return True

    def open_best(self) -> None:
        """Put the position's ``fives best`` command and answer under the page."""
        move = self.move
        if move is not None and self.best is not None:
            self.extra = self.best(move)

    def lines(self) -> list[str]:
        """The page shown, with what was opened under it."""
        return self.pages[self.index] + ([""] + self.extra if self.extra else [])

    def view(self, rows: int) -> list[str]:
        """The rows of the page that fit ``rows`` rows, from the scroll position; when
        more of the page lies below (``fives best``'s answer opened under a long page),
        the last row says so and how to reach it."""
        lines = self.lines()
        self.scroll = max(0, min(self.scroll, len(lines) - rows))
        shown = lines[self.scroll:self.scroll + rows]
        if self.scroll + rows < len(lines) and rows > 1:
            shown = shown[:-1] + [_("↓ more below: ↓ or PgDn")]
        return shown


def keys_line() -> str:
    """The keys, shown under the page."""
    return _("→/n next · ←/p back · m next mistake · b fives best · t play from here · q quit")


def keys_lines(width: int) -> list[str]:
    """:func:`keys_line` on as many rows of ``width`` cells as it needs, broken between
    keys (at " · "), never inside one: in some languages it is longer than 80 columns,
    and the last keys (q quit) were cut off."""
    rows: list[str] = []
    for key in keys_line().split(" · "):
        if rows and display_width(rows[-1] + " · " + key) <= width:
            rows[-1] += " · " + key
        else:
            rows.append(key)
    return rows


#: the letter keys of the board as a Persian keyboard (ISIRI 9147) types them: the same
#: key works whichever layout the reader's keyboard is in (``ض`` is the q key)
PERSIAN_KEYS = {"n": "\u062f", "p": "\u062d", "m": "\u067e", "g": "\u0644", "b": "\u0630", "t": "\u0641",
                "q": "\u0636"}


def make_app(board: Board) -> Application[None]:
    """The prompt_toolkit application that shows ``board`` full screen."""
    bindings = stray_escape_bindings()  # its keys and nothing else: no mouse

    def size() -> tuple[int, int]:
        try:
            found = app.output.get_size()
            return found.rows, found.columns
        except Exception:  # an output that cannot say its size (a test's): a screen of 30 by 80
            return 30, 80

    def key_rows() -> list[str]:
        return keys_lines(size()[1])

    def rows() -> int:
        return max(3, size()[0] - 1 - len(key_rows()))

    def page() -> StyleAndTextTuples:
        return to_formatted_text("\n".join(screen_text(line) if line else "" for line in board.view(rows())))

    def status() -> StyleAndTextTuples:
        return to_formatted_text("\n".join(screen_text(row) for row in key_rows()), style="reverse")

    def on(*keys: str) -> Callable[[Callable[[], object]], None]:
        def add(action: Callable[[], object]) -> None:
            for key in keys + tuple(PERSIAN_KEYS[k] for k in keys if k in PERSIAN_KEYS):
                bindings.add(key)(lambda event, act=action: act())
        return add

    on("right", "n", "space")(board.next)
    on("left", "p")(board.previous)
    on("m")(board.next_mistake)
    on("home", "g")(lambda: board.go(0))
    on("end", "G")(lambda: board.go(len(board.pages) - 1))
    on("b")(board.open_best)

    @bindings.add("down")
    def _down(event: KeyPressEvent) -> None:
        board.scroll += 1

    @bindings.add("up")
    def _up(event: KeyPressEvent) -> None:
        board.scroll = max(0, board.scroll - 1)

    @bindings.add("pagedown")
    def _page_down(event: KeyPressEvent) -> None:
        board.scroll += rows()

    @bindings.add("pageup")
    def _page_up(event: KeyPressEvent) -> None:
        board.scroll = max(0, board.scroll - rows())

    @bindings.add("t")
    @bindings.add(PERSIAN_KEYS["t"])
    def _play(event: KeyPressEvent) -> None:
        if board.move is not None:
            board.chosen = board.move
            event.app.exit()

    @bindings.add("q")
    @bindings.add(PERSIAN_KEYS["q"])
    @bindings.add("c-c")
    @bindings.add("c-d")
    @bindings.add("escape", eager=True)
    def _quit(event: KeyPressEvent) -> None:
        event.app.exit()

    app: Application[None] = Application(
        layout=Layout(HSplit([Window(FormattedTextControl(page), wrap_lines=False),
                              Window(FormattedTextControl(status), height=lambda: len(key_rows()))])),
        key_bindings=bindings, full_screen=True)
    return app


def run_board(board: Board) -> Move | None:
    """Step through ``board`` in the terminal; the move to play on from when the reader
    asked to (``t``), else None."""
    make_app(board).run()
    return board.chosen


__all__ = ["PERSIAN_KEYS", "Board", "keys_line", "keys_lines", "make_app", "run_board"]
