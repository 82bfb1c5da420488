"""``fives learn`` and ``fives quiz`` forgive slips: an empty or malformed answer is asked
again with a note and costs nothing; ``?`` hints; text fits the terminal; a lesson
says what comes next; lesson progress is shared between packs that have the same
lesson; missed exercises come back. Expected answers are worked by hand."""

from __future__ import annotations

import datetime
import json
import os
import re
import sqlite3

import pytest

from fives_tutor.store.progress import Progress

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def progress():
    return Progress(os.path.join(os.environ["FIVES_HOME"], "progress.sqlite3"))


def read(what):
    keeper = progress()
    try:
        return what(keeper)
    finally:
        keeper.close()


def stats(kind="total"):
    return {item.kind: item for item in read(lambda k: k.stats("dominos-cc", (kind,)))}[kind]


# --- lessons --------------------------------------------------------------------------------------

# the 'tiles' lesson: two steps to read, then 6|4 and 3|2 weigh 10 + 5 = 15 pips


def test_an_empty_or_wordy_answer_is_asked_again_and_costs_nothing(run):
    result = run("learn", "tiles", input="\n\n\nfifteen\n15\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "type your answer, ? for a hint, or q to stop" in out
    assert "'fifteen' is not a number: type the answer as a number, such as 15" in out
    assert "Not quite" not in out and "The answer is" not in out      # no attempt spent, nothing revealed
    assert "Right! 10 + 5 = 15" in out
    assert out.count("Your answer (? for a hint, q to stop):") == 3


def test_two_slips_then_two_wrong_answers_still_get_the_second_try(run):
    result = run("learn", "tiles", input="\n\n\n \n14\n16\n")
    assert result.stdout.count("Not quite") == 1
    assert "The answer is 15: 10 + 5 = 15" in result.stdout


def test_a_named_lesson_ends_with_what_comes_next(run):
    result = run("learn", "tiles", input="\n\n15\n")
    assert result.exit_code == 0
    assert result.stdout.rstrip().endswith("Lesson done. Next: The deal and the boneyard, with fives learn deal.")
    last = run("learn", "strategy", input="\n" * 20 + "q\n")
    assert "Lesson done. Next: The deal and the boneyard" in last.stdout or "q to stop" in last.stdout


def test_lessons_show_their_step_counter_in_words(run):
    result = run("learn", "tiles", input="\n\n15\n")
    assert "Step 1 of 3" in result.stdout and "Step 3 of 3" in result.stdout
    assert "1/3" not in result.stdout


def test_lesson_text_is_wrapped_at_word_boundaries(run):
    result = run("learn", "tiles", input="\n\n15\n", env={"COLUMNS": "40"})
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert all(len(line) <= 40 for line in lines if not line.startswith("Your answer")), lines
    # every word of the first step is whole on some line
    text = " ".join(result.stdout.split())
    assert "All Fives is played with a double-6 set: 28 tiles." in text


def test_a_lesson_the_same_in_two_packs_is_done_in_both(run):
    # 'tiles' says the same under dominos-cc and pagat-all-fives (both double-six, 28 tiles);
    # 'deal' does not (7 tiles each for two players against 9)
    run("learn", "tiles", input="\n\n15\n")
    listed = json.loads(run("learn", "--list", "--json", "--rules", "pagat-all-fives").stdout)
    done = {lesson["id"]: lesson["done"] for lesson in listed["lessons"]}
    assert done["tiles"] is True and done["deal"] is False
    run("learn", "deal", input="\n14\n8\n")
    listed = json.loads(run("learn", "--list", "--json", "--rules", "pagat-all-fives").stdout)
    assert {lesson["id"] for lesson in listed["lessons"] if lesson["done"]} == {"tiles"}


def test_learn_list_as_json(run):
    data = json.loads(run("learn", "--list", "--json").stdout)
    assert data["rules"] == "dominos-cc"
    assert [lesson["number"] for lesson in data["lessons"]] == list(range(1, len(data["lessons"]) + 1))
    assert data["lessons"][0] == {"number": 1, "id": "tiles", "title": "The set and the tiles", "done": False,
                                  "steps": 3}


def test_no_english_lesson_says_spinner_before_the_spinner_lesson():
    from fives_tutor import load_rules
    from fives_tutor.tutor.lessons import load_lessons

    for pack in ("dominos-cc", "pagat-all-fives", "muggins", "five-up", "fives-and-threes"):
        lessons = load_lessons(load_rules(pack), "en")
        teaching = [lesson.id for lesson in lessons].index("spinner")
        for lesson in lessons[:teaching]:
            for step in lesson.steps:
                words = f"{lesson.title} {step.text} {step.hint}".lower()
                assert "spinner" not in words, (pack, lesson.id, step.text)


# --- the quiz ----------------------------------------------------------------------------------------


def quiz_questions(run, *args):
    return json.loads(run("quiz", "--json", *args).stdout)["questions"]


def test_a_stray_enter_in_the_quiz_counts_nothing_and_moves_nothing(run):
    question = quiz_questions(run, "--count", "1", "--seed", "3", "--kind", "total")[0]
    result = run("quiz", "--count", "1", "--seed", "3", "--kind", "total", input="\n\nabc\n")
    assert result.exit_code == 0
    assert "Not quite" not in result.stdout and str(question["answer"]) + "." not in result.stdout
    assert "No question was answered." in result.stdout  # not "0 right out of 0"
    assert stats().answered == 0 and stats().due is None


def test_a_slip_then_the_right_answer_counts_once(run):
    question = quiz_questions(run, "--count", "1", "--seed", "3", "--kind", "total")[0]
    result = run("quiz", "--count", "1", "--seed", "3", "--kind", "total",
                 input=f"\nx\n{question['answer']}\n")
    assert "1 right out of 1." in result.stdout
    assert (stats().answered, stats().right) == (1, 1) and stats().due is not None


def test_a_question_mark_hints_in_the_quiz(run):
    question = quiz_questions(run, "--count", "1", "--seed", "3", "--kind", "total")[0]
    result = run("quiz", "--count", "1", "--seed", "3", "--kind", "total", input=f"?\n{question['answer']}\n")
    text = " ".join(result.stdout.split())
    assert "Add the pips of every open end" in text
    assert "1 right out of 1." in result.stdout


def test_the_quiz_counter_is_words_not_a_fraction(run):
    result = run("quiz", "--count", "2", "--seed", "3", "--kind", "total", input="q\n")
    assert "Question 1 of 2" in result.stdout and "1/2" not in result.stdout


def test_an_end_written_without_its_star_gets_a_word_about_notation(run):
    # seed 5 asks where tiles may go; find one whose answer has a spinner's arm N*
    questions = quiz_questions(run, "--count", "40", "--seed", "5", "--kind", "where")
    index, question = next((i, q) for i, q in enumerate(questions) if any(a.endswith("*") for a in q["answer"]))
    starred = next(a for a in question["answer"] if a.endswith("*"))
    bare = starred.rstrip("*").split("|")[0]
    slip = " ".join(bare if a == starred else a for a in question["answer"])
    # the questions before it answered right, then the slip (asked again), then the answer
    result = run("quiz", "--count", str(index + 1), "--seed", "5", "--kind", "where",
                 input="".join(" ".join(q["answer"]) + "\n" for q in questions[:index])
                 + slip + "\n" + " ".join(question["answer"]) + "\n")
    text = " ".join(result.stdout.split())
    assert f"{bare} is not how that end is written: write it as the position shows it" in text
    assert f"{index + 1} right out of {index + 1}." in result.stdout


def test_one_opponent_is_your_opponent():
    from fives_tutor.cli.tutor import _question
    from fives_tutor.tutor.lessons import Step
    from fives_tutor.tutor.quiz import Exercise

    one = Exercise("collect", Step("", "", None, None, None, ("5|3 4|4",), None, "collect", None))
    two = Exercise("collect", Step("", "", None, None, None, ("5|3", "12"), None, "collect", None))
    assert "Your opponent holds 5|3 4|4." in _question(one)
    assert "The opponents hold 5|3; 12." in _question(two)


class Clock:
    """The time the progress file sees (UTC), moved on by the test between sessions."""

    def __init__(self, start):
        self.now = start

    def __call__(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    made = Clock(datetime.datetime(2025, 3, 1, 12, 0, tzinfo=datetime.timezone.utc))
    monkeypatch.setattr(Progress, "clock", staticmethod(made))
    return made


def test_a_position_missed_twice_comes_back(run, clock):
    first = quiz_questions(run, "--count", "1", "--seed", "21", "--kind", "total")[0]
    wrong = str(first["answer"] + 1)
    run("quiz", "--count", "1", "--seed", "21", "--kind", "total", input=wrong + "\n")
    # not due yet a moment later (FSRS: a miss comes back after its first learning step, a minute)
    assert read(lambda k: k.missed("dominos-cc", ("total",))) == []
    clock.now += datetime.timedelta(hours=1)
    # another seed's session an hour later starts with the missed position; missed again
    again = run("quiz", "--count", "2", "--seed", "22", "--kind", "total", input=wrong + "\nq\n")
    assert f"The open ends are {first['position']}." in " ".join(again.stdout.split())
    kept = read(lambda k: k.missed("dominos-cc", ("total",), due_only=False))
    assert [(kind, misses) for kind, _item, _step, misses in kept] == [("total", 2)]
    # it comes back once more; a right answer moves it to FSRS's next learning step (ten
    # minutes), and a second one out of the learning steps, a day or more away
    for seed in ("23", "24"):
        clock.now += datetime.timedelta(hours=1)
        last = run("quiz", "--count", "1", "--seed", seed, "--kind", "total", input=f"{first['answer']}\n")
        assert f"The open ends are {first['position']}." in " ".join(last.stdout.split())
        assert "1 right out of 1." in last.stdout
        clock.now += datetime.timedelta(minutes=5)
        assert read(lambda k: k.missed("dominos-cc", ("total",))) == []
    clock.now += datetime.timedelta(hours=12)
    assert read(lambda k: k.missed("dominos-cc", ("total",))) == []


def test_quiz_stats_as_json(run, clock):
    question = quiz_questions(run, "--count", "1", "--seed", "3", "--kind", "total")[0]
    run("quiz", "--count", "1", "--seed", "3", "--kind", "total", input=f"{question['answer'] + 1}\n")
    data = json.loads(run("quiz", "--stats", "--json").stdout)
    kinds = {item["kind"]: item for item in data["kinds"]}
    total = kinds["total"]
    # FSRS's first learning step after a miss: one minute
    assert total["due"] == "2025-03-01T12:01:00+00:00" and 0 < total["stability"] < 1
    assert (total["answered"], total["right"], total["missed"], total["missed_waiting"]) == (1, 0, 1, 0)  # not due yet
    assert kinds["best"] == {"kind": "best", "due": None, "stability": None, "answered": 0, "right": 0,
                             "missed": 0, "missed_waiting": 0}


# --- the progress file from before: schema 1 and 2 are upgraded and their rows kept ------------------


def schema_1_progress(boxes: bool = True) -> str:
    """A progress file of schema 1, written by hand in the user's folder: the lesson 'deal'
    done, one right answer of 'total' (and with ``boxes``, 'total' in Leitner box 3); its path."""
    from fives_tutor.store.progress import MIGRATIONS

    path = os.path.join(os.environ["FIVES_HOME"], "progress.sqlite3")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (1)")
    for statement in MIGRATIONS[1]:
        db.execute(statement)
    db.execute("INSERT INTO lessons_done VALUES ('dominos-cc', 'deal', '2024-01-01T00:00:00+00:00')")
    if boxes:
        db.execute("INSERT INTO boxes VALUES ('dominos-cc', 'total', 3)")
    db.execute("INSERT INTO reviews VALUES ('dominos-cc', 'total', '2024-01-01T00:00:00+00:00', 1)")
    db.commit()
    db.close()
    return path


def test_a_schema_1_progress_file_is_upgraded_and_kept(run):
    path = schema_1_progress()
    data = json.loads(run("learn", "--list", "--json").stdout)
    assert [lesson["id"] for lesson in data["lessons"] if lesson["done"]] == ["deal"]
    # the one right answer, replayed through FSRS: a new card answered Good goes to its
    # second learning step, ten minutes later
    assert stats().answered == 1
    assert stats().due == datetime.datetime(2024, 1, 1, 0, 10, tzinfo=datetime.timezone.utc)
    version = sqlite3.connect(path).execute("SELECT version FROM schema_version").fetchone()[0]
    assert version == 3


def test_a_schema_2_quiz_progress_is_migrated_to_the_fsrs_schedule(run, clock):
    # a progress file as fives-tutor wrote it before FSRS (schema 2, the Leitner boxes):
    # 'total' climbed to box 3 with two right answers, then missed one exercise; 'best' was
    # answered right once; a lesson was done
    path = os.path.join(os.environ["FIVES_HOME"], "progress.sqlite3")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE schema_version (version INTEGER NOT NULL);
        INSERT INTO schema_version VALUES (2);
        CREATE TABLE lessons_done (pack TEXT NOT NULL, lesson TEXT NOT NULL, done_at TEXT NOT NULL,
                                   PRIMARY KEY (pack, lesson));
        CREATE TABLE boxes (pack TEXT NOT NULL, kind TEXT NOT NULL, box INTEGER NOT NULL, PRIMARY KEY (pack, kind));
        CREATE TABLE reviews (pack TEXT NOT NULL, kind TEXT NOT NULL, at TEXT NOT NULL, correct INTEGER NOT NULL,
                              item TEXT);
        CREATE TABLE lessons_learned (lesson_key TEXT PRIMARY KEY, lesson TEXT NOT NULL, pack TEXT NOT NULL,
                                      done_at TEXT NOT NULL);
        CREATE TABLE missed (pack TEXT NOT NULL, kind TEXT NOT NULL, item TEXT NOT NULL, step TEXT NOT NULL,
                             misses INTEGER NOT NULL, at TEXT NOT NULL, PRIMARY KEY (pack, kind, item));
        INSERT INTO lessons_done VALUES ('dominos-cc', 'deal', '2025-01-01T09:00:00+00:00');
        INSERT INTO boxes VALUES ('dominos-cc', 'total', 1);
        INSERT INTO boxes VALUES ('dominos-cc', 'best', 2);
        INSERT INTO reviews VALUES ('dominos-cc', 'total', '2025-02-01T10:00:00+00:00', 1, 'total|5 3|||');
        INSERT INTO reviews VALUES ('dominos-cc', 'total', '2025-02-02T10:00:00+00:00', 1, 'total|6 4|||');
        INSERT INTO reviews VALUES ('dominos-cc', 'total', '2025-02-03T10:00:00+00:00', 0, 'total|6 6|||');
        INSERT INTO reviews VALUES ('dominos-cc', 'best', '2025-02-03T10:05:00+00:00', 1, 'best|5 3||3|0 5|5|');
        INSERT INTO missed VALUES ('dominos-cc', 'total', 'total|6 6|||',
            '{"question": "total", "position": "6 6", "hand": null, "play": null, "opponents": null}', 1,
            '2025-02-03T10:00:00+00:00');
    """)
    db.commit()
    db.close()
    clock.now = datetime.datetime(2025, 2, 3, 10, 0, 30, tzinfo=datetime.timezone.utc)
    by_kind = {s.kind: s for s in read(lambda k: k.stats("dominos-cc", ("total", "best", "where")))}
    version = sqlite3.connect(path).execute("SELECT version FROM schema_version").fetchone()[0]
    assert version == 3
    # every answer kept, each kind's card made from its answers: 'total' was last missed,
    # so it is due within minutes; 'best' answered right once: its second learning step,
    # ten minutes after; 'where' never answered
    assert (by_kind["total"].answered, by_kind["total"].right) == (3, 2)
    assert by_kind["total"].due <= datetime.datetime(2025, 2, 3, 10, 10, tzinfo=datetime.timezone.utc)
    assert by_kind["best"].due == datetime.datetime(2025, 2, 3, 10, 15, tzinfo=datetime.timezone.utc)
    assert by_kind["where"].due is None
    # the missed exercise has its own card from its one answer, a miss: due a minute later
    assert read(lambda k: k.missed("dominos-cc", ("total",))) == []          # 30 seconds on: not yet
    clock.now += datetime.timedelta(minutes=1)
    assert [item for _kind, item, _step, _misses in read(lambda k: k.missed("dominos-cc", ("total",)))] == \
        ["total|6 6|||"]
    # and the next session asks it first; the lesson done is still done
    result = run("quiz", "--count", "1", "--seed", "5", "--kind", "total", input="12\n")
    assert "The open ends are 6 6." in " ".join(result.stdout.split()) and "1 right out of 1." in result.stdout
    data = json.loads(run("learn", "--list", "--json").stdout)
    assert [lesson["id"] for lesson in data["lessons"] if lesson["done"]] == ["deal"]


@pytest.mark.parametrize("reply, expected", [("", "type your answer"), ("6|6", "is not in your hand"),
                                             ("hello", "is not a tile")])
def test_best_answers_must_be_a_tile_of_the_hand(reply, expected):
    from fives_tutor import load_rules
    from fives_tutor.tutor.lessons import Step, reply_problem

    step = Step("", "", "5 3", "3|0 5|5 6|1", None, None, None, "best", None)
    problem = reply_problem(step, load_rules("dominos-cc"), reply)
    assert problem is not None and expected in str(problem)
    assert reply_problem(step, load_rules("dominos-cc"), "0|3") is None


def test_an_explanation_keeps_its_lines_when_wrapped(run):
    questions = quiz_questions(run, "--count", "1", "--seed", "3", "--kind", "collect")
    result = run("quiz", "--count", "1", "--seed", "3", "--kind", "collect", input=f"{questions[0]['answer']}\n")
    lines = result.stdout.splitlines()
    assert any(line.startswith("The winner collects") for line in lines), result.stdout


@pytest.mark.parametrize("reply, expected", [("", "type your answer"), ("hello", "is not a tile"),
                                             ("4|0", "nobody was dealt 4|0")])
def test_lead_answers_must_be_a_tile_dealt(reply, expected):
    """A lead question (the lowest-double example pack) is answered with a tile of the
    hands dealt: 3|3 is an answer (the right one), anything else is asked again."""
    from fives_tutor.packs.loader import load_rules
    from fives_tutor.tutor.lessons import Step, reply_problem

    rules = load_rules(os.path.join(ROOT, "rules", "examples", "lowest-double.yaml"))
    step = Step("", "", None, None, None, None, None, "lead", "3|3", hands=("6|6 4|4 2|1", "5|5 3|3 6|0"))
    problem = reply_problem(step, rules, reply)
    assert problem is not None and expected in str(problem)
    assert reply_problem(step, rules, "3|3") is None and reply_problem(step, rules, "1|2") is None


def test_the_lowest_double_lead_lesson_can_be_answered(run):
    """Both lead steps of the example pack's lesson take a tile: the lowest double dealt
    (3|3), then with no double the lightest tile (2|0, 2 pips)."""
    pack = os.path.join(ROOT, "rules", "examples", "lowest-double.yaml")
    result = run("learn", "lead", "--rules", pack, input="\n3|3\n2|0\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("Right!") == 2 and "Lesson done" in result.stdout


# --- a command that only reads the progress never makes or changes the file ----------------------


@pytest.mark.parametrize("args, shown", [
    (("quiz", "--stats"), r"open-end totals +- +0 +- +0 +0"),   # never answered: no review, nothing missed
    (("learn", "--list"), r"0 of \d+ lessons done\."),
    (("learn", "--json"), r'"done": false'),
    (("puzzle", "--stats"), r"Your puzzle rating: 1,500 ± 350\."),  # Glicko-2's start: 1500, deviation 350
    (("puzzle", "--json"), r'"rating": 1500\.0'),
])
def test_a_command_that_only_reads_the_progress_makes_no_file(run, args, shown):
    home = os.environ["FIVES_HOME"]
    os.makedirs(home)
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    assert re.search(shown, result.stdout), result.stdout
    assert '"done": true' not in result.stdout
    assert os.listdir(home) == []


def test_reading_an_older_progress_file_leaves_it_as_it_was(run):
    # schema 1, written by hand: the lesson 'deal' done, one right answer of 'total'
    path = schema_1_progress(boxes=False)
    with open(path, "rb") as handle:
        before = handle.read()
    lessons = json.loads(run("learn", "--list", "--json").stdout)["lessons"]
    assert [lesson["id"] for lesson in lessons if lesson["done"]] == ["deal"]
    kinds = {item["kind"]: item for item in json.loads(run("quiz", "--stats", "--json").stdout)["kinds"]}
    assert (kinds["total"]["answered"], kinds["total"]["right"]) == (1, 1)
    with open(path, "rb") as handle:
        assert handle.read() == before
    assert os.listdir(os.path.dirname(path)) == ["progress.sqlite3"]


def test_a_progress_opened_to_read_refuses_a_write_and_makes_no_file(tmp_path):
    from fives_tutor.store.progress import ProgressError

    path = str(tmp_path / "progress.sqlite3")
    keeper = Progress(path, readonly=True)
    try:
        assert keeper.learned() == set()
        with pytest.raises(ProgressError, match="cannot save the progress"):
            keeper.mark_done("dominos-cc", "deal", "key")
    finally:
        keeper.close()
    assert not os.path.exists(path)


def test_the_stats_say_how_many_were_missed_and_how_many_are_due(run, clock):
    # two questions of 'total' answered 999 (no open-end total is that large): both missed
    result = run("quiz", "--count", "2", "--seed", "31", "--kind", "total", input="999\n999\n")
    assert "0 right out of 2." in result.stdout

    def row():
        line = next(line for line in run("quiz", "--stats").stdout.splitlines() if line.startswith("open-end totals"))
        return line.split()[-2:]

    # kept, but not due yet: FSRS brings a miss back after its first learning step, a minute
    assert row() == ["2", "0"]
    total = json.loads(run("quiz", "--stats", "--json").stdout)["kinds"][0]
    assert (total["kind"], total["missed"], total["missed_waiting"]) == ("total", 2, 0)
    clock.now += datetime.timedelta(minutes=2)
    assert row() == ["2", "2"]


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_lesson_name_is_refused(run, name):
    result = run("learn", name, input="\n" * 5)
    assert result.exit_code == 2
    assert result.stderr == "Error: give a lesson's number or id: fives learn --list shows them\n"
    assert result.stdout == ""
