"""The coach and ``hint``: hand-built positions where the coach must speak (a play that
hands the next player 15) and must stay silent (two plays of the same worth), the marks
and their thresholds, a hint that depends on an opponent's pass, the hand a player
gives the scorekeeper, and ``fives games review`` of a real table's match. Expected
values are worked by hand in the comments."""

from __future__ import annotations

import json

import pytest

from fives_tutor import Position, load_rules
from fives_tutor.core.keeper import replay
from fives_tutor.core.plays import parse_play
from fives_tutor.core.tiles import parse_hand
from fives_tutor.engine.levels import Situation
from fives_tutor.engine.reasons import Reason, Searched, comparisons, holds
from fives_tutor.errors import FivesError
from fives_tutor.table.coach_text import coach_line, lesson_line, review_line, summary_lines
from fives_tutor.tutor import coach
from fives_tutor.tutor.coach import Alternative, Judgement, judge_situation, summarise, verdict

DOMINOS = load_rules("dominos-cc")


def situation(ends: str, hand: str, opponent: int, rules=DOMINOS) -> Situation:
    return Situation.build(Position.parse(ends), parse_hand(hand), rules, opponents=(opponent,))


# --- hand-built positions ----------------------------------------------------------------------------


def test_the_coach_speaks_of_a_play_that_hands_the_next_player_15():
    # The ends 2, 2|2* (the spinner, its side still empty: 4), 4 and 0 add up to 10. You
    # hold 2|0, 4|2 and 5|2; the other player holds 6 of the 24 tiles you cannot see (all
    # but yours and 2|2). 2|5 on the spinner's side covers it (it counts nothing now) and
    # leaves 2 + 5 + 4 + 0 = 11, no score; a reply scores 15 with 0|4 on the 0 (2 + 5 + 4
    # + 4), 2|6 on the 2 (6 + 5 + 4 + 0) or 4|4 on the 4 (2 + 5 + 8 + 0), and 10 with 2|1,
    # 5|4 or 4|3: six tiles. 0|2 on the 0 instead leaves 2 + 4 + 4 + 2 = 12, and no tile
    # the next player may hold scores there: 2|0, 4|2, 2|5 and 2|2, the only ones that
    # would, are yours or on the table.
    board = situation("2 2|2* 4 0", "2|0 4|2 5|2", 6)
    played = parse_play("2|5@2|2*", Position.parse("2 2|2* 4 0"), DOMINOS)
    judged = judge_situation(board, played)
    assert judged.points == 0 and judged.speaks and judged.verdict == "mistake"
    assert judged.cost >= coach.MISTAKE_FROM and judged.cost > judged.interval
    reply = next(r for r in judged.reasons if r.kind == "reply")
    assert (reply.get("scoring"), reply.get("most"), reply.get("holdable")) == (6, 15, 24)
    assert judged.reason is not None and judged.kind == coach.KIND_OF_REASON[judged.reason.kind]
    line = coach_line(judged)
    assert line.startswith(f"Coach (mistake): {judged.best} was worth about ")
    # against 0|2 on the 0 in particular: 6 scoring tiles up to 15, against none
    alternative = parse_play("0|2@0", Position.parse("2 2|2* 4 0"), DOMINOS)
    found = next(r for r in comparisons(board, played, alternative) if r.kind == "reply")
    assert dict(found.figures) == {"holdable": 24, "lacking": (), "scoring": 6, "most": 15, "other_scoring": 0,
                                   "other_most": 0}
    # the play the coach prefers is judged best, and nothing is said of it
    better = judge_situation(board, parse_play(judged.best, Position.parse("2 2|2* 4 0"), DOMINOS))
    assert better.verdict == "best" and better.cost == 0 and not better.speaks and coach_line(better) == ""
    # every reason the judgement gives is true in the position (checked again from the position)
    best_play = parse_play(judged.best, Position.parse("2 2|2* 4 0"), DOMINOS)
    chosen = next(a for a in judged.alternatives if a.play == judged.play)
    searched = Searched(judged.cost, judged.interval, judged.samples)
    assert chosen.behind == judged.cost
    assert all(holds(r, board, played, best_play, searched) for r in judged.reasons)


def test_the_coach_is_silent_when_two_plays_are_worth_the_same():
    # Your last tile, 3|2, fits both ends of 2 3: on the 2 it leaves 3 3 (6), on the 3 it
    # leaves 2 2 (4); neither scores, and either way you go out and collect the same pips:
    # the two plays are worth exactly the same on every deal.
    board = situation("2 3", "3|2", 6)
    for play in ("3|2@2", "2|3@3"):
        judged = judge_situation(board, parse_play(play, Position.parse("2 3"), DOMINOS))
        assert judged.cost == 0 and judged.verdict == "best" and not judged.speaks, play
        assert judged.options == 2


def test_a_play_without_an_alternative_is_best_and_not_judged_further():
    # Only 6|1 fits 6 4 (on the 6, leaving 1 + 4 = 5: 5 points)
    board = situation("6 4", "6|1 0|0", 5)
    judged = judge_situation(board, parse_play("6|1", Position.parse("6 4"), DOMINOS))
    assert judged.level == "forced" and judged.verdict == "best" and judged.points == 5 and judged.samples == 0


def test_the_same_play_is_judged_the_same_way_every_time():
    board = situation("2 2|2* 4 0", "2|0 4|2 5|2", 6)
    play = parse_play("4|2@4", Position.parse("2 2|2* 4 0"), DOMINOS)
    assert judge_situation(board, play, 2, 7) == judge_situation(board, play, 2, 7)


def test_marks_and_their_thresholds():
    assert coach.BEST_BELOW == 0.5 and coach.FINE_BELOW == 2 and coach.MISTAKE_FROM == 6 and coach.NOISE_Z == 2
    assert verdict(0.4, 0.0) == "best"
    assert verdict(1.9, 0.0) == "fine"
    assert verdict(5.0, 3.0) == "fine"        # within two standard errors: equal within the noise
    assert verdict(5.0, 2.0) == "inaccuracy"  # 5 > 2 x 2
    assert verdict(6.0, 0.5) == "mistake"
    assert verdict(40.0, 0.0, forced=True) == "best"


def test_a_judgement_is_kept_and_read_back_and_a_damaged_one_refused():
    reason = Reason("more_now", (("points", 0), ("other_points", 10)), "6|4@6*", "4|1@4")
    alternatives = (Alternative("4|1@4", 10, 12.0, 2.0, 0.0, 0.0), Alternative("6|4@6*", 0, 5.5, 2.1, 6.5, 1.2))
    judged = Judgement(1, 4, 0, "6|4@6*", "4|1@4", 0, 10, 6.5, 1.2, "mistake", "points", 3, "monte-carlo", 200, 3,
                       0.0, alternatives, (reason,))
    data = json.loads(json.dumps(judged.to_dict()))
    assert Judgement.from_dict(data) == judged
    for damage in ({"verdict": "awful"}, {"kind": "luck"}, {"cost": "6.5"}, {"cost": True}, {"play": "x" * 40},
                   {"reasons": [{"kind": "luck"}]}, {"alternatives": [["4|1@4", "ten"]]}, {"alternatives": "x"},
                   # what a review would print as it is: escapes in any play, a NaN anywhere
                   {"best": "4|1@4\x1b[2J"},
                   {"reasons": [dict(reason.to_dict(), play="6|4\x1b]0;x\x07")]},
                   {"reasons": [dict(reason.to_dict(), other="\x1b[31m")]},
                   {"reasons": [dict(reason.to_dict(), points=float("nan"))]},
                   {"alternatives": [["4|1@4\x1b[2J", 10, 12.0, 2.0, 0.0, 0.0, 0.0, None, None]]},
                   {"alternatives": [["4|1@4", 10, float("nan"), 2.0, 0.0, 0.0, 0.0, None, None]]},
                   {"noise": float("nan")}, {"match": float("inf")}):
        assert Judgement.from_dict(dict(data, **damage)) is None
    assert Judgement.from_dict({k: v for k, v in data.items() if k != "noise"}) is None
    assert Judgement.from_dict([1, 2]) is None
    # a judgement written before they kept their analysis is judged again (refused here)
    assert Judgement.from_dict({k: v for k, v in data.items() if k not in ("alternatives", "reasons")}) is None


def test_an_earlier_versions_judgement_is_checked_alike_and_judged_again():
    """An export written before the judgements kept their analysis (EARLIER_FIELDS) is
    imported without them; the same fields damaged are refused like a current one."""
    earlier = {"hand": 1, "ply": 3, "seat": 0, "play": "6|5@6", "best": "2|5@2*", "points": 0, "best_points": 15,
               "cost": 13.4, "noise": 2.1, "verdict": "mistake", "kind": "points", "options": 6,
               "level": "monte-carlo", "samples": 352, "reply": 8.1, "best_reply": 12.9, "most": 15, "pips": 11,
               "best_pips": 7}
    assert set(earlier) == set(coach.EARLIER_FIELDS)
    assert Judgement.from_dict(earlier) is None and Judgement.is_earlier(earlier)
    for damage in ({"cost": float("nan")}, {"best": "2|5\x1b[2J"}, {"seat": 10}, {"kind": None}, {"reply": "8"}):
        assert not Judgement.is_earlier(dict(earlier, **damage)), damage


def test_the_summary_counts_points_lost_and_keeps_the_match_apart():
    def judged(hand, ply, cost, mark, kind, match=0.0):
        return Judgement(hand, ply, 0, "6|4@6*", "4|1@4", 0, 10, cost, 0.5, mark, kind, 3, "monte-carlo", 200,
                         ply + 1, match)

    moves = [judged(1, 0, 0.0, "best", None), judged(1, 2, 1.0, "fine", None), judged(1, 4, 3.0, "inaccuracy", "reply"),
             judged(2, 1, 8.0, "mistake", "points"), judged(2, 3, 7.0, "mistake", "reply"),
             judged(3, 5, 90.0, "mistake", "match", match=86.0)]
    summary = summarise(moves)
    # points lost: 3 + 8 + 7 and the 4 points of the match-losing play (90 less the match's 86); the fine
    # play's 1 is not counted
    assert summary.lost == 22.0 and summary.match == 1
    assert summary.counts == {"best": 1, "fine": 1, "inaccuracy": 1, "mistake": 3}
    assert [(j.hand, j.ply) for j in summary.costliest] == [(3, 5), (2, 1), (2, 3)]
    assert summary.kinds == ("match", "reply", "points")  # 90, then 3 + 7 = 10, then 8
    assert coach.lost_by_hand(moves) == [(1, 3.0), (2, 15.0), (3, 4.0)]
    rules = load_rules("dominos-cc")
    lines = summary_lines(summary, rules, ["counting", "strategy", "match"])
    assert lines[0] == ("Coach, the match: 6 plays of yours judged (1 best, 1 fine, 1 inaccuracy, 3 mistakes); "
                        "points lost to inaccuracies and mistakes: 22.0.")
    assert "  1 play cost you chances to win the match." in lines
    assert "    hand 3, move 6: 6|4@6* (mistake, the match); best was 4|1@4" in lines
    assert "    hand 2, move 2: 6|4@6* (mistake, about 8.0 points); best was 4|1@4" in lines
    assert any(line.endswith("See fives learn counting.") for line in lines)
    # a lesson is linked only where the pack has it, with the pack named when it is not the default
    assert lesson_line("suits", rules, ["strategy"]).endswith("whatever the ends become.")
    assert lesson_line("reply", load_rules("muggins"), ["strategy"]).endswith(
        "See fives learn strategy --rules muggins.")
    assert review_line(moves[2]).startswith("Move 5, 6|4@6*: inaccuracy: 4|1@4 was worth about 3.0 points more "
                                            "(± 1.0)")


def test_a_play_within_the_noise_is_said_fine_the_same_way_everywhere():
    # 8.8 points behind with a standard error of 4.4: its interval, two standard errors, is ± 8.8: not clear
    fine = Judgement(2, 6, 0, "1|4@1", "1|3@1", 5, 10, 8.8, 4.4, verdict(8.8, 4.4), None, 3, "monte-carlo", 200, 4)
    assert fine.verdict == "fine" and fine.interval == 8.8
    words = "equal within the noise (1|3@1 about 8.8 points better, ± 8.8)"
    assert coach_line(fine) == f"Coach: 1|4@1 is fine, {words}."
    assert review_line(fine) == f"Move 4, 1|4@1: fine, {words}."
    # clear of the noise (± 6.0) it is a mistake
    assert verdict(8.8, 3.0) == "mistake"


# --- a player's own hand at a real table, and hint ------------------------------------------------------


MUGGINS = load_rules("muggins")
FOUR = ["Ana", "Ben", "Cy", "Dee"]
ANA = {"type": "hand", "player": 0, "tiles": "6|6 5|4 1|1 6|0 0|0 6|5 4|1"}


def test_a_hint_depends_on_an_opponents_pass(run, tmp_path):
    # Muggins, four players: all 28 tiles are dealt, nobody draws, a player who cannot
    # play passes. Ana leads 6|6 and Ben passes: Ben holds no 6. Cy plays 6|4 on it and
    # Dee 4|0: the ends are 6|6 (12) and 0. If Ana plays 0|6 on the 0, the ends are 6 and
    # 6|6 (18): only 6|3 would score there (3 + 12 = 15), and Ben cannot hold it. Of the
    # 19 tiles Ana cannot see (28 less her 7, 6|4 and 4|0) Ben can hold the 16 without a 6
    # (6|1, 6|2 and 6|3 are the unseen sixes). Without the pass (the table named Cy after
    # the lead, correcting the turn), the same position and the same tiles, 6|3 may be Ben's.
    db = str(tmp_path / "games.sqlite3")
    common = ["Ana hand 6|6 5|4 1|1 6|0 0|0 6|5 4|1", "6|6"]
    told = run("table", "--players", ",".join(FOUR), "--rules", "muggins", "--db", db,
               input="\n".join(common + ["pass", "6|4", "4|0", "hint more"]) + "\n")
    untold = run("table", "--players", ",".join(FOUR), "--rules", "muggins", "--db", db,
                 input="\n".join(common + ["Cy 6|4", "4|0", "hint more"]) + "\n")
    assert told.exit_code == 0 and untold.exit_code == 0
    told_text, untold_text = " ".join(told.stdout.split()), " ".join(untold.stdout.split())
    assert "From the history: the next player passed on 6." in told_text
    assert "From the history" not in untold_text
    assert "After 0|6@0: none of the 16 tiles Ben can hold (with no 6) lets them score." in told_text
    assert ("After 0|6@0: 1 of the 19 tiles Ben can hold lets them score, up to 15 points; they can expect"
            in untold_text)
    # the hint names only Ana's tiles and the table's
    mentioned = set(__import__("re").findall(r"\d\|\d", told.stdout.split("hint")[-1]))
    allowed = {"6|6", "5|4", "4|5", "1|1", "6|0", "0|6", "0|0", "6|5", "5|6", "4|1", "1|4", "6|4", "4|0", "0|4"}
    assert mentioned <= allowed


def test_hint_says_why_it_cannot_answer(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")
    result = run("table", "--players", "Ana,Ben", "--db", db, input="hint\n6|6\nAna hand 6|3 5|5 2|1 0|0 4|3 6|5\n"
                                                                    "hint\nBen draw 2\nhint\nBen 6|4@6|6*\nhint\n")
    out = " ".join(result.stdout.split())
    assert "No hint: hint needs your tiles: at the deal type hand and your tiles, such as hand 6|6 5|3 4|1." in out
    assert "Ana's hand is followed (6 tiles): hint gives advice at Ana's turn." in out
    assert "No hint: hint is for Ana's turn; it is Ben's turn." in out
    assert "Best: " in out.split("Ben plays 6|4@6|6*")[-1]


def test_the_followed_hand_through_plays_and_draws():
    rules = load_rules("dominos-cc")
    names = ["Ana", "Ben"]
    base = [ANA_CC := {"type": "hand", "player": 0, "tiles": "6|6 6|4 5|5 2|1 0|0 4|3 6|5"},
            {"type": "play", "player": 0, "tile": "6|6", "end": ""}]
    state = replay(rules, names, None, base)
    assert state.followed.known == tuple(parse_hand("6|4 5|5 2|1 0|0 4|3 6|5"))
    for bad, reason in (
            ({"type": "play", "player": 1, "tile": "6|4", "end": ""}, "6|4 is in Ana's hand as it was given"),
            ({"type": "hand", "player": 1, "tiles": "1|1"}, "only one player's hand is followed: Ana's"),
            ({"type": "draw", "player": 1, "count": 1, "tiles": "1|1"}, "only for the player whose hand is followed")):
        with pytest.raises(FivesError) as refused:
            replay(rules, names, None, base + [bad])
        assert reason in str(refused.value)
    with pytest.raises(FivesError, match="3|3 is not in Ana's hand as it was given"):
        replay(rules, names, None, base + [{"type": "play", "player": 1, "tile": "6|3", "end": ""},
                                           {"type": "play", "player": 0, "tile": "3|3", "end": "3"}])
    # Ben plays, Ana draws two tiles and names them, then one more without naming it
    drawn = replay(rules, names, None, base + [{"type": "play", "player": 1, "tile": "6|3", "end": ""},
                                               {"type": "draw", "player": 0, "count": 2, "tiles": "1|0 2|2"}])
    assert set(drawn.followed.known) == set(parse_hand("6|4 5|5 2|1 0|0 4|3 6|5 1|0 2|2"))
    with pytest.raises(FivesError, match="1|0 is in Ana's hand already"):
        replay(rules, names, None, base + [{"type": "play", "player": 1, "tile": "6|3", "end": ""},
                                           {"type": "draw", "player": 0, "count": 2, "tiles": "1|0 1|0"}])
    unnamed = replay(rules, names, None, base + [{"type": "play", "player": 1, "tile": "6|3", "end": ""},
                                                 {"type": "draw", "player": 0, "count": 1}])
    assert unnamed.followed.known is None and unnamed.followed.missing == 1
    # a new hand forgets the tiles but remembers whose hand it was
    assert ANA_CC["player"] == drawn.followed.last_given == 0


def test_review_of_a_real_tables_match_with_the_hand_entered(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")
    lines = ["Ana hand 6|6 6|4 5|5 2|1 0|0 4|3 6|5", "6|6", "6|3", "6|4@6|6*", "Ben 3|3@3"]
    assert run("table", "--players", "Ana,Ben", "--db", db, input="\n".join(lines) + "\n").exit_code == 0
    review = json.loads(run("games", "review", "1", "--db", db, "--json").stdout)
    # Ana's two plays: the lead 6|6 (the rule forces the highest double: best) and 6|4
    # on the spinner's side of 3 6|6* 6* 6*, leaving 3 + 4 = 7 (no score), where 6|5 on
    # an empty arm made 3 + 12 + 5 = 20 points
    assert [(m["play"], m["player"]) for m in review["moves"]] == [("6|6", "Ana"), ("6|4@6|6*", "Ana")]
    lead, second = review["moves"]
    assert lead["verdict"] == "best" and lead["level"] == "forced"
    assert second["best_points"] == 20 and second["points"] == 0 and second["verdict"] in ("inaccuracy", "mistake")
    assert review["thresholds"]["mistake_from"] == 6 and review["practice"] is False
    assert [m["move"] for m in review["moves"]] == [1, 3]  # plays are counted, Ben's 6|3 the second
    text = run("games", "review", "1", "--db", db)
    assert "Hand 1, move 1: Ana (1 of 2 moves judged)" in text.stdout
    assert "Ana played 6|6: best (the only play)." in text.stdout
    assert "Hand 1, move 3: Ana (2 of 2 moves judged)" in text.stdout and "Ends: 3 6|6* 6* 6* (total 15)" in text.stdout
    # without an ID, the latest match with a followed hand
    assert run("games", "review", "--db", db).stdout == text.stdout
    nothing = run("table", "--players", "Cy,Dee", "--db", db, input="6|6\n")
    assert nothing.exit_code == 0
    refused = run("games", "review", "2", "--db", db)
    assert refused.exit_code == 2 and "no hand of yours to judge" in refused.stderr


def test_an_export_with_judgements_and_hands_imports_back(run, tmp_path):
    from play_scripts import play_moves

    db = str(tmp_path / "games.sqlite3")
    play_moves(db, 6, seed="12")
    exported = run("games", "export", "1", "--db", db)
    data = json.loads(exported.stdout)
    assert data["match"]["practice"]["seed"] == "12"
    assert any("coach" in e for e in data["events"]) and any(e["type"] == "hand" for e in data["events"])
    path = tmp_path / "match.json"
    path.write_text(exported.stdout, encoding="utf-8")
    imported = run("games", "import", str(path), "--db", db)
    assert imported.exit_code == 0, imported.stderr
    with __import__("fives_tutor.store.journal", fromlist=["Journal"]).Journal(db) as saved:
        assert saved.match(2).practice == saved.match(1).practice
        assert saved.events(2) == saved.events(1)
    broken = dict(data, events=[dict(e, coach={"verdict": "awful"}) if "coach" in e else e for e in data["events"]])
    path.write_text(json.dumps(broken), encoding="utf-8")
    refused = run("games", "import", str(path), "--db", db)
    assert refused.exit_code == 2 and "\"coach\" has a wrong value" in refused.stderr


def test_a_journal_of_schema_1_is_read_and_upgraded(run, tmp_path):
    import sqlite3

    from fives_tutor.store.journal import MIGRATIONS

    db = str(tmp_path / "old.sqlite3")
    connection = sqlite3.connect(db)
    connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    connection.execute("INSERT INTO schema_version VALUES (1)")
    for statement in MIGRATIONS[1]:
        connection.execute(statement)
    connection.commit()
    connection.close()
    assert run("table", "--players", "Ana,Ben", "--db", db, input="6|6\n").exit_code == 0  # upgrades it
    listed = json.loads(run("games", "list", "--db", db, "--json").stdout)
    assert listed[0]["practice"] is False
    connection = sqlite3.connect(db)
    assert connection.execute("SELECT version FROM schema_version").fetchone() == (3,)
    connection.close()


def test_hint_is_fives_best_on_the_recorded_history(run, tmp_path):
    # the same hand, the hand's history written in the line format (docs/notation.md), the
    # scores, and the coach's budget and seed (the 5 events before Ana's move: coach:1:5),
    # asked of fives best: the same ranking and the same values
    from fives_tutor.store.journal import Journal
    from fives_tutor.table.session import Session

    db = str(tmp_path / "games.sqlite3")
    lines = ["Ana hand 6|6 6|4 5|5 2|1 0|0 4|3 6|5", "6|6", "6|3", "6|5@6*", "Ben draw 2", "Ben 5|3@5"]
    assert run("table", "--players", "Ana,Ben", "--db", db, input="\n".join(lines) + "\n").exit_code == 0
    with Journal(db) as journal:
        session = Session(journal, 1, DOMINOS, ["Ana", "Ben"], None)
        _situation, analysis = session.hint()
    # Ana 20, Ben 15 (Ben's 6|3 made 3 + 12 = 15, Ana's 6|5 then 3 + 12 + 5 = 20)
    history = "players 2\n1 leads 6|6\n2 plays 6|3\n1 plays 6|5@6*\n2 draws 2\n2 plays 5|3@5\n"
    best = run("best", "--history", "-", "--hand", "6|4 5|5 2|1 0|0 4|3", "--scores", "20,15", "--samples",
               str(coach.SAMPLES), "--seed", "coach:1:5", "--json", input=history)
    assert best.exit_code == 0, best.stderr
    ranked = [(m["play"], round(m["value"], 4), round(m["stderr"], 4)) for m in json.loads(best.stdout)["moves"]]
    assert ranked == [(v.play.notation, round(v.ranked.value, 4), round(v.ranked.stderr, 4)) for v in analysis.plays]


def test_hint_more_gives_the_only_play_no_value():
    """With 5 3 open and 3|0 6|6 held, 3|0@3 is the only play (6|6 fits neither end):
    nothing was valued, so no table may show its 5 points now as a value to the end of
    the hand."""
    from fives_tutor import Position, load_rules, parse_hand
    from fives_tutor.engine.judge import analyse
    from fives_tutor.engine.levels import Situation
    from fives_tutor.table.hint_text import more_lines

    situation = Situation.build(Position.parse("5 3"), parse_hand("3|0 6|6"), load_rules("dominos-cc"),
                                opponents=(6,))
    lines = more_lines(situation, analyse(situation, 100, 1), width=80)
    assert lines[0] == "Best: 3|0@3 → 5 0, 5 points; it is the only play."
    assert not any("Values:" in line or "5.0" in line for line in lines), lines


def test_a_short_hint_hangs_its_wrapped_rows():
    """hint's rows, wrapped to a narrow screen, continue under their sentence: a row that
    starts a new sentence starts at the margin, the rest two spaces in."""
    from fives_tutor import Position, load_rules, parse_hand
    from fives_tutor.engine.judge import analyse
    from fives_tutor.engine.levels import Situation
    from fives_tutor.table.hint_text import short_lines

    situation = Situation.build(Position.parse("5 3"), parse_hand("3|0 5|1 6|6"), load_rules("dominos-cc"),
                                opponents=(6,))
    rows = short_lines(situation, analyse(situation, 100, 1), width=24)
    # "Best: 5|1@5 → 1 3, no score." is longer than 24 columns: its second row hangs
    assert rows[0].startswith("Best: ") and rows[1].startswith("  "), rows
