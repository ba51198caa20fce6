"""A live table to test: the table service on a real SQLite file, the web side on
loopback with the live table attached, seats taken by people with their links,
and browsers (Playwright, async) that open them and record every websocket frame.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.service import TableService
from bot.web.live.activity import ActivitySettings
from bot.web.live.routes import LiveSlot
from bot.web.server import WebServer
from rules.game import Match
from storage import Database
from tests.support.browser_helpers import CHROMIUM_ARGS, chromium_path, missing
from tests.support.service_helpers import new_service

CHANNEL = 5150
GUILD = 77
FIRST_USER = 9001


@dataclass
class Player:
    """One browser page at the table: its seat (None: a spectator) and every frame
    its socket received, parsed."""

    seat: int | None
    page: Any
    frames: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def states(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("t") == "state"]


@dataclass
class LiveWorld:
    db: Database
    service: TableService
    slot: LiveSlot
    server: WebServer
    table_id: int
    users: list[int]
    browser: Any = None
    players: list[Player] = field(default_factory=list)

    @property
    def match(self) -> Match:
        m = self.service.match_of(self.table_id)
        assert m is not None
        return m

    async def seat_url(self, seat: int) -> str:
        assert self.slot.access is not None
        token = await self.slot.access.seat_link(self.table_id, self.users[seat])
        return f"{self.server.url}/t/{token}"

    async def spectator_url(self) -> str:
        assert self.slot.access is not None
        token = await self.slot.access.spectator_link(self.table_id, self.users[0])
        return f"{self.server.url}/t/{token}"

    async def open(
        self,
        url: str,
        seat: int | None,
        *,
        locale: str = "zh-CN",
        width: int = 1100,
        height: int = 760,
    ) -> Player:
        """A fresh browser context (its own storage, as another person's browser)."""
        context = await self.browser.new_context(
            viewport={"width": width, "height": height}, locale=locale
        )
        page = await context.new_page()
        player = Player(seat, page)

        def on_socket(ws: Any) -> None:
            ws.on("framereceived", lambda payload: player.frames.append(json.loads(payload)))

        page.on("websocket", on_socket)
        page.on("pageerror", lambda exc: player.errors.append(str(exc)))
        await page.goto(url)
        self.players.append(player)
        return player


@asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """A headless system Chromium (skipped locally without one; a failure in CI)."""
    path = chromium_path()
    if path is None or not Path(path).exists():
        missing("Chromium is not installed")
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        missing("Playwright is not installed (pip install -e '.[dev]')")
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


@asynccontextmanager
async def live_world(
    tmp_path: Path,
    *,
    players: int = 4,
    preset: str | None = None,
    locale: str = "zh-CN",
    activity: ActivitySettings | None = None,
    **options: Any,
) -> AsyncIterator[LiveWorld]:
    """A started table of ``players`` people (``FIRST_USER`` …) served live (with
    ``activity``: as a Discord Activity too, ``tests/support/activity.py``)."""
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'live.db'}")
    await db.upgrade()
    service = new_service(db, seed=options.pop("seed", "live"), **options)
    slot = LiveSlot(activity)
    slot.attach(service)
    server = WebServer(db, "127.0.0.1", 0, slot)
    await server.start()
    users = [FIRST_USER + i for i in range(players)]
    try:
        status = await service.create_table(
            guild_id=GUILD,
            channel_id=CHANNEL,
            creator_id=users[0],
            creator_name="Ann",
            preset_name=preset,
            players=players if players != 4 else None,
            locale=locale,
        )
        names = ["Bob", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
        for i, user in enumerate(users[1:]):
            await service.join(CHANNEL, user, names[i], locale=locale)
        await service.start_game(CHANNEL, users[0])
        world = LiveWorld(db, service, slot, server, status.table.id, users)
        async with chromium() as browser:
            world.browser = browser
            yield world
    finally:
        await server.stop()
        await db.dispose()


async def shoot(player: Player, name: str) -> None:
    """With ``SHENGJI_SHOTS=<dir>``: save the page as ``<dir>/<name>.png`` (the
    docs' screenshots come from the tests: ``docs/live-table.md``)."""
    folder = os.environ.get("SHENGJI_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        await player.page.screenshot(path=str(Path(folder) / f"{name}.png"))


async def until(check: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    """Wait (polling) until ``check()`` holds; fail naming ``what``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        if loop.time() > end:
            pytest.fail(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)
