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
    """One opponent's remaining ``pips``; when each opponent is rounded on their own,
    ``rounded`` (after rounding) and ``net`` (their pips less the winner's, before
    rounding, where the pack subtracts the winner's pips), else ``None``."""

    pips: int
    rounded: int | None
    net: int | None = None


class Collection(NamedTuple):
    """What the winner of a hand collects (pack keys ``rules.hand_end.*``).

    ``opponents`` in the order given; ``combined_pips`` their sum; ``net_pips`` the
    pips the winner collects before rounding (after taking off ``winner_pips``
    where the pack says so); ``collected_pips`` after rounding; ``points`` that
    amount in the pack's unit, plus any bonus for going out (``chip_out_bonus``
    when ``domino`` is true).
    """

    opponents: tuple[OpponentPips, ...]
    combined_pips: int
    winner_pips: int
    collected_pips: int
    points: int
    mode: str
    rounding: str
    net_pips: int = 0


def collect(opponent_pips: Sequence[int], rules: RuleSet, winner_pips: int = 0, domino: bool = True) -> Collection:
    """What the winner collects from opponents holding ``opponent_pips`` (each in pips).

    ``each_opponent``: each opponent's pips are rounded, then added (Dominos.cc:
    13 counts 15, 12 counts 10). ``combined``: the pips are added, then rounded
    (pagat.com: 7 + 8 = 15). ``none``: nothing is collected. With
    ``subtract_winner_pips`` the winner's own ``winner_pips`` come off before
    rounding (``docs/packs.md``), never below zero: off the opponents' total when
    it is combined (23 against 12 is 11, collected as 10), off each opponent's pips
    when each is rounded on their own (each pays the difference: 23 and 16 against
    12 are 11 and 4, collected as 10 + 5 = 15).
    """
    hand_end = rules.hand_end
    combined = sum(opponent_pips)
    subtract = hand_end.subtract_winner_pips and hand_end.collect != "none"
    if hand_end.collect == "each_opponent":
        nets = [max(0, p - winner_pips) if subtract else p for p in opponent_pips]
        opponents = tuple(OpponentPips(p, hand_end.round_pips(n), n if subtract else None)
                          for p, n in zip(opponent_pips, nets))
        net = sum(nets)
        collected = sum(o.rounded for o in opponents)
    else:
        opponents = tuple(OpponentPips(p, None) for p in opponent_pips)
        net = max(0, combined - winner_pips) if subtract else combined
        collected = hand_end.round_pips(net) if hand_end.collect == "combined" else 0
    points = hand_end.to_points(collected)
    if domino:
        points += hand_end.chip_out_bonus
    return Collection(opponents, combined, winner_pips, collected, points, hand_end.collect, hand_end.rounding, net)


__all__ = ["Collection", "Count", "OpponentPips", "Term", "collect", "count_position", "end", "EndKind"]
