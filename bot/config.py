"""Settings from the environment or a ``.env`` file (environment wins).

The ``.env`` is the one next to the project (the folder holding README.md), not the
current directory's, so ``python -m bot`` means the same bot wherever it is started;
``python -m bot --env FILE`` names another. The default SQLite file lives there too, and
a relative SQLite path written in a ``.env`` is relative to that file's folder."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy.engine import make_url

# bot.service imports rules: this module is read before rules is (``python -m bot``
# chooses the compiled build with it), so the service's types are imported where used.
if TYPE_CHECKING:
    from bot.service.idle import TableLimits
    from bot.service.shards import Shards

PROJECT_DIR = Path(__file__).resolve().parents[1]
DEFAULT_ENV = PROJECT_DIR / ".env"
DEFAULT_DB = PROJECT_DIR / "shengji.db"
DISCORD_API_BASE = "https://discord.com/api/v10"

_env_file: Path | None = None  # set by ``python -m bot --env FILE``


def use_env_file(path: Path | None) -> None:
    """Read settings from ``path`` instead of the project's ``.env`` (``--env``)."""
    global _env_file
    _env_file = None if path is None else path.resolve()


def env_file() -> Path:
    """The ``.env`` in use: ``--env FILE``, else the one next to the project."""
    return _env_file or DEFAULT_ENV


def load_dotenv(path: Path = DEFAULT_ENV) -> dict[str, str]:
    """Read KEY=VALUE lines (``#`` comments, optional quotes). Missing file: {}."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip().removeprefix("export ").strip()] = value
    return values


def setting(name: str) -> str | None:
    """One setting as ``Config.load`` reads it (environment first, then the ``.env``
    in use), for what must be decided before the rest loads."""
    value = os.environ.get(name)
    if value is None:
        value = load_dotenv(env_file()).get(name)
    return value


def _sqlite_relative_to(url: str, folder: Path) -> str:
    """A relative SQLite file in ``url`` made absolute under ``folder``; others unchanged."""
    try:
        parsed = make_url(url)
    except Exception:  # not a URL at all: storage.startup explains it
        return url
    name = parsed.database
    if not parsed.drivername.startswith("sqlite") or not name or name == ":memory:":
        return url
    if Path(name).is_absolute():
        return url
    return parsed.set(database=str(folder / name)).render_as_string(hide_password=False)


def describe_database(url: str) -> str:
    """The database for the start-up line, without a password."""
    try:
        parsed = make_url(url)
    except Exception:
        return url
    if parsed.drivername.startswith("sqlite"):
        return f"SQLite {parsed.database}"
    return parsed.render_as_string(hide_password=True)


class ConfigError(ValueError):
    """A setting that cannot be used, told as one sentence."""


def _port(value: str | None) -> int | None:
    """WEB_PORT: unset or empty is off; otherwise a port number 0 … 65535."""
    if value is None or not value.strip():
        return None
    if not value.strip().isdigit() or int(value) > 65535:
        raise ConfigError(
            f"WEB_PORT={value!r} is not a port number: use 1-65535, or leave it empty."
        )
    return int(value)


def _client_id(value: str | None) -> str | None:
    """DISCORD_CLIENT_ID: the application's id (a number), or unset."""
    if value is None or not value.strip():
        return None
    if not value.strip().isdigit():
        raise ConfigError(
            f"DISCORD_CLIENT_ID={value!r} is not an application id: copy the Application ID "
            "from the Developer Portal (General Information), or leave it empty."
        )
    return value.strip()


@dataclass(frozen=True, slots=True)
class Config:
    token: str | None
    database_url: str
    log_level: str
    dev_guild_id: int | None
    shard_count: int | None  # set to run an AutoShardedBot
    shard_ids: tuple[int, ...] | None = None  # this process's shards (None: all of them)
    env_path: Path | None = None  # the .env read (None: there was none)
    # Tables nobody plays at (bot.service.idle): minutes, and caps; 0 turns one off.
    idle_close_minutes: int = 30
    lobby_close_minutes: int = 60
    max_tables_per_user: int = 3
    max_tables_per_server: int = 20
    # The web side (bot.web): off while WEB_PORT is unset; PUBLIC_URL is how people
    # reach it (links posted by /replay), e.g. https://shengji.example.org.
    web_port: int | None = None
    web_host: str = "127.0.0.1"
    public_url: str | None = None
    # The live table as a Discord Activity (bot.web.live.activity): on with
    # ACTIVITY_ENABLED=1, the application's OAuth2 client id and secret, and the live
    # table itself (WEB_PORT and PUBLIC_URL). DISCORD_API_BASE: tests point it at a
    # stand-in; LIVE_ACTIVITY_MOCK=1 (tests only) lets the page run the SDK's mock.
    activity_enabled: bool = False
    discord_client_id: str | None = None
    discord_client_secret: str | None = field(default=None, repr=False)
    discord_api_base: str = DISCORD_API_BASE
    activity_mock: bool = False
    # Signs the live table's links (bot.service.live_access.link_key); unset: a key
    # derived from DISCORD_TOKEN (resetting the token then ends every link).
    live_link_secret: str | None = field(default=None, repr=False)

    @property
    def activity_on(self) -> bool:
        """Does the live table open as a Discord Activity (its button shown, its
        page and token exchange served)?"""
        return bool(
            self.activity_enabled
            and self.discord_client_id
            and self.discord_client_secret
            and self.web_port is not None
            and self.public_url
        )

    def activity_missing(self) -> list[str]:
        """With ACTIVITY_ENABLED=1: the settings the Activity still lacks."""
        wanted = {
            "DISCORD_CLIENT_ID": self.discord_client_id,
            "DISCORD_CLIENT_SECRET": self.discord_client_secret,
            "WEB_PORT": self.web_port,
            "PUBLIC_URL": self.public_url,
        }
        return [name for name, value in wanted.items() if value is None or value == ""]

    @property
    def limits(self) -> TableLimits:
        from bot.service.idle import TableLimits

        return TableLimits(
            idle_close_seconds=self.idle_close_minutes * 60,
            lobby_close_seconds=self.lobby_close_minutes * 60,
            per_user=self.max_tables_per_user,
            per_server=self.max_tables_per_server,
        )

    @property
    def shards(self) -> Shards:
        """Which tables this process owns (several processes on one database)."""
        from bot.service.shards import Shards

        if not self.shard_count:
            return Shards()
        ids = None if self.shard_ids is None else frozenset(self.shard_ids)
        return Shards(self.shard_count, ids)

    def startup_line(self) -> str:
        """Which settings and which database this run uses (never the token)."""
        env = str(self.env_path) if self.env_path else f"none ({env_file()} not found)"
        return f"settings: .env {env}; database {describe_database(self.database_url)}"

    @classmethod
    def load(cls, env_path: Path | None = None) -> Config:
        from bot.service.shards import Shards

        path = env_path or env_file()
        file_values = load_dotenv(path)

        def get(name: str) -> str | None:
            value = os.environ.get(name)
            if value is None:
                value = file_values.get(name)
            return value or None

        url = os.environ.get("DATABASE_URL") or None
        if url is None and file_values.get("DATABASE_URL"):
            url = _sqlite_relative_to(file_values["DATABASE_URL"], path.parent)

        def number(name: str, default: int) -> int:
            value = get(name)
            return int(value) if value and value.isdigit() else default

        guild = get("DEV_GUILD_ID")
        shards = Shards.parse(get("SHARD_COUNT"), get("SHARD_IDS"))  # ShardConfigError
        return cls(
            token=get("DISCORD_TOKEN"),
            database_url=url or f"sqlite+aiosqlite:///{DEFAULT_DB}",
            log_level=(get("LOG_LEVEL") or "INFO").upper(),
            dev_guild_id=int(guild) if guild and guild.isdigit() else None,
            shard_count=shards.count if get("SHARD_COUNT") else None,
            shard_ids=None if shards.ids is None else tuple(sorted(shards.ids)),
            env_path=path if path.is_file() else None,
            idle_close_minutes=number("IDLE_CLOSE_MINUTES", 30),
            lobby_close_minutes=number("LOBBY_CLOSE_MINUTES", 60),
            max_tables_per_user=number("MAX_TABLES_PER_USER", 3),
            max_tables_per_server=number("MAX_TABLES_PER_SERVER", 20),
            web_port=_port(get("WEB_PORT")),
            web_host=get("WEB_HOST") or "127.0.0.1",
            public_url=(get("PUBLIC_URL") or "").rstrip("/") or None,
            activity_enabled=get("ACTIVITY_ENABLED") == "1",
            discord_client_id=_client_id(get("DISCORD_CLIENT_ID")),
            discord_client_secret=get("DISCORD_CLIENT_SECRET"),
            discord_api_base=(get("DISCORD_API_BASE") or DISCORD_API_BASE).rstrip("/"),
            activity_mock=get("LIVE_ACTIVITY_MOCK") == "1",
            live_link_secret=get("LIVE_LINK_SECRET"),
        )
