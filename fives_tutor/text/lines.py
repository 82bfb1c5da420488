"""Lines of input read within bounds: from a pipe, a file or a terminal's standard
input, a line is read in bounded memory, an over-long one is answered, never held.
"""

from __future__ import annotations

from typing import TextIO

from ..errors import N_, FivesError

#: the longest line read from standard input by a shell or a lesson, in characters
MAX_INPUT_LINE = 64 * 1024
#: characters skipped looking for the end of an over-long line before reading stops
MAX_INPUT_SKIP = 64 * 1024 * 1024


class LineTooLong(FivesError):
    """A line of input longer than :data:`MAX_INPUT_LINE` (its rest was skipped unread)."""


def read_line(stream: TextIO) -> str | LineTooLong | None:
    """The next line of the text ``stream`` in bounded memory (without its line break):
    the line, a :class:`LineTooLong` for an over-long one, or None at the end. A line
    that does not end within :data:`MAX_INPUT_SKIP` characters (``< /dev/zero``) ends
    the input, as None."""
    line = stream.readline(MAX_INPUT_LINE + 1)
    if not line:
        return None
    if line.startswith("\ufeff"):  # the byte order mark an editor may write first: it shows nothing, means nothing
        line = line[1:]
    if len(line) <= MAX_INPUT_LINE or line.endswith("\n"):
        return line.rstrip("\n")
    skipped = len(line)
    while not line.endswith("\n"):
        line = stream.readline(64 * 1024)
        skipped += len(line)
        if not line or skipped > MAX_INPUT_SKIP:
            return None
    return LineTooLong(N_("the line is longer than {limit} characters"), limit=MAX_INPUT_LINE)


__all__ = ["MAX_INPUT_LINE", "MAX_INPUT_SKIP", "LineTooLong", "read_line"]
