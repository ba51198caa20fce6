"""The web side on a real aiohttp server (127.0.0.1, a free port) over a real SQLite
file: a share token's page serves that hand's viewer and nothing else, a revoked
or unknown token a 404 without a card, ``/healthz``, ``/metrics`` in the Prometheus
text format with counters fed by the service and the Discord client, and ``python
-m bot run`` starting and stopping the web side beside the client."""

from __future__ import annotations

import html
import json
import logging
import re
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

import bot.discord_app.client as client_mod
import rules.play
from bot.config import Config, ConfigError
from bot.service.metrics import ACTIONS, ERRORS, REST_CALLS
from bot.web.links import replay_url
from bot.web.server import WebServer, WebStartError
from rules.presets import preset
from storage import Database, Replays, Store
from tests.support.console_helpers import console_table
from tests.support.database import make_database
from tests.support.discord_helpers import make_world, open_table_with_buttons
from tests.support.replay_helpers import open_match, play_hands

SHORT = preset("one-deck").with_overrides(levels=(13, 14))
U1 = 1_170_000_000_000_000_311
METRIC_LINE = re.compile(r"^[a-zA-Z_:][a-zA-Z0-9_:]* -?[0-9.e+]+$")
SUITS = re.compile("[♠♥♣♦]|大王|小王")


@pytest.fixture
async def two_hands(tmp_path: Path) -> AsyncIterator[tuple[Database, list[int], list[str]]]:
    """A table that finished two hands (hand ids, records)."""
    db = await make_database("sqlite", tmp_path)
    store = Store(db)
    table, match = await open_match(
        store, guild=None, channel=9, users=(U1, None, None, None), rules=SHORT, seed="web"
    )
    await play_hands(store, table, match, 2)
    replays = Replays(db)
    hands = [await replays.hand_of_table(table.id, n) for n in (1, 2)]
    assert all(h is not None for h in hands)
    try:
        yield db, [h.hand_id for h in hands if h], [h.record for h in hands if h]
    finally:
        await db.dispose()


@pytest.fixture
async def server(two_hands: tuple[Database, list[int], list[str]]) -> AsyncIterator[WebServer]:
    web = WebServer(two_hands[0], "127.0.0.1", 0)
    await web.start()
    assert web.port != 0
    try:
        yield web
    finally:
        await web.stop()


async def get(web: WebServer, path: str, **headers: str) -> tuple[int, dict[str, str], str]:
    async with aiohttp.ClientSession() as s, s.get(web.url + path, headers=headers) as r:
        return r.status, dict(r.headers), await r.text()


def embedded_record(page: str) -> str:
    found = re.search(r'<textarea id="record"[^>]*>\n?(.*?)</textarea>', page, re.S)
    assert found is not None, page[:500]
    return html.unescape(found.group(1))


async def test_token_page_serves_that_hand_only(
    two_hands: tuple[Database, list[int], list[str]], server: WebServer
) -> None:
    db, ids, records = two_hands
    replays = Replays(db)
    token = await replays.create_link(ids[0], U1)
    status, headers, page = await get(server, f"/r/{token}")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert embedded_record(page) == records[0]
    assert records[1] not in page
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"
    # the page in the browser's language
    _, _, zh = await get(server, f"/r/{token}", **{"Accept-Language": "zh-CN,zh;q=0.9"})
    assert '<html lang="zh' in zh and embedded_record(zh) == records[0]

    assert await replays.revoke_links(ids[0]) == 1
    for path in (f"/r/{token}", "/r/not-a-token", "/r/" + "x" * 500):
        status, headers, body = await get(server, path)
        assert status == 404, path
        assert not SUITS.search(body), body  # no card of any hand
        assert "textarea" not in body and "replay-data" not in body
        assert "unknown or was revoked" in body
    _, _, zh404 = await get(server, "/r/nope?lang=zh-TW")
    assert "這個復盤連結不存在" in zh404 and "revoked" not in zh404


async def test_healthz_and_metrics(
    two_hands: tuple[Database, list[int], list[str]], server: WebServer, tmp_path: Path
) -> None:
    status, headers, body = await get(server, "/healthz")
    assert status == 200 and headers["Content-Type"].startswith("application/json")
    assert json.loads(body) == {"status": "ok", "database": True, "tables_open": 1}

    before = ACTIONS.value
    db = await make_database("sqlite", tmp_path / "svc")
    try:
        table, _ = await console_table(db)  # a service that deals: committed actions
        await table.pump()
    finally:
        await db.dispose()
    assert ACTIONS.value > before

    status, headers, body = await get(server, "/metrics")
    assert status == 200 and headers["Content-Type"].startswith("text/plain; version=0.0.4")
    samples: dict[str, float] = {}
    types: dict[str, str] = {}
    for line in body.splitlines():
        if line.startswith("# HELP ") or line.startswith("# TYPE "):
            parts = line.split(" ", 3)
            assert len(parts) == 4, line
            if parts[1] == "TYPE":
                types[parts[2]] = parts[3]
            continue
        assert METRIC_LINE.match(line), line
        name, value = line.split(" ")
        samples[name] = float(value)
    assert samples["shengji_tables_open"] == 1 and types["shengji_tables_open"] == "gauge"
    assert samples["shengji_actions_total"] == ACTIONS.value
    for name in ("shengji_actions_total", "shengji_rest_calls_total", "shengji_errors_total"):
        assert types[name] == "counter" and name in samples
    assert samples["shengji_database_up"] == 1
    # 0 as the suite runs (the source), 1 in .ci/run's replay on the compiled build
    assert types["shengji_rules_compiled"] == "gauge"
    assert samples["shengji_rules_compiled"] == int(rules.play.__file__.endswith(".so"))


async def test_healthz_when_the_database_is_gone(tmp_path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'no-such-dir' / 'x.db'}")
    web = WebServer(db, "127.0.0.1", 0)
    await web.start()
    try:
        status, _, body = await get(web, "/healthz")
        assert status == 503 and json.loads(body)["database"] is False
        _, _, metrics = await get(web, "/metrics")
        assert "shengji_database_up 0" in metrics and "shengji_tables_open " not in metrics
    finally:
        await web.stop()
        await db.dispose()


async def test_a_busy_port_is_one_sentence(tmp_path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'x.db'}")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        web = WebServer(db, "127.0.0.1", taken.getsockname()[1])
        with pytest.raises(WebStartError, match="WEB_PORT"):
            await web.start()
    await db.dispose()


def test_links_and_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert replay_url("https://shengji.example.org/", "aB-_9") == (
        "https://shengji.example.org/r/aB-_9"
    )
    for name in ("WEB_PORT", "WEB_HOST", "PUBLIC_URL"):
        monkeypatch.delenv(name, raising=False)
    off = Config.load(tmp_path / "none.env")
    assert (off.web_port, off.web_host, off.public_url) == (None, "127.0.0.1", None)
    env = tmp_path / ".env"
    env.write_text("WEB_PORT=8080\nWEB_HOST=0.0.0.0\nPUBLIC_URL=https://x.example/\n")
    on = Config.load(env)
    assert (on.web_port, on.web_host, on.public_url) == (8080, "0.0.0.0", "https://x.example")
    monkeypatch.setenv("WEB_PORT", "eighty")
    with pytest.raises(ConfigError, match="WEB_PORT"):
        Config.load(env)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_run_starts_the_web_side_beside_the_client_and_stops_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.app import _serve

    port = free_port()
    url = f"sqlite+aiosqlite:///{tmp_path / 'run.db'}"
    db = Database(url)
    await db.upgrade()
    await db.dispose()
    config = Config(
        token="t",
        database_url=url,
        log_level="INFO",
        dev_guild_id=None,
        shard_count=None,
        web_port=port,
    )
    seen: list[tuple[int, str]] = []

    async def fake_run_bot(config: Config, sync_only: bool = False, on_service: Any = None) -> int:
        """The Discord client's run: meanwhile the web side answers (or is off)."""
        # The live table needs PUBLIC_URL: without it nothing is handed the service.
        assert on_service is None
        try:
            async with (
                aiohttp.ClientSession() as s,
                s.get(f"http://127.0.0.1:{port}/healthz") as r,
            ):
                seen.append((r.status, await r.text()))
        except aiohttp.ClientConnectionError:
            seen.append((0, ""))
        return 0

    monkeypatch.setattr(client_mod, "run_bot", fake_run_bot)
    errors = ERRORS.value
    assert await _serve(config, False) == 0
    assert seen and seen[0][0] == 200 and '"database": true' in seen[0][1]
    with socket.socket() as probe:  # stopped: nothing listens there any more
        assert probe.connect_ex(("127.0.0.1", port)) != 0
    logging.getLogger("bot.test").error("after the web side stopped")
    assert ERRORS.value == errors  # its error counter went with it
    seen.clear()
    assert await _serve(config, True) == 0  # sync: no web side
    assert seen == [(0, "")]


async def test_discord_rest_calls_are_counted(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        before = REST_CALLS.value
        await open_table_with_buttons(w)
        assert REST_CALLS.value > before
