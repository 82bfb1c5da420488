"""``fives table``: keep the score of a real match in a shell that never loses the sheet."""

from __future__ import annotations

import os
import sys

import click

from ..errors import N_, FivesError
from ..i18n import _, current
from ..text.output import echo
from .common import CliError, FivesCommand, complete_language, complete_pack, fail, option


def _split_names(text: str) -> list[str]:
    from ..tiles import split_list

    return split_list(text)


def _teams(text: str | None, names: list[str]):
    """``Ana+Cy,Ben+Dee`` as lists of player indexes; raises CliError for bad teams."""
    if not text:
        return None
    lowered = [n.casefold() for n in names]
    teams = []
    for part in _split_names(text):
        members = [m.strip() for m in part.split("+") if m.strip()]
        try:
            teams.append([lowered.index(m.casefold()) for m in members])
        except ValueError:
            raise CliError(_("--teams names a player who is not in --players: {teams}").format(teams=text)) from None
    flat = sorted(i for team in teams for i in team)
    if len(names) != 4 or len(teams) != 2 or any(len(team) != 2 for team in teams) or flat != [0, 1, 2, 3]:
        raise CliError(_("--teams needs four players in two teams of two, such as Ana+Cy,Ben+Dee"))
    if any(sorted(team) not in ([0, 2], [1, 3]) for team in teams):
        raise CliError(_("partners sit opposite each other: in --players, a team's two players are the first and "
                         "third, or the second and fourth"))
    return teams


def _check_names(names: list[str], rules) -> None:
    if len(set(n.casefold() for n in names)) != len(names):
        raise CliError(_("each player needs a different name"))
    from ..table_session import WORDS

    for name in names:
        if name.lower() in WORDS or any(c in name for c in "|@= "):
            raise CliError(_("'{name}' cannot be a player's name: it looks like a command or a tile").format(name=name))
    if not rules.players.min <= len(names) <= rules.players.max:
        raise CliError(_("{pack} is for {players} players, not {count}").format(
            pack=rules.id, players=current().span(rules.players.min, rules.players.max),
            count=current().number(len(names))))


def _ask_setup(players, teams, rules_name, lang):
    """Ask for what the options did not give (a terminal only)."""
    from prompt_toolkit import prompt

    from ..i18n import LANGUAGES, activate, current, match_language
    from ..text.output import prompt_text

    if not lang and not os.environ.get("FIVES_LANG"):
        answer = prompt(prompt_text(_("Language: {choices} (Enter for {current}): ").format(
            choices=current().join(LANGUAGES), current=current().code))).strip()
        if answer:
            code = match_language(answer)
            if code is None:
                raise CliError(_("unknown language '{language}': choose one of {choices}").format(
                    language=answer, choices=current().join(LANGUAGES)))
            activate(code)
    if not players:
        players = prompt(prompt_text(_("Players, in turn order, separated by commas: ")))
    names = _split_names(players)
    if rules_name is None:
        rules_name = prompt(prompt_text(_("Rule pack (Enter for dominos-cc): "))).strip() or "dominos-cc"
    if len(names) == 4 and teams is None:
        teams = prompt(prompt_text(_("Teams, such as {example} (Enter: each for themselves): ").format(
            example=f"{names[0]}+{names[2]},{names[1]}+{names[3]}"))).strip() or None
    return names, teams, rules_name


@click.command(short_help=N_("Keep the score of a real match"), cls=FivesCommand, help=N_(
    "Keep the score of a real match: type each play as it happens; the sheet is saved after every entry.\n\n"
    "Type help in the shell for its commands. With standard input not a terminal, the same commands are "
    "read one a line, so a match can be replayed from a file."))
@option("--players", metavar="NAMES", help=N_("The players in turn order, separated by commas: Ana,Ben,Cy,Dee."))
@option("--teams", metavar="A+C,B+D", help=N_("Two partnerships of four players, such as Ana+Cy,Ben+Dee."))
@option("--rules", "rules_name", metavar="PACK", shell_complete=complete_pack,
        help=N_("Rule pack: a built-in id such as dominos-cc or pagat-all-fives, or the path of a YAML file."))
@option("--lang", "lang", metavar="LANG", shell_complete=complete_language,
        help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))
@option("--db", metavar="FILE", help=N_("The saved-games file (default: in your data folder, or $FIVES_HOME)."))
@option("--resume", "resume", is_flag=False, flag_value="latest", default=None, metavar="[ID]",
        help=N_("Continue a saved match: the one numbered ID, or the latest unfinished one."))
@option("--tiles", type=click.Choice(["auto", "unicode", "plain"]), default="auto", show_default=True,
        help=N_("How the board draws tiles."))
def table(players, teams, rules_name, lang, db, resume, tiles):
    from ..journal import Journal, JournalError
    from ..packs import load_pack_data, rules_from_data
    from ..table_session import Session

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    try:
        journal = Journal(db, exclusive=True)
    except JournalError as error:
        raise fail(error) from None
    try:
        if resume is not None:
            if players or teams or rules_name:
                raise CliError(_("--resume continues a saved match: give no --players, --teams or --rules"))
            if resume == "latest":
                info = journal.latest_unfinished()
                if info is None:
                    raise CliError(_("there is no unfinished match to resume"))
            else:
                if not resume.isdecimal():
                    raise CliError(_("--resume takes the number of a saved match (see fives games list)"))
                info = journal.match(int(resume))
            rules = rules_from_data(info.rules_data, info.rules_path)
            names, team_list, match_id = info.names, info.teams, info.id
        else:
            if not players and not interactive:
                raise CliError(_("give --players when standard input is not a terminal"))
            if not players:
                names, teams, rules_name = _ask_setup(players, teams, rules_name, lang)
            else:
                names = _split_names(players)
            data, path = load_pack_data(rules_name or "dominos-cc")
            rules = rules_from_data(data, path)
            _check_names(names, rules)
            team_list = _teams(teams, names)
            from ..i18n import current

            match_id = journal.create_match(names, team_list, rules.id, path, data, current().code)
        session = Session(journal, match_id, rules, names, team_list)
        style = tiles if tiles != "auto" else ("unicode" if _unicode_ok() else "plain")
        if interactive:
            from .table_shell import run_interactive

            code = run_interactive(session, style)
        else:
            code = run_lines(session, sys.stdin, style)
    except FivesError as error:
        raise fail(error) from None
    finally:
        journal.close()
    if code:
        sys.exit(code)


def _unicode_ok() -> bool:
    from ..board_art import unicode_tiles_supported

    return unicode_tiles_supported()


def opening(session) -> list[str]:
    """The first lines a session shows."""
    from ..i18n import current
    from ..render_table import scores_line, turn_line

    state = session.state
    t = current()
    lines = [_("Match {id}: {players}, {pack}. Type help for the commands.").format(
        id=t.number(session.match_id), players=t.join(state.side_name(s) for s in range(len(state.scores))),
        pack=session.rules.name(t.code))]
    if session.events:
        lines.append(scores_line(state))
    following = turn_line(state)
    if following:
        lines.append(following)
    return lines


def answer(session, reply, style: str) -> list[str]:
    """The text lines for a reply of the session."""
    from .. import render_table as words
    from ..board_art import draw
    from ..render_rules import render_show

    state = session.state
    kind, data = reply
    if kind == "refused":
        return [words.refusal(data["error"])]
    if kind == "done":
        lines = words.after_action(data, state)
    elif kind == "show":
        what = data["what"]
        if what == "board":
            lines = [draw(state.layout, style)]
        elif what == "sheet":
            lines = [words.sheet(state)]
        elif what == "history":
            lines = [words.history(state)]
        elif what == "rules":
            lines = [render_show(session.rules)]
        elif what == "help":
            lines = [words.help_text(state)]
        else:
            lines = []
    else:
        lines = []
    return lines


def run_lines(session, stream, style: str) -> int:
    """The shell without a terminal: one command a line, plain text answers. Returns
    2 when any line was refused, else 0."""
    for line in opening(session):
        echo(line)
    refused = False
    for raw in stream:
        reply = session.handle(raw)
        if reply.kind == "quit":
            break
        if reply.kind == "refused":
            refused = True
        for line in answer(session, reply, style):
            echo(line)
        asked = session.asking()
        if asked is not None:
            from ..render_table import ask_line

            echo(ask_line(session.state, asked))
    return 2 if refused else 0


def history_path() -> str:
    """Where the shell keeps its input history across sessions."""
    override = os.environ.get("FIVES_HOME")
    if override:
        return os.path.join(override, "table-history")
    from platformdirs import user_state_dir

    return os.path.join(user_state_dir("fives-tutor", appauthor=False), "table-history")
