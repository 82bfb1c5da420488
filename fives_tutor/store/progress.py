"""A learner's progress: lessons done and the quiz schedule, in SQLite (standard library).

The quiz uses a Leitner schedule per kind of exercise: five boxes; a right answer
moves the kind up a box, a wrong one back to the first; kinds in low boxes come up
more often. Each exercise missed is also kept, with what it asked, until it is
answered right: missed exercises come back in later sessions, the most missed
first. Every answer is kept in a review log (kind, item, time, right or wrong) so a
stronger scheduler could replace this one from the same data.

A lesson is done by its content (:attr:`fives_tutor.tutor.lessons.Lesson.key`), so a lesson
that two packs share is done in both. Schema 2 added that, the missed exercises and
the item of each review; the rows of schema 1 are kept as they were.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import sqlite3
from collections.abc import Sequence
from typing import NamedTuple

from ..errors import N_, FivesError
from ..resources import user_home
from .files import check_database
from .schema import TooNew, upgrade
from .sqlite import reason, rollback, transaction

BOXES = 5
SCHEMA_VERSION = 2
MIGRATIONS = {
    1: [
        "CREATE TABLE lessons_done (pack TEXT NOT NULL, lesson TEXT NOT NULL, done_at TEXT NOT NULL,"
        " PRIMARY KEY (pack, lesson))",
        "CREATE TABLE boxes (pack TEXT NOT NULL, kind TEXT NOT NULL, box INTEGER NOT NULL,"
        " PRIMARY KEY (pack, kind))",
        "CREATE TABLE reviews (pack TEXT NOT NULL, kind TEXT NOT NULL, at TEXT NOT NULL, correct INTEGER NOT NULL)",
    ],
    2: [
        "CREATE TABLE lessons_learned (lesson_key TEXT PRIMARY KEY, lesson TEXT NOT NULL, pack TEXT NOT NULL,"
        " done_at TEXT NOT NULL)",
        "ALTER TABLE reviews ADD COLUMN item TEXT",
        "CREATE TABLE missed (pack TEXT NOT NULL, kind TEXT NOT NULL, item TEXT NOT NULL, step TEXT NOT NULL,"
        " misses INTEGER NOT NULL, at TEXT NOT NULL, PRIMARY KEY (pack, kind, item))",
    ],
}


class ProgressError(FivesError):
    """A progress file that cannot be used."""


class KindStats(NamedTuple):
    """One kind of exercise: its Leitner ``box`` (1 to 5), answers given and right."""

    kind: str
    box: int
    answered: int
    right: int


def default_path() -> str:
    """``$FIVES_HOME/progress.sqlite3`` or the user data folder's."""
    return os.path.join(user_home(), "progress.sqlite3")


class Progress:
    """The progress file at ``path`` (created when missing)."""

    def __init__(self, path: str | None = None) -> None:
        self.path = path or default_path()
        check_database(self.path)  # regular files only: SQLite would follow a link planted there
        try:
            os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
            self.db = sqlite3.connect(self.path, timeout=2, isolation_level=None)
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = FULL")
            self._migrate()
        except sqlite3.Error as error:
            raise ProgressError(N_("cannot read the progress at {path}: {reason}"), path=self.path,
                                reason=reason(error)) from None
        except OSError as error:
            raise ProgressError(N_("cannot open the progress at {path}: {reason}"), path=self.path,
                                reason=reason(error)) from None

    def _migrate(self) -> None:
        try:
            with transaction(self.db) as db:
                upgrade(db, MIGRATIONS, SCHEMA_VERSION)
        except TooNew:
            raise ProgressError(N_("the progress at {path} was written by a newer fives-tutor; it is left as it is"),
                                path=self.path) from None

    def close(self) -> None:
        """Close the file."""
        self.db.close()

    # --- lessons -----------------------------------------------------------------------------

    def done_lessons(self, pack: str) -> set[str]:
        """The lessons of ``pack`` the learner has finished."""
        with self._guard(writing=False):
            return {row[0] for row in self.db.execute("SELECT lesson FROM lessons_done WHERE pack = ?", (pack,))}

    def mark_done(self, pack: str, lesson: str, key: str | None = None) -> None:
        """Record that a lesson was finished (``key``: its content, shared by every pack that has it)."""
        with self._guard(writing=True), transaction(self.db) as db:
            db.execute("INSERT OR REPLACE INTO lessons_done VALUES (?, ?, ?)", (pack, lesson, _now()))
            if key is not None:
                db.execute("INSERT OR REPLACE INTO lessons_learned VALUES (?, ?, ?, ?)", (key, lesson, pack, _now()))

    def learned(self) -> set[str]:
        """The content keys of every lesson finished, whatever the pack."""
        with self._guard(writing=False):
            return {row[0] for row in self.db.execute("SELECT lesson_key FROM lessons_learned")}

    @contextlib.contextmanager
    def _guard(self, writing: bool):
        """SQLite's errors (a full disk, a read-only or damaged file) as a ProgressError with the reason."""
        try:
            yield
        except sqlite3.Error as error:
            rollback(self.db)
            if writing:
                raise ProgressError(N_("cannot save the progress at {path}: {reason}"), path=self.path,
                                    reason=reason(error)) from None
            raise ProgressError(N_("cannot read the progress at {path}: {reason}"), path=self.path,
                                reason=reason(error)) from None

    # --- the quiz schedule ---------------------------------------------------------------------

    def box(self, pack: str, kind: str) -> int:
        """The Leitner box of a kind of exercise (1 when never seen)."""
        with self._guard(writing=False):
            row = self.db.execute("SELECT box FROM boxes WHERE pack = ? AND kind = ?", (pack, kind)).fetchone()
        box = row[0] if row else 1
        return box if isinstance(box, int) and 1 <= box <= BOXES else 1  # a damaged value starts over

    def record(self, pack: str, kind: str, correct: bool, item: str | None = None, step: str | None = None) -> int:
        """Log an answer and move the kind's box: up one when right, back to 1 when wrong.
        With ``item`` (an exercise's identity) and ``step`` (what it asked, JSON), a
        missed exercise is kept to come back, and one answered right is let go.
        Returns the kind's new box."""
        new_box = min(BOXES, self.box(pack, kind) + 1) if correct else 1
        now = _now()
        with self._guard(writing=True), transaction(self.db) as db:
            db.execute("INSERT OR REPLACE INTO boxes VALUES (?, ?, ?)", (pack, kind, new_box))
            db.execute("INSERT INTO reviews (pack, kind, at, correct, item) VALUES (?, ?, ?, ?, ?)",
                       (pack, kind, now, int(correct), item))
            if item is not None and correct:
                db.execute("DELETE FROM missed WHERE pack = ? AND kind = ? AND item = ?", (pack, kind, item))
            elif item is not None and step is not None:
                db.execute("INSERT INTO missed VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (pack, kind, item) DO UPDATE"
                           " SET misses = misses + 1, at = excluded.at", (pack, kind, item, step, now))
        return new_box

    def missed(self, pack: str, kinds: Sequence[str]) -> list[tuple[str, str, str, int]]:
        """The exercises of ``pack`` missed and not yet answered right, of the ``kinds``
        given: ``(kind, item, step, misses)``, the most missed first, then the oldest."""
        with self._guard(writing=False):
            rows = self.db.execute("SELECT kind, item, step, misses FROM missed WHERE pack = ? ORDER BY misses DESC,"
                                   " at", (pack,)).fetchall()
        return [tuple(row) for row in rows if row[0] in kinds]

    def stats(self, pack: str, kinds: Sequence[str]) -> list[KindStats]:
        """Each kind's box and answers so far."""
        result = []
        for kind in kinds:
            with self._guard(writing=False):
                answered, right = self.db.execute(
                    "SELECT COUNT(*), COALESCE(SUM(correct), 0) FROM reviews WHERE pack = ? AND kind = ?",
                    (pack, kind)).fetchone()
            if not isinstance(right, int) or not 0 <= right <= answered:
                right = 0  # a damaged count: shown as none right rather than failing
            result.append(KindStats(kind, self.box(pack, kind), answered, right))
        return result



def weights(boxes: dict[str, int]) -> dict[str, float]:
    """How often each kind should come up: halved for every box it has climbed."""
    return {kind: 2.0 ** (BOXES - box) for kind, box in boxes.items()}


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
