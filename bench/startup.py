"""Start-up of a one-shot command: ``fives score "5 3" --play 3|0`` against
``python -c "import click"`` in the same environment, median of N runs each.

    python bench/startup.py [--runs 10]

Run it with the Python of the environment where fives-tutor is installed (the
``fives`` script is looked up beside that Python). Target (issue 2): at most 1.5x.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def median_ms(command: list[str], runs: int) -> float:
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)  # warm the file cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    fives = os.path.join(os.path.dirname(sys.executable), "fives")
    click_ms = median_ms([sys.executable, "-c", "import click"], args.runs)
    score_ms = median_ms([fives, "score", "5 3", "--play", "3|0"], args.runs)
    print(f"python -c 'import click':        {click_ms:6.1f} ms (median of {args.runs})")
    print(f"fives score '5 3' --play '3|0':  {score_ms:6.1f} ms (median of {args.runs})")
    print(f"ratio: {score_ms / click_ms:.2f} (target: at most 1.5)")


if __name__ == "__main__":
    main()
