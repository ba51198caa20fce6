"""Which one timer a table needs next: pure, so restarts and tests agree on it."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service.clock import Clock
from bot.service.state import LiveTable
from rules.actions import Action, Pass

Deadline = tuple[str, datetime]
# 悔牌 (house rule play_takeback): an AI waits this long after a human's play that
# may still be taken back, or the next card would always come first.
TAKEBACK_GRACE = 3.0


def due(live: LiveTable, clock: Clock) -> bool:
    """The table's timer has come due."""
    t = live.table
    return t.deadline_at is not None and t.deadline_at <= clock.now()


def plan_deadline(live: LiveTable, last: Action | None, now: datetime) -> Deadline | None:
    """The next timer (kind, due time), persisted with the action that led to it.

    Kinds: ``deal`` (next deal step), ``declare`` (the override window closes),
    ``bury``/``turn`` (an absent human is played for; ``turn`` also for the seat
    that may steal the kitty, 炒地皮), ``ai`` (an AI seat acts), ``next`` (the next
    hand starts).
    """
    m = live.match
    if m is None:
        return None
    o = live.options

    def at(seconds: float) -> datetime:
        return now + timedelta(seconds=seconds)

    seats = live.table.seats
    if m.phase == "dealing":
        return ("deal", at(o.deal_seconds / o.deal_steps))
    if m.phase == "declaring":
        if any(seats[s].is_ai and s not in m.hand.passes for s in range(len(seats))):
            return ("ai", at(0))  # AI seats answer the window at once
        old = live.table.deadline_kind, live.table.deadline_at
        if isinstance(last, Pass) and old[0] == "declare" and old[1] is not None:
            return ("declare", old[1])  # a pass does not extend the window
        return ("declare", at(o.declare_seconds)) if o.declare_seconds else None
    if m.phase == "stealing":  # 炒地皮: the seat to steal or pass has the turn's timer
        thief = m.steal_turn
        assert thief is not None
        if seats[thief].is_ai:
            return ("ai", at(o.ai_delay))
        return ("turn", at(o.turn_seconds)) if o.turn_seconds else None
    if m.phase in ("burying", "calling"):  # 找朋友: the dealer calls as it buries
        dealer = m.burier if m.phase == "burying" else m.dealer  # a thief buries too
        assert dealer is not None
        if seats[dealer].is_ai:
            return ("ai", at(o.ai_delay))
        return ("bury", at(o.bury_seconds)) if o.bury_seconds else None
    if m.phase == "playing":
        turn = m.turn
        assert turn is not None
        if seats[turn].is_ai:
            t = m.hand.current
            played = t.plays[-1][0] if t is not None and t.plays else None
            if played is not None and not seats[played].is_ai and m.can_take_back(played):
                return ("ai", at(max(o.ai_delay, TAKEBACK_GRACE)))
            return ("ai", at(o.ai_delay))
        return ("turn", at(o.turn_seconds)) if o.turn_seconds else None
    if m.phase == "scored":
        return ("next", at(o.next_hand_seconds)) if o.next_hand_seconds else None
    return None
