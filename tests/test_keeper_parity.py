"""The scorekeeper and the game state machine play by the same rules.

The rules of play are written three times on purpose (docs/architecture.md): the
game state machine (``core.game``, the reference), the scorekeeper of a real table
(``core.keeper``) and the engine's fast loop (``engine.fast``, bound to the game by
tests/test_fast.py). Here random matches of every built-in pack and player count are
played by the game, and every action is told to the scorekeeper as a table would
tell it (who played which tile on which end, who drew, who passed, the pips left at
the end of a hand): after each one both must agree on the ends, the scores, the turn
and whether the match is over. Nothing here computes a rule itself.
"""

from __future__ import annotations

import random

import pytest

from fives_tutor.core.game import Match
from fives_tutor.core.keeper import TableState
from fives_tutor.core.plays import plays_for_tile
from fives_tutor.packs.loader import list_packs, load_rules

#: every built-in pack with every player count it allows
CASES = [(info.id, players) for info in list_packs(include_user=False)
         for players in range(load_rules(info.id).players.min, load_rules(info.id).players.max + 1)]


def _events(match: Match, rng: random.Random, players: int):
    """Play ``match`` out with random legal choices, yielding the scorekeeper's event of
    each action just after the game has taken it (and the game's result at a hand end)."""
    rules = match.rules
    for move in match.moves(lambda hand, options, rng: rng.choice(options), rng):
        if move.kind == "play":
            # the end as a player names it (``5*``, ``6|6*``): the same on any order of the ends
            play = next(p for p in plays_for_tile(move.before, move.tile, rules) if p.index == move.end_index)
            event = {"type": "play", "player": move.player, "tile": play.notation.partition("@")[0],
                     "end": play.end}
            if rules.muggins.announce:
                event["announced"] = move.hand.plays[-1].points  # every player announces what they made
        elif move.kind == "draw":
            event = {"type": "draw", "player": move.player, "count": 1}
        else:
            event = {"type": "pass", "player": move.player}
        yield event, move.hand


@pytest.mark.parametrize(("pack", "players"), CASES)
def test_random_matches_are_kept_as_the_game_plays_them(pack, players):
    rules = load_rules(pack)
    for seed in range(3):
        rng = random.Random(f"{pack}:{players}:{seed}")
        match = Match(rules, players, seed=f"parity:{seed}")
        state = TableState(rules, [f"P{i}" for i in range(players)])
        actions = _events(match, rng, players)
        step = next(actions)
        steps = 0
        while True:
            event, hand = step
            state.apply(event)
            steps += 1
            if hand.over and not state.over:
                # the hand the game just finished (a match won in play needs no count):
                # the table gives every player's pips
                assert state.awaiting, (pack, players, seed, event)
                state.apply({"type": "hand_end", "pips": list(hand.result.pips)})
            assert state.scores == list(match.scores), (pack, players, seed, steps)
            assert state.over == match.over
            if not match.over:
                # the same open ends (where every double spins, the two may list a new
                # spinner's arms in another order; the ends are the same)
                assert sorted(str(state.position).split()) == sorted(str(match.hand.position).split()), \
                    (pack, players, seed, steps)
                assert state.position.total(rules) == match.hand.position.total(rules)
                if state.layout.line:  # before the lead the table names who leads
                    assert state.turn == match.hand.turn, (pack, players, seed, steps)
            try:
                step = next(actions)
            except StopIteration:
                break
        assert state.over and state.winner == match.winner
