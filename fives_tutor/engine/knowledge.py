"""What a player knows: the tiles they cannot see, and which numbers each opponent
cannot hold; exact uniform sampling of the opponents' hands (pure, seeded).

An opponent who drew or passed held none of the numbers open at that moment; a
tile showing such a number cannot be in their hand. Sampling deals the unseen tiles
to the opponents (each exactly their tile count) and the boneyard so that every
such constraint holds, each consistent deal equally likely. It counts the ways to
complete a deal (tiles with the same set of possible holders are interchangeable)
and draws group by group with those weights: no rejection loop, however tight the
constraints.

>>> from fives_tutor.tiles import parse_hand
>>> known = Knowledge(unseen=parse_hand("6|6 6|1 5|0 2|2"), counts=(2,), voids=(frozenset({6}),))
>>> sorted(map(str, known.sample(__import__("random").Random(1))[0][0]))
['2|2', '5|0']
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import NamedTuple, Sequence

from ..errors import N_, IllegalPlayError
from ..tiles import Tile


class Knowledge(NamedTuple):
    """The hidden part of a position from one player's seat.

    ``unseen``: the tiles the player cannot see (in the opponents' hands or the
    boneyard); ``counts[i]``: how many tiles opponent i holds; ``voids[i]``: the
    numbers opponent i cannot hold. The rest of ``unseen`` is the boneyard.
    """

    unseen: tuple[Tile, ...]
    counts: tuple[int, ...]
    voids: tuple[frozenset, ...]

    @property
    def boneyard(self) -> int:
        """How many unseen tiles are in the boneyard."""
        return len(self.unseen) - sum(self.counts)

    def allowed(self, opponent: int, tile: Tile) -> bool:
        """Whether opponent ``opponent`` may hold ``tile``."""
        void = self.voids[opponent]
        return tile[0] not in void and tile[1] not in void

    def groups(self) -> list[tuple[tuple[int, ...], list[Tile]]]:
        """The unseen tiles grouped by who may hold them: ``(opponents, tiles)``."""
        found: dict[tuple[int, ...], list[Tile]] = {}
        for tile in self.unseen:
            holders = tuple(i for i in range(len(self.counts)) if self.allowed(i, tile))
            found.setdefault(holders, []).append(tile)
        return sorted(found.items())

    def ways(self) -> int:
        """How many consistent deals there are (0 when the constraints cannot hold)."""
        groups = self.groups()
        return _count(tuple((holders, len(tiles)) for holders, tiles in groups), tuple(self.counts), self.boneyard)

    def sample(self, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
        """One consistent deal, uniformly: each opponent's hand and the boneyard (shuffled).

        Raises :class:`IllegalPlayError` when no deal is consistent.
        """
        if self.boneyard < 0:
            raise IllegalPlayError(N_("the opponents hold more tiles than you cannot see"))
        groups = self.groups()
        shape = tuple((holders, len(tiles)) for holders, tiles in groups)
        remaining = list(self.counts)
        bone_left = self.boneyard
        if _count(shape, tuple(remaining), bone_left) == 0:
            raise IllegalPlayError(N_("no deal of the unseen tiles fits what the opponents have shown"))
        hands: list[list[Tile]] = [[] for _ in self.counts]
        boneyard: list[Tile] = []
        for index, (holders, tiles) in enumerate(groups):
            rest = shape[index + 1:]
            tiles = list(tiles)
            rng.shuffle(tiles)
            # choose how many of this group each holder takes (and the boneyard), weighted
            # by the number of ways to finish the deal after that choice
            options = []
            for split in _splits(len(tiles), holders, remaining, bone_left):
                after = list(remaining)
                for holder, taken in zip(holders, split[:-1]):
                    after[holder] -= taken
                weight = _multinomial(len(tiles), split) * _count(rest, tuple(after), bone_left - split[-1])
                if weight:
                    options.append((weight, split, after))
            pick = rng.randrange(sum(w for w, _, _ in options))
            for weight, split, after in options:
                if pick < weight:
                    break
                pick -= weight
            start = 0
            for holder, taken in zip(holders, split[:-1]):
                hands[holder].extend(tiles[start:start + taken])
                start += taken
            boneyard.extend(tiles[start:])
            remaining = after
            bone_left -= split[-1]
        rng.shuffle(boneyard)
        return hands, boneyard


def _splits(size: int, holders: Sequence[int], remaining: Sequence[int], bone_left: int):
    """Every way to share ``size`` tiles among ``holders`` and the boneyard within capacities."""
    def share(index, left):
        if index == len(holders):
            if left <= bone_left:
                yield (left,)
            return
        for taken in range(min(left, remaining[holders[index]]) + 1):
            for rest in share(index + 1, left - taken):
                yield (taken,) + rest
    yield from share(0, size)


def _multinomial(size: int, split: Sequence[int]) -> int:
    ways, left = 1, size
    for part in split:
        ways *= comb(left, part)
        left -= part
    return ways


@lru_cache(maxsize=100_000)
def _count(shape, remaining, bone_left) -> int:
    """Ways to deal the groups of ``shape`` exactly into ``remaining`` hands and the boneyard."""
    if not shape:
        return 1 if bone_left == 0 and not any(remaining) else 0
    (holders, size), rest = shape[0], shape[1:]
    total = 0
    for split in _splits(size, holders, remaining, bone_left):
        after = list(remaining)
        for holder, taken in zip(holders, split[:-1]):
            after[holder] -= taken
        total += _multinomial(size, split) * _count(rest, tuple(after), bone_left - split[-1])
    return total


def enumerate_deals(known: Knowledge):
    """Every consistent deal (hands as frozensets, and the boneyard's set), for tests on
    small cases: exponential, never used in play."""
    tiles = list(known.unseen)

    def deal(index, pool):
        if index == len(known.counts):
            yield ()
            return
        for chosen in combinations(pool, known.counts[index]):
            if all(known.allowed(index, t) for t in chosen):
                rest = [t for t in pool if t not in chosen]
                for others in deal(index + 1, rest):
                    yield (frozenset(chosen),) + others

    for hands in deal(0, tiles):
        used = set().union(*hands) if hands else set()
        yield hands, frozenset(t for t in tiles if t not in used)
