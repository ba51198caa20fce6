"""Throughput and latency benchmark of the storage layer (``storage.tables.Store``).

Run ``python -m bench.storage`` (``--help`` for options). For each backend
(SQLite in a fresh temporary file; PostgreSQL when ``--postgres-url`` or
``TEST_POSTGRES_URL`` / ``DATABASE_URL`` names one: ALL ITS TABLES ARE DROPPED
first, so a ``DATABASE_URL`` holding tables the benchmark did not make is refused)
and each table count N (``--tables 1,10,100``) it:

* creates N tables, seats four AI players at each (``ai_level="basic"``) and
  starts a classic match on each; then, untimed, each table plays a random
  0..``--warmup``-1 actions, so the tables are spread over a hand (they don't all
  snapshot or end a hand in the same instant);
* runs every table as its own asyncio task, as the bot does, each looping AI
  actions chosen by ``Match.suggest`` (``rules.scripted``: ``DealCards(25)`` while
  dealing, ``NextHand()`` once a hand is scored; a finished match is followed by a new
  one) for ``--seconds`` or ``--actions`` per table: as fast as it can, or with
  ``--rate R`` at a steady R actions/s for all tables together (each table every
  N/R s, like AI players that pause between moves);
* times each action as one unit of work of the bot: take the table's
  ``TableLocks`` lock, ``Match.apply`` the action, ``await store.record_action``
  (committed), then build the next ``TableInfo`` locally with
  ``dataclasses.replace(version=..., seq=...)`` (one round trip per action);
* prints actions/s over the whole run, the p50 / p99 / max latency per action and
  the process's CPU time per action (all threads: the number least disturbed by
  other load on the machine);
* then checks the stored state: for every table (at most ``--verify`` of them)
  ``load_match(...).to_dict()`` equals the in-memory match and the action log
  has exactly ``seq`` rows, so a broken store cannot produce fast numbers.

Choosing the AI action (``suggest``) happens before the lock and is not part of
the latency; it is part of actions/s. Without ``--rate`` every table always has
its next action ready, so by Little's law the mean latency is N / (actions/s):
latency targets only mean something at a given ``--rate``. ``--quick`` runs small
sizes (a CI smoke run); ``--profile`` prints a cProfile of the event-loop thread.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import io
import os
import platform
import pstats
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import sqlalchemy
from sqlalchemy import func, inspect, select, text

from bench.storage_tables import CHANNEL_BASE, check_table, drive, perf_ns, setup_table
from storage.db import Database
from storage.locks import TableLocks
from storage.models import TableRow
from storage.tables import Store
from tests.support.database import reset_postgres

DEFAULT_TABLES = (1, 10, 100)
DEFAULT_SECONDS = 10.0
QUICK_TABLES = (1, 10)
QUICK_SECONDS = 1.0


# ---- one configuration ---------------------------------------------------------------------


@dataclass
class Result:
    backend: str
    tables: int
    actions: int
    seconds: float
    latencies_ns: list[int]
    hands: int
    matches: int
    verified: int
    rate: float | None = None
    cpu_seconds: float = 0.0  # CPU time of the whole process (all threads) while timed
    profile: str = ""

    @property
    def cpu_us(self) -> float:
        return self.cpu_seconds / self.actions * 1e6 if self.actions else float("nan")

    @property
    def per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    def pct_ms(self, q: float) -> float:
        lat = self.latencies_ns
        if not lat:
            return float("nan")
        # nearest-rank percentile
        idx = min(len(lat) - 1, max(0, int(-(-q * len(lat) // 1)) - 1))
        return lat[idx] / 1e6


async def open_database(backend: str, pg_url: str | None, workdir: Path, n: int) -> Database:
    if backend == "sqlite":
        path = workdir / f"bench-{n}-{time.time_ns()}.db"
        db = Database(f"sqlite+aiosqlite:///{path}")
    else:
        assert pg_url is not None
        await reset_postgres(pg_url)
        db = Database(pg_url)
    await db.upgrade()
    return db


async def measure(
    backend: str,
    n: int,
    *,
    pg_url: str | None,
    workdir: Path,
    seconds: float | None,
    actions: int | None,
    preset_name: str,
    seed: str,
    verify: int,
    idempotency: bool,
    profile: bool,
    rate: float | None = None,
    warmup: int = 0,
) -> Result:
    db = await open_database(backend, pg_url, workdir, n)
    try:
        store = Store(db)
        locks = TableLocks()
        runs = [await setup_table(store, i, preset_name, seed) for i in range(n)]
        if warmup:
            # Untimed: spread the tables over different points of a hand (so they
            # don't all snapshot or end a hand at the same moment) and warm caches.
            async with asyncio.TaskGroup() as tg:
                for r in runs:
                    count = random.Random(f"{seed}-{r.index}").randrange(warmup)
                    tg.create_task(drive(store, locks, r, None, count, seed, idempotency))
            for r in runs:
                r.latencies_ns.clear()
                r.actions = r.hands = 0
        prof = cProfile.Profile() if profile else None
        interval = None if rate is None else int(n / rate * 1e9)
        cpu0 = time.process_time()
        t0 = perf_ns()
        deadline = None if seconds is None else t0 + int(seconds * 1e9)
        if prof is not None:
            prof.enable()
        try:
            async with asyncio.TaskGroup() as tg:
                for r in runs:
                    tg.create_task(
                        drive(store, locks, r, deadline, actions, seed, idempotency, interval)
                    )
        finally:
            if prof is not None:
                prof.disable()
        elapsed = (perf_ns() - t0) / 1e9
        cpu = time.process_time() - cpu0

        verified = 0
        for r in runs[: max(verify, 0)]:
            await check_table(store, r)
            verified += 1

        lat = sorted(x for r in runs for x in r.latencies_ns)
        res = Result(
            backend=backend,
            tables=n,
            actions=len(lat),
            seconds=elapsed,
            latencies_ns=lat,
            hands=sum(r.hands for r in runs),
            matches=sum(r.matches for r in runs),
            verified=verified,
            rate=rate,
            cpu_seconds=cpu,
        )
        if prof is not None:
            out = io.StringIO()
            st = pstats.Stats(prof, stream=out)
            st.sort_stats("tottime").print_stats(25)
            st.sort_stats("cumulative").print_stats(30)
            res.profile = out.getvalue()
        return res
    finally:
        await db.dispose()


# ---- output ------------------------------------------------------------------------------


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    lines = []
    for k, row in enumerate((headers, *rows)):
        cells = [
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _cpu_name() -> str:
    with contextlib.suppress(OSError), open("/proc/cpuinfo", encoding="utf-8") as f:
        for line in f:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine()


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "?"


async def _server_version(url: str) -> str:
    db = Database(url)
    try:
        async with db.engine.connect() as conn:
            return str(await conn.scalar(text("SHOW server_version")))
    except Exception as exc:  # only for the header
        return f"unknown ({type(exc).__name__})"
    finally:
        await db.dispose()


def postgres_url(arg: str | None) -> tuple[str | None, str]:
    """The PostgreSQL URL to benchmark on and where it came from."""
    for source, url in (
        ("--postgres-url", arg),
        ("TEST_POSTGRES_URL", os.environ.get("TEST_POSTGRES_URL")),
        ("DATABASE_URL", os.environ.get("DATABASE_URL")),
    ):
        if url and url.startswith("postgresql"):
            return url, source
    return None, ""


async def foreign_tables(url: str) -> int:
    """Rows of ``tables`` that the benchmark did not make (0 if there is no schema)."""
    db = Database(url)
    try:
        async with db.engine.connect() as conn:
            if not await conn.run_sync(lambda c: inspect(c).has_table("tables")):
                return 0
            t = TableRow.__table__
            return int(
                await conn.scalar(
                    select(func.count()).select_from(t).where(t.c.channel_id < CHANNEL_BASE)
                )
                or 0
            )
    finally:
        await db.dispose()


async def run(args: argparse.Namespace, tables: list[int], backends: list[str]) -> list[Result]:
    pg_url, pg_source = postgres_url(args.postgres_url)
    print(f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(
        f"SQLAlchemy {sqlalchemy.__version__}; aiosqlite {_version('aiosqlite')}; "
        f"asyncpg {_version('asyncpg')}"
    )
    print(f"Machine: {platform.platform()}; {_cpu_name()}; {os.cpu_count()} logical CPUs")
    with contextlib.suppress(OSError):
        print("load average before the run: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    if "postgres" in backends:
        if pg_url is None:
            print("PostgreSQL: skipped (no --postgres-url, TEST_POSTGRES_URL or DATABASE_URL)")
            backends = [b for b in backends if b != "postgres"]
        elif pg_source == "DATABASE_URL" and (n := await foreign_tables(pg_url)):
            # DATABASE_URL is the bot's own database: never drop real tables from it.
            print(
                f"PostgreSQL: skipped: DATABASE_URL holds {n} table(s) the benchmark did "
                "not make and the benchmark drops everything; give a scratch database "
                "with --postgres-url"
            )
            backends = [b for b in backends if b != "postgres"]
        else:
            where = pg_url.split("@")[-1]
            print(f"PostgreSQL {await _server_version(pg_url)} at {where} (its tables are dropped)")
    budget = (
        f"{args.actions} actions per table" if args.actions is not None else f"{args.seconds:g} s"
    )
    pace = "as fast as possible" if args.rate is None else f"paced at {args.rate:g} actions/s"
    print(
        f"preset {args.preset}; 4 AI seats per table; {budget} per configuration; "
        f"idempotency keys {'on' if args.idempotency else 'off'}; all tables together {pace}; "
        f"untimed warm-up of 0..{max(args.warmup - 1, 0)} actions per table"
    )
    sys.stdout.flush()

    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="shengji-bench-") as tmp:
        for backend in backends:
            for n in tables:
                res = await measure(
                    backend,
                    n,
                    pg_url=pg_url,
                    workdir=Path(tmp),
                    seconds=None if args.actions is not None else args.seconds,
                    actions=args.actions,
                    preset_name=args.preset,
                    seed=args.seed,
                    verify=args.verify,
                    idempotency=args.idempotency,
                    profile=args.profile,
                    rate=args.rate,
                    warmup=args.warmup,
                )
                results.append(res)
                print(
                    f"  {backend:8} {n:4} tables: {res.actions:7,} actions in {res.seconds:5.1f} s"
                    f" = {res.per_second:8,.0f}/s, p50 {res.pct_ms(0.5):6.2f} ms,"
                    f" p99 {res.pct_ms(0.99):6.2f} ms ({res.verified} tables verified)"
                )
                if res.profile:
                    print(f"\n--- cProfile, {backend}, {n} tables (event-loop thread) ---")
                    print(res.profile.rstrip())
                    print()
                sys.stdout.flush()
    return results


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.storage", description=__doc__.split("\n")[0])
    ap.add_argument(
        "--tables", default=None, help="comma-separated table counts (default 1,10,100)"
    )
    ap.add_argument(
        "--seconds",
        type=float,
        default=None,
        help=f"run time per configuration (default {DEFAULT_SECONDS:g})",
    )
    ap.add_argument(
        "--actions", type=int, default=None, help="actions per table instead of a time budget"
    )
    ap.add_argument(
        "--backends", default="sqlite,postgres", help="sqlite and/or postgres (default both)"
    )
    ap.add_argument("--postgres-url", default=None, help="postgresql+asyncpg://... (DROPS TABLES)")
    ap.add_argument("--quick", action="store_true", help="small sizes for a CI smoke run")
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", default="bench")
    ap.add_argument(
        "--verify",
        type=int,
        default=100,
        help="tables whose stored match is checked after each run (default 100)",
    )
    ap.add_argument(
        "--idempotency", action="store_true", help="send an idempotency key with every action"
    )
    ap.add_argument(
        "--rate",
        type=float,
        default=None,
        help="pace all tables together at this many actions/s (each table acts every "
        "tables/rate s) instead of as fast as possible",
    )
    ap.add_argument(
        "--warmup",
        type=int,
        default=128,
        help="each table first plays a random 0..N-1 untimed actions, so the tables are "
        "spread over different points of a hand (default 128; 0: all start together)",
    )
    ap.add_argument("--profile", action="store_true", help="cProfile each run (slows it down)")
    args = ap.parse_args(argv)

    try:
        default_tables = QUICK_TABLES if args.quick else DEFAULT_TABLES
        tables = (
            [int(x) for x in args.tables.split(",") if x.strip()]
            if args.tables
            else list(default_tables)
        )
    except ValueError:
        ap.error("--tables takes numbers like 1,10,100")
    if not tables or any(n < 1 for n in tables):
        ap.error("--tables must be ≥ 1")
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    if not backends or any(b not in ("sqlite", "postgres") for b in backends):
        ap.error("--backends must be among sqlite,postgres")
    if args.actions is not None and args.actions < 1:
        ap.error("--actions must be ≥ 1")
    if args.seconds is None:
        args.seconds = QUICK_SECONDS if args.quick else DEFAULT_SECONDS
    if args.seconds <= 0:
        ap.error("--seconds must be > 0")
    if args.warmup < 0:
        ap.error("--warmup must be ≥ 0")
    if args.rate is not None and args.rate <= 0:
        ap.error("--rate must be > 0")

    results = asyncio.run(run(args, tables, backends))
    rows = [
        [
            r.backend,
            str(r.tables),
            "max" if r.rate is None else f"{r.rate:g}",
            f"{r.actions:,}",
            f"{r.per_second:,.0f}",
            f"{r.pct_ms(0.5):.2f}",
            f"{r.pct_ms(0.99):.2f}",
            f"{r.latencies_ns[-1] / 1e6:.1f}" if r.latencies_ns else "nan",
            f"{r.cpu_us:.0f}",
            f"{r.hands:,}",
            f"{r.seconds:.1f}",
        ]
        for r in results
    ]
    headers = ["backend", "tables", "offered", "actions", "actions/s", "p50 ms", "p99 ms", "max ms"]
    print()
    print(_table([*headers, "CPU µs/action", "hands", "s"], rows))
    print(
        "actions/s over the whole run; latency per action = table lock + Match.apply + "
        "record_action committed; CPU = the process's CPU time (all threads) / actions"
    )
    if args.profile:
        print("(measured under cProfile: not comparable with a plain run)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
