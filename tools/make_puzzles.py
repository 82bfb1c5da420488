"""Generate the puzzle set shipped with fives-tutor, reproducibly from a seed.

    nice -n 10 python tools/make_puzzles.py --seed 1 --samples 1000 --per-combo 60 [--packs dominos-cc,...]

For every built-in pack and player count it plays simulated matches (every seat the
expert level; match ``i`` of pack P with N players deals from the seed
``SEED:P:N:i``) and looks at every decision with a choice:

1. cheap filters: Monte Carlo at a small budget (:data:`PRE_SAMPLES` deals a play)
   must prefer another play than the counting-only player (the most points now), and
   so must a shallow run of the deep check (:data:`MID_SAMPLES`), with the counting
   play at least half of :data:`~fives_tutor.tutor.puzzles.MIN_COST` behind;
2. the deep check (:func:`fives_tutor.tutor.puzzles.examine` at ``--samples`` deals a
   play, or proven where every tile is known): the best play beats the counting play
   and every other play clearly (:func:`fives_tutor.tutor.puzzles.refusal`);
3. a puzzle that passes gets its theme, and its starting rating from how often the
   weaker levels find it (:func:`fives_tutor.tutor.puzzles.solver_shares`).

At most :data:`PER_MATCH` puzzles come from one match (``--per-match``), the first
found; ``--per-hand 1`` takes at most one a hand, which spreads them over the match
(later hands, endgames, finishes near the target). The results are written to
``puzzles/<pack>.json`` atomically after each match, with how far the run got: run
the same command again and it goes on where it stopped (the same seed and budget give
the same puzzles). ``--measure`` prints the cost of each stage instead of writing;
``--rerate`` works the starting ratings out again from what the solvers found.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from fives_tutor.core.game import Match
from fives_tutor.core.plays import plays_for_tile
from fives_tutor.engine import Situation, parse_history, rank
from fives_tutor.packs.loader import list_packs, load_rules
from fives_tutor.tutor import puzzle_data, puzzles

#: deals a play of the pre-filter's Monte Carlo
PRE_SAMPLES = 24
#: deals a play of the second filter, a shallow run of the deep check
MID_SAMPLES = 96
#: the most puzzles taken from one match (variety: not ten positions of one hand)
PER_MATCH = 3
#: the most hands of a match looked at
MAX_DECISIONS = 400


def sides_first(match: Match, seat: int) -> tuple[int, ...]:
    """The scores by side, ``seat``'s side first, then the others in turn order."""
    order: list[int] = []
    for k in range(match.players):
        side = match.sides[(seat + k) % match.players]
        if side not in order:
            order.append(side)
    return tuple(match.scores[s] for s in order)


def positions(rules, players: int, seed: str):
    """Every decision with a choice in a simulated match (expert seats): yields
    ``(situation, history text, hand text, scores, weigh_match, lead, decision number, hand number)``.
    The hand so far is kept in the history's line format (docs/notation.md), as the
    puzzle stores it."""
    import random

    match = Match(rules, players, rng=random.Random(seed))
    events: list[str] = []
    hands_done = 0
    decision = 0
    while not match.over and decision < MAX_DECISIONS:
        hand = match.hand
        if len(match.history) != hands_done:
            hands_done = len(match.history)
            events = []
        options = hand.options()
        while not options and hand.can_draw():
            events.append(f"{hand.turn + 1} draws 1")
            match.draw()
            options = hand.options()
        if not options:
            events.append(f"{hand.turn + 1} passes")
            match.pass_turn()
            continue
        seat = hand.turn
        lead = "first" if not match.history else "later"
        scores = sides_first(match, seat)
        weigh = puzzles.near_target(scores, rules, players)
        text = "\n".join([f"players {players}", *events]) + "\n"
        tiles = list(hand.hands[seat])
        situation = Situation.from_history(parse_history(text, rules, players), tiles, rules,
                                           scores if weigh else None, lead)
        plays = situation.plays()
        if len(plays) > 1:
            decision += 1
            yield (situation, text, " ".join(map(str, tiles)), scores, weigh, lead, decision, hands_done + 1)
        chosen = rank(situation, "expert")[0].play
        # the history's layout may list the ends in another order than the game's
        # position: the end is found by how it is written
        index = -1
        if hand.position.ends:
            index = next(p.index for p in plays_for_tile(hand.position, chosen.tile, rules) if p.end == chosen.end)
            events.append(f"{seat + 1} plays {chosen.tile}@{chosen.end}")
        else:
            events.append(f"{seat + 1} leads {chosen.tile}")
        points = next(p for (t, i, p) in options if t == chosen.tile and i == index)
        match.play(chosen.tile, index, points)


def combos(packs: list[str]) -> list[tuple[str, int]]:
    found = []
    for pack in packs:
        rules = load_rules(pack)
        found += [(pack, n) for n in range(rules.players.min, rules.players.max + 1)]
    return found


def run_combo(pack: str, players: int, seed: str, samples: int, wanted: int, have: list, start: int,
              deadline: float, stats: dict, per_match: int = PER_MATCH, per_hand: int = 0):
    """Go on with matches from ``start`` until ``wanted`` puzzles of this player count
    are found or the ``deadline`` passes; yields after each match ``(next match, new puzzles)``."""
    rules = load_rules(pack)
    index = start
    while len(have) < wanted and time.time() < deadline:
        match_seed = f"{seed}:{pack}:{players}:{index}"
        found = []
        by_hand: dict[int, int] = {}
        for situation, history, hand, scores, weigh, lead, decision, number in positions(rules, players, match_seed):
            if len(found) >= per_match or time.time() >= deadline:
                break
            if per_hand and by_hand.get(number, 0) >= per_hand:
                continue
            stats["decisions"] += 1
            t0 = time.perf_counter()
            counting = puzzles.counting_play(situation)
            quick = rank(situation, "auto", samples=PRE_SAMPLES, seed=f"{match_seed}:{decision}:pre")[0].play
            stats["pre_s"] += time.perf_counter() - t0
            if quick.notation == counting.notation:
                continue
            stats["candidates"] += 1
            t0 = time.perf_counter()
            shallow = puzzles.examine(situation, MID_SAMPLES, f"{match_seed}:{decision}:mid")
            stats["mid_s"] += time.perf_counter() - t0
            if puzzles.refusal(shallow) in ("forced", "same") or shallow.cost < puzzles.MIN_COST / 2:
                stats["refused"]["mid"] = stats["refused"].get("mid", 0) + 1
                continue
            t0 = time.perf_counter()
            compared = puzzles.examine(situation, samples, f"{match_seed}:{decision}:deep")
            stats["deep_s"] += time.perf_counter() - t0
            why = puzzles.refusal(compared)
            stats["refused"][why or "accepted"] = stats["refused"].get(why or "accepted", 0) + 1
            if why is not None:
                continue
            t0 = time.perf_counter()
            shares = puzzles.solver_shares(situation, compared.best.play, f"{match_seed}:{decision}")
            stats["rate_s"] += time.perf_counter() - t0
            by_hand[number] = by_hand.get(number, 0) + 1
            identity = f"{pack}:{players}:{index}:{decision}"
            found.append(puzzles.make_puzzle(identity, pack, players, lead, history, hand, scores, weigh, situation,
                                             compared, samples, f"{match_seed}:{decision}", shares))
        index += 1
        have.extend(found)
        yield index, found


def rerate(folder: str) -> int:
    """Every puzzle file of ``folder`` with the ratings worked out again from ``found``."""
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(folder, name)
        generator, found = puzzle_data.read_file(path)
        again = [p._replace(rating=puzzles.starting_rating(p.found)) for p in found]
        again.sort(key=lambda p: (p.players, p.rating, p.id))
        puzzle_data.write_file(path, name[:-5], generator, again)
        print(f"{name}: {len(again)} puzzles rated again")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", default="1")
    parser.add_argument("--samples", type=int, default=1000, help="deals a play of the deep check")
    parser.add_argument("--per-combo", type=int, default=60, help="puzzles wanted per pack and player count")
    parser.add_argument("--packs", default="", help="comma-separated pack ids (default: every built-in pack)")
    parser.add_argument("--players", default="", help="comma-separated player counts (default: all the pack allows)")
    parser.add_argument("--hours", type=float, default=24.0, help="stop after this long")
    parser.add_argument("--per-match", type=int, default=PER_MATCH, help="the most puzzles taken from one match")
    parser.add_argument("--per-hand", type=int, default=0,
                        help="the most puzzles taken from one hand (0: no limit; 1 spreads them over the match, "
                             "endgames and finishes near the target included)")
    parser.add_argument("--measure", type=int, default=0, metavar="MATCHES",
                        help="only measure the cost over this many matches of each combination")
    parser.add_argument("--out", default=None, help="folder of the puzzle files (default: puzzles/)")
    parser.add_argument("--rerate", action="store_true",
                        help="only work out every puzzle's starting rating again from what the solvers found "
                             "(after a change of the ladder of notional ratings)")
    args = parser.parse_args(argv)
    if args.rerate:
        return rerate(args.out or puzzle_data.puzzle_dir())
    packs = [p for p in args.packs.split(",") if p] or [p.id for p in list_packs(include_user=False)]
    wanted_players = {int(n) for n in args.players.split(",") if n}
    folder = args.out or puzzle_data.puzzle_dir()
    os.makedirs(folder, exist_ok=True)
    deadline = time.time() + args.hours * 3600
    for pack, players in combos(packs):
        if wanted_players and players not in wanted_players:
            continue
        path = os.path.join(folder, f"{pack}.json")
        generator = {"seed": args.seed, "samples": args.samples, "pre_samples": PRE_SAMPLES, "mid_samples": MID_SAMPLES,
                     "per_match": args.per_match,
                     "min_cost": puzzles.MIN_COST, "z": puzzles.Z, "min_gap": puzzles.MIN_GAP, "next": {}}
        if args.per_hand:
            generator["per_hand"] = args.per_hand
        existing: list = []
        if os.path.isfile(path):
            old_generator, existing = puzzle_data.read_file(path)
            same = (old_generator.get("seed"), old_generator.get("samples"), old_generator.get("per_match", PER_MATCH),
                    old_generator.get("per_hand", 0)) == (args.seed, args.samples, args.per_match, args.per_hand)
            if not same:
                print(f"{path} was made with another seed, budget or spread: remove it to start over", file=sys.stderr)
                return 2
            generator["next"] = dict(old_generator.get("next", {}))
        have = [p for p in existing if p.players == players]
        start = int(generator["next"].get(str(players), 0))
        stats = {"decisions": 0, "candidates": 0, "pre_s": 0.0, "mid_s": 0.0, "deep_s": 0.0, "rate_s": 0.0, "refused": {}}
        began = time.perf_counter()
        combo_deadline = deadline if not args.measure else time.time() + 10 ** 6
        for index, _found in run_combo(pack, players, args.seed, args.samples, args.per_combo, have, start,
                                      combo_deadline, stats):
            if args.measure:
                if index - start >= args.measure:
                    break
                continue
            generator["next"][str(players)] = index
            others = [p for p in existing if p.players != players]
            every = sorted(others + have, key=lambda p: (p.players, p.rating, p.id))
            puzzle_data.write_file(path, pack, generator, every)
            existing = every
            print(f"{pack} {players}p: match {index}, {len(have)} puzzles, {time.perf_counter() - began:.0f}s",
                  flush=True)
        spent = time.perf_counter() - began
        accepted = stats["refused"].get("accepted", 0)
        print(f"{pack} {players}p: {stats['decisions']} decisions, {stats['candidates']} candidates, "
              f"refused {stats['refused']}, pre {stats['pre_s']:.0f}s mid {stats['mid_s']:.0f}s deep {stats['deep_s']:.0f}s "
              f"rating {stats['rate_s']:.0f}s, total {spent:.0f}s, "
              f"{spent / accepted if accepted else float('inf'):.1f}s per puzzle", flush=True)
        if time.time() >= deadline:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
