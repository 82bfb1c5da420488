"""Every message is in every catalog, translated, not fuzzy, with the same placeholders."""

from __future__ import annotations

import os
import re

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

import fives_tutor
from fives_tutor.resources import data_dir
from fives_tutor.text.i18n import LANGUAGES, SOURCE_LANGUAGE

#: a placeholder: ``{name}`` (not an escaped ``{{`` or ``}}``, which prints a brace) or ``%(name)s``
PLACEHOLDER = re.compile(r"(?<!\{)\{(?!\{)[^{}]*\}(?!\})|%\([a-z_]+\)[sd]")


def catalog(code):
    path = os.path.join(data_dir("locales"), code, "LC_MESSAGES", "fives_tutor.po")
    with open(path, "rb") as handle:
        return read_po(handle)


def source_messages():
    folder = os.path.dirname(fives_tutor.__file__)
    keywords = dict(DEFAULT_KEYWORDS, N_=None)
    found = set()
    for _, _, message, _, _ in extract_from_dir(folder, method_map=[("**.py", "python")], keywords=keywords):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


@pytest.fixture(scope="module")
def messages():
    return source_messages()


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalog_has_every_message(code, messages):
    ids = {m.id[0] if isinstance(m.id, tuple) else m.id for m in catalog(code) if m.id}
    missing = sorted(messages - ids)
    assert not missing, f"{code} lacks {len(missing)} messages, e.g. {missing[:3]} (run tools/update_catalogs.py)"


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalog_is_complete_and_not_fuzzy(code):
    problems = []
    for message in catalog(code):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            problems.append(message.id)
    assert not problems, f"{code}: {len(problems)} untranslated or fuzzy, e.g. {problems[:3]}"


def test_the_source_language_catalog_says_every_message_as_written():
    """English is read through gettext's null catalog (no file read at start-up), which
    is exact only while the English catalog changes no message: each msgstr is its msgid
    (each plural form its singular and plural)."""
    changed = []
    for message in catalog(SOURCE_LANGUAGE):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if tuple(strings) != (ids if len(ids) == len(strings) else ids[:1] * len(strings)):
            changed.append(message.id)
    assert not changed, f"the {SOURCE_LANGUAGE} catalog changes {len(changed)} messages, e.g. {changed[:3]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_placeholders_match(code):
    problems = []
    for message in catalog(code):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            if string and set(PLACEHOLDER.findall(string)) - set(PLACEHOLDER.findall(" ".join(ids))):
                problems.append((message.id, string))
            elif string and len(ids) == 1 and set(PLACEHOLDER.findall(string)) != wanted:
                problems.append((message.id, string))
    assert not problems, problems[:3]


#: words each language's players use as they are (../shared/GLOSSARY.md): a message
#: made only of these may stay identical to the English. Tagalog software also keeps
#: the computer words file, path, pack and worksheet, and the variant's name.
LOANWORDS = {
    "tl": {"double", "spinner", "spinners", "set", "default", "six", "nine", "twelve", "domino", "pass",
           "file", "path", "pack", "worksheet", "fives", "threes"},
    "id": {"spinner", "spinners", "set", "domino", "pass"},
    "nl": {"spinner", "spinners", "set", "domino"},
    "fa": set(),
}


@pytest.mark.parametrize("code", ["tl", "id", "nl", "fa"])
def test_no_message_left_in_english(code):
    same = []
    for message in catalog(code):
        if not message.id or not isinstance(message.id, str) or message.string != message.id:
            continue
        words = re.findall(r"[A-Za-z]{4,}", PLACEHOLDER.sub("", message.id))
        if "--" in message.id or not words or message.id.isupper():
            continue  # option names, metavars, placeholders and punctuation may stay as they are
        if all(word.lower() in LOANWORDS[code] for word in words):
            continue
        same.append(message.id)
    # a handful may legitimately stay the same; more means a copy was left in English
    assert len(same) <= 3, same


# --- right to left and native words (issue 10): failures list every message to mend ----------

from translation_checks import ascii_tiles, english_terms, unmarked_runs  # noqa: E402

from fives_tutor.text.bidi import localize_runs  # noqa: E402

LESSONS = os.path.join(data_dir("rules"), "lessons")
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def translated(code):
    """``(msgid, msgstr)`` for every translated message of a catalog, plural forms apart."""
    for message in catalog(code):
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            if string:
                yield msgid, string


def report(problems, label="msgid") -> str:
    return f"{len(problems)} to mend:\n" + "\n".join(f"  {label} {where!r}\n    -> {found}" for where, found in problems)


def test_persian_messages_mark_every_left_to_right_run():
    """A Persian msgstr keeps each tile, option, command, Latin word and example between
    two LRMs (docs/translating.md), or the terminal shows 5|3 as 3|5 and --void as void--."""
    problems = [(msgid, runs) for msgid, string in translated("fa") if (runs := unmarked_runs(string))]
    assert not problems, report(problems)


def test_persian_messages_write_tiles_in_persian_digits():
    """Tiles in Persian prose are written ۵|۳ (commands keep their ASCII digits)."""
    problems = [(msgid, tiles) for msgid, string in translated("fa") if (tiles := ascii_tiles(string))]
    assert not problems, report(problems)


@pytest.mark.parametrize("code", ["tl", "id", "nl", "fa"])
def test_no_english_game_terms_left(code):
    """A translation uses the language's own word for each game term (GLOSSARY.md),
    except the loanwords that language's players use."""
    problems = [(msgid, terms) for msgid, string in translated(code) if (terms := english_terms(string, code))]
    assert not problems, report(problems)


def lesson_texts(code):
    """``(where, text)`` for the title, text and hint of every lesson step in ``code``."""
    import yaml

    for name in sorted(os.listdir(LESSONS)):
        if not name.endswith(f".{code}.yaml"):
            continue
        with open(os.path.join(LESSONS, name), encoding="utf-8") as handle:
            data = yaml.safe_load(handle)
        for lesson in data.get("lessons", []):
            yield f"{name} {lesson['id']} title", lesson["title"]
            for number, step in enumerate(lesson.get("steps", []), start=1):
                for key in ("text", "hint"):
                    if step.get(key):
                        yield f"{name} {lesson['id']} step {number} {key}", step[key]


def test_persian_lessons_mark_every_left_to_right_run():
    """Lesson text is written with ASCII digits (shown in Persian digits); its tiles,
    positions, options and Latin words are marked like a msgstr's."""
    def persian(text):
        return localize_runs(text, lambda part: part.translate(PERSIAN_DIGITS))

    problems = [(where, runs) for where, text in lesson_texts("fa") if (runs := unmarked_runs(text, persian))]
    assert not problems, report(problems, "in")


@pytest.mark.parametrize("code", ["tl", "id", "nl", "fa"])
def test_no_english_game_terms_left_in_lessons(code):
    problems = [(where, terms) for where, text in lesson_texts(code) if (terms := english_terms(text, code))]
    assert not problems, report(problems, "in")


def test_no_message_is_translated_inside_an_f_string():
    """gettext's extraction (Babel's, as tools/update_catalogs.py runs it) reads no call
    inside an f-string: a message there never reaches a catalog and shows in English in
    every language, as the puzzle worksheet's heading did."""
    import ast

    folder = os.path.dirname(fives_tutor.__file__)
    found = []
    for root, _dirs, files in os.walk(folder):
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8") as handle:
                tree = ast.parse(handle.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.JoinedStr):
                    for call in ast.walk(node):
                        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                                and call.func.id in ("_", "ngettext", "pgettext", "N_")):
                            found.append(f"{os.path.relpath(path, folder)}:{call.lineno}")
    assert not found, found
