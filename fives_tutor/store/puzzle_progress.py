"""A learner's puzzles in the progress file: their rating and its history, each puzzle's
own rating, which puzzles come back when (FSRS cards), and the personal puzzles made
from their games (tables of schema 3, :mod:`fives_tutor.store.progress`).

Only the first answer to a puzzle is rated (a puzzle seen before is no fair test of
strength, as on lichess); a puzzle missed, and every personal puzzle, gets a card that
brings it back on the FSRS schedule (:mod:`fives_tutor.store.schedule`).
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from .progress import Progress, _iso
from .ratings import PUZZLE_RD, START_RATING, START_RD, START_VOLATILITY, Rating, play
from .schedule import dumps, new_card
from .sqlite import transaction

#: the longest personal puzzle kept (characters of JSON)
MAX_PERSONAL = 200_000


class Answer(NamedTuple):
    """One answer to a puzzle: when (``at``, ISO time), the puzzle's ``pack``, ``puzzle``
    id and ``theme``, whether it was ``solved``, the learner's rating after it (``rating``,
    ``rd``) and the puzzle's rating before it (``puzzle_rating``; 0 for an answer that
    was not rated)."""

    at: str
    pack: str
    puzzle: str
    theme: str
    solved: bool
    rating: float
    rd: float
    puzzle_rating: float


def learner(progress: Progress) -> Rating:
    """The learner's rating now (a new learner's before any answer)."""
    with progress._guard(writing=False):
        row = progress.db.execute("SELECT rating, rd, volatility FROM puzzle_answers WHERE puzzle_rating > 0"
                                  " ORDER BY seq DESC LIMIT 1").fetchone()
    if row is None or not all(isinstance(v, (int, float)) for v in row):
        return Rating(START_RATING, START_RD, START_VOLATILITY)
    return Rating(float(row[0]), float(row[1]), float(row[2]))


def puzzle_rating(progress: Progress, pack: str, puzzle: str, start: float) -> Rating:
    """A puzzle's own rating: as the learner's answers moved it, else its ``start``."""
    with progress._guard(writing=False):
        row = progress.db.execute("SELECT rating, rd, volatility FROM puzzle_ratings WHERE pack = ? AND puzzle = ?",
                                  (pack, puzzle)).fetchone()
    if row is None or not all(isinstance(v, (int, float)) for v in row):
        return Rating(start, PUZZLE_RD, START_VOLATILITY)
    return Rating(float(row[0]), float(row[1]), float(row[2]))


def answered(progress: Progress, pack: str) -> set[str]:
    """The puzzles of ``pack`` answered at least once."""
    with progress._guard(writing=False):
        return {row[0] for row in progress.db.execute("SELECT DISTINCT puzzle FROM puzzle_answers WHERE pack = ?",
                                                      (pack,))}


def record(progress: Progress, pack: str, puzzle: str, theme: str, start: float, solved: bool,
           rated: bool = True, scope: str = "puzzle") -> tuple[Rating, Rating]:
    """Keep an answer: with ``rated``, the learner's and the puzzle's ratings move
    (Glicko-2, one game); a puzzle missed gets a card that brings it back, and one that
    has a card (``scope``: ``puzzle`` or ``personal``) is reviewed. Returns the learner's
    rating before and after."""
    before = learner(progress)
    after = before
    with progress._guard(writing=True), transaction(progress.db) as db:
        shown = 0.0
        if rated:
            own = puzzle_rating(progress, pack, puzzle, start)
            after, moved = play(before, own, solved)
            shown = own.rating
            db.execute("INSERT OR REPLACE INTO puzzle_ratings VALUES (?, ?, ?, ?, ?)",
                       (pack, puzzle, moved.rating, moved.rd, moved.volatility))
        db.execute("INSERT INTO puzzle_answers (at, pack, puzzle, theme, solved, rating, rd, volatility,"
                   " puzzle_rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (_iso(progress.clock()), pack, puzzle, theme, int(solved), after.rating, after.rd,
                    after.volatility, shown))
        has_card = progress.card(scope, pack, puzzle) is not None
        if has_card or not solved or scope == "personal":
            progress.review_card(scope, pack, puzzle, solved)
    return before, after


def due(progress: Progress, pack: str | None, scope: str = "puzzle") -> list[str]:
    """The puzzles (of ``pack``, or every pack) due to come back now, the most overdue first."""
    return progress.due_items(scope, pack)


def answers(progress: Progress) -> list[Answer]:
    """Every answer, oldest first."""
    with progress._guard(writing=False):
        rows = progress.db.execute("SELECT at, pack, puzzle, theme, solved, rating, rd, puzzle_rating"
                                   " FROM puzzle_answers ORDER BY seq").fetchall()
    found = []
    for row in rows:
        if isinstance(row[5], (int, float)) and isinstance(row[6], (int, float)) and isinstance(row[7], (int, float)):
            found.append(Answer(str(row[0]), str(row[1]), str(row[2]), str(row[3]), bool(row[4]), float(row[5]),
                                float(row[6]), float(row[7])))
    return found


# --- personal puzzles ----------------------------------------------------------------------------


def add_personal(progress: Progress, identity: str, pack: str, data: dict) -> bool:
    """Keep a personal puzzle (``data``: JSON-ready, see :mod:`fives_tutor.store.personal`)
    with a card due now; False when it was kept already."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    if len(text) > MAX_PERSONAL:
        return False
    with progress._guard(writing=True), transaction(progress.db) as db:
        known = db.execute("SELECT 1 FROM personal WHERE id = ?", (identity,)).fetchone()
        if not known:
            db.execute("INSERT INTO personal VALUES (?, ?, ?, ?)", (identity, pack, text, _iso(progress.clock())))
            card = new_card(progress.clock())
            db.execute("INSERT OR REPLACE INTO cards VALUES ('personal', ?, ?, ?, ?)",
                       (pack, identity, dumps(card), _iso(card.due)))
    return not known


def personal(progress: Progress, identity: str) -> dict | None:
    """A personal puzzle's data; None when there is none or it cannot be read."""
    with progress._guard(writing=False):
        row = progress.db.execute("SELECT data FROM personal WHERE id = ?", (identity,)).fetchone()
    if row is None or not isinstance(row[0], str) or len(row[0]) > MAX_PERSONAL:
        return None
    try:
        data = json.loads(row[0])
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def personal_count(progress: Progress, pack: str | None = None) -> int:
    """How many personal puzzles are kept (of ``pack``, or of every pack)."""
    with progress._guard(writing=False):
        if pack is None:
            return int(progress.db.execute("SELECT COUNT(*) FROM personal").fetchone()[0])
        return int(progress.db.execute("SELECT COUNT(*) FROM personal WHERE pack = ?", (pack,)).fetchone()[0])


def read_stamp(progress: Progress, source: str) -> str | None:
    """When the game ``source`` was last changed as it was read for personal puzzles."""
    with progress._guard(writing=False):
        row = progress.db.execute("SELECT updated FROM games_read WHERE source = ?", (source,)).fetchone()
    return str(row[0]) if row else None


def mark_read(progress: Progress, source: str, updated: str) -> None:
    """Remember that the game ``source`` (changed at ``updated``) was read."""
    with progress._guard(writing=True):
        progress.db.execute("INSERT OR REPLACE INTO games_read VALUES (?, ?)", (source, updated))


def data_of(value: Any) -> Any:
    """``value`` as JSON-ready data (tuples as lists)."""
    return json.loads(json.dumps(value))


__all__ = ["MAX_PERSONAL", "Answer", "add_personal", "answered", "answers", "data_of", "due", "learner",
           "mark_read", "personal", "personal_count", "puzzle_rating", "read_stamp", "record"]
