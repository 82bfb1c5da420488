"""An all-seeing player: what the search would win if it could see every hidden tile
(issue 20: the share of the gap to such a player that a stronger default closes).

    nice python bench/all_seeing.py [--against expert] [--deals 300] [--seed 20] [--workers 2]

The player reads the true hands and the boneyard's order from the fast loop (it cheats:
it lives here, never in the engine). At each decision with a choice it plays each legal
play on a copy of the true hand and plays the hand out with every player as the expert
(the opponent of the duel is the expert: its true way of playing), valuing each play as
the search does (the point difference to the end of the hand, and a match won or lost
within it counts `WIN_VALUE` more). It is the default level's search with the one true
deal instead of 100 sampled ones, and nothing to infer.

The matches are those of `fives duel ALL-SEEING B --matches 2*DEALS --seed S` (match i of
seed S dealt from `random.Random("S:i")`, each deal played with A in each seating:
`bench/duelfast.py`), so that its rate against B can be set beside the default level's
on the same deals. Prints A's match win share with its 95% interval (clustered by deal:
the two seatings of a deal share it), the margin per match and the CPU time a move.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from duelfast import deal_results

from fives_tutor.engine.expert import Expert
from fives_tutor.engine.fast import Board, play, run, take
from fives_tutor.engine.names import WIN_VALUE
from fives_tutor.engine.policies import policy_for
from fives_tutor.packs.loader import load_rules


class AllSeeing:
    """Each play valued by playouts of the true hand, every player the expert: with
    ``orders`` 0 one playout with the boneyard in its true order (it sees the draws to
    come too), else the mean over ``orders`` shuffles of the boneyard (it sees every
    hand, and which tiles are in the boneyard, but not the order they will come in)."""

    def __init__(self, orders: int = 0) -> None:
        self.expert = Expert()
        self.orders = orders
        self.cpu: list[float] = []

    def __call__(self, hand, found, rng):
        start = time.process_time()
        shuffler = random.Random(repr((hand.ends, hand.masks, hand.turn)))
        orders = [list(hand.boneyard)]
        if self.orders:
            orders = []
            for _ in range(self.orders):
                boneyard = list(hand.boneyard)
                shuffler.shuffle(boneyard)
                orders.append(boneyard)
        best, best_value = found[0], None
        for option in found:
            value = statistics.mean(self.playout(hand, option, boneyard, rng) for boneyard in orders)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = option, value
        self.cpu.append(time.process_time() - start)
        return best

    def playout(self, hand, option, boneyard, rng) -> float:
        side = hand.sides[hand.turn]
        copy = hand.copy()
        copy.boneyard = list(boneyard)
        copy.made, copy.credited = list(hand.made), list(hand.credited)
        source = hand.board
        board = Board.__new__(Board)
        board.scores = list(source.scores)
        board.target, board.exact, board.bounce, board.winner = source.target, source.exact, source.bounce, None
        start_scores = list(board.scores)
        copy.board = board
        points = play(copy, option[0], option[1])
        if not take(copy, board, side, points):
            run(copy, self.expert, rng, board)
        gained = [s - b for s, b in zip(board.scores, start_scores)]
        others = [g for s, g in enumerate(gained) if s != side]
        value = gained[side] - (sum(others) / len(others) if others else 0)
        if board.winner is not None:
            value += WIN_VALUE if board.winner == side else -WIN_VALUE
        return value


def job(args):
    rules_name, against, players, seed, index, orders = args
    seers: list[AllSeeing] = []

    def make_a():
        seers.append(AllSeeing(orders))
        return seers[-1]

    results = deal_results(load_rules(rules_name), make_a, lambda: policy_for(against), players, seed, index)
    return results, [c for s in seers for c in s.cpu]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="expert")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rules", default="dominos-cc")
    parser.add_argument("--seed", default="20")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--orders", type=int, default=0,
                        help="0: the true order of the boneyard; N: the mean over N shuffles of it")
    args = parser.parse_args()
    if args.deals < 2 or args.workers < 1:
        parser.error("--deals is a whole number above 1, --workers above 0")
    jobs = [(args.rules, args.against, args.players, args.seed, i, args.orders) for i in range(args.deals)]
    shares, margins, cpu = [], [], []
    with ProcessPoolExecutor(args.workers) as pool:
        for results, times in pool.map(job, jobs):
            shares.append(statistics.mean(w for w, _ in results))
            margins.extend(m for _, m in results)
            cpu.extend(times)
    share = statistics.mean(shares)
    error = statistics.stdev(shares) / math.sqrt(len(shares))
    sees = "the boneyard's order too" if not args.orders else f"the boneyard shuffled {args.orders} times"
    print(f"all-seeing ({sees}) against {args.against}, {args.rules}, {args.players} players, seed {args.seed}, "
          f"{len(shares)} deals ({len(margins)} matches): A wins {100 * share:.1f}% "
          f"(95%: {100 * (share - 1.96 * error):.1f}% to {100 * (share + 1.96 * error):.1f}%), "
          f"margin per match {statistics.mean(margins):+.1f}; CPU a move median {1000 * statistics.median(cpu):.2f} ms")


if __name__ == "__main__":
    main()
