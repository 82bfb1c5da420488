"""The board picture as a table lies: doubles crosswise, the line of play turned at the
terminal's edges, every row within the width, every tile drawn once, in plain and
Unicode tiles. Expected pictures are worked by hand from the layout."""

from __future__ import annotations

import re

import pytest

from fives_tutor import Layout, load_rules
from fives_tutor.render.board_art import draw
from fives_tutor.text.i18n import activate
from fives_tutor.text.width import width

#: a spinner with four arms and a long line of play (24 of the 28 tiles): left of the
#: spinner 1|0 0|3 3|6 6|4 4|1 1|1 1|3 3|5, its arms 5|6 6|6 6|2 2|2 2|4 (up) and
#: 5|4 4|4 4|0 (down), right of it 5|0 0|0 0|2 2|3 3|3 3|4
FOUR_ARMS = "1|0 0|3 3|6 6|4 4|1 1|1 1|3 3|5 5|5*(5|6 6|6 6|2 2|2 2|4)(5|4 4|4 4|0) 5|0 0|0 0|2 2|3 3|3 3|4"
#: under muggins (no spinner) a line of 19 tiles, five of them doubles
LONG_LINE = "6|5 5|4 4|3 3|2 2|1 1|0 0|0 0|2 2|2 2|6 6|6 6|1 1|1 1|4 4|4 4|0 0|3 3|3 3|5"
_HORIZONTAL, _VERTICAL = 0x1F031, 0x1F063


def read_plain(picture: str) -> list[tuple[int, int, str]]:
    """The tiles of a plain picture as ``(a, b, "across" | "upright")``: ``[a|b]`` is a
    tile across; ``[a]`` over ``[b]`` in the same column, a tile standing (a column of
    them read two rows a tile, from the top)."""
    rows = picture.split("\n")
    tiles = [(int(m.group(1)), int(m.group(2)), "across")
             for row in rows for m in re.finditer(r"\[(\d+)\|(\d+)\*?\]", row)]
    halves = {(r, m.start()): int(m.group(1)) for r, row in enumerate(rows) for m in re.finditer(r"\[(\d+)\]", row)}
    for (r, c) in sorted(halves):
        if (r, c) not in halves:
            continue
        top = halves.pop((r, c))
        assert (r + 1, c) in halves, f"half tile alone at row {r}, column {c}:\n{picture}"
        tiles.append((top, halves.pop((r + 1, c)), "upright"))
    return tiles


def read_unicode(picture: str) -> list[tuple[int, int, str]]:
    tiles = []
    for char in picture:
        code = ord(char)
        if _HORIZONTAL <= code < _HORIZONTAL + 49:
            tiles.append(((code - _HORIZONTAL) // 7, (code - _HORIZONTAL) % 7, "across"))
        elif _VERTICAL <= code < _VERTICAL + 49:
            tiles.append(((code - _VERTICAL) // 7, (code - _VERTICAL) % 7, "upright"))
    return tiles


def same_tiles(found, layout) -> bool:
    return sorted(tuple(sorted((a, b))) for a, b, _how in found) == sorted(
        tuple(sorted((t.high, t.low))) for t in layout.tiles())


@pytest.mark.parametrize("columns", [40, 60, 80, 120])
@pytest.mark.parametrize("style", ["plain", "unicode"])
@pytest.mark.parametrize("pack, text", [("dominos-cc", FOUR_ARMS), ("muggins", LONG_LINE)])
def test_every_row_fits_and_every_tile_is_drawn_once(columns, style, pack, text):
    layout = Layout.parse(text, load_rules(pack))
    picture = draw(layout, style, columns)
    assert all(width(row) <= columns for row in picture.split("\n")), picture
    found = read_plain(picture) if style == "plain" else read_unicode(picture)
    assert same_tiles(found, layout), picture


@pytest.mark.parametrize("style", ["plain", "unicode"])
def test_doubles_stand_across_the_line_and_lie_across_the_arms(style):
    # at 120 columns the line of play fits one row: its doubles 1|1, the spinner 5|5, 0|0
    # and 3|3 stand upright; the doubles of the arms (6|6, 2|2 up, 4|4 down) lie across;
    # every other tile lies along its line: across in the line, upright in an arm
    layout = Layout.parse(FOUR_ARMS, load_rules("dominos-cc"))
    picture = draw(layout, style, 120)
    found = read_plain(picture) if style == "plain" else read_unicode(picture)
    arms = {(5, 6), (6, 2), (5, 4), (4, 0), (2, 4), (6, 6), (2, 2), (4, 4)}
    for a, b, how in found:
        in_arm = (a, b) in arms or (b, a) in arms
        double = a == b
        assert how == ("across" if in_arm == double else "upright"), (a, b, how, picture)


def test_a_line_too_long_turns_down_at_the_right_edge_worked_by_hand():
    # muggins: no spinner. Row 0 from the left edge: six tiles across, 6 columns apart
    # ([6|5] at 0 ... [1|0] at 30), then 0|0 standing at 36-38 (rows 0 and 1). [0|2] would
    # need columns 40-44: the line turns down at its end, 0|2 standing in columns 36-38
    # below the double (rows 2 and 3).
    layout = Layout.parse("6|5 5|4 4|3 3|2 2|1 1|0 0|0 0|2", load_rules("muggins"))
    assert draw(layout, "plain", 40) == (
        "[6|5] [5|4] [4|3] [3|2] [2|1] [1|0] [0]\n"
        "                                    [0]\n"
        "                                    [0]\n"
        "                                    [2]")


def test_the_line_snakes_back_below_and_turns_again_worked_by_hand():
    # 40 columns, muggins: row 0 as above; 0|2 turns down (rows 2-3, columns 36-38); then
    # the line runs back leftwards on row 4 from column 38: 2|2 standing (36-38, rows 4-5),
    # 2|6 across as [6|2] (its 2 touches the double), 6|6 standing, [1|6], 1|1 standing,
    # [4|1], 4|4 standing, [0|4] at the left edge (0-4); 0|3 turns down at the left edge
    # (rows 6-7, columns 0-2); the line runs right on row 8: 3|3 standing, then [3|5].
    layout = Layout.parse(LONG_LINE, load_rules("muggins"))
    assert draw(layout, "plain", 40) == (
        "[6|5] [5|4] [4|3] [3|2] [2|1] [1|0] [0]\n"
        "                                    [0]\n"
        "                                    [0]\n"
        "                                    [2]\n"
        "[0|4] [4] [4|1] [1] [1|6] [6] [6|2] [2]\n"
        "      [4]       [1]       [6]       [2]\n"
        "[0]\n"
        "[3]\n"
        "[3] [3|5]\n"
        "[3]")


def test_the_spinners_arms_run_up_and_down_worked_by_hand():
    # 3|6 left of the spinner 6|6 (standing, its star beside it); 6|5 played on its first
    # arm runs up, written outward: 5 on top; 6|4 on the second arm runs down, 6 on top
    layout = Layout.parse("3|6 6|6*(6|5)(6|4)", load_rules("dominos-cc"))
    assert draw(layout, "plain", 80) == (
        "      [5]\n"
        "      [6]\n"
        "[3|6] [6]*\n"
        "      [6]\n"
        "      [6]\n"
        "      [4]")


def test_in_persian_the_picture_has_persian_digits_and_stays_left_to_right():
    activate("fa")
    picture = draw(Layout.parse("3|6 6|6*(6|5)", load_rules("dominos-cc")), "plain", 80)
    rows = picture.split("\n")
    assert all(row.startswith("\u200e\u202a") and row.endswith("\u202c") for row in rows), rows
    assert "[۳|۶]" in picture and not re.search("[0-9]", picture)


def random_layout(rules, rng, tiles: int) -> Layout:
    """A layout of up to ``tiles`` tiles played at random on open ends, as the rules allow."""
    from fives_tutor import domino_set

    layout = Layout()
    unplayed = set(domino_set(rules.max_pips))
    for _ in range(tiles):
        if not layout.line:
            tile = rng.choice(sorted(unplayed))
            layout, _ = layout.place(tile, None, rules), unplayed.discard(tile)
            continue
        options = [(tile, found.anchor) for found in layout.open_ends(rules) for tile in sorted(unplayed)
                   if found.end.pips in (tile.high, tile.low)]
        if not options:
            break
        tile, anchor = rng.choice(options)
        layout = layout.place(tile, anchor, rules)
        unplayed.discard(tile)
    return layout


@pytest.mark.parametrize("pack", ["dominos-cc", "pagat-all-fives", "five-up", "muggins"])
def test_random_layouts_fit_every_width_and_show_every_tile(pack):
    import random

    rules = load_rules(pack)
    rng = random.Random(pack)
    for _ in range(60):
        layout = random_layout(rules, rng, rng.randint(1, 28))
        for columns in (40, 57, 80, 120):
            for style in ("plain", "unicode"):
                picture = draw(layout, style, columns)
                assert all(width(row) <= columns for row in picture.split("\n")), (str(layout), picture)
                found = read_plain(picture) if style == "plain" else read_unicode(picture)
                # drawn: the line of play and the first spinner's arms; the branches of other
                # spinners are written below in the layout form
                first = next((node for node in layout.line if node.spinner), None)
                drawn = list(layout.line) + ([tile for arm in first.arms for tile in arm] if first else [])
                assert sorted(tuple(sorted((a, b))) for a, b, _how in found) == sorted(
                    tuple(sorted((node.near, node.far))) for node in drawn), (str(layout), columns, picture)
                branches = [node for node in drawn if node.arms and node is not first]
                assert all(str(node) in picture.replace("\n", " ") or str(node).split("(")[0] in picture
                           for node in branches)
