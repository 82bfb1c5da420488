"""Property tests of the game state machine over many seeded random matches.

For every built-in pack (and the example house rules) and 2, 3 and 4 players, whole
matches are played through :class:`~fives_tutor.core.game.Match` by seats that mix the
greediest play with random ones (a seeded ``random.Random``); under muggins they
sometimes forget or misstate their points, and opponents call muggins, rightly or
wrongly. Now and then a seat tries an illegal action, which must raise
:class:`IllegalPlayError` and change nothing. After every action the invariants
below are checked against an independent model kept by the test:

* every tile of the set is in exactly one place: a hand, the boneyard, or the table
  (the tiles of ``hand.plays``);
* the open ends agree with a model of the layout built from RULES.md (a plain end
  counts its pips; a crosswise double or a spinner with a side still empty counts
  both halves; an empty spinner arm counts nothing; which doubles spin and when
  arms open follow the pack), so do the open-end total and the legal plays with
  their points;
* nobody draws or passes holding a playable tile, a pass happens only when nothing
  can be drawn, and drawing takes the boneyard's last tile;
* scores change only by the points credited for the play just made, a muggins
  claim, or the hand-end award worked out by the test from the pack's rules, all in
  the pack's unit and under the exact-target rule;
* the match is over exactly when a side has reached the target;
* under five-up no double stands as a plain crosswise double (every double spins);
  under muggins and fives-and-threes no spinner appears and there are never more
  than two open ends; where only the first double spins, at most one spinner shows.

Sizes: 3,000 finished hands or more per built-in pack (1,000 for each player count).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from fives_tutor import EndKind, domino_set, load_rules
from fives_tutor.core.game import Match
from fives_tutor.errors import IllegalPlayError
from fives_tutor.packs.loader import builtin_dir, list_packs

BUILT_IN = [info.id for info in list_packs(include_user=False)]
HOUSE_RULES = os.path.join(builtin_dir(), "examples", "house-rules.yaml")
PLAIN, DOUBLE, SPINNER, ARM = EndKind.PLAIN, EndKind.DOUBLE, EndKind.SPINNER, EndKind.ARM
HANDS_PER_COUNT = 1000
ILLEGAL_RATE = 0.03


def test_every_built_in_pack_is_covered():
    assert set(BUILT_IN) == {"dominos-cc", "pagat-all-fives", "muggins", "five-up", "fives-and-threes"}


# --------------------------------------------------------------------------- the rules, restated

def unit_points(total: int, rules) -> int:
    """RULES.md: a positive multiple of a divisor scores the total itself (``total``) or
    total/d for each divisor d that divides it, added up (``quotient``)."""
    if total <= 0:
        return 0
    hits = [d for d in rules.scoring.divisors if total % d == 0]
    if not hits:
        return 0
    return total if rules.scoring.points == "total" else sum(total // d for d in hits)


def round_to_five(pips: int, rounding: str) -> int:
    """RULES.md: nearest five rounds remainders 3 and 4 up, 1 and 2 down."""
    remainder = pips % 5
    if rounding == "none" or remainder == 0:
        return pips
    if rounding == "down" or (rounding == "nearest_five" and remainder <= 2):
        return pips - remainder
    return pips + 5 - remainder


def weigh(tiles, rules) -> int:
    one_half = rules.hand_end.double_in_hand == "one_half"
    return sum(a if (a == b and one_half) else a + b for a, b in tiles)


def expected_lead(hands):
    """The holder of the highest double and that double; with none, of the heaviest tile."""
    doubles = [(t[0], p, t) for p, h in enumerate(hands) for t in h if t[0] == t[1]]
    if doubles:
        _, player, tile = max(doubles)
        return player, tile
    _, _, player, tile = max((t[0] + t[1], t[0], p, t) for p, h in enumerate(hands) for t in h)
    return player, tile


def expected_lowest_lead(hands):
    """The holder of the lowest double and that double; with none, of the lightest tile
    (fewest pips, then the lower higher half), as docs/packs.md decides for Dr. Dominos."""
    doubles = [(t[0], p, t) for p, h in enumerate(hands) for t in h if t[0] == t[1]]
    if doubles:
        _, player, tile = min(doubles)
        return player, tile
    _, _, player, tile = min((t[0] + t[1], max(t), p, t) for p, h in enumerate(hands) for t in h)
    return player, tile


def expected_award(rules, tiles_by_player, sides, kind, domino_player):
    """Who scores at hand end and what, worked from RULES.md and the pack keys.

    Returns ``(winners, points)``; ``points`` is None for a split (checked by bounds)."""
    he = rules.hand_end
    n = len(tiles_by_player)
    pips = [weigh(t, rules) for t in tiles_by_player]
    teams = sorted(set(sides))
    team_pips = {s: sum(pips[p] for p in range(n) if sides[p] == s) for s in teams}
    if kind == "domino":
        winners = [sides[domino_player]]
    else:
        low = min(team_pips.values())
        tied = [s for s in teams if team_pips[s] == low]
        winners = tied if len(tied) == 1 else []
        if len(tied) > 1:
            rule = he.blocked_tie[n]
            if rule == "fewer_tiles":
                count = {s: sum(len(tiles_by_player[p]) for p in range(n) if sides[p] == s) for s in tied}
                fewest = [s for s in tied if count[s] == min(count.values())]
                winners = fewest if len(fewest) == 1 else []
            elif rule == "split" and len(tied) < len(teams):
                winners = tied
    if not winners:
        return (), ()
    losers = [p for p in range(n) if sides[p] not in winners]
    # the winner's own pips come off before rounding (docs/packs.md): off each opponent's
    # pips where each is rounded alone, off their total where it is rounded combined
    own = team_pips[winners[0]] if he.subtract_winner_pips else 0
    if he.collect == "each_opponent":
        collected = sum(round_to_five(max(0, pips[p] - own), he.rounding) for p in losers)
    elif he.collect == "combined":
        collected = round_to_five(max(0, sum(pips[p] for p in losers) - own), he.rounding)
    else:
        collected = 0
    points = collected // 5 if he.points == "per_five" else collected
    if kind == "domino":
        points += he.chip_out_bonus
    if len(winners) == 1:
        return tuple(winners), (points,)
    return tuple(winners), (None, points)


class OpenEnds:
    """The layout's open ends as RULES.md describes them, kept apart from the code.

    ``plain`` counts the free halves of plain tiles by pips; ``doubles`` maps a double's
    pips to ``[spins, free sides, arms open, free arms]``.
    """

    def __init__(self, rules):
        self.rule = rules.spinner.doubles
        self.at_once = rules.spinner.arms_open == "at_once"
        self.plain = Counter()
        self.doubles = {}
        self.any_double = False
        self.tiles = 0

    def copy(self):
        other = OpenEnds.__new__(OpenEnds)
        other.rule, other.at_once, other.any_double, other.tiles = self.rule, self.at_once, self.any_double, self.tiles
        other.plain = self.plain.copy()
        other.doubles = {k: list(v) for k, v in self.doubles.items()}
        return other

    def _spins(self):
        return self.rule == "every" or (self.rule == "first" and not self.any_double)

    def _add(self, tile, free_sides, far):
        if tile[0] == tile[1]:
            spins = self._spins()
            arms = spins and self.at_once
            self.doubles[far] = [spins, free_sides, arms, 2 if arms else 0]
            self.any_double = True
        else:
            self.plain[far] += 1
        self.tiles += 1

    def lead(self, tile):
        if tile[0] == tile[1]:
            self._add(tile, 2, tile[0])
        else:
            self.plain[tile[0]] += 1
            self.plain[tile[1]] += 1
            self.tiles += 1

    def play(self, tile, on):
        """``tile`` played on the code's open end ``on`` (an End)."""
        kind, pips = on.kind, on.pips
        assert pips in tile
        if kind == PLAIN:
            assert self.plain[pips] > 0, (tile, on)
            self.plain[pips] -= 1
        elif kind in (DOUBLE, SPINNER):
            node = self.doubles[pips]
            assert node[0] == (kind == SPINNER) and node[1] > 0, (tile, on, node)
            node[1] -= 1
            if node[0] and node[1] == 0 and not node[2]:
                node[2], node[3] = True, 2  # both sides hold a tile: the arms open
        else:
            node = self.doubles[pips]
            assert node[0] and node[2] and node[3] > 0, (tile, on, node)
            node[3] -= 1
        self._add(tile, 1, tile[1] if tile[0] == pips else tile[0])

    def total(self):
        return (sum(p * c for p, c in self.plain.items())
                + sum(2 * n for n, node in self.doubles.items() if node[1] > 0))

    def ends(self) -> Counter:
        ends = Counter({(PLAIN, p): c for p, c in self.plain.items() if c})
        for n, (spins, free_sides, arms_open, free_arms) in self.doubles.items():
            if free_sides:
                ends[(SPINNER if spins else DOUBLE, n)] += 1
            if arms_open and free_arms:
                ends[(ARM, n)] += free_arms
        return ends

    def open_pips(self) -> set:
        return {p for _, p in self.ends()}


# --------------------------------------------------------------------------- the driver

def snapshot(match):
    hand = match.hand
    return (id(hand), [list(h) for h in hand.hands], list(hand.boneyard), hand.position, hand.turn,
            list(match.scores), len(hand.plays), hand.passes, hand.drawn, hand.claimable, hand.result,
            match.winner, len(match.history))


class Run:
    """One pack and player count: matches played until enough hands have finished."""

    def __init__(self, rules, players, seed):
        self.rules = rules
        self.players = players
        self.seed = seed
        self.full = sorted(domino_set(rules.max_pips))
        self.raw = rules.scoring.points == "total" and all(d % 5 == 0 for d in rules.scoring.divisors)
        self.hands_done = 0
        self.actions = 0
        self.illegal_tries = 0
        self.claims = 0
        self.bounces = 0
        self.spinners_seen = 0
        self.ends_seen = Counter()
        self.kinds = Counter()

    # ---- bookkeeping -----------------------------------------------------------------

    def run(self, hands_wanted):
        index = 0
        while self.hands_done < hands_wanted:
            self.play_match(index)
            index += 1
        return self

    def play_match(self, index):
        tag = f"{self.rules.id}:{self.players}:{self.seed}:{index}"
        self.rng = random.Random(tag + ":seats")
        self.match = match = Match(self.rules, self.players, rng=random.Random(tag))
        self.tag = tag
        self.expected_scores = [0] * len(match.scores)
        self.start_hand(None)
        steps = 0
        while not match.over:
            self.step()
            self.check()
            steps += 1
            assert steps < 20000, f"{tag}: the match does not end"
        assert max(match.scores) >= match.target

    def start_hand(self, previous):
        match, rules, n = self.match, self.rules, self.players
        hand = self.hand = match.hand
        assert hand is not previous
        self.model = OpenEnds(rules)
        size = rules.players.hand_size[n]
        assert [len(h) for h in hand.hands] == [size] * n
        assert len(hand.boneyard) == len(self.full) - n * size
        assert hand.plays == [] and hand.position.is_empty
        assert hand.turn == hand.leader
        lead = rules.lead
        rule = lead.first_hand if previous is None or lead.later_hands == "same_as_first" else lead.later_hands
        if rule == "highest_double":
            assert (hand.leader, hand.lead_tile) == expected_lead(hand.hands), self.tag
        elif rule == "lowest_double":
            assert (hand.leader, hand.lead_tile) == expected_lowest_lead(hand.hands), self.tag
        elif rule == "previous_domino" and previous.result.kind == "domino":
            assert (hand.leader, hand.lead_tile) == (previous.result.domino_player, None)
        elif rule == "to_the_left":
            assert (hand.leader, hand.lead_tile) == ((previous.leader + 1) % n, None)
        else:  # by lot
            assert hand.lead_tile is None and 0 <= hand.leader < n

    # ---- one action ------------------------------------------------------------------

    def step(self):
        match, hand, rules, rng = self.match, self.hand, self.rules, self.rng
        self.actions += 1
        options = hand.options()
        self.check_options(options)
        if rng.random() < ILLEGAL_RATE:
            self.try_illegal(options)
        if options:
            self.play(options)
        elif hand.can_draw():
            assert rules.turn.draw != "none" and len(hand.boneyard) > rules.turn.boneyard_reserve
            assert not hand.can_pass()
            assert not self.playable_tiles(hand.turn)  # nobody draws holding a playable tile
            turn, expected = hand.turn, hand.boneyard[-1]
            size = len(hand.boneyard)
            before = list(match.scores)
            assert match.draw() == expected
            assert hand.hands[turn][-1] == expected and len(hand.boneyard) == size - 1
            assert hand.turn == turn and match.scores == before
            self.kinds["draw"] += 1
        else:
            # a pass: nothing fits and nothing may be drawn
            assert not self.playable_tiles(hand.turn)
            assert rules.turn.draw == "none" or len(hand.boneyard) <= rules.turn.boneyard_reserve
            assert hand.can_pass()
            turn, before = hand.turn, list(match.scores)
            match.pass_turn()
            self.kinds["pass"] += 1
            if hand.over:
                self.end_of_hand(before, hand, None)
            else:
                assert hand.turn == (turn + 1) % self.players and match.scores == before
        if rules.muggins.announce and not match.over:
            self.maybe_claim()

    def playable_tiles(self, player):
        hand = self.hand
        if hand.position.is_empty:
            return list(hand.hands[player]) if hand.lead_tile is None else [hand.lead_tile]
        open_pips = self.model.open_pips()
        return [t for t in hand.hands[player] if t[0] in open_pips or t[1] in open_pips]

    def check_options(self, options):
        """The legal plays and their points, against the model."""
        hand, rules, model = self.hand, self.rules, self.model
        tiles = {t for t, _, _ in options}
        assert tiles == set(self.playable_tiles(hand.turn)), (self.tag, hand.position, hand.hands[hand.turn])
        if hand.position.is_empty:
            for tile, index, points in options:
                total = 2 * tile[0] if tile[0] == tile[1] else tile[0] + tile[1]
                assert index == -1
                assert points == (unit_points(total, rules) if rules.lead.scores else 0)
            return
        ends = hand.position.ends
        if not hand.position.lone:
            seen = {(tile, (ends[index].kind, ends[index].pips)) for tile, index, _ in options}
            wanted = {(t, e) for t in tiles for e in model.ends() if e[1] in t}
            assert seen == wanted, (self.tag, hand.position)
        for tile, index, points in options:
            after = model.copy()
            after.play(tile, ends[index])
            assert points == unit_points(after.total(), rules), (self.tag, hand.position, tile, index)

    def play(self, options):
        match, hand, rules, rng = self.match, self.hand, self.rules, self.rng
        if rng.random() < 0.5:
            best = max(o[2] for o in options)
            choice = rng.choice([o for o in options if o[2] == best])
        else:
            choice = rng.choice(options)
        tile, index, points = choice
        announced = points
        if rules.muggins.announce:
            roll = rng.random()
            if roll < 0.1:
                announced = None
            elif roll < 0.2:
                announced = points + 5
        player = hand.turn
        on = hand.position.ends[index] if index >= 0 else None
        before = list(match.scores)
        record = match.play(tile, index, announced)
        self.kinds["play"] += 1
        # the model
        if on is None:
            self.model.lead(tile)
        else:
            self.model.play(tile, on)
        assert record.player == player and record.tile == tile and record.index == index
        assert record.total == self.model.total() == hand.position.total(rules)
        made = unit_points(record.total, rules) if (index >= 0 or rules.lead.scores) else 0
        assert record.points == made == points
        if rules.muggins.announce and announced != made:
            assert record.credited == 0
            assert hand.claimable == ((player, made) if made else None)
        else:
            assert record.credited == made
            assert hand.claimable is None
        assert tile not in hand.hands[player]
        # the score: the credited points, under the exact-target rule; under an exact target
        # the play that goes out is scored together with the points for going out (pagat,
        # Fives and Threes: on 59 a last play of 2 and the chipping-out point, 3, pass 61)
        side = match.sides[player]
        together = hand.over and rules.match.exact
        if not together:
            self.take(side, record.credited)
        if hand.over:
            assert not hand.hands[player]
            self.end_of_hand(before, hand, player, (side, record.credited) if together else None)
        else:
            assert hand.turn == (player + 1) % self.players
            assert match.scores == self.expected_scores, (self.tag, before, record)

    def take(self, side, points):
        """Add points to the expected scores as RULES.md says: nothing after the match is
        won, and under an exact target nothing that would pass it."""
        scores = self.expected_scores
        target = self.match.target
        if points <= 0 or max(scores) >= target:
            return 0
        overshoot = self.rules.match.overshoot
        if overshoot == "not_taken" and scores[side] + points > target:
            return 0
        if overshoot == "bounce" and scores[side] + points > target:
            # the Amstrad CPC program: the target less the points above it, never below 0
            before = scores[side]
            self.bounces += 1
            scores[side] = max(0, target - (before + points - target))
            return scores[side] - before
        scores[side] += points
        return points

    def end_of_hand(self, before, hand, domino_player, last_play=None):
        match, rules = self.match, self.rules
        result = hand.result
        self.hands_done += 1
        kind = "domino" if domino_player is not None else "blocked"
        self.kinds[kind] += 1
        assert result.kind == kind and result.domino_player == domino_player
        assert result.pips == tuple(weigh(t, rules) for t in hand.hands)
        winners, points = expected_award(rules, hand.hands, hand.sides, kind, domino_player)
        assert result.winners == winners, (self.tag, result)
        if points and points[0] is None:  # a split: equal shares, no more than the whole
            whole = points[1]
            share = result.points[0]
            unit = 5 if rules.hand_end.points == "pips" else 1
            assert result.points == (share,) * len(winners)
            assert share * len(winners) <= whole < share * len(winners) + unit * len(winners)
            if unit == 5:
                assert share % 5 == 0
        else:
            assert result.points == points, (self.tag, result, points)
        for side, award in zip(result.winners, result.points):
            if last_play is not None and side == last_play[0]:
                self.take(side, last_play[1] + award)
            else:
                self.take(side, award)
        assert match.scores == self.expected_scores, (self.tag, before, result)
        if match.over:
            assert match.hand is hand
        else:
            self.start_hand(hand)

    def maybe_claim(self):
        match, hand, rng = self.match, self.hand, self.rng
        if not hand.plays:
            return
        last = hand.plays[-1].player
        opponents = [p for p in range(self.players) if match.sides[p] != match.sides[last]]
        own = [p for p in range(self.players) if match.sides[p] == match.sides[last]]
        if hand.claimable is not None and rng.random() < 0.7:
            claimer = rng.choice(opponents)
            points = hand.claimable[1]
            expected = self.take(match.sides[claimer], points)
            assert match.claim(claimer) == expected
            assert hand.claimable is None
            assert match.scores == self.expected_scores
            self.claims += 1
        elif rng.random() < 0.03:
            if rng.random() < 0.5:
                before = snapshot(match)
                with pytest.raises(IllegalPlayError):
                    match.claim(rng.choice(own))
                assert snapshot(match) == before
            elif hand.claimable is None:
                amount = rng.choice([5, 10])
                assert match.claim(rng.choice(opponents), amount) == 0
                if self.rules.muggins.wrong_claim == "claimed_points":
                    self.take(match.sides[last], amount)
                assert match.scores == self.expected_scores
                self.claims += 1

    def try_illegal(self, options):
        match, hand, rng = self.match, self.hand, self.rng
        attempts = []
        rules = self.rules
        if options:
            attempts += [match.pass_turn]
            if not rules.turn.draw_while_able:
                attempts.append(match.draw)
        elif rules.turn.draw != "none" and len(hand.boneyard) > rules.turn.boneyard_reserve:
            attempts.append(match.pass_turn)  # must draw, may not pass
        else:
            attempts.append(match.draw)  # nothing may be drawn
        others = [t for p, h in enumerate(hand.hands) if p != hand.turn for t in h] + hand.boneyard
        if others:
            stranger = rng.choice(others)
            attempts.append(lambda: match.play(stranger, -1 if hand.position.is_empty else 0))
        mine = hand.hands[hand.turn]
        if hand.position.is_empty:
            attempts.append(lambda: match.play(mine[0], 0))
            if hand.lead_tile is not None:
                wrong = [t for t in mine if t != hand.lead_tile]
                if wrong:
                    attempts.append(lambda: match.play(wrong[0], -1))
        else:
            ends = hand.position.ends
            misfits = [(t, i) for t in mine for i, e in enumerate(ends) if e.pips not in t]
            if misfits:
                tile, index = rng.choice(misfits)
                attempts.append(lambda: match.play(tile, index))
            attempts.append(lambda: match.play(mine[0], len(ends)))
            attempts.append(lambda: match.play(mine[0], -1))
        attempt = rng.choice(attempts)
        before = snapshot(match)
        with pytest.raises(IllegalPlayError):
            attempt()
        assert snapshot(match) == before
        self.illegal_tries += 1

    # ---- after every action ----------------------------------------------------------

    def check(self):
        match, rules = self.match, self.rules
        hand = match.hand
        # every tile exactly once: hands + boneyard + the tiles played
        table = [p.tile for p in hand.plays]
        every = [t for h in hand.hands for t in h] + list(hand.boneyard) + table
        assert sorted(every) == self.full, self.tag
        position = hand.position
        ends = position.ends
        assert position.tiles_in_view() <= set(table)
        assert position.total(rules) == sum(e.count for e in ends)
        if hand is self.hand:
            assert self.model.tiles == len(table)
            assert position.total(rules) == self.model.total()
            if ends and not position.lone:
                assert Counter((e.kind, e.pips) for e in ends) == self.model.ends(), (self.tag, position)
        kinds = Counter(e.kind for e in ends)
        self.ends_seen[len(ends)] += 1
        doubles = rules.spinner.doubles
        if doubles == "every":
            assert kinds[DOUBLE] == 0, position
        if doubles == "none":
            assert kinds[SPINNER] == 0 and kinds[ARM] == 0 and len(ends) <= 2, position
        if doubles == "first":
            assert len({e.pips for e in ends if e.kind in (SPINNER, ARM)}) <= 1, position
        if kinds[SPINNER] or kinds[ARM]:
            self.spinners_seen += 1
        # scores: the pack's unit; the match over exactly when a side has reached the target
        scores = match.scores
        assert scores == self.expected_scores
        if self.raw:
            assert all(s % 5 == 0 for s in scores), scores
        reached = [s for s, points in enumerate(scores) if points >= match.target]
        if rules.match.exact:
            assert max(scores) <= match.target
        if match.over:
            assert reached == [match.winner]
        else:
            assert reached == [] and match.winner is None


# --------------------------------------------------------------------------- the tests

@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pack", BUILT_IN)
def test_random_matches_keep_every_invariant(pack, players):
    run = Run(load_rules(pack), players, seed=2024).run(HANDS_PER_COUNT)
    assert run.hands_done >= HANDS_PER_COUNT
    # the runs did exercise what they check
    assert run.kinds["play"] > 0 and run.kinds["domino"] > 0 and run.illegal_tries > 0
    rules = load_rules(pack)
    drawable = 28 - players * rules.players.hand_size[players] - rules.turn.boneyard_reserve
    if rules.turn.draw != "none" and drawable > 0:  # muggins deals all 28 tiles to four players
        assert run.kinds["draw"] > 0
    assert run.kinds["pass"] > 0 and run.kinds["blocked"] > 0
    if load_rules(pack).spinner.doubles != "none":
        assert run.spinners_seen > 0
    if load_rules(pack).muggins.announce:
        assert run.claims > 0


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("example", ["lowest-double.yaml", "fives-and-threes-72.yaml"])
def test_random_matches_under_the_example_variants(example, players):
    rules = load_rules(os.path.join(builtin_dir(), "examples", example))
    run = Run(rules, players, seed=11).run(200)
    assert run.hands_done >= 200 and run.kinds["domino"] > 0
    assert (run.bounces > 0) == (rules.match.overshoot == "bounce")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_matches_under_house_rules(players):
    rules = load_rules(HOUSE_RULES)
    assert rules.turn.boneyard_reserve == 2
    run = Run(rules, players, seed=7).run(200)
    assert run.hands_done >= 200 and run.kinds["pass"] > 0
