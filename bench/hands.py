"""Throughput of whole hands: two-player dominos-cc hands played to the end.

    taskset -c 0 python bench/hands.py [--strategy greedy|random] [--hands 20000] [--seed 1]

Each hand is dealt from one seeded ``random.Random``; the holder of the highest
double leads it (the pack's ``lead.first_hand: highest_double``; with no double
dealt, the heaviest tile); then on each turn the player to move draws until a tile
fits or nothing can be drawn, plays the strategy's choice, or else passes, until a
domino or a block. The players choose with a second seeded ``random.Random``.
Only fives-tutor's public modules are used (fives_tutor.game, .simulate, .packs).

Timed: dealing, leading, every turn and the hand-end count; not timed: importing
and loading the pack. Run it pinned to one core (taskset -c 0); the script prints
the cores it was allowed to use and the CPU time other processes took on them
meanwhile (from /proc/stat), with a warning when that spoils the figure.
Targets (issue 3): greedy at least 3,000 hands a second, random at least 5,000.
"""

from __future__ import annotations

import argparse
import os
import platform
import random

from clock import Clock
from fives_tutor.game import Hand, deal, heaviest_double_or_tile
from fives_tutor.packs import load_rules
from fives_tutor.simulate import STRATEGIES

TARGETS = {"greedy": 3000, "random": 5000}


def play_hands(count: int, seed: int, strategy: str, players: int = 2) -> tuple[int, int, int, int]:
    """Play ``count`` hands; returns (plays, draws, blocked hands, points scored in play)
    so that the work done can be checked between runs and versions."""
    rules = load_rules("dominos-cc")
    if rules.lead.first_hand != "highest_double":
        raise SystemExit("dominos-cc no longer leads with the highest double: update this benchmark")
    choose = STRATEGIES[strategy]
    deal_rng = random.Random(seed)
    chooser_rng = random.Random(f"{seed}:players")
    plays = draws = blocked = points = 0
    for _ in range(count):
        hands, boneyard = deal(rules, players, deal_rng)
        leader, lead_tile = heaviest_double_or_tile(hands)
        hand = Hand(rules, hands, boneyard, leader, lead_tile)
        while not hand.over:
            options = hand.options()
            while not options and hand.can_draw():
                hand.draw()
                draws += 1
                options = hand.options()
            if options:
                tile, index, made = choose(hand, options, chooser_rng)
                hand.play(tile, index, made)
                plays += 1
                points += made
            else:
                hand.pass_turn()
        if hand.result.kind == "blocked":
            blocked += 1
    return plays, draws, blocked, points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strategy", choices=sorted(STRATEGIES), default="greedy")
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_rules("dominos-cc")  # read the pack before the clock starts
    with Clock() as clock:
        plays, draws, blocked, points = play_hands(args.hands, args.seed, args.strategy)
    elapsed = clock.wall
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    print(f"fives-tutor dominos-cc, 2 players, {args.strategy}: {args.hands} hands in {elapsed:.2f} s: "
          f"{args.hands / elapsed:,.0f} hands a second (target: at least {TARGETS[args.strategy]:,})")
    print(f"  {plays} plays, {draws} draws, {blocked} blocked hands, {points} points in play; "
          f"seed {args.seed}; Python {platform.python_version()}; cores allowed: {cores}")
    print(f"  {clock.note()}")


if __name__ == "__main__":
    main()
