"""The live table as a Discord Activity, without Discord's servers: the page runs the
SDK's own ``DiscordSDKMock`` in a real Chromium, a stand-in for Discord's API
(``tests/support/activity.py``) issues codes and tokens and says who they belong to,
and the socket is checked for what a forged or expired token, a stranger and a
channel without a table are given (nothing of the table)."""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.config import Config
from bot.text.i18n import text
from bot.web.live.activity import ActivitySettings, activity_html
from bot.web.live.routes import LiveSlot
from bot.web.server import WebServer
from storage import Database
from tests.support.activity import (
    CLIENT_ID,
    CLIENT_SECRET,
    PROXY_HOST,
    DiscordProxy,
    DiscordStandIn,
    activity_url,
    discord_stand_in,
)
from tests.support.live_table import CHANNEL, FIRST_USER, GUILD, LiveWorld, live_world, until

STRANGER = FIRST_USER + 50  # not seated at the table
VENDOR = Path(__file__).resolve().parents[2] / "bot" / "web" / "live"


@asynccontextmanager
async def activity_table(
    tmp_path: Path, **settings: Any
) -> AsyncIterator[tuple[DiscordStandIn, LiveWorld]]:
    async with (
        discord_stand_in() as discord,
        live_world(tmp_path, activity=discord.settings(**settings)) as world,
    ):
        yield discord, world


async def hello_as(world: LiveWorld, payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Every frame a socket saying ``payload`` receives until it is closed (or 2 s)."""
    frames: list[dict[str, Any]] = []
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(world.server.url + "/live/ws") as ws,
    ):
        await ws.send_str(json.dumps(payload))
        while True:
            try:
                msg = await ws.receive(timeout=2.0)
            except TimeoutError:
                return frames
            if msg.type != aiohttp.WSMsgType.TEXT:
                return frames
            frames.append(json.loads(msg.data))
            if frames[-1]["t"] == "state":
                return frames


def discord_hello(token: str, channel: int = CHANNEL, lang: str | None = "en") -> dict[str, Any]:
    hello: dict[str, Any] = {
        "t": "hello",
        "discord": {"access_token": token, "channel_id": str(channel)},
    }
    if lang:
        hello["lang"] = lang
    return hello


async def exchange(world: LiveWorld, body: Any) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.post(world.server.url + "/api/token", json=body) as resp,
    ):
        return resp.status, await resp.text()


# ---- in a real Chromium ---------------------------------------------------------------
async def test_a_seat_and_a_spectator_open_the_table_through_the_sdks_mock(
    tmp_path: Path,
) -> None:
    async with activity_table(tmp_path) as (discord, world):
        # Ann sits at seat 0; Discord says her language is 简体中文 (the mock SDK says
        # nothing). The stranger's SDK says English; he is in the server, not seated.
        ann = discord.add(world.users[0], locale="zh-CN")
        stranger = discord.add(STRANGER, locale="zh-TW")
        seat = await world.open(activity_url(world.server.url, ann), 0, locale="en-US")
        # "/" too: where Discord's URL mapping "/" lands.
        url = activity_url(world.server.url, stranger, locale="en-US", path="/")
        watcher = await world.open(url, None, locale="zh-CN")

        hand = world.match.hand_of(0)
        cards = seat.page.locator("#hand button.card")
        await until(lambda: len(seat.states()) > 0, "Ann's first state frame")
        await cards.first.wait_for()
        assert await cards.count() == len(hand)
        shown = sorted(
            [int(c) for c in await cards.evaluate_all("bs => bs.map(b => b.dataset.card)")]
        )
        assert shown == sorted(int(c) for c in hand)
        hello = next(f for f in seat.frames if f["t"] == "hello")
        assert hello["seat"] == 0 and not hello["spectator"]
        assert hello["words"]["pass"] == text("zh-CN", "live.pass")  # users/@me's locale

        # She acts from the Activity as from her link.
        await seat.page.locator("#actions button.act", has_text=text("zh-CN", "live.pass")).click()
        await until(lambda: 0 in world.match.hand.passes, "Ann's pass")

        await until(lambda: len(watcher.states()) > 0, "the stranger's first state frame")
        hello = next(f for f in watcher.frames if f["t"] == "hello")
        assert hello["seat"] is None and hello["spectator"]
        assert all(f["hand"] is None for f in watcher.states())
        assert await watcher.page.locator("#hand button").count() == 0
        await watcher.page.locator("#status", has_text=text("en", "live.spectating")).wait_for()

        # The token exchange and the users/@me check went to the stand-in, nowhere else,
        # and the page's requests were all relative to it (Discord's URL mapping).
        assert ("POST", "/api/v10/oauth2/token", 200) in discord.calls
        assert ("GET", "/api/v10/users/@me/guilds", 200) in discord.calls  # the spectator
        assert "spectator" in (await watcher.page.get_attribute("body", "class") or "")
        for p in (seat, watcher):
            assert not p.errors, p.errors


async def test_through_discords_proxy_the_page_asks_only_for_mapped_paths(
    tmp_path: Path,
) -> None:
    """The page on Discord's host (https://<client id>.discordsays.com/, URL mapping
    "/" → our server): its files load by relative URL, its token exchange and socket
    go under /.proxy/, and the policy (connect-src 'self') lets them through."""
    async with activity_table(tmp_path) as (discord, world):
        bob = discord.add(world.users[1], locale="zh-CN")
        proxy = DiscordProxy(world.server.url)
        context = await world.browser.new_context(locale="zh-CN")
        try:
            await proxy.install(context)
            page = await context.new_page()
            said: list[str] = []
            page.on("console", lambda m: said.append(m.text))
            page.on("pageerror", lambda exc: said.append("page error: " + str(exc)))
            await page.goto(activity_url(f"https://{PROXY_HOST}", bob, path="/"))
            cards = page.locator("#hand button.card")
            await cards.first.wait_for()
            assert await cards.count() == len(world.match.hand_of(1))
        finally:
            await context.close()
            await proxy.close()
        assert {"/", "/live/static/activity.js", "/live/static/table.js"} <= set(proxy.paths)
        assert "/live/static/vendor/discord-embedded-app-sdk.js" in proxy.paths
        assert {"/.proxy/api/token", "/.proxy/live/ws"} <= set(proxy.paths)
        assert [f["t"] for f in proxy.frames[:2]] == ["hello", "state"]
        assert proxy.frames[0]["seat"] == 1
        assert not [m for m in said if "error" in m.lower() or "policy" in m.lower()], said


async def test_a_refused_login_shows_a_sentence_and_opens_no_socket(tmp_path: Path) -> None:
    async with activity_table(tmp_path) as (discord, world):
        ann = replace(discord.add(world.users[0]), code="a-code-discord-never-issued")
        sockets: list[str] = []
        player = await world.open(activity_url(world.server.url, ann), 0, locale="en-US")
        player.page.on("websocket", lambda ws: sockets.append(ws.url))
        await player.page.locator("#conn", has_text=text("en", "live.activity_login")).wait_for()
        assert not sockets and not player.frames
        assert ("POST", "/api/v10/oauth2/token", 400) in discord.calls


# ---- the socket --------------------------------------------------------------------
async def test_forged_expired_and_strangers_tokens_get_nothing_of_the_table(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with activity_table(tmp_path) as (discord, world):
        ann = discord.add(world.users[0])
        outsider = discord.add(STRANGER, guilds=(GUILD + 1,))  # another server's member
        stranger = discord.add(STRANGER + 1)

        forged = await hello_as(world, discord_hello("token-" + "0" * 32))
        discord.expired.add(ann.token)
        expired = await hello_as(world, discord_hello(ann.token))
        for frames in (forged, expired):
            assert frames == [{"t": "denied", "text": text("en", "live.activity_login")}]
        assert ("GET", "/api/v10/users/@me", 401) in discord.calls

        not_member = await hello_as(world, discord_hello(outsider.token, lang="zh-CN"))
        assert not_member == [{"t": "denied", "text": text("zh-CN", "live.activity_not_member")}]
        no_table = await hello_as(world, discord_hello(stranger.token, channel=CHANNEL + 1))
        assert no_table == [{"t": "denied", "text": text("en", "no_table")}]
        nonsense = await hello_as(world, {"t": "hello", "discord": {"channel_id": CHANNEL}})
        assert [f["t"] for f in nonsense] == ["denied"]

        discord.expired.clear()
        seated = await hello_as(world, discord_hello(ann.token, lang=None))
        assert [f["t"] for f in seated] == ["hello", "state"]
        assert seated[0]["seat"] == 0 and seated[1]["hand"]
        assert seated[0]["words"]["pass"] == text("en-US", "live.pass")  # users/@me's locale
        watching = await hello_as(world, discord_hello(stranger.token))
        assert watching[0]["spectator"] and watching[1]["hand"] is None

        logged = "\n".join(r.getMessage() for r in caplog.records)
        for secret in (ann.token, outsider.token, stranger.token, CLIENT_SECRET):
            assert secret not in logged


async def test_with_a_discord_client_a_spectator_must_see_the_channel(tmp_path: Path) -> None:
    """Where the process runs the Discord client, it decides who may watch (the
    channel's permissions, ``bot.discord_app.viewers``) instead of server membership:
    refused with a sentence, or the socket closed for a retry when Discord could not
    be asked; seated players are never asked about."""
    async with activity_table(tmp_path) as (discord, world):
        ann = discord.add(world.users[0])
        member = discord.add(STRANGER)  # a member of the server (the stand-in's default)
        asked: list[tuple[int, int, int]] = []
        answer: dict[int, bool | None] = {STRANGER: False}

        async def can_view(guild: int, channel: int, user: int) -> bool | None:
            asked.append((guild, channel, user))
            return answer.get(user, True)

        world.slot.can_view = can_view
        hidden = await hello_as(world, discord_hello(member.token, lang="zh-TW"))
        assert hidden == [{"t": "denied", "text": text("zh-TW", "live.activity_not_in_channel")}]
        assert asked == [(GUILD, CHANNEL, STRANGER)]
        assert not [c for c in discord.calls if c[1].endswith("/users/@me/guilds")]

        answer[STRANGER] = None  # Discord not reachable now: no frame, the page retries
        assert await hello_as(world, discord_hello(member.token)) == []

        answer[STRANGER] = True
        watching = await hello_as(world, discord_hello(member.token))
        assert watching[0]["spectator"] and watching[1]["hand"] is None
        seated = await hello_as(world, discord_hello(ann.token))
        assert seated[0]["seat"] == 0 and seated[1]["hand"]
        assert [a[2] for a in asked] == [STRANGER] * 3


async def test_the_token_exchange_hands_out_the_access_token_alone(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with activity_table(tmp_path) as (discord, world):
        ann = discord.add(world.users[0])
        status, body = await exchange(world, {"code": ann.code})
        assert (status, json.loads(body)) == (200, {"access_token": ann.token})
        # A code is good once; a code Discord never issued; no code; not JSON.
        assert (await exchange(world, {"code": ann.code}))[0] == 401
        assert (await exchange(world, {"code": "made-up"}))[0] == 401
        assert (await exchange(world, {"code": ""}))[0] == 400
        assert (await exchange(world, ["code"]))[0] == 400
        async with (
            aiohttp.ClientSession() as session,
            session.post(world.server.url + "/api/token", data={"code": "x"}) as resp,
        ):
            assert resp.status == 415
        answers = [body]
        # The wrong secret configured: Discord says invalid_client, the page hears 401.
        discord.client_secret = "the-application-s-new-secret"
        bob = discord.add(world.users[1])
        status, body = await exchange(world, {"code": bob.code})
        answers.append(body)
        assert status == 401 and ("POST", "/api/v10/oauth2/token", 401) in discord.calls
        for answer in answers:
            assert CLIENT_SECRET not in answer and "refresh" not in answer
        logged = "\n".join(r.getMessage() for r in caplog.records)
        for secret in (ann.token, ann.code, bob.code, CLIENT_SECRET):
            assert secret not in logged


async def test_discord_unreachable_closes_the_socket_for_a_retry(tmp_path: Path) -> None:
    async with activity_table(tmp_path) as (discord, world):
        ann = discord.add(world.users[0])
        await discord.close()  # Discord's API gone: no frame at all, the page retries
        assert await hello_as(world, discord_hello(ann.token)) == []
        assert (await exchange(world, {"code": ann.code}))[0] == 502


# ---- the page, the switch, the settings ----------------------------------------------
async def test_the_page_loads_only_its_own_files_by_relative_urls(tmp_path: Path) -> None:
    async with activity_table(tmp_path, mock=False) as (_discord, world):
        async with (
            aiohttp.ClientSession() as session,
            session.get(world.server.url + "/activity?mock=1") as resp,
        ):
            page = await resp.text()
            csp = resp.headers["Content-Security-Policy"]
        assert resp.status == 200
        assert "script-src 'self'" in csp and "connect-src 'self'" in csp
        assert "default-src 'none'" in csp
        # Without LIVE_ACTIVITY_MOCK the page never runs the mock, whatever the URL says.
        assert 'name="activity-mock"' not in page
        assert f'name="discord-client-id" content="{CLIENT_ID}"' in page
        assert CLIENT_SECRET not in page
        urls = re.findall(r'(?:src|href)="([^"]+)"', page)
        assert "live/static/vendor/discord-embedded-app-sdk.js" in urls
        assert "live/static/activity.js" in urls and "live/static/table.css" in urls
        assert all(not u.startswith(("/", "http")) for u in urls if u != "data:,"), urls


def test_the_page_is_the_table_page_with_the_sdk() -> None:
    page = activity_html("zh-TW", CLIENT_ID, mock=True)
    assert 'lang="zh-Hant"' in page and 'name="activity-mock" content="1"' in page
    for element in re.findall(r'id="([a-z]+)"', (VENDOR / "static" / "table.html").read_text()):
        assert f'id="{element}"' in page  # everything table.js draws into


async def test_without_the_activity_its_routes_say_so(tmp_path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'off.db'}")
    await db.upgrade()
    server = WebServer(db, "127.0.0.1", 0, LiveSlot())
    await server.start()
    try:
        async with aiohttp.ClientSession(headers={"Accept-Language": "zh-CN"}) as session:
            async with session.get(server.url + "/activity") as resp:
                assert resp.status == 404
                assert text("zh-CN", "live.activity_off") in await resp.text()
            async with session.post(server.url + "/api/token", json={"code": "x"}) as resp:
                assert resp.status == 404
                assert await resp.json() == {"error": "activity_off"}
            async with session.get(server.url + "/") as resp:
                assert resp.status == 404
    finally:
        await server.stop()
        await db.dispose()


def test_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("ACTIVITY_ENABLED", "DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET", "WEB_PORT"):
        monkeypatch.delenv(name, raising=False)
    for name in ("PUBLIC_URL", "DISCORD_API_BASE", "LIVE_ACTIVITY_MOCK"):
        monkeypatch.delenv(name, raising=False)
    env = tmp_path / ".env"
    env.write_text(
        "WEB_PORT=8080\nPUBLIC_URL=https://shengji.example.org\nACTIVITY_ENABLED=1\n"
        f"DISCORD_CLIENT_ID={CLIENT_ID}\n",
        encoding="utf-8",
    )
    half = Config.load(env)
    assert not half.activity_on and half.activity_missing() == ["DISCORD_CLIENT_SECRET"]
    assert ActivitySettings.of(half) is None
    env.write_text(env.read_text() + f"DISCORD_CLIENT_SECRET={CLIENT_SECRET}\n")
    on = Config.load(env)
    settings = ActivitySettings.of(on)
    assert on.activity_on and settings is not None
    assert settings.api_base == "https://discord.com/api/v10" and not settings.mock
    assert CLIENT_SECRET not in repr(on) and CLIENT_SECRET not in repr(settings)
    monkeypatch.setenv("DISCORD_API_BASE", "http://127.0.0.1:9/api/v10/")
    monkeypatch.setenv("LIVE_ACTIVITY_MOCK", "1")
    settings = ActivitySettings.of(Config.load(env))
    assert settings is not None and settings.mock
    assert settings.api_base == "http://127.0.0.1:9/api/v10"
    monkeypatch.setenv("DISCORD_CLIENT_ID", "my-app")
    with pytest.raises(ValueError, match="DISCORD_CLIENT_ID"):
        Config.load(env)


def test_the_vendored_sdk_is_the_pinned_one() -> None:
    """The bundle, its licences and its README name the versions package.json pins,
    and the README's sha256 is the bundle's (build_sdk.sh writes all three)."""
    pins = json.loads((VENDOR / "vendor" / "package.json").read_text())["dependencies"]
    sdk, esbuild = pins["@discord/embedded-app-sdk"], pins["esbuild"]
    bundle = (VENDOR / "static" / "vendor" / "discord-embedded-app-sdk.js").read_bytes()
    readme = (VENDOR / "static" / "vendor" / "README.md").read_text()
    licences = (VENDOR / "static" / "vendor" / "discord-embedded-app-sdk.LICENSE.txt").read_text()
    head = bundle[:300].decode()
    assert f"@discord/embedded-app-sdk {sdk}" in head and f"esbuild {esbuild}" in head
    assert f"@discord/embedded-app-sdk {sdk} bundled by esbuild {esbuild}" in readme
    assert hashlib.sha256(bundle).hexdigest() in readme
    assert licences.startswith(f"@discord/embedded-app-sdk {sdk} (MIT)")
    assert b"var DiscordEmbeddedAppSDK" in bundle
    lock = json.loads((VENDOR / "vendor" / "package-lock.json").read_text())["packages"]
    assert lock["node_modules/@discord/embedded-app-sdk"]["version"] == sdk
