"""Schema versions of fives-tutor's SQLite files (saved games, a learner's progress)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence


class TooNew(Exception):
    """The file was written by a newer fives-tutor: ``found`` is its schema version."""

    def __init__(self, found: int) -> None:
        super().__init__(found)
        self.found = found


#: one step of a migration: an SQL statement, or a function that changes the data in
#: Python (it gets the connection, inside the same transaction)
Migration = str | Callable[[sqlite3.Connection], None]


def version_of(db: sqlite3.Connection) -> tuple[int | None, set[str]]:
    """The schema version ``db`` records (None: it has no ``schema_version`` table; 0 for
    one with no row) and the names of its tables."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "schema_version" not in tables:
        return None, tables
    row = db.execute("SELECT version FROM schema_version").fetchone()
    return (row[0] if row else 0), tables


def upgrade(db: sqlite3.Connection, migrations: Mapping[int, Sequence[Migration]], latest: int) -> None:
    """Bring ``db`` to schema ``latest`` with ``migrations`` (version -> statements, or
    functions for what SQL alone cannot carry over), inside the caller's transaction. A new file gets a ``schema_version`` table. Raises
    :class:`TooNew` for a newer file and ``sqlite3.DatabaseError`` for a file with
    tables that are not fives-tutor's."""
    found, tables = version_of(db)
    if found is None and tables:
        raise sqlite3.DatabaseError("not a fives-tutor database")
    version = found or 0
    if version > latest:
        raise TooNew(version)
    if "schema_version" not in tables:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.execute("INSERT INTO schema_version VALUES (0)")
    for step in range(version + 1, latest + 1):
        for statement in migrations[step]:
            if callable(statement):
                statement(db)
            else:
                db.execute(statement)
        db.execute("UPDATE schema_version SET version = ?", (step,))
