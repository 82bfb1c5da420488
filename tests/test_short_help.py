"""``fives --help`` (and ``fives rules --help``, ``fives games --help``) list every command
with its whole short description on one line at 80 columns, in every language: no "…",
no description broken over two lines. Measured by display width, not ``len()``."""

from __future__ import annotations

import re

import click
import pytest

from fives_tutor.cli.main import cli
from fives_tutor.text.i18n import LANGUAGES, activate
from fives_tutor.text.width import width

#: Click's help at 80 columns is 78 wide; a command row is two spaces, the longest name,
#: two spaces, then the description
COLUMNS = 80


def groups():
    ctx = click.Context(cli, info_name="fives")
    found = [("fives", cli, ctx)]
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        if isinstance(command, click.Group):
            found.append((f"fives {name}", command, click.Context(command, info_name=name, parent=ctx)))
    return found


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("path,group,ctx", groups(), ids=lambda value: value if isinstance(value, str) else "")
def test_every_short_help_fits_one_line(code, path, group, ctx):
    activate(code)
    names = group.list_commands(ctx)
    room = (COLUMNS - 2) - 2 - max(len(name) for name in names) - 2
    too_long = []
    for name in names:
        command = group.get_command(ctx, name)
        assert command.short_help, f"{path} {name} has no short help: Click would cut its help with …"
        text = command.get_short_help_str(limit=room)
        if width(text) > room or text.endswith(("...", "…")):
            too_long.append(f"{name}: {text!r} is {width(text)} columns, room for {room}")
    assert not too_long, f"{path} --help in {code}:\n" + "\n".join(too_long)


@pytest.mark.parametrize("code", LANGUAGES)
def test_fives_help_shows_every_description_whole(run, monkeypatch, code):
    monkeypatch.setenv("COLUMNS", str(COLUMNS))
    result = run("--help", "--lang", code)
    assert result.exit_code == 0
    # the marks and the embedding of a Persian line taken out
    lines = [re.sub("[\u200e\u200f\u202a-\u202e]", "", line) for line in result.stdout.split("\n")]
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("score "))
    rows = [line for line in lines[start:] if line.strip()]
    ctx = click.Context(cli, info_name="fives")
    # one row per command: no description wrapped onto a line of its own, none cut
    assert len(rows) == len(cli.list_commands(ctx)), "\n".join(rows)
    assert not any(row.rstrip().endswith(("...", "…")) for row in rows), "\n".join(rows)
