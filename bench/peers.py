"""Throughput of whole hands in two other Python domino packages, for comparison
with bench/hands.py. Run it with the peers' own environment, never fives-tutor's:

    python3 -m venv /tmp/peers && /tmp/peers/bin/pip install all-fives-domino dominoes
    cd /tmp && taskset -c 0 /tmp/peers/bin/python /path/to/fives-tutor/bench/peers.py [--hands 20000] [--seed 1]

``all-fives-domino`` (1.0.23; its code installs as a top-level package named
``src``: src/main/game/): two players, its own round (``DominoRound``: deals 7
each from the global ``random`` module, auto-plays the opening double, draws
until a piece fits leaving one in the pool, passes, ends on a domino or when
neither player can play) with its own greedy player on both seats,
``Brain.AllFivesGreedyBrain``: for every valid option it deep-copies the board,
plays the option and scores the whole board; it takes the option with the most
points, ties going to the last option listed (the hand is sorted by pips, so
mostly the heaviest piece; a double that may be played "closed" lists its closed
option after its open one). Timed per hand: a fresh Game and two Players, the
deal, ``DominoRound.run()`` and ``Game.award_round_score()``.

``dominoes`` (6.1.0): its only game, ``dominoes.Game.new()``: four players in two
partnerships, 7 tiles each, no boneyard and no drawing, no points during play;
the hand ends on a domino or a block (``game.result``). Random players:
``dominoes.players.random(game)`` re-orders ``game.valid_moves`` at random and
the first is played. It cannot deal a two-player hand.

Both packages draw from the global ``random`` module, seeded with ``--seed``
before each is timed. Not timed: importing. Run it pinned to one core
(taskset -c 0); the script prints the cores it was allowed to use and the CPU time
other processes took on them meanwhile (from /proc/stat), with a warning when
that spoils the figure.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
from importlib.metadata import version

from clock import Clock


def all_fives_domino_greedy(count: int) -> tuple[int, int]:
    """Play ``count`` two-player hands of all-fives-domino with its greedy brain on
    both seats; returns (pieces played after the opening, points scored in play)."""
    from src.main.game.Brain import AllFivesGreedyBrain  # a peer, installed only to compare (--help runs without)
    from src.main.game.DominoRound import DominoRound
    from src.main.game.Game import Game
    from src.main.game.Player import Player

    brain = AllFivesGreedyBrain()  # stateless: one instance serves both seats
    plays = points = 0
    for _ in range(count):
        player1, player2 = Player(brain, "one"), Player(brain, "two")
        game = Game(player1, player2)
        game.rounds += 1
        game.round = DominoRound(player1, player2, game)  # deals and plays the opening double
        game.round.run()
        plays += sum(1 for _ in game.round.board.get_pieces()) - 1
        points += player1.score + player2.score
        game.award_round_score()
    return plays, points


def dominoes_random(count: int) -> tuple[int, int]:
    """Play ``count`` four-player hands of dominoes with random players; returns
    (moves including passes, hands ended by a block)."""
    import dominoes  # a peer, installed only to compare (--help runs without)

    choose = dominoes.players.random
    moves = blocked = 0
    for _ in range(count):
        game = dominoes.Game.new()
        while game.result is None:
            choose(game)
            game.make_move(*game.valid_moves[0])
        moves += len(game.moves)
        blocked += not game.result.won
    return moves, blocked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=("all-fives-domino", "dominoes"), help="time only this package")
    args = parser.parse_args()
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    print(f"Python {platform.python_version()}; cores allowed: {cores}; seed {args.seed}")
    if args.only in (None, "all-fives-domino"):
        import src.main.game.DominoRound  # noqa: F401  (import before the clock starts)

        random.seed(args.seed)
        with Clock() as clock:
            plays, points = all_fives_domino_greedy(args.hands)
        elapsed = clock.wall
        print(f"all-fives-domino {version('all-fives-domino')}, 2 players, AllFivesGreedyBrain: {args.hands} hands "
              f"in {elapsed:.2f} s: {args.hands / elapsed:,.0f} hands a second")
        print(f"  {plays} plays after the opening, {points} points in play; {clock.note()}")
    if args.only in (None, "dominoes"):
        import dominoes  # noqa: F401

        random.seed(args.seed)
        with Clock() as clock:
            moves, blocked = dominoes_random(args.hands)
        elapsed = clock.wall
        print(f"dominoes {version('dominoes')}, 4 players, players.random: {args.hands} hands "
              f"in {elapsed:.2f} s: {args.hands / elapsed:,.0f} hands a second")
        print(f"  {moves} moves (passes included), {blocked} blocked hands; {clock.note()}")


if __name__ == "__main__":
    main()
