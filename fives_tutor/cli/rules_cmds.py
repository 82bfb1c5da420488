"""``fives rules list|show|compare`` and ``fives simulate``: rule packs side by side,
by their rules and by simulated play."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import click

from ..bounds import safe
from ..core.rules import RuleSet
from ..errors import N_, FivesError, os_reason
from ..study import DEFAULT_LEVEL, SECONDS_PER_PLAY
from ..text.i18n import _, current, localize_error
from ..text.output import echo
from .common import (
    DEFAULT_SEED,
    CliError,
    FivesCommand,
    PlayersType,
    SecondsRange,
    SuggestingGroup,
    WholeRange,
    _Translated,
    argument,
    complete_level,
    complete_pack,
    echo_json,
    engine_levels,
    fail,
    level_slip,
    load_pack,
    note_old_spelling,
    option,
    progress_bar,
    rules_from,
    unknown_level,
)

if TYPE_CHECKING:
    # types only: the study modules (and the statistics they import) load when a study
    # runs, not for every command's help, which builds these options (about 11 ms)
    from ..study.compare import Study


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
    from ..packs.loader import PackInfo, check_user_file, list_packs, user_dir  # start-up: loaded when the command runs

    found = []
    failed = False
    entries = [(info.id, info, "builtin" if info.builtin else "user") for info in list_packs()]
    entries += [(safe(path), PackInfo(path, path, False), "file") for path in files]  # a path as typed, escaped
    for pack_id, info, kind in entries:
        try:
            check_user_file(info)  # named like a built-in pack: reported, never silently ignored
            found.append((pack_id, load_pack_quietly(info.path), kind, None))
        except FivesError as error:
            found.append((pack_id, None, kind, localize_error(error)))
            failed = True
    if as_json:
        echo_json({"packs": [{"id": rules.id if rules else pack_id, "name": rules.name(_code()) if rules else None,
                              "from": kind, "path": rules.path if rules else str(pack_id), "error": error}
                             for pack_id, rules, kind, error in found], "user_folder": user_dir()})
    else:
        from ..render.rules import render_list

        echo(render_list(found))
        echo(_("Your packs folder: {folder}").format(folder=user_dir()))
    if failed:
        sys.exit(2)


def load_pack_quietly(name):
    from ..packs.loader import load_rules  # start-up: loaded when the command runs

    return load_rules(str(name))


def _code():
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
        from ..render.describe import describe  # start-up: loaded when the command runs

        echo_json({"id": rules_set.id, "name": rules_set.name(_code()), "summary": rules_set.summary(_code()),
                   "source": rules_set.source, "citation": rules_set.citation, "extends": rules_set.extends, "path": rules_set.path,
                   "rules": [{"key": row.key, "label": row.label, "value": row.value} for row in describe(rules_set)]})
        return
    from ..render.rules import render_show

    echo(render_show(rules_set))


def _level_names() -> list[str]:
    return list(engine_levels()) + ["random"]


def _skill_level(ctx, param, text):
    """``--skill``: a stronger engine level for the skill duel, or ``none``."""
    if text is None or text == "none":
        return None

    from ..study.skill import check_level, levels  # start-up: see TYPE_CHECKING above

    try:
        return check_level(text)
    except ValueError:
        if text.partition(":")[0] not in _level_names():  # expret: did you mean expert?
            guess = level_slip(text, levels() + ("none",), ":")
            if guess is not None:
                raise click.BadParameter(guess) from None
        raise click.BadParameter(_("{level} is not a stronger level: choose one of {choices}, or none").format(
            level=text, choices=current().comma.join(levels()))) from None


def _complete_skill(ctx, param, incomplete):
    from ..study.skill import levels  # start-up: see TYPE_CHECKING above

    return [level for level in levels() + ("none",) if level.startswith(incomplete)]


def _simulation_options(skill_default):
    """The options of a simulation; ``skill_default`` is the skill duel's stronger level
    by default (``none``: no duel unless asked)."""

    def decorate(function):
        return _add_simulation_options(function, skill_default)

    return decorate


def _add_simulation_options(function, skill_default):
    function = option("--seconds-per-play", "seconds_per_play", type=SecondsRange(1, 600),
                      default=SECONDS_PER_PLAY, show_default=True, metavar="SECONDS",
                      help=N_("Seconds a play takes at a real table, shuffling and counting included, to turn "
                              "plays into minutes (the default comes from published game times: docs/packs.md)."))(function)
    function = option("--skill", "skill", default=skill_default, show_default=True, metavar="LEVEL",
                      callback=_skill_level, shell_complete=_complete_skill,
                      help=N_("How much skill counts: this engine level plays greedy on the same deals under "
                              "each pack (expert, defensive or monte-carlo); none leaves it out."))(function)
    function = option("--strategy", type=click.Choice(["greedy", "random"]), hidden=True,
                      help=N_("Old spelling of --level."))(function)
    function = option("--level", "level", metavar="LEVEL", default="greedy", show_default=True,
                      shell_complete=complete_level,
                      help=N_("Engine level of the simulated players: one of the levels of fives best but exact, "
                              "or random (monte-carlo and auto think for every move: slow)."))(function)
    function = option("--workers", type=WholeRange(1, 64), metavar="N", default=1, show_default=True,
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
        raise CliError(unknown_level(level, _level_names()))
    from ..study.simulate import LEVELS  # start-up: loaded when the command runs

    if level not in LEVELS:
        raise CliError(_("simulation plays every level but {level}, which needs every tile known: use it in fives "
                         "best").format(level=level))
    return level


@rules.command("compare", short_help=N_("What differs between packs"), cls=FivesCommand, help=N_(
    "The rules that differ between PACKs, side by side; with --matches N, also how the "
    "difference plays out over N simulated matches per pack, on the same deals: each figure's "
    "difference from the first pack with its 95% interval, paired by deal, and a verdict."))
@argument("packs", metavar="PACK PACK [PACK...]", nargs=-1, shell_complete=complete_pack)
@option("--rules", "rules_names", metavar="PACK", multiple=True, shell_complete=complete_pack,
        help=N_("A rule pack to compare (give it twice or more; the PACK arguments do the same)."))
@option("--matches", "matches", type=WholeRange(1, 10_000_000), metavar="N",
        help=N_("Also play N matches per pack and compare the statistics."))
@option("--simulate", "simulate", type=WholeRange(1, 10_000_000), metavar="N", hidden=True,
        help=N_("Old spelling of --matches."))
@option("--each", "each", is_flag=True,
        help=N_("With --matches: also play each changed rule alone against the first pack, on the same deals, "
                "and say in one line what it does."))
@_simulation_options(DEFAULT_LEVEL)
@_lang_json
def compare_command(packs, rules_names, matches, simulate, each, players, seed, workers, level, strategy, skill,
                    seconds_per_play, lang, as_json):
    packs = tuple(packs) + tuple(rules_names)
    if simulate:
        note_old_spelling("--simulate N", "--matches N")
        matches = matches or simulate
    simulate = matches
    strategy = _strategy(level, strategy)
    seed = _seed(seed)
    if len(packs) < 2:
        raise CliError(_("give at least two packs to compare"))
    if each and not simulate:
        raise CliError(_("--each plays each changed rule alone: give --matches N too"))
    loaded = [load_pack(name) for name in packs]
    from ..render.rules import differences  # start-up: loaded when the command runs
    from ..study.compare import part

    found = differences(loaded)
    result, alone = None, []
    if simulate:
        import tempfile  # start-up: loaded when the command runs

        with tempfile.TemporaryDirectory(prefix="fives-each-") as folder:
            alone = _alone(loaded, players, folder) if each else []
            played = [change.rules for change in alone if change.rules is not None]
            result = _simulate_all(loaded + played, simulate, players, seed, workers, strategy, skill,
                                   seconds_per_play, as_json)
    if as_json:
        data = {"packs": [r.id for r in loaded],
                "differences": [{"key": key, "label": label, "values": values} for key, label, values in found]}
        if result is not None:
            data["simulation"] = _simulation_json(part(result, range(len(loaded))), simulate, players, seed, strategy)
            if each:
                data["simulation"]["each"] = _each_json(result, alone, len(loaded))
        echo_json(data)
        return
    from ..render.rules import render_compare

    if result is None:
        echo(render_compare(loaded, headline=True))
        return
    from ..render.study import each_line, headlines, render_study

    packs_only = part(result, range(len(loaded)))
    under = {}  # pack number -> what each of its changes does alone
    number = len(loaded)
    for change in alone:
        if change.rules is None:
            under.setdefault(change.pack, []).extend(_wrap_error(change))
            continue
        under.setdefault(change.pack, []).extend(each_line(change.label, change.value, result, number))
        number += 1
    echo("\n".join(headlines(packs_only, under=under)))
    echo("")
    echo(render_compare(loaded))
    echo("")
    echo(render_study(packs_only, simulate, players, seed, strategy, with_headlines=False))


class Alone(NamedTuple):
    """A parameter in which pack number ``pack`` differs from the first, to be played
    alone (``rules compare --each``): its ``key`` path, its ``label`` and ``value`` in
    words, and the first pack with that parameter changed (``rules``), or None with
    the ``reason`` it cannot be played alone (a line in the active language)."""

    pack: int
    key: str
    label: str
    value: str
    rules: RuleSet | None
    reason: str = ""


def _alone(loaded: Sequence[RuleSet], players: int, folder: str) -> list[Alone]:
    """Every parameter in which each pack differs from the first, each written as the
    first pack with that parameter alone changed (a pack file in ``folder`` that extends
    the first pack's file), so that it plays on the same deals."""
    from ..packs.loader import load_rules  # start-up: loaded when the command runs
    from ..render.rules import differences
    from ..study.compare import changes, variant

    first = loaded[0]
    found = []
    for pack, other in enumerate(loaded[1:], start=1):
        for index, (key, value) in enumerate(changes(first, other, players), start=1):
            path = os.path.join(folder, f"alone-{pack}-{index}.yaml")
            with open(path, "w", encoding="utf-8") as handle:
                json.dump(variant(first, key, value, f"alone-{pack}-{index}"), handle)
            try:
                rules_set = load_rules(path)
                _check_players(rules_set, players)
            except FivesError as error:  # the parameter needs another beside it (players.max and hand_size)
                if error.params.get("path") == path:  # named as the first pack with this change, not a file
                    error.params["path"] = f"{first.id} + {key}"
                found.append(Alone(pack, key, key, "", None, localize_error(error)))
                continue
            except CliError as error:
                found.append(Alone(pack, key, key, "", None, error.format_message()))
                continue
            rows = differences([first, rules_set]) or [(key, key, ["", json.dumps(value)])]
            # the row of this parameter (spinner.doubles: none also changes how arms open)
            rows = [row for row in rows if key == row[0] or key.startswith(row[0] + ".")] or rows
            found.append(Alone(pack, key, current().comma.join(label for _key, label, _values in rows),
                               current().comma.join(values[1] for _key, _label, values in rows), rules_set))
    return found


def _wrap_error(change: Alone) -> list[str]:
    from ..render.study import each_failed  # start-up: loaded when the command runs

    return each_failed(change.key, change.reason)


def _each_json(result: Study, alone: list[Alone], packs: int) -> list[dict]:
    """Each parameter played alone as JSON: the figures' differences from the first
    pack, as ``differences`` gives them for the packs, or the reason it could not be played."""
    made = []
    number = packs
    for change in alone:
        entry: dict[str, object] = {"pack": result.names[change.pack], "against": result.names[0], "key": change.key}
        if change.rules is None:
            entry["error"] = change.reason
        else:
            entry["label"], entry["value"] = change.label, change.value
            entry["figures"] = {JSON_KEYS[d.name]: dict(_estimate_json(d.estimate), verdict=d.verdict)
                                for d in result.differences[number - 1]}
            number += 1
        made.append(entry)
    return made


@click.command(short_help=N_("Statistics of simulated matches under a pack"), cls=FivesCommand, help=N_(
    "Simulate matches under a rule pack (PACK, or --rules PACK) and report the statistics with 95% "
    "confidence intervals; with several packs, played on the same deals, each figure's difference "
    "from the first pack."))
@argument("packs", metavar="[PACK...]", nargs=-1, shell_complete=complete_pack)
@option("--rules", "rules_names", metavar="PACK", multiple=True, shell_complete=complete_pack,
        help=N_("Rule pack: a built-in id such as dominos-cc or pagat-all-fives, or the path of a YAML file "
                "(give it again to compare packs; the PACK arguments do the same)."))
@option("--matches", type=WholeRange(1, 10_000_000), metavar="N", default=1000, show_default=True,
        help=N_("Matches to play."))
@option("--records", "records_file", metavar="FILE",
        help=N_("Write one JSON line per match to FILE (- for standard output)."))
@_simulation_options("none")
@_lang_json
def simulate(packs, rules_names, matches, records_file, players, seed, workers, level, strategy, skill,
             seconds_per_play, lang, as_json):
    strategy = _strategy(level, strategy)
    seed = _seed(seed)
    if packs and rules_names and tuple(packs) != tuple(rules_names):
        raise CliError(_("give the rule pack once: {first} or {second}").format(
            first=" ".join(packs), second=" ".join(rules_names)))
    names = tuple(packs) or tuple(rules_names) or (rules_from(None, None),)
    loaded = [load_pack(name) for name in names]
    records_out = []
    result = _simulate_all(loaded, matches, players, seed, workers, strategy, skill, seconds_per_play, as_json,
                           keep=records_out)
    if records_file:
        _write_records(records_file, list(zip(result.names, records_out)))
    if as_json:
        echo_json(_simulation_json(result, matches, players, seed, strategy))
        return
    from ..render.study import render_study  # start-up: loaded when the command runs

    if records_file != "-":
        echo(render_study(result, matches, players, seed, strategy))


def _seed(text: str) -> str:
    """A seed as typed, its digits read as ASCII (a seed shown in Persian digits and
    typed back is the same seed)."""
    from ..core.tiles import ascii_digits  # start-up: loaded when the command runs

    return ascii_digits(text)


def _check_players(rules_set, players):
    if not rules_set.players.min <= players <= rules_set.players.max:
        raise CliError(_("{pack} is for {players} players, not {count}").format(
            pack=rules_set.id, players=current().span(rules_set.players.min, rules_set.players.max),
            count=current().number(players)))


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
    returns the :class:`~fives_tutor.study.compare.Study`."""
    from ..study import skill  # start-up: loaded when the command runs
    from ..study.compare import study
    from ..study.simulate import run

    for rules_set in loaded:
        _check_players(rules_set, players)
    runs, duels = [], []
    # a duel plays every deal once for each seating (two with two players)
    from ..study.duel import seatings

    length = matches * sum(1 + (len(seatings(rules_set, players)) if level else 0) for rules_set in loaded)
    try:
        with progress_bar(_("Simulating"), length, visible=not as_json) as bar:
            progress = bar.update if bar.visible else None
            for rules_set in loaded:
                runs.append(run(rules_set.path, players, seed, matches, strategy, workers, progress=progress))
            if level:
                for rules_set in loaded:
                    duels.append(skill.run(rules_set.path, level, matches, players, seed, workers,
                                           progress=progress))
    except FivesError as error:
        raise fail(error) from None
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
        raise fail(FivesError(N_("cannot write {file}: {reason}"), file=path, reason=os_reason(error))) from None
