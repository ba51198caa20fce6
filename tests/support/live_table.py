"""A live table to test: the table service on a real SQLite file, the web side on
loopback with the live table attached, seats taken by people with their links,
and browsers (Playwright, async) that open them and record every websocket frame.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import pytest

from bot.service import TableService
from bot.web.live.activity import ActivitySettings
from bot.web.live.routes import LiveSlot
from bot.web.server import WebServer
from rules.actions import Play
from rules.cards import Card
from rules.game import Match
from rules.trump import TRUMP
from rules.units import decompose
from storage import Database
from tests.support.browser_helpers import CHROMIUM_ARGS, chromium_or_skip
from tests.support.database import migrated_sqlite
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
        m = self.service.queries.match_of(self.table_id)
        assert m is not None
        return m

    async def seat_url(self, seat: int) -> str:
        assert self.slot.access is not None
        token = await self.slot.access.seat_link(self.table_id, self.users[seat])
        return f"{self.server.url}/t/{token}"

    async def drop_socket(self, seat: int) -> None:
        """The server side drops that seat's socket (a network cut): the page must
        reconnect by itself."""
        assert self.slot.hub is not None
        for client in list(self.slot.hub.clients.get(self.table_id, ())):
            if client.viewer.seat == seat:
                await client.ws.close()

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
        player = await open_page(self.browser, url, seat, locale=locale, width=width, height=height)
        self.players.append(player)
        return player


async def open_page(
    browser: Any, url: str, seat: int | None, *, locale: str, width: int = 1100, height: int = 760
) -> Player:
    """``url`` in a fresh browser context, every websocket frame it receives kept."""
    context = await browser.new_context(viewport={"width": width, "height": height}, locale=locale)
    context.set_default_timeout(60_000)  # a loaded 2-core machine runs four workers and browsers
    page = await context.new_page()
    player = Player(seat, page)

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: player.frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    page.on("pageerror", lambda exc: player.errors.append(str(exc)))
    await page.goto(url)
    return player


@asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """A headless system Chromium (skipped locally without one; a failure in CI)."""
    path = chromium_or_skip()
    from playwright.async_api import async_playwright

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
    """A started table of ``players`` people (``FIRST_USER`` …) served live
    (``preset``: the table's rules, e.g. ``friends-6`` for six; with ``activity``:
    as a Discord Activity too, ``tests/support/activity.py``)."""
    db = Database(await migrated_sqlite(tmp_path / "live.db"))
    await db.upgrade()
    service = new_service(db, seed=options.pop("seed", "live"), **options)
    slot = LiveSlot(activity)
    slot.attach(service)
    server = WebServer(db, "127.0.0.1", 0, slot)
    await server.start()
    users = [FIRST_USER + i for i in range(players)]
    try:
        status = await service.lifecycle.create_table(
            guild_id=GUILD,
            channel_id=CHANNEL,
            creator_id=users[0],
            creator_name="Ann",
            preset_name=preset,
            locale=locale,
        )
        names = ["Bob", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
        for i, user in enumerate(users[1:]):
            await service.lifecycle.join(CHANNEL, user, names[i], locale=locale)
        await service.lifecycle.start_game(CHANNEL, users[0])
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


# ---- playing a hand through the pages (and, at a mixed table, slash commands) ----


class Seat(Protocol):
    """How a test moves for one seat: clicks in its page, or slash commands."""

    async def declare(self) -> None: ...
    async def pass_(self) -> None: ...
    async def bury_suggested(self) -> None: ...
    async def call_suggested(self) -> None: ...
    async def play(self, cards: tuple[Card, ...]) -> None: ...


class BrowserSeat:
    """A seat played by clicking in its page."""

    def __init__(self, player: Player) -> None:
        self.player = player

    async def press(self, action: str) -> None:
        await self.player.page.locator(f'#actions button.act[data-do="{action}"]').first.click()

    async def declare(self) -> None:
        await self.press("declare")

    async def pass_(self) -> None:
        await self.press("pass")

    async def bury_suggested(self) -> None:
        await self.press("suggest")
        await self.player.page.locator("#verdict.ok").wait_for()
        await self.press("bury")

    async def call_suggested(self) -> None:
        await self.press("call")  # the page fills in the suggested calls

    async def play(self, cards: tuple[Card, ...]) -> None:
        used: Counter[int] = Counter()
        for c in cards:
            k = used[int(c)]
            used[int(c)] += 1
            await (
                self.player.page.locator(f'#hand button.card[data-card="{int(c)}"]').nth(k).click()
            )
        await self.verdict_ok(cards)
        await self.press("play")

    async def verdict_ok(self, cards: tuple[Card, ...]) -> None:
        """The page judged the selection playable (else what it shows, to say why)."""
        page = self.player.page
        try:
            await page.locator("#verdict.ok").wait_for()
        except Exception as exc:
            shown = await page.evaluate(
                """() => ({verdict: document.querySelector('#verdict').className + ' '
                    + document.querySelector('#verdict').textContent,
                  selected: Array.from(document.querySelectorAll('#hand button.card.selected'))
                    .map(b => b.dataset.card),
                  conn: document.querySelector('#conn').textContent})"""
            )
            raise AssertionError(f"seat {self.player.seat} playing {cards}: {shown}") from exc


def lead_for(m: Match, seat: int, wanted: list[str]) -> tuple[Card, ...]:
    """A lead of a kind still wanted (tractor, throw, pair) if the hand has one,
    else the suggested lead."""
    ctx = m.context
    by_suit: dict[int, list[Card]] = {}
    for c in m.hand_of(seat):
        by_suit.setdefault(ctx.suit_of[c], []).append(c)
    for kind in wanted:
        for suit, cards in by_suit.items():
            units = decompose(ctx, cards)
            if kind == "tractor" and (found := [u for u in units if u.is_tractor]):
                return found[0].cards
            if kind == "pair" and (found := [u for u in units if u.shape == (2, 1)]):
                return found[0].cards
            if kind == "throw" and suit != TRUMP:
                singles = sorted((u for u in units if u.size == 1), key=lambda u: -u.top)
                if len(singles) >= 2:
                    return singles[0].cards + singles[1].cards
    suggested = m.suggest(seat)
    assert isinstance(suggested, Play)
    return suggested.cards


def kind_of(m: Match, cards: tuple[Card, ...]) -> str:
    units = decompose(m.context, sorted(cards, key=lambda c: m.context.order(c)))
    if len(units) > 1:
        return "throw"
    return "tractor" if units[0].is_tractor else "pair" if units[0].width == 2 else "single"


@dataclass
class PlayedHand:
    """What the test saw of the hand it played: the kinds of lead, and what the
    dealer picked up (the only extra cards a seat may ever be shown)."""

    led: set[str] = field(default_factory=set)
    kitty: Counter[int] = field(default_factory=Counter)
    plays: int = 0


OnPlay = Callable[[int], Awaitable[None]]


async def play_hand(
    match: Callable[[], Match], seats: Sequence[Seat], on_play: OnPlay | None = None
) -> PlayedHand:
    """Every move of the current hand made by ``seats``, until it is scored (a
    tractor, a throw and a pair led where the hands allow). ``on_play``: awaited
    with the number of plays made so far, before each play."""
    seen = PlayedHand()
    wanted = ["tractor", "throw", "pair"]
    declared = False
    n = match().players
    for _ in range(800):
        m = match()
        before = len(m.hand_log), m.phase
        if m.phase == "scored":
            return seen
        if m.phase == "declaring":
            if not declared and not m.hand.declarations:
                await seats[next(s for s in range(n) if m.declaration_options(s))].declare()
                declared = True
            else:
                await seats[next(s for s in range(n) if s not in m.hand.passes)].pass_()
        elif m.phase == "burying":
            dealer = m.burier
            assert dealer is not None
            seen.kitty = Counter(int(c) for c in m.view_for(dealer).kitty_taken or ())
            await seats[dealer].bury_suggested()
        elif m.phase == "calling":  # 找朋友: the suggested calls
            assert m.hand.dealer is not None
            await seats[m.hand.dealer].call_suggested()
        elif m.phase == "playing":
            seat = m.hand.turn
            assert seat is not None
            if on_play is not None:
                await on_play(seen.plays)
            if m.current_lead() is None:
                cards = lead_for(m, seat, [k for k in wanted if k not in seen.led])
                seen.led.add(kind_of(m, cards))
            else:
                follow = m.suggest(seat)
                assert isinstance(follow, Play)
                cards = follow.cards
            await seats[seat].play(cards)
            seen.plays += 1
        else:
            raise AssertionError(f"unexpected phase {m.phase}")
        await until(lambda b=before: (len(match().hand_log), match().phase) != b, "the move")
    raise AssertionError("the hand did not end")


def dealt_hands(m: Match) -> dict[int, Counter[int]]:
    return {s: Counter(int(c) for c in m.hand_of(s)) for s in range(m.players)}


def check_frames(
    players: Sequence[Player], dealt: dict[int, Counter[int]], seen: PlayedHand, dealer: int
) -> None:
    """No frame to a seat holds another seat's card; none to a spectator holds a
    hand; the kitty only for the one who buries, or once the hand is scored."""
    for p in players:
        assert p.states(), f"seat {p.seat}: no frames"
        for f in p.states():
            shown = Counter(c["id"] for g in (f["hand"] or []) for c in g["cards"])
            if p.seat is None:
                assert f["hand"] is None
            else:
                allowed = dealt[p.seat] + (seen.kitty if p.seat == dealer else Counter())
                assert not shown - allowed, (p.seat, shown - allowed)
            if f["kitty"] is not None and f["phase"] not in ("scored", "finished"):
                assert p.seat == dealer, (p.seat, f["phase"])
