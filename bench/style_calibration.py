"""How well the engine reads an opponent's style from their plays (fives_tutor.engine.styles),
without a duel: the softmax strengths and how fast the posterior finds the true style.

    nice python bench/style_calibration.py [--matches 30] [--opponents greedy,defensive,expert]
                                           [--strengths 0.25,0.5,1,2,4,8] [--rules dominos-cc] [--players 2]

Matches are played on the fast loop: seat 0 the expert, every other seat the
``--opponent`` level. For every play of seat 1 with a choice, knowing the hand it really
held, the log likelihood of the play under each style at each softmax strength (with
the tremble) is added up: the strength that explains a style's own plays best, and how
much better than the other styles. Then, reading as seat 0 reads (the hidden hand
averaged as fives_tutor.engine.styles.marginal does, the match so far included), the
posterior probability of the true style at each of seat 0's turns: its mean after 1-2,
3-5, 6-10, 11-20 and more plays of seat 1 with a choice.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fives_tutor.core.game import sides_for
from fives_tutor.engine import styles
from fives_tutor.engine.fast import Board, FastHand, deal, leader, run, tables
from fives_tutor.engine.policies import policy_for
from fives_tutor.packs.loader import load_rules

BUCKETS = ((1, 2), (3, 5), (6, 10), (11, 20), (21, 10 ** 6))


class Recorder:
    """Seat 0 plays expert and reads the others; the others play ``level``; seat 1's
    choices are scored with its true hand."""

    def __init__(self, tb, players, level, strengths, totals, readings, past, rng):
        self.tb, self.players = tb, players
        self.me, self.other = policy_for("expert"), policy_for(level)
        self.strengths, self.totals, self.readings, self.past, self.rng = strengths, totals, readings, past, rng

    def __call__(self, hand, found, rng):
        if hand.turn == 1 and len(found) > 1:
            self.score(hand, found)
        if hand.turn == 0:
            if self.rng.random() < 0.5:
                self.read(hand)
            return self.me(hand, found, rng)
        return self.other(hand, found, rng)

    def score(self, hand, found):
        chosen = self.other(hand, found, None)
        index = found.index(chosen)
        scale = 1.0 / styles.unit(self.tb)
        for style in styles.STYLES:
            values = styles.style_values(hand, found, style)
            for strength in self.strengths:
                p = styles._probability(values, index, strength * scale)
                self.totals[(style, strength)] += math.log(p)
        self.totals["plays"] += 1

    def read(self, hand):
        tb = self.tb
        found = styles.evidence(tb, self.players, hand.steps, hand.hands[0], tuple(hand.board.scores), self.lead(hand),
                                self.past)
        reading = styles.read(tb, found)
        plays = reading.plays[0]
        if plays:
            totals = styles.style_totals(reading.posteriors[0])
            self.readings.append((plays, totals))

    def lead(self, hand):
        return "first" if hand.lead_tile >= 0 else "later"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--opponents", default="greedy,defensive,expert")
    parser.add_argument("--strengths", default="0.25,0.5,1,2,4,8")
    parser.add_argument("--rules", default="dominos-cc")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    rules = load_rules(args.rules)
    tb = tables(rules)
    strengths = [float(x) for x in args.strengths.split(",")]
    sides = sides_for(rules, args.players)
    for level in args.opponents.split(","):
        totals = {(s, b): 0.0 for s in styles.STYLES for b in strengths}
        totals["plays"] = 0
        readings = []
        for index in range(args.matches):
            rng = random.Random(f"styles:{index}")
            past = []
            recorder = Recorder(tb, args.players, level, strengths, totals, readings, past,
                                random.Random(f"read:{index}"))
            board = Board(rules, args.players, [0] * len(set(sides)))
            previous = None
            while board.winner is None:
                hands, boneyard = deal(tb, args.players, rng)
                who, lead_tile = leader(tb, hands, previous, rng)
                hand = FastHand(tb, hands, boneyard, who, lead_tile, sides)
                hand.steps = []
                start = tuple(board.scores)
                run(hand, recorder, rng, board)
                # what seat 0 held over the hand: its deal, its draws (its tiles now and those it played)
                held_tiles = {tb.tiles[t] for t in hand.hands[0]} | {s.tile for s in hand.steps
                                                                      if s.kind == "play" and s.player == 0}
                past.append((tuple(hand.steps), frozenset(held_tiles), start, "first" if lead_tile >= 0 else "later"))
                previous = hand
        n = totals["plays"]
        print(f"{args.rules}, {args.players} players: seat 1 plays {level}, {args.matches} matches, "
              f"{n} plays with a choice")
        for style in styles.STYLES:
            row = ", ".join(f"{b:g}: {totals[(style, b)] / n:.3f}" for b in strengths)
            print(f"  mean log likelihood as {style:<9} by strength {row}")
        for low, high in BUCKETS:
            chosen = [t for plays, t in readings if low <= plays <= high]
            if not chosen:
                continue
            means = {s: statistics.mean(t[s] for t in chosen) for s in styles.STYLES}
            text = ", ".join(f"{s} {means[s]:.2f}" for s in styles.STYLES)
            print(f"  posterior after {low}-{high if high < 10 ** 6 else 'more'} plays ({len(chosen)} readings): {text}")


if __name__ == "__main__":
    main()
