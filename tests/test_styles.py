"""Opponent styles (fives_tutor.engine.styles): the likelihood of a play under each style,
the posterior over styles, how the search weighs deals and picks playout players by it,
and the match so far reaching the levels (history ``hand`` lines, the duel, the protocol).

The likelihoods are checked against the softmax written out by hand:
p(play) = (1 - TREMBLE) * exp(b * v(play) / unit) / sum exp(b * v / unit) + TREMBLE / n,
with v the points a play makes for the greedy style and unit 5 in All Fives.
"""

from __future__ import annotations

import random
from math import exp

import pytest

from fives_tutor import load_rules
from fives_tutor.core.tiles import parse_hand
from fives_tutor.engine import styles
from fives_tutor.engine.fast import Board, FastHand, deal, leader, run, tables
from fives_tutor.engine.history import History, HistoryError, format_history, history_of, parse_history
from fives_tutor.engine.levels import Situation
from fives_tutor.engine.policies import policy_for
from fives_tutor.engine.replay import replay

CC = load_rules("dominos-cc")
TB = tables(CC)


def tiles(text):
    return [TB.index[t] for t in parse_hand(text)]


def softmax_share(chosen: float, others: list[float], strength: float, unit: float = 5.0) -> float:
    """The likelihood of a play worth ``chosen`` among plays worth ``others`` (written out)."""
    terms = [exp(strength * v / unit) for v in [chosen] + others]
    return (1 - styles.TREMBLE) * terms[0] / sum(terms) + styles.TREMBLE / len(terms)


def decision_of(history_text: str, index: int = -1):
    """The decision of a play in a dominos-cc history (seats as numbered there, 0 reading)."""
    table = replay(parse_history(history_text, CC), CC)
    return styles.hand_decisions(TB, table.steps, 2, (0, 1))[index]


# 1 leads 6|6 (the spinner, its arms open at once); 2 plays 6|4 on it: 4 + 12 = 16, no score.
# Had 2 played 6|3 instead, 3 + 12 = 15 scores 15. 6|1 would leave 13, no score.
LEAD = "1 leads 6|6\n2 plays {tile}\n"
NO_SIX = "5|5 4|4 2|1 1|0 0|0"


def greedy_likelihoods(decision, held):
    values = styles.likelihoods(TB, decision, tiles(held), (0, 1))
    by = dict(zip(styles.HYPOTHESES, values))
    return by[styles.Hypothesis("greedy", styles.SHARP)], by[styles.Hypothesis("greedy", styles.SOFT)]


def test_passing_up_fifteen_is_unlikely_for_a_greedy_player():
    decision = decision_of(LEAD.format(tile="6|4"))
    assert decision.seat == 1 and decision.ends == (26,) and decision.lone and decision.table == 1 << TB.index[
        parse_hand("6|6")[0]]
    sharp, soft = greedy_likelihoods(decision, "6|4 6|3 " + NO_SIX)
    assert sharp == pytest.approx(softmax_share(0, [15], styles.SHARP))
    assert soft == pytest.approx(softmax_share(0, [15], styles.SOFT))
    assert sharp < 0.03 < 0.06 < soft < 0.08  # 0.025 and 0.070


def test_a_play_without_a_choice_tells_nothing():
    decision = decision_of(LEAD.format(tile="6|4"))
    assert styles.likelihoods(TB, decision, tiles("6|4 " + NO_SIX + " 3|2"), (0, 1)) == [1.0] * len(styles.HYPOTHESES)


@pytest.mark.parametrize("played, other, heavier", [("6|4", "6|1", True), ("6|1", "6|4", False)])
def test_greedy_breaks_a_tie_to_the_heavier_tile(played, other, heavier):
    # both leave no score (16 and 13): the greedy level plays the heavier tile, 6|4
    decision = decision_of(LEAD.format(tile=played))
    sharp, _soft = greedy_likelihoods(decision, f"{played} {other} " + NO_SIX)
    bonus = 5 / 2  # the style's own choice on a tie: half the pack's smallest score more
    expected = softmax_share(bonus, [0], styles.SHARP) if heavier else softmax_share(0, [bonus], styles.SHARP)
    assert sharp == pytest.approx(expected)


def test_the_posterior_multiplies_the_prior_by_each_play_s_likelihood():
    first = decision_of(LEAD.format(tile="6|4"))
    # every tile of the hand known: the averaged likelihood is the likelihood itself
    known = first._replace(known=tuple(tiles("6|4 6|3 " + NO_SIX)))
    evidence = styles.Evidence(((known, 0, True), (known, 0, False)), 2)
    single = styles.likelihoods(TB, known, list(known.known), (0, 1))
    reading = styles.read(TB, evidence)
    expected = [p * q * q for p, q in zip(styles.PRIOR, single)]
    assert reading.posteriors[0] == pytest.approx([e / sum(expected) for e in expected])
    assert reading.plays == (2,)
    # the search's prior leaves out the plays since the last draw of the hand under way
    since = styles.read(TB, evidence, skip_current_since_draw=True)
    expected = [p * q for p, q in zip(styles.PRIOR, single)]
    assert since.posteriors[0] == pytest.approx([e / sum(expected) for e in expected])


def test_the_averaged_likelihood_lists_every_hand_when_few():
    decision = decision_of(LEAD.format(tile="6|4"))._replace(known=tuple(tiles("6|4 " + NO_SIX)))
    pool = 0
    for t in tiles("6|3 6|1 3|2"):
        pool |= 1 << t
    # one tile missing from three candidates: the three hands, each equally likely
    found = styles.marginal(TB, decision, pool, (0, 1))
    hands = [list(decision.known) + [t] for t in tiles("6|3 6|1 3|2")]
    each = [styles.likelihoods(TB, decision, hand, (0, 1)) for hand in hands]
    assert list(found) == pytest.approx([sum(column) / 3 for column in zip(*each)])


def only(style: str, strength: float) -> tuple:
    return tuple(1.0 if h == styles.Hypothesis(style, strength) else 0.0 for h in styles.HYPOTHESES)


def test_a_deal_counts_by_how_likely_the_plays_were_and_plays_the_style():
    decision = decision_of(LEAD.format(tile="6|4"))
    model = styles.Model((only("greedy", styles.SHARP),), ((decision,),), (0, 1), {})
    rng = random.Random(1)
    me = tiles("5|0 4|0 3|0 2|0 1|1 3|1 4|1")
    # seat 1 now holds six tiles: with 6|3 among them, a greedy player would have scored 15
    weight, chosen = styles.deal_styles(TB, model, [me, tiles("6|3 " + NO_SIX)], rng)
    assert weight == pytest.approx(softmax_share(0, [15], styles.SHARP)) and chosen == ("greedy",)
    weight, chosen = styles.deal_styles(TB, model, [me, tiles("3|2 " + NO_SIX)], rng)
    assert weight == 1.0 and chosen == ("greedy",)


def test_without_plays_the_deal_s_style_follows_the_prior():
    half = tuple(0.5 if h in (styles.Hypothesis("greedy", styles.SHARP), styles.Hypothesis("expert", styles.SOFT))
                 else 0.0 for h in styles.HYPOTHESES)
    model = styles.Model((half,), ((),), (0, 1), {})
    rng = random.Random(3)
    drawn = [styles.deal_styles(TB, model, [[], []], rng)[1][0] for _ in range(400)]
    assert set(drawn) == {"greedy", "expert"} and 150 < drawn.count("greedy") < 250


def match_hands(opponent: str, hands: int, seed: str, rules=CC):
    """Whole hands of a match on the fast loop: seat 0 expert, seat 1 ``opponent``."""
    tb = tables(rules)
    policies = [policy_for("expert"), policy_for(opponent)]
    rng = random.Random(seed)
    board = Board(rules, 2, [0, 0])
    previous = None
    played = []
    while len(played) < hands and board.winner is None:
        dealt, boneyard = deal(tb, 2, rng)
        who, lead_tile = leader(tb, dealt, previous, rng)
        hand = FastHand(tb, dealt, boneyard, who, lead_tile, (0, 1))
        hand.steps = []
        start = tuple(board.scores)
        run(hand, lambda h, found, r: policies[h.turn](h, found, r), rng, board)
        held = {tb.tiles[t] for t in hand.hands[0]} | {s.tile for s in hand.steps if s.kind == "play" and s.player == 0}
        played.append((hand, styles.PastHand(history_of(hand.steps, 2), frozenset(held), start,
                                             "first" if lead_tile >= 0 else "later")))
        previous = hand
    return played


@pytest.mark.parametrize("opponent", ["greedy", "defensive", "expert"])
def test_three_hands_of_play_show_the_style(opponent):
    found = 0
    for seed in range(5):
        past = [p for _, p in match_hands(opponent, 3, f"style:{opponent}:{seed}")]
        evidence = styles.evidence(TB, 2, (), [], None, "later",
                                   [(replay(p.history, CC).steps, p.held, p.scores, p.lead) for p in past])
        style, chance = styles.read(TB, evidence).style(1)
        found += style == opponent and chance > 0.5
    assert found >= 4


def test_history_hand_lines_give_the_earlier_hands():
    text = "players 2\n1 leads 6|6\n2 plays 6|3\nhand\n2 leads 5|5\n1 plays 5|0\n"
    history = parse_history(text, CC)
    assert [e.tile for e in history.events] == list(parse_hand("5|5 5|0"))
    assert len(history.earlier) == 1 and [e.tile for e in history.earlier[0].events] == list(parse_hand("6|6 6|3"))
    assert history.lines == (5, 6) and history.earlier[0].lines == (2, 3)
    assert parse_history(format_history(history), CC) == history
    with pytest.raises(HistoryError) as caught:
        parse_history("1 leads 6|6\nhand\n1 leads 5|5\n2 jumps\n", CC)
    assert caught.value.line == 4


def test_replay_records_the_end_each_play_went_on():
    table = replay(parse_history("1 leads 6|6\n2 plays 6|3\n1 plays 6|5@6*\n", CC), CC)
    # 3 6|6* 6* 6*: the first arm is the third end
    assert [s.index for s in table.steps] == [-1, 0, 2]


class _Cut(Exception):
    pass


def cut_match(opponent: str, hands: int, seed: str):
    """``hands - 1`` whole hands of expert (seat 0) against ``opponent``, then the next hand
    until seat 0 has a choice after at least two plays: the earlier hands (as seat 0 saw
    them), the steps so far, and seat 0's tiles then."""
    past = match_hands(opponent, hands - 1, seed)
    tb = TB
    rng = random.Random(seed + ":last")
    dealt, boneyard = deal(tb, 2, rng)
    who, lead_tile = leader(tb, dealt, past[-1][0], rng)
    hand = FastHand(tb, dealt, boneyard, who, lead_tile, (0, 1))
    hand.steps = []
    policies = [policy_for("expert"), policy_for(opponent)]

    def policy(h, found, r):
        if h.turn == 0 and len(h.steps) >= 2:
            raise _Cut()
        return policies[h.turn](h, found, r)

    with pytest.raises(_Cut):
        run(hand, policy, rng)
    return [p for _, p in past], list(hand.steps), [tb.tiles[t] for t in hand.hands[0]]


def test_fives_best_says_how_a_greedy_opponent_plays(run, tmp_path):
    past, steps, held = cut_match("greedy", 4, "best:greedy")
    path = tmp_path / "match.txt"
    history = History(2, history_of(steps, 2).events, (), tuple(p.history for p in past))
    path.write_text(format_history(history), encoding="utf-8")
    result = run("best", "--history", str(path), "--hand", " ".join(str(t) for t in held), "--samples", "20")
    assert result.exit_code == 0, result.stderr
    assert "the next player plays greedily" in " ".join(result.stdout.split())


def test_the_search_reads_the_match_so_far():
    past, steps, held = cut_match("greedy", 3, "search:greedy")
    situation = Situation.from_history(history_of(steps, 2), held, CC, past=past)
    assert len(situation.evidence.decisions) > 10
    assert styles.read(TB, situation.evidence).style(1)[0] == "greedy"
    alone = Situation.from_history(history_of(steps, 2), held, CC)
    assert len(alone.evidence.decisions) < len(situation.evidence.decisions)


BOT = '''
from fives_tutor.engine.player import Action, Player
from fives_tutor.engine.replay import replay


class Recorder(Player):
    def choose(self, view):
        if len(view.match) != view.hand_number - 1:
            raise RuntimeError(f"{len(view.match)} earlier hands in hand {view.hand_number}")
        for earlier in view.match:
            replay(earlier.history, view.rules)
            mine = [e.tile for e in earlier.history.events if e.kind == "play" and e.player == view.seat]
            if not set(mine) <= earlier.held:
                raise RuntimeError("a tile this player played is not among those it held")
            if len(earlier.scores) != 2:
                raise RuntimeError("no scores")
        if not view.legal:
            return Action.draw() if view.may_draw else Action.pass_()
        return Action.play(view.legal[0])
'''


def test_the_duel_gives_a_player_the_match_so_far(tmp_path):
    from fives_tutor.study import duel

    path = tmp_path / "bot.py"
    path.write_text(BOT, encoding="utf-8")
    results = duel.run("dominos-cc", f"{path}:Recorder", "greedy", 2, seed="match")
    assert all(r.forfeit is None for r in results), [r.reason for r in results]
    assert max(r.hands for r in results) > 1


