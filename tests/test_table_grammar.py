"""The scorekeeper's line grammar and what is built on it: one grammar read by the
session (``re``) and by the terminal shell (prompt_toolkit's ``regular_languages``);
completion of tiles in either order, scoring plays first; checks that speak only when
no ending of the line could be taken; names with spaces; turn corrections; the
muggins announcement; the hand-end count; the sheet and toolbar at 80 columns; setup
answers and the remembered language. Expected values are worked by hand."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.contrib.regular_languages import compile as compile_grammar
from prompt_toolkit.document import Document
from prompt_toolkit.validation import ValidationError
from table_scripts import HOUSE_CC, HOUSE_MUGGINS, TWO_PLAYERS, play, write_pack

from fives_tutor.errors import NotationError
from fives_tutor.packs.loader import load_pack_data, rules_from_data
from fives_tutor.store.journal import Journal
from fives_tutor.table.grammar import LINE, parse_command, pieces
from fives_tutor.table.session import Session
from fives_tutor.table.shell import TableCompleter, TableValidator, valid_beginning

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAMES = ["Ana Maria", "Ben"]


# --- the grammar ---------------------------------------------------------------------------------


@pytest.mark.parametrize("line, word, player, text, count, announced", [
    ("5|3", "play", None, "5|3", None, None),
    ("Ana Maria 4|1=5", "play", 0, "4|1", None, 5),          # =5 glued to the tile is the announcement
    ("ana maria 4|1 =5", "play", 0, "4|1", None, 5),
    ("4|1 = 5", "play", None, "4|1", None, 5),
    ('"Ana Maria" 6|2@6*', "play", 0, "6|2@6*", None, None),
    ("Ben draw 2", "draw", 1, "", 2, None),
    ("Ana Maria pass", "pass", 0, "", None, None),
    ("muggins Ben 10", "muggins", 1, "", 10, None),
    ("muggins", "muggins", None, "", None, None),
    ("۵|۳", "play", None, "5|3", None, None),                 # Persian digits
])
def test_lines_the_grammar_reads(line, word, player, text, count, announced):
    assert tuple(parse_command(line, NAMES)) == (word, player, text, count, announced)


@pytest.mark.parametrize("line, column, fragment", [
    ("hello", 1, "'hello' is neither a tile"),
    ("Zed 5|3", 1, "'Zed' is not a player of this match (Ana Maria, Ben)"),
    ("5|3 4|4", 5, "after a play only the announced points may follow"),
    ("5|x", 3, "bad tile '5|x'"),
    ("draw two", 6, "'draw' takes a number"),
    ("Ana Maria", 10, "after Ana Maria type the tile they play"),
    ("undo 2", 6, "'undo' takes nothing after it"),
])
def test_a_line_the_grammar_refuses_points_at_the_fault(line, column, fragment):
    with pytest.raises(NotationError) as caught:
        parse_command(line, NAMES)
    assert fragment in str(caught.value) and caught.value.column == column


@pytest.mark.parametrize("line", ["5|3", "Ana Maria 4|1=5", '"Ana Maria" 6|2@6*', "Ben draw 2", "muggins Ben 10",
                                  "sheet", "  Ben   undo  "])
def test_both_compilers_read_the_same_pieces(line):
    ours = {name: piece.text for name, piece in pieces(line).items()}
    theirs = compile_grammar(LINE).match(line).variables()
    assert ours == {name: theirs.get(name) for name in ours}
    assert all(theirs.get(name) is None for name in ("player", "play", "announced", "command", "argument")
               if name not in ours)


# --- a session to complete and check against ---------------------------------------------------------


def new_session(journal, names=("Ana", "Ben"), pack="dominos-cc", teams=None) -> Session:
    data, path = load_pack_data(pack)
    rules = rules_from_data(data, path)
    return Session(journal, None, rules, list(names), teams,
                   create=lambda: journal.create_match(list(names), teams, rules.id, path, data, "en"))


@pytest.fixture
def journal(tmp_path):
    with Journal(str(tmp_path / "games.sqlite3")) as opened:
        yield opened


@pytest.fixture
def session(journal):
    """Ana led 6|6 and Ben played 6|3: ends 3 6|6* 6* 6* (15), Ana to play."""
    session = new_session(journal)
    for line in ("6|6", "6|3"):
        assert session.handle(line).kind == "done"
    return session


def completions(session, text):
    found = TableCompleter(session).get_completions(Document(text, len(text)), CompleteEvent(completion_requested=True))
    return [(c.text, c.display_meta_text) for c in found]


def test_a_tile_in_either_order_finds_its_plays_scoring_first(session):
    # ends 3 6|6* 6* 6*. A 1 goes nowhere but with a 6: 1|6 on the spinner's free side
    # leaves 3 + 1 = 4; on an arm 3 + 12 + 1 = 16; 3|1 on the 3: 1 + 12 = 13
    assert completions(session, "1|") == [("1|3@3", "total 13: no score"), ("1|6@6*", "total 16: no score"),
                                          ("1|6@6|6*", "total 4: no score")]
    # 5|6 on an arm: 3 + 12 + 5 = 20 scores 20, before 5|6 on the free side (3 + 5 = 8)
    assert completions(session, "5|6")[0] == ("5|6@6*", "total 20: 20 points")
    offered = completions(session, "")
    plays = [meta for _text, meta in offered if meta.startswith("total")]
    points = [0 if "no score" in meta else int(meta.split(": ")[1].split()[0]) for meta in plays]
    assert points == sorted(points, reverse=True) and points[0] == 20


def test_names_with_spaces_complete_whole(journal):
    session = new_session(journal, names=("Ana Maria", "Ben"))
    assert session.handle("6|6").kind == "done"
    assert ("Ana Maria", "player") in completions(session, "Ana M")
    assert ("Ana Maria", "player") in completions(session, "ana")


def check_typing(session, text):
    asyncio.run(TableValidator(session).validate_async(Document(text, len(text))))


@pytest.mark.parametrize("text", ["6", "6|", "6|2", "6|2@6", "1|", "Ana", "An", "Ben ", "Ben 6|", "dr", "draw ",
                                  "draw 1", "und", "she"])
def test_a_valid_beginning_is_not_refused_while_typing(session, text):
    assert valid_beginning(session, text) or session.check(text) is None
    check_typing(session, text)


@pytest.mark.parametrize("text, reason, cursor", [
    ("2|1", "2|1 fits no open end of 3 6|6* 6* 6*", 0),
    ("hello", "'hello' is neither a tile", 0),
    ("Ben 7|7", "bad tile '7|7'", 4),
    ("draw 15", "the boneyard has only 14 tiles to draw", 5),
    ("pass", "a player who cannot play must draw", 0),
])
def test_a_line_no_ending_can_save_is_refused_while_typing(session, text, reason, cursor):
    with pytest.raises(ValidationError) as caught:
        check_typing(session, text)
    assert caught.value.message.startswith(reason) and "Refused" not in caught.value.message
    assert caught.value.cursor_position == cursor


@pytest.mark.parametrize("text, reason", [("6|", "bad tile '6|'"), ("6|2", "6|2 fits more than one end"),
                                          ("Ana", "after Ana type the tile they play")])
def test_on_enter_an_unfinished_line_is_refused_with_the_reason(session, text, reason):
    with pytest.raises(ValidationError) as caught:
        TableValidator(session).validate(Document(text))
    assert caught.value.message.startswith(reason)   # under the line, which stays for editing


# --- what the session does with a line -------------------------------------------------------------


def test_players_with_spaces_keep_a_match(run):
    result = run("table", "--players", "Ana Maria,Ben", input="6|6\nBen 6|3\nana maria 5|6@6*\n")
    assert result.exit_code == 0, result.stdout
    assert "Ana Maria plays 6|5@6*: 3 6|6* 5 6*" in result.stdout
    with Journal() as journal:
        assert journal.match(1).names == ["Ana Maria", "Ben"]
        assert journal.events(1) == [play(0, "6|6"), play(1, "6|3"), play(0, "5|6", "6*")]


def test_naming_another_player_mid_hand_corrects_the_turn(run):
    # Ana leads 6|6; the table says Ana plays again (Ben passed without saying so):
    # the turn moves to Ana, the event says so, and undo takes it back
    result = run("table", "--players", "Ana,Ben", input="6|6\nAna 6|3\nundo\n")
    assert result.exit_code == 0, result.stdout
    assert "The turn is corrected: Ana plays now, not Ben (undo takes it back)." in result.stdout
    assert "Ana plays 6|3@6|6*" in result.stdout and "Undone: Ana 6|3" in result.stdout
    with Journal() as journal:
        events = journal.events(1)
    assert events[1] == {"type": "play", "player": 0, "tile": "6|3", "end": "", "corrected": True}
    assert events[2] == {"type": "undo"}


def test_the_muggins_announcement_glued_to_the_tile_and_never_above_the_play(run, tmp_path):
    pack = write_pack(tmp_path, HOUSE_MUGGINS, "muggins.yaml")
    # the lone 4|1 counts 4 + 1 = 5: =5 is right; =10 is more than the play made
    result = run("table", "--players", "Ana,Ben", "--rules", pack, input="4|1=10\n4|1=5\n")
    assert result.exit_code == 2
    assert "Refused: 4|1 makes 5: no more can be announced. Nothing was recorded." in result.stdout
    assert "Not announced right" not in result.stdout
    with Journal() as journal:
        assert journal.events(1) == [play(0, "4|1", announced=5)]


def test_the_hand_end_is_counted_as_fives_count_shows_it(run, tmp_path):
    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    lines = "".join(step.line + "\n" for step in TWO_PLAYERS[:14])
    result = run("table", "--players", "Ana,Ben", "--rules", pack, input=lines)
    # Ben holds 6|2: 8 pips, rounded to the nearest five: 10
    out = result.stdout
    assert "  Ben: 6|2 = 8 pips, counts as 10" in out
    assert "  Counted: the opponent's pips rounded to the nearest five." in out  # one opponent: nothing added
    assert "  A remainder of 3 or 4 rounds up, 1 or 2 down." in out
    assert out.index("Ben: 6|2 = 8 pips") < out.index("Ana collects 10 points.")


def test_redo_names_the_action(run):
    result = run("table", "--players", "Ana,Ben", input="6|6\n6|3\nundo\nredo\n")
    assert result.exit_code == 0
    assert "Undone: Ben 6|3" in result.stdout and "Redone: Ben 6|3" in result.stdout


def test_resume_shows_the_position(run):
    run("table", "--players", "Ana,Ben", input="6|6\n6|3\n")
    result = run("table", "--resume", input="")
    out = result.stdout
    assert "Hand 1, as it stands:" in out
    assert "Open ends: 3 6|6* 6* 6* (total 15)" in out
    assert "Tiles held: Ana 6 tiles, Ben 6 tiles; boneyard: 14." in out
    # the picture: 3|6 across the line, the spinner 6|6 standing crosswise (6 over 6, its star beside)
    assert "[3|6] [6]*\n      [6]\n" in out
    assert out.rstrip().endswith("Ana to play.")


def test_the_toolbar_counts_each_players_tiles(journal):
    from fives_tutor.table.render import toolbar

    session = new_session(journal, names=("Ana", "Ben"))
    session.handle("6|6")
    text = toolbar(session.state)
    assert "turn: Ben" in text and "ends: 6|6* = 12" in text and "boneyard: 14" in text
    assert "Tiles held: Ana 6 · Ben 7" in text


def test_the_toolbar_fits_the_width(journal):
    from fives_tutor.table.render import toolbar

    session = new_session(journal, names=("Ana", "Ben"))
    session.state.counts[0] = 1
    assert "Tiles held: Ana 1 · Ben 7" in toolbar(session.state)
    # four long names still fit 80 columns
    four = new_session(journal, names=("Ana Maria", "Benedict", "Cynthia Rose", "Dee Dee"))
    assert all(len(line) <= 80 for line in toolbar(four.state, 80).splitlines())


def test_a_four_player_sheet_and_help_fit_80_columns(journal):
    from fives_tutor.table.render import help_text, sheet

    session = new_session(journal, names=("Ana Maria", "Benedict", "Cy", "Dee"))
    for line in ("6|6", "6|3", "draw", "6|5@6*", "5|5@5"):
        session.handle(line)
    for text in (sheet(session.state, 80), help_text(session.state, 80)):
        assert all(len(line) <= 80 for line in text.splitlines()), text
    text = sheet(session.state, 80)
    assert "/" not in text and "of 150 points" in text
    # in every language: the legend under the sheet is a sentence, wrapped to the width
    from fives_tutor.text.i18n import activate
    from fives_tutor.text.wrap import display_width

    try:
        for code in ("tl", "id", "nl", "fa"):
            activate(code)
            lines = sheet(session.state, 80).splitlines()
            assert all(display_width(line) <= 80 for line in lines), (code, lines)
    finally:
        activate("en")


def test_every_sheet_cell_adds_up(run, tmp_path):
    import re

    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    lines = "".join(step.line + "\n" for step in TWO_PLAYERS) + "sheet\n"
    out = run("table", "--players", "Ana,Ben", "--rules", pack, input=lines).stdout
    sums = re.findall(r"(\d+) \+ (\d+) = (\d+)", out.split("wins the match")[1])
    assert sums and all(int(a) + int(b) == int(c) for a, b, c in sums)


def test_the_board_is_cut_between_tiles_to_the_width(journal):
    from fives_tutor.render.board_art import draw

    session = new_session(journal)
    for line in ("6|6", "6|3", "3|3", "6|5@6*", "3|0@3|3", "5|5@5"):
        assert session.handle(line).kind == "done", line
    picture = draw(session.state.layout, "plain", 16)
    assert all(len(line) <= 16 for line in picture.splitlines())
    assert all(line.count("[") == line.count("]") for line in picture.splitlines())


# --- setup answers and the remembered language ---------------------------------------------------------


def test_setup_answers_are_checked():
    from fives_tutor import load_rules
    from fives_tutor.cli.table import check_language_answer, check_pack_answer, check_players_answer, check_teams_answer

    rules = load_rules("dominos-cc")
    assert check_players_answer(["Ana Maria", "Ben"], rules) is None
    assert "different name" in check_players_answer(["Ana", "ana"], rules)
    assert "looks like a command or a tile" in check_players_answer(["Ana", "draw"], rules)
    assert "looks like a command or a tile" in check_players_answer(["Ana", "5|3"], rules)
    assert "is for 2 to 4 players, not 5" in check_players_answer(list("ABCDE"), rules)
    assert check_teams_answer("Ana+Cy,Ben+Dee", ["Ana", "Ben", "Cy", "Dee"]) is None
    assert "opposite" in check_teams_answer("Ana+Ben,Cy+Dee", ["Ana", "Ben", "Cy", "Dee"])
    assert check_pack_answer("pagat-all-fives") is None and check_pack_answer("nonsense")
    assert check_language_answer("nl") is None and check_language_answer("") is None
    assert "unknown language 'xx'" in check_language_answer("xx")


def test_the_language_is_remembered_atomically(tmp_path):
    from fives_tutor.store import settings

    path = str(tmp_path / "conf" / "settings.json")
    assert settings.load(path) == {}
    assert settings.save({"language": "nl"}, path)
    assert settings.save({"other": 1}, path)
    assert json.loads(open(path, encoding="utf-8").read()) == {"language": "nl", "other": 1}
    assert list(os.listdir(tmp_path / "conf")) == ["settings.json"]   # no temporary left
    open(path, "w").write("{broken")
    assert settings.load(path) == {}


def test_players_as_a_count_without_a_terminal(run):
    result = run("table", "--players", "2", input="6|6\n")
    assert result.exit_code == 0 and "P1 plays 6|6" in result.stdout


# --- imports: the shell stays lazy, and the command and the shell do not import each other --------


def test_score_and_the_plain_table_do_not_import_prompt_toolkit(tmp_path):
    code = ("import sys; from fives_tutor.cli.main import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print('PT' if any(m.startswith('prompt_toolkit') for m in sys.modules) else 'none', file=sys.stderr)")
    env = dict(os.environ, PYTHONPATH=REPO, FIVES_HOME=str(tmp_path))
    for args, stdin in ((["score", "5 3"], ""), (["table", "--players", "Ana,Ben"], "6|6\n")):
        done = subprocess.run([sys.executable, "-c", code, *args], input=stdin, capture_output=True, text=True,
                              env=env, timeout=60, check=False)
        assert done.stderr.strip().splitlines()[-1] == "none", (args, done.stderr)


def test_no_import_cycle_between_the_table_modules():
    import ast

    def imported(*path):
        """Every module ``fives_tutor/<path>`` imports, at the top or inside a function, as
        dotted names relative to the package (``table.replies``, ``cli.common``)."""
        file = os.path.join(REPO, "fives_tutor", *path)
        package = path[:-1]
        tree = ast.parse(open(file, encoding="utf-8").read())
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = list(package[:len(package) - node.level + 1]) if node.level else ["fives_tutor"]
                names.add(".".join((base if node.level else []) + ([node.module] if node.module else [])))
        return names

    shell, replies, command = imported("table", "shell.py"), imported("table", "replies.py"), imported("cli", "table.py")
    assert not any(name.startswith("cli.table") or name.startswith("cli.play") for name in shell | replies)
    assert "table.replies" in shell and "table.replies" in command
    assert "table.shell" in command                   # the command opens the shell (lazily)
    assert "table.shell" not in replies               # the plain loop never loads prompt_toolkit


def test_the_compact_two_digit_tile_is_taken_at_the_table(run, tmp_path):
    """notation.md: `53` is 5|3 (sets up to double-nine), at the table as on the command
    line. 6|6 leads (12, spinner); B's `63` is 6|3 on it: 3 + 12 = 15 for B."""
    from fives_tutor.core.tiles import Tile
    from fives_tutor.table.grammar import read_tile

    assert read_tile("63", "63", 0) == Tile(6, 3) and read_tile("[35]@3", "[35]@3", 0) == Tile(3, 5)
    result = run("table", "--players", "A,B", "--db", str(tmp_path / "g.sqlite3"), input="6|6\n63\n")
    assert result.exit_code == 0 and "Refused" not in result.stdout
    assert "B plays 6|3" in result.stdout and "Scores: A 0 · B 15" in result.stdout


def test_a_shell_offers_only_its_own_commands():
    """A mistyped word is offered from the commands of the shell it is typed in: the
    table offers ``hand`` for ``hnad``; a practice match, which deals your tiles and has
    no ``hand``, offers nothing, and ``hand`` there is returned unread for the practice
    to say why."""
    from fives_tutor.table.practice import WORDS as PRACTICE_WORDS

    with pytest.raises(NotationError) as table_error:
        parse_command("hnad", ["Ana", "Ben"])
    assert "did you mean hand?" in str(table_error.value)
    with pytest.raises(NotationError) as practice_error:
        parse_command("hnad", ["You", "Ana"], words=PRACTICE_WORDS)
    assert "did you mean" not in str(practice_error.value)
    with pytest.raises(NotationError) as close_error:
        parse_command("drwa", ["You", "Ana"], words=PRACTICE_WORDS)
    assert "did you mean draw?" in str(close_error.value)
    assert parse_command("hand", ["You", "Ana"], words=PRACTICE_WORDS).word == "hand"
    assert parse_command("hand 6|6", ["You", "Ana"], words=PRACTICE_WORDS).word == "hand"
