"""fives learn and fives quiz through Click, with piped answers: lessons step by step,
progress kept between sessions, adaptive drills, worksheets and JSON.

The quiz's answers are checked with a small counter written here from the rules
(never with the code under test): in the ends form N counts N, N|N and N|N* count
2N, N* counts 0, a lone tile counts both halves; under dominos-cc a multiple of five
scores the total, and the winner collects each opponent's pips rounded to five."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
import yaml

from fives_tutor import load_rules
from fives_tutor.resources import data_dir
from fives_tutor.store.progress import Progress, weights
from fives_tutor.tutor.lessons import Step
from fives_tutor.tutor.quiz import kinds_for, pick, pool

LANGUAGES = ("en", "tl", "id", "nl", "fa")
LESSONS_DIR = Path(data_dir("rules")) / "lessons"
PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
#: what a Persian line carries besides its text: marks (LRM, RLM) and its embedding (RLE ... PDF)
BIDI_CONTROLS = "[\u200e\u200f\u202a-\u202e]"
BASE_KINDS = ("total", "play_points", "best", "where", "collect")


def digits(text, language):
    return str(text).translate(PERSIAN) if language == "fa" else str(text)


def progress():
    return Progress(os.path.join(os.environ["FIVES_HOME"], "progress.sqlite3"))


def with_progress(read):
    """``read(progress)`` on the progress file of this test's FIVES_HOME, closed after."""
    keeper = progress()
    try:
        return read(keeper)
    finally:
        keeper.close()


def done(pack="dominos-cc"):
    return with_progress(lambda keeper: keeper.done_lessons(pack))


def progress_stats(pack="dominos-cc", kinds=BASE_KINDS):
    return with_progress(lambda keeper: keeper.stats(pack, kinds))


def lesson_file(language, pack="dominos-cc"):
    with open(LESSONS_DIR / f"{pack}.{language}.yaml", encoding="utf-8") as handle:
        return {lesson["id"]: lesson for lesson in yaml.safe_load(handle)["lessons"]}


def one_line(text):
    return len(text.strip().splitlines()) == 1


# =========================================================================== a counter worked from the rules

FACTOR = {"plain": 1, "double": 2, "spinner": 2, "arm": 0}


def parse_ends(text):
    """The ends form as [(kind, pips)] and whether it is a lone tile."""
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    if tokens == ["-"]:
        return [], False
    ends = []
    for token in tokens:
        tile = re.fullmatch(r"\[?(\d+)[|-](\d+)\]?(\*?)", token)
        if tile:
            a, b = int(tile[1]), int(tile[2])
            if a != b:                              # a lone tile: both halves count
                assert len(tokens) == 1, text
                return [("plain", a), ("plain", b)], True
            ends.append(("spinner" if tile[3] else "double", a))
        else:
            plain = re.fullmatch(r"(\d+)(\*?)", token)
            ends.append(("arm" if plain[2] else "plain", int(plain[1])))
    return ends, len(tokens) == 1


def count(ends):
    return sum(FACTOR[kind] * pips for kind, pips in ends)


def label(kind, pips):
    return {"plain": "{0}", "double": "{0}|{0}", "spinner": "{0}|{0}*", "arm": "{0}*"}[kind].format(pips)


def labels(ends, lone):
    """How each end is written after @ (a lone tile's side by its pips)."""
    if lone and len(ends) == 1:
        return [label(*ends[0])]
    return [str(pips) if lone else label(kind, pips) for kind, pips in ends]


def play_on(ends, lone, index, a, b):
    """The ends after tile a|b is played on end ``index`` (which offers one of its halves)."""
    pips = ends[index][1]
    other = b if a == pips else a
    new = ("double", other) if a == b else ("plain", other)   # a double stands crosswise: 2N
    if lone and len(ends) == 1:                               # a lone double: its other side stays open
        return [new, ends[0]]
    return ends[:index] + [new] + ends[index + 1:]


def tile_halves(text):
    a, b = re.fullmatch(r"\[?(\d+)[|-](\d+)\]?", text.strip()).groups()
    return int(a), int(b)


def points(total):
    """dominos-cc: a multiple of five scores the total."""
    return total if total % 5 == 0 else 0


def play_after(position, play):
    ends, lone = parse_ends(position)
    tile, _, at = play.partition("@")
    a, b = tile_halves(tile)
    if not ends:
        return [("double", a)] if a == b else [("plain", a), ("plain", b)]
    return play_on(ends, lone, labels(ends, lone).index(at), a, b)


def where(position, tile):
    ends, lone = parse_ends(position)
    a, b = tile_halves(tile)
    return {name for (kind, pips), name in zip(ends, labels(ends, lone)) if pips in (a, b)}


def best(position, hand):
    ends, lone = parse_ends(position)
    scored = {}
    for tile in hand.split():
        a, b = tile_halves(tile)
        for index, (_kind, pips) in enumerate(ends):
            if pips in (a, b):
                got = points(count(play_on(ends, lone, index, a, b)))
                scored[(max(a, b), min(a, b))] = max(scored.get((max(a, b), min(a, b)), -1), got)
    most = max(scored.values())
    return {tile for tile, got in scored.items() if got == most}


def pips_of(text):
    text = text.strip()
    if text.isdecimal():
        return int(text)
    return sum(sum(tile_halves(tile)) for tile in text.split())


def collect(opponents):
    """dominos-cc: each opponent's pips rounded to the nearest five (3 and 4 up, 1 and 2 down), added."""
    total = 0
    for hand in opponents:
        pips = pips_of(hand)
        total += pips - pips % 5 + (5 if pips % 5 >= 3 else 0)
    return total


def hand_answer(question):
    """The answer to a dominos-cc quiz question (as JSON gives it) worked with the counter above."""
    kind = question["kind"]
    if kind == "total":
        return count(parse_ends(question["position"])[0])
    if kind == "play_points":
        return points(count(play_after(question["position"], question["play"])))
    if kind == "where":
        return where(question["position"], question["hand"])
    if kind == "best":
        return best(question["position"], question["hand"])
    return collect(question["opponents"])


def reply_for(question, language):
    """What a learner who counts right types (tiles in the other order, ends in reverse)."""
    answer = hand_answer(question)
    if question["kind"] == "where":
        text = " ".join(sorted(answer, reverse=True))
    elif question["kind"] == "best":
        high, low = min(answer)
        text = f"{low}|{high}"
    else:
        text = str(answer)
    return digits(text, language)


def test_the_counter_agrees_with_the_lessons_worked_by_hand():
    # the counter itself, on the positions of the dominos-cc lessons
    assert count(parse_ends("3 5|5* 5* 5*")[0]) == 13
    assert count(play_after("3 5|5* 5* 5*", "5|2@5*")) == 15
    assert count(play_after("-", "5|5")) == 10
    assert count(play_after("5|5*", "5|3@5|5*")) == 13
    assert count(play_after("5|3", "3|1@3")) == 6
    assert where("1 5|5* 5* 5*", "3|1") == {"1"}
    assert best("5 3", "3|0 5|5 6|1") == {(3, 0)}
    assert collect(["13"]) == 15 and collect(["5|3 4|4", "12"]) == 25


# =========================================================================== fives learn

TILES_RIGHT = "\n\n15\n"        # two steps without a question, then 6|4 3|2 = 10 + 5 = 15


def test_learn_a_lesson_with_the_right_answer(run):
    result = run("learn", "tiles", input=TILES_RIGHT)
    assert result.exit_code == 0, result.stderr
    assert "== The set and the tiles ==" in result.stdout
    assert "double-6 set: 28 tiles" in result.stdout       # placeholders from the pack
    assert "Right! 10 + 5 = 15" in result.stdout
    assert done("dominos-cc") == {"tiles"}


def test_a_wrong_answer_gets_another_try_then_the_explanation(run):
    result = run("learn", "tiles", input="\n\n14\n13\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("Not quite") == 1
    assert "The answer is 15: 10 + 5 = 15" in result.stdout
    assert "Right!" not in result.stdout


def test_a_wrong_then_right_answer_is_right(run):
    result = run("learn", "tiles", input="\n\n14\n15\n")
    assert "Not quite" in result.stdout and "Right! 10 + 5 = 15" in result.stdout


def test_a_question_mark_gives_the_hint(run):
    hint = lesson_file("en")["tiles"]["steps"][2]["hint"]
    result = run("learn", "tiles", input="\n\n?\n15\n")
    assert result.exit_code == 0
    assert hint in result.stdout
    assert result.stdout.index(hint) < result.stdout.index("Right!")
    assert "Not quite" not in result.stdout          # asking for the hint is not a wrong answer


def test_q_stops_and_keeps_the_progress(run):
    # tiles right, Enter for the next lesson, then q in the middle of 'deal'
    result = run("learn", input=TILES_RIGHT + "\n\nq\n")
    assert result.exit_code == 0, result.stderr
    assert "== The deal and the boneyard ==" in result.stdout
    assert "Stopped. Your progress is saved." in result.stdout
    assert done("dominos-cc") == {"tiles"}
    # the next session starts with the first lesson not done
    again = run("learn", input="q\n")
    assert "== The deal and the boneyard ==" in again.stdout
    assert "== The set and the tiles ==" not in again.stdout


def test_q_at_a_question_stops_without_marking_the_lesson(run):
    result = run("learn", "tiles", input="\n\nq\n")
    assert result.exit_code == 0
    assert "Stopped. Your progress is saved." in result.stdout
    assert done("dominos-cc") == set()


def test_the_end_of_the_input_stops_like_q(run):
    result = run("learn", "tiles", input="\n")
    assert result.exit_code == 0
    assert done("dominos-cc") == set()


def test_learn_list_marks_the_lessons_done(run):
    titles = [(lesson_id, lesson["title"]) for lesson_id, lesson in lesson_file("en").items()]
    before = run("learn", "--list")
    assert before.exit_code == 0
    assert "0 of 10 lessons done." in before.stdout
    # tiles (15), Enter, deal: Enter, 28 - 2 x 7 = 14, 28 - 4 x 5 = 8, then q at the next lesson
    finished = run("learn", input=TILES_RIGHT + "\n" + "\n14\n8\n" + "q\n")
    assert finished.exit_code == 0
    assert "Right! 28 − 2 × 7 = 14" in finished.stdout and "Right! 28 − 4 × 5 = 8" in finished.stdout
    listed = run("learn", "--list")
    assert listed.exit_code == 0
    lines = listed.stdout.splitlines()
    rows = [line for line in lines if line.rstrip().endswith(")")]
    for number, (lesson_id, title) in enumerate(titles, start=1):
        # a table: the mark, the number, the title, the id, each in its column
        row = rows[number - 1]
        assert row.startswith("✓" if lesson_id in ("tiles", "deal") else " ")
        assert re.split(r"\s{2,}", row.lstrip("✓ ").rstrip()) == [f"{number}.", title, f"({lesson_id})"]
        assert row.index(title) == rows[0].index(titles[0][1])  # every title in one column
    assert "2 of 10 lessons done." in listed.stdout


def test_learn_by_number_and_by_id(run):
    result = run("learn", "2", input="q\n")
    assert result.exit_code == 0 and "== The deal and the boneyard ==" in result.stdout
    result = run("learn", "spinner", input="\n13\n15\n")
    assert result.exit_code == 0
    assert "Right! 3 + 10 (spinner 5|5) = 13" in result.stdout       # 3 + 10, the empty arms 0
    assert "Right! 3 + 10 (spinner 5|5) + 2 = 15" in result.stdout   # 5|2 on an arm
    assert done("dominos-cc") == {"spinner"}


def test_learn_in_persian_by_a_persian_number(run):
    result = run("learn", "۲", "--lang", "fa", input="q\n")
    assert result.exit_code == 0, result.stderr
    assert lesson_file("fa")["deal"]["title"] in result.stdout


@pytest.mark.parametrize("name", ["nonsense", "99", "0"])
def test_an_unknown_lesson_is_one_line_and_exit_2(run, name):
    result = run("learn", name)
    assert result.exit_code == 2
    assert one_line(result.stderr) and name in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("language", LANGUAGES)
def test_learn_goes_through_a_lesson_in_every_language(run, language):
    lesson = lesson_file(language)["tiles"]
    result = run("learn", "tiles", "--lang", language, input="\n\n" + digits(15, language) + "\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    # marks that keep tiles left to right taken out; the text is wrapped to the terminal's width
    plain = " ".join(re.sub(BIDI_CONTROLS, "", out).split())
    if "{" not in lesson["title"]:
        assert f"== {digits(lesson['title'], language)} ==" in plain
    # the first step with the pack's facts: a double-6 set of 28 tiles
    first = lesson["steps"][0]["text"]
    if set(re.findall(r"{(\w+)}", first)) <= {"max_pips", "set_size"}:
        assert digits(first.format(max_pips="6", set_size="28"), language) in plain
    # the worked count in the language's digits
    assert digits("10 + 5 = 15", language) in out
    assert done("dominos-cc") == {"tiles"}
    if language != "en":
        assert "The set and the tiles" not in out
    listed = run("learn", "--list", "--lang", language)
    assert listed.exit_code == 0
    listed_plain = re.sub(BIDI_CONTROLS, "", listed.stdout)  # the id is marked left to right
    first_row = next(line for line in listed_plain.splitlines() if "(tiles)" in line)
    assert re.match(rf"✓\s+{digits(1, language)}\.\s", first_row)


@pytest.mark.parametrize("pack", ["pagat-all-fives", "muggins", "five-up", "fives-and-threes"])
def test_learn_under_another_pack_keeps_its_own_progress(run, pack):
    result = run("learn", "tiles", "--rules", pack, input=TILES_RIGHT)
    assert result.exit_code == 0, result.stderr
    assert "Right! 10 + 5 = 15" in result.stdout
    assert done(pack) == {"tiles"}
    assert done("dominos-cc") == set()


def test_learn_hand_end_under_five_up_counts_per_five(run):
    # five-up's own lesson: 16 + 12 = 28 pips, rounded to 30, one point per five: 6
    result = run("learn", "hand-end", "--rules", "five-up", input="\n6\n")
    assert result.exit_code == 0, result.stderr
    assert "Right!" in result.stdout


# =========================================================================== fives quiz

def quiz_json(run, *args):
    result = run("quiz", "--json", *args)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def question_header() -> re.Pattern:
    """The header of each quiz question ("Question 1 of 10") in every language, as each
    catalog writes it (every plural form), the numbers in any digits."""
    from fives_tutor.text.i18n import Translator

    forms = set()
    for code in LANGUAGES:
        translator = Translator(code)
        for count in (1, 2, 3, 5, 10, 11, 21, 100):
            forms.add(translator.ngettext("Question {number} of {count}", "Question {number} of {count}", count))
    number = f"{BIDI_CONTROLS}*[0-9\u06f0-\u06f9]+{BIDI_CONTROLS}*"
    patterns = [re.escape(form).replace(r"\{number\}", number).replace(r"\{count\}", number) for form in forms]
    return re.compile(rf"(?m)^(?:{BIDI_CONTROLS}| )*(?:" + "|".join(sorted(patterns)) + rf"){BIDI_CONTROLS}*\n")


def blocks(out):
    """The text of each question of an interactive quiz, feedback included."""
    return question_header().split(out)[1:]


def flat(text):
    """``text`` with its line breaks and runs of spaces made single spaces (it is wrapped to the terminal)."""
    return " ".join(text.split())


def worked_total(question):
    """The open-end total the worked count ends on, and whether it is written as a sum."""
    if question["kind"] == "total":
        ends = parse_ends(question["position"])[0]
    elif question["kind"] == "play_points":
        ends = play_after(question["position"], question["play"])
    else:
        return None, False
    terms = [e for e in ends if e[0] != "arm"]
    return count(ends), len(terms) > 1


@pytest.mark.parametrize("seed", ["1", "7", "2024"])
def test_quiz_json_answers_checked_by_hand(run, seed):
    for kind in ("total", "play_points"):
        data = quiz_json(run, "--count", "40", "--seed", seed, "--kind", kind)
        assert data["rules"] == "dominos-cc" and data["seed"] == seed
        assert len(data["questions"]) == 40
        for question in data["questions"]:
            assert question["kind"] == kind
            assert question["answer"] == hand_answer(question), question


def test_quiz_json_every_kind_checked_by_hand(run):
    data = quiz_json(run, "--count", "60", "--seed", "3")
    assert {q["kind"] for q in data["questions"]} == set(BASE_KINDS)
    for question in data["questions"]:
        expected = hand_answer(question)
        if question["kind"] == "best":
            expected = sorted(f"{high}|{low}" for high, low in expected)
        elif question["kind"] == "where":
            expected = sorted(expected)
        assert question["answer"] == expected, question


def test_quiz_interactive_asks_the_seeds_questions(run):
    data = quiz_json(run, "--count", "10", "--seed", "5")
    replies = "".join(reply_for(q, "en") + "\n" for q in data["questions"])
    result = run("quiz", "--count", "10", "--seed", "5", input=replies)
    assert result.exit_code == 0, result.stderr
    found = blocks(result.stdout)
    assert len(found) == 10
    for block, question in zip(found, data["questions"]):
        assert flat(block).startswith(question["question"])      # a fresh schedule asks what the seed gives
        assert "Right!" in block
    assert "10 right out of 10." in result.stdout


@pytest.mark.parametrize("language", LANGUAGES)
def test_quiz_in_every_language_with_the_worked_count(run, language):
    seed = "8"
    data = quiz_json(run, "--count", "10", "--seed", seed)
    replies = "".join(reply_for(q, language) + "\n" for q in data["questions"])
    result = run("quiz", "--count", "10", "--seed", seed, "--lang", language, input=replies)
    assert result.exit_code == 0, result.stderr
    out = re.sub(BIDI_CONTROLS, "", result.stdout)
    found = blocks(out)
    assert len(found) == 10
    for block, question in zip(found, data["questions"]):
        total, summed = worked_total(question)
        if total is not None:
            assert (f"= {digits(total, language)}" if summed else digits(total, language)) in block, block
        elif question["kind"] == "collect":
            assert digits(hand_answer(question), language) in block, block
        assert len(block.strip().splitlines()) >= 3, block   # question, prompt, feedback
    stats = progress_stats("dominos-cc", BASE_KINDS)
    assert sum(item.answered for item in stats) == 10
    assert sum(item.right for item in stats) == 10
    assert f"{digits(10, language)}" in found[-1].strip().splitlines()[-1]   # the score line
    if language == "en":
        assert "10 right out of 10." in out
    else:
        assert "right out of" not in out and "The open ends are" not in out


def test_quiz_wrong_answers_show_the_answer_and_the_count(run):
    data = quiz_json(run, "--count", "4", "--seed", "9", "--kind", "total")
    wrong = "".join(f"{hand_answer(q) + 1}\n" for q in data["questions"])
    result = run("quiz", "--count", "4", "--seed", "9", "--kind", "total", input=wrong)
    assert result.exit_code == 0
    for block, question in zip(blocks(result.stdout), data["questions"]):
        total = hand_answer(question)
        assert f"Not quite: the answer is {total}." in block
    assert "0 right out of 4." in result.stdout


def test_quiz_kind_asks_only_that_kind(run):
    for kind in BASE_KINDS:
        data = quiz_json(run, "--count", "5", "--seed", "4", "--kind", kind)
        assert [q["kind"] for q in data["questions"]] == [kind] * 5
    data = quiz_json(run, "--count", "5", "--seed", "4", "--kind", "collect")
    replies = "".join(reply_for(q, "en") + "\n" for q in data["questions"])
    result = run("quiz", "--count", "5", "--seed", "4", "--kind", "collect", input=replies)
    assert result.exit_code == 0 and "5 right out of 5." in result.stdout
    stats = {item.kind: item for item in progress_stats("dominos-cc", BASE_KINDS)}
    assert stats["collect"].answered == 5 and sum(item.answered for item in stats.values()) == 5


@pytest.mark.parametrize("pack, kind", [("dominos-cc", "threes"), ("dominos-cc", "spinners"),
                                        ("muggins", "spinners"), ("five-up", "threes"),
                                        ("pagat-all-fives", "threes")])
def test_a_kind_the_pack_has_not_is_exit_2(run, pack, kind):
    result = run("quiz", "--kind", kind, "--rules", pack, "--count", "1", "--seed", "1", input="1\n")
    assert result.exit_code == 2
    assert one_line(result.stderr) and kind in result.stderr
    assert not os.path.exists(os.path.join(os.environ["FIVES_HOME"], "progress.sqlite3")) or \
        sum(item.answered for item in progress_stats(pack, (kind,))) == 0


def test_threes_under_fives_and_threes_checked_by_hand(run):
    data = quiz_json(run, "--count", "30", "--seed", "2", "--kind", "threes", "--rules", "fives-and-threes")
    assert data["questions"] and {q["kind"] for q in data["questions"]} == {"threes"}
    for question in data["questions"]:
        total = count(parse_ends(question["position"])[0])
        assert total % 3 == 0
        # once for each five and once for each three
        assert question["answer"] == (total // 5 if total % 5 == 0 else 0) + total // 3, question


def test_spinners_under_five_up_checked_by_hand(run):
    data = quiz_json(run, "--count", "30", "--seed", "2", "--kind", "spinners", "--rules", "five-up")
    assert data["questions"] and {q["kind"] for q in data["questions"]} == {"spinners"}
    for question in data["questions"]:
        ends, _lone = parse_ends(question["position"])
        assert sum(1 for kind, _ in ends if kind in ("spinner", "arm")) >= 2
        assert question["answer"] == count(ends), question


def test_the_kinds_each_pack_drills():
    # threes where a total scores for several divisors (5 and 3); spinners where every double spins
    assert kinds_for(load_rules("dominos-cc")) == BASE_KINDS
    assert kinds_for(load_rules("pagat-all-fives")) == BASE_KINDS
    assert kinds_for(load_rules("muggins")) == BASE_KINDS
    assert set(kinds_for(load_rules("fives-and-threes"))) == set(BASE_KINDS) | {"threes"}
    assert set(kinds_for(load_rules("five-up"))) == set(BASE_KINDS) | {"spinners"}


def test_the_pool_is_seeded():
    rules = load_rules("dominos-cc")
    first, again, other = pool(rules, "1"), pool(rules, "1"), pool(rules, "2")
    assert first == again and first != other
    assert set(first) == set(BASE_KINDS)


# --------------------------------------------------------------------------- the FSRS schedule


class Clock:
    """The time the progress file sees (UTC), moved on by the test between sessions."""

    def __init__(self):
        import datetime

        self.now = datetime.datetime(2025, 3, 1, 12, 0, tzinfo=datetime.timezone.utc)

    def __call__(self):
        return self.now

    def later(self, **delta):
        import datetime

        self.now += datetime.timedelta(**delta)


@pytest.fixture
def clock(monkeypatch):
    made = Clock()
    monkeypatch.setattr(Progress, "clock", staticmethod(made))
    return made


def kind_due(kind):
    return with_progress(lambda keeper: {s.kind: s.due for s in keeper.stats("dominos-cc", BASE_KINDS)}[kind])


def answer_totals(run, seed, number, right):
    # totals missed and due again come first (up to a third of the session), then the seed's
    missed = with_progress(lambda keeper: keeper.missed("dominos-cc", ("total",)))
    again = [{"kind": "total", "position": json.loads(step)["position"]} for _kind, _item, step, _n in missed]
    again = again[:max(1, number // 3)]
    data = quiz_json(run, "--count", str(number), "--seed", seed, "--kind", "total")
    seen = {q["position"] for q in again}
    questions = (again + [q for q in data["questions"] if q["position"] not in seen])[:number]
    replies = "".join((reply_for(q, "en") if right else str(hand_answer(q) + 1)) + "\n" for q in questions)
    result = run("quiz", "--count", str(number), "--seed", seed, "--kind", "total", input=replies)
    assert result.exit_code == 0, result.stderr
    assert f"{number if right else 0} right out of {number}." in result.stdout


def stats_row(run, name):
    result = run("quiz", "--stats")
    assert result.exit_code == 0
    line = next(line for line in result.stdout.splitlines() if line.startswith(name))
    return re.split(r"\s{2,}", line.strip())   # kind, next review, answered, right, missed, due now


def test_the_schedule_moves_across_sessions(run, clock):
    import datetime

    assert kind_due("total") is None and stats_row(run, "open-end totals")[1:] == ["-", "0", "-", "0", "0"]
    answer_totals(run, "11", 2, right=False)           # wrong: back within minutes (FSRS's learning steps)
    assert clock.now < kind_due("total") <= clock.now + datetime.timedelta(minutes=15)
    assert stats_row(run, "open-end totals")[2:4] == ["2", "0.0%"]
    clock.later(hours=1)
    assert stats_row(run, "open-end totals")[1] == "now"
    answer_totals(run, "12", 3, right=True)            # right: the next review moves out
    intervals = [kind_due("total") - clock.now]
    for seed in ("13", "15", "16", "17", "18"):        # answered right each time it comes due
        clock.now = kind_due("total")
        answer_totals(run, seed, 1, right=True)
        intervals.append(kind_due("total") - clock.now)
    # the intervals grow as the answers keep coming right (slowly at first after two misses)
    assert datetime.timedelta(0) < intervals[0] and intervals == sorted(intervals)
    assert intervals[-1] >= datetime.timedelta(days=7)
    assert stats_row(run, "open-end totals")[2:4] == ["10", "80.0%"]     # 8 right of 10
    clock.later(days=30)
    answer_totals(run, "14", 1, right=False)           # wrong again: back within minutes
    assert kind_due("total") <= clock.now + datetime.timedelta(minutes=15)
    for kind in ("play_points", "best", "where", "collect"):
        assert kind_due(kind) is None                  # never asked


def test_the_review_log_keeps_every_answer(run, clock):
    answer_totals(run, "21", 3, right=True)
    answer_totals(run, "22", 1, right=False)
    stats = {item.kind: item for item in progress_stats("dominos-cc", BASE_KINDS)}
    assert (stats["total"].answered, stats["total"].right) == (4, 3)
    query = "SELECT kind, correct FROM reviews ORDER BY rowid"
    rows = with_progress(lambda keeper: keeper.db.execute(query).fetchall())
    assert rows == [("total", 1), ("total", 1), ("total", 1), ("total", 0)]


def test_q_stops_the_quiz_and_keeps_the_answers_given(run, clock):
    data = quiz_json(run, "--count", "5", "--seed", "31", "--kind", "total")
    replies = "".join(reply_for(q, "en") + "\n" for q in data["questions"][:2]) + "q\n"
    result = run("quiz", "--count", "5", "--seed", "31", "--kind", "total", input=replies)
    assert result.exit_code == 0
    assert len(blocks(result.stdout)) == 3
    stats = {item.kind: item for item in progress_stats("dominos-cc", BASE_KINDS)}
    assert (stats["total"].answered, stats["total"].right) == (2, 2) and stats["total"].due > clock.now


def test_a_damaged_missed_exercise_is_skipped(run, clock):
    # a progress file is read like any input: an exercise kept there without the position
    # its question needs, with a position that is not notation, or with a question that
    # does not exist is left out, and the good one missed after them comes back first
    keeper = progress()
    damaged = [{"question": "total", "position": None}, {"question": "total", "position": "zz"},
               {"question": "bogus", "position": "5 3"}]
    for number, step in enumerate(damaged):
        for _ in range(2):  # missed twice: they would come back before the good one
            keeper.record("dominos-cc", "total", False, f"damaged{number}", json.dumps(step))
    keeper.record("dominos-cc", "total", False, "good", json.dumps({"question": "total", "position": "5 3"}))
    keeper.close()
    clock.later(hours=1)  # the missed exercises are due again (FSRS brings one back within minutes)
    result = run("quiz", "--count", "3", "--seed", "51", "--kind", "total", input="8\nq\n")
    assert result.exit_code == 0, result.stderr
    first = blocks(result.stdout)[0]
    assert "5 3" in first and "Right!" in first   # 5 + 3 = 8


def test_the_stats_are_per_pack(run):
    answer_totals(run, "41", 2, right=True)
    result = run("quiz", "--stats", "--rules", "five-up")
    assert result.exit_code == 0
    assert "several spinners" in result.stdout             # five-up drills several spinners
    assert progress_stats("five-up", ("total",))[0].answered == 0


def test_weights_follow_what_is_likely_forgotten(clock):
    from fives_tutor.store.schedule import new_card, review

    # a kind never answered weighs 1 (surely forgotten); one answered right a moment ago
    # is surely remembered and weighs the least, 0.1; a day later it weighs more again
    fresh = review(new_card(clock.now), True, clock.now)
    assert weights({"a": new_card(clock.now), "b": fresh}, clock.now) == {"a": 1.0, "b": 0.1}
    later = weights({"b": review(fresh, True, clock.now)}, clock.now + __import__("datetime").timedelta(days=20))
    assert later["b"] > 0.1


def test_a_kind_likely_forgotten_comes_up_more_often():
    # three kinds with plenty of exercises, weighing 1, 0.5 and 0.1
    found_steps = {kind: [Step("", "", None, None, None, None, None, kind, n) for n in range(50)]
                   for kind in ("total", "where", "collect")}
    chances = {"total": 1.0, "where": 0.5, "collect": 0.1}
    counts = {"total": 0, "where": 0, "collect": 0}
    for seed in range(3000):
        for exercise in pick(found_steps, chances, 2, random.Random(seed)):
            counts[exercise.kind] += 1
    assert counts["total"] > counts["where"] > counts["collect"] > 0


def test_pick_gives_each_exercise_once_and_only_the_kind_asked():
    found_steps = {"total": [Step("", "", str(n), None, None, None, None, "total", None) for n in range(5)],
                   "where": [Step("", "", str(n), None, None, None, None, "where", None) for n in range(3)],
                   "best": []}
    chosen = pick(found_steps, {}, 100, random.Random(1))
    assert len(chosen) == 8                                  # no more than there are
    assert len({(e.kind, e.step.position) for e in chosen}) == 8
    only = pick(found_steps, {}, 100, random.Random(1), only="where")
    assert sorted(e.step.position for e in only) == ["0", "1", "2"] and {e.kind for e in only} == {"where"}
    assert found_steps["total"] and len(found_steps["total"]) == 5   # the pool itself is left as it was


def test_a_session_follows_the_schedule(run, clock):
    # 'total' was answered right four times just now (surely remembered: weight 0.1), the
    # other kinds never (weight 1 each)
    keeper = progress()
    for _ in range(4):
        keeper.record("dominos-cc", "total", True)
    chances = weights(keeper.kind_cards("dominos-cc", BASE_KINDS), clock.now)
    keeper.close()
    assert chances == {"total": 0.1, "play_points": 1.0, "best": 1.0, "where": 1.0, "collect": 1.0}
    # the session's questions, as the schedule picks them (nothing missed yet), each answered
    rules = load_rules("dominos-cc")
    asked_now = pick(pool(rules, "17"), chances, 40, random.Random("17:pick"))
    replies = "".join(reply_for({"kind": e.kind, "position": e.step.position, "play": e.step.play,
                                 "hand": e.step.hand, "opponents": e.step.opponents}, "en") + "\n" for e in asked_now)
    result = run("quiz", "--count", "40", "--seed", "17", input=replies)
    assert result.exit_code == 0
    asked = {item.kind: item.answered for item in progress_stats("dominos-cc", BASE_KINDS)}
    asked["total"] -= 4                                       # the four answers recorded above
    assert sum(asked.values()) == 40
    assert asked["total"] <= 4, asked
    assert min(asked[kind] for kind in ("play_points", "best", "where", "collect")) >= 5, asked


# --------------------------------------------------------------------------- worksheets and JSON


def nl_catalog():
    from babel.messages.pofile import read_po

    with open(Path(data_dir("locales")) / "nl" / "LC_MESSAGES" / "fives_tutor.po", "rb") as handle:
        return read_po(handle)


def dutch(catalog, msgid):
    message = catalog.get(msgid)
    assert message is not None and message.string and not message.fuzzy, f"{msgid!r} is not translated to Dutch"
    return message.string


def dutch_forms(catalog, singular):
    """Every Dutch form of a message with a singular and a plural."""
    message = catalog.get(singular)
    assert message is not None and all(message.string) and not message.fuzzy, f"{singular!r} is not translated to Dutch"
    return list(message.string)


def worksheet_parts(text):
    lines = text.splitlines()
    key_at = next(i for i, line in enumerate(lines) if line.startswith("## "))
    questions = [line for line in lines[:key_at] if re.match(r"\d+\. ", line)]
    answers = [line for line in lines[key_at:] if re.match(r"\d+\. ", line)]
    return lines, key_at, questions, answers


def test_worksheet_in_dutch_with_an_answer_key(run):
    result = run("quiz", "--print", "20", "--seed", "1", "--lang", "nl")
    assert result.exit_code == 0, result.stderr
    catalog = nl_catalog()
    lines, key_at, questions, answers = worksheet_parts(result.stdout)
    name = load_rules("dominos-cc").names["nl"]
    assert lines[0] == f"# {dutch(catalog, 'Worksheet')}: {name}"
    assert dutch(catalog, "Seed {seed}: the same seed gives the same worksheet.").format(seed="1") in lines
    assert lines[key_at] == f"## {dutch(catalog, 'Answer key')}"
    assert [q.split(". ", 1)[0] for q in questions] == [str(n) for n in range(1, 21)]
    assert [a.split(". ", 1)[0] for a in answers] == [str(n) for n in range(1, 21)]
    assert all(re.match(r"\d+\. \*\*.+\*\*: .+", a) for a in answers)
    # the questions are Dutch sentences
    openings = {dutch(catalog, msgid).split("{")[0] for msgid in (
        "The open ends are {ends}. What is their total?",
        "The open ends are {ends}, and {play} is played. How many points does it score?",
        "The open ends are {ends} and you hold {hand}. Which tile scores most now?",
        "The open ends are {ends}. On which ends may {tile} go? Write each end as shown, separated by spaces.")}
    openings |= {form.split("{")[0] for form in dutch_forms(
        catalog, "The hand is over. Your opponent holds {hands}. How many points does the winner collect?")}
    for question in questions:
        text = question.split(". ", 1)[1]
        assert any(text.startswith(opening) for opening in openings), question
        assert not text.startswith(("The open ends", "The hand is over"))


def test_the_worksheet_is_reproducible(run):
    first = run("quiz", "--print", "20", "--seed", "1", "--lang", "nl").stdout
    again = run("quiz", "--print", "20", "--seed", "1", "--lang", "nl").stdout
    other = run("quiz", "--print", "20", "--seed", "2", "--lang", "nl").stdout
    assert first == again
    assert first != other
    # printing a worksheet is no quiz session: nothing is recorded
    assert sum(item.answered for item in progress_stats("dominos-cc", BASE_KINDS)) == 0


def test_json_has_the_worksheets_questions_and_answers(run):
    sheet = run("quiz", "--print", "20", "--seed", "1", "--lang", "nl").stdout
    _lines, _key_at, questions, answers = worksheet_parts(sheet)
    data = quiz_json(run, "--count", "20", "--seed", "1", "--lang", "nl")
    assert data["seed"] == "1" and len(data["questions"]) == 20
    catalog = nl_catalog()
    word_or = dutch(catalog, " or ")
    for number, (question, line, key) in enumerate(zip(data["questions"], questions, answers), start=1):
        assert line == f"{number}. {question['question']}"
        bold = re.match(r"\d+\. \*\*(.+?)\*\*: ", key).group(1)
        answer = question["answer"]
        if question["kind"] == "best":
            assert bold == word_or.join(answer)
        elif question["kind"] == "where":
            assert bold == " ".join(answer)
        else:
            assert bold == str(answer)
        # the worksheet writes the explanation on one line, each of its lines a sentence
        sentences = [line if line.endswith((".", "!", "?", ":")) else line + "."
                     for line in question["explanation"].split("\n")]
        assert key.endswith(" ".join(sentences))
    # the language changes only the words: the same positions and answers as in English
    english = quiz_json(run, "--count", "20", "--seed", "1")
    def strip(question):
        return {k: v for k, v in question.items() if k not in ("question", "explanation")}

    assert [strip(q) for q in data["questions"]] == [strip(q) for q in english["questions"]]
    # the answers of kinds total and play_points, counted here by hand
    checked = 0
    for question in data["questions"]:
        if question["kind"] in ("total", "play_points"):
            assert question["answer"] == hand_answer(question), question
            checked += 1
    assert checked >= 4
    assert {q["kind"] for q in data["questions"]} >= {"total", "play_points"}


def test_print_with_a_kind(run):
    result = run("quiz", "--print", "5", "--seed", "1", "--kind", "collect")
    assert result.exit_code == 0
    _lines, _key_at, questions, answers = worksheet_parts(result.stdout)
    assert len(questions) == 5 and len(answers) == 5
    assert all("The hand is over" in q for q in questions)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_answer_key_joins_whole_sentences_at_any_width(run, language):
    # the explanation of a collect question is the count's sentences, never wrapped where it is
    # made: at 40 columns the key holds the rounding sentence whole (Dutch "afgerond op het
    # dichtstbijzijnde vijftal" was cut as "afgerond op het.   dichtstbijzijnde")
    result = run("quiz", "--print", "5", "--seed", "1", "--kind", "collect", "--lang", language,
                 env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.stderr
    _lines, _key_at, _questions, answers = worksheet_parts(re.sub(BIDI_CONTROLS, "", result.stdout))
    assert len(answers) == 5
    from fives_tutor.text.i18n import Translator

    rounding = Translator(language).gettext("A remainder of 3 or 4 rounds up, 1 or 2 down.")
    for answer in answers:
        assert "  " not in answer and ". ." not in answer, answer
        assert digits(rounding, language) in answer, answer
    data = quiz_json(run, "--print", "5", "--seed", "1", "--kind", "collect", "--lang", language)
    assert all("\n " not in question["explanation"] for question in data["questions"])
