"""Whole hands and matches: the game state machine (pure, seeded, no I/O).

A :class:`Match` deals :class:`Hand` after hand from a seeded ``random.Random`` and
keeps the score by sides (each player alone, or two partnerships of partners sitting
opposite). Every rule decision reads a pack parameter (``rules.<section>.<key>``,
named in each docstring), never a variant's name. Actions are validated: an
illegal one raises :class:`~fives_tutor.errors.IllegalPlayError` and changes nothing.

>>> from fives_tutor import load_rules
>>> match = Match(load_rules("dominos-cc"), players=2, seed=7)
>>> hand = match.hand
>>> len(hand.hands[0]), len(hand.hands[1]), len(hand.boneyard)
(7, 7, 14)
>>> hand.lead_tile == max((t for h in hand.hands for t in h if t.is_double), default=None)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from ..errors import N_, IllegalPlayError, span
from .position import _COUNT_FACTOR, Position, place
from .rules import RuleSet, ScoringRules
from .scoring import collect
from .tiles import Tile, domino_set


class PlayRecord(NamedTuple):
    """One tile played: by ``player``, on end ``index`` of the position before
    (``-1`` for the lead), the ``total`` after it in pips, the ``points`` it made
    and the points ``credited`` (less when muggins points were not announced)."""

    player: int
    tile: Tile
    index: int  # type: ignore[assignment]  # PlayRecord.index is public (the end's index): it shadows tuple.index
    total: int
    points: int
    credited: int


class HandResult(NamedTuple):
    """How a hand ended. ``kind`` is ``domino`` or ``blocked``; ``winners`` the
    sides that score (none on a tie that scores nothing, two on a split);
    ``points`` what each of them is awarded (before the match's exact-target rule);
    ``pips`` each player's remaining pips; ``domino_player`` who went out."""

    kind: str
    winners: tuple[int, ...]
    points: tuple[int, ...]
    pips: tuple[int, ...]
    domino_player: int | None


def check_players(rules: RuleSet, players: int) -> None:
    """Raise IllegalPlayError for a player count the pack does not allow
    (``rules.players.min`` and ``max``)."""
    if not rules.players.min <= players <= rules.players.max:
        raise IllegalPlayError(N_("this rule pack is for {players} players, not {count}"),
                               players=span(rules.players.min, rules.players.max), count=players)


def deal(rules: RuleSet, players: int, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """Shuffle the set and deal each player ``rules.players.hand_size[players]`` tiles;
    the rest is the boneyard (drawn from its end). Raises IllegalPlayError for a
    player count the pack does not allow (``rules.players.min``/``max``)."""
    check_players(rules, players)
    tiles = list(domino_set(rules.max_pips))
    rng.shuffle(tiles)
    size = rules.players.hand_size[players]
    hands = [tiles[i * size:(i + 1) * size] for i in range(players)]
    return hands, tiles[players * size:]


def lead_rank(tile: Tile) -> tuple[bool, int, int]:
    """How a tile ranks for the first lead under ``highest_double`` (the highest ranks
    first): doubles by their pips, then the other tiles by pips and the higher half
    (:func:`heaviest_double_or_tile`)."""
    return (tile.is_double, tile.high if tile.is_double else tile.pips, tile.high)


def low_lead_rank(tile: Tile) -> tuple[bool, int, int]:
    """How a tile ranks for the first lead under ``lowest_double`` (the lowest ranks
    first): doubles by their pips, then the other tiles by pips and the higher half
    (:func:`lowest_double_or_tile`)."""
    return (not tile.is_double, tile.high if tile.is_double else tile.pips, tile.high)


def lowest_double_or_tile(hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile]:
    """The holder of the lowest double and that double; with no double dealt, the
    holder of the lightest tile (fewest pips, then the lower higher half) and that tile.

    The Dr. Dominos app has the player with the lowest double in hand make the first
    move; its description does not say who leads when nobody holds a double, so the
    rule mirrors :func:`heaviest_double_or_tile`: the lightest tile leads.
    """
    best: tuple[tuple[bool, int, int], int, Tile] | None = None
    for player, tiles in enumerate(hands):
        for tile in tiles:
            key = low_lead_rank(tile)
            if best is None or key < best[0]:
                best = (key, player, tile)
    if best is None:
        raise ValueError("no tile was dealt")
    return best[1], best[2]


def forced_lead(rule: str, hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile] | None:
    """Who must lead and with which tile under the lead rule ``rule`` (pack key
    ``rules.lead.first_hand``): ``highest_double`` or ``lowest_double``; None for a
    rule that leaves the lead to a lot (any tile may lead)."""
    if rule == "highest_double":
        return heaviest_double_or_tile(hands)
    if rule == "lowest_double":
        return lowest_double_or_tile(hands)
    return None


def choose_leader(rules: RuleSet, hands: Sequence[Sequence[Tile]], rng: random.Random,
                  previous: Hand | None = None) -> tuple[int, Tile | None]:
    """Who leads the hand just dealt as ``hands``, and with which tile when the pack
    forces it: under ``rules.lead.first_hand`` for the first hand (``previous`` None),
    ``rules.lead.later_hands`` after the hand ``previous``: the holder of the highest
    or lowest double (:func:`forced_lead`), the player who went out of ``previous``
    (``previous_domino``; a blocked hand is led by lot), the player to the left of its
    leader (``to_the_left``), else a lot drawn from ``rng``."""
    players = len(hands)
    lead = rules.lead
    rule = lead.first_hand if previous is None or lead.later_hands == "same_as_first" else lead.later_hands
    forced = forced_lead(rule, hands)
    if forced is not None:
        return forced
    if previous is not None:
        result = previous.result
        if rule == "previous_domino" and result is not None and result.kind == "domino" \
                and result.domino_player is not None:
            return result.domino_player, None
        if rule == "to_the_left":
            return (previous.leader + 1) % players, None
    return rng.randrange(players), None  # by lot


def heaviest_double_or_tile(hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile]:
    """The holder of the highest double and that double; with no double dealt, the
    holder of the heaviest tile (most pips, then the higher half) and that tile."""
    best: tuple[tuple[bool, int, int], int, Tile] | None = None
    for player, tiles in enumerate(hands):
        for tile in tiles:
            key = lead_rank(tile)
            if best is None or key > best[0]:
                best = (key, player, tile)
    if best is None:
        raise ValueError("no tile was dealt")
    return best[1], best[2]


_TABLES: dict[tuple[ScoringRules, int], list[int]] = {}


def _points_table(rules: RuleSet) -> list[int]:
    """Points for every open-end total a hand can reach, indexed by the total (cached per scoring rule)."""
    key = (rules.scoring, rules.max_pips)
    table = _TABLES.get(key)
    if table is None:
        points_for = rules.scoring.points_for
        table = _TABLES[key] = [points_for(total) for total in range(8 * 4 * (rules.max_pips + 1) + 1)]
    return table


class Hand:
    """One deal, from the lead to a domino or a block.

    ``hands[p]`` are player p's tiles, ``boneyard`` the face-down tiles (the last
    ``rules.turn.boneyard_reserve`` are never drawn), ``position`` the ends form,
    ``turn`` whose turn it is, ``sides[p]`` the side (team) of player p.
    ``lead_tile`` is the tile that must lead, when the pack forces it.
    """

    __slots__ = ("rules", "players", "sides", "hands", "boneyard", "position", "turn", "leader", "lead_tile",
                 "plays", "passes", "drawn", "double_played", "result", "claimable", "_points", "_reserve")

    def __init__(self, rules: RuleSet, hands: list[list[Tile]], boneyard: list[Tile], leader: int,
                 lead_tile: Tile | None = None, sides: Sequence[int] | None = None) -> None:
        self.rules = rules
        self.players = len(hands)
        self.sides = tuple(sides) if sides is not None else tuple(range(self.players))
        self.hands = hands
        self.boneyard = boneyard
        self.position = Position()
        self.turn = leader
        self.leader = leader
        self.lead_tile = lead_tile
        self.plays: list[PlayRecord] = []
        self.passes = 0
        self.drawn = 0  # tiles drawn by the player to move, this turn
        self.double_played = False
        self.result: HandResult | None = None
        self.claimable: tuple[int, int] | None = None  # (player who failed to announce, points)
        self._points = _points_table(rules)
        self._reserve = rules.turn.boneyard_reserve

    @classmethod
    def resume(cls, rules: RuleSet, hands: list[list[Tile]], boneyard: list[Tile], position: Position, turn: int,
               sides: Sequence[int] | None = None, double_played: bool = False, passes: int = 0,
               drawn: int = 0) -> Hand:
        """A hand already under way: ``position`` on the table, ``turn`` to move
        (``double_played``: whether a double is on the table, for the spinner rule)."""
        hand = cls(rules, hands, boneyard, turn, None, sides)
        hand.position = position
        hand.double_played = double_played
        hand.passes = passes
        hand.drawn = drawn
        return hand

    # --- what may happen now ---------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the hand has ended (see :attr:`result`)."""
        return self.result is not None

    @property
    def drawable(self) -> int:
        """Tiles that may still be drawn (``rules.turn.boneyard_reserve`` stay)."""
        return max(0, len(self.boneyard) - self._reserve)

    def options(self, player: int | None = None) -> list[tuple[Tile, int, int]]:
        """Legal plays of ``player`` (default: whose turn it is) as ``(tile, end index,
        points)``, one per kind of end a tile fits; the lead has end index -1."""
        player = self.turn if player is None else player
        tiles = self.hands[player]
        position = self.position
        ends = position.ends
        points = self._points
        if not ends:
            scores = self.rules.lead.scores
            candidates = [self.lead_tile] if self.lead_tile is not None else tiles
            one_half = self.rules.spinner.lone_counts == "one_half"
            result = []
            for tile in candidates:
                high, low = tile
                total = (high if one_half else 2 * high) if high == low else high + low
                result.append((tile, -1, points[total] if scores else 0))
            return result
        total = 0
        for e in ends:
            total += e.pips * _COUNT_FACTOR[e.kind]
        lone = position.lone
        result = []
        pips_open = {e.pips for e in ends}
        for tile in tiles:
            high, low = tile
            if high not in pips_open and low not in pips_open:
                continue
            seen = []
            for index, e in enumerate(ends):
                matched = e.pips
                if matched != high and matched != low or e in seen:
                    continue
                seen.append(e)
                far = low if high == matched else high
                added = 2 * far if high == low else far
                if lone:
                    after = added + 2 * matched if len(ends) == 1 else ends[1 - index].pips + added
                else:
                    after = total - matched * _COUNT_FACTOR[e.kind] + added
                result.append((tile, index, points[after]))
        return result

    def can_draw(self) -> bool:
        """Whether the player to move may draw now (``rules.turn.draw``, ``draw_while_able``)."""
        draw = self.rules.turn.draw
        if self.over or draw == "none" or self.drawable == 0 or (draw == "one" and self.drawn):
            return False
        return self.rules.turn.draw_while_able or not self.options()

    def can_pass(self) -> bool:
        """Whether the player to move may pass: no legal play and nothing to draw."""
        if self.over or self.options():
            return False
        draw = self.rules.turn.draw
        return draw == "none" or self.drawable == 0 or (draw == "one" and self.drawn > 0)

    # --- actions ---------------------------------------------------------------------

    def play(self, tile: Tile, index: int, announced: int | None = None) -> PlayRecord:
        """The player to move plays ``tile`` on end ``index`` (-1 for the lead).

        Under ``rules.muggins.announce`` only ``announced`` points equal to the
        points made are credited; otherwise the points become claimable by an
        opponent until the next play. Raises :class:`IllegalPlayError`.
        """
        if self.over:
            raise IllegalPlayError(N_("the hand is over"))
        player = self.turn
        hand = self.hands[player]
        if tile not in hand:
            raise IllegalPlayError(N_("{tile} is not in the hand of the player to move"), tile=str(tile))
        position = self.position
        if not position.ends:
            if index != -1:
                raise IllegalPlayError(N_("the table is empty: {tile} is the lead"), tile=str(tile))
            if self.lead_tile is not None and tile != self.lead_tile:
                raise IllegalPlayError(N_("the lead must be {tile}"), tile=str(self.lead_tile))
        elif not 0 <= index < len(position.ends) or position.ends[index].pips not in tile:
            raise IllegalPlayError(N_("{tile} does not fit on that end"), tile=str(tile))
        doubles = self.rules.spinner.doubles
        spins = tile[0] == tile[1] and (doubles == "every" or (doubles == "first" and not self.double_played))
        after = place(position, tile, index, self.rules, spinner=spins)
        total = after.total(self.rules)
        points = self._points[total] if total < len(self._points) else self.rules.scoring.points_for(total)
        if index < 0 and not self.rules.lead.scores:
            points = 0
        credited = points
        self.claimable = None
        if self.rules.muggins.announce and (announced or 0) != points:
            credited = 0
            if points:
                self.claimable = (player, points)
        hand.remove(tile)
        if tile[0] == tile[1]:
            self.double_played = True
        self.position = after
        record = PlayRecord(player, tile, index, total, points, credited)
        self.plays.append(record)
        self.passes = 0
        self.drawn = 0
        if not hand:
            self._finish("domino", player)
        else:
            self.turn = (player + 1) % self.players
        return record

    def draw(self) -> Tile:
        """The player to move draws one tile (``rules.turn.draw``). Raises
        :class:`IllegalPlayError` when the pack or the boneyard does not allow it."""
        if self.over:
            raise IllegalPlayError(N_("the hand is over"))
        rule = self.rules.turn.draw
        if rule == "none":
            raise IllegalPlayError(N_("under these rules nobody draws"))
        if self.drawable == 0:
            raise IllegalPlayError(N_("the boneyard has no tile to draw"))
        if rule == "one" and self.drawn:
            raise IllegalPlayError(N_("under these rules a player draws only one tile a turn"))
        if not self.rules.turn.draw_while_able and self.options():
            raise IllegalPlayError(N_("a player who can play must play"))
        tile = self.boneyard.pop()
        self.hands[self.turn].append(tile)
        self.drawn += 1
        return tile

    def pass_turn(self) -> None:
        """The player to move passes (knocks). Raises :class:`IllegalPlayError` when
        they can play or must draw. After every player has passed in a row the hand
        is blocked."""
        if self.over:
            raise IllegalPlayError(N_("the hand is over"))
        if self.options():
            raise IllegalPlayError(N_("a player who can play must play"))
        if not self.can_pass():
            raise IllegalPlayError(N_("a player who cannot play must draw while the boneyard has tiles"))
        self.passes += 1
        self.drawn = 0
        if self.passes >= self.players:
            self._finish("blocked", None)
        else:
            self.turn = (self.turn + 1) % self.players

    # --- the end of the hand ---------------------------------------------------------

    def _finish(self, kind: str, domino_player: int | None) -> None:
        pips = tuple(self.rules.hand_end.hand_pips(tiles) for tiles in self.hands)
        counts = tuple(len(tiles) for tiles in self.hands)
        self.result = hand_result(self.rules, kind, self.sides, pips, counts, domino_player)


def sides_for(rules: RuleSet, players: int) -> tuple[int, ...]:
    """Each player's side: partners opposite (0 and 2 against 1 and 3) when four play and
    ``rules.players.partnerships_with_four`` is set, else everyone for themselves."""
    if players == 4 and rules.players.partnerships_with_four:
        return tuple(p % 2 for p in range(players))
    return tuple(range(players))


_SEATED: dict[int, tuple[RuleSet, RuleSet]] = {}


def seated_rules(rules: RuleSet, sides: Sequence[int]) -> RuleSet:
    """The rules as a table seats its players in ``sides`` (each player's side, as
    :func:`sides_for` gives them): ``rules`` itself where the pack seats them so, else,
    for two partnerships of partners sitting opposite at a pack that plays each for
    themselves, the house partnership: ``rules`` with ``rules.players.partnerships_with_four``
    set (the one rule that seats partners: :func:`sides_for`, and so every rule that
    reads sides, the hand-end count of a side's pips and the scores by side). The
    variant is made once per pack object, so that what is cached by pack (the engine's
    tables) is kept. Raises :class:`~fives_tutor.errors.IllegalPlayError` for a seating
    no pack parameter gives (partners side by side)."""
    sides = tuple(sides)
    if sides == sides_for(rules, len(sides)):
        return rules
    found = _SEATED.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_SEATED) > 64:
            _SEATED.clear()
        partnered = rules._replace(players=rules.players._replace(partnerships_with_four=True))
        found = _SEATED[id(rules)] = (rules, partnered)
    if sides != sides_for(found[1], len(sides)):
        raise IllegalPlayError(N_("partners sit opposite each other: the first and third players, or the second "
                                  "and fourth"))
    return found[1]


def hand_result(rules: RuleSet, kind: str, sides: Sequence[int], pips: Sequence[int], tile_counts: Sequence[int],
                domino_player: int | None) -> HandResult:
    """Who wins a finished hand and what they collect (pack keys ``rules.hand_end.*``).

    ``kind`` is ``domino`` (``domino_player`` went out) or ``blocked``; ``pips`` and
    ``tile_counts`` are each player's remaining pips and tiles. A side's pips are its
    players' pips added. Blocked: the side with fewest pips wins; a tie follows
    ``rules.hand_end.blocked_tie[players]`` (``fewer_tiles``, ``nobody``, or ``split``:
    the tied sides share what the others pay, each share rounded like pips). The
    winner collects the other sides' pips through :func:`fives_tutor.core.scoring.collect`.
    """
    players = len(pips)
    side_ids = sorted(set(sides))
    side_pips = {s: sum(p for player, p in enumerate(pips) if sides[player] == s) for s in side_ids}
    if kind == "domino":
        if domino_player is None:
            raise ValueError("a domino needs the player who went out")
        winners: tuple[int, ...] = (sides[domino_player],)
    else:
        winners = _blocked_winners(rules, sides, side_ids, side_pips, tile_counts)
    awarded: tuple[int, ...] = ()
    if winners:
        loser_pips = [pips[p] for p in range(players) if sides[p] not in winners]
        won = collect(loser_pips, rules, winner_pips=side_pips[winners[0]], domino=kind == "domino")
        if len(winners) == 1:
            awarded = (won.points,)
        else:
            share = won.points // len(winners)
            if rules.hand_end.points == "pips":
                share = rules.hand_end.round_pips(share)
            awarded = (share,) * len(winners)
    return HandResult(kind, tuple(winners), awarded, tuple(pips), domino_player)


def _blocked_winners(rules: RuleSet, sides: Sequence[int], side_ids: Sequence[int], side_pips: dict[int, int],
                     tile_counts: Sequence[int]) -> tuple[int, ...]:
    """Fewest pips wins; a tie follows ``rules.hand_end.blocked_tie[players]``."""
    lowest = min(side_pips.values())
    tied = [s for s in side_ids if side_pips[s] == lowest]
    if len(tied) == 1:
        return (tied[0],)
    rule = rules.hand_end.blocked_tie[len(sides)]
    if rule == "fewer_tiles":
        tiles = {s: sum(c for p, c in enumerate(tile_counts) if sides[p] == s) for s in tied}
        fewest = min(tiles.values())
        best = [s for s in tied if tiles[s] == fewest]
        return (best[0],) if len(best) == 1 else ()
    if rule == "split" and len(tied) < len(side_ids):
        return tuple(tied)
    return ()


class Scoreboard:
    """Each side's points toward the match target (``rules.match.target[players]``).

    ``take`` adds points; a score that would pass the target follows
    ``rules.match.overshoot``: ``allowed`` (it wins), ``not_taken`` (nothing is
    taken: Fives and Threes to exactly 61) or ``bounce`` (the side goes back from the
    target by the excess, never below zero: at 70 of 72, scoring 5 leaves 72 − 3 = 69,
    as the Amstrad CPC Dominoes program does). The first side to reach the target is
    the ``winner`` and nothing is taken after that.
    """

    def __init__(self, rules: RuleSet, players: int, sides: Sequence[int]) -> None:
        self.target = rules.match.target[players]
        self.overshoot = rules.match.overshoot
        self.exact = self.overshoot != "allowed"
        self.scores = [0] * len(set(sides))
        self.winner: int | None = None

    def change(self, side: int, points: int) -> int:
        """How ``side``'s score would change if it made ``points`` now (0 when refused or
        over; negative when it would bounce back below where it was); nothing is taken."""
        if points <= 0 or self.winner is not None:
            return 0
        before = self.scores[side]
        after = before + points
        if after > self.target and self.exact:
            if self.overshoot == "not_taken":
                return 0
            after = max(0, 2 * self.target - after)  # bounce: the target less the excess
        return after - before

    def take(self, side: int, points: int) -> int:
        """Add ``points`` to ``side``; returns the change of its score (0 when refused
        or over; negative when a score bounces back below where it was)."""
        change = self.change(side, points)
        if not change:
            return 0
        after = self.scores[side] = self.scores[side] + change
        if after >= self.target:
            self.winner = side
        return change

    def take_together(self, side: int, play_points: int, award: int) -> tuple[int, int]:
        """The play that went out (``play_points``) and the hand's ``award`` to its side,
        taken as one score (an exact target: pagat.com's Fives and Threes). Returns the
        change of the side's score split into ``(play part, end part)``: all of it when
        taken whole, nothing when refused, and for a bounce the whole change booked to
        the play (the two cannot be told apart once they bounce together)."""
        whole = play_points + award
        change = self.take(side, whole)
        if change == whole:
            return play_points, award
        return change, 0


#: a legal play as :meth:`Hand.options` lists it: ``(tile, end index, points)``
Option = tuple[Tile, int, int]

#: a player of :meth:`Match.moves`: given the hand, its legal plays and the players'
#: random numbers, picks one of the plays
Choose = Callable[[Hand, list[Option], random.Random], Option]


class Move(NamedTuple):
    """One action of :meth:`Match.moves`: its ``kind`` (``play``, ``draw`` or ``pass``),
    the ``player``, the ``hand`` it was taken in (it may be over now: the match deals
    the next one at once), the ``tile`` played or drawn (None for a pass), the
    ``end_index`` a tile was played on (−1 for the lead; None for a draw or a pass)
    and the ends form ``before`` the action."""

    kind: str
    player: int
    hand: Hand
    tile: Tile | None
    end_index: int | None
    before: Position


class HandSummary(NamedTuple):
    """A finished hand, as the match books it: the ``leader``, every play's points
    (``play_points``, as credited to the player), the ``result``, the points each side
    actually took from play and at the end (after the exact-target rule), and
    ``play_taken``: what each play actually added to its side's score (0 for points
    an exact target refused or the match no longer needed)."""

    leader: int
    play_points: tuple[int, ...]
    result: HandResult | None
    taken_from_play: tuple[int, ...]
    taken_at_end: tuple[int, ...]
    play_taken: tuple[int, ...] = ()


class Match:
    """A match to the pack's target (``rules.match.target[players]``), hand after hand.

    ``sides`` maps each player to a side: partners opposite (players 0 and 2
    against 1 and 3) when four play and ``rules.players.partnerships_with_four``
    is set. ``scores`` holds each side's points; ``winner`` the side that reached
    the target (``rules.match.overshoot``: what a score that would pass it does).
    The deal and any lot are drawn from ``random.Random(seed)``.

    Under an exact target the play that goes out and the points for going out
    (``rules.hand_end.chip_out_bonus`` and any pips collected) are one score,
    checked against the target together: pagat's Fives and Threes, on 59 a last tile
    that makes 6 scores 2 + 1 = 3, which would pass 61, so nothing is scored.
    """

    def __init__(self, rules: RuleSet, players: int = 2, seed: int | str | None = 0,
                 rng: random.Random | None = None) -> None:
        self.rules = rules
        self.players = players
        check_players(rules, players)
        self.sides = sides_for(rules, players)
        self.board = Scoreboard(rules, players, self.sides)
        self._last_player: int | None = None
        self._claimable = 0
        self.scores = self.board.scores
        self.target = self.board.target
        self.rng = rng if rng is not None else random.Random(seed)
        self.history: list[HandSummary] = []
        self.first_leader: int | None = None
        self._taken_in_play = [0] * len(self.scores)
        self.hand = self._new_hand(None)

    @property
    def winner(self) -> int | None:
        """The side that reached the target, or None while the match goes on."""
        return self.board.winner

    @property
    def over(self) -> bool:
        """True once a side has reached the target."""
        return self.board.winner is not None

    def _new_hand(self, previous: Hand | None) -> Hand:
        hands, boneyard = deal(self.rules, self.players, self.rng)
        leader, lead_tile = self._leader(hands, previous)
        if self.first_leader is None:
            self.first_leader = leader
        self._taken_in_play = [0] * len(self.scores)
        self._play_taken: list[int] = []
        return Hand(self.rules, hands, boneyard, leader, lead_tile, self.sides)

    def _leader(self, hands: Sequence[Sequence[Tile]], previous: Hand | None) -> tuple[int, Tile | None]:
        """Who leads, and with what (``rules.lead.first_hand`` and ``later_hands``)."""
        return choose_leader(self.rules, hands, self.rng, previous)

    def _take(self, side: int, points: int) -> int:
        return self.board.take(side, points)

    def _after_action(self, last_play: tuple[int, int] | None = None) -> None:
        """Book the hand when it is over. ``last_play`` is ``(side, points)`` of a play
        that went out and is scored together with the hand's award (exact target)."""
        hand = self.hand
        if self.over:
            self._book(hand, ())
            return
        result = hand.result
        if result is not None:  # the hand is over
            taken = []
            for side, points in zip(result.winners, result.points):
                if last_play is not None and side == last_play[0]:
                    play_part, end_part = self.board.take_together(side, last_play[1], points)
                    self._taken_in_play[side] += play_part
                    self._play_taken.append(play_part)
                    taken.append(end_part)
                    last_play = None
                else:
                    taken.append(self._take(side, points))
            self._book(hand, tuple(taken))
            if not self.over:
                self.hand = self._new_hand(hand)

    def _book(self, hand: Hand, taken_at_end: tuple[int, ...]) -> None:
        self.history.append(HandSummary(hand.leader, tuple(p.credited for p in hand.plays), hand.result,
                                        tuple(self._taken_in_play), taken_at_end, tuple(self._play_taken)))

    def play(self, tile: Tile, index: int, announced: int | None = None) -> PlayRecord:
        """The player to move plays; their side scores the points credited."""
        self._check_open()
        record = self.hand.play(tile, index, announced)
        # what the player left unannounced stays claimable until the next play, even
        # across the end of the hand
        self._last_player = record.player
        self._claimable = self.hand.claimable[1] if self.hand.claimable else 0
        side = self.sides[record.player]
        if self.hand.over and self.board.exact:
            # pagat, Fives and Threes: the point for chipping out is scored at the same
            # time as the play, and the two are refused together if they pass the target
            self._after_action((side, record.credited))
            return record
        taken = self._take(side, record.credited)
        self._taken_in_play[side] += taken
        self._play_taken.append(taken)
        self._after_action()
        return record

    def draw(self) -> Tile:
        """The player to move draws a tile."""
        self._check_open()
        return self.hand.draw()

    def pass_turn(self) -> None:
        """The player to move passes."""
        self._check_open()
        self.hand.pass_turn()
        self._after_action()

    def claim(self, claimer: int, amount: int | None = None) -> int:
        """Muggins: ``claimer`` claims the points the last player did not announce.

        Returns the points the claimer's side took. A claim with nothing to take is
        wrong: under ``rules.muggins.wrong_claim: claimed_points`` the accused
        side scores ``amount``. Raises :class:`IllegalPlayError` where the pack has
        no muggins or the claimer is on the last player's side.
        """
        self._check_open()
        if not self.rules.muggins.announce:
            raise IllegalPlayError(N_("this rule pack has no muggins"))
        last = self._last_player
        if last is None or self.sides[claimer] == self.sides[last]:
            raise IllegalPlayError(N_("only an opponent of the last player may call muggins"))
        taken = 0
        if self._claimable:
            points, self._claimable = self._claimable, 0
            self.hand.claimable = None
            taken = self._take(self.sides[claimer], points)
            self._taken_in_play[self.sides[claimer]] += taken
        elif self.rules.muggins.wrong_claim == "claimed_points" and amount:
            side = self.sides[last]
            self._taken_in_play[side] += self._take(side, amount)
        if self.over:
            self._book(self.hand, ())
        return taken

    def _check_open(self) -> None:
        if self.over:
            raise IllegalPlayError(N_("the match is over"))

    # --- the slow match loop ---------------------------------------------------------

    def moves(self, choose: Choose, rng: random.Random) -> Iterator[Move]:
        """Play the match out, one action at a time, yielding each :class:`Move` just
        after the match has taken it: the player to move plays what ``choose(hand,
        options, rng)`` picks among the legal plays (announcing all its points, so
        muggins never applies); with none, draws while the pack allows
        (``rules.turn.draw``); else passes. Ends when a side has won.

        This is the one "options, draw while none, play or pass" loop over the state
        machine (the simulator's reference path and the tests that play whole matches
        use it); the engine's fast loop plays the same moves (``tests/test_fast.py``).
        """
        while not self.over:
            hand = self.hand
            player = hand.turn
            before = hand.position
            options = hand.options()
            if options:
                tile, index, points = choose(hand, options, rng)
                self.play(tile, index, points)
                yield Move("play", player, hand, tile, index, before)
            elif hand.can_draw():
                yield Move("draw", player, hand, self.draw(), None, before)
            else:
                self.pass_turn()
                yield Move("pass", player, hand, None, None, before)

    def play_out(self, choose: Choose, rng: random.Random) -> None:
        """Play the match to its end as :meth:`moves` does, watching nothing."""
        for _ in self.moves(choose, rng):
            pass

