"""The test databases: a new SQLite file, or the test PostgreSQL (``TEST_POSTGRES_URL``,
``.ci/run`` starts one) with every table dropped — one database per parallel
worker. ``reset_postgres`` is shared with ``bench.storage``.

A new SQLite file starts as a copy of one this process migrated with
``Database.upgrade`` (the tests' most repeated set-up: 0.15 s of CPU and about half
a second of waiting each, against milliseconds for a copy); the tests of the
migrations themselves start from empty files.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from sqlalchemy import MetaData
from sqlalchemy.engine import make_url

from storage.db import Database


async def reset_postgres(url: str) -> None:
    """Drop every table (including alembic_version) so each run starts empty."""
    db = Database(url)
    try:
        async with db.engine.begin() as conn:
            meta = MetaData()
            await conn.run_sync(meta.reflect)
            await conn.run_sync(meta.drop_all)
    finally:
        await db.dispose()


BACKENDS = ["sqlite", "postgres"]


def _worker_url(url: str | None) -> str | None:
    """With parallel workers (pytest-xdist), each worker has a database of its own
    on the test PostgreSQL (``shengji_test_gw0`` …): tests drop every table."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not url or not worker:
        return url
    u = make_url(url)
    return u.set(database=f"{u.database}_{worker}").render_as_string(hide_password=False)


SERVER_POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL")


POSTGRES_URL = _worker_url(SERVER_POSTGRES_URL)


async def _create_database(server_url: str, name: str | None) -> None:
    import asyncpg

    u = make_url(server_url)
    conn = await asyncpg.connect(
        host=u.host, port=u.port, user=u.username, password=u.password, database=u.database
    )
    try:
        if not await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
            await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()


_TEMPLATE: list[Path] = []  # this process's migrated SQLite file, made once


async def migrated_sqlite(path: Path) -> str:
    """The URL of a SQLite file at ``path``: when there is none yet, a copy of the
    file this process migrated first (the current schema, no rows)."""
    if path.exists():
        return f"sqlite+aiosqlite:///{path}"  # a world opened again on its stored file
    if not _TEMPLATE:
        folder = Path(tempfile.mkdtemp(prefix="shengji-schema-"))
        atexit.register(shutil.rmtree, folder, True)
        template = folder / "schema.db"
        db = Database(f"sqlite+aiosqlite:///{template}")
        try:
            await db.upgrade()
        finally:
            await db.dispose()  # the last connection closed: the WAL is written back
        assert not Path(f"{template}-wal").exists()
        _TEMPLATE.append(template)
    path.parent.mkdir(parents=True, exist_ok=True)  # as Database does for a new file
    shutil.copyfile(_TEMPLATE[0], path)
    return f"sqlite+aiosqlite:///{path}"


async def empty_database_url(backend: str, tmp_path: Path, name: str = "shengji-test.db") -> str:
    """The URL of an empty database: a new SQLite file ``name`` in ``tmp_path``, or
    the test PostgreSQL with every table dropped (skips the test without one)."""
    if backend == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / name}"
    if not POSTGRES_URL:
        pytest.skip("PostgreSQL not available: set TEST_POSTGRES_URL (bash .ci/run starts one)")
    await reset_postgres(POSTGRES_URL)
    return POSTGRES_URL


async def make_database(backend: str, tmp_path: Path) -> Database:
    """A migrated database with no rows (``upgrade`` still runs: it finds the schema
    current, as a restarted bot does)."""
    if backend == "sqlite":
        url = await migrated_sqlite(tmp_path / "shengji-test.db")
    else:
        url = await empty_database_url(backend, tmp_path)
    db = Database(url)
    await db.upgrade()
    return db
