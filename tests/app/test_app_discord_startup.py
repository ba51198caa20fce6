"""``python -m bot`` start-up against Discord: a refused token, a refused privileged
intent and an unreachable Discord are one sentence on stderr and exit code 2 (the
network case after bounded, logged retries); ``--help`` is the usage; the ``.env`` and
the default database are the project's, whatever the current directory. No traffic
leaves the machine: discord.py's REST base points at a loopback server (or a closed
loopback port)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest
import yarl
from aiohttp import WSMsgType, web

import bot.config as bot_config
from bot.app import main as app_main
from bot.compiled import is_compiled
from bot.discord_app import client as client_mod

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _json(data: object, status: int = 200) -> web.Response:
    # discord.py parses a body only when Content-Type is exactly application/json
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


@contextlib.contextmanager
def fake_discord(token_ok: bool) -> Iterator[str]:
    """A loopback Discord: /users/@me answers 401 (a wrong token) or a user, and the
    gateway closes with 4014 after IDENTIFY (a privileged intent not enabled)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"

    async def me(request: web.Request) -> web.Response:
        if not token_ok:
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        return _json(
            {"id": "1", "username": "bot", "discriminator": "0", "avatar": None, "bot": True}
        )

    async def gateway(request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return _json(
            {"url": f"ws://127.0.0.1:{port}/ws", "shards": 1, "session_start_limit": limit}
        )

    async def ws(request: web.Request) -> web.WebSocketResponse:
        sock = web.WebSocketResponse()
        await sock.prepare(request)
        await sock.send_json({"op": 10, "d": {"heartbeat_interval": 45000}})
        async for msg in sock:
            if msg.type == WSMsgType.TEXT and '"op":2' in msg.data.replace(" ", ""):
                await sock.close(code=4014, message=b"Disallowed intent(s).")
                break
        return sock

    async def application(request: web.Request) -> web.Response:
        owner = {"id": "2", "username": "owner", "discriminator": "0", "avatar": None}
        return _json(
            {
                "id": "1",
                "name": "bot",
                "icon": None,
                "description": "",
                "flags": 0,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "",
                "owner": owner,
            }
        )

    async def app_info(request: web.Request) -> web.Response:
        return _json({"message": "not here", "code": 0}, status=404)

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    app.router.add_get("/api/v10/gateway/bot", gateway)
    app.router.add_get("/api/v10/gateway", gateway)
    app.router.add_get("/ws", ws)
    app.router.add_get("/api/v10/oauth2/applications/@me", application)
    app.router.add_route("*", "/{tail:.*}", app_info)
    loop = asyncio.new_event_loop()
    runner = web.AppRunner(app)
    loop.run_until_complete(runner.setup())
    loop.run_until_complete(web.TCPSite(runner, "127.0.0.1", port).start())
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        yield f"{base}/api/v10"
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)


@pytest.fixture
def bot_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("LOG_LEVEL", "DEV_GUILD_ID", "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'bot.db'}")
    monkeypatch.setattr(bot_config, "_env_file", tmp_path / "none.env")
    monkeypatch.setattr(client_mod, "RETRY_DELAYS", (0.01, 0.01))
    return tmp_path


def one_sentence(err: str, *parts: str) -> None:
    assert "Traceback" not in err, err
    lines = [ln for ln in err.strip().splitlines() if ln.strip()]
    assert len(lines) == 1, err
    for part in parts:
        assert part in lines[0], (part, err)


def test_wrong_token(bot_env: Path, monkeypatch: pytest.MonkeyPatch, capfd) -> None:  # type: ignore[no-untyped-def]
    with fake_discord(token_ok=False) as base:
        monkeypatch.setattr(discord.http.Route, "BASE", base)
        code = app_main([])
    err = capfd.readouterr().err
    assert code == 2
    one_sentence(err, "DISCORD_TOKEN", "Reset Token")


def test_privileged_intent(bot_env: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    with fake_discord(token_ok=True) as base:
        monkeypatch.setattr(discord.http.Route, "BASE", base)
        gateway = yarl.URL(base.replace("http", "ws").replace("/api/v10", "/ws"))
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", gateway)
        code = app_main([])
    err = capsys.readouterr().err
    assert code == 2, err
    one_sentence(err, "Privileged Gateway Intents")


def test_unreachable_discord_retries_then_one_sentence(
    bot_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys,
    caplog,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{free_port()}/api/v10")
    code = app_main([])
    err = capsys.readouterr().err
    assert code == 2, err
    one_sentence(err, "Cannot reach Discord", "tried 3×", "network")
    retries = [r for r in caplog.records if "trying again" in r.getMessage()]
    assert len(retries) == 2, caplog.text


def test_discord_answering_5xx_at_login_is_retried_then_one_sentence(
    bot_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys,
    caplog,  # type: ignore[no-untyped-def]
) -> None:
    """Discord answers every request with a 503 (its side is down): the login is
    tried again like an unreachable network, then one sentence, no traceback."""
    port = free_port()

    async def down(request: web.Request) -> web.Response:
        return _json({"message": "Service Unavailable", "code": 0}, status=503)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", down)
    loop = asyncio.new_event_loop()
    runner = web.AppRunner(app)
    loop.run_until_complete(runner.setup())
    loop.run_until_complete(web.TCPSite(runner, "127.0.0.1", port).start())
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
        code = app_main([])
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
    err = capsys.readouterr().err
    assert code == 2, err
    one_sentence(err, "Discord is not answering", "503", "tried 3×")
    retries = [r for r in caplog.records if "trying again" in r.getMessage()]
    assert len(retries) == 2, caplog.text


def run_bot_process(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISCORD_TOKEN", "DATABASE_URL", "LOG_LEVEL")
    }
    environ.update(PYTHONPATH=str(ROOT), **env)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=environ,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("flag", ["--help", "-h", "help"])
def test_help_is_the_usage(tmp_path: Path, flag: str) -> None:
    result = run_bot_process(tmp_path, flag)
    assert result.returncode == 0, result.stderr
    assert "No DISCORD_TOKEN" not in result.stdout
    lines = result.stdout.splitlines()
    for command in ("run", "console", "sync", "render", "emojis", "invite", "help"):
        assert any(line.split()[:1] == [command] for line in lines), (command, result.stdout)
    assert "--env FILE" in result.stdout


def test_unknown_command(tmp_path: Path) -> None:
    result = run_bot_process(tmp_path, "frobnicate")
    assert result.returncode == 2
    assert "unknown command 'frobnicate'" in result.stderr and "usage:" in result.stderr


def test_no_pynacl_warning(bot_env: Path, monkeypatch: pytest.MonkeyPatch, caplog) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{free_port()}/api/v10")
    monkeypatch.setattr(client_mod, "RETRY_DELAYS", ())
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)  # as on a fresh start
    assert app_main([]) == 2
    assert "voice" not in caplog.text.lower(), caplog.text


def test_dotenv_and_database_are_the_projects(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``.env`` in the current directory is not read; the project's is, and the
    default SQLite file sits next to the project."""
    for name in ("DISCORD_TOKEN", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / ".env").write_text("DISCORD_TOKEN=from-the-cwd\n", encoding="utf-8")
    monkeypatch.chdir(elsewhere)
    project_env = tmp_path / "project.env"
    monkeypatch.setattr(bot_config, "DEFAULT_ENV", project_env)
    config = bot_config.Config.load()
    assert config.token is None and config.env_path is None
    assert config.database_url == f"sqlite+aiosqlite:///{ROOT / 'shengji.db'}"
    project_env.write_text("DISCORD_TOKEN=from-the-project\n", encoding="utf-8")
    assert bot_config.Config.load().token == "from-the-project"


def test_env_option_and_the_startup_line(
    bot_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog,  # type: ignore[no-untyped-def]
) -> None:
    """``--env FILE`` is read; a relative SQLite path in it is relative to the file;
    the start-up line names the .env and the database, never the token."""
    monkeypatch.delenv("DISCORD_TOKEN")
    monkeypatch.delenv("DATABASE_URL")
    folder = bot_env / "conf"
    folder.mkdir()
    env = folder / "bot.env"
    env.write_text("DISCORD_TOKEN=secret-token-xyz\nDATABASE_URL=sqlite:///tables.db\n", "utf-8")
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{free_port()}/api/v10")
    monkeypatch.setattr(client_mod, "RETRY_DELAYS", ())
    monkeypatch.setattr(bot_config, "_env_file", None)
    caplog.set_level("INFO")
    from bot.__main__ import main as bot_main

    assert bot_main(["--env", str(env)]) == 2
    assert (folder / "tables.db").exists()  # next to the .env, not in the current directory
    line = next(r.getMessage() for r in caplog.records if r.getMessage().startswith("settings:"))
    assert str(env) in line and str(folder / "tables.db") in line, line
    assert "secret-token-xyz" not in caplog.text
    # which rules/ plays: the source, or the compiled build when the suite runs on it
    if is_compiled():
        assert "rules/: the compiled build in" in caplog.text
    else:
        assert "rules/: pure Python (a faster 高手: python -m bot.compiled" in caplog.text


def test_env_option_missing_file(tmp_path: Path) -> None:
    result = run_bot_process(tmp_path, "--env", "nope.env")
    assert result.returncode == 2 and result.stderr.strip() == "--env nope.env: no such file"


def _section(text: str, title: str) -> str:
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 4)
    return text[start : end if end >= 0 else None]


def test_readme_setup_answers_the_newcomers_questions() -> None:
    admin = (ROOT / "docs" / "admin.md").read_text(encoding="utf-8")
    players = (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    architecture = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    setup = _section(admin, "Setting up the Discord bot")
    assert "Python 3.11" in setup
    assert "Developer Mode" in setup and "Copy Server ID" in setup
    assert "no `sync` is needed for" in setup  # DEV_GUILD_ID syncs that server at start
    for name in ("shengji.service", "Dockerfile"):
        assert f"({name})" in setup and (ROOT / "docs" / name).is_file(), name
    unit = (ROOT / "docs/shengji.service").read_text(encoding="utf-8")
    assert "ExecStart=" in unit and "-m bot" in unit and "[Install]" in unit
    playing = _section(players, "Playing on Discord")
    assert "dmpost:" not in playing and "token" not in playing.lower()
    assert "dmpost:" in architecture
