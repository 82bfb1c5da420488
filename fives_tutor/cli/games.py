"""``fives games list|show|export|import|delete``: the saved matches."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import click

from ..errors import N_, FivesError, Msg, did_you_mean, os_reason
from ..text.i18n import _, current, localize_error, named
from ..text.output import echo
from .common import (
    CliError,
    FivesCommand,
    SuggestingGroup,
    _Translated,
    argument,
    complete_match_id,
    confirm,
    db_option,
    echo_json,
    error_line,
    fail,
    option,
    progress_bar,
    saved_games,
)

if TYPE_CHECKING:  # types only: the club's modules load when their commands run (start-up)
    import datetime

    from ..store.club import Club
    from ..study.ratings import RatingBook


class FivesSubGroup(SuggestingGroup, _Translated, click.Group):
    """A translated group under ``fives``."""


def _json_option(function):
    return option("--json", "as_json", is_flag=True,
                  help=N_("Print JSON (stable keys, ASCII digits) instead of text."))(function)


def _lang_option(function):
    return option("--lang", "lang", metavar="LANG", expose_value=False,
                  help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))(function)


@click.group(short_help=N_("Saved matches, standings and each player's record"),
             cls=FivesSubGroup, help=N_("Saved matches: list, show, review, export, import, delete; the players' "
                                        "standings, each player's record, and their names."))
@_lang_option
def games() -> None:
    """The ``games`` group (help text above)."""


def _replayed(journal, info):
    """The match's rules, its events (read once) and its state rebuilt from them:
    ``(rules, events, state)``; a damaged match is named with the reason."""
    from ..core.keeper import replay_saved  # start-up: loaded when the command runs
    from ..packs.loader import rules_from_data
    from ..store.journal import JournalError

    try:
        rules = rules_from_data(info.rules_data, info.rules_path)
        events = journal.events(info.id)
        return rules, events, replay_saved(rules, info.names, info.teams, events)
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
@db_option()
@_json_option
@_lang_option
def list_games(db: str | None, as_json: bool) -> None:
    damaged: list[FivesError] = []
    with saved_games(db, readonly=True) as journal:
        _list(journal.matches(damaged), as_json, damaged)
    _report_damaged(damaged)  # every other match was listed


def _list(matches, as_json, damaged=()):
    """The saved matches as a table, or as JSON."""
    if as_json:
        echo_json([{"id": m.id, "players": m.names, "rules": m.rules_id, "scores": _side_scores(m),
                    "finished": m.finished, "created": m.created, "updated": m.updated,
                    "practice": m.practice is not None} for m in matches])
        return
    if not matches and not damaged:
        echo(_("No saved matches yet: fives table starts one."))
        return
    from ..text.table import table  # start-up: loaded when the command runs

    t = current()
    rows = [(t.number(m.id), t.join(m.names), m.rules_id, t.moment(m.updated),
             " · ".join(f"{k} {t.number(v)}" for k, v in _side_scores(m).items()),
             (_("finished") if m.finished else _("unfinished")) + (t.comma + _("practice") if m.practice else ""))
            for m in matches]
    echo(table(rows, header=(_("Match"), _("Players"), _("Pack"), _("Updated"), _("Score"), _("State"))))


def _match_id(value: str) -> int:
    """A match number as typed (any length: one SQLite cannot store is simply no match)."""
    from ..store.journal import match_number  # start-up: loaded when the command runs

    try:
        number = match_number(value)
    except FivesError as error:
        raise fail(error) from None
    if number is None:
        raise CliError(_("give the number of a saved match (see fives games list)"))
    return number


@games.command("show", short_help=N_("A saved match as a score sheet"), cls=FivesCommand, help=N_("A saved match as a score sheet."))
@argument("match_id", metavar="ID", shell_complete=complete_match_id)
@db_option()
@_json_option
@_lang_option
def show_game(match_id, db, as_json):
    with saved_games(db, readonly=True) as journal:
        info = journal.match(_match_id(match_id))
        _rules, events, state = _replayed(journal, info)
        if as_json:
            echo_json(_export(info, events, state))
            return
        from ..table.render import scores_line, sheet  # start-up: loaded when the command runs
        from ..text.wrap import wrap_block

        echo(wrap_block(_("Match {id}: {players}, {pack}").format(
            id=current().number(info.id), players=current().join(info.names), pack=info.rules_id)))
        echo(sheet(state))
        # the story's modules load only when a match is shown (start-up)
        from ..render.story import story_lines
        from ..study.club import record_from
        from ..text.wrap import terminal_width

        story = story_lines(record_from(info.id, info.created, state, info.practice, info.unnamed),
                            terminal_width())
        if story:
            echo("\n".join(["", *story, ""]))
        echo(scores_line(state))


@games.command("review", short_help=N_("Your moves in a saved match, on an analysis board"), cls=FivesCommand, help=N_(
    "Go through a saved match again with the coach, move by move: the ends, the board and your tiles, the play "
    "made and the engine's best plays with their values and intervals, each play marked best, fine, inaccuracy or "
    "mistake by the points it gave away against the best on the same deals, with why; then the points lost hand "
    "by hand (docs/coach.md). Judged with only what you knew then, on the same deals as hint and the coach. For a "
    "match played with fives play, and for a fives table match where your hand was entered (hand at the deal); "
    "without ID, the latest match. In a terminal the moves are stepped through (n, p, m for the next mistake, b "
    "for fives best, t to play on from a move, q to leave); through a pipe every move is printed. The coach's "
    "judgements saved during play are used as they were; --again judges every move anew."))
@click.argument("match_id", metavar="[ID]", required=False, shell_complete=complete_match_id)
@option("--again", is_flag=True, help=N_("Judge every move again instead of reading the judgements saved during play."))
@option("--tiles", type=click.Choice(["auto", "unicode", "plain"]), default="auto", show_default=True,
        help=N_("How the board and the tiles are drawn."))
@db_option()
@_json_option
@_lang_option
@click.pass_context
def review_game(ctx, match_id, again, tiles, db, as_json):
    from ..table.review_text import moves_of, review_pages  # start-up: loaded when the command runs
    from ..text.wrap import terminal_width
    from ..tutor.coach import judged_plays

    with saved_games(db, readonly=True) as journal:
        info = journal.match(_match_id(match_id)) if match_id is not None else _latest(journal)
        rules, events, _state = _replayed(journal, info)  # a damaged match is named with the reason
    if not any(event.get("type") == "hand" for event in events):
        raise CliError(_("match {id} has no hand of yours to judge: at a table, type hand and your tiles at the "
                         "deal (fives play does it for you)").format(id=info.id))
    start = ((info.practice or {}).get("start") or {}).get("events", 0)
    with progress_bar(_("Judging"), visible=not as_json) as bar:
        moves = moves_of(judged_plays(rules, info.names, info.teams, events, stored=not again, progress=bar.reach,
                                      start=start), rules, info.id,
                         info.practice["you"] if info.practice is not None else None)
    if as_json:
        _review_json(info, rules, moves)
        return
    style = tiles if tiles != "auto" else ("unicode" if _unicode_ok() else "plain")
    width = terminal_width()
    pages = review_pages(info.id, info.names, rules, moves, style, width)
    if not (sys.stdin.isatty() and sys.stdout.isatty()) or not moves:
        for page in pages:
            for line in page:
                echo(line)
            echo("")
        return
    from ..table.review_board import Board, run_board  # start-up: prompt_toolkit only for a terminal

    chosen = run_board(Board(pages, moves, lambda move: _best_lines(move, width)))
    if chosen is not None:
        from ..store.journal import command_for
        from .play import play  # start-up: loaded when the reader asks to play on

        echo(chosen.play_command if db is None else command_for(chosen.play_command, db))  # a path quoted for a shell
        ctx.invoke(play, start=f"{chosen.match}:{chosen.judged.hand}:{chosen.judged.move}", db=db, tiles=tiles)


def _latest(journal):
    """The match ``fives games review`` takes without an ID: the latest one updated that
    holds a followed hand (else the latest)."""
    matches = sorted(journal.matches(), key=lambda m: (m.updated, m.id), reverse=True)
    if not matches:
        raise CliError(_("No saved matches yet: fives table starts one."))
    for info in matches[:20]:
        if info.practice is not None or any(e.get("type") == "hand" for e in journal.events(info.id)):
            return info
    return matches[0]


def _best_lines(move, width: int) -> list[str]:
    """What ``b`` opens under a move: its ``fives best`` command and that command's answer."""
    from ..errors import FivesError  # start-up: loaded when the reader asks
    from ..table.review_text import best_command_lines
    from ..text.i18n import localize_error
    from ..text.wrap import wrap_lines
    from .position import do_best

    request = move.request
    if request is None:
        return wrap_lines(_("fives best seats the players as the pack does: it cannot say this table's teams."),
                          width)
    # the command folded as a shell reads it again (a break inside its quoted history,
    # as plain wrapping made, changed the history when pasted)
    lines = best_command_lines(request, width)
    try:
        # the move's own position, by its history (no board, plays or counts given apart)
        _data, text = do_best(position_text=None, hand_text=request["hand"], played_text=None, opponents=None,
                              level="auto", rules_name=request["rules"], samples=request["samples"],
                              seed=request["seed"], scores=request["scores"], lead=request["lead"],
                              history_text=request["history"])
        lines += text().split("\n")
    except FivesError as error:
        lines += wrap_lines(_("Error: {message}").format(message=localize_error(error)), width)
    return lines


def _review_json(info, rules, moves) -> None:
    from ..table.review_text import move_json  # start-up: loaded when the command runs
    from ..tutor import coach

    judged = [m.judged for m in moves]
    summary = coach.summarise(judged)
    echo_json({"id": info.id, "rules": rules.id, "practice": info.practice is not None,
               "thresholds": {"best_below": coach.BEST_BELOW, "fine_below": coach.FINE_BELOW,
                              "mistake_from": coach.MISTAKE_FROM, "noise_z": coach.NOISE_Z,
                              "match_cost": coach.MATCH_COST, "match_reach": coach.MATCH_REACH,
                              "samples": coach.SAMPLES},
               "moves": [move_json(m) for m in moves],
               "trend": [{"hand": hand, "lost": lost} for hand, lost in coach.lost_by_hand(judged)],
               "summary": {"judged": summary.judged, "counts": summary.counts, "lost": summary.lost,
                           "match": summary.match,
                           "costliest": [[j.hand, j.move] for j in summary.costliest],
                           "kinds": list(summary.kinds)}})


def _unicode_ok() -> bool:
    from ..render.board_art import unicode_tiles_supported  # start-up: loaded when the command runs

    return unicode_tiles_supported()


def _export(info, events, state) -> dict:
    from ..store.match_file import export  # start-up: loaded when the command runs

    return export(info, events, state)


@games.command("export", short_help=N_("A saved match as JSON or CSV"), cls=FivesCommand, help=N_(
    "Write a saved match as JSON (every event and the score sheet) or CSV (one row a hand)."))
@argument("match_id", metavar="ID", shell_complete=complete_match_id)
@option("--format", "fmt", type=click.Choice(["json", "csv"]), default="json", show_default=True,
        help=N_("json or csv."))
@option("--output", "-o", "output", metavar="FILE", help=N_("Write to FILE instead of standard output."))
@db_option()
@_lang_option
def export_game(match_id, fmt, output, db):
    with saved_games(db, readonly=True) as journal:
        info = journal.match(_match_id(match_id))
        _rules, events, state = _replayed(journal, info)
        data = _export(info, events, state)
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
            raise fail(FivesError(N_("cannot write {file}: {reason}"), file=output, reason=os_reason(error))) from None
    else:
        sys.stdout.write(text)


@games.command("import", short_help=N_("Add a match from a JSON export"), cls=FivesCommand, help=N_(
    "Add a match from a JSON export; a malformed or inconsistent file is refused with the reason."))
@argument("file", metavar="FILE")
@db_option(reading=False)
@_lang_option
def import_game(file, db):
    from ..store.match_file import check, read  # start-up: loaded when the command runs

    data = read(file, sys.stdin.buffer if file == "-" else None)
    checked = check(data, file)
    with saved_games(db, create=True) as journal:
        new_id = journal.import_match(checked.match, checked.events, checked.state.scores, checked.state.over)
    echo(_("Imported as match {id}.").format(id=current().number(new_id)))


@games.command("delete", short_help=N_("Delete a saved match"), cls=FivesCommand, help=N_("Delete a saved match (asks first, unless --yes)."))
@argument("match_id", metavar="ID", shell_complete=complete_match_id)
@option("--yes", is_flag=True, help=N_("Delete without asking."))
@db_option()
@_lang_option
def delete_game(match_id, yes, db):
    from ..store.match_lock import keep_match  # start-up: loaded when the command runs

    number = _match_id(match_id)
    t = current()
    with saved_games(db) as journal:
        try:
            question = _("Delete match {id} ({players})?").format(id=t.number(number),
                                                                  players=t.join(journal.match(number).names))
        except FivesError:
            if not journal.exists(number):
                raise
            # a damaged match can still be deleted: that is how a reader gets rid of it
            question = _("Delete match {id}, which is damaged and cannot be read?").format(id=t.number(number))
        if not yes:
            if not sys.stdin.isatty():
                raise CliError(_("add --yes to delete without a terminal to ask on"))
            if not confirm(question, default=False):
                echo(_("Nothing was deleted."))
                return
        with keep_match(journal, number, "fives games delete"):  # a shell keeping it is named after a moment's wait
            journal.delete(number)
        echo(_("Match {id} deleted.").format(id=t.number(number)))


# --- the club: players, standings, one player's record (docs/club.md) -------------------------
# Every import inside the functions below is start-up laziness: a command's modules (the
# club's figures, the rating library, Babel's dates) load only when that command runs.


def _practice_option(function: Callable) -> Callable:
    return option("--practice", is_flag=True, help=N_(
        "Practice matches against the computer (fives play) instead of matches kept at a table; the two are "
        "never counted together."))(function)


def _filter_options(function: Callable) -> Callable:
    function = option("--since", metavar="DATE", help=N_(
        "Only the matches begun on or after DATE (YYYY-MM-DD, your time zone)."))(function)
    return option("--rules", "rules_id", metavar="PACK", shell_complete=_complete_saved_pack, help=N_(
        "Only the matches of this rule pack (its id, as fives games list shows it)."))(function)


def _complete_saved_pack(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of ``--rules``: the packs of the saved matches."""
    from ..store.journal import Journal

    try:
        with Journal(ctx.params.get("db"), readonly=True) as journal:  # completing never writes
            return sorted({m.rules_id for m in journal.matches() if m.rules_id.startswith(incomplete)})
    except (FivesError, OSError):
        return []


def _since(text: str | None) -> datetime.date | None:
    """``--since``: a day written YYYY-MM-DD (digits of any script); raises :class:`CliError`."""
    import datetime

    from ..bounds import shown, whole_number

    if text is None:
        return None
    parts = text.strip().split("-")
    numbers = [number for number in map(whole_number, parts) if number is not None]
    try:
        if len(parts) == len(numbers) == 3:
            return datetime.date(numbers[0], numbers[1], numbers[2])
    except (ValueError, OverflowError):
        pass
    raise CliError(_("--since takes a day written YYYY-MM-DD, such as 2024-05-01, not {value}").format(
        value=shown(text)))


def _read_club(db: str | None, practice: bool | None) -> Club:
    """The club's matches of one kind, read without changing the file; exits 2 for a
    file that cannot be read."""
    from ..store.club import read_club

    with saved_games(db, readonly=True) as journal:
        return read_club(journal, practice)


def _report_damaged(damaged: Sequence[FivesError]) -> None:
    """One line on standard error for each match that could not be read, then exit 2
    (everything else was shown)."""
    if not damaged:
        return
    for error in damaged:
        error_line(_("Error: {message}").format(message=localize_error(error)))
    sys.exit(2)


class _Club:
    """The matches in scope, their players and figures, as the club's commands use them."""

    def __init__(self, db: str | None, practice: bool, rules_id: str | None, since_text: str | None) -> None:
        # the club's modules load only for these commands (start-up of fives games list/show)
        from ..render.club import Scope
        from ..study.club import clashes, counted, selected

        since = _since(since_text)
        self.club = _read_club(db, practice)
        packs = {record.rules_id for record in self.club.records}
        if rules_id is not None and rules_id not in packs:
            # a pack no saved match was played under: a slip when one is close (mugins),
            # else a pack simply not played yet (no match in scope, said below)
            close = did_you_mean(rules_id, sorted(packs))
            if close is not None:
                raise fail(FivesError(N_("no saved match was played under the pack {pack}: {hint}"), pack=rules_id,
                                      hint=close))
        self.roster = self.club.roster()
        chosen = selected(self.club.records, rules_id, since)
        self.left_out = clashes(chosen, self.roster)
        bad = {record.id for record, _a, _b in self.left_out}
        self.records = [record for record in chosen if record.id not in bad]
        finished = counted(self.records)
        self.scope = Scope(practice, rules_id, since, len(finished), len(self.records) - len(finished))

    def ratings(self) -> RatingBook:
        from ..study.club import rating_games
        from ..study.ratings import rate

        return rate(rating_games(self.records, self.roster))

    def left_out_json(self) -> list:
        return [{"id": record.id, "names": [a, b]} for record, a, b in self.left_out]

    def left_out_lines(self) -> list[str]:
        t = current()
        return [_("Match {id} is left out: {name} and {other} sat at it, and are one player by their names "
                  "(fives games players --undo takes back the last merge).").format(
            id=t.number(record.id), name=named(a), other=named(b)) for record, a, b in self.left_out]


@games.command("standings", short_help=N_("The players ranked, with their figures"), cls=FivesCommand, help=N_(
    "The players of the saved matches ranked by their rating (OpenSkill, updated match by match in the order played, "
    "shown after a few matches), with matches won, points a hand from plays and from hand ends, hands won by going "
    "out and by blocks, and muggins called and missed where the pack has muggins. Finished matches kept at a table "
    "(--practice: against the computer). Reading changes nothing in the saved games."))
@_filter_options
@_practice_option
@option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text", show_default=True,
        help=N_("text, json or csv."))
@db_option()
@_json_option
@_lang_option
def standings_command(rules_id: str | None, since: str | None, practice: bool, fmt: str, db: str | None,
                      as_json: bool) -> None:
    from ..render import club as shown
    from ..study.club import standings
    from ..text.wrap import terminal_width

    view = _Club(db, practice, rules_id, since)
    rows = shown.ranked(standings(view.records, view.roster), view.ratings().current, view.roster)
    if as_json or fmt == "json":
        echo_json(shown.standings_json(rows, view.roster, view.scope, view.left_out_json()))
    elif fmt == "csv":
        sys.stdout.write(shown.standings_csv(rows, view.roster))
        for line in view.left_out_lines():
            echo(line, err=True)
    elif not rows:
        echo(shown.nothing_text(view.scope))
    else:
        echo(shown.standings_text(rows, view.roster, view.scope, terminal_width()))
        for line in view.left_out_lines():
            echo(line)
    _report_damaged(view.club.damaged)


def _find_player(view: _Club, name: str) -> str:
    """The player (root key) ``name`` names: a spelling, a merged one, or a shown name
    (a computer player's ``Ben (expert)``); raises :class:`CliError`."""
    from ..errors import Alternatives
    from ..store.club import ClubError
    from ..study.players import player_key
    from ..suggest import closest

    roster = view.roster
    if not player_key(name):
        raise CliError(_("give a player's name, as fives games players lists them"))
    if roster.known(name):
        return roster.player(name)
    shown_names = {roster.display(p): p for p in roster.players()}
    for shown_name, player in shown_names.items():
        if player_key(shown_name) == player_key(name):
            return player
    close = closest(name, shown_names)  # the project's one did-you-mean
    if close:  # (a name is shown as written, "Ana or Ann", never as notation)
        raise fail(ClubError(N_("no saved match has a player named {name}; did you mean {choices}?"), name=name,
                             choices=Alternatives(close)))
    raise fail(ClubError(N_("no saved match has a player named {name} (fives games players lists them)"), name=name))


@games.command("player", short_help=N_("One player's record and rating"), cls=FivesCommand, help=N_(
    "One player's record over the saved matches: matches won, the figures of fives games standings overall and per "
    "pack, the rating after each match as a chart, partners and opponents head to head, and the last matches. NAME "
    "is written as in any match (case and spaces do not matter)."))
@argument("name", metavar="NAME")
@_filter_options
@_practice_option
@db_option()
@_json_option
@_lang_option
def player_command(name: str, rules_id: str | None, since: str | None, practice: bool, db: str | None,
                   as_json: bool) -> None:
    from ..render import club as shown
    from ..study.club import player_record
    from ..text.wrap import terminal_width

    view = _Club(db, practice, rules_id, since)
    player = _find_player(view, name)
    record = player_record(view.records, view.roster, player)
    book = view.ratings()
    rated = sorted((p for p, r in book.current.items() if r.shown), key=lambda p: -book.current[p].ordinal)
    rank = rated.index(player) + 1 if player in rated else None
    rating, history = book.current.get(player), book.history.get(player, [])
    if as_json:
        echo_json(shown.player_json(record, view.roster, rating, history, rank, view.scope))
    elif not record.overall.matches:
        echo(shown.nothing_text(view.scope))
    else:
        echo(shown.player_text(record, view.roster, rating, history, rank, len(rated), view.scope, terminal_width()))
        for line in view.left_out_lines():
            echo(line)
    _report_damaged(view.club.damaged)


@games.command("players", short_help=N_("The players; merge two spellings"), cls=FivesCommand, help=N_(
    "The players of the saved matches, with the other spellings of their names (names are compared without "
    "case, extra spaces or Unicode variants). --merge NAME INTO makes two spellings one player (kept in the saved "
    "games, never changing a match); --undo takes back the last merge and --redo puts it back."))
@option("--merge", nargs=2, metavar="NAME INTO", help=N_(
    "Make NAME one player with INTO (both as written in a match); INTO is the name shown."))
@option("--undo", is_flag=True, help=N_("Take back the last merge."))
@option("--redo", is_flag=True, help=N_("Put back the merge taken back last."))
@_practice_option
@db_option()
@_json_option
@_lang_option
def players_command(merge: tuple[str, str] | None, undo: bool, redo: bool, practice: bool, db: str | None,
                    as_json: bool) -> None:
    from ..render import club as shown
    from ..text.wrap import terminal_width

    if sum(bool(x) for x in (merge, undo, redo)) > 1:
        raise CliError(_("give one of --merge, --undo and --redo"))
    if merge or undo or redo:
        _change_names(db, merge, undo, redo)
        return
    club = _read_club(db, practice)
    roster = club.roster()
    rows = shown.listing(club.records, roster)
    if as_json:
        echo_json(shown.players_json(rows, roster, club.merges, practice))
    else:
        echo(shown.players_text(rows, roster, club.merges, practice, len(club.records), terminal_width()))
    _report_damaged(club.damaged)


def _change_names(db: str | None, merge: tuple[str, str] | None, undo: bool, redo: bool) -> None:
    """A merge, an undo or a redo, written to the names journal of the saved games."""
    from ..store import club

    with saved_games(db) as journal:
        if merge:
            name, into = merge
            club.merge(journal, name, into)
            echo(_("{name} and {into} are one player now, shown as {into} (fives games players --undo takes it "
                   "back).").format(name=named(name), into=named(into)))
        elif undo:
            name, into = club.undo(journal)
            echo(_("Taken back: {name} and {into} are two players again.").format(name=named(name),
                                                                                    into=named(into)))
        else:
            name, into = club.redo(journal)
            echo(_("Put back: {name} and {into} are one player again.").format(name=named(name),
                                                                               into=named(into)))
