"""Whole-process CPU time of the same ``fives`` command from two installations, run
alternately (before, after, after, before, ...) so that load on the machine falls on
both alike; the median of each and their ratio.

    python bench/cpu_compare.py BEFORE_FIVES AFTER_FIVES [--runs 21] -- ARGS...

``BEFORE_FIVES`` and ``AFTER_FIVES`` are the ``fives`` scripts of two virtual
environments with the project installed (not editable: an editable install adds its
own import hook), e.g. ``python -m venv /tmp/before && /tmp/before/bin/pip install
git+file://$PWD@eb0b5f2``. The time is user + system CPU of the child (not wall time),
as other work on a shared machine stretches wall time. Every run gets the same empty
data folder (``FIVES_HOME``), so no command reads a user's settings.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile


def cpu_seconds(command: list[str], env: dict[str, str]) -> float:
    """The CPU time (user + system, seconds) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=21)
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    options = parser.parse_args(argv[:split])
    args = argv[split + 1:]  # the command's arguments, after --
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, FIVES_HOME=home)
        pair = [("before", options.before), ("after", options.after)]
        times: dict[str, list[float]] = {"before": [], "after": []}
        for run in range(options.runs):
            for name, fives in pair if run % 2 == 0 else pair[::-1]:
                times[name].append(cpu_seconds([fives, *args], env))
    before, after = statistics.median(times["before"]), statistics.median(times["after"])
    print(f"fives {' '.join(args)}: before {before * 1000:.0f} ms, after {after * 1000:.0f} ms CPU "
          f"(medians of {options.runs}); after/before {after / before:.2f}")


if __name__ == "__main__":
    main()
