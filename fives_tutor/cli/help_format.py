"""Help pages laid out for a terminal in any language: Click's formatter measures with
``len()`` and breaks at hyphens (``dominos-`` / ``cc``); this one measures by display
width (a Persian zero-width non-joiner or a mark takes no column) and breaks only at
spaces, never inside a pack id, a command (``fives games list``), a sum or a span
marked left to right (:mod:`fives_tutor.text.wrap`).

Commands of ``fives`` use it through their context class
(:class:`fives_tutor.cli.common.FivesContext`), which imports this module only when
help is shown.
"""

from __future__ import annotations

import click

from ..text.i18n import _
from ..text.wrap import display_width, fill


def _paragraphs(text: str) -> list[tuple[int, bool, str]]:
    """``(indent, raw, text)`` for each paragraph of help text, as Click reads it: a
    paragraph starting with ``\\b`` is kept as written; an indented one keeps its indent."""
    found = []
    for block in text.split("\n\n"):
        if not block.strip():
            continue
        lines = block.split("\n")
        if lines[0].strip() == "\b":
            found.append((0, True, "\n".join(lines[1:])))
            continue
        indent = len(lines[0]) - len(lines[0].lstrip())
        found.append((indent, False, " ".join(line.strip() for line in lines)))
    return found


def wrap_help(text: str, width: int, indent: str = "", hanging: str | None = None) -> list[str]:
    """Help text as rows of at most ``width`` cells, paragraphs kept apart by a blank row."""
    rows: list[str] = []
    hanging = indent if hanging is None else hanging
    for number, (extra, raw, paragraph) in enumerate(_paragraphs(text)):
        if number:
            rows.append("")
        first = (indent if number == 0 else hanging) + " " * extra
        rest = hanging + " " * extra
        if raw:
            rows += [rest + line for line in paragraph.split("\n")]
        else:
            rows += fill(paragraph, width, first, rest)
    return rows


class FivesHelpFormatter(click.HelpFormatter):
    """Click's help formatter, measuring by display width and breaking only at spaces."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = _("Usage:") + " "
        usage_prefix = " " * max(0, self.current_indent - display_width(prefix)) + f"{prefix}{prog} "
        if not args:
            self.write(usage_prefix.rstrip(" ") + "\n")
            return
        text_width = self.width - self.current_indent
        if text_width >= display_width(usage_prefix) + 20:
            rows = fill(args, text_width, usage_prefix, " " * display_width(usage_prefix))
        else:
            indent = " " * (max(self.current_indent, display_width(prefix)) + 4)
            rows = [usage_prefix.rstrip(" ")] + fill(args, text_width, indent, indent)
        self.write("\n".join(rows) + "\n")

    def write_text(self, text: str) -> None:
        indent = " " * self.current_indent
        self.write("\n".join(wrap_help(text, self.width, indent)) + "\n")

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        if not rows:
            return
        first_col = min(max(display_width(first) for first, _second in rows), col_max) + col_spacing
        text_width = max(self.width - first_col - 2, 10)
        margin = " " * self.current_indent
        for first, second in rows:
            self.write(margin + first)
            if not second:
                self.write("\n")
                continue
            shown = display_width(first)
            if shown <= first_col - col_spacing:
                self.write(" " * (first_col - shown))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = wrap_help(second, text_width)
            self.write((lines[0] if lines else "") + "\n")
            for line in lines[1:]:
                self.write((" " * (first_col + self.current_indent) + line if line else "") + "\n")
