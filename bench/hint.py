"""How long `hint` takes at a real table, and the coach's judgement of a play (issue 13:
`hint` under a second on one core).

    taskset -c 0 nice python bench/hint.py [--matches 2] [--seed 1]

A real table is what the scorekeeper keeps: a `fives table` state with one player's hand
given at the deal and followed through the hand, every play, draw and pass recorded.
The positions come from practice matches (`fives play`'s session, which keeps exactly
that state) of every pack and player count, the followed player playing the plays a
beginner makes and the others the `greedy` level. At every turn of the followed player
with more than one legal play, the bench times what `hint` does (the state to the
engine's Situation, then `rank` at `fives best`'s defaults: level auto, the default
budget, the scores weighed) and what the coach does after the play (`coach.judge`: the
play against the best on the same deals). Times are the CPU time of the process
(time.process_time), so other work on the machine does not count. Printed per pack and
player count: positions, median, 95th percentile and worst of each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from play_scripts import new_practice, simple_line

from fives_tutor import load_rules
from fives_tutor.table.session import hint
from fives_tutor.tutor.coach import judge

PACKS = ["dominos-cc", "pagat-all-fives", "five-up", "muggins", "fives-and-threes"]


def measure(pack: str, players: int, matches: int, seed: int) -> tuple[list[float], list[float]]:
    hints, judged = [], []
    folder = tempfile.mkdtemp()
    for index in range(matches):
        journal, practice = new_practice(os.path.join(folder, f"{index}.sqlite3"), pack, players,
                                         f"{seed}:{index}", coach="off")
        try:
            while True:
                while practice.step() is not None:
                    pass
                if practice.state.over:
                    break
                line = simple_line(practice)
                if len(practice.legal()) > 1:
                    start = time.process_time()
                    hint(practice.state)
                    hints.append(time.process_time() - start)
                    start = time.process_time()
                    judge(practice.state, line.split()[0])
                    judged.append(time.process_time() - start)
                practice.handle(line)
        finally:
            journal.close()
    return hints, judged


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    return (f"median {statistics.median(ordered):.3f} s, 95th percentile {ordered[int(0.95 * (len(ordered) - 1))]:.3f} s,"
            f" worst {ordered[-1]:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2, help="practice matches per pack and player count")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    every_hint, every_judgement = [], []
    for pack in PACKS:
        rules = load_rules(pack)
        for players in range(rules.players.min, rules.players.max + 1):
            hints, judged = measure(pack, players, args.matches, args.seed)
            every_hint += hints
            every_judgement += judged
            print(f"{pack}, {players} players, {len(hints)} positions: hint {figures(hints)}; "
                  f"coach {figures(judged)}", flush=True)
    print(f"All {len(every_hint)} positions: hint {figures(every_hint)}; coach {figures(every_judgement)}")
    print(f"hint over 1 s: {sum(1 for t in every_hint if t > 1.0)} of {len(every_hint)}")


if __name__ == "__main__":
    main()
