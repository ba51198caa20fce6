"""Shared fixtures: a fresh, migrated database on SQLite (a real file) and, when
TEST_POSTGRES_URL is set (``.ci/run`` starts a server), on PostgreSQL too."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from bot.compiled import is_compiled
from storage.db import Database
from tests.support.database import reset_postgres

ROOT = Path(__file__).resolve().parents[1]
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


def pytest_configure(config: pytest.Config) -> None:
    if POSTGRES_URL and SERVER_POSTGRES_URL and POSTGRES_URL != SERVER_POSTGRES_URL:
        asyncio.run(_create_database(SERVER_POSTGRES_URL, make_url(POSTGRES_URL).database))


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


def child_env() -> dict[str, str]:
    """The environment of a child process that imports the project from ``ROOT``."""
    return {**os.environ, "PYTHONPATH": str(ROOT)}


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
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# ---- kill and restart ------------------------------------------------------------------

SLOW = os.environ.get("SHENGJI_SLOW") == "1"  # every kill point instead of a random few


async def kill_and_restart(
    backend: str,
    tmp_path: Path,
    name: str,
    child: Callable[[str, int], subprocess.CompletedProcess[str]],
    kill_points: Callable[[str], Iterable[int]],
    restart: Callable[[str], Awaitable[None]],
    *,
    always_killed: bool = False,
) -> tuple[list[int], int]:
    """The crash tests' harness. ``child(url, kill_at)`` runs a child process on a
    database that SIGKILLs itself at its ``kill_at``-th point (0: never). A full run
    on an empty database first; from its output ``kill_points`` picks where to kill.
    Then, for each point, a run on a fresh empty database and ``restart(url)`` on
    what it left. A run may only end killed or done (``always_killed``: killed);
    returns (points, runs killed)."""
    url = await empty_database_url(backend, tmp_path, f"{name}-count.db")
    full = child(url, 0)
    assert full.returncode == 0, full.stderr
    points = sorted(kill_points(full.stdout))
    killed = 0
    for kill_at in points:
        url = await empty_database_url(backend, tmp_path, f"{name}-kill-{kill_at}.db")
        run = child(url, kill_at)
        ends = (-signal.SIGKILL,) if always_killed else (-signal.SIGKILL, 0)
        assert run.returncode in ends, (kill_at, run.stderr)
        killed += run.returncode == -signal.SIGKILL
        await restart(url)
    return points, killed


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
    """A real headless Chromium for a module's web page tests (tests/browser_helpers.py):
    skipped locally without one, a failure under CI=true."""
    from browser_helpers import launch_chromium

    yield from launch_chromium()
