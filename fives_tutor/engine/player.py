"""The player protocol: how a program plays All Fives against fives-tutor's levels
(``fives duel path/to/bot.py:ClassName expert``), and the built-in levels behind it.

A player is any object with a ``choose(view)`` method (subclassing :class:`Player` is
optional). At each of its turns it is shown a :class:`View`, what a player at the
table may see, and returns an :class:`Action`: play one of ``view.legal``, draw one
tile (``view.may_draw``) or pass (``view.may_pass``). It may also return one of the
:class:`~fives_tutor.core.plays.Play` values of ``view.legal`` itself, or the strings
``"draw"`` and ``"pass"``. Anything else is illegal: in a duel the player forfeits
that match, and the duel reports it.

>>> from fives_tutor import load_rules
>>> class Heaviest(Player):
...     def choose(self, view):
...         if not view.legal:
...             return Action.draw() if view.may_draw else Action.pass_()
...         return Action.play(max(view.legal, key=lambda p: (p.points, p.tile.pips)))
>>> view = example_view(load_rules("dominos-cc"))
>>> str(view.position), len(view.legal), Heaviest().choose(view)
('1 6|6* 2 6*', 4, Action(kind='play', tile=Tile(6, 4), end='6*', index=3))
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import NamedTuple

from ..core.plays import Play, legal_plays
from ..core.position import Position
from ..core.rules import RuleSet
from ..core.tiles import Tile, parse_hand
from .history import History, parse_history
from .levels import Situation, rank
from .replay import replay
from .styles import PastHand


class Action(NamedTuple):
    """What a player does on their turn: ``kind`` is ``play`` (``tile`` on the end written
    ``end``, as the ends form writes it; empty for the lead), ``draw`` (one tile) or
    ``pass``."""

    kind: str
    tile: Tile | None = None
    end: str = ""
    # shadows tuple.index, as NamedTuple allows (mypy objects to the name; bots read it)
    index: int = -1  # type: ignore[assignment]

    @classmethod
    def play(cls, play: Play) -> Action:
        """Play ``play`` (one of :attr:`View.legal`)."""
        return cls("play", play.tile, play.end, play.index)

    @classmethod
    def draw(cls) -> Action:
        """Draw one tile from the boneyard."""
        return cls("draw")

    @classmethod
    def pass_(cls) -> Action:
        """Pass (knock)."""
        return cls("pass")


class View(NamedTuple):
    """What a player is shown at their turn.

    The pack (``rules``); their ``seat`` (0 leads the first hand's turn order; play
    goes seat 0, 1, 2, ...) among ``players``, each seat's side (``sides``: partners
    share one); their own tiles (``hand``); the table (``position``, the ends form) and
    the tiles on it in the order played (``played``, the lead first); how many tiles
    each seat holds (``counts``) and the boneyard (``boneyard``; ``drawable`` of them may
    be drawn); each side's points (``scores``) and the match ``target``; the hand so far
    (``history``, a :class:`~fives_tutor.engine.history.History`); the plays allowed now
    (``legal``, leads as the lead rule allows) and whether drawing or passing is allowed
    now (``may_draw``, ``may_pass``); which hand of the match this is (``hand_number``
    from 1) and its lead rule (``lead``: ``first`` or ``later``); the earlier hands of
    the match (``match``: :class:`~fives_tutor.engine.styles.PastHand`, each hand's
    history, the tiles this player held in it, the scores when it began and its lead
    rule), from which the others' ways of playing can be read.
    """

    rules: RuleSet
    seat: int
    players: int
    sides: tuple[int, ...]
    hand: tuple[Tile, ...]
    position: Position
    played: tuple[Tile, ...]
    counts: tuple[int, ...]
    boneyard: int
    drawable: int
    scores: tuple[int, ...]
    target: int
    history: History
    legal: tuple[Play, ...]
    may_draw: bool
    may_pass: bool
    hand_number: int = 1
    lead: str = "first"
    match: tuple[PastHand, ...] = ()


class Player(ABC):
    """The base of a player: a subclass defines :meth:`choose` (a class without it cannot
    be made). ``name`` is shown in reports."""

    name = "player"

    @abstractmethod
    def choose(self, view: View) -> Action:
        """The action for ``view`` (see the module docstring)."""


def situation(view: View, scores: bool = True) -> Situation:
    """The :class:`~fives_tutor.engine.levels.Situation` of ``view``: what the player knows,
    the whole history included (``scores``: weigh the match)."""
    return Situation.from_history(view.history, view.hand, view.rules,
                                  _my_side_first(view) if scores else None, view.lead, past=view.match)


def _my_side_first(view: View) -> tuple[int, ...]:
    mine = view.sides[view.seat]
    order = [mine] + [s for s in dict.fromkeys(view.sides[(view.seat + k) % view.players]
                                               for k in range(view.players)) if s != mine]
    return tuple(view.scores[s] for s in order)


class LevelPlayer(Player):
    """One of fives-tutor's levels as a player: ``level`` (``expert``, ``monte-carlo``, ...),
    ``samples`` for Monte Carlo (default: the engine's), ``seed``."""

    def __init__(self, level: str = "expert", samples: int | None = None, seed: str = "0") -> None:
        self.level = level
        self.name = level
        self.samples = samples
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        if not view.legal:
            return Action.draw() if view.may_draw else Action.pass_()
        if len(view.legal) == 1:
            return Action.play(view.legal[0])
        if self.level == "random":
            return Action.play(view.legal[self.rng.randrange(len(view.legal))])
        options = {}
        level = self.level
        if level in ("monte-carlo", "auto"):
            options = {"samples": self.samples, "seed": self.rng.randrange(1 << 30)}
        ranked = rank(situation(view, scores=level in ("monte-carlo", "auto")), level, **options)
        best = ranked[0].play
        return Action("play", best.tile, best.end, best.index)


def example_view(rules: RuleSet) -> View:
    """A small view for examples and tests: two players; seat 0 led 6|6, seat 1 played
    6|1 on it, seat 0 played 6|2 on an arm; seat 1 to play, holding 2|5, 6|4, 3|3, 1|0,
    0|0 and 4|4."""
    history = parse_history("1 leads 6|6\n2 plays 6|1\n1 plays 6|2@6*\n", rules, 2)
    table = replay(history, rules)
    hand = parse_hand("2|5 6|4 3|3 1|0 0|0 4|4")
    legal = tuple(legal_plays(table.layout, hand, rules))
    return View(rules, 1, 2, (0, 1), hand, table.position, table.played, table.counts, table.boneyard,
                table.boneyard - rules.turn.boneyard_reserve, (0, 0), rules.match.target[2], history, legal, False,
                False)


__all__ = ["Action", "LevelPlayer", "Player", "View", "example_view", "situation"]
