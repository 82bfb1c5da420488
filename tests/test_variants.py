"""Variant parameters seen in the wild (issue 14): the lowest double leads, a score that
would pass an exact target bounces back, and the winner's own pips taken off, explained.

Every expected value is worked by hand in a comment beside it, from the sources named
in docs/packs.md, never taken from the code under test.
"""

from __future__ import annotations

import json
import os
import random
from functools import partial

import pytest

from fives_tutor import Tile, load_rules, parse_hand
from fives_tutor.core.game import Hand, Match, Scoreboard, forced_lead, lowest_double_or_tile
from fives_tutor.core.keeper import TableState
from fives_tutor.errors import RulePackError
from fives_tutor.packs.loader import builtin_dir, rules_from_data

T = Tile
EXAMPLES = os.path.join(builtin_dir(), "examples")
LOWEST = os.path.join(EXAMPLES, "lowest-double.yaml")
BOUNCE = os.path.join(EXAMPLES, "fives-and-threes-72.yaml")


def H(text):
    return list(parse_hand(text))


class StackedDeck:
    """Stands in for ``random.Random``: ``shuffle`` lays out ``order`` first (the deal
    gives player 0 its tiles first, then player 1, then the boneyard)."""

    def __init__(self, order):
        self.order = H(order)

    def shuffle(self, tiles):
        tiles[:] = self.order + [t for t in tiles if t not in self.order]

    def randrange(self, stop):
        return 0


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --------------------------------------------------------------------------- the lowest double leads


@pytest.mark.parametrize("hands, player, tile", [
    # doubles 6|6, 4|4 (player 0) and 5|5, 3|3 (player 1): the lowest is 3|3
    (["6|6 4|4 2|1", "5|5 3|3 6|0"], 1, T(3, 3)),
    # 0|0 is the lowest double there is
    (["0|0 6|6", "1|1 5|4"], 0, T(0, 0)),
    # no double: the lightest tile; 2|0 (2 pips) beats 3|1 (4) and 4|2 (6)
    (["6|5 3|1", "4|2 2|0"], 1, T(2, 0)),
    # equal pips (3|0 and 2|1 both weigh 3): the lower higher half, 2|1, leads
    (["3|0 6|5", "2|1 6|4"], 1, T(2, 1)),
    # a double beats any lighter plain tile: 6|6 (12 pips) leads before 1|0 (1 pip)
    (["1|0 5|2", "6|6 4|3"], 1, T(6, 6)),
])
def test_lowest_double_or_lightest_tile(hands, player, tile):
    assert lowest_double_or_tile([H(h) for h in hands]) == (player, tile)
    assert forced_lead("lowest_double", [H(h) for h in hands]) == (player, tile)


def test_forced_lead_under_the_other_rules():
    hands = [H("6|6 4|4 2|1"), H("5|5 3|3 6|0")]
    assert forced_lead("highest_double", hands) == (0, T(6, 6))
    assert forced_lead("by_lot", hands) is None


def test_a_match_under_the_lowest_double_pack_leads_with_it():
    rules = load_rules(LOWEST)
    assert rules.lead.first_hand == "lowest_double"
    # 7 tiles each: player 0 holds 6|6 5|5 1|1, player 1 holds 2|2 4|4; 1|1 is the lowest double
    deck = StackedDeck("6|6 5|5 1|1 6|0 6|1 6|2 6|3  2|2 4|4 5|0 5|1 5|2 5|3 5|4")
    match = Match(rules, 2, rng=deck)
    assert match.hand.leader == 0 and match.hand.lead_tile == T(1, 1)
    assert match.first_leader == 0
    # the hand's only legal lead is that double: a lone 1|1 counts 2, no points
    assert match.hand.options() == [(T(1, 1), -1, 0)]


def test_the_lowest_double_leads_every_hand_when_later_hands_follow_the_first():
    from fives_tutor.study.simulate import greedy

    rules = load_rules(LOWEST)
    assert rules.lead.later_hands == "same_as_first"
    match = Match(rules, 2, seed=3)

    def check_lead(hand):  # a new hand: its lead is the lowest double dealt
        doubles = [t for h in hand.hands for t in h if t.is_double]
        assert doubles  # 14 of 28 tiles dealt: this seed deals a double every hand
        assert hand.lead_tile == min(doubles) and hand.lead_tile in hand.hands[hand.leader]

    check_lead(match.hand)
    seen = 1
    for move in match.moves(greedy, random.Random(0)):
        if move.hand is not match.hand and not match.over:  # the hand ended and the next was dealt
            check_lead(match.hand)
            seen += 1
    assert seen >= 2


# --------------------------------------------------------------------------- overshoot


def board(pack, score, players=2):
    scoreboard = Scoreboard(load_rules(pack), players, range(players))
    scoreboard.scores[0] = score
    return scoreboard


def test_bounce_takes_the_excess_off_the_target():
    # the Amstrad CPC program: "if a player scores higher than 72, the score will be 72
    # minus the number of points above 72"
    scoreboard = board(BOUNCE, 70)
    assert scoreboard.take(0, 5) == -1  # 70 + 5 = 75, 3 above 72: 72 - 3 = 69, one less than 70
    assert scoreboard.scores[0] == 69 and scoreboard.winner is None
    assert scoreboard.take(0, 3) == 3  # 69 + 3 = 72 exactly: the match is won
    assert scoreboard.scores[0] == 72 and scoreboard.winner == 0
    assert scoreboard.take(0, 5) == 0  # nothing is taken after the win


def test_bounce_may_still_raise_the_score():
    scoreboard = board(BOUNCE, 60)
    assert scoreboard.take(0, 14) == 10  # 74 is 2 above 72: 70, ten more than 60
    assert scoreboard.scores[0] == 70


def test_bounce_never_goes_below_zero(tmp_path):
    # target 10: at 9, scoring 15 reaches 24, 14 above 10: 10 - 14 would be -4, so 0
    pack = write(tmp_path, "ten.yaml", f"extends: {BOUNCE}\nrules:\n  match:\n"
                                        "    target: {2: 10, 3: 10, 4: 10}\n")
    scoreboard = board(pack, 9)
    assert scoreboard.take(0, 15) == -9 and scoreboard.scores[0] == 0


def test_not_taken_and_allowed_are_as_before():
    refused = board("fives-and-threes", 58)
    assert refused.take(0, 8) == 0 and refused.scores[0] == 58  # 66 would pass 61
    passing = board("dominos-cc", 140)
    assert passing.take(0, 20) == 20 and passing.scores[0] == 160 and passing.winner == 0


def test_going_out_bounces_together_with_its_point():
    # pagat: the point for chipping out is scored with the last play; under a bounce the
    # two bounce together. p0 at 70 of 72 leads its last tile 6|0: 6 scores 2 (two threes),
    # and chipping out 1: 3 together, one past 72: 72 - 1 = 71
    rules = load_rules(BOUNCE)
    match = Match(rules, 2, seed=0)
    match.hand = Hand(rules, [H("6|0"), H("3|1 2|2")], [], 0, None, match.sides)
    match.scores[:] = [70, 0]
    match.play(T(6, 0), -1)
    assert match.scores[0] == 71 and not match.over
    # the whole change is booked to the play: +1, nothing at the end
    summary = match.history[-1]
    assert summary.play_taken == (1,) and summary.taken_at_end == (0,)


def test_the_scorekeeper_bounces_going_out_too():
    from fives_tutor.table.render import describe_event

    rules = load_rules(BOUNCE)
    state = TableState(rules, ["Ana", "Ben"])
    state.board.scores[:] = [70, 0]
    state.counts[0] = 1
    state.apply({"type": "play", "player": 0, "tile": "6|0", "end": ""})  # 6: two threes, held with going out
    assert state.scores == [70, 0] and state.awaiting == ("domino", 0)
    before = TableState(rules, ["Ana", "Ben"])
    before.board.scores[:] = [70, 0]
    before.counts[0] = 1
    before.apply({"type": "play", "player": 0, "tile": "6|0", "end": ""})
    event = {"type": "hand_end", "pips": [0, 7]}
    state.apply(event)  # 2 + the point for going out = 3, one past 72: back to 71
    assert state.scores == [71, 0]
    lines = describe_event(event, before, state)
    assert any("would pass the target by 1" in line and "back to 71" in line for line in lines), lines


def test_a_bounce_during_a_match_is_booked_as_the_change_of_score():
    rules = load_rules(BOUNCE)
    match = Match(rules, 2, seed=0)
    match.hand = Hand(rules, [H("6|6 0|0"), H("6|3 1|1")], [], 1, None, match.sides)
    match.scores[:] = [70, 0]
    match.play(T(6, 3), -1)  # p1 leads 6|3: 9 scores 3 (three threes)
    match.play(T(6, 6), 0)   # p0: 6|6 crosswise on the 6: 3 + 12 = 15 scores 5 + 3 = 8; 78 is 6 past 72: 66
    assert match.scores == [66, 3]
    assert not match.over


def test_the_scorekeeper_bounces_too_and_says_so():
    from fives_tutor.table.render import describe_event

    rules = load_rules(BOUNCE)

    def table(score):
        state = TableState(rules, ["Ana", "Ben"])
        state.board.scores[:] = [score, 0]
        return state

    play = {"type": "play", "player": 0, "tile": "5|5", "end": ""}
    exact = table(70)
    exact.apply(play)  # a lone 5|5 counts 10: two fives = 2 points; 70 + 2 = 72 exactly: Ana wins
    assert exact.scores == [72, 0] and exact.over
    before, past = table(71), table(71)
    past.apply(play)  # 71 + 2 = 73, one past 72: back to 71
    assert past.scores == [71, 0] and not past.over
    lines = describe_event(play, before, past)
    assert any("would pass the target by 1" in line and "Ana goes back to 71" in line for line in lines), lines


# --------------------------------------------------------------------------- the pack keys


def test_the_older_exact_key_still_reads(tmp_path):
    exact = write(tmp_path, "exact.yaml", "extends: dominos-cc\nrules:\n  match:\n    exact: true\n")
    loose = write(tmp_path, "loose.yaml", "extends: fives-and-threes\nrules:\n  match:\n    exact: false\n")
    assert load_rules(exact).match.overshoot == "not_taken" and load_rules(exact).match.exact
    assert load_rules(loose).match.overshoot == "allowed" and not load_rules(loose).match.exact


def test_a_house_pack_exact_true_overrides_a_bounce_it_extends(tmp_path):
    pack = write(tmp_path, "strict.yaml", f"extends: {BOUNCE}\nrules:\n  match:\n    exact: true\n")
    assert load_rules(pack).match.overshoot == "not_taken"


def test_exact_and_overshoot_together(tmp_path):
    both = write(tmp_path, "both.yaml", "extends: dominos-cc\nrules:\n  match:\n    exact: true\n"
                                        "    overshoot: bounce\n")
    assert load_rules(both).match.overshoot == "bounce"
    clash = write(tmp_path, "clash.yaml", "extends: dominos-cc\nrules:\n  match:\n    exact: false\n"
                                          "    overshoot: bounce\n")
    with pytest.raises(RulePackError) as error:
        load_rules(clash)
    assert "rules.match.exact" in str(error.value) and "rules.match.overshoot" in str(error.value)


@pytest.mark.parametrize("text, key", [
    ("    exact: sometimes\n", "rules.match.exact"),
    ("    overshoot: sometimes\n", "rules.match.overshoot"),
])
def test_bad_overshoot_values_are_refused(tmp_path, text, key):
    pack = write(tmp_path, "bad.yaml", "extends: dominos-cc\nrules:\n  match:\n" + text)
    with pytest.raises(RulePackError) as error:
        load_rules(pack)
    assert key in str(error.value)


def test_lowest_double_is_a_lead_rule_and_others_are_refused(tmp_path):
    good = write(tmp_path, "low.yaml", "extends: dominos-cc\nrules:\n  lead:\n    first_hand: lowest_double\n")
    assert load_rules(good).lead.first_hand == "lowest_double"
    bad = write(tmp_path, "bad.yaml", "extends: dominos-cc\nrules:\n  lead:\n    first_hand: youngest\n")
    with pytest.raises(RulePackError) as error:
        load_rules(bad)
    assert "highest_double, lowest_double, by_lot" in str(error.value)


def test_a_house_pack_over_an_installed_built_in_pack(monkeypatch):
    # an installed wheel reads a built-in pack from its JSON copy, whose player counts are
    # strings ("2"); the house pack's YAML writes them as numbers (2): one count, not two
    from fives_tutor.packs import loader as packs

    read = packs._read

    def as_installed(path):
        data = read(path)
        return json.loads(json.dumps(data)) if os.path.basename(path) == "dominos-cc.yaml" else data

    monkeypatch.setattr(packs, "_read", as_installed)
    packs._load_resolved.cache_clear()
    try:
        house = packs._load_resolved(os.path.realpath(os.path.join(EXAMPLES, "house-rules.yaml")))
    finally:
        packs._load_resolved.cache_clear()
    assert dict(house.match.target) == {2: 100, 3: 100, 4: 100}
    assert dict(house.players.hand_size) == {2: 7, 3: 6, 4: 5}


def test_saved_pack_data_with_the_older_key_still_loads():
    from fives_tutor.packs.loader import load_pack_data

    data, _path = load_pack_data("fives-and-threes")
    saved = json.loads(json.dumps(data))
    saved["rules"]["match"] = {"target": saved["rules"]["match"]["target"], "exact": True}
    assert rules_from_data(saved).match.overshoot == "not_taken"


# --------------------------------------------------------------------------- in words


def rows(pack):
    from fives_tutor.render.describe import describe

    return {row.key: row.value for row in describe(load_rules(pack))}


def test_rules_show_explains_the_new_parameters():
    lowest = rows(LOWEST)
    assert lowest["rules.lead.first_hand"] == ("the holder of the lowest double leads it (with no double, the "
                                               "lightest tile)")
    # subtract: an opponent's 13 pips count 15; the winner's own 4 pips come off: 10 instead of 15
    assert lowest["rules.hand_end.subtract_winner_pips"] == (
        "yes: a winner still holding 4 pips against an opponent's 13 collects 10 instead of 15")
    assert rows("dominos-cc")["rules.hand_end.subtract_winner_pips"] == "no"
    # bounce at 72: two short is 70; 70 + 5 = 75, 3 too many: 72 - 3 = 69
    assert rows(BOUNCE)["rules.match.overshoot"] == (
        "yes, and a score that would pass the target bounces back by the excess: at 70 of 72, scoring 5 leaves 69; "
        "the play that goes out and the points for going out count as one score")
    assert rows("fives-and-threes")["rules.match.overshoot"] == (
        "a score that would pass the target is not taken; the play that goes out and the points for going out "
        "count as one score")
    assert rows("dominos-cc")["rules.match.overshoot"] == "no: reaching or passing the target wins"


def test_compare_explains_what_the_example_packs_change(run):
    data = json.loads(run("rules", "compare", "dominos-cc", LOWEST, "--json").stdout)
    keys = {d["key"] for d in data["differences"]}
    assert keys == {"rules.players.hand_size", "rules.lead.first_hand", "rules.hand_end.subtract_winner_pips"}
    data = json.loads(run("rules", "compare", "fives-and-threes", BOUNCE, "--json").stdout)
    assert {d["key"] for d in data["differences"]} == {"rules.match.target", "rules.match.overshoot"}


def test_the_table_names_the_lowest_double_rule():
    from fives_tutor.table.render import turn_line

    state = TableState(load_rules(LOWEST), ["Ana", "Ben"])
    assert "the holder of the lowest double leads it" in turn_line(state)


# --------------------------------------------------------------------------- lessons


def step_of(pack, lesson_id, number):
    from fives_tutor.tutor.lessons import load_lessons

    lesson = next(lesson for lesson in load_lessons(load_rules(pack), "en") if lesson.id == lesson_id)
    return lesson.steps[number - 1]


def test_lesson_questions_on_the_new_rules():
    from fives_tutor.tutor.lessons import check_reply, engine_answer

    rules = load_rules(LOWEST)
    lead = step_of(LOWEST, "lead", 2)  # the lowest double of 6|6 4|4 2|1 and 5|5 3|3 6|0 is 3|3
    assert engine_answer(lead, rules).value == frozenset({T(3, 3)})
    assert check_reply(lead, rules, "3-3") and not check_reply(lead, rules, "4|4")
    collect = step_of(LOWEST, "hand-end", 2)  # 15 pips less the winner's 5|0: 10
    assert engine_answer(collect, rules).value == 10
    bounce_rules = load_rules(BOUNCE)
    bounce = step_of(BOUNCE, "match", 3)  # 70 + 5 = 75 is 3 past 72: 69
    assert engine_answer(bounce, bounce_rules).value == 69
    assert check_reply(bounce, bounce_rules, "۶۹")


@pytest.mark.parametrize("pack", [LOWEST, BOUNCE])
def test_example_pack_lessons_have_no_problems_in_any_language(pack):
    from lesson_checks import problems

    assert problems(load_rules(pack)) == []


def example_lesson_texts(code):
    """``(where, text)`` for the title, text and hint of every step of the example packs' lessons."""
    import yaml

    folder = os.path.join(EXAMPLES, "lessons")
    for name in sorted(os.listdir(folder)):
        if name.endswith(f".{code}.yaml"):
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                data = yaml.safe_load(handle)
            for lesson in data["lessons"]:
                yield f"{name} {lesson['id']} title", lesson["title"]
                for number, step in enumerate(lesson["steps"], start=1):
                    for key in ("text", "hint"):
                        if step.get(key):
                            yield f"{name} {lesson['id']} step {number} {key}", step[key]


@pytest.mark.parametrize("code", ["tl", "id", "nl", "fa"])
def test_example_lessons_use_the_glossary_words(code):
    from translation_checks import english_terms

    found = [(where, terms) for where, text in example_lesson_texts(code) if (terms := english_terms(text, code))]
    assert not found


def test_persian_example_lessons_mark_every_left_to_right_run():
    import re

    from translation_checks import unmarked_runs

    from fives_tutor.text.bidi import localize_runs

    digits = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
    texts = list(example_lesson_texts("fa"))
    assert any(re.search(r"\u200e\d\|\d\u200e", text) for _where, text in texts)  # tiles are there, marked
    found = [(where, runs) for where, text in texts
             if (runs := unmarked_runs(text, lambda t: localize_runs(t, lambda part: part.translate(digits))))]
    assert not found
    for where, text in texts:  # prose numbers in Persian digits: ASCII digits only inside marked tiles
        assert not re.search(r"[0-9]", re.sub(r"\u200e\d\|\d\u200e", "", text)), where


# --------------------------------------------------------------------------- the simulator


def reference_records(rules, players, seed, matches):
    """Every match of a run played on the game state machine by greedy players, as
    ``(first leader's side, scores, winner, [(leader, points each play added, end)])``."""
    from fives_tutor.study.simulate import greedy

    found = []
    for index in range(matches):
        match = Match(rules, players, rng=random.Random(f"{seed}:{index}"))
        match.play_out(partial(greedy, board=match.board), random.Random(f"{seed}:{index}:players"))
        hands = [(h.leader, tuple(h.play_taken), h.result.kind if h.result else None) for h in match.history]
        found.append((match.sides[match.first_leader], tuple(match.scores), match.winner, hands))
    return found


@pytest.mark.parametrize("pack, players", [(LOWEST, 2), (LOWEST, 4), (BOUNCE, 2), (BOUNCE, 3)])
def test_the_simulator_plays_the_new_variants_as_the_state_machine_does(pack, players):
    # whatever loop the simulator runs on (a faster one may replace the state machine), it
    # must lead with the lowest double and bounce the scores exactly as game.Match does
    from fives_tutor.study.simulate import run

    rules = load_rules(pack)
    expected = reference_records(rules, players, "variants", 40)
    records = run(rules.path, players, "variants", 40)
    got = [(r.first_leader_side, r.scores, r.winner,
            [(h.leader, tuple(h.play_points), h.end) for h in r.hand_records]) for r in records]
    assert got == expected
    if rules.match.overshoot == "bounce":
        assert any(points < 0 for r in records for h in r.hand_records for points in h.play_points)


def test_a_forced_lead_names_the_packs_own_lead_rule(run):
    """Under the lowest-double pack the holder of the lowest double leads it: holding
    1|1, 2|2 and 6|6, the lead is 1|1, and the reason names the lowest double (the
    explanation used to name the highest double under every pack)."""
    pack = LOWEST
    moves = run("moves", "-", "--hand", "5|3 6|6 4|1 2|2 0|3 6|5 1|1", "--rules", pack)
    assert moves.exit_code == 0, moves.stderr
    assert "1. 1|1 → 1|1*" in moves.stdout and "lowest double leads it" in moves.stdout
    assert "highest" not in moves.stdout
    best = run("best", "-", "--hand", "5|3 6|6 4|1 2|2 0|3 6|5 1|1", "--rules", pack, "--samples", "5")
    assert best.exit_code == 0, best.stderr
    assert "lowest double leads it" in best.stdout and "highest" not in best.stdout
