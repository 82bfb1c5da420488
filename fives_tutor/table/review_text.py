"""``fives games review`` as an analysis board: each judged move of the followed hand
with its position (the ends, the board picture, the player's tiles), the play made and
the best plays of the analysis with their values and intervals, the mark and every
reason; the trend of points lost hand by hand; and the summaries. The same pages are
printed one after another through a pipe and stepped through in a terminal
(:mod:`fives_tutor.table.review_board`); ``--json`` carries the same per move.

Moves are counted by plays (``move`` in a :class:`~fives_tutor.tutor.coach.Judgement`):
draws and passes are not moves.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from ..core.keeper import TableState
from ..core.layout import Layout
from ..core.position import Position
from ..core.rules import RuleSet
from ..core.tiles import Tile, format_hand
from ..engine.history import format_history
from ..engine.reasons import Reason
from ..packs.loader import command_name
from ..render.board_art import draw, draw_hand
from ..render.reasons import reason_text
from ..render.sentences import points_phrase
from ..text.bidi import ltr_line
from ..text.i18n import _, current, named, pgettext
from ..text.table import table
from ..text.width import width as display_width
from ..text.wrap import wrap_lines
from ..tutor import coach
from ..tutor.coach import (
    Alternative,
    Judgement,
    history_of,
    lost_by_hand,
    scores_for,
    seed_for,
    summarise,
)
from .coach_text import interval_text, lesson_ids, mark_text, next_name, summary_lines, verdict_word


class Move(NamedTuple):
    """One judged move with its position, as the review shows it: the ``judged`` play,
    the ``names`` of the players, the ``ends`` and ``layout`` before it, the player's
    ``tiles`` then, the ``scores`` by side (the table's order) with the ``sides``' names,
    the ``target``, the match's ``id``, and ``request``, what ``fives best`` is given to
    make the same analysis (:func:`best_request`; None where a command cannot say the
    table: teams that are a house rule); ``total`` the open-end total of ``ends``;
    ``yours``: the reader's own play (a practice match), said in the second person."""

    judged: Judgement
    names: tuple[str, ...]
    ends: Position
    total: int
    layout: Layout
    tiles: tuple[Tile, ...]
    scores: tuple[int, ...]
    sides: tuple[str, ...]
    target: int
    match: int
    request: dict[str, Any] | None
    yours: bool = False

    @property
    def best_command(self) -> str | None:
        """The ``fives best`` command that gives this move's analysis (:func:`best_command`)."""
        return best_command(self.request)

    @property
    def name(self) -> str:
        """The player whose play it was."""
        return self.names[self.judged.seat]

    @property
    def play_command(self) -> str:
        """The ``fives play`` command that plays on from this position as a new match."""
        return f"fives play --from {self.match}:{self.judged.hand}:{self.judged.move}"


def best_request(state: TableState, seat: int, rules: RuleSet, judged: Judgement) -> dict[str, Any] | None:
    """What ``fives best`` is given to analyse the position of ``state`` (the table before
    ``judged``'s play) as the coach did: the hand's ``history`` (line format), the player's
    ``hand``, the ``scores`` (their side first), the coach's ``samples`` and ``seed``, the
    ``lead`` and the ``rules`` (as a command names the pack). None where the table's teams
    are a house rule (``fives best`` seats players as the pack does)."""
    if len(state.scores) < state.players and not rules.players.partnerships_with_four:
        return None
    return {"history": format_history(history_of(state)), "hand": format_hand(state.followed.known or ()),
            "scores": ",".join(str(s) for s in scores_for(state, seat)), "samples": coach.SAMPLES,
            "seed": seed_for(judged.hand, judged.ply), "lead": "later" if judged.hand > 1 else "first",
            "rules": command_name(rules)}


def _best_words(request: dict[str, Any]) -> list[str]:
    """The words of :func:`best_command`, each quoted for a POSIX shell."""
    history = request["history"].rstrip("\n").replace("\n", "\\n") + "\\n"
    parts = ["printf", shlex.quote(history), "|", "fives", "best", "--history", "-", "--hand",
             shlex.quote(request["hand"]), "--scores", request["scores"], "--samples", str(request["samples"]),
             "--seed", request["seed"]]
    if request["lead"] != "first":
        parts += ["--lead", request["lead"]]
    if request["rules"] != "dominos-cc":
        parts += ["--rules", request["rules"]]
    return parts


def best_command(request: dict[str, Any] | None) -> str | None:
    """The ``fives best`` command for a :func:`best_request`: the history piped in with
    ``printf``, so that it can be typed again as it is."""
    return None if request is None else " ".join(_best_words(request))


def best_command_lines(request: dict[str, Any], width: int) -> list[str]:
    """:func:`best_command` in lines of at most ``width`` columns that a POSIX shell reads
    as the one command, copied and pasted whole: each line but the last ends in a
    backslash (the shell drops a backslash and the line break after it, outside quotes),
    between words or inside a long quoted word closed and opened again around the break
    (``'ab'\\`` then ``'cd'``: the shell joins them into ``abcd``); the lines are not
    indented, as a space there would split a word."""
    room = max(20, width - 2)  # " \\" or "'\\" at the end of a line
    lines: list[str] = []
    line = ""
    for word in _best_words(request):
        if line and len(line) + 1 + len(word) > room:
            lines.append(line + " \\")
            line = ""
        line = f"{line} {word}" if line else word
        # a single-quoted word too long for a line is cut inside its quotes
        while len(line) > room and line.endswith("'") and "'" in line[:-1] and "\"'\"" not in word:
            cut = room - 1
            start = len(line) - len(word)
            if cut <= start + 1:  # the word starts too late on this line: break before it
                lines.append(line[:start].rstrip() + " \\")
                line = word
                continue
            lines.append(line[:cut] + "'\\")
            line = "'" + line[cut:]
    lines.append(line)
    return lines


def moves_of(pairs: Iterable[tuple[TableState, Judgement]], rules: RuleSet, match_id: int,
             you: int | None = None) -> list[Move]:
    """The judged plays (``(state, judgement)`` as :func:`fives_tutor.tutor.coach.judged_plays`
    yields them) with their positions; ``you``: the reader's seat (a practice match)."""
    found = []
    for state, judged in pairs:
        found.append(Move(judged, tuple(state.names), state.position, state.position.total(rules), state.layout,
                          state.followed.known or (),
                          tuple(state.scores), tuple(state.side_name(s) for s in range(len(state.scores))),
                          state.board.target, match_id, best_request(state, judged.seat, rules, judged),
                          judged.seat == you))
    return found


# --- one move ----------------------------------------------------------------------------------


def alternatives_table(rows: Sequence[Alternative], chosen: str | None, monte: bool, width: int | None = None) -> str:
    """Plays with their figures as a table, best first: the play (``←`` the one made), its
    points now, its value with its standard error, how far behind the best on the same
    deals with its interval (two standard errors), and the mark it gets played."""
    t = current()
    lines = []
    for index, row in enumerate(rows):
        value = t.number(row.value, decimals=1) + (" " + interval_text(row.stderr) if monte else "")
        if index == 0:
            behind = "–"
        else:
            behind = t.number(row.behind, decimals=1)
            if monte:
                behind += " " + interval_text(row.interval)
        mark = verdict_word(row.mark if index else "best")
        shown = t.notation(row.play) + (" ←" if row.play == chosen else "")
        lines.append((shown, points_phrase(row.points), value, behind, mark))
    return table(lines, header=(pgettext("a move", "Play"), _("Now"), _("Value"), _("Behind"), _("Mark")),
                 columns=width)


def scores_text(move: Move) -> str:
    """``Scores: You 40 · Ana 65 (target 150)`` before the move."""
    t = current()
    parts = [f"{named(name)} {t.number(score)}" for name, score in zip(move.sides, move.scores)]
    return _("Scores: {scores} (target {target})").format(scores=" · ".join(parts), target=t.number(move.target))


def page_lines(move: Move, index: int, count: int, style: str = "plain", width: int = 80) -> list[str]:
    """One move as a page: where it is, the scores, the ends and the board, the player's
    tiles, the play made and its mark, the plays of the analysis, and why."""
    t = current()
    judged = move.judged

    def said(text: str) -> list[str]:  # a fact wrapped under itself, as the summary's lines are
        return wrap_lines(text, width, hanging="  ")

    where = {"hand": t.number(judged.hand), "move": t.number(judged.move), "name": named(move.name),
             "index": t.number(index + 1), "count": t.number(count)}
    lines = said((_("Hand {hand}, move {move} ({index} of {count} moves judged)") if move.yours else
                  _("Hand {hand}, move {move}: {name} ({index} of {count} moves judged)")).format(**where))
    lines += said(scores_text(move))
    if move.layout.line:
        lines += said(_("Ends: {ends} (total {total})").format(
            ends=t.notation(move.ends), total=t.number(move.total)))
        lines += draw(move.layout, style, width).split("\n")
    else:
        lines += said(_("The table is empty: a lead."))
    tiles = t.notation(draw_hand(move.tiles, style))
    mark = mark_text(judged, move.names)
    if move.yours:
        lines += said(_("Your tiles: {tiles}").format(tiles=tiles))
        lines += said(_("You played {play}: {mark}.").format(play=t.notation(judged.play), mark=mark))
    else:
        lines += said(_("Tiles of {name}: {tiles}").format(name=named(move.name), tiles=tiles))
        lines += said(_("{name} played {play}: {mark}.").format(name=named(move.name), play=t.notation(judged.play),
                                                                mark=mark))
    if judged.alternatives and judged.level != "forced":
        lines += alternatives_table(judged.alternatives, judged.play, judged.level == "monte-carlo",
                                    width).split("\n")
    if len(judged.reasons) > 1 or (judged.reasons and not judged.speaks):
        lines += why_lines(judged.best, judged.play, judged.reasons, next_name(judged, move.names), width)
    return lines


def why_lines(best: str, play: str, reasons: Sequence[Reason], who: str | None, width: int) -> list[str]:
    """``Why BEST rather than PLAY:`` and each of ``reasons`` (true of ``play`` against
    ``best``, both ``TILE@END``) on a line of its own, wrapped to ``width``: the review's
    page and ``hint more``; ``who`` names the next player."""
    t = current()
    lines = wrap_lines(_("Why {best} rather than {play}:").format(best=t.notation(best), play=t.notation(play)),
                       width)
    for reason in reasons:
        lines += wrap_lines("- " + reason_text(reason, who) + ".", width, indent="  ", hanging="    ")
    return lines


# --- the whole match ---------------------------------------------------------------------------


#: the glyph of a bar
BAR = "█"


def trend_lines(judgements: Sequence[Judgement], width: int = 80) -> list[str]:
    """The points lost hand by hand as a small bar chart, one row a hand (drawn left to
    right in every language)."""
    t = current()
    lost = lost_by_hand(judgements)
    if not lost:
        return []
    labels = [_("hand {number}").format(number=t.number(hand)) for hand, _points in lost]
    figures = [t.number(points, decimals=1) for _hand, points in lost]
    room = max(4, width - max(display_width(label) for label in labels) - max(map(len, figures)) - 4)
    top = max(points for _hand, points in lost) or 1.0
    lines = wrap_lines(_("Points lost to inaccuracies and mistakes, hand by hand:"), width)
    label_width = max(display_width(label) for label in labels)
    for label, figure, (_hand, points) in zip(labels, figures, lost):
        bar = BAR * max(1 if points else 0, round(room * points / top))
        pad = " " * (label_width - display_width(label))
        line = f"  {label}{pad} {bar} {figure}"
        lines.append(ltr_line(line) if t.rtl else line)
    return lines


def summary_page(moves: Sequence[Move], rules: RuleSet, width: int = 80) -> list[str]:
    """The end of the review: the trend, each hand's and the match's summary, and what the
    marks mean."""
    t = current()
    judgements = [m.judged for m in moves]
    lessons = lesson_ids(rules)
    names = moves[0].names if moves else None
    lines = trend_lines(judgements, width)
    for number in sorted({j.hand for j in judgements}):
        in_hand = [j for j in judgements if j.hand == number]
        for line in summary_lines(summarise(in_hand), rules, lessons, number, names=names)[:1]:
            lines += wrap_lines(line, width, hanging="  ")  # hangs under the head, as the match's lines do
    for line in summary_lines(summarise(judgements), rules, lessons, names=names):
        indent = line[:len(line) - len(line.lstrip())]
        lines += wrap_lines(line.lstrip(), width, indent=indent, hanging=indent + "  ")
    lines += wrap_lines(_("Marks by the points a play gave away against the engine's best on the same deals: best "
                          "(under {best}), fine (under {fine}, or not clear of the noise: within {z} standard errors), "
                          "inaccuracy ({fine} to {mistake}), mistake ({mistake} or more); docs/coach.md says "
                          "more.").format(best=t.number(coach.BEST_BELOW, decimals=1), fine=t.number(coach.FINE_BELOW),
                                          mistake=t.number(coach.MISTAKE_FROM), z=t.number(coach.NOISE_Z)), width)
    return lines


def review_pages(info_id: int, names: Sequence[str], rules: RuleSet, moves: Sequence[Move], style: str = "plain",
                 width: int = 80) -> list[list[str]]:
    """Every page of the review: one a move, then the summary."""
    t = current()
    head = wrap_lines(_("Match {id}: {players}, {pack}").format(id=t.number(info_id), players=t.join(names),
                                                               pack=rules.id), width)
    if not moves:
        return [head + wrap_lines(_("No play of the followed hand could be judged."), width)]
    pages = [page_lines(move, index, len(moves), style, width) for index, move in enumerate(moves)]
    pages[0] = head + pages[0]
    pages.append(summary_page(moves, rules, width))
    return pages


def move_json(move: Move) -> dict[str, Any]:
    """One move as ``--json`` gives it: the judgement's keys (``alternatives`` and
    ``reasons`` as lists of objects), the ``player``, the position (``ends``, ``layout``),
    the player's ``tiles``, the ``scores`` by side, and the ``best_command`` and
    ``play_command`` that open it."""
    data = move.judged.to_dict()
    data["alternatives"] = [a._asdict() for a in move.judged.alternatives]
    data["interval"] = move.judged.interval
    data["points_cost"] = move.judged.points_cost
    data.update({"player": move.name, "ends": str(move.ends), "layout": str(move.layout),
                 "tiles": format_hand(move.tiles), "scores": dict(zip(move.sides, move.scores)),
                 "best_command": move.best_command, "play_command": move.play_command})
    return data


def mistakes_after(moves: Sequence[Move], index: int) -> int | None:
    """The index of the next move after ``index`` marked an inaccuracy or a mistake
    (from the start again past the end), or None when there is none."""
    count = len(moves)
    for step in range(1, count + 1):
        found = (index + step) % count
        if moves[found].judged.speaks:
            return found
    return None


__all__ = ["BAR", "Move", "alternatives_table", "best_command", "best_command_lines", "best_request", "mistakes_after", "move_json",
           "moves_of", "page_lines", "review_pages", "scores_text", "summary_page", "trend_lines", "why_lines"]
