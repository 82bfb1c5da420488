"""Says what people mean (issue 18, item 3): a name typed wrong from a known list gets
the name meant, through the one suggestion helper, in one localized line with exit
code 2; a tile written with the wrong mark (``5/5``) is told how tiles are written.

The expected suggestions come from the lists themselves and from difflib's ratio
worked by hand (twice the matching characters over the characters of both names).
"""

from __future__ import annotations

import os
import re

import pytest

from fives_tutor.errors import Alternatives, FivesError, Msg, NotationError, did_you_mean
from fives_tutor.suggest import CUTOFF, closest, fold

LANGUAGES = ("en", "tl", "id", "nl", "fa")
PACKS = ["dominos-cc", "five-up", "fives-and-threes", "muggins", "pagat-all-fives"]


# --- the helper ------------------------------------------------------------------------------------


def test_the_dashes_of_an_option_do_not_count():
    # with the dashes, "--pley" and "--rules" share "--", "l", "e": 2 × 4 / (6 + 7) = 0.615, over
    # difflib's cutoff of 0.6: Click offered --rules beside --play. Without them, "pley" and "rules"
    # share "le": 2 × 2 / (4 + 5) = 0.44; "pley" and "play" share "pl", "y": 2 × 3 / 8 = 0.75
    assert 2 * 4 / 13 > CUTOFF > 2 * 2 / 9
    assert closest("--pley", ["--play", "--players", "--rules", "--seed", "--lang", "--json"]) == ("--play",)
    assert fold("--Hand_End") == "hand-end"


@pytest.mark.parametrize("typed, known, meant", [
    ("mugins", PACKS, ("muggins",)),  # one letter missing: 2 × 6 / 13
    ("pagat", PACKS, ("pagat-all-fives",)),  # the start of a name
    ("Dominos-CC", PACKS, ("dominos-cc",)),  # case alone
    ("expret", ["greedy", "defensive", "expert", "monte-carlo", "exact"], ("expert",)),  # two letters swapped
    ("spiner", ["set", "players", "lead", "turn", "spinner", "scoring", "muggins", "hand_end", "match"],
     ("spinner",)),
    ("Bne", ["Ana", "Ben"], ("Ben",)),  # "b" and one of "n", "e": 2 × 2 / 6 = 0.67
    ("highest-dubble", ["highest_double", "lowest_double", "by_lot"], ("highest_double",)),
    ("zzz", PACKS, ()),
    ("", PACKS, ()),
    ("m" * 500, PACKS, ()),  # a long hostile name costs nothing and matches nothing
])
def test_closest(typed, known, meant):
    assert closest(typed, known) == meant


def test_a_far_second_name_is_not_offered_beside_a_near_first():
    # "exat": "exact" shares e, x, a, t: 2 × 4 / 9 = 0.89; "expert" shares e, x, t: 2 × 3 / 10 = 0.6,
    # at the cutoff but more than 0.1 behind
    assert closest("exat", ["expert", "exact"]) == ("exact",)
    # two names equally close are both offered, in their own order: "bem" shares "be" with both
    # "ben" and "bea", 2 × 2 / 6 = 0.67
    assert closest("Bem", ["Ana", "Ben", "Bea"]) == ("Ben", "Bea")
    # "ann" and "anna": 2 × 3 / 7 = 0.86; "ann" and "ana": 2 × 2 / 6 = 0.67, more than 0.1 behind
    assert closest("Ann", ["Ana", "Anna", "Ben"]) == ("Anna",)


def test_a_level_keeps_what_follows_its_name():
    assert closest("monte-carol:200", ["greedy", "monte-carlo"], after=":") == ("monte-carlo:200",)
    assert closest("monte-carlo:x", ["greedy", "monte-carlo"], after=":") == ()  # the name is right


def test_names_that_mean_one_thing_suggest_it_once():
    # "ilipino" is "filipino" and "pilipino" but their first letter: 2 × 7 / 15 = 0.93 each, both
    # names of Tagalog, so Tagalog's code is suggested, once; "dutch" is far (no letter in common)
    means = {"filipino": "tl", "pilipino": "tl", "dutch": "nl"}
    assert closest("ilipino", means) == ("filipino", "pilipino")
    assert str(FivesError("{hint}", hint=did_you_mean("ilipino", means, means=means))) == "did you mean tl?"
    assert did_you_mean("zzz", means, means=means) is None
    # a mapping given as the names alone suggests its names (a lesson's questions)
    assert str(FivesError("{hint}", hint=did_you_mean("ilipino", means))) == "did you mean filipino or pilipino?"


def test_the_message_says_or_in_every_language():
    from fives_tutor.text.i18n import activate, localize_error

    error = FivesError("'{name}' is not a player of this match: {hint}", name="Bem",
                       hint=did_you_mean("Bem", ["Ana", "Ben", "Bea"]))
    assert str(error) == "'Bem' is not a player of this match: did you mean Ben or Bea?"
    words = {"en": " or ", "tl": " o ", "id": " atau ", "nl": " of ", "fa": " یا "}
    for lang, word in words.items():
        activate(lang)
        assert word in localize_error(error), lang
    activate("fa")  # a tile suggested in Persian takes Persian digits, marked left to right
    shown = localize_error(Msg("did you mean {choices}?", choices=Alternatives(["5|5"])))
    assert "\u200e۵|۵\u200e" in shown
    activate("en")


# --- on the command line: one line, exit 2, in every language --------------------------------------


def refused(run, args, expected, stdin=None):
    """``fives ARGS`` is refused in one line naming what was meant, in every language."""
    for lang in LANGUAGES:
        result = run(*args, "--lang", lang, input=stdin)
        assert result.exit_code == 2, (lang, args, result.stdout, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1, (lang, args, result.stderr)
        assert "Traceback" not in result.stderr
        if lang == "en":
            assert expected in result.stderr, (args, result.stderr)
        else:  # the name meant, whatever the language says around it
            meant = re.search(r"[Dd]id you mean (.+)\?", expected).group(1)
            assert meant in result.stderr.replace("\u200e", "").replace("\u200f", ""), (lang, args, result.stderr)


@pytest.mark.parametrize("args, expected", [
    (["score", "5 3", "--rules", "mugins"], "unknown rule pack 'mugins': did you mean muggins?"),
    (["rules", "show", "fiveup"], "did you mean five-up?"),
    (["best", "6 2", "--hand", "2|5 6|4", "--level", "expret"], "unknown engine level 'expret': did you mean expert?"),
    (["best", "6 2", "--hand", "2|5 6|4", "--level", "Expert"], "did you mean expert?"),
    (["duel", "expret", "greedy", "--matches", "2"], "unknown engine level 'expret': did you mean expert?"),
    (["duel", "greedy", "monte-carol:20", "--matches", "2"], "did you mean monte-carlo:20?"),
    (["simulate", "--level", "gredy", "--matches", "2"], "did you mean greedy?"),
    (["rules", "compare", "dominos-cc", "muggins", "--matches", "2", "--skill", "defensiv"],
     "did you mean defensive?"),
    (["play", "--level", "expret"], "did you mean expert?"),
    (["learn", "spiner"], "there is no lesson spiner: did you mean spinner?"),
    (["quiz", "--kind", "totl"], "'totl' is not one of the choices: did you mean total?"),
    (["score", "5 3", "--pley", "3|0"], "No such option '--pley'. Did you mean --play?"),
    (["best", "6 2", "--hnad", "2|5"], "Did you mean --hand?"),
    (["table", "--player", "Ana,Ben"], "Did you mean --players?"),
    (["table", "--players", "Ana,Ben,Cy,Dee", "--teams", "Ana+Cyy,Ben+Dee"],
     "--teams names Cyy, who is not in --players: did you mean Cy?"),
    (["scor", "5 3"], "No such command 'scor'. Did you mean score?"),
])
def test_a_mistyped_name_gets_the_name_meant(run, args, expected):
    refused(run, args, expected, stdin="quit\n")


def test_click_no_longer_offers_an_option_that_makes_no_sense(run):
    result = run("score", "--pley")
    assert "--rules" not in result.stderr and "--play" in result.stderr
    # a hidden old spelling is never offered: the option as it is written now is
    result = run("rules", "compare", "dominos-cc", "muggins", "--strategi", "greedy")
    assert "--strategy" not in result.stderr


def test_a_language_written_wrong_or_by_its_name(run):
    for typed, code in (("nll", "nl"), ("dutch", "nl"), ("Farsi", "fa"), ("tagalog", "tl")):
        result = run("score", "5 3", "--lang", typed)
        assert result.exit_code == 2 and f"unknown language '{typed}': did you mean {code}?" in result.stderr
    assert "choose one of en, tl, id, nl, fa" in run("score", "5 3", "--lang", "xx").stderr


# --- the keys of a house pack ------------------------------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("rules:\n  spiner:\n    doubles: every\n", "rules.spiner: unknown key: did you mean spinner?"),
    ("rules:\n  match:\n    targte: 100\n", "rules.match.targte: unknown key: did you mean target?"),
    ("extnds: dominos-cc\n", "extnds: unknown key: did you mean extends?"),
    ("rules:\n  lead:\n    first_hand: highest_dubble\n",
     "rules.lead.first_hand: 'highest_dubble' is not one of its values: did you mean highest_double?"),
    ("rules:\n  turn:\n    drw: one\n", "rules.turn.drw: unknown key: did you mean draw?"),
])
def test_a_mistyped_pack_key_names_the_file_the_key_and_the_key_meant(run, tmp_path, text, expected):
    path = tmp_path / "club.yaml"
    body = text if text.startswith("extnds") else "extends: dominos-cc\n" + text
    path.write_text("id: club\n" + body, encoding="utf-8")
    refused(run, ["rules", "show", str(path)], f"{path}: {expected}")
    # a key far from every known one still lists them all
    path.write_text("id: club\nextends: dominos-cc\nrules:\n  qqqq: 1\n", encoding="utf-8")
    assert "unknown key (known keys: set, players, lead" in run("rules", "show", str(path)).stderr


# --- tiles written with the wrong mark -------------------------------------------------------------------


@pytest.mark.parametrize("args, expected", [
    (["count", "5/5"], "bad tile '5/5': tiles are written 5|5"),
    (["count", "6\\4"], "bad tile '6\\4': tiles are written 6|4"),
    (["count", "5.0"], "bad tile '5.0': tiles are written 5|0"),
    (["count", "5,5"], "bad tile '5,5': tiles are written 5|5"),  # alone, a comma can only mean the bar
    (["count", "6|6 5,3"], "bad tile '5,3': tiles are written 5|3"),
    (["count", "۶/۴"], "tiles are written 6|4"),  # Persian digits, read as ASCII
    (["score", "5 3", "--play", "5/0"], "bad tile '5/0': tiles are written 5|0"),
    (["best", "6 2", "--hand", "2|5 6/4"], "bad tile '6/4': tiles are written 6|4"),
    (["score", "5/5 3"], "'5/5' is not an open end: tiles are written 5|5"),
    (["score", "6|6* 3 2.2"], "'2.2' is not an open end: tiles are written 2|2"),
])
def test_a_tile_written_with_the_wrong_mark(run, args, expected):
    for lang in LANGUAGES:
        result = run(*args, "--lang", lang)
        assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, (lang, result.stderr)
    assert expected in run(*args).stderr


def test_a_comma_between_ends_stays_a_separator(run):
    # in the ends form a comma separates ends: 5,5 is two ends of 5 (a total of 10), not a tile
    result = run("score", "5,5", "--json")
    assert result.exit_code == 0 and '"total": 10' in result.stdout


def test_the_notation_error_points_at_the_wrong_mark():
    from fives_tutor.core.tiles import miswritten, parse_hand, parse_tile

    with pytest.raises(NotationError) as raised:
        parse_tile("5/5")
    assert raised.value.column == 2 and raised.value.params["example"] == "5|5"
    with pytest.raises(NotationError) as raised:
        parse_hand("6|6 4,1")
    assert raised.value.column == 5 and raised.value.params["example"] == "4|1"
    assert [miswritten(t) for t in ("5/5", "[5\\3]", "5:1", "5|5", "5//5", "55", "5/")] == \
        ["5|5", "5|3", "5|1", None, None, None, None]


# --- the players and commands at the table ---------------------------------------------------------------


def table_replies(run, tmp_path, lines: str) -> str:
    result = run("table", "--players", "Ana Maria,Ben", "--db", os.path.join(tmp_path, "g.sqlite3"), input=lines)
    return " ".join(result.stdout.split())


@pytest.mark.parametrize("line, expected", [
    ("Bne 6|4", "'Bne' is not a player of this match: did you mean Ben?"),
    ("ana mria 6|4", "'ana mria' is not a player of this match: did you mean Ana Maria?"),
    ("muggins Bne", "'Bne' is not a player of this match: did you mean Ben?"),
    ("drwa 2", "'drwa' is neither a tile such as 5|3 nor a command: did you mean draw?"),
    ("shet", "'shet' is neither a tile such as 5|3 nor a command: did you mean sheet?"),
    ("Ben 6/4", "bad tile '6/4': tiles are written 6|4"),
    ("Zed 6|4", "'Zed' is not a player of this match (Ana Maria, Ben)"),
])
def test_the_table_says_which_player_or_command_was_meant(run, tmp_path, line, expected):
    out = table_replies(run, tmp_path, f"6|6\n{line}\nquit\n")
    assert expected in out, out
    assert "Nothing was recorded" in out


def test_the_table_grammar_suggests_in_every_language():
    from fives_tutor.table.grammar import parse_command
    from fives_tutor.text.i18n import activate, localize_error

    with pytest.raises(NotationError) as raised:
        parse_command("Bne 6|4", ["Ana", "Ben"])
    assert raised.value.column == 1
    for lang in LANGUAGES:
        activate(lang)
        shown = localize_error(raised.value)
        assert "Ben" in shown and "\n" not in shown
    activate("en")


@pytest.mark.parametrize("reply", ["3/0", "3\\0", "3.0", "۳/۰"])
def test_a_lesson_answer_written_with_the_wrong_mark(reply):
    from fives_tutor import load_rules
    from fives_tutor.tutor.lessons import Step, reply_problem

    # the hand 3|0 5|5 6|1 on the ends 5 3: "3/0" means the tile 3|0, so the learner is told how to write it
    step = Step("", "", "5 3", "3|0 5|5 6|1", None, None, None, "best", None)
    problem = reply_problem(step, load_rules("dominos-cc"), reply)
    assert problem is not None and "tiles are written 3|0" in str(problem)
