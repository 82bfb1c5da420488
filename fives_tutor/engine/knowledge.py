"""What a player knows: the tiles they cannot see, what each opponent has shown about
their hand, and exact uniform sampling of the opponents' hands (pure, seeded).

An opponent who drew or passed held none of the numbers open at that moment; a tile
showing such a number cannot be in their hand, unless it came with a later draw. So
each opponent's tiles are grouped by how they came into the hand: the deal, then one
group per draw (:class:`Slot`), each with the numbers its tiles cannot show while
held (``void``) and, for the deal, single tiles they cannot have been dealt (the lead
rule: nobody held a double above the one that led). A tile the opponent has played
came from one of the groups it could have been in then (``Played``).

Every deal of the unseen tiles (each opponent exactly their tile count, the rest the
boneyard) is weighted by the number of ways the opponents' played and held tiles fit
their groups: the deals consistent with the whole history, each history equally
likely, which is what a uniformly shuffled and dealt set gives when the players'
choices tell nothing more. Sampling counts these ways exactly (tiles with the same
possible places are interchangeable; an opponent's groups are nested, so a held
tile's places are "from group i on") and draws opponent by opponent with those
weights: no rejection loop, however tight the constraints.

>>> from fives_tutor.core.tiles import parse_hand
>>> known = Knowledge(unseen=parse_hand("6|6 6|1 5|0 2|2"), counts=(2,), voids=(frozenset({6}),))
>>> sorted(map(str, known.sample(__import__("random").Random(1))[0][0]))
['2|2', '5|0']
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from math import comb
from typing import NamedTuple, TypeAlias

from ..core.tiles import Tile
from ..errors import N_, IllegalPlayError

#: the most steps the counting may take before a situation is refused as too involved
WORK_LIMIT = 2_000_000

#: for each opponent, the first of their slots a tile may have come from (None: they
#: cannot hold it): what makes unseen tiles interchangeable
Places: TypeAlias = tuple[int | None, ...]

#: a count per class of interchangeable unseen tiles (the classes of :meth:`Knowledge.groups`)
Counts: TypeAlias = tuple[int, ...]


class Slot(NamedTuple):
    """One way tiles came into an opponent's hand: the deal (the first slot) or one draw.

    ``capacity``: how many tiles came in this way; ``void``: numbers a tile still held
    from here cannot show (numbers that were open when the opponent later drew or
    passed, or, for the tiles drawn before the one that fitted, when they drew);
    ``forbidden``: tiles that cannot have come this way at all (the lead rule).
    """

    capacity: int
    void: frozenset[int] = frozenset()
    forbidden: frozenset[Tile] = frozenset()


class Played(NamedTuple):
    """A tile an opponent played, and the slots it may have come from: ``first`` to
    ``last`` (indexes into the opponent's slots)."""

    tile: Tile
    first: int
    last: int


class Record(NamedTuple):
    """What one opponent has shown: their ``slots`` in the order the tiles came (each
    slot's ``void`` contains the next one's) and the tiles they ``played``."""

    slots: tuple[Slot, ...]
    played: tuple[Played, ...] = ()


class Knowledge(NamedTuple):
    """The hidden part of a position from one player's seat.

    ``unseen``: the tiles the player cannot see (in the opponents' hands or the
    boneyard); ``counts[i]``: how many tiles opponent i holds (opponents in turn order
    from the next player); ``voids[i]``: numbers opponent i cannot hold now (a shortcut
    such as ``--void``); ``records[i]``: what opponent i has shown over the hand
    (:class:`Record`, or None: nothing beyond ``voids``). The rest of ``unseen`` is the
    boneyard.
    """

    unseen: tuple[Tile, ...]
    counts: tuple[int, ...]
    voids: tuple[frozenset[int], ...]
    records: tuple[Record | None, ...] = ()

    @property
    def boneyard(self) -> int:
        """How many unseen tiles are in the boneyard."""
        return len(self.unseen) - sum(self.counts)

    def record(self, opponent: int) -> Record:
        """Opponent ``opponent``'s record; without one, a single slot of their tile count."""
        found = self.records[opponent] if opponent < len(self.records) else None
        if found is not None:
            return found
        return Record((Slot(self.counts[opponent]),))

    def first_slot(self, opponent: int, tile: Tile) -> int | None:
        """The first of opponent ``opponent``'s slots a tile they still hold may have come
        from (then any later one too), or None when they cannot hold ``tile``."""
        void: frozenset[int] = self.voids[opponent] if opponent < len(self.voids) else frozenset()
        if tile[0] in void or tile[1] in void:
            return None
        for index, slot in enumerate(self.record(opponent).slots):
            if tile[0] not in slot.void and tile[1] not in slot.void and tile not in slot.forbidden:
                return index
        return None

    def allowed(self, opponent: int, tile: Tile) -> bool:
        """Whether opponent ``opponent`` may hold ``tile`` now."""
        return self.first_slot(opponent, tile) is not None

    def groups(self) -> list[tuple[Places, list[Tile]]]:
        """The unseen tiles grouped by where they may be: ``(first slot per opponent, tiles)``
        (None where that opponent cannot hold them)."""
        found: dict[Places, list[Tile]] = {}
        for tile in self.unseen:
            key = tuple(self.first_slot(i, tile) for i in range(len(self.counts)))
            found.setdefault(key, []).append(tile)
        return sorted(found.items(), key=lambda item: tuple(-1 if k is None else k for k in item[0]))

    def _counter(self) -> _Counter:
        counter = _COUNTERS.get(self)
        if counter is None:
            if len(_COUNTERS) > 64:
                _COUNTERS.clear()
            counter = _COUNTERS[self] = _Counter(self)
        return counter

    def ways(self) -> int:
        """How many consistent deals there are, each counted by the ways the history fits
        it (without a record: the number of deals; 0 when the constraints cannot hold)."""
        if self.boneyard < 0:
            return 0
        return self._counter().total()

    def weight(self, hands: Sequence[Sequence[Tile]]) -> int:
        """The ways the history fits one deal (``hands`` per opponent): 0 when it does not."""
        counter = self._counter()
        weight = 1
        for opponent, held in enumerate(hands):
            if len(held) != self.counts[opponent]:
                return 0
            levels = [0] * len(self.record(opponent).slots)
            for tile in held:
                first = self.first_slot(opponent, tile)
                if first is None:
                    return 0
                levels[first] += 1
            weight *= counter.arrangements(opponent, tuple(levels))
        return weight

    def possible(self, opponent: int) -> frozenset[Tile]:
        """The tiles opponent ``opponent`` holds in at least one consistent deal (of
        positive weight): exactly the tiles they can hold, where :meth:`allowed` only says
        which tiles no single rule excludes (a slot whose one tile was played holds none).
        Empty when no deal is consistent."""
        if self.boneyard < 0:
            return frozenset()
        counter = self._counter()
        if counter.total() == 0:
            return frozenset()
        states = {counter.start}
        for before in range(opponent):  # the states the opponents before this one can leave
            states = {tuple(r - k for r, k in zip(state, taken))
                      for state in states for taken in counter.options(before, state)[0]}
        found: set[int] = set()
        for state in states:
            for taken in counter.options(opponent, state)[0]:
                found.update(c for c, k in enumerate(taken) if k)
        return frozenset(tile for c in found for tile in counter.classes[c][1])

    def sample(self, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
        """One consistent deal, drawn with probability proportional to its weight (uniform
        over the histories): each opponent's hand and the boneyard (shuffled).

        Raises :class:`IllegalPlayError` when no deal is consistent.
        """
        if self.boneyard < 0:
            raise IllegalPlayError(N_("the opponents hold more tiles than you cannot see"))
        counter = self._counter()
        if counter.total() == 0:
            raise IllegalPlayError(N_("no deal of the unseen tiles fits what the opponents have shown"))
        pools = [list(tiles) for _, tiles in counter.classes]
        for pool in pools:
            rng.shuffle(pool)
        hands: list[list[Tile]] = []
        remaining = counter.start
        for opponent in range(len(self.counts)):
            options, cumulative = counter.options(opponent, remaining)
            pick = rng.randrange(cumulative[-1])
            taken = options[bisect_right(cumulative, pick)]
            held: list[Tile] = []
            for c, k in enumerate(taken):
                if k:
                    held.extend(pools[c][:k])
                    del pools[c][:k]
            hands.append(held)
            remaining = tuple(r - k for r, k in zip(remaining, taken))
        boneyard = [tile for pool in pools for tile in pool]
        rng.shuffle(boneyard)
        return hands, boneyard


_COUNTERS: dict[Knowledge, _Counter] = {}


class _Counter:
    """The counting behind :class:`Knowledge`: classes of interchangeable unseen tiles, each
    opponent's ways to arrange their tiles in their slots, and the ways to complete a deal
    from each opponent on (memoized; ``options`` keeps the weighted choices for sampling)."""

    def __init__(self, known: Knowledge) -> None:
        self.known = known
        self.classes = known.groups()
        self.start = tuple(len(tiles) for _, tiles in self.classes)
        self.opponents = len(known.counts)
        self._after: dict[tuple[int, Counts], int] = {}
        self._options: dict[tuple[int, Counts], tuple[list[Counts], list[int]]] = {}
        self._arrangements: list[dict[tuple[int, ...], int]] = [{} for _ in range(self.opponents)]
        self.work = 0
        self._played: list[tuple[tuple[int, int], ...]] = []
        for opponent in range(self.opponents):
            record = known.record(opponent)
            capacity = sum(slot.capacity for slot in record.slots)
            if capacity != known.counts[opponent] + len(record.played):
                raise IllegalPlayError(N_("no deal of the unseen tiles fits what the opponents have shown"))
            self._played.append(tuple((p.first, p.last) for p in record.played))

    def _spend(self, steps: int = 1) -> None:
        self.work += steps
        if self.work > WORK_LIMIT:
            raise IllegalPlayError(N_("what the opponents have shown is too involved to count"))

    def total(self) -> int:
        """Ways to deal every opponent and the boneyard: the consistent deals, weighted."""
        return self.after(0, self.start)

    def after(self, opponent: int, remaining: Counts) -> int:
        """Ways to deal opponents ``opponent`` on (and the boneyard) from ``remaining``."""
        if opponent == self.opponents:
            return 1
        key = (opponent, remaining)
        found = self._after.get(key)
        if found is None:
            options, cumulative = self.options(opponent, remaining)
            found = self._after[key] = cumulative[-1] if cumulative else 0
        return found

    def options(self, opponent: int, remaining: Counts) -> tuple[list[Counts], list[int]]:
        """Every way opponent ``opponent`` can take tiles from ``remaining`` (a count per
        class) with its weight, as (choices, cumulative weights)."""
        key = (opponent, remaining)
        found = self._options.get(key)
        if found is not None:
            return found
        count = self.known.counts[opponent]
        slots = len(self.known.record(opponent).slots)
        places = [(c, first) for c, (key_, _) in enumerate(self.classes) if (first := key_[opponent]) is not None]
        choices: list[Counts] = []
        cumulative: list[int] = []
        running = 0
        for split in _compositions(count, [remaining[c] for c, _ in places]):
            self._spend()
            taken = [0] * len(remaining)
            levels = [0] * slots
            ways = 1
            for (c, level), k in zip(places, split):
                if k:
                    taken[c] = k
                    levels[level] += k
                    ways *= comb(remaining[c], k)
            ways *= self.arrangements(opponent, tuple(levels))
            if not ways:
                continue
            rest = tuple(r - k for r, k in zip(remaining, taken))
            ways *= self.after(opponent + 1, rest)
            if ways:
                running += ways
                choices.append(tuple(taken))
                cumulative.append(running)
        found = self._options[key] = (choices, cumulative)
        return found

    def arrangements(self, opponent: int, levels: tuple[int, ...]) -> int:
        """Ways opponent ``opponent``'s tiles fit their slots, given how many held tiles may
        come from slot i on (``levels[i]``) and the slots each played tile may come from."""
        cache = self._arrangements[opponent]
        found = cache.get(levels)
        if found is None:
            slots = self.known.record(opponent).slots
            found = cache[levels] = _arrange(tuple(s.capacity for s in slots), levels, self._played[opponent],
                                              self._spend)
        return found


def _compositions(total: int, bounds: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ordered parts, part i at most ``bounds[i]``."""
    if not bounds:
        if total == 0:
            yield ()
        return
    rest_capacity = [0] * (len(bounds) + 1)
    for i in range(len(bounds) - 1, -1, -1):
        rest_capacity[i] = rest_capacity[i + 1] + bounds[i]
    if rest_capacity[0] < total:
        return
    parts = [0] * len(bounds)

    def fill(index: int, left: int) -> Iterator[tuple[int, ...]]:
        if index == len(bounds) - 1:
            if left <= bounds[index]:
                parts[index] = left
                yield tuple(parts)
            return
        low = max(0, left - rest_capacity[index + 1])
        for k in range(low, min(left, bounds[index]) + 1):
            parts[index] = k
            yield from fill(index + 1, left - k)

    yield from fill(0, total)


def _arrange(capacities: tuple[int, ...], levels: tuple[int, ...], played: tuple[tuple[int, int], ...],
            spend: Callable[[], None]) -> int:
    """Ways to put labelled tiles into slots of exact ``capacities`` (in order): ``levels[i]``
    held tiles may go in slot i or any later one; each played tile ``(first, last)`` in a
    slot from ``first`` to ``last``."""
    slots = len(capacities)
    if not played and slots == 1:
        return 1 if levels[0] == capacities[0] else 0
    starts: dict[int, list[int]] = {}
    for first, last in played:
        if first > last:
            return 0
        starts.setdefault(first, []).append(last)
    memo: dict[tuple[int, int, tuple[tuple[int, int], ...]], int] = {}

    def place(index: int, eligible: int, pending: tuple[tuple[int, int], ...]) -> int:
        # pending: sorted tuple of (deadline, count) of played tiles not yet placed
        if index == slots:
            return 1 if eligible == 0 and not pending else 0
        key = (index, eligible, pending)
        if key in memo:
            return memo[key]
        spend()
        eligible += levels[index]
        waiting = dict(pending)
        for last in starts.get(index, ()):
            waiting[last] = waiting.get(last, 0) + 1
        deadlines = sorted(waiting)
        forced = waiting.get(index, 0)
        free = [d for d in deadlines if d != index]
        capacity = capacities[index] - forced
        total = 0
        if capacity >= 0:
            for split in _compositions(capacity, [eligible] + [waiting[d] for d in free]):
                ways = comb(eligible, split[0])
                rest = []
                for d, k in zip(free, split[1:]):
                    ways *= comb(waiting[d], k)
                    if waiting[d] - k:
                        rest.append((d, waiting[d] - k))
                total += ways * place(index + 1, eligible - split[0], tuple(rest))
        memo[key] = total
        return total

    return place(0, 0, ())
