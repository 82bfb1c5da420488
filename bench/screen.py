"""A duel of `bench/duel_progress.py` with some of the engine's module constants set
otherwise: to screen a change of the search against the same deals before making it
the default (issue 20).

    nice python bench/screen.py --set search.SPREAD=4 --set expert.DEFAULT=... \\
        auto expert --matches 200 --seed 20 --workers 2 --out FILE
    python bench/duel_progress.py --paired FILE BASELINE

Each ``--set MODULE.NAME=VALUE`` sets ``fives_tutor.engine.MODULE.NAME`` to the Python
literal VALUE (``ast.literal_eval``) before the duel starts; the workers are forked
from this process, so they play with it too. Everything after the options is
duel_progress.py's.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import duel_progress


def main() -> None:
    args = sys.argv[1:]
    settings = []
    while args and args[0] == "--set":
        if len(args) < 2 or "=" not in args[1] or "." not in args[1].split("=")[0]:
            sys.exit("screen.py: --set MODULE.NAME=VALUE, such as --set search.SPREAD=4")
        settings.append(args[1])
        args = args[2:]
    for setting in settings:
        target, _, text = setting.partition("=")
        module_name, _, name = target.rpartition(".")
        module = importlib.import_module(f"fives_tutor.engine.{module_name}")
        if not hasattr(module, name):
            sys.exit(f"screen.py: fives_tutor.engine.{module_name} has no {name}")
        setattr(module, name, ast.literal_eval(text))
        print(f"set fives_tutor.engine.{module_name}.{name} = {getattr(module, name)!r}", file=sys.stderr)
    sys.argv = [sys.argv[0]] + args
    duel_progress.main()


if __name__ == "__main__":
    main()
