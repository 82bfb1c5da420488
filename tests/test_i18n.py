"""Choosing the language, translated output in each language, numbers and right to left."""

from __future__ import annotations

import json

import pytest

from fives_tutor.errors import FivesError
from fives_tutor.text.i18n import LANGUAGES, LRM, RLM, Translator, choose_language

ALL = ("en", "tl", "id", "nl", "fa")


@pytest.mark.parametrize("requested, expected", [
    ("nl", "nl"), ("nl_BE", "nl"), ("nl-BE", "nl"), ("fa_IR.UTF-8", "fa"), ("fil", "tl"), ("fil_PH", "tl"),
    ("in", "id"), ("id_ID", "id"), ("tl", "tl"), ("en_GB", "en"), ("EN", "en"),
])
def test_requested_language(requested, expected):
    assert choose_language(requested, {}) == expected


@pytest.mark.parametrize("environ, expected", [
    ({}, "en"),
    ({"LANG": "fa_IR.UTF-8"}, "fa"),  # not turned into English by an ungenerated locale
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANGUAGE": "de:nl", "LANG": "fa_IR.UTF-8"}, "nl"),  # LANGUAGE first, its list in order
    ({"LC_ALL": "id_ID.UTF-8", "LANG": "nl_NL.UTF-8"}, "id"),
    ({"LC_MESSAGES": "fil_PH.UTF-8", "LANG": "nl_NL.UTF-8"}, "tl"),
    ({"FIVES_LANG": "nl", "LANG": "fa_IR.UTF-8"}, "nl"),
    ({"LC_ALL": "C", "LANG": "nl_NL.UTF-8"}, "en"),  # LC_ALL=C forces the C locale
    ({"LANGUAGE": "nl", "LANG": "C.UTF-8"}, "en"),  # gettext ignores LANGUAGE under the C locale
    ({"LANG": "de_DE.UTF-8"}, "en"),
])
def test_language_from_environment(environ, expected):
    assert choose_language(None, environ) == expected


@pytest.mark.parametrize("bad", ["xx", "klingon", "de"])
def test_unknown_language_is_refused(bad):
    with pytest.raises(FivesError):
        choose_language(bad, {})
    with pytest.raises(FivesError):
        choose_language(None, {"FIVES_LANG": bad})


def test_five_languages():
    assert LANGUAGES == ALL


@pytest.mark.parametrize("code", ALL)
def test_fast_integer_path_matches_babel(code):
    from babel.numbers import format_decimal

    translator = Translator(code)
    locale = "fil" if code == "tl" else code
    for value in list(range(0, 1000, 7)) + [999]:
        assert translator.number(value) == translator.digits(format_decimal(value, locale=locale))


def test_persian_digits_and_marks():
    fa = Translator("fa")
    assert fa.number(15) == "۱۵"
    assert fa.number(1234) == "۱٬۲۳۴"
    # LRM before and after keeps 5|0 from showing as 0|5; the closing RLM stops a number
    # that follows from joining the tile's left-to-right run
    assert fa.notation("5|0") == f"{LRM}۵|۰{LRM}{RLM}"
    # a negative number is a closed left-to-right span: the minus stays before it, and a
    # number after it (the ± of a value) does not join its run
    assert fa.number(-3.3, decimals=1) == f"{LRM}\u2212۳٫۳{LRM}{RLM}"
    assert Translator("nl").number(1234) == "1.234"


def test_tagalog_plural_rule():
    # CLDR: Tagalog numbers ending in 4, 6 or 9 take the other form
    tl = Translator("tl")
    assert tl._catalog.plural(1) == 0 and tl._catalog.plural(4) == 1 and tl._catalog.plural(16) == 1


def test_score_explained_in_dutch(run):
    # 4 + 6 (the 3|3 counts both halves) = 10 → 10 points
    result = run("score", "4 3", "--play", "3|3", "--lang", "nl")
    assert result.exit_code == 0
    assert "10 punten" in result.stdout and "dubbele" in result.stdout.lower() or "spinner" in result.stdout
    assert "Before" not in result.stdout and "points" not in result.stdout


def test_score_explained_in_persian(run):
    result = run("score", "4 3", "--play", "3|3", "--lang", "fa")
    assert result.exit_code == 0
    assert "۱۰" in result.stdout and "10" not in result.stdout.replace(LRM, "")
    assert LRM in result.stdout
    assert "امتیاز" in result.stdout


@pytest.mark.parametrize("code", ALL)
def test_every_language_speaks(run, code):
    english = run("score", "5 3", "--play", "3|0").stdout
    result = run("score", "5 3", "--play", "3|0", "--lang", code)
    assert result.exit_code == 0
    assert (result.stdout == english) == (code == "en")
    # JSON is the same whatever the language: ASCII digits, same keys
    assert json.loads(run("score", "5 3", "--play", "3|0", "--json", "--lang", code).stdout)["points"] == 5


@pytest.mark.parametrize("code", ["tl", "id", "nl", "fa"])
def test_click_usage_is_translated(run, code):
    result = run("score", "--help", "--lang", code)
    assert result.exit_code == 0
    assert not result.stdout.startswith("Usage:")


@pytest.mark.parametrize("code", ["tl", "id", "nl", "fa"])
def test_errors_are_translated(run, code):
    english = run("score", "5 x").stderr
    result = run("score", "5 x", "--lang", code)
    assert result.exit_code == 2 and result.stderr != english
    assert "column" not in result.stderr


def test_environment_language_is_used(run):
    result = run("score", "5 3", "--play", "3|0", env={"FIVES_LANG": "id"})
    assert result.exit_code == 0 and "poin" in result.stdout


@pytest.mark.parametrize("code", ["en", "nl", "fa"])
def test_a_value_that_rounds_to_zero_has_no_minus_sign(code):
    """-0.04 shown to one decimal is 0.0 (and -0.4 as a whole number 0): "-0.0" reads as
    a loss where there is none."""
    from fives_tutor.text.i18n import activate, current

    activate(code)
    try:
        t = current()
        for shown in (t.number(-0.04, decimals=1), t.number(-0.4)):
            assert "-" not in shown and "\u2212" not in shown, shown
        assert t.number(-0.06, decimals=1) != t.number(0.0, decimals=1)  # -0.1 keeps its sign
    finally:
        activate("en")
