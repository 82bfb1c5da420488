"""How many Persian lines read right where a terminal forces left-to-right paragraphs.

A terminal that does bidi either detects each line's direction from its first strong
character (Konsole; GNOME Terminal and other VTE terminals with mode 2501 set, which
``fives`` sets on a terminal) or forces every line left to right (VTE without mode
2501: output through a pipe or ``less``, inside tmux or screen, which swallow the
mode). This tool prints a broad sample of ``fives`` output in Persian, in process, and
puts every Persian line through python-bidi under paragraph direction right to left
(``base_dir="R"``, what a detecting terminal shows after the line's RLM) and left to
right (``base_dir="L"``, forced). A line *reads right when forced* when both give the
same visual line (marks removed, edges trimmed: a forced line is left-aligned).

Both of python-bidi's implementations are asked: its pure-Python reference algorithm
(``bidi.algorithm``, which ``--bidi visual`` uses) and the Rust ``unicode-bidi`` crate
(``bidi.get_display``). A line is *mixed* when it holds a left-to-right run or a number
besides its Persian words (the lines whose phrase order can go wrong).

    .venv/bin/python tools/bidi_forced_ltr.py            # the shares (also as a pipe into VTE delivers the lines)
    .venv/bin/python tools/bidi_forced_ltr.py --wrong 5  # and five lines that do not read right

Only the reference algorithm is run here; what real terminals do is in the README
(Persian).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile

from fives_tutor.text.bidi import CONTROLS, strip_marks

PERSIAN_LETTER = re.compile("[\u0621-\u064a\u0671-\u06d3\u06fa-\u06ff]")
#: what makes a line mixed: a Latin letter, a digit (ASCII or Persian) or notation
MIXED = re.compile("[A-Za-z0-9\u06f0-\u06f9|@*]")

#: the sample: one-shot commands, errors, help, the shells (each a list of arguments,
#: and the lines typed)
COMMANDS: list[tuple[tuple[str, ...], str | None]] = [
    (("score", "5 3", "--play", "3|0"), None),
    (("score", "3 5|5* 5* 5*", "--play", "5|2@5*"), None),
    (("score", "1|3 3|5 5|5*(5|6 6|2)(5|4) 5|0"), None),
    (("score", "6 4|4", "--rules", "fives-and-threes"), None),
    (("moves", "6 2", "--hand", "2|5 6|4 3|3 4|1"), None),
    (("best", "6 2", "--hand", "2|5 6|4 3|3", "--samples", "30"), None),
    (("best", "6 2", "--hand", "2|5 6|4 3|3", "--level", "defensive"), None),
    (("count", "5|3 4|4", "12"), None),
    (("rules", "list"), None),
    (("rules", "show", "dominos-cc"), None),
    (("rules", "show", "muggins"), None),
    (("rules", "compare", "dominos-cc", "pagat-all-fives", "five-up"), None),
    (("rules", "compare", "dominos-cc", "muggins", "--matches", "20"), None),
    (("simulate", "dominos-cc", "--matches", "4"), None),
    (("duel", "greedy", "random", "--matches", "2"), None),
    (("learn", "--list"), None),
    (("learn", "tiles"), "\n\n15\n"),
    (("learn", "counting"), "\n" * 3 + "7\n?\n8\n" + "\n" * 20),
    (("quiz", "--count", "4", "--seed", "3"), "1\n2\n?\nq\n"),
    (("quiz", "--print", "6", "--seed", "2"), None),
    (("table", "--players", "Ana,علی"), "6|6\n6|4\nsheet\nboard\nhistory\nhelp\n4|4@9\ndraw 99\nundo\nquit\n"),
    (("play", "--seed", "4", "--players", "2"), "hint\nhistory\nquit\n"),
    (("games", "list"), None),
    (("score", "5|x"), None),
    (("score", "5 3", "--play", "4|1"), None),
    (("best", "6 2", "--hand", "2|5", "--void", "x"), None),
    (("count", "5|3", "--rules", "mugins"), None),
    (("rules", "show", "no-such-pack"), None),
    (("table", "--players", "Ana"), None),
    (("--help",), None),
    (("best", "--help"), None),
    (("table", "--help"), None),
    (("rules", "compare", "--help"), None),
]


def sample_lines() -> list[str]:
    """Every line the sample prints in Persian (standard output and error)."""
    from click.testing import CliRunner

    from fives_tutor.cli.main import cli

    lines: list[str] = []
    with tempfile.TemporaryDirectory() as home:
        os.environ["FIVES_HOME"] = home
        os.environ.setdefault("COLUMNS", "80")
        runner = CliRunner()
        for args, typed in COMMANDS:
            result = runner.invoke(cli, [*args, "--lang", "fa"], input=typed)
            lines += (result.stdout + "\n" + result.stderr).split("\n")
    return [line for line in lines if PERSIAN_LETTER.search(line)]


def shown(line: str, direction: str, implementation) -> str:
    """The visual line without marks and embeddings, its edges trimmed."""
    return strip_marks(implementation(line, base_dir=direction)).strip()


#: a Markdown block marker (the worksheet): it stays at the line's start in any direction
MARKDOWN_BLOCK = re.compile(r"^(#{1,6} |\d+\. )")


def reads_right_forced(line: str, implementation) -> bool:
    """Whether ``line`` (after its Markdown block marker) looks the same forced left to
    right as in its own direction."""
    block = MARKDOWN_BLOCK.match(line)
    body = line[block.end():] if block else line
    return shown(body, "L", implementation) == shown(body, "R", implementation)


def through_a_pipe(line: str) -> str:
    """``line`` as a pipe into VTE or tmux delivers it: the zero-width marks written in
    its first column dropped (no cell before them to hold them)."""
    return line.lstrip(CONTROLS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wrong", type=int, default=0, help="show this many lines that do not read right")
    args = parser.parse_args(argv)
    from bidi import get_display as rust
    from bidi.algorithm import get_display as reference

    lines = sample_lines()
    mixed = [line for line in lines if MIXED.search(strip_marks(line))]
    for name, implementation in (("reference (pure Python)", reference), ("unicode-bidi (Rust)", rust)):
        right_all = sum(reads_right_forced(line, implementation) for line in lines)
        right_mixed = sum(reads_right_forced(line, implementation) for line in mixed)
        print(f"{name}: read right forced left to right: {right_mixed} of {len(mixed)} mixed Persian lines "
              f"({100 * right_mixed / max(1, len(mixed)):.1f}%), {right_all} of {len(lines)} Persian lines "
              f"({100 * right_all / max(1, len(lines)):.1f}%)")
    piped = sum(reads_right_forced(through_a_pipe(line), reference) for line in mixed)
    print(f"through a pipe into VTE (first-column marks dropped), reference: {piped} of {len(mixed)} mixed Persian "
          f"lines ({100 * piped / max(1, len(mixed)):.1f}%)")
    wrong = [line for line in mixed if not reads_right_forced(line, reference)]
    for line in wrong[:args.wrong]:
        print(repr(line))
        print("  R:", shown(line, "R", reference))
        print("  L:", shown(line, "L", reference))
    return 0


if __name__ == "__main__":
    sys.exit(main())
