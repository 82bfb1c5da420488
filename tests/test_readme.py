"""The README's examples are real: each ``$ fives ...`` block prints what the README shows,
and its Python example runs."""

from __future__ import annotations

import doctest
import os
import shlex

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")


def examples():
    if not os.path.isfile(README):
        return []
    lines = open(README, encoding="utf-8").read().splitlines()
    found = []
    for index, line in enumerate(lines):
        if line.startswith("    $ fives ") and "~/" not in line:
            output = []
            for following in lines[index + 1:]:
                if not following.startswith("    ") or following.startswith("    $ "):
                    break
                output.append(following[4:])
            found.append((line[6:], "\n".join(output)))
    return found


@pytest.mark.parametrize("command, expected", examples(), ids=[c for c, _ in examples()])
def test_readme_command_output(run, command, expected):
    words = shlex.split(command)[1:]
    result = run(*words)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.rstrip("\n") == expected


@pytest.mark.skipif(not os.path.isfile(README), reason="no README beside the tests")
def test_readme_python_example():
    failures, tried = doctest.testfile(README, module_relative=False)
    assert tried > 0 and failures == 0
