"""Read-only questions about tables: their status, a seat's view, the live rules
state, level progress and player statistics. Mixed into ``TableService``
(``bot.service.service``), whose plumbing it uses; nothing here writes a table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.service.errors import ServiceError
from bot.service.options import TableOptions
from bot.service.state import LiveTable, TableStatus
from rules.actions import CallFriends
from rules.friends import format_calls
from storage import StorageError, TableNotFound

if TYPE_CHECKING:
    from collections.abc import Awaitable

    from bot.service.shards import Shards
    from rules.game import Match
    from rules.progress import HandProgress
    from rules.views import View
    from storage import Stats, Store, TableInfo
    from storage.stats import PlayerStats


class Queries:
    if TYPE_CHECKING:  # provided by TableService
        store: Store
        stats: Stats
        shards: Shards
        _live: dict[int, LiveTable]
        _by_channel: dict[int, int]

        async def _table_for(self, channel_id: int) -> LiveTable: ...

        async def _current(self, channel_id: int) -> LiveTable: ...

        async def _made_current(self, live: LiveTable) -> LiveTable: ...

        async def _load(self, info: TableInfo) -> LiveTable: ...

        def _seat_of(self, live: LiveTable, user_id: int) -> int: ...

        @staticmethod
        async def _guard(coro: Awaitable[Any]) -> Any: ...

    async def _for_query(self, channel_id: int) -> LiveTable:
        """Tables of this process's shards are kept current by their owner (it
        is the one acting on them, and it polls); another shard's is checked."""
        live = await self._table_for(channel_id)
        if self.shards.owns(live.table.guild_id):
            return live
        return await self._current(channel_id)

    async def status(self, channel_id: int) -> TableStatus:
        return TableStatus.of(await self._for_query(channel_id))

    async def status_for_table(self, table_id: int) -> TableStatus | None:
        """By table id (a DM button knows only that): cached (made current first
        if another shard owns it), else loaded."""
        live = self._live.get(table_id)
        if live is not None and not self.shards.owns(live.table.guild_id):
            try:
                live = await self._made_current(live)
            except ServiceError:
                return None
        if live is None:
            try:
                info = await self.store.get_table(table_id)
            except StorageError:
                return None
            if info.status not in ("lobby", "playing"):
                return None
            live = await self._load(info)
        return TableStatus.of(live)

    def cached_status_by_channel(self, channel_id: int) -> TableStatus | None:
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self.cached_status(table_id)

    def cached_status(self, table_id: int) -> TableStatus | None:
        """The status of a table this process holds (None once it is over)."""
        live = self._live.get(table_id)
        return None if live is None else TableStatus.of(live)

    def live_table(self, table_id: int) -> LiveTable | None:
        return self._live.get(table_id)

    async def view(self, channel_id: int, user_id: int) -> View:
        """The seat's own view (hand, kitty if dealer): for /hand and DMs."""
        live = await self._for_query(channel_id)
        seat = self._seat_of(live, user_id)
        assert live.match is not None
        return live.match.view_for(seat)

    def seat_view(self, table_id: int, seat: int) -> View | None:
        live = self._live.get(table_id)
        if live is None or live.match is None:
            return None
        return live.match.view_for(seat)

    def match_of(self, table_id: int) -> Match | None:
        """The live rules state (server-side only: it holds every hand)."""
        live = self._live.get(table_id)
        return None if live is None else live.match

    def suggested_call(self, table_id: int, seat: int) -> str | None:
        """The engine's suggested friend call for the dealer, as text (None: no call now)."""
        live = self._live.get(table_id)
        m = live.match if live is not None else None
        action = m.suggest(seat) if m is not None and m.phase == "calling" else None
        return format_calls(action.calls) if isinstance(action, CallFriends) else None

    async def progress(self, channel_id: int) -> list[HandProgress]:
        live = await self._table_for(channel_id)
        return await self._progress_of(live.table)

    async def table_progress(self, table_id: int) -> list[HandProgress]:
        """The finished hands of a table's match, also once the match is over."""
        live = self._live.get(table_id)
        info = live.table if live is not None else await self._stored_table(table_id)
        return await self._progress_of(info)

    async def _progress_of(self, info: TableInfo) -> list[HandProgress]:
        if info.current_match_id is None:
            return []
        result: list[HandProgress] = await self._guard(
            self.stats.level_progress(info.current_match_id)
        )
        return result

    async def _stored_table(self, table_id: int) -> TableInfo:
        try:
            info: TableInfo = await self.store.get_table(table_id)
        except TableNotFound as exc:
            raise ServiceError("no_table") from exc
        except StorageError as exc:
            raise ServiceError(exc.code) from exc
        return info

    async def past_table(self, table_id: int) -> tuple[TableStatus, Match | None]:
        """A table as stored, also once it is over (no longer held: its final
        status and match, for looking back at it; nothing here acts on it)."""
        info = await self._stored_table(table_id)
        match: Match | None = await self._guard(self.store.load_match(table_id))
        live = LiveTable(info, match, TableOptions.from_dict(info.options))
        return TableStatus.of(live), match

    async def last_table(self, channel_id: int) -> TableInfo | None:
        """The channel's newest table, over or not (what a restart picks up)."""
        info: TableInfo | None = await self._guard(self.store.last_table_in_channel(channel_id))
        return info

    async def player_stats(self, user_id: int, guild_id: int | None) -> PlayerStats:
        result: PlayerStats = await self._guard(self.stats.player(user_id, guild_id))
        return result

    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        result: list[PlayerStats] = await self._guard(self.stats.leaderboard(guild_id, limit))
        return result
