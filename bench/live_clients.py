"""The client side of ``bench.live``: aiohttp websocket clients of the live table that
play by the frames they receive, and note when each frame arrived.

Every table has five sockets: its four seats and a spectator. A seat acts on the
newest state frame it holds, as the page would let a person: it plays or buries
the frame's ``suggest`` when its ``can`` says so, declares the first declaration it
is offered while nobody has declared (else passes), calls the suggested friends,
and seat 0 starts the next hand. One action is in flight per socket; after its
answer the seat acts again only on a frame that shows a change (an error is
followed by a fresh try a little later). With a think time T each action waits
a uniform 0.5–1.5 × T first, so the tables do not act in step. A closed frame
(the match ended) asks for the links of a new match (``renew``).

Each socket records ``(table id, hand_no, cards in hands, arrival ns)`` whenever
the frame's position in the hand advances: a state frame reflects a play of the
hand once its cards in hands (the sum of every seat's ``cards``) are as few as
after that play. The arrival time is ``time.monotonic_ns()`` taken as the message
comes off the socket, before it is parsed: the same clock in every process on
Linux, so the server's commit stamps and these compare.

Run in-process (``Clients`` driven by ``bench.live``) or as a subprocess
(``python -m bench.live_clients``, a JSON-lines protocol on stdin/stdout:
``tables`` → ``connected``; ``go``; ``stop`` → ``records``; it asks ``renew`` and is
answered ``tokens``), so the clients' own work does not share the server's
event loop or core.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

SEATS = 4
RETRY_SECONDS = 0.05  # after a refused action, act again on the newest frame
Record = tuple[int, int, int, int]  # table id, hand_no, cards in hands, arrival ns


@dataclass
class Links:
    """One table's links: its four seats, then a spectator."""

    index: int
    table_id: int
    tokens: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "table_id": self.table_id, "tokens": self.tokens}

    @classmethod
    def of(cls, data: dict[str, Any]) -> Links:
        return cls(int(data["index"]), int(data["table_id"]), [str(t) for t in data["tokens"]])


def position(frame: dict[str, Any]) -> tuple[int, int]:
    """How far a state frame's hand has gone: (hand_no, cards still in hands)."""
    return int(frame["hand_no"]), sum(int(s["cards"]) for s in frame["seats"])


def signature(frame: dict[str, Any]) -> tuple[Any, ...]:
    """What changes when this seat's own action is applied (a frame built before it
    would show the same)."""
    return (
        frame["hand_no"],
        frame["phase"],
        position(frame)[1],
        len(frame["declarations"]),
        json.dumps(frame["can"], sort_keys=True),
    )


def choose(frame: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The action this seat takes on ``frame`` (None: nothing to do now)."""
    can = frame["can"]
    if can["play"] and frame["suggest"]:
        return {"do": "play", "cards": frame["suggest"]}
    if can["bury"] and frame["suggest"]:
        return {"do": "bury", "cards": frame["suggest"]}
    if can["call"] and frame["calls"]:
        return {"do": "call", "calls": frame["calls"]}
    if can["declare"] and not frame["declarations"] and frame["phase"] != "stealing":
        return {"do": "declare", "cards": can["declare"][0]}
    if can["pass"]:
        return {"do": "pass"}
    if can["next_hand"] and seat == 0:
        return {"do": "next_hand"}
    return None


@dataclass
class Sock:
    """One client socket at a table."""

    table: TableClients
    seat: int | None
    ws: aiohttp.ClientWebSocketResponse
    records: list[Record] = field(default_factory=list)
    frames: int = 0
    first_state: asyncio.Event = field(default_factory=asyncio.Event)
    latest: dict[str, Any] | None = None
    acted_on: tuple[Any, ...] | None = None
    in_flight: str | None = None
    counter: int = 0
    errors: int = 0
    _mark: tuple[int, int] | None = None
    _retry: asyncio.TimerHandle | None = None

    async def read(self) -> None:
        async for msg in self.ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            t = time.monotonic_ns()
            data = json.loads(msg.data)
            kind = data.get("t")
            if kind == "state":
                self.frames += 1
                self._note(data, t)
                self.latest = data
                self.first_state.set()
                self.maybe_act()
            elif kind in ("ack", "error") and data.get("id") == self.in_flight:
                self.in_flight = None
                if kind == "error":
                    self.errors += 1
                    self.acted_on = None  # try again on the newest frame, shortly
                    loop = asyncio.get_running_loop()
                    self._retry = loop.call_later(RETRY_SECONDS, self.maybe_act)
                else:
                    self.maybe_act()
            elif kind == "closed":
                self.table.closed(self)
                return

    def _note(self, frame: dict[str, Any], t: int) -> None:
        hand_no, left = position(frame)
        mark = (hand_no, -left)
        if self._mark is None or mark > self._mark:
            self._mark = mark
            self.records.append((int(frame["table"]), hand_no, left, t))

    def maybe_act(self) -> None:
        frame = self.latest
        owner = self.table.owner
        if self.seat is None or frame is None or not owner.acting or self.in_flight:
            return
        sig = signature(frame)
        if sig == self.acted_on:
            return  # built before our last action was applied: wait for the next
        action = choose(frame, self.seat)
        if action is None:
            return
        self.counter += 1
        ident = f"s{self.seat}-{self.counter}"
        self.in_flight, self.acted_on = ident, sig
        payload = json.dumps({"t": "act", "id": ident, **action})
        if owner.think > 0:  # uniform in [0.5, 1.5] × think: tables drift apart
            delay = owner.think * (0.5 + owner.rng.random())
            asyncio.get_running_loop().call_later(delay, self._send_later, payload)
        else:
            self._send_later(payload)

    def _send_later(self, payload: str) -> None:
        if not self.ws.closed:
            task = asyncio.ensure_future(self.ws.send_str(payload))
            self.table.owner.pending.add(task)
            task.add_done_callback(self.table.owner.pending.discard)


class TableClients:
    """The five sockets of one table (a new set after each renewal)."""

    def __init__(self, owner: Clients, links: Links) -> None:
        self.owner, self.links = owner, links
        self.socks: list[Sock] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.renewing = False

    async def connect(self) -> None:
        seats: list[int | None] = [*range(SEATS), None]
        for seat, token in zip(seats, self.links.tokens, strict=True):
            ws = await self.owner.session.ws_connect(f"{self.owner.url}/live/ws")
            await ws.send_str(json.dumps({"t": "hello", "token": token, "lang": "en"}))
            sock = Sock(self, seat, ws)
            self.socks.append(sock)
            self.tasks.append(asyncio.create_task(sock.read()))
        await asyncio.gather(*(s.first_state.wait() for s in self.socks))

    def closed(self, sock: Sock) -> None:
        if self.renewing or not self.owner.acting:
            return
        self.renewing = True
        self.owner.spawn(self._renew())

    async def _renew(self) -> None:
        self.owner.finished_matches += 1
        old = self.socks
        fresh = await self.owner.renew(self.links.index)
        self.owner.retired.extend(old)
        for s in old:
            await s.ws.close()
        replacement = TableClients(self.owner, fresh)
        self.owner.tables[self.links.index] = replacement
        await replacement.connect()
        for s in replacement.socks:
            s.maybe_act()

    def kick(self) -> None:
        for s in self.socks:
            s.maybe_act()


Renew = Callable[[int], Awaitable[Links]]


class Clients:
    """Every table's sockets, against the server at ``url``."""

    def __init__(self, url: str, renew: Renew) -> None:
        self.url, self.renew = url, renew
        # no cap on connections: every socket is one (aiohttp pools 100 by default)
        self.session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
        self.tables: dict[int, TableClients] = {}
        self.retired: list[Sock] = []
        self.pending: set[asyncio.Future[Any]] = set()
        self.acting = False
        self.think = 0.0
        self.rng = random.Random(0)
        self.finished_matches = 0

    def spawn(self, coro: Awaitable[None]) -> None:
        task = asyncio.ensure_future(coro)
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def connect(self, tables: list[Links], parallel: int = 20) -> int:
        """Connect every table's five sockets; return when each has its first state."""
        gate = asyncio.Semaphore(parallel)

        async def one(links: Links) -> None:
            async with gate:
                tc = TableClients(self, links)
                self.tables[links.index] = tc
                await tc.connect()

        await asyncio.gather(*(one(t) for t in tables))
        return sum(len(t.socks) for t in self.tables.values())

    def go(self, think: float) -> None:
        self.acting, self.think = True, think
        for tc in self.tables.values():
            tc.kick()

    async def stop(self, drain: float) -> list[list[Record]]:
        """Stop acting, let the frames in flight arrive, and return each socket's
        records."""
        self.acting = False
        await asyncio.sleep(drain)
        return [list(s.records) for s in self.all_socks()]

    def all_socks(self) -> list[Sock]:
        return [*self.retired, *(s for tc in self.tables.values() for s in tc.socks)]

    def errors(self) -> int:
        return sum(s.errors for s in self.all_socks())

    async def close(self) -> None:
        for tc in self.tables.values():
            for s in tc.socks:
                await s.ws.close()
            for task in tc.tasks:
                task.cancel()
            await asyncio.gather(*tc.tasks, return_exceptions=True)
        for f in list(self.pending):
            f.cancel()
        await asyncio.gather(*self.pending, return_exceptions=True)
        await self.session.close()


# ---- as a subprocess ------------------------------------------------------------------------


async def _stdin_lines() -> asyncio.StreamReader:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=2**24)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return reader


def _say(msg: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


async def serve() -> None:
    """The subprocess: follow the parent's orders on stdin, answer on stdout."""
    reader = await _stdin_lines()
    waiting: dict[int, asyncio.Future[Links]] = {}

    async def renew(index: int) -> Links:
        fut: asyncio.Future[Links] = asyncio.get_running_loop().create_future()
        waiting[index] = fut
        _say({"op": "renew", "index": index})
        return await fut

    clients: Clients | None = None
    try:
        while line := await reader.readline():
            msg = json.loads(line)
            op = msg["op"]
            if op == "tables":
                clients = Clients(msg["url"], renew)
                count = await clients.connect([Links.of(t) for t in msg["tables"]])
                _say({"op": "connected", "sockets": count})
            elif op == "go" and clients is not None:
                clients.go(float(msg["think"]))
            elif op == "tokens":
                links = Links.of(msg["links"])
                fut = waiting.pop(links.index, None)
                if fut is not None:
                    fut.set_result(links)
            elif op == "stop" and clients is not None:
                records = await clients.stop(float(msg["drain"]))
                _say(
                    {
                        "op": "records",
                        "records": records,
                        "errors": clients.errors(),
                        "finished": clients.finished_matches,
                    }
                )
                return
    finally:
        if clients is not None:
            with contextlib.suppress(Exception):
                await clients.close()


if __name__ == "__main__":
    asyncio.run(serve())
