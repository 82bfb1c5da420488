"""How long `fives best` thinks at its default settings, on positions of every pack and
player count, and on the worst cases found (issue 12: none over 1 s; a 7-tile opening
under 0.5 s).

    taskset -c 0 nice python bench/best_times.py [--positions 25] [--seed 1]

Positions come from matches played on the fast loop by expert players: at decisions of
seat 0 with a choice (about one in three, at random), the position is seen as seat 0
sees it (the hand's history, as `fives best --history` reads it) and ranked with the
default level and budget (`rank(situation)`, as `fives best` does with no options).
The time is the CPU time of the process (time.process_time), so that other work on the
machine does not count. Printed per pack and player count: the median, the 95th
percentile and the worst, with the history of the worst so that it can be replayed
with `fives best --history`. Then the hand-picked worst cases: openings (the first
lead where the pack lets any tile lead, the first reply), pagat's 9-tile hands, a
9-against-9 endgame with every tile known, five-up's many spinners.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fives_tutor import Position, load_rules, parse_hand
from fives_tutor.core.game import sides_for
from fives_tutor.core.tiles import domino_set
from fives_tutor.engine import Situation, rank
from fives_tutor.engine.fast import Board, FastHand, codes_position, deal, end_label, leader, run, tables
from fives_tutor.engine.history import Event, History, format_history
from fives_tutor.engine.policies import policy_for

PACKS = ["dominos-cc", "pagat-all-fives", "five-up", "muggins", "fives-and-threes"]


class Timer:
    def __init__(self, rng, times):
        self.inner = policy_for("expert")
        self.rng = rng
        self.times = times

    def __call__(self, hand, found, rng):
        if hand.turn == 0 and self.rng.random() < 0.35:
            tb = hand.tb
            steps = hand.steps
            played = [s.tile for s in steps if s.kind == "play"]
            situation = Situation.from_steps(codes_position(hand.ends, hand.lone), steps, played,
                                             [len(h) for h in hand.hands], steps[0].player if steps else 0, 0,
                                             [tb.tiles[t] for t in hand.hands[0]], tb.rules,
                                             lead="first" if hand.lead_tile >= 0 else "later")
            start = time.process_time()
            rank(situation)
            self.times.append((time.process_time() - start, steps, [tb.tiles[t] for t in hand.hands[0]]))
        return self.inner(hand, found, rng)


def history_text(steps, players) -> str:
    events = []
    for s in steps:
        if s.kind == "play":
            end = "" if not s.ends else _label(s.ends, s.lone, s.tile)
            events.append(Event("play", s.player, s.tile, end))
        elif s.kind == "draw":
            events.append(Event("draw", s.player, count=1))
        else:
            events.append(Event("pass", s.player))
    return format_history(History(players, tuple(events)))


def _label(ends, lone, tile):
    for index, code in enumerate(ends):
        if code >> 2 in tile:
            return end_label(ends, lone, index)
    return ""


def sample(pack: str, players: int, positions: int, seed: int):
    rules = load_rules(pack)
    tb = tables(rules)
    times = []
    rng = random.Random(f"{seed}:{pack}:{players}")
    index = 0
    while len(times) < positions:
        timer = Timer(random.Random(f"{seed}:{pack}:{players}:{index}:timer"), times)
        match_rng = random.Random(f"{seed}:{pack}:{players}:{index}")
        sides = sides_for(rules, players)
        board = Board(rules, players, [0] * len(set(sides)))
        previous = None
        while board.winner is None and len(times) < positions:
            hands, boneyard = deal(tb, players, match_rng)
            who, lead_tile = leader(tb, hands, previous, match_rng)
            hand = FastHand(tb, hands, boneyard, who, lead_tile, sides)
            hand.steps = []
            run(hand, timer, rng, board)
            previous = hand
        index += 1
    return times


def worst_cases():
    cases = []
    cc = load_rules("dominos-cc")
    cases.append(("dominos-cc, the first reply with 7 tiles (6|6 led)",
                  Situation.build(Position.parse("6|6*", cc), parse_hand("6|4 5|5 2|1 0|0 4|3 3|1 6|2"), cc)))
    cases.append(("dominos-cc, 7 tiles on 6 2",
                  Situation.build(Position.parse("6 2", cc), parse_hand("2|5 6|4 3|3 1|0 5|5 4|2 6|1"), cc)))
    pagat = load_rules("pagat-all-fives")
    cases.append(("pagat-all-fives, 3 players, a 7-tile opening: any tile may lead",
                  Situation.build(Position(), parse_hand("6|6 5|4 3|2 1|0 4|4 6|1 2|2"), pagat, opponents=[7, 7])))
    cases.append(("pagat-all-fives, 2 players, a 9-tile opening: any tile may lead",
                  Situation.build(Position(), parse_hand("6|6 5|4 3|2 1|0 4|4 6|1 2|2 3|1 5|0"), pagat)))
    rng = random.Random(9)
    tiles = list(domino_set(6))
    rng.shuffle(tiles)
    mine = tiles[:9]  # the opponent holds tiles[9:18]: every tile known
    played = tiles[18:]
    cases.append(("pagat-all-fives, 9 against 9, every tile known (exact, or Monte Carlo past its budget)",
                  Situation.build(Position(), mine, pagat, played, opponents=[9], lead="later")))
    five = load_rules("five-up")
    cases.append(("five-up, 5 tiles, a free lead",
                  Situation.build(Position(), parse_hand("6|5 6|4 3|3 1|0 5|5"), five, opponents=[5, 5, 5])))
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    worst_overall = (0.0, None)
    for pack in PACKS:
        rules = load_rules(pack)
        for players in range(rules.players.min, rules.players.max + 1):
            times = sample(pack, players, args.positions, args.seed)
            seconds = sorted(t for t, _, _ in times)
            worst = max(times, key=lambda item: item[0])
            print(f"{pack}, {players} players: {len(seconds)} positions, median {statistics.median(seconds):.3f} s, "
                  f"95th percentile {seconds[int(0.95 * (len(seconds) - 1))]:.3f} s, worst {seconds[-1]:.3f} s",
                  flush=True)
            if worst[0] > worst_overall[0]:
                worst_overall = (worst[0], (pack, players, worst[1], worst[2]))
    seconds, (pack, players, steps, hand) = worst_overall
    print(f"\nThe slowest of them ({seconds:.3f} s): fives best --rules {pack} --hand \"{' '.join(map(str, hand))}\" "
          f"--history FILE, FILE holding:")
    print(history_text(steps, players))
    print("Hand-picked worst cases (median of 3 runs):")
    for name, situation in worst_cases():
        runs = []
        for _ in range(3):
            start = time.process_time()
            ranked = rank(situation)
            runs.append(time.process_time() - start)
        proven = "proven" if ranked[0].proven else f"{ranked[0].samples} deals"
        print(f"  {name}: {statistics.median(runs):.3f} s ({len(ranked)} plays, {proven})", flush=True)


if __name__ == "__main__":
    main()
