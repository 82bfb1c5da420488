"""The parts a table is kept with, each on its own: the undo/redo algebra over a
journal (core.undo), the scorekeeper that sees no hidden tile (core.keeper.Scorekeeper),
the followed hand (core.followed) and the dealer of a practice match (core.dealer),
which must deal exactly as the game state machine does."""

from __future__ import annotations

import random
import re

import pytest

from fives_tutor.core.dealer import Dealer
from fives_tutor.core.followed import FollowedHand
from fives_tutor.core.game import Match
from fives_tutor.core.keeper import Scorekeeper, TableState
from fives_tutor.core.tiles import Tile, format_hand, parse_hand
from fives_tutor.core.undo import can_redo, can_undo, effective_actions, standing
from fives_tutor.errors import IllegalPlayError
from fives_tutor.packs.loader import list_packs, load_rules

A, B, C = {"type": "play", "tile": "6|6"}, {"type": "draw"}, {"type": "pass"}
UNDO, REDO = {"type": "undo"}, {"type": "redo"}

# --- undo and redo -------------------------------------------------------------------------------


def test_undo_takes_back_the_last_action_and_redo_puts_it_back():
    assert standing([A, B, UNDO]).done == ((1, A),)
    assert standing([A, B, UNDO]).undone == ((2, B),)
    assert effective_actions([A, B, UNDO, REDO]) == [A, B]
    # two undos take back two actions; the redos put them back last undone first
    assert standing([A, B, C, UNDO, UNDO]).undone == ((3, C), (2, B))
    assert effective_actions([A, B, C, UNDO, UNDO, REDO]) == [A, B]


def test_a_new_action_forgets_what_was_undone():
    events = [A, B, UNDO, C]
    assert effective_actions(events) == [A, C]
    assert not can_redo(events)
    assert effective_actions(events + [REDO]) == [A, C]  # the redo has nothing to put back


def test_undo_or_redo_with_nothing_to_do_does_nothing():
    assert not can_undo([]) and not can_undo([A, UNDO])
    assert effective_actions([UNDO, REDO, A, REDO]) == [A]
    assert effective_actions([A, UNDO, UNDO, REDO]) == [A]


def test_every_event_keeps_its_number_in_the_journal():
    # the first action is event 1; undo and redo count too (a damaged one is named by it)
    assert standing([A, UNDO, REDO, B]).done == ((1, A), (4, B))
    # A undone, redone, undone again; the last undo has nothing left; B is event 6
    assert standing([A, UNDO, REDO, UNDO, UNDO, B]).done == ((6, B),)
    assert standing(["not an object", A]).done == ((1, "not an object"), (2, A))


# --- the scorekeeper and the followed hand -----------------------------------------------------------

CC = load_rules("dominos-cc")


def test_the_scorekeeper_alone_takes_no_tile_it_cannot_see():
    keeper = Scorekeeper(CC, ["Ana", "Ben"])
    keeper.apply({"type": "play", "player": 0, "tile": "6|6", "end": ""})
    with pytest.raises(IllegalPlayError, match="whose hand is followed"):
        keeper.apply({"type": "draw", "player": 1, "count": 1, "tiles": "1|0"})
    with pytest.raises(IllegalPlayError, match="unknown event hand"):
        keeper.apply({"type": "hand", "player": 1, "tiles": "1|0 2|0 3|0 4|0 5|0 6|0"})
    # what the table announces it keeps: Ben drew one tile, and holds eight
    keeper.apply({"type": "draw", "player": 1, "count": 1})
    assert keeper.counts == [6, 8] and keeper.boneyard == 13


def test_the_table_follows_the_hand_given_and_refuses_what_contradicts_it():
    state = TableState(CC, ["Ana", "Ben"])
    state.apply({"type": "hand", "player": 0, "tiles": "6|6 6|5 5|5 4|4 3|3 2|2 1|1"})
    assert state.followed.player == 0 and state.followed.last_given == 0
    with pytest.raises(IllegalPlayError, match=re.escape("6|6 is in Ana's hand")):
        state.apply({"type": "play", "player": 1, "tile": "6|6", "end": ""})
    state.apply({"type": "play", "player": 0, "tile": "6|6", "end": ""})
    state.apply({"type": "play", "player": 1, "tile": "6|1", "end": ""})
    with pytest.raises(IllegalPlayError, match=re.escape("2|1 is not in Ana's hand")):
        state.apply({"type": "play", "player": 0, "tile": "1|2", "end": "1"})
    state.apply({"type": "draw", "player": 0, "count": 1, "tiles": "1|0"})
    assert set(state.followed.known) == set(parse_hand("6|5 5|5 4|4 3|3 2|2 1|1 1|0"))
    state.apply({"type": "play", "player": 0, "tile": "1|0", "end": "1"})
    state.apply({"type": "play", "player": 1, "tile": "0|2", "end": "0"})
    state.apply({"type": "draw", "player": 0, "count": 1})  # not named: one tile unknown
    assert state.followed.known is None and state.followed.missing == 1
    assert state.counts == [7, 5]


def test_a_refused_correction_changes_nothing():
    # Ben is named out of turn (a correction), but the tile is not on any end: the
    # turn stays Ana's, as before the line was typed
    state = TableState(CC, ["Ana", "Ben"])
    state.apply({"type": "play", "player": 0, "tile": "6|6", "end": ""})
    state.apply({"type": "play", "player": 1, "tile": "6|1", "end": ""})
    with pytest.raises(IllegalPlayError):
        state.apply({"type": "play", "player": 1, "tile": "5|2", "end": "", "corrected": True})
    assert state.turn == 0 and state.drawn == 0


def test_the_followed_hand_counts_draws_it_was_not_told():
    hand = FollowedHand(["Ana", "Ben"])
    hand.give(1, [Tile(6, 6), Tile(5, 3)])
    hand.drew(1, None, 2)
    hand.played(1, Tile(4, 0))  # one of the two tiles drawn unnamed
    assert hand.tiles == [Tile(6, 6), Tile(5, 3)] and hand.missing == 1
    with pytest.raises(IllegalPlayError, match="only one player's hand"):
        hand.give(0, [Tile(1, 1)])
    hand.new_hand()
    assert hand.player is None and hand.last_given == 1


# --- the dealer of a practice match ----------------------------------------------------------------

CASES = [(info.id, players) for info in list_packs(include_user=False)
         for players in range(load_rules(info.id).players.min, load_rules(info.id).players.max + 1)]


@pytest.mark.parametrize(("pack", "players"), CASES)
def test_the_dealer_deals_as_the_game_deals(pack, players):
    # a whole match on the game state machine, told to the scorekeeper move by move:
    # the dealer, following the scorekeeper, holds the game's tiles at every step
    rules = load_rules(pack)
    seed = f"dealer:{pack}:{players}"
    match = Match(rules, players, seed=seed)
    state = TableState(rules, [f"P{i}" for i in range(players)])
    dealer = Dealer(rules, players, seed, shown=0)
    dealer.follow(state)
    state.apply({"type": "hand", "player": 0, "tiles": format_hand(dealer.hand.hands[0])})
    hands = 1
    for move in match.moves(lambda hand, options, rng: rng.choice(options), random.Random(seed)):
        if move.kind == "play":
            play = next(p for p in _plays(move, rules))
            state.apply({"type": "play", "player": move.player, "tile": play.notation.partition("@")[0],
                         "end": play.end, "announced": move.hand.plays[-1].points})
        elif move.kind == "draw":
            state.apply({"type": "draw", "player": move.player, "count": 1})
        else:
            state.apply({"type": "pass", "player": move.player})
        if state.awaiting:
            state.apply({"type": "hand_end", "pips": list(move.hand.result.pips)})
        dealer.follow(state)
        if match.over:
            break
        if move.hand is not match.hand:  # a new deal
            hands += 1
            state.apply({"type": "hand", "player": 0, "tiles": format_hand(match.hand.hands[0])})
        game = match.hand
        assert (dealer.hand.hands, dealer.hand.boneyard, dealer.hand.turn, dealer.hand.lead_tile) == (
            game.hands, game.boneyard, game.turn, game.lead_tile), (pack, players, hands)
    assert state.over and state.scores == match.scores


def _plays(move, rules):
    from fives_tutor.core.plays import plays_for_tile

    return [p for p in plays_for_tile(move.before, move.tile, rules) if p.index == move.end_index]


def test_the_dealer_refuses_a_hand_that_was_not_dealt():
    state = TableState(CC, ["You", "Ana"])
    dealer = Dealer(CC, 2, "7:deal", shown=0)
    dealer.follow(state)
    dealt = list(dealer.hand.hands[0])
    other = next(t for t in dealer.hand.hands[1] if t not in dealt)
    state.apply({"type": "hand", "player": 0, "tiles": format_hand(dealt[:-1] + [other])})
    with pytest.raises(IllegalPlayError, match="not the one dealt"):
        dealer.follow(state)
