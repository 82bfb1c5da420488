"""One command line: the same option has the same name and meaning on every command,
old spellings still work with a note, mistyped commands get a suggestion, positional
arguments complete, and ``python -m fives_tutor`` runs."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import click
import pytest
from click.shell_completion import ShellComplete

from fives_tutor.cli.main import cli

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def one_line(text: str) -> bool:
    return len(text.strip().splitlines()) == 1


@pytest.mark.parametrize("typed, suggested", [("scor", "score"), ("simulat", "simulate"), ("tabel", "table")])
def test_a_mistyped_command_gets_a_suggestion(run, typed, suggested):
    result = run(typed)
    assert result.exit_code == 2 and one_line(result.stderr)
    assert f"No such command '{typed}'. Did you mean {suggested}" in result.stderr


def test_a_mistyped_subcommand_gets_a_suggestion(run):
    result = run("games", "lst")
    assert result.exit_code == 2 and "Did you mean list?" in result.stderr


def test_python_dash_m_runs_fives(tmp_path):
    env = dict(os.environ, PYTHONPATH=REPO, FIVES_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "fives_tutor", "score", "5 3", "--play", "3|0"], capture_output=True,
                          text=True, env=env, timeout=60, check=False)
    assert done.returncode == 0 and "5 + 0 = 5 → 5 points" in done.stdout


@pytest.mark.parametrize("args", [["simulate", "muggins"], ["simulate", "--rules", "muggins"]])
def test_the_pack_by_option_or_by_its_old_positional_place(run, args):
    result = run(*args, "--matches", "5", "--json")
    assert result.exit_code == 0, result.stderr
    assert list(json.loads(result.stdout)["packs"]) == ["muggins"]


def test_the_pack_named_twice_differently_is_refused(run):
    result = run("simulate", "muggins", "--rules", "five-up", "--matches", "2")
    assert result.exit_code == 2 and "give the rule pack once" in result.stderr


def test_rules_show_takes_rules_too(run):
    assert run("rules", "show", "--rules", "five-up").stdout == run("rules", "show", "five-up").stdout


def test_rules_compare_with_rules_options_and_matches(run):
    by_option = run("rules", "compare", "--rules", "dominos-cc", "--rules", "muggins", "--json")
    by_place = run("rules", "compare", "dominos-cc", "muggins", "--json")
    assert by_option.exit_code == 0 and json.loads(by_option.stdout) == json.loads(by_place.stdout)
    simulated = run("rules", "compare", "dominos-cc", "muggins", "--matches", "4", "--json")
    assert json.loads(simulated.stdout)["simulation"]["matches"] == 4


def test_old_spellings_work_with_a_note(run):
    old = run("rules", "compare", "dominos-cc", "muggins", "--simulate", "4", "--json")
    assert old.exit_code == 0 and json.loads(old.stdout)["simulation"]["matches"] == 4
    assert "Note: --simulate N still works, but is now written --matches N." in old.stderr
    strategy = run("simulate", "muggins", "--matches", "3", "--strategy", "random", "--json")
    assert strategy.exit_code == 0 and json.loads(strategy.stdout)["strategy"] == "random"
    assert "now written --level" in strategy.stderr


@pytest.mark.parametrize("players, count", [("3", 3), ("Ana,Ben,Cy", 3), ("۲", 2)])
def test_players_is_a_count_or_names_everywhere(run, players, count):
    simulated = json.loads(run("simulate", "muggins", "--matches", "2", "--players", players, "--json").stdout)
    assert simulated["players"] == count
    dueled = json.loads(run("duel", "greedy", "random", "--matches", "2", "--players", players, "--rules", "muggins",
                            "--json").stdout)
    assert dueled["players"] == count


def test_duel_matches_counts_matches(run):
    assert json.loads(run("duel", "greedy", "random", "--matches", "4", "--json").stdout)["matches"] == 4
    assert json.loads(run("duel", "greedy", "random", "--matches", "3", "--json").stdout)["matches"] == 4


def test_the_engine_levels_are_one_list():
    from fives_tutor.cli.common import engine_levels
    from fives_tutor.engine import LEVELS

    assert engine_levels() == tuple(LEVELS)
    best = cli.commands.get("best") or __import__("fives_tutor.cli.position", fromlist=["best"]).best
    level = next(p for p in best.params if p.name == "level")
    ctx = click.Context(best)
    offered = {item.value for item in level.type.shell_complete(ctx, level, "")}
    assert offered == {"auto", *LEVELS}


def test_unknown_levels_are_refused_with_the_list(run):
    for args in (["best", "6 2", "--hand", "2|5", "--level", "nonsense"], ["duel", "nonsense", "greedy"],
                 ["simulate", "muggins", "--level", "nonsense"]):
        result = run(*args)
        assert result.exit_code == 2 and one_line(result.stderr)
        assert all(level in result.stderr for level in ("greedy", "defensive", "expert", "monte-carlo"))


def test_seeds_default_to_one(run):
    assert json.loads(run("simulate", "muggins", "--matches", "2", "--json").stdout)["seed"] == "1"
    assert json.loads(run("duel", "greedy", "random", "--matches", "2", "--json").stdout)["seed"] == "1"
    a = run("best", "6 2", "--hand", "2|5 6|4 3|3", "--json").stdout
    b = run("best", "6 2", "--hand", "2|5 6|4 3|3", "--seed", "1", "--json").stdout
    assert a == b


def completions(args: list[str], incomplete: str) -> set[str]:
    completer = ShellComplete(cli, {}, "fives", "_FIVES_COMPLETE")
    return {item.value for item in completer.get_completions(args, incomplete)}


def test_positional_arguments_complete(run):
    assert {"dominos-cc", "muggins"} <= completions(["simulate"], "")
    assert {"five-up", "fives-and-threes"} <= completions(["rules", "show"], "five")
    assert "dominos-cc" not in completions(["rules", "show"], "five")
    assert "tiles" in completions(["learn"], "ti")
    assert {"greedy", "monte-carlo", "random"} <= completions(["duel"], "")
    run("table", "--players", "Ana,Ben", input="6|6\n")
    assert completions(["games", "show"], "") == {"1"}


def test_best_shows_progress_only_on_a_terminal(monkeypatch):
    from fives_tutor.cli import position

    calls = []

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    assert position.thinking(lambda: "done", 0.2, None, calls.append) == "done"   # not a terminal: no bar
    stream = Terminal()
    monkeypatch.setattr(sys, "stderr", stream)
    assert position.thinking(lambda: "done", None, 5000, calls.append) == "done"
    assert calls == [20] and "Thinking" in stream.getvalue()
    assert position.thinking(lambda: "small", None, 200, calls.append) == "small" and calls == [20]


def test_best_says_how_long_it_will_think_when_piped(monkeypatch):
    # stderr is a pipe: --samples 400 times 400 / 20 = 20 deals first; at 0.01 s a deal that is
    # 4 s for the 400, past the 3 s after which it is said (one line, in the reader's language)
    import time

    from fives_tutor.cli import position
    from fives_tutor.text.i18n import activate

    clock = [0.0]
    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])

    def calibrate(count):
        calls.append(count)
        clock[0] += 0.01 * count

    calls: list = []
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    assert position.thinking(lambda: "done", None, 400, calibrate) == "done"
    assert calls == [20] and pipe.getvalue() == "Thinking over 400 deals takes about 4 seconds.\n"
    # 200 deals: 2 s, not worth a line; fewer than 100 are not even timed
    pipe.truncate(0)
    pipe.seek(0)
    assert position.thinking(lambda: "done", None, 200, calibrate) == "done"
    assert calls == [20, 10] and pipe.getvalue() == ""
    assert position.thinking(lambda: "done", None, 50, calibrate) == "done" and calls == [20, 10]
    activate("fa")
    assert position.thinking(lambda: "done", None, 400, calibrate) == "done"
    assert "۴۰۰" in pipe.getvalue() and "۴" in pipe.getvalue()


def test_the_95_percent_quantile_comes_from_the_normal_distribution():
    from statistics import NormalDist

    from fives_tutor.study.stats import Z95

    assert Z95 == NormalDist().inv_cdf(0.975) and round(Z95, 2) == 1.96
