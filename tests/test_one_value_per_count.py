"""A house pack may give a per-player-count rule as one value for every count
(``target: 100``) as well as a mapping (issue 18, item 3)."""

from __future__ import annotations

import json

import pytest

from fives_tutor.errors import RulePackError
from fives_tutor.packs.loader import load_pack_data, load_rules, rules_from_data


def pack(tmp_path, name: str, text: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"id: {name}\n" + text, encoding="utf-8")
    return str(path)


def test_one_target_for_every_player_count(tmp_path):
    # dominos-cc is for 2 to 4 players: 100 holds for each of them
    path = pack(tmp_path, "club", "extends: dominos-cc\nrules:\n  match:\n    target: 100\n")
    rules = load_rules(path)
    assert dict(rules.match.target) == {2: 100, 3: 100, 4: 100}
    # the other per-count rules take one value too
    path = pack(tmp_path, "six", "extends: dominos-cc\nrules:\n  players:\n    hand_size: 6\n"
                                 "  hand_end:\n    blocked_tie: nobody\n")
    rules = load_rules(path)
    assert dict(rules.players.hand_size) == {2: 6, 3: 6, 4: 6}
    assert dict(rules.hand_end.blocked_tie) == {2: "nobody", 3: "nobody", 4: "nobody"}


def test_one_value_is_checked_like_each_value(tmp_path):
    for text, expected in (
        ("  match:\n    target: 0\n", "rules.match.target: expected a whole number (1 to 100000), got 0"),
        ("  match:\n    target: lots\n", "rules.match.target: expected a whole number (1 to 100000), got 'lots'"),
        ("  match:\n    target: [100]\n", "rules.match.target: expected one value for every player count, or a "
                                          "value for each (2 to 4), got [100]"),
        # four players holding 8 tiles each need 32 of the 28 tiles of a double-six set
        ("  players:\n    hand_size: 8\n", "rules.players.hand_size.4: 4 players holding 32 tiles in all need "
                                           "more than the 28 tiles of the set"),
    ):
        path = pack(tmp_path, "bad", "extends: dominos-cc\nrules:\n" + text)
        with pytest.raises(RulePackError) as raised:
            load_rules(path)
        assert expected in str(raised.value), (text, str(raised.value))


def test_a_mapping_over_one_value_changes_only_its_counts(tmp_path):
    base = pack(tmp_path, "hundred", "extends: dominos-cc\nrules:\n  match:\n    target: 100\n")
    house = pack(tmp_path, "house", f"extends: {base}\nrules:\n  match:\n    target: {{2: 150}}\n")
    assert dict(load_rules(house).match.target) == {2: 150, 3: 100, 4: 100}
    # and one value over a mapping replaces it
    again = pack(tmp_path, "again", f"extends: {house}\nrules:\n  match:\n    target: 61\n")
    assert dict(load_rules(again).match.target) == {2: 61, 3: 61, 4: 61}


def test_a_saved_match_of_such_a_pack_reads_back(tmp_path):
    path = pack(tmp_path, "club", "extends: dominos-cc\nrules:\n  match:\n    target: 100\n")
    data, where = load_pack_data(path)
    assert data["rules"]["match"]["target"] == 100  # stored as written
    assert dict(rules_from_data(json.loads(json.dumps(data)), where).match.target) == {2: 100, 3: 100, 4: 100}


def test_rules_show_says_it_once(run, tmp_path):
    path = pack(tmp_path, "club", "extends: dominos-cc\nrules:\n  match:\n    target: 100\n")
    shown = run("rules", "show", path).stdout
    line = next(line for line in shown.splitlines() if line.startswith("Match target"))
    assert line.split()[-2:] == ["100", "points"]
    result = run("rules", "show", path, "--json")
    target = next(rule for rule in json.loads(result.stdout)["rules"] if rule["key"] == "rules.match.target")
    assert target["value"] == "100 points"
