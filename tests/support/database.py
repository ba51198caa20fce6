"""The test databases: a new SQLite file, or the test PostgreSQL (``TEST_POSTGRES_URL``,
``.ci/run`` starts one) with every table dropped — one database per parallel
worker. ``reset_postgres`` is shared with ``bench.storage``."""

from __future__ import annotations

import os
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
    db = Database(await empty_database_url(backend, tmp_path))
    await db.upgrade()
    return db
