"""Throughput of whole hands: two-player dominos-cc hands played to the end, on the game
state machine (the figure before issue 12) and on the fast hand loop, in the same run.

    taskset -c 0 python bench/hands.py [--strategy greedy|random] [--hands 20000] [--seed 1] [--repeat 3]

Each hand is dealt from one seeded ``random.Random``; the holder of the highest
double leads it (the pack's ``lead.first_hand: highest_double``; with no double
dealt, the heaviest tile); then on each turn the player to move draws until a tile
fits or nothing can be drawn, plays the strategy's choice, or else passes, until a
domino or a block. The players choose with a second seeded ``random.Random``.
Only fives-tutor's public modules are used (fives_tutor.core.game, .simulate, .packs,
.engine.fast). Both loops play the same hands: the script checks that they made the
same plays, draws, blocks and points, and stops if not.

Timed: dealing, leading, every turn and the hand-end count; not timed: importing
and loading the pack. The two loops alternate ``--repeat`` times and the median of
each is reported, with the ratio. Run it pinned to one core (taskset -c 0); the
script prints the cores it was allowed to use and the CPU time other processes took
on them meanwhile (from /proc/stat), with a warning when that spoils the figure.
Targets: issue 3, the game loop with greedy players at least 3,000 hands a second
and random at least 5,000; issue 12, the fast loop at least 3 times the game loop.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics

from clock import Clock

from fives_tutor.core.game import Hand, deal, heaviest_double_or_tile
from fives_tutor.engine import fast
from fives_tutor.packs.loader import load_rules
from fives_tutor.study.simulate import STRATEGIES

TARGETS = {"greedy": 3000, "random": 5000}


def play_hands(count: int, seed: int, strategy: str, players: int = 2) -> tuple[int, int, int, int]:
    """Play ``count`` hands on the game state machine; returns (plays, draws, blocked
    hands, points scored in play) so that the work done can be checked."""
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


def play_fast_hands(count: int, seed: int, strategy: str, players: int = 2) -> tuple[int, int, int, int]:
    """The same hands on the fast loop (fives_tutor.engine.fast); the same four counts."""
    rules = load_rules("dominos-cc")
    tables = fast.tables(rules)
    policy = None if strategy == "greedy" else fast.random_policy
    deal_rng = random.Random(seed)
    chooser_rng = random.Random(f"{seed}:players")
    plays = draws = blocked = points = 0
    dealt = tables.rules.players.hand_size[players] * players
    for _ in range(count):
        hands, boneyard = fast.deal(tables, players, deal_rng)
        leader, lead_tile = fast.leader(tables, hands, None, deal_rng)
        hand = fast.FastHand(tables, hands, boneyard, leader, lead_tile)
        fast.run(hand, policy, chooser_rng)
        plays += len(hand.made)
        points += sum(hand.made)
        draws += len(tables.tiles) - dealt - len(hand.boneyard)
        if hand.kind == "blocked":
            blocked += 1
    return plays, draws, blocked, points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strategy", choices=sorted(STRATEGIES), default="greedy")
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    load_rules("dominos-cc")  # read the pack before the clock starts
    fast.tables(load_rules("dominos-cc"))
    rates = {"game": [], "fast": []}
    work = {}
    notes = []
    for _ in range(args.repeat):
        for name, function in (("game", play_hands), ("fast", play_fast_hands)):
            with Clock() as clock:
                work[name] = function(args.hands, args.seed, args.strategy)
            rates[name].append(args.hands / clock.wall)
            notes.append(f"{name}: {args.hands / clock.wall:,.0f} a second; {clock.note()}")
        if work["game"] != work["fast"]:
            raise SystemExit(f"the two loops played different hands: {work}")
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    game, quick = statistics.median(rates["game"]), statistics.median(rates["fast"])
    print(f"fives-tutor dominos-cc, 2 players, {args.strategy}, {args.hands} hands, median of {args.repeat}:")
    print(f"  game state machine: {game:,.0f} hands a second (issue 3 target: at least {TARGETS[args.strategy]:,})")
    print(f"  fast hand loop:     {quick:,.0f} hands a second: {quick / game:.2f} times (issue 12 target: at least 3)")
    plays, draws, blocked, points = work["fast"]
    print(f"  both: {plays} plays, {draws} draws, {blocked} blocked hands, {points} points in play; "
          f"seed {args.seed}; Python {platform.python_version()}; cores allowed: {cores}")
    for note in notes:
        print(f"  {note}")


if __name__ == "__main__":
    main()
