"""One async engine per process, one session per unit of work, schema upgrades.

``DATABASE_URL`` picks the database: ``sqlite+aiosqlite:///shengji.db`` (default,
a file created on first start, WAL mode) or ``postgresql+asyncpg://user:pw@host/db``.

On a SQLite file the async engine has one connection: the writers of a process
queue for it in asyncio instead of colliding on the file lock and sleeping in
SQLite's busy handler. aiosqlite hands every cursor operation to its thread and back
(7 round trips for a two-statement transaction), so the hot path
(``run_transaction``, i.e. ``Store.record_action``) runs each transaction in one go
on a worker thread of its own, back to back with the ones queued behind it.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event, make_url
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, DisconnectionError, OperationalError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from storage.errors import NewerSchema, StorageError, StorageFull, StorageUnavailable
from storage.startup import normalize_url

T = TypeVar("T")
GROUP_MAX = 32  # transactions of run_transaction that share one commit, at most
_Job = tuple[Callable[[Connection], Any], tuple[type[Exception], ...], "asyncio.Future[Any]"]
_Outcome = tuple[Any, Exception | None]

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


def _sqlite_reset(dbapi_conn: Any, record: Any, state: Any) -> None:
    """Return-to-pool reset: roll back only if a transaction is still open.

    (The default rolls back unconditionally, which on aiosqlite costs one more trip
    to its thread after every committed unit of work.) Installed with
    ``pool_reset_on_return=None``, as SQLAlchemy documents for custom resets.
    """
    if not state.asyncio_safe:  # as the default reset: no awaiting from GC
        return
    driver = record.driver_connection
    if driver is not None and not driver.in_transaction:
        return
    dbapi_conn.rollback()


IDLE_PING_SECONDS = 10.0  # a pooled connection unused this long is pinged before use


def _ping_idle(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
    """Ping a connection only if it sat idle in the pool (the server may have
    restarted meanwhile); a busy bot's connections are never pinged."""
    last = record.info.get("checked_in")
    if last is None or time.monotonic() - last < IDLE_PING_SECONDS:
        return
    try:
        dbapi_conn.ping()
    except Exception as exc:  # the pool retries with a new connection
        raise DisconnectionError() from exc


def _mark_checkin(_dbapi_conn: Any, record: Any) -> None:
    record.info["checked_in"] = time.monotonic()


def _driver_message(exc: BaseException) -> str:
    """The database driver's own message, without SQLAlchemy's SQL and parameters
    (a parameter such as a rule set named "full-house" must not look like a full disk)."""
    orig = getattr(exc, "orig", None) or exc
    return " ".join(str(a) for a in getattr(orig, "args", ()) if isinstance(a, str)) or str(orig)


def _is_full(exc: BaseException) -> bool:
    orig = getattr(exc, "orig", None) or exc
    if getattr(orig, "sqlstate", None) in ("53100", "53200"):  # PostgreSQL disk/memory full
        return True
    text = _driver_message(exc).lower()
    return (
        "database or disk is full" in text
        or "no space left" in text
        or "disk quota" in text
        or "could not extend file" in text
    )


def translate(exc: BaseException) -> StorageError:
    """Map a driver error to a storage error a player can be told about."""
    if _is_full(exc):
        return StorageFull()
    return StorageUnavailable(type(getattr(exc, "orig", None) or exc).__name__)


def _storage_error(exc: BaseException) -> BaseException:
    """The exception to raise for a driver error inside a unit of work."""
    if isinstance(exc, DBAPIError) and not isinstance(exc, OperationalError) and not _is_full(exc):
        # Integrity and programming errors are not outages: let callers see them.
        return exc
    return translate(exc)


class Database:
    """The engine and session factory for one ``DATABASE_URL``."""

    def __init__(self, url: str | None = None, **engine_kwargs: Any) -> None:
        self.url = normalize_url(url or database_url())
        self.is_sqlite = self.url.startswith("sqlite")
        self.is_postgres = self.url.startswith("postgresql")
        if self.is_sqlite:
            path = self.url.split(":///", 1)[-1]
            if path and path != ":memory:" and not path.startswith("file:"):
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            engine_kwargs.setdefault("connect_args", {"timeout": 30})
            file_db = make_url(self.url).database or ""
            pooled = file_db not in ("", ":memory:") and "mode=memory" not in self.url
            if pooled and "poolclass" not in engine_kwargs:
                # SQLite runs one writer at a time. Several pooled connections only
                # make writers collide on the database lock and sleep in SQLite's busy
                # handler (1, 2, 5, 10, ... ms): one connection that tasks queue for
                # (fairly, in asyncio) is faster and its latency is predictable.
                engine_kwargs.setdefault("pool_size", 1)
                engine_kwargs.setdefault("max_overflow", 0)
                engine_kwargs.setdefault("pool_reset_on_return", None)  # see _sqlite_reset
        else:
            pooled = False
            # No pre-ping on every checkout: it costs three round trips (BEGIN, ";",
            # ROLLBACK). Only a connection idle for a while is pinged (_ping_idle);
            # one the server dropped since fails its next statement, which the hot
            # path retries once on a new connection (``fetchrow``).
            engine_kwargs.setdefault("pool_pre_ping", False)
            # Few connections, no overflow: each action holds one for a single
            # round trip, and more server backends only contend for the server's
            # CPU (bench.storage at 100 tables: 5 + 0 gave ~2,100–2,400 actions/s,
            # 10 + 10 ~1,400).
            engine_kwargs.setdefault("pool_size", 5)
            engine_kwargs.setdefault("max_overflow", 0)
        # Holding the one pooled connection excludes every other writer of this process.
        self._one_connection = (
            pooled
            and "poolclass" not in engine_kwargs
            and engine_kwargs.get("pool_size") == 1
            and engine_kwargs.get("max_overflow") == 0
        )
        self._connect_args = dict(engine_kwargs.get("connect_args") or {})
        self.engine: AsyncEngine = create_async_engine(self.url, **engine_kwargs)
        if self.is_postgres and not engine_kwargs.get("pool_pre_ping"):
            event.listen(self.engine.sync_engine, "checkout", _ping_idle)
            event.listen(self.engine.sync_engine, "checkin", _mark_checkin)
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
            if pooled and engine_kwargs.get("pool_reset_on_return", False) is None:
                event.listen(self.engine.sync_engine, "reset", _sqlite_reset)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._writer: _SqliteWriter | None = None
        self._queue: list[_Job] = []
        self._leader: asyncio.Task[None] | None = None

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

    async def run_transaction(
        self, fn: Callable[[Connection], T], *, clean: tuple[type[Exception], ...] = ()
    ) -> T:
        """Run ``fn(connection)`` (synchronous SQLAlchemy) as one unit of work:
        committed before this returns, rolled back on any error, errors translated
        as in ``session``. ``fn`` runs on another thread: it must only read what it
        is given, and it may run more than once (when a shared commit fails).

        ``clean``: exceptions that ``fn`` raises only before it has written
        anything. Such a refusal does not spoil a shared commit (below).

        On a SQLite file the transactions of all tasks run on one worker thread
        (one hop instead of aiosqlite's one per cursor call), up to ``GROUP_MAX`` of
        those queued together sharing one commit (group commit: one WAL write for
        all), while this process's only pooled connection is held, so they never
        race the process's other users of the database, and a session waiting for
        it goes before the next batch. If anything but a ``clean`` refusal goes
        wrong in a group, the group is rolled back and each runs on its own. Other
        processes: the file lock and ``busy_timeout`` as usual. Elsewhere ``fn``
        runs on the async connection.
        """
        try:
            if self._one_connection:
                loop = asyncio.get_running_loop()
                done: asyncio.Future[T] = loop.create_future()
                self._queue.append((fn, clean, done))
                if self._leader is None:
                    self._leader = loop.create_task(self._write_batches())
                return await done
            async with self.engine.begin() as conn:
                return await conn.run_sync(fn)
        except (OperationalError, DBAPIError, OSError) as exc:
            err = _storage_error(exc)
            if err is exc:
                raise
            raise err from exc

    async def fetchrow(self, sql: str, args: tuple[Any, ...]) -> Any:
        """One statement straight on the asyncpg connection (PostgreSQL only): no
        BEGIN/COMMIT (a single statement is its own transaction), prepared once per
        connection by asyncpg. A dead pooled connection is replaced and the
        statement sent once more (safe: hot-path statements check the version, so
        a statement that did run cannot run twice). A unique violation is raised
        as is, for the caller to interpret; other errors are translated."""
        import asyncpg  # only with PostgreSQL

        # The connection is gone (server restart, terminated backend, network):
        # nothing of the statement ran, or it ran and its version check makes a
        # second run a no-op.
        dropped = (
            OSError,
            asyncpg.InterfaceError,
            asyncpg.InternalClientError,
            asyncpg.PostgresConnectionError,
            asyncpg.exceptions.OperatorInterventionError,
        )
        for attempt in (1, 2):
            try:
                async with self.engine.connect() as conn:
                    raw = await conn.get_raw_connection()
                    try:
                        return await raw.driver_connection.fetchrow(sql, *args)  # type: ignore[union-attr]
                    except dropped as exc:
                        # As SQLAlchemy does on a disconnect: every pooled
                        # connection older than now is replaced before its next use.
                        self.engine.sync_engine.pool._invalidate(raw, exc)
                        if attempt == 2:
                            raise translate(exc) from exc
                        continue
            except (asyncpg.UniqueViolationError, StorageError):
                raise
            except asyncpg.PostgresError as exc:
                raise translate(exc) from exc
            except (OperationalError, DBAPIError, OSError) as exc:
                raise translate(exc) from exc
        raise AssertionError("unreachable")

    async def _write_batches(self) -> None:
        """Run the queued transactions of ``run_transaction`` on the writer thread."""
        loop = asyncio.get_running_loop()
        unsent: list[_Job] = []
        try:
            while self._queue:
                async with self.engine.connect():  # excludes this process's other users
                    unsent, self._queue = self._queue, []
                    writer = self._writer or self._start_writer()
                    groups = []
                    while unsent:
                        # (a job whose caller gave up before it ran is dropped)
                        group = [j for j in unsent[:GROUP_MAX] if not j[2].cancelled()]
                        if group:
                            work = [(fn, clean) for fn, clean, _done in group]
                            job = loop.run_in_executor(writer.executor, writer.run_group, work)
                            job.add_done_callback(partial(_deliver, [d for *_, d in group]))
                            groups.append(job)
                        del unsent[:GROUP_MAX]
                    if groups:
                        await asyncio.wait(groups)
        except BaseException as exc:
            # Whatever was not handed to the thread fails with the error (its
            # callers translate it); what was handed over still reports itself.
            failed, self._queue = [*unsent, *self._queue], []
            for *_, done in failed:
                if done.done():
                    continue
                if isinstance(exc, Exception):
                    done.set_exception(exc)
                else:
                    done.cancel()
            if not isinstance(exc, Exception):
                raise
        finally:
            self._leader = None

    def _start_writer(self) -> _SqliteWriter:
        self._writer = _SqliteWriter(self.url, self._connect_args, self.engine)
        return self._writer

    async def upgrade(self, revision: str = "head") -> None:
        """Bring the schema up to ``revision`` with Alembic (safe to run at every start).

        Each migration is one transaction (see ``_run_upgrade``): a process killed
        mid-migration leaves the schema at the previous revision, never half-built.
        """
        try:
            self._open_sqlite_file()
            async with self.engine.connect() as conn:
                await conn.run_sync(_run_upgrade, revision)
        except (OperationalError, OSError) as exc:
            raise translate(exc) from exc

    def _open_sqlite_file(self) -> None:
        """Open a SQLite file once in this thread first: a file that cannot be opened
        fails here, plainly, not inside aiosqlite's thread (whose late callbacks
        outlive a start-up that gives up)."""
        path = make_url(self.url).database or ""
        if not self.is_sqlite or path in ("", ":memory:") or "mode=memory" in self.url:
            return
        try:
            sqlite3.connect(path, uri=path.startswith("file:")).close()
        except sqlite3.Error as exc:
            raise OperationalError("open", None, exc) from exc

    async def dispose(self) -> None:
        if self._leader is not None:  # let queued transactions finish first
            await asyncio.wait({self._leader})
        writer, self._writer = self._writer, None
        if writer is not None:
            await asyncio.get_running_loop().run_in_executor(writer.executor, writer.close)
            writer.executor.shutdown(wait=False)
        await self.engine.dispose()


def _deliver(dones: list[asyncio.Future[Any]], job: asyncio.Future[list[_Outcome]]) -> None:
    """Hand a finished group's outcomes to the tasks waiting for them (if they still are)."""
    if job.cancelled() or job.exception() is not None:
        for done in dones:
            if not done.done():
                if job.cancelled():
                    done.cancel()
                else:
                    done.set_exception(job.exception())  # type: ignore[arg-type]
        return
    for done, (result, exc) in zip(dones, job.result(), strict=True):
        if done.done():
            continue
        if exc is not None:
            done.set_exception(exc)
        else:
            done.set_result(result)


class _SqliteWriter:
    """A synchronous engine on the same SQLite file, used by one worker thread only.

    Its connections get the ``connect`` listeners of the async engine (the PRAGMAs
    and whatever else was hooked onto ``Database.engine``), as if they were its own.
    """

    def __init__(self, url: str, connect_args: dict[str, Any], twin: AsyncEngine) -> None:
        self.engine: Engine = create_engine(
            make_url(url).set(drivername="sqlite+pysqlite"),
            pool_size=1,
            max_overflow=0,
            pool_reset_on_return=None,
            connect_args={**connect_args, "check_same_thread": False},
        )

        def on_connect(dbapi_conn: Any, record: Any) -> None:
            twin.sync_engine.pool.dispatch.connect(dbapi_conn, record)

        event.listen(self.engine, "connect", on_connect)
        event.listen(self.engine, "reset", _sqlite_reset)
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="shengji-sqlite")
        self._conn: Connection | None = None  # kept open between transactions

    def connection(self) -> Connection:
        conn = self._conn
        if conn is None or conn.closed or conn.invalidated:
            if conn is not None:
                conn.close()
            conn = self._conn = self.engine.connect()
        return conn

    def run_group(
        self, work: list[tuple[Callable[[Connection], Any], tuple[type[Exception], ...]]]
    ) -> list[_Outcome]:
        """Run the transactions in one commit if nothing but clean refusals happen,
        else (rolled back) each in its own."""
        if len(work) > 1:
            outcomes: list[_Outcome] = []
            try:
                with self.connection().begin():
                    for fn, clean in work:
                        try:
                            outcomes.append((fn(self.connection()), None))
                        except clean as exc:  # it wrote nothing: the others go on
                            outcomes.append((None, exc))
                return outcomes
            except Exception:
                pass  # rolled back: one by one, so each gets its own outcome
        return [self._run_one(fn) for fn, _clean in work]

    def _run_one(self, fn: Callable[[Connection], Any]) -> _Outcome:
        try:
            with self.connection().begin():
                return (fn(self.connection()), None)
        except Exception as exc:
            return (None, exc)

    def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()
        self.engine.dispose()


def alembic_config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


MIGRATION_LOCK = 0x5E9_61  # PostgreSQL advisory lock id: one migrating process at a time


def _run_upgrade(connection: Connection, revision: str) -> None:
    """Run the pending migrations one at a time, each in its own transaction
    together with its ``alembic_version`` update.

    SQLite's DDL is transactional, but pysqlite (and aiosqlite on top of it) only
    opens a transaction by itself before INSERT/UPDATE/DELETE: a CREATE TABLE
    outside one commits at once. So the transaction is opened explicitly with
    ``BEGIN IMMEDIATE`` (which also takes the write lock, so two processes starting
    together migrate one after the other); the driver sees it and its ``commit()``
    ends it. On PostgreSQL, DDL is transactional anyway and an advisory lock
    serialises concurrent starts.
    """
    cfg = alembic_config(connection)
    script = ScriptDirectory.from_config(cfg)
    target = script.get_revision(revision)
    if target is None:  # an empty "base" target: nothing to do
        return
    for _ in range(1000):
        with connection.begin():
            if connection.dialect.name == "sqlite":
                connection.exec_driver_sql("BEGIN IMMEDIATE")
            elif connection.dialect.name == "postgresql":
                connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
            current = MigrationContext.configure(connection).get_current_revision()
            if current is not None and current not in {r.revision for r in script.walk_revisions()}:
                raise NewerSchema(current)
            if current == target.revision or (
                current is not None and target.revision in _ancestors(script, current)
            ):
                return
            step = _next_revision(script, current)
            command.upgrade(cfg, step)
    raise RuntimeError("migrations did not converge")


def _ancestors(script: ScriptDirectory, revision: str) -> set[str]:
    return {r.revision for r in script.iterate_revisions(revision, "base")}


def _next_revision(script: ScriptDirectory, current: str | None) -> str:
    """The revision that directly follows ``current`` (linear history)."""
    for rev in script.walk_revisions():
        down = rev.down_revision
        if (down is None and current is None) or down == current:
            return rev.revision
    raise RuntimeError(f"no migration follows {current!r}")
