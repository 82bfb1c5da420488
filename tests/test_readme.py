"""The README's examples are real: each ``$ fives ...`` block prints what the README shows,
and its Python example runs."""

from __future__ import annotations

import doctest
import os
import re
import shlex

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")


_PIPED = re.compile(r"^printf '([^']*)' \| (fives .*)$")


def examples():
    """``(command, standard input, expected output)`` for each ``$ fives`` block; a
    ``$ printf '...' | fives ...`` block feeds its text to the command; ``<BLANK>``
    stands for an empty output line (an empty line would end the block)."""
    if not os.path.isfile(README):
        return []
    lines = open(README, encoding="utf-8").read().splitlines()
    found = []
    for index, line in enumerate(lines):
        if not line.startswith("    $ ") or "~/" in line:
            continue
        command, given = line[6:], None
        piped = _PIPED.match(command)
        if piped:
            given = piped.group(1).encode().decode("unicode_escape")
            command = piped.group(2)
        if not command.startswith("fives "):
            continue
        output = []
        for following in lines[index + 1:]:
            if not following.startswith("    ") or following.startswith("    $ "):
                break
            output.append("" if following[4:] == "<BLANK>" else following[4:])
        found.append((command, given, "\n".join(output)))
    return found


@pytest.mark.parametrize("command, given, expected", examples(), ids=[c for c, _, _ in examples()])
def test_readme_command_output(run, command, given, expected):
    words = shlex.split(command)[1:]
    result = run(*words, input=given, env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.stderr
    assert result.stdout.rstrip("\n") == expected


@pytest.mark.skipif(not os.path.isfile(README), reason="no README beside the tests")
def test_readme_python_example():
    failures, tried = doctest.testfile(README, module_relative=False)
    assert tried > 0 and failures == 0
