"""Is each shipped puzzle's answer robust to the seed? Re-solve every puzzle with
another seed at the budget it was generated with, and report the share whose best play
is still the answer (target: 100%; docs/puzzles.md).

    nice -n 10 python bench/puzzles.py [--seed other] [--packs dominos-cc,...] [--limit N]

Each puzzle's position is rebuilt from its file (history, hand, scores) and ranked as
``fives best`` ranks it (level auto: exact where every tile is known, else Monte Carlo
with the puzzle's own number of deals a play), with a seed the generator never used
(:func:`fives_tutor.tutor.puzzles.resolve_seed`; a ``--seed`` that would meet one of the
generator's seeds, :func:`fives_tutor.tutor.puzzles.generation_seeds`, is refused). The
generator's confirmation (a second deep check before a puzzle is kept) uses a seed of
its own, never this one: selecting puzzles on this bench's deals would measure nothing.
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
    parser.add_argument("--seed", default=puzzles.RESOLVE_SEED)
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
        pack_began = time.perf_counter()
        for puzzle in found:
            seed = puzzles.resolve_seed(puzzle.id, args.seed)
            if seed in puzzles.generation_seeds(puzzle.seed):
                print(f"{puzzle.id}: the seed {seed!r} is one the generator used: choose another --seed",
                      file=sys.stderr)
                return 2
            situation = puzzles.situation_of(puzzle, rules)
            best = rank(situation, "auto", samples=puzzle.samples, seed=seed)[0]
            if best.play.notation == puzzle.answer:
                agree += 1
            else:
                print(f"  {puzzle.id}: {best.play.notation} instead of {puzzle.answer}", flush=True)
        total += len(found)
        same += agree
        print(f"{pack}: {agree} of {len(found)} puzzles give the same answer with another seed, "
              f"{time.perf_counter() - pack_began:.0f}s", flush=True)
    share = same / total if total else 0.0
    print(f"all: {same} of {total} ({share:.1%}) in {time.perf_counter() - began:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
