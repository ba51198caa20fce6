"""A process killed with SIGKILL at any statement of any migration: the next start
upgrades cleanly (each migration is one transaction on SQLite and PostgreSQL)."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection

from rules.presets import preset
from storage import Database, Store
from storage.db import alembic_config
from storage.models import Base
from tests.support.processes import SLOW, kill_and_restart, run_script

HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()

# The child: optionally bring the schema to FROM first, then upgrade to head and
# SIGKILL itself right after statement KILL_AT of that upgrade (0: never; it
# prints how many statements the upgrade took).
CHILD = r"""
import asyncio, os, signal, sys
from sqlalchemy import event
from storage.db import Database

url, start, kill_at = sys.argv[1], sys.argv[2], int(sys.argv[3])

async def main():
    db = Database(url)
    if start != "base":
        await db.upgrade(start)
    count = 0

    @event.listens_for(db.engine.sync_engine, "after_cursor_execute")
    def _after(*_args):
        nonlocal count
        count += 1
        if count == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    await db.upgrade()
    await db.dispose()
    print(count, flush=True)

asyncio.run(main())
"""


def _schema_diff(conn: Connection) -> list[object]:
    ctx = MigrationContext.configure(conn, opts={"compare_type": True})
    return list(compare_metadata(ctx, Base.metadata))


async def _usable(url: str) -> None:
    """The start after the crash: upgrade succeeds and a table can be created."""
    db = Database(url)
    try:
        await db.upgrade()
        async with db.engine.connect() as conn:
            version = (await conn.exec_driver_sql("SELECT version_num FROM alembic_version")).all()
        assert version == [(HEAD,)]
        async with db.engine.connect() as conn:  # every column of every migration
            assert await conn.run_sync(_schema_diff) == []
        store = Store(db)
        t = await store.create_table(
            guild_id=1, channel_id=2, creator_id=3, rules=preset("classic")
        )
        assert (await store.get_table(t.id)).status == "lobby"
    finally:
        await db.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
@pytest.mark.parametrize("start", ["base", "0001", "0002"])
async def test_kill_during_migration_then_start(backend: str, start: str, tmp_path: Path) -> None:
    def child(url: str, kill_at: int) -> subprocess.CompletedProcess[str]:
        return run_script(tmp_path, "migrate_child.py", CHILD, url, start, str(kill_at))

    def kill_points(stdout: str) -> list[int]:
        total = int(stdout.split()[-1])
        assert total > 3
        points = list(range(1, total + 1))
        if SLOW:  # every statement with SHENGJI_SLOW=1; a random few by default
            return points
        return random.Random().sample(points, 3 if start == "base" else 2)

    await kill_and_restart(
        backend, tmp_path, f"migrate-{start}", child, kill_points, _usable, always_killed=True
    )
