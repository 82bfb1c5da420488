"""What the native-speaker translators found, each kind checked in general: help without
Click's type names, metavars the same in usage and errors, span phrases and the
language's digits, one-or-several sentences, output that fits the terminal, help laid
out by display width, a yes-or-no question and quit words in the language, localized
import errors, the column of an error, zero counts, --lang checked first, the
language's separators, arrows, dates and seeds. Expected values are worked by hand."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from fives_tutor.cli.main import cli
from fives_tutor.text.i18n import LANGUAGES, METAVAR_WORDS, activate, localize_error
from fives_tutor.text.width import width

#: marks, and the embedding around a Persian line (RLE ... PDF): none takes a column
MARKS = {0x200E: None, 0x200F: None, 0x061C: None, 0x202A: None, 0x202B: None, 0x202C: None}
#: Click's own names of parameter types, which no language can translate
CLICK_TYPE_NAMES = re.compile(r"\b(?:TEXT|INTEGER|FLOAT|RANGE|BOOLEAN|PATH|FILENAME|UUID|CHOICE|DATETIME)\b|<=|>=|"
                              r"\bx<|\bx>")


def plain(text: str) -> str:
    """``text`` without bidi marks and embeddings (they take no column)."""
    return text.translate(MARKS)


def commands(group=cli, path=()):
    """``(words, command)`` for ``fives`` and every command and subcommand."""
    ctx = click.Context(group)
    yield path, group
    if isinstance(group, click.Group):
        for name in group.list_commands(ctx):
            yield from commands(group.get_command(ctx, name), path + (name,))


ALL_COMMANDS = [words for words, _command in commands()]


def fake_catalog(monkeypatch, code: str, translations: dict[str, str], plural=None) -> None:
    """Activate ``code`` with ``translations`` laid over its catalog (the translation
    pass has not happened yet), for every Translator of ``code`` (a command activates
    its own); ``plural(n)`` picks ngettext's form (0: the singular)."""
    from fives_tutor.text.i18n import Translator

    gettext, ngettext = Translator.gettext, Translator.ngettext

    def fake_gettext(self, message):
        if self.code == code and message in translations:
            return translations[message]
        return gettext(self, message)

    def fake_ngettext(self, one, many, n):
        if self.code == code and plural is not None:
            return gettext(self, one) if plural(n) == 0 else gettext(self, many)
        return ngettext(self, one, many, n)

    monkeypatch.setattr(Translator, "gettext", fake_gettext)
    monkeypatch.setattr(Translator, "ngettext", fake_ngettext)
    activate(code)


# --- 1. help without Click's type names -----------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_help_shows_clicks_type_names(run, language):
    for words in ALL_COMMANDS:
        result = run(*words, "--help", "--lang", language)
        assert result.exit_code == 0, (words, result.stderr)
        found = CLICK_TYPE_NAMES.findall(plain(result.stdout))
        assert not found, (words, language, found)


def test_every_option_that_takes_a_value_has_a_translatable_metavar():
    for words, command in commands():
        ctx = click.Context(command, info_name=words[-1] if words else "fives")
        for param in command.get_params(ctx):
            if not isinstance(param, click.Option) or param.is_flag or param.count or param.hidden:
                continue
            if isinstance(param.type, click.Choice) and param.metavar is None:
                continue  # the values themselves, typed as they are (a metavar given is a word)
            metavar = param.metavar or param.type.get_metavar(param=param, ctx=ctx)
            assert metavar, (words, param.opts)
            assert metavar in METAVAR_WORDS or set(re.findall(r"[A-Z][A-Z_]*", metavar)) <= METAVAR_WORDS, \
                (words, param.opts, metavar)


def test_the_notes_of_a_number_are_words_in_the_language(run):
    english = plain(run("duel", "--help").stdout)
    # --workers: IntRange(1, 64), default 1; --matches: IntRange(1, 2_000_000), default 200
    assert "[default: 1; 1 to 64]" in english
    assert "[default: 200; 1 to 2,000,000]" in " ".join(english.split())
    best = " ".join(plain(run("best", "--help").stdout).split())
    assert "[0.01 to 600]" in best  # --time: FloatRange(0.01, 600)
    persian = plain(run("duel", "--help", "--lang", "fa").stdout)
    assert "؛ " in persian and "۶۴" in persian  # the Persian semicolon, Persian digits
    notes = re.findall(r"\[([^\]]*)\]", persian)
    assert notes and not any(re.search("[0-9]", note) for note in notes if "logical" not in note), notes


def test_metavars_go_through_the_catalog(run, monkeypatch):
    fake_catalog(monkeypatch, "nl", {"N": "AANTAL", "SECONDS": "SECONDEN", "SEED": "ZAAD"})
    help_text = run("best", "--help", "--lang", "nl").stdout
    assert "--samples AANTAL" in help_text and "--time SECONDEN" in help_text and "--seed ZAAD" in help_text


# --- 2. argument metavars in Click's errors ---------------------------------------------------------


REQUIRED = [("score",), ("moves",), ("best",), ("count",), ("games", "show"), ("games", "export"),
            ("games", "delete"), ("games", "import"), ("duel",)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("words", REQUIRED, ids=" ".join)
def test_a_missing_argument_is_named_as_the_usage_line_names_it(run, language, words):
    usage = plain(run(*words, "--help", "--lang", language).stdout).splitlines()[0]
    result = run(*words, "--lang", language)
    assert result.exit_code == 2
    named = re.search(r"'([^']+)'", plain(result.stderr)).group(1)
    assert named.strip("[]") in usage, (usage, result.stderr)
    if language == "nl" and words == ("score",):
        assert named == "POSITIE"  # the Dutch catalog's word, as its usage line has it


# --- 3. span phrases and the language's digits ---------------------------------------------------------


def test_two_values_are_not_a_range(monkeypatch):
    from fives_tutor.errors import IllegalPlayError, span
    from fives_tutor.packs.loader import load_rules
    from fives_tutor.render.describe import sentences

    activate("en")
    assert "rounded to the nearest five: 3 or 4 up, 1 or 2 down" in sentences(load_rules("dominos-cc"))[
        "rounding_sentence"]
    assert str(IllegalPlayError("this rule pack is for {players} players, not {count}", players=span(2, 4),
                                count=5)) == "this rule pack is for 2 to 4 players, not 5"
    assert str(IllegalPlayError("{players}", players=span(3, 4))) == "3 or 4"
    assert str(IllegalPlayError("{players}", players=span(4, 4))) == "4"


@pytest.mark.parametrize("words", [
    ("simulate", "--players", "11", "--matches", "1"),        # --players takes 2 to 10
    ("duel", "greedy", "random", "--players", "5"),          # --players takes 2 to 4
    ("score", "5 7|7"),                                      # 7 pips: the set has 0 to 6
    ("best", "5 3", "--hand", "6|6", "--opponents", "5,5,5,5"),  # five players: dominos-cc is for 2 to 4
])
def test_ranges_in_persian_have_no_ascii_digits(run, words):
    result = run(*words, "--lang", "fa")
    assert result.exit_code == 2
    message = plain(result.stderr)
    for typed in words:  # what the reader typed (an argument, or a token of it) comes back as typed
        for piece in [typed, *typed.split()]:
            message = message.replace(piece, "")
    assert not re.search("[0-9]", re.sub(r"--?[a-z-]+|fives [a-z ]+", "", message)), result.stderr
    assert re.search("[۰-۹]", message)


def test_an_engine_range_in_persian():
    from fives_tutor.core.game import check_players
    from fives_tutor.packs.loader import load_rules

    activate("fa")
    with pytest.raises(Exception) as caught:
        check_players(load_rules("dominos-cc"), 7)
    text = plain(localize_error(caught.value))
    assert "۲" in text and "۴" in text and "۷" in text and not re.search("[0-9]", text)


# --- 4. one or several: two messages, not ngettext --------------------------------------------------------


def tagalog_like(n: int) -> int:
    """Tagalog's plural rule gives 1, 2 and 3 one form (and 4, 6, 9 the other)."""
    return 0 if n in (1, 2, 3) or n % 10 not in (4, 6, 9) else 1


def test_one_opponent_or_several_is_not_a_count(monkeypatch):
    from fives_tutor.cli.tutor import _question
    from fives_tutor.tutor.lessons import Step
    from fives_tutor.tutor.quiz import Exercise

    fake_catalog(monkeypatch, "en", {}, plural=tagalog_like)  # English words, Tagalog's plural rule

    def question(opponents):
        step = Step("", "", None, None, None, opponents, None, "collect", None)
        return _question(Exercise("collect", step))

    assert "Your opponent holds" in question(("6|2",))
    for many in (("6|2", "5"), ("6|2", "5", "3|3")):
        assert "The opponents hold" in question(many)  # ngettext would give the one form for 2 and 3


def test_one_spinner_or_arm_or_several_is_not_a_count(monkeypatch):
    from fives_tutor.core.plays import read_board
    from fives_tutor.packs.loader import load_rules
    from fives_tutor.render.sentences import reading_line

    fake_catalog(monkeypatch, "en", {}, plural=tagalog_like)  # English words, Tagalog's plural rule
    five_up, cc = load_rules("five-up"), load_rules("dominos-cc")  # five-up: every double spins
    two_spinners = reading_line(read_board("3 5|5 2 4|4", five_up)[1], five_up)
    assert "5|5, 4|4 are spinners" in two_spinners  # two, yet not the form for one
    assert "empty arms 5* 5*" in reading_line(read_board("3 5|5", cc)[1], cc)
    assert "spinner's empty arms 5* 5* are added" in reading_line(read_board("3 5|5*", cc)[1], cc)
    one_arm = reading_line(read_board("3 5|5* 2", cc)[1], cc)
    assert "empty arm 5* is added" in one_arm and "arms" not in one_arm


# --- 5. output that fits the terminal ------------------------------------------------------------------------


def rows_fit(text: str, columns: int) -> bool:
    return all(width(plain(row)) <= columns for row in text.splitlines())


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_shot_output_fits_a_narrow_terminal(run, language):
    env = {"COLUMNS": "44"}
    for words in (("count", "13", "12", "7"), ("count", "6|2", "--rules", "pagat-all-fives"),
                  ("score", "3 5|5* 2 5*", "--play", "2|5@2"), ("moves", "6 5", "--hand", "5|1 6|4 2|5"),
                  ("simulate", "--matches", "4"), ("duel", "greedy", "random", "--matches", "2")):
        result = run(*words, "--lang", language, env=env)
        assert result.exit_code == 0, (words, result.stderr)
        lines = [row for row in result.stdout.splitlines() if "█" not in row and "---" not in row]
        assert rows_fit("\n".join(lines), 44), (words, result.stdout)


def test_a_sum_is_never_broken_across_rows():
    from fives_tutor.text.wrap import wrap_lines

    text = "the ends leave 3 + 10 (spinner 5|5) + 2 = 15 → 15 points, and then 4 + 2 = 6 after the next one"
    for columns in range(30, 80):
        rows = wrap_lines(text, columns)
        assert any("3 + 10 (spinner 5|5) + 2 = 15" in row for row in rows), (columns, rows)
        assert any("4 + 2 = 6" in row for row in rows), (columns, rows)
        assert all(width(row) <= columns for row in rows)
    # wider than a row: taken apart at its spaces, never cut inside a number
    assert wrap_lines("3 + 10 + 2 = 15", 8) == ["3 + 10 +", "2 = 15"]


def test_score_keeps_its_sum_on_one_row(run):
    result = run("score", "3 5|5* 2 5*", env={"COLUMNS": "34"})
    assert "3 + 10 (spinner 5|5) + 2 = 15" in result.stdout.splitlines()[1]


def test_the_shells_refusal_is_wrapped_not_cut(tmp_path):
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.layout.containers import Window
    from prompt_toolkit.output import DummyOutput

    from fives_tutor.errors import FivesError
    from fives_tutor.table.grammar import parse_command
    from fives_tutor.table.shell import grow_validation_toolbar, refusal_text

    activate("en")
    with pytest.raises(FivesError) as caught:
        parse_command("hello there this is not a command", ["Ana", "Ben"])
    refused = caught.value
    text = refusal_text(refused, 30)
    assert len(text.splitlines()) > 1 and rows_fit(text, 30)
    assert " ".join(text.split()) == " ".join(localize_error(refused).split())  # every word kept
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        session = PromptSession()
        grow_validation_toolbar(session)
        toolbars = [window for window in session.app.layout.walk() if isinstance(window, Window)
                    and getattr(getattr(window.content, "text", None), "__qualname__", "").startswith(
                        "ValidationToolbar.")]
        assert toolbars and all(window.height is None for window in toolbars)  # not one row high


@pytest.mark.parametrize("language", LANGUAGES)
def test_learn_list_lines_up_row_ten(run, language):
    result = run("learn", "--list", "--lang", language)
    rows = [plain(row) for row in result.stdout.splitlines() if plain(row).rstrip().endswith(")")]
    assert len(rows) == 10
    starts = set()
    for row in rows:
        title_start = re.search(r"[.]\s+", row).end()  # after the number and its dot
        starts.add(width(row[:title_start]))
    assert len(starts) == 1, rows  # every title starts in the same column, row 10 too


# --- 6. help laid out by display width, never broken inside an id, a command or a marked run -----------------


@pytest.mark.parametrize("columns", [52, 57, 61, 66, 70, 75, 80])
def test_help_never_breaks_an_id_or_a_command(columns):
    runner = CliRunner()
    for words in ALL_COMMANDS:
        for language in ("en", "nl", "fa"):
            # the width Click lays help out to (CliRunner fixes it at 80 otherwise)
            result = runner.invoke(cli, [*words, "--help", "--lang", language], terminal_width=columns)
            assert result.exit_code == 0, result.output
            text = plain(result.stdout)
            rows = text.splitlines()
            for row, following in zip(rows, rows[1:]):
                # no row ends inside a hyphenated id ("dominos-" / "cc")
                assert not re.search(r"[a-z]-$", row.rstrip()), (words, language, row)
                # nor between "fives" and its command
                assert not (row.rstrip().endswith(" fives") and re.match(r"\s*[a-z]", following)), (words, row)
            assert rows_fit(text, columns), (words, language, columns)


def test_help_columns_are_measured_by_display_width():
    from fives_tutor.cli.help_format import FivesHelpFormatter

    formatter = FivesHelpFormatter(width=60)
    formatter.write_dl([("--hand \u0645\u0647\u0631\u0647\u200c\u0647\u0627", "first"), ("--db FILE", "second")])
    rows = formatter.getvalue().splitlines()
    # a zero-width non-joiner takes no column: both descriptions start in one column
    assert width(rows[0][:rows[0].index("first")]) == width(rows[1][:rows[1].index("second")])


def test_help_keeps_a_marked_run_together():
    from fives_tutor.cli.help_format import wrap_help

    run_ = "\u200efives table --resume\u200e\u200f"
    text = "یک بازی ذخیره‌شده را با " + run_ + " ادامه دهید و بعد دوباره بازی کنید"
    for columns in range(24, 60):
        rows = wrap_help(text, columns)
        assert any(run_ in row for row in rows), (columns, rows)


# --- 7. a yes-or-no question in the language ------------------------------------------------------------------


@pytest.mark.parametrize("translations, typed, expected", [
    ({}, "y\n", True), ({}, "no\n", False), ({}, "\n", False),
    ({"y, yes": "j, ja", "n, no": "n, nee"}, "ja\n", True),
    ({"y, yes": "j, ja", "n, no": "n, nee"}, "J\n", True),
    ({"y, yes": "y, ya", "n, no": "t, tidak"}, "tidak\n", False),
    ({"y, yes": "بله، آره", "n, no": "نه، خیر"}, "بله\n", True),
    ({"y, yes": "بله، آره", "n, no": "نه، خیر"}, "maybe\nخیر\n", False),  # asked again, then answered
])
def test_confirm_takes_the_languages_answers(monkeypatch, translations, typed, expected):
    from fives_tutor.cli.common import confirm

    fake_catalog(monkeypatch, "en", translations)
    runner = CliRunner()
    with runner.isolation(input=typed) as (out, _err, *_rest):
        assert confirm("Delete match 1?") is expected
    first_yes = (translations.get("y, yes") or "y").split(",")[0].split("،")[0]
    assert first_yes in out.getvalue().decode()  # the prompt shows the language's word


def test_games_delete_asks_in_the_language(run, monkeypatch):
    import fives_tutor.cli.games as games

    printf = "6|6\n6|3\n"
    assert run("table", "--players", "Ana,Ben", input=printf).exit_code == 0

    class Terminal:  # standard input as a terminal, as when a person runs the command
        def __getattr__(self, name):
            return getattr(sys, name)

        @property
        def stdin(self):
            stdin = sys.stdin

            class Tty:
                def __getattr__(self, name):
                    return getattr(stdin, name)

                def isatty(self):
                    return True

            return Tty()

    monkeypatch.setattr(games, "sys", Terminal())
    fake_catalog(monkeypatch, "nl", {"y, yes": "j, ja", "n, no": "n, nee"})
    kept = run("games", "delete", "1", "--lang", "nl", input="y\nnee\n")  # an English y is not refused either
    assert kept.exit_code == 0 and "(j" in kept.stdout  # the prompt offers the Dutch word
    assert "Ana, Ben" not in run("games", "list").stdout
    assert run("table", "--players", "Ana,Ben", input=printf).exit_code == 0
    kept = run("games", "delete", "2", "--lang", "nl", input="nee\n")
    assert kept.exit_code == 0 and "Ana, Ben" in run("games", "list").stdout
    gone = run("games", "delete", "2", "--lang", "nl", input="ja\n")
    assert gone.exit_code == 0
    assert "Ana, Ben" not in run("games", "list").stdout


# --- 9. the column where it reads naturally ---------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("words", [("score", "5 7"), ("score", "5 7|7"), ("score", "5 x"), ("best", "5 3", "--hand", "")])
def test_never_two_parentheses_in_a_row(run, language, words):
    result = run(*words, "--lang", language)
    assert result.exit_code == 2
    assert not re.search(r"\)\s*\(", plain(result.stderr)), result.stderr


def test_the_column_after_parentheses():
    from fives_tutor.core.tiles import parse_tile
    from fives_tutor.errors import NotationError

    with pytest.raises(NotationError) as caught:
        parse_tile("5|7", 6)
    # "... more than this set has (0 to 6)", then where: column 3 (the 7)
    assert str(caught.value) == "bad tile '5|7': 7 pips is more than this set has (0 to 6), at column 3"


# --- 10. a count of zero -------------------------------------------------------------------------------------------


def test_an_empty_boneyard_is_said_in_words():
    from fives_tutor.core.keeper import replay
    from fives_tutor.packs.loader import load_rules
    from fives_tutor.table.render import describe_event, toolbar

    activate("en")
    rules = load_rules("dominos-cc")
    # two players hold 7 tiles each: 14 in the boneyard, all drawable
    events = [{"type": "play", "player": 0, "tile": "6|6"}]
    before = replay(rules, ["Ana", "Ben"], None, events)
    draw = {"type": "draw", "player": 1, "count": 14}
    after = replay(rules, ["Ana", "Ben"], None, events + [draw])
    said = describe_event(draw, before, after)
    assert said == ["Ben draws 14 tiles (the boneyard is empty)."]
    shown = toolbar(after, 200)
    assert "boneyard: empty" in shown and "boneyard: 0" not in shown


# --- 11. a bad --lang is reported first -------------------------------------------------------------------------------


@pytest.mark.parametrize("words", [("score",), ("count",), ("games", "show"), ("duel",), ("score", "5 3")])
def test_a_bad_language_is_reported_before_a_missing_argument(run, words):
    for given in (["--lang", "en", "--lang", "xx"], ["--lang", "xx"], ["--lang=en", "--lang=xx"]):
        result = run(*words, *given)
        assert result.exit_code == 2
        assert "unknown language 'xx'" in result.stderr and "Missing" not in result.stderr, (given, result.stderr)
    # the last --lang wins, as Click reads it
    assert "unknown language" not in run(*words, "--lang", "xx", "--lang", "nl").stderr


# --- 12. metavars in the table shell's help ---------------------------------------------------------------------------


def test_table_help_translates_its_metavars(monkeypatch):
    from fives_tutor.core.keeper import replay
    from fives_tutor.packs.loader import load_rules
    from fives_tutor.table.render import help_text

    fake_catalog(monkeypatch, "fa", {"NAME": "\u0646\u0627\u0645\u200c\u0628\u0627\u0632\u06cc\u06a9\u0646"})
    state = replay(load_rules("muggins"), ["Ana", "Ben"], None, [])
    rows = [plain(row) for row in help_text(state, 100).splitlines()]  # each command is a marked run
    muggins = next(row for row in rows if row.lstrip().startswith("muggins"))
    assert "[\u0646\u0627\u0645\u200c\u0628\u0627\u0632\u06cc\u06a9\u0646]" in muggins and "NAME" not in muggins
    pass_row = next(row for row in rows if row.lstrip().startswith("pass "))
    # the descriptions start in one column, measured by display width (the non-joiner takes none)
    description = re.compile(r"^\s*\S.*?\s{2,}")
    assert width(description.match(muggins).group(0)) == width(description.match(pass_row).group(0))


# --- 13. notation in errors takes the language's digits ---------------------------------------------------------------


def test_a_play_in_an_error_has_persian_digits(run):
    result = run("table", "--players", "Ana,Ben", "--rules", "muggins", "--lang", "fa", input="4|1 =10\n")
    refused = next(line for line in plain(result.stdout).splitlines() if "۴|۱" in line)
    assert not re.search("[0-9]", refused), refused  # 4|1 makes 5: both in Persian digits


# --- 14. lists joined with the language's separator --------------------------------------------------------------------


@pytest.mark.parametrize("words, items", [
    (("score", "5 3", "--rules", "no-such-pack"), ("dominos-cc", "muggins")),
    (("rules", "show", "--rules", "no-such-pack"), ("five-up", "pagat-all-fives")),
])
def test_lists_in_errors_use_the_languages_separator(run, words, items):
    persian = plain(run(*words, "--lang", "fa").stderr)
    assert all(item in persian for item in items)
    assert "، " in persian
    assert not re.search(r"(dominos-cc|five-up|muggins|pagat-all-fives|fives-and-threes), ", persian), persian


def test_unknown_language_lists_with_the_separator(monkeypatch):
    from fives_tutor.errors import FivesError
    from fives_tutor.text.i18n import choose_language

    activate("fa")
    with pytest.raises(FivesError) as caught:
        choose_language("xx", {})
    assert "en، tl، id، nl، fa" in plain(localize_error(caught.value))


def test_player_names_in_a_refusal_use_the_separator():
    from fives_tutor.errors import FivesError
    from fives_tutor.table.grammar import parse_command

    activate("fa")
    with pytest.raises(FivesError) as caught:
        parse_command("Cy 5|3", ["Ana", "Ben"])
    assert "Ana، Ben" in plain(localize_error(caught.value))


# --- 15. arrows point the way the language reads -------------------------------------------------------------------------


def test_history_arrow_follows_the_language(run):
    english = run("table", "--players", "Ana,Ben", input="6|6\nhistory\n").stdout
    assert "Ana 6|6 → 6|6*" in english
    persian = plain(run("table", "--players", "Ana,Ben", "--lang", "fa", input="6|6\nhistory\n").stdout)
    row = next(line for line in persian.splitlines() if "Ana ۶|۶" in line)
    assert "←" in row and "→" not in row


# --- 16. dates through Babel, seeds in the language's digits -------------------------------------------------------------


@pytest.fixture
def utc(monkeypatch):
    import time

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_dates_in_each_language(utc):
    from fives_tutor.text.i18n import Translator

    moment = "2024-05-01T14:30:00+00:00"
    assert "May 1, 2024" in Translator("en").moment(moment) and "2:30" in Translator("en").moment(moment)
    assert "1 mei 2024" in Translator("nl").moment(moment) and "14:30" in Translator("nl").moment(moment)
    persian = Translator("fa").moment(moment)
    assert "۲۰۲۴" in persian and "۱۴:۳۰" in persian and not re.search("[0-9]", persian)
    assert Translator("en").moment("not a time at all, imported") == "not a time at al"


def test_games_list_dates_have_persian_digits(run):
    assert run("table", "--players", "Ana,Ben", input="6|6\n").exit_code == 0
    listed = plain(run("games", "list", "--lang", "fa").stdout).splitlines()[-1]
    assert not re.search("[0-9]", listed.replace("dominos-cc", "")), listed


def test_dates_stay_off_the_start_up_path():
    code = ("import sys\nfrom fives_tutor.cli.main import main\ntry:\n    main(['score', '5 3'])\n"
            "except SystemExit:\n    pass\nprint('babel.dates' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=dict(os.environ, FIVES_LANG="fa"))
    assert done.stdout.strip().endswith("False"), done.stdout + done.stderr


def test_seeds_are_shown_in_the_languages_digits_and_read_back(run):
    header = plain(run("simulate", "--matches", "3", "--seed", "47", "--lang", "fa").stdout).splitlines()[0]
    assert "۴۷" in header and "47" not in header
    ascii_json = run("simulate", "--matches", "3", "--seed", "47", "--json").stdout
    persian_json = run("simulate", "--matches", "3", "--seed", "۴۷", "--json").stdout
    assert ascii_json == persian_json  # the seed shown, typed back, is the same seed
    worksheet = plain(run("quiz", "--print", "2", "--seed", "47", "--lang", "fa").stdout)
    assert "۴۷" in worksheet
    duel = plain(run("duel", "greedy", "random", "--matches", "2", "--seed", "47", "--lang", "fa").stdout)
    assert "۴۷" in duel


# --- 17. quit words in every language ---------------------------------------------------------------------------------------


def test_the_persian_q_key_stops_a_lesson_in_any_language(run):
    from fives_tutor.text.i18n import Translator

    for language in ("fa", "en"):
        # ض on the first step's prompt; the Enters after it would go on were it not a quit word
        result = run("learn", "--lang", language, input="\u0636\n" + "\n" * 20)
        assert result.exit_code == 0
        stopped = Translator(language).gettext("Stopped. Your progress is saved.")
        assert plain(result.stdout).rstrip().splitlines()[-1].strip() == stopped
        assert plain(result.stdout).count("?") + plain(result.stdout).count("(") >= 1
        assert len([row for row in result.stdout.splitlines() if row.strip()]) < 20  # it did not go on


def test_the_languages_quit_words_stop_and_are_shown(monkeypatch, run):
    fake_catalog(monkeypatch, "id", {"q, quit": "k, keluar"})
    result = run("quiz", "--count", "3", "--seed", "5", "--lang", "id", input="keluar\n")
    assert result.exit_code == 0
    from fives_tutor.text.i18n import Translator

    indonesian = Translator("id")
    prompt = indonesian.gettext("Your answer (? for a hint, {quit} to stop): ").format(quit="k")
    assert prompt.strip() in plain(result.stdout)  # the first word, in the prompt
    # keluar stopped the quiz at its first question
    assert indonesian.gettext("No question was answered.") in plain(result.stdout)
    from fives_tutor.tutor.lessons import quit_words

    activate("id")
    assert quit_words()[:2] == ("k", "keluar") and "q" in quit_words() and "\u0636" in quit_words()
