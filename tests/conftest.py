"""Shared fixtures: a fresh, migrated database on SQLite (a real file) and, when
TEST_POSTGRES_URL is set (``.ci/run`` starts a server), on PostgreSQL too; a real
Chromium for the web page tests. Helpers live in ``tests/support``."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

# Bytecode caches on, whatever the environment says (PYTHONDONTWRITEBYTECODE=1 is set
# on the CI machines): every xdist worker and each of the ~100 `python -m bot`
# processes the tests start would otherwise compile bot/, rules/ and the
# assertion-rewritten tests again — about a tenth of the run's CPU.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

import pytest  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from bot.compiled import is_compiled  # noqa: E402
from storage.db import Database  # noqa: E402
from tests.support.database import (  # noqa: E402
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
