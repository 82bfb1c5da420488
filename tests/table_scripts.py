"""Whole matches for the scorekeeper tests, one command line a step, every value worked
by hand from the rules (docs: /work/shared/RULES.md), never copied from the program.

Each :class:`Step` is a line typed at the table, a fragment of the reply that
acknowledges it, the journal event it must write (``None`` for a line that writes
nothing; every pip answer is saved as it is given) and what the table looks like
after it: the side scores, the open ends (ends form), each player's tile count, the
boneyard, whose turn it is (``None`` while the keeper waits for the pips that end a
hand) and the hand number.

The keeper sees only the table, never a hand, so a script states only what a table
can see; the pips given at the end of a hand are what the players would count.

Counting (every pack here): add the open ends; a plain end counts its pips, a
crosswise double and a spinner whose side is still empty count both halves, an empty
spinner arm (``N*``) counts nothing; a multiple of five scores itself.
"""

from __future__ import annotations

from typing import NamedTuple


class Step(NamedTuple):
    line: str
    ack: str | None
    event: dict | None
    scores: tuple
    ends: str
    counts: tuple
    boneyard: int
    turn: int | None
    hand: int


def play(player: int, tile: str, end: str = "", **extra) -> dict:
    event = {"type": "play", "player": player, "tile": tile, "end": end}
    event.update(extra)
    return event


def draw(player: int, count: int) -> dict:
    return {"type": "draw", "player": player, "count": count}


def pass_(player: int) -> dict:
    return {"type": "pass", "player": player}


def pips(player: int, count: int, tiles: str | None = None) -> dict:
    """One player's remaining pips, given while others are still to be asked (saved at once),
    with the tiles when they were given as tiles."""
    event = {"type": "pips", "player": player, "pips": count}
    if tiles is not None:
        event["tiles"] = tiles
    return event


def hand_end(*pips: int) -> dict:
    return {"type": "hand_end", "pips": list(pips)}


def write_pack(folder, text: str, name: str) -> str:
    """Write a house pack into ``folder`` and return its path."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def script_input(steps, extra: tuple[str, ...] = ()) -> str:
    """The standard input that types ``steps`` (then ``extra`` lines)."""
    return "".join(step.line + "\n" for step in steps) + "".join(line + "\n" for line in extra)


def events_of(steps) -> list[dict]:
    """The journal events ``steps`` write, in order."""
    return [step.event for step in steps if step.event is not None]


def assert_state(state, step: Step, where: str = "") -> None:
    """Compare a rebuilt :class:`~fives_tutor.core.keeper.TableState` with a step's table."""
    label = f"{where} after {step.line!r}"
    assert state.scores == list(step.scores), label
    assert str(state.position) == step.ends, label
    assert state.counts == list(step.counts), label
    assert state.boneyard == step.boneyard, label
    assert state.hand_number == step.hand, label
    if step.turn is None:
        assert state.awaiting is not None or state.over, label
    else:
        assert state.awaiting is None, label
        assert state.turn == step.turn, label


# --------------------------------------------------------------------------------------------
# House packs: the published packs with a low target so that a match is short.

HOUSE_CC = """\
id: house-cc
extends: dominos-cc
name: {en: "All Fives (Dominos.cc) to 100"}
rules:
  match:
    target: {2: 100, 3: 100, 4: 70}
"""

HOUSE_PAGAT = """\
id: house-pagat
extends: pagat-all-fives
name: {en: "All Fives (pagat.com) to 90"}
rules:
  match:
    target: {2: 90, 3: 90, 4: 90}
"""

HOUSE_MUGGINS = """\
id: house-muggins
extends: muggins
rules:
  match:
    target: {2: 100, 3: 100, 4: 100}
"""

# --------------------------------------------------------------------------------------------
# Two players under dominos-cc (house-cc: target 100). Ana is player 0, Ben player 1.
# 7 tiles each, 28 - 14 = 14 in the boneyard. The first double is the spinner and its
# two arms open at once (N* is an empty arm, counting nothing). A hand won by a domino:
# the winner takes each opponent's pips rounded to five (remainder 3 or 4 up, 1 or 2
# down). Blocked: fewest pips wins.

TWO_PLAYERS = [
    # Hand 1, lead open: Ana leads 5|5, the spinner alone: 5 + 5 = 10, scores 10.
    Step("5|5", "Ana plays 5|5: 5|5*", play(0, "5|5"), (10, 0), "5|5*", (6, 7), 14, 1, 1),
    # 5|0 on the lone spinner: ends 0, 5|5* (one side still empty: 10), two empty arms: 0 + 10 = 10.
    Step("5|0", "Ben plays 5|0@5|5*: 0 5|5* 5* 5*", play(1, "5|0"), (10, 10), "0 5|5* 5* 5*", (6, 6), 14, 0, 1),
    # 0|0 crosswise on the 0 (not a spinner: the second double): 0 + 10 = 10.
    Step("0|0", "Ana plays 0|0@0: 0|0 5|5* 5* 5*", play(0, "0|0"), (20, 10), "0|0 5|5* 5* 5*", (5, 6), 14, 1, 1),
    # 5|4 on an arm: 0 + 10 + 4 + 0 = 14, no score.
    Step("5|4@5*", "Ben plays 5|4@5*: 0|0 5|5* 4 5*", play(1, "5|4", "5*"), (20, 10), "0|0 5|5* 4 5*", (5, 5), 14, 0, 1),
    # 4|1 on the 4: 0 + 10 + 1 + 0 = 11, no score.
    Step("4|1", "Ana plays 4|1@4: 0|0 5|5* 1 5*", play(0, "4|1"), (20, 10), "0|0 5|5* 1 5*", (4, 5), 14, 1, 1),
    # 1|5 on the 1 (it also fits the spinner and the arm, hence @1): 0 + 10 + 5 + 0 = 15.
    Step("1|5@1", "Ben plays 1|5@1: 0|0 5|5* 5 5*", play(1, "1|5", "1"), (20, 25), "0|0 5|5* 5 5*", (4, 4), 14, 0, 1),
    # 0|3 on the crosswise 0|0: 3 + 10 + 5 + 0 = 18, no score.
    Step("0|3", "Ana plays 0|3@0|0: 3 5|5* 5 5*", play(0, "0|3"), (20, 25), "3 5|5* 5 5*", (3, 4), 14, 1, 1),
    # 5|2 on the plain 5 of the arm: 3 + 10 + 2 + 0 = 15.
    Step("5|2@5", "Ben plays 5|2@5: 3 5|5* 2 5*", play(1, "5|2", "5"), (20, 40), "3 5|5* 2 5*", (3, 3), 14, 0, 1),
    # 3|4 on the 3: 4 + 10 + 2 + 0 = 16, no score.
    Step("3|4", "Ana plays 3|4@3: 4 5|5* 2 5*", play(0, "3|4"), (20, 40), "4 5|5* 2 5*", (2, 3), 14, 1, 1),
    # 2|1 on the 2: 4 + 10 + 1 + 0 = 15.
    Step("2|1", "Ben plays 2|1@2: 4 5|5* 1 5*", play(1, "2|1"), (20, 55), "4 5|5* 1 5*", (2, 2), 14, 0, 1),
    # 1|6 on the 1: 4 + 10 + 6 + 0 = 20.
    Step("1|6", "Ana plays 1|6@1: 4 5|5* 6 5*", play(0, "1|6"), (40, 55), "4 5|5* 6 5*", (1, 2), 14, 1, 1),
    # 6|6 crosswise on the 6: 4 + 10 + 12 + 0 = 26, no score.
    Step("6|6", "Ben plays 6|6@6: 4 5|5* 6|6 5*", play(1, "6|6"), (40, 55), "4 5|5* 6|6 5*", (1, 1), 14, 0, 1),
    # Ana's last tile, 4|4 crosswise on the 4: 8 + 10 + 12 + 0 = 30. Domino: the keeper asks Ben's tile.
    Step("4|4", "Ana goes out: domino!", play(0, "4|4"), (70, 55), "4|4 5|5* 6|6 5*", (0, 1), 14, None, 1),
    # Ben holds 6|2: 8 pips, remainder 3 rounds up to 10. Ana 70 + 10 = 80. Hand 2 deals 7 + 7.
    Step("6|2", "Ana collects 10 points.", hand_end(0, 8), (80, 55), "-", (7, 7), 14, 0, 2),
    # Hand 2: the highest double leads, and Ben holds it: he is named. The lone spinner: 12, no score.
    Step("Ben 6|6", "Ben plays 6|6: 6|6*", play(1, "6|6"), (80, 55), "6|6*", (7, 6), 14, 0, 2),
    # 6|4 on the lone spinner: 4 + 12 = 16, no score.
    Step("6|4", "Ana plays 6|4@6|6*: 4 6|6* 6* 6*", play(0, "6|4"), (80, 55), "4 6|6* 6* 6*", (6, 6), 14, 1, 2),
    # 6|3 on an arm: 4 + 12 + 3 + 0 = 19, no score.
    Step("6|3@6*", "Ben plays 6|3@6*: 4 6|6* 3 6*", play(1, "6|3", "6*"), (80, 55), "4 6|6* 3 6*", (6, 5), 14, 0, 2),
    # 4|1 on the 4: 1 + 12 + 3 + 0 = 16, no score.
    Step("4|1", "Ana plays 4|1@4: 1 6|6* 3 6*", play(0, "4|1"), (80, 55), "1 6|6* 3 6*", (5, 5), 14, 1, 2),
    # 3|2 on the 3: 1 + 12 + 2 + 0 = 15. Ben 55 + 15 = 70.
    Step("3|2", "Ben plays 3|2@3: 1 6|6* 2 6*", play(1, "3|2"), (80, 70), "1 6|6* 2 6*", (5, 4), 14, 0, 2),
    # Ana draws the whole boneyard: 5 + 14 = 19 tiles, 0 left.
    Step("draw 14", "Ana draws 14 tiles (the boneyard is empty).", draw(0, 14), (80, 70), "1 6|6* 2 6*", (19, 4), 0, 0, 2),
    # 6|2 on the other arm: 1 + 12 + 2 + 2 = 17, no score.
    Step("6|2@6*", "Ana plays 6|2@6*: 1 6|6* 2 2", play(0, "6|2", "6*"), (80, 70), "1 6|6* 2 2", (18, 4), 0, 1, 2),
    # Nobody can play and the boneyard is empty: two passes in a row block the hand.
    Step("pass", "Ben passes.", pass_(1), (80, 70), "1 6|6* 2 2", (18, 4), 0, 0, 2),
    Step("pass", "Nobody can play: the hand is blocked.", pass_(0), (80, 70), "1 6|6* 2 2", (18, 4), 0, None, 2),
    # After a block the keeper asks every player, in turn order: Ana 48 pips ...
    Step("48", "Remaining tiles or pips of Ben (4 tiles):", pips(0, 48), (80, 70), "1 6|6* 2 2", (18, 4), 0, None, 2),
    # ... Ben 0|0 0|3 0|4 3|3 = 0 + 3 + 4 + 6 = 13. Ben has fewer pips and takes Ana's 48,
    # remainder 3 rounds up: 50. Ben 70 + 50 = 120 passes the target of 100: Ben wins.
    Step("0|0 0|3 0|4 3|3", "Ben collects 50 points.", hand_end(48, 13), (80, 120), "1 6|6* 2 2", (18, 4), 0, None, 2),
]
TWO_PLAYERS_SHEET = [
    {"hand": 1, "leader": "Ana", "from_play": [70, 55], "at_end": [10, 0], "totals": [80, 55], "end": "domino"},
    {"hand": 2, "leader": "Ben", "from_play": [0, 15], "at_end": [0, 50], "totals": [80, 120], "end": "blocked"},
]
TWO_PLAYERS_WINNER = "Ben wins the match with 120 points!"

# --------------------------------------------------------------------------------------------
# Four players in two partnerships under dominos-cc (house-cc: target 70 for four):
# --teams Ana+Cy,Ben+Dee, turn order Ana, Ben, Cy, Dee. 5 tiles each, 28 - 20 = 8 in
# the boneyard. Side 0 is Ana+Cy, side 1 is Ben+Dee.

FOUR_PLAYERS = [
    # Ana leads 4|4, the lone spinner: 8, no score.
    Step("4|4", "Ana plays 4|4: 4|4*", play(0, "4|4"), (0, 0), "4|4*", (4, 5, 5, 5), 8, 1, 1),
    # 4|1 on it: 1 + 8 = 9 (arms open, empty).
    Step("4|1", "Ben plays 4|1@4|4*: 1 4|4* 4* 4*", play(1, "4|1"), (0, 0), "1 4|4* 4* 4*", (4, 4, 5, 5), 8, 2, 1),
    # 1|0 on the 1: 0 + 8 = 8.
    Step("1|0", "Cy plays 1|0@1: 0 4|4* 4* 4*", play(2, "1|0"), (0, 0), "0 4|4* 4* 4*", (4, 4, 4, 5), 8, 3, 1),
    # 4|3 on an arm: 0 + 8 + 3 + 0 = 11.
    Step("4|3@4*", "Dee plays 4|3@4*: 0 4|4* 3 4*", play(3, "4|3", "4*"), (0, 0), "0 4|4* 3 4*", (4, 4, 4, 4), 8, 0, 1),
    # 3|3 crosswise on that arm: 0 + 8 + 6 + 0 = 14.
    Step("3|3", "Ana plays 3|3@3: 0 4|4* 3|3 4*", play(0, "3|3"), (0, 0), "0 4|4* 3|3 4*", (3, 4, 4, 4), 8, 1, 1),
    # 4|6 on the other arm: 0 + 8 + 6 + 6 = 20 for Ben+Dee.
    Step("4|6@4*", "Ben plays 4|6@4*: 0 4|4* 3|3 6", play(1, "4|6", "4*"), (0, 20), "0 4|4* 3|3 6", (3, 3, 4, 4), 8, 2, 1),
    # 0|5 on the 0: 5 + 8 + 6 + 6 = 25 for Ana+Cy.
    Step("0|5", "Cy plays 0|5@0: 5 4|4* 3|3 6", play(2, "0|5"), (25, 20), "5 4|4* 3|3 6", (3, 3, 3, 4), 8, 3, 1),
    # 6|2 on the 6: 5 + 8 + 6 + 2 = 21.
    Step("6|2", "Dee plays 6|2@6: 5 4|4* 3|3 2", play(3, "6|2"), (25, 20), "5 4|4* 3|3 2", (3, 3, 3, 3), 8, 0, 1),
    # 3|2 on the crosswise 3|3 (it also fits the 2): 5 + 8 + 2 + 2 = 17.
    Step("3|2@3|3", "Ana plays 3|2@3|3: 5 4|4* 2 2", play(0, "3|2", "3|3"), (25, 20), "5 4|4* 2 2", (2, 3, 3, 3), 8, 1, 1),
    # 2|2 crosswise on the first 2: 5 + 8 + 4 + 2 = 19.
    Step("2|2", "Ben plays 2|2@2: 5 4|4* 2|2 2", play(1, "2|2"), (25, 20), "5 4|4* 2|2 2", (2, 2, 3, 3), 8, 2, 1),
    # 4|5 on the spinner's free side: the spinner is covered and counts nothing: 5 + 5 + 4 + 2 = 16.
    Step("4|5@4|4*", "Cy plays 4|5@4|4*: 5 5 2|2 2", play(2, "4|5", "4|4*"), (25, 20), "5 5 2|2 2", (2, 2, 2, 3), 8, 3, 1),
    # 2|5 on the plain 2: 5 + 5 + 4 + 5 = 19.
    Step("2|5@2", "Dee plays 2|5@2: 5 5 2|2 5", play(3, "2|5", "2"), (25, 20), "5 5 2|2 5", (2, 2, 2, 2), 8, 0, 1),
    # 5|5 crosswise on the first 5: 10 + 5 + 4 + 5 = 24.
    Step("5|5", "Ana plays 5|5@5: 5|5 5 2|2 5", play(0, "5|5"), (25, 20), "5|5 5 2|2 5", (1, 2, 2, 2), 8, 1, 1),
    # 5|6 on the plain 5 after the 5|5: 10 + 6 + 4 + 5 = 25 for Ben+Dee: 45.
    Step("5|6@5", "Ben plays 5|6@5: 5|5 6 2|2 5", play(1, "5|6", "5"), (25, 45), "5|5 6 2|2 5", (1, 1, 2, 2), 8, 2, 1),
    # 6|3 on the 6: 10 + 3 + 4 + 5 = 22.
    Step("6|3", "Cy plays 6|3@6: 5|5 3 2|2 5", play(2, "6|3"), (25, 45), "5|5 3 2|2 5", (1, 1, 1, 2), 8, 3, 1),
    # 3|0 on the 3: 10 + 0 + 4 + 5 = 19.
    Step("3|0", "Dee plays 3|0@3: 5|5 0 2|2 5", play(3, "3|0"), (25, 45), "5|5 0 2|2 5", (1, 1, 1, 1), 8, 0, 1),
    # Ana's last tile, 0|6: 10 + 6 + 4 + 5 = 25 for Ana+Cy: 50. Domino: the keeper asks the
    # opponents, Ben and Dee (Cy's pips, Ana's partner's, count for nothing under dominos-cc,
    # which does not take the winner's pips off).
    Step("0|6", "Ana goes out: domino!", play(0, "0|6"), (50, 45), "5|5 6 2|2 5", (0, 1, 1, 1), 8, None, 1),
    # Ben holds 6|6 (12 pips) ...
    Step("6|6", "Remaining tile or pips of Dee (1 tile):", pips(1, 12, "6|6"), (50, 45), "5|5 6 2|2 5", (0, 1, 1, 1), 8, None, 1),
    # ... Dee 1|1, 2 pips. Each opponent rounded first: Ben 12 -> 10, Dee 2 -> 0: 10 for Ana+Cy, 60.
    # (Rounding the combined 14 would have given 15.)
    Step("1|1", "Ana+Cy collect 10 points.", hand_end(0, 12, 0, 2), (60, 45), "-", (5, 5, 5, 5), 8, 0, 2),
    # Hand 2: Ben holds the highest double and leads it: 10 for Ben+Dee, 55.
    Step("Ben 5|5", "Ben plays 5|5: 5|5*", play(1, "5|5"), (60, 55), "5|5*", (5, 4, 5, 5), 8, 2, 2),
    # Cy plays 5|0 on it: 0 + 10 = 10 for Ana+Cy: 70, the target. The match ends in the middle of the hand.
    Step("5|0", "Cy plays 5|0@5|5*: 0 5|5* 5* 5*", play(2, "5|0"), (70, 55), "0 5|5* 5* 5*", (5, 4, 4, 5), 8, None, 2),
]
FOUR_PLAYERS_SHEET = [
    {"hand": 1, "leader": "Ana", "from_play": [50, 45], "at_end": [10, 0], "totals": [60, 45], "end": "domino"},
    {"hand": 2, "leader": "Ben", "from_play": [10, 10], "at_end": [0, 0], "totals": [70, 55], "end": None},
]
FOUR_PLAYERS_WINNER = "Ana+Cy wins the match with 70 points!"

# --------------------------------------------------------------------------------------------
# Two players under pagat-all-fives (house-pagat: target 90). 9 tiles each, 28 - 18 = 10
# in the boneyard. Only the first double spins and its arms open only after both its
# sides hold a tile. The winner takes the opponents' pips added, then rounded. The
# domino player leads the next hand; after a block the lead is by lot again. Blocked
# with equal lowest pips (two players): nobody scores.

PAGAT = [
    # Hand 1 is the worked hand of RULES.md, then on to Ana's domino.
    # Lead 1|4: 1 + 4 = 5.
    Step("1|4", "Ana plays 1|4: 1|4", play(0, "1|4"), (5, 0), "1|4", (8, 9), 10, 1, 1),
    # 1|1 on the 1 becomes the spinner; one side empty: 4 + 2 = 6, no score; arms closed.
    Step("1|1", "Ben plays 1|1@1: 4 1|1*", play(1, "1|1"), (5, 0), "4 1|1*", (8, 8), 10, 0, 1),
    # 4|4 crosswise on the 4: 8 + 2 = 10.
    Step("4|4", "Ana plays 4|4@4: 4|4 1|1*", play(0, "4|4"), (15, 0), "4|4 1|1*", (7, 8), 10, 1, 1),
    # 4|3 on the 4|4: 3 + 2 = 5.
    Step("4|3", "Ben plays 4|3@4|4: 3 1|1*", play(1, "4|3"), (15, 5), "3 1|1*", (7, 7), 10, 0, 1),
    # 2|1 on the spinner's other side: both sides held, it counts nothing, its arms open: 3 + 2 = 5.
    Step("2|1", "Ana plays 1|2@1|1*: 3 2 1* 1*", play(0, "2|1"), (20, 5), "3 2 1* 1*", (6, 7), 10, 1, 1),
    # 1|5 on a spinner end: 3 + 2 + 5 + 0 = 10.
    Step("1|5", "Ben plays 1|5@1*: 3 2 5 1*", play(1, "1|5"), (20, 15), "3 2 5 1*", (6, 6), 10, 0, 1),
    # 5|5 crosswise on that 5: 3 + 2 + 10 + 0 = 15.
    Step("5|5", "Ana plays 5|5@5: 3 2 5|5 1*", play(0, "5|5"), (35, 15), "3 2 5|5 1*", (5, 6), 10, 1, 1),
    # 5|0 on the 5|5: 3 + 2 + 0 = 5.
    Step("5|0", "Ben plays 5|0@5|5: 3 2 0 1*", play(1, "5|0"), (35, 20), "3 2 0 1*", (5, 5), 10, 0, 1),
    # 1|3 on the last spinner end: 3 + 2 + 0 + 3 = 8, no score (end of the worked hand: Ana 35, Ben 20).
    Step("1|3@1*", "Ana plays 1|3@1*: 3 2 0 3", play(0, "1|3", "1*"), (35, 20), "3 2 0 3", (4, 5), 10, 1, 1),
    # 0|2 on the 0: 3 + 2 + 2 + 3 = 10.
    Step("0|2@0", "Ben plays 0|2@0: 3 2 2 3", play(1, "0|2", "0"), (35, 30), "3 2 2 3", (4, 4), 10, 0, 1),
    # 2|2 crosswise on the first 2: 3 + 4 + 2 + 3 = 12, no score.
    Step("2|2", "Ana plays 2|2@2: 3 2|2 2 3", play(0, "2|2"), (35, 30), "3 2|2 2 3", (3, 4), 10, 1, 1),
    # 2|5 on the plain 2: 3 + 4 + 5 + 3 = 15.
    Step("2|5@2", "Ben plays 2|5@2: 3 2|2 5 3", play(1, "2|5", "2"), (35, 45), "3 2|2 5 3", (3, 3), 10, 0, 1),
    # 2|4 on the 2|2: 3 + 4 + 5 + 3 = 15.
    Step("2|4", "Ana plays 2|4@2|2: 3 4 5 3", play(0, "2|4"), (50, 45), "3 4 5 3", (2, 3), 10, 1, 1),
    # 4|6 on the 4: 3 + 6 + 5 + 3 = 17, no score.
    Step("4|6", "Ben plays 4|6@4: 3 6 5 3", play(1, "4|6"), (50, 45), "3 6 5 3", (2, 2), 10, 0, 1),
    # 5|3 on the 5: 3 + 6 + 3 + 3 = 15.
    Step("5|3@5", "Ana plays 5|3@5: 3 6 3 3", play(0, "5|3", "5"), (65, 45), "3 6 3 3", (1, 2), 10, 1, 1),
    # 6|1 on the 6: 3 + 1 + 3 + 3 = 10.
    Step("6|1", "Ben plays 6|1@6: 3 1 3 3", play(1, "6|1"), (65, 55), "3 1 3 3", (1, 1), 10, 0, 1),
    # Ana's last tile, 3|3 crosswise on the first 3: 6 + 1 + 3 + 3 = 13, no score. Domino.
    Step("3|3", "Ana goes out: domino!", play(0, "3|3"), (65, 55), "3|3 1 3 3", (0, 1), 10, None, 1),
    # Ben holds 6|5: 11 pips, rounded down to 10 for Ana: 75. Ana went out, so Ana leads hand 2.
    Step("6|5", "Ana collects 10 points.", hand_end(0, 11), (75, 55), "-", (9, 9), 10, 0, 2),
    # Hand 2, Ana leads 6|6: 12, no score.
    Step("6|6", "Ana plays 6|6: 6|6*", play(0, "6|6"), (75, 55), "6|6*", (8, 9), 10, 1, 2),
    # 6|4 on one side: 4 + 12 = 16, no score; arms closed until the other side is covered.
    Step("6|4", "Ben plays 6|4@6|6*: 4 6|6*", play(1, "6|4"), (75, 55), "4 6|6*", (8, 8), 10, 0, 2),
    # 6|1 on the other side: spinner covered, arms open: 4 + 1 + 0 + 0 = 5.
    Step("6|1", "Ana plays 6|1@6|6*: 4 1 6* 6*", play(0, "6|1"), (80, 55), "4 1 6* 6*", (7, 8), 10, 1, 2),
    # Ben draws 2 (8 left), then plays 6|2 on an arm: 4 + 1 + 2 + 0 = 7, no score.
    Step("draw 2", "Ben draws 2 tiles (8 left to draw).", draw(1, 2), (80, 55), "4 1 6* 6*", (7, 10), 8, 1, 2),
    Step("6|2", "Ben plays 6|2@6*: 4 1 2 6*", play(1, "6|2"), (80, 55), "4 1 2 6*", (7, 9), 8, 0, 2),
    # Ana draws the last 8, cannot play and passes; Ben passes: blocked.
    Step("draw 8", "Ana draws 8 tiles (the boneyard is empty).", draw(0, 8), (80, 55), "4 1 2 6*", (15, 9), 0, 0, 2),
    Step("pass", "Ana passes.", pass_(0), (80, 55), "4 1 2 6*", (15, 9), 0, 1, 2),
    Step("pass", "Nobody can play: the hand is blocked.", pass_(1), (80, 55), "4 1 2 6*", (15, 9), 0, None, 2),
    # Ana 60 pips, Ben 60 pips: equal lowest counts with two players, nobody scores.
    Step("60", "Remaining tiles or pips of Ben (9 tiles):", pips(0, 60), (80, 55), "4 1 2 6*", (15, 9), 0, None, 2),
    Step("60", "Nobody collects: the lowest counts are tied.", hand_end(60, 60), (80, 55), "-", (9, 9), 10, 0, 3),
    # Hand 3, lead by lot again: Ben leads 5|0: 5 + 0 = 5.
    Step("Ben 5|0", "Ben plays 5|0: 5|0", play(1, "5|0"), (80, 60), "5|0", (9, 8), 10, 0, 3),
    # 0|0 on the 0, the spinner, one side empty: 5 + 0 = 5.
    Step("0|0", "Ana plays 0|0@0: 5 0|0*", play(0, "0|0"), (85, 60), "5 0|0*", (8, 8), 10, 1, 3),
    # 5|3 on the 5: 3 + 0 = 3, no score.
    Step("5|3", "Ben plays 5|3@5: 3 0|0*", play(1, "5|3"), (85, 60), "3 0|0*", (8, 7), 10, 0, 3),
    # 0|2 on the spinner's other side: 3 + 2 = 5; Ana 90, the target: Ana wins.
    Step("0|2", "Ana plays 0|2@0|0*: 3 2 0* 0*", play(0, "0|2"), (90, 60), "3 2 0* 0*", (7, 7), 10, None, 3),
]
PAGAT_SHEET = [
    {"hand": 1, "leader": "Ana", "from_play": [65, 55], "at_end": [10, 0], "totals": [75, 55], "end": "domino"},
    {"hand": 2, "leader": "Ana", "from_play": [5, 0], "at_end": [0, 0], "totals": [80, 55], "end": "blocked"},
    {"hand": 3, "leader": "Ben", "from_play": [10, 5], "at_end": [0, 0], "totals": [90, 60], "end": None},
]
PAGAT_WINNER = "Ana wins the match with 90 points!"
