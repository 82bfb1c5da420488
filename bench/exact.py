"""The exact endgame solver on two-player endgames with every tile known and an empty
boneyard: the time and memory to prove the value of every move, over N deals.

    python bench/exact.py [--deals 30] [--tiles 7] [--seed 1] [--rules dominos-cc]
    python bench/exact.py --deals 10 --tiles 9 --rules pagat-all-fives

Each deal gives two random hands of ``--tiles`` tiles from a double-six set (the other
tiles out of play) and the first player leads (any tile: the lead rule is not applied);
the solver returns the proven value of every lead. CPU time (time.process_time) and, in
a second solve, the peak memory it took (tracemalloc) are reported: median, 95th
percentile, worst.
Targets: issue 6, at most 1 s median for 7 against 7; issue 12, a 9-against-9 endgame
(the pagat deal; about 10 s and 285 MB before issue 12) within ``fives best``'s budget
or falling back to Monte Carlo under a second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc

from fives_tutor import Position, domino_set, load_rules
from fives_tutor.engine.search import solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--tiles", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="dominos-cc")
    args = parser.parse_args()
    rules = load_rules(args.rules)
    rng = random.Random(args.seed)
    times, peaks = [], []
    n = args.tiles
    for _ in range(args.deals):
        tiles = list(domino_set(rules.max_pips))
        rng.shuffle(tiles)
        hands = [tiles[:n], tiles[n:2 * n]]
        start = time.process_time()
        solve(rules, Position(), hands, 0, False, limit=10 ** 9)
        times.append(time.process_time() - start)
        # the memory in a second solve: tracing allocations slows the solver several times
        tracemalloc.start()
        solve(rules, Position(), hands, 0, False, limit=10 ** 9)
        peaks.append(tracemalloc.get_traced_memory()[1] / 2 ** 20)
        tracemalloc.stop()
    times.sort()
    peaks.sort()
    p95 = int(0.95 * (len(times) - 1))
    print(f"{args.deals} endgames of {n} against {n} tiles ({args.rules}): CPU median {statistics.median(times):.3f} s, "
          f"95th percentile {times[p95]:.3f} s, worst {times[-1]:.3f} s; memory median "
          f"{statistics.median(peaks):.0f} MB, worst {peaks[-1]:.0f} MB")


if __name__ == "__main__":
    main()
