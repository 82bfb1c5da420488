"""The rule parameters of one variant of All Fives, as read from a rule pack.

A :class:`RuleSet` is plain data: the rules engine reads its fields and never asks
which variant it is. Packs are YAML files in ``rules/`` (see :mod:`fives_tutor.packs.loader`);
each field below names the pack key it comes from.

>>> from fives_tutor import load_rules
>>> rules = load_rules("dominos-cc")
>>> rules.scoring.points_for(15), rules.scoring.points_for(11), rules.hand_end.round_pips(13)
(15, 0, 15)
>>> threes = ScoringRules(divisors=(5, 3), points="quotient")
>>> [threes.points_for(total) for total in (15, 9, 10, 6, 12, 18, 20, 3, 5, 7)]
[8, 3, 2, 2, 4, 6, 4, 1, 1, 0]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import NamedTuple

# The rule classes are NamedTuples rather than dataclasses: every command builds
# them at start-up, and a frozen dataclass costs ten times as much to define.
# Change a value with ``rules._replace(...)`` (or ``section._replace``).

_EVEN = MappingProxyType({2: "fewer_tiles", 3: "fewer_tiles", 4: "fewer_tiles"})


class SpinnerRules(NamedTuple):
    """Pack keys ``rules.spinner.*``.

    ``doubles``: which doubles spin: ``none``, ``first`` (the first double of the
    hand) or ``every``. ``arms_open``: a spinner's two ends take tiles ``at_once``
    or only ``after_sides`` (once both its sides hold a tile). ``lone_counts``: a
    lone double lead counts ``both_halves`` (5|5 counts 10) or ``one_half`` (5).
    """

    doubles: str = "first"
    arms_open: str = "at_once"
    lone_counts: str = "both_halves"


class ScoringRules(NamedTuple):
    """Pack keys ``rules.scoring.*``: how an open-end total turns into points.

    ``divisors``: the totals that score are positive multiples of any of these.
    ``points``: ``total`` scores the total itself (All Fives: 15 scores 15);
    ``quotient`` scores total/d for each divisor d that divides it, added up
    (one point per five; Fives and Threes: 15 scores 3 + 5 = 8).
    """

    divisors: tuple[int, ...] = (5,)
    points: str = "total"

    def points_for(self, total: int) -> int:
        """Points, in the pack's unit, for an open-end ``total`` in pips."""
        if total <= 0:
            return 0
        if self.points == "total":
            for divisor in self.divisors:
                if total % divisor == 0:
                    return total
            return 0
        return sum(total // divisor for divisor in self.divisors if total % divisor == 0)


class HandEndRules(NamedTuple):
    """Pack keys ``rules.hand_end.*``: what the winner of a hand collects.

    ``collect``: round and add ``each_opponent``'s pips separately, round the
    ``combined`` total, or collect ``none``. ``rounding``: ``nearest_five``
    (remainders 3 and 4 up, 1 and 2 down), ``down``, ``up`` or ``none``.
    ``points``: collected ``pips`` count as they are, or ``per_five`` (one point
    per five pips). ``subtract_winner_pips``: the winner's own remaining pips are
    taken off first, before rounding (off each opponent's pips where each is
    rounded alone). ``double_in_hand``: a double left in hand weighs
    ``both_halves`` or ``one_half``. ``chip_out_bonus``: points for going out.
    ``blocked_tie``: per player count, ``fewer_tiles`` (fewer tiles wins),
    ``nobody`` (nobody scores) or ``split`` (the tied players share).
    """

    collect: str = "each_opponent"
    rounding: str = "nearest_five"
    points: str = "pips"
    subtract_winner_pips: bool = False
    double_in_hand: str = "both_halves"
    chip_out_bonus: int = 0
    blocked_tie: Mapping[int, str] = _EVEN

    def round_pips(self, pips: int) -> int:
        """``pips`` rounded to five as the pack says, still in pips."""
        remainder = pips % 5
        if self.rounding == "none" or remainder == 0:
            return pips
        if self.rounding == "down" or (self.rounding == "nearest_five" and remainder <= 2):
            return pips - remainder
        return pips + 5 - remainder

    def to_points(self, pips: int) -> int:
        """Rounded ``pips`` expressed in the pack's unit of points."""
        return pips // 5 if self.points == "per_five" else pips

    def hand_pips(self, tiles: Iterable[tuple[int, int]]) -> int:
        """Weight in pips of tiles left in a hand (a double may count one half)."""
        if self.double_in_hand == "one_half":
            return sum(t[0] if t[0] == t[1] else t[0] + t[1] for t in tiles)
        return sum(t[0] + t[1] for t in tiles)


class PlayerRules(NamedTuple):
    """Pack keys ``rules.players.*``: how many play and how many tiles each holds."""

    min: int = 2
    max: int = 4
    hand_size: Mapping[int, int] = MappingProxyType({2: 7, 3: 6, 4: 5})
    partnerships_with_four: bool = False


class LeadRules(NamedTuple):
    """Pack keys ``rules.lead.*``: who leads each hand and whether the lead scores.

    ``first_hand``: ``highest_double`` (the holder of the highest double leads it;
    with no double, the heaviest tile: Dominos.cc), ``lowest_double`` (the holder of
    the lowest double leads it; with no double, the lightest tile: the Dr. Dominos
    app) or ``by_lot``. ``later_hands``:
    ``same_as_first``, ``previous_domino`` (whoever went out; by lot after a
    blocked hand) or ``to_the_left`` (the lead passes to the left).
    """

    first_hand: str = "highest_double"
    later_hands: str = "same_as_first"
    scores: bool = True


class TurnRules(NamedTuple):
    """Pack keys ``rules.turn.*``: drawing and passing.

    ``draw``: a player who cannot play draws ``until_playable``, draws ``one``,
    or draws ``none`` (knocks). ``boneyard_reserve``: how many boneyard tiles are
    never drawn. ``draw_while_able``: drawing is allowed even with a playable tile.
    """

    draw: str = "until_playable"
    boneyard_reserve: int = 0
    draw_while_able: bool = False


class MugginsRules(NamedTuple):
    """Pack keys ``rules.muggins.*``: announced points and claims.

    ``announce``: a player must announce their points; points left unannounced
    may be claimed by an opponent. ``wrong_claim``: what a wrong claim costs:
    ``nothing`` or ``claimed_points`` (the accused player scores what was claimed).
    """

    announce: bool = False
    wrong_claim: str = "nothing"


class MatchRules(NamedTuple):
    """Pack keys ``rules.match.*``: the ``target`` in points per player count, and
    ``overshoot``: what a score that would pass the target does: ``allowed`` (reaching
    or passing the target wins), ``not_taken`` (the target must be reached exactly:
    Fives and Threes to 61) or ``bounce`` (the excess is taken off the target: at 70
    of 72, scoring 5 leaves 69, as the Amstrad CPC Dominoes program played to 72).
    Under an exact target (``not_taken`` or ``bounce``) the play that goes out and the
    points for going out are one score (pagat.com, Fives and Threes). The older key
    ``match.exact: true`` reads as ``overshoot: not_taken``; :attr:`exact` is true for both.
    """

    target: Mapping[int, int] = MappingProxyType({2: 150, 3: 150, 4: 150})
    overshoot: str = "allowed"

    @property
    def exact(self) -> bool:
        """Whether the target must be reached exactly (a score may not pass it)."""
        return self.overshoot != "allowed"


class RuleSet(NamedTuple):
    """Every rule parameter of one pack, plus where it came from.

    ``id`` is the pack id, ``path`` the file it was read from, ``source`` the
    published rules it follows in English, ``sources`` the same per language code,
    ``citation`` a short citation shown where ``sources`` has no text in the reader's
    language (the site or book, in no language in particular), ``names`` and ``summaries`` map a language code
    (en, tl, id, nl, fa) to text, ``lessons`` the lesson files' prefixes (the base
    pack's first; ``<prefix>.<lang>.yaml``), ``own_lessons`` the prefix this pack
    itself names, if any. ``max_pips`` is the set (6 for double-six).
    """

    id: str = "dominos-cc"
    path: str = ""
    source: str = ""
    sources: Mapping[str, str] = MappingProxyType({})
    citation: str = ""
    names: Mapping[str, str] = MappingProxyType({})
    summaries: Mapping[str, str] = MappingProxyType({})
    extends: str | None = None
    lessons: tuple[str, ...] = ()
    own_lessons: str | None = None
    max_pips: int = 6
    players: PlayerRules = PlayerRules()
    lead: LeadRules = LeadRules()
    turn: TurnRules = TurnRules()
    spinner: SpinnerRules = SpinnerRules()
    scoring: ScoringRules = ScoringRules()
    muggins: MugginsRules = MugginsRules()
    hand_end: HandEndRules = HandEndRules()
    match: MatchRules = MatchRules()

    def name(self, language: str = "en") -> str:
        """The pack's name in ``language``, else in English, else its id."""
        return self.names.get(language) or self.names.get("en") or self.id

    def source_text(self, language: str = "en") -> str:
        """Where the pack's rules come from, in ``language``; else the bare citation;
        else the English text; else empty."""
        return self.sources.get(language) or self.citation or self.sources.get("en") or self.source

    def summary(self, language: str = "en") -> str:
        """The pack's one-paragraph summary in ``language``, else in English."""
        return self.summaries.get(language) or self.summaries.get("en") or ""
