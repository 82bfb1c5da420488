"""Late two-player hands with tiles left to draw: solving each sampled deal exactly (its
boneyard in a known order) against playing it out, on the same positions (issue 20).

    nice python bench/endgame_solve.py [--positions 200] [--rules dominos-cc] [--seed 1]

`fives best` without the scores solved every sampled deal exactly once the two hands
held 8 tiles or fewer, whatever was left to draw: slow (seconds) with a long boneyard.
The engine now solves a deal only when nothing is left to draw
(`fives_tutor.engine.search.SOLVE_BONEYARD`). This measures what that costs in play:
positions are taken from matches of expert players, at decisions of seat 0 where the
two hands hold at most `SOLVE_TILES` tiles and tiles may still be drawn. From each, the
rest of the hand is played twice on the same deal and boneyard: seat 0 ranked by
`rank(situation)` at `fives best`'s defaults without scores (as `fives best "ENDS"
--hand ... --history ...` asks it), once with every such deal solved (the old rule,
`SOLVE_BONEYARD` large) and once as now; seat 1 the expert. Printed: seat 0's mean
point margin over the rest of the hand each way, the paired difference with its 95%
interval, and the CPU time a decision each way.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from fives_tutor import load_rules
from fives_tutor.engine import Situation, rank
from fives_tutor.engine import search as search_module
from fives_tutor.engine.fast import Board, FastHand, codes_position, deal, leader, run, tables
from fives_tutor.engine.policies import policy_for

OLD_RULE = 10 ** 6  # every deal solved, whatever is left to draw


def copy(hand: FastHand) -> FastHand:
    other = hand.copy()
    other.steps = list(hand.steps or ())
    other.made, other.credited = list(hand.made), list(hand.credited)
    return other


class Searcher:
    """Seat 0 at `fives best`'s defaults, no scores, with the deals solved by ``rule``."""

    def __init__(self, rule: int, seed: str) -> None:
        self.rule = rule
        self.seed = seed
        self.times: list[float] = []

    def __call__(self, hand, found, rng):
        if hand.turn != 0:
            return expert(hand, found, rng)
        tb = hand.tb
        steps = hand.steps
        played = [s.tile for s in steps if s.kind == "play"]
        situation = Situation.from_steps(codes_position(hand.ends, hand.lone), steps, played,
                                         [len(h) for h in hand.hands], steps[0].player if steps else 0, 0,
                                         [tb.tiles[t] for t in hand.hands[0]], tb.rules,
                                         lead="first" if hand.lead_tile >= 0 else "later")
        search_module.SOLVE_BONEYARD = self.rule
        start = time.process_time()
        best = rank(situation, seed=f"{self.seed}:{len(steps)}")[0].play
        self.times.append(time.process_time() - start)
        t = tb.index[best.tile]
        return next((o for o in found if o[0] == t and o[1] == best.index), found[0])


expert = policy_for("expert")


class Collector:
    """The expert at both seats; keeps seat 0's late decisions with a boneyard left."""

    def __init__(self, found: list) -> None:
        self.found = found

    def __call__(self, hand, options, rng):
        drawable = len(hand.boneyard) - hand.reserve
        if hand.turn == 0 and len(hand.hands[0]) + len(hand.hands[1]) <= search_module.SOLVE_TILES and drawable > 0:
            self.found.append(copy(hand))
        return expert(hand, options, rng)


def positions(rules_name: str, count: int, seed: int) -> list[FastHand]:
    rules = load_rules(rules_name)
    tb = tables(rules)
    found: list[FastHand] = []
    index = 0
    while len(found) < count:
        rng = random.Random(f"{seed}:{index}")
        hands, boneyard = deal(tb, 2, rng)
        who, lead_tile = leader(tb, hands, None, rng)
        hand = FastHand(tb, hands, boneyard, who, lead_tile)
        hand.steps = []
        before = len(found)
        run(hand, Collector(found), rng, None)
        if len(found) > before + 1:  # one position a hand: the hands stay independent
            del found[before + 1:]
        index += 1
    return found[:count]


def margin(start: FastHand, rule: int, seed: str) -> tuple[float, list[float]]:
    hand = copy(start)
    searcher = Searcher(rule, seed)
    board = Board(hand.tb.rules, 2, [0, 0])
    board.target = 10 ** 9
    board.exact = board.bounce = False
    run(hand, searcher, random.Random(seed), board)
    return float(board.scores[0] - board.scores[1]), searcher.times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--rules", default="dominos-cc")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.positions < 2:
        parser.error("--positions is a whole number above 1")
    found = positions(args.rules, args.positions, args.seed)
    old, new, old_times, new_times = [], [], [], []
    for number, start in enumerate(found):
        seed = f"{args.seed}:{number}"
        value, times = margin(start, OLD_RULE, seed)
        old.append(value)
        old_times += times
        value, times = margin(start, 0, seed)
        new.append(value)
        new_times += times
        if (number + 1) % 20 == 0:
            print(f"{number + 1} positions", flush=True)
    differences = [b - a for a, b in zip(old, new)]
    mean = statistics.mean(differences)
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    print(f"{args.rules}, {len(found)} positions (2 players, at most {search_module.SOLVE_TILES} tiles in the two "
          f"hands, tiles left to draw), seat 0's margin to the end of the hand against the expert:")
    print(f"  every deal solved (the old rule): {statistics.mean(old):+.2f} points; CPU a decision median "
          f"{statistics.median(old_times):.3f} s, worst {max(old_times):.3f} s")
    print(f"  deals with a boneyard played out (now): {statistics.mean(new):+.2f} points; CPU a decision median "
          f"{statistics.median(new_times):.3f} s, worst {max(new_times):.3f} s")
    print(f"  now less the old rule: {mean:+.2f} points (95%: {mean - 1.96 * error:+.2f} to {mean + 1.96 * error:+.2f})")


if __name__ == "__main__":
    main()
