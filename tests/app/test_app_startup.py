"""Start-up errors: one sentence naming DATABASE_URL and the fix, exit code 2, no
traceback (unless LOG_LEVEL=DEBUG) — for the bot, the console and ``python -m
storage upgrade``; and the usual URL spellings are accepted."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import make_url

from storage import Database
from storage.startup import normalize_url
from tests.support.database import POSTGRES_URL, reset_postgres

ROOT = Path(__file__).resolve().parents[2]


def run(cwd: Path, args: list[str], url: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("LOG_LEVEL", "DISCORD_TOKEN")}
    environ.update(PYTHONPATH=str(ROOT), DATABASE_URL=url, **env)
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=environ,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


ENTRY_POINTS = {
    "storage": (["-m", "storage", "upgrade"], {}),
    "bot": (["-m", "bot"], {"DISCORD_TOKEN": "not-a-real-token"}),
    "console": (["-m", "bot", "console", "--db", "{url}"], {}),
}


def start(cwd: Path, entry: str, url: str, **env: str) -> subprocess.CompletedProcess[str]:
    args, extra = ENTRY_POINTS[entry]
    return run(cwd, [a.replace("{url}", url) for a in args], url, **extra, **env)


def one_sentence(result: subprocess.CompletedProcess[str], *contains: str) -> None:
    assert result.returncode == 2, (result.stdout, result.stderr)
    err = result.stderr.strip()
    assert "Traceback" not in err and "Traceback" not in result.stdout, err
    assert len(err.splitlines()) == 1, err
    assert "DATABASE_URL" in err, err
    for part in contains:
        assert part in err, (part, err)


def test_spellings_get_the_async_driver() -> None:
    assert normalize_url("postgres://u:p@h/db") == "postgresql+asyncpg://u:p@h/db"
    assert normalize_url("postgresql://u@h:5/db") == "postgresql+asyncpg://u@h:5/db"
    assert normalize_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert normalize_url("sqlite+aiosqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert normalize_url("postgresql+asyncpg://h/db") == "postgresql+asyncpg://h/db"


@pytest.mark.parametrize("entry", ["storage", "console", "bot"])
def test_unsupported_scheme(tmp_path: Path, entry: str) -> None:
    one_sentence(start(tmp_path, entry, "mysql://root@localhost/shengji"), "'mysql'", "sqlite:///")


@pytest.mark.parametrize("entry", ["storage", "console", "bot"])
def test_read_only_sqlite_location(tmp_path: Path, entry: str) -> None:
    # /proc takes no new files, even for root.
    one_sentence(start(tmp_path, entry, "sqlite:////proc/shengji-test.db"), "writable")


def test_debug_shows_the_traceback(tmp_path: Path) -> None:
    result = start(tmp_path, "storage", "sqlite:////proc/shengji-test.db", LOG_LEVEL="DEBUG")
    assert result.returncode == 2
    assert "Traceback" in result.stderr and "writable" in result.stderr


def test_newer_schema(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'newer.db'}"

    async def from_the_future() -> None:
        db = Database(url)
        try:
            await db.upgrade()
            async with db.engine.begin() as conn:
                await conn.exec_driver_sql("UPDATE alembic_version SET version_num = '0099'")
        finally:
            await db.dispose()

    asyncio.run(from_the_future())
    for entry in ENTRY_POINTS:
        one_sentence(start(tmp_path, entry, url), "newer version", "0099")


def test_sqlite_spelling_upgrades(tmp_path: Path) -> None:
    result = start(tmp_path, "storage", f"sqlite:///{tmp_path / 'plain.db'}")
    assert result.returncode == 0, result.stderr
    assert "up to date" in result.stdout


def test_unreachable_server(tmp_path: Path) -> None:
    result = start(tmp_path, "storage", "postgresql://postgres@127.0.0.1:1/shengji")
    one_sentence(result, "Cannot connect", "127.0.0.1:1", "start the database server")


def _pg(tmp_path: Path, **parts: str) -> str:
    if not POSTGRES_URL:
        pytest.skip("PostgreSQL not available: set TEST_POSTGRES_URL (bash .ci/run starts one)")
    u = make_url(POSTGRES_URL)
    u = u.set(**parts)  # type: ignore[arg-type]
    return u.render_as_string(hide_password=False)


@pytest.mark.parametrize("scheme", ["postgres", "postgresql"])
def test_postgres_spellings_upgrade(tmp_path: Path, scheme: str) -> None:
    url = _pg(tmp_path)
    asyncio.run(reset_postgres(url))
    plain = scheme + "://" + url.partition("://")[2]
    result = start(tmp_path, "storage", plain)
    assert result.returncode == 0, result.stderr
    assert "up to date" in result.stdout


@pytest.mark.parametrize("entry", ["storage", "bot"])
def test_unknown_database_and_role(tmp_path: Path, entry: str) -> None:
    missing = _pg(tmp_path, database="no_such_db")
    one_sentence(start(tmp_path, entry, missing), "'no_such_db'", "createdb no_such_db")
    nobody = _pg(tmp_path, username="no_such_role")
    one_sentence(start(tmp_path, entry, nobody), "'no_such_role'", "user name and password")


def test_shards_follow_discords_formula() -> None:
    from bot.service import Shards

    shards = Shards.parse("4", "1,3")
    assert shards.shared and shards.ids == {1, 3}
    assert shards.shard_of((5 << 22) + 123) == 1 and shards.owns((5 << 22) + 123)
    assert not shards.owns(6 << 22) and shards.shard_of(6 << 22) == 2
    assert shards.shard_of(None) == 0  # DMs and the console: shard 0
    assert Shards.parse("4", "0-3").ids == {0, 1, 2, 3} and not Shards.parse("4", "0-3").shared
    assert Shards.parse(None, None).owns(12345) and not Shards.parse(None, None).shared


@pytest.mark.parametrize(
    ("count", "ids", "says"),
    [("2", "5", "from 0 to 1"), ("", "1", "SHARD_COUNT"), ("two", "", "whole number")],
)
def test_bad_shard_settings(tmp_path: Path, count: str, ids: str, says: str) -> None:
    result = run(
        tmp_path,
        ["-m", "bot"],
        f"sqlite:///{tmp_path / 'x.db'}",
        DISCORD_TOKEN="not-a-real-token",
        SHARD_COUNT=count,
        SHARD_IDS=ids,
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert says in result.stderr
