"""What the build adds to the wheel: compiled catalogs, and JSON copies of the built-in
packs that must say exactly what their YAML says."""

from __future__ import annotations

import json
import os

import pytest

from fives_tutor.packs.loader import builtin_dir, compiled_copy, list_packs


@pytest.mark.parametrize("info", list(list_packs(include_user=False)), ids=lambda p: p.id)
def test_json_copy_matches_its_yaml(info):
    compiled = os.path.splitext(info.path)[0] + ".json"
    if not os.path.isfile(compiled):
        pytest.skip("no JSON copy beside the pack (a source checkout: the build makes them)")
    with open(compiled, encoding="utf-8") as handle:
        # JSON has string keys only: compare the YAML's document as JSON writes it
        assert json.load(handle) == json.loads(json.dumps(compiled_copy(info.path)))


def test_an_installed_package_has_compiled_catalogs():
    folder = os.path.dirname(builtin_dir())
    if os.path.basename(folder) != "fives_tutor":
        pytest.skip("a source checkout: catalogs are compiled by the build")
    for code in ("en", "tl", "id", "nl", "fa"):
        assert os.path.isfile(os.path.join(folder, "locales", code, "LC_MESSAGES", "fives_tutor.mo"))


def test_an_installed_package_ships_the_puzzles():
    folder = os.path.dirname(builtin_dir())
    if os.path.basename(folder) != "fives_tutor":
        pytest.skip("a source checkout: the puzzles sit at the top level, found there")
    for info in list_packs(include_user=False):
        assert os.path.isfile(os.path.join(folder, "puzzles", f"{info.id}.json")), info.id
