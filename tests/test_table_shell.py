"""The interactive ``fives table`` shell through prompt_toolkit's pipe input, and its
completer and validator called directly. Expected values are worked by hand."""

from __future__ import annotations

import contextlib
import io
import threading

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.validation import ValidationError
from table_scripts import (
    HOUSE_CC,
    TWO_PLAYERS,
    assert_state,
    events_of,
    hand_end,
    play,
    write_pack,
)

from fives_tutor.packs.loader import load_pack_data, rules_from_data
from fives_tutor.store.journal import Journal
from fives_tutor.table.session import Session
from fives_tutor.table.shell import (
    TableCompleter,
    TableValidator,
    make_prompt_session,
    run_interactive,
)

TIMEOUT = 30


def new_match(db: str, names=("Ana", "Ben"), pack: str = "dominos-cc") -> int:
    with Journal(db) as journal:
        data, path = load_pack_data(pack)
        return journal.create_match(list(names), None, rules_from_data(data, path).id, path, data, "en")


def open_session(journal: Journal, match_id: int) -> Session:
    info = journal.match(match_id)
    rules = rules_from_data(info.rules_data, info.rules_path)
    return Session(journal, match_id, rules, info.names, info.teams)


def run_shell(db: str, match_id: int, keys: str, history: str) -> tuple[int, str]:
    """Run the interactive shell on ``keys`` in a thread (SQLite and prompt_toolkit's app
    session both belong to the thread that made them); returns its code and output."""
    outcome: dict = {}

    def target():
        try:
            with Journal(db) as journal:
                session = open_session(journal, match_id)
                with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
                    prompt_session = make_prompt_session(session, history_file=history)
                    pipe.send_text(keys)
                    buffer = io.StringIO()
                    with contextlib.redirect_stdout(buffer):
                        outcome["code"] = run_interactive(session, "plain", prompt_session)
                    outcome["out"] = buffer.getvalue()
        except BaseException as error:
            outcome["error"] = error

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(TIMEOUT)
    assert not thread.is_alive(), "the shell did not finish (waiting for input?)"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["code"], outcome["out"]


def saved_events(db: str, match_id: int = 1) -> list[dict]:
    with Journal(db) as journal:
        return journal.events(match_id)


# --- the shell through a pipe ------------------------------------------------------------------


def test_interactive_shell_records_the_plays(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    match_id = new_match(db)
    code, out = run_shell(db, match_id, "6|6\r6|3\rquit\r", str(tmp_path / "history"))
    assert code == 0
    # Ana's lone spinner 6|6 counts 12 (no score); Ben's 6|3 on it: 3 + 12 = 15 for Ben
    assert "Ana plays 6|6: 6|6*" in out
    assert "Ben plays 6|3@6|6*: 3 6|6* 6* 6*" in out
    assert "Scores: Ana 0 · Ben 15 (target 150)" in out
    assert f"The match is saved: fives table --resume 1 --db {db} continues it." in " ".join(out.split())
    assert saved_events(db) == [play(0, "6|6"), play(1, "6|3")]
    # the typed lines are kept in the history file
    history = (tmp_path / "history").read_text(encoding="utf-8")
    assert "+6|6" in history and "+6|3" in history


def test_interactive_shell_ends_on_ctrl_d_and_ignores_ctrl_c(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    match_id = new_match(db)
    code, out = run_shell(db, match_id, "6|6\r\x03\x04", str(tmp_path / "history"))
    assert code == 0
    assert "The match is saved" in out
    assert saved_events(db) == [play(0, "6|6")]


def test_interactive_validator_keeps_an_illegal_line_from_being_entered(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    match_id = new_match(db)
    # 2|1 cannot follow 6|6: Enter is refused while the line is wrong; Ctrl-U clears it
    code, out = run_shell(db, match_id, "6|6\r2|1\r\x15quit\r", str(tmp_path / "history"))
    assert code == 0
    assert "2|1" not in out
    assert saved_events(db) == [play(0, "6|6")]


def test_interactive_shell_asks_the_pips_at_a_hand_end(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    match_id = new_match(db, pack=pack)
    keys = "".join(step.line + "\r" for step in TWO_PLAYERS[:14]) + "quit\r"
    code, out = run_shell(db, match_id, keys, str(tmp_path / "history"))
    assert code == 0
    assert "Ana goes out: domino!" in out
    # Ben's 6|2: 8 pips rounded up to 10 for Ana
    assert "Ana collects 10 points." in out
    assert saved_events(db) == events_of(TWO_PLAYERS[:14])
    assert saved_events(db)[-1] == hand_end(0, 8)
    with Journal(db) as journal:
        assert_state(open_session(journal, match_id).state, TWO_PLAYERS[13])


# --- the completer -------------------------------------------------------------------------------


@pytest.fixture
def session(tmp_path):
    """Ana led 6|6 and Ben played 6|3: ends 3 6|6* 6* 6* (15), Ana to play."""
    db = str(tmp_path / "games.sqlite3")
    match_id = new_match(db)
    with Journal(db) as journal:
        session = open_session(journal, match_id)
        for line in ("6|6", "6|3"):
            assert session.handle(line).kind == "done"
        yield session


def complete(session, text: str) -> dict[str, str]:
    completer = TableCompleter(session)
    found = completer.get_completions(Document(text, len(text)), CompleteEvent(completion_requested=True))
    return {c.text: c.display_meta_text for c in found}


def test_completer_offers_only_legal_tiles_not_yet_out(session):
    offered = complete(session, "6|")
    # ends 3, 6|6*, 6*, 6*. A 6 on the spinner's free side covers it: 3 + x.
    # A 6 on an arm: 3 + 12 + x. 6|6 and 6|3 are out.
    assert offered == {
        "6|0@6|6*": "total 3: no score", "6|0@6*": "total 15: 15 points",
        "6|1@6|6*": "total 4: no score", "6|1@6*": "total 16: no score",
        "6|2@6|6*": "total 5: 5 points", "6|2@6*": "total 17: no score",
        "6|4@6|6*": "total 7: no score", "6|4@6*": "total 19: no score",
        "6|5@6|6*": "total 8: no score", "6|5@6*": "total 20: 20 points",
    }


def test_completer_tiles_on_the_three(session):
    # on the 3: x + 12. 3|3 stands crosswise: 6 + 12 = 18. 3|6 is out.
    assert complete(session, "3|") == {
        "3|0@3": "total 12: no score", "3|1@3": "total 13: no score", "3|2@3": "total 14: no score",
        "3|3@3": "total 18: no score", "3|4@3": "total 16: no score", "3|5@3": "total 17: no score",
    }
    # a tile typed in either order: 2| finds 3|2 on the 3 and 6|2 on the sixes. On the
    # spinner's free side 6|6* the 2 covers it: 3 + 2 + 0 + 0 = 5; on an arm: 3 + 12 + 2 = 17
    assert complete(session, "2|") == {"2|3@3": "total 14: no score", "2|6@6|6*": "total 5: 5 points",
                                       "2|6@6*": "total 17: no score"}
    assert complete(session, "2|1") == {}


def test_completer_names_and_commands(session):
    assert complete(session, "b") == {"Ben": "player", "board": "command"}
    assert complete(session, "A") == {"Ana": "player"}
    assert complete(session, "dr") == {"draw": "command"}
    assert complete(session, "Ben u") == {"undo": "command"}
    everything = complete(session, "")
    words = ("draw", "pass", "muggins", "undo", "redo", "board", "sheet", "history", "rules", "help", "quit")
    assert all(everything[word] == "command" for word in words)
    assert everything["Ana"] == everything["Ben"] == "player"
    # 6 tiles on the 3, 5 tiles twice on the 6s: 16 plays
    assert len([text for text in everything if "@" in text]) == 16


def test_completer_after_the_match_offers_no_tile(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    match_id = new_match(db, pack=pack)
    with Journal(db) as journal:
        session = open_session(journal, match_id)
        for step in TWO_PLAYERS:
            assert session.handle(step.line).kind in ("done", "show")
        assert session.state.over
        assert [text for text in complete(session, "") if "|" in text] == []


# --- the validator --------------------------------------------------------------------------------


@pytest.mark.parametrize("text, reason", [
    ("2|1", "2|1 fits no open end of 3 6|6* 6* 6*"),
    ("6|6", "6|6 is already on the table"),
    ("7|7", "bad tile '7|7'"),
    ("6|2", "6|2 fits more than one end"),
    ("Ben 7|7", "bad tile '7|7'"),
    ("pass", "a player who cannot play must draw while the boneyard has tiles"),
    ("draw 15", "the boneyard has only 14 tiles to draw"),
    ("hello", "'hello' is neither a tile"),
    ("muggins", "this rule pack has no muggins"),
])
def test_validator_refuses_with_the_reason(session, text, reason):
    before = list(session.journal.events(session.match_id))
    with pytest.raises(ValidationError) as caught:
        TableValidator(session).validate(Document(text))
    assert caught.value.message.startswith(reason)
    assert session.journal.events(session.match_id) == before


@pytest.mark.parametrize("text", ["6|2@6*", "6|5@6*", "3|4", "Ana 3|4", "draw", "draw 14", "sheet", "undo", "",
                                  "  "])
def test_validator_accepts_a_legal_entry_and_records_nothing(session, text):
    before = list(session.journal.events(session.match_id))
    TableValidator(session).validate(Document(text))
    assert session.journal.events(session.match_id) == before


def test_a_line_refused_on_enter_is_replaced_by_what_is_typed_next(tmp_path):
    # 2|1 fits nowhere: Enter leaves it, selected from the fault; typing 6|2@6* replaces it
    # instead of being glued to it (6|2 on an arm: 3 + 12 + 2 = 17)
    db = str(tmp_path / "games.sqlite3")
    match_id = new_match(db)
    code, out = run_shell(db, match_id, "6|6\r6|3\r2|1\r6|2@6*\rquit\r", str(tmp_path / "history"))
    assert code == 0
    assert "Ana plays 6|2@6*: 3 6|6* 2 6*" in out
    assert saved_events(db) == [play(0, "6|6"), play(1, "6|3"), play(0, "6|2", "6*")]


def test_only_the_faulty_part_is_replaced(tmp_path):
    # "Ana 7|7": the name is right, the tile is not; the tile alone is selected and replaced
    db = str(tmp_path / "games.sqlite3")
    match_id = new_match(db)
    code, out = run_shell(db, match_id, "6|6\r6|3\rAna 7|7\r6|2@6*\rquit\r", str(tmp_path / "history"))
    assert code == 0
    assert saved_events(db)[-1] == play(0, "6|2", "6*")


def test_a_match_closed_before_its_first_tile_is_not_saved(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    outcome = {}

    def target():
        with Journal(db) as journal:
            data, path = load_pack_data("dominos-cc")
            rules = rules_from_data(data, path)
            session = Session(journal, None, rules, ["Ana", "Ben"], None,
                              create=lambda: journal.create_match(["Ana", "Ben"], None, rules.id, path, data, "en"))
            with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
                prompt_session = make_prompt_session(session, history_file=str(tmp_path / "history"))
                pipe.send_text("help\rquit\r")
                buffer = io.StringIO()
                with contextlib.redirect_stdout(buffer):
                    run_interactive(session, "plain", prompt_session)
                outcome["out"] = buffer.getvalue()

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(TIMEOUT)
    assert not thread.is_alive()
    assert "Nothing was played, so no match was saved." in outcome["out"]
    with Journal(db) as journal:
        assert journal.matches() == [] and journal.latest_unfinished() is None


# --- editing a refused line, and the end of a match -------------------------------------------------


@pytest.mark.parametrize("keys, why", [
    # "6|3 x": the tile fits (3 + 12 = 15), " x" is refused and selected from the fault at column 5;
    # C-u clears the whole line (the selection made Emacs mode drop it before), 6|3 is typed anew
    ("6|6\r6|3 x\r\x156|3\rquit\r", "C-u"),
    # C-k kills from the fault to the end: "6|3 " is left, and Enter takes it
    ("6|6\r6|3 x\r\x0b\rquit\r", "C-k"),
    # Esc drops the refused part at once: "6|3 " again
    ("6|6\r6|3 x\r\x1b\rquit\r", "Esc"),
])
def test_c_u_c_k_and_esc_edit_a_refused_line_as_in_a_shell(tmp_path, keys, why):
    db = str(tmp_path / "games.sqlite3")
    match_id = new_match(db)
    code, out = run_shell(db, match_id, keys, str(tmp_path / "history"))
    assert code == 0, why
    assert "Ben plays 6|3@6|6*: 3 6|6* 6* 6*" in out, why
    assert saved_events(db) == [play(0, "6|6"), play(1, "6|3")], why


def test_c_u_clears_a_line_refused_from_its_first_column(tmp_path):
    # 2|1 fits no end: the whole line is selected; C-u then 6|3 records 6|3, not "2|16|3"
    db = str(tmp_path / "games.sqlite3")
    match_id = new_match(db)
    code, _out = run_shell(db, match_id, "6|6\r2|1\r\x15\x156|3\rquit\r", str(tmp_path / "history"))
    assert code == 0
    assert saved_events(db) == [play(0, "6|6"), play(1, "6|3")]


def test_a_finished_match_says_so_and_is_not_offered_to_be_continued(tmp_path):
    # the whole two-player match (house-cc, target 100): Ben wins with 120 points
    from table_scripts import TWO_PLAYERS_WINNER

    db = str(tmp_path / "games.sqlite3")
    pack = write_pack(tmp_path, HOUSE_CC, "house.yaml")
    match_id = new_match(db, pack=pack)
    keys = "".join(step.line + "\r" for step in TWO_PLAYERS) + "quit\r"
    code, out = run_shell(db, match_id, keys, str(tmp_path / "history"))
    assert code == 0
    flat = " ".join(out.split())
    assert TWO_PLAYERS_WINNER in flat
    # what the bare prompt still offers, as fives play says it (no hand was typed: games show)
    assert ("The match is over: sheet and history show it again, quit leaves, and fives games show 1 "
            "shows its sheet later.") in flat
    assert "continues it" not in flat and "--resume" not in flat
    assert f"The match is over and saved: fives games show 1 --db {db} shows its sheet." in flat


def test_a_finished_match_with_a_hand_typed_offers_its_review():
    # fives games review needs a hand that was followed (a "hand" event): then the note offers it
    from types import SimpleNamespace

    from fives_tutor.table.replies import over_note

    followed = SimpleNamespace(match_id=4, events=[play(0, "6|6"), {"type": "hand", "player": 0, "tiles": "6|6"}])
    assert over_note(followed) == ("The match is over: sheet and history show it again, quit leaves, and fives games "
                                   "review 4 goes through your moves.")
    table_only = SimpleNamespace(match_id=4, events=[play(0, "6|6")])
    assert "fives games show 4" in over_note(table_only) and "review" not in over_note(table_only)
