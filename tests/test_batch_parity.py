"""A ``--batch`` line gets exactly the checks and messages of the same arguments on the
command line: every bad argument list here is run both ways and the messages compared.
(Both go through the command's own Click parser; this keeps it so.)"""

from __future__ import annotations

import json
import re
import shlex

import pytest

HINT = re.compile(r" Try '[^']+ -h' for help\.$")

BAD = {
    "score": [
        ["--play", "3|0"], ["5 3", "--play"], ["5 3", "--rules"], ["5 3", "--bogus"], ["5 3", "extra"],
        ["5 3", "--play", "9|9"], ["x"], ["5 3", "--rules", "no-such-pack"], ["5 3", "--lang", "xx"],
        ["5 3", "--json=1"], ["5 3\x1b[2J"], ["5 3", "--play", "3|0@9"], ["0 0 0 0 0 0 0 0"], ["9" * 5000],
        ["5|5*(" * 100], ["5 3", "--rules", "x.yaml"], ["5 3", "--play", "6|6", "--rules", "muggins"], [""],
    ],
    "moves": [
        ["5 3"], ["5 3", "--hand", ""], ["5 3", "--hand", "9|9"], ["5 3", "--hand", "5|0 5|0"],
        ["--hand", "5|0"], ["5 3", "--hand", "5|0", "--play", "3|0"], ["5 3", "--hand", "\udcff"],
    ],
    "best": [
        ["5 3", "--hand", "5|0", "--samples", "0"], ["5 3", "--hand", "5|0", "--level", "x"],
        ["5 3", "--hand", "5|0", "--opponents", "x"], ["5 3", "--hand", "5|0", "--void", "9:1"],
        ["5 3", "--hand", "5|0", "--time", "1e400"], ["5 3", "--hand", "5|0", "--seed", "\x07"],
        ["5 3", "--hand", "5|0", "--scores", "1,x"], ["5 3", "--hand", "5|0", "--boneyard", "-1"],
        ["5 3", "--hand", "5|0", "--played", "5|0"], ["5 3"], ["5 3", "--hand", "5|0", "--samples", "9" * 5000],
    ],
}
CASES = [(command, args) for command, lists in BAD.items() for args in lists]


def command_line_message(run, command, args) -> str:
    result = run(command, *args)
    assert result.exit_code == 2, (command, args, result.stdout)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    message = HINT.sub("", lines[0])
    prefix, colon, message = message.partition(": ")  # "Error: ", "Fout: " ...
    assert colon and " " not in prefix, lines[0]
    return message.rstrip(".")


def batch_message(run, command, args) -> str:
    line = shlex.join(args).encode("utf-8", "surrogateescape")
    result = run(command, "--batch", "-", input=line + b"\n")
    assert result.exit_code == 2, (command, args, result.stdout, result.stderr)
    assert result.stderr == ""
    (answer,) = [json.loads(text) for text in result.stdout.splitlines()]
    assert answer["line"] == 1
    return answer["error"].rstrip(".")


@pytest.mark.parametrize("command, args", CASES, ids=[f"{c} {' '.join(a)[:40]!r}" for c, a in CASES])
def test_a_bad_line_is_refused_as_the_command_line_refuses_it(run, command, args):
    assert batch_message(run, command, args) == command_line_message(run, command, args)


def test_options_of_the_command_line_apply_to_every_line_that_does_not_give_its_own(run):
    lines = b'"5 5"\n"5 5" --rules dominos-cc\n'
    answers = [json.loads(line) for line in run("score", "--batch", "-", "--rules", "muggins", input=lines)
               .stdout.splitlines()]
    assert [answer["rules"] for answer in answers] == ["muggins", "dominos-cc"]


def test_a_line_in_another_language(run):
    answers = [json.loads(line) for line in run("score", "--batch", "-", input=b'"5 x"\n"5 x" --lang nl\n"5 x"\n')
               .stdout.splitlines()]
    english, dutch, again = (answer["error"] for answer in answers)
    assert english == again and english != dutch
    assert dutch == command_line_message(run, "score", ["5 x", "--lang", "nl"]) + dutch[len(dutch.rstrip(".")):]


READABLE = [
    ["5 3"], ["5 3", "--play", "3|0"], ["--play", "3|0", "5 3"], ["-"], ["", "--json"], ["5 3", "--json", "--json"],
    ["5 3", "--hand", "5|0", "--hand", "3|3"], ["5 3", "--hand", "-"], ["5 3", "--rules", "muggins", "--lang", "nl"],
    ["5 3", "--hand", "-5"], ["5 3", "--level", "greedy"], ["5 3", "--samples", "5"], ["--", "-5"], ["5 3", "-h"],
    # a position typed as several words (fives score 5 3): joined, read directly as Click reads it
    ["5", "3"], ["5", "3", "--play", "3|0"], ["5", "--play", "3|0", "3"], ["3", "5|5*", "2", "5*", "--json"],
    ["6", "2", "--hand", "2|5 6|4"], ["", ""], ["-", "--", "-5"],
]


@pytest.mark.parametrize("command", ["score", "moves", "best"])
def test_a_line_read_without_click_gets_the_values_click_gives(command):
    """Lines of plain words, text options and flags are read directly (for speed); the
    values must be Click's own, and any other line must go to Click."""
    import click

    from fives_tutor.cli.batch import LineParser
    from fives_tutor.cli.main import cli

    target = cli.get_command(click.Context(cli), command)
    root = click.Context(cli, info_name="fives")
    outer = target.make_context(command, ["--batch", "-", "--rules", "muggins"], parent=root)
    parser = LineParser(target, outer)
    for words in READABLE + [args for name, lists in BAD.items() for args in lists]:
        direct = parser._direct(words)
        try:
            clicked = parser._click(words)
        except click.ClickException:
            assert direct is None, words  # a line Click refuses is never read directly
            continue
        assert direct is None or direct == clicked, words


def test_a_position_in_several_words_is_read_without_click():
    """``5 3 --play 3|0`` (the position unquoted, as on a command line) stays on the fast
    path: the words are joined as Click joins them, with no context built."""
    import click

    from fives_tutor.cli.batch import LineParser
    from fives_tutor.cli.main import cli

    target = cli.get_command(click.Context(cli), "score")
    outer = target.make_context("score", ["--batch", "-"], parent=click.Context(cli, info_name="fives"))
    parser = LineParser(target, outer)
    for words in (["5", "3"], ["5", "3", "--play", "3|0"], ["5", "--play", "3|0", "3"], ["5 3"]):
        direct = parser._direct(words)
        assert direct is not None and direct == parser._click(words), words
        assert direct["position_text"] == "5 3"
