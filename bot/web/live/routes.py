"""The live table's HTTP side: the page (``/t/<token>``), its assets, and one
websocket per client (``/live/ws``).

The socket's first message says who is looking (``{"t": "hello", "token": …}``: a
seat's or a spectator's link); an unknown, revoked or expired token gets a
``denied`` frame and the socket closes, having received nothing of the table.
Then the client receives ``hello`` (its seat and the page's words) and a ``state``
frame at every change, and may send actions (``bot.web.live.actions``).
"""

from __future__ import annotations

import asyncio
import json
import logging
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from bot.service import ServiceError, TableService
from bot.service.live_access import ChannelCheck, LiveAccess
from bot.text.i18n import language, text
from bot.web.language import page_language
from bot.web.live.actions import BadMessage, act, refusal, verdict_of
from bot.web.live.activity import (
    Activity,
    ActivitySettings,
    Login,
    add_activity_routes,
    language_of,
)
from bot.web.live.frames import words
from bot.web.live.hub import Client, LiveHub

log = logging.getLogger(__name__)

HELLO_SECONDS = 10.0  # a socket that says nothing is closed
MAX_MESSAGE = 4096  # bytes: no message of ours is longer


class LiveSlot:
    """The live table of a web side, once the process's table service exists (the
    Discord client makes it after the web side is listening): until then a socket
    is told to come back."""

    def __init__(self, activity: ActivitySettings | None = None) -> None:
        self.hub: LiveHub | None = None
        self.access: LiveAccess | None = None
        self.can_view: ChannelCheck | None = None
        self._service: TableService | None = None
        self._watch: asyncio.Future[None] | None = None
        # The table as a Discord Activity (bot.web.live.activity); None: off.
        self.activity = Activity(activity) if activity is not None else None

    def attach(self, service: TableService, can_view: ChannelCheck | None = None) -> None:
        """Serve ``service``'s tables; from now on it hears of the changes other
        processes store (``Core.watch``: several processes on one PostgreSQL, a
        client may be sent to any of them). ``can_view``: the Discord client's check
        of who may see a channel (the Activity's spectators)."""
        self.can_view = can_view
        self.hub = LiveHub(service)
        self.access = service.live
        self._service = service
        self._watch = asyncio.ensure_future(service.core.watch())

    async def close(self) -> None:
        if self._service is not None:
            await self._service.core.unwatch()
        if self.hub is not None:
            await self.hub.close()
        if self.activity is not None:
            await self.activity.close()


SLOT_KEY = web.AppKey("live_slot", LiveSlot)
STATIC = Path(str(resources.files("bot.web.live") / "static"))

PAGE_HEADERS = {
    # Everything the page loads is its own (the Activity's SDK too): nothing leaves it.
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors "
        "https://discord.com https://*.discordsays.com 'self'"
    ),
    "Referrer-Policy": "no-referrer",  # the token is in the URL
    "X-Robots-Tag": "noindex",
    "Cache-Control": "private, no-store",
}


async def table_page(request: web.Request) -> web.Response:
    """The page: the same for every token (it holds none of the table; the socket
    decides what the token may see)."""
    lang = page_language(request)
    html_lang = {"en": "en", "zh-CN": "zh-Hans", "zh-TW": "zh-Hant"}[lang]
    page = (STATIC / "table.html").read_text(encoding="utf-8")
    page = page.replace("{{lang}}", html_lang).replace("{{title}}", text(lang, "live.title"))
    return web.Response(text=page, content_type="text/html", headers=PAGE_HEADERS)


async def _hello(ws: web.WebSocketResponse) -> dict[str, Any] | None:
    try:
        msg = await asyncio.wait_for(ws.receive(), HELLO_SECONDS)
    except TimeoutError:
        return None
    if msg.type != WSMsgType.TEXT or len(msg.data) > MAX_MESSAGE:
        return None
    try:
        data = json.loads(msg.data)
    except ValueError:
        return None
    return data if isinstance(data, dict) and data.get("t") == "hello" else None


async def _viewer(slot: LiveSlot, hello: dict[str, Any]) -> Login:
    assert slot.hub is not None and slot.access is not None
    token = hello.get("token")
    if isinstance(token, str):
        return Login(await slot.access.by_token(token))
    said = hello.get("discord")  # the Discord Activity: Discord says who it is
    if isinstance(said, dict) and slot.activity is not None:
        return await slot.activity.login(slot.hub.service, slot.access, said, slot.can_view)
    return Login(None)


async def table_socket(request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=MAX_MESSAGE)
    await ws.prepare(request)
    hello = await _hello(ws)
    lang = language(str(hello.get("lang") or "")) if hello else page_language(request)
    slot = request.app[SLOT_KEY]
    hub, access = slot.hub, slot.access
    if hub is None or access is None:  # the bot is still starting: the client retries
        await ws.close()
        return ws
    try:
        login = await _viewer(slot, hello) if hello else Login(None)
    except ServiceError:
        await ws.close()  # storage (or Discord) unreadable now: the client retries
        return ws
    lang = language_of(hello, login, lang) if hello else lang
    viewer = login.viewer
    if viewer is None:
        await ws.send_json({"t": "denied", "text": text(lang, login.refusal)})
        await ws.close()
        return ws
    client = Client(ws, viewer, lang)
    await client.send_now(
        {"t": "hello", "seat": viewer.seat, "spectator": viewer.spectator, "words": words(lang)}
    )
    await hub.add(client)
    try:
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            await _answer(hub.service, client, msg.data)
    finally:
        await hub.remove(client)
    return ws


async def _answer(service: TableService, client: Client, raw: str) -> None:
    ident: Any = None
    try:
        msg = json.loads(raw)
        if not isinstance(msg, dict):
            raise BadMessage
        ident = msg.get("id")
        if msg.get("t") == "act":
            await act(service, client.viewer, msg)
            await client.send_now({"t": "ack", "id": ident})
        elif msg.get("t") == "preview":
            found = await verdict_of(service, client.viewer, msg, client.lang)
            await client.send_now({"t": "preview", "id": ident, **found})
        elif msg.get("t") == "ping":
            await client.send_now({"t": "pong", "id": ident})
        else:
            raise BadMessage
    except ValueError:
        await client.send_now(
            {"t": "error", "id": None, "text": refusal(client.lang, BadMessage())}
        )
    except (ServiceError, BadMessage) as exc:
        await client.send_now({"t": "error", "id": ident, "text": refusal(client.lang, exc)})


def add_live_routes(app: web.Application, slot: LiveSlot) -> None:
    """Serve the live table on ``app`` (the hub comes when ``slot`` is attached)."""
    app[SLOT_KEY] = slot
    app.router.add_get("/t/{token}", table_page)
    app.router.add_get("/live/ws", table_socket)
    app.router.add_static("/live/static", STATIC)
    add_activity_routes(app, slot.activity)

    async def close_hub(_app: web.Application) -> None:
        await slot.close()

    app.on_shutdown.append(close_hub)
