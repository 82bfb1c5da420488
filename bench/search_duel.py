"""Head-to-head duels of search configurations on the fast loop, to choose the search
(docs/benchmarks.md, issue 12): each deal is played with A in each seating.

    nice python bench/search_duel.py --a "method=ismcts" --b "method=sampling" --deals 100 --workers 2
    nice python bench/search_duel.py --a "method=sampling" --b expert --deals 100 --workers 2

A contestant is a fixed level (greedy, defensive, expert) or a search configuration,
comma-separated KEY=VALUE: ``level`` (monte-carlo), ``samples`` (deals a move, default
the engine's), ``method`` (sampling or ismcts), ``player`` (expert or greedy playouts), ``inference``
(the weighting strength), ``prune`` (true or false).
Prints A's match win share with its 95% interval and the margin per match, and the CPU
seconds used.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from duelfast import deal_results, summary

from fives_tutor.engine.policies import SearchPolicy, policy_for
from fives_tutor.packs.loader import load_rules

FIXED = ("greedy", "defensive", "expert", "random")


def maker(spec: str):
    if spec in FIXED:
        return lambda: policy_for(spec)
    options = {}
    for part in spec.split(","):
        key, _, value = part.partition("=")
        options[key] = _value(value)
    level = options.pop("level", "monte-carlo")
    samples = options.pop("samples", None)
    return lambda: SearchPolicy(level, samples, "bench", **options)


def _value(text: str):
    """A KEY=VALUE value as the number or truth value it spells, else the text."""
    if text in ("true", "false"):
        return text == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def job(args):
    rules_name, a, b, players, seed, index = args
    start = time.process_time()
    results = deal_results(load_rules(rules_name), maker(a), maker(b), players, seed, index)
    return results, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rules", default="dominos-cc")
    parser.add_argument("--seed", default="search")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    jobs = [(args.rules, args.a, args.b, args.players, args.seed, i) for i in range(args.deals)]
    results, cpu = [], 0.0
    with ProcessPoolExecutor(args.workers) as pool:
        for done, seconds in pool.map(job, jobs):
            results.extend(done)
            cpu += seconds
    share, error, margin = summary(results)
    print(f"A={args.a} B={args.b} {args.rules} {args.players} players, {args.deals} deals, {len(results)} matches: "
          f"A wins {share:.3f} (95% {share - 1.96 * error:.3f} to {share + 1.96 * error:.3f}), "
          f"margin per match {margin:+.1f}; CPU {cpu:.0f} s")


if __name__ == "__main__":
    main()
