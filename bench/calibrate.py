"""The Monte Carlo budget (deals a move) that takes a given median CPU time a move in a
duel: the N of `monte-carlo:N` for the "100 ms a move" figures (docs/benchmarks.md).

    taskset -c 0 nice python bench/calibrate.py [--deals 6] [--samples 120,160,200,240] [--rules dominos-cc]
                                                [--no-styles] [--against expert]

For each N, `monte-carlo:N` plays ``--deals`` paired deals against `expert` (one
process) and the median and 95th percentile of its CPU time a move (moves with a
choice; time.thread_time) are printed. ``--no-styles`` measures the search without the
style model (``monte-carlo:N:no-styles``: every other player played as the expert). CPU time does not count other processes, but a
busy machine still slows a process down (shared caches): calibrate on a quiet core.
"""

from __future__ import annotations

import argparse

from fives_tutor.study import duel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--samples", default="120,160,200,240")
    parser.add_argument("--rules", default="dominos-cc")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--no-styles", action="store_true")
    parser.add_argument("--against", default="expert")
    args = parser.parse_args()
    for samples in (int(x) for x in args.samples.split(",")):
        level = f"monte-carlo:{samples}" + (":no-styles" if args.no_styles else "")
        results = duel.run(args.rules, level, args.against, args.deals, args.players, "calibrate")
        summary = duel.summarise(results)
        moves = sum(len(r.a_cpu) for r in results)
        print(f"{level}: {moves} moves, CPU a move median {summary.a_cpu_median * 1000:.1f} ms, "
              f"95th percentile {summary.a_cpu_p95 * 1000:.1f} ms (wall: median {summary.a_median * 1000:.1f} ms)",
              flush=True)


if __name__ == "__main__":
    main()
