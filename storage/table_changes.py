"""Hearing of the table writes of other processes on the same PostgreSQL.

Migration 0012 makes every INSERT or UPDATE of ``tables`` send
``pg_notify('shengji_tables', 'id:version')`` at commit. ``TableChanges`` listens
on a connection of its own (not the pool's: a LISTEN lasts as long as its
connection) and calls ``changed(table_id, version)`` for each, its own process's
writes included. When that connection drops it reconnects with back-off, then
calls ``gap()``: notifications sent meanwhile are lost, so the listener's owner
catches up by reading. On SQLite (one process) it does nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy import make_url

from storage.db import Database

log = logging.getLogger("storage.table_changes")

CHANNEL = "shengji_tables"
BACKOFF = (0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)  # seconds between reconnects, then the last
KEEPALIVE_SECONDS = 30.0  # a quiet connection is checked this often (a half-open socket)
CONNECT_TIMEOUT = 10.0

Changed = Callable[[int, int], None]


def parse(payload: str) -> tuple[int, int] | None:
    """``'12:34'`` → (12, 34); None for anything else."""
    table_id, sep, version = payload.partition(":")
    if not sep or not table_id.isdigit() or not version.isdigit():
        return None
    return int(table_id), int(version)


class TableChanges:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._conn: Any = None  # asyncpg.Connection (asyncpg has no type hints)
        self._task: asyncio.Task[None] | None = None
        self._dropped = asyncio.Event()
        self._changed: Changed | None = None
        self._gap: Callable[[], None] | None = None

    @property
    def active(self) -> bool:
        """Listening now (False on SQLite, and while reconnecting)."""
        return self._conn is not None and not self._conn.is_closed()

    async def listen(self, changed: Changed, gap: Callable[[], None] | None = None) -> None:
        """Call ``changed(table_id, version)`` for every table write from now on
        (``gap()`` after a reconnect). Returns once listening, or after the first
        attempt failed (it keeps trying in the background). SQLite: nothing."""
        if not self.db.is_postgres or self._task is not None:
            return
        self._changed, self._gap = changed, gap
        first = await self._connect()
        self._task = asyncio.create_task(self._keep(first), name="table-changes")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        await self._close_conn()

    # ---- the connection ----------------------------------------------------------------
    async def _connect(self) -> bool:
        import asyncpg  # only on PostgreSQL (untyped: its objects are Any here)

        u = make_url(self.db.url)
        ssl = u.query.get("ssl") or u.query.get("sslmode")
        try:
            conn = await asyncpg.connect(
                host=u.host,
                port=u.port,
                user=u.username,
                password=u.password,
                database=u.database,
                ssl=ssl if isinstance(ssl, str) else None,
                timeout=CONNECT_TIMEOUT,
            )
        except (OSError, TimeoutError, asyncpg.PostgresError) as exc:
            log.warning("table changes: cannot connect (%s); retrying", exc)
            return False
        self._dropped.clear()
        conn.add_termination_listener(lambda _conn: self._dropped.set())
        try:
            await conn.add_listener(CHANNEL, self._heard)
        except (OSError, asyncpg.PostgresError) as exc:
            log.warning("table changes: cannot listen (%s); retrying", exc)
            with contextlib.suppress(Exception):
                await conn.close(timeout=1)
            return False
        self._conn = conn
        return True

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        got = parse(payload)
        if got is None or self._changed is None:
            return
        try:
            self._changed(*got)
        except Exception:  # one bad callback must not stop the listening
            log.exception("table changes: %s", payload)

    async def _alive(self) -> bool:
        try:
            async with asyncio.timeout(CONNECT_TIMEOUT):
                await self._conn.execute("SELECT 1")
            return True
        except Exception:
            return False

    async def _keep(self, connected: bool) -> None:
        """Keep listening: watch the connection, and reconnect with back-off."""
        attempt = 0
        while True:
            if connected:
                attempt = 0
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._dropped.wait(), KEEPALIVE_SECONDS)
                if not self._dropped.is_set() and await self._alive():
                    continue
                log.warning("table changes: the connection dropped; reconnecting")
                await self._close_conn()
            await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
            attempt += 1
            connected = await self._connect()
            if connected and self._gap is not None:
                try:
                    self._gap()  # what was sent while away is lost: read it
                except Exception:
                    log.exception("table changes: catching up after a reconnect")

    async def _close_conn(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None and not conn.is_closed():
            with contextlib.suppress(Exception):
                await conn.close(timeout=2)
