"""Rule packs: the built-in packs carry the facts of RULES.md; a table's house rules
override only what they say; a bad pack is refused with the file and the key path."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from fives_tutor import RulePackError, load_rules
from fives_tutor.packs.loader import LANGUAGES, list_packs
from fives_tutor.resources import data_dir

RULES_DIR = Path(data_dir("rules"))
HOUSE_RULES = RULES_DIR / "examples" / "house-rules.yaml"
BUILT_IN = [info.id for info in list_packs(include_user=False)]


def replace(value, **changes):
    """``dataclasses.replace`` for the rule classes (``_replace`` should they be NamedTuples)."""
    if dataclasses.is_dataclass(value):
        return dataclasses.replace(value, **changes)
    return value._replace(**changes)


@pytest.fixture(autouse=True)
def no_user_packs(tmp_path, monkeypatch):
    """Keep the user's own packs out of these tests."""
    monkeypatch.setenv("FIVES_HOME", str(tmp_path / "home"))


# --------------------------------------------------------------------------- built-in packs

def test_the_two_published_packs_are_built_in():
    assert {"dominos-cc", "pagat-all-fives"} <= set(BUILT_IN)


def test_the_default_pack_is_dominos_cc():
    assert load_rules() == load_rules("dominos-cc")


def test_dominos_cc_facts():
    rules = load_rules("dominos-cc")
    assert rules.id == "dominos-cc"
    assert rules.max_pips == 6                                    # double-six
    assert (rules.players.min, rules.players.max) == (2, 4)
    assert dict(rules.players.hand_size) == {2: 7, 3: 6, 4: 5}
    assert rules.lead.first_hand == "highest_double"              # highest double leads
    assert rules.lead.scores is True                              # 5|5 leads for 10
    assert rules.turn.draw == "until_playable"
    assert rules.turn.boneyard_reserve == 0
    assert rules.turn.draw_while_able is False
    assert rules.spinner.doubles == "first"                       # the first double spins
    assert rules.spinner.arms_open == "at_once"                   # both sides not required first
    assert rules.spinner.lone_counts == "both_halves"
    assert tuple(rules.scoring.divisors) == (5,)
    assert rules.scoring.points == "total"
    assert rules.hand_end.collect == "each_opponent"              # 13 counts 15, 12 counts 10
    assert rules.hand_end.rounding == "nearest_five"
    assert rules.hand_end.points == "pips"
    assert rules.hand_end.subtract_winner_pips is False
    assert rules.hand_end.double_in_hand == "both_halves"
    assert rules.hand_end.chip_out_bonus == 0
    assert dict(rules.hand_end.blocked_tie) == {2: "fewer_tiles", 3: "fewer_tiles", 4: "fewer_tiles"}
    assert dict(rules.match.target) == {2: 150, 3: 150, 4: 150}  # the match goes to 150
    assert rules.match.exact is False
    assert "Dominos.cc" in rules.source


def test_pagat_all_fives_facts():
    rules = load_rules("pagat-all-fives")
    assert rules.id == "pagat-all-fives"
    assert rules.max_pips == 6
    assert (rules.players.min, rules.players.max) == (2, 4)
    assert dict(rules.players.hand_size) == {2: 9, 3: 7, 4: 5}
    assert rules.players.partnerships_with_four is True           # four usually as two partnerships
    assert rules.lead.first_hand == "by_lot"
    assert rules.lead.later_hands == "previous_domino"            # whoever went out leads
    assert rules.lead.scores is True
    assert rules.turn.draw == "until_playable"
    assert rules.spinner.doubles == "first"                       # only the first double spins
    assert rules.spinner.arms_open == "after_sides"               # sides first, then the ends
    assert rules.spinner.lone_counts == "both_halves"
    assert tuple(rules.scoring.divisors) == (5,)
    assert rules.scoring.points == "total"
    assert rules.hand_end.collect == "combined"                   # combined total, then rounded
    assert rules.hand_end.rounding == "nearest_five"
    assert rules.hand_end.points == "pips"
    # blocked: 2 or 4 players, an equal lowest count scores nothing; 3 players split
    assert dict(rules.hand_end.blocked_tie) == {2: "nobody", 3: "split", 4: "nobody"}
    assert dict(rules.match.target) == {2: 250, 3: 200, 4: 200}
    assert "pagat" in rules.source


@pytest.mark.parametrize("pack", BUILT_IN)
def test_every_built_in_pack_names_itself_in_every_language(pack):
    rules = load_rules(pack)
    assert set(LANGUAGES) == {"en", "tl", "id", "nl", "fa"}
    for language in LANGUAGES:
        assert rules.names.get(language, "").strip(), f"{pack}: no name in {language}"
        assert rules.summaries.get(language, "").strip(), f"{pack}: no summary in {language}"
        assert rules.name(language) == rules.names[language]
        assert rules.summary(language) == rules.summaries[language]


@pytest.mark.parametrize("pack", BUILT_IN)
def test_every_built_in_pack_is_consistent(pack):
    rules = load_rules(pack)
    assert rules.id == pack
    tiles = (rules.max_pips + 1) * (rules.max_pips + 2) // 2
    for players in range(rules.players.min, rules.players.max + 1):
        assert players * rules.players.hand_size[players] <= tiles
        assert rules.match.target[players] > 0
        assert players in rules.hand_end.blocked_tie


def test_a_name_falls_back_to_english():
    rules = load_rules("dominos-cc")
    assert rules.name("xx") == rules.names["en"]
    assert rules.summary("xx") == rules.summaries["en"]


# --------------------------------------------------------------------------- house rules

def test_house_rules_override_only_what_they_say():
    base = load_rules("dominos-cc")
    house = load_rules(str(HOUSE_RULES))
    assert house.id == "kitchen-table"
    assert house.extends == "dominos-cc"
    assert house.names["en"] == "Kitchen table (100 points, last two tiles stay)"
    for language in LANGUAGES:
        assert house.names[language]
    # what the house rules say
    assert dict(house.match.target) == {2: 100, 3: 100, 4: 100}
    assert house.turn.boneyard_reserve == 2
    # everything else is the Dominos.cc game
    assert house.match == replace(base.match, target=house.match.target)
    assert house.turn == replace(base.turn, boneyard_reserve=2)
    assert house.max_pips == base.max_pips
    for section in ("players", "lead", "spinner", "scoring", "muggins", "hand_end"):
        assert getattr(house, section) == getattr(base, section), section
    # and the base pack itself is untouched
    assert dict(base.match.target) == {2: 150, 3: 150, 4: 150}
    assert base.turn.boneyard_reserve == 0


def test_house_rules_scoring_is_the_base_scoring():
    from fives_tutor import Position, parse_play
    house = load_rules(str(HOUSE_RULES))
    # dominos-cc 5|5* then 5|3: 3 5|5* 5* 5* (13)
    play = parse_play("5|3", Position.parse("5|5*", house), house)
    assert str(play.after) == "3 5|5* 5* 5*" and play.total == 13


# --------------------------------------------------------------------------- bad packs

def base_pack() -> dict:
    """A full pack without extends: the Dominos.cc YAML, with a new id."""
    data = yaml.safe_load((RULES_DIR / "dominos-cc.yaml").read_text(encoding="utf-8"))
    data["id"] = "test-pack"
    return data


def write(folder: Path, name: str, data) -> Path:
    path = folder / name
    text = data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path) -> RulePackError:
    with pytest.raises(RulePackError) as info:
        load_rules(str(path))
    return info.value


def same_file(a: str, b: Path) -> bool:
    return Path(a).resolve() == b.resolve()


def test_a_good_pack_in_a_file_loads(tmp_path):
    path = write(tmp_path, "good.yaml", base_pack())
    rules = load_rules(str(path))
    assert rules.id == "test-pack"
    assert dict(rules.players.hand_size) == {2: 7, 3: 6, 4: 5}


def test_unknown_key_in_a_section(tmp_path):
    data = base_pack()
    data["rules"]["spinner"]["colour"] = "red"
    error = refused(write(tmp_path, "pack.yaml", data))
    assert same_file(error.path, tmp_path / "pack.yaml")
    assert error.key == "rules.spinner.colour"
    assert "rules.spinner.colour" in str(error)


def test_unknown_section(tmp_path):
    data = base_pack()
    data["rules"]["dice"] = {"sides": 6}
    error = refused(write(tmp_path, "pack.yaml", data))
    assert same_file(error.path, tmp_path / "pack.yaml")
    assert error.key == "rules.dice"


def test_unknown_top_key(tmp_path):
    data = base_pack()
    data["colour"] = "red"
    error = refused(write(tmp_path, "pack.yaml", data))
    assert same_file(error.path, tmp_path / "pack.yaml")
    assert error.key == "colour"


@pytest.mark.parametrize("section, name, value", [
    ("set", "max_pips", "six"),
    ("set", "max_pips", 6.5),
    ("set", "max_pips", True),
    ("lead", "scores", "true"),          # a string, not a boolean
    ("lead", "scores", 1),
    ("turn", "boneyard_reserve", [2]),
    ("scoring", "divisors", 5),          # a list is expected
    ("scoring", "divisors", ["5"]),
    ("hand_end", "chip_out_bonus", "one"),
    ("spinner", "doubles", 1),
])
def test_wrong_type(tmp_path, section, name, value):
    data = base_pack()
    data["rules"][section][name] = value
    error = refused(write(tmp_path, "pack.yaml", data))
    assert same_file(error.path, tmp_path / "pack.yaml")
    assert error.key == f"rules.{section}.{name}"


@pytest.mark.parametrize("section, name, value", [
    ("set", "max_pips", 0),               # below the range
    ("set", "max_pips", 99),
    ("turn", "boneyard_reserve", -1),
])
def test_number_out_of_range(tmp_path, section, name, value):
    data = base_pack()
    data["rules"][section][name] = value
    error = refused(write(tmp_path, "pack.yaml", data))
    assert error.key == f"rules.{section}.{name}"


@pytest.mark.parametrize("section, name, value", [
    ("spinner", "doubles", "all"),
    ("spinner", "arms_open", "sides_first"),
    ("hand_end", "rounding", "nearest_ten"),
    ("hand_end", "collect", "winner"),
    ("scoring", "points", "pips"),
    ("lead", "first_hand", "youngest"),
])
def test_enum_value_not_allowed(tmp_path, section, name, value):
    data = base_pack()
    data["rules"][section][name] = value
    error = refused(write(tmp_path, "pack.yaml", data))
    assert same_file(error.path, tmp_path / "pack.yaml")
    assert error.key == f"rules.{section}.{name}"
    assert value in str(error)


@pytest.mark.parametrize("section, name", [
    ("hand_end", "rounding"),
    ("spinner", "arms_open"),
    ("match", "target"),
    ("set", "max_pips"),
])
def test_missing_key_without_extends(tmp_path, section, name):
    data = base_pack()
    del data["rules"][section][name]
    error = refused(write(tmp_path, "pack.yaml", data))
    assert same_file(error.path, tmp_path / "pack.yaml")
    assert error.key == f"rules.{section}.{name}"


def test_missing_section_without_extends(tmp_path):
    data = base_pack()
    del data["rules"]["muggins"]
    error = refused(write(tmp_path, "pack.yaml", data))
    assert error.key.startswith("rules.muggins.")


def test_missing_key_is_fine_with_extends(tmp_path):
    path = write(tmp_path, "house.yaml", {"id": "house", "extends": "dominos-cc",
                                          "rules": {"hand_end": {"rounding": "down"}}})
    rules = load_rules(str(path))
    assert rules.hand_end.rounding == "down"
    assert rules.hand_end.collect == "each_opponent"
    assert rules.extends == "dominos-cc"


def test_bad_value_in_a_pack_that_extends(tmp_path):
    path = write(tmp_path, "house.yaml", {"id": "house", "extends": "dominos-cc",
                                          "rules": {"spinner": {"doubles": "some"}}})
    error = refused(path)
    assert same_file(error.path, path)
    assert error.key == "rules.spinner.doubles"


def test_extends_loop(tmp_path):
    write(tmp_path, "a.yaml", {"id": "a", "extends": "b.yaml", "rules": {}})
    write(tmp_path, "b.yaml", {"id": "b", "extends": "a.yaml", "rules": {}})
    error = refused(tmp_path / "a.yaml")
    assert Path(error.path).name in ("a.yaml", "b.yaml")
    assert Path(error.path).resolve().parent == tmp_path.resolve()
    assert error.key == "extends"
    assert "loop" in str(error)


def test_extends_itself(tmp_path):
    path = write(tmp_path, "self.yaml", {"id": "self", "extends": "self.yaml", "rules": {}})
    error = refused(path)
    assert same_file(error.path, path)
    assert error.key == "extends"


def test_extends_a_pack_that_does_not_exist(tmp_path):
    path = write(tmp_path, "house.yaml", {"id": "house", "extends": "no-such-pack", "rules": {}})
    error = refused(path)
    assert "no-such-pack" in str(error)


def test_yaml_syntax_error(tmp_path):
    path = write(tmp_path, "broken.yaml", "id: broken\nrules:\n  set: {max_pips: 6\n  players: [\n")
    error = refused(path)
    assert same_file(error.path, path)
    assert "YAML" in str(error)
    assert "line " in str(error)


def test_a_pack_that_is_not_a_mapping(tmp_path):
    path = write(tmp_path, "list.yaml", "- 1\n- 2\n")
    error = refused(path)
    assert same_file(error.path, path)


def test_unknown_pack_id():
    with pytest.raises(RulePackError) as info:
        load_rules("no-such-pack")
    assert "no-such-pack" in str(info.value)
    assert "dominos-cc" in str(info.value)          # the message lists the packs to choose from


def test_pack_file_that_does_not_exist(tmp_path):
    missing = tmp_path / "missing.yaml"
    with pytest.raises(RulePackError) as info:
        load_rules(str(missing))
    assert same_file(info.value.path, missing)


@pytest.mark.parametrize("section, name, value", [
    ("players", "hand_size", {2: 7, 3: 6}),                 # 4 players missing
    ("match", "target", {2: 150, 4: 150}),                  # 3 players missing
    ("hand_end", "blocked_tie", {3: "nobody", 4: "nobody"}),  # 2 players missing
])
def test_player_counts_missing_from_a_per_player_map(tmp_path, section, name, value):
    data = base_pack()
    data["rules"][section][name] = value
    error = refused(write(tmp_path, "pack.yaml", data))
    assert same_file(error.path, tmp_path / "pack.yaml")
    assert error.key == f"rules.{section}.{name}"


def test_per_player_map_follows_the_player_counts(tmp_path):
    data = base_pack()
    data["rules"]["players"]["max"] = 3
    data["rules"]["players"]["hand_size"] = {2: 7, 3: 6}
    data["rules"]["match"]["target"] = {2: 150, 3: 150}
    data["rules"]["hand_end"]["blocked_tie"] = {2: "nobody", 3: "split"}
    rules = load_rules(str(write(tmp_path, "pack.yaml", data)))
    assert rules.players.max == 3 and dict(rules.players.hand_size) == {2: 7, 3: 6}


def test_a_hostile_player_count_under_a_mapping_is_refused_for_itself(tmp_path):
    # the base gives one target for every count and a billion players at most; the pack over it
    # gives targets by count: the base's target is spread over at most 2 to 10 players (bounded
    # work), and the pack is refused for its player count, the first key checked that is wrong
    write(tmp_path, "wide.yaml", "extends: dominos-cc\nrules:\n  players:\n    max: 1000000000\n"
                                 "  match:\n    target: 100\n")
    path = write(tmp_path, "house.yaml", f"extends: {tmp_path / 'wide.yaml'}\nrules:\n  match:\n"
                                         "    target: {2: 150}\n")
    error = refused(path)
    assert error.key == "rules.players.max"
    assert "expected a whole number (2 to 10), got 1000000000" in str(error)


def test_bad_value_inside_a_per_player_map(tmp_path):
    data = base_pack()
    data["rules"]["match"]["target"] = {2: 150, 3: "many", 4: 150}
    error = refused(write(tmp_path, "pack.yaml", data))
    assert error.key == "rules.match.target.3"


def test_too_many_tiles_dealt(tmp_path):
    # 4 players holding 9 tiles need 36: more than the 28 tiles of a double-six set
    data = base_pack()
    data["rules"]["players"]["hand_size"] = {2: 9, 3: 9, 4: 9}
    error = refused(write(tmp_path, "pack.yaml", data))
    assert error.key == "rules.players.hand_size.4"


def test_bad_id(tmp_path):
    data = base_pack()
    data["id"] = "Not An Id!"
    error = refused(write(tmp_path, "pack.yaml", data))
    assert error.key == "id"
