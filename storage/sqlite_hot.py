"""SQLite's hot path: the statements of ``Store.record_action`` straight on the
sqlite3 cursor of the writer thread.

SQLAlchemy's per-statement work (compiled-cache lookup, parameter processing,
result set-up: ~100 µs of Python per action) runs on the writer thread holding
the GIL, and the event loop waits for it (the thread hand-off showed up as the
event loop's biggest cost when profiling the paced 100-table run). Plain
``cursor.execute`` with fixed SQL spends its time in SQLite, which releases the
GIL. Values are stored exactly as SQLAlchemy stores them (datetimes as UTC text
``YYYY-MM-DD HH:MM:SS.ffffff``); driver errors are re-raised as SQLAlchemy's, so
callers (group commit, error translation) cannot tell the difference.

Tested by every storage test on SQLite (``tests/storage/``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import cache
from typing import Any

from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import Connection

INSERT_ACTION = (
    "INSERT INTO actions (table_id, match_id, seq, hand_no, kind, seat, payload, actor_id,"
    " idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
ACTION_COLUMNS = (
    "table_id",
    "match_id",
    "seq",
    "hand_no",
    "kind",
    "seat",
    "payload",
    "actor_id",
    "idempotency_key",
    "created_at",
)
SNAPSHOT_SEQ = "SELECT snapshot_seq FROM matches WHERE id = ?"


@cache
def _bump_sql(columns: tuple[str, ...]) -> str:
    sets = "".join(f", {c} = ?" for c in columns)
    return f"UPDATE tables SET version = version + 1{sets} WHERE id = ? AND version = ?"


@cache
def _update_match_sql(columns: tuple[str, ...]) -> str:
    return f"UPDATE matches SET {', '.join(f'{c} = ?' for c in columns)} WHERE id = ?"


def _value(v: Any) -> Any:
    if isinstance(v, datetime):  # as SQLAlchemy's SQLite DateTime stores it
        if v.tzinfo is not None:
            v = v.astimezone(UTC)
        return v.strftime("%Y-%m-%d %H:%M:%S.%f")
    return v


@contextmanager
def _errors(statement: str) -> Iterator[None]:
    """sqlite3 errors as the SQLAlchemy errors the rest of storage handles."""
    try:
        yield
    except sqlite3.IntegrityError as exc:
        raise sa_exc.IntegrityError(statement, None, exc) from exc
    except sqlite3.OperationalError as exc:
        raise sa_exc.OperationalError(statement, None, exc) from exc
    except sqlite3.Error as exc:
        raise sa_exc.DBAPIError(statement, None, exc) from exc


def cursor(conn: Connection) -> sqlite3.Cursor | None:
    """The plain sqlite3 cursor under ``conn`` (None on another driver, e.g. the
    aiosqlite connection of an in-memory database)."""
    raw = conn.connection.driver_connection
    return raw.cursor() if isinstance(raw, sqlite3.Connection) else None


def bump(cur: sqlite3.Cursor, table_id: int, version: int, values: dict[str, Any]) -> int:
    """The version check-and-increment with ``values`` set; the rows it changed."""
    columns = tuple(values)
    sql = _bump_sql(columns)
    with _errors(sql):
        cur.execute(sql, (*(_value(values[c]) for c in columns), table_id, version))
    return cur.rowcount


def insert_action(cur: sqlite3.Cursor, row: dict[str, Any]) -> None:
    with _errors(INSERT_ACTION):
        cur.execute(INSERT_ACTION, tuple(_value(row[c]) for c in ACTION_COLUMNS))


def snapshot_seq(cur: sqlite3.Cursor, match_id: int) -> int | None:
    with _errors(SNAPSHOT_SEQ):
        found = cur.execute(SNAPSHOT_SEQ, (match_id,)).fetchone()
    return None if found is None else int(found[0])


def update_match(cur: sqlite3.Cursor, match_id: int, values: dict[str, Any]) -> None:
    columns = tuple(values)
    sql = _update_match_sql(columns)
    with _errors(sql):
        cur.execute(sql, (*(_value(values[c]) for c in columns), match_id))
