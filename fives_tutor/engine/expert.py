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
from collections.abc import Sequence
from typing import Literal, NamedTuple, overload

from .chances import expected_max, no_fit_chance
from .fast import SPINNER, Board, EndCode, FastHand, Mask, Move, Option, Tables, TileIndex, open_total, place_codes
from .names import WIN_VALUE


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


class Valuation(NamedTuple):
    """One play (``move``) valued by the expert: the ``factors`` in points (each already
    weighted, by name) and ``value``, their sum; ``now`` the points it scores now, as the
    match counts them; ``reply`` is the next player's expected reply in points
    (unweighted) and ``scoring_replies`` how many unseen tiles would let them score."""

    move: Move
    value: float
    now: float
    reply: float
    scoring_replies: int
    factors: dict[str, float]


def allowed_tiles(tb: Tables, unseen: Mask, void: Mask) -> Mask:
    """The unseen tiles a player who lacks the numbers of ``void`` (a bit mask) may hold."""
    mask = unseen
    number = 0
    while void:
        if void & 1:
            mask &= ~tb.suit[number]
        void >>= 1
        number += 1
    return mask


def reply_values(tb: Tables, ends: Sequence[EndCode], total: int, tiles: Mask,
                 credit: Sequence[int] | None = None) -> list[int]:
    """For each tile of the mask ``tiles`` that fits ``ends`` (not lone), the most it
    scores there; tiles that score nothing are left out. ``credit`` (indexed by points)
    gives what the player would be credited for each score instead of the points
    (:func:`credit_table`: the match's exact target)."""
    best: dict[TileIndex, int] = {}
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
            if credit is not None:
                v = credit[v]
            if v and v > best.get(u, 0):
                best[u] = v
    return list(best.values())


def lone_reply_values(tb: Tables, ends: Sequence[EndCode], tiles: Mask,
                      credit: Sequence[int] | None = None) -> list[int]:
    """For each tile of the mask ``tiles`` that fits the ``ends`` a lone tile leaves (the
    lead alone on the table), the most it scores there; tiles that score nothing are left
    out. ``credit`` as for :func:`reply_values`."""
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
                v = tb.points[after]
                most = max(most, v if credit is None else credit[v])
            if most:
                best.append(most)
    return best


def credit_table(tb: Tables, board: Board | None, score: int) -> list[int] | None:
    """What a side at ``score`` would be credited for each score a play can make (indexed
    by points), where ``board`` has an exact target (a reply that would bounce the player
    back counts 0: they would rather not make it); None where every score counts as made."""
    if board is None or not board.exact:
        return None
    return [max(board.change(score, v), 0) for v in range(max(max(tb.points), max(tb.lead_points)) + 1)]


class Expert:
    """The expert player as a policy for the fast loop (:func:`fives_tutor.engine.fast.run`).

    ``weights``; ``epsilon``: the chance of a random legal play instead (for playouts);
    ``board`` (a :class:`~fives_tutor.engine.fast.Board`: scores, target, what passing
    it does) makes it play for the match (default: the board the fast loop plays with).
    Call it with ``(hand, options, rng)``.
    """

    def __init__(self, weights: Weights = DEFAULT, epsilon: float = 0.0, board: Board | None = None) -> None:
        self.weights = weights
        self.epsilon = epsilon
        self.board = board

    def __call__(self, hand: FastHand, found: list[Option], rng: random.Random | None = None) -> Option:
        if self.epsilon and rng is not None and rng.random() < self.epsilon:
            return found[rng.randrange(len(found))]
        context = _Context(hand, hand.turn, self.weights, self.board or hand.board, None)
        best, best_value = found[0], None
        for option in found:
            value = context.value(option)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = option, value
        return best


class _Context:
    """What the expert works out once per decision (the unseen tiles, what the next player
    and the partner may hold, the numbers in hand) before valuing each play."""

    __slots__ = ("hand", "tb", "me", "weights", "board", "unseen", "allowed", "n_allowed", "held", "chance",
                 "partner", "p_allowed", "p_chance", "number_counts", "numbers_held", "collects", "side", "nxt")
    partner: int | None
    p_allowed: Mask
    p_chance: float

    def __init__(self, hand: FastHand, me: int, weights: Weights, board: Board | None, unseen: Mask | None) -> None:
        tb = hand.tb
        self.hand, self.tb, self.me, self.weights, self.board = hand, tb, me, weights, board
        if unseen is None:
            unseen = tb.full & ~hand.table & ~hand.masks[me]
        self.unseen = unseen
        players = hand.players
        self.side = hand.sides[me]
        self.nxt = nxt = (me + 1) % players
        self.allowed = allowed_tiles(tb, unseen, hand.voids[nxt])
        self.n_allowed = self.allowed.bit_count()
        self.held = len(hand.hands[nxt])
        self.chance = min(1.0, self.held / self.n_allowed) if self.n_allowed else 0.0
        self.partner = None
        if players == 4 and hand.sides[(me + 2) % 4] == self.side and weights.partner:
            self.partner = partner = (me + 2) % 4
            self.p_allowed = allowed_tiles(tb, unseen, hand.voids[partner])
            n_p = self.p_allowed.bit_count()
            self.p_chance = min(1.0, len(hand.hands[partner]) / n_p) if n_p else 0.0
        counts = [0] * (tb.rules.max_pips + 1)
        bits = hand.masks[me]
        high, low = tb.high, tb.low
        while bits:
            bit = bits & -bits
            bits ^= bit
            t = bit.bit_length() - 1
            counts[high[t]] += 1
            if low[t] != high[t]:
                counts[low[t]] += 1
        self.number_counts = counts
        self.numbers_held = sum(1 for c in counts if c)
        self.collects = tb.rules.hand_end.collect != "none"

    @overload
    def value(self, option: Move, detail: Literal[False] = False) -> float: ...

    @overload
    def value(self, option: Move, detail: Literal[True]) -> Valuation: ...

    def value(self, option: Move, detail: bool = False) -> float | Valuation:
        """The value of ``option``; with ``detail`` a :class:`Valuation` with the factors."""
        hand, tb, weights, board = self.hand, self.tb, self.weights, self.board
        rules = tb.rules
        t, index, points = option[0], option[1], option[2]
        me = self.me
        mine = hand.masks[me] & ~(1 << t)
        sides = hand.sides
        now = float(points)
        win_now = False
        if board is not None:
            score = board.scores[self.side]
            change = board.change(score, points)
            if change != points:
                now = float(change)  # refused (0) or bounced back by the excess (rules.match.overshoot)
            elif points and score + points >= board.target:
                win_now = True
                now += WIN_VALUE
        if not mine:
            # going out: the hand ends; the winner collects the opponents' pips
            unseen = self.unseen
            opponents_tiles = sum(len(hand.hands[q]) for q in range(hand.players) if sides[q] != self.side)
            unseen_count = unseen.bit_count()
            collected = 0.0
            if self.collects and unseen_count:
                average = sum(tb.weight[u] for u in range(tb.size) if unseen >> u & 1) / unseen_count
                # the expected pips, a fraction: to_points rounds them as it rounds whole pips
                # (pips // 5, or the pips themselves), though core types it for whole pips
                collected = rules.hand_end.to_points(opponents_tiles * average)  # type: ignore[arg-type]
            collected += rules.hand_end.chip_out_bonus
            out = weights.out * collected
            value = now + out + (WIN_VALUE if win_now else 0)
            if detail:
                return Valuation(option, value, now, 0.0, 0, {"now": now, "out": out})
            return value
        before = hand.ends
        lone = not before
        h, l = tb.high[t], tb.low[t]
        allowed = self.allowed
        best_mine = 0
        if lone or hand.lone or h == l or (before[index] & 3 == SPINNER and not tb.at_once):
            ends, total = place_codes(tb, before, hand.lone, hand.total, t, index, hand.double_played)
            values = lone_reply_values(tb, ends, allowed) if lone else reply_values(tb, ends, total, allowed)
            if not lone and weights.follow:
                best_mine = _best_score(tb, ends, total, mine)
        else:
            # the commonest play (fast.play's): a tile that is not a double, on an end that
            # opens no arm; the reply values and the best of this player's tiles in one pass
            code = before[index]
            total = hand.total + tb.fit[code][t]
            ends = list(before)
            ends[index] = (h + l - (code >> 2)) * 4
            best: dict[TileIndex, int] = {}
            fit, fitmask, points_of = tb.fit, tb.fitmask, tb.points
            follows = weights.follow != 0
            either = allowed | mine if follows else allowed
            seen = 0
            for code in ends:
                if seen >> code & 1:
                    continue
                seen |= 1 << code
                bits = either & fitmask[code]
                row = fit[code]
                while bits:
                    bit = bits & -bits
                    bits ^= bit
                    u = bit.bit_length() - 1
                    v = points_of[total + row[u]]
                    if v:
                        if bit & allowed:
                            if v > best.get(u, 0):
                                best[u] = v
                        elif v > best_mine:
                            best_mine = v
            values = list(best.values())
        scoring_replies = len(values)
        if board is not None and values and (board.exact or board.scores[sides[self.nxt]] + max(values) >= board.target):
            score = board.scores[sides[self.nxt]]
            target, change_of = board.target, board.change
            # a reply that would bounce the next player back is one they would rather not make: 0
            values = [c + WIN_VALUE if c > 0 and score + c >= target else max(c, 0)
                      for c in (change_of(score, v) for v in values)]
        reply = expected_max(values, self.chance)
        open_fit = 0
        fitmask = tb.fitmask
        for code in ends:
            open_fit |= fitmask[code]
        block = weights.block * _no_fit(self.n_allowed, (allowed & open_fit).bit_count(), self.held) \
            if self.n_allowed else 0.0
        partner = 0.0
        if self.partner is not None:
            p_values = (lone_reply_values(tb, ends, self.p_allowed) if lone
                        else reply_values(tb, ends, total, self.p_allowed))
            partner = weights.partner * expected_max(p_values, self.p_chance)
        follow = 0.0
        if not lone and weights.follow:
            follow = weights.follow * best_mine
        stuck = 0.0 if mine & open_fit else -weights.stuck
        pips = weights.pips * rules.hand_end.to_points(tb.weight[t]) if self.collects else 0.0
        double = weights.double if h == l else 0.0
        kept = self.numbers_held
        counts = self.number_counts
        if counts[h] == 1:
            kept -= 1
        if l != h and counts[l] == 1:
            kept -= 1
        variety = weights.variety * kept
        value = now - weights.reply * reply + block + partner + follow + stuck + pips + double + variety
        if not detail:
            return value
        factors = {"now": now, "reply": -weights.reply * reply, "block": block, "follow": follow, "stuck": stuck,
                   "pips": pips, "double": double, "variety": variety}
        if self.partner is not None:
            factors["partner"] = partner
        return Valuation(option, value, now, reply, scoring_replies, factors)


_NO_FIT: dict[tuple[int, int, int], float] = {}


def _no_fit(allowed: int, fitting: int, held: int) -> float:
    """:func:`~fives_tutor.engine.chances.no_fit_chance`, remembered (few distinct arguments)."""
    key = (allowed, fitting, held)
    found = _NO_FIT.get(key)
    if found is None:
        if len(_NO_FIT) > 100_000:
            _NO_FIT.clear()
        found = _NO_FIT[key] = no_fit_chance(allowed, fitting, held)
    return found


def _best_score(tb: Tables, ends: Sequence[EndCode], total: int, tiles: Mask) -> int:
    """The most any tile of the mask ``tiles`` would score on ``ends`` (not lone)."""
    fit, fitmask, points = tb.fit, tb.fitmask, tb.points
    best = 0
    for code in ends:
        bits = tiles & fitmask[code]
        row = fit[code]
        while bits:
            bit = bits & -bits
            bits ^= bit
            v = points[total + row[bit.bit_length() - 1]]
            if v > best:
                best = v
    return best


def evaluate(hand: FastHand, me: int, option: Move, weights: Weights = DEFAULT, board: Board | None = None,
             unseen: Mask | None = None) -> Valuation:
    """The expert's value of ``option`` (``(tile, end index, points, ...)``) for player ``me``
    in ``hand``, with its factors; ``unseen`` overrides the tiles the player cannot see
    (default: every tile neither on the table nor in their hand); ``board`` (scores,
    target, exact) makes the match count."""
    return _Context(hand, me, weights, board, unseen).value(option, detail=True)


def values(hand: FastHand, found: Sequence[Move], weights: Weights = DEFAULT,
           board: Board | None = None) -> list[float]:
    """The expert's value of each of ``found`` (fast-loop options of the player to move in
    ``hand``), as :class:`Expert` weighs them; ``board`` (default: ``hand.board``) makes the
    match count."""
    context = _Context(hand, hand.turn, weights, board or hand.board, None)
    return [context.value(option) for option in found]


def view(tb: Tables, ends: Sequence[EndCode], lone: bool, hand_tiles: Sequence[TileIndex], counts: Sequence[int],
         voids: Sequence[Mask], unseen: Mask, me: int = 0, double_played: bool = False,
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
    hand.total = open_total(tb, hand.ends, lone) if ends else 0
    hand.turn = me
    hand.leader = me
    hand.passes = 0
    hand.double_played = double_played
    hand.lead_tile = -1
    hand.voids = list(voids)
    hand.made, hand.credited = [], []
    hand.kind = None
    hand.domino_player = None
    hand.result = None
    hand.record = None
    hand.at_end = ()
    hand.table = tb.full & ~mask & ~unseen
    hand.board = None
    hand.steps = None
    hand.pending = None
    return hand


__all__ = ["DEFAULT", "Expert", "Valuation", "Weights", "allowed_tiles", "credit_table", "evaluate", "lone_reply_values",
           "reply_values", "values", "view"]
