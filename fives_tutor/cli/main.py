"""The ``fives`` command: a Click group whose subcommands are imported only when used."""

from __future__ import annotations

import importlib
import sys

import click

from ..errors import N_
from .. import __version__
from ..i18n import _
from ..text.output import echo
from .common import SuggestingGroup, _Translated, bidi_from_args, option, set_bidi, set_language

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
    "games": "fives_tutor.cli.games:games",
    "learn": "fives_tutor.cli.tutor:learn",
    "quiz": "fives_tutor.cli.tutor:quiz",
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
        return super().make_context(info_name, args, parent=parent, **extra)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """Click's main, but any error is one line (with the hint to --help on that line)."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as error:
            echo(error.ctx.get_help(), block=True)  # a bare "fives": its help, as asked
            sys.exit(0)
        except click.exceptions.UsageError as error:
            hint = ""
            if error.ctx is not None:
                hint = " " + _("Try '{command} {option}' for help.").format(
                    command=error.ctx.command_path, option=error.ctx.help_option_names[0])
            message = error.format_message()
            if hint and not message.rstrip().endswith((".", "!", "?", "…")):
                message = message.rstrip() + "."
            echo(_("Error: {message}").format(message=message) + hint, err=True)
            sys.exit(error.exit_code)
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except click.exceptions.Abort:
            echo(_("Aborted!"), err=True)
            sys.exit(1)
        sys.exit(result if isinstance(result, int) else 0)

    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, attribute = target.split(":")
        return getattr(importlib.import_module(module), attribute)


@click.group(cls=FivesGroup, context_settings={"help_option_names": ["-h", "--help"]},
             help=N_("fives-tutor: the open-end total, the points of every play and the best play in All Fives dominoes."))
@option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
        help=N_("Show the version and exit."))
@option("--lang", "lang", metavar="LANG", expose_value=False, is_eager=True,
              help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))
def cli() -> None:
    """The command group (help text above, translated at display time)."""


def main(args=None) -> None:
    """Console entry point of ``fives``."""
    cli.main(args=args, prog_name="fives")


if __name__ == "__main__":  # pragma: no cover
    main()
