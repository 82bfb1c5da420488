"""How long `fives best` thinks at its default settings, on positions of every pack and
player count, as a history and as people type them, and on hand-picked worst cases
(issue 12: none over 1 s; issue 20: none over 1 s, the common ones under 0.5 s).

    taskset -c 0 nice python bench/best_times.py [--positions 25] [--seed 1] [--views history,counts,typed]

Positions come from matches played on the fast loop by expert players: at decisions of
seat 0 with a choice (about one in three, at random). Each is timed as `fives best`
would see it in three ways (``--views``):

* ``history``: the hand's history, as `fives best --history FILE` reads it (every
  count, void and play known);
* ``counts``: the ends form and the hand typed, with every opponent's tile count given
  (`fives best "ENDS" --hand TILES --opponents N,N`): the tiles played in the middle of
  the line are not known, so they count as hidden;
* ``typed``: the ends form and the hand alone (`fives best "ENDS" --hand TILES`): no
  counts, so one opponent holding as many tiles as the hand, the rest in the boneyard.
  With three or four players at the table this is a two-player question, as the
  command asks it.

Each is ranked with the default level and budget (`rank(situation)`, as `fives best`
does with no options). The time is the CPU time of the process (time.process_time), so
that other work on the machine does not count; run it pinned to one core. Printed per
view, pack and player count: the median, the 95th percentile and the worst; then per
kind of position (an opening, a spinner with open arms, a short hand of at most 3
tiles with a boneyard left, a short hand with none, the rest mid-hand) over every pack;
then the slowest position found, as a command to replay; then the hand-picked cases
(the README's example, openings, pagat's 9-tile hands, a 9-against-9 endgame with every
tile known, five-up's many spinners, three and four players typed).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fives_tutor import Position, load_rules, parse_hand
from fives_tutor.core.game import sides_for
from fives_tutor.core.tiles import domino_set
from fives_tutor.engine import Situation, rank
from fives_tutor.engine.fast import ARM, SPINNER, Board, FastHand, codes_position, deal, end_label, leader, run, tables
from fives_tutor.engine.history import Event, History, format_history
from fives_tutor.engine.policies import policy_for

PACKS = ["dominos-cc", "pagat-all-fives", "five-up", "muggins", "fives-and-threes"]
VIEWS = ("history", "counts", "typed")

#: bars of issue 20: every default answer under 1 s, the common ones under 0.5 s
BAR = 1.0
COMMON_BAR = 0.5


class Case:
    """A decision of seat 0 met in a match: what each view needs."""

    def __init__(self, hand: FastHand) -> None:
        tb = hand.tb
        self.rules = tb.rules
        self.steps = list(hand.steps or ())
        self.played = [s.tile for s in self.steps if s.kind == "play"]
        self.counts = [len(h) for h in hand.hands]
        self.tiles = [tb.tiles[t] for t in hand.hands[0]]
        self.position = codes_position(hand.ends, hand.lone)
        self.lead = "first" if hand.lead_tile >= 0 else "later"
        self.leader = self.steps[0].player if self.steps else 0
        self.boneyard = len(hand.boneyard) - hand.reserve
        self.arms = any(code & 3 in (ARM, SPINNER) for code in hand.ends) and len(hand.ends) > 2
        self.players = hand.players

    @property
    def kind(self) -> str:
        if self.position.is_empty:
            return "opening"
        if self.arms:
            return "spinner with open arms"
        if len(self.tiles) <= 3:
            return "short hand, boneyard left" if self.boneyard > 0 else "short hand, no boneyard"
        return "mid-hand"

    def situation(self, view: str) -> Situation:
        if view == "history":
            return Situation.from_steps(self.position, self.steps, self.played, self.counts, self.leader, 0,
                                        self.tiles, self.rules, lead=self.lead)
        opponents = self.counts[1:] if view == "counts" else None
        return Situation.build(self.position, self.tiles, self.rules, opponents=opponents, lead=self.lead)

    def command(self, view: str) -> str:
        pack = self.rules.id
        hand = " ".join(map(str, self.tiles))
        if view == "history":
            return (f"fives best --rules {pack} --hand \"{hand}\" --history FILE, FILE holding:\n"
                    + history_text(self.steps, self.players))
        position = str(self.position) if not self.position.is_empty else "-"
        line = f"fives best \"{position}\" --rules {pack} --hand \"{hand}\""
        if view == "counts":
            line += " --opponents " + ",".join(map(str, self.counts[1:]))
        if self.lead == "later" and self.position.is_empty:
            line += " --lead later"
        return line


class Collector:
    """The expert at every seat; at seat 0's decisions with a choice, about one in three,
    the position is kept as a :class:`Case`."""

    def __init__(self, rng: random.Random, cases: list[Case]) -> None:
        self.inner = policy_for("expert")
        self.rng = rng
        self.cases = cases

    def __call__(self, hand, found, rng):
        if hand.turn == 0 and self.rng.random() < 0.35:
            self.cases.append(Case(hand))
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


def collect(pack: str, players: int, positions: int, seed: int) -> list[Case]:
    rules = load_rules(pack)
    tb = tables(rules)
    cases: list[Case] = []
    rng = random.Random(f"{seed}:{pack}:{players}")
    index = 0
    while len(cases) < positions:
        collector = Collector(random.Random(f"{seed}:{pack}:{players}:{index}:timer"), cases)
        match_rng = random.Random(f"{seed}:{pack}:{players}:{index}")
        sides = sides_for(rules, players)
        board = Board(rules, players, [0] * len(set(sides)))
        previous = None
        while board.winner is None and len(cases) < positions:
            hands, boneyard = deal(tb, players, match_rng)
            who, lead_tile = leader(tb, hands, previous, match_rng)
            hand = FastHand(tb, hands, boneyard, who, lead_tile, sides)
            hand.steps = []
            run(hand, collector, rng, board)
            previous = hand
        index += 1
    return cases[:positions]


def timed(situation: Situation) -> tuple[float, list]:
    start = time.process_time()
    ranked = rank(situation)
    return time.process_time() - start, ranked


def hand_picked() -> list[tuple[str, Situation]]:
    cases = []
    cc = load_rules("dominos-cc")
    cases.append(("the README's example: fives best \"6 2\" --hand \"2|5 6|4 3|3\"",
                  Situation.build(Position.parse("6 2", cc), parse_hand("2|5 6|4 3|3"), cc)))
    cases.append(("dominos-cc, 2 tiles typed, no counts: fives best \"6 2\" --hand \"2|5 6|4\"",
                  Situation.build(Position.parse("6 2", cc), parse_hand("2|5 6|4"), cc)))
    cases.append(("dominos-cc, a spinner with open arms typed: \"3 5|5* 5* 5*\" --hand \"5|0 3|2 6|1 4|4\"",
                  Situation.build(Position.parse("3 5|5* 5* 5*", cc), parse_hand("5|0 3|2 6|1 4|4"), cc)))
    cases.append(("dominos-cc, the first reply with 7 tiles (6|6 led)",
                  Situation.build(Position.parse("6|6*", cc), parse_hand("6|4 5|5 2|1 0|0 4|3 3|1 6|2"), cc)))
    cases.append(("dominos-cc, 7 tiles on 6 2",
                  Situation.build(Position.parse("6 2", cc), parse_hand("2|5 6|4 3|3 1|0 5|5 4|2 6|1"), cc)))
    pagat = load_rules("pagat-all-fives")
    cases.append(("pagat-all-fives, 3 players, a 7-tile opening: any tile may lead",
                  Situation.build(Position(), parse_hand("6|6 5|4 3|2 1|0 4|4 6|1 2|2"), pagat, opponents=[7, 7])))
    cases.append(("pagat-all-fives, 2 players, a 9-tile opening: any tile may lead",
                  Situation.build(Position(), parse_hand("6|6 5|4 3|2 1|0 4|4 6|1 2|2 3|1 5|0"), pagat)))
    cases.append(("pagat-all-fives, 4 players typed: \"3 2 5* 5*\" --hand \"5|1 2|2 6|3\" --opponents 3,4,3",
                  Situation.build(Position.parse("3 2 5* 5*", pagat), parse_hand("5|1 2|2 6|3"), pagat,
                                  opponents=[3, 4, 3])))
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
    cases.append(("five-up, two spinners open, 3 players typed: \"5|5* 6|6* 2 4\" --hand \"6|1 5|0 4|2 2|0\" "
                  "--opponents 4,5",
                  Situation.build(Position.parse("5|5* 6|6* 2 4", five), parse_hand("6|1 5|0 4|2 2|0"), five,
                                  opponents=[4, 5])))
    muggins = load_rules("muggins")
    cases.append(("muggins, 2 tiles typed, no counts: \"4 1\" --hand \"1|0 4|3\"",
                  Situation.build(Position.parse("4 1", muggins), parse_hand("1|0 4|3"), muggins)))
    threes = load_rules("fives-and-threes")
    cases.append(("fives-and-threes, 3 tiles typed, no counts: \"4 3\" --hand \"3|1 3|5 6|6\"",
                  Situation.build(Position.parse("4 3", threes), parse_hand("3|1 3|5 6|6"), threes)))
    return cases


def summary(seconds: list[float]) -> str:
    seconds = sorted(seconds)
    return (f"{len(seconds)} positions, median {statistics.median(seconds):.3f} s, 95th percentile "
            f"{seconds[int(0.95 * (len(seconds) - 1))]:.3f} s, worst {seconds[-1]:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=25, help="positions per pack and player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--views", default=",".join(VIEWS), help="comma-separated: history, counts, typed")
    parser.add_argument("--packs", default=",".join(PACKS), help="comma-separated pack names")
    parser.add_argument("--no-hand-picked", action="store_true", help="leave out the hand-picked cases")
    args = parser.parse_args()
    views = [v for v in args.views.split(",") if v]
    if args.positions < 1 or not views or any(v not in VIEWS for v in views):
        parser.error("--positions is a whole number above 0; --views names history, counts or typed")
    worst: tuple[float, Case | None, str] = (0.0, None, "")
    by_kind: dict[str, list[float]] = defaultdict(list)
    over = []
    for pack in args.packs.split(","):
        rules = load_rules(pack)
        for players in range(rules.players.min, rules.players.max + 1):
            cases = collect(pack, players, args.positions, args.seed)
            for view in views:
                seconds = []
                for case in cases:
                    took, _ranked = timed(case.situation(view))
                    seconds.append(took)
                    by_kind[case.kind].append(took)
                    if took > worst[0]:
                        worst = (took, case, view)
                    if took > BAR:
                        over.append((took, case, view))
                print(f"{view:8} {pack}, {players} players: {summary(seconds)}", flush=True)
    print("\nBy kind of position (every pack, player count and view):")
    for kind, seconds in sorted(by_kind.items()):
        common = sum(1 for s in seconds if s > COMMON_BAR)
        print(f"  {kind}: {summary(seconds)}; {common} over {COMMON_BAR} s")
    took, case, view = worst
    if case is not None:
        print(f"\nThe slowest of them ({took:.3f} s, {case.kind}, view {view}, {case.players} at the table):")
        print(case.command(view))
    print(f"\n{len(over)} positions over {BAR} s")
    for took, case, view in sorted(over, key=lambda item: -item[0])[:10]:
        print(f"  {took:.3f} s: {case.command(view).splitlines()[0]}")
    if args.no_hand_picked:
        return
    print("\nHand-picked cases (median of 3 runs):")
    for name, situation in hand_picked():
        runs = []
        for _ in range(3):
            took, ranked = timed(situation)
            runs.append(took)
        proven = "proven" if ranked[0].proven else f"{ranked[0].samples} deals"
        print(f"  {name}: {statistics.median(runs):.3f} s ({len(ranked)} plays, {proven})", flush=True)


if __name__ == "__main__":
    main()
