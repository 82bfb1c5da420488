"""Packs compared on the same deals: every figure of a simulated run as a paired
difference with its 95% interval, and a verdict (pure, no I/O, no language).

Match ``i`` of seed ``S`` is dealt from ``random.Random("S:i")`` under every pack
(:mod:`fives_tutor.study.simulate`), so match ``i`` of pack A and match ``i`` of pack B
start from the same shuffle: they are a pair. The difference B − A of a figure is
estimated from the pairs, clustered by match as each pack's own figure is:

* a figure per match (hands per match, plays per match, the first leader's side
  winning) by the mean of the per-match differences
  (:func:`~fives_tutor.study.stats.paired_mean_difference`);
* a figure per hand, a ratio of totals over matches (points per hand, plays per
  hand, share of hands blocked), by the paired delta method
  (:func:`~fives_tutor.study.stats.paired_ratio_difference`, which gives the derivation);
* the role of skill, the stronger level's share of wins on each deal, by the mean
  of the per-deal differences (:mod:`fives_tutor.study.skill`).

Common deals cancel much of the luck of the deal, so a paired interval is far
narrower than the two packs' separate intervals would suggest.

>>> from fives_tutor.study.stats import Estimate
>>> verdict(Estimate(-0.2, -0.5, 0.1, 40)), verdict(Estimate(1.2, 0.9, 1.5, 40))
('none', 'more')
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..core.rules import RuleSet
from . import SECONDS_PER_PLAY
from .stats import Estimate, check_paired, paired_mean_difference, paired_ratio_difference

# simulate (and the game it imports) load on first use




class Difference(NamedTuple):
    """One figure compared: ``name`` (a name of :data:`~fives_tutor.study.simulate.FIGURES`,
    or ``skill``), the ``estimate`` of B − A in the figure's own unit (points, hands,
    plays, or a share from 0 to 1) and the ``verdict``: ``none`` (the interval holds
    zero: no detectable difference), ``more`` or ``less`` (B's figure is higher or lower)."""

    name: str
    estimate: Estimate
    verdict: str


def verdict(estimate: Estimate) -> str:
    """``none`` when the 95% interval holds zero, else ``more`` or ``less`` by its sign."""
    if estimate.low <= 0.0 <= estimate.high:
        return "none"
    return "more" if estimate.mean > 0 else "less"



def paired_differences(first: Sequence, second: Sequence) -> list[Difference]:
    """B − A for every figure of :data:`~fives_tutor.study.simulate.FIGURES`, where ``first``
    (A) and ``second`` (B) are the records of the same matches (same seed and indices)
    under two packs. Raises ValueError when they are not."""
    from .simulate import FIGURES, columns

    check_paired(first, second, key=lambda record: (record.index, record.seed))
    a, b = columns(first), columns(second)
    found = []
    for name, kind, fields in FIGURES:
        if kind == "ratio":
            numerator, denominator = fields
            estimate = paired_ratio_difference(a[numerator], a[denominator], b[numerator], b[denominator])
        else:
            estimate = paired_mean_difference(a[fields[0]], b[fields[0]])
        found.append(Difference(name, estimate, verdict(estimate)))
    return found


#: the rows of a study, in the order they are shown: the figures of a simulated run
#: (:data:`~fives_tutor.study.simulate.FIGURES`), the match length in minutes, and skill
ROWS = ("play_points", "end_points", "blocked", "plays", "hands", "plays_per_match", "minutes_per_match",
        "first_leader_wins", "skill")


class Study(NamedTuple):
    """Packs played on the same deals, side by side.

    ``names`` of the packs; ``summaries`` their runs' statistics; ``skill`` the
    stronger level's win rate under each pack (None when no duel was played);
    ``differences[k]`` the :class:`Difference` of every row of :data:`ROWS` between
    pack ``k + 1`` and the first pack; ``level`` the stronger level and
    ``seconds_per_play`` the pace that turns plays into minutes.
    """

    names: tuple[str, ...]
    summaries: tuple
    skill: tuple[Estimate, ...] | None
    differences: tuple[tuple[Difference, ...], ...]
    level: str | None
    seconds_per_play: float

    def estimate(self, row: str, pack: int) -> Estimate | None:
        """Pack number ``pack``'s figure for ``row`` (None for skill without a duel)."""
        if row == "skill":
            return self.skill[pack] if self.skill is not None else None
        if row == "minutes_per_match":
            return scaled(self.summaries[pack].plays_per_match, self.seconds_per_play / 60)
        return getattr(self.summaries[pack], row)

    def rows(self) -> tuple[str, ...]:
        """The rows this study has (skill only when a duel was played)."""
        return tuple(row for row in ROWS if row != "skill" or self.skill is not None)


def study(names: Sequence[str], records: Sequence[Sequence], duels: Sequence[Sequence] | None,
          level: str | None, seconds_per_play: float = SECONDS_PER_PLAY) -> Study:
    """A :class:`Study` of packs ``names`` from their runs' ``records`` (the same matches
    under each) and, optionally, their skill ``duels`` (the same deals under each,
    ``level`` against the baseline). Raises ValueError for runs of different deals."""
    from . import skill
    from .simulate import summarise

    summaries = tuple(summarise(run) for run in records)
    rates = tuple(skill.win_rate(duel) for duel in duels) if duels else None
    factor = seconds_per_play / 60
    differences = []
    for k in range(1, len(names)):
        found = {d.name: d for d in paired_differences(records[0], records[k])}
        plays = found["plays_per_match"].estimate
        minutes = scaled(plays, factor)
        found["minutes_per_match"] = Difference("minutes_per_match", minutes, verdict(minutes))
        if duels:
            estimate = skill.difference(duels[0], duels[k])
            found["skill"] = Difference("skill", estimate, verdict(estimate))
        differences.append(tuple(found[row] for row in ROWS if row in found))
    return Study(tuple(names), summaries, rates, tuple(differences), level if duels else None, seconds_per_play)


#: a clear difference in points per hand from play below this share of the first pack's
#: figure is "a little" more or less scoring; from :data:`MUCH_SCORING` on it is "much"
LITTLE_SCORING = 0.10
#: see :data:`LITTLE_SCORING`
MUCH_SCORING = 0.25


class Finding(NamedTuple):
    """What a headline says of one aspect of pack ``pack`` against the first pack, only
    what is clear of the noise (a difference whose 95% interval holds zero is ``same``).

    ``aspect``: ``length`` (minutes per match), ``scoring`` (points per hand from play)
    or ``luck`` (the better player's wins, from the skill duels). ``direction``:
    ``more``, ``less`` or ``same``, of the aspect itself (more luck is the better player
    winning less often). ``size``: for scoring, ``little`` (less than
    :data:`LITTLE_SCORING` of the first pack's figure), ``""`` or ``much`` (from
    :data:`MUCH_SCORING`); else ``""``. ``amount``: the difference's size in the
    aspect's unit (minutes; points a hand; a share of wins). ``value`` and ``base``:
    the pack's and the first pack's figures (luck: the better player's share of wins)."""

    aspect: str
    direction: str
    size: str
    amount: float
    value: float
    base: float


def findings(result: Study, pack: int) -> tuple[Finding, ...]:
    """The headline of pack ``pack`` (1 or more) against the first pack: its length,
    its scoring and, when the study played skill duels, its luck, in that order."""
    found = {difference.name: difference for difference in result.differences[pack - 1]}
    made = []
    minutes = found["minutes_per_match"]
    made.append(Finding("length", _direction(minutes.verdict), "", abs(minutes.estimate.mean),
                        _mean(result, "minutes_per_match", pack), _mean(result, "minutes_per_match", 0)))
    scoring = found["play_points"]
    base = _mean(result, "play_points", 0)
    share = abs(scoring.estimate.mean) / base if base > 0 else 1.0
    size = "" if scoring.verdict == "none" else "little" if share < LITTLE_SCORING else \
        "much" if share >= MUCH_SCORING else ""
    made.append(Finding("scoring", _direction(scoring.verdict), size, abs(scoring.estimate.mean),
                        _mean(result, "play_points", pack), base))
    if "skill" in found and result.skill is not None:
        skill = found["skill"]
        # the better player winning more often is more skill: less luck
        luck = {"more": "less", "less": "more"}.get(skill.verdict, "same")
        made.append(Finding("luck", luck, "", abs(skill.estimate.mean), result.skill[pack].mean,
                            result.skill[0].mean))
    return tuple(made)


def _mean(result: Study, row: str, pack: int) -> float:
    """Pack number ``pack``'s figure for ``row`` (a row every study has)."""
    estimate = result.estimate(row, pack)
    if estimate is None:
        raise ValueError(f"the study has no figure for {row}")
    return estimate.mean


def _direction(verdict_word: str) -> str:
    return {"more": "more", "less": "less"}.get(verdict_word, "same")


def part(result: Study, packs: Sequence[int]) -> Study:
    """The study of the packs numbered ``packs`` alone (the first of them first, and
    every other compared with it): a study that played variants beside the packs
    (``rules compare --each``) shows the packs' own comparison from it."""
    first = packs[0]
    if first != 0:
        raise ValueError("a part of a study keeps its first pack")
    return Study(tuple(result.names[k] for k in packs), tuple(result.summaries[k] for k in packs),
                 tuple(result.skill[k] for k in packs) if result.skill is not None else None,
                 tuple(result.differences[k - 1] for k in packs[1:]), result.level, result.seconds_per_play)


def changes(first: RuleSet, other: RuleSet, players: int | None = None) -> tuple[tuple[str, Any], ...]:
    """Every rule parameter in which ``other`` differs from ``first``, in the order of
    the pack schema: ``(key path, other's value as a pack writes it)``, such as
    ``("rules.match.target", {"2": 100, "3": 100, "4": 100})``. With ``players``, a
    parameter given per player count differs only if it does for that many players
    (a three-player hand size changes nothing in a two-player match)."""
    from ..packs.loader import SCHEMA  # start-up: the command line imports this module for its defaults

    found = []
    for section, fields in SCHEMA.items():
        for name in fields:
            mine, theirs = _value(first, section, name), _value(other, section, name)
            if players is not None and isinstance(mine, Mapping) and isinstance(theirs, Mapping):
                if mine.get(players) == theirs.get(players):
                    continue
            if mine != theirs:
                found.append((f"rules.{section}.{name}", _as_data(theirs)))
    return tuple(found)


def variant(first: RuleSet, key: str, value: Any, pack_id: str) -> dict:
    """The pack that is ``first`` with one parameter changed: ``key`` (a path of
    :func:`changes`) set to ``value``; its ``id`` is ``pack_id``. It extends ``first``
    by its file, so it is played exactly as ``first`` but for that parameter."""
    _rules, section, name = key.split(".")
    return {"id": pack_id, "extends": os.path.abspath(first.path), "rules": {section: {name: value}}}


def _value(rules: RuleSet, section: str, name: str) -> Any:
    return rules.max_pips if section == "set" else getattr(getattr(rules, section), name)


def _as_data(value: Any) -> Any:
    """A rule's value as a pack writes it (a mapping's keys as text, as JSON has them)."""
    if isinstance(value, Mapping):
        return {str(key): _as_data(inner) for key, inner in value.items()}
    if isinstance(value, tuple):
        return list(value)
    return value


def scaled(estimate: Estimate, factor: float) -> Estimate:
    """An estimate in another unit (plays to minutes): mean and interval ends times ``factor`` (> 0)."""
    return Estimate(estimate.mean * factor, estimate.low * factor, estimate.high * factor, estimate.n)


__all__ = ["LITTLE_SCORING", "MUCH_SCORING", "ROWS", "SECONDS_PER_PLAY", "Difference", "Finding", "Study", "findings",
           "changes", "paired_differences", "part", "scaled", "study", "variant", "verdict"]
