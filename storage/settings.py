"""Per-guild settings: default preset, language and turn timer."""

from __future__ import annotations

from dataclasses import dataclass

from storage.db import Database
from storage.models import GuildSettingsRow


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    preset: str = "classic"
    language: str = "en"
    turn_timer: int = 60


class Settings:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, guild_id: int) -> GuildSettings:
        async with self.db.session() as s:
            row = await s.get(GuildSettingsRow, guild_id)
            if row is None:
                return GuildSettings(guild_id)
            return GuildSettings(guild_id, row.preset, row.language, row.turn_timer)

    async def set(
        self,
        guild_id: int,
        *,
        preset: str | None = None,
        language: str | None = None,
        turn_timer: int | None = None,
    ) -> GuildSettings:
        async with self.db.session() as s:
            row = await s.get(GuildSettingsRow, guild_id)
            if row is None:
                row = GuildSettingsRow(
                    guild_id=guild_id, preset="classic", language="en", turn_timer=60
                )
                s.add(row)
            if preset is not None:
                row.preset = preset
            if language is not None:
                row.language = language
            if turn_timer is not None:
                row.turn_timer = turn_timer
            return GuildSettings(guild_id, row.preset, row.language, row.turn_timer)
