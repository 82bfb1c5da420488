"""Counting: the open-end total of a position term by term, and the hand-end collection.

>>> from fives_tutor import load_rules, Position
>>> count = count_position(Position.parse("3 5|5* 2 5*"), load_rules("dominos-cc"))
>>> [(str(term.end), term.count) for term in count.terms], count.total, count.points
([('3', 3), ('5|5*', 10), ('2', 2), ('5*', 0)], 15, 15)
>>> collect([13, 12], load_rules("dominos-cc")).points
25
>>> collect([13, 12], load_rules("pagat-all-fives")).points
25
>>> collect([7, 8], load_rules("pagat-all-fives")).points
15
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .position import End, EndKind, Position, end
from .rules import RuleSet


class Term(NamedTuple):
    """One open end and what it adds to the total, in pips."""

    end: End
    count: int


class Count(NamedTuple):
    """A position counted: its ``terms`` (one per open end; a lone lead gives its
    halves), the ``total`` in pips and the ``points`` it scores under the pack."""

    terms: tuple[Term, ...]
    total: int
    points: int


def count_position(position: Position, rules: RuleSet) -> Count:
    """Count ``position`` end by end under ``rules`` (pack keys ``rules.scoring``
    and ``rules.spinner.lone_counts``)."""
    total = position.total(rules)
    if position.lone and len(position.ends) == 1:
        terms = (Term(position.ends[0], total),)
    else:
        terms = tuple(Term(e, e.count) for e in position.ends)
    return Count(terms, total, rules.scoring.points_for(total))


class OpponentPips(NamedTuple):
    """One opponent's remaining ``pips`` and, when rounded one by one, ``rounded``."""

    pips: int
    rounded: int | None


class Collection(NamedTuple):
    """What the winner of a hand collects (pack keys ``rules.hand_end.*``).

    ``opponents`` in the order given; ``combined_pips`` their sum;
    ``collected_pips`` after rounding (and after taking off ``winner_pips`` where
    the pack says so); ``points`` that amount in the pack's unit, plus any bonus
    for going out (``chip_out_bonus`` when ``domino`` is true).
    """

    opponents: tuple[OpponentPips, ...]
    combined_pips: int
    winner_pips: int
    collected_pips: int
    points: int
    mode: str
    rounding: str


def collect(opponent_pips: Sequence[int], rules: RuleSet, winner_pips: int = 0, domino: bool = True) -> Collection:
    """What the winner collects from opponents holding ``opponent_pips`` (each in pips).

    ``each_opponent``: each opponent's pips are rounded, then added (Dominos.cc:
    13 counts 15, 12 counts 10). ``combined``: the pips are added, then rounded
    (pagat.com: 7 + 8 = 15). ``none``: nothing is collected. With
    ``subtract_winner_pips`` the winner's own ``winner_pips``, rounded the same
    way, are taken off, never below zero.
    """
    hand_end = rules.hand_end
    combined = sum(opponent_pips)
    if hand_end.collect == "each_opponent":
        opponents = tuple(OpponentPips(p, hand_end.round_pips(p)) for p in opponent_pips)
        collected = sum(o.rounded for o in opponents)
    else:
        opponents = tuple(OpponentPips(p, None) for p in opponent_pips)
        collected = hand_end.round_pips(combined) if hand_end.collect == "combined" else 0
    if hand_end.subtract_winner_pips and hand_end.collect != "none":
        collected = max(0, collected - hand_end.round_pips(winner_pips))
    points = hand_end.to_points(collected)
    if domino:
        points += hand_end.chip_out_bonus
    return Collection(opponents, combined, winner_pips, collected, points, hand_end.collect, hand_end.rounding)


__all__ = ["Collection", "Count", "OpponentPips", "Term", "collect", "count_position", "end", "EndKind"]
