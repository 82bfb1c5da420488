"""The club's memory: what the saved matches say about each player (pure, no I/O).

A saved match is replayed through the scorekeeper (:func:`fives_tutor.core.keeper.replay_saved`)
into a :class:`MatchRecord`: its sides and seats, each hand's points from play and at
its end, how it ended and who went out, and each seat's points from play and muggins.
From records, and the players behind their names (:class:`fives_tutor.study.players.Roster`):

* :func:`standings`: every player's :class:`Figures` over the matches (finished ones:
  an unfinished match has no result yet);
* :func:`player_record`: one player's figures overall and per pack, partners and
  opponents head to head, and their matches;
* :func:`rating_games`: the finished matches as games for
  :func:`fives_tutor.study.ratings.rate`, in the order played;
* :func:`deciding_hands`: the hands that decided a match.

What the figures count (docs/club.md):

* points from play: the points a player's own plays scored as credited on the sheet
  (after muggins and an exact target), the muggins they called that took points, and
  the points a wrongly accused player was given (a pack's ``wrong_claim``); summed over
  a side, exactly the sheet's points from play;
* points at hand ends: what the player's side collected at the end of each hand
  (partners collect together);
* hands won by going out: the hands in which the player played their last tile;
  hands won by a block: blocked hands whose winners include the player's side;
* muggins called: calls that took points; muggins missed: plays that scored but were
  not announced in full (the points are left for an opponent to call). Counted only in
  matches whose pack has muggins.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from .players import YOU_KEY, Roster, computer_key, computer_name, player_key

if TYPE_CHECKING:  # types only: the scorekeeper loads when a match is replayed
    from ..core.keeper import TableState
    from ..core.rules import RuleSet


class Seat(NamedTuple):
    """One seat of a match: the ``key`` of the player in it (see
    :mod:`fives_tutor.study.players`), the ``name`` as saved and its ``side``."""

    key: str
    name: str
    side: int


class HandRecord(NamedTuple):
    """One hand (a row of the score sheet): its ``number``; each side's points
    ``from_play``, ``at_end`` and ``totals`` after it; how it ``end``-ed (``domino``,
    ``blocked``, or None when the match was won during it); the sides that collected
    at its end or tied for it (``winners``; none when a tie scores nothing) and the seat that went out (``domino_player``)."""

    number: int
    from_play: tuple[int, ...]
    at_end: tuple[int, ...]
    totals: tuple[int, ...]
    end: str | None
    winners: tuple[int, ...]
    domino_player: int | None


class MatchRecord(NamedTuple):
    """A saved match as the figures see it: ``id``, when it was ``created`` (ISO, UTC),
    the pack's ``rules_id``, whether it is a ``practice`` match against the computer,
    its ``seats`` in turn order, each side's name (``side_names``), the ``target``,
    whether it is ``finished`` and the ``winner`` side, the final side ``scores``, the
    ``hands`` played (the score sheet's rows), whether the pack has ``muggins``, and per
    seat: points from play (``play_points``), muggins calls that took points and their
    points (``called``, ``called_points``), plays left unannounced and their points
    (``missed``, ``missed_points``)."""

    id: int
    created: str
    rules_id: str
    practice: bool
    seats: tuple[Seat, ...]
    side_names: tuple[str, ...]
    target: int
    finished: bool
    winner: int | None
    scores: tuple[int, ...]
    hands: tuple[HandRecord, ...]
    muggins: bool
    play_points: tuple[int, ...]
    called: tuple[int, ...]
    called_points: tuple[int, ...]
    missed: tuple[int, ...]
    missed_points: tuple[int, ...]


def record_of(match_id: int, created: str, rules: RuleSet, names: Sequence[str], teams: Sequence[Sequence[int]] | None,
              events: Sequence[dict], practice: Mapping | None = None, unnamed: int | None = None) -> MatchRecord:
    """The :class:`MatchRecord` of a saved match (its id, creation time, pack, player
    ``names`` as shown, ``teams`` and journal ``events``; ``practice``: the setup of a
    match against the computer, whose computer seats become players of their own, and
    whose learner who gave no name, at seat ``unnamed``, is the player :data:`YOU_KEY`
    in every language).
    Raises :class:`~fives_tutor.errors.IllegalPlayError` for events that do not replay."""
    # the scorekeeper loads only when a match is replayed: cached records need none (start-up)
    from ..core.keeper import replay_saved

    return record_from(match_id, created, replay_saved(rules, names, teams, events), practice, unnamed)


def record_from(match_id: int, created: str, state: TableState, practice: Mapping | None = None,
                unnamed: int | None = None) -> MatchRecord:
    """The :class:`MatchRecord` of a match already replayed into ``state`` (see :func:`record_of`)."""
    rules, names = state.rules, state.names
    sides = state.sides
    if practice is not None:
        levels = list(practice["levels"])
        keys = [YOU_KEY if seat == unnamed else player_key(name) if levels[seat] is None
                else computer_key(name, levels[seat]) for seat, name in enumerate(names)]
        shown = [name if levels[seat] is None else computer_name(name, levels[seat]) for seat, name in enumerate(names)]
    else:
        keys = [player_key(name) for name in names]
        shown = list(names)
    seats = len(names)
    play_points, called, called_points = [0] * seats, [0] * seats, [0] * seats
    missed, missed_points = [0] * seats, [0] * seats
    muggins = rules.muggins.announce
    last_player: int | None = None
    for logged in state.log:
        kind = logged.event.get("type")
        if kind == "play" and logged.play is not None:
            player = logged.event["player"]
            play_points[player] += logged.credited
            last_player = player
            announced = logged.event.get("announced")
            if muggins and logged.play.points and announced != logged.play.points:
                missed[player] += 1
                missed_points[player] += logged.play.points
        elif kind == "claim":
            player = logged.event["player"]
            if logged.credited > 0:
                called[player] += 1
                called_points[player] += logged.credited
                play_points[player] += logged.credited
            elif logged.credited < 0 and last_player is not None:
                play_points[last_player] -= logged.credited  # a wrong call: the accused player is given the points
    hands = tuple(HandRecord(row.number, tuple(row.from_play), tuple(row.at_end), tuple(row.totals),
                             row.result.kind if row.result is not None else None,
                             tuple(row.result.winners) if row.result is not None else (),
                             row.result.domino_player if row.result is not None else None)
                  for row in state.sheet)
    return MatchRecord(
        id=match_id, created=created, rules_id=rules.id, practice=practice is not None,
        seats=tuple(Seat(keys[p], shown[p], sides[p]) for p in range(seats)),
        side_names=tuple("+".join(shown[p] for p in range(seats) if sides[p] == side)
                         for side in range(len(state.scores))),
        target=rules.match.target[len(names)], finished=state.over, winner=state.winner, scores=tuple(state.scores),
        hands=hands, muggins=muggins, play_points=tuple(play_points), called=tuple(called),
        called_points=tuple(called_points), missed=tuple(missed), missed_points=tuple(missed_points))


def selected(records: Iterable[MatchRecord], rules_id: str | None = None,
             since: datetime.date | None = None) -> list[MatchRecord]:
    """The records of pack ``rules_id`` (all when None) begun on or after the day
    ``since`` in the local time zone (all when None; a match whose time cannot be read
    is not known to be in the period, and left out)."""
    chosen = []
    for record in records:
        if rules_id is not None and record.rules_id != rules_id:
            continue
        if since is not None:
            when = begun(record)
            if when is None or when.astimezone().date() < since:
                continue
        chosen.append(record)
    return chosen


def placing(record: MatchRecord) -> list[int]:
    """Each side's place in a finished match (0 first): the winner first, the other
    sides by their final score, equal scores sharing a place."""
    others = sorted({score for side, score in enumerate(record.scores) if side != record.winner}, reverse=True)
    first = 1 if record.winner is not None else 0
    return [0 if side == record.winner else first + others.index(score) for side, score in enumerate(record.scores)]


def roster_of(records: Iterable[MatchRecord], merges: Sequence[tuple[str, str]] = ()) -> Roster:
    """The players of ``records`` (every seat's key and name) after ``merges``."""
    return Roster(((seat.key, seat.name) for record in records for seat in record.seats), merges)


def clashes(records: Iterable[MatchRecord], roster: Roster) -> list[tuple[MatchRecord, str, str]]:
    """The matches in which two seats are one player (by name, or after a merge):
    ``(record, name, other name)``. Their figures would count one person twice; they
    are left out of every figure."""
    found = []
    for record in records:
        seen: dict[str, str] = {}
        for seat in record.seats:
            root = roster.root(seat.key)
            if root in seen:
                found.append((record, seen[root], seat.name))
                break
            seen[root] = seat.name
    return found


@dataclass
class Figures:
    """One player's figures over some matches (see the module's notes for what each
    counts): ``matches`` and ``won``; ``hands`` played; points from play and at hand
    ends (``play_points``, ``end_points``); hands won by going out (``went_out``) and by
    a block (``blocks_won``); and over the ``muggins_matches`` (matches whose pack has
    muggins): calls that took points (``called``, ``called_points``) and plays left
    unannounced (``missed``, ``missed_points``)."""

    matches: int = 0
    won: int = 0
    hands: int = 0
    play_points: int = 0
    end_points: int = 0
    went_out: int = 0
    blocks_won: int = 0
    muggins_matches: int = 0
    called: int = 0
    called_points: int = 0
    missed: int = 0
    missed_points: int = 0

    @property
    def play_per_hand(self) -> float:
        """Points from play per hand played (0.0 before any hand)."""
        return self.play_points / self.hands if self.hands else 0.0

    @property
    def end_per_hand(self) -> float:
        """Points at hand ends per hand played (0.0 before any hand)."""
        return self.end_points / self.hands if self.hands else 0.0

    def add(self, record: MatchRecord, seat: int) -> None:
        """Count the match ``record`` for the player in ``seat``."""
        side = record.seats[seat].side
        self.matches += 1
        self.won += record.winner == side
        self.hands += len(record.hands)
        self.play_points += record.play_points[seat]
        for hand in record.hands:
            self.end_points += hand.at_end[side]
            self.went_out += hand.end == "domino" and hand.domino_player == seat
            self.blocks_won += hand.end == "blocked" and side in hand.winners
        if record.muggins:
            self.muggins_matches += 1
            self.called += record.called[seat]
            self.called_points += record.called_points[seat]
            self.missed += record.missed[seat]
            self.missed_points += record.missed_points[seat]


def moment(iso: str) -> datetime.datetime | None:
    """A time the journal wrote (ISO 8601) as an aware time (a time without a zone is
    UTC, as the journal writes them), or None when it cannot be read (an imported match
    may carry anything)."""
    try:
        when = datetime.datetime.fromisoformat(iso)
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=datetime.timezone.utc)


def begun(record: MatchRecord) -> datetime.datetime | None:
    """When ``record`` was begun (:func:`moment`), or None when it cannot be read."""
    return moment(record.created)


_LONG_AGO = datetime.datetime.min.replace(tzinfo=datetime.timezone.utc)


def counted(records: Iterable[MatchRecord]) -> list[MatchRecord]:
    """The records the figures count: finished matches, in the order played (by the
    time each was begun, then by number; a time that cannot be read counts as the earliest)."""
    return sorted((r for r in records if r.finished), key=lambda r: (begun(r) or _LONG_AGO, r.id))


def standings(records: Sequence[MatchRecord], roster: Roster) -> dict[str, Figures]:
    """Every player's :class:`Figures` over the finished matches of ``records`` (those
    given: filter by pack or date first), by player (root key)."""
    table: dict[str, Figures] = {}
    for record in counted(records):
        for seat_index, seat in enumerate(record.seats):
            table.setdefault(roster.root(seat.key), Figures()).add(record, seat_index)
    return table


def rating_games(records: Sequence[MatchRecord], roster: Roster) -> list[tuple[int, list[list[str]], list[int]]]:
    """The finished matches of ``records`` as games to rate, in the order played:
    ``(match_id, sides as lists of players, each side's place)``."""
    games = []
    for record in counted(records):
        sides: list[list[str]] = [[] for _ in record.scores]
        for seat in record.seats:
            sides[seat.side].append(roster.root(seat.key))
        if len(sides) < 2 or not all(sides):
            continue  # a match of one side (teams written so in a damaged file) is no game to rate
        games.append((record.id, sides, placing(record)))
    return games


class Partner(NamedTuple):
    """A partner of the player: ``matches`` on the same side, ``won`` together."""

    player: str
    matches: int
    won: int


class Opponent(NamedTuple):
    """An opponent head to head: ``matches`` on different sides, and how often the
    player's side finished ``ahead`` of theirs, ``behind`` it, or ``level`` (an equal
    place: two sides that did not win, on equal scores)."""

    player: str
    matches: int
    ahead: int
    behind: int
    level: int


@dataclass
class PlayerRecord:
    """One player's record over the finished matches: ``overall`` and ``by_pack``
    figures, ``partners`` and ``opponents`` (most matches first), and their
    ``matches`` (newest first)."""

    player: str
    overall: Figures = field(default_factory=Figures)
    by_pack: dict[str, Figures] = field(default_factory=dict)
    partners: list[Partner] = field(default_factory=list)
    opponents: list[Opponent] = field(default_factory=list)
    matches: list[MatchRecord] = field(default_factory=list)


def player_record(records: Sequence[MatchRecord], roster: Roster, player: str) -> PlayerRecord:
    """The record of ``player`` (a root key) over the finished matches of ``records``."""
    record_out = PlayerRecord(player)
    partners: dict[str, list[int]] = {}
    opponents: dict[str, list[int]] = {}
    for record in counted(records):
        roots = [roster.root(seat.key) for seat in record.seats]
        if player not in roots:
            continue
        mine = roots.index(player)
        side = record.seats[mine].side
        record_out.overall.add(record, mine)
        record_out.by_pack.setdefault(record.rules_id, Figures()).add(record, mine)
        record_out.matches.append(record)
        places = placing(record)
        for seat, other in zip(record.seats, roots):
            if other == player:
                continue
            if seat.side == side:
                tally = partners.setdefault(other, [0, 0])
                tally[0] += 1
                tally[1] += record.winner == side
            else:
                tally = opponents.setdefault(other, [0, 0, 0, 0])
                tally[0] += 1
                mine_place, theirs = places[side], places[seat.side]
                tally[1 if mine_place < theirs else 2 if mine_place > theirs else 3] += 1
    record_out.matches.reverse()
    record_out.partners = sorted((Partner(p, *t) for p, t in partners.items()),
                                 key=lambda x: (-x.matches, roster.display(x.player)))
    record_out.opponents = sorted((Opponent(p, *t) for p, t in opponents.items()),
                                  key=lambda x: (-x.matches, roster.display(x.player)))
    return record_out


class Decided(NamedTuple):
    """The hands that decided a finished match: the hand after which the winner led
    for good (``lead``: ahead of every other side after it and every later hand), and
    the hand in which the winner reached the target (``won``)."""

    lead: int
    won: int


def deciding_hands(record: MatchRecord) -> Decided | None:
    """The hands that decided ``record`` (None for a match not won, or without a hand)."""
    if record.winner is None or not record.hands:
        return None
    winner = record.winner

    def leads(hand: HandRecord) -> bool:
        return all(hand.totals[winner] > score for side, score in enumerate(hand.totals) if side != winner)

    lead = record.hands[-1].number
    for hand in reversed(record.hands):
        if not leads(hand):
            break
        lead = hand.number
    return Decided(lead, record.hands[-1].number)


__all__ = ["Decided", "Figures", "HandRecord", "MatchRecord", "Opponent", "Partner", "PlayerRecord", "Seat",
           "begun", "clashes", "counted", "deciding_hands", "moment", "placing", "player_record", "rating_games", "record_from", "record_of",
           "roster_of", "selected", "standings"]
