"""The live table as a Discord Activity, without Discord's servers.

* ``DiscordStandIn``: the three endpoints of Discord's API the Activity calls
  (``POST /oauth2/token``, ``GET /users/@me``, ``GET /users/@me/guilds``) on loopback,
  as strict as Discord: the client id and secret must be the application's, a code is
  good once, a Bearer token must be one it issued and not expired — else 401/400.
* ``activity_url``: the Activity page in mock mode (the SDK's own ``DiscordSDKMock``),
  with the query parameters Discord's client adds (``frame_id``, ``channel_id`` …)
  and the code the mock's ``authorize`` answers.
* ``DiscordProxy``: Discord's Activity proxy for a browser context (Playwright routes):
  ``https://<client id>.discordsays.com/…`` reaches the server as the URL mapping
  ``/`` → the server would have it, ``/.proxy`` taken off; websockets too.
* ``launchable_activities``: simcord answers interaction callbacks of type 12
  (LAUNCH_ACTIVITY), which it does not model, as Discord does for an application with
  Activities enabled; the callbacks stay in ``env.http_requests``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

import aiohttp
from aiohttp import web
from simcord.backend import errors as simcord_errors
from simcord.http import router as simcord_router
from simcord.http.routes.interactions import interaction_callback

from bot.web.live.activity import ActivitySettings
from tests.support.live_table import CHANNEL, GUILD

CLIENT_ID = "112233445566778899"
PROXY_HOST = f"{CLIENT_ID}.discordsays.com"  # where Discord serves the Activity
CLIENT_SECRET = "stand-in-secret-" + "x" * 16  # never in any answer or log line
LAUNCH_ACTIVITY = 12
# Config fields for ``make_world(settings=…)``: the Activity configured.
ACTIVITY_CONFIG: dict[str, Any] = {
    "activity_enabled": True,
    "discord_client_id": CLIENT_ID,
    "discord_client_secret": CLIENT_SECRET,
    "web_port": 0,
    "public_url": "https://shengji.example.org",
}


@dataclass
class StandInUser:
    id: int
    code: str
    token: str
    locale: str
    guilds: tuple[int, ...]


@dataclass
class DiscordStandIn:
    client_id: str = CLIENT_ID
    client_secret: str = CLIENT_SECRET
    users: list[StandInUser] = field(default_factory=list)
    used_codes: set[str] = field(default_factory=set)
    expired: set[str] = field(default_factory=set)
    calls: list[tuple[str, str, int]] = field(default_factory=list)  # method, path, status
    runner: web.AppRunner | None = None
    port: int = 0

    @property
    def base(self) -> str:
        """What DISCORD_API_BASE would be."""
        return f"http://127.0.0.1:{self.port}/api/v10"

    def settings(self, *, mock: bool = True, secret: str | None = None) -> ActivitySettings:
        return ActivitySettings(CLIENT_ID, secret or self.client_secret, self.base, mock)

    def add(
        self, user_id: int, *, locale: str = "en-US", guilds: tuple[int, ...] = (GUILD,)
    ) -> StandInUser:
        """A Discord user who will authorize the application (a fresh code and token)."""
        user = StandInUser(
            user_id,
            "code-" + secrets.token_hex(8),
            "token-" + secrets.token_hex(16),
            locale,
            guilds,
        )
        self.users.append(user)
        return user

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/api/v10/oauth2/token", self._token)
        app.router.add_get("/api/v10/users/@me", self._me)
        app.router.add_get("/api/v10/users/@me/guilds", self._guilds)
        self.runner = web.AppRunner(app, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = self.runner.addresses[0][1]

    async def close(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()

    def _answer(self, request: web.Request, status: int, body: Any) -> web.Response:
        self.calls.append((request.method, request.path, status))
        return web.json_response(body, status=status)

    async def _token(self, request: web.Request) -> web.Response:
        if request.content_type != "application/x-www-form-urlencoded":
            return self._answer(request, 400, {"error": "invalid_request"})
        form = await request.post()
        if form.get("client_id") != self.client_id or form.get("client_secret") != (
            self.client_secret
        ):
            return self._answer(request, 401, {"error": "invalid_client"})
        if form.get("grant_type") != "authorization_code":
            return self._answer(request, 400, {"error": "unsupported_grant_type"})
        code = form.get("code")
        user = next((u for u in self.users if u.code == code), None)
        if user is None or code in self.used_codes:
            return self._answer(request, 400, {"error": "invalid_grant"})
        self.used_codes.add(user.code)
        return self._answer(
            request,
            200,
            {
                "access_token": user.token,
                "token_type": "Bearer",
                "expires_in": 604800,
                "refresh_token": "refresh-" + user.token,  # never handed to the page
                "scope": "identify guilds",
            },
        )

    def _bearer(self, request: web.Request) -> StandInUser | None:
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        if scheme != "Bearer" or token in self.expired:
            return None
        return next((u for u in self.users if u.token == token), None)

    async def _me(self, request: web.Request) -> web.Response:
        user = self._bearer(request)
        if user is None:
            return self._answer(request, 401, {"message": "401: Unauthorized", "code": 0})
        body = {"id": str(user.id), "username": f"user{user.id}", "locale": user.locale}
        return self._answer(request, 200, body)

    async def _guilds(self, request: web.Request) -> web.Response:
        user = self._bearer(request)
        if user is None:
            return self._answer(request, 401, {"message": "401: Unauthorized", "code": 0})
        body = [{"id": str(g), "name": f"guild {g}"} for g in user.guilds]
        return self._answer(request, 200, body)


@contextlib.asynccontextmanager
async def discord_stand_in() -> AsyncIterator[DiscordStandIn]:
    standin = DiscordStandIn()
    await standin.start()
    try:
        yield standin
    finally:
        await standin.close()


def activity_url(
    server_url: str,
    user: StandInUser,
    *,
    channel: int = CHANNEL,
    locale: str | None = None,
    path: str = "/activity",
) -> str:
    """The Activity page as Discord would open it, in mock mode; ``locale``: what the
    mock SDK's ``userSettingsGetLocale`` answers (None: nothing, as the mock does)."""
    query = {
        "mock": "1",
        "frame_id": "stand-in-frame",
        "instance_id": "stand-in-instance",
        "platform": "desktop",
        "guild_id": str(GUILD),
        "channel_id": str(channel),
        "code": user.code,
    }
    if locale:
        query["locale"] = locale
    return f"{server_url}{path}?{urlencode(query)}"


@dataclass
class DiscordProxy:
    """Discord's proxy in front of ``server_url`` for the browser contexts it is
    installed in: every request to ``PROXY_HOST`` (HTTP and websocket) is sent to the
    server with ``/.proxy`` taken off, as the URL mapping ``/`` → the server does.
    ``paths``: every path the page asked for; ``frames``: what the server's sockets
    sent, parsed."""

    server_url: str
    paths: list[str] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    async def install(self, context: Any) -> None:
        await context.route(f"https://{PROXY_HOST}/**", self._http)
        await context.route_web_socket(f"wss://{PROXY_HOST}/**", self._socket)

    def _target(self, url: str, scheme: str) -> str:
        parts = urlsplit(url)
        self.paths.append(parts.path)
        path = parts.path.removeprefix("/.proxy")
        return urlunsplit((scheme, urlsplit(self.server_url).netloc, path, parts.query, ""))

    async def _http(self, route: Any) -> None:
        answer = await route.fetch(url=self._target(route.request.url, "http"))
        await route.fulfill(response=answer)

    async def _socket(self, page_side: Any) -> None:
        outgoing: asyncio.Queue[str | None] = asyncio.Queue()
        page_side.on_message(outgoing.put_nowait)
        page_side.on_close(lambda _code, _reason: outgoing.put_nowait(None))
        target = self._target(page_side.url, "ws")
        self.tasks.append(asyncio.create_task(self._relay(page_side, target, outgoing)))

    async def _relay(
        self, page_side: Any, target: str, outgoing: asyncio.Queue[str | None]
    ) -> None:
        async with aiohttp.ClientSession() as session, session.ws_connect(target) as server:

            async def up() -> None:
                while (message := await outgoing.get()) is not None:
                    await server.send_str(message)
                await server.close()

            sending = asyncio.create_task(up())
            async for msg in server:
                if msg.type == aiohttp.WSMsgType.TEXT:
                    self.frames.append(json.loads(msg.data))
                    page_side.send(msg.data)
            sending.cancel()
        with contextlib.suppress(Exception):
            await page_side.close()

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


@contextlib.contextmanager
def launchable_activities() -> Iterator[list[int]]:
    """simcord takes LAUNCH_ACTIVITY callbacks (the interaction is answered, no
    message); yields the ids of the interactions answered so."""
    launched: list[int] = []

    def callback(ctx: simcord_router.RequestContext) -> Any:
        if ctx.body().get("type") != LAUNCH_ACTIVITY:
            return interaction_callback(ctx)
        record = ctx.backend.interactions.get(ctx.int_arg("interaction_id"))
        if record is None or record.token != ctx.args["token"]:
            raise simcord_errors.unknown_interaction()
        if record.responded:
            raise simcord_errors.already_acknowledged()
        record.responded = True
        launched.append(record.id)
        return {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "activity_instance_id": f"i-{record.id}",
                "response_message_id": None,
                "response_message_loading": False,
                "response_message_ephemeral": False,
            },
            "resource": {"type": LAUNCH_ACTIVITY, "activity_instance": {"id": f"i-{record.id}"}},
        }

    routes = simcord_router._ROUTES["POST"]
    index = next(i for i, (_, handler) in enumerate(routes) if handler is interaction_callback)
    original = routes[index]
    routes[index] = (original[0], callback)
    try:
        yield launched
    finally:
        routes[index] = original
