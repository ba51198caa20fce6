"""Every change of a table in play, and what a change sets off.

``commit`` is the one path every move takes: apply the action to the rules state,
store it with the table's next timer (one write), then announce it. A refused
action changes nothing; an action that could not be stored is rolled back by
reloading the table from storage. After a change, ``follow_up`` runs what is due
at once (``run_due``): an AI seat's move, the deal at pace 0, a timer's move for
an absent person (``fire``: what a due timer stands for; ``Automation`` fires the
timers that come due later). Seats change hands during play here too (an AI for
a leaver, 托管 on and off: ``replace_seat``), and tables pause, resume and close.
Every method runs under the table's lock, which the caller holds.
"""

from __future__ import annotations

import asyncio
import logging
import math
from dataclasses import replace
from typing import Any

from bot.service.ai_seats import actors, ai_move
from bot.service.announce import notices_for
from bot.service.core import Core
from bot.service.errors import ServiceError, from_rule_error, guarded
from bot.service.idle import IDLE, acting_humans, note_move, pause_deadline, paused
from bot.service.metrics import ACTIONS
from bot.service.notices import Notice, Public
from bot.service.ranked import rank_notice
from bot.service.schedule import due, plan_deadline
from bot.service.seating import is_auto
from bot.service.state import LiveTable
from rules.actions import Action, DealCards, Declare, NextHand, Pass
from rules.errors import RuleError
from rules.events import Event, HandScored
from storage import DuplicateAction, SeatInfo, StaleVersion, StorageError

log = logging.getLogger("bot.service")


class Changes:
    def __init__(self, core: Core) -> None:
        self.core = core

    # ---- the one path ---------------------------------------------------------------------
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
        core = self.core
        match = live.match
        if match is None:
            raise ServiceError("not_started")
        if live.table.status != "playing":
            raise ServiceError("not_started" if live.table.status == "lobby" else "match_over")
        try:
            events = match.apply(action)
        except RuleError as exc:
            raise self._rule_error(live, exc) from exc
        deadline = plan_deadline(live, action, core.clock.now())
        pausing = None
        absent = note_move(live, action, actor_id, auto)
        if absent and match.phase != "finished" and live.options.event is None:
            # Every person's turn was played by the timer: nobody is there.
            pausing = pause_deadline(core.limits, core.clock.now())
            deadline = pausing or deadline
        try:
            receipt = await core.store.record_action(
                live.table, action, match, actor_id=actor_id, idempotency_key=key, deadline=deadline
            )
        except (StorageError, Exception) as exc:
            # Nothing was stored: roll the rules state back to what storage holds.
            try:
                await core.reload(live.table.id)
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
        await core.emit(notices_for(live, action, events, auto=auto))
        if receipt.rank_changes:
            await core.emit([rank_notice(live.table, receipt.rank_changes)])
        if pausing is not None:
            await core.emit(
                [
                    Public(
                        live.table.id,
                        live.table.channel_id,
                        "table_paused",
                        params=self.pause_params(),
                    )
                ]
            )
        if match.phase == "finished":
            core.forget(live)
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

    # ---- what is due at once ----------------------------------------------------------------
    async def follow_up(self, live: LiveTable) -> None:
        """Run what is due after a stored change (AI seats, a deal at pace 0). If
        that fails, the change itself still stands: say the rest is delayed; the
        timer (stored with the change) retries it."""
        try:
            await self.run_due(live)
        except ServiceError as exc:
            log.warning("table %s: follow-up delayed: %s", live.table.id, exc.code)
            t = live.table
            await self.core.emit(
                [Public(t.id, t.channel_id, "followup_delayed", params={"reason": exc.code})]
            )

    async def run_due(self, live: LiveTable) -> None:
        """Run every timer that is already due (AI with no delay, the deal at pace 0).
        Caller holds the table's lock."""
        for _ in range(10_000):
            if self.core.live_table(live.table.id) is None or not due(live, self.core.clock):
                return
            await self.fire(live)
            await asyncio.sleep(0)

    async def fire(self, live: LiveTable) -> None:
        """Perform what the table's due timer stands for."""
        m = live.match
        kind = live.table.deadline_kind
        if kind == IDLE:  # paused (or an unjoined lobby) for the whole grace period
            await self.close_idle(live)
            return
        if m is None or kind is None:
            return
        commit = self.commit
        if kind == "deal":
            step = max(1, math.ceil(m.deal_total / live.options.deal_steps))
            if live.options.deal_seconds == 0:
                step = m.deal_total
            await commit(live, DealCards(step), None, None)
            await self._ai_declarations(live)
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
            action = await self._ai_action(live, seat)
            if action is not None:
                human = not live.table.seats[seat].is_ai
                await commit(live, action, None, None, auto=human)
                return

    async def _ai_action(self, live: LiveTable, seat: int) -> Action | None:
        """What the seat's AI does now (``ai_move``); a person who is simply absent
        (not on 托管) passes the optional bids: declaring and stealing the kitty."""
        m = live.match
        assert m is not None
        info = live.table.seats[seat]
        if m.phase in ("declaring", "stealing") and not info.is_ai:
            return m.suggest(seat)  # a pass: nobody chose to bid for them
        action = await ai_move(live, seat)
        return action if action is not None else m.suggest(seat)

    async def _ai_declarations(self, live: LiveTable) -> None:
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
                    await self.commit(live, action, None, None)
                except ServiceError:
                    continue

    # ---- seats changing hands -------------------------------------------------------------
    async def _end_auto(self, live: LiveTable) -> None:
        """A hand was scored: every seat on auto goes back to its player for the next
        hand (托管 lasts one hand, on Discord as in the console), said to the table."""
        for info in live.table.seats:
            if is_auto(info):
                mine = SeatInfo(info.seat, info.user_id, None, info.display_name, info.locale)
                t = live.table
                told = Public(t.id, t.channel_id, "auto_ended", params={"seat": info.seat})
                await self.replace_seat(live, mine, told)

    async def replace_seat(
        self, live: LiveTable, seat: SeatInfo, *also: Notice, pause_if_alone: bool = False
    ) -> None:
        """A seat changes hands during play (an AI takes over, 托管 on or off): the
        seat and the timer it now needs in one write, so a crash cannot leave the
        seat without its timer; then the notices and the AI's move if it is due."""
        core = self.core
        t = live.table
        after = LiveTable(
            replace(t, seats=tuple(seat if s.seat == seat.seat else s for s in t.seats)),
            live.match,
            live.options,
        )
        deadline = plan_deadline(after, None, core.clock.now())
        notices: list[Notice] = [Public(t.id, t.channel_id, "seats_changed"), *also]
        # A tournament table never pauses: its round must end (AI seats play on).
        if pause_if_alone and not acting_humans(after) and live.options.event is None:
            # The last person left: AI seats alone would play on for nobody.
            pause = pause_deadline(core.limits, core.clock.now())
            if pause is not None:
                deadline = pause
                notices.append(
                    Public(t.id, t.channel_id, "table_paused", params=self.pause_params())
                )
        elif t.deadline_kind == IDLE:
            live.timed_out.clear()
            notices.append(Public(t.id, t.channel_id, "table_resumed"))
        live.table = await guarded(
            core.store.update_table(t.id, t.version, seats=[seat], deadline=deadline)
        )
        await core.emit(notices)
        await self.follow_up(live)  # delayed, not lost, if it fails

    # ---- idle tables (bot.service.idle) ---------------------------------------------------
    def pause_params(self) -> dict[str, Any]:
        return {"minutes": max(1, round(self.core.limits.idle_close_seconds / 60))}

    async def resume(self, live: LiveTable) -> LiveTable:
        """A paused table plays on: its usual timer back, in one write."""
        if not paused(live):
            return live
        core = self.core
        t = live.table
        live.timed_out.clear()
        deadline = plan_deadline(live, None, core.clock.now())
        live.table = await guarded(core.store.update_table(t.id, t.version, deadline=deadline))
        await core.emit([Public(t.id, t.channel_id, "table_resumed")])
        return live

    async def close_idle(self, live: LiveTable) -> None:
        """The grace period is over: end the table as /table end does (nothing
        stored is lost)."""
        t = live.table
        if t.deadline_kind != IDLE:
            return
        live.table = await guarded(self.core.store.end_match(t.id, t.version))
        self.core.forget(live)
        lobby = t.status == "lobby"
        params = {"lobby": lobby, "language": live.options.language}
        await self.core.emit([Public(t.id, t.channel_id, "table_closed", params=params)])
