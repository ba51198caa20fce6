"""Shared fixtures: a fresh, migrated database on SQLite (a real file) and, when
TEST_POSTGRES_URL is set (``.ci/run`` starts a server), on PostgreSQL too."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import MetaData

from storage.db import Database

ROOT = Path(__file__).resolve().parents[1]
POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL")
BACKENDS = ["sqlite", "postgres"]


async def reset_postgres(url: str) -> None:
    """Drop every table (including alembic_version) so each test starts empty."""
    db = Database(url)
    try:
        async with db.engine.begin() as conn:
            meta = MetaData()
            await conn.run_sync(meta.reflect)
            await conn.run_sync(meta.drop_all)
    finally:
        await db.dispose()


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


def run_script(
    tmp_path: Path, name: str, source: str, *args: str, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``source`` as a Python script in a child process of the project (the
    crash tests kill it with SIGKILL part-way), capturing its output."""
    script = tmp_path / name
    script.write_text(source)
    return subprocess.run(
        [sys.executable, str(script), *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture(params=BACKENDS)
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    database = await make_database(request.param, tmp_path)
    try:
        yield database
    finally:
        await database.dispose()


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await make_database("sqlite", tmp_path)
    try:
        yield database
    finally:
        await database.dispose()
