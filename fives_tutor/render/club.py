"""The club's figures in words, tables and charts, and their JSON and CSV shapes:
``fives games standings``, ``fives games player NAME`` and ``fives games players``.

Tables are measured by display width and fit the terminal (:mod:`fives_tutor.text.table`);
numbers are the language's (Persian digits for fa); a chart is drawn left to right in
every language (:mod:`fives_tutor.render.chart`). JSON and CSV carry ASCII digits and
English keys, whatever the language.
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from babel.dates import format_date

from ..study.club import Figures, MatchRecord, PlayerRecord, moment, placing
from ..study.players import Roster
from ..study.ratings import MIN_MATCHES, Rating, RatingStep
from ..text.i18n import _, current, named, ngettext, pgettext
from ..text.table import table
from ..text.wrap import wrap_lines
from .chart import Series, line_chart, ltr_lines, x_ticks

#: the most matches a player's page lists under "Last matches"
RECENT = 5
#: rows of the rating chart's plot
CHART_ROWS = 13
#: the widest a chart is drawn, however wide the terminal
CHART_WIDTH = 100


class Scope(NamedTuple):
    """Which matches the figures are over: ``practice`` ones or a table's, of pack
    ``rules_id`` (None: every pack), begun ``since`` a day (None: ever); ``matches``
    finished ones counted and ``unfinished`` ones left out."""

    practice: bool
    rules_id: str | None
    since: datetime.date | None
    matches: int
    unfinished: int


class Standing(NamedTuple):
    """A row of the standings: the ``rank`` (None for a player whose rating is not shown
    yet), the ``player`` (a root key), their ``figures`` and ``rating``."""

    rank: int | None
    player: str
    figures: Figures
    rating: Rating | None


def ranked(figures: Mapping[str, Figures], ratings: Mapping[str, Rating], roster: Roster) -> list[Standing]:
    """The standings in order: players with a rating shown by μ − 3σ, best first, ranked
    1, 2, ...; then the others, by matches won, then by fewer played (the better record), then name."""
    shown = sorted((p for p in figures if p in ratings and ratings[p].shown),
                   key=lambda p: (-ratings[p].ordinal, roster.display(p)))
    others = sorted((p for p in figures if p not in shown),
                    key=lambda p: (-figures[p].won, figures[p].matches, roster.display(p)))
    return ([Standing(rank, p, figures[p], ratings[p]) for rank, p in enumerate(shown, start=1)]
            + [Standing(None, p, figures[p], ratings.get(p)) for p in others])


# --- words -----------------------------------------------------------------------------------


def _date(day: datetime.date) -> str:
    """A day as the language writes it (Babel's medium date)."""
    code = current().code
    return current().digits(format_date(day, "medium", locale="fil" if code == "tl" else code))


def _decimal(value: float) -> str:
    return current().number(value, decimals=1)


def rating_text(rating: Rating | None) -> str:
    """``29.1 ± 3.2``, or ``—`` for a rating not shown yet."""
    if rating is None or not rating.shown:
        return "—"
    return f"{_decimal(rating.mu)} ± {_decimal(rating.sigma)}"


def _scope_words(scope: Scope) -> str:
    """``all packs``, ``pack muggins``, with ``, since May 1, 2024``."""
    packs = _("all packs") if scope.rules_id is None else _("pack {pack}").format(pack=named(scope.rules_id))
    if scope.since is None:
        return packs
    return _("{packs}, since {date}").format(packs=packs, date=_date(scope.since))


def _muggins_shown(rows: Sequence[Figures]) -> bool:
    return any(f.muggins_matches for f in rows)


def _figure_cells(f: Figures, muggins: bool, hands: bool = True) -> list[str]:
    t = current()
    cells = [t.of(f.won, f.matches)] + ([t.number(f.hands)] if hands else []) + [
        _decimal(f.play_per_hand), _decimal(f.end_per_hand), t.number(f.went_out), t.number(f.blocks_won)]
    if muggins:
        cells += [t.number(f.called), t.number(f.missed)] if f.muggins_matches else ["—", "—"]
    return cells


def _figure_header(muggins: bool, hands: bool = True) -> list[str]:
    header = [_("Won")] + ([_("Hands")] if hands else []) + [pgettext("points made by plays", "Play"), _("Ends"), _("Out"), _("Blocks")]
    return header + ([_("Called"), _("Missed")] if muggins else [])


def _legend(muggins: bool, rating: bool) -> list[str]:
    """What the columns mean, as sentences."""
    parts = []
    if rating:
        parts.append(_("Rating: skill ± uncertainty (OpenSkill), shown after {count} matches; players are ranked by "
                       "the rating less three times its uncertainty.").format(count=current().number(MIN_MATCHES)))
    parts.append(_("Won: matches won of those played. Play and Ends: points a hand from plays and from hand ends. "
                   "Out: hands won by going out. Blocks: blocked hands won."))
    if muggins:
        parts.append(_("Called: muggins called that took points. Missed: scoring plays not announced in full "
                       "(packs with muggins only)."))
    return parts


def _wrap(text: str, width: int) -> list[str]:
    return wrap_lines(text, width) or [""]


# --- fives games standings -----------------------------------------------------------------


def standings_text(rows: Sequence[Standing], roster: Roster, scope: Scope, width: int) -> str:
    """The standings as a table with a title and the legend."""
    t = current()
    lines = []
    title = (ngettext("Standings over {count} finished practice match ({scope}):",
                      "Standings over {count} finished practice matches ({scope}):", scope.matches)
             if scope.practice else
             ngettext("Standings over {count} finished table match ({scope}):",
                      "Standings over {count} finished table matches ({scope}):", scope.matches))
    lines += _wrap(title.format(count=t.number(scope.matches), scope=_scope_words(scope)), width)
    muggins = _muggins_shown([row.figures for row in rows])
    # the hands played are on each player's page: the standings keep to what fits 80 columns
    body = [[t.number(row.rank) if row.rank is not None else "", roster.display(row.player), rating_text(row.rating)]
            + _figure_cells(row.figures, muggins, hands=False) for row in rows]
    lines.append(table(body, header=["#", _("Player"), _("Rating")] + _figure_header(muggins, hands=False),
                       columns=width))
    for sentence in _legend(muggins, rating=True):
        lines += _wrap(sentence, width)
    if scope.unfinished:
        lines += _wrap(ngettext("{count} unfinished match is not counted.", "{count} unfinished matches are not counted.",
                                scope.unfinished).format(count=t.number(scope.unfinished)), width)
    return "\n".join(lines)


def nothing_text(scope: Scope) -> str:
    """The sentence for standings or a record with no finished match in scope."""
    if scope.practice:
        return _("No finished practice match ({scope}): fives play starts one.").format(scope=_scope_words(scope))
    return _("No finished table match ({scope}): fives table keeps one.").format(scope=_scope_words(scope))


def figures_json(f: Figures) -> dict:
    """A player's figures with English keys (averages rounded to 0.01)."""
    return {"matches": f.matches, "won": f.won, "hands": f.hands, "points_from_play": f.play_points,
            "points_at_hand_ends": f.end_points, "play_per_hand": round(f.play_per_hand, 2),
            "end_per_hand": round(f.end_per_hand, 2), "went_out": f.went_out, "blocks_won": f.blocks_won,
            "muggins": {"matches": f.muggins_matches, "called": f.called, "called_points": f.called_points,
                        "missed": f.missed, "missed_points": f.missed_points} if f.muggins_matches else None}


def rating_json(rating: Rating | None) -> dict | None:
    """``{"mu", "sigma", "ordinal", "matches", "shown"}``, or None before any rated match."""
    if rating is None:
        return None
    return {"mu": round(rating.mu, 4), "sigma": round(rating.sigma, 4), "ordinal": round(rating.ordinal, 4),
            "matches": rating.matches, "shown": rating.shown}


def scope_json(scope: Scope) -> dict:
    return {"practice": scope.practice, "rules": scope.rules_id,
            "since": scope.since.isoformat() if scope.since else None, "matches": scope.matches,
            "unfinished": scope.unfinished, "rating_needs": MIN_MATCHES}


def standings_json(rows: Sequence[Standing], roster: Roster, scope: Scope, left_out: Sequence[dict]) -> dict:
    """The standings as ``fives games standings --json`` prints them."""
    return {**scope_json(scope), "left_out": list(left_out),
            "players": [{"rank": row.rank, "player": roster.display(row.player),
                         "spellings": roster.spellings(row.player), **figures_json(row.figures),
                         "rating": rating_json(row.rating)} for row in rows]}


CSV_COLUMNS = ("rank", "player", "matches", "won", "hands", "points_from_play", "points_at_hand_ends",
               "play_per_hand", "end_per_hand", "went_out", "blocks_won", "muggins_matches", "muggins_called",
               "muggins_called_points", "muggins_missed", "muggins_missed_points", "rating_mu", "rating_sigma",
               "rating_ordinal", "rating_matches", "rating_shown")


def standings_csv(rows: Sequence[Standing], roster: Roster) -> str:
    """The standings as CSV: a header of English keys (:data:`CSV_COLUMNS`), a row a player."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        f, r = row.figures, row.rating
        writer.writerow([row.rank if row.rank is not None else "", roster.display(row.player), f.matches, f.won,
                         f.hands, f.play_points, f.end_points, f"{f.play_per_hand:.2f}", f"{f.end_per_hand:.2f}",
                         f.went_out, f.blocks_won, f.muggins_matches, f.called, f.called_points, f.missed,
                         f.missed_points] + ([f"{r.mu:.4f}", f"{r.sigma:.4f}", f"{r.ordinal:.4f}", r.matches,
                                              int(r.shown)] if r is not None else ["", "", "", 0, 0]))
    return buffer.getvalue()


# --- fives games player NAME ------------------------------------------------------------------


def rating_chart(history: Sequence[RatingStep], width: int) -> list[str]:
    """The rating after each match as a chart: ● the rating (μ), ░ one uncertainty (σ)
    either side, the matches along the bottom."""
    t = current()
    width = min(width, CHART_WIDTH)
    points = [(float(k), step.mu) for k, step in enumerate(history, start=1)]
    band = [(float(k), step.mu - step.sigma, step.mu + step.sigma) for k, step in enumerate(history, start=1)]
    lines = _wrap(_("Rating after each match (● the rating, ░ one uncertainty either side):"), width)
    label_room = 6  # the y labels, such as 27.5, and the axis
    ticks = x_ticks(1, len(points), max(4, width - label_room), t.number)
    chart = line_chart([Series("●", points)], width, CHART_ROWS, ticks, lambda y: t.number(y, decimals=1 if
                       abs(y - round(y)) > 1e-9 else 0), x_range=(1.0, float(len(points))), band=band)
    lines += ltr_lines(chart)
    lines += _wrap(_("Along the bottom: the player's matches, first to last."), width)
    return lines


def _ordinal_words(rank: int, count: int) -> str:
    return _("rank {rank} of {count} rated players").format(rank=current().number(rank), count=current().number(count))


def _result_words(record: MatchRecord, side: int) -> str:
    return _("won") if record.winner == side else _("lost")


def _score_words(record: MatchRecord) -> str:
    t = current()
    return " · ".join(f"{name} {t.number(score)}" for name, score in zip(record.side_names, record.scores))


def _moment_date(iso: str) -> str:
    """The day of a time the journal wrote, in the reader's time zone (a time that cannot
    be read, shown as it was written)."""
    when = moment(iso)
    return iso[:16] if when is None else _date(when.astimezone().date())


def player_text(record: PlayerRecord, roster: Roster, rating: Rating | None, history: Sequence[RatingStep],
                rank: int | None, rated: int, scope: Scope, width: int) -> str:
    """One player's page: their record overall and per pack, their rating and its
    chart, partners, opponents head to head, and their last matches."""
    t = current()
    name = roster.display(record.player)
    f = record.overall
    kind = (ngettext("{name}: won {won} of {count} finished practice match ({scope}).",
                     "{name}: won {won} of {count} finished practice matches ({scope}).", f.matches)
            if scope.practice else
            ngettext("{name}: won {won} of {count} finished table match ({scope}).",
                     "{name}: won {won} of {count} finished table matches ({scope}).", f.matches))
    lines = _wrap(kind.format(name=named(name), won=t.number(f.won), count=t.number(f.matches),
                              scope=_scope_words(scope)), width)
    others = roster.spellings(record.player)[1:]
    if others:
        lines += _wrap(_("Also written: {names}.").format(names=t.join(others)), width)
    if rating is not None and rating.shown and rank is not None:
        lines += _wrap(_("Rating: {rating} after {count} matches, {rank}.").format(
            rating=rating_text(rating), count=t.number(rating.matches), rank=_ordinal_words(rank, rated)), width)
    else:
        done = rating.matches if rating is not None else 0
        lines += _wrap(ngettext("Not rated yet: {count} match rated; a rating is shown after {needed}.",
                                "Not rated yet: {count} matches rated; a rating is shown after {needed}.", done).format(
            count=t.number(done), needed=t.number(MIN_MATCHES)), width)
    muggins = _muggins_shown([f])
    rows = [[_("All packs")] + _figure_cells(f, muggins)]
    if len(record.by_pack) > 1:
        rows += [[pack] + _figure_cells(figures, muggins) for pack, figures in sorted(record.by_pack.items())]
    lines += ["", table(rows, header=[_("Pack")] + _figure_header(muggins), columns=width)]
    for sentence in _legend(muggins, rating=False):
        lines += _wrap(sentence, width)
    if rating is not None and rating.shown and len(history) >= 2:
        lines += [""] + rating_chart(history, width)
    if record.partners:
        lines += [""] + _wrap(_("Partners:"), width)
        lines.append(table([[roster.display(p.player), t.number(p.matches), t.number(p.won)] for p in record.partners],
                           header=[_("Partner"), _("Matches"), _("Won together")], columns=width))
    if record.opponents:
        level = any(o.level for o in record.opponents)
        lines += [""] + _wrap(_("Opponents head to head: the matches against each, and how often {name} finished "
                                "ahead of them or behind them (level: an equal place).").format(name=named(name)),
                              width)
        rows = [[roster.display(o.player), t.number(o.matches), t.number(o.ahead), t.number(o.behind)]
                + ([t.number(o.level)] if level else []) for o in record.opponents]
        lines.append(table(rows, header=[_("Opponent"), _("Matches"), _("Ahead"), _("Behind")]
                           + ([_("Level")] if level else []), columns=width))
    if record.matches:
        lines += [""] + _wrap(_("Last matches:"), width)
        rows = []
        for match in record.matches[:RECENT]:
            side = next(seat.side for seat in match.seats if roster.root(seat.key) == record.player)
            rows.append([t.number(match.id), _moment_date(match.created), match.rules_id, _score_words(match),
                         _result_words(match, side)])
        lines.append(table(rows, header=[_("Match"), _("Date"), _("Pack"), _("Score"), _("Result")], columns=width))
    return "\n".join(lines)


def player_json(record: PlayerRecord, roster: Roster, rating: Rating | None, history: Sequence[RatingStep],
                rank: int | None, scope: Scope) -> dict:
    """One player's record as ``fives games player NAME --json`` prints it."""
    def match_json(match: MatchRecord) -> dict:
        side = next(seat.side for seat in match.seats if roster.root(seat.key) == record.player)
        return {"id": match.id, "created": match.created, "rules": match.rules_id,
                "sides": list(match.side_names), "scores": list(match.scores), "side": side,
                "won": match.winner == side, "place": placing(match)[side]}

    return {**scope_json(scope), "player": roster.display(record.player), "spellings": roster.spellings(record.player),
            "rank": rank, "rating": rating_json(rating), **figures_json(record.overall),
            "by_pack": {pack: figures_json(f) for pack, f in sorted(record.by_pack.items())},
            "rating_history": [{"match": step.match_id, "mu": round(step.mu, 4), "sigma": round(step.sigma, 4)}
                               for step in history],
            "partners": [{"player": roster.display(p.player), "matches": p.matches, "won": p.won}
                         for p in record.partners],
            "opponents": [{"player": roster.display(o.player), "matches": o.matches, "ahead": o.ahead,
                           "behind": o.behind, "level": o.level} for o in record.opponents],
            "played": [match_json(match) for match in record.matches]}


# --- fives games players ------------------------------------------------------------------------


class Listed(NamedTuple):
    """A player of the listing: the ``player`` (root key), the ``matches`` they sat at
    (finished or not) and when the last of them began (``last``, ISO)."""

    player: str
    matches: int
    last: str


def listing(records: Sequence[MatchRecord], roster: Roster) -> list[Listed]:
    """Every player of ``records`` with their matches, most matches first."""
    found: dict[str, list] = {}
    for record in records:
        for root in {roster.root(seat.key) for seat in record.seats}:
            entry = found.setdefault(root, [0, ""])
            entry[0] += 1
            entry[1] = max(entry[1], record.created)
    return sorted((Listed(p, n, last) for p, (n, last) in found.items()),
                  key=lambda x: (-x.matches, roster.display(x.player)))


def players_text(rows: Sequence[Listed], roster: Roster, merges: Sequence[tuple[str, str]], practice: bool,
                 matches: int, width: int) -> str:
    """The players of the saved matches, their other spellings, and the merges that stand."""
    t = current()
    if not rows:
        return _("No practice match saved yet: fives play starts one.") if practice else _(
            "No table match saved yet: fives table keeps one.")
    title = (ngettext("Players of {count} practice match:", "Players of {count} practice matches:", matches)
             if practice else ngettext("Players of {count} table match:", "Players of {count} table matches:",
                                       matches))
    lines = _wrap(title.format(count=t.number(matches)), width)
    body = [[roster.display(row.player), t.number(row.matches), _moment_date(row.last),
             t.join(roster.spellings(row.player)[1:])] for row in rows]
    lines.append(table(body, header=[_("Player"), _("Matches"), _("Last match"), _("Also written")], columns=width))
    if merges:
        lines += [""] + _wrap(_("Merged names (the first is shown as the second):"), width)
        lines += [f"  {named(name)} {t.arrow} {named(into)}" for name, into in merges]
    lines += [""] + _wrap(_("fives games players --merge NAME INTO makes two spellings one player; --undo takes back "
                            "the last merge, --redo puts it back."), width)
    return "\n".join(lines)


def players_json(rows: Sequence[Listed], roster: Roster, merges: Sequence[tuple[str, str]], practice: bool) -> dict:
    """The players as ``fives games players --json`` prints them."""
    return {"practice": practice, "merges": [{"name": name, "into": into} for name, into in merges],
            "players": [{"player": roster.display(row.player), "matches": row.matches, "last": row.last,
                         "spellings": roster.spellings(row.player)} for row in rows]}


__all__ = ["CSV_COLUMNS", "Listed", "Scope", "Standing", "listing", "nothing_text", "player_json", "player_text",
           "players_json", "players_text", "ranked", "rating_chart", "rating_text", "standings_csv", "standings_json",
           "standings_text"]
