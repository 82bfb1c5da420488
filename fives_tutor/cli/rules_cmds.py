"""``fives rules list|show|compare`` and ``fives simulate``: rule packs side by side,
by their rules and by simulated play."""

from __future__ import annotations

import json
import sys

import click

from ..errors import N_, FivesError
from ..i18n import _, current
from ..text.output import echo
from .common import (DEFAULT_SEED, CliError, FivesCommand, PlayersType, SuggestingGroup, _Translated, argument,
                     complete_level, complete_pack, echo_json, engine_levels, fail, load_pack, note_old_spelling, option,
                     rules_from)


class FivesSubGroup(SuggestingGroup, _Translated, click.Group):
    """A translated group under ``fives``."""


def _lang_json(function):
    """``--lang`` and ``--json`` (the language itself is chosen before Click parses)."""
    function = option("--json", "as_json", is_flag=True,
                      help=N_("Print JSON (stable keys, ASCII digits) instead of text."))(function)
    return option("--lang", "lang", metavar="LANG",
                  help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))(function)


@click.group(short_help=N_("Rule packs: list, show in words, compare"), cls=FivesSubGroup, help=N_("Rule packs: list them, show one in words, compare several."))
@option("--lang", "lang", metavar="LANG", expose_value=False,
        help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))
def rules() -> None:
    """The ``rules`` group (help text above)."""


@rules.command("list", short_help=N_("Every rule pack"), cls=FivesCommand, help=N_(
    "Every rule pack: the built-in ones, those in your packs folder, and any FILE given."))
@argument("files", metavar="[FILE...]", nargs=-1)
@_lang_json
def list_command(files, lang, as_json):
    from ..bounds import safe
    from ..packs import PackInfo, check_user_file, list_packs, user_dir

    found = []
    failed = False
    entries = [(info.id, info, "builtin" if info.builtin else "user") for info in list_packs()]
    entries += [(safe(path), PackInfo(path, path, False), "file") for path in files]  # a path as typed, escaped
    for pack_id, info, kind in entries:
        try:
            check_user_file(info)  # named like a built-in pack: reported, never silently ignored
            found.append((pack_id, load_pack_quietly(info.path), kind, None))
        except FivesError as error:
            from ..i18n import localize_error

            found.append((pack_id, None, kind, localize_error(error)))
            failed = True
    if as_json:
        echo_json({"packs": [{"id": rules.id if rules else pack_id, "name": rules.name(_code()) if rules else None,
                              "from": kind, "path": rules.path if rules else str(pack_id), "error": error}
                             for pack_id, rules, kind, error in found], "user_folder": user_dir()})
    else:
        from ..render_rules import render_list

        echo(render_list(found))
        echo(_("Your packs folder: {folder}").format(folder=user_dir()))
    if failed:
        sys.exit(2)


def load_pack_quietly(name):
    from ..packs import load_rules

    return load_rules(str(name))


def _code():
    from ..i18n import current

    return current().code


@rules.command("show", short_help=N_("The rules of one pack in plain words"), cls=FivesCommand, help=N_(
    "Every parameter of a rule pack in plain words, with its source (PACK, or --rules PACK)."))
@argument("pack", metavar="[PACK]", required=False, shell_complete=complete_pack)
@option("--rules", "rules_name", metavar="PACK", shell_complete=complete_pack,
        help=N_("Rule pack: a built-in id such as dominos-cc or pagat-all-fives, or the path of a YAML file."))
@_lang_json
def show_command(pack, rules_name, lang, as_json):
    rules_set = load_pack(rules_from(pack, rules_name))
    if as_json:
        from ..describe import describe

        echo_json({"id": rules_set.id, "name": rules_set.name(_code()), "summary": rules_set.summary(_code()),
                   "source": rules_set.source, "citation": rules_set.citation, "extends": rules_set.extends, "path": rules_set.path,
                   "rules": [{"key": row.key, "label": row.label, "value": row.value} for row in describe(rules_set)]})
        return
    from ..render_rules import render_show

    echo(render_show(rules_set))


def _level_names() -> list[str]:
    return list(engine_levels()) + ["random"]


def _simulation_options(function):
    function = option("--strategy", type=click.Choice(["greedy", "random"]), hidden=True,
                      help=N_("Old spelling of --level."))(function)
    function = option("--level", "level", metavar="LEVEL", default="greedy", show_default=True,
                      shell_complete=complete_level,
                      help=N_("Engine level of the simulated players: one of the levels of fives best but exact, "
                              "or random (monte-carlo and auto think for every move: slow)."))(function)
    function = option("--workers", type=click.IntRange(1, 64), metavar="N", default=1, show_default=True,
                      help=N_("Processes to share the matches among (same numbers as one)."))(function)
    function = option("--seed", metavar="SEED", default=DEFAULT_SEED, show_default=True, help=N_("Seed of the deals."))(function)
    function = option("--players", type=PlayersType(2, 10), default="2", show_default=True,
                      help=N_("Players at the table: how many, or their names separated by commas."))(function)
    return function


def _strategy(level: str, strategy: str | None) -> str:
    """The simulated players' level; ``--strategy`` is its old spelling."""
    if strategy:
        note_old_spelling("--strategy", "--level")
        level = strategy
    if level not in _level_names():
        raise CliError(_("unknown engine level '{level}': choose one of {choices}").format(
            level=level, choices=current().comma.join(_level_names())))
    from ..simulate import LEVELS

    if level not in LEVELS:
        raise CliError(_("simulation plays every level but {level}, which needs every tile known: use it in fives "
                         "best").format(level=level))
    return level


@rules.command("compare", short_help=N_("What differs between packs"), cls=FivesCommand, help=N_(
    "The rules that differ between PACKs, side by side; with --simulate N, also how the "
    "difference plays out over N simulated matches per pack, on the same deals."))
@argument("packs", metavar="PACK PACK [PACK...]", nargs=-1, shell_complete=complete_pack)
@option("--rules", "rules_names", metavar="PACK", multiple=True, shell_complete=complete_pack,
        help=N_("A rule pack to compare (give it twice or more; the PACK arguments do the same)."))
@option("--matches", "matches", type=click.IntRange(1, 10_000_000), metavar="N",
        help=N_("Also play N matches per pack and compare the statistics."))
@option("--simulate", "simulate", type=click.IntRange(1, 10_000_000), metavar="N", hidden=True,
        help=N_("Old spelling of --matches."))
@_simulation_options
@_lang_json
def compare_command(packs, rules_names, matches, simulate, players, seed, workers, level, strategy, lang, as_json):
    packs = tuple(packs) + tuple(rules_names)
    if simulate:
        note_old_spelling("--simulate N", "--matches N")
        matches = matches or simulate
    simulate = matches
    strategy = _strategy(level, strategy)
    seed = _seed(seed)
    if len(packs) < 2:
        raise CliError(_("give at least two packs to compare"))
    loaded = [load_pack(name) for name in packs]
    from ..render_rules import differences

    found = differences(loaded)
    summaries = None
    if simulate:
        summaries = _simulate_all(loaded, simulate, players, seed, workers, strategy, as_json)
    if as_json:
        data = {"packs": [r.id for r in loaded],
                "differences": [{"key": key, "label": label, "values": values} for key, label, values in found]}
        if summaries is not None:
            data["simulation"] = _simulation_json(loaded, summaries, simulate, players, seed, strategy)
        echo_json(data)
        return
    from ..render_rules import render_compare, render_statistics

    echo(render_compare(loaded))
    if summaries is not None:
        echo("")
        echo(render_statistics([r.id for r in loaded], summaries, simulate, players, seed, strategy))


@click.command(short_help=N_("Statistics of simulated matches under a pack"), cls=FivesCommand, help=N_(
    "Simulate matches under a rule pack (PACK, or --rules PACK) and report the statistics with 95% "
    "confidence intervals."))
@argument("pack", metavar="[PACK]", required=False, shell_complete=complete_pack)
@option("--rules", "rules_name", metavar="PACK", shell_complete=complete_pack,
        help=N_("Rule pack: a built-in id such as dominos-cc or pagat-all-fives, or the path of a YAML file."))
@option("--matches", type=click.IntRange(1, 10_000_000), metavar="N", default=1000, show_default=True,
        help=N_("Matches to play."))
@option("--records", "records_file", metavar="FILE",
        help=N_("Write one JSON line per match to FILE (- for standard output)."))
@_simulation_options
@_lang_json
def simulate(pack, rules_name, matches, records_file, players, seed, workers, level, strategy, lang, as_json):
    strategy = _strategy(level, strategy)
    seed = _seed(seed)
    loaded = load_pack(rules_from(pack, rules_name))
    records_out = []
    summaries = _simulate_all([loaded], matches, players, seed, workers, strategy, as_json, keep=records_out)
    if records_file:
        _write_records(records_file, records_out[0])
    if as_json:
        echo_json(_simulation_json([loaded], summaries, matches, players, seed, strategy))
        return
    from ..render_rules import render_statistics

    if records_file != "-":
        echo(render_statistics([loaded.id], summaries, matches, players, seed, strategy))


def _seed(text: str) -> str:
    """A seed as typed, its digits read as ASCII (a seed shown in Persian digits and
    typed back is the same seed)."""
    from ..tiles import ascii_digits

    return ascii_digits(text)


def _check_players(rules_set, players):
    if not rules_set.players.min <= players <= rules_set.players.max:
        raise CliError(_("{pack} is for {players} players, not {count}").format(
            pack=rules_set.id, players=current().span(rules_set.players.min, rules_set.players.max),
            count=current().number(players)))


def _simulate_all(loaded, matches, players, seed, workers, strategy, as_json, keep=None):
    from ..simulate import run, summarise

    for rules_set in loaded:
        _check_players(rules_set, players)
    show_bar = not as_json and sys.stderr.isatty()
    summaries = []
    bar = click.progressbar(length=matches * len(loaded), label=_("Simulating"), file=sys.stderr) if show_bar else None
    try:
        if bar is not None:
            bar.__enter__()
        for rules_set in loaded:
            records = run(rules_set.path, players, seed, matches, strategy, workers,
                          progress=bar.update if bar is not None else None)
            summaries.append(summarise(records))
            if keep is not None:
                keep.append(records)
    except FivesError as error:
        raise fail(error) from None
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    return summaries


def _estimate_json(estimate):
    return {"mean": round(estimate.mean, 6), "low": round(estimate.low, 6), "high": round(estimate.high, 6),
            "n": estimate.n}


def _simulation_json(loaded, summaries, matches, players, seed, strategy):
    return {
        "matches": matches, "players": players, "seed": seed, "strategy": strategy,
        "packs": {rules_set.id: {
            "completed_hands": summary.completed_hands,
            "play_points_per_hand": _estimate_json(summary.play_points),
            "end_points_per_hand": _estimate_json(summary.end_points),
            "blocked_share": _estimate_json(summary.blocked),
            "hands_per_match": _estimate_json(summary.hands),
            "plays_per_hand": _estimate_json(summary.plays),
            "first_leader_wins": _estimate_json(summary.first_leader_wins),
            "points_per_play": {str(points): count for points, count in summary.points_per_play.items()},
        } for rules_set, summary in zip(loaded, summaries)},
    }


def _write_records(path, records):
    lines = "".join(json.dumps(record.as_json()) + "\n" for record in records)
    if path == "-":
        sys.stdout.write(lines)
        return
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(lines)
    except OSError as error:
        raise CliError(_("cannot write {file}: {reason}").format(file=path, reason=error.strerror)) from None
