"""Player ratings from the matches kept at the table, with OpenSkill (pure, no I/O).

Each finished match updates the ratings of everyone who played it, match by match in
the order played, with the Weng-Lin Bayesian approximation in its Plackett-Luce form
(Weng and Lin 2011, Algorithm 4; the ``openskill`` package, ``PlackettLuce`` with its
defaults: a new player starts at μ = 25 with uncertainty σ = 25/3, β = 25/6, τ = 25/300).
It is made for games of several players and of teams: a match of two, three or four
players, or of two partnerships, is one game in which the sides finish in an order
(:func:`fives_tutor.study.club.placing`: the side that won first, the others by their
final score, equal scores sharing a place). A partnership's members are rated as a team.

A rating is the pair (μ, σ): the estimated skill and its uncertainty (one standard
deviation). Players are ranked by the conservative estimate μ − 3σ (OpenSkill's
``ordinal``), so that a player with few matches does not top the table by luck; and a
rating is shown only once :data:`MIN_MATCHES` matches are behind it.

>>> book = rate([(1, [["ana"], ["ben"]], [0, 1])])
>>> round(book.current["ana"].mu, 4), round(book.current["ben"].mu, 4), book.current["ana"].matches
(27.6354, 22.3646, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from openskill.models import PlackettLuce

#: matches a rating needs behind it before it is shown
MIN_MATCHES = 5
#: the standard deviations taken off μ for the rank order (OpenSkill's ordinal)
ORDINAL_Z = 3.0


class Rating(NamedTuple):
    """A player's rating: skill ``mu``, its uncertainty ``sigma`` (one standard
    deviation, same scale) and the ``matches`` rated so far."""

    mu: float
    sigma: float
    matches: int

    @property
    def ordinal(self) -> float:
        """μ − 3σ: what the rank order uses (OpenSkill's ``ordinal``)."""
        return self.mu - ORDINAL_Z * self.sigma

    @property
    def shown(self) -> bool:
        """Whether enough matches are behind it to show it (:data:`MIN_MATCHES`)."""
        return self.matches >= MIN_MATCHES


class RatingStep(NamedTuple):
    """A player's rating after the match ``match_id``."""

    match_id: int
    mu: float
    sigma: float


class RatingBook(NamedTuple):
    """Every player's ``current`` rating, and each one's ``history`` (one step per match
    rated, in the order played), by player id."""

    current: dict[str, Rating]
    history: dict[str, list[RatingStep]]


def model() -> PlackettLuce:
    """The rating model: OpenSkill's Plackett-Luce with its documented defaults."""
    return PlackettLuce()


def rate(games: Sequence[tuple[int, Sequence[Sequence[str]], Sequence[int]]]) -> RatingBook:
    """Ratings after ``games``, in the order given (the order played): each is
    ``(match_id, sides, places)``, ``sides`` a list of teams of player ids (a player in
    one side at most) and ``places`` each side's place (0 first; equal places share).
    Raises ValueError for a game of fewer than two sides, or a player twice in one."""
    rater = model()
    current: dict[str, Rating] = {}
    history: dict[str, list[RatingStep]] = {}
    for match_id, sides, places in games:
        players = [player for side in sides for player in side]
        if len(sides) < 2 or len(set(players)) != len(players) or len(places) != len(sides):
            raise ValueError(f"match {match_id}: not a game OpenSkill can rate")
        teams = [[rater.rating(mu=current[p].mu, sigma=current[p].sigma) if p in current else rater.rating()
                  for p in side] for side in sides]
        rated = rater.rate(teams, ranks=[float(place) for place in places])
        for side, team in zip(sides, rated):
            for player, after in zip(side, team):
                before = current.get(player)
                current[player] = Rating(after.mu, after.sigma, (before.matches if before else 0) + 1)
                history.setdefault(player, []).append(RatingStep(match_id, after.mu, after.sigma))
    return RatingBook(current, history)


__all__ = ["MIN_MATCHES", "Rating", "RatingBook", "RatingStep", "model", "rate"]
