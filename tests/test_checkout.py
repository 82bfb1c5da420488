"""A source checkout works too: data folders at the top level, catalogs read from .po.

The tests otherwise run against the installed wheel; this runs the checkout's own
package in a subprocess, with the repository root first on the path."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HAS_CHECKOUT = os.path.isfile(os.path.join(ROOT, "fives_tutor", "__init__.py"))


def run_checkout(*args):
    env = dict(os.environ, PYTHONPATH=ROOT, FIVES_HOME=os.path.join(ROOT, "build", "no-home"))
    env.pop("FIVES_LANG", None)
    return subprocess.run([sys.executable, "-m", "fives_tutor.cli.main", *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)


@pytest.mark.skipif(not HAS_CHECKOUT, reason="the tests were copied away from their checkout")
def test_checkout_uses_its_own_data_and_catalogs():
    found = subprocess.run([sys.executable, "-c", "import fives_tutor.resources as r; print(r.data_dir('rules'))"],
                           capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=ROOT), cwd=ROOT,
                           timeout=60).stdout.strip()
    assert found == os.path.join(os.path.realpath(ROOT), "rules")
    result = run_checkout("score", "4 3", "--play", "3|3", "--lang", "nl")
    assert result.returncode == 0, result.stderr
    assert "punten" in result.stdout  # Dutch, from the .po when no .mo was built
    data = json.loads(run_checkout("score", "6 2", "--play", "2|5", "--json").stdout)
    assert (data["total"], data["points"]) == (11, 0)
