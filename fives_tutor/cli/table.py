"""``fives table``: keep the score of a real match in a shell that never loses the sheet."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click

from ..bounds import TOO_LARGE, shown
from ..core.names import MAX_NAME, all_different
from ..core.tiles import split_list
from ..errors import N_, FivesError, Msg
from ..text.i18n import (
    LANGUAGES,
    _,
    activate,
    current,
    language_hint,
    localize_error,
    match_language,
    ngettext,
    unknown_name,
)
from ..text.output import echo, prompt_rows, prompt_text
from .common import (
    CliError,
    FivesCommand,
    complete_language,
    complete_match_id,
    complete_pack,
    db_option,
    given_language,
    option,
    saved_games,
    split_players,
)

if TYPE_CHECKING:  # start-up: the journal and the locks are loaded when a shell opens
    from ..store.journal import Journal
    from ..store.match_lock import Keeper

__all__ = ["check_language_answer", "check_pack_answer", "check_players_answer", "check_teams_answer", "match_journal",
           "table"]


# --- checks shared by the options and the setup questions: a reason, or None ------------------


def _teams(text: str | None, names: list[str]):
    """``Ana+Cy,Ben+Dee`` as lists of player indexes; raises CliError for bad teams."""
    if not text:
        return None
    reason = check_teams_answer(text, names)
    if reason:
        raise CliError(reason)
    from ..table.grammar import find_player  # start-up: loaded when the command runs

    return [[find_player(m, names) for m in part.split("+") if m.strip()] for part in split_list(text)]


def check_teams_answer(text: str, names: list[str]) -> str | None:
    """Why ``text`` is not two partnerships of ``names`` (``Ana+Cy,Ben+Dee``), or None."""
    from ..table.grammar import find_player  # start-up: loaded when the command runs

    teams = []
    for part in split_list(text):
        typed = [m for m in part.split("+") if m.strip()]
        found = [find_player(m, names) for m in typed]
        members = [member for member in found if member is not None]
        if len(members) < len(found):
            stranger = next(m.strip() for m, member in zip(typed, found) if member is None)
            guess = unknown_name(N_("--teams names {name}, who is not in --players: {hint}"), stranger, names,
                                 name=stranger)  # Ana+Cyy: did you mean Cy?
            return guess or _("--teams names a player who is not in --players: {teams}").format(teams=text)
        teams.append(members)
    flat = sorted(i for team in teams for i in team)
    if len(names) != 4 or len(teams) != 2 or any(len(team) != 2 for team in teams) or flat != [0, 1, 2, 3]:
        return _("--teams needs four players in two teams of two, such as Ana+Cy,Ben+Dee")
    if any(sorted(team) not in ([0, 2], [1, 3]) for team in teams):
        return _("partners sit opposite each other: in --players, a team's two players are the first and "
                 "third, or the second and fourth")
    return None


def check_players_answer(names: list[str], rules) -> str | None:
    """Why ``names`` cannot be the players of a match under ``rules``, or None."""
    from ..table.grammar import name_problem  # start-up: loaded when the command runs

    for name in names:
        problem = name_problem(name)
        if problem:
            return _(problem).format(name=name, limit=current().number(MAX_NAME))
    if not all_different(names):  # ANA and Ana, or one with a zero-width space
        return _("each player needs a different name")
    return player_count_problem(len(names), rules)


def player_count_problem(count: int, rules, typed: str = "") -> str | None:
    """Why ``count`` players cannot play a match under ``rules``, or None: checked before
    anything is built from a count (``--players 99999999999999999999`` is one line).
    A count too large to read (:data:`~fives_tutor.bounds.TOO_LARGE`) is shown as ``typed``."""
    if not rules.players.min <= count <= rules.players.max:
        t = current()
        return _("{pack} is for {players} players, not {count}").format(
            pack=rules.id, players=t.span(rules.players.min, rules.players.max),
            count=t.number(count) if count < TOO_LARGE or not typed else t.typed(shown(typed.strip())))
    return None


def check_pack_answer(text: str) -> str | None:
    """Why ``text`` does not name a rule pack, or None."""
    from ..packs.loader import load_rules  # start-up: loaded when the command runs

    try:
        load_rules(text.strip() or "dominos-cc")
    except FivesError as error:
        return localize_error(error)
    return None


def check_language_answer(text: str) -> str | None:
    """Why ``text`` is not a language fives-tutor speaks, or None (empty keeps the current one)."""
    if text.strip() and match_language(text.strip()) is None:
        close = language_hint(text.strip())
        if close is not None:
            return localize_error(Msg(N_("unknown language '{language}': {hint}"), language=text.strip(), hint=close))
        return _("unknown language '{language}': choose one of {choices}").format(
            language=text.strip(), choices=current().comma.join(LANGUAGES))
    return None


def _default_names(count: int) -> list[str]:
    return [f"P{number}" for number in range(1, count + 1)]


def _names(count: int | None, rules, typed: str = "") -> list[str]:
    """``P1``, ``P2``... for ``--players N`` (no names given, ``typed`` as written), once
    the count is known to fit the pack. Raises CliError for a count outside it."""
    count = 2 if count is None else count
    reason = player_count_problem(count, rules, typed)
    if reason:
        raise CliError(reason)
    return _default_names(count)


# --- asking in a terminal ----------------------------------------------------------------------


def _ask(message: str, check, completions=(), default: str = "") -> str:
    """One setup question, asked again until ``check`` (answer -> reason or None) accepts
    it: the refused answer stays for editing, selected as the shell selects a refused
    part, so what is typed next replaces it (an arrow key keeps it to edit)."""
    from prompt_toolkit import PromptSession  # start-up: loaded when the command runs
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.validation import ValidationError, Validator

    from ..table.shell import grow_validation_toolbar, refused_line_bindings
    from ..text.wrap import terminal_width, wrap_lines

    class _Check(Validator):
        def validate(self, document):
            reason = check(document.text)
            if reason:  # wrapped to the terminal, not cut at its edge
                raise ValidationError(message=prompt_text("\n".join(wrap_lines(reason, terminal_width() - 1))),
                                      cursor_position=0)  # the whole answer is what was refused

    session: PromptSession[str] = PromptSession(
        validator=_Check(), validate_while_typing=False, key_bindings=refused_line_bindings(),
        completer=WordCompleter(list(completions), ignore_case=True) if completions else None)
    grow_validation_toolbar(session)
    try:
        answer = session.prompt(prompt_text(prompt_rows(message)))
    except (EOFError, KeyboardInterrupt):
        raise click.exceptions.Abort() from None
    return answer.strip() or default


def _ask_setup(names, teams, rules_name, lang, full: bool = True, count: int | None = None):
    """Ask for what the options did not give (a terminal only): the language once (then
    remembered), and when ``full`` (no players' names given) the rule pack, the players
    (``count`` of them when ``--players N`` gave how many), the teams."""
    from ..store import settings  # start-up: loaded when the command runs

    if not lang and not os.environ.get("FIVES_LANG"):
        remembered = match_language(str(settings.load().get("language", "")))
        if remembered:
            activate(remembered)
        else:
            answer = _ask(_("Language: {choices} (Enter for {current}): ").format(
                choices=current().comma.join(LANGUAGES), current=current().code), check_language_answer, LANGUAGES)
            code = (match_language(answer) if answer else None) or current().code  # the answer was checked
            activate(code)
            settings.save({"language": code})
    if not full:
        return names, teams, rules_name
    if rules_name is None:
        from ..packs.loader import list_packs

        rules_name = _ask(_("Rule pack (Enter for dominos-cc): "), check_pack_answer,
                          [info.id for info in list_packs()], "dominos-cc")
    from ..packs.loader import load_rules

    rules = load_rules(rules_name)
    if names is None:
        def check(text):
            _count, given = split_players(text, quiet=True)
            if given is None:
                return _("give the players' names, separated by commas")
            if count is not None and len(given) != count:  # --players 3: three names
                return ngettext("give {count} name, separated by commas", "give {count} names, separated by commas",
                                count).format(count=current().number(count))
            return check_players_answer(given, rules)

        question = (_("Players, in turn order, separated by commas: ") if count is None else
                    ngettext("The {count} player, in turn order, separated by commas: ",
                             "The {count} players, in turn order, separated by commas: ", count).format(
                        count=current().number(count)))
        names = split_players(_ask(question, check), quiet=True)[1]
    if len(names) == 4 and teams is None:
        example = f"{names[0]}+{names[2]},{names[1]}+{names[3]}"
        teams = _ask(_("Teams, such as {example} (Enter: each for themselves): ").format(example=example),
                     lambda text: check_teams_answer(text, names) if text.strip() else None) or None
    return names, teams, rules_name


# --- the command --------------------------------------------------------------------------------


@click.command(short_help=N_("Keep the score of a real match"), cls=FivesCommand, help=N_(
    "Keep the score of a real match: type each play as it happens; the sheet is saved after every entry.\n\n"
    "Type help in the shell for its commands. With standard input not a terminal, the same commands are "
    "read one a line, so a match can be replayed from a file."))
@option("--players", metavar="NAMES|N",
        help=N_("The players in turn order, separated by commas (Ana,Ben,Cy,Dee), or how many there are."))
@option("--teams", metavar="A+C,B+D", help=N_("Two partnerships of four players, such as Ana+Cy,Ben+Dee."))
@option("--rules", "rules_name", metavar="PACK", shell_complete=complete_pack,
        help=N_("Rule pack: a built-in id such as dominos-cc or pagat-all-fives, or the path of a YAML file."))
@option("--lang", "lang", metavar="LANG", shell_complete=complete_language,
        help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))
@db_option(reading=False)
@option("--resume", "resume", is_flag=False, flag_value="latest", default=None, metavar="[ID]",
        shell_complete=complete_match_id,
        help=N_("Continue a saved match: the one numbered ID, or the latest unfinished one."))
@option("--tiles", type=click.Choice(["auto", "unicode", "plain"]), default="auto", show_default=True,
        help=N_("How the board draws tiles."))
# the modes of table.render.MUGGINS_MODES, written out: the shell's modules load when the command runs
@option("--muggins", "muggins", type=click.Choice(["announce", "quiet"]), default="announce", show_default=True,
        help=N_("Under a pack where points are announced: announce says after each play what it made and what "
                "can be claimed; quiet keeps that to itself until the hand ends or muggins is called, as a club "
                "that plays muggins for real expects."))
def table(players, teams, rules_name, lang, db, resume, tiles, muggins):
    from ..packs.loader import load_pack_data, rules_from_data  # start-up: loaded when the command runs
    from ..store.match_lock import keep_match, keep_new_match
    from ..table.replies import TableFace, prose, run_lines
    from ..table.session import Session

    lang = given_language(lang)  # before the command's name too: fives --lang nl table
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    count, names = split_players(players)  # a count: names are made (or asked) once the pack bounds it
    if players is not None and count is None:  # --players "": neither a count nor a name
        raise CliError(_("give a number of players or their names separated by commas"))
    if resume is None and count is None and not interactive:
        raise CliError(_("give --players when standard input is not a terminal"))
    with match_journal(db) as (journal, kept):
        if resume is not None:
            if players or teams or rules_name:
                raise CliError(_("--resume continues a saved match: give no --players, --teams or --rules"))
            if resume == "latest":
                info = journal.latest_unfinished()
                if info is None:
                    raise CliError(_("there is no unfinished match to resume"))
            else:
                from ..store.journal import match_number

                number = match_number(resume)
                if number is None:
                    raise CliError(_("--resume takes the number of a saved match (see fives games list)"))
                info = journal.match(number)
                if info.practice is not None:
                    raise CliError(_("match {id} was played against the computer: fives play --resume {id} "
                                     "continues it").format(id=info.id))
            kept.append(keep_match(journal, info.id))  # another shell keeping it is named after a moment's wait
            rules = rules_from_data(info.rules_data, info.rules_path)
            session = Session(journal, info.id, rules, info.names, info.teams)
        else:
            if interactive and (names is None or not lang):
                # the options given are taken as they are; what --players leaves open is asked
                names, teams, rules_name = _ask_setup(names, teams, rules_name, lang, full=names is None, count=count)
            data, path = load_pack_data(rules_name or "dominos-cc")
            rules = rules_from_data(data, path)
            if names is None:
                names = _names(count, rules, players or "")
            reason = check_players_answer(names, rules)
            if reason:
                raise CliError(reason)
            team_list = _teams(teams, names)
            code = current().code

            def create() -> int:
                match_id, keeper = keep_new_match(
                    journal, lambda: journal.create_match(names, team_list, rules.id, path, data, code))
                kept.append(keeper)
                return match_id

            session = Session(journal, None, rules, names, team_list, create=create)
        style = tiles if tiles != "auto" else ("unicode" if _unicode_ok() else "plain")
        face = TableFace(session, muggins)
        if interactive:
            from ..table.shell import run_interactive

            code = run_interactive(face, style)
        else:
            code = run_lines(face, sys.stdin, style)
            if not session.saved:
                echo("\n".join(prose([_("Nothing was played, so no match was saved.")])))
    if code:
        sys.exit(code)


@contextlib.contextmanager
def match_journal(db: str | None) -> Iterator[tuple[Journal, list[Keeper]]]:
    """The saved games at ``db`` that a shell writes its match to (:func:`saved_games`,
    made when missing), and the list of this shell's holds on its matches
    (:func:`~fives_tutor.store.match_lock.keep_match` makes one): every hold is let go
    on the way out, before the file is closed."""
    kept: list[Keeper] = []
    with saved_games(db, create=True) as journal:
        try:
            yield journal, kept
        finally:
            for keeper in kept:
                keeper.release()


def _unicode_ok() -> bool:
    from ..render.board_art import unicode_tiles_supported  # start-up: loaded when the command runs

    return unicode_tiles_supported()
