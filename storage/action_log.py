"""The action hot path: ``record_action`` commits one applied rules action, its
sequence number, the snapshot when one is due and the hand result it caused, in one
transaction, with prebuilt Core statements (no ORM unit of work per action).
Part of ``Store`` (``storage.tables``), which owns the tables and matches around it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from typing import Any, NoReturn

from sqlalchemy import Table, bindparam, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from rules.actions import Action
from rules.game import Match
from rules.ladder import Change
from storage import pg_hot, sqlite_hot
from storage.db import Database
from storage.errors import DuplicateAction, StaleVersion, StorageError, TableNotFound
from storage.hand_rows import hand_rows, store_hand
from storage.models import ActionRow, MatchRow, TableRow, utcnow
from storage.pg_hot import ActionWrite, ActionWritten
from storage.ratings import apply_hand, lock_ladder, ranked_hand
from storage.table_info import ActionReceipt, TableInfo, to_utc

SNAPSHOT_EVERY = 64  # actions between snapshots inside a hand (hands always snapshot)
UNSET: Any = object()  # "not given" (None is a value: no deadline)

# Core tables for the hot path (``record_action``): no ORM unit of work per action.
_TABLES: Table = TableRow.__table__  # type: ignore[assignment]
_MATCHES: Table = MatchRow.__table__  # type: ignore[assignment]
_ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]

# Built once: constructing a statement costs more CPU than executing a cached one.
# Columns to SET come from the parameters; WHERE values from the ``w_*`` parameters.
_BUMP = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("w_id"), _TABLES.c.version == bindparam("w_version"))
    .values(version=_TABLES.c.version + 1)
)
_INSERT_ACTION = insert(_ACTIONS)
_SNAPSHOT_SEQ = select(_MATCHES.c.snapshot_seq).where(_MATCHES.c.id == bindparam("w_id"))
_UPDATE_MATCH = update(_MATCHES).where(_MATCHES.c.id == bindparam("w_id"))
_FIND_KEY = select(_ACTIONS.c.seq).where(
    _ACTIONS.c.table_id == bindparam("w_id"), _ACTIONS.c.idempotency_key == bindparam("w_key")
)
_TABLE_EXISTS = select(_TABLES.c.id).where(_TABLES.c.id == bindparam("w_id"))


class ActionLog:
    """``Store``'s ``record_action``; ``Store.__init__`` sets the fields."""

    db: Database
    # match id -> sequence number of its latest stored snapshot (see ``Store``).
    _snapshot_seqs: dict[int, int]

    async def record_action(
        self,
        table: TableInfo,
        action: Action,
        match_after: Match,
        *,
        actor_id: int | None = None,
        idempotency_key: str | None = None,
        deadline: tuple[str, datetime] | None = UNSET,
    ) -> ActionReceipt:
        """Commit one applied action (and the hand result it caused) atomically.

        ``table`` is the version the caller applied the action on; if anyone
        wrote since, ``StaleVersion`` is raised and nothing is stored.
        """
        # The hot path of every game: prebuilt Core statements, no ORM; two
        # statements (version bump, action row) plus the snapshot when one is due,
        # in one ``run_transaction`` (one thread hop on SQLite). Everything that
        # needs no database (JSON, the snapshot, the hand record) is built here
        # first, so the connection is held as briefly as possible and the worker
        # thread never touches ``match_after``.
        match_id = table.current_match_id
        if match_id is None:
            raise ValueError("the table has no match")
        seq = table.seq + 1
        now = utcnow()
        bump: dict[str, Any] = {
            "w_id": table.id,
            "w_version": table.version,
            "seq": seq,
            "updated_at": now,
        }
        if deadline is not UNSET:
            bump["deadline_kind"] = None if deadline is None else deadline[0]
            bump["deadline_at"] = None if deadline is None else to_utc(deadline[1])
        hand_finished = bool(
            match_after.history
            and match_after.history[-1].hand_no == match_after.hand_no
            and match_after.phase in ("scored", "finished")
            and action.kind == "play"
        )
        finished = match_after.phase == "finished"
        if finished:
            bump["status"] = "finished"
            bump["deadline_kind"] = None
            bump["deadline_at"] = None
        seat: int | None = getattr(action, "seat", None)
        payload = json.dumps(action.to_dict(), ensure_ascii=False)
        action_row = {
            "table_id": table.id,
            "match_id": match_id,
            "seq": seq,
            "hand_no": match_after.hand_no,
            "kind": action.kind,
            "seat": seat,
            "payload": payload,
            "actor_id": actor_id,
            "idempotency_key": idempotency_key,
            "created_at": now,
        }
        due = hand_finished or finished or action.kind == "next_hand"
        known_seq = self._snapshot_seqs.get(match_id)
        if not due and known_seq is not None:
            due = seq - known_seq >= SNAPSHOT_EVERY
        # Unknown (first action of this match since the process started): the
        # transaction reads snapshot_seq and decides; have the snapshot ready.
        snapshot_json = json.dumps(match_after.to_dict()) if due or known_seq is None else None
        match_values: dict[str, Any] = {}
        if finished:
            match_values.update(status="finished", winner_team=match_after.winner, finished_at=now)
        hand = hand_rows(table, match_after, now) if hand_finished else None
        ranked = ranked_hand(table, match_after, now) if hand is not None else None

        if self.db.is_postgres and hand is None and not match_values:
            # The common action on PostgreSQL: one statement, one round trip.
            write_pg = ActionWrite(
                table_id=table.id,
                expected_version=table.version,
                seq=seq,
                now=now,
                set_deadline="deadline_kind" in bump,
                deadline_kind=bump.get("deadline_kind"),
                deadline_at=bump.get("deadline_at"),
                match_id=match_id,
                hand_no=match_after.hand_no,
                kind=action.kind,
                seat=seat,
                payload=payload,
                actor_id=actor_id,
                idempotency_key=idempotency_key,
                snapshot_json=snapshot_json,
                snapshot_due=due,
                snapshot_every=SNAPSHOT_EVERY,
            )
            written = await self._record_pg(write_pg)
            snapshot = written.snapshotted
            read_seq = None if known_seq is not None else written.stored_snapshot_seq
            return self._recorded(table, seq, match_id, False, snapshot, read_seq, hand_finished)

        bump_values = {k: v for k, v in bump.items() if not k.startswith("w_")}

        def write(conn: Connection) -> tuple[bool, int | None, tuple[Change, ...]]:
            cur = sqlite_hot.cursor(conn) if conn.dialect.name == "sqlite" else None
            if cur is not None:  # SQLite's writer thread: plain sqlite3 calls
                if sqlite_hot.bump(cur, table.id, table.version, bump_values) != 1:
                    _bump_failed(conn, table.id, table.version, idempotency_key)
                sqlite_hot.insert_action(cur, action_row)
                snapshot, read_seq = due, None
                if not due and known_seq is None:
                    read_seq = sqlite_hot.snapshot_seq(cur, match_id)
                    snapshot = read_seq is None or seq - read_seq >= SNAPSHOT_EVERY
                values = dict(match_values)
                if snapshot:
                    values.update(snapshot_json=snapshot_json, snapshot_seq=seq)
                if values:
                    sqlite_hot.update_match(cur, match_id, values)
            else:
                if conn.execute(_BUMP, bump).rowcount != 1:
                    _bump_failed(conn, table.id, table.version, idempotency_key)
                conn.execute(_INSERT_ACTION, action_row)
                snapshot, read_seq = due, None
                if not due and known_seq is None:
                    read_seq = conn.scalar(_SNAPSHOT_SEQ, {"w_id": match_id})
                    snapshot = read_seq is None or seq - read_seq >= SNAPSHOT_EVERY
                values = dict(match_values)
                if snapshot:
                    values.update(snapshot_json=snapshot_json, snapshot_seq=seq)
                if values:
                    conn.execute(_UPDATE_MATCH, {"w_id": match_id, **values})
            changes: tuple[Change, ...] = ()
            if hand is not None:
                if ranked is not None:
                    lock_ladder(conn, ranked.guild_id)  # before the hand's id is drawn
                hand_id = store_hand(conn, *hand)
                if ranked is not None:  # rated in the same transaction as its rows
                    changes = tuple(apply_hand(conn, hand_id, ranked))
            return snapshot, read_seq, changes

        try:
            # _bump_failed's refusals come before any write: ``clean``.
            snapshot, read_seq, changes = await self.db.run_transaction(
                write, clean=(StorageError,)
            )
        except IntegrityError as exc:
            if idempotency_key is not None and "idempotency" in str(exc).lower():
                raise DuplicateAction(idempotency_key) from exc
            raise StaleVersion(table.id, table.version) from exc
        receipt = self._recorded(table, seq, match_id, finished, snapshot, read_seq, hand_finished)
        return replace(receipt, rank_changes=changes) if changes else receipt

    def _recorded(
        self,
        table: TableInfo,
        seq: int,
        match_id: int,
        finished: bool,
        snapshot: bool,
        read_seq: int | None,
        hand_finished: bool,
    ) -> ActionReceipt:
        """Committed: remember where the latest snapshot is (never ahead of the
        database, so a snapshot is at worst taken early, never skipped)."""
        if finished:
            self._snapshot_seqs.pop(match_id, None)
        elif snapshot:
            self._snapshot_seqs[match_id] = seq
        elif read_seq is not None:
            self._snapshot_seqs[match_id] = read_seq
        return ActionReceipt(seq, table.version + 1, hand_finished)

    async def _record_pg(self, w: ActionWrite) -> ActionWritten:
        import asyncpg  # only with PostgreSQL

        try:
            row = await self.db.fetchrow(pg_hot.RECORD_ACTION, w.args())
        except asyncpg.UniqueViolationError as exc:
            constraint = (exc.constraint_name or "").lower()
            if w.idempotency_key is not None and "idempotency" in constraint:
                raise DuplicateAction(w.idempotency_key) from exc
            raise StaleVersion(w.table_id, w.expected_version) from exc
        if not row["bumped"]:  # the cold path: say why
            key = w.idempotency_key

            def why(conn: Connection) -> None:
                _bump_failed(conn, w.table_id, w.expected_version, key)

            await self.db.run_transaction(why)
        return ActionWritten(True, bool(row["snapped"]), row["stored_snapshot_seq"])


def _bump_failed(
    conn: Connection, table_id: int, expected: int, idempotency_key: str | None
) -> NoReturn:
    """Why the version check of ``record_action`` matched no row (the cold path)."""
    if idempotency_key is not None:
        dup = conn.scalar(_FIND_KEY, {"w_id": table_id, "w_key": idempotency_key})
        if dup is not None:  # a retry of an action that was already stored
            raise DuplicateAction(idempotency_key)
    if conn.scalar(_TABLE_EXISTS, {"w_id": table_id}) is None:
        raise TableNotFound(table_id)
    raise StaleVersion(table_id, expected)
