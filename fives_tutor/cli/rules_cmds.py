"""``fives rules list|show|compare`` and ``fives simulate``: rule packs side by side,
by their rules and by simulated play."""

from __future__ import annotations

import json
import sys

import click

from ..errors import N_, FivesError
from ..i18n import _
from ..skill import DEFAULT_LEVEL
from .common import CliError, FivesCommand, _Translated, echo_json, fail, load_pack, option


class FivesSubGroup(_Translated, click.Group):
    """A translated group under ``fives``."""


def _lang_json(function):
    """``--lang`` and ``--json`` (the language itself is chosen before Click parses)."""
    function = option("--json", "as_json", is_flag=True,
                      help=N_("Print JSON (stable keys, ASCII digits) instead of text."))(function)
    return option("--lang", "lang", metavar="LANG",
                  help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))(function)


@click.group(cls=FivesSubGroup, help=N_("Rule packs: list them, show one in words, compare several."))
@option("--lang", "lang", metavar="LANG", expose_value=False,
        help=N_("Language: en, tl, id, nl or fa (default: FIVES_LANG, then the system's)."))
def rules() -> None:
    """The ``rules`` group (help text above)."""


@rules.command("list", cls=FivesCommand, help=N_(
    "Every rule pack: the built-in ones, those in your packs folder, and any FILE given."))
@click.argument("files", metavar="[FILE...]", nargs=-1)
@_lang_json
def list_command(files, lang, as_json):
    from ..packs import list_packs, user_dir

    found = []
    failed = False
    entries = [(info.id, info.path, "builtin" if info.builtin else "user") for info in list_packs()]
    entries += [(path, path, "file") for path in files]
    for pack_id, path, kind in entries:
        try:
            found.append((pack_id, load_pack_quietly(path), kind, None))
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

        click.echo(render_list(found))
        click.echo(_("Your packs folder: {folder}").format(folder=user_dir()))
    if failed:
        sys.exit(2)


def load_pack_quietly(name):
    from ..packs import load_rules

    return load_rules(str(name))


def _code():
    from ..i18n import current

    return current().code


@rules.command("show", cls=FivesCommand, help=N_("Every parameter of PACK in plain words, with its source."))
@click.argument("pack", metavar="PACK")
@_lang_json
def show_command(pack, lang, as_json):
    rules_set = load_pack(pack)
    if as_json:
        from ..describe import describe

        echo_json({"id": rules_set.id, "name": rules_set.name(_code()), "summary": rules_set.summary(_code()),
                   "source": rules_set.source, "extends": rules_set.extends, "path": rules_set.path,
                   "rules": [{"key": row.key, "label": row.label, "value": row.value} for row in describe(rules_set)]})
        return
    from ..render_rules import render_show

    click.echo(render_show(rules_set))


def _skill_level(ctx, param, text):
    """``--level``: a stronger engine level for the skill duel, or ``none``."""
    if text is None or text == "none":
        return None
    from ..skill import check_level, levels

    try:
        return check_level(text)
    except ValueError:
        raise click.BadParameter(_("{level} is not a stronger level: choose one of {choices}, or none").format(
            level=text, choices=", ".join(levels()))) from None


def _simulation_options(level_default):
    """The options of a simulation; ``level_default`` is the skill duel's level by default
    (``none``: no duel unless asked)."""

    def decorate(function):
        return _add_simulation_options(function, level_default)

    return decorate


def _add_simulation_options(function, level_default):
    from ..compare import SECONDS_PER_PLAY

    function = option("--seconds-per-play", "seconds_per_play", type=click.FloatRange(1, 600),
                      default=SECONDS_PER_PLAY, show_default=True, metavar="SECONDS",
                      help=N_("Seconds a play takes at a real table, shuffling and counting included, to turn "
                              "plays into minutes (the default comes from published game times: docs/packs.md)."))(function)
    function = option("--level", "level", default=level_default, show_default=True, metavar="LEVEL",
                      callback=_skill_level,
                      help=N_("How much skill counts: this engine level plays greedy on the same deals under "
                              "each pack (defensive, monte-carlo or monte-carlo:N); none leaves it out."))(function)
    function = option("--strategy", type=click.Choice(["greedy", "random"]), default="greedy", show_default=True,
                      help=N_("How the simulated players choose: greedy (most points now) or random."))(function)
    function = option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
                      help=N_("Processes to share the matches among (same numbers as one)."))(function)
    function = option("--seed", default="1", show_default=True, help=N_("Seed of the deals."))(function)
    function = option("--players", type=click.IntRange(2, 10), default=2, show_default=True,
                      help=N_("Players at the table."))(function)
    return function


@rules.command("compare", cls=FivesCommand, help=N_(
    "The rules that differ between PACKs, side by side; with --simulate N, also how the "
    "difference plays out over N simulated matches per pack, on the same deals: each figure's "
    "difference from the first pack with its 95% interval, paired by deal, and a verdict."))
@click.argument("packs", metavar="PACK PACK [PACK...]", nargs=-1, required=True)
@option("--simulate", "simulate", type=click.IntRange(1, 10_000_000), metavar="N",
        help=N_("Also play N matches per pack and compare the statistics."))
@_simulation_options(DEFAULT_LEVEL)
@_lang_json
def compare_command(packs, simulate, players, seed, workers, strategy, level, seconds_per_play, lang, as_json):
    if len(packs) < 2:
        raise CliError(_("give at least two packs to compare"))
    loaded = [load_pack(name) for name in packs]
    from ..render_rules import differences

    found = differences(loaded)
    result = None
    if simulate:
        result = _simulate_all(loaded, simulate, players, seed, workers, strategy, level, seconds_per_play, as_json)
    if as_json:
        data = {"packs": [r.id for r in loaded],
                "differences": [{"key": key, "label": label, "values": values} for key, label, values in found]}
        if result is not None:
            data["simulation"] = _simulation_json(result, simulate, players, seed, strategy)
        echo_json(data)
        return
    from ..render_rules import render_compare

    click.echo(render_compare(loaded))
    if result is not None:
        from ..render_study import render_study

        click.echo("")
        click.echo(render_study(result, simulate, players, seed, strategy))


@click.command(cls=FivesCommand, help=N_(
    "Simulate matches under PACK and report the statistics with 95% confidence intervals; with "
    "several PACKs, on the same deals, each figure's difference from the first pack."))
@click.argument("packs", metavar="PACK [PACK...]", nargs=-1, required=True)
@option("--matches", type=click.IntRange(1, 10_000_000), default=1000, show_default=True,
        help=N_("Matches to play."))
@option("--records", "records_file", metavar="FILE",
        help=N_("Write one JSON line per match to FILE (- for standard output)."))
@_simulation_options("none")
@_lang_json
def simulate(packs, matches, records_file, players, seed, workers, strategy, level, seconds_per_play, lang,
             as_json):
    loaded = [load_pack(name) for name in packs]
    records_out = []
    result = _simulate_all(loaded, matches, players, seed, workers, strategy, level, seconds_per_play, as_json,
                           keep=records_out)
    if records_file:
        _write_records(records_file, [(rules_set.id, records) for rules_set, records in zip(loaded, records_out)])
    if as_json:
        echo_json(_simulation_json(result, matches, players, seed, strategy))
        return
    from ..render_study import render_study

    if records_file != "-":
        click.echo(render_study(result, matches, players, seed, strategy))


def _check_players(rules_set, players):
    if not rules_set.players.min <= players <= rules_set.players.max:
        raise CliError(_("{pack} is for {low} to {high} players, not {count}").format(
            pack=rules_set.id, low=rules_set.players.min, high=rules_set.players.max, count=players))


def _names(loaded) -> list[str]:
    """The packs' ids, made distinct (a pack compared with itself, or two files with one id)."""
    names = []
    for rules_set in loaded:
        name, number = rules_set.id, 2
        while name in names:
            name, number = f"{rules_set.id}#{number}", number + 1
        names.append(name)
    return names


def _simulate_all(loaded, matches, players, seed, workers, strategy, level, seconds_per_play, as_json, keep=None):
    """Every pack's run on the same deals and, with a ``level``, every pack's skill duel;
    returns the :class:`~fives_tutor.compare.Study`."""
    from .. import skill
    from ..compare import study
    from ..simulate import run

    for rules_set in loaded:
        _check_players(rules_set, players)
    show_bar = not as_json and sys.stderr.isatty()
    runs, duels = [], []
    length = matches * len(loaded) * (3 if level else 1)  # a duel plays every deal twice
    bar = click.progressbar(length=length, label=_("Simulating"), file=sys.stderr) if show_bar else None
    progress = bar.update if bar is not None else None
    try:
        if bar is not None:
            bar.__enter__()
        for rules_set in loaded:
            runs.append(run(rules_set.path, players, seed, matches, strategy, workers, progress=progress))
        if level:
            for rules_set in loaded:
                duels.append(skill.run(rules_set.path, level, matches, players, seed, workers, progress=progress))
    except FivesError as error:
        raise fail(error) from None
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    if keep is not None:
        keep.extend(runs)
    return study(_names(loaded), runs, duels or None, level, seconds_per_play)


def _estimate_json(estimate):
    return {"mean": round(estimate.mean, 6), "low": round(estimate.low, 6), "high": round(estimate.high, 6),
            "n": estimate.n}


#: the JSON name of each row of a study
JSON_KEYS = {
    "play_points": "play_points_per_hand", "end_points": "end_points_per_hand", "blocked": "blocked_share",
    "plays": "plays_per_hand", "hands": "hands_per_match", "plays_per_match": "plays_per_match",
    "minutes_per_match": "minutes_per_match", "first_leader_wins": "first_leader_wins",
    "skill": "better_player_wins",
}


def _simulation_json(result, matches, players, seed, strategy):
    packs = {}
    for index, (name, summary) in enumerate(zip(result.names, result.summaries)):
        data = {"completed_hands": summary.completed_hands}
        for row in result.rows():
            data[JSON_KEYS[row]] = _estimate_json(result.estimate(row, index))
        data["points_per_play"] = {str(points): count for points, count in summary.points_per_play.items()}
        packs[name] = data
    return {
        "matches": matches, "players": players, "seed": seed, "strategy": strategy,
        "seconds_per_play": result.seconds_per_play,
        "skill": {"level": result.level, "against": "greedy"} if result.level else None,
        "packs": packs,
        "differences": [{
            "pack": result.names[index], "against": result.names[0],
            "figures": {JSON_KEYS[d.name]: dict(_estimate_json(d.estimate), verdict=d.verdict) for d in found},
        } for index, found in enumerate(result.differences, start=1)],
    }


def _write_records(path, runs):
    """Every match of every pack as one JSON line (``pack`` names the pack when there are several)."""
    several = len(runs) > 1
    lines = "".join(json.dumps(dict(record.as_json(), pack=name) if several else record.as_json()) + "\n"
                    for name, records in runs for record in records)
    if path == "-":
        sys.stdout.write(lines)
        return
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(lines)
    except OSError as error:
        raise CliError(_("cannot write {file}: {reason}").format(file=path, reason=error.strerror)) from None
