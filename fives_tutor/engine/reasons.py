"""Reasons as facts: what can truly be said about a play, computed from the position and
what the player knows, each a small value with a predicate that checks it (pure: no
language; ``render/reasons.py`` says them in words).

A :class:`Reason` is a ``kind`` and its figures. Two families:

* **facts about one play** (:func:`play_facts`): ``scores`` (the points it makes and the
  open-end total it leaves), ``replies`` (of the tiles the next player can hold, how many
  let them score after it, the most one scores, and what they can expect), ``goes_out``,
  ``forced`` (the lead rule), ``wins`` (its points win the match now);
* **comparisons** of a play with a better one, ``other`` (:func:`comparisons`), each made
  only where the two plays differ in it: ``more_now`` (the other scores more now),
  ``reply`` (the play leaves the next player more to score), ``sheds`` (the other sheds
  more pips, where the pack collects them), ``blocks`` (after the other fewer of the tiles
  the next player can hold fit the ends), ``numbers`` (the other keeps more different
  numbers in hand), ``follow`` (after the other more of your tiles fit the ends it
  leaves), ``wins_now`` (the other wins the match now, the play does not), ``gives_win``
  (after the play the next player can win the match at once with more of the tiles they
  can hold); and two that report what the search found: ``match_chances`` (the shares of
  deals on which each play won and lost the match) and ``search`` (how many points more the other
  made over the deals, with its interval), for when no concrete reason separates them.

"The tiles the next player can hold" are the tiles the player cannot see that the
engine's inference allows in that player's hand
(:meth:`~fives_tutor.engine.knowledge.Knowledge.possible`: the tiles some deal consistent
with the whole history puts in their hand, so none of the numbers they have shown they
lack by drawing or passing, none the lead rule rules out); ``lacking`` names
the numbers that none of those tiles shows although some tile the player cannot see
does ("with no 0, 5 or 6").

:func:`holds` is the predicate: it works each figure out again from the position (and,
for the search's figures, from the analysis they came from) and checks the claim the
kind makes, so a test can check every reason that is printed.

>>> from fives_tutor import load_rules, Position, parse_hand
>>> from fives_tutor.core.plays import parse_play
>>> from fives_tutor.engine.levels import Situation
>>> rules = load_rules("dominos-cc")
>>> board = Position.parse("5 3")
>>> situation = Situation.build(board, parse_hand("3|0 5|1"), rules, opponents=(6,))
>>> better, worse = parse_play("3|0@3", board, rules), parse_play("5|1@5", board, rules)
>>> [r.kind for r in comparisons(situation, worse, better)]  # 5 points now against none; 5|1 leaves less to reply
['more_now']
>>> all(holds(r, situation, worse, better) for r in comparisons(situation, worse, better))
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import NamedTuple, TypeAlias

from ..core.plays import Board, Play, is_notation, plays_for_tile
from ..core.tiles import Tile
from .chances import expected_best
from .levels import Situation

#: a figure of a reason: a count, points, a share, a play, a list of numbers
Figure: TypeAlias = int | float | str | bool | tuple[int, ...]

#: the kinds of reason, and the names of their figures
SCHEMA: Mapping[str, tuple[str, ...]] = {
    "scores": ("points", "total"),
    "replies": ("holdable", "lacking", "scoring", "most", "expect"),
    "goes_out": ("points",),
    "forced": ("points",),
    "wins": ("score", "points", "target"),
    "more_now": ("points", "other_points"),
    "reply": ("holdable", "lacking", "scoring", "most", "other_scoring", "other_most"),
    "sheds": ("pips", "other_pips"),
    "blocks": ("holdable", "lacking", "fits", "other_fits"),
    "numbers": ("numbers", "other_numbers"),
    "follow": ("fit", "other_fit"),
    "wins_now": ("score", "points", "other_points", "target"),
    "gives_win": ("holdable", "lacking", "count", "other_count", "score", "target"),
    "match_chances": ("win", "other_win", "lose", "other_lose", "deals"),
    "search": ("behind", "noise", "deals"),
}
#: the kinds that compare a play with a better one
COMPARISONS = ("wins_now", "gives_win", "match_chances", "more_now", "reply", "sheds", "blocks", "numbers", "follow",
               "search")
#: the kinds whose figures are the search's (checked against the analysis, not the position)
SEARCHED = ("match_chances", "search")


class Reason(NamedTuple):
    """One reason: its ``kind`` (:data:`SCHEMA`) and ``figures`` (name and value pairs, in
    the schema's order). ``play`` and ``other`` name the plays it speaks of (``TILE@END``;
    ``other`` only for a comparison)."""

    kind: str
    figures: tuple[tuple[str, Figure], ...]
    play: str = ""
    other: str = ""

    def get(self, name: str) -> Figure:
        """The figure called ``name``; raises KeyError when the kind has none."""
        for key, value in self.figures:
            if key == name:
                return value
        raise KeyError(name)

    def whole(self, name: str) -> int:
        """The figure ``name`` as a whole number (a count, points, pips)."""
        value = self.get(name)
        return int(value) if isinstance(value, (int, float)) else 0

    def real(self, name: str) -> float:
        """The figure ``name`` as a number (points with a decimal, a share)."""
        value = self.get(name)
        return float(value) if isinstance(value, (int, float)) else 0.0

    def numbers(self, name: str) -> tuple[int, ...]:
        """The figure ``name`` as a list of numbers (pips)."""
        value = self.get(name)
        return value if isinstance(value, tuple) else ()

    def to_dict(self) -> dict[str, object]:
        """As JSON-ready data: ``kind``, ``play``, ``other`` and the figures."""
        data: dict[str, object] = {"kind": self.kind, "play": self.play, "other": self.other}
        for key, value in self.figures:
            data[key] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_dict(cls, data: object) -> Reason | None:
        """A reason read back (from a journal); None for data that is not one."""
        if not isinstance(data, dict):
            return None
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in SCHEMA:
            return None
        names = SCHEMA[kind]
        if set(data) != set(names) | {"kind", "play", "other"}:
            return None
        play, other = data.get("play"), data.get("other")
        if not isinstance(play, str) or not isinstance(other, str) or not is_notation(play) or (
                other and not is_notation(other)):
            return None  # printed as they are by a review: notation only, no control character
        figures: list[tuple[str, Figure]] = []
        for name in names:
            value = data[name]
            if isinstance(value, list):
                if len(value) > 32 or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 100
                                              for n in value):
                    return None
                figures.append((name, tuple(value)))
            elif isinstance(value, bool):
                figures.append((name, value))
            elif isinstance(value, (int, float)) and math.isfinite(value) and abs(value) <= 1e6:
                figures.append((name, value))
            else:
                return None
        return cls(kind, tuple(figures), play, other)


def _reason(kind: str, play: Play, other: Play | None = None, **figures: Figure) -> Reason:
    return Reason(kind, tuple((name, figures[name]) for name in SCHEMA[kind]), play.notation,
                  other.notation if other is not None else "")


# --- what the next player can hold ----------------------------------------------------------


def lacking(situation: Situation, opponent: int = 0, held: Sequence[Tile] | None = None) -> tuple[int, ...]:
    """The numbers none of the tiles opponent ``opponent`` can hold shows, though a tile
    the player cannot see does: what they have shown they lack. ``held``: those tiles
    (:meth:`~fives_tutor.engine.levels.Situation.holdable`) where the caller has them."""
    if held is None:
        held = situation.holdable(opponent)
    shown = {n for t in held for n in t}
    unseen = {n for t in situation.unseen for n in t}
    return tuple(sorted(unseen - shown))


def board_after(play: Play) -> Board:
    """The table after ``play`` (its layout where the position was given as one)."""
    return play.layout if play.layout is not None else play.after


def _reply_values(situation: Situation, play: Play, tiles: Sequence[Tile]) -> list[int]:
    """For each of ``tiles``, the most it scores on the table ``play`` leaves (0: it
    scores nothing or does not fit)."""
    board = board_after(play)
    return [max((r.points for r in plays_for_tile(board, tile, situation.rules)), default=0) for tile in tiles]


def _fitting(situation: Situation, play: Play, tiles: Sequence[Tile]) -> int:
    """How many of ``tiles`` fit the table ``play`` leaves."""
    board = board_after(play)
    return sum(1 for tile in tiles if plays_for_tile(board, tile, situation.rules))


def _numbers(tiles: Sequence[Tile]) -> int:
    """How many different numbers ``tiles`` show."""
    return len({n for t in tiles for n in t})


def _rest(situation: Situation, play: Play) -> list[Tile]:
    """The player's tiles after ``play``."""
    rest = list(situation.hand)
    rest.remove(play.tile)
    return rest


def _target(situation: Situation) -> int | None:
    """The match target, when the scores are given and the pack has one."""
    if situation.scores is None:
        return None
    return situation.rules.match.target.get(situation.players)


def reaches(score: int, points: int, situation: Situation) -> bool:
    """Whether a side at ``score`` wins the match by making ``points`` now, under the
    pack's target and overshoot rule (``rules.match.overshoot``: a score that passes an
    exact target is not a win)."""
    target = _target(situation)
    if target is None or points <= 0:
        return False
    reached = score + points
    return reached == target or (reached > target and situation.rules.match.overshoot == "allowed")


def _goes_out(situation: Situation) -> bool:
    return len(situation.hand) == 1


# --- facts about one play -------------------------------------------------------------------


def play_facts(situation: Situation, play: Play) -> tuple[Reason, ...]:
    """What is true of ``play`` (one of ``situation.plays()``) on its own: the lead rule
    forcing it, its points and the total it leaves, going out, winning the match now,
    and the next player's replies (unless the play ends the hand or the match)."""
    found = []
    if situation.forced() is not None:
        found.append(_reason("forced", play, points=play.points))
    found.append(_reason("scores", play, points=play.points, total=play.total))
    scores = situation.scores
    won = scores is not None and reaches(scores[0], play.points, situation)
    if won and scores is not None:
        found.append(_reason("wins", play, score=scores[0], points=play.points, target=_target(situation) or 0))
    if _goes_out(situation):
        found.append(_reason("goes_out", play, points=play.points))
    elif not won:
        tiles = situation.holdable()
        values = _reply_values(situation, play, tiles)
        found.append(_reason("replies", play, holdable=len(tiles), lacking=lacking(situation, held=tiles),
                             scoring=sum(1 for v in values if v > 0), most=max(values, default=0),
                             expect=round(expected_best(values, situation.next_hand), 1)))
    return tuple(found)


# --- comparisons of a play with a better one ------------------------------------------------


class Searched(NamedTuple):
    """What the search found of a play against a better one, for the reasons that report
    it: ``behind`` the points the play made less than the other over the same deals (to the
    end of the hand, and the match where it counted), ``noise`` the half-width of its
    interval, ``deals`` how many deals, ``win`` and ``other_win`` the shares of deals on
    which each won the match, ``lose`` and ``other_lose`` on which each lost it (None: the
    match was not counted)."""

    behind: float
    noise: float
    deals: int
    win: float | None = None
    other_win: float | None = None
    lose: float | None = None
    other_lose: float | None = None

    def chances(self) -> tuple[float, float, float, float] | None:
        """``(win, other_win, lose, other_lose)`` rounded to 0.01 where the match was
        counted, else None."""
        figures = (self.win, self.other_win, self.lose, self.other_lose)
        if any(f is None for f in figures):
            return None
        return tuple(round(float(f or 0.0), 2) for f in figures)  # type: ignore[return-value]  # four figures

    def swing(self) -> float:
        """How much more often the other play won the match, and less often lost it."""
        found = self.chances()
        return 0.0 if found is None else (found[1] - found[0]) + (found[2] - found[3])


#: a difference in match chances smaller than this is not spoken of
CHANCES_FROM = 0.1


def comparisons(situation: Situation, play: Play, other: Play, searched: Searched | None = None) -> list[Reason]:
    """Every comparison that is true of ``play`` against ``other`` (both legal plays of
    ``situation``), in the order of :data:`COMPARISONS`: each only where the two differ in
    it, and in ``other``'s favour. With ``searched`` (the search's figures), the match
    chances where they differ by :data:`CHANCES_FROM` or more, and the search's own
    figure, always last."""
    found = []
    scores = situation.scores
    if scores is not None and reaches(scores[0], other.points, situation) \
            and not reaches(scores[0], play.points, situation):
        found.append(_reason("wins_now", play, other, score=scores[0], points=play.points, other_points=other.points,
                             target=_target(situation) or 0))
    tiles = situation.holdable()
    lacks = lacking(situation, held=tiles)
    out = _goes_out(situation)
    # the best reply of each tile the next player can hold, after each play (none: the hand ends)
    values = [] if out else _reply_values(situation, play, tiles)
    other_values = [] if out else _reply_values(situation, other, tiles)
    if scores is not None and len(scores) > 1 and not out:
        count = sum(1 for v in values if reaches(scores[1], v, situation))
        other_count = 0 if reaches(scores[0], other.points, situation) else sum(
            1 for v in other_values if reaches(scores[1], v, situation))
        if count > other_count:
            found.append(_reason("gives_win", play, other, holdable=len(tiles), lacking=lacks,
                                 count=count, other_count=other_count, score=scores[1],
                                 target=_target(situation) or 0))
    chances = searched.chances() if searched is not None else None
    if searched is not None and chances is not None and searched.swing() >= CHANCES_FROM:
        win, other_win, lose, other_lose = chances
        found.append(_reason("match_chances", play, other, win=win, other_win=other_win, lose=lose,
                             other_lose=other_lose, deals=searched.deals))
    if other.points > play.points:
        found.append(_reason("more_now", play, other, points=play.points, other_points=other.points))
    if not out:
        most, other_most = max(values, default=0), max(other_values, default=0)
        scoring = sum(1 for v in values if v > 0)
        other_scoring = sum(1 for v in other_values if v > 0)
        if most > other_most or (most == other_most and scoring > other_scoring):
            found.append(_reason("reply", play, other, holdable=len(tiles), lacking=lacks,
                                 scoring=scoring, most=most, other_scoring=other_scoring, other_most=other_most))
    weigh = situation.rules.hand_end.hand_pips
    pips, other_pips = weigh((play.tile,)), weigh((other.tile,))
    if other_pips > pips and situation.rules.hand_end.collect != "none":
        found.append(_reason("sheds", play, other, pips=pips, other_pips=other_pips))
    if not out:
        fits, other_fits = _fitting(situation, play, tiles), _fitting(situation, other, tiles)
        if other_fits < fits:
            found.append(_reason("blocks", play, other, holdable=len(tiles), lacking=lacks, fits=fits,
                                 other_fits=other_fits))
        rest, other_rest = _rest(situation, play), _rest(situation, other)
        numbers, other_numbers = _numbers(rest), _numbers(other_rest)
        if other_numbers > numbers:
            found.append(_reason("numbers", play, other, numbers=numbers, other_numbers=other_numbers))
        fit = _fitting(situation, play, rest)
        other_fit = _fitting(situation, other, other_rest)
        if other_fit > fit:
            found.append(_reason("follow", play, other, fit=fit, other_fit=other_fit))
    if searched is not None:
        found.append(_reason("search", play, other, behind=round(searched.behind, 1), noise=round(searched.noise, 1),
                             deals=searched.deals))
    return found


# --- the predicate ---------------------------------------------------------------------------


def holds(reason: Reason, situation: Situation, play: Play, other: Play | None = None,
          searched: Searched | None = None) -> bool:
    """Whether ``reason`` is true of ``play`` (and ``other``, for a comparison) in
    ``situation``: every figure worked out again from the position, directly, and the
    claim of its kind checked; a figure of the search against ``searched`` (False without
    it)."""
    if reason.play != play.notation or (reason.kind in COMPARISONS) != (other is not None):
        return False
    if other is not None and reason.other != other.notation:
        return False
    f = dict(reason.figures)
    if tuple(f) != SCHEMA.get(reason.kind):
        return False
    rules = situation.rules
    hand = list(situation.hand)
    if play.tile not in hand or (other is not None and other.tile not in hand):
        return False
    possible = situation.knowledge().possible(0)
    can_hold = [t for t in situation.unseen if t in possible]
    shown = {n for t in can_hold for n in t}
    missing = tuple(n for n in range(rules.max_pips + 1)
                    if n not in shown and any(n in t for t in situation.unseen))
    scores = situation.scores
    target = rules.match.target.get(situation.players) if scores is not None else None

    def best_reply(p: Play, tile: Tile) -> int:
        after = p.layout if p.layout is not None else p.after
        return max([r.points for r in plays_for_tile(after, tile, rules)] + [0])

    def fits(p: Play, tiles: Sequence[Tile]) -> int:
        after = p.layout if p.layout is not None else p.after
        return len([t for t in tiles if plays_for_tile(after, t, rules)])

    def wins(score: int, points: int) -> bool:
        if target is None or points <= 0:
            return False
        return score + points == target or (score + points > target and rules.match.overshoot == "allowed")

    def left(p: Play) -> list[Tile]:
        return [t for t in hand if t != p.tile]

    kind = reason.kind
    if kind == "scores":
        return f["points"] == play.points and f["total"] == play.total
    if kind == "forced":
        return situation.forced() == play.tile and f["points"] == play.points
    if kind == "goes_out":
        return len(hand) == 1 and f["points"] == play.points
    if kind == "wins":
        return scores is not None and f["score"] == scores[0] and f["points"] == play.points \
            and f["target"] == target and wins(scores[0], play.points)
    if kind == "replies":
        values = [best_reply(play, t) for t in can_hold]
        return (len(hand) > 1 and f["holdable"] == len(can_hold) and f["lacking"] == missing
                and f["scoring"] == len([v for v in values if v]) and f["most"] == max(values + [0])
                and f["expect"] == round(expected_best(values, situation.next_hand), 1))
    assert other is not None
    if kind == "more_now":
        return f["points"] == play.points and f["other_points"] == other.points and other.points > play.points
    if kind == "wins_now":
        return scores is not None and f["score"] == scores[0] and f["points"] == play.points \
            and f["other_points"] == other.points and f["target"] == target \
            and wins(scores[0], other.points) and not wins(scores[0], play.points)
    if kind == "gives_win":
        if scores is None or len(scores) < 2 or len(hand) == 1:
            return False
        count = len([t for t in can_hold if wins(scores[1], best_reply(play, t))])
        other_count = 0 if wins(scores[0], other.points) else len(
            [t for t in can_hold if wins(scores[1], best_reply(other, t))])
        return (f["holdable"] == len(can_hold) and f["lacking"] == missing and f["count"] == count
                and f["other_count"] == other_count and f["score"] == scores[1] and f["target"] == target
                and count > other_count)
    if kind == "reply":
        mine = [best_reply(play, t) for t in can_hold]
        theirs = [best_reply(other, t) for t in can_hold]
        most, other_most = max(mine + [0]), max(theirs + [0])
        scoring, other_scoring = len([v for v in mine if v]), len([v for v in theirs if v])
        return (len(hand) > 1 and f["holdable"] == len(can_hold) and f["lacking"] == missing
                and (f["scoring"], f["most"], f["other_scoring"], f["other_most"])
                == (scoring, most, other_scoring, other_most)
                and (most > other_most or (most == other_most and scoring > other_scoring)))
    if kind == "sheds":
        def weight(tile: Tile) -> int:  # a double left in hand may weigh one half (rules.hand_end.double_in_hand)
            one_half = tile.is_double and rules.hand_end.double_in_hand == "one_half"
            return tile[0] if one_half else tile[0] + tile[1]

        return (f["pips"] == weight(play.tile) and f["other_pips"] == weight(other.tile)
                and weight(other.tile) > weight(play.tile) and rules.hand_end.collect != "none")
    if kind == "blocks":
        return (len(hand) > 1 and f["holdable"] == len(can_hold) and f["lacking"] == missing
                and f["fits"] == fits(play, can_hold) and f["other_fits"] == fits(other, can_hold)
                and fits(other, can_hold) < fits(play, can_hold))
    if kind == "numbers":
        kept = len({n for t in left(play) for n in t})
        other_kept = len({n for t in left(other) for n in t})
        return len(hand) > 1 and f["numbers"] == kept and f["other_numbers"] == other_kept and other_kept > kept
    if kind == "follow":
        fit, other_fit = fits(play, left(play)), fits(other, left(other))
        return len(hand) > 1 and f["fit"] == fit and f["other_fit"] == other_fit and other_fit > fit
    if searched is None:
        return False
    if kind == "match_chances":
        chances = searched.chances()
        return (chances is not None and (f["win"], f["other_win"], f["lose"], f["other_lose"]) == chances
                and f["deals"] == searched.deals and searched.swing() >= CHANCES_FROM)
    if kind == "search":
        return (f["behind"] == round(searched.behind, 1) and f["noise"] == round(searched.noise, 1)
                and f["deals"] == searched.deals)
    return False


__all__ = ["CHANCES_FROM", "COMPARISONS", "SCHEMA", "SEARCHED", "Figure", "Reason", "Searched", "board_after",
           "comparisons", "holds", "lacking", "play_facts", "reaches"]
