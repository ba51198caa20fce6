"""The server side of ``bench.live``: the web side with the live table on a table
service, the commit stamps, the watches on the server's garbage collector and event
loop, and the clients (``bench.live_clients``) run here or in a subprocess."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import resource
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from bench.live_clients import Clients, Links
from bench.storage_tables import CHANNEL_BASE
from bot.service import FakeClock, Notice, TableService
from bot.web.live.routes import LiveSlot
from bot.web.server import WebServer
from rules.actions import Play
from storage import Database
from tests.support.service_helpers import options

GUILD = 1
USER_BASE = 700_000_000_000
DRAIN_SECONDS = 1.0
Records = list[list[tuple[int, int, int, int]]]  # per socket: table, hand_no, left, ns


# ---- the server side --------------------------------------------------------------------


class Stamps:
    """The service's notices, stamped: one per committed action (a change of the
    table's ``seq``), and each play's position with its commit time."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.seq: dict[int, int] = {}
        self.commits: list[int] = []  # commit times of every action
        self.plays: dict[tuple[int, int, int], int] = {}  # (table, hand_no, left) -> t0
        service.core.subscribe(self.on_notice)

    def on_notice(self, notice: Notice) -> None:
        live = self.service.core.live_table(notice.table_id)
        if live is None or self.seq.get(notice.table_id) == live.table.seq:
            return
        now = time.monotonic_ns()
        self.seq[notice.table_id] = live.table.seq
        self.commits.append(now)
        m = live.match
        if m is None or m.phase == "finished" or not m.hand_log:
            return  # a match's last play: its table is closed, no state frame shows it
        if isinstance(m.hand_log[-1], Play):
            left = sum(sum(h) for h in m.hand.hands)
            self.plays.setdefault((notice.table_id, m.hand_no, left), now)


@dataclass
class Server:
    db: Database
    service: TableService
    slot: LiveSlot
    web: WebServer
    stamps: Stamps
    seed: str
    matches: int = 0

    @property
    def url(self) -> str:
        return self.web.url

    async def new_match(self, index: int) -> Links:
        """A table of four people at channel ``index`` with a match on, and its links."""
        svc, channel = self.service, CHANNEL_BASE + index
        users = [USER_BASE + index * 10 + s for s in range(4)]
        st = await svc.lifecycle.create_table(
            guild_id=GUILD, channel_id=channel, creator_id=users[0], creator_name="P1"
        )
        for s, u in enumerate(users[1:], start=2):
            await svc.lifecycle.join(channel, u, f"P{s}")
        await svc.lifecycle.start_game(channel, users[0])
        access = self.slot.access
        assert access is not None
        table_id = st.table.id
        tokens = [await access.seat_link(table_id, u) for u in users]
        tokens.append(await access.spectator_link(table_id, users[0]))
        self.matches += 1
        return Links(index, table_id, tokens)


async def start_server(db: Database, seed: str) -> Server:
    counter = iter(range(1 << 62))
    service = TableService(
        db,
        clock=FakeClock(),
        defaults=options(),  # instant deal, no turn timer, no AI delay
        seed_source=lambda: f"{seed}-{next(counter)}",
    )
    slot = LiveSlot()
    slot.attach(service)
    stamps = Stamps(service)  # after the hub's listener: the hub has marked the table
    web = WebServer(db, "127.0.0.1", 0, slot)
    await web.start()
    return Server(db, service, slot, web, stamps, seed)


class GcPauses:
    """The server process's garbage collections while on: each one's duration."""

    def __init__(self) -> None:
        self.pauses_ns: list[int] = []
        self._at = 0

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._at = time.perf_counter_ns()
        else:
            self.pauses_ns.append(time.perf_counter_ns() - self._at)

    def __enter__(self) -> GcPauses:
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._callback)


class LoopStalls:
    """The server's event loop, watched every ``TICK`` seconds: each turn that came
    over 20 ms late, and how much of that wait the loop's thread, and the whole
    process, spent on the CPU. Little of either: the machine's other processes had
    the cores; the process but not the loop: another thread of ours (the storage's
    writer) held the GIL; the loop itself: a long stretch of our own work."""

    TICK = 0.005

    def __init__(self) -> None:
        self.stalls: list[tuple[int, int, int]] = []  # late, loop thread CPU, process CPU
        self._task: asyncio.Task[None] | None = None

    async def _watch(self) -> None:
        clocks = time.perf_counter_ns, time.thread_time_ns, time.process_time_ns
        before = [c() for c in clocks]
        while True:
            await asyncio.sleep(self.TICK)
            now = [c() for c in clocks]
            late = now[0] - before[0] - int(self.TICK * 1e9)
            if late > 20_000_000:
                self.stalls.append((late, now[1] - before[1], now[2] - before[2]))
            before = now

    def __enter__(self) -> LoopStalls:
        self._task = asyncio.create_task(self._watch())
        return self

    def __exit__(self, *exc: object) -> None:
        if self._task is not None:
            self._task.cancel()

    def summary(self) -> str:
        if not self.stalls:
            return "no turn of the event loop over 20 ms late"
        late = sum(x for x, _, _ in self.stalls)
        loop = sum(min(c, x) for x, c, _ in self.stalls)
        proc = sum(min(p, x) for x, _, p in self.stalls)
        worst = max(self.stalls)
        return (
            f"{len(self.stalls)} turns of the event loop over 20 ms late, worst"
            f" {worst[0] / 1e6:.0f} ms; while late the loop ran {loop / late:.0%} of the"
            f" time, the process {proc / late:.0%}"
        )


def rss_bytes() -> int:
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


# ---- the clients, here or in a subprocess -------------------------------------------------


class ClientSide(Protocol):
    """What ``measure`` asks of the clients, wherever they run (``Inline``,
    ``Subprocess``)."""

    async def connect(self, tables: list[Links]) -> int: ...

    async def go(self, think: float) -> None: ...

    async def stop(self) -> tuple[Records, int, int]:
        """Per socket its records; errors answered; matches finished."""
        ...

    async def close(self) -> None: ...

    def cpu_seconds(self) -> float | None: ...


class Inline:
    def __init__(self, server: Server) -> None:
        self.clients = Clients(server.url, server.new_match)

    async def connect(self, tables: list[Links]) -> int:
        return await self.clients.connect(tables)

    async def go(self, think: float) -> None:
        self.clients.go(think)

    async def stop(self) -> tuple[Records, int, int]:
        per_socket = await self.clients.stop(DRAIN_SECONDS)
        return per_socket, self.clients.errors(), self.clients.finished_matches

    async def close(self) -> None:
        await self.clients.close()

    def cpu_seconds(self) -> float | None:
        return None  # the clients share the server's process: no separate figure


class Subprocess:
    """``python -m bench.live_clients``, spoken to in JSON lines."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.proc: asyncio.subprocess.Process | None = None
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.tasks: set[asyncio.Task[None]] = set()
        self._cpu: float | None = None

    async def _start(self) -> None:
        root = Path(__file__).resolve().parent.parent
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bench.live_clients",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            cwd=root,
            limit=2**28,
        )
        reader = asyncio.create_task(self._read())
        self.tasks.add(reader)

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            msg = json.loads(line)
            if msg["op"] == "renew":
                task = asyncio.create_task(self._renew(int(msg["index"])))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)
            else:
                await self.answers.put(msg)
        await self.answers.put({"op": "exit"})

    async def _renew(self, index: int) -> None:
        links = await self.server.new_match(index)
        await self._say({"op": "tokens", "links": links.to_json()})

    async def _say(self, msg: dict[str, Any]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(msg) + "\n").encode())
        await self.proc.stdin.drain()

    async def _answer(self, op: str) -> dict[str, Any]:
        msg = await self.answers.get()
        if msg["op"] != op:
            raise RuntimeError(f"the clients' process said {msg['op']}, expected {op}")
        return msg

    async def connect(self, tables: list[Links]) -> int:
        await self._start()
        tables_json = [t.to_json() for t in tables]
        await self._say({"op": "tables", "url": self.server.url, "tables": tables_json})
        return int((await self._answer("connected"))["sockets"])

    async def go(self, think: float) -> None:
        await self._say({"op": "go", "think": think})

    async def stop(self) -> tuple[Records, int, int]:
        await self._say({"op": "stop", "drain": DRAIN_SECONDS})
        msg = await self._answer("records")
        per_socket = [[(a, b, c, d) for a, b, c, d in s] for s in msg["records"]]
        return per_socket, int(msg["errors"]), int(msg["finished"])

    async def close(self) -> None:
        if self.proc is not None:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            with contextlib.suppress(ProcessLookupError):
                if self.proc.stdin is not None:
                    self.proc.stdin.close()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            self._cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        for t in list(self.tasks):
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    def cpu_seconds(self) -> float | None:
        return self._cpu
