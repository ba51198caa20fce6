"""The table service: the one entry point front ends call (the Discord cogs and the
console table are thin layers over it). It owns every table this process holds,
player actions and keeping copies current when several processes share
the database (``shards``); the lobby (seats, start, end) lives in ``lifecycle``,
read-only queries (status, views, stats) in ``queries``, timers and AI seats in
``automation``, timer planning in ``schedule``, notices in ``announce``.

Every change follows one path (``commit``): take the table's lock, apply the
action to the rules state, commit it (with the next timer) to storage, then
announce it. A refused action changes nothing; an action that could not be
stored is rolled back by reloading the table from storage.
"""

from __future__ import annotations

import inspect
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.service.announce import notices_for
from bot.service.automation import Automation
from bot.service.clock import Clock, SystemClock
from bot.service.errors import ServiceError, from_notation_error, from_rule_error, guarded
from bot.service.idle import TableLimits, lobby_deadline, note_move, pause_deadline
from bot.service.lifecycle import Lifecycle
from bot.service.live_access import LiveAccess
from bot.service.metrics import ACTIONS
from bot.service.notices import Notice, Public
from bot.service.options import TableOptions
from bot.service.queries import Queries
from bot.service.ranked import Ranked, rank_notice
from bot.service.replays import ReplayService
from bot.service.saved_rules import SavedRules
from bot.service.schedule import plan_deadline
from bot.service.shards import Shards
from bot.service.state import LiveTable
from bot.service.tournament.service import TournamentService
from rules.actions import Action, Bury, CallFriends, Declare, Pass, Play, TakeBack, WithdrawBid
from rules.cards import Card
from rules.errors import RuleError
from rules.events import Event, HandScored
from rules.friends import FriendCall, parse_calls
from rules.notation import NotationError, parse_cards
from storage import (
    ACTIVE_STATUSES,
    Database,
    DuplicateAction,
    Settings,
    StaleVersion,
    Stats,
    StorageError,
    Store,
    TableInfo,
    TableLocks,
)
from storage.messages import MessageRefs
from storage.rankings import Rankings

log = logging.getLogger("bot.service")

Listener = Callable[[Notice], Awaitable[None] | None]
ACT_ATTEMPTS = 4  # a move refused on an outdated copy is retried on a reloaded one
REFRESH_SECONDS = 1.0  # how often a process sharing the database polls for changes


class TableService(Lifecycle, Queries, Ranked):
    def __init__(
        self,
        db: Database,
        *,
        clock: Clock | None = None,
        defaults: TableOptions | None = None,
        seed_source: Callable[[], str] | None = None,
        shards: Shards | None = None,
        limits: TableLimits | None = None,
    ) -> None:
        self.db = db
        # Closing idle tables and capping open ones: off unless given (bot.config).
        self.limits = limits or TableLimits.off()
        self.shards = shards or Shards()
        self.refresh_seconds = REFRESH_SECONDS
        self._refreshed_at: datetime | None = None
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
        self.saved_rules = SavedRules(db, self.settings)
        self.replays = ReplayService(db)
        self.message_refs = MessageRefs(db)  # the Discord side's message ids, per table
        self.rankings = Rankings(db)
        self.tournaments = TournamentService(self)
        # Links to the live table (seats', spectators'), and who a link lets in.
        self.live = LiveAccess(db, self.status_for_table)

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
        """Load every unfinished table of this process's shards from storage (timers
        come back with them)."""
        count = 0
        for info in await self.store.active_tables():
            if not self.shards.owns(info.guild_id):
                continue
            live = await self._load(info)
            await self._recover_timer(live)
            count += 1
        await self.tournaments.resume()  # their tables are loaded: the rounds go on
        return count

    async def _recover_timer(self, live: LiveTable, *, locked: bool = False) -> None:
        """A table in play whose timer is missing gets it back. (Changes are stored
        together with their timer, but a database written by an older version may
        hold a table that a crash left between the two.)"""
        t, m = live.table, live.match
        if t.status == "lobby" and t.deadline_at is None and locked:
            close = lobby_deadline(self.limits, self.clock.now())
            if close is not None:  # a lobby from before closing existed
                live.table = await self._guard(
                    self.store.update_table(t.id, t.version, deadline=close)
                )
            return
        if t.status == "lobby" and not locked:
            async with self.locks(t.id):
                await self._recover_timer(live, locked=True)
            return
        if t.status != "playing" or m is None or m.phase == "finished" or t.deadline_at:
            return
        deadline = plan_deadline(live, None, self.clock.now())
        if deadline is None:
            return
        log.warning("table %s: restoring its missing %s timer", t.id, deadline[0])
        if locked:
            live.table = await self._guard(
                self.store.update_table(t.id, t.version, deadline=deadline)
            )
            return
        async with self.locks(t.id):
            await self._recover_timer(live, locked=True)

    async def _load(self, info: TableInfo) -> LiveTable:
        match = await self.store.load_match(info.id) if info.current_match_id else None
        live = LiveTable(info, match, TableOptions.from_dict(info.options))
        self._live[info.id] = live
        self._by_channel[info.channel_id] = info.id
        return live

    async def _table_for(self, channel_id: int) -> LiveTable:
        table_id = self._by_channel.get(channel_id)
        if table_id is not None and table_id in self._live:
            live = self._live[table_id]
            if live.stale:
                return await self._guard(self._reload(table_id))  # type: ignore[no-any-return]
            return live
        info = await self._guard(self.store.table_in_channel(channel_id))
        if info is None:
            raise ServiceError("no_table")
        return await self._load(info)

    async def _reload(self, table_id: int) -> LiveTable:
        info = await self.store.get_table(table_id)
        return await self._load(info)

    async def _current(self, channel_id: int) -> LiveTable:
        """The channel's table, made current first: another process may have
        changed it (one version read; a reload only if it did)."""
        live = await self._table_for(channel_id)
        return await self._made_current(live)

    async def _made_current(self, live: LiveTable) -> LiveTable:
        if await self._guard(self.store.table_version(live.table.id)) == live.table.version:
            return live
        fresh: LiveTable = await self._guard(self._reload(live.table.id))
        if fresh.table.status not in ACTIVE_STATUSES:
            self._forget(fresh)  # ended elsewhere
            raise ServiceError("no_table")
        return fresh

    @asynccontextmanager
    async def _locked(self, channel_id: int) -> AsyncIterator[LiveTable]:
        """The channel's table under its lock, made current (lobby changes: rare,
        so they always pay the one version read)."""
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            yield await self._made_current(self._live.get(live.table.id) or live)

    async def refresh(self) -> int:
        """Catch up with other processes on the same database: load the tables of
        this process's shards it does not hold (created elsewhere, or handed over
        by a rolling restart), reload those changed elsewhere, drop those ended
        elsewhere. Returns how many were (re)loaded or dropped."""
        changed = 0
        active: set[int] = set()
        for table_id, guild_id, version in await self._guard(self.store.active_versions()):
            active.add(table_id)
            live = self._live.get(table_id)
            if not self.shards.owns(guild_id) or (
                live is not None and live.table.version == version and not live.stale
            ):
                continue
            async with self.locks(table_id):
                live = await self._guard(self._reload(table_id))
                if live.table.status in ACTIVE_STATUSES:
                    await self._recover_timer(live, locked=True)
            changed += 1
        for table_id in [i for i in self._live if i not in active]:
            live = self._live[table_id]
            if live.table.status in ACTIVE_STATUSES:  # ended or finished elsewhere
                self._forget(live)
                changed += 1
        self._refreshed_at = self.clock.now()
        return changed

    async def reload_stale(self, table_id: int) -> LiveTable | None:
        """The table as stored, if this process's copy is marked stale (else as
        held). Raises ServiceError while storage cannot be read."""
        live = self._live.get(table_id)
        if live is None or not live.stale:
            return live
        result: LiveTable = await self._guard(self._reload(table_id))
        return result

    @staticmethod
    async def _guard(coro: Awaitable[Any]) -> Any:
        return await guarded(coro)

    def table_ids(self) -> list[int]:
        return sorted(self._live)

    def _forget(self, live: LiveTable) -> None:
        self._live.pop(live.table.id, None)
        if self._by_channel.get(live.table.channel_id) == live.table.id:
            del self._by_channel[live.table.channel_id]

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

    async def call_friends(
        self,
        channel_id: int,
        user_id: int,
        calls: str | tuple[FriendCall, ...],
        key: str | None = None,
    ) -> list[Event]:
        """找朋友: the dealer's friend calls (``#1 ♥A, #2 ♠K``)."""
        if isinstance(calls, str):
            try:
                parsed = tuple(parse_calls(calls))
            except RuleError as exc:
                raise from_rule_error(exc) from exc
        else:
            parsed = tuple(calls)
        return await self._act(channel_id, user_id, lambda seat: CallFriends(seat, parsed), key)

    async def play(
        self, channel_id: int, user_id: int, cards: str | tuple[Card, ...], key: str | None = None
    ) -> list[Event]:
        played = self._cards(cards)
        return await self._act(channel_id, user_id, lambda seat: Play(seat, played), key)

    async def withdraw_bid(
        self, channel_id: int, user_id: int, key: str | None = None
    ) -> list[Event]:
        """House rule ``bid_takeback``: withdraw one's winning bid while bids are open."""
        return await self._act(channel_id, user_id, WithdrawBid, key)

    async def take_back(self, channel_id: int, user_id: int, key: str | None = None) -> list[Event]:
        """悔牌 (house rule ``play_takeback``): take back one's play, if still the last."""
        return await self._act(channel_id, user_id, TakeBack, key)

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
        table_id = live.table.id
        async with self.locks(table_id):
            for attempt in range(ACT_ATTEMPTS):
                live = self._live.get(table_id) or live
                try:
                    seat = self._seat_of(live, user_id)
                    live = await self.resume(live)  # a person acts: the table plays on
                    events = await self.commit(live, make(seat), user_id, key)
                except ServiceError as exc:
                    # Optimistic: the common case costs one write. A refusal is
                    # only given on a current copy: if another process changed
                    # the table, reload and try once more on what it did.
                    if attempt + 1 == ACT_ATTEMPTS or not await self._was_stale(live, key, exc):
                        raise
                    continue
                await self._follow_up(live)
                return events
        raise AssertionError("unreachable")

    async def _was_stale(self, live: LiveTable, key: str | None, exc: ServiceError) -> bool:
        """After a refusal: was it given on an outdated copy (now reloaded)?"""
        if exc.code in ("duplicate", "no_table") or exc.code.startswith("storage_"):
            return False
        table_id = live.table.id
        if key is not None and await self._guard(self.store.find_action(table_id, key)):
            raise ServiceError("duplicate") from exc  # a retried delivery of a stored move
        if exc.code == "busy":
            return True  # the write lost a race; commit() has reloaded the table
        stored = await self._guard(self.store.table_version(table_id))
        held = self._live.get(table_id)
        if stored is None or (held is not None and held.table.version == stored):
            return False
        await self._guard(self._reload(table_id))
        return True

    async def _follow_up(self, live: LiveTable) -> None:
        """Run what is due after a stored change (AI seats, a deal at pace 0). If
        that fails, the change itself still stands: say the rest is delayed; the
        timer (stored with the change) retries it."""
        try:
            await self.automation.run_due(live)
        except ServiceError as exc:
            log.warning("table %s: follow-up delayed: %s", live.table.id, exc.code)
            t = live.table
            await self._emit(
                [Public(t.id, t.channel_id, "followup_delayed", params={"reason": exc.code})]
            )

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
        pausing = None
        absent = note_move(live, action, actor_id, auto)
        if absent and match.phase != "finished" and live.options.event is None:
            # Every person's turn was played by the timer: nobody is there.
            pausing = pause_deadline(self.limits, self.clock.now())
            deadline = pausing or deadline
        try:
            receipt = await self.store.record_action(
                live.table, action, match, actor_id=actor_id, idempotency_key=key, deadline=deadline
            )
        except (StorageError, Exception) as exc:
            # Nothing was stored: roll the rules state back to what storage holds.
            try:
                await self._reload(live.table.id)
            except StorageError:
                # Keep the table (its timer must be retried) but never use this
                # copy again before it is reloaded.
                live.stale = True
            if isinstance(exc, DuplicateAction):
                raise ServiceError("duplicate") from exc
            if isinstance(exc, StaleVersion):
                raise ServiceError("busy") from exc
            if isinstance(exc, StorageError):
                raise ServiceError(exc.code) from exc
            raise
        ACTIONS.inc()  # /metrics: one more action committed
        live.table = replace(
            live.table,
            version=receipt.version,
            seq=receipt.seq,
            deadline_kind=None if deadline is None else deadline[0],
            deadline_at=None if deadline is None else deadline[1],
            status="finished" if match.phase == "finished" else live.table.status,
        )
        await self._emit(notices_for(live, action, events, auto=auto))
        if receipt.rank_changes:
            await self._emit([rank_notice(live.table, receipt.rank_changes)])
        if pausing is not None:
            await self._emit(
                [
                    Public(
                        live.table.id,
                        live.table.channel_id,
                        "table_paused",
                        params=self._pause_params(),
                    )
                ]
            )
        if match.phase == "finished":
            self._forget(live)
        elif match.phase == "scored" and any(isinstance(e, HandScored) for e in events):
            await self._end_auto(live)  # 托管 lasts one hand, as the console's does
        return events

    def _rule_error(self, live: LiveTable, exc: RuleError) -> ServiceError:
        err = from_rule_error(exc)
        err.params.setdefault("players", len(live.table.seats))  # seat names 1…N at 找朋友
        if exc.code == "not_your_turn" and isinstance(exc.params.get("turn"), int):
            err.params["turn_player"] = live.table.seats[exc.params["turn"]].display_name or None
        if exc.code == "must_match_shape" and "shapes" in exc.params:
            err.params["shapes"] = exc.params["shapes"]
        return err

    # ---- timers ----------------------------------------------------------------------------
    async def tick(self) -> int:
        """Fire every due timer of this process's tables. Returns how many fired.

        Sharing the database with other processes, it first catches up with
        them (``refresh``) at most every ``REFRESH_SECONDS``."""
        last = self._refreshed_at
        now = self.clock.now()
        due = last is None or (now - last).total_seconds() >= self.refresh_seconds
        if self.shards.shared and due:
            try:
                await self.refresh()
            except ServiceError as exc:
                self._refreshed_at = now
                log.warning("catching up with other processes failed: %s", exc.code)
        fired = await self.automation.tick()
        return fired + await self.tournaments.tick()

    def timers_failing(self) -> bool:
        """Some table's timer failed on storage and is backing off (say so, don't spin)."""
        return self.automation.failing()

    def next_deadline(self) -> datetime | None:
        return self.automation.next_deadline()

    def live_ids(self) -> list[int]:
        """The tables whose timers this process fires: those of its shards."""
        return [i for i, live in self._live.items() if self.shards.owns(live.table.guild_id)]
