"""The scorekeeper's view of a real match (pure, no I/O): what a table can see.

The keeper does not see the players' tiles: it knows the layout, how many tiles each
player holds, the boneyard's size, whose turn it is and the scores. A match is a
list of events (dicts, as the journal stores them); :func:`replay` rebuilds the state
from them, undo and redo included (their algebra is :mod:`fives_tutor.core.undo`'s). Each action is checked against the pack and what
the keeper can see; a refused action raises
:class:`~fives_tutor.errors.IllegalPlayError` and changes nothing.

Events: ``{"type": "play", "player", "tile", "end", "announced"}``, ``{"type": "draw",
"player", "count"}``, ``{"type": "pass", "player"}`` (each of the three may carry
``"corrected": true``: the table named a player other than the one the keeper expected,
and the turn moves to them), ``{"type": "claim", "player", "amount"}``, ``{"type":
"pips", "player", "pips"}`` (one player's remaining pips at the end of a hand, kept
until every needed answer is in), ``{"type": "hand_end", "pips": [...]}``, ``{"type":
"undo"}``, ``{"type": "redo"}``.

One player may tell the keeper their own tiles, so that it can advise them (``hint``,
the coach): ``{"type": "hand", "player", "tiles"}`` gives the tiles they hold now (at
the deal, or again to correct them), and from then on the keeper follows that hand
through the hand: their plays must come from it, the others' plays must not, and a
draw of theirs may name the tiles drawn (``"tiles"`` on the draw event; a draw that
does not leaves that many tiles unknown until the hand is given again). The keeper
never needs a hand to keep the score.

>>> from fives_tutor import load_rules
>>> state = TableState(load_rules("dominos-cc"), ["Ana", "Ben"])
>>> _ = state.apply({"type": "play", "player": 0, "tile": "6|6", "end": ""})
>>> _ = state.apply({"type": "play", "player": 1, "tile": "6|3", "end": ""})
>>> state.scores, str(state.position)
([0, 15], '3 6|6* 6* 6*')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..errors import N_, FivesError, IllegalPlayError, Msg, Nn_
from .game import HandResult, Scoreboard, check_players, hand_result, sides_for
from .layout import Layout
from .plays import Play, parse_play, tiles_on_table
from .position import Position
from .rules import RuleSet
from .tiles import Tile, domino_set, parse_hand
from .undo import effective_actions, standing


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
    """A line of the match's history: the hand number, the event, and what it did."""

    hand: int
    event: dict
    play: Play | None
    credited: int


class TableState:
    """The state of a real match under ``rules`` for players named ``names``.

    ``teams`` optionally pairs players into sides (lists of player indexes); by
    default the pack decides (partners opposite at four, ``rules.players.partnerships_with_four``).
    """

    def __init__(self, rules: RuleSet, names: Sequence[str], teams: Sequence[Sequence[int]] | None = None) -> None:
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
        self.followed: int | None = None  # the player whose hand was given last (in any hand)
        self.awaiting: tuple[str, int | None] | None = None  # ("domino", player) or ("blocked", None)
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
        from .plays import plays_for_tile

        for tile in domino_set(self.rules.max_pips):
            if tile not in out:
                plays.extend(plays_for_tile(self.layout, tile, self.rules))
        return plays

    # --- actions -------------------------------------------------------------------------

    def apply(self, event: dict):
        """Apply one action event (not undo/redo: see :func:`replay`). Returns what it did."""
        if self.over:
            raise IllegalPlayError(N_("the match is over"))
        kind = event.get("type")
        handler = {"play": self._play, "draw": self._draw, "pass": self._pass, "claim": self._claim,
                   "pips": self._pips, "hand_end": self._hand_end, "hand": self._hand}.get(kind)
        if handler is None:
            raise IllegalPlayError(N_("unknown event {kind}"), kind=str(kind))
        if self.awaiting and kind not in ("hand_end", "claim", "pips"):
            raise IllegalPlayError(N_("the hand is over: give the remaining pips first"))
        return handler(event)

    def _player(self, event: dict) -> int:
        player = event.get("player")
        if not isinstance(player, int) or not 0 <= player < self.players:
            raise IllegalPlayError(N_("unknown player"))
        return player

    def _check_turn(self, player: int, event: dict | None = None) -> None:
        """Refuse a player out of turn, unless the event corrects the turn (then it moves to them)."""
        lead_open = self.layout.line == () and not self.leader_known
        if player != self.turn and not lead_open:
            if event is not None and event.get("corrected") is True:
                self.turn = player
                self.drawn = 0
                return
            raise IllegalPlayError(N_("it is {name}'s turn, not {other}'s"), name=self.names[self.turn],
                                   other=self.names[player])

    def _play(self, event: dict) -> Play:
        player = self._player(event)
        self._check_turn(player, event)
        text = str(event.get("tile", ""))
        end = event.get("end") or ""
        play = parse_play(f"{text}@{end}" if end else text, self.layout, self.rules)
        if self.counts[player] == 0:
            raise IllegalPlayError(N_("{name} has no tiles left"), name=self.names[player])
        self._check_followed_play(player, play.tile)
        announced = event.get("announced")
        if announced is not None and (not isinstance(announced, int) or isinstance(announced, bool) or announced < 0
                                      or announced > play.points):
            # muggins: a player announces what the play made, never more
            raise IllegalPlayError(N_("{play} makes {points}: no more can be announced"), play=play.notation,
                                   points=play.points)
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
        self._follow_play(player, play.tile)
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

    def _draw(self, event: dict) -> int:
        player = self._player(event)
        self._check_turn(player, event)
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
        if rule == "one" and self.drawn + count > 1:
            raise IllegalPlayError(N_("under these rules a player draws only one tile a turn"))
        drawn = self._drawn_tiles(player, event, count)
        if player == self.known_player:
            if drawn is None:
                self.known_missing += count
            else:
                self.known_tiles.extend(drawn)
        self.boneyard -= count
        self.counts[player] += count
        self.drawn += count
        self.log.append(Logged(self.hand_number, dict(event), None, 0))
        return count

    # --- one player's own tiles, followed through the hand ------------------------------------

    @property
    def known_hand(self) -> tuple[Tile, ...] | None:
        """The followed player's tiles now, when every one of them is known (None when no
        hand was given in this hand, or a draw did not name its tiles)."""
        if self.known_player is None or self.known_missing:
            return None
        return tuple(self.known_tiles)

    def _hand(self, event: dict) -> tuple[Tile, ...]:
        """``{"type": "hand", "player", "tiles"}``: the tiles ``player`` holds now."""
        player = self._player(event)
        if self.known_player is not None and self.known_player != player:
            raise IllegalPlayError(N_("only one player's hand is followed: {name}'s"),
                                   name=self.names[self.known_player])
        text = event.get("tiles")
        if not isinstance(text, str) or len(text) > 200:
            raise IllegalPlayError(N_("unknown event {kind}"), kind="hand")
        tiles = parse_hand(text, self.rules.max_pips)
        self._check_unseen(tiles)
        if len(tiles) != self.counts[player]:
            raise IllegalPlayError(Nn_("{name} holds {count} tile, not {given}", "{name} holds {count} tiles, not {given}"),
                                   name=self.names[player], count=self.counts[player], given=len(tiles))
        self.known_player = player
        self.followed = player
        self.known_tiles = list(tiles)
        self.known_missing = 0
        self.log.append(Logged(self.hand_number, dict(event), None, 0))
        return tiles

    def _check_unseen(self, tiles) -> None:
        """Refuse tiles that are on the table or, for tiles drawn, already in the followed hand."""
        out = set(self.layout.tiles())
        for tile in tiles:
            if tile in out:
                raise IllegalPlayError(N_("{tile} is already on the table"), tile=str(tile))

    def _drawn_tiles(self, player: int, event: dict, count: int) -> tuple[Tile, ...] | None:
        """The tiles a draw names (``"tiles"``), checked: only for the followed player, as
        many as drawn, none on the table or in their hand already."""
        text = event.get("tiles")
        if text is None:
            return None
        if player != self.known_player:
            raise IllegalPlayError(N_("the tiles drawn can be given only for the player whose hand is followed"))
        if not isinstance(text, str) or len(text) > 200:
            raise IllegalPlayError(N_("unknown event {kind}"), kind="draw")
        tiles = parse_hand(text, self.rules.max_pips)
        if len(tiles) != count:
            raise IllegalPlayError(Nn_("{count} tile was drawn, not {given}", "{count} tiles were drawn, not {given}"),
                                   count=count, given=len(tiles))
        self._check_unseen(tiles)
        for tile in tiles:
            if tile in self.known_tiles:
                raise IllegalPlayError(N_("{tile} is in {name}'s hand already"), tile=str(tile),
                                       name=self.names[player])
        return tiles

    def _check_followed_play(self, player: int, tile: Tile) -> None:
        """A play that contradicts the followed hand is refused: theirs must come from it,
        another player's must not be in it."""
        if self.known_player is None:
            return
        name = self.names[self.known_player]
        if player == self.known_player:
            if tile not in self.known_tiles and not self.known_missing:
                raise IllegalPlayError(N_("{tile} is not in {name}'s hand as it was given (give the hand again to "
                                          "correct it)"), tile=str(tile), name=name)
        elif tile in self.known_tiles:
            raise IllegalPlayError(N_("{tile} is in {name}'s hand as it was given"), tile=str(tile), name=name)

    def _follow_play(self, player: int, tile: Tile) -> None:
        if player != self.known_player:
            return
        if tile in self.known_tiles:
            self.known_tiles.remove(tile)
        else:
            self.known_missing -= 1  # one of the tiles drawn without naming them

    def _pass(self, event: dict) -> None:
        player = self._player(event)
        self._check_turn(player, event)
        rule = self.rules.turn.draw
        if not self.layout.line:
            raise IllegalPlayError(N_("the lead cannot pass"))
        if rule == "until_playable" and self.drawable:
            raise IllegalPlayError(N_("a player who cannot play must draw while the boneyard has tiles"))
        if rule == "one" and self.drawable and not self.drawn:
            raise IllegalPlayError(N_("draw one tile before passing"))
        self.passes += 1
        self.drawn = 0
        self.log.append(Logged(self.hand_number, dict(event), None, 0))
        if self.passes >= self.players:
            self.awaiting = ("blocked", None)
        else:
            self.turn = (player + 1) % self.players

    def _claim(self, event: dict) -> int:
        """Muggins (``rules.muggins``): an opponent of the last player takes unannounced points."""
        player = self._player(event)
        if not self.rules.muggins.announce:
            raise IllegalPlayError(N_("this rule pack has no muggins"))
        if self.last_player is None or self.sides[player] == self.sides[self.last_player]:
            raise IllegalPlayError(N_("only an opponent of the last player may call muggins"))
        amount = event.get("amount")
        if amount is not None:
            self._check_claim(amount)
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

    def _check_claim(self, amount) -> None:
        """A claim names at most what the rules let be claimed: the points the last play
        left unannounced, or, for a wrong claim, what the last play scored (a claim of
        more could never be right, and under ``wrong_claim: claimed_points`` it would
        hand the accused any score at all)."""
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

    def _pips(self, event: dict) -> int:
        """One player's remaining pips at the end of the hand, saved as it is given."""
        if not self.awaiting:
            raise IllegalPlayError(N_("the hand is not over"))
        player = event.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or player not in self._pips_taken():
            raise IllegalPlayError(N_("unknown player"))
        value = event.get("pips")
        self._check_pips(player, value)
        self.pips_given[player] = value
        tiles = event.get("tiles")
        if tiles is not None:
            if not isinstance(tiles, str) or len(tiles) > 200:
                raise IllegalPlayError(N_("unknown event {kind}"), kind="pips")
            self.tiles_given[player] = tiles  # as the table gave them, for the hand-end count
        return value

    def _check_pips(self, player: int, value) -> None:
        if (not isinstance(value, int) or isinstance(value, bool)
                or not 0 <= value <= 2 * self.rules.max_pips * self.counts[player]):
            raise IllegalPlayError(Nn_("{pips} pips is not possible for {name}'s {count} tile",
                                       "{pips} pips is not possible for {name}'s {count} tiles"),
                                   pips=str(value), name=self.names[player], count=self.counts[player])

    def pips_needed(self) -> list[int]:
        """The players whose remaining pips the keeper must be told to end the hand: all
        of them after a block; after a domino the other sides' players, and the partners
        of the player who went out only where the winner's own pips come off
        (``rules.hand_end.subtract_winner_pips``: the side's pips are the winner's)."""
        if not self.awaiting:
            return []
        kind, domino_player = self.awaiting
        if kind == "blocked":
            return list(range(self.players))
        partners_count = self.rules.hand_end.subtract_winner_pips
        return [p for p in range(self.players) if p != domino_player
                and (partners_count or self.sides[p] != self.sides[domino_player])]

    def _pips_taken(self) -> list[int]:
        """The players whose pips an entry may give: those needed, and after a domino the
        partners of the player who went out too (journals written before they were no
        longer asked hold their answers)."""
        if self.awaiting and self.awaiting[0] == "domino":
            return [p for p in range(self.players) if p != self.awaiting[1]]
        return self.pips_needed()

    def _hand_end(self, event: dict) -> HandResult:
        if not self.awaiting:
            raise IllegalPlayError(N_("the hand is not over"))
        kind, domino_player = self.awaiting
        pips = event.get("pips")
        if not isinstance(pips, list) or len(pips) != self.players:
            raise IllegalPlayError(N_("give the remaining pips of every player"))
        pips = list(pips)
        for player in self.pips_needed():
            self._check_pips(player, pips[player])
        if kind == "domino":
            pips[domino_player] = 0
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
        self.going_out: tuple[int, int, int] | None = None  # (side, points, log line) of a play held back
        if self.hand_number == 1:
            # points left unannounced stay claimable until the next play, even across
            # the end of a hand, as in the game engine
            self.claimable: tuple[int, int] | None = None
            self.last_player: int | None = None
            self.last_points = 0  # what the last play scored: the most a claim may name
        self.known_player: int | None = None  # whose tiles are followed in this hand
        self.known_tiles: list[Tile] = []
        self.known_missing = 0  # tiles they drew without naming them
        self.pips_given: dict[int, int] = {}  # remaining pips given so far at the end of the hand
        self.tiles_given: dict[int, str] = {}  # and the tiles, where they were given as tiles

    def _next_hand(self, result: HandResult) -> None:
        """The next leader (``rules.lead.later_hands``) when the keeper can know it."""
        lead = self.rules.lead
        rule = lead.later_hands if lead.later_hands != "same_as_first" else lead.first_hand
        if rule == "previous_domino" and result.kind == "domino":
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


def replay(rules: RuleSet, names: Sequence[str], teams, events: Sequence[dict]) -> TableState:
    """The state after ``events`` (undo and redo applied). Raises IllegalPlayError for an
    event that does not apply (a corrupt journal)."""
    state = TableState(rules, names, teams)
    for event in effective_actions(events):
        state.apply(event)
    return state


def replay_saved(rules: RuleSet, names: Sequence[str], teams, events: Sequence[dict]) -> TableState:
    """:func:`replay` of a saved or imported match: an event that does not apply (a
    damaged file, or one written under other rules) raises IllegalPlayError naming
    its number (1 for the first event) and the reason; a malformed event (a missing
    field, a wrong type) is refused the same way, never with another exception."""
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


__all__ = ["Logged", "SheetRow", "TableState", "replay", "replay_saved"]
