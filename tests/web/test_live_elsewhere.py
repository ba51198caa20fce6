"""Two bot processes on one PostgreSQL (the shards): a live client connected to the
process that does *not* own its table sees every move the owner applies, at once
(LISTEN/NOTIFY, not the polling: ``refresh_seconds`` is a minute here)."""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.service import FakeClock, TableService
from bot.service.shards import Shards
from bot.web.live.routes import LiveSlot
from bot.web.server import WebServer
from storage import Database
from tests.support.database import POSTGRES_URL, empty_database_url
from tests.support.live_table import GUILD
from tests.support.processes import ROOT, child_env
from tests.support.service_helpers import TEST_LINK_KEY, options

pytestmark = pytest.mark.skipif(not POSTGRES_URL, reason="PostgreSQL not available")

BOUND = 1.0  # seconds: each move reaches the other process's client within this
MOVES = int(os.environ.get("SHENGJI_ELSEWHERE_MOVES", "100"))


class Frames:
    """Every state frame a socket receives, with the time it arrived."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.got: list[tuple[float, dict[str, Any]]] = []
        self._new = asyncio.Event()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            frame = json.loads(msg.data)
            if frame["t"] in ("state", "closed", "denied"):
                self.got.append((time.time(), frame))
                self._new.set()

    async def first(self, after: int, want: Any, timeout: float) -> tuple[int, float]:
        """The first frame after index ``after`` that ``want`` accepts: (index, time)."""
        async with asyncio.timeout(timeout):
            while True:
                for i in range(after, len(self.got)):
                    if want(self.got[i][1]):
                        return i, self.got[i][0]
                after = len(self.got)
                self._new.clear()
                await self._new.wait()


def seen(frame: dict[str, Any]) -> dict[str, Any]:
    """What seat 0's frame shows, as the child process reports it."""
    hand = frame.get("hand") or []
    return {
        "phase": frame.get("phase"),
        "hand": sorted(c["id"] for g in hand for c in g["cards"]),
        "trick": [
            [p["seat"], sorted(c["id"] for c in p["cards"])] for p in frame["trick"]["plays"]
        ],
    }


@pytest.mark.slow  # 100 moves across two processes: in .ci/run's slow pass
async def test_a_client_on_another_process_sees_each_move_at_once(tmp_path: Path) -> None:
    url = await empty_database_url("postgres", tmp_path)
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.support.notify_child",
        url,
        cwd=ROOT,
        env=child_env(),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert child.stdin is not None and child.stdout is not None
    # Process B: the other shard (it does not own the guild: nothing loaded, no
    # timers, and its polling would take a minute).
    mine = 1 - Shards(2).shard_of(GUILD)
    db = Database(url)
    svc = TableService(
        db,
        clock=FakeClock(),
        defaults=options(),
        shards=Shards(2, frozenset({mine})),
        link_key=TEST_LINK_KEY,
    )
    svc.core.refresh_seconds = 60.0
    assert not svc.core.shards.owns(GUILD)
    slot = LiveSlot()
    server = WebServer(db, "127.0.0.1", 0, slot)
    session = aiohttp.ClientSession()
    try:
        info = json.loads(await asyncio.wait_for(child.stdout.readline(), 60))
        assert await svc.start() == 0  # the table is the other process's
        slot.attach(svc)
        await svc.core.watch()
        await server.start()
        ws = await session.ws_connect(f"{server.url}/live/ws")
        await ws.send_str(json.dumps({"t": "hello", "token": info["tokens"][0], "lang": "en"}))
        frames = Frames(ws)
        index, _ = await frames.first(0, lambda f: f["t"] == "state", 10)
        shown = seen(frames.got[index][1])
        delays: list[float] = []
        plays = 0
        for _ in range(MOVES):
            child.stdin.write(b"move\n")
            await child.stdin.drain()
            line = await asyncio.wait_for(child.stdout.readline(), 30)
            expected = json.loads(line)
            at = expected.pop("at")
            expected.pop("version")
            if expected == shown:  # another seat's pass: seat 0's frame is unchanged
                continue
            index, arrived = await frames.first(
                index + 1, lambda f, e=expected: f["t"] == "state" and seen(f) == e, BOUND
            )
            shown = expected
            delays.append(arrived - at)
            plays += bool(expected["trick"])
        assert len(delays) >= MOVES * 0.8 and plays > MOVES // 2
        assert max(delays) < BOUND
        cuts = statistics.quantiles(delays, n=100, method="inclusive")
        print(
            f"\nA→B live frame delay over {len(delays)} moves: "
            f"p50 {statistics.median(delays) * 1000:.1f} ms, p99 {cuts[98] * 1000:.1f} ms, "
            f"max {max(delays) * 1000:.1f} ms"
        )
        assert svc.core.live_ids() == []  # B never took the table as its own
    finally:
        if child.returncode is None:
            child.stdin.write(b"quit\n")
            try:
                await asyncio.wait_for(child.wait(), 10)
            except TimeoutError:
                child.kill()
                await child.wait()
        await session.close()
        await server.stop()
        await db.dispose()
