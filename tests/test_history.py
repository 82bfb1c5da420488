"""A hand's history (fives_tutor.engine.history): the line format, the replay, and what the
history shows about the hidden hands, checked against enumeration.

The inference is checked against a brute force that shares no code with it: every way
the tiles of a small set could have been dealt and stacked in the boneyard is played
through the recorded events, keeping the worlds in which every event could happen (a
play of a tile the player held, a draw only by a player with nothing to play, a pass
only with nothing to play and nothing to draw, the lead by the holder of the highest
double), and the opponent's hand at the end is tallied. The engine's weights must give
exactly the same distribution.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations
from types import MappingProxyType

import pytest
from reference_solvers import brute_weight, enumerate_deals

from fives_tutor import load_rules
from fives_tutor.core.game import Hand, heaviest_double_or_tile
from fives_tutor.core.rules import PlayerRules
from fives_tutor.core.tiles import domino_set, parse_hand
from fives_tutor.engine import Situation, rank
from fives_tutor.engine.history import Event, History, HistoryError, format_history, parse_history
from fives_tutor.engine.knowledge import Knowledge, Played, Record, Slot
from fives_tutor.engine.replay import from_keeper, replay
from fives_tutor.errors import IllegalPlayError

CC = load_rules("dominos-cc")


def T(text):
    return parse_hand(text)[0]


# --- the line format ---------------------------------------------------------------------------


def test_history_round_trips_and_replays():
    text = "players 2\n1 leads 6|6\n2 plays 6|3\n1 plays 6|5@6*\n2 draws 2\n2 plays 5|3@5\n"
    history = parse_history(text, CC)
    assert history.players == 2
    assert history.events[0] == Event("play", 0, T("6|6"), "")
    assert history.events[3] == Event("draw", 1, count=2)
    assert parse_history(format_history(history), CC).events == history.events
    table = replay(history, CC)
    # 6|6 leads (spinner, arms open at once); 6|3 on it; 6|5 on an arm; 5|3 on the 5
    assert str(table.position) == "3 6|6* 3 6*"
    assert table.counts == (5, 7)  # 7 - 2 plays; 7 - 2 plays + 2 drawn
    assert table.boneyard == 12 and table.turn == 0 and table.leader == 0


def test_history_accepts_comments_knocks_and_persian_digits():
    history = parse_history("# a hand\n۱ leads 6|6   # the highest double\n2 draws\n", CC)
    assert history.events == (Event("play", 0, T("6|6")), Event("draw", 1, count=1))
    knock = parse_history("1 knocks", load_rules("fives-and-threes"), 2)
    assert knock.events == (Event("pass", 0),)


@pytest.mark.parametrize("text, line, words", [
    ("1 leads 6|6\n2 jumps", 2, "expected PLAYER leads TILE"),
    ("1 leads 6|6\n5 plays 6|1", 2, "there is no player 5"),
    ("1 leads 6|x", 1, "bad tile"),
    ("1 leads 6|6\n2 leads 6|1", 2, "only the first play of the hand is the lead"),
    ("1 leads 6|6\n1 plays 6|1", 2, "it is 2's turn"),  # turn order
    ("1 leads 6|6\n2 plays 5|1", 2, "5|1 fits no open end"),
    ("1 leads 6|6\n2 passes", 2, "must draw while the boneyard has tiles"),
    ("1 leads 6|6\n2 draws 15", 2, "the boneyard has only 14 tiles to draw"),
    ("1 leads 6|6\n2 plays 6|6", 2, "already on the table"),
    ("players 9", 1, "not 9"),
    ("players " + "9" * 5000, 1, "this rule pack is for 2 to 4 players, not 9999"),
    ("players " + "0" * 5000 + "3\n4 leads 6|6", 2, "there is no player 4"),  # zero-padded: 3 players
    # the real bound: the boneyard of two players holds 14 tiles (28 less 7 each)
    ("1 leads 6|6\n2 draws " + "1" * 5000, 2, "the boneyard has only 14 tiles to draw"),
    ("1 leads 6|6\n2 draws 999", 2, "the boneyard has only 14 tiles to draw"),
    ("1 leads 6|6\n2 draws 0", 2, "draw at least one tile"),
    ("1 leads 6|6\n2 draws some", 2, "after 'draws' write how many tiles, such as: 2 draws 3"),
])
def test_bad_histories_name_the_line(text, line, words):
    with pytest.raises(HistoryError) as caught:
        replay(parse_history(text, CC), CC)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"history line {line}: ") and words in str(caught.value), str(caught.value)


def test_history_from_the_scorekeepers_journal():
    events = [{"type": "play", "player": 0, "tile": "6|6", "end": ""},
              {"type": "play", "player": 1, "tile": "6|3", "end": ""},
              {"type": "play", "player": 0, "tile": "6|5", "end": "6*"},
              {"type": "draw", "player": 1, "count": 2},
              {"type": "play", "player": 1, "tile": "5|2", "end": ""},
              {"type": "play", "player": 0, "tile": "4|4", "end": ""},  # undone below
              {"type": "undo"}]
    history = from_keeper(CC, ["Ana", "Ben"], None, events)
    assert history.players == 2 and len(history.events) == 5
    assert format_history(history).splitlines() == ["players 2", "1 leads 6|6", "2 plays 6|3@6|6*", "1 plays 6|5@6*",
                                                    "2 draws 2", "2 plays 5|2@5"]
    assert str(replay(history, CC).position) == "3 6|6* 2 6*"


def test_fives_best_reads_a_history_and_says_what_it_inferred(run, tmp_path):
    path = tmp_path / "hand.txt"
    path.write_text("1 leads 6|6\n2 plays 6|3\n1 plays 6|5@6*\n2 draws 2\n2 plays 5|3@5\n", encoding="utf-8")
    result = run("best", "--history", str(path), "--hand", "6|4 5|5 2|1 0|0 4|3", "--samples", "20")
    assert result.exit_code == 0, result.stderr
    # the next player drew with 3, 5 and 6 open (the ends 3 6|6* 5 6*)
    assert "From the history: the next player drew 2 tiles on 3, 5 and 6." in result.stdout
    data = json.loads(run("best", "--history", str(path), "--hand", "6|4 5|5 2|1 0|0 4|3", "--samples", "20",
                          "--json").stdout)
    assert data["position"] == "3 6|6* 3 6*"
    assert data["inferred"] == [{"player": 1, "kind": "drew", "numbers": [3, 5, 6], "count": 2, "tile": None}]
    wrong = run("best", "--history", str(path), "--hand", "6|4 5|5 2|1")
    assert wrong.exit_code == 2 and "holds 5 tiles, not 3" in wrong.stderr
    bad = tmp_path / "bad.txt"
    bad.write_text("1 leads 6|6\n2 plays 1|1\n", encoding="utf-8")
    result = run("best", "--history", str(bad), "--hand", "6|4 5|5 2|1 0|0 4|3 1|0")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and "history line 2" in result.stderr


def test_a_pass_is_read_as_a_void():
    # Fives and Threes: nobody draws, a player who cannot play knocks. 1 leads 5|3, 2 plays
    # 3|2 on the 3, 1 plays 5|5 on the 5 (crosswise: the ends are 5|5 and 2), and 2 knocks:
    # player 2 holds no 5 and no 2.
    rules = load_rules("fives-and-threes")
    history = parse_history("1 leads 5|3\n2 plays 3|2\n1 plays 5|5\n2 passes\n", rules, 2)
    table = replay(history, rules)
    assert str(table.position) == "5|5 2" and table.turn == 0
    situation = Situation.from_history(history, parse_hand("6|2 4|1 6|0 1|1 2|2"), rules)
    assert situation.voids[0] == frozenset({2, 5})
    assert [(s.player, s.kind, s.numbers) for s in situation.shown] == [(1, "passed", (2, 5))]
    known = situation.knowledge()
    assert not known.allowed(0, T("5|0")) and not known.allowed(0, T("2|1")) and known.allowed(0, T("6|6"))


# --- what a draw shows, worked by hand ------------------------------------------------------------


def test_a_draw_shows_the_dealt_tiles_and_the_tiles_drawn_past():
    """1 leads 4|4 (the highest double dealt, so nobody was dealt 5|5 or 6|6); 2 has no 4,
    draws three tiles and plays the third, 4|1, on the lead. So 2's seven dealt tiles and
    the first two tiles drawn have no 4; the third drawn is the 4|1 just played. Every 4
    player 2 might hold is ruled out; 5|5 and 6|6 are possible, drawn."""
    history = parse_history("1 leads 4|4\n2 draws 3\n2 plays 4|1\n", CC)
    mine = parse_hand("6|5 6|2 5|2 2|0 1|0 3|3")
    situation = Situation.from_history(history, mine, CC)
    known = situation.knowledge()
    record = known.records[0]
    # the deal (7 tiles, no 4, not 5|5 or 6|6), the two tiles drawn past (no 4), the one that fitted
    assert record.slots == (Slot(7, frozenset({4}), frozenset({T("6|6"), T("5|5")})), Slot(2, frozenset({4})),
                            Slot(1, frozenset()))
    assert record.played == (Played(T("4|1"), 2, 2),)
    # 20 unseen tiles; player 2 holds 9. A hand with a 4 cannot be theirs; 6|6 and 5|5 can,
    # but only as the two tiles drawn past (the deal had neither)
    with_a_four = parse_hand("4|3 6|3 6|1 6|0 5|3 5|1 5|0 3|2 2|1")
    both_doubles = parse_hand("6|6 5|5 6|3 6|1 6|0 5|3 5|1 5|0 3|2")
    one_double = parse_hand("6|6 2|2 6|3 6|1 6|0 5|3 5|1 5|0 3|2")
    assert known.weight([list(with_a_four)]) == 0
    # the deal: 7 of the other 7 tiles (1 way); drawn past: 6|6 and 5|5 (1 way)
    assert known.weight([list(both_doubles)]) == 1 == brute_weight(known, [list(both_doubles)])
    # 6|6 drawn, with one of the other 8 (8 ways)
    assert known.weight([list(one_double)]) == 8 == brute_weight(known, [list(one_double)])
    assert [(s.player, s.kind, s.numbers, s.count) for s in situation.shown][-1] == (1, "drew", (4,), 3)


def test_a_later_draw_brings_numbers_back():
    """An opponent holds two tiles: one from the deal, held when they passed on 6 (so not
    a 6), and one drawn after that pass (so anything, a 6 included)."""
    known = Knowledge(parse_hand("6|5 6|6 2|1 3|0"), (2,), (frozenset(),),
                      (Record((Slot(1, frozenset({6})), Slot(1, frozenset()))),))
    weights = {hands[0]: known.weight([list(hands[0])]) for hands, _ in enumerate_deals(known)}
    assert weights[frozenset(parse_hand("6|5 6|6"))] == 0  # both have a 6: the dealt one cannot
    assert weights[frozenset(parse_hand("6|6 2|1"))] == 1  # 2|1 dealt, 6|6 drawn
    assert weights[frozenset(parse_hand("2|1 3|0"))] == 2  # either way round
    assert known.ways() == sum(weights.values()) == 6
    # the six pairs: 6|5+6|6 (0), 6|5+2|1 (1), 6|5+3|0 (1), 6|6+2|1 (1), 6|6+3|0 (1), 2|1+3|0 (2)
    assert sorted(weights.values()) == [0, 1, 1, 1, 1, 2]


# --- the sampler against enumeration under history constraints ---------------------------------


def random_record_case(seed: int) -> Knowledge:
    """A small knowledge with draw groups and played tiles, consistent by construction."""
    rng = random.Random(seed)
    tiles = list(domino_set(4))
    rng.shuffle(tiles)
    opponents = rng.randint(1, 2)
    records, counts, voids = [], [], []
    pool = tiles[:]
    for _ in range(opponents):
        slots = []
        played = []
        capacity_total = 0
        count = rng.randint(1, 3)
        # as a history makes them: each slot's void holds the next one's (later draws are
        # constrained by fewer events); only the deal may rule out single tiles
        voids_nested = [frozenset()]
        for _ in range(count - 1):
            voids_nested.insert(0, voids_nested[0] | frozenset(rng.sample(range(5), rng.randint(0, 2))))
        for index in range(count):
            capacity = rng.randint(1, 2)
            slots.append(Slot(capacity, voids_nested[index], frozenset(rng.sample(tiles, 2)) if index == 0
                              else frozenset()))
            capacity_total += capacity
        for _ in range(rng.randint(0, min(2, capacity_total - 1))):
            tile = pool.pop()
            first = rng.randrange(len(slots))
            played.append(Played(tile, first, rng.randrange(first, len(slots))))
        records.append(Record(tuple(slots), tuple(played)))
        counts.append(capacity_total - len(played))
        voids.append(frozenset())
    unseen = tuple(pool[:sum(counts) + rng.randint(0, 3)])
    return Knowledge(unseen, tuple(counts), tuple(voids), tuple(records))


@pytest.mark.parametrize("seed", range(25))
def test_weights_and_sampler_against_brute_force(seed):
    known = random_record_case(seed)
    deals = list(enumerate_deals(known))
    brute = {hands + (boneyard,): brute_weight(known, [list(h) for h in hands]) for hands, boneyard in deals}
    total = sum(brute.values())
    assert known.ways() == total
    for (hands_boneyard, weight) in brute.items():
        assert known.weight([list(h) for h in hands_boneyard[:-1]]) == weight
    if total == 0:
        with pytest.raises(IllegalPlayError):
            known.sample(random.Random(seed))
        return
    rng = random.Random(seed)
    seen = Counter()
    draws = 3000
    for _ in range(draws):
        hands, boneyard = known.sample(rng)
        key = tuple(frozenset(h) for h in hands) + (frozenset(boneyard),)
        assert brute[key] > 0
        seen[key] += 1
    # every deal with weight is reached about as often as its weight says (a generous bound)
    for key, weight in brute.items():
        expected = draws * weight / total
        assert abs(seen[key] - expected) <= 5 * expected ** 0.5 + 3, (key, seen[key], expected)


# --- the inference against every world of a small set ----------------------------------------------

SMALL = CC._replace(max_pips=3, players=PlayerRules(2, 2, MappingProxyType({2: 3}), False))


def _fits(hand, ends):
    return any(e.pips in tile for tile in hand for e in ends)


def world_history(seed: int):
    """A hand of the small set played at random on the game's state machine, stopped at
    a random moment when player 1 is to move: the events, player 1's hand then."""
    rng = random.Random(seed)
    while True:
        tiles = list(domino_set(3))
        rng.shuffle(tiles)
        hands, boneyard = [tiles[:3], tiles[3:6]], tiles[6:]
        leader, lead = heaviest_double_or_tile(hands)
        hand = Hand(SMALL, [list(h) for h in hands], list(boneyard), leader, lead)
        events = []
        stops = []
        while not hand.over:
            if hand.turn == 0 and events:
                stops.append((list(events), list(hand.hands[0])))
            options = hand.options()
            if not options and hand.can_draw():
                hand.draw()
                events.append(Event("draw", hand.turn, count=1))
                continue
            if options:
                tile, index, _ = rng.choice(options)
                before = hand.position
                hand.play(tile, index)
                from fives_tutor.core.plays import _end_label

                events.append(Event("play", (hand.turn - 1) % 2 if not hand.over else hand.plays[-1].player, tile,
                                    "" if index < 0 else _end_label(before, index)))
            else:
                events.append(Event("pass", hand.turn))
                hand.pass_turn()
        draws = [s for s in stops if any(e.kind != "play" for e in s[0])]
        if draws:
            return rng.choice(draws)


def posterior_by_enumeration(events, mine_now):
    """Player 2's hand at the end, over every world (deal and boneyard order) in which the
    events could all happen and player 1 ends with ``mine_now``."""
    tiles = list(domino_set(3))
    tally = Counter()
    for first in combinations(tiles, 3):
        rest = [t for t in tiles if t not in first]
        for second in combinations(rest, 3):
            stack = [t for t in rest if t not in second]
            for order in permutations(stack):
                hands = [set(first), set(second)]
                boneyard = list(order)
                if _consistent(events, hands, boneyard) and hands[0] == set(mine_now):
                    tally[frozenset(hands[1])] += 1
    return tally


def _consistent(events, hands, boneyard) -> bool:
    from fives_tutor.core.plays import parse_play
    from fives_tutor.core.position import Position

    leader, lead = heaviest_double_or_tile([sorted(h) for h in hands])
    position = Position()
    for event in events:
        p = event.player
        if event.kind == "play":
            if event.tile not in hands[p]:
                return False
            if position.is_empty and (p != leader or event.tile != lead):
                return False
            text = f"{event.tile}@{event.end}" if event.end else str(event.tile)
            position = parse_play(text, position, SMALL).after
            hands[p].remove(event.tile)
        elif event.kind == "draw":
            if _fits(hands[p], position.ends) or not boneyard:
                return False
            hands[p].add(boneyard.pop())
        else:
            if _fits(hands[p], position.ends) or boneyard:
                return False
    return True


@pytest.mark.parametrize("seed", range(4))
def test_inference_matches_every_world_of_a_small_set(seed):
    events, mine = world_history(seed)
    history = History(2, tuple(events))
    expected = posterior_by_enumeration(events, mine)
    assert expected, "the true world is one of them"
    situation = Situation.from_history(history, mine, SMALL)
    known = situation.knowledge()
    weights = {hands[0]: known.weight([list(hands[0])]) for hands, _ in enumerate_deals(known)}
    weights = {h: w for h, w in weights.items() if w}
    total_expected = sum(expected.values())
    total = sum(weights.values())
    assert {h: Fraction(w, total) for h, w in weights.items()} == {
        h: Fraction(n, total_expected) for h, n in expected.items()}, format_history(history)


def test_the_search_never_deals_what_the_history_rules_out(monkeypatch):
    history = parse_history("1 leads 4|4\n2 draws 3\n2 plays 4|1\n", CC)
    mine = parse_hand("6|5 6|2 5|2 2|0 1|0 3|3")
    situation = Situation.from_history(history, mine, CC)
    dealt = []
    original = Knowledge.sample

    def spy(self, rng):
        hands, boneyard = original(self, rng)
        dealt.append(hands[0])
        return hands, boneyard

    monkeypatch.setattr(Knowledge, "sample", spy)
    rank(situation, "monte-carlo", samples=60, seed=3)
    assert len(dealt) == 60
    assert all(not any(4 in t for t in hand) for hand in dealt)
    assert all(len(hand) == 9 for hand in dealt)


@pytest.mark.parametrize("content", [b"\xff\xfe not text", b"1 leads 6|6\n" * 30000, b""])
def test_history_files_that_cannot_be_read(run, tmp_path, content):
    path = tmp_path / "history.txt"
    path.write_bytes(content)
    result = run("best", "--history", str(path), "--hand", "6|4 5|5")
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_history_that_is_a_folder_or_missing(run, tmp_path):
    for path in (tmp_path, tmp_path / "absent.txt"):
        result = run("best", "--history", str(path), "--hand", "6|4 5|5")
        assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr


@pytest.mark.parametrize("text", ["", "\n", "  \n\t\n"])
def test_an_empty_history_is_refused_as_empty(run, text):
    # read as a hand not begun, an empty history had been refused for the tiles held
    # ("the history says player 1 holds 7 tiles, not 1")
    result = run("best", "--history", "-", "--hand", "6|4", input=text)
    assert result.exit_code == 2
    assert "is empty" in result.stderr and result.stderr.count("\n") == 1
