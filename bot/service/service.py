"""The table service: the one entry point front ends call (the Discord cogs and the
console table are thin layers over it). It owns every table this process holds,
the lobby (seats, start, end), player actions and queries; timers and AI seats
live in ``automation``, timer planning in ``schedule``, notices in ``announce``.

Every change follows one path (``commit``): take the table's lock, apply the
action to the rules state, commit it (with the next timer) to storage, then
announce it. A refused action changes nothing; an action that could not be
stored is rolled back by reloading the table from storage.
"""

from __future__ import annotations

import inspect
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.service.announce import notices_for
from bot.service.automation import Automation
from bot.service.clock import Clock, SystemClock
from bot.service.errors import ServiceError, from_notation_error, from_rule_error
from bot.service.notices import Notice, Public
from bot.service.options import TableOptions
from bot.service.schedule import plan_deadline
from bot.service.seating import free_seat, require_member, rules_for
from bot.service.state import LiveTable, TableStatus
from rules.actions import Action, Bury, Declare, NextHand, Pass, Play
from rules.ai import LEVELS
from rules.cards import Card
from rules.errors import RuleError
from rules.events import Event
from rules.game import Match
from rules.notation import NotationError, parse_cards
from rules.views import View
from storage import (
    Database,
    DuplicateAction,
    SeatInfo,
    Settings,
    StaleVersion,
    Stats,
    StorageError,
    Store,
    TableExists,
    TableInfo,
    TableLocks,
)
from storage.stats import HandProgress, PlayerStats

log = logging.getLogger("bot.service")

Listener = Callable[[Notice], Awaitable[None] | None]


class TableService:
    def __init__(
        self,
        db: Database,
        *,
        clock: Clock | None = None,
        defaults: TableOptions | None = None,
        seed_source: Callable[[], str] | None = None,
    ) -> None:
        self.db = db
        self.store = Store(db)
        self.stats = Stats(db)
        self.settings = Settings(db)
        self.clock: Clock = clock or SystemClock()
        self.defaults = defaults or TableOptions()
        self.locks = TableLocks()
        self._seed = seed_source or (lambda: secrets.token_hex(8))
        self._live: dict[int, LiveTable] = {}
        self._by_channel: dict[int, int] = {}
        self._listeners: list[Listener] = []
        self.automation = Automation(self)

    # ---- plumbing -----------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        """Receive every notice. Listeners run in order, under the table's lock, so
        they must not block: queue slow work (a Discord edit) and return."""
        self._listeners.append(listener)

    async def _emit(self, notices: list[Notice]) -> None:
        for n in notices:
            for listener in self._listeners:
                result = listener(n)
                if inspect.isawaitable(result):
                    await result

    async def start(self) -> int:
        """Load every unfinished table from storage (timers come back with them)."""
        count = 0
        for info in await self.store.active_tables():
            await self._load(info)
            count += 1
        return count

    async def _load(self, info: TableInfo) -> LiveTable:
        match = await self.store.load_match(info.id) if info.current_match_id else None
        live = LiveTable(info, match, TableOptions.from_dict(info.options))
        self._live[info.id] = live
        self._by_channel[info.channel_id] = info.id
        return live

    async def _table_for(self, channel_id: int) -> LiveTable:
        table_id = self._by_channel.get(channel_id)
        if table_id is not None and table_id in self._live:
            return self._live[table_id]
        info = await self._guard(self.store.table_in_channel(channel_id))
        if info is None:
            raise ServiceError("no_table")
        return await self._load(info)

    async def _reload(self, table_id: int) -> LiveTable:
        info = await self.store.get_table(table_id)
        return await self._load(info)

    @staticmethod
    async def _guard(coro: Awaitable[Any]) -> Any:
        try:
            return await coro
        except StorageError as exc:
            raise ServiceError(exc.code) from exc

    def table_ids(self) -> list[int]:
        return sorted(self._live)

    # ---- lifecycle ----------------------------------------------------------------------
    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        creator_name: str = "",
        preset_name: str | None = None,
        decks: int | None = None,
        turn_seconds: int | None = None,
        options: TableOptions | None = None,
        parent_channel_id: int | None = None,
        sit: bool = True,
        locale: str | None = None,
    ) -> TableStatus:
        """Open a table in a channel (the creator takes seat 0 unless ``sit`` is False)."""
        rules = rules_for(preset_name, decks)
        opts = options or self.defaults
        if turn_seconds is not None:
            opts = replace(opts, turn_seconds=turn_seconds).validate()
        try:
            info = await self.store.create_table(
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator_id,
                rules=rules,
                options=opts.to_dict(),
                parent_channel_id=parent_channel_id,
            )
        except TableExists as exc:
            raise ServiceError("table_exists") from exc
        except StorageError as exc:
            raise ServiceError(exc.code) from exc
        if sit:
            info = await self._guard(
                self.store.update_table(
                    info.id,
                    info.version,
                    seats=[SeatInfo(0, creator_id, None, creator_name, locale)],
                )
            )
        live = LiveTable(info, None, opts)
        self._live[info.id] = live
        self._by_channel[channel_id] = info.id
        await self._emit([Public(info.id, channel_id, "table_created")])
        return TableStatus.of(live)

    async def _change_seats(self, live: LiveTable, seats: list[SeatInfo]) -> None:
        live.table = await self._guard(
            self.store.update_table(live.table.id, live.table.version, seats=seats)
        )
        await self._emit([Public(live.table.id, live.table.channel_id, "seats_changed")])

    async def join(
        self,
        channel_id: int,
        user_id: int,
        name: str = "",
        seat: int | None = None,
        locale: str | None = None,
    ) -> int:
        """Take a seat (a given one, or the first free). Returns the seat number."""
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            t = live.table
            if t.status != "lobby":
                raise ServiceError("already_started")
            mine = t.seat_of(user_id)
            if mine is not None:
                raise ServiceError("already_seated", seat=mine)
            seat = free_seat(t, seat)
            await self._change_seats(live, [SeatInfo(seat, user_id, None, name, locale)])
            return seat

    async def leave(self, channel_id: int, user_id: int) -> int:
        """Leave before the start; after it, an AI player takes over the seat."""
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            t = live.table
            seat = t.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            if t.status == "lobby":
                await self._change_seats(live, [SeatInfo(seat)])
            else:
                name = t.seats[seat].display_name
                await self._change_seats(live, [SeatInfo(seat, None, "basic", f"AI ({name})")])
                await self._emit(
                    [Public(t.id, t.channel_id, "seat_to_ai", params={"seat": seat, "name": name})]
                )
                await self._reschedule(live)
            return seat

    async def add_ai(
        self, channel_id: int, user_id: int, seat: int | None = None, level: str = "basic"
    ) -> int:
        if level not in LEVELS:
            raise ServiceError("unknown_ai_level", name=level, choices=", ".join(LEVELS))
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            t = live.table
            if t.status != "lobby":
                raise ServiceError("already_started")
            require_member(t, user_id)
            seat = free_seat(t, seat)
            await self._change_seats(live, [SeatInfo(seat, None, level, f"AI ({level})")])
            return seat

    async def remove_ai(self, channel_id: int, user_id: int, seat: int) -> None:
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            t = live.table
            if t.status != "lobby":
                raise ServiceError("already_started")
            require_member(t, user_id)
            if not 0 <= seat < 4:
                raise ServiceError("bad_seat")
            if not t.seats[seat].is_ai:
                raise ServiceError("not_ai_seat", seat=seat)
            await self._change_seats(live, [SeatInfo(seat)])

    async def start_game(self, channel_id: int, user_id: int) -> TableStatus:
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            t = live.table
            if t.status != "lobby":
                raise ServiceError("already_started")
            require_member(t, user_id)
            filled = sum(0 if s.empty else 1 for s in t.seats)
            if filled < 4:
                raise ServiceError("need_four", filled=filled)
            match = Match(t.rules, f"{t.id}-{self._seed()}")
            live.table = await self._guard(self.store.start_match(t.id, t.version, match))
            live.match = match
            await self._emit([Public(t.id, t.channel_id, "game_started")])
            await self._reschedule(live)
            return TableStatus.of(live)

    async def end_table(self, channel_id: int, user_id: int, moderator: bool = False) -> None:
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            t = live.table
            if user_id != t.creator_id and not moderator:
                raise ServiceError("not_creator")
            live.table = await self._guard(self.store.end_match(t.id, t.version))
            self._forget(live)
            await self._emit([Public(t.id, t.channel_id, "table_ended")])

    async def set_language(self, channel_id: int, user_id: int, language: str) -> TableStatus:
        """The language everything public at the table is written in (a seated
        player or the creator may change it, at any time)."""
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            require_member(live.table, user_id)
            options = replace(live.options, language=language)
            live.table = await self._guard(
                self.store.update_table(
                    live.table.id, live.table.version, options=options.to_dict()
                )
            )
            live.options = options
            await self._emit([Public(live.table.id, live.table.channel_id, "options_changed")])
            return TableStatus.of(live)

    def _forget(self, live: LiveTable) -> None:
        self._live.pop(live.table.id, None)
        if self._by_channel.get(live.table.channel_id) == live.table.id:
            del self._by_channel[live.table.channel_id]

    async def next_hand(self, channel_id: int, user_id: int) -> None:
        live = await self._table_for(channel_id)
        require_member(live.table, user_id)
        async with self.locks(live.table.id):
            if live.match is None or live.match.phase != "scored":
                raise ServiceError("hand_not_over")
            await self.commit(live, NextHand(), user_id, None)
            await self.automation.run_due(live)

    # ---- player actions -------------------------------------------------------------------
    def _seat_of(self, live: LiveTable, user_id: int) -> int:
        seat = live.table.seat_of(user_id)
        if seat is None:
            raise ServiceError("not_seated")
        if live.match is None:
            raise ServiceError("not_started")
        return seat

    @staticmethod
    def _cards(text: str | tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
        if not isinstance(text, str):
            return tuple(text)
        try:
            return tuple(parse_cards(text))
        except NotationError as exc:
            raise from_notation_error(exc) from exc

    async def declare(
        self, channel_id: int, user_id: int, cards: str | tuple[Card, ...], key: str | None = None
    ) -> list[Event]:
        shown = self._cards(cards)
        return await self._act(channel_id, user_id, lambda seat: Declare(seat, shown), key)

    async def pass_(self, channel_id: int, user_id: int, key: str | None = None) -> list[Event]:
        return await self._act(channel_id, user_id, Pass, key)

    async def bury(
        self, channel_id: int, user_id: int, cards: str | tuple[Card, ...], key: str | None = None
    ) -> list[Event]:
        buried = self._cards(cards)
        return await self._act(channel_id, user_id, lambda seat: Bury(seat, buried), key)

    async def play(
        self, channel_id: int, user_id: int, cards: str | tuple[Card, ...], key: str | None = None
    ) -> list[Event]:
        played = self._cards(cards)
        return await self._act(channel_id, user_id, lambda seat: Play(seat, played), key)

    async def _act(
        self,
        channel_id: int,
        user_id: int,
        make: Callable[[int], Action],
        key: str | None,
    ) -> list[Event]:
        """A player's action: locked, deduplicated, applied, stored, announced.

        The player's seat is looked up under the table's lock, so an action that
        races the player leaving (their seat handed to an AI) is refused.
        """
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            live = self._live.get(live.table.id) or live
            seat = self._seat_of(live, user_id)
            if key is not None and await self._guard(self.store.find_action(live.table.id, key)):
                raise ServiceError("duplicate")
            events = await self.commit(live, make(seat), user_id, key)
            await self.automation.run_due(live)
            return events

    async def commit(
        self,
        live: LiveTable,
        action: Action,
        actor_id: int | None,
        key: str | None,
        *,
        auto: bool = False,
    ) -> list[Event]:
        """Apply + store + announce one action: the one path every change takes.
        Caller holds the table's lock."""
        match = live.match
        if match is None:
            raise ServiceError("not_started")
        if live.table.status != "playing":
            raise ServiceError("not_started" if live.table.status == "lobby" else "match_over")
        try:
            events = match.apply(action)
        except RuleError as exc:
            raise self._rule_error(live, exc) from exc
        deadline = plan_deadline(live, action, self.clock.now())
        try:
            receipt = await self.store.record_action(
                live.table, action, match, actor_id=actor_id, idempotency_key=key, deadline=deadline
            )
        except (StorageError, Exception) as exc:
            # Nothing was stored: roll the rules state back to what storage holds.
            try:
                await self._reload(live.table.id)
            except StorageError:
                self._forget(live)
            if isinstance(exc, DuplicateAction):
                raise ServiceError("duplicate") from exc
            if isinstance(exc, StaleVersion):
                raise ServiceError("busy") from exc
            if isinstance(exc, StorageError):
                raise ServiceError(exc.code) from exc
            raise
        live.table = replace(
            live.table,
            version=receipt.version,
            seq=receipt.seq,
            deadline_kind=None if deadline is None else deadline[0],
            deadline_at=None if deadline is None else deadline[1],
            status="finished" if match.phase == "finished" else live.table.status,
        )
        await self._emit(notices_for(live, action, events, auto=auto))
        if match.phase == "finished":
            self._forget(live)
        return events

    def _rule_error(self, live: LiveTable, exc: RuleError) -> ServiceError:
        err = from_rule_error(exc)
        if exc.code == "not_your_turn" and isinstance(exc.params.get("turn"), int):
            err.params["turn_player"] = live.table.seats[exc.params["turn"]].display_name or None
        if exc.code == "must_match_shape" and "shapes" in exc.params:
            err.params["shapes"] = exc.params["shapes"]
        return err

    # ---- timers ----------------------------------------------------------------------------
    async def _reschedule(self, live: LiveTable) -> None:
        """Arm the next timer without an action (after start, seat changes)."""
        deadline = plan_deadline(live, None, self.clock.now())
        live.table = await self._guard(
            self.store.update_table(live.table.id, live.table.version, deadline=deadline)
        )
        await self.automation.run_due(live)

    async def tick(self) -> int:
        """Fire every due timer of every table. Returns how many fired."""
        return await self.automation.tick()

    def next_deadline(self) -> datetime | None:
        return self.automation.next_deadline()

    def live_table(self, table_id: int) -> LiveTable | None:
        return self._live.get(table_id)

    def live_ids(self) -> list[int]:
        return list(self._live)

    # ---- queries --------------------------------------------------------------------------------
    async def status(self, channel_id: int) -> TableStatus:
        return TableStatus.of(await self._table_for(channel_id))

    async def status_for_table(self, table_id: int) -> TableStatus | None:
        """By table id (a DM button knows only that): cached, else loaded."""
        live = self._live.get(table_id)
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

    async def view(self, channel_id: int, user_id: int) -> View:
        """The seat's own view (hand, kitty if dealer): for /hand and DMs."""
        live = await self._table_for(channel_id)
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

    async def progress(self, channel_id: int) -> list[HandProgress]:
        live = await self._table_for(channel_id)
        if live.table.current_match_id is None:
            return []
        result: list[HandProgress] = await self._guard(
            self.stats.level_progress(live.table.current_match_id)
        )
        return result

    async def player_stats(self, user_id: int, guild_id: int | None) -> PlayerStats:
        result: PlayerStats = await self._guard(self.stats.player(user_id, guild_id))
        return result

    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        result: list[PlayerStats] = await self._guard(self.stats.leaderboard(guild_id, limit))
        return result
