"""Every message is in every catalog, translated, not fuzzy, with the same placeholders."""

from __future__ import annotations

import os
import re

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

import fives_tutor
from fives_tutor.i18n import LANGUAGES
from fives_tutor.resources import data_dir

PLACEHOLDER = re.compile(r"\{[^}]*\}|%\([a-z_]+\)[sd]")


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
        if "--" in message.id or not words:
            continue  # option names, placeholders and punctuation stay as they are
        if all(word.lower() in LOANWORDS[code] for word in words):
            continue
        same.append(message.id)
    # a handful may legitimately stay the same; more means a copy was left in English
    assert len(same) <= 3, same
