"""Shared fixtures: a CLI runner that keeps stdout and stderr apart, and a clean
environment so the user's own language or packs never leak into a test."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from fives_tutor.cli.main import cli


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch, tmp_path):
    for variable in ("FIVES_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("FIVES_HOME", str(tmp_path / "home"))
    yield
    from fives_tutor.text import output
    from fives_tutor.text.i18n import activate

    activate("en")
    output._visual = False  # --bidi visual is process-wide, as a run of fives is


@pytest.fixture
def run():
    """Run ``fives ARGS...``; returns Click's Result (stdout, stderr, exit_code)."""
    runner = CliRunner()

    def invoke(*args, input=None, env=None):
        return runner.invoke(cli, list(args), input=input, env=env, catch_exceptions=False)

    return invoke
