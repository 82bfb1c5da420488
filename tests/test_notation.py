"""Notation: tiles, the ends form, the layout form and plays (``TILE@END``).

Expected values are worked by hand from the grammar of the "score" issue and the
layout form of DESIGN.md; each comment shows the arithmetic or the column count
(columns are 1-based: the first character of the input is column 1).
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from fives_tutor import (
    AmbiguousPlayError,
    EndKind,
    IllegalPlayError,
    Layout,
    NotationError,
    Position,
    Tile,
    load_rules,
    parse_hand,
    parse_play,
    parse_tile,
)


@pytest.fixture(scope="module")
def cc():
    return load_rules("dominos-cc")


@pytest.fixture(scope="module")
def pagat():
    return load_rules("pagat-all-fives")


def choices_of(error: AmbiguousPlayError) -> set[tuple[Tile, str]]:
    """The choices of an ambiguous play as (tile, end) pairs, whichever half is written first."""
    pairs = set()
    for choice in error.choices:
        tile, _, end = choice.partition("@")
        pairs.add((parse_tile(tile), end))
    return pairs


def ends_of(position: Position) -> list[tuple[EndKind, int]]:
    return [(e.kind, e.pips) for e in position.ends]


P, D, S, A = EndKind.PLAIN, EndKind.DOUBLE, EndKind.SPINNER, EndKind.ARM


# --------------------------------------------------------------------------- tiles

@pytest.mark.parametrize("text", [
    "5|3", "3|5", "5-3", "3-5", "[5|3]", "[3|5]", "[5-3]", " 5|3 ", "5 | 3",
    "۵|۳", "۳|۵", "۵-۳", "[۵|۳]",      # Persian digits
    "٥|٣", "٣-٥", "[٣|٥]",              # Arabic-Indic digits
])
def test_tile_forms(text):
    assert parse_tile(text) == Tile(5, 3)
    assert parse_tile(text, 6) == Tile(5, 3)


@pytest.mark.parametrize("text", ["53", "35", "[53]", "۵۳", "٣٥"])
@pytest.mark.parametrize("max_pips", [6, 9])
def test_two_digit_tile_up_to_double_nine(text, max_pips):
    assert parse_tile(text, max_pips) == Tile(5, 3)


@pytest.mark.parametrize("max_pips", [10, 12])
def test_two_digit_tile_refused_above_double_nine(max_pips):
    # in a double-twelve set "12" could be the half 12 or the tile 1|2
    with pytest.raises(NotationError):
        parse_tile("53", max_pips)


def test_tile_is_unordered_and_prints_heavier_half_first():
    assert Tile(3, 5) == Tile(5, 3)
    assert str(Tile(3, 5)) == "5|3"
    assert Tile(4, 4).is_double and not Tile(4, 1).is_double
    assert Tile(6, 4).pips == 10
    assert parse_tile("10|12") == Tile(12, 10)


@pytest.mark.parametrize("text, column", [
    ("5|x", 3),        # the x is the third character
    ("x|5", 1),
    ("5/3", 2),        # '/' is not a separator
    ("5|7", 3),        # 7 > 6: the second half, column 3
    ("7|5", 1),        # the first half
    ("[5|9]", 4),      # '[' '5' '|' then the 9 at column 4
])
def test_tile_errors_have_a_column(text, column):
    with pytest.raises(NotationError) as info:
        parse_tile(text, 6)
    assert info.value.column == column
    assert f"column {column}" in str(info.value)


def test_tile_above_the_set_names_the_pips():
    with pytest.raises(NotationError) as info:
        parse_tile("5|7", 6)
    assert "7" in str(info.value) and "0 to 6" in str(info.value)


def test_hand_and_a_tile_written_twice():
    assert parse_hand("2|5 6|4, 3|3") == (Tile(5, 2), Tile(6, 4), Tile(3, 3))
    with pytest.raises(NotationError) as info:
        parse_hand("2|5 6|4 5|2")          # 5|2 is 2|5 again, at column 9
    assert info.value.column == 9


# --------------------------------------------------------------------------- ends form

@pytest.mark.parametrize("text, ends, total", [
    ("5 3", [(P, 5), (P, 3)], 5 + 3),
    ("5,3", [(P, 5), (P, 3)], 5 + 3),
    ("5, 3", [(P, 5), (P, 3)], 5 + 3),
    ("  5   3  ", [(P, 5), (P, 3)], 5 + 3),
    ("6 4|4", [(P, 6), (D, 4)], 6 + 2 * 4),                       # 14
    ("6 4-4", [(P, 6), (D, 4)], 6 + 2 * 4),
    ("3 5|5*", [(P, 3), (S, 5)], 3 + 2 * 5),                      # 13
    ("3 5|5* 5* 5*", [(P, 3), (S, 5), (A, 5), (A, 5)], 3 + 10 + 0 + 0),
    ("3 5|5* 2 5*", [(P, 3), (S, 5), (P, 2), (A, 5)], 3 + 10 + 2 + 0),   # 15
    ("3 2 5* 5*", [(P, 3), (P, 2), (A, 5), (A, 5)], 3 + 2 + 0 + 0),
    ("6|6 5|5 4|4 5", [(D, 6), (D, 5), (D, 4), (P, 5)], 12 + 10 + 8 + 5),  # 35
    ("0 0", [(P, 0), (P, 0)], 0),
    ("۵ ۳", [(P, 5), (P, 3)], 8),                                  # Persian digits
    ("۶ ۴|۴", [(P, 6), (D, 4)], 14),
    ("٣ ٥|٥* ٢ ٥*", [(P, 3), (S, 5), (P, 2), (A, 5)], 15),        # Arabic-Indic digits
    ("12 11|11", [(P, 12), (D, 11)], 12 + 22),                     # no pack: up to double-twelve
])
def test_ends_form(text, ends, total):
    position = Position.parse(text)
    assert ends_of(position) == ends
    assert not position.lone
    assert position.total() == total


@pytest.mark.parametrize("text, canonical", [
    ("5,3", "5 3"),
    ("6 4-4", "6 4|4"),
    ("٣ ٥|٥* ٢ ٥*", "3 5|5* 2 5*"),
    ("6 [4|4]", "6 4|4"),
])
def test_ends_form_canonical_print(text, canonical):
    assert str(Position.parse(text)) == canonical
    assert Position.parse(canonical) == Position.parse(text)


@pytest.mark.parametrize("text, halves, total", [
    ("4|1", [4, 1], 4 + 1),
    ("1|4", [1, 4], 1 + 4),        # the halves as written
    ("5|3", [5, 3], 8),
    ("6-0", [6, 0], 6),
    ("۴|۱", [4, 1], 5),
])
def test_lone_lead(text, halves, total):
    position = Position.parse(text)
    assert position.lone
    assert [e.pips for e in position.ends] == halves
    assert position.total() == total
    assert str(position) == f"{halves[0]}|{halves[1]}"


def test_lone_double_lead(cc, pagat):
    # a lone double counts both halves once: 5|5 counts 10
    plain = Position.parse("5|5")
    assert plain.lone and ends_of(plain) == [(D, 5)] and plain.total() == 10
    assert str(plain) == "5|5"
    spinner = Position.parse("5|5*")
    assert spinner.lone and ends_of(spinner) == [(S, 5)] and spinner.total() == 10
    # under a pack with spinners a lone double lead is the first double: it spins
    for rules in (cc, pagat):
        assert Position.parse("5|5", rules) == spinner
        assert str(Position.parse("5|5", rules)) == "5|5*"


def test_empty_table():
    empty = Position.parse("-")
    assert empty.is_empty and empty == Position()
    assert empty.total() == 0
    assert str(empty) == "-"
    assert Position.parse("  -  ") == empty


@pytest.mark.parametrize("text, column", [
    ("5 x", 3),            # the token 'x' starts at column 3
    ("5 3 x7", 5),
    ("5,3,?", 5),
    ("5 3 5|5**", 5),      # '5|5**' is no end
    ("5 3|", 3),
    ("5 4|3", 3),          # a non-double at an end: '4|3' at column 3
    ("4|3 5", 1),
    ("6 5|4*", 3),         # only a double can be a spinner
    ("4|1 2", 1),          # a lead tile with something else is not a lone lead
    ("- 5", 1),            # '-' not alone
    ("5 -", 3),
    ("5 - 3", 3),
    ("- -", 1),
    ("5", 1),              # a single plain end is no layout
    ("5*", 1),
    ("13 5", 1),           # 13 is more than double-twelve has
    ("5 3|13", 3),
])
def test_ends_form_errors_have_a_column(text, column):
    with pytest.raises(NotationError) as info:
        Position.parse(text)
    assert info.value.column == column
    assert info.value.text == text


def test_ends_form_empty_text_is_an_error():
    for text in ("", "   ", ",,"):
        with pytest.raises(NotationError):
            Position.parse(text)


@pytest.mark.parametrize("text, column", [
    ("5 7", 3),            # 7 pips: the double-six set has 0 to 6
    ("7 5", 1),
    ("5 3 7|7", 5),
    ("6 5|5* 5* 9*", 11),  # '6' c1, '5|5*' c3, '5*' c8, '9*' c11
    ("9|1", 1),
])
def test_pips_above_the_set(cc, text, column):
    with pytest.raises(NotationError) as info:
        Position.parse(text, cc)
    assert info.value.column == column
    assert "0 to 6" in str(info.value)


def test_pips_above_the_set_are_fine_without_a_pack():
    assert Position.parse("5 7").total() == 12


@pytest.mark.parametrize("pack, text", [
    ("dominos-cc", "5|5* 6|6* 3"),      # only the first double spins
    ("dominos-cc", "5|5 2 5|5"),        # the double 5|5 is shown twice
    ("dominos-cc", "3 5* 5* 5*"),       # a spinner has only two empty arms
    ("pagat-all-fives", "3 5|5* 5*"),   # arms open only after both sides hold a tile
    ("pagat-all-fives", "5* 3 5|5*"),
])
def test_ends_form_the_pack_cannot_produce(pack, text):
    rules = load_rules(pack)
    Position.parse(text)        # the grammar alone accepts it
    with pytest.raises(NotationError) as info:
        Position.parse(text, rules)
    assert info.value.column is not None and 1 <= info.value.column <= len(text)


# --------------------------------------------------------------------------- the examples of the issue

def test_issue_example_pagat(pagat):
    # pagat: - then 5|5 gives 5|5* (10 points)
    play = parse_play("5|5", Position.parse("-", pagat), pagat)
    assert str(play.after) == "5|5*" and play.total == 10 and play.points == 10
    # then 5|3 gives 3 5|5*: 3 + 2*5 = 13, not a multiple of five
    play = parse_play("5|3", play.after, pagat)
    assert str(play.after) == "3 5|5*" and play.total == 13 and play.points == 0
    # then 5|2 (it fits only the spinner's empty side) gives 3 2 5* 5*: 3 + 2 + 0 + 0 = 5
    play = parse_play("5|2", play.after, pagat)
    assert str(play.after) == "3 2 5* 5*" and play.total == 5 and play.points == 5


def test_issue_example_dominos_cc(cc):
    # dominos-cc: the spinner's ends open at once: 5|5* then 5|3 gives 3 5|5* 5* 5* (3 + 10 = 13)
    play = parse_play("5|3", Position.parse("5|5*", cc), cc)
    assert str(play.after) == "3 5|5* 5* 5*" and play.total == 13 and play.points == 0
    # then 5|2@5* gives 3 5|5* 2 5*: 3 + 10 + 2 + 0 = 15
    play = parse_play("5|2@5*", play.after, cc)
    assert str(play.after) == "3 5|5* 2 5*" and play.total == 15 and play.points == 15


def test_issue_examples_on_the_layout_form(cc, pagat):
    layout = parse_play("5|5", Layout(), pagat).layout
    assert str(layout) == "5|5*"
    layout = parse_play("5|3", layout, pagat).layout
    assert str(layout) == "3|5 5|5*"                 # the double lead stays at the right
    play = parse_play("5|2", layout, pagat)
    assert str(play.layout) == "3|5 5|5* 5|2"
    assert str(play.after) == "3 2 5* 5*" and play.points == 5
    layout = parse_play("5|3", Layout.parse("5|5*", cc), cc).layout
    assert str(layout) == "3|5 5|5*"
    play = parse_play("5|2@5*", layout, cc)
    assert str(play.layout) == "3|5 5|5*(5|2)"
    assert str(play.after) == "3 5|5* 2 5*" and play.total == 15 and play.points == 15


# --------------------------------------------------------------------------- plays

def test_play_at_an_end(cc):
    play = parse_play("3|0@3", Position.parse("5 3", cc), cc)
    assert play.tile == Tile(3, 0)
    assert play.end == "3"
    assert play.notation == "3|0@3"
    assert str(play.after) == "5 0"             # the 3 is replaced in place by the 0
    assert play.total == 5 and play.points == 5


@pytest.mark.parametrize("text", ["3|0@3", "0|3@3", "3-0@3", "[3|0]@3", "30@3", "03@3", "۳|۰@۳", "٣|٠@٣", " 3|0 @ 3 "])
def test_play_forms(cc, text):
    play = parse_play(text, Position.parse("5 3", cc), cc)
    assert play.tile == Tile(3, 0) and str(play.after) == "5 0" and play.points == 5


def test_play_without_end_when_it_fits_one_end(cc):
    play = parse_play("3|0", Position.parse("5 3", cc), cc)
    assert str(play.after) == "5 0"
    assert parse_play(play.notation, Position.parse("5 3", cc), cc) == play


def test_play_without_end_on_equal_ends_is_not_ambiguous(cc):
    # both ends are a plain 5: one kind of end, so no @ is needed; 2 + 5 = 7
    play = parse_play("5|2", Position.parse("5 5", cc), cc)
    assert Counter(str(e) for e in play.after.ends) == Counter(["2", "5"])
    assert play.total == 7 and play.points == 0


def test_play_on_a_double_and_on_a_spinner_end(cc, pagat):
    # 4|3 on the crosswise 4|4: 3 + the 1|1* spinner (2) = 5
    play = parse_play("4|3@4|4", Position.parse("4|4 1|1*", pagat), pagat)
    assert str(play.after) == "3 1|1*" and play.total == 5
    # dominos-cc: 6|2 on the arm of 6|6*: 1 + 12 + 2 + 0 = 15
    play = parse_play("6|2@6*", Position.parse("1 6|6* 6* 6*", cc), cc)
    assert str(play.after) == "1 6|6* 2 6*" and play.total == 15 and play.points == 15


def test_plays_on_a_lone_lead(cc, pagat):
    # a tile on a lone lead extends the line to the right: 4|1, 1|3 on the 1 -> 4 3 (7)
    play = parse_play("1|3@1", Position.parse("4|1", cc), cc)
    assert str(play.after) == "4 3" and play.total == 7 and play.end == "1"
    # 4|6 on the 4 -> the 1 stays, the 6 goes right: 1 6 (7)
    play = parse_play("4|6@4", Position.parse("4|1", cc), cc)
    assert str(play.after) == "1 6" and play.total == 7
    # without @ a tile fitting only one side goes there
    assert str(parse_play("1|3", Position.parse("4|1", cc), cc).after) == "4 3"
    # dominos-cc: 1|1 on the 1 of 4|1 becomes the spinner, its ends open at once: 4 + 2 = 6
    play = parse_play("1|1@1", Position.parse("4|1", cc), cc)
    assert str(play.after) == "4 1|1* 1* 1*" and play.total == 6
    # pagat: the lone spinner takes 5|3 on a side and stays at the right: 3 + 10 = 13
    play = parse_play("5|3@5", Position.parse("5|5*", pagat), pagat)
    assert str(play.after) == "3 5|5*" and play.total == 13
    play = parse_play("5|3@5|5*", Position.parse("5|5*", pagat), pagat)
    assert str(play.after) == "3 5|5*"


def test_lead_on_the_empty_table(cc, pagat):
    play = parse_play("1|4", Position.parse("-", pagat), pagat)
    assert play.after.lone and str(play.after) == "1|4"    # halves as written
    assert play.total == 5 and play.points == 5 and play.notation == "1|4"
    play = parse_play("4|1", Position(), pagat)
    assert str(play.after) == "4|1"
    play = parse_play("6|6", Position(), cc)
    assert str(play.after) == "6|6*" and play.total == 12 and play.points == 0


def test_ambiguous_play_lists_the_choices(cc):
    with pytest.raises(AmbiguousPlayError) as info:
        parse_play("5|3", Position.parse("5 3", cc), cc)
    assert choices_of(info.value) == {(Tile(5, 3), "5"), (Tile(5, 3), "3")}
    for choice in info.value.choices:
        assert choice in str(info.value)
    # dominos-cc 3 5|5* 5* 5*: 5|2 fits the spinner's side and its empty arms
    with pytest.raises(AmbiguousPlayError) as info:
        parse_play("5|2", Position.parse("3 5|5* 5* 5*", cc), cc)
    assert choices_of(info.value) == {(Tile(5, 2), "5|5*"), (Tile(5, 2), "5*")}
    # each listed choice is itself a valid play
    for choice in info.value.choices:
        parse_play(choice, Position.parse("3 5|5* 5* 5*", cc), cc)


def test_ambiguous_play_is_an_illegal_play():
    assert issubclass(AmbiguousPlayError, IllegalPlayError)


@pytest.mark.parametrize("pos, play", [
    ("5 3", "6|6"),        # fits no end
    ("5 3", "6|4"),
    ("5 3", "6|6@5"),      # no 6 to match the 5
    ("5 3", "3|0@5"),
    ("5 3", "3|0@4"),      # there is no end 4
    ("5 3", "3|0@3|3"),    # there is no double 3|3
    ("3 5|5*", "5|2@5*"),  # dominos-cc shows arms; this position has none
    ("3 5|5*", "5|2@5|5"), # END is written exactly: the end is the spinner 5|5*
    ("3 5|5", "5|2@5|5*"),  # ... and a crosswise 5|5 is not the spinner 5|5*
])
def test_a_tile_that_does_not_fit(cc, pos, play):
    with pytest.raises(IllegalPlayError) as info:
        parse_play(play, Position.parse(pos), cc)
    assert not isinstance(info.value, AmbiguousPlayError)


@pytest.mark.parametrize("pos, play", [
    ("6 4|4", "4|4"),
    ("6 4|4", "4|4@4|4"),
    ("3 5|5* 2 5*", "5|5@5*"),
    ("4|1", "1|4"),         # the lone lead
    ("3 1|1*", "1|1"),
])
def test_a_tile_already_on_the_table(cc, pos, play):
    with pytest.raises(IllegalPlayError) as info:
        parse_play(play, Position.parse(pos), cc)
    assert not isinstance(info.value, AmbiguousPlayError)
    assert re.search(r"already|on the table", str(info.value)), str(info.value)


def test_a_tile_already_on_the_table_of_a_layout(cc):
    layout = Layout.parse("1|3 3|5 5|5*(5|6 6|2)(5|4) 5|0", cc)
    for play in ("3|1", "6|2@2", "2|6", "4|5@4"):
        with pytest.raises(IllegalPlayError) as info:
            parse_play(play, layout, cc)
        assert re.search(r"already|on the table", str(info.value)), str(info.value)


@pytest.mark.parametrize("play, column", [
    ("3|x@3", 3),
    ("x@3", 1),
    ("3|9@3", 3),          # 9 pips is more than double-six
])
def test_bad_tile_in_a_play_has_a_column(cc, play, column):
    with pytest.raises(NotationError) as info:
        parse_play(play, Position.parse("5 3", cc), cc)
    assert info.value.column == column


# --------------------------------------------------------------------------- layout form

EXAMPLE = "1|3 3|5 5|5*(5|6 6|2)(5|4) 5|0"


@pytest.mark.parametrize("pack", ["dominos-cc", "pagat-all-fives"])
def test_layout_form_example(pack):
    rules = load_rules(pack)
    layout = Layout.parse(EXAMPLE, rules)
    # the line runs 1|3 3|5 5|5* 5|0; the spinner's arms are 5|6 6|2 and 5|4.
    # open ends: the line's left 1 and right 0, then the arms' 2 and 4
    # (both sides of the spinner hold a tile, so the arms are open under pagat too)
    position = layout.position(rules)
    assert str(position) == "1 0 2 4"
    assert position.total() == 1 + 0 + 2 + 4 == 7
    assert Counter(layout.tiles()) == Counter(
        [Tile(1, 3), Tile(3, 5), Tile(5, 5), Tile(5, 6), Tile(6, 2), Tile(5, 4), Tile(5, 0)])
    assert len(layout.tiles()) == 7
    assert layout.has_double()
    assert str(layout) == EXAMPLE
    assert Layout.parse(str(layout), rules) == layout
    spinner = layout.line[2]
    assert spinner.spinner and spinner.tile == Tile(5, 5)
    assert [[str(p) for p in arm] for arm in spinner.arms] == [["5|6", "6|2"], ["5|4"]]


@pytest.mark.parametrize("text", [
    "3|1 5|3 5|5*(6|5 2|6)(4|5) 0|5",          # halves in any order: oriented when read
    "1|3, 3|5, 5|5*(5|6, 6|2)(5|4), 5|0",      # commas
    "1|3 3|5 5|5* (5|6 6|2) (5|4) 5|0",        # spaces before an arm
    "1|3 3|5 5|5(5|6 6|2)(5|4) 5|0",           # the only double needs no star
    "13 35 55*(56 62)(54) 50",                 # two-digit tiles (double-six)
    "1-3 [3|5] 5-5*(5|6 6-2)(5|4) [5-0]",
    "۱|۳ ۳|۵ ۵|۵*(۵|۶ ۶|۲)(۵|۴) ۵|۰",         # Persian digits
    "١|٣ ٣|٥ ٥|٥*(٥|٦ ٦|٢)(٥|٤) ٥|٠",         # Arabic-Indic digits
])
def test_layout_form_canonical_print(cc, text):
    layout = Layout.parse(text, cc)
    assert str(layout) == EXAMPLE
    assert layout == Layout.parse(EXAMPLE, cc)


def test_layout_form_small_cases(cc, pagat):
    assert Layout.parse("-", cc) == Layout() and str(Layout()) == "-"
    assert Layout().position(cc).is_empty
    lone = Layout.parse("4|1", cc)
    assert str(lone) == "4|1" and str(lone.position(cc)) == "4|1" and lone.position(cc).total() == 5
    # pagat: 4|1 1|1* 1|2: both sides of the spinner hold a tile, its two ends are open: 4 + 2 + 0 + 0
    layout = Layout.parse("4|1 1|1* 1|2", pagat)
    assert str(layout.position(pagat)) == "4 2 1* 1*" and layout.position(pagat).total() == 6
    # 1|5 5|5*: a side of the spinner still empty; pagat: 1 + 10 = 11, arms closed
    assert str(Layout.parse("1|5 5|5*", pagat).position(pagat)) == "1 5|5*"
    # dominos-cc: arms open at once: 1 + 10 + 0 + 0 = 11
    position = Layout.parse("1|5 5|5*", cc).position(cc)
    assert str(position) == "1 5|5* 5* 5*" and position.total() == 11
    # dominos-cc: a tile on an arm before both sides: 1 + 10 + 3 + 0 = 14
    position = Layout.parse("1|5 5|5*(5|3)", cc).position(cc)
    assert str(position) == "1 5|5* 3 5*" and position.total() == 14


def test_largest_score_as_a_layout(cc, pagat):
    # 2|2 spins; its four arms end in 6|6, 5|5, 4|4 and a 5: 12 + 5 + 10 + 8 = 35
    text = "6|6 6|2 2|2*(2|5 5|5)(2|4 4|4) 2|0 0|5"
    for rules in (cc, pagat):
        layout = Layout.parse(text, rules)
        assert str(layout) == text
        position = layout.position(rules)
        assert Counter(map(str, position.ends)) == Counter(["6|6", "5", "5|5", "4|4"])
        assert position.total() == 35


def test_play_on_a_layout(cc):
    layout = Layout.parse(EXAMPLE, cc)
    play = parse_play("2|2@2", layout, cc)
    # the 2|2 (not a spinner: 5|5 came first) stands crosswise at the end of the first arm
    assert str(play.layout) == "1|3 3|5 5|5*(5|6 6|2 2|2)(5|4) 5|0"
    # 1 + 0 + 2*2 + 4 = 9
    assert str(play.after) == "1 0 2|2 4" and play.total == 9 and play.points == 0
    play = parse_play("0|4@0", layout, cc)
    # 1 + 4 + 2 + 4 = 11
    assert str(play.layout) == "1|3 3|5 5|5*(5|6 6|2)(5|4) 5|0 0|4" and play.total == 11
    play = parse_play("1|1@1", layout, cc)
    # 2 + 0 + 2 + 4 = 8
    assert str(play.layout) == "1|1 1|3 3|5 5|5*(5|6 6|2)(5|4) 5|0" and play.total == 8


def test_pagat_worked_hand_on_the_layout_form(pagat):
    """The pagat worked hand (RULES.md) played on the layout form, one play a line."""
    steps = [
        # play, ends after, total
        ("1|4", "1|4", 5),
        ("1|1@1", "4 1|1*", 4 + 2),
        ("4|4@4", "4|4 1|1*", 8 + 2),
        ("4|3@4|4", "3 1|1*", 3 + 2),
        ("2|1@1|1*", "3 2 1* 1*", 3 + 2),
        ("1|5@1*", "3 2 5 1*", 3 + 2 + 5),
        ("5|5@5", "3 2 5|5 1*", 3 + 2 + 10),
        ("5|0@5|5", "3 2 0 1*", 3 + 2 + 0),
        ("1|3@1*", "3 2 0 3", 3 + 2 + 0 + 3),
    ]
    layout = Layout()
    for text, ends, total in steps:
        play = parse_play(text, layout, pagat)
        layout = play.layout
        assert str(play.after) == ends, text
        assert play.total == total, text
        assert play.points == (total if total % 5 == 0 else 0), text
    # the line 3|4 4|4 4|1 1|1* 1|2 with the spinner's arms 1|5 5|5 5|0 and 1|3
    assert str(layout) == "3|4 4|4 4|1 1|1*(1|5 5|5 5|0)(1|3) 1|2"
    assert len(layout.tiles()) == 9
    assert Layout.parse(str(layout), pagat) == layout


@pytest.mark.parametrize("pack, text, column, reason", [
    # reason: a pattern the message must match
    # a tile twice: the second 5|3 starts at column 9
    ("dominos-cc", "1|3 3|5 5|3", 9, r"twice|two times|more than once"),
    # ... or in an arm: '1|3 3|5 5|5*(' is 13 characters, the 5|3 at column 14
    ("dominos-cc", "1|3 3|5 5|5*(5|3)", 14, r"twice|two times|more than once"),
    # halves that do not touch: 4|5 after 1|3, column 5
    ("dominos-cc", "1|3 4|5", 5, r"touch|match"),
    ("dominos-cc", "1|3 3|5 5|5*(6|2) 5|0", 14, r"touch|match"),
    ("dominos-cc", "1|3 3|5 5|5* 4|0", 14, r"touch|match"),
    # a branch on a non-spinner: the '(' after 3|5 is column 8
    ("dominos-cc", "1|3 3|5(5|6)", 8, r"spinner"),
    # ... or on a double that is not the spinner: the '(' after 3|3 is column 13
    ("dominos-cc", "5|5* 5|3 3|3(3|1)", 13, r"spinner"),
    # more spinners than the pack allows: the second '*' double 3|3* at column 10
    ("dominos-cc", "5|5* 5|3 3|3*", 10, r"one spinner|only the first double|first double"),
    ("pagat-all-fives", "5|5* 5|3 3|3*", 10, r"one spinner|only the first double|first double"),
    # a pip outside the set: the 7 of 3|7 is column 7
    ("dominos-cc", "1|3 3|7", 7, r"0 to 6|more than"),
    ("dominos-cc", "9|1", 1, r"0 to 6|more than"),
    # arms before both sides under pagat: the '(' is column 9
    ("pagat-all-fives", "1|5 5|5*(5|3)", 9, r"both"),
    ("pagat-all-fives", "5|5*(5|3) 5|1", 5, r"both"),
    # a tile on a lone spinner goes on its side, not on an arm
    ("dominos-cc", "5|5*(5|3)", 5, r"side"),
    # '*' on a tile that is not a double: the '*' is column 8
    ("dominos-cc", "1|3 3|5*", 8, r"double"),
    # a spinner has two ends: a third arm, its '(' at column 23, is refused
    ("dominos-cc", "1|3 3|5 5|5*(5|6)(5|4)(5|2) 5|0", 23, r"two arms|two ends|at most two"),
    # brackets
    ("dominos-cc", "1|3 3|5)", 8, r"\)"),
    ("dominos-cc", "(5|3)", 1, r"\("),
    ("dominos-cc", "1|3 x|5", 5, r"tile"),
])
def test_layout_form_refusals(pack, text, column, reason):
    with pytest.raises(NotationError) as info:
        Layout.parse(text, load_rules(pack))
    assert info.value.column == column
    # the message says why (the wording may change; the reason may not)
    assert re.search(reason, str(info.value), re.IGNORECASE), str(info.value)


def test_layout_arms_before_both_sides_are_fine_under_dominos_cc(cc):
    Layout.parse("1|5 5|5*(5|3)", cc)
    Layout.parse("5|5*(5|3) 5|1", cc)


def test_layout_empty_text_is_an_error(cc):
    with pytest.raises(NotationError):
        Layout.parse("", cc)


# --------------------------------------------------------------------------- a second double on the ends form

def covered_spinner_plays():
    """5|5 leads and spins; 5|3 and 5|2 cover its sides, 5|1 and 5|0 its two ends."""
    return ["5|5", "5|3", "5|2@5|5*", "5|1@5*", "5|0@5*"]


@pytest.mark.parametrize("pack", ["dominos-cc", "pagat-all-fives"])
def test_spinner_covered_on_both_forms(pack):
    rules = load_rules(pack)
    position, layout = Position(), Layout()
    for text in covered_spinner_plays():
        position = parse_play(text, position, rules).after
        layout = parse_play(text, layout, rules).layout
    # 3 on one side, 2 on the other, 1 and 0 on the ends: 3 + 2 + 1 + 0 = 6
    assert str(position) == "3 2 1 0" and position.total() == 6
    assert str(layout) == "3|5 5|5*(5|1)(5|0) 5|2"
    assert str(layout.position(rules)) == "3 2 1 0"


@pytest.mark.parametrize("pack", ["dominos-cc", "pagat-all-fives"])
def test_a_second_double_does_not_spin_on_the_layout_form(pack):
    rules = load_rules(pack)
    layout = Layout()
    for text in covered_spinner_plays():
        layout = parse_play(text, layout, rules).layout
    # only the first double (5|5) spins: 3|3 stands crosswise: 6 + 2 + 1 + 0 = 9
    play = parse_play("3|3@3", layout, rules)
    assert str(play.layout) == "3|3 3|5 5|5*(5|1)(5|0) 5|2"
    assert str(play.after) == "3|3 2 1 0" and play.total == 9


@pytest.mark.parametrize("pack", ["dominos-cc", "pagat-all-fives"])
def test_a_second_double_does_not_spin_on_the_ends_form(pack):
    rules = load_rules(pack)
    position = Position()
    for text in covered_spinner_plays():
        position = parse_play(text, position, rules).after
    # 3 2 1 0 has four open ends: only a spinner makes more than two, so 5|5 has been
    # played and, under 'only the first double spins', 3|3 stands crosswise: 6 + 2 + 1 + 0 = 9
    play = parse_play("3|3@3", position, rules)
    assert play.total == 9
    assert str(play.after) == "3|3 2 1 0"


def test_no_arm_on_a_second_double_on_the_ends_form(cc):
    # dominos-cc: after 3|3@3 on 3 2 1 0 the ends are 3|3 2 1 0; there is no 3* to play on
    play = parse_play("3|3@3", Position.parse("3 2 1 0", cc), cc)
    with pytest.raises(IllegalPlayError):
        parse_play("3|4@3*", play.after, cc)


@pytest.mark.parametrize("text, column, meant", [
    ("66", 1, "6|6"),      # the double six with its bar left out
    ("5 64", 3, "6|4"),    # two numbers of the set run together
    ("66*", 1, "6|6*"),    # the starred double keeps its star
    ("3 64*", 3, "6|4"),   # a star marks a spinner, a double: 6|4 gets none
])
def test_an_end_past_the_set_that_is_two_numbers_of_it_says_how_tiles_are_written(cc, text, column, meant):
    with pytest.raises(NotationError) as info:
        Position.parse(text, cc)
    assert info.value.column == column
    assert re.search(rf"not an open end: tiles are written {re.escape(meant)}(?![*|0-9])", str(info.value))


def test_an_end_past_the_set_with_a_number_outside_it_gets_no_tile_to_try(cc):
    # 77: neither 7 is a number of double-six, so no tile is offered
    with pytest.raises(NotationError) as info:
        Position.parse("77", cc)
    assert "more than this set has" in str(info.value) and "tiles are written" not in str(info.value)
