"""Shared fixtures: a fresh, migrated database on SQLite (a real file) and, when
TEST_POSTGRES_URL is set (``.ci/run`` starts a server), on PostgreSQL too; a real
Chromium for the web page tests. Helpers live in ``tests/support``."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from bot.compiled import is_compiled
from storage.db import Database
from tests.support.database import (
    BACKENDS,
    POSTGRES_URL,
    SERVER_POSTGRES_URL,
    _create_database,
    make_database,
)


def pytest_configure(config: pytest.Config) -> None:
    if POSTGRES_URL and SERVER_POSTGRES_URL and POSTGRES_URL != SERVER_POSTGRES_URL:
        asyncio.run(_create_database(SERVER_POSTGRES_URL, make_url(POSTGRES_URL).database))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On the compiled build (``SHENGJI_COMPILED=1 pytest -p bench``) skip the tests
    that patch engine functions or build engine objects bypassing ``__init__``:
    compiled classes and functions cannot be patched that way."""
    if not is_compiled():
        return
    skip = pytest.mark.skip(reason="patches the engine's Python internals: pure Python only")
    for item in items:
        if item.get_closest_marker("pure_python"):
            item.add_marker(skip)


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


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """A real headless Chromium for a module's web page tests (tests/support/browser_helpers.py):
    skipped locally without one, a failure under CI=true."""
    from tests.support.browser_helpers import launch_chromium

    yield from launch_chromium()
