"""A learner's progress: lessons done, the quiz schedule and the puzzles, in SQLite
(standard library).

The quiz comes back on an FSRS schedule (:mod:`fives_tutor.store.schedule`): each kind
of exercise is a card, and so is each exercise missed; a right answer reviews the card
as ``Good``, a wrong one as ``Again``, and the kinds least likely to be remembered now
come up most often. Each exercise missed is kept with what it asked, and comes back
whenever its card is due (minutes after the miss, then days, then weeks). Every answer
is kept in a review log (kind, item, time, right or wrong).

A lesson is done by its content (:attr:`fives_tutor.tutor.lessons.Lesson.key`), so a lesson
that two packs share is done in both. Schema 2 added that, the missed exercises and
the item of each review; the rows of schema 1 are kept as they were. Schema 3 replaced
the Leitner boxes of the quiz by FSRS cards, each made by replaying the review log
through FSRS (the boxes are left as they were, unused), and added the puzzles: the
learner's rating history, the puzzles' own ratings, the cards of puzzles to come back,
the personal puzzles made from the learner's games, and which games were read for them
(:mod:`fives_tutor.store.puzzle_progress`).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import sqlite3
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..errors import N_, FivesError
from ..resources import user_home
from .files import check_database
from .schedule import due, dumps, loads, new_card, replay, retrievability, review, stability
from .schedule import now as schedule_now
from .schema import Migration, TooNew, upgrade, version_of
from .sqlite import connect_readonly, reason, rollback, transaction

BOXES = 5
SCHEMA_VERSION = 3
MIGRATIONS: dict[int, list[Migration]] = {
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
    3: [
        # scope: quiz-kind (item: the kind), quiz-item (a missed exercise), puzzle, personal
        "CREATE TABLE cards (scope TEXT NOT NULL, pack TEXT NOT NULL, item TEXT NOT NULL, card TEXT NOT NULL,"
        " due TEXT NOT NULL, PRIMARY KEY (scope, pack, item))",
        "CREATE TABLE puzzle_answers (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, pack TEXT NOT NULL,"
        " puzzle TEXT NOT NULL, theme TEXT NOT NULL, solved INTEGER NOT NULL, rating REAL NOT NULL, rd REAL NOT NULL,"
        " volatility REAL NOT NULL, puzzle_rating REAL NOT NULL)",
        "CREATE TABLE puzzle_ratings (pack TEXT NOT NULL, puzzle TEXT NOT NULL, rating REAL NOT NULL, rd REAL NOT NULL,"
        " volatility REAL NOT NULL, PRIMARY KEY (pack, puzzle))",
        "CREATE TABLE personal (id TEXT PRIMARY KEY, pack TEXT NOT NULL, data TEXT NOT NULL, at TEXT NOT NULL)",
        "CREATE TABLE games_read (source TEXT PRIMARY KEY, updated TEXT NOT NULL)",
        lambda db: _cards_from_reviews(db),
    ],
}


class ProgressError(FivesError):
    """A progress file that cannot be used."""


class KindStats(NamedTuple):
    """One kind of exercise: when it is ``due`` again (None: never answered), its FSRS
    ``stability`` in days (None: never answered), answers given and right."""

    kind: str
    due: _dt.datetime | None
    stability: float | None
    answered: int
    right: int


def default_path() -> str:
    """``$FIVES_HOME/progress.sqlite3`` or the user data folder's."""
    return os.path.join(user_home(), "progress.sqlite3")


class Progress:
    """The progress file at ``path`` (created when missing), or with ``readonly`` read as
    it stands and never made or changed: a missing file reads as an empty progress, and
    one of an older schema as it would be upgraded (a copy in memory is). Writing to a
    progress opened ``readonly`` fails as on a read-only file."""

    def __init__(self, path: str | None = None, readonly: bool = False) -> None:
        self.path = path or default_path()
        self.readonly = readonly
        check_database(self.path)  # regular files only: SQLite would follow a link planted there
        try:
            if readonly:
                self.db = self._open_readonly()
                return
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

    def _open_readonly(self) -> sqlite3.Connection:
        """The file for reading only when it is of this schema; else (missing, empty, older)
        a copy in memory brought to this schema, refusing writes."""
        found = connect_readonly(self.path, _version, 2) if os.path.lexists(self.path) else None
        if found is not None and _version(found) == SCHEMA_VERSION:
            return found
        self.db = sqlite3.connect(":memory:", isolation_level=None)
        if found is not None:
            try:
                found.backup(self.db)
            finally:
                found.close()
        self._migrate()  # in memory: a newer or foreign file is refused as on opening it to write
        self.db.execute("PRAGMA query_only = ON")
        return self.db

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

    #: the time now (UTC); a test sets another clock
    clock = staticmethod(schedule_now)

    def card(self, scope: str, pack: str, item: str) -> Any | None:
        """The FSRS card of an item (None: never reviewed, or a damaged entry)."""
        with self._guard(writing=False):
            row = self.db.execute("SELECT card FROM cards WHERE scope = ? AND pack = ? AND item = ?",
                                  (scope, pack, item)).fetchone()
        return loads(row[0]) if row else None

    def review_card(self, scope: str, pack: str, item: str, correct: bool) -> Any:
        """Review an item's card (a new one when it has none) with an answer given now,
        and save it. Returns the card. (Call inside a transaction of this file, or alone.)"""
        card = self.card(scope, pack, item) or new_card(self.clock())
        card = review(card, correct, self.clock())
        self.db.execute("INSERT OR REPLACE INTO cards VALUES (?, ?, ?, ?, ?)",
                        (scope, pack, item, dumps(card), _iso(due(card))))
        return card

    def due_items(self, scope: str, pack: str | None = None) -> list[str]:
        """The items of ``scope`` (of ``pack``, or of every pack) whose card is due now,
        the most overdue first."""
        moment = _iso(self.clock())
        with self._guard(writing=False):
            if pack is None:
                rows = self.db.execute("SELECT item FROM cards WHERE scope = ? AND due <= ? ORDER BY due, item",
                                       (scope, moment)).fetchall()
            else:
                rows = self.db.execute("SELECT item FROM cards WHERE scope = ? AND pack = ? AND due <= ?"
                                       " ORDER BY due, item", (scope, pack, moment)).fetchall()
        return [row[0] for row in rows if isinstance(row[0], str)]

    def record(self, pack: str, kind: str, correct: bool, item: str | None = None, step: str | None = None) -> Any:
        """Log an answer and review the kind's card. With ``item`` (an exercise's identity)
        and ``step`` (what it asked, JSON), a missed exercise is kept with a card of its
        own, and an exercise that has one is reviewed too. Returns the kind's card."""
        now = _iso(self.clock())
        with self._guard(writing=True), transaction(self.db) as db:
            card = self.review_card("quiz-kind", pack, kind, correct)
            db.execute("INSERT INTO reviews (pack, kind, at, correct, item) VALUES (?, ?, ?, ?, ?)",
                       (pack, kind, now, int(correct), item))
            if item is not None:
                known = db.execute("SELECT 1 FROM missed WHERE pack = ? AND kind = ? AND item = ?",
                                   (pack, kind, item)).fetchone()
                if not correct and step is not None:
                    db.execute("INSERT INTO missed VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (pack, kind, item) DO"
                               " UPDATE SET misses = misses + 1, at = excluded.at", (pack, kind, item, step, now))
                if known or (not correct and step is not None):
                    self.review_card("quiz-item", pack, f"{kind}\t{item}", correct)
        return card

    def missed(self, pack: str, kinds: Sequence[str], due_only: bool = True) -> list[tuple[str, str, str, int]]:
        """The exercises of ``pack`` missed, of the ``kinds`` given, whose card is due now
        (``due_only``; else every one kept): ``(kind, item, step, misses)``, the most
        overdue first."""
        moment = _iso(self.clock())
        with self._guard(writing=False):
            rows = self.db.execute(
                "SELECT m.kind, m.item, m.step, m.misses, c.due FROM missed m LEFT JOIN cards c ON c.scope ="
                " 'quiz-item' AND c.pack = m.pack AND c.item = m.kind || char(9) || m.item WHERE m.pack = ?"
                " ORDER BY c.due, m.misses DESC, m.at", (pack,)).fetchall()
        return [tuple(row[:4]) for row in rows if row[0] in kinds and (not due_only or row[4] is None
                                                                     or str(row[4]) <= moment)]

    def kind_cards(self, pack: str, kinds: Sequence[str]) -> dict[str, Any]:
        """The card of each kind of exercise (a new one for a kind never answered)."""
        return {kind: self.card("quiz-kind", pack, kind) or new_card(self.clock()) for kind in kinds}

    def stats(self, pack: str, kinds: Sequence[str]) -> list[KindStats]:
        """Each kind's schedule and answers so far."""
        result = []
        for kind in kinds:
            with self._guard(writing=False):
                answered, right = self.db.execute(
                    "SELECT COUNT(*), COALESCE(SUM(correct), 0) FROM reviews WHERE pack = ? AND kind = ?",
                    (pack, kind)).fetchone()
            if not isinstance(right, int) or not 0 <= right <= answered:
                right = 0  # a damaged count: shown as none right rather than failing
            card = self.card("quiz-kind", pack, kind)
            reviewed = card is not None and card.last_review is not None
            result.append(KindStats(kind, due(card) if reviewed else None, stability(card) if reviewed else None,
                                    answered, right))
        return result



def weights(cards: dict[str, Any], when: _dt.datetime | None = None) -> dict[str, float]:
    """How often each kind should come up: the chance FSRS gives that it is forgotten by
    now (1 for a kind never answered), at least :data:`LEAST_WEIGHT`."""
    return {kind: max(LEAST_WEIGHT, 1.0 - retrievability(card, when)) for kind, card in cards.items()}


#: a kind just answered right still comes up this often against one never answered
LEAST_WEIGHT = 0.1


def _cards_from_reviews(db: sqlite3.Connection) -> None:
    """Schema 3: the quiz's Leitner boxes become FSRS cards, each kind's and each missed
    exercise's, by replaying their answers in the review log through FSRS (in the order
    they were given). A missed exercise with no logged answer gets a card due now."""
    kinds = db.execute("SELECT DISTINCT pack, kind FROM reviews UNION SELECT pack, kind FROM boxes").fetchall()
    for pack, kind in kinds:
        answers = db.execute("SELECT at, correct FROM reviews WHERE pack = ? AND kind = ? ORDER BY rowid",
                             (pack, kind)).fetchall()
        card = replay((str(at), bool(correct)) for at, correct in answers)
        db.execute("INSERT OR REPLACE INTO cards VALUES ('quiz-kind', ?, ?, ?, ?)",
                   (pack, kind, dumps(card), _iso(due(card))))
    for pack, kind, item in db.execute("SELECT pack, kind, item FROM missed").fetchall():
        answers = db.execute("SELECT at, correct FROM reviews WHERE pack = ? AND kind = ? AND item = ? ORDER BY rowid",
                             (pack, kind, item)).fetchall()
        card = replay((str(at), bool(correct)) for at, correct in answers)
        db.execute("INSERT OR REPLACE INTO cards VALUES ('quiz-item', ?, ?, ?, ?)",
                   (pack, f"{kind}\t{item}", dumps(card), _iso(due(card))))


def _version(db: sqlite3.Connection) -> int | None:
    """The schema version of the progress file ``db`` (None: it has none)."""
    version = version_of(db)[0]
    return version if isinstance(version, int) else None


def _iso(moment: _dt.datetime) -> str:
    """A UTC time as the file keeps it (sortable as text)."""
    return moment.astimezone(_dt.timezone.utc).isoformat(timespec="seconds")


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
