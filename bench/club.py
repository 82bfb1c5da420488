"""The club's commands on a realistic saved-games file: how long ``fives games standings``
and ``fives games player NAME`` take to answer, in every language.

    python bench/club.py [--matches 20] [--runs 5] [--seed 1] [--keep FILE]

It builds a saved-games file of ``--matches`` simulated matches of four friends (Ana,
Ben, Cy, Dee) in two packs, ``pagat-all-fives`` (two, three or four players; four as
two partnerships) and ``muggins`` (two or three players; unannounced points are called):
each match is played by the game state machine on seeded deals, each player with a
skill of their own (how often they make the scoring play, and announce and call
muggins), and written as the scorekeeper's events, one match a week. Then it runs each
command as a user would, a whole ``fives`` process, in every language: once with no
records cached (every match replayed through the scorekeeper) and ``--runs`` times more
(records cached, docs/club.md), and prints wall and processor times. The issue's bar:
under a second.

Run it with the Python of the environment where fives-tutor is installed (the
``fives`` script is looked up beside that Python), with ``nice -n 10`` on a shared machine.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from fives_tutor.core.game import Match
from fives_tutor.core.keeper import TableState, replay_saved
from fives_tutor.core.plays import legal_plays
from fives_tutor.packs.loader import load_pack_data, rules_from_data
from fives_tutor.store.journal import Journal

#: the friends, and how often each makes the best scoring play (else a random legal one)
SKILL = {"Ana": 0.9, "Ben": 0.6, "Cy": 0.75, "Dee": 0.4}
#: how often a player announces their points in full, and calls an opponent's muggins
CARE = {"Ana": 0.95, "Ben": 0.8, "Cy": 0.9, "Dee": 0.7}
PACKS = ("pagat-all-fives", "muggins")
LANGUAGES = ("en", "tl", "id", "nl", "fa")


def play_match(rules, names: list[str], rng: random.Random, seed: str) -> list[dict]:
    """One whole match of ``names`` under ``rules``, as the scorekeeper's events (each
    told to a scorekeeper as it happens, which asks for the pips when a hand ends)."""
    match = Match(rules, len(names), seed=seed)
    keeper = TableState(rules, names)
    events: list[dict] = []

    def tell(event: dict) -> None:
        keeper.apply(event)
        events.append(event)

    sides = match.sides
    while not match.over:
        hand = match.hand
        player = hand.turn
        options = hand.options(player)
        if options:
            if rng.random() < SKILL[names[player]]:
                best = max(points for _tile, _index, points in options)
                tile, index, points = rng.choice([o for o in options if o[2] == best])
            else:
                tile, index, points = rng.choice(options)
            lead = "first" if not match.history else "later"
            play = next(p for p in legal_plays(hand.position, tuple(hand.hands[player]), rules, lead)
                        if p.tile == tile and p.index == index)
            event = {"type": "play", "player": player, "tile": play.notation.partition("@")[0], "end": play.end}
            announced = None
            if rules.muggins.announce:
                announced = points if rng.random() < CARE[names[player]] else 0
                event["announced"] = announced
            match.play(tile, index, announced)
            tell(event)
            if rules.muggins.announce and announced != points and points and not match.over:
                caller = rng.choice([p for p in range(len(names)) if sides[p] != sides[player]])
                if rng.random() < CARE[names[caller]]:
                    match.claim(caller)
                    tell({"type": "claim", "player": caller})
        elif hand.can_draw():
            match.draw()
            tell({"type": "draw", "player": player, "count": 1})
        else:
            match.pass_turn()
            tell({"type": "pass", "player": player})
        if keeper.awaiting and not keeper.over:  # the hand is over: the table counts the pips
            tell({"type": "hand_end", "pips": list(hand.result.pips)})
    assert keeper.over and keeper.scores == list(match.scores), (seed, keeper.scores, match.scores)
    return events


def build(path: str, matches: int, seed: int) -> None:
    """Write ``matches`` simulated matches to the saved-games file ``path``."""
    rng = random.Random(seed)
    start = datetime.datetime(2024, 1, 6, 18, 0, tzinfo=datetime.timezone.utc)
    friends = list(SKILL)
    with Journal(path) as journal:
        for number in range(matches):
            pack = PACKS[number % len(PACKS)]
            data, _path = load_pack_data(pack)
            rules = rules_from_data(data)
            count = rng.choice([n for n in (2, 3, 4) if rules.players.min <= n <= rules.players.max
                                and (n < 4 or rules.players.partnerships_with_four)])
            names = rng.sample(friends, count)
            events = play_match(rules, names, rng, seed=f"club:{seed}:{number}")
            state = replay_saved(rules, names, None, events)  # the keeper takes every event
            assert state.over, (number, pack, names)
            when = (start + datetime.timedelta(days=7 * number)).isoformat()
            journal.import_match({"names": names, "rules_id": rules.id, "rules_data": data, "created": when},
                                 events, state.scores, True)


def timed(command: list[str], runs: int, env: dict) -> tuple[float, float, float, float, float]:
    """``command`` run once with no records cached (every match replayed), then ``runs``
    times more (records cached): the first run's wall and processor time (user + system,
    what a quiet machine would take), then the later runs' median and slowest wall time
    and median processor time, in seconds."""
    walls, cpus = [], []
    for _ in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        begin = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
        walls.append(time.perf_counter() - begin)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls[0], cpus[0], statistics.median(walls[1:]), max(walls[1:]), statistics.median(cpus[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", metavar="FILE", help="write the saved games to FILE and keep them")
    args = parser.parse_args()
    fives = os.path.join(os.path.dirname(sys.executable), "fives")
    with tempfile.TemporaryDirectory() as folder:
        path = args.keep or os.path.join(folder, "games.sqlite3")
        if os.path.exists(path):
            sys.exit(f"{path} exists: give a new file to --keep")
        begin = time.perf_counter()
        build(path, args.matches, args.seed)
        print(f"built {args.matches} matches of {', '.join(SKILL)} in {', '.join(PACKS)} "
              f"(seed {args.seed}) in {time.perf_counter() - begin:.1f} s")
        print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(f"{'command':<28} {'lang':<5} {'first: wall':>11} {'CPU':>7} {'later: wall':>12} {'slowest':>8} "
              f"{'CPU':>7}")
        worst = 0.0
        for words in (["games", "standings"], ["games", "player", "Ana"]):
            for lang in LANGUAGES:
                home = tempfile.mkdtemp(dir=folder)  # an empty records cache for each command and language
                env = dict(os.environ, FIVES_HOME=home)
                first, first_cpu, median, slowest, cpu = timed([fives, *words, "--db", path, "--lang", lang],
                                                               args.runs, env)
                worst = max(worst, first, slowest)
                print(f"{'fives ' + ' '.join(words):<28} {lang:<5} {first * 1000:>8.0f} ms {first_cpu * 1000:>4.0f} ms "
                      f"{median * 1000:>9.0f} ms {slowest * 1000:>5.0f} ms {cpu * 1000:>4.0f} ms")
        env = dict(os.environ, FIVES_HOME=tempfile.mkdtemp(dir=folder))
        for words in (["games", "list"], ["games", "show", "1"]):  # what the saved games cost already, for scale
            _first, _first_cpu, median, slowest, cpu = timed([fives, *words, "--db", path], args.runs, env)
            print(f"{'fives ' + ' '.join(words):<28} {'en':<5} {'':>11} {'':>7} {median * 1000:>9.0f} ms "
                  f"{slowest * 1000:>5.0f} ms {cpu * 1000:>4.0f} ms")
        print(f"first: no records cached (every match replayed); later: median of {args.runs} runs with the records "
              f"cached; CPU: user + system")
        print(f"slowest of all: {worst * 1000:.0f} ms (bar: under 1000 ms)")

if __name__ == "__main__":
    main()
