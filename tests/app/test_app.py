"""``python -m bot`` without a token explains what to do and offers the console."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.config import Config, load_dotenv


def test_no_token_explains_and_offers_console(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
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
    """Answering "y" at a terminal really opens the console table (and quit saves).
    Its file goes beside the .env in use (issue 47 item 5), not the current directory."""
    import pty

    (tmp_path / "bot.env").write_text("", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    leader, follower = pty.openpty()  # stdin must be a terminal for the offer
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "bot", "--env", str(tmp_path / "bot.env")],
            cwd=elsewhere,
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
    assert not (elsewhere / "shengji-console.db").exists()


def test_the_rules_build_is_chosen_before_rules_loads() -> None:
    """``python -m bot`` reads SHENGJI_COMPILED (``bot.config.setting``) before any
    command imports ``rules``, so a current compiled build can still be put first."""
    code = (
        "import sys, bot.__main__, bot.config; bot.config.setting('SHENGJI_COMPILED'); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rules', 'storage')))"
    )
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    result = subprocess.run(
        [sys.executable, "-P", "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_shengji_compiled_takes_one_or_nothing(capsys) -> None:  # type: ignore[no-untyped-def]
    from bot.compiled import asked

    assert asked("1") and asked(" 1 ")
    assert not asked(None) and not asked("") and not asked("0")
    assert capsys.readouterr().err == ""
    assert not asked("yes")  # a typo is said, and the pure-Python rules/ runs
    err = capsys.readouterr().err
    assert "SHENGJI_COMPILED='yes' is not a choice" in err and "python -m bot.compiled" in err


def test_every_setting_is_in_the_example_and_the_readme() -> None:
    """What the bot reads from the environment / ``.env`` is listed in .env.example
    and in the admin guide's Settings table, and nothing else is."""
    import re

    from bot.compiled import ENV

    root = Path(__file__).resolve().parents[2]
    lines = (root / ".env.example").read_text(encoding="utf-8").splitlines()
    example = {line.split("=")[0] for line in lines if line and not line.startswith("#")}
    readme = (root / "docs" / "admin.md").read_text(encoding="utf-8")
    section = readme[readme.index("\n## Settings\n") :]
    section = section[: section.index("\n## ", 5)]
    table = set(re.findall(r"^\| `([A-Z_]+)` \|", section, re.M))
    config = (root / "bot" / "config.py").read_text(encoding="utf-8")
    read = set(re.findall(r'(?:get|number)\("([A-Z_]+)"', config)) | {ENV}
    assert "DISCORD_TOKEN" in read and "SHENGJI_COMPILED" in read
    assert example == table == read
