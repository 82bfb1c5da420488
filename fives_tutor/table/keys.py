"""The keys every prompt of fives shares, apart from the shell (light: a lesson's or a
puzzle's prompt loads this, not the table's shell)."""

from __future__ import annotations

from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys


def stray_escape_bindings() -> KeyBindings:
    """No prompt of fives asks for the mouse, so a sequence prompt_toolkit reads as a
    mouse event is an escape sequence typed or pasted into the line (ESC [31m, a colour
    code copied with a position): it is dropped. prompt_toolkit's own handler fails on
    it with a traceback in the middle of the prompt."""
    bindings = KeyBindings()

    @bindings.add(Keys.Vt100MouseEvent)
    def _ignore(event) -> None:
        return None

    return bindings


__all__ = ["stray_escape_bindings"]
