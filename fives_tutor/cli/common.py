"""What every command shares: translated help, the common options, and errors that
end in one localized line and exit code 2."""

from __future__ import annotations

import contextlib
import functools
import json
import math
import os
import re
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import click
from click.formatting import join_options

from ..bounds import TOO_LARGE, has_control, is_text, shown, whole_number
from ..errors import N_, Alternatives, FivesError, Msg
from ..suggest import closest
from ..text import output
from ..text.i18n import (
    LANGUAGES,
    _,
    activate,
    answer_words,
    choose_language,
    current,
    localize_error,
    translate_metavar,
    unknown_name,
)
from ..text.output import echo, prompt_text

if TYPE_CHECKING:  # start-up: the saved games are loaded by the commands that use them
    from ..store.journal import Journal

EXIT_BAD_INPUT = 2
BIDI_CHOICES = ("logical", "visual")
#: parameters that name files: undecodable bytes are allowed there (a file name on
#: disk may have them), not in text that fives-tutor keeps or shows
PATH_PARAMS = frozenset({"rules_name", "pack", "packs", "files", "file", "db", "batch", "output", "records_file"})


class CliError(click.ClickException):
    """Bad input: one localized line on stderr and exit code 2."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file=None) -> None:
        """The line, through the one output function (marks, visual order)."""
        echo(_("Error: {message}").format(message=self.format_message()), err=True)


class BidiExtraMissing(FivesError):
    """``--bidi visual`` without python-bidi and arabic-reshaper installed."""


def fail(error: FivesError) -> CliError:
    """The :class:`CliError` that shows ``error`` in the active language."""
    return CliError(localize_error(error))


#: the help of ``--db`` (a command that reads the games for one purpose says so in its own)
DB_HELP = N_("The saved-games file (default: in your data folder, or $FIVES_HOME).")


def db_option(reading: bool = True, help: str = DB_HELP):
    """``--db FILE``, the saved-games file, read the same way by every command that takes
    it (:func:`saved_file`): without it, the default file in the data folder."""

    def check(ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
        return value if ctx.resilient_parsing else saved_file(value, reading)

    return option("--db", metavar="FILE", callback=check, help=help)


def saved_file(db: str | None, reading: bool) -> str | None:
    """``--db`` as given (None: the default file), or a :class:`CliError`: an empty name
    (which would quietly mean the default file), and, for a command that reads saved
    games (``reading``), a file that is not there: a name the user gives that names
    nothing is a slip, never "no saved matches yet"; and for every command, anything but a
    regular file (a folder, a link, a pipe). A command that writes makes the
    file, in a folder that must exist (the store refuses to make any but the data
    folder: :class:`~fives_tutor.store.journal.Journal`)."""
    if db is None:
        return None
    if not db.strip():
        raise fail(FivesError(N_("--db takes the name of a file")))
    from ..store.files import check_database  # start-up: loaded only when needed

    try:
        # a folder, a link or a pipe (or such a companion of SQLite's) is refused by every
        # command that takes --db, whether it opens the file this time or not
        check_database(db)
    except FivesError as error:
        raise fail(error) from None
    if reading and not os.path.lexists(db):
        raise fail(FivesError(N_("cannot read the saved games at {path}: {reason}"), path=db,
                              reason=Msg(N_("there is no such file or folder"))))
    return db


@contextlib.contextmanager
def saved_games(db: str | None, create: bool = False, readonly: bool = False) -> Iterator[Journal]:
    """The saved games at ``db`` (None: the default file; a name as :func:`db_option`
    checked it) for the length of a ``with``:
    read-only for the reading commands (they work while a shell writes, and on a
    read-only file), else writable (``create``: made when missing, at the first write,
    so that a command that saves nothing leaves no empty file). A FivesError,
    opening or inside, is the command's one-line error (exit 2); the file is closed on
    the way out."""
    from ..store.journal import Journal  # start-up: loaded only when needed

    try:
        journal = Journal(db, create=create, readonly=readonly, lazy=True)
    except FivesError as error:
        raise fail(error) from None
    try:
        yield journal
    except FivesError as error:
        raise fail(error) from None
    finally:
        journal.close()


class FivesOption(click.Option):
    """An option whose help (a msgid) and metavar are translated when help is shown,
    with its notes (the default, the range of a number) in the active language and
    separated by its semicolon: ``[default: 1; 1 to 64]``, never Click's ``1<=x<=64``.
    ``--lang`` is checked as soon as Click reads it (before any missing argument)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if "--lang" in self.opts and self.callback is None:
            self.callback = _language_callback
            self.is_eager = True
        self.type = suggesting(self.type)

    def make_metavar(self, ctx) -> str:
        return translate_metavar(super().make_metavar(ctx))

    def get_help_record(self, ctx):
        if self.hidden:
            return None
        msgid = getattr(self, "_msgid", None)
        if msgid is None:
            msgid = self._msgid = self.help
        self.help = _(msgid) if msgid else msgid
        if self.help and "{choices}" in self.help and isinstance(self.type, click.Choice):
            # a long list of values in the help, not in the option column (which cannot wrap)
            self.help = self.help.format(choices=current().join(_value_words(str(c)) for c in self.type.choices))

        def spec(names):
            text = join_options(names)[0]
            return text if self.is_flag or self.count else f"{text} {self.make_metavar(ctx)}"

        specs = [spec(self.opts)] + ([spec(self.secondary_opts)] if self.secondary_opts else [])
        text = self.help or ""
        notes = self.help_notes(ctx)
        if notes:
            text = f"{text}  [{notes}]" if text else f"[{notes}]"
        return " / ".join(specs), text

    def help_notes(self, ctx) -> str:
        """The default, the range and "required", each in the active language, joined
        with its semicolon (``default: 200; 1 to 100000``), or ""."""
        extra = self.get_help_extra(ctx)
        notes = []
        if "default" in extra:
            notes.append(_("default: {default}").format(default=_value_words(extra["default"])))
        if isinstance(self.type, click.types._NumberRangeBase) and not self.count:
            words = range_words(self.type.min, self.type.max, self.type.min_open, self.type.max_open)
            if words:
                notes.append(words)
        if "required" in extra:
            notes.append(_("required"))
        return current().semicolon.join(notes)


def _value_words(text: str) -> str:
    """A default as help shows it: a number in the language's digits, anything else (a
    pack id, a level) as it is typed, kept left to right in a right-to-left language."""
    t = current()
    if text.isascii() and text.isdecimal():
        return t.digits(text)
    if re.fullmatch(r"-?[0-9]+\.[0-9]+", text):
        # a decimal default (1.0, 20.0): the language's decimal sign and digits
        return t.number(float(text), decimals=len(text.split(".")[1]))
    if not t.rtl:
        return text
    from ..text.bidi import ltr  # start-up: loaded only when needed

    return ltr(text)


def _bound(value) -> str:
    """A bound of a range in the language's digits, with as many decimals as it has."""
    t = current()
    if isinstance(value, float) and not value.is_integer():
        decimals = min(6, len(repr(value).partition(".")[2]))
        return t.number(value, decimals=decimals)
    return t.number(int(value))


def range_words(low, high, low_open: bool = False, high_open: bool = False) -> str:
    """The values a number may take, in words: ``1 to 64``, ``2 or 3``, ``at least 1``,
    ``less than 600``; "" without bounds."""
    t = current()
    if low is not None and high is not None and not low_open and not high_open:
        if isinstance(low, int) and isinstance(high, int):
            return t.span(low, high)
        return _("{low} to {high}").format(low=_bound(low), high=_bound(high))
    parts = []
    if low is not None:
        parts.append((_("more than {low}") if low_open else _("at least {low}")).format(low=_bound(low)))
    if high is not None:
        parts.append((_("less than {high}") if high_open else _("at most {high}")).format(high=_bound(high)))
    return t.comma.join(parts)


class SuggestingChoice(click.Choice):
    """A choice whose refusal of a mistyped value names the value meant
    (``--kind totl``: did you mean total?), through the one suggestion helper."""

    def get_invalid_choice_message(self, value: object, ctx: click.Context | None) -> str:
        known = [str(choice) for choice in self.choices]
        close = closest(str(value), known)
        if not close:
            return super().get_invalid_choice_message(value, ctx)
        return localize_error(Msg(N_("'{value}' is not one of the choices: did you mean {choices}?"),
                                  value=str(value), choices=Alternatives(close)))


def suggesting(kind: click.ParamType) -> click.ParamType:
    """``kind`` itself, or for Click's plain :class:`click.Choice` the same choice as a
    :class:`SuggestingChoice` (every option of fives suggests the value meant)."""
    if type(kind) is click.Choice:
        return SuggestingChoice(kind.choices, case_sensitive=kind.case_sensitive)
    return kind


class FivesArgument(click.Argument):
    """An argument whose metavar is translated in the usage line and in Click's errors
    ("Missing argument 'POSITION'" says the same word as the usage line)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.type = suggesting(self.type)

    def make_metavar(self, ctx) -> str:
        return translate_metavar(super().make_metavar(ctx))

    def get_error_hint(self, ctx) -> str:
        if ctx is None:
            return f"'{translate_metavar(self.human_readable_name)}'"
        return f"'{self.make_metavar(ctx)}'"


class WordsArgument(FivesArgument):
    """An argument that may be typed as several words, read as one text with a space
    between them (None when none is given): ``fives score 5 3`` is ``fives score "5 3"``,
    as the shell splits the ends form the help writes in quotes. Its usage word stays one
    word (``POSITION``, not ``POSITION...``): it is one thing, however typed."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs["nargs"] = -1
        super().__init__(*args, **kwargs)

    @staticmethod
    def joined(words: Sequence[str]) -> str | None:
        """The words as one text (the one reading, for the command line and ``--batch``)."""
        return " ".join(words) if words else None

    def process_value(self, ctx, value):
        return self.joined(super().process_value(ctx, value))


def argument(*names, **kwargs):
    """``click.argument`` with a translated metavar (:class:`FivesArgument`)."""
    kwargs.setdefault("cls", FivesArgument)
    return click.argument(*names, **kwargs)


def _language_callback(ctx, _param, value):
    """``--lang`` as Click read it: an unknown language is the first error reported."""
    if value is not None and not ctx.resilient_parsing:
        set_language(["--lang", value])
    return value


def _show_help(ctx, _param, value):
    """``--help``: the help through the one output function (Click's own callback
    writes it past the marks and the visual order)."""
    if value and not ctx.resilient_parsing:
        echo(ctx.get_help())
        ctx.exit()


def _bidi_callback(ctx, _param, value):
    if value is not None and not ctx.resilient_parsing:
        set_bidi(value)
    return value


def bidi_option() -> click.Option:
    """``--bidi logical|visual``, which every command and group of ``fives`` takes."""
    return FivesOption(["--bidi"], type=click.Choice(BIDI_CHOICES), expose_value=False, is_eager=True,
                       callback=_bidi_callback, metavar="[logical|visual]",
                       help=N_("Right-to-left text: logical (default; for terminals that do bidi) or visual "
                               "(for those that do not; needs the bidi extra)."))


class FivesContext(click.Context):
    """A context whose help is laid out by
    :class:`~fives_tutor.cli.help_format.FivesHelpFormatter` (imported when help is shown)."""

    def make_formatter(self):
        from .help_format import FivesHelpFormatter  # start-up: loaded only when needed

        return FivesHelpFormatter(width=self.terminal_width, max_width=self.max_content_width)


if TYPE_CHECKING:  # the mixin below is read as the command it is mixed into
    _CommandBase = click.Command
else:
    _CommandBase = object


class _Translated(_CommandBase):
    """Mixin: translate a command's help at display time; turn FivesError into exit 2;
    take ``--bidi``; show help through the one output function, formatted by
    :class:`~fives_tutor.cli.help_format.FivesHelpFormatter` (display width, no break
    inside an id, a command or a marked run)."""

    context_class: type[click.Context] = FivesContext

    def _help_msgid(self):
        if not hasattr(self, "_msgid"):
            self._msgid = self.help
            self._short_msgid = self.short_help
        return self._msgid

    def format_help_text(self, ctx, formatter):
        msgid = self._help_msgid()
        self.help = _(msgid) if msgid else msgid
        super().format_help_text(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        msgid = self._help_msgid()
        self.help = _(msgid) if msgid else msgid
        self.short_help = _(self._short_msgid) if self._short_msgid else self._short_msgid
        return super().get_short_help_str(limit)

    def collect_usage_pieces(self, ctx):
        # an argument of ours translates its own metavar; Click's pieces ([OPTIONS]) are translated here
        pieces = [translate_metavar(self.options_metavar)] if self.options_metavar else []
        for param in self.get_params(ctx):
            own = param.get_usage_pieces(ctx)
            pieces += own if isinstance(param, FivesArgument) else [translate_metavar(piece) for piece in own]
        if isinstance(self, click.Group):
            pieces.append(translate_metavar(self.subcommand_metavar))
        return pieces

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None:
            option.callback = _show_help
        return option

    def get_params(self, ctx):
        params = super().get_params(ctx)
        if any("--bidi" in param.opts for param in params):
            return params
        if not hasattr(self, "_bidi_param"):
            self._bidi_param = bidi_option()
        help_option = self.get_help_option(ctx)
        if help_option is not None and params and params[-1] is help_option:
            return params[:-1] + [self._bidi_param, help_option]
        return params + [self._bidi_param]

    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as error:
            raise no_such_option(error, self.get_params(ctx), ctx) from None

    def invoke(self, ctx):
        check_text_params(ctx)
        try:
            return super().invoke(ctx)
        except FivesError as error:
            raise fail(error) from None


def no_such_option(error: click.NoSuchOption, params: Sequence[click.Parameter],
                   ctx: click.Context) -> click.NoSuchOption:
    """Click's refusal of an unknown option with the options meant, as the one
    suggestion helper finds them among the options shown in help. Click's own guess
    compares the whole spelling, dashes included, so that ``--pley`` came out as close
    to ``--rules`` as to ``--play``; and it offered hidden old spellings."""
    known = [name for param in params if isinstance(param, click.Option) and not param.hidden
             for name in param.opts + param.secondary_opts if name.startswith("--")]
    close = closest(error.option_name, known) if error.option_name.startswith("--") else ()
    if not close:
        return click.NoSuchOption(error.option_name, message=error.message, ctx=ctx)
    return click.NoSuchOption(error.option_name, ctx=ctx, message=localize_error(Msg(
        N_("No such option '{name}'. Did you mean {choices}?"), name=error.option_name, choices=Alternatives(close))))


class FivesCommand(_Translated, click.Command):
    """A command with translated help and exit code 2 on bad input.

    Its parameter list and option parser are built once and reused: ``--batch`` parses
    every line with the command's own parser (``make_context``), and rebuilding them
    (with Click's checks for duplicate options) cost more than the answer itself."""

    def get_params(self, ctx):
        cache = self.__dict__.setdefault("_params_cache", {})
        key = (tuple(ctx.help_option_names), len(self.params))
        if key not in cache:
            cache[key] = super().get_params(ctx)
        return cache[key]

    def make_parser(self, ctx):
        key = (tuple(ctx.help_option_names), ctx.allow_interspersed_args, ctx.ignore_unknown_options,
               ctx.token_normalize_func, len(self.params))
        cached = self.__dict__.get("_parser_cache")
        if cached is None or cached[0] != key:
            cached = self.__dict__["_parser_cache"] = (key, super().make_parser(ctx))
        parser = cached[1]
        parser.ctx = ctx  # errors name the line's own context
        return parser


def check_text_params(ctx: click.Context, params: dict | None = None) -> None:
    """Refuse text arguments with bytes that are not UTF-8, or with control characters
    (a terminal escape sequence in a player's name would be echoed on every line).
    File names may hold any bytes. Raises ``click.BadParameter``."""
    values = ctx.params if params is None else params
    for param in ctx.command.params:
        value = values.get(param.name)
        texts = value if isinstance(value, (tuple, list)) else (value,)
        for text in texts:
            if not isinstance(text, str):
                continue
            path = param.name in PATH_PARAMS or isinstance(param.type, click.Path)
            if not path and not is_text(text):
                raise click.BadParameter(_("it has bytes that are not UTF-8 text"), ctx=ctx, param=param)
            if not path and has_control(text, allow="\t"):
                raise click.BadParameter(_("it has a control character (such as a terminal escape sequence)"),
                                         ctx=ctx, param=param)


#: what shows the cursor again (Click's bar hides it while it is drawn, except on Windows)
_SHOW_CURSOR = "" if sys.platform.startswith("win") else "\033[?25h"


class ProgressBar:
    """The bar a long job fills on standard error (see :func:`progress_bar`): ``update(steps)``
    adds steps of its ``length``, ``reach(done, total)`` fills it to ``done`` of ``total``.
    Nothing is drawn unless it is ``visible``; it is drawn at the first report, or by
    :meth:`show`."""

    def __init__(self, label: str, length: int, visible: bool) -> None:
        self.label, self.length, self.visible = label, length, visible
        self.done = 0
        self._bar: Any = None  # Click's bar, once drawn

    def show(self) -> None:
        if self.visible and self._bar is None:
            self._bar = click.progressbar(length=self.length, label=self.label, file=sys.stderr)
            self._bar.__enter__()

    def update(self, steps: int) -> None:
        self.show()
        self.done += steps
        if self._bar is not None:
            self._bar.update(steps)

    def reach(self, done: int, total: int) -> None:
        self.update(max(0, self.length * min(done, total) // max(1, total) - self.done))

    def end(self, finished: bool) -> None:
        """Leave the bar full when the job ``finished`` (however many steps it reported:
        a job may skip some), else clear its line (an error or Ctrl-C stopped it): never
        half a bar left on the screen."""
        bar, self._bar = self._bar, None
        if bar is None:
            return
        if finished:
            bar.finish()
            bar.render_progress()
            bar.render_finish()
            return
        sys.stderr.write("\r" + " " * (bar.max_width or 0) + "\r" + _SHOW_CURSOR)
        sys.stderr.flush()


@contextlib.contextmanager
def progress_bar(label: str, length: int = 100, visible: bool = True, at_once: bool = True) -> Iterator[ProgressBar]:
    """A :class:`ProgressBar` for the length of a ``with``, drawn on standard error when it
    is a terminal and ``visible`` (``at_once``, or from the first report): full when
    the block ends, its line cleared when an exception leaves it. Every bar of ``fives``
    is this one."""
    bar = ProgressBar(label, length, visible and sys.stderr.isatty())
    if at_once:
        bar.show()
    try:
        yield bar
    except BaseException:
        bar.end(finished=False)
        raise
    bar.end(finished=True)


def error_line(message: str) -> None:
    """Print one error line on standard error (through the one exit of text for people)."""
    echo(message, err=True)


def option(*names, **kwargs):
    """``click.option`` with translated help."""
    kwargs.setdefault("cls", FivesOption)
    return click.option(*names, **kwargs)


def _option_value(args, name: str) -> str | None:
    """The value of the option ``name`` in ``args`` as Click reads it: the last one
    given wins, and nothing after ``--`` is an option."""
    found = None
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            break
        if arg == name and index + 1 < len(args):
            found = args[index + 1]
            index += 2
            continue
        if arg.startswith(name + "="):
            found = arg.split("=", 1)[1]
        index += 1
    return found


#: the key of the context's meta under which the top group keeps the ``--lang`` given
#: anywhere on the command line (:func:`given_language`)
LANG_GIVEN = "fives_tutor.lang"


def given_language(lang: str | None) -> str | None:
    """The language the command line gives: a command's own ``--lang`` (``lang``), else
    one given before the command's name (``fives --lang nl play``), else None (the
    shells then use the language remembered, or ask)."""
    if lang:
        return lang
    ctx = click.get_current_context(silent=True)
    return ctx.meta.get(LANG_GIVEN) if ctx is not None else None


def language_from_args(args) -> str | None:
    """The value of ``--lang`` anywhere in ``args`` (Click renders help eagerly, before
    parsing), the last one when it is given twice, as Click takes it."""
    return _option_value(args, "--lang")


def bidi_from_args(args) -> str | None:
    """The value of ``--bidi`` anywhere in ``args`` (before or after the command name)."""
    return _option_value(args, "--bidi")


def set_bidi(value: str | None) -> None:
    """Choose how right-to-left lines are written: ``visual`` needs the ``bidi`` extra
    (a :class:`CliError`, exit 2, when it is missing). Any other value is left to Click."""
    if value not in BIDI_CHOICES:
        return
    try:
        output.set_visual(value == "visual")
    except ImportError:
        raise fail(BidiExtraMissing(N_("--bidi visual needs the bidi extra: pip install 'fives-tutor[bidi]'"))) from None


def set_language(args, completing: bool = False) -> str:
    """Choose and activate the language for ``args``; raises :class:`CliError` for a bad
    one (while the shell completes a word, a bad language falls back to English)."""
    try:
        code = choose_language(language_from_args(args))
    except FivesError as error:
        activate("en")
        if completing:
            return "en"
        raise fail(error) from None
    activate(code)
    return code


def complete_pack(ctx, param, incomplete):
    """Shell completion of ``--rules``: built-in and user pack ids, then YAML files."""
    from click.shell_completion import CompletionItem  # start-up: loaded only when needed

    from ..packs.loader import list_packs

    items = [CompletionItem(info.id) for info in list_packs() if info.id.startswith(incomplete)]
    return items + [CompletionItem(incomplete, type="file")]


def complete_language(ctx, param, incomplete):
    """Shell completion of ``--lang``."""
    return [code for code in LANGUAGES if code.startswith(incomplete)]


def common_options(function):
    """``--rules``, ``--lang`` and ``--json``, shared by every command."""

    @option("--json", "as_json", is_flag=True, help=N_("Print JSON (stable keys, ASCII digits) instead of text."))
    @option("--lang", "lang", metavar="LANG", shell_complete=complete_language,
            help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))
    @option("--rules", "rules_name", metavar="PACK", default="dominos-cc", show_default=True, shell_complete=complete_pack,
            help=N_("Rule pack: a built-in id such as dominos-cc or pagat-all-fives, or the path of a YAML file."))
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        return function(*args, **kwargs)

    return wrapper


def load_pack(name: str):
    """The rule pack ``name``, or a :class:`CliError` in the active language."""
    from ..packs.loader import load_rules  # start-up: loaded only when needed

    try:
        return load_rules(name)
    except FivesError as error:
        raise fail(error) from None


def json_line(data) -> str:
    """``data`` as one JSON line for standard output: UTF-8 as it is when the output is
    UTF-8, else with ``\\u`` escapes (still the same JSON, never an encoding error).
    Control characters of any kind are escaped either way."""
    text = json.dumps(data, ensure_ascii=False)
    if not text.isascii() and ("\u200e" in text or "\u200f" in text or "\u061c" in text):
        data = _unmarked(data)  # bidi marks are for terminals: programs lay text out themselves
        text = json.dumps(data, ensure_ascii=False)
    if not text.isascii() and (not _utf8_output() or not is_text(text)):
        text = json.dumps(data)  # undecodable bytes of a file name, or a terminal that is not UTF-8
    return _ESCAPE_C1.sub(_c1, text) + "\n"


def echo_json(data) -> None:
    """Print ``data`` as one JSON line, its texts without bidi marks (JSON is read by
    programs, which lay text out themselves)."""
    sys.stdout.write(json_line(data))


def _unmarked(data):
    if isinstance(data, str):
        return data.translate(_NO_MARKS) if "\u200e" in data or "\u200f" in data or "\u061c" in data else data
    if isinstance(data, dict):
        return {key: _unmarked(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [_unmarked(value) for value in data]
    return data


_NO_MARKS = {0x200E: None, 0x200F: None, 0x061C: None}


def _utf8_output() -> bool:
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    return encoding in ("utf8", "utf8sig")


# json.dumps escapes C0 controls but not DEL and C1 (a C1 CSI is an escape sequence on some terminals)
_ESCAPE_C1 = re.compile("[\x7f-\x9f\u2028\u2029]")


def _c1(match) -> str:
    return f"\\u{ord(match.group(0)):04x}"


def split_players(text: str | None, quiet: bool = False) -> tuple[int | None, list[str] | None]:
    """``--players``, the same on every command: a count (``4``: returns ``(4, None)``)
    or the players' names in turn order separated by commas (``Ana,Ben``: returns
    ``(2, ["Ana", "Ben"])``). Persian digits and the Persian comma are accepted.
    ``(None, None)`` when ``text`` is None or empty."""
    if text is None or not text.strip():
        return None, None
    count = whole_number(text.strip())  # digits of any script (Persian too)
    if count is not None:
        return min(count, TOO_LARGE), None  # any length of digits: refused by the count's bound, not converted
    names = [" ".join(name.split()) for name in re.split(r"[,،]", text) if name.strip()]
    return len(names), names


class _RangeInWords:
    """A number option's refusals in the active language's words, as its help gives them:
    the range as ``1 to 64`` (:func:`range_words`, never Click's ``1<=x<=64``) and the kind
    of number by its name in the language (Click's "not a valid integer range" kept the
    English name in every language)."""

    noun = N_("number")
    min: Any
    max: Any
    min_open: bool
    max_open: bool

    @property
    def name(self) -> str:  # (Click's class attribute, read when it refuses a value)
        return _(self.noun)

    @name.setter
    def name(self, noun: str) -> None:  # (a name given is a msgid too)
        self.noun = noun

    def _describe_range(self) -> str:
        return range_words(self.min, self.max, self.min_open, self.max_open)


class WholeRange(_RangeInWords, click.IntRange):
    """A whole number within a range, read by the one number reader
    (:func:`~fives_tutor.bounds.whole_number`): digits of any script and any length,
    zero-padded or not; a number too long for any range is refused as out of it, shown
    as typed (never converted whole). Anything else gets Click's own messages, in words."""

    noun = N_("whole number")

    def convert(self, value, param, ctx):
        if isinstance(value, str):
            number = whole_number(value.strip())
            if number is not None:
                if number >= TOO_LARGE:
                    self.fail(_("{value} is not in the range {range}.").format(
                        value=shown(value.strip()), range=self._describe_range()), param, ctx)
                value = number
        return super().convert(value, param, ctx)


class SecondsRange(_RangeInWords, click.FloatRange):
    """A number of seconds within a range: Click's own, but a NaN (``nan`` passes every
    comparison, so Click's range let it through) is refused as out of the range like any
    other number outside it, as ``inf`` is."""

    noun = N_("number of seconds")

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(_("{value} is not in the range {range}.").format(
                value=shown(str(value).strip()), range=self._describe_range()), param, ctx)
        return number


class PlayersType(click.ParamType):
    """``--players N`` or ``--players Ana,Ben``: converts to the number of players,
    checked against ``low`` and ``high`` (commands where only the count matters)."""

    name = "players"

    def __init__(self, low: int = 2, high: int = 10) -> None:
        self.low, self.high = low, high

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            count = value
        else:
            count, names = split_players(str(value))
            if count is None:
                self.fail(_("give a number of players or their names separated by commas"), param, ctx)
            from ..core.names import all_different  # start-up: loaded when names are given

            if names and not all_different(names):  # Ana,ana is one player twice
                self.fail(_("each player needs a different name"), param, ctx)
        if not self.low <= count <= self.high:
            t = current()
            # a count too large to read is shown as typed, never as the bound that stands for it
            number = t.number(count) if count < TOO_LARGE else t.typed(shown(str(value).strip()))
            self.fail(_("{count} players: give {players}").format(count=number, players=t.span(self.low, self.high)),
                      param, ctx)
        return count

    def get_metavar(self, param, ctx=None):
        return "N|NAMES"


#: the seed every command uses when --seed is not given (the quiz alone draws a new one,
#: so that each drill brings new positions)
DEFAULT_SEED = "1"


def engine_levels() -> tuple[str, ...]:
    """The engine levels by name, as the engine lists them (``fives_tutor.engine.LEVELS``):
    the same list in ``best``, ``duel`` and ``simulate``, so a new level appears in each."""
    from ..engine import LEVELS  # start-up: loaded only when needed

    return tuple(LEVELS)


def complete_level(ctx, param, incomplete):
    """Shell completion of an engine level."""
    return [level for level in engine_levels() + ("random",) if level.startswith(incomplete)]


def note_old_spelling(old: str, new: str) -> None:
    """Say on stderr that ``old`` still works but ``new`` is the spelling now."""
    echo(_("Note: {old} still works, but is now written {new}.").format(old=old, new=new), err=True)


def rules_from(positional: str | None, option_value: str | None, default: str | None = "dominos-cc") -> str | None:
    """The pack named by ``--rules`` or by the positional form kept as an alias; a
    CliError when they name different packs."""
    if positional and option_value and positional != option_value:
        raise CliError(_("give the rule pack once: {first} or {second}").format(first=positional, second=option_value))
    return positional or option_value or default


class SuggestingGroup:
    """Mixin for a command group: an unknown command name gets the closest known ones
    (``fives scor``: did you mean score?)."""

    def resolve_command(self, ctx, args):
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            close = closest(name, self.list_commands(ctx))
            if close:
                ctx.fail(localize_error(Msg(N_("No such command '{name}'. Did you mean {choices}?"), name=name,
                                            choices=Alternatives(close))))
            ctx.fail(_("No such command '{name}'.").format(name=name))
        return super().resolve_command(ctx, args)


def level_slip(level: str, known: Sequence[str], after: str | None = None) -> str | None:
    """The line that refuses ``level`` as a slip for the engine level of ``known`` it is
    close to (``expret``: did you mean expert?; with ``after=":"``, ``monte-carol:200``:
    did you mean monte-carlo:200?), or None when none is close."""
    return unknown_name(N_("unknown engine level '{level}': {hint}"), level, known, after, level=level)


def unknown_level(level: str, known: Sequence[str], after: str | None = None) -> str:
    """The line that refuses ``level``, not one of the engine levels ``known``: the level
    meant when one is close (:func:`level_slip`), else every level."""
    return level_slip(level, known, after) or \
        _("unknown engine level '{level}': choose one of {choices}").format(level=level,
                                                                            choices=current().comma.join(known))


class LevelType(click.ParamType):
    """An engine level name, checked against :func:`engine_levels` when used (so that
    the engine is not imported by commands that do not need it); ``extra`` names
    (``auto``) are accepted too."""

    name = "level"

    def __init__(self, extra: tuple[str, ...] = ()) -> None:
        self.extra = extra

    def convert(self, value, param, ctx):
        known = list(self.extra) + list(engine_levels())
        if value not in known:
            self.fail(unknown_level(value, known), param, ctx)
        return value

    def get_metavar(self, param, ctx=None):
        return "LEVEL"

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem  # start-up: loaded only when needed

        return [CompletionItem(level) for level in list(self.extra) + list(engine_levels())
                if level.startswith(incomplete)]


# English y/yes and n/no are understood in every language, beside the language's own words.
# Translators: the words that answer yes to a question, separated by commas; the first is shown in the prompt
YES_WORDS = N_("y, yes")
# Translators: the words that answer no to a question, separated by commas; the first is shown in the prompt
NO_WORDS = N_("n, no")


def confirm(question: str, default: bool = False) -> bool:
    """Ask ``question`` on the terminal until it is answered yes or no in the active
    language (``j``/``ja``, ``ya``, ``بله``... as its catalog lists them, or English);
    Enter gives ``default``. The prompt shows the language's first words
    (``(y or n; Enter for no)`` in English). Raises ``click.Abort`` at the end of the input."""
    yes = answer_words(YES_WORDS, ("y", "yes"))
    no = answer_words(NO_WORDS, ("n", "no"))
    hint = (_("({yes} or {no}; Enter for yes)") if default else _("({yes} or {no}; Enter for no)")).format(
        yes=yes[0], no=no[0])
    while True:
        reply = click.prompt(prompt_text(f"{question} {hint}"), default="", show_default=False,
                             prompt_suffix=" ").strip().casefold()
        if not reply:
            return default
        if reply in yes:
            return True
        if reply in no:
            return False
        echo(_("Answer {yes} or {no}.").format(yes=yes[0], no=no[0]), err=True)


def complete_match_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Shell completion of a saved match's number (with its players as the help)."""
    from click.shell_completion import CompletionItem  # start-up: loaded when the command runs

    from ..store.journal import Journal

    try:
        with Journal(ctx.params.get("db"), readonly=True) as journal:  # completing never writes
            return [CompletionItem(str(m.id), help=current().join(m.names)) for m in journal.matches()
                    if str(m.id).startswith(incomplete)]
    except (FivesError, OSError):
        return []
