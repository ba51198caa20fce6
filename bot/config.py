"""Settings from the environment or a ``.env`` file (environment wins)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from bot.service.idle import TableLimits
from bot.service.shards import Shards
from storage.db import DEFAULT_URL


def load_dotenv(path: Path = Path(".env")) -> dict[str, str]:
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


@dataclass(frozen=True, slots=True)
class Config:
    token: str | None
    database_url: str
    log_level: str
    dev_guild_id: int | None
    shard_count: int | None  # set to run an AutoShardedBot
    shard_ids: tuple[int, ...] | None = None  # this process's shards (None: all of them)
    # Tables nobody plays at (bot.service.idle): minutes, and caps; 0 turns one off.
    idle_close_minutes: int = 30
    lobby_close_minutes: int = 60
    max_tables_per_user: int = 3
    max_tables_per_server: int = 20

    @property
    def limits(self) -> TableLimits:
        return TableLimits(
            idle_close_seconds=self.idle_close_minutes * 60,
            lobby_close_seconds=self.lobby_close_minutes * 60,
            per_user=self.max_tables_per_user,
            per_server=self.max_tables_per_server,
        )

    @property
    def shards(self) -> Shards:
        """Which tables this process owns (several processes on one database)."""
        if not self.shard_count:
            return Shards()
        ids = None if self.shard_ids is None else frozenset(self.shard_ids)
        return Shards(self.shard_count, ids)

    @classmethod
    def load(cls, env_file: Path = Path(".env")) -> Config:
        file_values = load_dotenv(env_file)

        def get(name: str) -> str | None:
            value = os.environ.get(name)
            if value is None:
                value = file_values.get(name)
            return value or None

        def number(name: str, default: int) -> int:
            value = get(name)
            return int(value) if value and value.isdigit() else default

        guild = get("DEV_GUILD_ID")
        shards = Shards.parse(get("SHARD_COUNT"), get("SHARD_IDS"))  # ShardConfigError
        return cls(
            token=get("DISCORD_TOKEN"),
            database_url=get("DATABASE_URL") or DEFAULT_URL,
            log_level=(get("LOG_LEVEL") or "INFO").upper(),
            dev_guild_id=int(guild) if guild and guild.isdigit() else None,
            shard_count=shards.count if get("SHARD_COUNT") else None,
            shard_ids=None if shards.ids is None else tuple(sorted(shards.ids)),
            idle_close_minutes=number("IDLE_CLOSE_MINUTES", 30),
            lobby_close_minutes=number("LOBBY_CLOSE_MINUTES", 60),
            max_tables_per_user=number("MAX_TABLES_PER_USER", 3),
            max_tables_per_server=number("MAX_TABLES_PER_SERVER", 20),
        )
