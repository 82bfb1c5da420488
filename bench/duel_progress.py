"""`fives duel` for a long measurement on a busy machine: the same matches, written down
as they finish, so that a run stopped at a deadline still gives the first deals.

    nice python bench/duel_progress.py A B --matches 600 --seed 3 [--rules dominos-cc]
                                       [--players 2] [--workers 2] --out FILE.jsonl [--resume]
    python bench/duel_progress.py --summarise FILE.jsonl      # the JSON of `fives duel --json`
    python bench/duel_progress.py --paired FILE1.jsonl FILE2.jsonl

The matches are `fives_tutor.study.duel`'s own (match i of seed S is dealt from
``random.Random("S:i")`` and played with every seating, whatever the chunking), in
chunks of ``--chunk`` deals over ``--workers`` processes; each chunk's matches are
appended to ``FILE.partial`` as one JSON line per match, in deal order, and the file
is renamed FILE once every deal is played (a run stopped early leaves FILE, perhaps a
committed result, as it was). ``--summarise`` prints what `fives duel --json` prints
for the deals written so far in either (every deal from the first with no gap): on a
finished run, exactly its figures. ``--paired`` compares two runs of
the same deals (the same seed, pack and B, two versions of A): per deal the share of
its matches A won, the mean difference between the runs over the deals both finished,
and its 95% interval (normal, from the per-deal differences).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor

from fives_tutor.packs.loader import load_rules
from fives_tutor.study import duel


def _record(match: duel.DuelMatch) -> dict:
    return match._asdict()


def summarise(path: str) -> dict:
    """`fives duel --json`'s figures for the matches in ``path`` (the first deals, no gap)."""
    rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    head = rows[0]
    matches = [duel.DuelMatch(**{k: (tuple(v) if isinstance(v, list) else v) for k, v in row.items()
                                 if k in duel.DuelMatch._fields}) for row in rows[1:]]
    seatings = head["seatings"]
    deals = len(matches) // seatings
    matches = matches[:deals * seatings]
    summary = duel.summarise(matches)
    return {"a": head["a"], "b": head["b"], "rules": head["rules"], "players": head["players"], "seed": head["seed"],
            "matches": summary.matches, "deals": deals, "seatings": seatings, "asked_deals": head["deals"],
            "a_win_rate": {"mean": summary.wins.mean, "low": summary.wins.low, "high": summary.wins.high},
            "margin_per_hand": {"mean": summary.margin.mean, "low": summary.margin.low, "high": summary.margin.high},
            "a_move_seconds": {"median": summary.a_median, "p95": summary.a_p95},
            "b_move_seconds": {"median": summary.b_median, "p95": summary.b_p95},
            "a_move_cpu_seconds": {"median": summary.a_cpu_median, "p95": summary.a_cpu_p95},
            "b_move_cpu_seconds": {"median": summary.b_cpu_median, "p95": summary.b_cpu_p95},
            "forfeits": {"a": summary.a_forfeits, "b": summary.b_forfeits, "reason": summary.forfeit_reason}}


def deal_shares(path: str) -> dict:
    """Per deal index, the share of its matches A won (deals with every seating played)."""
    rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    seatings = rows[0]["seatings"]
    won: dict = {}
    for row in rows[1:]:
        won.setdefault(row["index"], []).append(1.0 if row["a_won"] else 0.0)
    return {index: sum(v) / len(v) for index, v in won.items() if len(v) == seatings}


def paired(first: str, second: str) -> str:
    """The two runs' win shares on the deals both finished, and their difference."""
    a, b = deal_shares(first), deal_shares(second)
    common = sorted(set(a) & set(b))
    differences = [a[i] - b[i] for i in common]
    mean = statistics.mean(differences)
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    return (f"{len(common)} deals: first {100 * statistics.mean(a[i] for i in common):.1f}%, second "
            f"{100 * statistics.mean(b[i] for i in common):.1f}%, difference {100 * mean:+.1f} points "
            f"(95%: {100 * (mean - 1.96 * error):+.1f} to {100 * (mean + 1.96 * error):+.1f})")


def _kept_deals(partial: str, header: dict, seatings: int, chunk: int) -> int:
    """The deals of a stopped run's ``partial`` file to keep, a whole number of chunks
    (so that the run goes on with the very jobs it would have run), the file cut to
    them. Raises SystemExit when the file is not a run of the same duel."""
    with open(partial, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    if not lines or json.loads(lines[0]) != header:
        raise SystemExit(f"{partial} is not a run of this duel (its first line differs)")
    matches = []
    for line in lines[1:]:
        try:
            matches.append(json.loads(line))
        except ValueError:
            break  # a line cut by the stop
    kept = (len(matches) // seatings) // chunk * chunk
    with open(partial, "w", encoding="utf-8") as out:
        out.write(lines[0] + "\n")
        for match in matches[:kept * seatings]:
            out.write(json.dumps(match) + "\n")
    print(f"going on after {kept} deals", file=sys.stderr, flush=True)
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     usage="%(prog)s A B --out FILE [options] | --summarise FILE | --paired FILE FILE")
    parser.add_argument("a", nargs="?", metavar="A", help="the first contestant, as fives duel names it")
    parser.add_argument("b", nargs="?", metavar="B", help="the second contestant")
    parser.add_argument("--matches", type=int, default=600)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--rules", default="dominos-cc")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=4)
    parser.add_argument("--out", metavar="FILE", help="where the matches go (FILE.partial until every deal is played)")
    parser.add_argument("--resume", action="store_true",
                        help="go on with FILE.partial of a stopped run of the same duel (its whole chunks are kept)")
    parser.add_argument("--summarise", metavar="FILE")
    parser.add_argument("--paired", nargs=2, metavar="FILE")
    args = parser.parse_args()
    if args.paired:
        print(paired(*args.paired))
        return
    if args.summarise:
        print(json.dumps(summarise(args.summarise), indent=2))
        return
    if not (args.a and args.b and args.out):
        parser.error("a duel needs A, B and --out FILE (or use --summarise or --paired)")
    if args.matches < 1 or args.workers < 1 or args.chunk < 1:
        parser.error("--matches, --workers and --chunk are whole numbers above 0")

    rules = load_rules(args.rules)
    seatings = len(duel.seatings(rules, args.players))
    deals = -(-args.matches // seatings)  # as fives duel: --matches counts every seating's match
    for text in (args.a, args.b):
        duel.parse_contestant(text)
    partial = args.out + ".partial"
    header = {"a": args.a, "b": args.b, "rules": rules.id, "players": args.players, "seed": args.seed,
              "deals": deals, "seatings": seatings}
    first = 0
    if args.resume:
        first = _kept_deals(partial, header, seatings, args.chunk)
    # the levels ignore the move time; a version of fives-tutor from before it took none
    # (a "before" of --paired) gets the job without it
    timed = (duel.MOVE_TIME,) if hasattr(duel, "MOVE_TIME") else ()
    jobs = [(args.rules, args.a, args.b, args.players, args.seed, start, min(deals, start + args.chunk), *timed)
            for start in range(first, deals, args.chunk)]
    with open(partial, "a" if first else "w", encoding="utf-8") as out:
        if not first:
            out.write(json.dumps(header) + "\n")
            out.flush()
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            for done in pool.map(duel._job, jobs):
                for match in done:
                    out.write(json.dumps(_record(match)) + "\n")
                out.flush()
                print(f"{done[-1].index + 1} of {deals} deals", file=sys.stderr, flush=True)
    os.replace(partial, args.out)  # every deal played: the run is the result


if __name__ == "__main__":
    main()
