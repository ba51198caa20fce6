"""One async engine per process, one session per unit of work, schema upgrades.

``DATABASE_URL`` picks the database: ``sqlite+aiosqlite:///shengji.db`` (default,
a file created on first start, WAL mode) or ``postgresql+asyncpg://user:pw@host/db``.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import event, make_url
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from storage.errors import StorageError, StorageFull, StorageUnavailable

DEFAULT_URL = "sqlite+aiosqlite:///shengji.db"
MIGRATIONS = Path(__file__).with_name("migrations")


def database_url() -> str:
    return os.environ.get("DATABASE_URL") or DEFAULT_URL


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # PRAGMAs have no SQLAlchemy expression form; they configure the connection only.
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    cur.execute("PRAGMA synchronous=NORMAL")  # durable across process crashes in WAL mode
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def translate(exc: BaseException) -> StorageError:
    """Map a driver error to a storage error a player can be told about."""
    text = str(exc).lower()
    if "full" in text or "no space" in text or "disk quota" in text:
        return StorageFull()
    return StorageUnavailable(type(getattr(exc, "orig", exc)).__name__)


def _storage_error(exc: BaseException) -> BaseException:
    """The exception to raise for a driver error inside a unit of work."""
    if (
        isinstance(exc, DBAPIError)
        and not isinstance(exc, OperationalError)
        and "full" not in str(exc).lower()
    ):
        # Integrity and programming errors are not outages: let callers see them.
        return exc
    return translate(exc)


class Database:
    """The engine and session factory for one ``DATABASE_URL``."""

    def __init__(self, url: str | None = None, **engine_kwargs: Any) -> None:
        self.url = url or database_url()
        self.is_sqlite = self.url.startswith("sqlite")
        if self.is_sqlite:
            path = self.url.split(":///", 1)[-1]
            if path and path != ":memory:" and not path.startswith("file:"):
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            engine_kwargs.setdefault("connect_args", {"timeout": 30})
            file_db = make_url(self.url).database or ""
            if file_db not in ("", ":memory:") and "mode=memory" not in self.url:
                # SQLite runs one writer at a time. Several pooled connections only
                # make writers collide on the database lock and sleep in SQLite's busy
                # handler (1, 2, 5, 10, ... ms): one connection that tasks queue for
                # (fairly, in asyncio) is faster and its latency is predictable.
                engine_kwargs.setdefault("pool_size", 1)
                engine_kwargs.setdefault("max_overflow", 0)
        else:
            engine_kwargs.setdefault("pool_pre_ping", True)
            engine_kwargs.setdefault("pool_size", 10)
        self.engine: AsyncEngine = create_async_engine(self.url, **engine_kwargs)
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        """One unit of work: commits on success, rolls back on any error.

        Driver failures surface as ``StorageUnavailable`` / ``StorageFull``.
        """
        try:
            async with self.sessions() as s, s.begin():
                yield s
        except (OperationalError, DBAPIError, OSError) as exc:
            err = _storage_error(exc)
            if err is exc:
                raise
            raise err from exc

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncConnection]:
        """Like ``session`` but a bare connection, for Core statements on hot paths
        (no ORM unit of work): commits on success, rolls back on any error."""
        try:
            async with self.engine.begin() as conn:
                yield conn
        except (OperationalError, DBAPIError, OSError) as exc:
            err = _storage_error(exc)
            if err is exc:
                raise
            raise err from exc

    async def upgrade(self, revision: str = "head") -> None:
        """Bring the schema up to ``revision`` with Alembic (safe to run at every start)."""
        try:
            async with self.engine.begin() as conn:
                await conn.run_sync(_run_upgrade, revision)
        except (OperationalError, OSError) as exc:
            raise translate(exc) from exc

    async def dispose(self) -> None:
        await self.engine.dispose()


def alembic_config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def _run_upgrade(connection: Connection, revision: str) -> None:
    command.upgrade(alembic_config(connection), revision)
