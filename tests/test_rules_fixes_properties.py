"""Property tests for reading the ends form and the tiles the set can supply.

* Every position reached in play (random matches under every built-in pack) passes the
  pack's checks, with the mover's hand set aside, and reads back as itself.
* In a double-two set (six tiles), every layout that can be played is found by brute
  force; every position it shows passes the checks (with every tile not yet played set
  aside), and every position the checks refuse is one that no play reaches.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fives_tutor import NotationError, load_rules
from fives_tutor.core.game import Match
from fives_tutor.core.layout import Layout
from fives_tutor.core.plays import plays_for_tile
from fives_tutor.core.position import EndKind, Position, check_position, check_tiles, end, read_position
from fives_tutor.core.tiles import domino_set

PACKS = ["dominos-cc", "pagat-all-fives", "muggins", "five-up", "fives-and-threes"]
FEW = settings(max_examples=12, derandomize=True, database=None, deadline=None)


def every_double_at_once():
    """A house five-up whose spinners open their ends at once (no built-in pack does)."""
    five_up = load_rules("five-up")
    return five_up._replace(id="five-up-at-once", spinner=five_up.spinner._replace(arms_open="at_once"))


def rules_named(name):
    return every_double_at_once() if name == "five-up-at-once" else load_rules(name)


def assert_accepted(position: Position, rules, held=()):
    check_position(position, rules)
    check_tiles(position, rules, excluded=held)
    if not position.is_empty:
        reading = read_position(str(position), rules)
        assert reading.position == position and not reading.changed, (rules.id, str(position))


# --------------------------------------------------------------------------- positions reached in play

@pytest.mark.parametrize("pack", PACKS + ["five-up-at-once"])
@FEW
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_every_position_reached_in_play_is_accepted(pack, seed, players):
    rules = rules_named(pack)
    match = Match(rules, players, seed=seed)
    hands = 0
    assert_accepted(match.hand.position, rules, held=match.hand.hands[match.hand.turn])
    for move in match.moves(lambda hand, options, rng: rng.choice(options), random.Random(seed)):
        if match.over:
            break
        if move.hand.over:
            assert_accepted(move.hand.position, rules)  # the hand's last position
            hands += 1
            if hands == 3:
                break
        assert_accepted(match.hand.position, rules, held=match.hand.hands[match.hand.turn])


# --------------------------------------------------------------------------- brute force, double-two

VARIANTS = ["dominos-cc", "pagat-all-fives", "five-up", "five-up-at-once", "muggins"]


def small(name):
    return rules_named(name)._replace(max_pips=2)


def key(position: Position):
    """A position as a table sees it: its ends in any order."""
    return position.lone, tuple(sorted(position.ends))


_REACHED: dict = {}


def reached(name):
    """Every (position, tiles on the table) of every layout that play can build in a
    double-two set under the variant's spinner rules."""
    if name not in _REACHED:
        rules = small(name)
        tiles = domino_set(2)
        seen, found = set(), {}
        stack = [Layout()]
        while stack:
            layout = stack.pop()
            text = str(layout)
            if text in seen:
                continue
            seen.add(text)
            used = frozenset(layout.tiles())
            position = layout.position(rules)
            found.setdefault(key(position), []).append((position, used))
            for tile in tiles:
                if tile not in used:
                    stack.extend(play.layout for play in plays_for_tile(layout, tile, rules))
        _REACHED[name] = found
    return _REACHED[name]


@pytest.mark.parametrize("name", VARIANTS)
def test_every_reachable_position_of_a_small_set_is_accepted(name):
    rules = small(name)
    found = reached(name)
    assert len(found) > 20
    for cases in found.values():
        for position, used in cases:
            # the tiles not on the table could all be in the player's hand
            assert_accepted(position, rules, held=[t for t in domino_set(2) if t not in used])


KINDS = [EndKind.PLAIN, EndKind.DOUBLE, EndKind.SPINNER, EndKind.ARM]


@st.composite
def small_positions(draw):
    if draw(st.booleans()) and draw(st.booleans()):
        a, b = draw(st.integers(0, 2)), draw(st.integers(0, 2))
        if a == b:
            kind = draw(st.sampled_from([EndKind.DOUBLE, EndKind.SPINNER]))
            return Position((end(kind, a),), lone=True)
        return Position((end(EndKind.PLAIN, a), end(EndKind.PLAIN, b)), lone=True)
    count = draw(st.integers(2, 6))
    return Position(tuple(end(draw(st.sampled_from(KINDS)), draw(st.integers(0, 2))) for _ in range(count)))


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(position=small_positions())
def test_a_refused_position_is_never_reached(name, position):
    rules = small(name)
    try:
        check_position(position, rules)
    except NotationError:
        assert key(position) not in reached(name), (name, str(position))
    try:
        read_position(str(position), rules)
    except NotationError:
        assert key(position) not in reached(name), (name, str(position))
