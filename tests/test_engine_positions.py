"""Positions where the right play is found only by reading the history, by looking past the
next reply, or by playing for the match; and the lead rule on the empty table (issue 9).

Every expected play is worked out by hand in the comments, from the packs' rules:
dominos-cc (the first double spins, 150 to win, each opponent's pips rounded to five),
fives-and-threes (no spinner, a player who cannot play knocks, multiples of 5 and 3
score one point per five or three, 61 exactly).
"""

from __future__ import annotations

import json

import pytest

from fives_tutor import load_rules
from fives_tutor.core.position import Position
from fives_tutor.core.tiles import domino_set, parse_hand
from fives_tutor.engine import Situation, rank, resolve_level
from fives_tutor.engine.history import parse_history
from fives_tutor.engine.replay import replay

# --- reading the history: a knock shows a void ---------------------------------------------

# Fives and Threes. 1 leads 6|6 (a crosswise double, 12: 4 points); 2 knocks: player 2
# holds no 6. 1 plays 6|1 on it (1 and 6|6: 13, nothing); 2 plays 1|3 on the 1 (3 and
# 6|6: 15, 8 points). Player 1 now holds 6|2 4|4 4|0 5|3 4|3; player 2 holds six tiles.
#
# * 3|4 on the 3 leaves 4 and 6|6 (16, nothing). Player 2 holds no 6, so they can
#   answer only on the 4: 4|y makes 12 + y, and 4|4 makes 8 + 12 = 20. Only y = 0 (12:
#   4 points) and y = 3 (15: 8 points) would score, and 4|0, 4|3 and 4|4 are all in my
#   hand: no tile they can hold scores. And my three 4s keep the 4 end mine.
# * Without the knock, two unseen tiles would score against 3|4: 6|4 on the 4 (6 and 6|6:
#   18, 6 points) and 6|5 on the 6|6 (4 and 5: 9, 3 points); the other 6s make 4, 7 or
#   8 there (6|0, 6|3, 6|4), and 6|2 is mine, 6|1 played. Then 6|2 on the 6|6 (3 and 2:
#   5, 1 point now) looks better.
KNOCK_HISTORY = "1 leads 6|6\n2 knocks\n1 plays 6|1\n2 plays 1|3\n"
KNOCK_HAND = "6|2 4|4 4|0 5|3 4|3"


def test_a_knock_in_the_history_decides_the_play():
    rules = load_rules("fives-and-threes")
    history = parse_history(KNOCK_HISTORY, rules, 2)
    table = replay(history, rules)
    assert str(table.position) == "3 6|6" and table.counts == (5, 6)
    informed = Situation.from_history(history, parse_hand(KNOCK_HAND), rules)
    assert informed.voids == (frozenset({6}),)
    # the next player's reply after 3|4, worked above: nothing can score
    defensive = {r.play.notation: r for r in rank(informed, "defensive")}
    assert defensive["3|4@3"].scoring_replies == 0 and defensive["3|4@3"].reply == 0
    uninformed = Situation.build(table.layout, parse_hand(KNOCK_HAND), rules, table.played, opponents=[6])
    defensive = {r.play.notation: r for r in rank(uninformed, "defensive")}
    assert defensive["3|4@3"].scoring_replies == 2  # 6|4 on the 4, 6|5 on the 6|6
    # the default level, with and without what the knock showed
    best = rank(informed, "auto", samples=300, seed=1)[0].play.notation
    assert resolve_level(informed, "auto") == "monte-carlo"
    assert best == "3|4@3"
    assert rank(uninformed, "auto", samples=300, seed=1)[0].play.notation != "3|4@3"


def test_fives_best_says_what_the_knock_showed(run, tmp_path):
    path = tmp_path / "hand.txt"
    path.write_text(KNOCK_HISTORY, encoding="utf-8")
    result = run("best", "--history", str(path), "--hand", KNOCK_HAND, "--rules", "fives-and-threes",
                 "--samples", "300", "--seed", "1")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Best play: 3|4@3")
    assert "From the history: the next player passed on 6." in result.stdout


# --- looking past the next reply ---------------------------------------------------------------

# Dominos-cc, two players, nothing left to draw, every tile known. The ends are 4 4 1 5*
# (9; the spinner 5|5 has an arm open). I hold 1|0 2|1 3|2, the opponent 6|1 5|0 6|2.
# * 2|1 on the 1 leaves 4 4 2 5* = 10: 10 points now, and the next player can reply for
#   nothing better than 0 (6|2 on the 2: 14; 5|0 on the arm: 10 would score 10, but the
#   opponent's best line is): 6|2 on the 2 (4 4 6 5*, 14). I hold 1|0 and 3|2: nothing
#   fits, I pass. They play 5|0 on the arm (4 4 6 0, 14), I play 1|0 on the 0 (4 4 6 1:
#   15, 15 points), they go out with 6|1 on the 1 (4 4 6 6: 20, 20 points) and collect my
#   3|2 (5 pips, counts 5). 10 - 0 + 15 - 20 - 5 = 0.
# * 1|0 on the 1 leaves 4 4 0 5* = 8: nothing now. Their only tile that fits is 5|0 (on the
#   0 or the arm), for nothing. Then neither of us can play: the hand is blocked, I hold 8
#   pips (2|1 3|2) and they 15 (6|1 6|2), so I collect 15. Value +15.
# Greedy and the one-reply look (defensive) both take the 10 now.
def test_looking_past_the_next_reply():
    rules = load_rules("dominos-cc")
    mine, theirs = parse_hand("1|0 2|1 3|2"), parse_hand("6|1 5|0 6|2")
    played = [t for t in domino_set(6) if t not in mine and t not in theirs]
    situation = Situation.build(Position.parse("4 4 1 5*", rules), mine, rules, played, opponents=[3])
    assert rank(situation, "greedy")[0].play.notation == "1|2@1"
    assert rank(situation, "defensive")[0].play.notation == "1|2@1"
    ranked = rank(situation, "auto")
    assert [(r.play.notation, r.value) for r in ranked] == [("1|0@1", 15), ("1|2@1", 0)]
    assert all(r.proven for r in ranked)


# --- playing for the match near the target -------------------------------------------------------

# Dominos-cc, every tile known. The ends are 2 6|6 2 5 (a crosswise 6|6 at one end: 2 +
# 12 + 2 + 5 = 21). I hold 5|3 and 2|1, the opponent 5|1 and 1|0.
# * For the hand alone 5|3 on the 5 is best: 2 6|6 2 3 (19, nothing); they hold no 2, 3
#   or 6 and pass; I go out with 2|1 (1 6|6 2 3: 18, nothing) and collect 5|1 1|0 (7 pips,
#   counting 5): +5.
# * 2|1 on a 2 scores 20 now (1 6|6 2 5: 20), but they answer 5|1 on the 5 (1 6|6 2 1: 16);
#   I cannot play 5|3 and pass; they go out with 1|0 on a 1 (0 6|6 2 1: 15, 15 points)
#   and collect my 5|3 (8 pips, counting 10): 20 - 15 - 10 = -5.
# At 130 to 145 (target 150), 2|1 takes me to 150 at once: the match. After 5|3 the
# match goes on with the opponent 5 points short.
def test_playing_for_the_match_near_the_target():
    rules = load_rules("dominos-cc")
    mine, theirs = parse_hand("5|3 2|1"), parse_hand("5|1 1|0")
    played = [t for t in domino_set(6) if t not in mine and t not in theirs]
    position = Position.parse("2 6|6 2 5", rules)
    hand_only = Situation.build(position, mine, rules, played, opponents=[2])
    assert [(r.play.notation, r.value) for r in rank(hand_only, "auto")] == [("5|3@5", 5), ("2|1@2", -5)]
    for_the_match = Situation.build(position, mine, rules, played, opponents=[2], scores=[130, 145])
    assert resolve_level(for_the_match, "auto") == "monte-carlo"
    ranked = rank(for_the_match, "auto", samples=20, seed=2)
    assert ranked[0].play.notation == "2|1@2"
    assert ranked[0].value > ranked[1].value + 100


# --- the lead on the empty table (issue 9) ------------------------------------------------------

LEAD_HAND = "5|3 6|6 4|1 2|2 0|3 6|5 1|1"


def test_best_leads_the_highest_double_and_says_the_rule_forces_it(run):
    # dominos-cc: the holder of the highest double leads it. 4|1 would score 5, but
    # whoever leads holds the highest double dealt: 6|6 here.
    result = run("best", "-", "--hand", LEAD_HAND, "--samples", "10")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Best play: 6|6 → 6|6*")
    assert "the lead rule leaves no choice" in result.stdout
    assert "Other plays" not in result.stdout
    data = json.loads(run("best", "-", "--hand", LEAD_HAND, "--samples", "10", "--json").stdout)
    assert [m["play"] for m in data["moves"]] == ["6|6"]
    assert data["best"]["forced"] is True and data["lead"] == "first"


def test_moves_offers_only_the_allowed_leads(run):
    result = run("moves", "-", "--hand", LEAD_HAND, "--json")
    assert [m["play"] for m in json.loads(result.stdout)["moves"]] == ["6|6"]
    assert "The lead rule leaves no choice" in run("moves", "-", "--hand", LEAD_HAND).stdout
    # no double: the heaviest tile leads (6|5: 11 pips)
    result = run("moves", "-", "--hand", "5|3 6|5 4|1 0|3", "--json")
    assert [m["play"] for m in json.loads(result.stdout)["moves"]] == ["6|5"]
    # pagat.com: the lead is any tile of the leader's hand
    result = run("moves", "-", "--hand", LEAD_HAND, "--rules", "pagat-all-fives", "--json")
    assert len(json.loads(result.stdout)["moves"]) == 7


HOUSE_LEAD = """id: later-lead-house
extends: dominos-cc
name:
  en: Dominos.cc, later hands led by whoever went out
rules:
  lead:
    later_hands: previous_domino
"""


@pytest.mark.parametrize("pack, lead, count", [
    ("dominos-cc", "later", 1),  # later hands lead as the first one
    ("muggins", "first", 1),  # Foster: the highest double sets
    ("house", "first", 1),  # the first hand: the highest double
    ("house", "later", 7),  # later: whoever went out leads any tile
    ("fives-and-threes", "first", 7),  # by lot, then to the left: any tile
])
def test_the_lead_option_names_the_hand_of_the_match(run, tmp_path, pack, lead, count):
    if pack == "house":
        path = tmp_path / "later-lead-house.yaml"
        path.write_text(HOUSE_LEAD, encoding="utf-8")
        pack = str(path)
    for command in ("moves", "best"):
        args = [command, "-", "--hand", LEAD_HAND, "--rules", pack, "--lead", lead, "--json"]
        if command == "best":
            args += ["--level", "greedy"]
        data = json.loads(run(*args).stdout)
        assert len(data["moves"]) == count and data["lead"] == lead


def test_the_playouts_lead_as_the_game_does(monkeypatch):
    """On the empty table the search has only the allowed lead to value, and in its
    playouts the player who leads a new hand is dealt by the same rule as the game
    (checked play for play in tests/test_fast.py)."""
    rules = load_rules("dominos-cc")
    situation = Situation.build(Position(), parse_hand(LEAD_HAND), rules)
    ranked = rank(situation, "monte-carlo", samples=5)
    assert [r.play.notation for r in ranked] == ["6|6"] and ranked[0].forced


def test_best_help_describes_the_default_level(run):
    from fives_tutor.engine.names import DEFAULT_LEVEL, DEFAULT_SAMPLES

    text = " ".join(run("best", "--help").stdout.split())
    assert DEFAULT_LEVEL == "auto"
    assert "By default (level auto) it deals the tiles you cannot see many times" in text
    assert "values each play by its points now minus what the next player" not in text
    assert f"default: the engine's budget, {DEFAULT_SAMPLES}" in text
