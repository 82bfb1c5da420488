"""The ``expert`` player: a fast heuristic built from published All Fives strategy (pure).

Each legal play gets a value in points, the sum of these factors (weights in
:class:`Weights`, tuned by ``bench/tune_expert.py`` on paired deals; docs/engine.md
describes them):

* **score now**: the points the play makes (under an exact target, a score that would
  pass the target is worth nothing; one that reaches the target wins the match);
* **the reply**: minus the points the next player can expect to make in reply on the
  ends the play leaves: each unseen tile they may hold (none of the numbers they have
  shown they lack) is valued by the most it would score, weighted by the chance they
  hold it ("do not leave a count the next player can complete to a multiple of five");
  a reply that would win them the match counts as the match;
* **the partner** (partnerships): plus a share of what the partner can score after;
* **the follow-up**: plus a share of the most this player could score next turn on
  the ends left, and minus a penalty when none of their tiles would fit them;
* **blocking**: plus the chance that the next player has no tile for the ends left
  (play to suits the opponent lacks; Gambit's "end-point control");
* **heavy tiles and doubles early**: plus a share of the pips the tile sheds (pips left
  in hand are what the winner collects) and a bonus for a double (doubles are the
  hardest tiles to place later);
* **suit variety**: plus a share for each number still in hand after the play;
* **going out**: plus what the winner collects (the opponents' expected pips) and the
  chip-out bonus.

Sources: pagat.com's All Fives and Fives and Threes pages; Gambit's "Tips in
Dominoes" (play to your majority, away from scarcity, dump doubles, end-point
control); the common strategy guides (doubles and heavy tiles early, keep a variety
of suits, note the suits a player lacks when they draw or pass).

The player sees only what a player at the table sees: its own tiles, the table, how
many tiles each player holds, the numbers each has shown they lack, and the scores.
"""

from __future__ import annotations

import random
from typing import NamedTuple, Sequence

from .fast import FastHand, Tables, place_codes

#: what a match won is worth to the expert, in points
WIN = 300.0


class Weights(NamedTuple):
    """The weights of the expert's factors (see the module docstring), in points per unit."""

    reply: float = 1.0  #: per point the next player is expected to score in reply
    partner: float = 0.3  #: per point the partner is expected to score after (partnerships)
    follow: float = 0.25  #: per point this player could score next turn on the ends left
    stuck: float = 4.0  #: when no tile of this player would fit the ends left
    block: float = 6.0  #: per unit of chance that the next player cannot play
    pips: float = 0.35  #: per pip shed, when the pack collects pips at the hand's end
    double: float = 2.0  #: for playing a double
    variety: float = 1.0  #: per number still in hand after the play
    out: float = 1.0  #: per point collected by going out


#: the weights in use: measured by ``bench/tune_expert.py --deals 1500 --rounds 2`` against
#: greedy (docs/benchmarks.md)
DEFAULT = Weights(reply=1.0, partner=0.3, follow=0.25, stuck=2.0, block=9.0, pips=0.35, double=1.5, variety=0.75,
                  out=1.0)


class Option(NamedTuple):
    """One play valued by the expert: the factors in points (each already weighted) and
    ``value``, their sum; ``reply`` is the next player's expected reply in points
    (unweighted) and ``scoring_replies`` how many unseen tiles would let them score."""

    move: tuple
    value: float
    now: float
    reply: float
    scoring_replies: int
    factors: dict


def popcount(mask: int) -> int:
    """Bits set in ``mask``."""
    return bin(mask).count("1")


def _allowed(tb: Tables, unseen: int, void: int) -> int:
    """The unseen tiles a player who lacks the numbers of ``void`` (a bit mask) may hold."""
    mask = unseen
    number = 0
    while void:
        if void & 1:
            mask &= ~tb.suit[number]
        void >>= 1
        number += 1
    return mask


def _reply_values(tb: Tables, ends: list, total: int, tiles: int) -> list[int]:
    """For each tile of the mask ``tiles`` that fits ``ends`` (not lone), the most it
    scores there; tiles that score nothing are left out."""
    best: dict = {}
    fit, fitmask, points = tb.fit, tb.fitmask, tb.points
    seen = 0
    for code in ends:
        if seen >> code & 1:
            continue
        seen |= 1 << code
        bits = tiles & fitmask[code]
        row = fit[code]
        while bits:
            bit = bits & -bits
            bits ^= bit
            u = bit.bit_length() - 1
            v = points[total + row[u]]
            if v and v > best.get(u, 0):
                best[u] = v
    return list(best.values())


def _lone_reply_values(tb: Tables, ends: list, tiles: int) -> list[int]:
    best = []
    for u in range(tb.size):
        if tiles >> u & 1:
            h, l = tb.high[u], tb.low[u]
            most = 0
            for index, code in enumerate(ends):
                matched = code >> 2
                if matched != h and matched != l:
                    continue
                far = h + l - matched
                added = 2 * far if h == l else far
                after = added + 2 * matched if len(ends) == 1 else (ends[1 - index] >> 2) + added
                most = max(most, tb.points[after])
            if most:
                best.append(most)
    return best


def expected_max(values: list, chance: float) -> float:
    """Expected best of ``values`` when each is available independently with ``chance``."""
    if not values or chance <= 0:
        return 0.0
    if chance >= 1:
        return float(max(values))
    values.sort(reverse=True)
    miss = 1.0
    expected = 0.0
    for v in values:
        expected += v * chance * miss
        miss *= 1 - chance
    return expected


def no_fit_chance(allowed: int, fitting: int, held: int) -> float:
    """Chance that ``held`` tiles drawn from ``allowed`` tiles include none of ``fitting``."""
    if held <= 0:
        return 1.0
    rest = allowed - fitting
    if rest < held:
        return 0.0
    chance = 1.0
    for k in range(held):
        chance *= (rest - k) / (allowed - k)
    return chance


class Expert:
    """The expert player as a policy for the fast loop (:func:`fives_tutor.engine.fast.run`).

    ``weights``; ``epsilon``: the chance of a random legal play instead (for playouts);
    ``scores`` and ``target`` (by side) make it play for the match; ``exact`` is the
    pack's exact-target rule. Call it with ``(hand, options, rng)``.
    """

    def __init__(self, weights: Weights = DEFAULT, epsilon: float = 0.0, board=None) -> None:
        self.weights = weights
        self.epsilon = epsilon
        self.board = board

    def __call__(self, hand: FastHand, found: list, rng: random.Random | None) -> tuple:
        if self.epsilon and rng is not None and rng.random() < self.epsilon:
            return found[rng.randrange(len(found))]
        best, best_value = found[0], None
        for option in found:
            value = evaluate(hand, hand.turn, option, self.weights, self.board or hand.board).value
            if best_value is None or value > best_value + 1e-9:
                best, best_value = option, value
        return best


def evaluate(hand: FastHand, me: int, option: tuple, weights: Weights = DEFAULT, board=None,
             unseen: int | None = None) -> Option:
    """The expert's value of ``option`` (``(tile, end index, points, ...)``) for player ``me``
    in ``hand``; ``unseen`` overrides the tiles the player cannot see (default: every
    tile neither on the table nor in their hand); ``board`` (scores, target, exact)
    makes the match count."""
    tb = hand.tb
    rules = tb.rules
    t, index, points = option[0], option[1], option[2]
    players = hand.players
    mine = hand.masks[me] & ~(1 << t)
    if unseen is None:
        unseen = tb.full & ~hand.table & ~hand.masks[me]
    sides = hand.sides
    side = sides[me]
    factors = {}
    now = float(points)
    win_now = False
    if board is not None:
        score = board.scores[side]
        if board.exact and score + points > board.target:
            now = 0.0
        elif points and score + points >= board.target:
            win_now = True
            now += WIN
    factors["now"] = now
    if not mine:
        # going out: the hand ends; the winner collects the opponents' pips
        opponents_tiles = sum(len(hand.hands[q]) for q in range(players) if sides[q] != side)
        unseen_count = popcount(unseen)
        average = (sum(tb.weight[u] for u in range(tb.size) if unseen >> u & 1) / unseen_count) if unseen_count else 0
        collected = 0.0
        if rules.hand_end.collect != "none":
            collected = rules.hand_end.to_points(opponents_tiles * average)
        collected += rules.hand_end.chip_out_bonus
        factors["out"] = weights.out * collected
        return Option(option, now + factors["out"] + (WIN if win_now else 0), now, 0.0, 0, factors)
    ends, total = place_codes(tb, hand.ends, hand.lone, hand.total, t, index, hand.double_played)
    lone = not hand.ends
    nxt = (me + 1) % players
    allowed = _allowed(tb, unseen, hand.voids[nxt])
    n_allowed = popcount(allowed)
    held = len(hand.hands[nxt])
    values = _lone_reply_values(tb, ends, allowed) if lone else _reply_values(tb, ends, total, allowed)
    scoring_replies = len(values)
    if board is not None and values:
        score = board.scores[sides[nxt]]
        values = [0 if (board.exact and score + v > board.target) else (v + WIN if score + v >= board.target else v)
                  for v in values]
    chance = min(1.0, held / n_allowed) if n_allowed else 0.0
    reply = expected_max(values, chance)
    factors["reply"] = -weights.reply * reply
    open_fit = 0
    for code in ends:
        open_fit |= tb.fitmask[code]
    # blocking: the next player may hold nothing for these ends
    if n_allowed:
        factors["block"] = weights.block * no_fit_chance(n_allowed, popcount(allowed & open_fit), held)
    # the partner (partnerships: the seat opposite) may score after
    if players == 4 and sides[(me + 2) % 4] == side and weights.partner:
        partner = (me + 2) % 4
        p_allowed = _allowed(tb, unseen, hand.voids[partner])
        p_values = _lone_reply_values(tb, ends, p_allowed) if lone else _reply_values(tb, ends, total, p_allowed)
        n_p = popcount(p_allowed)
        factors["partner"] = weights.partner * expected_max(p_values, min(1.0, len(hand.hands[partner]) / n_p)
                                                            if n_p else 0.0)
    # the follow-up: what I could score next turn; stuck when nothing of mine fits
    if not lone:
        follow = _reply_values(tb, ends, total, mine)
        factors["follow"] = weights.follow * (max(follow) if follow else 0)
    if not mine & open_fit:
        factors["stuck"] = -weights.stuck
    # heavy tiles and doubles early
    if rules.hand_end.collect != "none":
        factors["pips"] = weights.pips * rules.hand_end.to_points(tb.weight[t])
    if tb.high[t] == tb.low[t]:
        factors["double"] = weights.double
    # suit variety: the numbers still in hand
    numbers = 0
    bits = mine
    while bits:
        bit = bits & -bits
        bits ^= bit
        numbers |= tb.numbers[bit.bit_length() - 1]
    factors["variety"] = weights.variety * popcount(numbers)
    value = sum(factors.values())
    return Option(option, value, now, reply, scoring_replies, factors)


def view(tb: Tables, ends: Sequence[int], lone: bool, hand_tiles: Sequence[int], counts: Sequence[int],
         voids: Sequence[int], unseen: int, me: int = 0, double_played: bool = False,
         sides: Sequence[int] | None = None) -> FastHand:
    """A :class:`FastHand` as one player sees it, for :func:`evaluate`: their own tiles
    in seat ``me``, only the tile ``counts`` of the others (in seat order from seat 0),
    the numbers each has shown they lack (``voids``, bit masks), and ``unseen``, the
    tiles they cannot see (a bit mask)."""
    players = len(counts)
    hands = [list(hand_tiles) if p == me else [-1] * counts[p] for p in range(players)]
    hand = FastHand.__new__(FastHand)
    hand.tb = tb
    hand.players = players
    hand.sides = tuple(sides) if sides is not None else tuple(range(players))
    hand.hands = hands
    mask = 0
    for t in hand_tiles:
        mask |= 1 << t
    hand.masks = [mask if p == me else 0 for p in range(players)]
    hand.boneyard = []
    hand.reserve = tb.rules.turn.boneyard_reserve
    hand.ends = list(ends)
    hand.lone = lone
    from .fast import _total

    hand.total = _total(tb, hand.ends, lone) if ends else 0
    hand.turn = me
    hand.leader = me
    hand.passes = 0
    hand.double_played = double_played
    hand.lead_tile = -1
    hand.voids = list(voids)
    hand.made, hand.credited = [], []
    hand.kind = hand.domino_player = hand.result = hand.record = None
    hand.at_end = ()
    hand.table = tb.full & ~mask & ~unseen
    hand.board = None
    return hand


__all__ = ["DEFAULT", "Expert", "Option", "WIN", "Weights", "evaluate", "expected_max", "no_fit_chance", "view"]
