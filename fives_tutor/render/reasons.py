"""The reasons of :mod:`fives_tutor.engine.reasons` in words, in the active language.

Every sentence here says one :class:`~fives_tutor.engine.reasons.Reason`: its figures are
the placeholders, so that what is said is what was checked. ``who`` names the next
player where a name is known (at a table); without it they are "the next player". Each
function returns a clause without its full stop.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..text.bidi import ltr
from ..text.i18n import _, current, ngettext

if TYPE_CHECKING:  # types only: the sentences of fives score must not load the engine
    from ..engine.reasons import Reason


def interval_text(interval: float) -> str:
    """``± 6.0``: the half-width of an interval, one left-to-right run in a right-to-left
    language (bare, its sign would show after the number)."""
    t = current()
    text = "± " + t.number(interval, decimals=1)
    return ltr(text) if t.rtl else text


def numbers_phrase(numbers: Sequence[int]) -> str:
    """``3``, ``3 or 5``, ``0, 5 or 6`` in the active language."""
    t = current()
    shown = [t.number(n) for n in numbers]
    if len(shown) <= 1:
        return "".join(shown)
    return _("{items} or {last}").format(items=t.comma.join(shown[:-1]), last=shown[-1])


def tiles_held(reason: Reason, who: str | None) -> str:
    """The tiles the next player can hold, as a noun phrase: ``the 12 tiles Ana can hold
    (with no 0, 5 or 6)``."""
    t = current()
    count = reason.whole("holdable")
    lacking = reason.numbers("lacking")
    if who:  # a name, or the next player: a sentence each, as some languages mark a name apart
        held = ngettext("the {count} tile {name} can hold", "the {count} tiles {name} can hold", count).format(
            count=t.number(count), name=who)
    else:
        held = ngettext("the {count} tile the next player can hold", "the {count} tiles the next player can hold",
                        count).format(count=t.number(count))
    if lacking:
        held = _("{tiles} (with no {numbers})").format(tiles=held, numbers=numbers_phrase(lacking))
    return held


def points_words(points: int) -> str:
    """``15 points``, ``1 point``, ``nothing``."""
    if not points:
        return _("nothing")
    return ngettext("{n} point", "{n} points", points).format(n=current().number(points))


def reason_text(reason: Reason, who: str | None = None) -> str:
    """One reason as a clause (no full stop). Facts about one play speak of it without
    naming it (the play is named before them); comparisons name both plays."""
    t = current()
    kind = reason.kind
    play, other = t.notation(reason.play), t.notation(reason.other)
    if kind == "scores":
        return _("scores {points} now, leaving a total of {total}").format(
            points=points_words(reason.whole("points")), total=t.number(reason.whole("total")))
    if kind == "forced":
        return _("the lead rule leaves no other play")
    if kind == "goes_out":
        return _("you go out: the hand ends before anyone can reply")
    if kind == "wins":
        return _("it wins the match: {score} + {points} reaches {target}").format(
            score=t.number(reason.whole("score")), points=t.number(reason.whole("points")), target=t.number(reason.whole("target")))
    if kind == "replies":
        return replies_text(reason, who)
    if kind == "more_now":
        if reason.whole("points"):
            return _("{other} scores {other_points} now, {play} only {points}").format(
                other=other, play=play, other_points=points_words(reason.whole("other_points")),
                points=points_words(reason.whole("points")))
        return _("{other} scores {other_points} now, {play} nothing").format(
            other=other, play=play, other_points=points_words(reason.whole("other_points")))
    if kind == "reply":
        tiles = tiles_held(reason, who)
        scoring, other_scoring = reason.whole("scoring"), reason.whole("other_scoring")
        first = ngettext("after {play}, {count} of {tiles} scores, up to {most}",
                         "after {play}, {count} of {tiles} score, up to {most}", scoring).format(
            play=play, count=t.number(scoring), tiles=tiles, most=points_words(reason.whole("most")))
        if not other_scoring:
            second = _("after {other}, none does").format(other=other)
        else:
            second = ngettext("after {other}, {count} does, up to {most}", "after {other}, {count} do, up to {most}",
                              other_scoring).format(other=other, count=t.number(other_scoring),
                                                    most=points_words(reason.whole("other_most")))
        return first + t.semicolon + second
    if kind == "sheds":
        return ngettext("{other} sheds {other_pips} pips, {play} only {pips}: the pips left in your hand are what "
                        "the winner of the hand collects",
                        "{other} sheds {other_pips} pips, {play} only {pips}: the pips left in your hand are what "
                        "the winner of the hand collects", reason.whole("pips")).format(
            other=other, play=play, other_pips=t.number(reason.whole("other_pips")), pips=t.number(reason.whole("pips")))
    if kind == "blocks":
        tiles = tiles_held(reason, who)
        fits = reason.whole("fits")
        if not reason.whole("other_fits"):
            return ngettext("after {other}, none of {tiles} fits the ends, so they must draw or pass; after {play}, "
                            "{count} does", "after {other}, none of {tiles} fits the ends, so they must draw or "
                            "pass; after {play}, {count} do", fits).format(other=other, play=play, tiles=tiles,
                                                                           count=t.number(fits))
        return ngettext("after {other}, {other_count} of {tiles} fit the ends; after {play}, {count} does",
                        "after {other}, {other_count} of {tiles} fit the ends; after {play}, {count} do",
                        fits).format(other=other, play=play, tiles=tiles, count=t.number(fits),
                                     other_count=t.number(reason.whole("other_fits")))
    if kind == "numbers":
        return ngettext("after {other} your tiles show {other_numbers} different numbers, after {play} only "
                        "{numbers}: fewer ends you can answer", "after {other} your tiles show {other_numbers} "
                        "different numbers, after {play} only {numbers}: fewer ends you can answer",
                        reason.whole("numbers")).format(other=other, play=play, numbers=t.number(reason.whole("numbers")),
                                                  other_numbers=t.number(reason.whole("other_numbers")))
    if kind == "follow":
        if not reason.whole("fit"):
            return ngettext("after {other}, {other_fit} of your tiles fits the ends it leaves; after {play}, none "
                            "does", "after {other}, {other_fit} of your tiles fit the ends it leaves; after {play}, "
                            "none does", reason.whole("other_fit")).format(other=other, play=play,
                                                                     other_fit=t.number(reason.whole("other_fit")))
        return ngettext("after {other}, {other_fit} of your tiles fit the ends it leaves; after {play}, {fit} does",
                        "after {other}, {other_fit} of your tiles fit the ends it leaves; after {play}, {fit} do",
                        reason.whole("fit")).format(other=other, play=play, other_fit=t.number(reason.whole("other_fit")),
                                              fit=t.number(reason.whole("fit")))
    if kind == "wins_now":
        return _("this missed the win: {other} would have won the match now ({score} + {points} reaches "
                 "{target})").format(other=other, score=t.number(reason.whole("score")),
                                     points=t.number(reason.whole("other_points")), target=t.number(reason.whole("target")))
    if kind == "gives_win":
        tiles = tiles_held(reason, who)
        count = reason.whole("count")
        if who:
            first = ngettext("after {play}, {name} can win the match at once with {count} of {tiles}",
                             "after {play}, {name} can win the match at once with {count} of {tiles}", count).format(
                play=play, name=who, count=t.number(count), tiles=tiles)
        else:
            first = ngettext("after {play}, the next player can win the match at once with {count} of {tiles}",
                             "after {play}, the next player can win the match at once with {count} of {tiles}",
                             count).format(play=play, count=t.number(count), tiles=tiles)
        if not reason.whole("other_count"):
            return first + t.semicolon + _("after {other}, with none").format(other=other)
        return first + t.semicolon + _("after {other}, with {count}").format(
            other=other, count=t.number(reason.whole("other_count")))
    if kind == "match_chances":
        deals = reason.whole("deals")
        shares = {"other": other, "play": play, "deals": t.number(deals)}
        won = reason.real("other_win") - reason.real("win")
        lost = reason.real("lose") - reason.real("other_lose")
        if won >= lost:
            return ngettext("{other} won the match on {other_win} of the {deals} deal played out, {play} on {win}",
                            "{other} won the match on {other_win} of the {deals} deals played out, {play} on {win}",
                            deals).format(other_win=t.percent(reason.real("other_win"), 0),
                                          win=t.percent(reason.real("win"), 0), **shares)
        return ngettext("{play} lost the match on {lose} of the {deals} deal played out, {other} on {other_lose}",
                        "{play} lost the match on {lose} of the {deals} deals played out, {other} on {other_lose}",
                        deals).format(lose=t.percent(reason.real("lose"), 0),
                                      other_lose=t.percent(reason.real("other_lose"), 0), **shares)
    if kind == "search":
        if not reason.whole("deals"):
            return _("with best play on both sides, {other} is worth {behind} points more than {play} to the end of "
                     "the hand (proven)").format(other=other, play=play, behind=t.number(reason.real("behind"), 1))
        return ngettext("over {deals} deal, {other} made {behind} points more than {play} to the end of the hand "
                        "({interval})",
                        "over {deals} deals, {other} made {behind} points more than {play} to the end of the hand "
                        "({interval})", reason.whole("deals")).format(
            other=other, play=play, deals=t.number(reason.whole("deals")), behind=t.number(reason.real("behind"), 1),
            interval=interval_text(reason.real("noise")))
    raise ValueError(f"no words for the reason {kind}")


def replies_text(reason: Reason, who: str | None = None) -> str:
    """What the next player can reply after a play (a ``replies`` fact)."""
    t = current()
    tiles = tiles_held(reason, who)
    scoring = reason.whole("scoring")
    if not scoring:
        return _("none of {tiles} lets them score").format(tiles=tiles)
    return ngettext("{count} of {tiles} lets them score, up to {most}; they can expect {expect} points in reply",
                    "{count} of {tiles} let them score, up to {most}; they can expect {expect} points in reply",
                    scoring).format(count=t.number(scoring), tiles=tiles, most=points_words(reason.whole("most")),
                                    expect=t.number(reason.real("expect"), 1))


__all__ = ["interval_text", "numbers_phrase", "points_words", "reason_text", "replies_text", "tiles_held"]
