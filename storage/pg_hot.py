"""PostgreSQL's hot path: a rules action stored in one round trip.

The one hand-tuned SQL statement of the project lives here. ``Store.record_action``
uses it for the common action (not the end of a hand or match, which also write
hand records and run the general path): one data-modifying CTE that bumps the
table's version (optimistic lock), inserts the action and, when one is due,
stores the match snapshot. Executed directly on the asyncpg connection with no
BEGIN/COMMIT (a single statement is its own transaction) and prepared once per
connection, so it costs one network round trip. A stale version bumps no row, so
nothing is inserted either and ``bumped`` is false.

Tested on PostgreSQL by every storage test that records actions (the same tests
run the general path on SQLite): ``tests/storage/test_storage.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

# $1 table id, $2 expected version, $3 new seq, $4 now, $5 set the deadline?,
# $6 deadline kind, $7 deadline time, $8 match id, $9 hand no, $10 kind, $11 seat,
# $12 payload, $13 actor id, $14 idempotency key, $15 snapshot JSON (NULL: none
# offered), $16 snapshot due regardless of the stored one, $17 snapshot interval.
RECORD_ACTION = """
WITH bumped AS (
    UPDATE tables
       SET version = version + 1,
           seq = $3,
           updated_at = $4,
           deadline_kind = CASE WHEN $5 THEN $6::varchar ELSE deadline_kind END,
           deadline_at = CASE WHEN $5 THEN $7::timestamptz ELSE deadline_at END
     WHERE id = $1 AND version = $2
 RETURNING id
), action AS (
    INSERT INTO actions (table_id, match_id, seq, hand_no, kind, seat, payload,
                         actor_id, idempotency_key, created_at)
    SELECT $1, $8, $3, $9, $10, $11::integer, $12, $13::bigint, $14::varchar, $4
      FROM bumped
), snap AS (
    UPDATE matches
       SET snapshot_json = $15, snapshot_seq = $3
     WHERE id = $8
       AND $15::text IS NOT NULL
       AND ($16 OR $3 - snapshot_seq >= $17)
       AND EXISTS (SELECT 1 FROM bumped)
 RETURNING snapshot_seq
)
SELECT EXISTS (SELECT 1 FROM bumped) AS bumped,
       EXISTS (SELECT 1 FROM snap) AS snapped,
       (SELECT snapshot_seq FROM matches WHERE id = $8) AS stored_snapshot_seq
"""


@dataclass(frozen=True, slots=True)
class ActionWrite:
    """The parameters of ``RECORD_ACTION``, typed."""

    table_id: int
    expected_version: int
    seq: int
    now: datetime
    set_deadline: bool
    deadline_kind: str | None
    deadline_at: datetime | None
    match_id: int
    hand_no: int
    kind: str
    seat: int | None
    payload: str
    actor_id: int | None
    idempotency_key: str | None
    snapshot_json: str | None
    snapshot_due: bool
    snapshot_every: int

    def args(self) -> tuple[Any, ...]:
        return (
            self.table_id,
            self.expected_version,
            self.seq,
            self.now,
            self.set_deadline,
            self.deadline_kind,
            self.deadline_at,
            self.match_id,
            self.hand_no,
            self.kind,
            self.seat,
            self.payload,
            self.actor_id,
            self.idempotency_key,
            self.snapshot_json,
            self.snapshot_due,
            self.snapshot_every,
        )


@dataclass(frozen=True, slots=True)
class ActionWritten:
    bumped: bool  # False: stale version (or no such table): nothing was written
    snapshotted: bool
    stored_snapshot_seq: int | None  # the snapshot_seq before this statement
