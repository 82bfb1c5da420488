"""Every rule parameter of a pack in plain words, in the active language.

Used by ``fives rules show`` and ``fives rules compare``. Each row is
``(key, label, value)``: ``key`` is the pack key (``rules.spinner.doubles``), stable
across languages; ``label`` and ``value`` are sentences for people.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple, TypeVar

from ..core.rules import RuleSet
from ..text.i18n import _, current, ngettext

#: a pack value given per player count (a number of tiles or points, a rule's name)
V = TypeVar("V")


class Row(NamedTuple):
    """One described parameter."""

    key: str
    label: str
    value: str


def _yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


def _per_players(mapping: Mapping[int, V], word: Callable[[V], str]) -> str:
    """``7 with 2 players, 6 with 3 players``; a single phrase when every count agrees."""
    values = list(mapping.values())
    if len(set(values)) == 1:
        return word(values[0])
    groups: list[tuple[int, int, V]] = []  # runs of consecutive player counts with the same value
    for count, value in sorted(mapping.items()):
        if groups and groups[-1][2] == value and groups[-1][1] == count - 1:
            groups[-1] = (groups[-1][0], count, value)
        else:
            groups.append((count, count, value))
    parts = []
    for low, high, value in groups:
        if low == high:
            parts.append(_("{value} with {players} players").format(value=word(value), players=_number(low)))
        else:
            parts.append(_("{value} with {players} players").format(value=word(value),
                                                                     players=current().span(low, high)))
    return current().comma.join(parts)


def _number(value: int) -> str:
    return current().number(value)


def _set(rules: RuleSet) -> str:
    size = (rules.max_pips + 1) * (rules.max_pips + 2) // 2
    named = {6: _("double-six"), 9: _("double-nine"), 12: _("double-twelve")}.get(rules.max_pips)
    name = named or _("double-{pips}").format(pips=_number(rules.max_pips))
    return _("{set} ({tiles} tiles)").format(set=name, tiles=_number(size))


def _scoring(rules: RuleSet) -> str:
    scoring = rules.scoring
    divisors = [_number(d) for d in scoring.divisors]
    example = 15
    points = scoring.points_for(example)
    if scoring.points == "total":
        if len(divisors) == 1:
            text = _("a total that is a multiple of {divisor} scores itself").format(divisor=divisors[0])
        else:
            text = _("a total that is a multiple of any of {divisors} scores itself").format(divisors=current().join(divisors))
    elif len(divisors) == 1:
        text = _("one point for each {divisor} in the total").format(divisor=divisors[0])
    elif len(divisors) == 2:
        text = _("one point for each {first} in the total and one for each {second}, added up").format(
            first=divisors[0], second=divisors[1])
    else:
        text = _("one point for each of {divisors} in the total, added up").format(divisors=current().join(divisors))
    return text + " " + _("({total} scores {points})").format(total=_number(example), points=_number(points))


def _blocked_tie(value: str) -> str:
    return {"fewer_tiles": _("fewer tiles wins"), "nobody": _("nobody scores"),
            "split": _("the tied players share the points")}[value]


def _subtract(rules: RuleSet) -> str:
    """``rules.hand_end.subtract_winner_pips`` with a worked example from the engine's
    own collection (an opponent left with 13 pips, the winner with 4)."""
    if not rules.hand_end.subtract_winner_pips or rules.hand_end.collect == "none":
        return _yes_no(rules.hand_end.subtract_winner_pips)
    with_pips, without = _subtract_example(rules)
    return _("yes: a winner still holding 4 pips against an opponent's 13 collects {points} instead of "
             "{without}").format(points=_number(with_pips), without=_number(without))


def _bounce(rules: RuleSet) -> dict[str, str]:
    """A bounce worked by the engine's own scoreboard: two points short of the target
    (the smallest player count's), a side scores 5. ``{score}``, ``{target}``, ``{result}``."""
    from ..core.game import Scoreboard  # start-up: fives rules list loads this module, not the game

    players = min(rules.match.target)
    board = Scoreboard(rules, players, range(players))
    score = max(0, board.target - 2)
    board.scores[0] = score
    board.take(0, 5)
    return {"score": _number(score), "target": _number(board.target), "result": _number(board.scores[0])}


def _overshoot(rules: RuleSet) -> str:
    """``rules.match.overshoot`` in words; a bounce with a worked example (:func:`_bounce`)."""
    overshoot = rules.match.overshoot
    if overshoot == "allowed":
        return _("no: reaching or passing the target wins")
    if overshoot == "not_taken":
        return _("a score that would pass the target is not taken; the play that goes out and the points for going out "
                 "count as one score")
    return _("yes, and a score that would pass the target bounces back by the excess: at {score} of {target}, "
             "scoring 5 leaves {result}; the play that goes out and the points for going out count as one "
             "score").format(**_bounce(rules))


def _exact_sentence(rules: RuleSet) -> str:
    """``rules.match.overshoot`` as a whole sentence for the lessons."""
    overshoot = rules.match.overshoot
    if overshoot == "allowed":
        return _("Reaching or passing the target wins the match.")
    if overshoot == "not_taken":
        return _("A score that would pass the target is not taken: the target must be reached exactly.")
    return _("The target must be reached exactly: a score that would pass it bounces back by the excess, so at "
             "{score} of {target}, scoring 5 leaves {result}.").format(**_bounce(rules))


def _subtract_example(rules: RuleSet) -> tuple[int, int]:
    """What a winner holding 4 pips collects from an opponent's 13, with the pack's
    rule and without it (the engine's own collection)."""
    from ..core.scoring import collect  # start-up: fives rules list loads this module, not the game

    return (collect([13], rules, winner_pips=4, domino=False).points,
            collect([13], rules, winner_pips=0, domino=False).points)


def _subtract_sentence(rules: RuleSet) -> str:
    """``rules.hand_end.subtract_winner_pips`` as a whole sentence for the lessons."""
    if not rules.hand_end.subtract_winner_pips or rules.hand_end.collect == "none":
        return _("The winner's own pips are not taken off.")
    with_pips, without = _subtract_example(rules)
    return _("The winner's own pips are taken off: a winner still holding 4 pips against an opponent's 13 collects "
             "{points} instead of {without}.").format(points=_number(with_pips), without=_number(without))


def describe(rules: RuleSet) -> list[Row]:
    """Each parameter of ``rules`` as a :class:`Row`, in the order of the pack schema."""
    lead, turn, spinner = rules.lead, rules.turn, rules.spinner
    muggins, hand_end, players = rules.muggins, rules.hand_end, rules.players
    bonus = hand_end.chip_out_bonus
    rows = [
        ("rules.set.max_pips", _("Set"), _set(rules)),
        ("rules.players.min", _("Players"), current().span(players.min, players.max)),
        ("rules.players.hand_size", _("Tiles dealt to each player"), _per_players(players.hand_size, _number)),
        ("rules.players.partnerships_with_four", _("Four players"),
         _("two partnerships, partners sitting opposite") if players.partnerships_with_four
         else _("each for themselves")),
        ("rules.lead.first_hand", _("Lead of the first hand"), {
            "highest_double": _("the holder of the highest double leads it (with no double, the heaviest tile)"),
            "lowest_double": _("the holder of the lowest double leads it (with no double, the lightest tile)"),
            "by_lot": _("decided by lot; any tile may lead"),
        }[lead.first_hand]),
        ("rules.lead.later_hands", _("Lead of later hands"), {
            "same_as_first": _("as in the first hand"),
            "previous_domino": _("whoever went out in the previous hand (by lot after a blocked hand)"),
            "to_the_left": _("passes to the left each hand"),
        }[lead.later_hands]),
        ("rules.lead.scores", _("The lead scores"), _yes_no(lead.scores)),
        ("rules.turn.draw", _("A player who cannot play"), {
            "until_playable": _("draws until a tile fits, and passes when the boneyard is empty"),
            "one": _("draws one tile, and passes if it does not fit"),
            "none": _("passes (knocks) without drawing"),
        }[turn.draw]),
        ("rules.turn.boneyard_reserve", _("Boneyard tiles never drawn"), _number(turn.boneyard_reserve)),
        ("rules.turn.draw_while_able", _("Drawing while able to play"),
         _("allowed") if turn.draw_while_able else _("not allowed")),
        ("rules.spinner.doubles", _("Spinners"), {
            "none": _("none (every double stands crosswise in the line)"),
            "first": _("the first double of the hand"),
            "every": _("every double"),
        }[spinner.doubles]),
        # a pack without spinners has no arms to open, whatever the (inherited) key says
        ("rules.spinner.arms_open", _("A spinner's ends open"), _("none (every double stands crosswise in the line)")
         if spinner.doubles == "none" else {
            "at_once": _("at once"),
            "after_sides": _("after both its sides hold a tile"),
        }[spinner.arms_open]),
        ("rules.spinner.lone_counts", _("A double led alone counts"), {
            "both_halves": _("both halves ({tile} counts {pips})").format(tile=current().notation("5|5"),
                                                                        pips=_number(10)),
            "one_half": _("one half ({tile} counts {pips})").format(tile=current().notation("5|5"), pips=_number(5)),
        }[spinner.lone_counts]),
        ("rules.scoring", _("Scoring during play"), _scoring(rules)),
        ("rules.muggins.announce", _("Points must be announced (muggins)"), _yes_no(muggins.announce)),
        ("rules.muggins.wrong_claim", _("A wrong muggins call"), {
            "nothing": _("costs nothing"),
            "claimed_points": _("gives the accused player the points claimed"),
        }[muggins.wrong_claim]),
        ("rules.hand_end.collect", _("The winner of a hand collects"), {
            "each_opponent": _("each opponent's pips, rounded one by one"),
            "combined": _("the opponents' pips added together, then rounded"),
            "none": _("no pips"),
        }[hand_end.collect]),
        ("rules.hand_end.rounding", _("Rounding of pips"), {
            "nearest_five": _("to the nearest five: 3 and 4 up, 1 and 2 down"),
            "down": _("down to a multiple of five"),
            "up": _("up to a multiple of five"),
            "none": _("none"),
        }[hand_end.rounding]),
        ("rules.hand_end.points", _("Collected pips count as"), {
            "pips": _("one point per pip"),
            "per_five": _("one point per five pips"),
        }[hand_end.points]),
        ("rules.hand_end.subtract_winner_pips", _("The winner's own pips are taken off"), _subtract(rules)),
        ("rules.hand_end.double_in_hand", _("A double left in hand weighs"), {
            "both_halves": _("both halves"),
            "one_half": _("one half"),
        }[hand_end.double_in_hand]),
        ("rules.hand_end.chip_out_bonus", _("Bonus for going out"),
         ngettext("{n} point", "{n} points", bonus).format(n=_number(bonus)) if bonus else _("none")),
        ("rules.hand_end.blocked_tie", _("Blocked hand with equal lowest pips"),
         _per_players(hand_end.blocked_tie, _blocked_tie)),
        ("rules.match.target", _("Match target"),
         _per_players(rules.match.target, lambda v: ngettext("{n} point", "{n} points", v).format(n=_number(v)))),
        ("rules.match.overshoot", _("Exact target"), _overshoot(rules)),
    ]
    return [Row(*row) for row in rows]


def sentences(rules: RuleSet) -> dict[str, str]:
    """The pack's facts that lessons state, each a whole sentence in the active language
    (``{arms_open_sentence}``, ...), so that a lesson never glues a phrase after a colon:
    one message per rule value, for a translator to write as the language says it."""
    lead, turn, spinner, hand_end = rules.lead, rules.turn, rules.spinner, rules.hand_end
    targets = _per_players(rules.match.target,
                           lambda v: ngettext("{n} point", "{n} points", v).format(n=_number(v)))
    return {
        "first_lead_sentence": {
            "highest_double": _("In the first hand, the holder of the highest double leads it (with no double, the "
                                "heaviest tile)."),
            "lowest_double": _("In the first hand, the holder of the lowest double leads it (with no double, the "
                               "lightest tile)."),
            "by_lot": _("In the first hand, the leader is decided by lot and may lead any tile."),
        }[lead.first_hand],
        "later_leads_sentence": {
            "same_as_first": _("Later hands are led the same way."),
            "previous_domino": _("In later hands, whoever went out in the hand before leads (decided by lot after a "
                                 "blocked hand)."),
            "to_the_left": _("In later hands, the lead passes to the left."),
        }[lead.later_hands],
        "draw_rule_sentence": {
            "until_playable": _("A player who cannot play draws from the boneyard until a tile fits, and passes when "
                                "the boneyard is empty."),
            "one": _("A player who cannot play draws one tile, and passes if it does not fit."),
            "none": _("A player who cannot play passes (knocks) without drawing."),
        }[turn.draw],
        "spinners_sentence": {
            "none": _("No double spins: every double stands crosswise in the line."),
            "first": _("The first double of the hand is the spinner."),
            "every": _("Every double is a spinner."),
        }[spinner.doubles],
        "arms_open_sentence": {
            "at_once": _("A spinner's two ends open at once."),
            "after_sides": _("A spinner's two ends take tiles only after both its sides hold one."),
        }[spinner.arms_open],
        "collect_sentence": {
            "each_opponent": _("The winner of a hand collects each opponent's pips, rounded one by one."),
            "combined": _("The winner of a hand collects the opponents' pips added together, then rounded."),
            "none": _("The winner of a hand collects no pips."),
        }[hand_end.collect],
        "rounding_sentence": {
            "nearest_five": _("Pips are rounded to the nearest five: {up} up, {down} down.").format(
                up=current().span(3, 4), down=current().span(1, 2)),
            "down": _("Pips are rounded down to a multiple of five."),
            "up": _("Pips are rounded up to a multiple of five."),
            "none": _("Pips are not rounded."),
        }[hand_end.rounding],
        "targets_sentence": _("The match is played to {targets}.").format(targets=targets),
        "exact_sentence": _exact_sentence(rules),
        "subtract_sentence": _subtract_sentence(rules),
        "wrong_claim_sentence": {
            "nothing": _("A wrong muggins call costs nothing."),
            "claimed_points": _("A wrong muggins call gives the accused player the points claimed."),
        }[rules.muggins.wrong_claim],
    }
