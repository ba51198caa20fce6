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
from collections import Counter
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
from storage import TableInfo, TableLocks

log = logging.getLogger("bot.service")

BACKOFF_MAX = 30.0  # seconds between retries of a timer that fails on storage, at most
THREADED_LEVELS = frozenset({"strong"})  # AI levels that search for a while per move
DEFAULT_LEVEL = "basic"  # a table with no AI player: 托管 and timeouts play at this level


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
        """What the seat's AI does now (``ai_move``); a person who is simply absent
        (not on 托管) passes the optional bids: declaring and stealing the kitty."""
        m = live.match
        assert m is not None
        info = live.table.seats[seat]
        if m.phase in ("declaring", "stealing") and not info.is_ai:
            return m.suggest(seat)  # a pass: nobody chose to bid for them
        action = await ai_move(live, seat)
        return action if action is not None else m.suggest(seat)

    async def ai_declarations(self, live: LiveTable) -> None:
        """After a deal step, AI seats may declare with what they hold now."""
        m = live.match
        if m is None:
            return
        for seat, info in enumerate(live.table.seats):
            if not info.is_ai or m.phase not in ("dealing", "declaring"):
                continue
            action = await ai_move(live, seat)
            if isinstance(action, Declare):
                try:
                    await self.host.commit(live, action, None, None)
                except ServiceError:
                    continue


def table_ai_level(table: TableInfo) -> str:
    """The level of the table's AI players (the most seated one; ``basic`` when
    there is none): it also plays for a person on 托管 or timed out."""
    levels = [s.ai_level for s in table.seats if s.user_id is None and s.ai_level is not None]
    return Counter(levels).most_common(1)[0][0] if levels else DEFAULT_LEVEL


def level_for(table: TableInfo, seat: int) -> str:
    """An AI player's own level; for a person's seat, the table's AI level."""
    info = table.seats[seat]
    if info.user_id is None and info.ai_level is not None:
        return info.ai_level
    return table_ai_level(table)


async def ai_move(live: LiveTable, seat: int) -> Action | None:
    """The one AI choice of the service: what the table's AI does in ``seat`` now
    (None: nothing, e.g. no declaration during the deal). AI seats, 托管 (the
    console's and ``/auto``) and a timed-out person's turn all come here, so one
    level means the same play everywhere."""
    m = live.match
    assert m is not None
    player = ai_player(live, seat, level_for(live.table, seat))
    view, rng = m.view_for(seat), rng_for(m, seat)
    if player.level in THREADED_LEVELS:
        # A search player thinks for up to its budget: off the event loop, so the
        # bot keeps answering everyone else (the view is an immutable snapshot).
        return await asyncio.to_thread(player.choose, view, rng)
    return player.choose(view, rng)


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
