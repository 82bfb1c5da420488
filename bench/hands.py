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
import time

from fives_tutor.game import Hand, deal, heaviest_double_or_tile
from fives_tutor.packs import load_rules
from fives_tutor.simulate import STRATEGIES

TARGETS = {"greedy": 3000, "random": 5000}


def _busy_on(cores) -> float | None:
    """CPU seconds the given cores have spent busy since boot (from /proc/stat), or None."""
    try:
        with open("/proc/stat", encoding="ascii") as handle:
            lines = [line.split() for line in handle if line.startswith("cpu") and line[3:4].isdigit()]
    except OSError:
        return None
    busy = 0
    for fields in lines:
        if int(fields[0][3:]) in cores:
            values = [int(x) for x in fields[1:9]]
            busy += sum(values) - values[3] - values[4]  # less idle and iowait
    return busy / os.sysconf("SC_CLK_TCK")


class Clock:
    """Wall time of a block and the CPU time other processes used meanwhile on the
    cores this process may run on (a figure spoiled by them should be run again) and
    on the other cores (busy neighbours can slow a pinned process down too)."""

    def __enter__(self):
        self.cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
        self.rest = set(range(os.cpu_count() or 1)) - self.cores
        self.busy, self.busy_rest = _busy_on(self.cores), _busy_on(self.rest)
        self.own, self.start = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.wall = time.perf_counter() - self.start
        own, busy, busy_rest = time.process_time() - self.own, _busy_on(self.cores), _busy_on(self.rest)
        self.others = None if busy is None or self.busy is None else max(0.0, busy - self.busy - own)
        self.others_rest = None if busy_rest is None or self.busy_rest is None else busy_rest - self.busy_rest
        return False

    def note(self) -> str:
        if self.others is None:
            return ""
        warning = ""
        if self.others > 0.05 * self.wall:
            warning = "  WARNING: other processes were busy, run it again"
        elif self.others_rest is not None and self.others_rest > 0.25 * self.wall:
            warning = "  (the other cores were busy: on this machine that can cost up to 20%)"
        rest = f", on the other cores: {self.others_rest:.2f} s" if self.rest and self.others_rest is not None else ""
        return f"other processes' CPU on these cores: {self.others:.2f} s{rest}{warning}"


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
