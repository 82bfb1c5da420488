"""Generate the puzzle set shipped with fives-tutor, reproducibly from a seed.

    nice -n 10 python tools/make_puzzles.py --seed 1 --samples 1000 --per-combo 60 [--packs dominos-cc,...]
    nice -n 10 python tools/make_puzzles.py --confirm [--packs dominos-cc,...]

For every built-in pack and player count it plays simulated matches (every seat the
expert level; match ``i`` of pack P with N players deals from the seed
``SEED:P:N:i``) and looks at every decision with a choice (decision ``d`` of the match
has the base seed ``SEED:P:N:i:d``, the puzzle's ``seed`` field):

1. cheap filters: Monte Carlo at a small budget (:data:`PRE_SAMPLES` deals a play)
   must prefer another play than the counting-only player (the most points now), and
   so must a shallow run of the deep check (:data:`MID_SAMPLES`), with the counting
   play at least half of :data:`~fives_tutor.tutor.puzzles.MIN_COST` behind;
2. the deep check (:func:`fives_tutor.tutor.puzzles.examine` at ``--samples`` deals a
   play, every play valued on every deal, or proven where every tile is known): the
   best play beats the counting play and every other play clearly
   (:func:`fives_tutor.tutor.puzzles.refusal`);
3. the confirmation: a second deep check at the same budget with the confirmation
   seed (:func:`fives_tutor.tutor.puzzles.confirm_seed`: other deals than the first
   check's, and never the seed with which ``bench/puzzles.py`` re-solves the set) must
   find the same answer under the same rules, at the stricter bar of
   :data:`fives_tutor.tutor.puzzles.Z_CONFIRM` standard errors
   (:func:`fives_tutor.tutor.puzzles.confirmation`); a proven answer needs none;
4. a puzzle that passes gets its theme, and its starting rating from how often the
   weaker levels find it (:func:`fives_tutor.tutor.puzzles.solver_shares`). Its
   stored figures are the first deep check's.

At most :data:`PER_MATCH` puzzles come from one match (``--per-match``), the first
found; ``--per-hand 1`` takes at most one a hand, which spreads them over the match
(later hands, endgames, finishes near the target). A file made with another spread
goes on with the new one: ``earlier`` in its generator settings says up to which match
of each player count the earlier spread was used. The results are written to
``puzzles/<pack>.json`` atomically after each match, with how far the run got: run
the same command again and it goes on where it stopped (the same seed and budget give
the same puzzles). ``--measure`` prints the cost of each stage instead of writing;
``--rerate`` works the starting ratings out again from what the solvers found, and
``--retheme`` the themes from the stored figures (:func:`fives_tutor.tutor.puzzles.stored_theme`).

``--confirm`` checks the puzzles already in the files again with the engine as it is
now: the deep check with the puzzle's own seed and the confirmation, each at the
puzzle's budget, as steps 2 to 4 above. A puzzle that no longer passes is dropped; one
that passes gets the figures, answer, theme, ratings and match weighing of the engine
as it is now. The file is written atomically after each puzzle with how far the check
got (``confirming`` in its generator settings): run it again and it goes on."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

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
#: the version of the confirmation rule a file's puzzles passed (its generator's ``confirm``):
#: 1, a second deep check at 3 standard errors with the other plays judged by the race;
#: 2, both checks with every play kept to the end, the second on fresh deals at
#: :data:`~fives_tutor.tutor.puzzles.Z_CONFIRM` standard errors
CONFIRM = 2


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
    are found or the ``deadline`` passes; yields after each match ``(next match, new puzzles)``.
    A match the deadline cuts short is not yielded: the next run plays it again whole."""
    rules = load_rules(pack)
    index = start
    while len(have) < wanted and time.time() < deadline:
        match_seed = f"{seed}:{pack}:{players}:{index}"
        found: list[puzzle_data.Puzzle] = []
        by_hand: dict[int, int] = {}
        for situation, history, hand, scores, weigh, lead, decision, number in positions(rules, players, match_seed):
            if len(found) >= per_match:
                break
            if time.time() >= deadline:
                return
            if per_hand and by_hand.get(number, 0) >= per_hand:
                continue
            base = f"{match_seed}:{decision}"
            stats["decisions"] += 1
            t0 = time.perf_counter()
            counting = puzzles.counting_play(situation)
            quick = rank(situation, "auto", samples=PRE_SAMPLES, seed=puzzles.check_seed(base, "pre"))[0].play
            stats["pre_s"] += time.perf_counter() - t0
            if quick.notation == counting.notation:
                continue
            stats["candidates"] += 1
            t0 = time.perf_counter()
            shallow = puzzles.examine(situation, MID_SAMPLES, puzzles.check_seed(base, "mid"))
            stats["mid_s"] += time.perf_counter() - t0
            if puzzles.refusal(shallow) in ("forced", "same") or shallow.cost < puzzles.MIN_COST / 2:
                stats["refused"]["mid"] = stats["refused"].get("mid", 0) + 1
                continue
            t0 = time.perf_counter()
            compared, why = deep_check(situation, samples, base, stats)
            stats["deep_s"] += time.perf_counter() - t0
            stats["refused"][why or "accepted"] = stats["refused"].get(why or "accepted", 0) + 1
            if why is not None:
                continue
            t0 = time.perf_counter()
            shares = puzzles.solver_shares(situation, compared.best.play, base)
            stats["rate_s"] += time.perf_counter() - t0
            by_hand[number] = by_hand.get(number, 0) + 1
            identity = f"{pack}:{players}:{index}:{decision}"
            found.append(puzzles.make_puzzle(identity, pack, players, lead, history, hand, scores, weigh, situation,
                                             compared, samples, base, shares))
        index += 1
        have.extend(found)
        yield index, found


def deep_check(situation, samples: int, base: str, stats: dict) -> tuple:
    """The deep check of a position (seed :func:`~fives_tutor.tutor.puzzles.deep_seed`
    of ``base``) and, where it finds a puzzle valued by Monte Carlo, the confirmation
    (:func:`~fives_tutor.tutor.puzzles.confirm_seed`): ``(first check's comparison,
    None or why refused)``, a refusal of the confirmation written ``confirm-REASON``.
    Adds the confirmation's seconds to ``stats["confirm_s"]`` when given."""
    compared = puzzles.examine(situation, samples, puzzles.deep_seed(base))
    why = puzzles.refusal(compared)
    if why is not None or compared.level == "exact":
        return compared, why   # a proven answer is the same on any seed
    t0 = time.perf_counter()
    second = puzzles.examine(situation, samples, puzzles.confirm_seed(base))
    if "confirm_s" in stats:
        stats["confirm_s"] += time.perf_counter() - t0
    again = puzzles.confirmation(compared, second)
    return compared, None if again is None else f"confirm-{again}"


def _seeds_apart(puzzle) -> None:
    """Stop when the bench's default seed for ``puzzle`` is one the generator used: the
    confirmation must not be measured on the bench's deals, nor the bench on the
    generator's (never true for ids and seeds written by this tool)."""
    if puzzles.resolve_seed(puzzle.id) in puzzles.generation_seeds(puzzle.seed):
        raise SystemExit(f"{puzzle.id}: the seed {puzzle.seed!r} meets the bench's seed; give the puzzle another")


def check_again(puzzle, rules) -> tuple:
    """``(the puzzle with the engine's figures as it is now, None)`` when ``puzzle``
    passes the deep check with its own seed and the confirmation, each at its own
    budget; else ``(None, why)``."""
    _seeds_apart(puzzle)
    weigh = puzzles.near_target(puzzle.scores, rules, puzzle.players)
    situation = puzzles.situation_of(puzzle._replace(match=weigh), rules)
    compared, why = deep_check(situation, puzzle.samples, puzzle.seed, {})
    if why is not None:
        return None, why
    shares = puzzles.solver_shares(situation, compared.best.play, puzzle.seed)
    return puzzles.make_puzzle(puzzle.id, puzzle.pack, puzzle.players, puzzle.lead, puzzle.history, puzzle.hand,
                               puzzle.scores, weigh, situation, compared, puzzle.samples, puzzle.seed,
                               shares), None


def _ordered(found: list) -> list:
    return sorted(found, key=lambda p: (p.players, p.rating, p.id))


def confirm(folder: str, packs: list[str], deadline: float) -> int:
    """Check every puzzle of the files of ``packs`` in ``folder`` again (:func:`check_again`),
    going on from where an earlier run stopped; drop those that fail, write the others
    with their new figures. 0 when done, 1 when the deadline stopped it."""
    for pack in packs:
        path = os.path.join(folder, f"{pack}.json")
        if not os.path.isfile(path):
            continue
        rules = load_rules(pack)
        generator, found = puzzle_data.read_file(path)
        position = int(generator.get("confirming", 0))
        began = time.perf_counter()
        dropped: dict[str, int] = {}
        changed = 0
        while position < len(found):
            if time.time() >= deadline:
                return 1
            puzzle = found[position]
            again, why = check_again(puzzle, rules)
            if again is None:
                found = found[:position] + found[position + 1:]
                dropped[why] = dropped.get(why, 0) + 1
                print(f"  {puzzle.id}: dropped ({why})", flush=True)
            else:
                if again.answer != puzzle.answer:
                    changed += 1
                    print(f"  {puzzle.id}: the answer is now {again.answer} (was {puzzle.answer})", flush=True)
                found[position] = again
                position += 1
            generator["confirming"] = position
            puzzle_data.write_file(path, pack, generator, found)
        del generator["confirming"]
        generator["confirm"] = CONFIRM
        generator["z_confirm"] = puzzles.Z_CONFIRM
        puzzle_data.write_file(path, pack, generator, _ordered(found))
        print(f"{pack}: {len(found)} puzzles kept, dropped {dropped or 'none'}, {changed} with another answer, "
              f"{time.perf_counter() - began:.0f}s", flush=True)
    return 0


def rewrite(folder: str, change, field: str) -> int:
    """Every puzzle file of ``folder`` written again with each puzzle's ``field`` worked
    out again by ``change(puzzle, rules)`` (no search), saying how many changed."""
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(folder, name)
        generator, found = puzzle_data.read_file(path)
        rules = load_rules(name[:-5])
        again = [p._replace(**{field: change(p, rules)}) for p in found]
        changed = sum(getattr(a, field) != getattr(p, field) for a, p in zip(again, found))
        puzzle_data.write_file(path, name[:-5], generator, _ordered(again))
        print(f"{name}: {len(again)} puzzles, {changed} with another {field}")
    return 0


def retheme(folder: str) -> int:
    """The themes worked out again from the stored figures, as the learner is shown them
    (the coach's judgement of them: :func:`~fives_tutor.tutor.puzzles.stored_theme`)."""
    return rewrite(folder, lambda p, rules: puzzles.stored_theme(p, puzzles.situation_of(p, rules)), "theme")


def rerate(folder: str) -> int:
    """The starting ratings worked out again from what the solvers found."""
    return rewrite(folder, lambda p, rules: puzzles.starting_rating(p.found), "rating")


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
    parser.add_argument("--retheme", action="store_true",
                        help="only work out every puzzle's theme again from its stored figures (after a change "
                             "of the coach's rule for the main reason)")
    parser.add_argument("--confirm", action="store_true",
                        help="only check the puzzles in the files again with the engine as it is now (the deep "
                             "check and the confirmation): drop those that fail, renew the figures of the others")
    args = parser.parse_args(argv)
    folder = args.out or puzzle_data.puzzle_dir()
    if args.rerate:
        return rerate(folder)
    if args.retheme:
        return retheme(folder)
    packs = [p for p in args.packs.split(",") if p] or [p.id for p in list_packs(include_user=False)]
    deadline = time.time() + args.hours * 3600
    if args.confirm:
        return confirm(folder, packs, deadline)
    wanted_players = {int(n) for n in args.players.split(",") if n}
    os.makedirs(folder, exist_ok=True)
    for pack, players in combos(packs):
        if wanted_players and players not in wanted_players:
            continue
        path = os.path.join(folder, f"{pack}.json")
        generator = {"seed": args.seed, "samples": args.samples, "pre_samples": PRE_SAMPLES, "mid_samples": MID_SAMPLES,
                     "per_match": args.per_match,
                     "min_cost": puzzles.MIN_COST, "z": puzzles.Z, "z_confirm": puzzles.Z_CONFIRM,
                     "min_gap": puzzles.MIN_GAP, "confirm": CONFIRM,
                     "next": {}}
        if args.per_hand:
            generator["per_hand"] = args.per_hand
        existing: list = []
        if os.path.isfile(path):
            old_generator, existing = puzzle_data.read_file(path)
            if (old_generator.get("seed"), old_generator.get("samples")) != (args.seed, args.samples):
                print(f"{path} was made with another seed or budget: remove it to start over", file=sys.stderr)
                return 2
            if "confirming" in old_generator:
                print(f"{path} is being checked again: finish with --confirm first", file=sys.stderr)
                return 2
            if old_generator.get("confirm") != CONFIRM and existing:
                print(f"{path} holds puzzles not confirmed: run --confirm first", file=sys.stderr)
                return 2
            generator["next"] = dict(old_generator.get("next", {}))
            earlier = list(old_generator.get("earlier", []))
            spread = (old_generator.get("per_match", PER_MATCH), old_generator.get("per_hand", 0))
            if spread != (args.per_match, args.per_hand) and not (earlier and earlier[-1]["until"] == generator["next"]):
                # the matches played so far keep their spread: say up to where it held
                earlier.append({"until": dict(generator["next"]), "per_match": spread[0], "per_hand": spread[1]})
            if earlier:
                generator["earlier"] = earlier
        have = [p for p in existing if p.players == players]
        start = int(generator["next"].get(str(players), 0))
        stats: dict[str, Any] = {"decisions": 0, "candidates": 0, "pre_s": 0.0, "mid_s": 0.0, "deep_s": 0.0,
                                 "confirm_s": 0.0, "rate_s": 0.0, "refused": {}}
        began = time.perf_counter()
        combo_deadline = deadline if not args.measure else time.time() + 10 ** 6
        for index, _found in run_combo(pack, players, args.seed, args.samples, args.per_combo, have, start,
                                      combo_deadline, stats, args.per_match, args.per_hand):
            if args.measure:
                if index - start >= args.measure:
                    break
                continue
            generator["next"][str(players)] = index
            others = [p for p in existing if p.players != players]
            every = _ordered(others + have)
            puzzle_data.write_file(path, pack, generator, every)
            existing = every
            print(f"{pack} {players}p: match {index}, {len(have)} puzzles, {time.perf_counter() - began:.0f}s",
                  flush=True)
        spent = time.perf_counter() - began
        accepted = stats["refused"].get("accepted", 0)
        print(f"{pack} {players}p: {stats['decisions']} decisions, {stats['candidates']} candidates, "
              f"refused {stats['refused']}, pre {stats['pre_s']:.0f}s mid {stats['mid_s']:.0f}s "
              f"deep {stats['deep_s']:.0f}s (confirmation {stats['confirm_s']:.0f}s) "
              f"rating {stats['rate_s']:.0f}s, total {spent:.0f}s, "
              f"{spent / accepted if accepted else float('inf'):.1f}s per puzzle", flush=True)
        if time.time() >= deadline:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
