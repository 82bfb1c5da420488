"""The four commands end to end through Click: output, JSON shapes, batch and errors.

Expected values are worked by hand from the rules (see each comment)."""

from __future__ import annotations

import json

import pytest


def test_score_json_after_a_play(run):
    # Dominos.cc: ends 6 and 2, 2|5 on the 2 leaves 6 + 5 = 11: not a multiple of five
    result = run("score", "6 2", "--play", "2|5", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["total"] == 11 and data["points"] == 0 and data["ends"] == "6 5"
    # before the play: 6 + 2 = 8, no score
    assert data["before"] == {"total": 8, "points": 0, "ends": "6 2"}
    assert data["play"] == "2|5@2"


def test_score_without_a_play_counts_the_position(run):
    # 6 + 8 (the crosswise 4|4 counts both halves) = 14; under dominos-cc the only double in
    # view beside one other end is the first double: the spinner, its empty arms open at once
    data = json.loads(run("score", "6 4|4", "--json").stdout)
    assert (data["total"], data["points"], data["ends"]) == (14, 0, "6 4|4* 4* 4*")
    data = json.loads(run("score", "6 4|4", "--json", "--rules", "muggins").stdout)
    assert (data["total"], data["points"], data["ends"]) == (14, 0, "6 4|4")
    assert data["before"]["total"] == 14 and data["play"] is None


def test_score_text_explains_the_count(run):
    # dominos-cc: the spinner's ends are open, 5|2 on an arm: 3 + 10 + 2 + 0 = 15
    result = run("score", "3 5|5* 5* 5*", "--play", "5|2@5*")
    assert result.exit_code == 0
    assert "3 + 10 (spinner 5|5) + 2 = 15 → 15 points" in result.stdout
    assert "3 5|5* 2 5*" in result.stdout


def test_score_the_lead_on_the_empty_table(run):
    data = json.loads(run("score", "-", "--play", "5|5", "--json").stdout)
    assert (data["total"], data["points"], data["ends"]) == (10, 10, "5|5*")


def test_score_under_pagat_sides_first(run):
    # pagat: 5|3 on the lone spinner covers one side: 3 + 10 = 13, arms still closed
    data = json.loads(run("score", "5|5*", "--play", "5|3", "--rules", "pagat-all-fives", "--json").stdout)
    assert (data["total"], data["points"], data["ends"]) == (13, 0, "3 5|5*")


def test_score_a_layout(run):
    # line 1|3 3|5 5|5* 5|0, arms ending in 2 and 4: ends 1, 0, 2, 4 = 7; 2|3 on the 2 gives 1+0+3+4 = 8
    data = json.loads(run("score", "1|3 3|5 5|5*(5|6 6|2)(5|4) 5|0", "--play", "2|3", "--json").stdout)
    assert data["before"] == {"total": 7, "points": 0, "ends": "1 0 2 4"}
    assert (data["total"], data["ends"]) == (8, "1 0 3 4")
    assert data["layout"] == "1|3 3|5 5|5*(5|6 6|2 2|3)(5|4) 5|0"


def test_moves_best_first(run):
    # dominos-cc "3 5|5* 5* 5*": 5|2 on an arm 15; 3|0 on the 3 gives 0+10 = 10; 5|2 on the spinner's
    # side gives 3+2+0+0 = 5; 6|6 fits nowhere
    data = json.loads(run("moves", "3 5|5* 5* 5*", "--hand", "5|2 3|0 6|6", "--json").stdout)
    assert [(m["tile"], m["end"], m["total"], m["points"]) for m in data["moves"]] == [
        ("5|2", "5*", 15, 15), ("3|0", "3", 10, 10), ("5|2", "5|5*", 5, 5)]
    assert data["moves"][0]["ends"] == "3 5|5* 2 5*"


def test_moves_when_nothing_fits(run):
    result = run("moves", "6 2", "--hand", "3|3 4|1")
    assert result.exit_code == 0
    assert "No tile of this hand fits" in result.stdout and "boneyard" in result.stdout


@pytest.mark.parametrize("ends, hand", [("4 1", "6|3 3|1 6|0 4|0"), ("5 1", "4|0 4|3 5|2 1|1"),
                                         ("6 2", "2|5 6|4 3|3")])
def test_best_says_which_plays_the_sampling_cannot_tell_from_the_best(run, ends, hand):
    """fives best and the coach give one answer to one decision: a runner-up is said to be
    equal within the noise exactly where the coach, judging it played on the same deals
    (hint's analysis), marks it fine though two points or more behind."""
    from fives_tutor import Position, load_rules, parse_hand
    from fives_tutor.engine import Situation
    from fives_tutor.engine.judge import analyse
    from fives_tutor.tutor.coach import judgement_from

    rules = load_rules("dominos-cc")
    situation = Situation.build(Position.parse(ends), parse_hand(hand, 6), rules)
    analysis = analyse(situation, None, "1")
    result = run("best", ends, "--hand", hand, "--seed", "1")
    assert result.exit_code == 0
    lines = " ".join(result.stdout.split()).split("Other plays: ")[1]
    for valued in analysis.plays[1:]:
        judged = judgement_from(situation, analysis, valued.play)
        said = lines.split(valued.play.notation + ": ")[1].split(";")[0]
        coach_says_noise = judged.verdict == "fine" and judged.cost >= 2
        assert ("equal within the noise" in said) == coach_says_noise, (valued.play.notation, said, judged)


def test_best_recommends_and_says_why(run):
    result = run("best", "6 2", "--hand", "2|5 6|4 3|3")
    assert result.exit_code == 0
    assert result.stdout.startswith("Best play: ")
    words = " ".join(result.stdout.split())  # (wrapped to 80 columns: a phrase may break a line)
    assert "Why:" in words and "tiles the next player can hold" in words


def test_best_prefers_the_play_that_leaves_nothing(run):
    # Two players, ends "5 0", hand 0|0 and 5|0. Unseen: 28 - 2 - (5|5 is not visible) ... the point of the test:
    # 5|0 on the 5 leaves 0 + 0 = 0 and scores 0; 0|0 on the 0 leaves 5 + 0 (double 0|0 counts 0) = 5 and
    # scores 5, but every unseen tile with a 5 (or a 0 on the 0|0... ) can answer. With --level greedy the
    # 0|0 (5 points) wins; the defensive level must weigh the reply.
    greedy = json.loads(run("best", "5 0", "--hand", "0|0 6|1", "--level", "greedy", "--json").stdout)
    assert greedy["best"]["tile"] == "0|0" and greedy["best"]["points"] == 5


def test_best_json_has_values(run):
    data = json.loads(run("best", "6 2", "--hand", "2|5 6|4 3|3", "--json").stdout)
    assert data["best"] == data["moves"][0]
    assert all("value" in m and "reply" in m for m in data["moves"])
    values = [m["value"] for m in data["moves"]]
    assert values == sorted(values, reverse=True)


def test_count_each_opponent_and_combined(run):
    # dominos-cc rounds each opponent: 5|3 4|4 = 16 → 15, 12 → 10; 25 in all
    data = json.loads(run("count", "5|3 4|4", "12", "--json").stdout)
    assert data["opponents"] == [{"pips": 16, "rounded": 15}, {"pips": 12, "rounded": 10}]
    assert data["points"] == 25
    # pagat adds first: 16 + 12 = 28 → 30
    data = json.loads(run("count", "5|3 4|4", "12", "--rules", "pagat-all-fives", "--json").stdout)
    assert data["points"] == 30 and data["combined"] == {"pips": 28, "rounded": 30}


@pytest.mark.parametrize("args, needle", [
    (("score", "5 x"), "column 3"),
    (("score", "5 3", "--play", "6|6"), "fits no open end"),
    (("score", "3 5|5* 5* 5*", "--play", "5|2"), "5|2@5|5*"),
    (("score", "3 9"), "more than this set has"),
    (("score", "5 3", "--rules", "no-such-pack"), "unknown rule pack"),
    (("score", "5 3", "--lang", "xx"), "unknown language"),
    (("moves", "6 2", "--hand", "2|5 2|5"), "twice"),
    (("moves", "6 6|6", "--hand", "6|6"), "already on the table"),
    (("best", "6 2", "--hand", "2|5", "--opponents", "x"), "not a number of tiles"),
    (("count", "5|x"), "bad tile"),
    (("score", "1|3 4|5"), "does not match"),
])
def test_bad_input_is_one_line_and_exit_2(run, args, needle):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_bad_pack_file_names_file_and_key(run, tmp_path):
    pack = tmp_path / "bad.yaml"
    pack.write_text("extends: dominos-cc\nrules:\n  spinner:\n    doubles: sometimes\n", encoding="utf-8")
    result = run("score", "5 3", "--rules", str(pack))
    assert result.exit_code == 2
    assert "bad.yaml" in result.stderr and "rules.spinner.doubles" in result.stderr and "every" in result.stderr


def test_house_rules_pack_by_path(run):
    import os

    from fives_tutor.packs.loader import builtin_dir

    path = os.path.join(builtin_dir(), "examples", "house-rules.yaml")
    result = run("score", "5 3", "--play", "3|0", "--rules", path, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["rules"] == "kitchen-table"


def test_batch_answers_each_line(run, tmp_path):
    requests = tmp_path / "requests.txt"
    requests.write_text('"5 3" --play 3|0\n\n# a comment\n"6 4|4"\n"5 3" --play 6|6\n', encoding="utf-8")
    result = run("score", "--batch", str(requests))
    assert result.exit_code == 2  # one line failed
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 3
    assert (lines[0]["total"], lines[0]["points"]) == (5, 5)
    assert lines[1]["total"] == 14
    assert "error" in lines[2] and "fits no open end" in lines[2]["error"]


def test_batch_from_stdin_for_moves_and_best(run):
    result = run("moves", "--batch", "-", input='"6 2" --hand "2|5 6|4"\n"5 3" --hand "3|0"\n')
    assert result.exit_code == 0
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert {m["tile"] for m in first["moves"]} == {"5|2", "6|4"}
    assert second["moves"][0]["points"] == 5
    result = run("best", "--batch", "-", input='"6 2" --hand "2|5 6|4 3|3"\n')
    assert result.exit_code == 0 and json.loads(result.stdout)["best"]["tile"] in ("5|2", "6|4")


def test_batch_bad_lines(run):
    result = run("score", "--batch", "-", input='"5 3\n"5 3" --nonsense\n')
    assert result.exit_code == 2
    assert all("error" in json.loads(line) for line in result.stdout.splitlines())


@pytest.mark.parametrize("command", ["", "score", "moves", "best", "count"])
def test_help_of_every_command(run, command):
    result = run(*([command] if command else []), "--help")
    assert result.exit_code == 0 and "Usage:" in result.stdout


def test_missing_position_is_a_usage_error(run):
    result = run("score")
    assert result.exit_code == 2 and "POSITION" in result.stderr


@pytest.mark.parametrize("args, why", [
    # the empty table, 6|6 held: the holder of the highest double leads it (dominos-cc)
    (["-", "--hand", "6|6 5|4 3|2"], "Why: the lead rule leaves no choice"),
    # 5 3 open, 3|0 and 6|6 held: 6|6 fits neither end, 3|0 on the 3 leaves 5 + 0 = 5
    (["5 3", "--hand", "3|0 6|6"], "Why: it is the only play; scores 5 points now"),
])
def test_best_gives_the_only_play_no_value(run, args, why):
    """Nothing was valued where one play is legal: no value, no figures over 0 deals."""
    result = run("best", *args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert why in result.stdout
    assert "Value" not in result.stdout and "deals" not in result.stdout, result.stdout


@pytest.mark.parametrize("args, usage", [([], "Usage: "), (["--lang", "nl"], "Gebruik: ")])
def test_fives_with_no_command_shows_its_help(run, args, usage):
    """A bare fives shows its help; so does fives --lang nl (in Dutch), not an error."""
    result = run(*args)
    assert result.exit_code == 0 and result.stdout.startswith(usage), (result.stdout, result.stderr)


def test_a_position_typed_without_quotes_is_the_same_position(run):
    # the shell gives `fives score 5 3` as two words: the ends 5 and 3, 5 + 3 = 8, no score;
    # 3|0 on the 3 leaves 5 + 0 = 5, five points (options may stand between the words)
    for args in (["5", "3"], ["5", "3", "--play", "3|0"], ["5", "--play", "3|0", "3"], ["--json", "5", "3"]):
        result = run("score", *args, "--json")
        assert result.exit_code == 0, (args, result.stderr)
        data = json.loads(result.stdout)
        assert data["before"] == {"total": 8, "points": 0, "ends": "5 3"}, args
    assert (data["total"], data["points"], data["ends"]) == (8, 0, "5 3")
    assert json.loads(run("score", "5", "3", "--play", "3|0", "--json").stdout)["points"] == 5
    # the ends form with a spinner: 3 + 10 + 2 + 0 = 15, as one word or four
    assert json.loads(run("score", "3", "5|5*", "2", "5*", "--json").stdout)["points"] == 15
    # moves on 6 2 with 2|5 and 6|4: 2|5 on the 2 (written 5|2, as it lies) gives 6 + 5 = 11, 6|4 on
    # the 6 gives 4 + 2 = 6
    data = json.loads(run("moves", "6", "2", "--hand", "2|5 6|4", "--json").stdout)
    assert [(m["tile"], m["total"]) for m in data["moves"]] == [("5|2", 11), ("6|4", 6)]
    # best reads the same position as the quoted one, so it gives the same answer
    split = run("best", "6", "2", "--hand", "2|5 6|4 3|3", "--json")
    quoted = run("best", "6 2", "--hand", "2|5 6|4 3|3", "--json")
    assert split.exit_code == 0 and split.stdout == quoted.stdout


def test_a_word_that_is_not_part_of_the_position_is_named_where_it_stands(run):
    # a play written where the position goes (without --play): 3|0 is not a double, so it
    # cannot stand at an open end; it is named, at its column in the position as read
    result = run("score", "5 3", "3|0")
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert "'3|0' is not a double" in result.stderr and "column 5" in result.stderr


@pytest.mark.parametrize("command", ["score", "moves", "best"])
def test_the_position_is_one_word_in_usage_and_help(run, command):
    result = run(command, "--help")
    assert f" {command} [OPTIONS] POSITION\n" in result.stdout
    assert "POSITION..." not in result.stdout


def test_a_batch_line_may_leave_the_position_unquoted(run):
    # each line as on the command line: `5 3 --play 3|0` is "5 3" with 3|0 on the 3: 5 points
    result = run("score", "--batch", "-", input='5 3 --play 3|0\n"5 3" --play 3|0\n5 --play 3|0 3\n')
    assert result.exit_code == 0, result.stdout
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(a["before"]["ends"], a["points"]) for a in answers] == [("5 3", 5)] * 3
