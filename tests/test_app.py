"""``python -m bot`` without a token explains what to do and offers the console."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.config import Config, load_dotenv


def test_no_token_explains_and_offers_console(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parent.parent)
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    out = result.stdout
    assert "No DISCORD_TOKEN is set" in out
    assert "discord.com/developers/applications" in out
    assert "applications.commands" in out
    assert "python -m bot console" in out


def test_dotenv_values_and_environment_precedence(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# comment\nDISCORD_TOKEN='abc'\nexport LOG_LEVEL=debug\nDEV_GUILD_ID=123\nSHARD_COUNT=\n",
        encoding="utf-8",
    )
    assert load_dotenv(env_file)["DISCORD_TOKEN"] == "abc"
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DATABASE_URL", "sqlite+aiosqlite:///x.db")
    for name in ("LOG_LEVEL", "DEV_GUILD_ID", "SHARD_COUNT"):
        monkeypatch.delenv(name, raising=False)
    config = Config.load(env_file)
    assert config.token == "abc"
    assert config.log_level == "DEBUG"
    assert config.dev_guild_id == 123
    assert config.shard_count is None
    assert config.database_url == "sqlite+aiosqlite:///x.db"  # the environment wins


def test_no_token_yes_starts_the_console_table(tmp_path: Path) -> None:
    """Answering "y" at a terminal really opens the console table (and quit saves)."""
    import pty

    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parent.parent)
    leader, follower = pty.openpty()  # stdin must be a terminal for the offer
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "bot"],
            cwd=tmp_path,
            env=env,
            stdin=follower,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        os.write(leader, b"y\nquit\n")
        out, err = proc.communicate(timeout=120)
    finally:
        os.close(leader)
        os.close(follower)
    assert "Traceback" not in err, err
    assert proc.returncode == 0, (out, err)
    assert (tmp_path / "shengji-console.db").exists()  # the console table was opened
