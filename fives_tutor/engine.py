"""Choosing a play: the engine levels behind ``fives best``.

Every level ranks the legal plays of a :class:`Situation` and returns
:class:`RankedPlay` values, best first, so that stronger levels can be added
behind the same interface (``rank(situation, level)``).

* ``greedy``: the most points now; on a tie the heavier tile (sheds pips).
* ``defensive``: points now minus the points the next player can expect to score
  in reply, averaged over the tiles this player cannot see; ties to the heavier tile.
* ``monte-carlo``: deals the hidden tiles many times, consistently with what the
  player knows, and plays each candidate out to the end of the hand
  (:func:`fives_tutor.search.monte_carlo`).
* ``exact``: when every tile's place is known (two players, nothing in the
  boneyard), the proven value of every play (:func:`fives_tutor.search.solve`).
* ``auto``: ``exact`` where it applies, else ``monte-carlo``.

>>> from fives_tutor import load_rules, Position, parse_hand
>>> rules = load_rules("dominos-cc")
>>> situation = Situation.build(Position.parse("6 2"), parse_hand("2|5 6|4 3|3"), rules)
>>> [ranked.play.notation for ranked in rank(situation, "greedy")]
['6|4@6', '2|5@2']
"""

from __future__ import annotations

from math import comb
from typing import Callable, NamedTuple, Sequence

from .errors import N_, IllegalPlayError, span
from .plays import Board, Play, board_position, legal_plays, plays_for_tile, tiles_on_table
from .rules import RuleSet
from .tiles import Tile, domino_set


class Situation(NamedTuple):
    """What the player to move knows.

    ``board`` is the table (ends or layout form), ``hand`` the player's tiles,
    ``unseen`` the tiles they cannot see (the set minus their hand minus the tiles
    known to be on the table or played), ``next_hand`` how many tiles the next
    player holds, ``rules`` the pack.
    """

    board: Board
    hand: tuple[Tile, ...]
    unseen: tuple[Tile, ...]
    next_hand: int
    rules: RuleSet
    opponents: tuple[int, ...] = ()
    voids: tuple[frozenset, ...] = ()
    scores: tuple[int, ...] | None = None

    @classmethod
    def build(cls, board: Board, hand: Sequence[Tile], rules: RuleSet, played: Sequence[Tile] = (),
              next_hand: int | None = None, opponents: Sequence[int] | None = None,
              voids: Sequence[frozenset] | None = None, scores: Sequence[int] | None = None,
              boneyard: int | None = None) -> "Situation":
        """Derive the unseen tiles. ``opponents`` gives each opponent's tile count in turn
        order from the next player (default: one opponent holding as many tiles as
        ``hand``, or ``next_hand``); ``voids`` the numbers each cannot hold; ``scores``
        each side's points (the player's side first) to weigh the match; ``boneyard``,
        when given, must agree with the rest.

        Raises :class:`IllegalPlayError` when a tile is both in the hand and out, or
        the counts cannot add up.
        """
        out = set(tiles_on_table(board)) | set(played)
        for tile in hand:
            if tile in out:
                raise IllegalPlayError(N_("{tile} is in your hand and also on the table or played"), tile=str(tile))
        unseen = tuple(t for t in domino_set(rules.max_pips) if t not in out and t not in hand)
        if opponents is None:
            opponents = (next_hand if next_hand is not None else min(len(hand), len(unseen)),)
        opponents = tuple(opponents)
        if sum(opponents) > len(unseen):
            raise IllegalPlayError(N_("the opponents cannot hold {count} tiles: only {unseen} tiles are hidden from you"),
                                   count=sum(opponents), unseen=len(unseen))
        if scores is not None:
            target = rules.match.target.get(1 + len(opponents))
            if target is not None and any(score >= target for score in scores):
                raise IllegalPlayError(N_("a score of {target} or more has already won the match"), target=target)
        if boneyard is not None and boneyard != len(unseen) - sum(opponents):
            raise IllegalPlayError(N_("{count} tiles in the boneyard does not add up: {unseen} tiles are hidden from "
                                      "you and the opponents hold {held}"), count=boneyard, unseen=len(unseen),
                                   held=sum(opponents))
        if 1 + len(opponents) > rules.players.max:
            raise IllegalPlayError(N_("this rule pack is for {players} players, not {count}"),
                                   players=span(rules.players.min, rules.players.max), count=1 + len(opponents))
        if scores is not None:
            from .game import sides_for

            sides = len(set(sides_for(rules, 1 + len(opponents))))
            if len(scores) != sides:
                raise IllegalPlayError(N_("give {count} scores, one for each side, yours first"), count=sides)
        voids = tuple(voids) if voids is not None else tuple(frozenset() for _ in opponents)
        if len(voids) < len(opponents):
            voids += tuple(frozenset() for _ in range(len(opponents) - len(voids)))
        return cls(board, tuple(hand), unseen, opponents[0], rules, opponents, voids[:len(opponents)],
                   tuple(scores) if scores is not None else None)

    @property
    def players(self) -> int:
        """The players at the table."""
        return 1 + len(self.opponents or (self.next_hand,))

    def double_played(self) -> bool:
        """Whether a double is on the table (for the rule that only the first double spins)."""
        from .position import Position, new_double_spins

        if isinstance(self.board, Position):
            return not self.board.is_empty and not new_double_spins(self.board, self.rules)
        return self.board.has_double()

    def exact_applies(self) -> bool:
        """Every tile's place is known (one opponent holds every tile the player cannot
        see), few enough tiles remain to solve (at most ``EXACT_TILES``), and no match
        score is given (the exact level values the hand, not the match)."""
        return (len(self.opponents or (self.next_hand,)) == 1 and self.next_hand == len(self.unseen)
                and len(self.hand) + len(self.unseen) <= EXACT_TILES and self.scores is None)


#: the most tiles (both hands together) the exact level will solve
EXACT_TILES = 18


class RankedPlay(NamedTuple):
    """A play and its value under an engine level.

    ``value`` is in points (points now minus ``reply``); ``reply`` the points the
    next player is expected to score in reply (0 for ``greedy``); ``scoring_replies``
    how many unseen tiles would let the next player score; ``unseen`` how many
    tiles the player cannot see; ``goes_out`` whether the play empties the hand.
    """

    play: Play
    value: float
    reply: float = 0.0
    scoring_replies: int = 0
    unseen: int = 0
    goes_out: bool = False
    stderr: float = 0.0
    proven: bool = False
    end_swing: float = 0.0
    samples: int = 0


def _tie_break(ranked: RankedPlay) -> tuple:
    tile = ranked.play.tile
    return (-round(ranked.value, 9), -ranked.play.points, -tile.pips, -tile.high, ranked.play.index)


def rank_greedy(situation: Situation) -> list[RankedPlay]:
    """Most points now, then the heavier tile."""
    plays = legal_plays(situation.board, situation.hand, situation.rules)
    ranked = [RankedPlay(p, float(p.points), unseen=len(situation.unseen), goes_out=len(situation.hand) == 1)
              for p in plays]
    return sorted(ranked, key=_tie_break)


def expected_best(values: Sequence[int], held: int) -> float:
    """Expected maximum of ``values`` over a uniformly random ``held``-subset.

    ``values`` holds one number per unseen tile (the best points that tile would
    score); the next player holds ``held`` of those tiles. With the values sorted
    high to low, the i-th (from 1) is the hand's best with probability
    C(n - i, held - 1) / C(n, held).
    """
    n = len(values)
    if held <= 0 or n == 0:
        return 0.0
    held = min(held, n)
    ordered = sorted(values, reverse=True)
    total = comb(n, held)
    return sum(v * comb(n - i, held - 1) for i, v in enumerate(ordered, start=1) if v) / total


def rank_defensive(situation: Situation) -> list[RankedPlay]:
    """Points now minus the next player's expected best reply over the unseen tiles.

    Each unseen tile is valued by the most it would score on the ends the play
    leaves; the next player's reply is the best value among ``next_hand`` tiles
    drawn at random from the unseen ones they may hold (a number they cannot hold,
    ``voids``, rules its tiles out: :func:`expected_best`). A play that empties the
    hand ends it: no reply.
    """
    rules = situation.rules
    ranked = []
    goes_out = len(situation.hand) == 1
    void = situation.voids[0] if situation.voids else frozenset()
    possible = [t for t in situation.unseen if t[0] not in void and t[1] not in void]
    for play in legal_plays(situation.board, situation.hand, rules):
        board_after = play.layout if play.layout is not None else play.after
        values = []
        if not goes_out:
            for tile in possible:
                replies = plays_for_tile(board_after, tile, rules)
                values.append(max((r.points for r in replies), default=0))
        reply = expected_best(values, situation.next_hand)
        ranked.append(RankedPlay(play, play.points - reply, reply, sum(1 for v in values if v > 0),
                                 len(situation.unseen), goes_out))
    return sorted(ranked, key=_tie_break)


def _search_state(situation: Situation):
    from .game import sides_for
    from .knowledge import Knowledge
    from .search import SearchState

    rules = situation.rules
    players = situation.players
    opponents = situation.opponents or (situation.next_hand,)
    return SearchState(rules, board_position(situation.board, rules), situation.hand,
                       Knowledge(situation.unseen, opponents, situation.voids or tuple(frozenset() for _ in opponents)),
                       players, 0, sides_for(rules, players), situation.double_played(), situation.scores)


def _with_reasons(situation: Situation, values) -> list[RankedPlay]:
    """Search values joined to the plays and to the defensive level's reply figures (the words)."""
    defensive = {(r.play.tile, r.play.index): r for r in rank_defensive(situation)}
    ranked = []
    for value in values:
        tile, index, _points = value.move
        base = defensive[(tile, index)]
        ranked.append(base._replace(value=value.value, stderr=value.stderr, proven=value.proven,
                                    end_swing=value.end_swing, samples=value.samples))
    return ranked


def rank_monte_carlo(situation: Situation, samples: int | None = None, seconds: float | None = None,
                     seed: int | str = 0) -> list[RankedPlay]:
    """Monte Carlo over the hidden tiles (``samples`` deals, or ``seconds``; 200 deals by default)."""
    import random

    from .search import monte_carlo

    values = monte_carlo(_search_state(situation), samples=samples or (None if seconds else 200), seconds=seconds,
                         rng=random.Random(f"{seed}:mc"))
    return _with_reasons(situation, values)


def rank_exact(situation: Situation) -> list[RankedPlay]:
    """The proven value of every play; raises :class:`IllegalPlayError` where the hidden
    tiles are not all known (see :meth:`Situation.exact_applies`)."""
    from .search import solve

    if situation.scores is not None:
        raise IllegalPlayError(N_("the exact level values the hand, not the match: leave out the scores, or use "
                                  "monte-carlo"))
    if not situation.exact_applies():
        raise IllegalPlayError(N_("the exact level needs every tile known (two players, nothing in the boneyard) "
                                  "and at most {count} tiles in the two hands"), count=EXACT_TILES)
    for tile in situation.unseen:
        if situation.voids and (tile[0] in situation.voids[0] or tile[1] in situation.voids[0]):
            raise IllegalPlayError(N_("no deal of the unseen tiles fits what the opponents have shown"))
    state = _search_state(situation)
    values = solve(situation.rules, state.position, [list(situation.hand), list(situation.unseen)], 0,
                   state.double_played, state.sides)
    return _with_reasons(situation, values)


#: engine levels by name (each ranks a situation, best first)
LEVELS: dict[str, Callable[..., list[RankedPlay]]] = {
    "greedy": rank_greedy,
    "defensive": rank_defensive,
    "monte-carlo": rank_monte_carlo,
    "exact": rank_exact,
}


def rank(situation: Situation, level: str = "auto", **options) -> list[RankedPlay]:
    """The legal plays of ``situation`` ranked by engine ``level``, best first, and the
    level used (``auto`` picks ``exact`` where it applies, else ``monte-carlo``).
    ``options`` go to the Monte Carlo level (``samples``, ``seconds``, ``seed``).

    Raises ``KeyError`` for an unknown level (the CLI offers only known ones).
    """
    if level == "auto":
        level = "exact" if situation.exact_applies() else "monte-carlo"
    if level == "monte-carlo":
        return rank_monte_carlo(situation, **options)
    return LEVELS[level](situation)


def resolve_level(situation: Situation, level: str) -> str:
    """The level ``auto`` stands for in this situation."""
    if level != "auto":
        return level
    return "exact" if situation.exact_applies() else "monte-carlo"


__all__ = ["LEVELS", "RankedPlay", "Situation", "board_position", "expected_best", "rank"]
