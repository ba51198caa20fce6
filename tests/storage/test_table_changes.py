"""Every write to a table row notifies (PostgreSQL's trigger, migration 0012) and
``TableChanges`` hears it, also after its connection is killed; on SQLite it does
nothing."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import Connection, text

from rules.actions import DealCards
from rules.game import Match
from rules.presets import preset
from storage import SeatInfo, Store
from storage.db import alembic_config
from storage.table_changes import TableChanges, parse
from tests.support.database import POSTGRES_URL, make_database

postgres = pytest.mark.skipif(not POSTGRES_URL, reason="PostgreSQL not available")


class Heard:
    def __init__(self) -> None:
        self.got: list[tuple[int, int]] = []
        self.gaps = 0
        self._new = asyncio.Event()

    def changed(self, table_id: int, version: int) -> None:
        self.got.append((table_id, version))
        self._new.set()

    def gap(self) -> None:
        self.gaps += 1
        self._new.set()

    async def until(self, want: tuple[int, int], timeout: float = 5.0) -> None:
        async with asyncio.timeout(timeout):
            while want not in self.got:
                self._new.clear()
                await self._new.wait()


def test_payloads() -> None:
    assert parse("12:34") == (12, 34)
    assert parse("12") is None and parse("a:1") is None and parse("1:") is None


@postgres
async def test_every_write_path_notifies_id_and_version(tmp_path: Path) -> None:
    db = await make_database("postgres", tmp_path)
    changes = TableChanges(db)
    heard = Heard()
    try:
        await changes.listen(heard.changed, heard.gap)
        assert changes.active
        store = Store(db)
        t = await store.create_table(
            guild_id=1,
            channel_id=2,
            creator_id=3,
            rules=preset("classic"),
            seats=[SeatInfo(s, None, "basic", f"AI {s}") for s in range(4)],
        )
        await heard.until((t.id, t.version))  # an INSERT
        match = Match(t.rules, "notify")
        t = await store.start_match(t.id, t.version, match)
        await heard.until((t.id, t.version))  # an ORM UPDATE
        action = DealCards(1)
        match.apply(action)
        receipt = await store.record_action(t, action, match)  # the hot statement
        await heard.until((t.id, receipt.version))
        t = replace(t, version=receipt.version, seq=receipt.seq)

        # the listener's connection is killed: it reconnects, says so, hears again
        pid = changes._conn.get_server_pid()
        async with db.engine.connect() as conn:
            await conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        async with asyncio.timeout(10):
            while not (heard.gaps and changes.active):
                await asyncio.sleep(0.05)
        t = await store.update_table(t.id, t.version, deadline=None)
        await heard.until((t.id, t.version))
    finally:
        await changes.close()
        await db.dispose()
    assert not changes.active


@postgres
async def test_downgrade_drops_the_trigger_and_upgrade_restores_it(tmp_path: Path) -> None:
    db = await make_database("postgres", tmp_path)
    count = text("SELECT count(*) FROM pg_trigger WHERE tgname = 'tables_changed'")

    def migrate(conn: Connection, to: str) -> None:
        cfg = alembic_config(conn)
        (command.downgrade if to == "0011" else command.upgrade)(cfg, to)

    try:
        async with db.engine.begin() as conn:
            assert (await conn.execute(count)).scalar() == 1
            await conn.run_sync(migrate, "0011")
            assert (await conn.execute(count)).scalar() == 0
            await conn.run_sync(migrate, "head")
            assert (await conn.execute(count)).scalar() == 1
    finally:
        await db.dispose()


async def test_sqlite_listens_to_nothing(tmp_path: Path) -> None:
    db = await make_database("sqlite", tmp_path)
    changes = TableChanges(db)
    heard = Heard()
    try:
        await changes.listen(heard.changed, heard.gap)
        assert not changes.active
        await Store(db).create_table(
            guild_id=1, channel_id=2, creator_id=3, rules=preset("classic"), seats=[]
        )
        await asyncio.sleep(0.05)
        assert heard.got == [] and heard.gaps == 0
    finally:
        await changes.close()
        await db.dispose()
