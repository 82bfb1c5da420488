"""``fives duel A B``: two engine levels, or a player of your own, against each other on paired deals."""

from __future__ import annotations

import click

from ..engine.names import MOVE_TIME
from ..errors import N_, FivesError
from ..text.i18n import _, current, localize_error, ngettext
from ..text.output import echo
from .common import (
    DEFAULT_SEED,
    CliError,
    FivesCommand,
    PlayersType,
    SecondsRange,
    WholeRange,
    argument,
    complete_language,
    complete_level,
    complete_pack,
    echo_json,
    fail,
    load_pack,
    option,
    progress_bar,
)


@click.command(short_help=N_("One engine level against another"), cls=FivesCommand, help=N_(
    "Play A against B on paired deals (each deal with every seating, A and B swapping seats) and report A's "
    "match win rate with its 95% confidence interval, the point margin per hand and each side's time per move. "
    "A and B are the levels of fives best (monte-carlo:N for N deals a move), random, or a player of your own, "
    "path/to/bot.py:ClassName (see docs/engine.md). Every level sees what a player at the table sees and uses "
    "the same defaults as fives best.\n\n"
    "A player file is run as Python code, with your rights: run only files you trust. It plays in a process of "
    "its own, with --move-time seconds for each move; what it prints is not shown. A player that raises or "
    "answers with an action that is not legal forfeits that match; one that does not answer in time, or whose "
    "process ends, forfeits that match and every one left."))
@argument("level_a", metavar="A", shell_complete=complete_level)
@argument("level_b", metavar="B", shell_complete=complete_level)
@option("--matches", type=WholeRange(1, 2_000_000), metavar="N", default=200, show_default=True,
        help=N_("Matches to play: each deal is played once for each seating, A and B swapping seats (twice for "
                "two players or partnerships; the number is rounded up to whole deals)."))
@option("--players", type=PlayersType(2, 4), default="2", show_default=True,
        help=N_("Players at the table: how many, or their names separated by commas."))
@option("--seed", metavar="SEED", default=DEFAULT_SEED, show_default=True, help=N_("Seed of the deals."))
@option("--workers", type=WholeRange(1, 64), metavar="N", default=1, show_default=True,
        help=N_("Processes to share the matches among (same numbers as one)."))
@option("--move-time", "move_time", type=SecondsRange(0.01, 600), metavar="SECONDS", default=MOVE_TIME,
        show_default=True, help=N_("Seconds a player file may take for each move (the levels of fives-tutor have no "
                                   "limit)."))
@option("--rules", "rules_name", metavar="PACK", default="dominos-cc", show_default=True, shell_complete=complete_pack,
        help=N_("Rule pack: a built-in id such as dominos-cc or pagat-all-fives, or the path of a YAML file."))
@option("--lang", "lang", metavar="LANG", shell_complete=complete_language,
        help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))
@option("--json", "as_json", is_flag=True, help=N_("Print JSON (stable keys, ASCII digits) instead of text."))
def duel(level_a, level_b, matches, players, seed, workers, move_time, rules_name, lang, as_json):
    from ..study import duel as duels  # start-up: loaded when the command runs

    try:  # the duel's own reading of a level (monte-carlo:N, :no-styles) or a player file: one line, exit 2
        # (a level is shown as written canonically: monte-carlo:0005 is monte-carlo:5)
        level_a, level_b = (duels.parse_contestant(level).label for level in (level_a, level_b))
    except FivesError as error:
        raise fail(error) from None
    from ..core.tiles import ascii_digits

    seed = ascii_digits(seed)  # a seed shown in Persian digits, typed back, is the same seed
    rules = load_pack(rules_name)
    if not rules.players.min <= players <= rules.players.max:
        raise CliError(_("{pack} is for {players} players, not {count}").format(
            pack=rules.id, players=current().span(rules.players.min, rules.players.max),
            count=current().number(players)))
    try:  # a player file loaded once in its own process (a file that cannot play: one line, exit 2)
        duels.check_contestants(rules, level_a, level_b, move_time)
    except FivesError as error:
        raise fail(error) from None
    seatings = len(duels.seatings(rules, players))
    deals = -(-matches // seatings)
    try:
        with progress_bar(_("Playing"), seatings * deals, visible=not as_json) as bar:
            results = duels.run(rules.path, level_a, level_b, deals, players, seed, workers,
                                progress=bar.update if bar.visible else None, move_time=move_time, checked=True)
    except duels.DuelError as error:
        raise fail(error) from None
    summary = duels.summarise(results)
    if as_json:
        echo_json({"a": level_a, "b": level_b, "rules": rules.id, "players": players, "seed": seed,
                   "matches": summary.matches, "deals": deals, "seatings": seatings,
                   "a_win_rate": {"mean": summary.wins.mean, "low": summary.wins.low, "high": summary.wins.high},
                   "margin_per_hand": {"mean": summary.margin.mean, "low": summary.margin.low,
                                       "high": summary.margin.high},
                   "a_move_seconds": {"median": summary.a_median, "p95": summary.a_p95},
                   "b_move_seconds": {"median": summary.b_median, "p95": summary.b_p95},
                   "a_move_cpu_seconds": {"median": summary.a_cpu_median, "p95": summary.a_cpu_p95},
                   "b_move_cpu_seconds": {"median": summary.b_cpu_median, "p95": summary.b_cpu_p95},
                   "forfeits": {"a": summary.a_forfeits, "b": summary.b_forfeits,
                                "reason": _reason(summary.forfeit_reason, english=True)}})
        return
    from ..render.rules import interval
    from ..text.wrap import wrap_block

    t = current()
    lines = [ngettext("{a} against {b}: {matches} matches ({deals} deal, played with {seatings} seatings, A and B "
                      "swapping seats), {pack}, {players} players, seed {seed}.",
                      "{a} against {b}: {matches} matches ({deals} deals, each played with {seatings} seatings, A and B "
                      "swapping seats), {pack}, {players} players, seed {seed}.", deals).format(
        a=level_a, b=level_b, matches=t.number(summary.matches), deals=t.number(deals),
        seatings=t.number(seatings), pack=rules.id, players=t.number(players), seed=t.typed(seed)),
             _("{a} wins {share} of the matches.").format(a=level_a, share=interval(summary.wins, percent=True)),
             _("Point margin per hand, {a} minus {b}: {margin}.").format(a=level_a, b=level_b,
                                                                        margin=interval(summary.margin))]
    for name, median, p95, cpu_median, cpu_p95 in (
            (level_a, summary.a_median, summary.a_p95, summary.a_cpu_median, summary.a_cpu_p95),
            (level_b, summary.b_median, summary.b_p95, summary.b_cpu_median, summary.b_cpu_p95)):
        lines.append(_("Time per move, {level}: median {median} ms, 95th percentile {p95} ms (CPU: median {cpu} ms, "
                       "95th percentile {cpu95} ms).").format(
            level=name, median=t.number(median * 1000, decimals=1), p95=t.number(p95 * 1000, decimals=1),
            cpu=t.number(cpu_median * 1000, decimals=1), cpu95=t.number(cpu_p95 * 1000, decimals=1)))
    for name, count, reason in ((level_a, summary.a_forfeits, summary.a_reason),
                                (level_b, summary.b_forfeits, summary.b_reason)):
        if count:
            lines.append(ngettext("{player} forfeited {count} match: {reason}",
                                  "{player} forfeited {count} matches: {reason}", count).format(
                player=name, count=t.number(count), reason=_reason(reason)))
    lines.append(_("Means with their 95% confidence intervals."))
    echo(wrap_block("\n".join(lines)))  # to the terminal's width, each line's continuation hanging


def _reason(reason: str, english: bool = False) -> str:
    """Why a player forfeited (a :class:`~fives_tutor.errors.Msg` with its values), in
    the reader's language, or in English for ``--json``; its values (the player's own
    words, such as an exception's message) bounded and escaped."""
    if not reason:
        return ""
    error = FivesError(reason, **getattr(reason, "params", {}))
    return str(error) if english else localize_error(error)
