"""Lessons carried by the rule packs: complete in every language, placeholders that
follow the pack, refusals that name the file and the step, and the engine's answers
checked against counts worked by hand from the rules (see each comment)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import yaml
from lesson_checks import problems, written_answer

from fives_tutor import load_rules
from fives_tutor.core.tiles import Tile
from fives_tutor.errors import FivesError
from fives_tutor.resources import data_dir
from fives_tutor.text.i18n import activate
from fives_tutor.tutor.lessons import (
    LessonError,
    Step,
    check_reply,
    engine_answer,
    load_lessons,
    placeholders,
    raw_lessons,
)

LANGUAGES = ("en", "tl", "id", "nl", "fa")
PACKS = ("dominos-cc", "pagat-all-fives", "muggins", "five-up", "fives-and-threes")
LESSONS_DIR = Path(data_dir("rules")) / "lessons"
DOMINOS_CC_IDS = ["tiles", "deal", "lead", "turn", "counting", "doubles", "spinner", "hand-end", "match", "strategy"]
PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def digits(text, language):
    """``text`` with the digits a language writes (Persian digits for fa)."""
    return str(text).translate(PERSIAN) if language == "fa" else str(text)


def step(question, **given):
    """A question step with only what the question needs."""
    values = {"text": "", "hint": "", "position": None, "hand": None, "play": None, "opponents": None,
              "players": None, "question": question, "answer": None}
    values.update(given)
    return Step(**values)


def fields(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def facts(text):
    """Placeholders, a fact stated as a sentence ({arms_open_sentence}) counted as the
    phrase it replaces ({arms_open}): a translation may use either until rewritten."""
    return {name[:-len("_sentence")] if name.endswith("_sentence") else name for name in fields(text)}


def read_yaml(path):
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


# =========================================================================== built-in packs, every language


@pytest.mark.parametrize("pack", PACKS)
def test_built_in_pack_lessons_have_no_problems_in_any_language(pack):
    # every lesson in all five languages with the same steps and placeholders, no step left in
    # English, every written answer the engine's, every question answerable under the pack
    assert problems(load_rules(pack), LANGUAGES) == []


@pytest.mark.parametrize("language", LANGUAGES[1:])
@pytest.mark.parametrize("pack", PACKS)
def test_translation_matches_english_step_for_step(pack, language):
    # read the YAML ourselves, without the loader under test
    english = read_yaml(LESSONS_DIR / f"{pack}.en.yaml")["lessons"]
    path = LESSONS_DIR / f"{pack}.{language}.yaml"
    assert path.is_file(), f"{path} is missing"
    translated = read_yaml(path)["lessons"]
    assert [lesson["id"] for lesson in translated] == [lesson["id"] for lesson in english]
    for source, other in zip(english, translated):
        assert len(other["steps"]) == len(source["steps"]), f"{path}: {source['id']}"
        assert other["title"] != source["title"] or not re.search("[a-z]{4,}", source["title"]), \
            f"{path}: {source['id']}: title left in English"
        for number, (a, b) in enumerate(zip(source["steps"], other["steps"]), start=1):
            where = f"{path}: {source['id']} step {number}"
            for key in ("position", "hand", "play", "opponents", "players", "question", "answer"):
                assert a.get(key) == b.get(key), f"{where}: {key}"
            for key in ("text", "hint"):
                assert (key in a) == (key in b), f"{where}: {key}"
                if key in a:
                    assert facts(a[key]) == facts(b[key]), f"{where}: placeholders of {key}"
                    assert a[key] != b[key] or not re.search("[a-z]{4,}", a[key]), f"{where}: {key} left in English"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("pack", PACKS)
def test_every_language_loads_with_the_english_lessons(pack, language):
    rules = load_rules(pack)
    activate(language)
    english = load_lessons(rules, "en")
    lessons = load_lessons(rules, language)
    assert [lesson.id for lesson in lessons] == [lesson.id for lesson in english]
    assert [len(lesson.steps) for lesson in lessons] == [len(lesson.steps) for lesson in english]
    for lesson in lessons:
        assert lesson.file.endswith(f".{language}.yaml")
        for item in lesson.steps:
            assert "{" not in item.text and "}" not in item.text, f"{lesson.file}: {lesson.id}: placeholder left"


# Every question step of the built-in English lesson files, worked by hand from the pack's rules.
HAND_WORKED = {
    # dominos-cc: a multiple of five scores the total; each opponent's pips rounded to five
    ("dominos-cc", "tiles", 3): 15,        # 6|4 3|2: 10 + 5
    ("dominos-cc", "deal", 2): 14,         # 28 - 2 x 7
    ("dominos-cc", "deal", 3): 8,          # 28 - 4 x 5
    ("dominos-cc", "lead", 2): 10,         # the lone 5|5 counts both halves: 10
    ("dominos-cc", "turn", 2): 11,         # 6 2, 2|5 on the 2: 6 + 5
    ("dominos-cc", "counting", 2): 8,      # 5 + 3
    ("dominos-cc", "counting", 3): 5,      # 3|0 on the 3: 5 + 0 = 5
    ("dominos-cc", "counting", 4): 10,     # 1|4 on the 1: 6 + 4 = 10
    ("dominos-cc", "doubles", 2): 14,      # 6 + 8
    ("dominos-cc", "doubles", 3): 10,      # 3|3 on the 3: 4 + 6 = 10
    ("dominos-cc", "spinner", 2): 13,      # 3 + 10, empty arms 0
    ("dominos-cc", "spinner", 3): 15,      # 5|2 on an arm: 3 + 10 + 2 + 0
    ("dominos-cc", "hand-end", 2): 15,     # 13 rounds up to 15
    ("dominos-cc", "hand-end", 3): 25,     # 8 + 8 = 16 -> 15, 12 -> 10
    ("dominos-cc", "match", 2): 10,        # 1|6 on the 1: 4 + 6
    ("dominos-cc", "strategy", 3): {Tile(3, 0)},  # 3|0 on 3: 5 + 0 = 5; 5|5 on 5: 10 + 3 = 13; 6|1 fits nowhere
    # five-up: one point per five, combined pips rounded, one point per five
    ("five-up", "doubles", 2): 14,         # 6 + 8
    ("five-up", "spinner", 2): 1,          # 5|2 on the spinner's free side: 3 + 2 = 5 -> 1
    ("five-up", "hand-end", 2): 6,         # 16 + 12 = 28 -> 30 -> 6
    # muggins: no spinner; combined pips rounded
    ("muggins", "deal", 2): 14,            # Foster's Hoyle deals 7 each: 28 - 2 x 7
    ("muggins", "deal", 3): 0,             # 28 - 4 x 7: with four players every tile is dealt
    ("muggins", "spinner", 2): 10,         # 5|4 on the crosswise 5|5: 6 + 4
    ("muggins", "muggins", 2): 5,          # 5 + 0
    ("muggins", "hand-end", 2): 30,        # 28 -> 30
    # fives-and-threes: once per five and once per three; only the chip-out point
    ("fives-and-threes", "counting", 2): 2,   # 4 + 2 = 6: two threes
    ("fives-and-threes", "counting", 3): 8,   # 5|5 on a 5: 5 + 10 = 15: 3 + 5
    ("fives-and-threes", "counting", 4): 0,   # 2|4 on the 2: 3 + 4 = 7
    ("fives-and-threes", "spinner", 2): 4,    # 6 + 6 = 12: four threes
    ("fives-and-threes", "hand-end", 2): 1,   # chipping out
    # pagat-all-fives: the spinner's sides first; combined pips rounded
    ("pagat-all-fives", "spinner", 2): 6,     # 4 + 2
    ("pagat-all-fives", "spinner", 3): 5,     # 2|1 on the free side: 3 + 2, new arms empty
    ("pagat-all-fives", "hand-end", 2): 15,   # 7 + 8 = 15
}


@pytest.mark.parametrize("pack", PACKS)
def test_written_answers_match_the_hand_worked_counts(pack):
    rules = load_rules(pack)
    english = {lesson.id: lesson for lesson in load_lessons(rules, "en") if lesson.file.endswith(f"{pack}.en.yaml")}
    seen = set()
    for lesson in english.values():
        for number, item in enumerate(lesson.steps, start=1):
            if item.question is None:
                continue
            key = (pack, lesson.id, number)
            assert key in HAND_WORKED, f"{key}: a new question step; work its answer by hand here"
            expected = HAND_WORKED[key]
            seen.add(key)
            if isinstance(expected, set):
                assert written_answer(item, rules) == frozenset(expected), key
                assert engine_answer(item, rules).value == frozenset(expected), key
            else:
                assert item.answer == expected, key
                assert engine_answer(item, rules).value == expected, key
    assert seen == {key for key in HAND_WORKED if key[0] == pack}


# =========================================================================== inheritance and placeholders


def test_dominos_cc_has_its_ten_lessons():
    lessons = load_lessons(load_rules("dominos-cc"), "en")
    assert [lesson.id for lesson in lessons] == DOMINOS_CC_IDS


OWN_LESSONS = {
    "five-up": (["doubles", "spinner", "hand-end"], []),
    "muggins": (["deal", "spinner", "hand-end"], ["muggins"]),
    "fives-and-threes": (["counting", "spinner", "hand-end"], []),
    "pagat-all-fives": (["spinner", "hand-end"], []),
}


@pytest.mark.parametrize("pack", sorted(OWN_LESSONS))
def test_derived_pack_inherits_the_dominos_cc_lessons(pack):
    replaced, added = OWN_LESSONS[pack]
    lessons = load_lessons(load_rules(pack), "en")
    # base lessons first, in their order, replaced by id; new lessons after
    assert [lesson.id for lesson in lessons] == DOMINOS_CC_IDS + added
    for lesson in lessons:
        owner = pack if lesson.id in replaced + added else "dominos-cc"
        assert Path(lesson.file).name == f"{owner}.en.yaml", lesson.id


def house_pack(tmp_path, rules_yaml, name="house"):
    path = tmp_path / f"{name}.yaml"
    path.write_text("extends: dominos-cc\nrules:\n" + rules_yaml, encoding="utf-8")
    return load_rules(str(path))


def match_text(rules, language):
    return next(lesson for lesson in load_lessons(rules, language) if lesson.id == "match").steps[0].text


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_follow_a_house_pack_without_lesson_files(tmp_path, language):
    house = house_pack(tmp_path, "  match:\n    target: {2: 100, 3: 100, 4: 100}\n")
    assert house.lessons == load_rules("dominos-cc").lessons          # no lesson file of its own
    assert not (tmp_path / "lessons").exists()
    activate(language)
    ours, theirs = match_text(house, language), match_text(load_rules("dominos-cc"), language)
    assert digits(100, language) in ours and digits(150, language) not in ours
    assert digits(150, language) in theirs and digits(100, language) not in theirs


def test_placeholder_values_worked_from_the_pack(tmp_path):
    values = placeholders(load_rules("dominos-cc"))
    # double-six: (6 + 1)(6 + 2) / 2 = 28 tiles; hands 7/6/5; boneyard 28 - 14, 28 - 18, 28 - 20
    assert (values["set_size"], values["max_pips"]) == ("28", "6")
    assert (values["hand_size_2"], values["hand_size_3"], values["hand_size_4"]) == ("7", "6", "5")
    assert (values["boneyard_2"], values["boneyard_3"], values["boneyard_4"]) == ("14", "10", "8")
    assert (values["target_2"], values["target_3"], values["target_4"]) == ("150", "150", "150")
    assert (values["min_players"], values["max_players"]) == ("2", "4")
    # pagat: 9/7/5 tiles; 250 for two, 200 for three or four
    pagat = placeholders(load_rules("pagat-all-fives"))
    assert (pagat["boneyard_2"], pagat["boneyard_3"], pagat["boneyard_4"]) == ("10", "7", "8")
    assert (pagat["target_2"], pagat["target_3"]) == ("250", "200")
    house = placeholders(house_pack(tmp_path, "  match:\n    target: {2: 100, 3: 100, 4: 100}\n"))
    assert (house["target_2"], house["target_4"]) == ("100", "100")


def test_placeholders_in_persian_use_persian_digits():
    activate("fa")
    values = placeholders(load_rules("dominos-cc"))
    assert (values["set_size"], values["boneyard_2"], values["target_2"]) == ("۲۸", "۱۴", "۱۵۰")


def test_load_lessons_fills_placeholders_in_the_language_asked():
    activate("en")
    text = match_text(load_rules("dominos-cc"), "fa")
    assert "۱۵۰" in text and "150" not in text and "points" not in text


def test_a_house_pack_changes_the_facts_and_the_engine_follows(tmp_path):
    house = house_pack(tmp_path, "  players:\n    hand_size: {2: 9, 3: 7, 4: 5}\n")
    deal = next(lesson for lesson in load_lessons(house, "en") if lesson.id == "deal")
    assert "each takes 9 tiles" in deal.steps[0].text
    # the learner is checked against the engine under the pack in use: 28 - 2 x 9 = 10,
    # not the 14 written for dominos-cc
    assert deal.steps[1].question == "boneyard" and deal.steps[1].answer == 14
    assert engine_answer(deal.steps[1], house).value == 10
    assert check_reply(deal.steps[1], house, "10") and not check_reply(deal.steps[1], house, "14")


def test_a_pack_without_lessons_is_refused():
    bare = load_rules("dominos-cc")._replace(lessons=())
    with pytest.raises(LessonError, match="no lessons"):
        load_lessons(bare, "en")


# =========================================================================== refusals: the file and the step

TEXTS = {
    "en": ("Counting", "Look at the ends of a double-{max_pips} layout.", "The ends are 5 and 3. What is the total?",
           "Add both ends."),
    "tl": ("Pagbilang", "Tingnan ang mga dulo ng layout na double-{max_pips}.",
           "Ang mga dulo ay 5 at 3. Ano ang kabuuan?", "Pagsamahin ang dalawang dulo."),
    "id": ("Menghitung", "Lihat ujung-ujung barisan balak {max_pips}.", "Ujungnya 5 dan 3. Berapa jumlahnya?",
           "Jumlahkan kedua ujung."),
    "nl": ("Tellen", "Kijk naar de uiteinden van een dubbel-{max_pips}-opstelling.",
           "De uiteinden zijn 5 en 3. Wat is het totaal?", "Tel beide uiteinden op."),
    "fa": ("شمردن", "به سرهای چیدمان جفت‌{max_pips} نگاه کنید.",
           "سرها ۵ و ۳ هستند. مجموع چند است؟", "هر دو سر را جمع کنید."),
}


def lesson_data(language, **question):
    """One lesson, ``mine-count``: an intro step, then a question step (5 3: 5 + 3 = 8)."""
    title, intro, text, hint = TEXTS[language]
    asked = {"text": text, "position": "5 3", "question": "total", "answer": 8, "hint": hint}
    asked.update(question)
    asked = {key: value for key, value in asked.items() if value is not None}
    return {"lessons": [{"id": "mine-count", "title": title, "steps": [{"text": intro}, asked]}]}


def lesson_pack(tmp_path, languages=LANGUAGES, name="mine", extends="dominos-cc", change=None):
    """A pack ``name`` extending ``extends`` with its own lessons at lessons/mine.<lang>.yaml;
    ``change(language, data)`` edits a language's lessons before they are written."""
    (tmp_path / "lessons").mkdir(exist_ok=True)
    (tmp_path / f"{name}.yaml").write_text(f"extends: {extends}\nlessons: lessons/mine\n", encoding="utf-8")
    for language in languages:
        data = lesson_data(language)
        if change:
            change(language, data)
        text = data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
        (tmp_path / "lessons" / f"mine.{language}.yaml").write_text(text, encoding="utf-8")
    return load_rules(str(tmp_path / f"{name}.yaml"))


def lesson_path(tmp_path, language):
    return str(tmp_path / "lessons" / f"mine.{language}.yaml")


def ours(found):
    """The problems about our lesson files (the base pack's are tested above)."""
    return [item for item in found if "mine." in item]


def second_step(data):
    return data["lessons"][0]["steps"][1]


def test_a_complete_lesson_pack_has_no_problems(tmp_path):
    rules = lesson_pack(tmp_path)
    assert ours(problems(rules)) == []
    for language in LANGUAGES:
        activate(language)
        lessons = load_lessons(rules, language)
        # the base's ten lessons, then ours
        assert [lesson.id for lesson in lessons] == DOMINOS_CC_IDS + ["mine-count"]
        mine = lessons[-1]
        assert mine.file == lesson_path(tmp_path, language)
        assert mine.title == TEXTS[language][0]
        assert mine.steps[0].text == TEXTS[language][1].format(max_pips=digits(6, language))
        assert engine_answer(mine.steps[1], rules).value == 8


def test_a_missing_translation_names_the_file(tmp_path):
    rules = lesson_pack(tmp_path, languages=("en", "tl", "id", "fa"))
    with pytest.raises(LessonError) as error:
        load_lessons(rules, "nl")
    assert lesson_path(tmp_path, "nl") in str(error.value)
    assert [lesson.id for lesson in load_lessons(rules, "en")][-1] == "mine-count"
    assert any(lesson_path(tmp_path, "nl") in item for item in problems(rules))


def test_an_unknown_placeholder_names_the_file_and_the_step(tmp_path):
    def change(language, data):
        second_step(data)["text"] += " {nonsense}"

    rules = lesson_pack(tmp_path, change=change)
    with pytest.raises(LessonError) as error:
        load_lessons(rules, "en")
    message = str(error.value)
    assert lesson_path(tmp_path, "en") in message
    assert "mine-count step 2" in message and "nonsense" in message
    found = ours(problems(rules))
    assert found and all("step 2" in item and "nonsense" in item for item in found)


def test_an_unknown_placeholder_in_a_hint_is_refused_too(tmp_path):
    def change(language, data):
        second_step(data)["hint"] = "{nonsense} " + second_step(data)["hint"]

    rules = lesson_pack(tmp_path, change=change)
    with pytest.raises(LessonError, match="mine-count step 2.*nonsense"):
        load_lessons(rules, "en")


def test_a_wrong_written_answer_names_the_file_the_lesson_and_the_step(tmp_path):
    def change(language, data):
        second_step(data)["answer"] = 9   # 5 + 3 is 8

    found = ours(problems(lesson_pack(tmp_path, change=change)))
    assert len(found) == 1, found
    assert lesson_path(tmp_path, "en") in found[0]
    assert "mine-count step 2" in found[0]
    assert "9" in found[0] and "8" in found[0]


def test_a_question_without_a_written_answer_is_reported(tmp_path):
    def change(language, data):
        del second_step(data)["answer"]

    found = ours(problems(lesson_pack(tmp_path, change=change)))
    assert len(found) == 1 and lesson_path(tmp_path, "en") in found[0] and "mine-count step 2" in found[0]


def test_a_wrong_answer_is_reported_whatever_the_pack_file_is_called(tmp_path):
    def change(language, data):
        second_step(data)["answer"] = 9

    found = ours(problems(lesson_pack(tmp_path, name="house", change=change)))
    assert len(found) == 1 and "mine-count step 2" in found[0]


def test_a_translation_with_other_steps_is_reported(tmp_path):
    def change(language, data):
        if language == "nl":
            data["lessons"][0]["steps"].insert(0, {"text": "Nog een stap vooraf."})

    found = ours(problems(lesson_pack(tmp_path, change=change)))
    about_nl = [item for item in found if lesson_path(tmp_path, "nl") in item]
    assert about_nl and all("mine-count" in item for item in about_nl)
    assert any("3 steps" in item for item in about_nl)
    assert not [item for item in found if lesson_path(tmp_path, "nl") not in item]


def test_a_translation_with_another_position_or_answer_is_reported(tmp_path):
    def change(language, data):
        if language == "tl":
            second_step(data).update(position="5 4", answer=9)

    found = ours(problems(lesson_pack(tmp_path, change=change)))
    about_tl = [item for item in found if lesson_path(tmp_path, "tl") in item]
    assert any("mine-count step 2" in item and "position" in item for item in about_tl)
    assert any("mine-count step 2" in item and "answer" in item for item in about_tl)


def test_a_translation_with_other_placeholders_is_reported(tmp_path):
    def change(language, data):
        if language == "id":
            data["lessons"][0]["steps"][0]["text"] = "Lihat ujung-ujung untuk {max_players} pemain."

    found = ours(problems(lesson_pack(tmp_path, change=change)))
    assert any(lesson_path(tmp_path, "id") in item and "mine-count step 1" in item and "placeholders" in item
               for item in found), found


def test_a_translation_with_other_lessons_is_reported(tmp_path):
    def change(language, data):
        if language == "fa":
            data["lessons"][0]["id"] = "shomaresh"

    found = ours(problems(lesson_pack(tmp_path, change=change)))
    assert any(lesson_path(tmp_path, "fa") in item and "mine-count" in item for item in found), found


def test_a_text_left_in_english_is_reported(tmp_path):
    def change(language, data):
        if language == "id":
            second_step(data)["text"] = TEXTS["en"][2]
            second_step(data)["hint"] = TEXTS["en"][3]

    found = ours(problems(lesson_pack(tmp_path, change=change)))
    assert len(found) == 2, found
    assert all(lesson_path(tmp_path, "id") in item and "mine-count step 2" in item and "English" in item
               for item in found)
    assert any("text" in item for item in found) and any("hint" in item for item in found)


def test_a_title_left_in_english_is_reported(tmp_path):
    def change(language, data):
        if language == "nl":
            data["lessons"][0]["title"] = TEXTS["en"][0]

    found = ours(problems(lesson_pack(tmp_path, change=change)))
    assert len(found) == 1 and lesson_path(tmp_path, "nl") in found[0] and "mine-count" in found[0]
    assert "title" in found[0]


def test_an_unknown_step_key_names_the_file_and_the_step(tmp_path):
    def change(language, data):
        second_step(data)["anser"] = 8

    rules = lesson_pack(tmp_path, change=change)
    with pytest.raises(LessonError) as error:
        raw_lessons(lesson_path(tmp_path, "en"))
    assert lesson_path(tmp_path, "en") in str(error.value)
    assert "mine-count step 2" in str(error.value) and "anser" in str(error.value)
    with pytest.raises(LessonError, match="mine-count step 2"):
        load_lessons(rules, "en")
    assert any(lesson_path(tmp_path, "en") in item and "anser" in item for item in problems(rules))


def test_an_unknown_question_names_the_file_and_the_step(tmp_path):
    def change(language, data):
        second_step(data)["question"] = "sum"

    rules = lesson_pack(tmp_path, change=change)
    with pytest.raises(LessonError) as error:
        load_lessons(rules, "en")
    message = str(error.value)
    assert lesson_path(tmp_path, "en") in message and "mine-count step 2" in message and "sum" in message


@pytest.mark.parametrize("question, missing, given", [
    ("total", "position", {"position": None}),
    ("play_points", "play", {}),
    ("best", "hand", {}),
    ("collect", "opponents", {"position": None}),
    ("boneyard", "players", {"position": None}),
    ("pips", "hand", {"position": None}),
])
def test_a_question_without_what_it_needs_is_refused(tmp_path, question, missing, given):
    def change(language, data):
        item = second_step(data)
        item["question"] = question
        for key, value in given.items():
            if value is None:
                item.pop(key, None)

    rules = lesson_pack(tmp_path, change=change)
    with pytest.raises(LessonError) as error:
        load_lessons(rules, "en")
    message = str(error.value)
    assert lesson_path(tmp_path, "en") in message and "mine-count step 2" in message
    assert question in message and missing in message


def test_a_question_the_pack_cannot_answer_is_reported(tmp_path):
    # muggins has no spinner: a position with a spinner and its arms cannot arise there
    def change(language, data):
        second_step(data).update(position="3 5|5* 5* 5*", answer=13)

    found = ours(problems(lesson_pack(tmp_path, extends="muggins", change=change)))
    assert len(found) == 1, found
    assert lesson_path(tmp_path, "en") in found[0] and "mine-count step 2" in found[0]


def test_a_lesson_file_that_is_not_yaml_names_the_file(tmp_path):
    def change(language, data):
        data.clear()

    rules = lesson_pack(tmp_path, change=change)
    path = Path(lesson_path(tmp_path, "en"))
    path.write_text("lessons: [unclosed\n", encoding="utf-8")
    with pytest.raises(LessonError) as error:
        load_lessons(rules, "en")
    assert str(path) in str(error.value)
    path.write_text("steps: []\n", encoding="utf-8")
    with pytest.raises(LessonError, match="lessons"):
        raw_lessons(str(path))


def test_a_lesson_without_steps_or_title_is_refused(tmp_path):
    path = tmp_path / "bare.en.yaml"
    path.write_text("lessons:\n  - id: empty\n    title: Empty\n    steps: []\n", encoding="utf-8")
    with pytest.raises(LessonError, match="empty"):
        raw_lessons(str(path))
    path.write_text("lessons:\n  - id: untitled\n    steps:\n      - text: Hello there.\n", encoding="utf-8")
    with pytest.raises(LessonError, match=r"lessons\[1\]"):
        raw_lessons(str(path))


# =========================================================================== the engine's answers, by hand

CC = "dominos-cc"


@pytest.mark.parametrize("pack, kind, given, expected", [
    # the ends form: N counts N, N|N and N|N* count 2N, N* counts 0
    (CC, "total", {"position": "3 5|5* 5* 5*"}, 13),                  # 3 + 10 + 0 + 0
    (CC, "points", {"position": "3 5|5* 5* 5*"}, 0),                  # 13 is no multiple of five
    (CC, "total", {"position": "3|3 1|1 3 0|0"}, 11),                 # 6 + 2 + 3 + 0
    (CC, "points", {"position": "5 3 2 5*"}, 10),                     # 5 + 3 + 2 = 10 scores 10
    (CC, "play_total", {"position": "3 5|5* 5* 5*", "play": "5|2@5*"}, 15),   # 3 + 10 + 2 + 0
    (CC, "play_points", {"position": "3 5|5* 5* 5*", "play": "5|2@5*"}, 15),
    (CC, "play_points", {"position": "3 5|5* 5* 5*", "play": "5|2@5|5*"}, 5),  # spinner side covered: 3 + 2 + 0 + 0
    (CC, "play_points", {"position": "-", "play": "5|5"}, 10),           # a lone lead counts both halves
    (CC, "play_points", {"position": "-", "play": "6|4"}, 10),
    (CC, "play_total", {"position": "6 2", "play": "2|5"}, 11),          # 6 + 5
    (CC, "pips", {"hand": "6|4 3|2"}, 15),                            # 10 + 5
    (CC, "pips", {"hand": "4|4 0|0"}, 8),                             # a double weighs both halves
    (CC, "boneyard", {"players": 2}, 14),                             # 28 - 2 x 7
    (CC, "boneyard", {"players": 3}, 10),                             # 28 - 3 x 6
    (CC, "boneyard", {"players": 4}, 8),                              # 28 - 4 x 5
    ("pagat-all-fives", "boneyard", {"players": 2}, 10),              # 28 - 2 x 9
    (CC, "collect", {"opponents": ("13",)}, 15),                      # 13 rounds up to 15
    (CC, "collect", {"opponents": ("12", "12")}, 20),                 # each rounded: 10 + 10
    (CC, "collect", {"opponents": ("5|3 4|4", "12")}, 25),            # 16 -> 15, 12 -> 10
    ("five-up", "collect", {"opponents": ("13",)}, 3),                # 13 -> 15, one point per five
    ("five-up", "collect", {"opponents": ("12", "12")}, 5),           # 24 -> 25 -> 5
    ("pagat-all-fives", "collect", {"opponents": ("12", "12")}, 25),  # combined: 24 -> 25
    ("muggins", "collect", {"opponents": ("5|3 4|4", "12")}, 30),     # combined: 28 -> 30
    ("fives-and-threes", "collect", {"opponents": ("13",)}, 1),       # only the chip-out point
    ("five-up", "play_points", {"position": "5 3", "play": "3|0@3"}, 1),  # 5 + 0 = 5: one point
    ("five-up", "points", {"position": "1 2|2*"}, 1),                 # 1 + 4 = 5: one point per five
    ("five-up", "points", {"position": "6 4|4*"}, 0),                 # 6 + 8 = 14: no multiple of five
    ("fives-and-threes", "points", {"position": "5 5|5"}, 8),         # 15: 3 fives + 5 threes
    ("fives-and-threes", "points", {"position": "6 3"}, 3),           # 9: three threes
    ("fives-and-threes", "points", {"position": "6 4"}, 2),           # 10: two fives
    ("muggins", "play_total", {"position": "6 5|5", "play": "5|4@5|5"}, 10),  # the double is covered: 6 + 4
    ("pagat-all-fives", "play_points", {"position": "3 1|1*", "play": "2|1@1|1*"}, 5),  # 3 + 2, arms empty
])
def test_engine_answers_worked_by_hand(pack, kind, given, expected):
    assert engine_answer(step(kind, **given), load_rules(pack)).value == expected


def test_the_worked_count_shows_the_arithmetic():
    rules = load_rules(CC)
    assert engine_answer(step("pips", hand="6|4 3|2"), rules).why == "10 + 5 = 15"
    assert engine_answer(step("boneyard", players=2), rules).why == "28 − 2 × 7 = 14"
    why = engine_answer(step("play_points", position="3 5|5* 5* 5*", play="5|2@5*"), rules).why
    assert "3 + 10" in why and "+ 2 = 15" in why


def test_where_a_tile_may_go():
    rules = load_rules(CC)
    # 3|1 on "1 5|5* 5* 5*": only the 1 matches
    assert engine_answer(step("where", position="1 5|5* 5* 5*", hand="3|1"), rules).value == {"1"}
    # 5|1: on the 1, on the spinner's empty side and on its open arms (Dominos.cc: at once)
    assert engine_answer(step("where", position="1 5|5* 5* 5*", hand="5|1"), rules).value == {"1", "5|5*", "5*"}
    # a tile that fits nowhere
    assert engine_answer(step("where", position="1 5|5* 5* 5*", hand="6|2"), rules).value == frozenset()


def test_best_tile():
    rules = load_rules(CC)
    # 3|0 on 3: 5 + 0 = 5 (5 points); 5|5 on 5: 10 + 3 = 13; 6|1 fits nowhere
    assert engine_answer(step("best", position="5 3", hand="3|0 5|5 6|1"), rules).value == {Tile(3, 0)}
    # 4|0 on 4: 5 + 0 = 5; 5|1 on 5: 1 + 4 = 5: a tie, both score 5; 6|6 fits nowhere
    assert engine_answer(step("best", position="5 4", hand="4|0 5|1 6|6"), rules).value == {Tile(4, 0), Tile(5, 1)}
    # 5|1 on the 1 of "1 5|5* 5* 5*": 5 + 10 = 15 beats 5|1 on an arm (1 + 10 + 1 = 12) and 3|1 (3 + 10 = 13)
    assert engine_answer(step("best", position="1 5|5* 5* 5*", hand="3|1 5|1"), rules).value == {Tile(5, 1)}


def test_a_position_the_pack_cannot_produce_is_refused():
    # five-up opens a spinner's arms only after both sides: no arm beside an empty side
    with pytest.raises(FivesError):
        engine_answer(step("total", position="3 5|5* 5* 5*"), load_rules("five-up"))
    # muggins has no spinner at all
    with pytest.raises(FivesError):
        engine_answer(step("total", position="3 5|5*"), load_rules("muggins"))


def test_written_answers_in_the_engines_terms():
    rules = load_rules(CC)
    assert written_answer(step("best", answer="0|3"), rules) == {Tile(3, 0)}
    assert written_answer(step("where", answer="5* 1"), rules) == {"1", "5*"}
    assert written_answer(step("total", answer="13"), rules) == 13


# =========================================================================== checking the learner's reply

PIPS = step("pips", hand="6|4 3|2")   # 15


@pytest.mark.parametrize("reply", ["15", " 15 ", "۱۵", "١٥", "15\n"])
def test_a_number_in_any_digits_is_accepted(reply):
    assert check_reply(PIPS, load_rules(CC), reply)


@pytest.mark.parametrize("reply", ["14", "16", "150", "5", "۱۴", "١٦", "", "fifteen", "15 pips", "15.0", "?", "-15",
                                   "x"])
def test_a_wrong_number_or_garbage_is_refused(reply):
    assert not check_reply(PIPS, load_rules(CC), reply)


def test_a_decimal_comma_is_not_fifteen():
    assert not check_reply(PIPS, load_rules(CC), "1,5")


BEST = step("best", position="5 3", hand="3|0 5|5 6|1")          # 3|0
TIED = step("best", position="5 4", hand="4|0 5|1 6|6")          # 4|0 or 5|1


@pytest.mark.parametrize("reply", ["3|0", "0|3", "3-0", "0-3", "[3|0]", "30", "03", " 3|0 ", "۳|۰", "٠|٣"])
def test_the_best_tile_in_any_order_or_form(reply):
    assert check_reply(BEST, load_rules(CC), reply)


@pytest.mark.parametrize("reply", ["5|5", "6|1", "3|1", "3", "", "x", "3|0 5|5", "9|9"])
def test_another_tile_or_garbage_is_not_the_best(reply):
    assert not check_reply(BEST, load_rules(CC), reply)


def test_any_tile_of_a_tie_is_the_best():
    rules = load_rules(CC)
    assert check_reply(TIED, rules, "0|4") and check_reply(TIED, rules, "1-5")
    assert not check_reply(TIED, rules, "6|6")


WHERE = step("where", position="1 5|5* 5* 5*", hand="5|1")       # 1, 5|5*, 5*


@pytest.mark.parametrize("reply", ["1 5|5* 5*", "5* 1 5|5*", "5|5* 5* 1", "  1   5*  5|5* ", "۱ ۵|۵* ۵*",
                                   "1, 5*, 5|5*"])
def test_where_accepts_the_ends_in_any_order(reply):
    assert check_reply(WHERE, load_rules(CC), reply)


@pytest.mark.parametrize("reply", ["1 5*", "1", "1 5|5* 5* 3", "5 1", "", "x"])
def test_where_refuses_missing_or_extra_ends(reply):
    assert not check_reply(WHERE, load_rules(CC), reply)


def test_where_accepts_ends_separated_by_commas():
    assert check_reply(WHERE, load_rules(CC), "1,5*,5|5*")


def test_the_reply_is_checked_under_the_pack_in_use():
    counting = step("play_points", position="5 3", play="3|0@3")   # 5 + 0 = 5
    assert check_reply(counting, load_rules(CC), "5")              # the total scores itself
    assert check_reply(counting, load_rules("five-up"), "1")       # one point per five
    assert not check_reply(counting, load_rules("five-up"), "5")
