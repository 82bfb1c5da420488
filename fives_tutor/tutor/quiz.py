"""Quiz exercises made from positions that arise in simulated play (pure, seeded).

Kinds of exercise (some only where the pack has what they drill):

* ``total``: the open-end total of a position;
* ``play_points``: the points of a given play;
* ``best``: which tile of a hand scores most now;
* ``where``: on which open ends a tile may go;
* ``collect``: what the winner collects at the end of a hand, with the rounding;
* ``threes``: the points of a total under several divisors (Fives and Threes);
* ``spinners``: the total of a layout with several spinners (Five-Up).

Each exercise is a :class:`~fives_tutor.tutor.lessons.Step`, so the engine answers it and
explains the count exactly as in the lessons.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..core.game import Hand, Match, Option
from ..core.plays import _end_label
from ..core.position import EndKind
from ..core.rules import RuleSet
from ..study.simulate import greedy, random_legal
from .lessons import Step

BASE_KINDS = ("total", "play_points", "best", "where", "collect")


class Exercise(NamedTuple):
    """An exercise: its ``kind`` and the ``step`` the engine answers."""

    kind: str
    step: Step


def kinds_for(rules: RuleSet) -> tuple[str, ...]:
    """The kinds of exercise that fit the pack."""
    kinds = list(BASE_KINDS)
    if len(rules.scoring.divisors) > 1:
        kinds.append("threes")
    if rules.spinner.doubles == "every":
        kinds.append("spinners")
    return tuple(kinds)


def _step(question: str, position=None, hand=None, play=None, opponents=None) -> Step:
    return Step("", "", position, hand, play, opponents, None, question, None)


def pool(rules: RuleSet, seed, players: int = 2, matches: int = 6) -> dict[str, list[Step]]:
    """Exercises of every kind from ``matches`` simulated matches (seeded)."""
    found: dict[str, list[Step]] = {kind: [] for kind in kinds_for(rules)}

    def choose(hand: Hand, options: list[Option], rng: random.Random) -> Option:
        # every position where a play is chosen gives its exercises first
        if hand.position.ends:
            _collect_play_kinds(found, rules, hand.position, list(hand.hands[hand.turn]), options, hand)
        return (greedy if rng.random() < 0.7 else random_legal)(hand, options, rng)

    for index in range(matches):
        rng = random.Random(f"{seed}:quiz:{index}")  # the deals and the players' choices alike
        match = Match(rules, players, rng=rng)
        turns = 0
        for move in match.moves(choose, rng):
            if move.kind == "draw":
                continue
            turns += 1
            hand = move.hand
            if move.kind == "play" and hand.over and hand.result is not None:
                others = [p for p in range(hand.players) if p != hand.result.domino_player]
                opponents = tuple(" ".join(map(str, hand.hands[p])) or "0" for p in others)
                if any(hand.hands[p] for p in others):
                    found["collect"].append(_step("collect", opponents=opponents))
            if turns == 400:  # a bound on the work, whatever the pack
                break
    return found


def _collect_play_kinds(found, rules, position, tiles, options, hand) -> None:
    ends = str(position)
    found["total"].append(_step("total", position=ends))
    tile, index, _points = options[0]

    label = _end_label(position, index)
    matched = position.ends[index].pips
    notation = f"{matched}|{tile.other(matched)}@{label}" if not position.lone else f"{tile}@{label}"
    found["play_points"].append(_step("play_points", position=ends, play=notation))
    if any(points for _tile, _index, points in options) and len(tiles) > 1:
        found["best"].append(_step("best", position=ends, hand=" ".join(map(str, tiles))))
    found["where"].append(_step("where", position=ends, hand=str(tile)))
    total = position.total(rules)
    if "threes" in found and total and total % 3 == 0:
        found["threes"].append(_step("points", position=ends))
    if "spinners" in found and sum(1 for e in position.ends if e.kind in (EndKind.SPINNER, EndKind.ARM)) >= 2:
        found["spinners"].append(_step("total", position=ends))


def pick(found: dict[str, list[Step]], weights: dict[str, float], count: int, rng: random.Random,
         only: str | None = None) -> list[Exercise]:
    """``count`` exercises, kinds drawn by ``weights`` (or only the kind ``only``),
    each exercise at most once."""
    available = {kind: list(steps) for kind, steps in found.items() if steps and (only is None or kind == only)}
    chosen: list[Exercise] = []
    while len(chosen) < count and available:
        kinds = sorted(available)
        kind = rng.choices(kinds, weights=[weights.get(k, 1.0) for k in kinds])[0]
        steps = available[kind]
        step = steps.pop(rng.randrange(len(steps)))
        if not steps:
            del available[kind]
        chosen.append(Exercise(kind, step))
    return chosen
