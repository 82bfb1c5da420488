"""Fuzzing every command, every option and the table shell's line handler in process.

Arguments are drawn from each command's own Click parameters (its options, flags,
choices and arguments), with values that mix the plausible and the hostile: numbers
of any length, undecodable bytes, terminal escape sequences, paths to devices and
to files that are not packs, nesting, empty text. Whatever is drawn, a command must
end with exit code 0 or 2, never a traceback, and an error is one line. The table
shell's :class:`~fives_tutor.table.session.Session` gets the same treatment line by
line, its replies rendered. The example counts are fixed (and derandomized) so the
run takes a few seconds; hypothesis's deadline bounds each example.
"""

from __future__ import annotations

import datetime
import os
import tempfile

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fives_tutor.cli.main import cli

#: numbers of every kind, zero-padded past Python's 4,300-digit limit among them
NUMBERS = ["0", "1", "2", "3", "7", "-1", "1.5", "1e400", "nan", "٣", "9" * 25, "9" * 5000, "0" * 5000 + "2",
           "۰" * 5000 + "۵", "0" * 5000 + "9" * 30, "99999999999999999999", "10000000", "1_0", "+3", " 4 "]
HOSTILE = ["", " ", "-", "--", "\x1b]0;pwned\x07", "5 3\x1b[2J", "\udcff", "a\udcfe", "../../../etc/passwd",
           "/etc/passwd", "/dev/zero", "/", "x" * 3000, "5|5*(" * 50, "{max_pips:>1500000000}", "%s%n", "☃", "‏",
           "\ufeff5 3", "A\u200bna,Ana", "Ana,Ana\u200e", "Ana,ANA\ufe0f"]
NOTATION = ["5 3", "6 2", "3 5|5* 5* 5*", "1|3 3|5 5|5*(5|6 6|2)(5|4) 5|0", "5|3", "3|0", "5|2@5*", "6|6",
            "2|5 6|4 3|3", "5|3 4|4", "12", "0 0 0 0 0 0 0 0", "9|9", "5|3@9", "[5|3]", "53", "۵|۳",
            "5/5 3", "5,5", "5.5", "6\\4", "2|5 6/4"]
PACKS = ["dominos-cc", "pagat-all-fives", "muggins", "five-up", "fives-and-threes", "kitchen", "x.yaml",
         "mugins", "Five-Up", "pagat"]  # mistyped: answered with the pack meant
# options whose valid values are an amount of work: only small ones are drawn (a valid request
# for ten million matches is a long job, not hostile input)
WORK = {"matches": ["1", "2", "0", "-5", "x", "9" * 5000, "0" * 5000 + "2"], "simulate": ["1", "0", "x", "9" * 5000],
        "samples": ["1", "5", "0", "x", "9" * 5000, "0" * 5000 + "3"], "seconds": ["0.01", "0.05", "0", "x", "1e400"],
        "workers": ["1", "0", "x", "9" * 5000], "print_count": ["1", "0", "x", "9" * 5000, "0" * 5000 + "1"],
        "move_time": ["0.05", "0.2", "0", "x", "1e400", "nan"],
        "batch": ["/dev/null", "/dev/zero", "/etc/passwd", "-", "missing.txt"]}
LEVELS = ["greedy", "defensive", "random", "monte-carlo:5", "monte-carlo:0", "monte-carlo:" + "9" * 5000,
          "exact", "x", "expret", "monte-carol:5", "Greedy", "monte-carlo:" + "0" * 5000 + "3"]


def leaf_commands() -> list[tuple[tuple[str, ...], click.Command]]:
    """Every command ``fives`` runs, with its path of names (``("games", "show")``)."""
    found = []
    ctx = click.Context(cli)

    def walk(group, path):
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if isinstance(command, click.Group):
                walk(command, path + (name,))
            else:
                found.append((path + (name,), command))

    walk(cli, ())
    return found


COMMANDS = leaf_commands()


#: files the module's home folder holds (see the ``home`` fixture), by name
FILES = ["export.json", "deep.json", "bomb.yaml", "house.yaml", "games.sqlite3", "notes.txt", "bom-history.txt"]
HOME = tempfile.mkdtemp(prefix="fives-fuzz-")


def values_for(param: click.Parameter):
    """Plausible and hostile values for one parameter of a command."""
    if param.name in WORK:
        return st.sampled_from(WORK[param.name])
    if param.name in ("file", "files", "db", "output", "records_file", "history_path"):
        return st.sampled_from([os.path.join(HOME, name) for name in FILES] + HOSTILE + ["-", "out.txt"])
    if isinstance(param.type, click.Choice):
        return st.sampled_from(list(param.type.choices) + ["x", "\x1b[31m"])
    pool = list(HOSTILE) + list(NUMBERS)
    if param.name in ("rules_name", "pack", "packs"):
        pool += PACKS * 3 + [os.path.join(HOME, "bomb.yaml"), os.path.join(HOME, "house.yaml")] * 2
    elif param.name in ("level", "a", "b", "first", "second") or "level" in param.name:
        pool += LEVELS * 2 + [os.path.join(HOME, f"bots.py:{name}") for name in ("Printer", "Weird", "Exits", "Absent")]
    elif isinstance(param.type, (click.types.IntParamType, click.types.FloatParamType)):
        pool += NUMBERS * 2
    elif param.name in ("players",):
        pool += ["Ana,Ben", "Ana,Ben,Cy,Dee", "Ana", "Ana,ana", "draw,Ben", "2", "4", "11"]
    elif param.name == "teams":
        pool += ["Ana+Cy,Ben+Dee", "Ana+Ben,Cy+Dee", "Ana"]
    elif param.name in ("lang",):
        pool += ["en", "tl", "id", "nl", "fa", "fa_IR.UTF-8", "xx"]
    elif param.name in ("match_id", "resume"):
        pool += ["1", "2", "3", "latest"] * 4
    else:
        pool += NOTATION * 3
    plausible = st.sampled_from(pool)
    return st.one_of(plausible, plausible, plausible, st.text(max_size=12))


@st.composite
def arguments(draw, command: click.Command) -> list[str]:
    """An argument list for ``command``: some of its options, then its arguments."""
    words: list[str] = []
    options = [p for p in command.params if isinstance(p, click.Option) and p.name != "help"]
    for param in draw(st.lists(st.sampled_from(options), max_size=4, unique_by=lambda p: p.name)) if options else []:
        name = param.opts[0]
        if param.is_flag:
            words.append(name)
        else:
            words += [name, draw(values_for(param))]
    if options and draw(st.sampled_from([False] * 7 + [True])):  # an option mistyped: --pley for --play
        words.append(draw(st.sampled_from(options)).opts[-1][:-1] + "e")
    for param in options:
        # a valid request for a hundred simulated matches is a long job, not hostile input
        if param.name == "matches" and not set(param.opts) & set(words):
            words += [param.opts[0], "2"]
    for param in command.params:
        if isinstance(param, click.Argument):
            count = draw(st.integers(0, 3)) if param.nargs == -1 else draw(st.sampled_from([1, 1, 1, 0]))
            words += [draw(values_for(param)) for _ in range(count)]
    return words


SHELL_LINES = ["6|6", "6|3", "5|6@6*", "draw", "draw 2", "draw " + "9" * 5000, "pass", "muggins", "muggins 10",
               "muggins 5000", "muggins " + "9" * 30, "undo", "redo", "board", "sheet", "history", "rules", "help",
               "Ben 6|6", "Ana 6|5", "5|5 =10", "5|5 = " + "9" * 5000, "12", "0", "5|3 4|4", "9" * 5000, "x|y",
               "\x1b]0;pwned\x07", "\udcff", "6|6*(", "Bne 6|4", "muggins Bne", "drwa 2", "6/6", "Ana 6,5",
               "draw " + "0" * 5000 + "2", "5|5 =" + "0" * 5000 + "10",
               "muggins " + "0" * 5000 + "10", "draw " + "0" * 5000 + "9" * 30, "\ufeff6|6", "0" * 5000 + "12",
               # the keys that edit a refused line in a terminal, arriving as characters through a pipe
               "2|1\x15", "6|3 x\x0b", "\x1b", "quit"]


def _notes() -> tuple[str, ...]:
    """The start of the note an old option spelling gets, in every language (a note
    may come before the one error line)."""
    from fives_tutor.text.i18n import LANGUAGES, Translator

    return tuple(Translator(code).gettext("Note: {old} still works, but is now written {new}.").split("{")[0]
                 for code in LANGUAGES)


#: the marks and embeddings of a right-to-left line (inside its first word too), left out to compare
_MARKS = dict.fromkeys([0x200E, 0x200F, 0x061C, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
NOTES = tuple(note.translate(_MARKS) for note in _notes())


#: players of one's own for ``fives duel``: one that prints (into --json, were it not kept off), one
#: that returns an object whose __eq__ and __repr__ raise, one that ends its process
BOTS = """
import os
from fives_tutor.engine.player import Action, Player


class Printer(Player):
    def choose(self, view):
        print("a print in the middle of the report")
        if not view.legal:
            return Action.draw() if view.may_draw else Action.pass_()
        return Action.play(view.legal[0])


class Weird:
    def choose(self, view):
        class Odd:
            def __eq__(self, other):
                raise RuntimeError("eq")
            __hash__ = None

            def __repr__(self):
                raise RuntimeError("repr")
        return Odd()


class Exits:
    def choose(self, view):
        os._exit(0)
"""


@pytest.fixture(scope="module")
def home():
    """A home folder with saved games (two matches), an export, and hostile files."""
    import json
    import shutil

    runner = CliRunner()
    env = {"FIVES_HOME": os.path.join(HOME, "home"), "FIVES_LANG": "en"}
    db = os.path.join(HOME, "games.sqlite3")
    runner.invoke(cli, ["table", "--players", "Ana,Ben", "--db", db], input="6|6\n6|3\n", env=env)
    runner.invoke(cli, ["table", "--players", "Ana,Ben", "--rules", "muggins", "--db", db], input="5|5\n", env=env)
    exported = runner.invoke(cli, ["games", "export", "1", "--db", db], env=env).stdout
    with open(os.path.join(HOME, "export.json"), "w", encoding="utf-8") as handle:
        handle.write(exported)
    with open(os.path.join(HOME, "deep.json"), "w", encoding="utf-8") as handle:
        handle.write(json.dumps({"format": "fives-tutor-match", "version": 1}).rstrip("}") + ', "match": '
                     + "[" * 5000 + "]" * 5000 + "}")
    with open(os.path.join(HOME, "bomb.yaml"), "w", encoding="utf-8") as handle:
        handle.write("id: bomb\nextends: dominos-cc\nsource:\n  - &a [x, x, x, x, x, x, x, x, x]\n"
                     + "".join(f"  - &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi")))
    with open(os.path.join(HOME, "house.yaml"), "w", encoding="utf-8") as handle:
        handle.write("id: house\nextends: dominos-cc\nrules:\n  match:\n    target: 20\n")  # for every count
    with open(os.path.join(HOME, "notes.txt"), "w", encoding="utf-8") as handle:
        handle.write("not a pack\n")
    with open(os.path.join(HOME, "bom-history.txt"), "wb") as handle:
        handle.write(b"\xef\xbb\xbf1 leads 6|6\n2 draws 999\n")
    with open(os.path.join(HOME, "bots.py"), "w", encoding="utf-8") as handle:
        handle.write(BOTS)
    yield HOME
    shutil.rmtree(HOME, ignore_errors=True)


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 10)), derandomize=not os.environ.get("FUZZ_EXAMPLES"), deadline=datetime.timedelta(seconds=8),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large])
@pytest.mark.parametrize("path, command", COMMANDS, ids=[" ".join(path) for path, _ in COMMANDS])
@given(data=st.data())
def test_every_command_ends_in_0_or_2_and_one_line(home, path, command, data):
    args = [*path, *data.draw(arguments(command), label="args")]
    stdin = data.draw(st.sampled_from(["", "6|6\n6|3\nsheet\nmuggins 5000\n", "\n".join(SHELL_LINES) + "\n",
                                       "5 3\n\"5 3\" --play 3|0\n--play 3|0\n\"6 2\" --hand \"2|5 6|4\"\n",
                                       "\"5 3\" --lang fa --json\n\"5 3\" --batch x\n" + "5" * 70000 + "\n"]),
                      label="stdin")
    env = {"FIVES_HOME": os.path.join(home, "home"), "FIVES_LANG": data.draw(st.sampled_from(["en", "fa", "nl"]))}
    from fives_tutor.text import output

    output.set_visual(False)  # a process starts in logical order; an earlier example may have left visual
    with tempfile.TemporaryDirectory() as folder:
        cwd = os.getcwd()
        os.chdir(folder)
        try:
            result = CliRunner().invoke(cli, args, input=stdin.encode("utf-8", "surrogateescape"), env=env,
                                        catch_exceptions=True)
        finally:
            os.chdir(cwd)
    shown = f"fives {args!r}: exit {result.exit_code}\nstdout: {result.stdout[-500:]}\nstderr: {result.stderr[-800:]}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (shown, result.exc_info)
    assert result.exit_code in (0, 2), shown
    assert "Traceback" not in result.stdout + result.stderr, shown
    if result.exit_code == 2 and result.stderr and "visual" not in args:  # visual order wraps rows by design
        errors = [line for line in result.stderr.strip().splitlines() if not line.translate(_MARKS).startswith(NOTES)]
        assert len(errors) == 1, shown
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr, shown


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 40)), derandomize=not os.environ.get("FUZZ_EXAMPLES"), deadline=datetime.timedelta(seconds=5),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(pack=st.sampled_from(["dominos-cc", "muggins", "fives-and-threes", "five-up"]),
       lines=st.lists(st.one_of(st.sampled_from(SHELL_LINES), st.text(max_size=20)), max_size=25))
def test_the_table_shell_answers_every_line(home, pack, lines):
    from fives_tutor.packs.loader import load_pack_data, rules_from_data
    from fives_tutor.store.journal import Journal
    from fives_tutor.table.replies import answer
    from fives_tutor.table.session import Session

    db = os.path.join(home, f"shell-{pack}.sqlite3")
    data, path = load_pack_data(pack)
    rules = rules_from_data(data, path)
    with Journal(db) as journal:
        match_id = journal.create_match(["Ana", "Ben"], None, rules.id, path, data, "en")
        session = Session(journal, match_id, rules, ["Ana", "Ben"], None)
        for line in lines:
            reply = session.handle(line)
            assert reply.kind in ("done", "refused", "show", "ask", "quit"), (line, reply)
            text = "\n".join(answer(session, reply, "plain"))
            assert "\x1b" not in text, (line, text)
            if reply.kind == "quit":
                break
        # everything acknowledged was saved: the journal rebuilds the same state
        again = Session(journal, match_id, rules, ["Ana", "Ben"], None)
        assert again.state.scores == session.state.scores
        assert again.events == session.events
