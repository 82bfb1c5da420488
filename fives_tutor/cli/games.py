"""``fives games list|show|export|import|delete``: the saved matches."""

from __future__ import annotations

import csv
import io
import json
import sys

import click

from ..errors import N_, FivesError
from ..i18n import _, current
from ..text.output import echo
from .common import CliError, FivesCommand, SuggestingGroup, _Translated, argument, confirm, echo_json, fail, option


class FivesSubGroup(SuggestingGroup, _Translated, click.Group):
    """A translated group under ``fives``."""


def _db_option(function):
    return option("--db", metavar="FILE",
                  help=N_("The saved-games file (default: in your data folder, or $FIVES_HOME)."))(function)


def _json_option(function):
    return option("--json", "as_json", is_flag=True,
                  help=N_("Print JSON (stable keys, ASCII digits) instead of text."))(function)


def _lang_option(function):
    return option("--lang", "lang", metavar="LANG", expose_value=False,
                  help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))(function)


@click.group(short_help=N_("Saved matches: list, show, export, import, delete"), cls=FivesSubGroup, help=N_("Saved matches: list, show, export, import, delete."))
@_lang_option
def games() -> None:
    """The ``games`` group (help text above)."""


def _open(db, create=False, readonly=False):
    """The saved games: read-only for the reading commands (they work while a shell
    writes, and on a read-only file), else writable (created only for an import)."""
    from ..journal import Journal

    try:
        return Journal(db, create=create, readonly=readonly)
    except FivesError as error:
        raise fail(error) from None


def _state(journal, info):
    """The match rebuilt from its events; a damaged one is named with the reason."""
    from ..errors import Msg
    from ..journal import JournalError
    from ..keeper import replay_saved
    from ..packs import rules_from_data

    try:
        rules = rules_from_data(info.rules_data, info.rules_path)
        return replay_saved(rules, info.names, info.teams, journal.events(info.id))
    except JournalError:
        raise
    except FivesError as error:
        raise JournalError(N_("saved match {id} is damaged and cannot be read: {reason}"), id=info.id,
                           reason=Msg.of(error)) from None


def _side_scores(info, state=None) -> dict:
    names = info.names
    scores = info.scores or []
    if info.teams:
        sides = ["+".join(names[p] for p in team) for team in info.teams]
    elif state is not None:
        sides = [state.side_name(s) for s in range(len(state.scores))]
    else:
        sides = list(names)
    return {side: (scores[i] if i < len(scores) else 0) for i, side in enumerate(sides)}


@games.command("list", short_help=N_("Every saved match"), cls=FivesCommand, help=N_("Every saved match: players, rule pack, date, score, finished or not."))
@_db_option
@_json_option
@_lang_option
def list_games(db, as_json):
    journal = _open(db, readonly=True)
    damaged: list = []
    try:
        try:
            matches = journal.matches(damaged)
        except FivesError as error:
            raise fail(error) from None
        _list(matches, as_json, damaged)
    finally:
        journal.close()
    if damaged:  # every other match was listed; each damaged one gets its own line
        from ..i18n import localize_error
        from .common import error_line

        for error in damaged:
            error_line(_("Error: {message}").format(message=localize_error(error)))
        sys.exit(2)


def _list(matches, as_json, damaged=()):
    """The saved matches as a table, or as JSON."""
    if as_json:
        echo_json([{"id": m.id, "players": m.names, "rules": m.rules_id, "scores": _side_scores(m),
                    "finished": m.finished, "created": m.created, "updated": m.updated} for m in matches])
        return
    if not matches and not damaged:
        echo(_("No saved matches yet: fives table starts one."))
        return
    from ..text.table import table

    t = current()
    rows = [(t.number(m.id), t.join(m.names), m.rules_id, t.moment(m.updated),
             " · ".join(f"{k} {t.number(v)}" for k, v in _side_scores(m).items()),
             _("finished") if m.finished else _("unfinished")) for m in matches]
    echo(table(rows, header=(_("Match"), _("Players"), _("Pack"), _("Updated"), _("Score"), _("State"))))


def complete_match_id(ctx, param, incomplete):
    """Shell completion of a saved match's number (with its players as the help)."""
    from click.shell_completion import CompletionItem

    from ..journal import Journal

    try:
        with Journal(ctx.params.get("db"), readonly=True) as journal:  # completing never writes
            return [CompletionItem(str(m.id), help=current().join(m.names)) for m in journal.matches()
                    if str(m.id).startswith(incomplete)]
    except (FivesError, OSError):
        return []


def _match_id(value: str) -> int:
    """A match number as typed (any length: one SQLite cannot store is simply no match)."""
    from ..journal import match_number

    try:
        number = match_number(value)
    except FivesError as error:
        raise fail(error) from None
    if number is None:
        raise CliError(_("give the number of a saved match (see fives games list)"))
    return number


@games.command("show", short_help=N_("A saved match as a score sheet"), cls=FivesCommand, help=N_("A saved match as a score sheet."))
@argument("match_id", metavar="ID", shell_complete=complete_match_id)
@_db_option
@_json_option
@_lang_option
def show_game(match_id, db, as_json):
    journal = _open(db, readonly=True)
    try:
        info = journal.match(_match_id(match_id))
        state = _state(journal, info)
        if as_json:
            echo_json(_export(journal, info, state))
            return
        from ..render_table import scores_line, sheet

        from ..text.wrap import wrap_block

        echo(wrap_block(_("Match {id}: {players}, {pack}").format(
            id=current().number(info.id), players=current().join(info.names), pack=info.rules_id)))
        echo(sheet(state))
        echo(scores_line(state))
    except FivesError as error:
        raise fail(error) from None
    finally:
        journal.close()


def _export(journal, info, state) -> dict:
    from ..match_file import export

    return export(info, journal.events(info.id), state)


@games.command("export", short_help=N_("A saved match as JSON or CSV"), cls=FivesCommand, help=N_(
    "Write a saved match as JSON (every event and the score sheet) or CSV (one row a hand)."))
@argument("match_id", metavar="ID", shell_complete=complete_match_id)
@option("--format", "fmt", type=click.Choice(["json", "csv"]), default="json", show_default=True,
        help=N_("json or csv."))
@option("--output", "-o", "output", metavar="FILE", help=N_("Write to FILE instead of standard output."))
@_db_option
@_lang_option
def export_game(match_id, fmt, output, db):
    journal = _open(db, readonly=True)
    try:
        info = journal.match(_match_id(match_id))
        state = _state(journal, info)
        data = _export(journal, info, state)
    except FivesError as error:
        raise fail(error) from None
    finally:
        journal.close()
    if fmt == "json":
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    else:
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        sides = [state.side_name(s) for s in range(len(state.scores))]
        writer.writerow(["hand", "leader", "end"] + [f"{s} play" for s in sides] + [f"{s} end" for s in sides]
                        + [f"{s} total" for s in sides])
        for row in data["sheet"]:
            writer.writerow([row["hand"], row["leader"], row["end"] or ""] + row["from_play"] + row["at_end"]
                            + row["totals"])
        text = buffer.getvalue()
    if output:
        try:
            with open(output, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
        except OSError as error:
            raise CliError(_("cannot write {file}: {reason}").format(file=output, reason=error.strerror)) from None
    else:
        sys.stdout.write(text)


@games.command("import", short_help=N_("Add a match from a JSON export"), cls=FivesCommand, help=N_(
    "Add a match from a JSON export; a malformed or inconsistent file is refused with the reason."))
@argument("file", metavar="FILE")
@_db_option
@_lang_option
def import_game(file, db):
    from ..match_file import check, read

    data = read(file, sys.stdin.buffer if file == "-" else None)
    checked = check(data, file)
    journal = _open(db, create=True)
    try:
        new_id = journal.import_match(checked.match, checked.events, checked.state.scores, checked.state.over)
    finally:
        journal.close()
    echo(_("Imported as match {id}.").format(id=current().number(new_id)))


@games.command("delete", short_help=N_("Delete a saved match"), cls=FivesCommand, help=N_("Delete a saved match (asks first, unless --yes)."))
@argument("match_id", metavar="ID", shell_complete=complete_match_id)
@option("--yes", is_flag=True, help=N_("Delete without asking."))
@_db_option
@_lang_option
def delete_game(match_id, yes, db):
    from ..match_lock import keep

    journal = _open(db)
    try:
        info = journal.match(_match_id(match_id))
        if not yes:
            if not sys.stdin.isatty():
                raise CliError(_("add --yes to delete without a terminal to ask on"))
            question = _("Delete match {id} ({players})?").format(id=current().number(info.id),
                                                                  players=current().join(info.names))
            if not confirm(question, default=False):
                echo(_("Nothing was deleted."))
                return
        try:
            keeper = keep(journal.path, info.id)  # a shell keeping it is named after a moment's wait
        except OSError as error:
            from ..journal import JournalError
            from ..storage import reason

            raise JournalError(N_("cannot save to {path}: {reason}"), path=journal.path,
                               reason=reason(error)) from None
        with keeper:
            journal.delete(info.id)
        echo(_("Match {id} deleted.").format(id=current().number(info.id)))
    except FivesError as error:
        raise fail(error) from None
    finally:
        journal.close()
