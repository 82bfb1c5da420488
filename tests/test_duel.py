"""`fives duel`: engine against engine on paired deals (fives_tutor.duel)."""

from __future__ import annotations

import json

import pytest

from fives_tutor import duel, load_rules
from fives_tutor.duel import DuelMatch, parse_level, summarise


def duel_json(run, *args):
    result = run("duel", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def without_times(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("a_move_seconds", "b_move_seconds")}


def test_greedy_against_random_reports_a_win_rate(run):
    data = duel_json(run, "greedy", "random", "--matches", "6")
    assert (data["a"], data["b"], data["rules"], data["players"], data["seed"]) == (
        "greedy", "random", "dominos-cc", 2, "1")
    assert data["matches"] == 6  # --matches counts matches: 3 deals, each played twice
    rate = data["a_win_rate"]
    assert 0 <= rate["low"] <= rate["mean"] <= rate["high"] <= 1
    assert rate["mean"] * 6 == pytest.approx(round(rate["mean"] * 6)), "a share of 6 matches"
    margin = data["margin_per_hand"]
    assert margin["low"] <= margin["mean"] <= margin["high"]
    for key in ("a_move_seconds", "b_move_seconds"):
        assert 0 <= data[key]["median"] <= data[key]["p95"]


@pytest.mark.parametrize("a, b, matches", [("greedy", "random", "6"), ("monte-carlo:5", "greedy", "4")])
def test_workers_give_the_same_numbers(run, monkeypatch, a, b, matches):
    import concurrent.futures

    pools = []

    class CountingPool(concurrent.futures.ProcessPoolExecutor):
        def __init__(self, *args, **kwargs):
            pools.append(kwargs.get("max_workers"))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", CountingPool)
    one = duel_json(run, a, b, "--matches", matches, "--seed", "s", "--workers", "1")
    assert pools == []
    two = duel_json(run, a, b, "--matches", matches, "--seed", "s", "--workers", "2")
    assert pools == [2], "two worker processes were used"
    assert without_times(one) == without_times(two)


def test_same_seed_same_duel(run):
    first = duel_json(run, "monte-carlo:5", "random", "--matches", "1", "--seed", "9")
    again = duel_json(run, "monte-carlo:5", "random", "--matches", "1", "--seed", "9")
    assert without_times(first) == without_times(again)


@pytest.mark.parametrize("levels", [
    ("greedy", "bogus"),
    ("exact", "greedy"),  # exact needs every tile known: not a duel level
    ("greedy:5", "random"),  # a number of deals only for monte-carlo
    ("monte-carlo:x", "random"),
    ("monte-carlo:-3", "random"),
    ("monte-carlo:0", "random"),
], ids=lambda levels: " ".join(levels))
def test_unknown_level_exits_2_with_one_line(run, levels):
    result = run("duel", *levels, "--matches", "1")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_parse_level():
    assert parse_level("greedy") == ("greedy", None)
    assert parse_level("random") == ("random", None)
    assert parse_level("defensive") == ("defensive", None)
    assert parse_level("monte-carlo") == ("monte-carlo", None)
    assert parse_level("monte-carlo:120") == ("monte-carlo", 120)
    for bad in ("greedy:5", "monte-carlo:x", "Greedy", "", "auto"):
        with pytest.raises(ValueError):
            parse_level(bad)


# --- paired deals ------------------------------------------------------------------------------


def test_each_deal_is_played_twice_with_the_seats_swapped():
    results = duel.run("dominos-cc", "greedy", "random", 3, seed="p")
    assert [(r.index, r.swapped) for r in results] == [(i, s) for i in range(3) for s in (False, True)]


def test_swapped_match_has_the_same_deal_and_a_in_the_other_seat(monkeypatch):
    deals = []
    movers = []

    class Recording(duel.Match):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            deals.append(([list(h) for h in self.hand.hands], list(self.hand.boneyard)))

    original_choose = duel.Seat.choose

    def choose(self, match, voids):
        movers.append((self.level, match.hand.turn))
        return original_choose(self, match, voids)

    monkeypatch.setattr(duel, "Match", Recording)
    monkeypatch.setattr(duel.Seat, "choose", choose)
    rules = load_rules("dominos-cc")
    duel.play(rules, "greedy", "random", 2, "q", 4, False)
    seats_straight = {level: {turn for lvl, turn in movers if lvl == level} for level in ("greedy", "random")}
    movers.clear()
    duel.play(rules, "greedy", "random", 2, "q", 4, True)
    seats_swapped = {level: {turn for lvl, turn in movers if lvl == level} for level in ("greedy", "random")}
    assert deals[0] == deals[1], "match 4 deals the same tiles both times"
    assert seats_straight == {"greedy": {0}, "random": {1}}  # A in the even seat
    assert seats_swapped == {"greedy": {1}, "random": {0}}  # then in the odd one


def test_greedy_against_itself_mirrors_on_swapped_seats():
    """Greedy is deterministic: with the seats swapped the very same match is played,
    so A's result in one is B's in the other."""
    results = duel.run("dominos-cc", "greedy", "greedy", 3, seed="m")
    for straight, swapped in zip(results[::2], results[1::2]):
        assert straight.index == swapped.index and not straight.swapped and swapped.swapped
        assert straight.a_won != swapped.a_won
        assert (straight.a_points, straight.b_points) == (swapped.b_points, swapped.a_points)
        assert straight.hands == swapped.hands
    summary = summarise(results)
    assert summary.wins.mean == 0.5 and summary.margin.mean == 0


def test_three_players(run):
    data = duel_json(run, "greedy", "random", "--matches", "1", "--players", "3", "--rules", "muggins")
    assert data["players"] == 3 and data["matches"] == 2
    assert 0 <= data["a_win_rate"]["low"] <= data["a_win_rate"]["mean"] <= data["a_win_rate"]["high"] <= 1


def test_summarise_by_hand():
    def match(index, won, a, b, hands, a_times=(), b_times=()):
        return DuelMatch(index, bool(index % 2), won, a, b, hands, tuple(a_times), tuple(b_times))

    results = [match(0, True, 150, 100, 2, (0.1, 0.3)), match(1, True, 160, 150, 1, (0.2,), (0.5,)),
               match(2, False, 120, 150, 3), match(3, True, 170, 150, 2, (0.4,))]
    summary = summarise(results)
    assert summary.matches == 4
    assert summary.wins.mean == 0.75  # 3 of 4
    assert 0 <= summary.wins.low <= 0.75 <= summary.wins.high <= 1
    # (50 + 10 - 30 + 20) points over 2 + 1 + 3 + 2 hands
    assert summary.margin.mean == pytest.approx(50 / 8)
    # A's times 0.1 0.2 0.3 0.4: median 0.25; the 95th percentile interpolated between the
    # order statistics at 0.95 x (4 - 1) = 2.85: 0.3 + 0.85 x 0.1 = 0.385. B's only 0.5
    assert summary.a_median == pytest.approx(0.25) and summary.a_p95 == pytest.approx(0.385)
    assert summary.b_median == summary.b_p95 == 0.5
