"""``--batch``: many requests in one process, one JSON line answered per input line.

Each line holds the arguments a command takes after its name, written as on a
shell command line (``shlex`` splits it). The command's own Click parser reads them
(``make_context``, as for the command line itself), and the command's own checks run
on the result, so a line gets exactly the checks and messages of the same arguments
typed after ``fives score``, ``moves`` or ``best``. Options given on the command line
apply to every line that does not give its own; ``--lang`` on a line answers that
line in that language.

Input is read in bounded memory: a line longer than :data:`MAX_LINE` bytes is
answered with an error without being kept, and a line that does not end within
:data:`MAX_SKIP` bytes (``--batch /dev/zero``) ends the batch.
"""

from __future__ import annotations

import re
import shlex
import sys

import click
from click.core import ParameterSource

from ..bounds import one_line
from ..errors import N_, FivesError, os_reason
from ..text.i18n import _, activate, current, localize_error
from .common import CliError, WordsArgument, check_text_params, fail, json_line, set_language

#: the longest line read, in bytes (a request is a few hundred)
MAX_LINE = 64 * 1024
#: the most bytes skipped looking for the end of an over-long line before the batch stops
MAX_SKIP = 64 * 1024 * 1024
_CHUNK = 64 * 1024

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
    """Reads a line's words into ``command``'s parameters (names as Click's ``ctx.params``)
    as the command line does; the command line's ``ctx`` gives the defaults.

    Click's own parser (``make_context``) reads every line that has anything to check:
    an option with a type or a callback, ``--name=value``, ``--``, a short option, an
    unknown option, a missing value, a word too many. Only a line made of positional
    words, plain text options (``--hand TILES``) and on/off flags, which Click would
    read to exactly the same values without a word to say, is read directly: building
    a Click context costs more than answering the request, and thousands of lines a
    second must go through (docs/benchmarks.md). Every message comes from Click.
    """

    def __init__(self, command: click.Command, ctx: click.Context) -> None:
        self.command = command
        self.ctx = ctx
        self.arguments = [p for p in command.params if isinstance(p, click.Argument)]
        names = {p.name for p in self.arguments}
        # options the command line gave (not Click's defaults) apply to every line
        self.given = {name: value for name, value in ctx.params.items()
                      if name not in names and name != "batch"
                      and ctx.get_parameter_source(name) not in (ParameterSource.DEFAULT, None)}
        self.text_options: dict[str, click.Option] = {}
        self.flags: dict[str, click.Option] = {}
        for param in command.params:
            if not isinstance(param, click.Option) or param.callback is not None or param.envvar or param.multiple:
                continue
            if param.is_flag and param.is_bool_flag and param.flag_value is True and not param.secondary_opts:
                self.flags.update((name, param) for name in param.opts)
            elif not param.is_flag and param.nargs == 1 and type(param.type) is click.types.StringParamType:
                self.text_options.update((name, param) for name in param.opts)
        # an argument typed as several words (the position) takes the words left, joined
        self.words = self.arguments[-1] if self.arguments and isinstance(self.arguments[-1], WordsArgument) else None
        # the arguments of one word each (before the one of several words)
        self.single = self.arguments[:-1] if self.words is not None else self.arguments
        if any(param.nargs != 1 or param.callback is not None for param in self.single) or \
                (self.words is not None and self.words.callback is not None):
            self.defaults = None  # every line through Click
        else:
            self.defaults = self._click([])

    def parse(self, words: list[str]) -> dict:
        """The parameter values; raises a ``click.ClickException`` for bad words, the
        same as the command line would."""
        params = self._direct(words)
        if params is None:
            params = self._click(words)
        check_text_params(self.ctx, params)
        return params

    def _click(self, words: list[str]) -> dict:
        # help is for the command line: a line asks for answers (and --help would print into the output)
        line_ctx = self.command.make_context(self.ctx.info_name, list(words), parent=self.ctx.parent,
                                             help_option_names=[])
        params = dict(line_ctx.params)
        for name, value in self.given.items():
            if line_ctx.get_parameter_source(name) in (ParameterSource.DEFAULT, None):
                params[name] = value
        if params.get("batch"):
            raise click.UsageError(_("--batch cannot be nested"), ctx=line_ctx)
        return params

    def _direct(self, words: list[str]) -> dict | None:
        """The values Click would give ``words``, or None when Click must read them."""
        if self.defaults is None:  # every line of this command goes through Click
            return None
        values = dict(self.defaults)
        positional = []
        index = 0
        while index < len(words):
            word = words[index]
            index += 1
            if word[:1] != "-" or word == "-":
                positional.append(word)
                continue
            option = self.text_options.get(word)
            if option is not None:
                if index >= len(words) or (words[index][:1] == "-" and words[index] != "-"):
                    return None
                values[option.name] = words[index]
                index += 1
                continue
            option = self.flags.get(word)
            if option is None:
                return None
            values[option.name] = True
        single = self.single
        if len(positional) > len(single) and self.words is None:
            return None
        for param, word in zip(single, positional):
            values[param.name] = word
        if self.words is not None and len(positional) > len(single):
            values[self.words.name] = self.words.joined(positional[len(single):])
        return values


#: the byte order mark some editors write at the start of a UTF-8 file
_BOM = b"\xef\xbb\xbf"


def read_lines(stream):
    """``(number, bytes or None)`` for each line of the binary ``stream``, in bounded
    memory: None stands for a line longer than :data:`MAX_LINE`. Raises
    :class:`CliError` when a line does not end within :data:`MAX_SKIP` bytes."""
    number = 0
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        number += 1
        if number == 1 and raw.startswith(_BOM):  # a file saved by an editor that marks UTF-8
            raw = raw[len(_BOM):]
        if len(raw) <= MAX_LINE or raw.endswith(b"\n"):
            yield number, raw
            continue
        skipped = len(raw)
        while not raw.endswith(b"\n"):
            raw = stream.readline(_CHUNK)
            if not raw:
                break
            skipped += len(raw)
            if skipped > MAX_SKIP:
                raise CliError(_("line {number} does not end within {limit} bytes: this is not a batch of "
                                 "requests").format(number=current().number(number),
                                                    limit=current().number(MAX_SKIP)))
        yield number, None


def run_batch(ctx: click.Context, source: str, work) -> None:
    """Answer one request a line from ``source`` (a file, or ``-`` for stdin) with one
    JSON line each; a bad line answers ``{"error": ...}`` and the exit code is 2.
    Blank lines and lines starting with ``#`` are skipped; an error answer carries the
    number of its ``line``. ``work(params)`` does what the command does for one
    request (its checks included) and returns ``(json data, text)``."""
    parser = LineParser(ctx.command, ctx)
    failed = False
    try:
        stream = sys.stdin.buffer if source == "-" else open(source, "rb")
    except OSError as error:
        raise fail(FivesError(N_("cannot read {file}: {reason}"), file=source, reason=os_reason(error))) from None
    write = sys.stdout.write
    language = current().code
    with stream:
        for number, raw in read_lines(stream):
            data = _answer(parser, work, raw, language)
            if data is None:
                continue
            if "error" in data:
                data = {"line": number, "error": data["error"]}
                failed = True
            write(json_line(data))
    if failed:
        ctx.exit(2)


def _answer(parser: LineParser, work, raw: bytes | None, language: str) -> dict | None:
    """The answer to one line (None for a blank line or a comment)."""
    if raw is None:
        return {"error": _("the line is longer than {limit} bytes").format(limit=current().number(MAX_LINE))}
    # bytes that are not UTF-8 are kept as the command line keeps them (surrogateescape):
    # refused in text, allowed in a file name, by the same checks
    line = raw.decode("utf-8", "surrogateescape").strip()
    if not line or line.startswith("#"):
        return None
    try:
        words = split_line(line)
    except ValueError as error:  # an unclosed quote
        return {"error": _("cannot read the line: {reason}").format(reason=str(error))}
    switched = "--lang" in words or any(word.startswith("--lang=") for word in words)
    try:
        if switched:
            set_language(words)  # as the command line does before it parses
        return work(parser.parse(words))[0]
    except FivesError as error:
        return {"error": localize_error(error)}
    except click.ClickException as error:
        return {"error": one_line(error.format_message())}  # bounded as on the command line
    finally:
        if switched:
            activate(language)
