"""Timers: what happens when nobody (or an AI) is at the keyboard.

Every table's next timer is stored with it (``schedule`` plans it); ``tick`` fires
those of this process's tables that have come due (``Changes.fire``: deal the next
batch, close the declaration window, let an AI seat act, play for an absent
person; AI seats are ``ai_seats``), then what that made due at once. A table whose
timer fails on storage waits before the next try (back-off), so a full or
unreachable database is reported once, not many times a second.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.service.changes import Changes
from bot.service.core import Core
from bot.service.errors import ServiceError
from bot.service.schedule import due

log = logging.getLogger("bot.service")

BACKOFF_MAX = 30.0  # seconds between retries of a timer that fails on storage, at most


class Automation:
    def __init__(self, core: Core, changes: Changes) -> None:
        self.core = core
        self.changes = changes
        # table id -> (retry at, delay in s): timers that failed on storage wait
        # before the next try (1, 2, 4 … 30 s).
        self._backoff: dict[int, tuple[datetime, float]] = {}

    def next_deadline(self) -> datetime | None:
        times = []
        for table_id in self.core.live_ids():
            live = self.core.live_table(table_id)
            if live is not None and live.table.deadline_at is not None:
                waiting = self._backoff.get(table_id)
                at = live.table.deadline_at
                times.append(at if waiting is None else max(at, waiting[0]))
        return min(times) if times else None

    def _failed(self, table_id: int, code: str) -> None:
        if not code.startswith("storage_"):
            return  # e.g. busy: another process won; the reloaded table goes on
        previous = self._backoff.get(table_id)
        delay = min(BACKOFF_MAX, previous[1] * 2) if previous else 1.0
        self._backoff[table_id] = (self.core.clock.now() + timedelta(seconds=delay), delay)
        if previous is None:
            log.warning("table %s: timer failed: %s; retrying with back-off", table_id, code)

    def failing(self) -> bool:
        """True while some table's timer is waiting out a storage back-off (say so,
        don't spin)."""
        return bool(self._backoff)

    def _succeeded(self, table_id: int) -> None:
        if self._backoff.pop(table_id, None) is not None:
            log.info("table %s: timer works again", table_id)

    async def tick(self) -> int:
        """Fire every due timer of every table. Returns how many fired."""
        core, changes = self.core, self.changes
        fired = 0
        for table_id in core.live_ids():
            live = core.live_table(table_id)
            if live is None or not (live.stale or due(live, core.clock)):
                continue
            waiting = self._backoff.get(table_id)
            if waiting is not None and waiting[0] > core.clock.now():
                continue
            async with core.locks(table_id):
                try:
                    # A copy left stale by a failed write is reloaded first.
                    live = await core.reload_stale(table_id)
                except ServiceError as exc:
                    self._failed(table_id, exc.code)
                    continue
                if live is None or not due(live, core.clock):  # a player acted first
                    self._succeeded(table_id)
                    continue
                try:
                    await changes.fire(live)
                    fired += 1
                    await changes.run_due(live)
                except ServiceError as exc:
                    self._failed(table_id, exc.code)
                else:
                    self._succeeded(table_id)
        return fired
