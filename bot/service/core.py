"""What every part of the table service works on: storage, the tables this process
holds, their locks and the notices they send.

``TableService`` (``bot.service.service``) makes one ``Core`` and gives it to each of
its parts (``changes``, ``moves``, ``lifecycle``, ``queries``, ``automation``, the
tournaments). A table is held as a ``LiveTable`` (its storage row, rules state and
options); the core loads it, keeps it current when other processes share the
database (``refresh``, ``made_current``) and forgets it once it is over. Nothing
here changes a table: that is ``Changes.commit`` and the lobby's versioned writes.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import datetime

from bot.service.clock import Clock, SystemClock
from bot.service.errors import ServiceError, guarded
from bot.service.idle import TableLimits, lobby_deadline
from bot.service.notices import Notice, Public
from bot.service.options import TableOptions
from bot.service.schedule import plan_deadline
from bot.service.shards import Shards
from bot.service.state import LiveTable
from storage import ACTIVE_STATUSES, Database, Settings, Stats, Store, TableInfo, TableLocks
from storage.table_changes import TableChanges

log = logging.getLogger("bot.service")

Listener = Callable[[Notice], Awaitable[None] | None]
StoredHook = Callable[[int], None]  # a table id: stored by another process, not held here
REFRESH_SECONDS = 1.0  # how often a process sharing the database polls for changes


class Core:
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
        # A new secret for a match's seeds (tests give a fixed source).
        self.seed: Callable[[], str] = seed_source or (lambda: secrets.token_hex(8))
        self._live: dict[int, LiveTable] = {}
        self._by_channel: dict[int, int] = {}
        self._listeners: list[Listener] = []
        # Hearing of other processes' writes at once (``watch``): PostgreSQL only.
        self._changes = TableChanges(db)
        self._watching: asyncio.Future[None] | None = None
        self._heard: dict[int, int] = {}  # table id -> newest version heard, not yet handled
        self._catching: dict[int, asyncio.Task[None]] = {}
        self._stored_hooks: list[StoredHook] = []
        self._resync: asyncio.Task[None] | None = None

    # ---- notices ------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        """Receive every notice. Listeners run in order, under the table's lock, so
        they must not block: queue slow work (a Discord edit) and return."""
        self._listeners.append(listener)

    async def emit(self, notices: list[Notice]) -> None:
        for n in notices:
            for listener in self._listeners:
                result = listener(n)
                if inspect.isawaitable(result):
                    await result

    # ---- the tables held ------------------------------------------------------------------
    def live_table(self, table_id: int) -> LiveTable | None:
        return self._live.get(table_id)

    def live_in(self, channel_id: int) -> LiveTable | None:
        """The channel's table, if this process holds it (as held: maybe not current)."""
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self._live.get(table_id)

    def table_ids(self) -> list[int]:
        return sorted(self._live)

    def live_ids(self) -> list[int]:
        """The tables whose timers this process fires: those of its shards."""
        return [i for i, live in self._live.items() if self.shards.owns(live.table.guild_id)]

    def hold(self, live: LiveTable) -> None:
        """Hold ``live`` from now on (a table opened or loaded here)."""
        self._live[live.table.id] = live
        self._by_channel[live.table.channel_id] = live.table.id

    def forget(self, live: LiveTable) -> None:
        self._live.pop(live.table.id, None)
        if self._by_channel.get(live.table.channel_id) == live.table.id:
            del self._by_channel[live.table.channel_id]

    async def load_active(self) -> int:
        """Load every unfinished table of this process's shards from storage (timers
        come back with them). Returns how many."""
        count = 0
        for info in await self.store.active_tables():
            if not self.shards.owns(info.guild_id):
                continue
            live = await self.load(info)
            await self.recover_timer(live)
            count += 1
        return count

    async def recover_timer(self, live: LiveTable, *, locked: bool = False) -> None:
        """A table in play whose timer is missing gets it back. (Changes are stored
        together with their timer, but a database written by an older version may
        hold a table that a crash left between the two.)"""
        t, m = live.table, live.match
        if t.status == "lobby" and t.deadline_at is None and locked:
            close = lobby_deadline(self.limits, self.clock.now())
            if close is not None:  # a lobby from before closing existed
                live.table = await guarded(self.store.update_table(t.id, t.version, deadline=close))
            return
        if t.status == "lobby" and not locked:
            async with self.locks(t.id):
                await self.recover_timer(live, locked=True)
            return
        if t.status != "playing" or m is None or m.phase == "finished" or t.deadline_at:
            return
        deadline = plan_deadline(live, None, self.clock.now())
        if deadline is None:
            return
        log.warning("table %s: restoring its missing %s timer", t.id, deadline[0])
        if locked:
            live.table = await guarded(self.store.update_table(t.id, t.version, deadline=deadline))
            return
        async with self.locks(t.id):
            await self.recover_timer(live, locked=True)

    async def load(self, info: TableInfo) -> LiveTable:
        match = await self.store.load_match(info.id) if info.current_match_id else None
        live = LiveTable(info, match, TableOptions.from_dict(info.options))
        self.hold(live)
        return live

    async def table_for(self, channel_id: int) -> LiveTable:
        table_id = self._by_channel.get(channel_id)
        if table_id is not None and table_id in self._live:
            live = self._live[table_id]
            if live.stale:
                return await guarded(self.reload(table_id))
            return live
        info = await guarded(self.store.table_in_channel(channel_id))
        if info is None:
            raise ServiceError("no_table")
        return await self.load(info)

    async def reload(self, table_id: int) -> LiveTable:
        info = await self.store.get_table(table_id)
        return await self.load(info)

    async def current(self, channel_id: int) -> LiveTable:
        """The channel's table, made current first: another process may have
        changed it (one version read; a reload only if it did)."""
        live = await self.table_for(channel_id)
        return await self.made_current(live)

    async def made_current(self, live: LiveTable) -> LiveTable:
        if await guarded(self.store.table_version(live.table.id)) == live.table.version:
            return live
        fresh = await guarded(self.reload(live.table.id))
        if fresh.table.status not in ACTIVE_STATUSES:
            self.forget(fresh)  # ended elsewhere
            raise ServiceError("no_table")
        return fresh

    @asynccontextmanager
    async def locked(self, channel_id: int) -> AsyncIterator[LiveTable]:
        """The channel's table under its lock, made current (lobby changes: rare,
        so they always pay the one version read)."""
        live = await self.table_for(channel_id)
        async with self.locks(live.table.id):
            yield await self.made_current(self._live.get(live.table.id) or live)

    # ---- other processes on the same database --------------------------------------------
    async def catch_up(self) -> None:
        """Sharing the database with other processes: ``refresh`` at most every
        ``refresh_seconds`` (a failure is logged, and waits as long)."""
        last = self._refreshed_at
        now = self.clock.now()
        due = last is None or (now - last).total_seconds() >= self.refresh_seconds
        if self.shards.shared and due:
            try:
                await self.refresh()
            except ServiceError as exc:
                self._refreshed_at = now
                log.warning("catching up with other processes failed: %s", exc.code)

    async def refresh(self) -> int:
        """Catch up with other processes on the same database: load the tables of
        this process's shards it does not hold (created elsewhere, or handed over
        by a rolling restart), reload those changed elsewhere, drop those ended
        elsewhere. Returns how many were (re)loaded or dropped."""
        changed = 0
        active: set[int] = set()
        for table_id, guild_id, version in await guarded(self.store.active_versions()):
            active.add(table_id)
            live = self._live.get(table_id)
            if not self.shards.owns(guild_id) or (
                live is not None and live.table.version == version and not live.stale
            ):
                continue
            async with self.locks(table_id):
                live = await guarded(self.reload(table_id))
                if live.table.status in ACTIVE_STATUSES:
                    await self.recover_timer(live, locked=True)
            changed += 1
        for table_id in [i for i in self._live if i not in active]:
            live = self._live[table_id]
            if live.table.status in ACTIVE_STATUSES:  # ended or finished elsewhere
                self.forget(live)
                changed += 1
        self._refreshed_at = self.clock.now()
        return changed

    async def reload_stale(self, table_id: int) -> LiveTable | None:
        """The table as stored, if this process's copy is marked stale (else as
        held). Raises ServiceError while storage cannot be read."""
        live = self._live.get(table_id)
        if live is None or not live.stale:
            return live
        return await guarded(self.reload(table_id))

    # ---- hearing of other processes' writes at once (PostgreSQL's LISTEN/NOTIFY) --------
    def on_stored_change(self, hook: StoredHook) -> None:
        """``hook(table_id)`` when another process stored a change to a table this
        process does not hold (one it holds is reloaded and announced instead:
        a ``changed_elsewhere`` notice). Must not block. Only while ``watch``-ing."""
        self._stored_hooks.append(hook)

    async def watch(self) -> None:
        """From now on, hear of every table write at once (PostgreSQL: LISTEN on a
        connection of its own; SQLite, one process: nothing). A table held here
        that another process changed is reloaded, as ``made_current`` would, and
        announced with a ``changed_elsewhere`` notice; polling (``refresh``) stays
        as it was. Idempotent; returns once listening."""
        if self._watching is None:
            self._watching = asyncio.ensure_future(self._changes.listen(self._stored, self._gap))
        await asyncio.shield(self._watching)

    async def unwatch(self) -> None:
        if self._watching is not None:
            await asyncio.gather(self._watching, return_exceptions=True)
        self._watching = None
        await self._changes.close()
        tasks = [*self._catching.values(), *([self._resync] if self._resync else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._catching.clear()
        self._heard.clear()

    def _stored(self, table_id: int, version: int) -> None:
        """A write of ``table_id`` at ``version`` was committed (by any process)."""
        live = self._live.get(table_id)
        if live is not None and live.table.version >= version and not live.stale:
            return  # this process's own write (or one it already has)
        self._heard[table_id] = max(version, self._heard.get(table_id, 0))
        if table_id not in self._catching:
            task = asyncio.create_task(self._catch(table_id), name=f"changed-{table_id}")
            self._catching[table_id] = task

    def _gap(self) -> None:
        """The listener reconnected: what was stored meanwhile is read instead."""
        if self._resync is None or self._resync.done():
            self._resync = asyncio.create_task(self._catch_up_gap(), name="changed-gap")

    async def _catch_up_gap(self) -> None:
        try:
            versions = await guarded(self.store.active_versions())
        except ServiceError as exc:
            log.warning("catching up after the listener reconnected failed: %s", exc.code)
            return
        active = set()
        for table_id, _guild, version in versions:
            active.add(table_id)
            self._stored(table_id, version)
        for table_id, live in list(self._live.items()):
            if table_id not in active:  # ended elsewhere meanwhile
                self._stored(table_id, live.table.version + 1)

    async def _catch(self, table_id: int) -> None:
        try:
            while table_id in self._heard:
                version = self._heard.pop(table_id)
                try:
                    await self._changed_elsewhere(table_id, version)
                except ServiceError as exc:
                    log.warning("table %s changed elsewhere, not reloaded: %s", table_id, exc.code)
                except Exception:
                    log.exception("table %s changed elsewhere", table_id)
        finally:
            self._catching.pop(table_id, None)

    async def _changed_elsewhere(self, table_id: int, version: int) -> None:
        if table_id in self._live:
            async with self.locks(table_id):
                live = self._live.get(table_id)
                if live is not None:
                    if live.table.version >= version and not live.stale:
                        return  # a write of this process, finished meanwhile
                    live = await guarded(self.reload(table_id))
                    if live.table.status not in ACTIVE_STATUSES:
                        self.forget(live)  # ended elsewhere
                    elif self.shards.owns(live.table.guild_id):
                        await self.recover_timer(live, locked=True)
                    notice = Public(table_id, live.table.channel_id, "changed_elsewhere")
                    await self.emit([notice])
                    return
        for hook in self._stored_hooks:
            hook(table_id)
