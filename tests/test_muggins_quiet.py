"""``fives table --muggins quiet`` (issue 18, item 3): under a pack where points must be
announced, a quiet keeper does not tell the table what a play made or what was left
unclaimed until the hand ends or someone calls muggins.

The hands are worked by hand under a small muggins pack (two tiles each, so a hand
ends after a few plays): no spinner, every multiple of five scores itself, points must
be announced, and a wrong muggins call gives the accused the points claimed.
"""

from __future__ import annotations

import os
import re

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from fives_tutor.packs.loader import load_pack_data, rules_from_data
from fives_tutor.store.journal import Journal
from fives_tutor.table.render import toolbar, unclaimed
from fives_tutor.table.session import Session
from fives_tutor.table.shell import TableCompleter
from fives_tutor.text.width import width

#: muggins with two tiles each: Ana leads 5|5 (10, a double at the lone lead counts both
#: halves), Ben plays 5|0 on it (0 + 10 = 10), Ana plays 0|3 on the 0 (3 + 10 = 13, nothing)
#: and goes out; Ben holds 6|6 (12 pips, counted as 10)
TINY = "id: tiny-muggins\nextends: muggins\nrules:\n  players:\n    hand_size: 2\n"


def tiny(tmp_path) -> str:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY, encoding="utf-8")
    return str(path)


def table(run, tmp_path, lines: str, *options: str, pack: str | None = None) -> str:
    db = os.path.join(tmp_path, "games.sqlite3")
    result = run("table", "--players", "Ana,Ben", "--rules", pack or tiny(tmp_path), "--db", db, *options,
                 input=lines)
    return re.sub(r"\n  (?=\S)", " ", result.stdout)  # continuation lines joined


def test_quiet_says_what_was_announced_not_what_was_made(run, tmp_path):
    out = table(run, tmp_path, "5|5 =10\n5|0\n", "--muggins", "quiet")
    assert "Ana announces 10 points." in out  # right: credited
    assert "Scores: Ana 10 · Ben 0" in out
    # Ben's 5|0 made 10 and he said nothing: the table is not told
    assert "Not announced right" not in out and "→" not in out
    assert "can be claimed" not in out


def test_the_default_announces_as_before(run, tmp_path):
    out = table(run, tmp_path, "5|5 =10\n5|0\n")
    assert "10 (double 5|5) → 10 points" in out
    assert "0 + 10 (double 5|5) = 10 → 10 points" in out
    assert "Not announced right: 10 points can be claimed with 'muggins'." in out


def test_muggins_called_tells_and_takes(run, tmp_path):
    out = table(run, tmp_path, "5|5 =10\n5|0\nmuggins\n", "--muggins", "quiet")
    assert "Ana calls muggins and takes 10 points." in out
    assert "Scores: Ana 20 · Ben 0" in out


def test_the_end_of_the_hand_says_what_was_left_unclaimed(run, tmp_path):
    # Ana's lead 5|5 made 10, announced =5: wrong, so nothing is credited and 10 was claimable;
    # Ben's 5|0 made 10, unannounced; Ana's 0|3 made 13: nothing to claim
    out = table(run, tmp_path, "5|5 =5\n5|0\n0|3\n6|6\n", "--muggins", "quiet")
    assert "Ana announces 5 points." in out
    assert "Left unclaimed this hand: Ana 5|5 (10 points), Ben 5|0 (10 points)." in out
    # Ana went out and collects Ben's 12 pips, rounded to 10
    assert "Ana collects 10 points." in out
    # a claimed play is not listed: Ana takes Ben's 10 with muggins
    (tmp_path / "again").mkdir()
    out = table(run, tmp_path / "again", "5|5 =10\n5|0\nmuggins\n0|3\n6|6\n", "--muggins", "quiet")
    assert "Nothing was left unclaimed this hand." in out


def test_announcing_too_much_is_refused_without_saying_how_much(run, tmp_path):
    quiet = table(run, tmp_path, "5|5 =15\n", "--muggins", "quiet")
    assert "Refused: 5|5 does not make that many points. Nothing was recorded." in quiet
    (tmp_path / "other").mkdir()
    loud = table(run, tmp_path / "other", "5|5 =15\n")
    assert "Refused: 5|5 makes 10: no more can be announced" in loud


def test_quiet_changes_nothing_where_points_are_not_announced(run, tmp_path):
    # dominos-cc has no muggins: the keeper counts every play as always
    out = table(run, tmp_path, "5|5\n", "--muggins", "quiet", pack="dominos-cc")
    assert "10 (spinner 5|5) → 10 points" in out


def test_quiet_in_every_language_fits_80_columns(run, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    for lang in ("en", "tl", "id", "nl", "fa"):
        folder = tmp_path / lang
        folder.mkdir()
        db = os.path.join(folder, "games.sqlite3")
        result = run("table", "--players", "Ana,Ben", "--rules", tiny(folder), "--db", db, "--muggins", "quiet",
                     "--lang", lang, input="5|5 =5\n5|0\n0|3\n6|6\nhelp\n")
        assert result.exit_code == 0, (lang, result.stderr)
        assert all(width(line) <= 80 for line in result.stdout.splitlines()), lang
        if lang == "fa":
            assert "۵|۵" in result.stdout


def test_a_mistyped_mode(run):
    result = run("table", "--players", "Ana,Ben", "--muggins", "quite")
    assert result.exit_code == 2 and "did you mean quiet?" in result.stderr


# --- the state, the toolbar and the completer ---------------------------------------------------------


@pytest.fixture
def session(tmp_path):
    """Ana led 5|5 announcing nothing: 10 was left claimable, Ben to play."""
    data, path = load_pack_data(tiny(tmp_path))
    rules = rules_from_data(data, path)
    with Journal(str(tmp_path / "games.sqlite3")) as journal:
        match_id = journal.create_match(["Ana", "Ben"], None, rules.id, path, data, "en")
        made = Session(journal, match_id, rules, ["Ana", "Ben"], None)
        assert made.handle("5|5").kind == "done"
        yield made


def test_unclaimed_plays_of_the_hand(session):
    assert [(player, str(play.tile), points) for player, play, points in unclaimed(session.state)] == [(0, "5|5", 10)]
    assert session.handle("muggins").kind == "done"  # Ben takes the 10
    assert unclaimed(session.state) == []


def test_the_quiet_toolbar_shows_the_ends_without_their_total(session):
    assert "ends: 5|5 = 10" in toolbar(session.state)
    shown = toolbar(session.state, quiet=True)
    assert "ends: 5|5" in shown and "= 10" not in shown


def test_the_quiet_completer_does_not_rank_plays_by_points(session):
    # on the lone 5|5: a 5 makes 10 + the other half (5|0 makes 10, 5|5 is out)
    def complete(quiet: bool) -> list[tuple[str, str]]:
        found = TableCompleter(session, quiet=quiet).get_completions(Document("5|", 2),
                                                                     CompleteEvent(completion_requested=True))
        return [(c.text, c.display_meta_text) for c in found]

    loud = complete(False)
    assert loud[0] == ("5|0@5|5", "total 10: 10 points")  # the play that scores first
    quiet = complete(True)
    assert [text for text, _meta in quiet] == sorted(text for text, _meta in loud)
    assert all(meta == "" for _text, meta in quiet)
