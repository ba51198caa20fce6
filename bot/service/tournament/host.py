"""What the tournament service uses of the table service, as a Protocol: the
tournament modules take the ``TableService`` that owns them without importing it
(``bot.service.service`` imports them: no import circle)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from bot.service.clock import Clock
from bot.service.notices import Notice
from bot.service.options import TableOptions
from bot.service.shards import Shards
from bot.service.state import LiveTable, TableStatus
from rules.actions import Action
from rules.events import Event
from rules.game import Match
from rules.ruleset import RuleSet
from storage import Database, SeatInfo, Store, TableLocks


class TablesHost(Protocol):
    db: Database
    store: Store
    clock: Clock
    shards: Shards
    defaults: TableOptions
    locks: TableLocks
    _seed: Callable[[], str]

    def live_table(self, table_id: int) -> LiveTable | None: ...

    def _forget(self, live: LiveTable) -> None: ...

    async def _emit(self, notices: list[Notice]) -> None: ...

    async def _follow_up(self, live: LiveTable) -> None: ...

    async def _begin(self, live: LiveTable, match: Match) -> TableStatus: ...

    async def _replace_seat(
        self, live: LiveTable, seat: SeatInfo, *also: Notice, pause_if_alone: bool = False
    ) -> None: ...

    async def _rules_named(
        self, guild_id: int | None, name: str | None, decks: int | None, players: int | None
    ) -> RuleSet: ...

    def check_ranked(
        self,
        guild_id: int | None,
        preset_name: str | None = None,
        decks: int | None = None,
        players: int | None = None,
        deal: int | None = None,
        rules: RuleSet | None = None,
    ) -> None: ...

    async def commit(
        self,
        live: LiveTable,
        action: Action,
        actor_id: int | None,
        key: str | None,
        *,
        auto: bool = False,
    ) -> list[Event]: ...

    async def open_seated(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        rules: RuleSet,
        options: TableOptions,
        seats: list[SeatInfo],
        match: Match,
        parent_channel_id: int | None = None,
    ) -> TableStatus: ...
