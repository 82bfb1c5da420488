"""A learner's progress: lessons done and the quiz schedule, in SQLite (standard library).

The quiz uses a Leitner schedule per kind of exercise: five boxes; a right answer
moves the kind up a box, a wrong one back to the first; kinds in low boxes come up
more often. Every answer is kept in a review log (kind, time, right or wrong) so a
stronger scheduler could replace this one from the same data.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import sqlite3
from typing import NamedTuple, Sequence

from .errors import N_, FivesError
from .schema import TooNew, upgrade
from .storage import reason

BOXES = 5
SCHEMA_VERSION = 1
MIGRATIONS = {
    1: [
        "CREATE TABLE lessons_done (pack TEXT NOT NULL, lesson TEXT NOT NULL, done_at TEXT NOT NULL,"
        " PRIMARY KEY (pack, lesson))",
        "CREATE TABLE boxes (pack TEXT NOT NULL, kind TEXT NOT NULL, box INTEGER NOT NULL,"
        " PRIMARY KEY (pack, kind))",
        "CREATE TABLE reviews (pack TEXT NOT NULL, kind TEXT NOT NULL, at TEXT NOT NULL, correct INTEGER NOT NULL)",
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
    from .resources import user_home

    return os.path.join(user_home(), "progress.sqlite3")


class Progress:
    """The progress file at ``path`` (created when missing)."""

    def __init__(self, path: str | None = None) -> None:
        self.path = path or default_path()
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
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            upgrade(db, MIGRATIONS, SCHEMA_VERSION)
            db.execute("COMMIT")
        except TooNew:
            db.execute("ROLLBACK")
            raise ProgressError(N_("the progress at {path} was written by a newer fives-tutor; it is left as it is"),
                                path=self.path) from None
        except BaseException:
            _rollback(db)
            raise

    def close(self) -> None:
        """Close the file."""
        self.db.close()

    # --- lessons -----------------------------------------------------------------------------

    def done_lessons(self, pack: str) -> set[str]:
        """The lessons of ``pack`` the learner has finished."""
        with self._guard(writing=False):
            return {row[0] for row in self.db.execute("SELECT lesson FROM lessons_done WHERE pack = ?", (pack,))}

    def mark_done(self, pack: str, lesson: str) -> None:
        """Record that a lesson was finished."""
        with self._guard(writing=True):
            self.db.execute("INSERT OR REPLACE INTO lessons_done VALUES (?, ?, ?)", (pack, lesson, _now()))

    @contextlib.contextmanager
    def _guard(self, writing: bool):
        """SQLite's errors (a full disk, a read-only or damaged file) as a ProgressError with the reason."""
        try:
            yield
        except sqlite3.Error as error:
            _rollback(self.db)
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

    def record(self, pack: str, kind: str, correct: bool) -> int:
        """Log an answer and move the kind's box: up one when right, back to 1 when wrong. Returns the new box."""
        new_box = min(BOXES, self.box(pack, kind) + 1) if correct else 1
        db = self.db
        with self._guard(writing=True):
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT OR REPLACE INTO boxes VALUES (?, ?, ?)", (pack, kind, new_box))
            db.execute("INSERT INTO reviews VALUES (?, ?, ?, ?)", (pack, kind, _now(), int(correct)))
            db.execute("COMMIT")
        return new_box

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


def _rollback(db: sqlite3.Connection) -> None:
    try:
        if db.in_transaction:
            db.execute("ROLLBACK")
    except sqlite3.Error:
        pass


def weights(boxes: dict[str, int]) -> dict[str, float]:
    """How often each kind should come up: halved for every box it has climbed."""
    return {kind: 2.0 ** (BOXES - box) for kind, box in boxes.items()}


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
