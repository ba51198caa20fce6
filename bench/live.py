"""Live table latency: an action committed → every client of its table updated.

Run ``python -m bench.live`` (``--help`` for options). For each table count N
(``--tables 1,10,100``) it starts the real web side (``WebServer`` on
127.0.0.1, port 0) with the live table attached to a real ``TableService`` on a
fresh SQLite file (or PostgreSQL with ``--postgres-url``: ALL ITS TABLES ARE
DROPPED first), makes N tables of four people at the test pace (instant deal, no
turn timer, no AI: nothing happens but what the sockets send), and connects five
aiohttp websocket clients per table with their links: the four seats and a
spectator (``bench.live_clients``). The seats then play whole hands by their
frames (declare or pass, the suggested bury, the suggested plays, the next hand;
a finished match is followed by a new one), every table at once, as fast as the
answers come or after ``--think`` seconds per action.

What is timed, for every play committed in the measured window:

* **t0**: the service's first notice of the action. The service emits its
  notices right after ``store.record_action`` returned (the action is committed)
  and before anything is built for any client; a listener subscribed after the
  hub's stamps ``time.monotonic_ns()`` there and notes the play's position
  (hand number, cards left in hands).
* **t1**: when each of the table's five sockets received the first state frame
  whose position is at or past that play, stamped as the message comes off the
  socket, before it is parsed. A frame that reflects several plays (a burst
  coalesced into one frame) delivers all of them.

So a latency is the hub's whole path after the commit: marking, the flush task,
building each client's frame, JSON, each client's writer, loopback TCP and the
client's read. Printed per socket (p50 / p99 / max over every socket × play)
and for "all 5 updated" (the slowest of the table's five per play), with
actions/s (every committed action: passes, declarations, burials, plays, next
hands) and the server's CPU per action.

The clients run in a subprocess by default (``--clients subprocess``: their
parsing and acting then use the other core, as browsers would be elsewhere);
``--clients inline`` runs them on the server's own event loop, which charges
their work to the latencies measured.

Memory per socket: the server process's RSS before and after the N × 5 sockets
connect and receive their first frame (``/proc/self/statm``, after
``gc.collect()``), divided by the sockets; with ``--clients inline`` that also
holds the clients' side. Only the first configuration of a run starts from a
fresh process: later ones reuse memory the earlier ones freed and show less
(measure memory with one ``--tables`` value). ``--tracemalloc`` adds the Python
heap growth over the same step (tracemalloc on during the connect only).

``--quick`` is a smoke run (1 and 2 tables, 1 s); ``--profile`` prints a cProfile
of the server's event loop during the window.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import io
import os
import platform
import pstats
import sys
import tempfile
import time
import tracemalloc
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

from bench.live_server import (
    ClientSide,
    GcPauses,
    Inline,
    LoopStalls,
    Records,
    Subprocess,
    rss_bytes,
    start_server,
)
from bench.storage import _cpu_name, _table, foreign_tables, open_database, postgres_url

DEFAULT_TABLES = (1, 10, 100)
DEFAULT_SECONDS = 10.0
QUICK_TABLES = (1, 2)
QUICK_SECONDS = 1.0
SOCKETS_PER_TABLE = 5


# ---- one configuration ---------------------------------------------------------------------


@dataclass
class Result:
    backend: str
    tables: int
    sockets: int
    clients: str
    think: float
    seconds: float
    actions: int
    plays: int
    per_socket_ns: list[int]
    all_ns: list[int]
    undelivered: int
    rss_per_socket: float
    heap_per_socket: float | None
    cpu_seconds: float
    client_cpu_seconds: float | None
    errors: int
    finished: int
    profile: str = ""
    negative: int = 0
    gc_pauses_ns: list[int] = field(default_factory=list)
    stalls: str = ""

    @property
    def per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    @property
    def cpu_us(self) -> float:
        return self.cpu_seconds / self.actions * 1e6 if self.actions else float("nan")


def pct_ms(values: list[int], q: float) -> float:
    """Nearest-rank percentile of sorted ``values`` (ns), in ms."""
    if not values:
        return float("nan")
    idx = min(len(values) - 1, max(0, int(-(-q * len(values) // 1)) - 1))
    return values[idx] / 1e6


def latencies(
    plays: dict[tuple[int, int, int], int],
    per_socket: Records,
    start_ns: int,
    end_ns: int,
) -> tuple[list[int], list[int], int, int]:
    """Per-socket and all-sockets latencies (sorted, ns) of the plays committed in
    [start, end); how many plays some socket never saw; how many came before t0."""
    by_table: dict[int, list[tuple[list[tuple[int, int]], list[int]]]] = {}
    for records in per_socket:
        if not records:
            continue
        marks = [(h, -left) for _, h, left, _ in records]
        times = [t for *_, t in records]
        by_table.setdefault(records[0][0], []).append((marks, times))

    each: list[int] = []
    every: list[int] = []
    undelivered = negative = 0
    for (table_id, hand_no, left), t0 in plays.items():
        if not start_ns <= t0 < end_ns:
            continue
        socks = by_table.get(table_id, [])
        got = []
        for marks, times in socks:
            i = bisect_left(marks, (hand_no, -left))
            if i < len(marks):
                got.append(times[i] - t0)
        if len(got) < SOCKETS_PER_TABLE:
            undelivered += 1
            continue
        negative += sum(1 for g in got if g < 0)
        each.extend(got)
        every.append(max(got))
    each.sort()
    every.sort()
    return each, every, undelivered, negative


async def measure(
    backend: str,
    n: int,
    *,
    pg_url: str | None,
    workdir: Path,
    seconds: float,
    warmup: float,
    think: float,
    clients: str,
    seed: str,
    heap: bool,
    profile: bool,
    gc_freeze: bool = False,
) -> Result:
    db = await open_database(backend, pg_url, workdir, n)
    server = await start_server(db, seed)
    side: ClientSide = Subprocess(server) if clients == "subprocess" else Inline(server)
    try:
        tables = [await server.new_match(i) for i in range(n)]
        gc.collect()
        rss0 = rss_bytes()
        if heap:
            tracemalloc.start()
        heap0 = tracemalloc.get_traced_memory()[0] if heap else 0
        sockets = await side.connect(tables)
        gc.collect()
        heap_growth = tracemalloc.get_traced_memory()[0] - heap0 if heap else 0
        if heap:
            tracemalloc.stop()
        gc.collect()
        rss_growth = rss_bytes() - rss0
        if gc_freeze:  # what is there now (code, tables, sockets) is never traversed again
            gc.freeze()

        await side.go(think)
        await asyncio.sleep(warmup)
        prof = cProfile.Profile() if profile else None
        cpu0 = time.process_time()
        start = time.monotonic_ns()
        if prof is not None:
            prof.enable()
        with GcPauses() as pauses, LoopStalls() as stalls:
            await asyncio.sleep(seconds)
        if prof is not None:
            prof.disable()
        end = time.monotonic_ns()
        cpu = time.process_time() - cpu0
        per_socket, errors, finished = await side.stop()
        each, every, undelivered, negative = latencies(server.stamps.plays, per_socket, start, end)
        actions = sum(1 for t in server.stamps.commits if start <= t < end)
        plays = sum(1 for t in server.stamps.plays.values() if start <= t < end)
        res = Result(
            backend=backend,
            tables=n,
            sockets=sockets,
            clients=clients,
            think=think,
            seconds=(end - start) / 1e9,
            actions=actions,
            plays=plays,
            per_socket_ns=each,
            all_ns=every,
            undelivered=undelivered,
            rss_per_socket=rss_growth / sockets if sockets else float("nan"),
            heap_per_socket=heap_growth / sockets if heap and sockets else None,
            cpu_seconds=cpu,
            client_cpu_seconds=None,
            errors=errors,
            finished=finished,
            negative=negative,
            gc_pauses_ns=sorted(pauses.pauses_ns),
            stalls=stalls.summary(),
        )
        if prof is not None:
            out = io.StringIO()
            st = pstats.Stats(prof, stream=out)
            st.sort_stats("tottime").print_stats(30)
            st.sort_stats("cumulative").print_stats(40)
            res.profile = out.getvalue()
    finally:
        await side.close()
        await server.web.stop()
        await db.dispose()
        gc.unfreeze()
    res.client_cpu_seconds = side.cpu_seconds()
    return res


# ---- output ------------------------------------------------------------------------------


def _line(r: Result) -> str:
    return (
        f"  {r.backend:8} {r.tables:4} tables × 5 sockets: {r.actions:6,} actions in "
        f"{r.seconds:4.1f} s = {r.per_second:6,.0f}/s ({r.plays:,} plays timed); per socket "
        f"p50 {pct_ms(r.per_socket_ns, 0.5):6.2f} ms p99 {pct_ms(r.per_socket_ns, 0.99):6.2f} ms;"
        f" all 5 p50 {pct_ms(r.all_ns, 0.5):6.2f} ms p99 {pct_ms(r.all_ns, 0.99):6.2f} ms"
        f" max {pct_ms(r.all_ns, 1.0):6.1f} ms; {len(r.gc_pauses_ns)} GC runs, longest"
        f" {pct_ms(r.gc_pauses_ns, 1.0):.1f} ms; {r.stalls}"
    )


async def run(args: argparse.Namespace, tables: list[int], backends: list[str]) -> list[Result]:
    pg_url, pg_source = postgres_url(args.postgres_url)
    print(f"Python {platform.python_version()}; aiohttp {aiohttp.__version__}")
    print(f"Machine: {platform.platform()}; {_cpu_name()}; {os.cpu_count()} logical CPUs")
    with contextlib.suppress(OSError):
        print("load average before the run: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    if "postgres" in backends:
        if pg_url is None:
            print("PostgreSQL: skipped (no --postgres-url, TEST_POSTGRES_URL or DATABASE_URL)")
            backends = [b for b in backends if b != "postgres"]
        elif pg_source == "DATABASE_URL" and (k := await foreign_tables(pg_url)):
            print(
                f"PostgreSQL: skipped: DATABASE_URL holds {k} table(s) the benchmark did "
                "not make and the benchmark drops everything; give --postgres-url"
            )
            backends = [b for b in backends if b != "postgres"]
        else:
            print(f"PostgreSQL at {pg_url.split('@')[-1]} (its tables are dropped)")
    pace = "as fast as the answers come" if args.think == 0 else f"{args.think:g} s per action"
    print(
        f"classic tables of 4 people + 1 spectator; clients: {args.clients}; seats act {pace}; "
        f"{args.warmup:g} s untimed, then {args.seconds:g} s timed per configuration"
    )
    sys.stdout.flush()
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="shengji-live-") as tmp:
        for backend in backends:
            for n in tables:
                res = await measure(
                    backend,
                    n,
                    pg_url=pg_url,
                    workdir=Path(tmp),
                    seconds=args.seconds,
                    warmup=args.warmup,
                    think=args.think,
                    clients=args.clients,
                    seed=args.seed,
                    heap=args.tracemalloc,
                    profile=args.profile,
                    gc_freeze=args.gc_freeze,
                )
                results.append(res)
                print(_line(res))
                if res.profile:
                    print(f"\n--- cProfile, {backend}, {n} tables (server event loop) ---")
                    print(res.profile.rstrip())
                    print()
                sys.stdout.flush()
    return results


def report(results: list[Result], args: argparse.Namespace) -> None:
    rows = []
    for r in results:
        heap = "" if r.heap_per_socket is None else f" / {r.heap_per_socket / 1024:.1f}"
        client_cpu = (
            "" if r.client_cpu_seconds is None else f"{r.client_cpu_seconds / r.seconds:.0%}"
        )
        rows.append(
            [
                r.backend,
                str(r.tables),
                f"{r.per_second:,.0f}",
                f"{pct_ms(r.per_socket_ns, 0.5):.2f}",
                f"{pct_ms(r.per_socket_ns, 0.99):.2f}",
                f"{pct_ms(r.per_socket_ns, 1.0):.1f}",
                f"{pct_ms(r.all_ns, 0.5):.2f}",
                f"{pct_ms(r.all_ns, 0.99):.2f}",
                f"{pct_ms(r.all_ns, 1.0):.1f}",
                f"{r.cpu_us:.0f}",
                client_cpu,
                f"{r.rss_per_socket / 1024:.1f}{heap}",
            ]
        )
    headers = [
        "backend",
        "tables",
        "actions/s",
        "sock p50",
        "sock p99",
        "sock max",
        "all5 p50",
        "all5 p99",
        "all5 max",
        "srv CPU µs/action",
        "client CPU",
        "KiB/socket",
    ]
    print()
    print(_table(headers, rows))
    print(
        "latency (ms) = a play's commit (the service's notice) → a socket received the "
        "state frame showing it; all5 = the slowest of the table's 5 sockets"
    )
    memo = "RSS delta of the server process" + (
        " (clients included: --clients inline)" if args.clients == "inline" else ""
    )
    if args.tracemalloc:
        memo += " / tracemalloc heap growth"
    print(
        f"KiB/socket = {memo} per connected socket (a fresh process only for the first "
        "configuration: later ones reuse freed memory)"
    )
    odd = [
        f"{r.tables} tables: {r.undelivered} plays not seen by all 5 sockets"
        for r in results
        if r.undelivered
    ]
    odd += [f"{r.tables} tables: {r.negative} frames before t0 (!)" for r in results if r.negative]
    odd += [f"{r.tables} tables: {r.finished} matches finished and renewed" for r in results]
    odd += [f"{r.tables} tables: {r.errors} actions refused (races)" for r in results if r.errors]
    if odd:
        print("; ".join(odd))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.live", description=__doc__.split("\n")[0])
    ap.add_argument(
        "--tables", default=None, help="comma-separated table counts (default 1,10,100)"
    )
    ap.add_argument("--seconds", type=float, default=None, help="timed seconds per configuration")
    ap.add_argument("--warmup", type=float, default=None, help="untimed seconds first (default 1)")
    ap.add_argument(
        "--think", type=float, default=0.0, help="seconds a seat waits before each action (0)"
    )
    ap.add_argument("--clients", choices=("subprocess", "inline"), default="subprocess")
    ap.add_argument("--backends", default="sqlite", help="sqlite and/or postgres (default sqlite)")
    ap.add_argument("--postgres-url", default=None, help="postgresql+asyncpg://... (DROPS TABLES)")
    ap.add_argument("--tracemalloc", action="store_true", help="also the heap growth per socket")
    ap.add_argument(
        "--gc-freeze",
        action="store_true",
        help="gc.freeze() in the server once the sockets are connected (the bot does not)",
    )
    ap.add_argument("--quick", action="store_true", help="small sizes for a smoke run")
    ap.add_argument("--seed", default="live-bench")
    ap.add_argument("--profile", action="store_true", help="cProfile the server during the window")
    args = ap.parse_args(argv)
    try:
        tables = (
            [int(x) for x in args.tables.split(",") if x.strip()]
            if args.tables
            else list(QUICK_TABLES if args.quick else DEFAULT_TABLES)
        )
    except ValueError:
        ap.error("--tables takes numbers like 1,10,100")
    if not tables or any(n < 1 for n in tables):
        ap.error("--tables must be ≥ 1")
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    if args.postgres_url and "postgres" not in backends:
        backends.append("postgres")
    if not backends or any(b not in ("sqlite", "postgres") for b in backends):
        ap.error("--backends must be among sqlite,postgres")
    if args.seconds is None:
        args.seconds = QUICK_SECONDS if args.quick else DEFAULT_SECONDS
    if args.warmup is None:
        args.warmup = 0.3 if args.quick else 1.0
    if args.seconds <= 0 or args.warmup < 0 or args.think < 0:
        ap.error("--seconds must be > 0, --warmup and --think ≥ 0")
    results = asyncio.run(run(args, tables, backends))
    report(results, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
