"""PostgreSQL's hot path: a common action costs one statement (no BEGIN/COMMIT, no
pre-ping), and a pooled connection the server dropped is replaced transparently."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import asyncpg
import pytest
from sqlalchemy import event, make_url

from rules.actions import DealCards
from rules.game import Match
from rules.presets import preset
from storage import SeatInfo, Store, TableInfo
from tests.support.database import POSTGRES_URL, make_database

pytestmark = pytest.mark.skipif(not POSTGRES_URL, reason="PostgreSQL not available")


async def _table(store: Store) -> tuple[TableInfo, Match]:
    t = await store.create_table(
        guild_id=1,
        channel_id=2,
        creator_id=3,
        rules=preset("classic"),
        seats=[SeatInfo(s, None, "basic", f"AI {s}") for s in range(4)],
    )
    match = Match(t.rules, "hot")
    t = await store.start_match(t.id, t.version, match)
    return t, match


async def _step(store: Store, t: TableInfo, match: Match, key: str | None = None) -> TableInfo:
    action = DealCards(1) if match.phase == "dealing" else match.suggest(0)
    assert action is not None
    match.apply(action)
    receipt = await store.record_action(t, action, match, idempotency_key=key)
    return replace(t, version=receipt.version, seq=receipt.seq)


async def test_one_statement_per_common_action(tmp_path: Any) -> None:
    db = await make_database("postgres", tmp_path)
    try:
        store = Store(db)
        t, match = await _table(store)
        t = await _step(store, t, match)  # the first one may read the snapshot seq
        statements: list[str] = []
        event.listen(
            db.engine.sync_engine,
            "before_cursor_execute",
            lambda *a: statements.append(a[2]),
        )
        sent: list[str] = []
        real = db.fetchrow

        async def counting(sql: str, args: tuple[Any, ...]) -> Any:
            sent.append(sql)
            return await real(sql, args)

        db.fetchrow = counting  # type: ignore[method-assign]
        for i in range(30):
            t = await _step(store, t, match, key=f"k{i}")
        assert len(sent) == 30 and statements == []  # no BEGIN, ping, COMMIT or other
        assert (await store.load_match(t.id)).to_dict() == match.to_dict()  # type: ignore[union-attr]
    finally:
        await db.dispose()


async def test_dropped_connections_are_replaced(tmp_path: Any) -> None:
    db = await make_database("postgres", tmp_path)
    try:
        store = Store(db)
        t, match = await _table(store)
        t = await _step(store, t, match)
        assert POSTGRES_URL is not None
        url = make_url(POSTGRES_URL).set(drivername="postgresql")
        for round_no in range(4):
            # The server drops every connection of the bot (as in a server restart).
            admin = await asyncpg.connect(url.render_as_string(hide_password=False))
            try:
                killed = await admin.fetchval(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    " WHERE pid <> pg_backend_pid() AND datname = current_database()"
                )
            finally:
                await admin.close()
            assert killed >= 1
            if round_no % 2:
                await asyncio.sleep(0.05)  # the termination notice has arrived by now
            for i in range(3):  # no error: the dead connection is replaced and resent
                t = await _step(store, t, match, key=f"after{round_no}-{i}")
        assert (await store.load_match(t.id)).to_dict() == match.to_dict()  # type: ignore[union-attr]
    finally:
        await db.dispose()


async def test_idle_connection_is_pinged_before_use(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A connection that sat in the pool (here: any) is pinged at checkout; one the
    server dropped meanwhile is replaced, so even a plain read does not fail."""
    import storage.db

    monkeypatch.setattr(storage.db, "IDLE_PING_SECONDS", 0.0)
    db = await make_database("postgres", tmp_path)
    try:
        store = Store(db)
        t, _match = await _table(store)
        assert POSTGRES_URL is not None
        url = make_url(POSTGRES_URL).set(drivername="postgresql")
        admin = await asyncpg.connect(url.render_as_string(hide_password=False))
        try:
            await admin.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE pid <> pg_backend_pid() AND datname = current_database()"
            )
        finally:
            await admin.close()
        await asyncio.sleep(0.05)
        assert (await store.get_table(t.id)).id == t.id  # through the ORM session path
    finally:
        await db.dispose()
