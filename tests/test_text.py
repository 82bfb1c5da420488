"""The text layer: display width, tables, right-to-left marks, visual order, and what
is written to a terminal (VTE's direction detection, the cell that carries an RLM)."""

from __future__ import annotations

import io

import pytest
from bidi import get_display
from hypothesis import given, settings
from hypothesis import strategies as st

from fives_tutor.text import bidi, output
from fives_tutor.text.i18n import activate
from fives_tutor.text.table import table
from fives_tutor.text.width import ljust, width

LRM, RLM = "\u200e", "\u200f"


# --- display width ----------------------------------------------------------------------------


def test_marks_and_joiners_take_no_column():
    # م ه ر ه ZWNJ ه ا: six letters; the marks around a tile take nothing
    assert width("مهره\u200cها") == 6
    assert width(f"{LRM}۵|۳{LRM}{RLM}") == 3
    assert width("ب\u200dب") == 2  # a joiner between two letters: two cells, as a terminal lays them out
    assert ljust("۵|۳", 5) == "۵|۳  "


# --- tables -----------------------------------------------------------------------------------


def test_a_table_lines_up_cells_by_display_width():
    # len() counts the zero-width non-joiner in the first name: the column would shift
    rows = [("مهره\u200cها", "x"), ("مهره", "y")]
    lines = table(rows, header=("نام", "z"), rtl=False).split("\n")
    starts = {line.index(letter) - (line[:line.index(letter)].count("\u200c")) for line, letter in
              zip(lines[2:], "xy")}
    assert len(starts) == 1


def test_a_long_cell_is_wrapped_to_the_terminal():
    text = table([("id", "word " * 30)], header=("a", "b"), columns=40, rtl=False)
    assert all(width(line) <= 40 for line in text.split("\n"))
    assert text.count("word") == 30


def test_a_right_to_left_table_reads_in_columns_on_a_bidi_display():
    activate("fa")
    rows = [("dominos-cc", "آل\u200cفایوز (Dominos.cc)", "داخلی"), ("muggins", "ماگینز", "داخلی"),
            ("۱۵", "Ana، Ben", "۲۰ + ۰ = ۲۰")]
    lines = table(rows, header=("بسته", "نام", "محل"), rtl=True).split("\n")
    assert all(line.startswith(RLM) for line in lines)  # header, rule and rows in one direction
    columns = 60
    shown = [bidi.strip_marks(get_display(line, base_dir="R")).rjust(columns) for line in lines]
    rule = shown[1]
    gaps = [i for i in range(columns) if rule[i] == " " and 0 < i and rule[i - 1] == "-"]
    assert gaps, rule
    for row in shown:  # a bidi terminal right-aligns each row: the gaps between columns line up
        assert all(row[i] == " " for i in gaps), (row, rule)
    assert "dominos-cc" in shown[2] and shown[2].rstrip().endswith("dominos-cc")  # the first column on the right


# --- marks --------------------------------------------------------------------------------------


def test_mark_line_examples_worked_by_hand():
    assert bidi.mark_line("حرکت: ۵|۳") == f"{RLM}حرکت: {LRM}۵|۳{LRM}{RLM}"
    # a run the code marked already is kept, and gets the RLM that keeps a number apart
    assert bidi.mark_line(f"مهرهٔ {LRM}۵|۳{LRM} ۱۵") == f"{RLM}مهرهٔ {LRM}۵|۳{LRM}{RLM} ۱۵"
    # arithmetic and plain numbers read right to left with the sentence
    assert bidi.mark_line("جمع: ۶ + ۵ = ۱۱") == f"{RLM}جمع: ۶ + ۵ = ۱۱"
    # a command is one run; brackets and the full stop stay outside it
    assert bidi.mark_line("(fives table --resume).") == "(fives table --resume)."  # no Persian: untouched
    assert bidi.mark_line("با (fives table --resume).") == f"{RLM}با ({LRM}fives table --resume{LRM}{RLM})."
    assert bidi.mark_markdown_line("1. سؤال ۵|۳") == f"1. {RLM}سؤال {LRM}۵|۳{LRM}{RLM}"


LINES = st.lists(st.sampled_from(["حرکت", "مهره‌ها", "۵|۳", "5|2@5*", "--void", "=10", "Ana", "۱۵", "(", ")",
                                  ":", "،", "fives", "1<=x<=100000", "۶", "«", "»", ".", "'", LRM, RLM]),
                 max_size=12).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(LINES)
def test_marking_is_idempotent(line):
    once = bidi.mark_line(line)
    assert bidi.mark_line(once) == once
    assert bidi.strip_marks(once) == bidi.strip_marks(line)


@settings(max_examples=200, deadline=None)
@given(LINES)
def test_every_run_found_reads_as_written_once_marked(line):
    line = bidi.strip_marks(line)
    if not bidi.has_rtl(line):
        return
    marked = bidi.mark_line(line)
    shown = bidi.strip_marks(get_display(marked, base_dir="R"))
    for start, end in bidi.find_runs(line):
        run = line[start:end]
        assert run in shown, (run, shown)


# --- visual order (--bidi visual) ---------------------------------------------------------------


def test_visual_rows_are_wrapped_first_then_reordered_and_right_aligned():
    line = "حرکت ۵|۳ را بازی کنید و بعد گزینهٔ --void را با ۱:۶ بدهید تا موتور بداند"
    rows = bidi.visual_rows(line, 20)
    assert len(rows) > 1
    assert all(width(row) == 20 for row in rows)  # right-aligned to the width
    assert not any(mark in "".join(rows) for mark in (LRM, RLM))
    joined = " ".join(rows)
    assert "۵|۳" in joined and "--void" in joined and "۱:۶" in joined  # left to right inside
    # each row is its own paragraph: the first words of the line are on the first row, at its right end
    assert rows[0].rstrip().endswith("ﺣﺮﮐﺖ"[::-1]) or "ﺖﮐﺮﺣ" in rows[0]


def test_visual_leaves_a_picture_alone():
    assert bidi.visual_rows("[5|6] [6|6*]", 20) == ["[5|6] [6|6*]"]


def test_bidi_visual_option_before_or_after_the_command(run):
    for args in (("--bidi", "visual", "score", "5 3", "--play", "3|0"), ("score", "5 3", "--play", "3|0", "--bidi",
                                                                          "visual")):
        result = run(*args, "--lang", "fa")
        assert result.exit_code == 0, result.stderr
        assert LRM not in result.stdout and RLM not in result.stdout
        assert "۳|۰@۳" in result.stdout


def test_bidi_visual_without_the_extra_is_one_line_and_exit_2(run, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_bidi(name, *args, **kwargs):
        if name in ("bidi", "arabic_reshaper"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_bidi)
    result = run("score", "5 3", "--bidi", "visual")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "bidi" in result.stderr


# --- terminals ----------------------------------------------------------------------------------


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self):
        return True


@pytest.fixture
def fresh_output(monkeypatch):
    monkeypatch.setattr(output, "_terminal_prepared", False)
    registered = []
    monkeypatch.setattr(output.atexit, "register", lambda function, *args: registered.append((function, args)))
    activate("fa")
    return registered


def test_vte_gets_direction_detection_on_and_restored_at_exit(monkeypatch, fresh_output):
    monkeypatch.setenv("VTE_VERSION", "7600")
    terminal = Terminal()
    lines = output.for_terminal([f"{RLM}سلام", "[5|6]"], terminal)
    assert terminal.getvalue() == "\x1b[?2501s\x1b[?2501h"  # saved, then set, before the first line
    # the RLM rides on a space: VTE, Konsole and prompt_toolkit drop a zero-width first character
    assert lines == [f" {RLM}سلام", "[5|6]"]
    function, args = fresh_output[0]
    function(*args)
    assert terminal.getvalue().endswith("\x1b[?2501r")  # the terminal's own setting back at exit
    output.for_terminal([f"{RLM}دوباره"], terminal)
    assert terminal.getvalue().count("2501h") == 1  # once a run


def test_no_escape_sequence_into_a_pipe_or_another_terminal(monkeypatch, fresh_output):
    monkeypatch.setenv("VTE_VERSION", "7600")
    pipe = io.StringIO()
    assert output.for_terminal([f"{RLM}سلام"], pipe) == [f"{RLM}سلام"]
    assert pipe.getvalue() == ""
    monkeypatch.delenv("VTE_VERSION")
    terminal = Terminal()
    assert output.for_terminal([f"{RLM}سلام"], terminal) == [f" {RLM}سلام"]
    assert terminal.getvalue() == "" and not fresh_output


def test_an_encoding_without_persian_does_not_crash(monkeypatch):
    activate("fa")
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="latin-1")
    monkeypatch.setattr("sys.stdout", stream)
    output.echo("حرکت: ۵|۳")
    stream.flush()
    assert raw.getvalue().endswith(b"\n")


# --- the Persian comma in lists, and counters in words -------------------------------------------


def test_the_persian_comma_separates_every_list(run):
    # the same request written with ASCII commas and with Persian ones gives the same answer
    ascii = run("best", "6 2", "--hand", "2|5,6|4,3|3", "--scores", "120,135", "--void", "1:6,2",
                "--opponents", "5", "--samples", "20", "--json")
    persian = run("best", "۶ ۲", "--hand", "۲|۵،۶|۴،۳|۳", "--scores", "۱۲۰،۱۳۵", "--void", "۱:۶،۲",
                  "--opponents", "۵", "--samples", "20", "--json")
    assert ascii.exit_code == 0 and persian.exit_code == 0, persian.stderr
    assert ascii.stdout == persian.stdout
    assert run("count", "5|3،4|4", "--json").stdout == run("count", "5|3,4|4", "--json").stdout


def test_players_and_teams_take_the_persian_comma(run, tmp_path):
    from table_scripts import HOUSE_CC, write_pack

    pack = write_pack(tmp_path, HOUSE_CC, "house")
    result = run("table", "--players", "Ana،Ben،Cy،Dee", "--teams", "Ana+Cy،Ben+Dee", "--rules", pack, input="quit\n")
    assert result.exit_code == 0, result.stderr
    assert "Ana+Cy" in result.stdout and "Ben+Dee" in result.stdout


def test_counters_and_ranges_in_words():
    from fives_tutor.text.i18n import Translator

    assert Translator("en").of(1, 3) == "1 of 3"
    assert Translator("en").span(3, 4) == "3 or 4"  # two values are not a range
    assert Translator("en").span(2, 4) == "2 to 4"
    assert Translator("en").span(2, 2) == "2"
    fa = Translator("fa")
    assert "/" not in fa.of(1, 3) and "۱" in fa.of(1, 3) and "۳" in fa.of(1, 3)
    assert fa.percent(0.5) == "۵۰٫۰٪"
    assert fa.join(["a", "b"]) == "a، b"


# --- fitting the screen (issue 18, item 2) -------------------------------------------------------


def test_a_word_too_long_for_its_indent_takes_a_row_of_its_own_whole():
    from fives_tutor.text.wrap import wrap_lines

    # 20 columns, continuation rows hang 6 spaces in: "fives-and-threes," (17) does not fit
    # after the hanging indent (6 + 17 = 23), but fits the row: it gives up 3 of the indent
    rows = wrap_lines("choose one of dominos-cc, fives-and-threes, muggins", 20, indent="", hanging="      ")
    assert rows == ["choose one of", "      dominos-cc,", "   fives-and-threes,", "      muggins"]
    # a word wider than the whole row is the only one ever cut
    assert wrap_lines("a abcdefghijklmnopqrstuvwxy", 10) == ["a", "abcdefghij", "klmnopqrst", "uvwxy"]


def test_a_table_narrows_prose_before_it_cuts_an_identifier():
    # 45 columns for four columns: natural widths 5 + 16 + 20 + 10 and 6 of gaps (57). The
    # widest gives way first, none below its longest word nor 8: Updated narrows from 20 to
    # 8 (39 + 6 = 45), and the pack id keeps its 16 columns
    rows = [("1", "fives-and-threes", "Dec 2, 2026, 4:19 AM", "unfinished")]
    lines = table(rows, header=("Match", "Pack", "Updated", "State"), columns=45, rtl=False).split("\n")
    assert all(width(line) <= 45 for line in lines), lines
    assert lines[1] == "-----  ----------------  --------  ----------"
    assert "fives-and-threes" in lines[2], lines


def test_on_a_terminal_a_persian_line_with_its_carrier_fits_the_width(monkeypatch):
    # the space that carries the RLM is a column of the line: text is wrapped one narrower
    from fives_tutor.text.wrap import terminal_width

    monkeypatch.setenv("COLUMNS", "30")
    activate("fa")
    monkeypatch.setattr(output, "_isatty", lambda stream: True)
    assert terminal_width() == 29
    terminal = Terminal()
    monkeypatch.setattr("sys.stdout", terminal)
    output.echo("بستهٔ قوانین ناشناخته: یکی از dominos-cc، fives-and-threes، muggins را انتخاب کنید")
    rows = terminal.getvalue().rstrip("\n").split("\n")
    assert len(rows) > 1 and all(width(row) <= 30 for row in rows), rows
    assert all(row.startswith(" " + RLM) for row in rows)  # each row its own carrier
    assert any("fives-and-threes" in row for row in rows)  # never split
    activate("en")
    assert terminal_width() == 30  # a left-to-right language gives up no column


def test_an_error_wider_than_the_terminal_is_wrapped_at_spaces(run, monkeypatch):
    # a pack named like none (mugins would get "did you mean muggins?"): the error lists every pack
    for code in ("en", "fa"):
        # into a pipe: one line, as every error
        result = run("count", "5|3", "--rules", "xqzzy", "--lang", code, env={"COLUMNS": "50"})
        assert result.exit_code == 2 and len(result.stderr.strip().split("\n")) == 1
    monkeypatch.setattr(output, "_isatty", lambda stream: True)
    for code in ("en", "fa"):
        # on a terminal of 50 columns: wrapped at spaces, the pack ids whole
        result = run("count", "5|3", "--rules", "xqzzy", "--lang", code, env={"COLUMNS": "50"})
        assert result.exit_code == 2
        rows = result.stderr.rstrip("\n").split("\n")
        assert len(rows) > 1 and all(width(row) <= 50 for row in rows), rows
        assert any("fives-and-threes" in row for row in rows), rows


def test_an_embedded_line_reads_the_same_in_either_paragraph_direction():
    # forced left to right (base L) a marked line without its embedding shows its phrases in
    # another order; embedded, it shows what the right-to-left paragraph shows
    line = f"{RLM}حرکت: {LRM}۵|۳{LRM}{RLM} را بازی کنید"
    embedded = bidi.embed_line(line)
    assert embedded == f"{RLM}ح\u202bرکت: {LRM}۵|۳{LRM}{RLM} را بازی کنید\u202c"  # after its first letter
    shown = {base: bidi.strip_marks(get_display(text, base_dir=base)).strip() for base in "LR"
             for text in [embedded]}
    assert shown["L"] == shown["R"]
    assert bidi.strip_marks(get_display(line, base_dir="L")).strip() != shown["R"]
    assert bidi.embed_line(embedded) == embedded  # idempotent
    assert bidi.embed_line("Ana 5|3") == "Ana 5|3"  # not a right-to-left line


def test_a_prompt_embeds_every_line_but_the_one_the_answer_is_typed_on():
    activate("fa")
    # each line right to left with the space that carries its RLM; the first embedded after
    # its first letter, the last (where prompt_toolkit puts the typed text) not embedded
    assert output.prompt_text("سلام\nدوباره") == f" {RLM}س\u202bلام\u202c\n {RLM}دوباره"
    # a line drawn left to right keeps its whole embedding (LRE ... PDF), also as the last line
    chart = bidi.ltr_line("──┼━●━ ۵")
    assert output.prompt_text(chart) == f"{LRM}\u202a──┼━●━ ۵\u202c"


def test_a_screen_with_nothing_typed_on_it_embeds_every_line():
    """A toolbar, a refusal or the review board's page, drawn line by line, keeps every
    line's embedding: only the line an answer is typed on goes without (the review
    board once drew each Persian line through the prompt's rule, none embedded)."""
    activate("fa")
    assert output.screen_text("سلام\nدوباره") == f" {RLM}س\u202bلام\u202c\n {RLM}د\u202bوباره\u202c"
    assert output.screen_text("دوباره") == f" {RLM}د\u202bوباره\u202c"  # one line alone, as the board draws it


def test_a_left_to_right_line_is_left_alone_by_the_persian_marking():
    chart = bidi.ltr_line("──┼━●━ " + bidi.ltr("\u2212۲۲٫۱"))
    assert bidi.mark_line(chart) == chart and bidi.embed_line(chart) == chart
    assert bidi.is_ltr_line(chart)


def test_signed_numbers_are_one_left_to_right_run():
    from fives_tutor.text.i18n import Translator

    en, fa = Translator("en"), Translator("fa")
    assert en.signed(17.56, 1) == "+17.6" and en.signed(-0.114, 1, percent=True) == "\u221211.4%"
    assert en.signed(0.04, 1) == "0.0"  # what rounds to zero has no sign
    assert fa.signed(17.56, 1) == f"{LRM}+۱۷٫۶{LRM}{RLM}"
    assert fa.signed(-0.114, 1, percent=True) == f"{LRM}\u2212۱۱٫۴٪{LRM}{RLM}"
    assert fa.percent(-0.05) == f"{LRM}\u2212۵٫۰٪{LRM}{RLM}"  # a negative share too
    # in a right-to-left sentence the sign stays before the digits
    shown = get_display(f"{RLM}اختلاف {fa.signed(17.56, 1)} امتیاز", base_dir="R")
    assert "+۱۷٫۶" in bidi.strip_marks(shown)


@pytest.mark.parametrize("args, typed", [
    (("rules", "compare", "dominos-cc", "five-up", "--matches", "10"), None),
    (("rules", "show", "muggins"), None),
    (("count", "5|3", "--rules", "mugins"), None),
    (("best", "6 2", "--hand", "2|5 6|4 3|3", "--samples", "20"), None),
    (("table", "--players", "Ana Maria,علی", "--tiles", "plain"), "6|6\n6|4\nhelp\nboard\nsheet\nhistory\n2|1\n"),
    (("play", "--seed", "31", "--tiles", "plain"), "hint\n6|6\nhistory\nquit\n"),
    (("learn", "counting"), "\n" * 3 + "7\n?\n8\n" + "\n" * 20),
], ids=lambda value: " ".join(value) if isinstance(value, tuple) else "")
@pytest.mark.parametrize("code", ["fa", "en"])
def test_no_line_is_wider_than_an_80_column_terminal(run, monkeypatch, args, typed, code):
    # written to a terminal: a Persian line gets the space that carries its RLM, which the
    # wrapping leaves room for (81 columns at 80 before)
    monkeypatch.setattr(output, "_isatty", lambda stream: True)
    monkeypatch.delenv("VTE_VERSION", raising=False)
    result = run(*args, "--lang", code, input=typed, env={"COLUMNS": "80"})
    for line in (result.stdout + result.stderr).split("\n"):
        assert width(line) <= 80, (width(line), line)


@pytest.mark.parametrize("code", ["en", "fa", "tl"])
def test_a_worksheet_on_a_terminal_is_wrapped_at_spaces_and_its_boards_kept(run, monkeypatch, code):
    # fives puzzle --print writes Markdown: into a file its lines stay whole; on a terminal
    # of 80 columns a line of the answer key is wrapped at spaces, the board in its fenced
    # block left as drawn
    monkeypatch.setattr(output, "_isatty", lambda stream: True)
    result = run("puzzle", "--print", "3", "--lang", code, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.stderr
    rows = result.stdout.rstrip("\n").split("\n")
    assert all(width(row) <= 80 for row in rows), [r for r in rows if width(r) > 80]
    monkeypatch.setattr(output, "_isatty", lambda stream: False)
    piped = run("puzzle", "--print", "3", "--lang", code, env={"COLUMNS": "80"})
    assert any(width(row) > 80 for row in piped.stdout.split("\n"))  # a file keeps its long lines
    fence = [row for row in rows if row.strip().startswith("```")]
    assert fence and len(fence) % 2 == 0


def test_a_short_example_in_quotes_is_not_split_across_rows():
    # the history prompt's examples broke inside a quote ('2 / plays 6|3@6|6'); an
    # apostrophe inside a word (hand's, don't) opens no quote
    from fives_tutor.text.wrap import wrap_lines

    text = ("Type the hand's history, one event a line ('1 leads 6|6', '2 plays 6|3@6|6', '1 draws 2'), "
            "then Ctrl-D on a line of its own.")
    for columns in range(40, 100):
        rows = wrap_lines(text, columns)
        assert all(len(row) <= columns for row in rows)
        for example in ("'1 leads 6|6'", "'2 plays 6|3@6|6'", "'1 draws 2'"):
            assert any(example in row for row in rows), (columns, rows)
    assert wrap_lines("don't split the hand's words here", 12) == ["don't split", "the hand's", "words here"]
