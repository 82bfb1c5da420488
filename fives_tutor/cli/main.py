"""The ``fives`` command: a Click group whose subcommands are imported only when used."""

from __future__ import annotations

import importlib
import os
import sys

import click

from .. import __version__
from ..bounds import one_line
from ..errors import N_
from ..text.i18n import _
from ..text.output import echo
from .common import (
    LANG_GIVEN,
    SuggestingGroup,
    _Translated,
    bidi_from_args,
    error_line,
    language_from_args,
    option,
    set_bidi,
    set_language,
)

#: exit code of an error in fives-tutor itself (BSD's EX_SOFTWARE): never bad input
EXIT_INTERNAL = 70

# command name -> "module:function"; modules are imported on use so that one-shot
# commands start fast (Click's --help still imports them all, which is fine).
COMMANDS = {
    "score": "fives_tutor.cli.position:score",
    "moves": "fives_tutor.cli.position:moves",
    "best": "fives_tutor.cli.position:best",
    "count": "fives_tutor.cli.position:count",
    "rules": "fives_tutor.cli.rules_cmds:rules",
    "simulate": "fives_tutor.cli.rules_cmds:simulate",
    "table": "fives_tutor.cli.table:table",
    "play": "fives_tutor.cli.play:play",
    "games": "fives_tutor.cli.games:games",
    "learn": "fives_tutor.cli.tutor:learn",
    "quiz": "fives_tutor.cli.tutor:quiz",
    "puzzle": "fives_tutor.cli.puzzle:puzzle",
    "duel": "fives_tutor.cli.duel_cmd:duel",
}


def _show_version(ctx, _param, value):
    """``--version``: Click's own message is translated when Click is imported, too early."""
    if value and not ctx.resilient_parsing:
        echo(_("%(prog)s, version %(version)s") % {"prog": "fives", "version": __version__})
        ctx.exit()


class FivesGroup(SuggestingGroup, _Translated, click.Group):
    """The top group: sets the language before Click parses or shows help, and loads
    subcommands lazily."""

    def make_context(self, info_name, args, parent=None, **extra):
        completing = extra.get("resilient_parsing", False)
        set_language(args, completing=completing)
        if not completing:
            set_bidi(bidi_from_args(args))
        given = language_from_args(args)  # read first: Click's parser consumes the list
        ctx = super().make_context(info_name, args, parent=parent, **extra)
        ctx.meta[LANG_GIVEN] = given  # fives --lang nl play: given, as after the command's name
        return ctx

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """Click's main, but any error is one line (with the hint to --help on that line),
        every echoed value bounded and printable, and never a traceback."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        _plain_streams()
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.UsageError as error:
            hint = ""
            if error.ctx is not None:
                hint = " " + _("Try '{command} {option}' for help.").format(
                    command=error.ctx.command_path, option=error.ctx.help_option_names[0])
            message = one_line(error.format_message())
            if hint and not message.rstrip(" \u200e\u200f").endswith((".", "!", "?", "…", "؟")):
                message = message.rstrip() + "."
            error_line(_("Error: {message}").format(message=message) + hint)
            sys.exit(error.exit_code)
        except click.ClickException as error:
            error_line(_("Error: {message}").format(message=one_line(error.format_message())))
            sys.exit(error.exit_code)
        except click.exceptions.Abort:
            error_line(_("Aborted!"))
            sys.exit(1)
        except (click.exceptions.Exit, SystemExit):
            raise
        except BrokenPipeError:
            _quiet_broken_pipe()
        except KeyboardInterrupt:
            error_line(_("Aborted!"))
            sys.exit(130)
        except Exception as error:
            if os.environ.get("FIVES_DEBUG"):
                raise
            error_line(_("Error: fives-tutor failed ({reason}); please report it with the command you ran.").format(
                reason=one_line(f"{type(error).__name__}: {error}", limit=200)))
            sys.exit(EXIT_INTERNAL)
        sys.exit(result if isinstance(result, int) else 0)

    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, attribute = target.split(":")
        return getattr(importlib.import_module(module), attribute)


@click.group(cls=FivesGroup, context_settings={"help_option_names": ["-h", "--help"]}, invoke_without_command=True,
             help=N_("fives-tutor: the open-end total, the points of every play and the best play in All Fives dominoes."))
@option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
        help=N_("Show the version and exit."))
@option("--lang", "lang", metavar="LANG", expose_value=False, is_eager=True,
              help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))
@click.pass_context
def cli(ctx: click.Context) -> None:
    """The command group (help text above, translated at display time); with no command
    (``fives``, ``fives --lang nl``), its help."""
    if ctx.invoked_subcommand is None:
        echo(ctx.get_help())


def _quiet_broken_pipe() -> None:
    """The reader of our output went away (``fives rules list | head -1``): stop
    without a word, as a command killed by SIGPIPE does."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python's final flush must not fail again
    except (OSError, ValueError):
        pass
    sys.exit(141)  # 128 + SIGPIPE, what a shell reports for such a command


def _plain_streams() -> None:
    """Streams that never fail on what passes through them. Output encodings that
    cannot show every character (``PYTHONIOENCODING=ascii``, a Latin-1 terminal) get a
    fallback instead of an error: arrows and dots become ASCII, anything else a
    question mark. Bytes that are not UTF-8, read or written, are carried as Python's
    ``surrogateescape`` carries them (refused or escaped where text is checked)."""
    stdin = sys.stdin
    if stdin is not None and hasattr(stdin, "reconfigure") and getattr(stdin, "errors", None) == "strict":
        try:
            stdin.reconfigure(errors="surrogateescape")
        except (ValueError, OSError):
            pass
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
        if not hasattr(stream, "reconfigure"):
            continue
        if encoding in ("utf8", "utf8sig"):
            if stream.errors == "strict":
                try:
                    # a file name with bytes that are not UTF-8 is written back as those bytes
                    stream.reconfigure(errors="surrogateescape")
                except (ValueError, OSError):
                    pass
            continue
        from ..text import fallback  # start-up: loaded only when needed

        fallback.register()
        try:
            stream.reconfigure(errors=fallback.HANDLER)
        except (ValueError, OSError):
            pass


def main(args=None) -> None:
    """Console entry point of ``fives``."""
    try:
        cli.main(args=args, prog_name="fives")
    except SystemExit:
        try:
            sys.stdout.flush()  # a reader gone during the last write shows up here
        except BrokenPipeError:
            _quiet_broken_pipe()
        raise


if __name__ == "__main__":  # pragma: no cover
    main()
