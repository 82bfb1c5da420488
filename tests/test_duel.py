"""`fives duel`: engine against engine on paired deals (fives_tutor.study.duel)."""

from __future__ import annotations

import json
import time

import pytest

from fives_tutor import load_rules
from fives_tutor.study import duel
from fives_tutor.study.duel import DuelMatch, parse_level, summarise


def duel_json(run, *args):
    result = run("duel", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def without_times(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("a_move_seconds", "b_move_seconds", "a_move_cpu_seconds",
                                                        "b_move_cpu_seconds")}


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
    assert parse_level("expert") == ("expert", None)
    assert parse_level("auto") == ("auto", None)
    assert parse_level("monte-carlo") == ("monte-carlo", None)
    assert parse_level("monte-carlo:120") == ("monte-carlo", 120)
    for bad in ("greedy:5", "monte-carlo:x", "Greedy", "", "exact", "expert:3", "greedy:no-styles",
                "monte-carlo:no-styles:120", "monte-carlo:120:styles"):
        with pytest.raises(ValueError):
            parse_level(bad)


def test_a_search_level_may_leave_the_styles_out(run):
    # "before" and "after" the style model in one command: the same level and budget
    assert parse_level("monte-carlo:120:no-styles") == ("monte-carlo", 120)
    assert parse_level("auto:no-styles") == ("auto", None)
    assert duel.parse_contestant("monte-carlo:120:no-styles") == duel.Contestant(
        "monte-carlo", 120, label="monte-carlo:120:no-styles", styles=False)
    assert duel.parse_contestant("monte-carlo:120").styles is True
    assert duel.parse_contestant("expert").styles is True
    data = duel_json(run, "monte-carlo:4:no-styles", "greedy", "--matches", "2")
    assert data["a"] == "monte-carlo:4:no-styles" and data["matches"] == 2


def test_duel_offers_the_levels_best_offers():
    from fives_tutor.engine import LEVELS
    from fives_tutor.engine.names import LEVEL_NAMES, PLAYING_LEVELS

    # the names best, duel and simulate offer are the levels the engine ranks with, and auto
    assert set(LEVEL_NAMES) == {"auto", *LEVELS}
    # exact needs every tile known, so a duel uses it through auto
    assert set(duel.LEVELS) == set(PLAYING_LEVELS) - {"exact"}
    assert set(LEVEL_NAMES) - {"exact"} <= set(duel.LEVELS)


# --- paired deals ------------------------------------------------------------------------------


def test_each_deal_is_played_twice_with_the_seats_swapped():
    results = duel.run("dominos-cc", "greedy", "random", 3, seed="p")
    assert [(r.index, r.swapped) for r in results] == [(i, s) for i in range(3) for s in (False, True)]


def test_swapped_match_has_the_same_deal_and_a_in_the_other_seat(monkeypatch):
    from fives_tutor.engine import fast

    deals = []
    movers = []
    original_deal = fast.deal

    def recording_deal(tb, players, rng):
        hands, boneyard = original_deal(tb, players, rng)
        if not deals or len(deals[-1]) < 2:
            deals.append(([list(h) for h in hands], list(boneyard)))
        return hands, boneyard

    original_act = duel._Fast.act

    def act(self, game, found):
        movers.append((self.policy, game.hand.turn))
        return original_act(self, game, found)

    monkeypatch.setattr(duel, "deal", recording_deal)
    monkeypatch.setattr(duel._Fast, "act", act)
    rules = load_rules("dominos-cc")
    from fives_tutor.engine.fast import greedy_policy, random_policy

    def seats_of(policy):
        return {turn for p, turn in movers if p is policy}

    duel.play(rules, "greedy", "random", 2, "q", 4, False)
    straight = seats_of(greedy_policy), seats_of(random_policy)
    first_deal = deals[0]
    movers.clear()
    deals.clear()
    duel.play(rules, "greedy", "random", 2, "q", 4, True)
    swapped = seats_of(greedy_policy), seats_of(random_policy)
    assert deals[0] == first_deal, "match 4 deals the same tiles both times"
    assert straight == ({0}, {1})  # A in the even seat
    assert swapped == ({1}, {0})  # then in the odd one


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
    assert data["players"] == 3 and data["matches"] == 6 and data["seatings"] == 6
    assert 0 <= data["a_win_rate"]["low"] <= data["a_win_rate"]["mean"] <= data["a_win_rate"]["high"] <= 1


def test_summarise_by_hand():
    def match(index, won, a, b, hands, a_times=(), b_times=()):
        seating = (False, True) if index % 2 else (True, False)
        return DuelMatch(index, seating, won, a, b, hands, tuple(a_times), tuple(b_times))

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


# --- seats with three and four players (issue 9) -------------------------------------------


@pytest.mark.parametrize("pack, players, count", [
    ("dominos-cc", 2, 2),
    ("dominos-cc", 3, 6),  # alone, A in each seat; then A in each pair of seats
    ("dominos-cc", 4, 2),  # four alone: A in seats 0 and 2, then 1 and 3
    ("pagat-all-fives", 4, 2),  # two partnerships: A is one side, then the other
    ("five-up", 3, 6),
])
def test_every_seat_is_a_s_in_half_the_seatings(pack, players, count):
    rules = load_rules(pack)
    found = duel.seatings(rules, players)
    assert len(found) == count and len(set(found)) == count
    for seat in range(players):
        assert sum(seating[seat] for seating in found) * 2 == count
    if players == 4 and rules.players.partnerships_with_four:
        # partners (seats 0 and 2, 1 and 3) always play for the same contestant
        assert all(s[0] == s[2] and s[1] == s[3] for s in found)


@pytest.mark.parametrize("pack, players", [("dominos-cc", 3), ("dominos-cc", 4), ("pagat-all-fives", 4),
                                           ("muggins", 3)])
def test_a_level_against_itself_wins_exactly_half(pack, players):
    """Greedy is deterministic, so every seating of a deal plays the very same match;
    with each seat A's in exactly half the seatings, A wins exactly half (the old duel
    gave greedy 23.8% against itself with four players)."""
    results = duel.run(pack, "greedy", "greedy", 4, players=players, seed="half")
    summary = summarise(results)
    assert summary.wins.mean == 0.5
    assert summary.margin.mean == 0


# --- players from a Python file ----------------------------------------------------------------

BOT = """
from fives_tutor.engine.player import Action, Player


class Lightest(Player):
    name = "lightest"

    def choose(self, view):
        if not view.legal:
            return Action.draw() if view.may_draw else Action.pass_()
        return Action.play(min(view.legal, key=lambda p: (p.tile.pips, p.tile.high)))


class Cheater:
    def choose(self, view):
        return "pass"


class Raiser:
    def choose(self, view):
        raise RuntimeError("boom")


class Wrong:
    def choose(self, view):
        if view.legal:
            from fives_tutor.engine.player import Action
            from fives_tutor.core.tiles import Tile
            missing = next(t for t in [Tile(a, b) for a in range(7) for b in range(a + 1)] if t not in view.hand)
            return Action("play", missing, "")
        return "draw" if view.may_draw else "pass"


class NeedsArguments:
    def __init__(self, x):
        pass
"""


@pytest.fixture
def bot_file(tmp_path):
    path = tmp_path / "bot.py"
    path.write_text(BOT, encoding="utf-8")
    return path


def test_a_bot_from_a_file_plays_whole_matches(run, bot_file):
    data = duel_json(run, f"{bot_file}:Lightest", "greedy", "--matches", "4", "--seed", "b")
    assert data["matches"] == 4 and data["deals"] == 2 and data["forfeits"] == {"a": 0, "b": 0, "reason": ""}
    again = duel_json(run, f"{bot_file}:Lightest", "greedy", "--matches", "4", "--seed", "b")
    assert without_times(again) == without_times(data)


def test_a_bot_plays_from_any_folder_with_its_path_as_typed(run, bot_file, tmp_path, monkeypatch):
    """The player's process imports the package the duel runs, whatever folder it is run
    from: a folder that holds another fives_tutor (a source checkout, here a broken decoy)
    does not stand in for it, and a player file named relative to that folder is found."""
    folder = tmp_path / "checkout"
    (folder / "fives_tutor").mkdir(parents=True)
    (folder / "fives_tutor" / "__init__.py").write_text("raise ImportError('the decoy was imported')\n")
    (folder / "bot.py").write_text(BOT, encoding="utf-8")
    monkeypatch.chdir(folder)
    data = duel_json(run, "bot.py:Lightest", "greedy", "--matches", "4", "--seed", "b")
    assert data["matches"] == 4 and data["forfeits"] == {"a": 0, "b": 0, "reason": ""}


@pytest.mark.parametrize("name, reason", [
    ("Cheater", "passed when a play or a draw was possible"),
    ("Raiser", "RuntimeError: boom"),
    ("Wrong", "which is not a legal play"),
])
def test_a_bot_that_misbehaves_forfeits(run, bot_file, name, reason):
    data = duel_json(run, "greedy", f"{bot_file}:{name}", "--matches", "2")
    assert data["forfeits"]["b"] == 2 and data["forfeits"]["a"] == 0
    assert reason in data["forfeits"]["reason"]
    assert data["a_win_rate"]["mean"] == 1.0
    text = run("duel", "greedy", f"{bot_file}:{name}", "--matches", "2")
    assert text.exit_code == 0 and "forfeited" in text.stdout


@pytest.mark.parametrize("spec, words", [
    ("{missing}:Bot", "no player file"),
    ("{syntax}:Bot", "syntax error"),
    ("{bot}:Absent", "has no class Absent"),
    ("{bot}:NeedsArguments", "NeedsArguments() failed"),
    ("{crash}:Bot", "failed while loading"),
    ("{bot}:not-a-name", "is not a class name"),
])
def test_a_bot_that_cannot_load_exits_2_with_one_line(run, tmp_path, bot_file, spec, words):
    (tmp_path / "syntax.py").write_text("def broken(:\n", encoding="utf-8")
    (tmp_path / "crash.py").write_text("raise ImportError('nope')\n", encoding="utf-8")
    text = spec.format(missing=tmp_path / "absent.py", syntax=tmp_path / "syntax.py", bot=bot_file,
                       crash=tmp_path / "crash.py")
    result = run("duel", text, "greedy", "--matches", "1")
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and words in result.stderr, result.stderr


def test_a_player_without_choose_is_refused_in_one_line(run, tmp_path):
    """Player is abstract: a subclass that forgets choose(view) is named, exit 2."""
    bot = tmp_path / "forgot.py"
    bot.write_text("from fives_tutor.engine.player import Player\n\nclass Forgot(Player):\n    pass\n")
    result = run("duel", f"{bot}:Forgot", "greedy", "--matches", "2")
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == ["Error: Forgot has no choose(view) method"]


# --- a player file in a process of its own ------------------------------------------------------

HOSTILE_BOTS = """
import os, sys
from fives_tutor.engine.player import Action, Player


class Printer(Player):
    def choose(self, view):
        print("hello from the bot", flush=True)
        sys.stderr.write("and on stderr\\n")
        os.write(1, b"straight to the descriptor\\n")
        if not view.legal:
            return Action.draw() if view.may_draw else Action.pass_()
        return Action.play(view.legal[0])


class Looper:
    def choose(self, view):
        while True:
            pass


class Busy:
    def choose(self, view):
        return sum(range(10 ** 13))  # one call in C: the thread never lets go of the interpreter


class Exits:
    def choose(self, view):
        os._exit(0)


class Weird:
    def choose(self, view):
        class Action:
            def __eq__(self, other):
                raise RuntimeError("eq")
            __hash__ = None

            def __repr__(self):
                raise RuntimeError("repr")
        return Action()


class Unhashable:
    def choose(self, view):
        return ["play", [6, 6]]


class Halves:
    def choose(self, view):
        return ("play", ("6", 6), "", 0)


class LoopsWhenMade:
    def __init__(self):
        while True:
            pass

    def choose(self, view):
        return "pass"
"""


@pytest.fixture
def hostile_bots(tmp_path):
    path = tmp_path / "hostile_bots.py"
    path.write_text(HOSTILE_BOTS, encoding="utf-8")
    return path


def test_a_bots_prints_never_reach_the_report(run, hostile_bots):
    result = run("duel", f"{hostile_bots}:Printer", "greedy", "--matches", "2", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)  # the whole of standard output is the JSON, nothing else
    assert data["forfeits"] == {"a": 0, "b": 0, "reason": ""} and data["matches"] == 2
    assert "hello" not in result.stdout + result.stderr and "descriptor" not in result.stdout + result.stderr


@pytest.mark.parametrize("name, reason", [
    ("Looper", "it did not answer within 0.3 s (--move-time)"),
    ("Busy", "it did not answer within 0.3 s (--move-time)"),
    ("Exits", "its process ended with exit code 0"),
    ("Weird", "not a play, a draw or a pass"),
    ("Unhashable", "it returned ['play', [6, 6]], not a play, a draw or a pass"),
    ("Halves", "not a play, a draw or a pass"),
])
def test_a_bot_that_fails_forfeits_with_its_reason(run, hostile_bots, name, reason):
    """Every failure is a forfeit, never an error of the duel; a player that stops
    answering forfeits every match left without being waited for again: four matches
    cost one time limit, not four."""
    started = time.monotonic()
    result = run("duel", "greedy", f"{hostile_bots}:{name}", "--matches", "4", "--move-time", "0.3", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["forfeits"]["b"] == 4 and data["forfeits"]["a"] == 0 and reason in data["forfeits"]["reason"]
    assert data["a_win_rate"]["mean"] == 1.0
    assert time.monotonic() - started < 10
    text = run("duel", "greedy", f"{hostile_bots}:{name}", "--matches", "2", "--move-time", "0.3", "--lang", "fa")
    assert text.exit_code == 0 and "Traceback" not in text.stdout + text.stderr


def test_a_bot_that_loops_while_it_is_made_is_refused_in_one_line(run, hostile_bots, monkeypatch):
    from fives_tutor.study import outside

    monkeypatch.setattr(outside, "LOAD_TIME", 0.3)  # (5 seconds in use; the same rule, sooner)
    result = run("duel", f"{hostile_bots}:LoopsWhenMade", "greedy", "--matches", "2", "--move-time", "0.3")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"Error: {hostile_bots} failed while loading: it did not load within 0.3 s"]


def test_levels_play_in_the_duels_own_process(run, monkeypatch):
    """Only a player file gets a process: a duel of levels starts none."""
    import subprocess

    def refuse(*args, **kwargs):
        raise AssertionError("a duel of levels started a process")

    monkeypatch.setattr(subprocess, "Popen", refuse)
    assert duel_json(run, "greedy", "expert", "--matches", "2")["matches"] == 2


def test_the_help_says_a_player_file_runs_as_code(run):
    text = " ".join(run("duel", "--help").stdout.split())
    assert "A player file is run as Python code" in text and "--move-time" in text
