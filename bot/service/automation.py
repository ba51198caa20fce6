"""Timers and AI seats: what happens when nobody (or an AI) is at the keyboard.

The service owns the tables and the one commit path; this part decides *when* a
table's timer is due and *what* to do then: deal the next batch, close the
declaration window, let an AI seat act, or play for an absent human.
"""

from __future__ import annotations

import asyncio
import logging
import math
import random
from collections.abc import Awaitable
from datetime import datetime, timedelta
from typing import Protocol

from bot.service.clock import Clock
from bot.service.errors import ServiceError
from bot.service.idle import IDLE
from bot.service.state import LiveTable
from rules.actions import Action, DealCards, Declare, NextHand, Pass
from rules.ai import Player, make_player
from rules.events import Event
from rules.game import Match
from storage import TableLocks

log = logging.getLogger("bot.service")

BACKOFF_MAX = 30.0  # seconds between retries of a timer that fails on storage, at most
THREADED_LEVELS = frozenset({"strong"})  # AI levels that search for a while per move


class Commit(Protocol):
    """The service's one path for every change (``TableService.commit``)."""

    # One line: the signature is stated here once and implemented in the service.
    def __call__(
        self,
        live: LiveTable,
        action: Action,
        actor_id: int | None,
        key: str | None,
        *,
        auto: bool = False,
    ) -> Awaitable[list[Event]]: ...


class CommitHost(Protocol):
    """What automation needs from the service (kept narrow: no import circle)."""

    clock: Clock
    locks: TableLocks

    @property
    def commit(self) -> Commit: ...

    def live_table(self, table_id: int) -> LiveTable | None: ...

    def live_ids(self) -> list[int]: ...

    async def reload_stale(self, table_id: int) -> LiveTable | None: ...

    async def close_idle(self, live: LiveTable) -> None: ...


class Automation:
    def __init__(self, host: CommitHost) -> None:
        self.host = host
        # table id -> (retry at, delay in s): timers that failed on storage wait
        # before the next try (1, 2, 4 … 30 s), so a full or unreachable database
        # is reported once, not many times a second.
        self._backoff: dict[int, tuple[datetime, float]] = {}

    def due(self, live: LiveTable) -> bool:
        t = live.table
        return t.deadline_at is not None and t.deadline_at <= self.host.clock.now()

    def next_deadline(self) -> datetime | None:
        times = []
        for table_id in self.host.live_ids():
            live = self.host.live_table(table_id)
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
        self._backoff[table_id] = (self.host.clock.now() + timedelta(seconds=delay), delay)
        if previous is None:
            log.warning("table %s: timer failed: %s; retrying with back-off", table_id, code)

    def failing(self) -> bool:
        """True while some table's timer is waiting out a storage back-off."""
        return bool(self._backoff)

    def _succeeded(self, table_id: int) -> None:
        if self._backoff.pop(table_id, None) is not None:
            log.info("table %s: timer works again", table_id)

    async def run_due(self, live: LiveTable) -> None:
        """Run every timer that is already due (AI with no delay, the deal at pace 0).
        Caller holds the table's lock."""
        for _ in range(10_000):
            if self.host.live_table(live.table.id) is None or not self.due(live):
                return
            await self.fire(live)
            await asyncio.sleep(0)

    async def tick(self) -> int:
        """Fire every due timer of every table. Returns how many fired."""
        fired = 0
        for table_id in self.host.live_ids():
            live = self.host.live_table(table_id)
            if live is None or not (live.stale or self.due(live)):
                continue
            waiting = self._backoff.get(table_id)
            if waiting is not None and waiting[0] > self.host.clock.now():
                continue
            async with self.host.locks(table_id):
                try:
                    # A copy left stale by a failed write is reloaded first.
                    live = await self.host.reload_stale(table_id)
                except ServiceError as exc:
                    self._failed(table_id, exc.code)
                    continue
                if live is None or not self.due(live):  # a player acted first
                    self._succeeded(table_id)
                    continue
                try:
                    await self.fire(live)
                    fired += 1
                    await self.run_due(live)
                except ServiceError as exc:
                    self._failed(table_id, exc.code)
                else:
                    self._succeeded(table_id)
        return fired

    async def fire(self, live: LiveTable) -> None:
        """Perform what the table's due timer stands for."""
        m = live.match
        kind = live.table.deadline_kind
        if kind == IDLE:  # paused (or an unjoined lobby) for the whole grace period
            await self.host.close_idle(live)
            return
        if m is None or kind is None:
            return
        commit = self.host.commit
        if kind == "deal":
            step = max(1, math.ceil(m.deal_total / live.options.deal_steps))
            if live.options.deal_seconds == 0:
                step = m.deal_total
            await commit(live, DealCards(step), None, None)
            await self.ai_declarations(live)
            return
        if kind == "next":
            await commit(live, NextHand(), None, None)
            return
        if kind == "declare":
            for s in range(len(live.table.seats)):
                if m.phase == "declaring" and s not in m.hand.passes:
                    await commit(live, Pass(s), None, None, auto=not live.table.seats[s].is_ai)
            return
        # "ai": an AI seat acts; "bury", "turn": an absent human is played for.
        for seat in actors(m):
            if (kind == "ai") != live.table.seats[seat].is_ai:
                continue
            action = await self.ai_action(live, seat)
            if action is not None:
                human = not live.table.seats[seat].is_ai
                await commit(live, action, None, None, auto=human)
                return

    async def ai_action(self, live: LiveTable, seat: int) -> Action | None:
        """What the seat's AI (or, for an absent human, the basic AI) does now."""
        m = live.match
        assert m is not None
        info = live.table.seats[seat]
        if m.phase == "declaring" and not info.is_ai:
            return Pass(seat)  # an absent human just passes
        if m.phase == "stealing" and (not info.is_ai or info.user_id is not None):
            return m.suggest(seat)  # 炒地皮: an absent or 托管 player lets the kitty stand
        player = ai_player(live, seat, info.ai_level or "basic")
        view, rng = m.view_for(seat), rng_for(m, seat)
        if player.level in THREADED_LEVELS:
            # A search player thinks for up to its budget: off the event loop, so the
            # bot keeps answering everyone else (the view is an immutable snapshot).
            action = await asyncio.to_thread(player.choose, view, rng)
        else:
            action = player.choose(view, rng)
        if action is None:
            action = m.suggest(seat)
        return action

    async def ai_declarations(self, live: LiveTable) -> None:
        """After a deal step, AI seats may declare with what they hold now."""
        m = live.match
        if m is None:
            return
        for seat, info in enumerate(live.table.seats):
            if not info.is_ai or m.phase not in ("dealing", "declaring"):
                continue
            action = make_player(info.ai_level or "basic").choose(
                m.view_for(seat), rng_for(m, seat)
            )
            if isinstance(action, Declare):
                try:
                    await self.host.commit(live, action, None, None)
                except ServiceError:
                    continue


def ai_player(live: LiveTable, seat: int, level: str) -> Player:
    """The seat's AI player, the same one from move to move while its level stands
    (the strong player carries what it read of the hand from one play to the next)."""
    kept = live.ai_players.get(seat)
    if kept is None or kept[0] != level:
        kept = (level, make_player(level))
        live.ai_players[seat] = kept
    return kept[1]


def actors(m: Match) -> list[int]:
    """The seats that may act now."""
    if m.phase == "declaring":
        return [s for s in range(m.players) if s not in m.hand.passes]
    if m.phase == "stealing" and m.steal_turn is not None:
        return [m.steal_turn]  # 炒地皮: one seat at a time may steal or pass
    if m.phase == "burying" and m.burier is not None:
        return [m.burier]  # the dealer, or a seat that stole the kitty
    if m.phase == "calling" and m.dealer is not None:
        return [m.dealer]
    if m.phase == "playing" and m.turn is not None:
        return [m.turn]
    return []


def rng_for(m: Match, seat: int) -> random.Random:
    """An AI's randomness, derived from the game state alone, so a restarted bot
    makes exactly the moves it would have made."""
    return random.Random(f"{m.seed}/{m.hand_no}/{m.hand.redeals}/{len(m.hand_log)}/{seat}")
