"""Is each shipped puzzle's answer robust to the seed? Re-solve every puzzle with
another seed at the budget it was generated with, and report the share whose best play
is still the answer (target: 100%; docs/puzzles.md).

    nice -n 10 python bench/puzzles.py [--seed other] [--packs dominos-cc,...] [--limit N]

Each puzzle's position is rebuilt from its file (history, hand, scores) and ranked as
``fives best`` ranks it (level auto: exact where every tile is known, else Monte Carlo
with the puzzle's own number of deals a play), with a seed the generator never used.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from fives_tutor.engine import rank
from fives_tutor.packs.loader import load_rules
from fives_tutor.tutor import puzzle_data, puzzles


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", default="bench-resolve")
    parser.add_argument("--packs", default="", help="comma-separated pack ids (default: every shipped file)")
    parser.add_argument("--limit", type=int, default=0, help="at most this many puzzles a pack (0: all)")
    args = parser.parse_args(argv)
    packs = [p for p in args.packs.split(",") if p] or puzzle_data.shipped_packs()
    total = same = 0
    began = time.perf_counter()
    for pack in packs:
        rules = load_rules(pack)
        found = puzzle_data.load(pack)
        if args.limit:
            found = found[:args.limit]
        agree = 0
        for puzzle in found:
            situation = puzzles.situation_of(puzzle, rules)
            best = rank(situation, "auto", samples=puzzle.samples, seed=f"{args.seed}:{puzzle.id}")[0]
            if best.play.notation == puzzle.answer:
                agree += 1
            else:
                print(f"  {puzzle.id}: {best.play.notation} instead of {puzzle.answer}", flush=True)
        total += len(found)
        same += agree
        print(f"{pack}: {agree} of {len(found)} puzzles give the same answer with another seed", flush=True)
    share = same / total if total else 0.0
    print(f"all: {same} of {total} ({share:.1%}) in {time.perf_counter() - began:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
