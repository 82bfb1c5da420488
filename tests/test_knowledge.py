"""The hidden tiles: counting and sampling the consistent deals (fives_tutor.knowledge).

Every expected count and deal here is worked out by hand in the comments, or by the
brute force below (each unseen tile given to every possible holder in turn), which
shares no code with the module under test.
"""

from __future__ import annotations

import random
import signal
import time
from collections import Counter
from contextlib import contextmanager
from itertools import product
from math import comb

import pytest
from reference_solvers import enumerate_deals

from fives_tutor import load_rules
from fives_tutor.core.position import Position
from fives_tutor.core.tiles import Tile, domino_set, parse_hand
from fives_tutor.engine import Situation, rank
from fives_tutor.engine.knowledge import Knowledge
from fives_tutor.errors import IllegalPlayError

BONEYARD = "boneyard"


def knowledge(unseen: str, counts, voids=None) -> Knowledge:
    counts = tuple(counts)
    voids = tuple(frozenset(v) for v in voids) if voids is not None else tuple(frozenset() for _ in counts)
    return Knowledge(tuple(parse_hand(unseen)), counts, voids)


def deal_key(hands, boneyard) -> tuple:
    """A deal as comparable sets: each opponent's hand, then the boneyard."""
    return tuple(frozenset(h) for h in hands) + (frozenset(boneyard),)


def brute_force(known: Knowledge) -> set:
    """Every consistent deal: each tile to each opponent or the boneyard, filtered by
    the counts and the voids (exponential; tiny cases only)."""
    holders = list(range(len(known.counts))) + [BONEYARD]
    deals = set()
    for assignment in product(holders, repeat=len(known.unseen)):
        hands = [[] for _ in known.counts]
        boneyard = []
        for tile, holder in zip(known.unseen, assignment):
            (boneyard if holder == BONEYARD else hands[holder]).append(tile)
        if [len(h) for h in hands] != list(known.counts):
            continue
        if any(number in known.voids[i] for i, h in enumerate(hands) for t in h for number in t):
            continue
        deals.add(deal_key(hands, boneyard))
    return deals


def check_consistent(known: Knowledge, hands, boneyard) -> None:
    """One sampled deal obeys every constraint."""
    assert [len(h) for h in hands] == list(known.counts)
    everything = [t for h in hands for t in h] + list(boneyard)
    assert len(everything) == len(set(everything)), "a tile dealt twice"
    assert sorted(everything) == sorted(known.unseen), "every unseen tile exactly once"
    assert len(boneyard) == len(known.unseen) - sum(known.counts)
    for i, hand in enumerate(hands):
        for tile in hand:
            assert tile[0] not in known.voids[i] and tile[1] not in known.voids[i], (i, tile)


@contextmanager
def deadline(seconds: int):
    """Fail instead of hanging if the code under test loops for ever."""
    def expire(signum, frame):
        raise AssertionError(f"took more than {seconds} s: an endless loop?")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# --- counting by hand ----------------------------------------------------------------


@pytest.mark.parametrize("unseen, expected", [
    # the opponent holds 2 of 4 tiles and no 6: with two 6s among them only the other
    # two are possible, C(2,2) = 1; with one 6, C(3,2) = 3; with none, C(4,2) = 6
    ("6|6 6|1 5|0 2|2", comb(2, 2)),
    ("6|6 4|1 5|0 2|2", comb(3, 2)),
    ("3|3 4|1 5|0 2|2", comb(4, 2)),
    # three 6s: only one tile is allowed, two are needed: no deal
    ("6|6 6|1 6|0 2|2", 0),
])
def test_ways_counted_by_hand_one_opponent_void_in_six(unseen, expected):
    known = knowledge(unseen, (2,), [{6}])
    assert known.ways() == expected
    assert len(list(enumerate_deals(known))) == expected
    assert len(brute_force(known)) == expected


def test_ways_without_voids_is_the_multinomial():
    # 6 tiles: opponent 1 takes 2, opponent 2 takes 1, the boneyard 3: 6!/(2! 1! 3!) = 60
    known = knowledge("6|6 6|3 5|2 4|1 3|3 0|0", (2, 1))
    assert known.ways() == 60
    assert len(brute_force(known)) == 60


# The two-opponent case worked by hand (counts 2 and 2, boneyard 2):
#   opponent 1 cannot hold a 6, opponent 2 cannot hold a 3;
#   6|3 fits neither, so it is always in the boneyard; 6|6 is opponent 2's or the
#   boneyard's; 3|3 is opponent 1's or the boneyard's; 5|2, 4|1, 0|0 fit anyone.
TWO_OPPONENTS = ("6|6 6|3 5|2 4|1 3|3 0|0", (2, 2), [{6}, {3}])
_HAND_DEALS = [
    # (opponent 1, opponent 2, boneyard)
    # boneyard 6|3 6|6: 3|3 must go to opponent 1 with one of the other three
    ("3|3 5|2", "4|1 0|0", "6|3 6|6"),
    ("3|3 4|1", "5|2 0|0", "6|3 6|6"),
    ("3|3 0|0", "5|2 4|1", "6|3 6|6"),
    # boneyard 6|3 3|3: 6|6 must go to opponent 2 with one of the other three
    ("4|1 0|0", "6|6 5|2", "6|3 3|3"),
    ("5|2 0|0", "6|6 4|1", "6|3 3|3"),
    ("5|2 4|1", "6|6 0|0", "6|3 3|3"),
    # boneyard 6|3 and one of 5|2, 4|1, 0|0: 3|3 to opponent 1, 6|6 to opponent 2,
    # the last two one each (3 x 2 = 6 deals)
    ("3|3 4|1", "6|6 0|0", "6|3 5|2"),
    ("3|3 0|0", "6|6 4|1", "6|3 5|2"),
    ("3|3 5|2", "6|6 0|0", "6|3 4|1"),
    ("3|3 0|0", "6|6 5|2", "6|3 4|1"),
    ("3|3 5|2", "6|6 4|1", "6|3 0|0"),
    ("3|3 4|1", "6|6 5|2", "6|3 0|0"),
]
HAND_DEALS = {tuple(frozenset(parse_hand(part)) for part in deal) for deal in _HAND_DEALS}


def test_two_opponents_deals_listed_by_hand():
    known = knowledge(*TWO_OPPONENTS)
    assert len(HAND_DEALS) == 12
    assert known.ways() == 12
    assert brute_force(known) == HAND_DEALS
    assert {hands + (boneyard,) for hands, boneyard in enumerate_deals(known)} == HAND_DEALS


def test_sampler_reaches_every_deal_uniformly():
    """Chi-square over 12 equally likely deals: 6000 samples, 500 expected each.
    With 11 degrees of freedom the 0.1% critical value is 31.3; the groups here have
    different sizes, so a sampler that dealt tile by tile would be far off."""
    known = knowledge(*TWO_OPPONENTS)
    rng = random.Random(2024)
    seen = Counter()
    draws = 6000
    for _ in range(draws):
        hands, boneyard = known.sample(rng)
        check_consistent(known, hands, boneyard)
        seen[deal_key(hands, boneyard)] += 1
    assert set(seen) == HAND_DEALS, "every consistent deal is reached, no other"
    expected = draws / len(HAND_DEALS)
    chi_square = sum((seen[d] - expected) ** 2 / expected for d in HAND_DEALS)
    assert chi_square < 31.3, (chi_square, seen)


def test_sampler_uniform_within_generous_bound_with_one_opponent_and_boneyard():
    # 5 tiles, the opponent holds 2 and no 5: allowed 6|6 4|1 3|3 (C(3,2) = 3 deals)
    known = knowledge("6|6 5|2 4|1 3|3 5|0", (2,), [{5}])
    assert known.ways() == 3
    rng = random.Random(7)
    seen = Counter()
    for _ in range(3000):
        hands, boneyard = known.sample(rng)
        check_consistent(known, hands, boneyard)
        assert set(boneyard) >= set(parse_hand("5|2 5|0"))
        seen[frozenset(hands[0])] += 1
    assert set(seen) == {frozenset(parse_hand(h)) for h in ("6|6 4|1", "6|6 3|3", "4|1 3|3")}
    assert all(abs(n - 1000) < 150 for n in seen.values()), seen


def _random_case(seed: int) -> Knowledge:
    rng = random.Random(seed)
    tiles = list(domino_set(6))
    rng.shuffle(tiles)
    size = rng.randint(4, 7)
    unseen = tuple(tiles[:size])
    opponents = rng.randint(1, 3)
    counts = [0] * opponents
    for _ in range(rng.randint(1, size)):
        counts[rng.randrange(opponents)] += 1
    voids = tuple(frozenset(rng.sample(range(7), rng.randint(0, 2))) for _ in range(opponents))
    return Knowledge(unseen, tuple(counts), voids)


@pytest.mark.parametrize("seed", range(30))
def test_random_small_cases_against_brute_force(seed):
    known = _random_case(seed)
    expected = brute_force(known)
    assert known.ways() == len(expected)
    assert {hands + (boneyard,) for hands, boneyard in enumerate_deals(known)} == expected
    if not expected:
        with pytest.raises(IllegalPlayError):
            known.sample(random.Random(seed))
        return
    rng = random.Random(seed)
    reached = set()
    for _ in range(300 if len(expected) <= 20 else 60):
        hands, boneyard = known.sample(rng)
        check_consistent(known, hands, boneyard)
        key = deal_key(hands, boneyard)
        assert key in expected
        reached.add(key)
    if len(expected) <= 20:  # 300 draws miss one of 20 deals with odds below 1e-5
        assert reached == expected


# --- tight and impossible constraints ----------------------------------------------------


LOW = {0, 1, 2}
HIGH = {3, 4, 5, 6}


def test_tight_voids_leave_one_deal_and_sample_fast():
    """All 28 tiles unseen; opponent 1 has none of 0, 1, 2, so holds only tiles made of
    3-6 (10 tiles: C(4,2) + 4); opponent 2 has none of 3-6, so holds only tiles made of
    0-2 (6 tiles). With counts 10 and 6 each takes all of theirs and the 12 mixed tiles
    are the boneyard: one deal among C(28,10) * C(18,6) (about 2.4e11) a rejection
    sampler would try."""
    unseen = tuple(domino_set(6))
    known = Knowledge(unseen, (10, 6), (frozenset(LOW), frozenset(HIGH)))
    assert known.ways() == 1
    high_tiles = {t for t in unseen if t[0] in HIGH and t[1] in HIGH}
    low_tiles = {t for t in unseen if t[0] in LOW and t[1] in LOW}
    assert len(high_tiles) == 10 and len(low_tiles) == 6
    rng = random.Random(5)
    start = time.perf_counter()
    with deadline(20):
        for _ in range(200):
            hands, boneyard = known.sample(rng)
            assert set(hands[0]) == high_tiles and set(hands[1]) == low_tiles
            assert set(boneyard) == set(unseen) - high_tiles - low_tiles and len(boneyard) == 12
    assert time.perf_counter() - start < 5


def test_tight_one_opponent_exactly_one_deal():
    # the example from the brief: 4 tiles, the opponent holds 2 and no 6
    known = knowledge("6|6 6|1 5|0 2|2", (2,), [{6}])
    rng = random.Random(0)
    for _ in range(50):
        hands, boneyard = known.sample(rng)
        assert set(hands[0]) == set(parse_hand("5|0 2|2"))
        assert set(boneyard) == set(parse_hand("6|6 6|1"))


@pytest.mark.parametrize("counts, voids", [
    ((11, 6), (LOW, HIGH)),  # opponent 1 may hold only 10 tiles
    ((10, 7), (LOW, HIGH)),  # opponent 2 may hold only 6 tiles
    ((2,), ({0, 1, 2, 3, 4, 5, 6},)),  # void in every number
    ((20, 9), ((), ())),  # 29 tiles from 28
])
def test_impossible_constraints_raise_without_looping(counts, voids):
    known = Knowledge(tuple(domino_set(6)), counts, tuple(frozenset(v) for v in voids))
    if sum(counts) <= 28:
        assert known.ways() == 0
    with deadline(10), pytest.raises(IllegalPlayError):
        known.sample(random.Random(1))


def test_impossible_void_through_the_engine_raises():
    # the opponent holds every unseen tile but is said to have no 6
    rules = load_rules("dominos-cc")
    situation = Situation.build(Position.parse("6 2", rules), parse_hand("2|5 6|4 3|3"), rules,
                                opponents=[25], voids=[frozenset({6})])
    with deadline(10), pytest.raises(IllegalPlayError):
        rank(situation, "monte-carlo", samples=5)


# --- voids through Situation, rank and the command line --------------------------------------


@pytest.fixture
def recorded_deals(monkeypatch):
    """Every deal Knowledge.sample hands out, with the Knowledge it came from."""
    deals = []
    original = Knowledge.sample

    def spy(self, rng):
        hands, boneyard = original(self, rng)
        deals.append((self, [list(h) for h in hands], list(boneyard)))
        return hands, boneyard

    monkeypatch.setattr(Knowledge, "sample", spy)
    return deals


def _holds_number(hand, number) -> bool:
    return any(number in tile for tile in hand)


def test_void_in_six_is_honoured_by_the_monte_carlo_level(recorded_deals):
    rules = load_rules("dominos-cc")
    board = Position.parse("6 2", rules)
    hand = parse_hand("2|5 6|4 3|3")
    # without a void: 25 unseen tiles, 6 of them with a 6 (6|6 to 6|0 minus 6|4), so
    # some of 40 random 3-tile hands hold one (each misses with odds 19/25*18/24*17/23)
    rank(Situation.build(board, hand, rules, opponents=[3]), "monte-carlo", samples=40, seed=1)
    assert any(_holds_number(hands[0], 6) for _, hands, _ in recorded_deals)
    recorded_deals.clear()
    situation = Situation.build(board, hand, rules, opponents=[3], voids=[frozenset({6})])
    assert situation.voids == (frozenset({6}),)
    rank(situation, "monte-carlo", samples=40, seed=1)
    assert len(recorded_deals) == 40
    for known, hands, boneyard in recorded_deals:
        assert known.voids == (frozenset({6}),)
        assert not _holds_number(hands[0], 6)
        check_consistent(known, hands, boneyard)


def test_void_of_the_second_opponent_from_the_command_line(run, recorded_deals):
    result = run("best", "6 2", "--hand", "2|5 6|4 3|3", "--opponents", "3,4", "--void", "2:5,1",
                 "--void", "1:0", "--level", "monte-carlo", "--samples", "20", "--json")
    assert result.exit_code == 0, result.stderr
    assert len(recorded_deals) == 20
    for known, hands, boneyard in recorded_deals:
        assert known.counts == (3, 4)
        assert known.voids == (frozenset({0}), frozenset({5, 1}))
        assert not _holds_number(hands[0], 0)
        assert not _holds_number(hands[1], 5) and not _holds_number(hands[1], 1)
        check_consistent(known, hands, boneyard)


def test_boneyard_is_what_the_opponents_do_not_hold():
    known = knowledge("6|6 6|1 5|0 2|2 3|1", (2, 1))
    assert known.boneyard == 2
    assert all(isinstance(t, Tile) for t in known.unseen)
    hands, boneyard = known.sample(random.Random(3))
    assert len(boneyard) == 2 and not set(boneyard) & {t for h in hands for t in h}
