"""Tune the expert player's weights by measurement on paired deals (coordinate search).

    nice python bench/tune_expert.py [--deals 1500] [--rounds 2] [--rules dominos-cc] [--players 2]
                                     [--against greedy|defensive|expert] [--seed tune]

Each candidate set of weights plays the same ``--deals`` deals against the opponent,
each deal twice with the seats swapped (common random numbers: the candidates differ
only in their weights). One weight at a time is scaled by 0, 0.5, 1.5 and 2 and the
best match win share is kept (ties go to the weights already held); after the last
round the result is checked on ``--deals`` fresh deals (seed ``SEED:check``) against
the defaults. The weights found are printed as Python, to be copied into
fives_tutor/engine/expert.py (Weights) when they measure better.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from duelfast import duel

from fives_tutor.engine.expert import DEFAULT, Expert, Weights
from fives_tutor.engine.fast import greedy_policy
from fives_tutor.engine.policies import defensive_policy
from fives_tutor.packs.loader import load_rules

OPPONENTS = {"greedy": lambda: greedy_policy, "defensive": lambda: defensive_policy, "expert": Expert}


def measure(rules, weights, against, deals, players, seed):
    """A's win share (and its standard error and margin) against one opponent, or with
    ``both`` the mean of the two."""
    if against != "both":
        return duel(rules, lambda: Expert(weights), OPPONENTS[against], deals, players, seed)
    results = [duel(rules, lambda: Expert(weights), OPPONENTS[name], deals, players, f"{seed}:{name}")
               for name in ("greedy", "defensive")]
    return tuple(sum(r[i] for r in results) / 2 for i in range(3))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--rules", default="dominos-cc")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--against", choices=sorted(OPPONENTS) + ["both"], default="greedy")
    parser.add_argument("--seed", default="tune")
    args = parser.parse_args()
    rules = load_rules(args.rules)
    best = DEFAULT
    start = time.process_time()
    best_share, _, best_margin = measure(rules, best, args.against, args.deals, args.players, args.seed)
    print(f"defaults: {best_share:.4f} (margin {best_margin:.1f})", flush=True)
    for round_ in range(args.rounds):
        for name in Weights._fields:
            for factor in (0.0, 0.5, 1.5, 2.0):
                value = getattr(best, name) * factor if getattr(best, name) else factor
                trial = best._replace(**{name: round(value, 3)})
                if trial == best:
                    continue
                share, _, margin = measure(rules, trial, args.against, args.deals, args.players, args.seed)
                better = share > best_share + 1e-9 or (abs(share - best_share) < 1e-9 and margin > best_margin)
                print(f"round {round_ + 1} {name}={getattr(trial, name)}: {share:.4f} (margin {margin:.1f})"
                      f"{'  kept' if better else ''}", flush=True)
                if better:
                    best, best_share, best_margin = trial, share, margin
    check_seed = f"{args.seed}:check"
    default_check = measure(rules, DEFAULT, args.against, args.deals, args.players, check_seed)
    best_check = measure(rules, best, args.against, args.deals, args.players, check_seed)
    print(f"fresh deals: defaults {default_check[0]:.4f} ± {default_check[1]:.4f}, "
          f"tuned {best_check[0]:.4f} ± {best_check[1]:.4f}")
    print(f"weights: {best!r}")
    print(f"CPU time: {time.process_time() - start:.0f} s")


if __name__ == "__main__":
    main()
