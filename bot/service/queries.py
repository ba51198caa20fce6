"""Read-only questions about tables: their status, a seat's view, the live rules
state, level progress and player statistics (``service.queries``); nothing here
writes a table."""

from __future__ import annotations

from bot.service.core import Core
from bot.service.errors import ServiceError, guarded
from bot.service.options import TableOptions
from bot.service.seating import seat_of
from bot.service.state import LiveTable, TableStatus
from rules.actions import CallFriends
from rules.friends import format_calls
from rules.game import Match
from rules.progress import HandProgress
from rules.views import View
from storage import StorageError, TableInfo, TableNotFound
from storage.stats import PlayerStats


class Queries:
    def __init__(self, core: Core) -> None:
        self.core = core

    async def _for_query(self, channel_id: int) -> LiveTable:
        """Tables of this process's shards are kept current by their owner (it
        is the one acting on them, and it polls); another shard's is checked."""
        live = await self.core.table_for(channel_id)
        if self.core.shards.owns(live.table.guild_id):
            return live
        return await self.core.current(channel_id)

    async def status(self, channel_id: int) -> TableStatus:
        return TableStatus.of(await self._for_query(channel_id))

    async def status_for_table(self, table_id: int) -> TableStatus | None:
        """By table id (a DM button knows only that): cached (made current first
        if another shard owns it), else loaded."""
        live = self.core.live_table(table_id)
        if live is not None and not self.core.shards.owns(live.table.guild_id):
            try:
                live = await self.core.made_current(live)
            except ServiceError:
                return None
        if live is None:
            try:
                info = await self.core.store.get_table(table_id)
            except StorageError:
                return None
            if info.status not in ("lobby", "playing"):
                return None
            live = await self.core.load(info)
        return TableStatus.of(live)

    def cached_status_by_channel(self, channel_id: int) -> TableStatus | None:
        live = self.core.live_in(channel_id)
        return None if live is None else TableStatus.of(live)

    def cached_status(self, table_id: int) -> TableStatus | None:
        """The status of a table this process holds (None once it is over)."""
        live = self.core.live_table(table_id)
        return None if live is None else TableStatus.of(live)

    async def view(self, channel_id: int, user_id: int) -> View:
        """The seat's own view (hand, kitty if dealer): for /hand and DMs."""
        live = await self._for_query(channel_id)
        seat = seat_of(live, user_id)
        assert live.match is not None
        return live.match.view_for(seat)

    def seat_view(self, table_id: int, seat: int) -> View | None:
        live = self.core.live_table(table_id)
        if live is None or live.match is None:
            return None
        return live.match.view_for(seat)

    def match_of(self, table_id: int) -> Match | None:
        """The live rules state (server-side only: it holds every hand)."""
        live = self.core.live_table(table_id)
        return None if live is None else live.match

    def suggested_call(self, table_id: int, seat: int) -> str | None:
        """The engine's suggested friend call for the dealer, as text (None: no call now)."""
        live = self.core.live_table(table_id)
        m = live.match if live is not None else None
        action = m.suggest(seat) if m is not None and m.phase == "calling" else None
        return format_calls(action.calls) if isinstance(action, CallFriends) else None

    async def progress(self, channel_id: int) -> list[HandProgress]:
        live = await self.core.table_for(channel_id)
        return await self._progress_of(live.table)

    async def table_progress(self, table_id: int) -> list[HandProgress]:
        """The finished hands of a table's match, also once the match is over."""
        live = self.core.live_table(table_id)
        info = live.table if live is not None else await self._stored_table(table_id)
        return await self._progress_of(info)

    async def _progress_of(self, info: TableInfo) -> list[HandProgress]:
        if info.current_match_id is None:
            return []
        return await guarded(self.core.stats.level_progress(info.current_match_id))

    async def _stored_table(self, table_id: int) -> TableInfo:
        try:
            info: TableInfo = await self.core.store.get_table(table_id)
        except TableNotFound as exc:
            raise ServiceError("no_table") from exc
        except StorageError as exc:
            raise ServiceError(exc.code) from exc
        return info

    async def past_table(self, table_id: int) -> tuple[TableStatus, Match | None]:
        """A table as stored, also once it is over (no longer held: its final
        status and match, for looking back at it; nothing here acts on it)."""
        info = await self._stored_table(table_id)
        match = await guarded(self.core.store.load_match(table_id))
        live = LiveTable(info, match, TableOptions.from_dict(info.options))
        return TableStatus.of(live), match

    async def last_table(self, channel_id: int) -> TableInfo | None:
        """The channel's newest table, over or not (what a restart picks up)."""
        return await guarded(self.core.store.last_table_in_channel(channel_id))

    async def player_stats(self, user_id: int, guild_id: int | None) -> PlayerStats:
        return await guarded(self.core.stats.player(user_id, guild_id))

    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        return await guarded(self.core.stats.leaderboard(guild_id, limit))
