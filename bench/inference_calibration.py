"""Does weighting the sampled deals by the opponents' plays (inference-weighted sampling)
make the engine's picture of the hidden hands sharper? A check that needs no duel.

    nice python bench/inference_calibration.py [--matches 40] [--samples 200] [--opponent expert]
                                               [--strengths 0,0.05,0.1,0.2,0.4] [--rules dominos-cc]

Matches are played on the fast loop, every seat the ``--opponent`` level. At each
decision of seat 0 that has a choice (and after at least one play by the next player
since they last drew), the position is seen as seat 0 sees it (the hand's history read
as ``fives best --history`` reads it) and ``--samples`` deals of the hidden tiles are
drawn. For each weighting strength (0: every deal counts alike; s: each deal counts by
how likely the next player's plays since their last draw were, were they a player who
prefers points with strength s a point: fives_tutor.engine.search.play_weight), every
unseen tile gets the weighted share of deals that give it to the next player, compared
with where it really is: the mean log loss and Brier score over all tiles and decisions
(lower is better).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fives_tutor.core.game import sides_for
from fives_tutor.engine.fast import Board, FastHand, codes_position, deal, leader, run, tables
from fives_tutor.engine.levels import Situation, search_problem
from fives_tutor.engine.policies import policy_for
from fives_tutor.engine.search import deal_hidden, play_weight
from fives_tutor.packs.loader import load_rules


class Observer:
    def __init__(self, inner, strengths, samples, rng, scores):
        self.inner, self.strengths, self.samples, self.rng, self.scores = inner, strengths, samples, rng, scores

    def __call__(self, hand, found, rng):
        if hand.turn == 0 and hand.steps and self.rng.random() < 0.5:
            self.observe(hand)
        return self.inner(hand, found, rng)

    def observe(self, hand):
        tb = hand.tb
        steps = hand.steps
        played = [s.tile for s in steps if s.kind == "play"]
        situation = Situation.from_steps(codes_position(hand.ends, hand.lone), steps, played,
                                         [len(h) for h in hand.hands], steps[0].player, 0,
                                         [tb.tiles[t] for t in hand.hands[0]], tb.rules)
        if not situation.observed or not situation.observed[0]:
            return
        problem, _ = search_problem(situation)
        truth = set(hand.hands[1])
        unseen = [tb.index[t] for t in situation.unseen]
        shares = {s: dict.fromkeys(unseen, 0.0) for s in self.strengths}
        totals = dict.fromkeys(self.strengths, 0.0)
        for _ in range(self.samples):
            hands, _boneyard = deal_hidden(problem, self.rng)
            for strength in self.strengths:
                w = play_weight(tb, problem.observed, hands[1:], strength)
                totals[strength] += w
                for u in hands[1]:
                    shares[strength][u] += w
        for strength in self.strengths:
            loss = brier = 0.0
            for u in unseen:
                p = shares[strength][u] / totals[strength] if totals[strength] else 0.0
                p = min(max(p, 1e-3), 1 - 1e-3)
                held = u in truth
                loss -= math.log(p if held else 1 - p)
                brier += (p - held) ** 2
            self.scores[strength][0] += loss / len(unseen)
            self.scores[strength][1] += brier / len(unseen)
        self.scores["decisions"] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--opponent", default="expert")
    parser.add_argument("--strengths", default="0,0.05,0.1,0.2,0.4")
    parser.add_argument("--rules", default="dominos-cc")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    rules = load_rules(args.rules)
    tb = tables(rules)
    strengths = [float(x) for x in args.strengths.split(",")]
    scores = {s: [0.0, 0.0] for s in strengths}
    scores["decisions"] = 0
    for index in range(args.matches):
        rng = random.Random(f"calibration:{index}")
        policy = Observer(policy_for(args.opponent), strengths, args.samples, random.Random(f"obs:{index}"), scores)
        sides = sides_for(rules, args.players)
        board = Board(rules, args.players, [0] * len(set(sides)))
        previous = None
        while board.winner is None:
            hands, boneyard = deal(tb, args.players, rng)
            who, lead_tile = leader(tb, hands, previous, rng)
            hand = FastHand(tb, hands, boneyard, who, lead_tile, sides)
            hand.steps = []
            run(hand, policy, rng, board)
            previous = hand
    n = scores["decisions"]
    print(f"{args.rules}, {args.players} players, {args.opponent} players, {args.matches} matches, "
          f"{n} decisions of seat 0 with an observed play, {args.samples} deals each")
    for strength in strengths:
        loss, brier = scores[strength]
        print(f"  strength {strength:<5}: mean log loss {loss / n:.4f}, Brier {brier / n:.4f}")


if __name__ == "__main__":
    main()
