"""The cost of ``fives rules compare A B --matches N``, and the choice of the skill
duel's default level from the measured cost per move (issue 14).

    python bench/compare.py [--deals 200] [--levels monte-carlo:20,expert,defensive] [--matches 2000] [--repeat 3]

Part 1, the levels: each candidate level (strongest first) plays ``--deals`` paired
deals against greedy under dominos-cc in this process; the script reports its median
time per move (moves with a choice), its CPU time per match, and what a skill duel of
``--matches`` deals under two packs would cost spread over two workers. The default
level is the strongest whose duel, plus the simulation itself, fits in a minute with
room to spare (half of it: the machine is shared).

Part 2, the command: ``fives rules compare dominos-cc rules/examples/house-rules.yaml
--matches N --workers 2`` end to end (the ``fives`` script of the same environment,
a fresh process each time), ``--repeat`` times, with the median wall time and the CPU
time other processes used meanwhile (from /proc/stat; a timing during which they used
more than 5% of its wall time is marked). Target: under a minute on the two cores.

Run it unpinned from a folder outside the checkout, with fives-tutor installed.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

from clock import Clock

from fives_tutor.packs.loader import load_rules
from fives_tutor.study import duel
from fives_tutor.study.simulate import run

HERE = os.path.dirname(os.path.abspath(__file__))
HOUSE = os.path.join(os.path.dirname(HERE), "rules", "examples", "house-rules.yaml")
BUDGET = 60.0


def level_costs(levels, deals, matches):
    rules = load_rules("dominos-cc")
    print(f"Levels against greedy, dominos-cc, {deals} paired deals each, in this process:")
    found = {}
    for level in levels:
        start_cpu, start = time.process_time(), time.perf_counter()
        results = [duel.play(rules, level, "greedy", 2, "bench", i, swapped)
                   for i in range(deals) for swapped in (False, True)]
        cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start
        summary = duel.summarise(results)
        per_match = cpu / len(results)
        # a skill duel plays every deal twice under each of the two packs, on two workers
        estimate = per_match * matches * 2 * 2 / 2
        found[level] = estimate
        print(f"  {level:>16}: {summary.a_median * 1000:7.2f} ms a move (median, 95th percentile "
              f"{summary.a_p95 * 1000:.2f} ms), {per_match * 1000:7.1f} ms CPU a match, wins "
              f"{summary.wins.mean:.1%}; a {matches}-deal duel under two packs on two workers: about {estimate:.0f} s"
              f" (measured {wall:.1f} s wall)")
    return found


def simulation_cost(matches):
    start = time.process_time()
    run("dominos-cc", 2, "bench", matches // 4, "greedy")
    per_match = (time.process_time() - start) / (matches // 4)
    estimate = per_match * matches * 2 / 2
    print(f"The simulation itself: {per_match * 1000:.2f} ms CPU a match; {matches} matches under two packs on two "
          f"workers: about {estimate:.1f} s")
    return estimate


def _children_cpu() -> float:
    """CPU seconds of this process's finished children and their own children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def command(matches, repeat):
    fives = os.path.join(os.path.dirname(sys.executable), "fives")
    args = [fives, "rules", "compare", "dominos-cc", HOUSE, "--matches", str(matches), "--workers", "2"]
    print("\n$ " + " ".join(["fives"] + args[1:]))
    walls = []
    for _ in range(repeat):
        before = _children_cpu()
        with Clock() as clock:
            done = subprocess.run(args, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(done.stderr)
        ours = _children_cpu() - before  # the command and its workers
        others = None if clock.others is None else max(0.0, clock.others - ours)
        disturbed = others is not None and others > 0.05 * clock.wall
        note = "" if others is None else f"CPU of the command and its workers {ours:.1f} s, of other processes {others:.1f} s"
        walls.append((clock.wall, disturbed))
        print(f"  {clock.wall:6.1f} s  {note}{'  WARNING: other processes were busy' if disturbed else ''}")
    quiet = [wall for wall, disturbed in walls if not disturbed] or [wall for wall, _ in walls]
    median = statistics.median(quiet)
    print(f"median {median:.1f} s over {len(quiet)} timing(s){'' if len(quiet) == len(walls) else ' left undisturbed'};"
          f" target under {BUDGET:.0f} s: {'met' if median < BUDGET else 'NOT met'}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--levels", default="monte-carlo:20,expert,defensive",
                        help="candidate levels, strongest first (comma-separated)")
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-levels", action="store_true")
    options = parser.parse_args()
    if not options.skip_levels:
        simulation = simulation_cost(options.matches)
        costs = level_costs(options.levels.split(","), options.deals, options.matches)
        fitting = [level for level, cost in costs.items() if simulation + cost < BUDGET / 2]
        print(f"Strongest level that fits half the minute: {fitting[0] if fitting else 'none'}")
    command(options.matches, options.repeat)


if __name__ == "__main__":
    main()
