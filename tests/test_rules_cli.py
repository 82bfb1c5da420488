"""fives rules list|show|compare and fives simulate, through Click."""

from __future__ import annotations

import json
import os

import pytest

BUILT_IN = ("dominos-cc", "five-up", "fives-and-threes", "muggins", "pagat-all-fives")


def test_list_shows_every_built_in_pack(run):
    result = run("rules", "list")
    assert result.exit_code == 0
    for pack in BUILT_IN:
        assert pack in result.stdout
    assert "All Fives (pagat.com)" in result.stdout


def test_list_in_dutch_uses_the_packs_dutch_names(run):
    result = run("rules", "list", "--lang", "nl")
    assert result.exit_code == 0 and "Muggins (zonder spinner)" in result.stdout


def test_list_finds_the_users_packs_and_files(run, tmp_path):
    folder = tmp_path / "home" / "rules"
    folder.mkdir(parents=True)
    (folder / "club.yaml").write_text("extends: dominos-cc\nname: Our club\nrules:\n  match:\n"
                                      "    target: {2: 200, 3: 200, 4: 200}\n", encoding="utf-8")
    other = tmp_path / "other.yaml"
    other.write_text("extends: muggins\nid: other\nname: Other\n", encoding="utf-8")
    data = json.loads(run("rules", "list", str(other), "--json").stdout)
    by_id = {p["id"]: p for p in data["packs"]}
    assert by_id["club"]["from"] == "user" and by_id["club"]["name"] == "Our club"
    assert by_id["other"]["from"] == "file"
    # a user pack is usable by its id
    assert run("rules", "show", "club").exit_code == 0


def test_list_reports_a_broken_pack(run, tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("rules: [\n", encoding="utf-8")
    result = run("rules", "list", str(broken))
    assert result.exit_code == 2
    assert "not valid YAML" in " ".join(result.stdout.split())  # the cell is wrapped to its column


def test_show_gives_every_parameter_in_words(run):
    result = run("rules", "show", "dominos-cc")
    assert result.exit_code == 0
    assert "Dominos.cc" in result.stdout  # the source
    assert "150 points" in result.stdout
    assert "at once" in result.stdout
    data = json.loads(run("rules", "show", "pagat-all-fives", "--json").stdout)
    keys = [row["key"] for row in data["rules"]]
    assert "rules.spinner.arms_open" in keys and "rules.match.target" in keys
    target = next(row for row in data["rules"] if row["key"] == "rules.match.target")
    assert target["value"] == "250 points with 2 players, 200 points with 3 or 4 players"


def test_compare_lists_only_what_differs(run):
    data = json.loads(run("rules", "compare", "dominos-cc", "pagat-all-fives", "--json").stdout)
    keys = {d["key"] for d in data["differences"]}
    assert {"rules.players.hand_size", "rules.spinner.arms_open", "rules.hand_end.collect",
            "rules.match.target"} <= keys
    assert "rules.scoring" not in keys  # both score a multiple of five as its total


def test_compare_a_house_pack_with_its_base(run):
    from fives_tutor.packs.loader import builtin_dir

    house = os.path.join(builtin_dir(), "examples", "house-rules.yaml")
    data = json.loads(run("rules", "compare", "dominos-cc", house, "--json").stdout)
    assert {d["key"] for d in data["differences"]} == {"rules.turn.boneyard_reserve", "rules.match.target"}


def test_compare_needs_two_packs(run):
    result = run("rules", "compare", "dominos-cc")
    assert result.exit_code == 2


def test_compare_simulate_json_and_text_agree(run):
    args = ("rules", "compare", "dominos-cc", "pagat-all-fives", "--simulate", "40", "--seed", "3")
    data = json.loads(run(*args, "--json").stdout)["simulation"]
    assert data["matches"] == 40 and set(data["packs"]) == {"dominos-cc", "pagat-all-fives"}
    text = run(*args).stdout
    for pack in ("dominos-cc", "pagat-all-fives"):
        stats = data["packs"][pack]
        assert stats["play_points_per_hand"]["low"] <= stats["play_points_per_hand"]["mean"] \
            <= stats["play_points_per_hand"]["high"]
        assert f"{stats['play_points_per_hand']['mean']:.1f}" in text
        assert f"{stats['hands_per_match']['mean']:.2f}" in text
    assert "(dominos-cc on the left, pagat-all-fives on the right):" in " ".join(text.split())
    assert "█" in text


def test_workers_give_the_same_numbers(run):
    args = ("simulate", "dominos-cc", "--matches", "60", "--seed", "5", "--json")
    one = json.loads(run(*args).stdout)
    two = json.loads(run(*args, "--workers", "2").stdout)
    assert one == two


def test_simulate_records(run, tmp_path):
    records = tmp_path / "records.jsonl"
    result = run("simulate", "five-up", "--matches", "12", "--players", "3", "--records", str(records))
    assert result.exit_code == 0
    lines = [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]
    assert [line["match"] for line in lines] == list(range(12))
    for line in lines:
        # five-up is won at 61: the winner's score reached it
        assert max(line["scores"]) >= 61 and line["scores"][line["winner"]] >= 61


def test_simulate_refuses_a_player_count_the_pack_does_not_allow(run):
    result = run("simulate", "dominos-cc", "--players", "5", "--matches", "1")
    assert result.exit_code == 2 and "2 to 4 players" in result.stderr


@pytest.mark.parametrize("code", ["en", "tl", "id", "nl", "fa"])
def test_compare_simulate_in_every_language(run, code):
    result = run("rules", "compare", "dominos-cc", "pagat-all-fives", "--simulate", "10", "--seed", "1",
                 "--lang", code)
    assert result.exit_code == 0, result.stderr
    english = run("rules", "compare", "dominos-cc", "pagat-all-fives", "--simulate", "10", "--seed", "1").stdout
    assert (result.stdout == english) == (code == "en")


@pytest.mark.parametrize("args", [["rules", "show", "dominos-cc"], ["rules", "show", "pagat-all-fives"]])
def test_rules_into_a_pipe_fit_80_columns_as_every_command_does(run, args):
    # with no terminal width known, text is laid out for 80 columns (rules had taken 100)
    result = run(*args, env={"COLUMNS": ""})
    assert result.exit_code == 0, result.stderr
    assert max(len(line) for line in result.stdout.split("\n")) <= 80
