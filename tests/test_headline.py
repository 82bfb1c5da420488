"""The headline of ``rules compare`` (issue 18, item 3): one sentence a club can act on,
built from the comparison's figures and saying only what is clear of the noise; and
``--each``, every changed rule played alone against the first pack.

The studies below are written by hand: each figure and interval is chosen, and the
sentence expected from it is worked out beside it from the documented rules (minutes
at 20 seconds a play, "a little" under 10% of the first pack's scoring, "much" from 25%,
a difference whose 95% interval holds zero is "about the same").
"""

from __future__ import annotations

import json
import os
from types import SimpleNamespace

import pytest

from fives_tutor.packs.loader import builtin_dir, load_rules
from fives_tutor.render.study import headline, headlines
from fives_tutor.study.compare import Difference, Study, changes, findings, verdict
from fives_tutor.study.stats import Estimate
from fives_tutor.text.i18n import activate
from fives_tutor.text.width import width

HOUSE = os.path.join(builtin_dir(), "examples", "house-rules.yaml")


def figure(mean: float, low: float | None = None, high: float | None = None) -> Estimate:
    return Estimate(mean, mean if low is None else low, mean if high is None else high, 400)


def hand_made(minutes: Estimate, scoring: Estimate, base_points: float, skill: Estimate | None = None,
              rates: tuple[float, float] = (0.67, 0.62)) -> Study:
    """Two packs: the first scores ``base_points`` a hand from play in 57 plays a match
    (19 minutes at 20 seconds a play); the second differs by ``minutes`` and ``scoring``,
    and, with ``skill``, the better player wins ``rates`` (first, second)."""
    first = SimpleNamespace(play_points=figure(base_points), plays_per_match=figure(57.0))
    plays = 57.0 + minutes.mean * 3  # 3 plays a minute
    second = SimpleNamespace(play_points=figure(base_points + scoring.mean), plays_per_match=figure(plays))
    differences = [Difference("play_points", scoring, verdict(scoring)),
                   Difference("minutes_per_match", minutes, verdict(minutes))]
    if skill is not None:
        differences.append(Difference("skill", skill, verdict(skill)))
    return Study(("base", "house"), (first, second), (figure(rates[0]), figure(rates[1])) if skill else None,
                 (tuple(differences),), "expert" if skill else None, 20.0)


def test_the_issue_s_own_example():
    # 7.6 minutes shorter (7.0 to 8.2): clear, and 7.6 rounds to 8; 3 more points a hand (1 to 5) of 60
    # is 5%, under 10%: "a little"; the better player's share down by 5 points (2 to 8): more luck
    study = hand_made(figure(-7.6, -8.2, -7.0), figure(3.0, 1.0, 5.0), 60.0, figure(-0.05, -0.08, -0.02),
                      rates=(0.67, 0.62))
    assert headline(study, 1) == ("matches 8 minutes shorter, a little more scoring, more luck: the better "
                                  "player wins 62% instead of 67%")
    assert [f.direction for f in findings(study, 1)] == ["less", "more", "more"]


def test_what_is_inside_the_noise_is_about_the_same():
    # −1.0 minutes (−2.5 to +0.5) holds zero; −20 points of 60 is 33%, clear: "much"; skill +1 point
    # (−2 to +4) holds zero
    study = hand_made(figure(-1.0, -2.5, 0.5), figure(-20.0, -25.0, -15.0), 60.0, figure(0.01, -0.02, 0.04))
    assert headline(study, 1) == "matches about as long, much less scoring, about as much luck"


@pytest.mark.parametrize("points, expected", [
    (5.9, "a little more scoring"),  # 9.8% of 60
    (6.0, "more scoring"),  # 10% exactly is no longer "a little"
    (14.9, "more scoring"),  # 24.8%
    (15.0, "much more scoring"),  # 25%
    (-6.0, "less scoring"),
])
def test_how_much_scoring(points, expected):
    study = hand_made(figure(0.0, -1.0, 1.0), figure(points, points - 0.5, points + 0.5), 60.0)
    assert headline(study, 1) == f"matches about as long, {expected}"


def test_a_minute_and_less():
    # 0.4 minutes longer (0.2 to 0.6) is clear but rounds to no minute; 1.2 rounds to one minute
    assert headline(hand_made(figure(0.4, 0.2, 0.6), figure(0.0, -1.0, 1.0), 60.0), 1).startswith(
        "matches less than a minute longer,")
    assert headline(hand_made(figure(1.2, 0.8, 1.6), figure(0.0, -1.0, 1.0), 60.0), 1).startswith(
        "matches 1 minute longer,")
    # the better player winning more often is more skill
    study = hand_made(figure(0.0, -1.0, 1.0), figure(0.0, -1.0, 1.0), 60.0, figure(0.06, 0.03, 0.09),
                      rates=(0.64, 0.70))
    assert headline(study, 1).endswith("more skill: the better player wins 70% instead of 64%")


def test_the_headline_fits_80_columns_in_every_language(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    study = hand_made(figure(-7.6, -8.2, -7.0), figure(3.0, 1.0, 5.0), 60.0, figure(-0.05, -0.08, -0.02))
    for lang in ("en", "tl", "id", "nl", "fa"):
        activate(lang)
        lines = headlines(study, 80)
        assert lines and all(width(line) <= 80 for line in lines), (lang, lines)
        if lang == "fa":  # the percentages in Persian digits
            assert "۶۲" in "".join(lines) and "۶۷" in "".join(lines)
    activate("en")


def test_changes_between_two_packs():
    # the house pack changes the boneyard reserve (0 -> 2) and the target (150 -> 100 for every count)
    found = changes(load_rules("dominos-cc"), load_rules(HOUSE))
    assert found == (("rules.turn.boneyard_reserve", 2), ("rules.match.target", {"2": 100, "3": 100, "4": 100}))
    # muggins deals 7 tiles at every count: for two players that is dominos-cc's 7, no change
    assert "rules.players.hand_size" not in dict(changes(load_rules("dominos-cc"), load_rules("muggins"), 2))
    assert "rules.players.hand_size" in dict(changes(load_rules("dominos-cc"), load_rules("muggins"), 3))


# --- on the command line ------------------------------------------------------------------------------


def test_compare_starts_with_its_headline(run):
    result = run("rules", "compare", "dominos-cc", HOUSE)
    assert result.exit_code == 0
    assert result.stdout.startswith("kitchen-table changes 2 rules of dominos-cc; add --matches N")
    simulated = run("rules", "compare", "dominos-cc", HOUSE, "--matches", "20", "--skill", "none")
    first = simulated.stdout.splitlines()[0]
    assert first.startswith("kitchen-table against dominos-cc: matches ")


def test_each_changed_rule_alone(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    result = run("rules", "compare", "dominos-cc", HOUSE, "--matches", "30", "--skill", "none", "--each")
    assert result.exit_code == 0, result.stderr
    top = " ".join(result.stdout.split("\n\n")[0].split())
    assert "Boneyard tiles never drawn alone (2):" in top
    # 100 points instead of 150: every match needs fewer plays
    assert "Match target alone (100 points): matches " in top
    assert top.split("Match target alone (100 points): matches ")[1].split(",")[0].endswith("shorter")
    data = json.loads(run("rules", "compare", "dominos-cc", HOUSE, "--matches", "10", "--skill", "none", "--each",
                          "--json").stdout)
    each = data["simulation"]["each"]
    assert [entry["key"] for entry in each] == ["rules.turn.boneyard_reserve", "rules.match.target"]
    assert list(data["simulation"]["packs"]) == ["dominos-cc", "kitchen-table"]  # the variants are not packs
    for lang in ("fa", "tl"):
        shown = run("rules", "compare", "dominos-cc", HOUSE, "--matches", "10", "--skill", "none", "--each",
                    "--lang", lang)
        assert shown.exit_code == 0 and all(width(line) <= 80 for line in shown.stdout.splitlines()), lang


def test_a_change_that_cannot_be_played_alone_says_why(run, tmp_path):
    path = tmp_path / "five.yaml"
    path.write_text("id: five-seats\nextends: dominos-cc\nrules:\n  players:\n    max: 5\n"
                    "    hand_size: {2: 7, 3: 6, 4: 5, 5: 4}\n  hand_end:\n    blocked_tie: fewer_tiles\n"
                    "  match:\n    target: 150\n",
                    encoding="utf-8")
    result = run("rules", "compare", "dominos-cc", str(path), "--matches", "4", "--skill", "none", "--each")
    out = " ".join(result.stdout.split())
    # five players need a hand size for five, which dominos-cc does not have
    assert ("rules.players.max cannot be played alone: dominos-cc + rules.players.max: rules.players.hand_size: "
            "expected a value for each player count (2 to 5)") in out


def test_each_needs_matches(run):
    for lang in ("en", "fa"):
        result = run("rules", "compare", "dominos-cc", HOUSE, "--each", "--lang", lang)
        assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "--each plays each changed rule alone: give --matches N too" in run(
        "rules", "compare", "dominos-cc", HOUSE, "--each").stderr
