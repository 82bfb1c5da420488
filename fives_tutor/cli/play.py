"""``fives play``: a match against the computer, with a coach, in the table's shell."""

from __future__ import annotations

import sys

import click

from ..bounds import has_control
from ..errors import N_
from ..text.i18n import _, current, ngettext
from ..text.output import echo
from .common import (
    CliError,
    FivesCommand,
    SecondsRange,
    complete_language,
    complete_match_id,
    complete_pack,
    db_option,
    given_language,
    option,
    split_players,
    unknown_level,
)

#: the names of the computer's players when none are given
COMPUTER_NAMES = ("Ana", "Ben", "Cy")
#: seconds between the computer's moves in a terminal
DEFAULT_PACE = 1.0


def _levels(text: str, computers: int) -> list[str]:
    """``--level``: one level for every computer player, or one per computer player
    separated by commas. Raises :class:`CliError`."""
    from ..table.practice import LEVELS  # start-up: loaded when the command runs

    levels = [level.strip() for level in text.replace("،", ",").split(",") if level.strip()]
    for level in levels:
        if level not in LEVELS:
            raise CliError(unknown_level(level, LEVELS))
    if len(levels) == 1:
        levels = levels * computers
    if len(levels) != computers:
        raise CliError(ngettext("--level takes one level for the computer player",
                                "--level takes one level, or one for each of the {count} computer players",
                                computers).format(count=current().number(computers)))
    return levels


def _names(players: str | None, rules) -> tuple[list[str], bool]:
    """``--players``: how many play (you included), or every name, yours first: the
    names as the match saves them, and whether you typed yours (else it is
    :data:`~fives_tutor.core.names.YOU`, shown in the reader's language). A count is
    checked against the pack before any name is made. Raises :class:`CliError`."""
    from ..core.names import YOU  # start-up: loaded when the command runs
    from .table import player_count_problem

    count, names = split_players(players)
    if players is not None and count is None:  # --players "": neither a count nor a name
        raise CliError(_("give a number of players or their names separated by commas"))
    if names is not None:
        return names, True
    count = count or 2
    reason = player_count_problem(count, rules, players or "")
    if reason:
        raise CliError(reason)
    computers = list(COMPUTER_NAMES) + [f"P{n}" for n in range(len(COMPUTER_NAMES) + 2, count + 1)]
    return [YOU] + computers[:max(0, count - 1)], False


def _complete_levels(ctx, param, incomplete: str):
    from click.shell_completion import CompletionItem  # start-up: loaded when the command runs

    from ..table.practice import LEVELS

    head, _sep, last = incomplete.rpartition(",")
    prefix = head + "," if head else ""
    return [CompletionItem(prefix + level) for level in LEVELS if level.startswith(last)]


@click.command(short_help=N_("Play a match against the computer, with a coach"), cls=FivesCommand, help=N_(
    "Play a match against the computer: you and 1 to 3 computer players at an engine level, under any rule pack, "
    "in the same shell as fives table (Tab completes your plays with their points; draw, pass, undo, hint, "
    "board, sheet, quit). The coach judges each of your plays with only what you knew then and says so when a "
    "better play was worth more; it sums up each hand and the match. Every move is saved: fives play --resume "
    "continues a match, fives games review goes through it again.\n\n"
    "With standard input not a terminal, your moves are read one a line and the computer's are printed at once, "
    "so a match can be scripted."))
@option("--players", metavar="N|NAMES",
        help=N_("How many play, you included (2 to 4; default 2), or every name separated by commas, yours first."))
@option("--level", "level", metavar="LEVEL[,LEVEL...]", shell_complete=_complete_levels,
        help=N_("The computer's engine level (default greedy: it scores what it can), or one for each computer "
                "player separated by commas: random, greedy, defensive, expert, monte-carlo, auto."))
@option("--rules", "rules_name", metavar="PACK", shell_complete=complete_pack,
        help=N_("Rule pack: a built-in id such as dominos-cc or pagat-all-fives, or the path of a YAML file."))
@option("--seed", metavar="SEED", help=N_("Seed of the deals (default: a new one, shown at the start)."))
@option("--coach", type=click.Choice(["on", "off", "end"]), default="on", show_default=True,
        help=N_("The coach: on (a line after a play that gives points away, and summaries), end (the summaries "
                "only) or off."))
@option("--pace", type=SecondsRange(0, 10), default=DEFAULT_PACE, show_default=True, metavar="SECONDS",
        help=N_("Seconds between the computer's moves in a terminal."))
@option("--lang", "lang", metavar="LANG", shell_complete=complete_language,
        help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))
@db_option(reading=False)
@option("--resume", "resume", is_flag=False, flag_value="latest", default=None, metavar="[ID]",
        shell_complete=complete_match_id,
        help=N_("Continue a saved match against the computer: the one numbered ID, or the latest unfinished one."))
@option("--from", "start", metavar="ID:HAND:MOVE", shell_complete=complete_match_id,
        help=N_("Play on from a position of a saved match, as a new match: the one numbered ID, before move MOVE "
                "(its plays counted from 1) of hand HAND, a play of your hand; the tiles you could not see are dealt "
                "again, as you could have known them (fives games review shows the moves)."))
@option("--tiles", type=click.Choice(["auto", "unicode", "plain"]), default="auto", show_default=True,
        help=N_("How the board and your hand draw tiles."))
def play(players, level, rules_name, seed, coach, pace, lang, db, resume, start, tiles):
    from ..packs.loader import load_pack_data, rules_from_data  # start-up: loaded when the command runs
    from ..store.journal import shown_names
    from ..store.match_lock import keep_match, keep_new_match
    from ..table.practice import DEFAULT_LEVEL, Practice, new_seed, setup
    from ..table.practice_text import PracticeFace
    from ..table.replies import run_lines
    from .table import _ask_setup, _unicode_ok, check_players_answer, match_journal

    lang = given_language(lang)  # before the command's name too: fives --lang nl play
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    with match_journal(db) as (journal, kept):
        if start is not None:
            if players or rules_name or resume is not None:
                raise CliError(_("--from plays on from a saved match: give no --players, --rules or --resume"))
            practice = _play_on(journal, start, level, coach, seed)
            kept.append(keep_match(journal, practice.match_id, "fives play"))
        elif resume is not None:
            if players or level or rules_name or seed:
                raise CliError(_("--resume continues a saved match: give no --players, --level, --rules or --seed"))
            info = _saved(journal, resume)
            kept.append(keep_match(journal, info.id, "fives play"))
            rules = rules_from_data(info.rules_data, info.rules_path)
            practice = Practice(journal, info.id, rules, info.names, info.teams, info.practice)
        else:
            if interactive and not lang:
                _ask_setup(None, None, None, lang, full=False)  # the language, asked once and remembered
            data, path = load_pack_data(rules_name or "dominos-cc")
            rules = rules_from_data(data, path)
            names, typed = _names(players, rules)
            reason = check_players_answer(names, rules)
            if reason:
                raise CliError(reason)
            levels = [None] + _levels(level or DEFAULT_LEVEL, len(names) - 1)
            chosen = setup(seed if seed is not None else new_seed(), 0, levels, coach,
                           name=names[0] if typed else None)
            if not 0 < len(chosen["seed"]) <= 64 or has_control(chosen["seed"]):
                raise CliError(_("--seed takes at most 64 characters, none of them a control character"))
            code = current().code

            def create() -> int:
                match_id, keeper = keep_new_match(
                    journal, lambda: journal.create_match(names, None, rules.id, path, data, code, chosen),
                    "fives play")
                kept.append(keeper)
                return match_id

            # written with your first move (Practice.begins): a match left before it is not kept
            practice = Practice(journal, None, rules, shown_names(names, chosen), None, chosen, create=create)
        style = tiles if tiles != "auto" else ("unicode" if _unicode_ok() else "plain")
        face = PracticeFace(practice)
        if interactive:
            from ..table.shell import run_interactive

            result = run_interactive(face, style, pace=pace)
        else:
            result = run_lines(face, sys.stdin, style)
            echo(face.closing())
    if result:
        sys.exit(result)


def parse_start(text: str) -> tuple[int, int, int]:
    """``--from ID:HAND:MOVE`` (digits of any script): the three numbers. Raises
    :class:`CliError`."""
    from ..bounds import shown, whole_number  # start-up: loaded when the command runs
    from ..core.tiles import ascii_digits

    parts = ascii_digits(text.strip()).split(":")
    numbers = [whole_number(part.strip()) for part in parts]
    if len(parts) != 3 or any(n is None or not 0 < n < 10 ** 9 for n in numbers):
        raise CliError(_("--from takes a saved match, a hand and a move, such as {example}, not {value}").format(
            example="12:2:5", value=shown(text)))
    return numbers[0], numbers[1], numbers[2]  # type: ignore[return-value]  # checked not None above


def _play_on(journal, text: str, level: str | None, coach: str, seed: str | None):
    """The new practice match ``--from`` asks for (:func:`fives_tutor.table.practice.play_on`)."""
    from ..errors import FivesError  # start-up: loaded when the command runs
    from ..packs.loader import rules_from_data
    from ..table.practice import new_seed, play_on
    from .common import fail

    match_id, hand, move = parse_start(text)
    info = journal.match(match_id)
    rules = rules_from_data(info.rules_data, info.rules_path)
    levels = _levels(level, len(info.names) - 1) if level else None
    try:
        practice = play_on(journal, info.id, rules, info.names, info.teams, info.rules_data, info.rules_path,
                           journal.events(info.id), hand, move, levels, coach, seed or new_seed(), current().code,
                           info.practice, info.unnamed)
    except FivesError as error:
        raise fail(error) from None
    return practice


def _saved(journal, resume: str):
    """The saved practice match ``--resume`` names (or the latest unfinished one)."""
    if resume == "latest":
        info = journal.latest_unfinished(practice=True)
        if info is None:
            raise CliError(_("there is no unfinished match against the computer to resume"))
        return info
    from ..store.journal import match_number  # start-up: loaded when the command runs

    number = match_number(resume)
    if number is None:
        raise CliError(_("--resume takes the number of a saved match (see fives games list)"))
    info = journal.match(number)
    if info.practice is None:
        raise CliError(_("match {id} was kept at a real table: {command} continues it").format(
            id=current().number(info.id), command=f"fives table --resume {info.id}"))
    if info.finished:
        raise CliError(_("match {id} is over: {command} goes through it again").format(
            id=current().number(info.id), command=f"fives games review {info.id}"))
    return info
