"""A Discord stand-in on loopback, as slow and unreliable as the real one.

The bot under test is the real discord.py client talking HTTP and a websocket to
``127.0.0.1``: its own REST code (rate-limit buckets, 429 and 5xx retries), its
own webhook adapter for interaction answers and its own gateway client
(heartbeats, RESUME, re-IDENTIFY) all run. Behind the sockets simcord's backend
(pinned in pyproject) keeps Discord's data model — guilds, channels, messages,
interactions and their 3-second answer deadline — on a real-time clock.

Faults, drawn from one seeded ``random.Random`` so a failing run can be repeated:

* every REST answer takes ``latency`` seconds (half before the change is applied,
  half after, as a round trip does);
* ``rate_limited`` of requests get a 429 with Discord's headers and body
  (``retry_after``; nothing applied);
* ``server_errors`` get a 500, 502 or 503 without applying anything, and
  ``applied_errors`` get a 502 *after* the change was applied (the ambiguous
  failure: did the message get created?);
* the gateway is cut every ``gateway_cut`` seconds (close code 4000, which
  discord.py resumes); ``invalidate`` of the cuts refuse the RESUME with
  INVALID_SESSION, so the bot logs in afresh;
* an interaction created while the bot is not connected is never delivered (the
  user sees "The application did not respond").

Message creates honour Discord's ``nonce`` + ``enforce_nonce``: a second create
with the same nonce in the same channel within a few minutes returns the first
message instead of posting another.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import random
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
import yarl
from aiohttp import BodyPartReader, web
from discord.gateway import DiscordWebSocket
from discord.http import Route
from simcord import intents as simcord_intents
from simcord._clock import Clock
from simcord.backend import Backend, serializers
from simcord.backend.errors import BackendError
from simcord.http import router
from simcord.interactions import base_payload

API = "/api/v10"
# discord.py reads a body as JSON only when the type is exactly this (no charset).
JSON = {"Content-Type": "application/json"}
NONCE_WINDOW = 300.0  # seconds Discord keeps a message nonce for enforce_nonce


class RealClock(Clock):
    """simcord's clock on the wall clock: the 3 s answer deadline is real."""

    def __init__(self) -> None:
        super().__init__()
        self._start = time.monotonic()
        self._extra = 0.0
        self._epoch = datetime.now(UTC)

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self._start + self._extra

    @elapsed.setter
    def elapsed(self, value: float) -> None:  # simcord's Clock.__init__ sets 0.0
        pass

    def now(self) -> datetime:
        return self._epoch + timedelta(seconds=self.elapsed)

    def advance(self, seconds: float) -> None:
        self._extra += seconds


@dataclass
class Faults:
    seed: object = 0
    latency: tuple[float, float] = (0.0, 0.4)
    rate_limited: float = 0.10
    server_errors: float = 0.05
    applied_errors: float = 0.0
    retry_after: tuple[float, float] = (0.05, 1.0)
    gateway_cut: tuple[float, float] | None = (12.0, 30.0)
    invalidate: float = 0.3

    @classmethod
    def polite(cls, seed: object = 0) -> Faults:
        """Latency alone: no refusals, no errors, no cuts."""
        return cls(seed=seed, rate_limited=0.0, server_errors=0.0, gateway_cut=None)


@dataclass
class Request:
    """One REST request as the stand-in saw it and answered it."""

    at: float
    method: str
    path: str
    body: Any
    files: int
    status: int = 0
    applied: bool = False


@dataclass
class Session:
    id: str
    intents: discord.Intents
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)  # kept for RESUME
    queue: asyncio.Queue[dict[str, Any]] | None = None  # the connected socket's outbox
    valid: bool = True


class FakeDiscord:
    def __init__(self, faults: Faults | None = None) -> None:
        self.faults = faults or Faults()
        self.rng = random.Random(str(self.faults.seed))
        self.backend = Backend(clock=RealClock())
        self.backend.subscribers.append(self._on_event)
        self.requests: list[Request] = []
        self.gaps: list[str] = []  # routes or fields simcord does not model
        self.lost_interactions: list[int] = []  # created while the bot was away
        self.sessions: dict[str, Session] = {}
        self.identifies = 0
        self.resumes = 0
        self.cuts = 0
        self.armed = False  # faults apply only once armed (set-up is not the test)
        # A test's own refusals, before the random ones: (method, path, body) -> a
        # status to answer with (429 or 5xx, nothing applied), or None to go on.
        self.refuse: Callable[[str, str, Any], int | None] | None = None
        self._nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self._sockets: set[web.WebSocketResponse] = set()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ---- life ---------------------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def close(self) -> None:
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @contextlib.contextmanager
    def routed(self) -> Iterator[None]:
        """Point this process's discord.py at the stand-in."""
        with routed_to(self.api_base, self.gateway_url):
            yield

    # ---- the world ------------------------------------------------------------------------
    def guild(self, name: str = "Shengji Club", locale: str | None = None) -> int:
        if locale:
            return self.backend.create_guild(name, preferred_locale=locale).id
        return self.backend.create_guild(name).id

    def text_channel(self, guild_id: int, name: str = "shengji") -> int:
        return self.backend.create_channel(guild_id, name).id

    def member(self, guild_id: int, name: str) -> int:
        user = self.backend.make_user(name)
        self.backend.add_member(guild_id, user.id, announce=True)
        return user.id

    @property
    def connected(self) -> bool:
        return any(s.queue is not None for s in self.sessions.values())

    async def wait_connected(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while not self.connected:
            if time.monotonic() > deadline:
                raise TimeoutError("the bot never connected to the gateway")
            await asyncio.sleep(0.02)

    # ---- interactions (what a user's client sends) -----------------------------------------
    def command(self, name: str, guild_id: int | None) -> dict[str, Any]:
        found = self.backend.find_command(name, guild_id, type=1)
        if found is None:
            raise KeyError(f"/{name} is not synced")
        return found

    def slash_payload(
        self,
        user_id: int,
        channel_id: int,
        guild_id: int | None,
        name: str,
        options: dict[str, Any],
        locale: str = "en-US",
    ) -> tuple[Any, dict[str, Any]]:
        parts = name.split()
        root = self.command(parts[0], guild_id)
        node = root
        wrappers: list[dict[str, Any]] = []
        for sub in parts[1:]:
            node = next(o for o in node.get("options") or [] if o["name"] == sub)
            wrappers.append({"name": sub, "type": node["type"]})
        declared = {o["name"]: o for o in node.get("options") or []}
        leaf = [
            {"name": k, "type": declared[k]["type"], "value": v}
            for k, v in options.items()
            if v is not None
        ]
        built: list[dict[str, Any]] = leaf
        for wrapper in reversed(wrappers):
            built = [{**wrapper, "options": built}]
        data = {"id": root["id"], "name": root["name"], "type": 1, "options": built}
        record, payload = base_payload(
            self.backend,
            type=2,
            channel_id=channel_id,
            guild_id=guild_id,
            user_id=user_id,
            data=data,
        )
        payload["locale"] = locale
        return record, payload

    def click_payload(
        self, user_id: int, channel_id: int, guild_id: int | None, message_id: int, custom_id: str
    ) -> tuple[Any, dict[str, Any]]:
        message = self.backend.get_message(channel_id, message_id)
        record, payload = base_payload(
            self.backend,
            type=3,
            channel_id=channel_id,
            guild_id=guild_id,
            user_id=user_id,
            data={"custom_id": custom_id, "component_type": 2},
        )
        payload["message"] = dict(serializers.message_payload(self.backend, message))
        record.source_message_id = message_id
        return record, payload

    def deliver(self, payload: dict[str, Any]) -> bool:
        """Send INTERACTION_CREATE; False when no bot was connected to receive it."""
        before = len(self.lost_interactions)
        self.backend.emit("INTERACTION_CREATE", payload)
        return len(self.lost_interactions) == before

    # ---- the gateway ---------------------------------------------------------------------
    def _on_event(self, event: str, payload: Any) -> None:
        for session in self.sessions.values():
            if not session.valid:
                continue
            if event == "INTERACTION_CREATE" and session.queue is None:
                continue  # Discord delivers an interaction now or never
            shaped = self._shape(session, event, payload)
            if shaped is not None:
                self._dispatch(session, event, shaped)
        if event == "INTERACTION_CREATE" and not self.connected:
            self.lost_interactions.append(int(payload["id"]))

    def _shape(self, session: Session, event: str, payload: Any) -> dict[str, Any] | None:
        gate = simcord_intents.required_intent(event, payload)
        if gate is not None and not getattr(session.intents, gate):
            return None
        shaped: dict[str, Any] = json.loads(json.dumps(payload))
        bot_id = self.backend.bot_user.id
        if not session.intents.message_content and event in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
            simcord_intents.censor_message(shaped, bot_id, backend=self.backend)
        if event == "GUILD_CREATE":
            simcord_intents.prune_guild_create(shaped, session.intents, bot_id)
        return shaped

    def _dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        if event != "INTERACTION_CREATE":
            session.events.append(frame)
            del session.events[:-2000]
        if session.queue is not None:
            session.queue.put_nowait(frame)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        session: Session | None = None
        sender = asyncio.ensure_future(self._send_loop(ws, queue))
        cutter: asyncio.Future[None] | None = None
        try:
            await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
            async for msg in ws:
                if msg.type is not web.WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, d = frame.get("op"), frame.get("d")
                if op == 1:
                    queue.put_nowait({"op": 11})
                elif op == 2:
                    session = self._identify(d, queue)
                    cutter = self._arm_cutter()
                elif op == 6:
                    session = self._resume(d, queue)
                    if session is None:
                        queue.put_nowait({"op": 9, "d": False})
                    else:
                        cutter = self._arm_cutter()
        finally:
            if cutter is not None:
                cutter.cancel()
            if session is not None and session.queue is queue:
                session.queue = None
            await asyncio.sleep(0)
            sender.cancel()
            self._sockets.discard(ws)
        return ws

    async def _send_loop(self, ws: web.WebSocketResponse, queue: asyncio.Queue[Any]) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError, asyncio.CancelledError):
            while True:
                frame = await queue.get()
                await ws.send_str(json.dumps(frame))

    def _identify(self, d: dict[str, Any], queue: asyncio.Queue[Any]) -> Session:
        for old in self.sessions.values():
            old.valid = False  # one bot: a new login ends the old session
        self.identifies += 1
        session = Session(uuid.uuid4().hex, discord.Intents._from_value(int(d.get("intents", 0))))
        self.sessions[session.id] = session
        session.queue = queue
        backend = self.backend
        ready = {
            "v": 10,
            "user": dict(serializers.user_payload(backend.bot_user)),
            "guilds": [{"id": str(g), "unavailable": True} for g in backend.guilds],
            "session_id": session.id,
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(backend.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        self._dispatch(session, "READY", ready)
        for guild in backend.guilds.values():
            shaped = self._shape(
                session, "GUILD_CREATE", serializers.guild_create_payload(backend, guild)
            )
            if shaped is not None:
                self._dispatch(session, "GUILD_CREATE", shaped)
        return session

    def _resume(self, d: dict[str, Any], queue: asyncio.Queue[Any]) -> Session | None:
        session = self.sessions.get(str(d.get("session_id")))
        if session is None or not session.valid:
            return None
        self.resumes += 1
        seq = int(d.get("seq") or 0)
        session.queue = queue
        for frame in session.events:
            if frame["s"] > seq:
                queue.put_nowait(frame)
        self._dispatch(session, "RESUMED", {})
        return session

    def _arm_cutter(self) -> asyncio.Future[None] | None:
        """The next timed cut of the connection just made (``Faults.gateway_cut``)."""
        span = self.faults.gateway_cut
        if span is None:
            return None
        wait = self.rng.uniform(*span)
        refuse = self.rng.random() < self.faults.invalidate

        async def cut() -> None:
            await asyncio.sleep(wait)
            if self.armed:
                await self.cut(refuse)

        return asyncio.ensure_future(cut())

    async def cut(self, refuse_resume: bool = False) -> None:
        """Cut the gateway now (close code 4000: discord.py resumes); with
        ``refuse_resume`` its RESUME gets INVALID_SESSION, so the bot logs in afresh."""
        self.cuts += 1
        for session in self.sessions.values():
            if refuse_resume and session.queue is not None:
                session.valid = False
        for ws in list(self._sockets):
            await ws.close(code=4000, message=b"cut by the test")

    # ---- REST ----------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        method = request.method
        params = dict(request.query)
        body, files = await self._body(request)
        entry = Request(time.monotonic(), method, path, body, len(files))
        self.requests.append(entry)
        if method == "GET" and path == "/gateway/bot":
            return self._json(
                entry,
                200,
                {
                    "url": self.gateway_url,
                    "shards": 1,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": 999,
                        "reset_after": 0,
                        "max_concurrency": 1,
                    },
                },
            )
        f = self.faults
        half = self.rng.uniform(*f.latency) / 2 if self.armed else 0.0
        roll = self.rng.random() if self.armed else 1.0
        await asyncio.sleep(half)
        refused = self.refuse(method, path, body) if self.refuse is not None else None
        if refused == 429:
            return self._rate_limited(entry)
        if refused is not None:
            return self._json(entry, refused, {"message": "Service Unavailable", "code": 0})
        if roll < f.rate_limited:
            await asyncio.sleep(half)
            return self._rate_limited(entry)
        if roll < f.rate_limited + f.server_errors:
            await asyncio.sleep(half)
            return self._json(
                entry,
                self.rng.choice((500, 502, 503)),
                {"message": "Service Unavailable", "code": 0},
            )
        try:
            result = self._apply(method, path, body, params, files)
            status = 204 if result is None else 200
        except (router.RouteNotImplemented, router.UnsupportedField) as exc:
            self.gaps.append(f"{method} {path}: {exc}")
            return self._json(entry, 501, {"message": str(exc), "code": 0})
        except BackendError as exc:
            await asyncio.sleep(half)
            return self._json(entry, exc.status, exc.to_json())
        entry.applied = True
        await asyncio.sleep(half)
        if roll < f.rate_limited + f.server_errors + f.applied_errors:
            return self._json(entry, 502, {"message": "Bad Gateway", "code": 0})
        return self._json(entry, status, result)

    def _apply(
        self, method: str, path: str, body: Any, params: dict[str, Any], files: list[discord.File]
    ) -> Any:
        parts = path.strip("/").split("/")
        nonce = None
        if (
            method == "POST"
            and len(parts) == 3
            and parts[0] == "channels"
            and parts[2] == "messages"
            and isinstance(body, dict)
            and body.get("enforce_nonce")
            and body.get("nonce") is not None
        ):
            nonce = (int(parts[1]), str(body["nonce"]))
            seen = self._nonces.get(nonce)
            if seen is not None and time.monotonic() - seen[1] < NONCE_WINDOW:
                message = self.backend.get_message(nonce[0], seen[0])
                return serializers.message_payload(self.backend, message)
        result = router.dispatch(self.backend, method, path, json=body, params=params, files=files)
        if nonce is not None and isinstance(result, dict):
            self._nonces[nonce] = (int(result["id"]), time.monotonic())
        return result

    async def _body(self, request: web.Request) -> tuple[Any, list[discord.File]]:
        if not request.can_read_body:
            return None, []
        if request.content_type.startswith("multipart/"):
            body: Any = None
            uploads: list[tuple[str, bytes]] = []
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    continue
                data = await part.read()
                if part.name == "payload_json":
                    body = json.loads(data)
                elif part.filename is not None:
                    uploads.append((part.filename, bytes(data)))
            described = (body or {}).get("attachments") or [] if isinstance(body, dict) else []
            files = []
            for i, (name, data) in enumerate(uploads):
                desc = next(
                    (a.get("description") for a in described if str(a.get("id")) == str(i)), None
                )
                files.append(discord.File(io.BytesIO(data), filename=name, description=desc))
            return body, files
        raw = await request.read()
        return (json.loads(raw) if raw else None), []

    def _json(self, entry: Request, status: int, data: Any) -> web.Response:
        entry.status = status
        if status == 204:
            return web.Response(status=204)
        return web.Response(status=status, body=json.dumps(data).encode(), headers=JSON)

    def _rate_limited(self, entry: Request) -> web.Response:
        entry.status = 429
        retry = round(self.rng.uniform(*self.faults.retry_after), 3)
        headers = {
            "Via": "1.1 google",
            "Retry-After": str(max(1, round(retry))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": str(retry),
            "X-RateLimit-Bucket": "fake" + entry.path.split("/")[1],
            "X-RateLimit-Scope": "user",
        }
        body = {"message": "You are being rate limited.", "retry_after": retry, "global": False}
        return web.Response(status=429, body=json.dumps(body).encode(), headers=headers | JSON)


@contextlib.contextmanager
def routed_to(api_base: str, gateway_url: str) -> Iterator[None]:
    """discord.py's REST base and its default gateway, pointed elsewhere."""
    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE = old_base
        DiscordWebSocket.DEFAULT_GATEWAY = old_gateway
