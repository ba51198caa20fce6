"""Shared fixtures: a fresh, migrated database on SQLite (a real file) and, when
TEST_POSTGRES_URL is set (``.ci/run`` starts a server), on PostgreSQL too."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import MetaData

from storage.db import Database

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


async def make_database(backend: str, tmp_path: Path) -> Database:
    if backend == "sqlite":
        db = Database(f"sqlite+aiosqlite:///{tmp_path / 'shengji-test.db'}")
    else:
        if not POSTGRES_URL:
            pytest.skip("PostgreSQL not available: set TEST_POSTGRES_URL (bash .ci/run starts one)")
        await reset_postgres(POSTGRES_URL)
        db = Database(POSTGRES_URL)
    await db.upgrade()
    return db


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
