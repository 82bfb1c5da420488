"""One judgement per decision and the review as an analysis board: ``hint``, the live
coach and ``fives games review`` agree on seeded practice matches in two packs (the same
mark and the same figure), every reason they give is checked against its position, the
match-losing move, the README's partnership table, ``hint`` in two rows, the board's
keys, and playing on from a move. The sample budget is small here (the figures agree at
any budget: they are one computation); expected values are worked by hand in comments."""

from __future__ import annotations

import json

import pytest
from play_scripts import new_practice, simple_line

from fives_tutor import Position, load_rules
from fives_tutor.core.keeper import replay
from fives_tutor.core.plays import parse_play
from fives_tutor.core.tiles import parse_hand
from fives_tutor.engine.levels import Situation
from fives_tutor.engine.reasons import holds, play_facts
from fives_tutor.store.journal import Journal
from fives_tutor.table import session as table_session
from fives_tutor.table.coach_text import coach_line
from fives_tutor.table.hint_text import more_lines, short_lines
from fives_tutor.table.practice import play_on
from fives_tutor.table.review_board import Board
from fives_tutor.table.review_text import moves_of, review_pages
from fives_tutor.text.i18n import activate
from fives_tutor.text.width import width as display_width
from fives_tutor.tutor import coach
from fives_tutor.tutor.coach import judge_match, judge_situation, judged_plays, judgement_from, searched_of, summarise

#: deals a play in these tests (the coach's own is coach.SAMPLES)
BUDGET = 12


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    monkeypatch.setattr(coach, "SAMPLES", BUDGET)
    activate("en")


def check_reasons(situation: Situation, analysis, judged) -> None:
    """Every reason of ``judged`` true in ``situation``, the search's figures checked
    against ``analysis`` (an analysis made apart from the judgement)."""
    rules = situation.rules
    chosen = parse_play(judged.play, situation.board, rules)
    best = parse_play(judged.best, situation.board, rules)
    searched = searched_of(analysis.level, analysis.of(chosen))
    for reason in judged.reasons:
        assert holds(reason, situation, chosen, best, searched), (judged, reason)


@pytest.mark.parametrize("pack", ["dominos-cc", "five-up"])
def test_hint_the_live_coach_and_the_review_agree_and_every_reason_is_true(tmp_path, pack):
    # five seeded matches a pack, the first hand of each: hint (asked apart, not kept for the coach), the
    # coach judging live, and the review judging again from the journal, on each judged move
    checked = 0
    for seed in ("11", "12", "13", "14", "15"):
        db = str(tmp_path / f"{pack}-{seed}.sqlite3")
        journal, practice = new_practice(db, pack, 2, seed)
        hinted = {}
        try:
            while True:
                while practice.step() is not None:
                    pass
                if practice.state.over or practice.state.hand_number > 1:
                    break
                state = practice.state
                if practice.legal():
                    hinted[(state.hand_number, coach.ply_of(state))] = table_session.hint(state)
                assert practice.handle(simple_line(practice)).kind == "done"
            live = practice.judgements(1)
            events = journal.events(practice.match_id)
        finally:
            journal.close()
        rules = practice.rules
        review = [j for j in judge_match(rules, practice.names, None, events, stored=False) if j.hand == 1]
        assert live == review and live
        for judged in live:
            situation, analysis = hinted[(judged.hand, judged.ply)]
            # what hint showed of the play made: the same mark, the same figure, the same words
            told = judgement_from(situation, analysis, parse_play(judged.play, situation.board, rules), judged.hand,
                                  judged.ply, judged.seat, judged.move)
            assert told == judged
            check_reasons(situation, analysis, judged)
            for fact in play_facts(situation, analysis.best.play):
                assert holds(fact, situation, analysis.best.play)
            rows = short_lines(situation, analysis, "Ana", practice.names, 80)
            assert 1 <= len(rows) <= 2 and all(display_width(row) <= 80 for row in rows)
            assert not any("scores given" in line for line in more_lines(situation, analysis, "Ana",
                                                                          practice.names, 80))
            checked += 1
    assert checked >= 10


def test_a_play_that_misses_the_win_is_said_as_such_and_kept_out_of_the_points_lost():
    # 145 to 145 with the target at 150. On 5 3, 3|0 (on the 3) leaves 5 0 = 5: 5 points, the match. 3|1 leaves
    # 5 1 = 6, nothing, and the next player then wins with 1|0 (5 + 0 = 5), 1|5 (5 + 5 = 10) or 5|4 (4 + 1 = 5),
    # three of the 26 tiles you cannot see (all but yours: nothing of 5 3 is known to be on the table). A deal whose
    # match is decided is worth the match alone (300 points won or lost): 3|0 is worth 300 on every deal, and 3|1's
    # cost is nearly all the match's
    board = Position.parse("5 3")
    near = Situation.build(board, parse_hand("3|0 3|1"), load_rules("dominos-cc"), opponents=(6,), scores=(145, 145))
    judged = judge_situation(near, parse_play("3|1@3", board, near.rules), samples=40)
    assert judged.verdict == "mistake" and judged.kind == "match" and judged.best == "3|0@3"
    assert judged.alternatives[0].value == 300.0 and judged.alternatives[0].win == 1.0
    assert judged.reason is not None and judged.reason.kind == "wins_now"
    gives = next(r for r in judged.reasons if r.kind == "gives_win")
    assert dict(gives.figures) == {"holdable": 26, "lacking": (), "count": 3, "other_count": 0, "score": 145,
                                   "target": 150}
    assert judged.match >= coach.MATCH_COST and judged.points_cost == round(judged.cost - judged.match, 1)
    assert coach_line(judged) == ("Coach (mistake): this missed the win: 3|0@3 would have won the match now "
                                  "(145 + 5 reaches 150).")
    summary = summarise([judged])
    assert summary.match == 1 and summary.lost == judged.points_cost < judged.cost


README_TABLE = ["--players", "Ana,Ben,Cy,Dee", "--teams", "Ana+Cy,Ben+Dee", "--rules", "dominos-cc"]


def test_the_readme_partnership_table_gets_hints_and_a_review(run, tmp_path):
    # dominos-cc seats each for themselves: Ana+Cy against Ben+Dee is a house partnership. Ana leads 6|6 (no score),
    # Ben 6|3 on the spinner (3 + 12 = 15 for Ben and Dee), Cy 3|3 on the 3 (6 + 12 = 18), Dee 1|6 on an arm
    # (6 + 12 + 1 = 19): Ana's turn, the scores 0 for her side and 15 for the other
    db = str(tmp_path / "games.sqlite3")
    lines = ["Ana hand 6|6 5|4 1|1 6|0 0|0", "6|6", "6|3", "3|3@3", "1|6@6*", "hint", "hint more", "6|0@6*"]
    table = run("table", *README_TABLE, "--db", db, input="\n".join(lines) + "\n")
    assert table.exit_code == 0, table.stderr
    out = " ".join(table.stdout.split())
    assert "Ana+Cy and Ben+Dee play as partners: a house rule" in out
    assert "No hint" not in out and "Best: " in out and "Why 6|0@6*" not in out.split("Best play:")[0]
    with Journal(db) as journal:
        session = table_session.Session(journal, 1, load_rules("dominos-cc"), ["Ana", "Ben", "Cy", "Dee"],
                                        [[0, 2], [1, 3]])
        events = journal.events(1)
    state = replay(session.rules, session.names, session.teams, events[:-1])
    situation, _analysis = table_session.hint(state)
    assert situation.scores == (0, 15) and situation.players == 4
    assert situation.rules.players.partnerships_with_four  # the engine plays Cy as Ana's partner
    review = json.loads(run("games", "review", "1", "--db", db, "--json").stdout)
    assert [(m["move"], m["play"]) for m in review["moves"]] == [(1, "6|6"), (5, "6|0@6*")]
    assert review["moves"][1]["best_command"] is None  # fives best seats players as the pack does
    assert "No play of the followed hand could be judged" not in run("games", "review", "1", "--db", db).stdout


def test_the_board_steps_through_moves_and_mistakes(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    journal, practice = new_practice(db, "dominos-cc", 2, "12")
    try:
        for _ in range(14):
            while practice.step() is not None:
                pass
            if practice.state.over:
                break
            practice.handle(simple_line(practice))
        events = journal.events(practice.match_id)
    finally:
        journal.close()
    rules = practice.rules
    moves = moves_of(judged_plays(rules, practice.names, None, events), rules, practice.match_id, 0)
    pages = review_pages(practice.match_id, practice.names, rules, moves, "plain", 80)
    assert len(pages) == len(moves) + 1  # a page a move, then the summary
    for page in pages:
        assert all(display_width(line) <= 80 for line in page)
    opened: list = []
    board = Board(pages, moves, lambda move: opened.append(move) or ["answer"])
    board.next()
    assert board.index == 1 and board.move is moves[1]
    board.previous()
    board.previous()
    assert board.index == 0
    marked = [i for i, m in enumerate(moves) if m.judged.speaks]
    if marked:
        assert board.next_mistake() and board.index == marked[0]
    board.go(len(pages) - 1)
    assert board.move is None and "Points lost to inaccuracies and mistakes, hand by hand:" in pages[-1]
    board.go(0)
    board.open_best()
    assert opened == [moves[0]] and board.lines()[-1] == "answer"
    assert moves[0].play_command == f"fives play --from {practice.match_id}:1:{moves[0].judged.move}"
    assert moves[0].best_command.startswith("printf 'players 2\\n") and "--seed coach:1:" in moves[0].best_command


def test_a_page_longer_than_the_screen_says_more_lies_below():
    """fives best's answer opened under a long page runs past the screen: the last row
    says more lies below until the reader scrolls to the end."""
    from fives_tutor.table.review_board import Board

    board = Board([[f"line {n}" for n in range(10)]], [], None)
    assert board.view(4) == ["line 0", "line 1", "line 2", "↓ more below: ↓ or PgDn"]
    board.scroll = 6
    assert board.view(4) == ["line 6", "line 7", "line 8", "line 9"]  # the end: nothing more
    assert board.view(20) == [f"line {n}" for n in range(10)]  # it fits: no note


def test_the_board_in_a_terminal_answers_its_keys(tmp_path):
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from fives_tutor.table.review_board import make_app

    pages = [["move one"], ["move two"], ["move three"], ["summary"]]
    fake = [type("M", (), {"judged": type("J", (), {"speaks": speaks})()})() for speaks in (False, False, True)]
    board = Board(pages, fake, lambda move: ["best"])
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
        keys.send_text("nmpbt")
        make_app(board).run()
    # n: the second move; m: the next mistake, the third; p: back to the second; b: fives best under it; t: play on
    assert board.index == 1 and board.extra == ["best"] and board.chosen is fake[1]

    # the same keys as a Persian keyboard types them (ض is the q key): د n, پ m, ح p, ذ b, ف t
    board = Board(pages, fake, lambda move: ["best"])
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
        keys.send_text("\u062f\u067e\u062d\u0630\u0641")
        make_app(board).run()
    assert board.index == 1 and board.extra == ["best"] and board.chosen is fake[1]
    board = Board(pages, fake, lambda move: ["best"])
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
        keys.send_text("\u062f\u0636")
        make_app(board).run()  # ض quits (the test would hang otherwise)
    assert board.index == 1 and board.chosen is None


def test_play_on_from_a_move_deals_what_the_player_could_know(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")
    journal, practice = new_practice(db, "dominos-cc", 2, "12", level="expert")
    try:
        for _ in range(5):
            while practice.step() is not None:
                pass
            practice.handle(simple_line(practice))
        events = journal.events(practice.match_id)
        rules = practice.rules
        judged = [j for j in judge_match(rules, practice.names, None, events) if j.hand == 1]
        target = judged[-1]
        info = journal.match(practice.match_id)
        new = play_on(journal, info.id, rules, info.names, info.teams, info.rules_data, info.rules_path, events,
                      target.hand, target.move, None, "on", "3", "en", info.practice)
        before = replay(rules, info.names, None, new.events[:new.start])
        # the same table, scores and tiles as before that move, and your turn
        state = new.state
        assert str(state.layout) == str(before.layout) and state.scores == before.scores
        assert new.your_turn() and set(new.hand) == set(before.followed.known)
        # the tiles nobody saw are dealt again as one deal: the other hand has as many tiles as the table counts,
        # none of them yours or on the table
        other = new.dealer.hand.hands[1]
        assert len(other) == state.counts[1]
        assert not set(other) & (set(new.hand) | set(state.layout.tiles()))
        assert new.practice["start"] == {"events": new.start, "match": info.id, "hand": target.hand,
                                         "move": target.move}
        # the new match is played; its review judges only its own moves
        for _ in range(3):
            while new.step() is not None:
                pass
            if new.state.over:
                break
            new.handle(simple_line(new))
        own = judge_match(rules, info.names, None, journal.events(new.match_id), start=new.start)
        assert own and all((j.hand, j.move) >= (target.hand, target.move) for j in own)
        assert [j for j in own if j.hand == target.hand][0].move == target.move
    finally:
        journal.close()
    shown = run("play", "--from", f"1:{target.hand}:{target.move}", "--seed", "3", "--db", db, "--tiles", "plain",
                input="quit\n")
    assert shown.exit_code == 0, shown.stderr
    assert f"Played on from match 1, hand {target.hand}, before move {target.move}" in " ".join(shown.stdout.split())
    bad = run("play", "--from", "1:9:99", "--db", db)
    assert bad.exit_code == 2 and "the match has no move 99 in hand 9" in bad.stderr
    worse = run("play", "--from", "1-2", "--db", db)
    assert worse.exit_code == 2 and "--from takes a saved match, a hand and a move" in worse.stderr


def test_the_review_in_another_language_fits_80_columns(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")
    lines = ["Ana hand 6|6 6|4 5|5 2|1 0|0 4|3 6|5", "6|6", "6|3", "6|4@6|6*", "Ben 3|3@3"]
    assert run("table", "--players", "Ana,Ben", "--db", db, input="\n".join(lines) + "\n").exit_code == 0
    for lang in ("en", "nl", "fa"):
        text = run("games", "review", "1", "--db", db, "--lang", lang, env={"COLUMNS": "80"})
        assert text.exit_code == 0, text.stderr
        assert all(display_width(line) <= 80 for line in text.stdout.splitlines()), lang
    narrow = run("games", "review", "1", "--db", db, env={"COLUMNS": "40"}).stdout.splitlines()
    heads = [i for i, line in enumerate(narrow) if line.startswith("Coach, ")]
    assert len(heads) == 2  # hand 1's and the match's, each longer than 40 columns
    assert all(narrow[i + 1].startswith("  ") for i in heads), narrow  # wrapped under their head
    played = [i for i, line in enumerate(narrow) if line.startswith("Ana played 6|4@6|6*: ")]
    assert played and narrow[played[0] + 1].startswith("  "), "\n".join(narrow)  # a move's facts too


@pytest.mark.parametrize("width", [80, 40, 24])
def test_the_best_command_is_folded_as_a_shell_reads_it_again(width, tmp_path):
    """The b key's fives best command, folded to the width, is the same command to a POSIX
    shell (sh is the reference: the words it passes to fives and the history it pipes)."""
    import os
    import shutil
    import subprocess
    import sys

    from fives_tutor.table.review_text import best_command, best_command_lines

    if shutil.which("sh") is None:
        pytest.fail("no POSIX shell")
    request = {"history": "players 2\n1 leads 6|6\n2 plays 6|3\n1 plays 6|5@6*\n2 draws 2\n2 plays 5|3@5\n"
                          "1 plays 5|5@5\n2 plays 4|4@4\n",
               "hand": "6|4 2|1 0|0 4|3", "scores": "20,15", "samples": 200, "seed": "coach:1:7", "lead": "later",
               "rules": "muggins"}
    lines = best_command_lines(request, width)
    assert len(lines) > 1 and all(len(line) <= width for line in lines)
    fake = tmp_path / "fives"  # a fives that says what it was given
    fake.write_text(f"#!{sys.executable}\nimport sys\nprint(sys.argv[1:])\nprint(repr(sys.stdin.read()))\n")
    fake.chmod(0o755)
    env = dict(os.environ, PATH=f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")

    def run(text: str) -> str:
        return subprocess.run(["sh", "-c", text], capture_output=True, text=True, timeout=10, check=True,
                              env=env).stdout

    whole = run(best_command(request))
    assert "players 2\\n1 leads 6|6" in whole and "'--rules', 'muggins'" in whole
    assert run("\n".join(lines)) == whole


@pytest.mark.parametrize("lang", ["en", "tl", "id", "nl", "fa"])
def test_every_key_of_the_board_fits_80_columns(lang):
    """The key bar in a language where it is longer than 80 columns goes on two rows,
    broken between keys: the last key (q, to quit) was cut off."""
    from fives_tutor.table.review_board import keys_line, keys_lines
    from fives_tutor.text.i18n import activate

    try:
        activate(lang)
        rows = keys_lines(80)
        assert all(display_width(row) <= 80 for row in rows), rows
        assert " · ".join(rows) == keys_line()  # every key, in order, none cut
    finally:
        activate("en")
