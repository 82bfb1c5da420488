"""Screen a change of the search hand by hand: two configurations of the default level
play the same hands, from the same match scores, against the expert (issue 20).

    nice python bench/hand_screen.py --a "" --b "search.SPREAD=4" [--hands 200] [--seed 1]
                                     [--rules dominos-cc] [--samples N] [--workers 2]

A duel of whole matches diverges as soon as two configurations choose differently, and
the luck of every later deal then differs too: 100 paired deals measure a win share to
about ±7 points. Here each unit is one hand: the hands, and the scores and earlier
hands of the match they start from, come from matches of expert players (seed
``SEED``); each is played twice for each configuration, its player in seat 0 and then
in seat 1 (the expert in the other), each configuration with the same seeds, so that
two configurations that choose alike score alike. A configuration is a comma-separated
list of ``MODULE.NAME=VALUE`` (``fives_tutor.engine.MODULE.NAME`` set to the Python
literal VALUE while it plays; empty: the engine as it is). The player is the default
level (``auto``, the search at the default budget or ``--samples``) with the match so
far: the scores and the earlier hands, from which it reads the expert's style.

Printed: for each configuration the mean point margin a hand (its points less the
expert's, the hand-end count included) and the share of the hands that ended the match
that it won; and B less A per hand with its 95% interval (paired by hand and seat), and
the CPU time a decision of each.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from fives_tutor.core.game import sides_for
from fives_tutor.engine.fast import Board, FastHand, deal, leader, run, tables
from fives_tutor.engine.history import history_of
from fives_tutor.engine.policies import SearchPolicy, policy_for
from fives_tutor.engine.styles import PastHand
from fives_tutor.packs.loader import load_rules


def configure(text: str) -> dict:
    """The settings of a configuration (``MODULE.NAME=VALUE,...``), applied; returns the
    values they replaced, to put back."""
    replaced = {}
    for item in filter(None, (part.strip() for part in split(text))):
        target, _, value = item.partition("=")
        module_name, _, name = target.rpartition(".")
        module = importlib.import_module(f"fives_tutor.engine.{module_name}")
        if not hasattr(module, name):
            raise SystemExit(f"hand_screen.py: fives_tutor.engine.{module_name} has no {name}")
        replaced[(module, name)] = getattr(module, name)
        setattr(module, name, ast.literal_eval(value))
    return replaced


def split(text: str) -> list[str]:
    """Split at the commas outside brackets and quotes."""
    parts, depth, current, quote = [], 0, "", ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        current += char
    parts.append(current)
    return parts


def restore(replaced: dict) -> None:
    for (module, name), value in replaced.items():
        setattr(module, name, value)


class Start:
    """A hand of a match of experts, with the match so far."""

    def __init__(self, hands, boneyard, who, lead_tile, scores, past, number) -> None:
        self.hands, self.boneyard, self.who, self.lead_tile = hands, boneyard, who, lead_tile
        self.scores, self.past, self.number = scores, past, number


def starts(rules_name: str, count: int, seed: str) -> list[Start]:
    rules = load_rules(rules_name)
    tb = tables(rules)
    sides = sides_for(rules, 2)
    expert = policy_for("expert")
    found: list[Start] = []
    index = 0
    while len(found) < count:
        rng = random.Random(f"{seed}:{index}")
        board = Board(rules, 2, [0, 0])
        previous = None
        past: list[tuple[FastHand, tuple[int, ...]]] = []
        number = 0
        while board.winner is None and len(found) < count:
            hands, boneyard = deal(tb, 2, rng)
            who, lead_tile = leader(tb, hands, previous, rng)
            found.append(Start([list(h) for h in hands], list(boneyard), who, lead_tile, tuple(board.scores),
                               list(past), number))
            hand = FastHand(tb, hands, boneyard, who, lead_tile, sides)
            hand.steps = []
            start_scores = tuple(board.scores)
            run(hand, expert, rng, board)
            past.append((hand, start_scores))
            previous = hand
            number += 1
        index += 1
    return found


def past_for(seat: int, past) -> list[PastHand]:
    """The earlier hands as ``seat`` saw them (the tiles it held, its scores first)."""
    result = []
    for number, (hand, scores) in enumerate(past):
        tb = hand.tb
        held = {tb.tiles[t] for t in hand.hands[seat]}
        held |= {s.tile for s in hand.steps if s.kind == "play" and s.player == seat and s.tile is not None}
        turned = tuple(scores[(seat + k) % 2] for k in range(2))
        result.append(PastHand(history_of(hand.steps, 2), frozenset(held), turned,
                               "first" if number == 0 else "later"))
    return result


class Timed:
    def __init__(self, inner) -> None:
        self.inner = inner
        self.cpu: list[float] = []

    def __call__(self, hand, found, rng):
        start = time.process_time()
        choice = self.inner(hand, found, rng)
        self.cpu.append(time.process_time() - start)
        return choice


def play_hand(rules, start: Start, seat: int, samples, seed: str):
    """A's margin over the hand (A in ``seat``), whether the match ended in it and A won
    it, and A's CPU times a decision."""
    tb = tables(rules)
    sides = sides_for(rules, 2)
    player = SearchPolicy("auto", samples, seed)
    player.past = past_for(seat, start.past)
    searcher = Timed(player)
    expert = policy_for("expert")
    board = Board(rules, 2, list(start.scores))
    hand = FastHand(tb, [list(h) for h in start.hands], list(start.boneyard), start.who, start.lead_tile, sides)
    hand.steps = []
    player._hand = hand  # the match so far is given: the player starts with this hand

    def seated(h, found, rng):
        return searcher(h, found, rng) if h.turn == seat else expert(h, found, rng)

    run(hand, seated, random.Random(seed), board)
    gained = [s - b for s, b in zip(board.scores, start.scores)]
    margin = gained[seat] - gained[1 - seat]
    ended = board.winner is not None
    return margin, ended, ended and board.winner == seat, searcher.cpu


_STARTS: dict = {}


def job(args):
    rules_name, count, index, a, b, samples, seed = args
    key = (rules_name, count, seed.split(":")[0])
    if key not in _STARTS:  # each worker deals the same hands once (they do not pickle)
        _STARTS[key] = starts(rules_name, count, f"screen:{key[2]}")
    start = _STARTS[key][index]
    rules = load_rules(rules_name)
    results = []
    for text in (a, b):
        replaced = configure(text)
        try:
            results.append([play_hand(rules, start, seat, samples, f"{seed}:{seat}") for seat in (0, 1)])
        finally:
            restore(replaced)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="")
    parser.add_argument("--b", default="")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--rules", default="dominos-cc")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--samples", type=int, default=None)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.hands < 2 or args.workers < 1:
        parser.error("--hands is a whole number above 1, --workers above 0")
    configure(args.a)  # fail early on a bad setting
    jobs = [(args.rules, args.hands, i, args.a, args.b, args.samples, f"{args.seed}:{i}") for i in range(args.hands)]
    margins = {"a": [], "b": []}
    wins = {"a": [], "b": []}
    cpu = {"a": [], "b": []}
    differences = []
    done = 0
    with ProcessPoolExecutor(args.workers) as pool:
        for result in pool.map(job, jobs):
            for name, seats in zip("ab", result):
                for margin, ended, won, times in seats:
                    margins[name].append(margin)
                    if ended:
                        wins[name].append(1.0 if won else 0.0)
                    cpu[name].extend(times)
            differences.append(statistics.mean(m for m, *_ in result[1]) - statistics.mean(m for m, *_ in result[0]))
            done += 1
            if done % 25 == 0:
                print(f"{done} hands", flush=True)
    mean = statistics.mean(differences)
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    for name, text in (("a", args.a), ("b", args.b)):
        ended = wins[name]
        print(f"{name.upper()} ({text or 'as it is'}): margin a hand {statistics.mean(margins[name]):+.2f}; "
              f"matches ended {len(ended)}, won {100 * statistics.mean(ended) if ended else 0:.1f}%; "
              f"CPU a decision median {1000 * statistics.median(cpu[name]):.1f} ms")
    print(f"B less A, {len(differences)} hands (each in both seats): {mean:+.2f} points a hand "
          f"(95%: {mean - 1.96 * error:+.2f} to {mean + 1.96 * error:+.2f})")


if __name__ == "__main__":
    main()
