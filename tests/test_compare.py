"""Packs compared on the same deals (issue 14): paired differences with their intervals,
verdicts, the role of skill, match length, and the pictures.

The intervals are checked against small examples worked by hand (the arithmetic is
written beside them); the rest checks what follows from the rules, never a number read
back from the code under test.
"""

from __future__ import annotations

import json
import math
import os
import re
from statistics import NormalDist

import pytest

from fives_tutor.packs.loader import builtin_dir
from fives_tutor.study.compare import Difference, check_paired, paired_differences, scaled, verdict
from fives_tutor.study.simulate import HandRecord, MatchRecord
from fives_tutor.study.stats import Estimate, paired_mean_difference, paired_ratio_difference

HOUSE = os.path.join(builtin_dir(), "examples", "house-rules.yaml")
Z = NormalDist().inv_cdf(0.975)  # 1.959963984540054


# --------------------------------------------------------------------------- hand-worked intervals


def test_paired_mean_difference_worked_by_hand():
    # differences b - a: 4-3 = 1, 7-5 = 2, 4-4 = 0, 9-6 = 3; mean 6/4 = 1.5
    # sample variance: ((1-1.5)² + (2-1.5)² + (0-1.5)² + (3-1.5)²) / 3 = (0.25 + 0.25 + 2.25 + 2.25) / 3 = 5/3
    # standard error sqrt(5/3 / 4) = 0.6454972; half width 1.959964 × 0.6454972 = 1.2651513
    estimate = paired_mean_difference([3, 5, 4, 6], [4, 7, 4, 9])
    assert estimate.mean == pytest.approx(1.5)
    assert estimate.low == pytest.approx(1.5 - Z * math.sqrt(5 / 3 / 4))
    assert estimate.low == pytest.approx(0.2348487, abs=1e-6)
    assert estimate.high == pytest.approx(2.7651513, abs=1e-6)
    assert estimate.n == 4


def test_paired_ratio_difference_worked_by_hand():
    # three matches; A: points y = 10, 20, 30 over hands x = 1, 2, 2; B: y = 12, 18, 36 over x = 1, 2, 3
    # R_A = 60/5 = 12, R_B = 66/6 = 11: the difference is 11 - 12 = -1
    # mean hands: x̄_A = 5/3, x̄_B = 6/3 = 2
    # u_i = (y - 12x)/x̄_A = (-2, -4, 6) × 3/5 = (-1.2, -2.4, 3.6)
    # v_i = (y - 11x)/x̄_B = (1, -4, 3) / 2 = (0.5, -2, 1.5)
    # e_i = v - u = (1.7, 0.4, -2.1); Σe² = 2.89 + 0.16 + 4.41 = 7.46
    # Var = 7.46 / (3 × 2) = 1.2433333; half width 1.959964 × sqrt(1.2433333) = 2.1854551
    estimate = paired_ratio_difference([10, 20, 30], [1, 2, 2], [12, 18, 36], [1, 2, 3])
    assert estimate.mean == pytest.approx(-1.0)
    assert estimate.low == pytest.approx(-1 - Z * math.sqrt(7.46 / 6))
    assert estimate.low == pytest.approx(-3.1854551, abs=1e-6)
    assert estimate.high == pytest.approx(1.1854551, abs=1e-6)
    assert estimate.n == 3


def test_pairing_is_narrower_than_two_separate_intervals():
    # the same deals move both packs alike: per match B = A + 1 exactly, so the paired
    # difference is exactly 1 with no spread, while each series spreads widely
    a = [10, 40, 25, 70, 5, 55]
    b = [v + 1 for v in a]
    estimate = paired_mean_difference(a, b)
    assert (estimate.mean, estimate.low, estimate.high) == (1.0, 1.0, 1.0)


def test_degenerate_paired_inputs():
    assert paired_ratio_difference([], [], [], []).n == 0
    assert paired_ratio_difference([5], [0], [5], [1]).n == 0  # A finished no hand: no ratio
    one = paired_ratio_difference([10], [2], [9], [3])  # 9/3 - 10/2 = -2, no spread from one match
    assert (one.mean, one.low, one.high) == (-2.0, -2.0, -2.0)
    with pytest.raises(ValueError):
        paired_mean_difference([1, 2], [1])
    with pytest.raises(ValueError):
        paired_ratio_difference([1], [1], [1, 2], [1, 2])


def test_verdicts():
    assert verdict(Estimate(0.3, -0.1, 0.7, 9)) == "none"
    assert verdict(Estimate(0.0, 0.0, 0.0, 9)) == "none"  # no difference at all
    assert verdict(Estimate(1.2, 0.9, 1.5, 9)) == "more"
    assert verdict(Estimate(-1.2, -1.5, -0.9, 9)) == "less"
    assert scaled(Estimate(60.0, 54.0, 66.0, 9), 20 / 60) == Estimate(20.0, 18.0, 22.0, 9)


# --------------------------------------------------------------------------- records of matches


def record(index, finished, cut_short=(), winner=0, first=0):
    """A match whose finished hands are ``(plays, play points, end, end points)``."""
    hands = [HandRecord(0, plays, (points,) + (0,) * (plays - 1), end, end_points)
             for plays, points, end, end_points in finished]
    hands += [HandRecord(0, plays, (0,) * plays, None, 0) for plays in cut_short]
    return MatchRecord(index, f"1:{index}", (0, 0), winner, first, tuple(hands))


def test_paired_differences_of_match_records_worked_by_hand():
    # the points per hand of the worked example above: A 10 | 20 | 30 over 1 | 2 | 2 hands,
    # B 12 | 18 | 36 over 1 | 2 | 3 hands
    a = [record(0, [(10, 10, "domino", 5)]),
         record(1, [(10, 10, "domino", 5), (10, 10, "blocked", 0)]),
         record(2, [(10, 15, "domino", 5), (10, 15, "domino", 5)], cut_short=[4])]
    b = [record(0, [(12, 12, "domino", 5)], winner=1),
         record(1, [(9, 9, "domino", 5), (9, 9, "domino", 5)]),
         record(2, [(12, 12, "domino", 5), (12, 12, "domino", 5), (12, 12, "domino", 5)])]
    found = {d.name: d for d in paired_differences(a, b)}
    play = found["play_points"].estimate
    assert play.mean == pytest.approx(-1.0) and play.low == pytest.approx(-3.1854551, abs=1e-6)
    assert found["play_points"].verdict == "none"
    # hands dealt per match: A 1, 2, 3 (the cut-short hand counts); B 1, 2, 3: no difference at all
    assert found["hands"] == Difference("hands", Estimate(0.0, 0.0, 0.0, 3), "none")
    # plays per match, cut-short hand included: A 10, 20, 24; B 12, 18, 36: differences 2, -2, 12
    # mean 4; variance ((2-4)² + (-2-4)² + (12-4)²)/2 = (4 + 36 + 64)/2 = 52; half 1.959964 × sqrt(52/3)
    plays = found["plays_per_match"].estimate
    assert plays.mean == pytest.approx(4.0)
    assert plays.high == pytest.approx(4 + Z * math.sqrt(52 / 3))
    # the first leader (side 0) won every A match; under B match 0 went to side 1: -1, 0, 0
    first = found["first_leader_wins"].estimate
    assert first.mean == pytest.approx(-1 / 3)
    # blocked: A 0/1, 1/2, 0/2 = 1 of 5; B none: -0.2 in share
    assert found["blocked"].estimate.mean == pytest.approx(-0.2)


def test_runs_of_other_deals_are_refused():
    a = [record(0, [(1, 0, "domino", 0)]), record(1, [(1, 0, "domino", 0)])]
    b = [record(0, [(1, 0, "domino", 0)]), record(2, [(1, 0, "domino", 0)])]
    with pytest.raises(ValueError):
        paired_differences(a, b)
    with pytest.raises(ValueError):
        check_paired([1, 2], [1, 2, 3], key=lambda item: item)


def test_skill_is_paired_by_deal():
    from fives_tutor.study.duel import DuelMatch
    from fives_tutor.study.skill import deal_shares, difference, win_rate

    def duel(results):
        return [DuelMatch(index, swapped, won, 0, 0, 1, (), ()) for index, (a, b) in enumerate(results)
                for swapped, won in ((False, a), (True, b))]

    # deal shares under A: 1, ½, ½, 0 (mean 0.5); under B: 1, 1, ½, ½ (mean 0.75)
    first = duel([(True, True), (True, False), (False, True), (False, False)])
    second = duel([(True, True), (True, True), (True, False), (False, True)])
    assert deal_shares(first) == [1.0, 0.5, 0.5, 0.0]
    assert win_rate(second).mean == pytest.approx(0.75)
    # per-deal differences 0, ½, 0, ½: mean 0.25; variance (4 × 0.25²)/3 = 1/12; half 1.96 × sqrt(1/48)
    estimate = difference(first, second)
    assert estimate.mean == pytest.approx(0.25)
    assert estimate.high - estimate.mean == pytest.approx(Z * math.sqrt(1 / 48))
    with pytest.raises(ValueError):
        difference(first, second[:6])


# --------------------------------------------------------------------------- the commands


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def silent_pack(tmp_path):
    """dominos-cc with rules that never fire with two players and no muggins: the
    four-player hand size and tie rule, and what a wrong muggins claim costs."""
    return write(tmp_path, "silent.yaml", "extends: dominos-cc\nid: silent\nrules:\n"
                 "  players:\n    hand_size: {2: 7, 3: 6, 4: 4}\n"
                 "  hand_end:\n    blocked_tie: {2: fewer_tiles, 3: fewer_tiles, 4: nobody}\n"
                 "  muggins:\n    wrong_claim: claimed_points\n")


def test_a_rule_that_never_fires_shows_no_detectable_difference(run, tmp_path):
    pack = silent_pack(tmp_path)
    args = ("rules", "compare", "dominos-cc", pack, "--matches", "30", "--seed", "4")
    data = json.loads(run(*args, "--json").stdout)
    # the rules differ on paper...
    assert {d["key"] for d in data["differences"]} == {"rules.players.hand_size", "rules.hand_end.blocked_tie",
                                                        "rules.muggins.wrong_claim"}
    # ...but every match is played the same: every difference is exactly zero
    [versus] = data["simulation"]["differences"]
    assert versus["pack"] == "silent" and versus["against"] == "dominos-cc"
    assert "better_player_wins" in versus["figures"] and "minutes_per_match" in versus["figures"]
    for key, figure in versus["figures"].items():
        assert (figure["mean"], figure["low"], figure["high"], figure["verdict"]) == (0, 0, 0, "none"), key
    text = run(*args, env={"COLUMNS": "100"}).stdout
    assert text.count("no detectable difference") == len(versus["figures"])


def test_the_house_rule_makes_matches_shorter(run):
    # kitchen-table plays to 100 instead of 150: fewer hands, plays and minutes a match
    data = json.loads(run("rules", "compare", "dominos-cc", HOUSE, "--matches", "150", "--skill", "none",
                          "--json").stdout)
    figures = data["simulation"]["differences"][0]["figures"]
    for key in ("hands_per_match", "plays_per_match", "minutes_per_match"):
        assert figures[key]["verdict"] == "less" and figures[key]["high"] < 0, key
    assert "better_player_wins" not in figures and data["simulation"]["skill"] is None
    text = run("rules", "compare", "dominos-cc", HOUSE, "--matches", "150", "--skill", "none",
               env={"COLUMNS": "100"}).stdout
    assert "Hands per match: kitchen-table shorter by" in text


def test_json_and_text_agree_on_the_differences(run):
    args = ("rules", "compare", "dominos-cc", HOUSE, "--matches", "40", "--seed", "2")
    data = json.loads(run(*args, "--json").stdout)["simulation"]
    text = run(*args, env={"COLUMNS": "120"}).stdout
    figures = data["differences"][0]["figures"]
    hands = figures["hands_per_match"]
    assert f"{abs(hands['mean']):.2f}" in text
    skill = data["packs"]["kitchen-table"]["better_player_wins"]
    assert f"{100 * skill['mean']:.1f}%" in text
    assert data["skill"] == {"level": "expert", "against": "greedy"}
    for figure in figures.values():
        assert figure["low"] <= figure["mean"] <= figure["high"]
        assert figure["verdict"] == ("none" if figure["low"] <= 0 <= figure["high"] else
                                     "more" if figure["mean"] > 0 else "less")


def test_seconds_per_play_turn_plays_into_minutes(run):
    data = json.loads(run("simulate", "dominos-cc", "--matches", "20", "--seconds-per-play", "30",
                          "--json").stdout)
    stats = data["packs"]["dominos-cc"]
    assert data["seconds_per_play"] == 30
    # 30 seconds a play: minutes = plays / 2
    assert stats["minutes_per_match"]["mean"] == pytest.approx(stats["plays_per_match"]["mean"] / 2, abs=1e-5)
    assert stats["minutes_per_match"]["low"] == pytest.approx(stats["plays_per_match"]["low"] / 2, abs=1e-5)


def test_simulate_with_several_packs_compares_with_the_first(run, tmp_path):
    records = tmp_path / "records.jsonl"
    result = run("simulate", "dominos-cc", "pagat-all-fives", HOUSE, "--matches", "12", "--json",
                 "--records", str(records))
    data = json.loads(result.stdout)
    assert [d["pack"] for d in data["differences"]] == ["pagat-all-fives", "kitchen-table"]
    assert {d["against"] for d in data["differences"]} == {"dominos-cc"}
    lines = [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]
    assert [line["pack"] for line in lines] == ["dominos-cc"] * 12 + ["pagat-all-fives"] * 12 + ["kitchen-table"] * 12
    text = run("simulate", "dominos-cc", "pagat-all-fives", HOUSE, "--matches", "12").stdout
    assert "pagat-all-fives against dominos-cc:" in text and "kitchen-table against dominos-cc:" in text


def test_a_pack_compared_with_itself_gets_two_names(run):
    data = json.loads(run("simulate", "dominos-cc", "dominos-cc", "--matches", "5", "--json").stdout)
    assert list(data["packs"]) == ["dominos-cc", "dominos-cc#2"]


@pytest.mark.parametrize("level", ["greedy", "random", "strongest", "monte-carlo:0"])
def test_a_level_that_is_not_stronger_is_refused(run, level):
    result = run("rules", "compare", "dominos-cc", HOUSE, "--matches", "5", "--skill", level)
    assert result.exit_code == 2 and "defensive" in result.stderr


@pytest.mark.parametrize("columns", [60, 80, 132])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_every_line_fits_the_terminal(run, columns, code):
    from fives_tutor.text.width import width as display_width

    text = run("rules", "compare", "dominos-cc", "five-up", "--matches", "10", "--lang", code,
               env={"COLUMNS": str(columns)}).stdout
    for line in text.splitlines():
        assert display_width(line) <= columns, line


def test_the_pictures_fit_a_narrow_terminal(run):
    from fives_tutor.text.width import width as display_width

    text = run("rules", "compare", "dominos-cc", "five-up", "--matches", "10", env={"COLUMNS": "50"}).stdout
    pictures = [line for line in text.splitlines() if any(mark in line for mark in "━┼╋│█")]
    assert len(pictures) > 10
    for line in pictures:
        assert display_width(line) <= 50, line


@pytest.mark.parametrize("code", ["tl", "id", "nl", "fa"])
def test_every_language_answers_row_by_row(run, code):
    result = run("rules", "compare", "dominos-cc", HOUSE, "--matches", "10", "--lang", code,
                 env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.stderr
    english = run("rules", "compare", "dominos-cc", HOUSE, "--matches", "10", env={"COLUMNS": "100"}).stdout
    assert result.stdout != english
    # one verdict line per row, in every language
    plain = [re.sub("[\u200e\u200f\u202a-\u202e]", "", line) for line in result.stdout.splitlines()]
    assert len([line for line in plain if line.startswith("  ") and ":" in line]) >= 9


# --------------------------------------------------------------------------- the pictures


def test_difference_bar_worked_by_hand():
    from fives_tutor.render.study import difference_bar

    # reach 2 (the farther end); 9 cells: cell(x) = round((x + 2) / 4 × 8)
    # low 0.5 -> 5, high 2 -> 8, mean 1 -> 6, zero -> 4 (outside the interval)
    assert difference_bar(Estimate(1.0, 0.5, 2.0, 9), 9) == "────┼━●━━"
    # an interval across zero: low -1 -> 0, high 1 -> 8, mean 0 -> 4 (the estimate covers zero)
    assert difference_bar(Estimate(0.0, -1.0, 1.0, 9), 9) == "━━━━●━━━━"
    # reach 1: cell(x) = round((x + 1) / 2 × 8); low -1 -> 0, high 0.5 -> 6, mean -0.5 -> 2,
    # zero -> 4, inside the interval -> ╋
    assert difference_bar(Estimate(-0.5, -1.0, 0.5, 9), 9) == "━━●━╋━━──"
    # an even width loses a cell so that zero has a middle: 10 -> 9
    assert len(difference_bar(Estimate(-0.5, -1.0, 0.5, 9), 10)) == 9


def test_histograms_on_one_axis(run):
    from fives_tutor.text.i18n import activate

    activate("en")
    text = run("rules", "compare", "dominos-cc", HOUSE, "--matches", "20", "--skill", "none",
               env={"COLUMNS": "100"}).stdout
    chart = text[text.index("Points per play in the middle"):].splitlines()
    header = next(index for index, line in enumerate(chart) if "│" in line)
    assert chart[header].strip().startswith("dominos-cc │") and chart[header].endswith("│ kitchen-table")
    rows = chart[header + 1:]
    # one line per points value: A's share, A's bar ending at the axis, the points, B's bar and share
    assert [row.split("│")[1].strip() for row in rows][:3] == ["0", "5", "10"]
    assert all(row.count("│") == 2 for row in rows)
    # one scale for both: the longest bar (0 points, the most common under both) is as long on each side
    first = rows[0].split("│")
    assert first[0].count("█") == first[2].count("█")


# --------------------------------------------------------------------------- Persian (issue 18, item 4)


def test_persian_signed_differences_are_marked_and_the_bars_are_left_to_right_lines(run):
    result = run("rules", "compare", "dominos-cc", "five-up", "--matches", "10", "--lang", "fa",
                 env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    # every signed number is one marked left-to-right run: LRM, the sign, the digits, LRM
    signed = re.findall("(.)([+\u2212][\u06f0-\u06f9\u066b\u066a]+)(.)", result.stdout)
    assert signed and all(before == "\u200e" and after == "\u200e" for before, _number, after in signed), signed
    # a bar is a number line: drawn left to right (LRM, LRE ... PDF), with nothing but the bar on it
    bars = [line for line in lines if re.fullmatch("[\u200e\u202a\u202c ─━●┼╋]+", line) and "●" in line]
    assert len(bars) >= 9  # a bar for each row of the table
    assert all(line.startswith("\u200e\u202a") and line.endswith("\u202c") for line in bars), bars
    assert all(not re.search("[\u0600-\u06ff]", line) for line in bars), bars


def test_persian_comparison_in_visual_order_keeps_each_sign_before_its_number(run):
    result = run("rules", "compare", "dominos-cc", "five-up", "--matches", "10", "--lang", "fa", "--bidi", "visual",
                 env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.stderr
    from fives_tutor.text.width import width as display_width

    for line in result.stdout.splitlines():
        assert display_width(line) <= 80, line
        assert not re.search("[\u200e\u200f\u202a-\u202e]", line), line  # visual order: no marks left
        # a sign shows before its digits (visually left of them), never after
        assert not re.search("[\u06f0-\u06f9\u066a][+\u2212]", line), line
    bars = [line for line in result.stdout.splitlines() if re.fullmatch("[ ─━●┼╋]+", line) and "●" in line]
    # drawn left to right, not mirrored and not right-aligned: each bar starts at the left with its indent
    assert len(bars) >= 9 and all(line.startswith("    ") and line[4] in "─━●┼╋" for line in bars), bars
