"""Every Persian line of a broad sample of output reads right on a bidi display.

Each text line a command prints in Persian is put in visual order by python-bidi
(a reference implementation of the Unicode Bidirectional Algorithm, UAX #9) under
paragraph direction right to left and under automatic detection, as terminals that do
bidi show it, and under a paragraph direction forced left to right, as VTE shows it
without mode 2501 (a pipe, ``less``, tmux, screen). Every left-to-right phrase of the
logical line (a tile, position, play, option, command, example, Latin name or path:
found in the line itself by the regex below, not taken from the output under test)
must read in the visual line exactly as written; forced left to right, the line must
show the same visual line as right to left (python-bidi's pure-Python reference
algorithm, marks removed, edges trimmed: only the margin differs), so its phrases keep
their order; and every line with Persian letters must start with a right-to-left mark
(after the block marker in the Markdown worksheet).
"""

from __future__ import annotations

import json
import re

import pytest
from bidi import get_display
from bidi.algorithm import get_display as reference_display
from table_scripts import HOUSE_CC, TWO_PLAYERS, script_input, write_pack

from fives_tutor.cli.main import COMMANDS

LRM, RLM, ALM = "\u200e", "\u200f", "\u061c"
#: marks, embeddings, overrides and isolates: what a display never shows
CONTROLS = re.compile("[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]")
PERSIAN_LETTER = re.compile("[\u0621-\u064a\u0671-\u06d3\u06fa-\u06ff]")
#: a token: ASCII letters and digits, Persian digits and the punctuation notation,
#: options, commands and paths are written with; no spaces, no Persian letters
TOKEN = r"[A-Za-z0-9\u06f0-\u06f9\u066b\u066c|@*:=<>/._,'\"\[\]()+~$-]+"
PHRASE = re.compile(f"{TOKEN}(?: {TOKEN})*")
#: what makes a token left to right: a Latin letter, an ASCII digit, or a digit glued
#: to notation (۵|۳, ۵*, =۱۰, ۱:۶)
LEFT_TO_RIGHT = re.compile(r"[A-Za-z0-9]|\d[|@*:=<>/]|[|@*:=<>/]\d")
TRIM = ".,:;!?'\""
MARKDOWN_BLOCK = re.compile(r"^(#{1,6} |\d+\. )")


def plain(text: str) -> str:
    return CONTROLS.sub("", text)


def forced_ltr_differs(line: str) -> str | None:
    """How ``line`` (a right-to-left line, block marker removed) looks forced left to
    right, when that differs from how it looks right to left; None when it reads the
    same (the reference algorithm, marks removed, edges trimmed)."""
    forced = plain(reference_display(line, base_dir="L")).strip()
    own = plain(reference_display(line, base_dir="R")).strip()
    return None if forced == own else forced


def _strip(token: str) -> str:
    """A token without the sentence punctuation, quotes and unbalanced brackets around it."""
    changed = True
    while changed and token:
        changed = False
        if token[-1] in TRIM or (token[-1] in ")]" and token.count(token[-1]) > token.count("([" [")]".index(token[-1])])):
            token, changed = token[:-1], True
        elif token[0] in "'\"" or (token[0] in "([" and token.count(token[0]) > token.count(")]" ["([".index(token[0])])):
            token, changed = token[1:], True
        elif token[0] in "([" and token[-1] == ")]"["([".index(token[0])]:
            token, changed = token[1:-1], True
    return token


def _kind(core: str) -> str | None:
    if re.search("[A-Za-z0-9]", core):
        return "words"           # a command, option, name or example
    if LEFT_TO_RIGHT.search(core):
        return "notation"        # a tile or play in the language's digits
    if re.fullmatch(r"[\u06f0-\u06f9\u066b\u066c]+", core):
        return "number"          # one end of a position, or a number in prose
    return None


def phrases(line: str) -> list[str]:
    """The left-to-right phrases of a logical line: words (``fives table --resume``,
    ``--lang LANG``) and notation (a position ``۳ ۵|۵* ۵*``, or bare ends ``۶ ۵``),
    each with neighbours of its kind across a single space, a colon or semicolon
    ending a phrase. A lone number is prose, not a phrase; a name and a tile side by
    side (``Ana ۵|۳``) are two phrases, which the line reads in its own order."""
    found = []

    def close(words):
        kinds = [_kind(_strip(word)) for word in words]
        if words and (len(words) > 1 or kinds[0] != "number"):
            found.append(_strip(" ".join(words)))
        words.clear()

    for match in PHRASE.finditer(plain(line)):
        words: list[str] = []
        for word in match.group(0).split(" "):
            core = _strip(word)
            kind = _kind(core) if core else None
            # a quoted value is a phrase of its own: 'x' is not ..., 'fives best -h'
            if words and (kind is None or (kind == "words") != (_kind(_strip(words[-1])) == "words")
                          or words[-1].endswith((":", ";", ".")) or (kind == "number" and word != core)
                          or word.startswith(("'", '"')) or words[-1].rstrip(TRIM.replace("'", "")).endswith("'")):
                close(words)
            if kind is not None:
                words.append(word)
        close(words)
    return [phrase for phrase in found if phrase]


def problems(text: str, markdown: bool = False) -> list[str]:
    """Every Persian line of ``text`` that does not start with RLM or whose
    left-to-right phrases do not read as written under RTL and automatic direction."""
    found = []
    for line in text.split("\n"):
        if not PERSIAN_LETTER.search(line) and not line.startswith(RLM):
            continue
        start = MARKDOWN_BLOCK.match(line) if markdown else None
        body = line[start.end():] if start else line
        if not body.startswith(RLM):
            found.append(f"no RLM first: {line!r}")
            continue
        for base in ("R", None, "L"):
            shown = plain(get_display(line, base_dir=base) if base else get_display(line))
            for phrase in phrases(body):
                if phrase not in shown:
                    found.append(f"{phrase!r} reads {shown!r} (direction {base or 'auto'}) in {line!r}")
        forced = forced_ltr_differs(body)
        if forced is not None:
            found.append(f"forced left to right it reads {forced!r} in {line!r}")
    return found


# --- the checker itself, on hand-made lines ------------------------------------------------


def test_the_checker_finds_a_scrambled_tile_and_a_missing_mark():
    assert problems("\u200fحرکت: ۵|۳ را بازی کنید")  # bare: shows ۳|۵
    assert problems("حرکت: \u200e۵|۳\u200e\u200f را")  # no RLM first
    assert problems("\u200fگزینهٔ --void")  # shows void--
    assert problems("\u200f\u200efives\u200e\u200f \u200etable\u200e\u200f")  # each word marked: order flips
    assert not problems("\u200f\u202bحرکت: \u200e۵|۳\u200e\u200f را بازی کنید\u202c")
    assert phrases("\u200fبرای راهنما 'fives best -h' را ببینید، ۱۵ امتیاز") == ["fives best -h"]
    assert phrases("۶ + ۵ = ۱۱ و (Dominos.cc)") == ["Dominos.cc"]
    assert phrases("\u200fسرها ۶ ۵ هستند و Ana ۱۵") == ["۶ ۵", "Ana"]
    assert problems("\u200fسرهای باز: ۶ ۵")  # bare ends: show ۵ ۶


def test_the_checker_finds_a_line_that_reads_out_of_order_forced_left_to_right():
    # marked but not embedded: right to left it reads «حرکت: 5|3 را», forced left to right
    # the phrases come out in the wrong order
    line = "\u200fحرکت: \u200e۵|۳\u200e\u200f را بازی کنید"
    assert forced_ltr_differs(line)
    assert any("forced left to right" in problem for problem in problems(line))
    embedded = "\u200f\u202bحرکت: \u200e۵|۳\u200e\u200f را بازی کنید\u202c"
    assert forced_ltr_differs(embedded) is None and not problems(embedded)


# --- a broad sample of output -----------------------------------------------------------------


def fa(run, *args, input=None):
    return run(*args, "--lang", "fa", input=input)


def text_of(result) -> str:
    return result.stdout + "\n" + result.stderr


def assert_reads_right(result, markdown=False):
    found = problems(text_of(result), markdown=markdown)
    assert not found, "\n".join(found)
    # a sample that printed no Persian at all would prove nothing
    assert PERSIAN_LETTER.search(text_of(result)), text_of(result)


ONE_SHOT = [
    ("score", "5 3", "--play", "3|0"),
    ("score", "3 5|5* 5* 5*", "--play", "5|2@5*"),
    ("score", "1|3 3|5 5|5*(5|6 6|2)(5|4) 5|0"),
    ("score", "-", "--play", "6|6"),
    ("score", "6 4|4", "--rules", "fives-and-threes"),
    ("moves", "6 2", "--hand", "2|5 6|4 3|3 4|1"),
    ("moves", "6 2", "--hand", "1|1"),
    ("best", "6 2", "--hand", "2|5 6|4 3|3", "--samples", "30"),
    ("best", "6 2", "--hand", "2|5 6|4 3|3", "--level", "defensive"),
    ("best", "6 2", "--hand", "2|5 6|4", "--level", "greedy"),
    ("best", "6 2", "--hand", "2|5 6|4 3|3", "--samples", "30", "--scores", "120,135", "--void", "1:6,2"),
    ("count", "5|3 4|4", "12"),
    ("count", "5|3 4|4", "12", "--rules", "pagat-all-fives"),
    ("rules", "list"),
    ("rules", "show", "dominos-cc"),
    ("rules", "show", "muggins"),
    ("rules", "show", "fives-and-threes"),
    ("rules", "show", "pagat-all-fives"),
    ("rules", "show", "five-up"),
    ("rules", "compare", "dominos-cc", "pagat-all-fives", "five-up"),
    ("rules", "compare", "dominos-cc", "muggins", "--simulate", "3"),
    ("rules", "compare", "dominos-cc", "five-up", "--matches", "10"),   # signed differences, bars
    ("simulate", "dominos-cc", "--matches", "4"),
    ("duel", "greedy", "random", "--matches", "2"),
    ("learn", "--list"),
    ("quiz", "--stats"),
    ("puzzle", "--stats"),
    ("games", "list"),
]


@pytest.mark.parametrize("args", ONE_SHOT, ids=" ".join)
def test_command_output_reads_right(run, args):
    result = fa(run, *args)
    assert result.exit_code == 0, text_of(result)
    assert_reads_right(result)


ERRORS = [
    ("score", "5|x"),                                   # a bad tile in a position
    ("score", "5 3", "--play", "9|9"),                  # a tile the set does not have
    ("score", "5 3", "--play", "4|1"),                  # a tile that fits nowhere
    ("score", "3 5|5* 5* 5*", "--play", "5|2"),         # a play that needs @END
    ("score", "6 2", "--play", "2|5@4"),                # an end that is not there
    ("moves", "6 2"),                                   # a missing option
    ("best", "6 2", "--hand", "2|5", "--samples", "0"),  # a number out of its range, 1 to 100000
    ("best", "6 2", "--hand", "2|5", "--void", "x"),    # --void without OPPONENT:NUMBERS
    ("best", "6 2", "--hand", "2|5", "--opponents", "5,x"),
    ("best", "6 2", "--hand", "2|5", "--level", "wise"),  # Click's choice
    ("count",),                                         # a missing argument
    ("count", "500"),                                   # more pips than the set holds
    ("scor", "5 3"),                                    # no such command
    ("score", "5 3", "--rules", "no-such-pack"),
    ("rules", "show", "no-such-pack"),
    ("learn", "99"),
    ("quiz", "--kind", "threes"),                       # a kind the pack has no exercises of
    ("puzzle", "--rules", "pagat-all-fives", "--players", "3", "--theme", "partner"),  # none of that kind
    ("games", "show", "x"),                             # not a match number
    ("table", "--players", "Ana"),                      # one player is not a match
]


@pytest.mark.parametrize("args", ERRORS, ids=" ".join)
def test_errors_read_right(run, args):
    result = fa(run, *args)
    assert result.exit_code == 2, text_of(result)
    assert_reads_right(result)


def test_a_bad_pack_file_reads_right(run, tmp_path):
    pack = tmp_path / "club.yaml"
    pack.write_text("extends: dominos-cc\nrules:\n  spinner:\n    doubles: sometimes\n", encoding="utf-8")
    result = fa(run, "score", "5 3", "--rules", str(pack))
    assert result.exit_code == 2
    assert_reads_right(result)


@pytest.mark.parametrize("args", [()] + [(name,) for name in COMMANDS]
                         + [("rules", "list"), ("rules", "show"), ("rules", "compare"), ("games", "list"),
                            ("games", "show"), ("games", "export"), ("games", "import"), ("games", "delete")],
                         ids=lambda args: " ".join(args) or "fives")
def test_help_reads_right(run, args):
    result = fa(run, *args, "--help")
    assert result.exit_code == 0, text_of(result)
    assert_reads_right(result)


def test_a_lesson_reads_right(run):
    result = fa(run, "learn", "tiles", input="\n\n15\n")
    assert result.exit_code == 0, text_of(result)
    assert_reads_right(result)


def test_a_lesson_with_positions_and_a_wrong_answer_reads_right(run):
    result = fa(run, "learn", "counting", input="\n" * 3 + "7\n?\n8\n" + "\n" * 20)
    assert_reads_right(result)


def test_a_quiz_reads_right(run):
    result = fa(run, "quiz", "--count", "4", "--seed", "3", input="1\n2\n?\nq\n")
    assert result.exit_code == 0, text_of(result)
    assert_reads_right(result)


def test_a_puzzle_session_reads_right(run):
    # a slip, a hint, a wrong play (every play is legal somewhere: the first that fits), a stop
    result = fa(run, "puzzle", "--count", "2", input="9|9\n?\nq\n")
    assert result.exit_code == 0, text_of(result)
    assert_reads_right(result)


def test_a_puzzle_answered_reads_right(run):
    import json

    first = json.loads(fa(run, "puzzle", "--json", "--count", "1").stdout)["puzzles"][0]
    result = fa(run, "puzzle", "--count", "1", input=first["counting"] + "\n")
    assert result.exit_code == 0, text_of(result)
    assert_reads_right(result)
    assert_reads_right(fa(run, "puzzle", "--stats"))


def test_the_puzzle_worksheet_reads_right(run):
    result = fa(run, "puzzle", "--print", "3")
    assert result.exit_code == 0, text_of(result)
    assert_reads_right(result, markdown=True)


def test_the_worksheet_reads_right_and_stays_markdown(run):
    result = fa(run, "quiz", "--print", "6", "--seed", "2")
    assert result.exit_code == 0, text_of(result)
    assert_reads_right(result, markdown=True)
    items = [line for line in result.stdout.split("\n") if re.match(r"\d+\. ", line)]
    # Markdown numbers a list only after ASCII digits: 1. to 6. for the questions and the key
    assert [line.split(".")[0] for line in items] == [str(n) for n in range(1, 7)] * 2


def test_the_table_shell_reads_right(run, tmp_path):
    pack = write_pack(tmp_path, HOUSE_CC, "house")
    lines = script_input(TWO_PLAYERS[:8], ("sheet", "board", "history", "rules", "help", "undo", "redo", "4|4@9",
                                           "pass pass", "draw 99"))
    result = fa(run, "table", "--players", "Ana,علی", "--rules", pack, input=lines)
    assert_reads_right(result)
    shown = fa(run, "games", "show", "1")
    assert shown.exit_code == 0
    assert_reads_right(shown)
    listed = fa(run, "games", "list")
    assert_reads_right(listed)


def test_json_is_never_marked(run):
    for args in (("score", "5 3", "--json"), ("rules", "show", "dominos-cc", "--json"),
                 ("quiz", "--print", "2", "--seed", "1", "--json")):
        result = fa(run, *args)
        assert result.exit_code == 0
        assert LRM not in result.stdout and RLM not in result.stdout
        json.loads(result.stdout)


def test_a_persian_name_first_stays_left_to_right_in_english(run, tmp_path):
    pack = write_pack(tmp_path, HOUSE_CC, "house")
    result = run("table", "--players", "علی,Ben", "--rules", pack, input="6|6\n")
    assert result.exit_code == 0
    first_persian = [line for line in result.stdout.split("\n") if PERSIAN_LETTER.match(plain(line))]
    assert first_persian  # "علی plays 6|6", "علی to play." ...
    for line in first_persian:  # an LRM first keeps an English line left to right
        assert line.startswith(LRM), line
        # left to right: the name is drawn first, at the left (its letters in visual order)
        assert plain(get_display(line)).startswith("علی"[::-1]), get_display(line)


def test_visual_order_mirrors_brackets_and_keeps_a_tables_spacing():
    """--bidi visual: on a terminal without bidi, a parenthesis still opens before what it
    encloses (UAX #9 rule L4 mirrors it in a right-to-left run), and a row that fits
    keeps the runs of spaces that align its columns."""
    from fives_tutor.text.bidi import visual_rows

    (row,) = visual_rows("\u200fمهره (\u200e5|3\u200e) است", 40, align=False)
    assert row.index("(") < row.index("5|3") < row.index(")"), row
    (table_row,) = visual_rows("\u200fنام      بسته", 40, align=False)
    assert "      " in table_row, table_row


# --- Persian: one digit system for tiles, and what was typed quoted as typed (issue 18, item 4) ----


def test_the_hand_and_the_board_show_persian_digits_as_the_plays_do(run):
    # seed 31: you lead 6|6 from [6|5] [0|0] [6|0] [5|2] [3|3] [6|6] [3|1] (README); Ana answers 6|4
    result = fa(run, "play", "--seed", "31", "--tiles", "plain", input="6|6\nquit\n")
    assert result.exit_code == 0, result.stderr
    assert_reads_right(result)
    out = plain(result.stdout)
    assert "[۶|۵] [۰|۰] [۶|۰] [۵|۲] [۳|۳] [۶|۶] [۳|۱]" in out  # the hand, in Persian digits
    assert "[۴|۶] [۶]*" in out  # the board: 6|4 across, the spinner standing
    assert not re.search(r"\[[0-9]", out)  # no tile in ASCII digits
    hand = next(line for line in result.stdout.split("\n") if "[۶|۵]" in line)
    # the hand is one marked left-to-right run inside the Persian sentence
    assert f"{LRM}[۶|۵] [۰|۰] [۶|۰] [۵|۲] [۳|۳] [۶|۶] [۳|۱]{LRM}" in hand
    board = next(line for line in result.stdout.split("\n") if "[۴|۶]" in line)
    assert board.startswith("\u200e\u202a")  # a picture: a left-to-right line


def test_an_error_quotes_the_answer_as_it_was_typed(run):
    # 12x is no number: the error quotes 12x, in the digits typed, ASCII or Persian
    result = fa(run, "quiz", "--count", "1", "--seed", "3", "--kind", "total", input="12x\n۱۲x\nq\n")
    assert result.exit_code == 0, result.stderr
    out = plain(result.stdout)
    assert "«12x»" in out and "«۱۲x»" in out, out
    assert_reads_right(result)


def test_the_seed_is_called_as_a_persian_reader_says_it(run):
    result = fa(run, "quiz", "--print", "2", "--seed", "7")
    assert "عدد آغازین ۷" in plain(result.stdout)
    assert "بذر" not in result.stdout and "دانه" not in result.stdout


def test_a_practice_match_reads_right(run):
    result = fa(run, "play", "--seed", "4", "--players", "3", "--tiles", "plain",
                input="hint\nhistory\nsheet\nboard\nrules\nhelp\nquit\n")
    assert result.exit_code == 0, result.stderr
    assert_reads_right(result)
