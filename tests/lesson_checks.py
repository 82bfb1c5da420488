"""Checks on a pack's lessons that the tests share: what a lesson file writes as its
answer, in the engine's terms, and every problem of a pack's lessons in every language
(a reference the tests hold the lesson files to; the program itself never runs it)."""

from __future__ import annotations

import re

from fives_tutor.core.rules import RuleSet
from fives_tutor.core.tiles import parse_hand
from fives_tutor.errors import FivesError
from fives_tutor.text.i18n import activate, current
from fives_tutor.tutor.lessons import (
    STRUCTURE_KEYS,
    TEXT_KEYS,
    LessonError,
    Step,
    engine_answer,
    facts,
    lesson_file,
    load_lessons,
    raw_lessons,
)


def written_answer(step: Step, rules: RuleSet) -> int | frozenset:
    """The answer as the lesson writes it, in the engine's terms (a number or a tile set)."""
    if step.question in ("best", "lead"):
        return frozenset(parse_hand(str(step.answer), rules.max_pips))
    if step.question == "where":
        return frozenset(str(step.answer).split())
    return int(step.answer)


def problems(rules: RuleSet, languages=("en", "tl", "id", "nl", "fa")) -> list[str]:
    """Everything wrong with a pack's lessons, each naming the file and the step: a
    language missing, lessons or steps that differ between languages, a text left in
    English, a placeholder that does not exist or differs, an answer the engine
    does not confirm."""
    found: list[str] = []
    previous = current().code
    try:
        for prefix in rules.lessons:
            english_path = lesson_file(prefix, "en")
            try:
                english = raw_lessons(english_path)
            except LessonError as error:
                found.append(str(error))
                continue
            for language in languages:
                path = lesson_file(prefix, language)
                try:
                    translated = raw_lessons(path) if language != "en" else english
                except LessonError as error:
                    found.append(str(error))
                    continue
                found.extend(compare_to_english(english, translated, path, language))
        for language in languages:
            activate(language)
            try:
                lessons = load_lessons(rules, language)
            except LessonError as error:
                found.append(str(error))
                continue
            if language != "en":
                continue
            for lesson in lessons:
                # a written answer is checked under the pack that owns the file; every
                # question must be answerable under this pack (positions valid here)
                owned = rules.own_lessons is not None and lesson.file.startswith(rules.own_lessons + ".")
                for number, step in enumerate(lesson.steps, start=1):
                    if step.question is None:
                        continue
                    where = f"{lesson.file}: {lesson.id} step {number} ({rules.id})"
                    try:
                        value = engine_answer(step, rules).value
                        if owned and step.answer is None:
                            found.append(f"{where}: no answer is written")
                        elif owned and value != written_answer(step, rules):
                            found.append(f"{where}: the answer {step.answer!r} is not the engine's {value!r}")
                    except (FivesError, ValueError, TypeError, KeyError) as error:
                        found.append(f"{where}: {error}")
    finally:
        activate(previous)
    return found


def compare_to_english(english: list[dict], translated: list[dict], path: str, language: str) -> list[str]:
    """What differs between a lesson file and its English original: the lessons, the
    number of steps, a step's structure or placeholders, text left in English."""
    found = []
    ids = [lesson["id"] for lesson in english]
    if [lesson["id"] for lesson in translated] != ids:
        return [f"{path}: the lessons differ from English ({', '.join(ids)})"]
    for source, other in zip(english, translated):
        if len(source["steps"]) != len(other["steps"]):
            found.append(f"{path}: {source['id']}: {len(other['steps'])} steps, English has {len(source['steps'])}")
            continue
        if language != "en" and other["title"] == source["title"] and re.search("[a-z]{4,}", source["title"]):
            found.append(f"{path}: {source['id']}: the title is left in English")
        for number, (a, b) in enumerate(zip(source["steps"], other["steps"]), start=1):
            where = f"{path}: {source['id']} step {number}"
            for key in STRUCTURE_KEYS:
                if a.get(key) != b.get(key):
                    found.append(f"{where}: {key} differs from English")
            for key in TEXT_KEYS:
                if (key in a) != (key in b):
                    found.append(f"{where}: {key} is missing")
                elif key in a:
                    if facts(a[key]) != facts(b[key]):
                        found.append(f"{where}: the placeholders of {key} differ from English")
                    if language != "en" and a[key] == b[key] and re.search("[a-z]{4,}", a[key]):
                        found.append(f"{where}: {key} is left in English")
    return found
