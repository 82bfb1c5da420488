"""The exact endgame solver on two-player endgames with 7 tiles in each hand and an
empty boneyard: the time to prove the value of every move, median over N deals.

    python bench/exact.py [--deals 30] [--seed 1] [--rules dominos-cc]

Each deal gives two random 7-tile hands from a double-six set (the other 14 tiles out
of play) and the first player leads; the solver returns the proven value of every
lead. Target (issue 6): at most 1 s median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from fives_tutor import Position, domino_set, load_rules
from fives_tutor.engine.search import solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="dominos-cc")
    args = parser.parse_args()
    rules = load_rules(args.rules)
    rng = random.Random(args.seed)
    times = []
    for _ in range(args.deals):
        tiles = list(domino_set(rules.max_pips))
        rng.shuffle(tiles)
        hands = [tiles[:7], tiles[7:14]]
        start = time.perf_counter()
        solve(rules, Position(), hands, 0, False)
        times.append(time.perf_counter() - start)
    times.sort()
    print(f"{args.deals} endgames of 7 against 7 tiles ({args.rules}): median {statistics.median(times):.3f} s, "
          f"95th percentile {times[int(0.95 * (len(times) - 1))]:.3f} s, worst {times[-1]:.3f} s (target: median at most 1 s)")


if __name__ == "__main__":
    main()
