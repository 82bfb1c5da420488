"""Throughput of ``fives moves --batch``: positions of 2 to 4 open ends with a
7-tile hand, answered by one process.

    python bench/batch_moves.py [--positions 20000] [--seed 1]

The positions come from random legal play under dominos-cc (seeded), so they are
positions that arise at a table; each hand is 7 tiles the position does not show.
The command runs pinned to one core (taskset) when taskset exists.
Target (issue 2): at least 5,000 positions a second.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

from fives_tutor import Position, domino_set, load_rules, plays_for_tile


def positions(count: int, seed: int):
    rules = load_rules("dominos-cc")
    rng = random.Random(seed)
    produced = 0
    while produced < count:
        tiles = list(domino_set(6))
        rng.shuffle(tiles)
        board = Position()
        for tile in tiles[:rng.randint(2, 14)]:
            options = plays_for_tile(board, tile, rules)
            if options:
                board = rng.choice(options).after
        if not 2 <= len(board.ends) <= 4 or board.lone:
            continue
        hidden = [t for t in tiles if t not in board.tiles_in_view()]
        rng.shuffle(hidden)
        yield str(board), " ".join(map(str, hidden[:7]))
        produced += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        requests = os.path.join(folder, "requests.txt")
        with open(requests, "w", encoding="utf-8") as handle:
            for ends, hand in positions(args.positions, args.seed):
                handle.write(f'"{ends}" --hand "{hand}"\n')
        fives = os.path.join(os.path.dirname(sys.executable), "fives")
        command = [fives, "moves", "--batch", requests]
        if shutil.which("taskset"):
            command = ["taskset", "-c", "0"] + command
        start = time.perf_counter()
        result = subprocess.run(command, stdout=subprocess.PIPE, check=False)
        elapsed = time.perf_counter() - start
    if result.returncode not in (0, 2):  # 2: some lines were refused (and answered with their error)
        raise SystemExit(f"fives moves --batch failed with exit code {result.returncode}")
    answered = result.stdout.count(b"\n")
    refused = result.stdout.count(b'"error"')
    if refused:
        print(f"({refused} of the positions were refused: a hand that holds tiles the ends need)")
    print(f"{answered} positions in {elapsed:.2f} s: {answered / elapsed:,.0f} positions a second on one core "
          f"(target: at least 5,000)")


if __name__ == "__main__":
    main()
