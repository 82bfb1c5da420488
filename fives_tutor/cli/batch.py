"""``--batch``: many requests in one process, one JSON line answered per input line.

Each line holds the arguments a command takes after its name, written as on a
shell command line. Thousands of lines a second must go through, so a line is
split by a small tokenizer (``shlex`` for lines with backslashes) and read by a
light parser built from the command's own Click parameters (its option names,
flags, defaults and types), without building a Click context per line.
"""

from __future__ import annotations

import json
import re
import shlex
import sys

import click

from ..errors import FivesError
from ..i18n import _, localize_error, ngettext
from .common import CliError

_TOKEN = re.compile(r"""(?:"[^"]*"|'[^']*'|[^\s"'])+""")
_QUOTED = re.compile(r""""([^"]*)"|'([^']*)'""")


def split_line(line: str) -> list[str]:
    """The words of ``line`` as a POSIX shell splits them (quotes removed).

    Raises ValueError for an unclosed quote.
    """
    if "\\" in line or _TOKEN.sub(" ", line).strip():
        return shlex.split(line)  # escapes, or a quote left open: shlex decides (and raises)
    return [_QUOTED.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), token)
            for token in _TOKEN.findall(line)]


class LineParser:
    """Reads a line's words into the parameters of ``command`` (names as Click's ``ctx.params``)."""

    def __init__(self, command: click.Command, ctx: click.Context) -> None:
        self.ctx = ctx
        self.options: dict[str, click.Option] = {}
        self.arguments = [p for p in command.params if isinstance(p, click.Argument)]
        # a line's defaults are the options given on the command line (--rules, --level ...),
        # as Click resolved them; arguments and --batch itself are per line
        self.defaults = {name: value for name, value in ctx.params.items()
                         if name not in {p.name for p in self.arguments} and name != "batch"}
        for param in command.params:
            if isinstance(param, click.Option):
                for name in param.opts:
                    self.options[name] = param

    def parse(self, words: list[str]) -> dict:
        """The parameter values; raises a ``click.UsageError`` subclass for bad words."""
        values = dict(self.defaults)
        positional: list[str] = []
        index = 0
        only_positional = False
        while index < len(words):
            word = words[index]
            index += 1
            if only_positional or not word.startswith("--"):
                positional.append(word)
                continue
            if word == "--":
                only_positional = True
                continue
            name, equals, value = word.partition("=")
            param = self.options.get(name)
            if param is None:
                raise click.NoSuchOption(name, ctx=self.ctx)
            if param.is_flag:
                if equals:
                    raise click.BadOptionUsage(name, _("Option {name!r} does not take a value.").format(name=name),
                                               ctx=self.ctx)
                values[param.name] = True
                continue
            if not equals:
                if index >= len(words):
                    # Click's own message, so its catalog entry translates it
                    raise click.BadOptionUsage(name, ngettext("Option {name!r} requires an argument.",
                                                              "Option {name!r} requires {nargs} arguments.", 1).format(
                        name=name, nargs=1), ctx=self.ctx)
                value = words[index]
                index += 1
            values[param.name] = param.type(value, param, self.ctx)
        if len(positional) > len(self.arguments):
            extra = positional[len(self.arguments):]
            raise click.UsageError(ngettext("Got unexpected extra argument ({args})",
                                            "Got unexpected extra arguments ({args})", len(extra)).format(
                args=" ".join(extra)), ctx=self.ctx)
        for param, word in zip(self.arguments, positional):
            values[param.name] = word
        return values


def run_batch(ctx: click.Context, source: str, work) -> None:
    """Answer one request a line from ``source`` (a file, or ``-`` for stdin) with one
    JSON line each; a bad line answers ``{"error": ...}`` and the exit code is 2.
    Blank lines and lines starting with ``#`` are skipped; an error answer carries the
    number of its ``line``. Options given on the command line apply to every line
    that does not give its own."""
    parser = LineParser(ctx.command, ctx)
    failed = False
    try:
        stream = sys.stdin.buffer if source == "-" else open(source, "rb")
    except OSError as error:
        raise CliError(_("cannot read {file}: {reason}").format(file=source, reason=error.strerror)) from None
    write = sys.stdout.write
    dumps = json.dumps
    with stream:
        for number, raw in enumerate(stream, start=1):
            try:
                line = raw.decode("utf-8").strip()
            except UnicodeDecodeError:
                write(dumps({"line": number, "error": _("cannot read the line: it is not UTF-8 text")},
                            ensure_ascii=False) + "\n")
                failed = True
                continue
            if not line or line.startswith("#"):
                continue
            try:
                params = parser.parse(split_line(line))
                if params.get("batch"):
                    raise click.UsageError(_("--batch cannot be nested"))
                data = work(params)[0]
            except FivesError as error:
                data, failed = {"line": number, "error": localize_error(error)}, True
            except click.ClickException as error:
                data, failed = {"line": number, "error": error.format_message()}, True
            except ValueError as error:  # an unclosed quote
                data, failed = {"line": number, "error": _("cannot read the line: {reason}").format(reason=str(error))}, True
            write(dumps(data, ensure_ascii=False) + "\n")
    if failed:
        ctx.exit(2)
