"""The scorekeeper of a real match (pure, no I/O): what a table can see and say.

Two objects keep a table, and one joins them:

* :class:`Scorekeeper` keeps the score of the match as the table announces it: the
  layout, how many tiles each player holds, the boneyard's size, whose turn it is,
  plays, draws, passes, muggins claims, the count at the end of each hand, the scores
  and the sheet. It never sees a tile that is not on the table.
* :class:`~fives_tutor.core.followed.FollowedHand` holds the tiles of the one player
  who told the table theirs, through the hand (so that ``hint`` and the coach can
  advise them).
* :class:`TableState` is a scorekeeper that follows that hand: what ``fives table``
  and ``fives play`` replay their journal into.

A match is the list of its events (:mod:`fives_tutor.core.events` spells out their
format); :func:`replay` rebuilds the table from them, undo and redo included (their
algebra is :mod:`fives_tutor.core.undo`'s). Each action is checked against the pack
and what the keeper can see; a refused action raises
:class:`~fives_tutor.errors.IllegalPlayError` and changes nothing.

>>> from fives_tutor import load_rules
>>> state = TableState(load_rules("dominos-cc"), ["Ana", "Ben"])
>>> _ = state.apply({"type": "play", "player": 0, "tile": "6|6", "end": ""})
>>> _ = state.apply({"type": "play", "player": 1, "tile": "6|3", "end": ""})
>>> state.scores, str(state.position)
([0, 15], '3 6|6* 6* 6*')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple, overload

from ..errors import N_, FivesError, IllegalPlayError, Msg, Nn_
from .events import (
    ClaimEvent,
    DrawEvent,
    Event,
    HandEndEvent,
    PassEvent,
    PipsEvent,
    PlayEvent,
)
from .followed import FollowedHand
from .game import HandResult, Scoreboard, check_players, hand_result, sides_for
from .layout import Layout
from .plays import Play, parse_play, plays_for_tile, tiles_on_table
from .position import Position
from .rules import RuleSet
from .tiles import Tile, domino_set, parse_hand
from .undo import effective_actions, standing

#: how a table seats its players in sides: lists of player indexes (None: the pack's seating)
Teams = Sequence[Sequence[int]] | None

class SheetRow(NamedTuple):
    """One hand on the score sheet: its ``number``, the ``leader``, points each side
    scored by plays and at the end, the ``result``, each side's ``totals`` after it, and
    ``refused``: the points of the play that went out and of going out, together, when
    an exact target refused them (0 otherwise)."""

    number: int
    leader: int
    from_play: tuple[int, ...]
    at_end: tuple[int, ...]
    result: HandResult | None
    totals: tuple[int, ...]
    refused: int = 0


class Logged(NamedTuple):
    """A line of the match's history: the hand number, the event, what it put on the
    table (a play) and the points it credited."""

    hand: int
    event: Event
    play: Play | None
    credited: int


class Scorekeeper:
    """The score of a real match under ``rules`` for players named ``names``, kept from
    what the table announces; it never sees a tile that is not on the table.

    ``teams`` optionally pairs players into sides (lists of player indexes); by
    default the pack decides (partners opposite at four, ``rules.players.partnerships_with_four``).

    What the table shows: ``layout``, ``counts`` (tiles each player holds),
    ``boneyard`` (tiles in it), ``turn``, ``leader`` (and ``leader_known``: whether the
    lead rule names them before the lead), ``passes`` in a row, ``drawn`` this turn,
    ``scores`` by side, ``sheet`` (a :class:`SheetRow` per hand), ``log`` (a
    :class:`Logged` per action that stands), ``hand_number``, ``awaiting`` (after a
    domino or a block: ``("domino", player)`` or ``("blocked", None)`` until the count),
    ``claimable`` (``(player, points)`` left unannounced under muggins), ``last_player``
    and ``last_points`` (the last play's), ``pips_given`` and ``tiles_given`` (the count
    so far at the end of a hand).
    """

    # the hand under way (set by _start_hand)
    layout: Layout
    counts: list[int]
    boneyard: int
    turn: int
    leader: int
    leader_known: bool
    passes: int
    drawn: int
    from_play: list[int]
    going_out: tuple[int, int, int] | None  # (side, points, log line) of a play held back
    pips_given: dict[int, int]  # remaining pips given so far at the end of the hand
    tiles_given: dict[int, str]  # and the tiles, where they were given as tiles

    def __init__(self, rules: RuleSet, names: Sequence[str], teams: Teams = None) -> None:
        players = len(names)
        check_players(rules, players)
        self.rules = rules
        self.names = list(names)
        self.players = players
        if teams:
            sides = [0] * players
            for side, members in enumerate(teams):
                for member in members:
                    sides[member] = side
            self.sides = tuple(sides)
        else:
            self.sides = sides_for(rules, players)
        self.board = Scoreboard(rules, players, self.sides)
        self.sheet: list[SheetRow] = []
        self.log: list[Logged] = []
        self.hand_number = 0
        self.awaiting: tuple[str, int | None] | None = None  # ("domino", player) or ("blocked", None)
        # points left unannounced stay claimable until the next play, even across the
        # end of a hand, as in the game engine
        self.claimable: tuple[int, int] | None = None
        self.last_player: int | None = None
        self.last_points = 0  # what the last play scored: the most a claim may name
        self._start_hand(leader=0, known=False)

    # --- what the table shows ----------------------------------------------------------

    @property
    def scores(self) -> list[int]:
        """Each side's points."""
        return self.board.scores

    @property
    def winner(self) -> int | None:
        """The side that reached the target, or None."""
        return self.board.winner

    @property
    def over(self) -> bool:
        """True once the match is won."""
        return self.board.winner is not None

    @property
    def position(self) -> Position:
        """The open ends."""
        return self.layout.position(self.rules)

    @property
    def drawable(self) -> int:
        """Boneyard tiles that may still be drawn (``rules.turn.boneyard_reserve`` stay)."""
        return max(0, self.boneyard - self.rules.turn.boneyard_reserve)

    def side_name(self, side: int) -> str:
        """A side's name: a player's name, or partners joined with ``+``."""
        return "+".join(self.names[p] for p in range(self.players) if self.sides[p] == side)

    def legal_tiles(self) -> list[Play]:
        """Every play the keeper would accept now, from the tiles not yet on the table."""
        if self.awaiting or self.over:
            return []
        out = tiles_on_table(self.layout)
        plays = []
        for tile in domino_set(self.rules.max_pips):
            if tile not in out:
                plays.extend(plays_for_tile(self.layout, tile, self.rules))
        return plays

    def pips_needed(self) -> list[int]:
        """The players whose remaining pips the keeper must be told to end the hand: all
        of them after a block; after a domino the other sides' players, and the partners
        of the player who went out only where the winner's own pips come off
        (``rules.hand_end.subtract_winner_pips``: the side's pips are the winner's)."""
        if not self.awaiting:
            return []
        kind, domino_player = self.awaiting
        if kind == "blocked" or domino_player is None:
            return list(range(self.players))
        partners_count = self.rules.hand_end.subtract_winner_pips
        return [p for p in range(self.players) if p != domino_player
                and (partners_count or self.sides[p] != self.sides[domino_player])]

    # --- actions -------------------------------------------------------------------------

    @overload
    def apply(self, event: PlayEvent) -> Play: ...
    @overload
    def apply(self, event: DrawEvent | ClaimEvent | PipsEvent) -> int: ...
    @overload
    def apply(self, event: PassEvent) -> None: ...
    @overload
    def apply(self, event: HandEndEvent) -> HandResult: ...
    @overload
    def apply(self, event: Mapping[str, object]) -> object: ...

    def apply(self, event: Mapping[str, object]) -> object:
        """Apply one action event (not undo/redo: see :func:`replay`); returns what it
        did: the :class:`~fives_tutor.core.plays.Play` of a play, the tiles drawn or
        the points a claim took, the pips given, the :class:`HandResult` of a hand's
        end. Raises :class:`IllegalPlayError` for an action the table cannot take now;
        then nothing changes."""
        if self.over:
            raise IllegalPlayError(N_("the match is over"))
        kind = event.get("type")
        handler = self._handlers().get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise IllegalPlayError(N_("unknown event {kind}"), kind=str(kind))
        if self.awaiting and kind not in ("hand_end", "claim", "pips"):
            raise IllegalPlayError(N_("the hand is over: give the remaining pips first"))
        return handler(event)

    def _handlers(self) -> dict[str, Callable[[Mapping[str, object]], object]]:
        """The actions this keeper takes, by event type."""
        return {"play": self._play, "draw": self._draw, "pass": self._pass, "claim": self._claim,
                "pips": self._pips, "hand_end": self._hand_end}

    def _player(self, event: Mapping[str, object]) -> int:
        player = event.get("player")
        if not isinstance(player, int) or not 0 <= player < self.players:
            raise IllegalPlayError(N_("unknown player"))
        return player

    def _check_turn(self, player: int, event: Mapping[str, object]) -> bool:
        """Refuse a player out of turn, unless the event corrects the turn; returns
        whether it does (the turn then moves to them, once the action is taken)."""
        lead_open = self.layout.line == () and not self.leader_known
        if player != self.turn and not lead_open:
            if event.get("corrected") is True:
                return True
            raise IllegalPlayError(N_("it is {name}'s turn, not {other}'s"), name=self.names[self.turn],
                                   other=self.names[player])
        return False

    def _take_turn(self, player: int) -> None:
        """A corrected turn: it is ``player``'s now, who has drawn nothing yet."""
        self.turn = player
        self.drawn = 0

    def _play(self, event: Mapping[str, object]) -> Play:
        player = self._player(event)
        corrected = self._check_turn(player, event)
        text = str(event.get("tile", ""))
        end = event.get("end") or ""
        play = parse_play(f"{text}@{end}" if end else text, self.layout, self.rules)
        if self.counts[player] == 0:
            raise IllegalPlayError(N_("{name} has no tiles left"), name=self.names[player])
        self._check_tile(player, play.tile)
        announced = event.get("announced")
        if announced is not None and (not isinstance(announced, int) or isinstance(announced, bool) or announced < 0
                                      or announced > play.points):
            # muggins: a player announces what the play made, never more
            raise IllegalPlayError(N_("{play} makes {points}: no more can be announced"), play=play.notation,
                                   points=play.points)
        assert play.layout is not None  # a play made on a layout carries the layout after it
        if corrected:
            self._take_turn(player)
        credited = play.points
        self.claimable = None
        self.last_points = play.points
        if self.rules.muggins.announce and announced != play.points:
            credited = 0
            if play.points:
                self.claimable = (player, play.points)
        if not self.layout.line:
            self.leader = player
        side = self.sides[player]
        if self.counts[player] == 1 and self.rules.match.exact:
            # the play that goes out is scored with the points for going out, at the end
            # of the hand, and both are refused if they pass the target (as in game.Match)
            self.going_out = (side, credited, len(self.log))
            taken = 0
        else:
            taken = self.board.take(side, credited)
            self.from_play[side] += taken
        self.layout = play.layout
        self._played(player, play.tile)
        self.counts[player] -= 1
        self.passes = 0
        self.drawn = 0
        self.last_player = player
        self.log.append(Logged(self.hand_number, dict(event), play, taken))
        if self.over:
            self._close_row(None, ())
        elif self.counts[player] == 0:
            self.awaiting = ("domino", player)
        else:
            self.turn = (player + 1) % self.players
        return play

    def _draw(self, event: Mapping[str, object]) -> int:
        player = self._player(event)
        corrected = self._check_turn(player, event)
        drawn_this_turn = 0 if corrected else self.drawn
        count = event.get("count", 1)
        rule = self.rules.turn.draw
        if not isinstance(count, int) or count < 1:
            raise IllegalPlayError(N_("draw at least one tile"))
        if rule == "none":
            raise IllegalPlayError(N_("under these rules nobody draws"))
        if not self.layout.line:
            raise IllegalPlayError(N_("nobody draws before the lead"))
        if count > self.drawable and not self.drawable:
            raise IllegalPlayError(N_("the boneyard has no tile to draw"))  # not "only 0 tiles"
        if count > self.drawable:
            raise IllegalPlayError(Nn_("the boneyard has only {count} tile to draw",
                                       "the boneyard has only {count} tiles to draw"), count=self.drawable)
        if rule == "one" and drawn_this_turn + count > 1:
            raise IllegalPlayError(N_("under these rules a player draws only one tile a turn"))
        tiles = self._drawn_tiles(player, event, count)
        if corrected:
            self._take_turn(player)
        self._drew(player, tiles, count)
        self.boneyard -= count
        self.counts[player] += count
        self.drawn += count
        self.log.append(Logged(self.hand_number, dict(event), None, 0))
        return count

    def _pass(self, event: Mapping[str, object]) -> None:
        player = self._player(event)
        corrected = self._check_turn(player, event)
        drawn_this_turn = 0 if corrected else self.drawn
        rule = self.rules.turn.draw
        if not self.layout.line:
            raise IllegalPlayError(N_("the lead cannot pass"))
        if rule == "until_playable" and self.drawable:
            raise IllegalPlayError(N_("a player who cannot play must draw while the boneyard has tiles"))
        if rule == "one" and self.drawable and not drawn_this_turn:
            raise IllegalPlayError(N_("draw one tile before passing"))
        if corrected:
            self._take_turn(player)
        self.passes += 1
        self.drawn = 0
        self.log.append(Logged(self.hand_number, dict(event), None, 0))
        if self.passes >= self.players:
            self.awaiting = ("blocked", None)
        else:
            self.turn = (player + 1) % self.players

    # --- what a keeper that sees one hand adds (TableState) --------------------------------

    def _check_tile(self, player: int, tile: Tile) -> None:
        """Refuse ``player``'s play of ``tile`` for what only a followed hand can know:
        nothing here (the scorekeeper sees only the table)."""

    def _drawn_tiles(self, player: int, event: Mapping[str, object], count: int) -> tuple[Tile, ...] | None:
        """The tiles a draw names (``"tiles"``), checked. A scorekeeper that follows no
        hand takes none."""
        if event.get("tiles") is not None:
            raise IllegalPlayError(N_("the tiles drawn can be given only for the player whose hand is followed"))
        return None

    def _played(self, player: int, tile: Tile) -> None:
        """``player`` played ``tile``: nothing more to follow here."""

    def _drew(self, player: int, tiles: tuple[Tile, ...] | None, count: int) -> None:
        """``player`` drew ``count`` tiles (``tiles`` when named): nothing more to follow here."""

    def _new_deal(self) -> None:
        """A hand was dealt: nothing more to follow here."""

    # --- muggins -------------------------------------------------------------------------------

    def _claim(self, event: Mapping[str, object]) -> int:
        """Muggins (``rules.muggins``): an opponent of the last player takes unannounced points."""
        player = self._player(event)
        if not self.rules.muggins.announce:
            raise IllegalPlayError(N_("this rule pack has no muggins"))
        if self.last_player is None or self.sides[player] == self.sides[self.last_player]:
            raise IllegalPlayError(N_("only an opponent of the last player may call muggins"))
        amount = event.get("amount")
        if amount is not None:
            amount = self._check_claim(amount)
        if self.claimable is not None:
            points = self.claimable[1]
            self.claimable = None
            taken = self.board.take(self.sides[player], points)
            self.from_play[self.sides[player]] += taken
        elif self.rules.muggins.wrong_claim == "claimed_points" and amount:
            side = self.sides[self.last_player]
            taken = -self.board.take(side, amount)
            self.from_play[side] -= taken
        else:
            taken = 0
        self.log.append(Logged(self.hand_number, dict(event), None, taken))
        if self.over:
            self._close_row(None, ())
        return taken

    def _check_claim(self, amount: object) -> int:
        """A claim names at most what the rules let be claimed: the points the last play
        left unannounced, or, for a wrong claim, what the last play scored (a claim of
        more could never be right, and under ``wrong_claim: claimed_points`` it would
        hand the accused any score at all). Returns the amount."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise IllegalPlayError(N_("a muggins claim is a number of points, such as muggins 10"))
        if self.claimable is not None:
            most = self.claimable[1]
            if amount > most:
                raise IllegalPlayError(Nn_("muggins {amount}: the last play left {count} point unannounced, "
                                           "so a claim can be at most that",
                                           "muggins {amount}: the last play left {count} points unannounced, "
                                           "so a claim can be at most that"), amount=amount, count=most)
        elif amount > self.last_points:
            raise IllegalPlayError(Nn_("muggins {amount}: the last play scored {count} point, so a claim can be "
                                       "at most that",
                                       "muggins {amount}: the last play scored {count} points, so a claim can be "
                                       "at most that"), amount=amount, count=self.last_points)
        return amount

    # --- the end of a hand ---------------------------------------------------------------------

    def _pips(self, event: Mapping[str, object]) -> int:
        """One player's remaining pips at the end of the hand, saved as it is given."""
        if not self.awaiting:
            raise IllegalPlayError(N_("the hand is not over"))
        player = event.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or player not in self._pips_taken():
            raise IllegalPlayError(N_("unknown player"))
        value = self._check_pips(player, event.get("pips"))
        self.pips_given[player] = value
        tiles = event.get("tiles")
        if tiles is not None:
            if not isinstance(tiles, str) or len(tiles) > 200:
                raise IllegalPlayError(N_("unknown event {kind}"), kind="pips")
            self.tiles_given[player] = tiles  # as the table gave them, for the hand-end count
        return value

    def _check_pips(self, player: int, value: object) -> int:
        """``value``, when it is a possible count of ``player``'s remaining pips."""
        if (not isinstance(value, int) or isinstance(value, bool)
                or not 0 <= value <= 2 * self.rules.max_pips * self.counts[player]):
            raise IllegalPlayError(Nn_("{pips} pips is not possible for {name}'s {count} tile",
                                       "{pips} pips is not possible for {name}'s {count} tiles"),
                                   pips=str(value), name=self.names[player], count=self.counts[player])
        return value

    def _pips_taken(self) -> list[int]:
        """The players whose pips an entry may give: those needed, and after a domino the
        partners of the player who went out too (journals written before they were no
        longer asked hold their answers)."""
        if self.awaiting and self.awaiting[0] == "domino":
            return [p for p in range(self.players) if p != self.awaiting[1]]
        return self.pips_needed()

    def _hand_end(self, event: Mapping[str, object]) -> HandResult:
        if not self.awaiting:
            raise IllegalPlayError(N_("the hand is not over"))
        kind, domino_player = self.awaiting
        given = event.get("pips")
        if not isinstance(given, list) or len(given) != self.players:
            raise IllegalPlayError(N_("give the remaining pips of every player"))
        pips = list(given)
        for player in self.pips_needed():
            pips[player] = self._check_pips(player, pips[player])
        if domino_player is not None:
            pips[domino_player] = 0
        if not all(isinstance(value, (int, float)) for value in pips):
            # a player's pips that are not needed are counted as given; a journal that
            # holds no number there is malformed (replay_saved says so)
            raise TypeError("remaining pips that are not a number")
        result = hand_result(self.rules, kind, self.sides, pips, self.counts, domino_player)
        taken, refused = self._award(result)
        self.log.append(Logged(self.hand_number, dict(event), None, sum(taken)))
        self.awaiting = None
        self.pips_given = {}
        self.tiles_given = {}
        self._close_row(result, taken, refused)
        if not self.over:
            self._next_hand(result)
        return result

    def _award(self, result: HandResult) -> tuple[tuple[int, ...], int]:
        """Give the winners their points; returns what each took and the points refused
        together with the play that went out (``going_out``) under an exact target."""
        taken, refused = [], 0
        for side, points in zip(result.winners, result.points):
            if self.going_out is not None and side == self.going_out[0]:
                _, play_points, line = self.going_out
                play_part, end_part = self.board.take_together(side, play_points, points)
                refused = 0 if play_part or end_part else play_points + points
                self.from_play[side] += play_part
                self.log[line] = self.log[line]._replace(credited=play_part)
                taken.append(end_part)
            else:
                taken.append(self.board.take(side, points))
        self.going_out = None
        return tuple(taken), refused

    # --- hands -------------------------------------------------------------------------------

    def _start_hand(self, leader: int, known: bool) -> None:
        rules = self.rules
        self.hand_number += 1
        self.layout = Layout()
        size = rules.players.hand_size[self.players]
        self.counts = [size] * self.players
        total = len(domino_set(rules.max_pips))
        self.boneyard = total - size * self.players
        self.turn = leader
        self.leader = leader
        self.leader_known = known
        self.passes = 0
        self.drawn = 0
        self.from_play = [0] * len(self.scores)
        self.going_out = None
        self.pips_given = {}
        self.tiles_given = {}
        self._new_deal()

    def _next_hand(self, result: HandResult) -> None:
        """The next leader (``rules.lead.later_hands``) when the keeper can know it."""
        lead = self.rules.lead
        rule = lead.later_hands if lead.later_hands != "same_as_first" else lead.first_hand
        if rule == "previous_domino" and result.kind == "domino" and result.domino_player is not None:
            self._start_hand(result.domino_player, True)
        elif rule == "to_the_left":
            self._start_hand((self.leader + 1) % self.players, True)
        else:
            # the highest or lowest double, or a lot, decides at the table: the first player by default
            self._start_hand(0, False)

    def _close_row(self, result: HandResult | None, taken: tuple[int, ...], refused: int = 0) -> None:
        at_end = [0] * len(self.scores)
        if result is not None:
            for side, points in zip(result.winners, taken):
                at_end[side] += points
        self.sheet.append(SheetRow(self.hand_number, self.leader, tuple(self.from_play), tuple(at_end), result,
                                   tuple(self.scores), refused))


class TableState(Scorekeeper):
    """A scorekeeper that follows one player's hand when it is given: ``followed``, a
    :class:`~fives_tutor.core.followed.FollowedHand`. It takes the ``hand`` event besides
    the scorekeeper's (the tiles given are what :meth:`apply` returns for it), and
    refuses a play or a draw that contradicts the hand. This is
    the table that ``fives table`` and ``fives play`` keep, and the one :func:`replay`
    rebuilds."""

    def __init__(self, rules: RuleSet, names: Sequence[str], teams: Teams = None) -> None:
        self.followed = FollowedHand(names)
        super().__init__(rules, names, teams)

    def _handlers(self) -> dict[str, Callable[[Mapping[str, object]], object]]:
        return {**super()._handlers(), "hand": self._hand}

    def _hand(self, event: Mapping[str, object]) -> tuple[Tile, ...]:
        """``{"type": "hand", "player", "tiles"}``: the tiles ``player`` holds now."""
        player = self._player(event)
        self.followed.check_giver(player)
        text = event.get("tiles")
        if not isinstance(text, str) or len(text) > 200:
            raise IllegalPlayError(N_("unknown event {kind}"), kind="hand")
        tiles = parse_hand(text, self.rules.max_pips)
        self._check_unseen(tiles)
        if len(tiles) != self.counts[player]:
            raise IllegalPlayError(Nn_("{name} holds {count} tile, not {given}", "{name} holds {count} tiles, not {given}"),
                                   name=self.names[player], count=self.counts[player], given=len(tiles))
        self.followed.give(player, tiles)
        self.log.append(Logged(self.hand_number, dict(event), None, 0))
        return tiles

    def _check_unseen(self, tiles: Sequence[Tile]) -> None:
        """Refuse tiles that are on the table."""
        out = set(self.layout.tiles())
        for tile in tiles:
            if tile in out:
                raise IllegalPlayError(N_("{tile} is already on the table"), tile=str(tile))

    def _check_tile(self, player: int, tile: Tile) -> None:
        self.followed.check_play(player, tile)

    def _drawn_tiles(self, player: int, event: Mapping[str, object], count: int) -> tuple[Tile, ...] | None:
        """The tiles a draw names (``"tiles"``), checked: only for the followed player, as
        many as drawn, none on the table or in their hand already."""
        text = event.get("tiles")
        if text is None:
            return None
        self.followed.check_drawer(player)
        if not isinstance(text, str) or len(text) > 200:
            raise IllegalPlayError(N_("unknown event {kind}"), kind="draw")
        tiles = parse_hand(text, self.rules.max_pips)
        if len(tiles) != count:
            raise IllegalPlayError(Nn_("{count} tile was drawn, not {given}", "{count} tiles were drawn, not {given}"),
                                   count=count, given=len(tiles))
        self._check_unseen(tiles)
        self.followed.check_drawn(tiles)
        return tiles

    def _played(self, player: int, tile: Tile) -> None:
        self.followed.played(player, tile)

    def _drew(self, player: int, tiles: tuple[Tile, ...] | None, count: int) -> None:
        self.followed.drew(player, tiles, count)

    def _new_deal(self) -> None:
        self.followed.new_hand()


def replay(rules: RuleSet, names: Sequence[str], teams: Teams, events: Sequence[Mapping[str, object]]) -> TableState:
    """The table after ``events`` (undo and redo applied). Raises IllegalPlayError for an
    event that does not apply (a corrupt journal)."""
    state = TableState(rules, names, teams)
    for event in effective_actions(events):
        state.apply(event)
    return state


def replay_saved(rules: RuleSet, names: Sequence[str], teams: Teams, events: Sequence[object]) -> TableState:
    """:func:`replay` of a saved or imported match: an event that does not apply (a
    damaged file, or one written under other rules) raises IllegalPlayError naming
    its number (1 for the first event) and the reason; a malformed event (a missing
    field, a wrong type, or not a JSON object at all) is refused the same way, never
    with another exception."""
    state = TableState(rules, names, teams)
    for seq, event in standing(events).done:
        try:
            if not isinstance(event, dict):
                raise IllegalPlayError(N_("unknown event {kind}"), kind="?")
            state.apply(event)
        except FivesError as error:
            raise IllegalPlayError(N_("event {seq} does not apply: {reason}"), seq=str(seq),
                                   reason=Msg.of(error)) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError):
            raise IllegalPlayError(N_("event {seq} is malformed"), seq=str(seq)) from None
    return state


__all__ = ["Logged", "Scorekeeper", "SheetRow", "TableState", "Teams", "replay", "replay_saved"]
