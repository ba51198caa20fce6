"""Tables nobody plays at: pause, resume, close after a grace period; caps on open tables.

A paused table (or a lobby) carries the timer kind ``idle``: persisted as the
table's deadline like every other timer, so a restart keeps the pause and when
it closes. While paused no AI seat acts (its only timer is the close). Closing
ends the table the way ``/table end`` does: the hands played stay in records,
statistics and ``/progress``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.service.errors import ServiceError
from bot.service.state import LiveTable
from rules.actions import Action, Pass

IDLE = "idle"  # the deadline kind that closes a paused table or an unjoined lobby
# Moves the timer makes for every person before the table counts as abandoned:
# more than one, so a player who misses a single turn is not paused.
TIMEOUTS_TO_PAUSE = 2


@dataclass(frozen=True, slots=True)
class TableLimits:
    """0 turns a limit off."""

    idle_close_seconds: int = 30 * 60  # a paused table closes after this
    lobby_close_seconds: int = 60 * 60  # a lobby closes this long after its last change
    per_user: int = 3  # unfinished tables one user may have opened
    per_server: int = 20  # unfinished tables on one server

    @classmethod
    def off(cls) -> TableLimits:
        return cls(0, 0, 0, 0)


def acting_humans(live: LiveTable) -> set[int]:
    """Seats of people playing their own cards (not an AI, not on 托管)."""
    return {s.seat for s in live.table.seats if s.user_id is not None and s.ai_level is None}


def paused(live: LiveTable) -> bool:
    return live.table.status == "playing" and live.table.deadline_kind == IDLE


def pause_deadline(limits: TableLimits, now: datetime) -> tuple[str, datetime] | None:
    if not limits.idle_close_seconds:
        return None
    return (IDLE, now + timedelta(seconds=limits.idle_close_seconds))


def lobby_deadline(limits: TableLimits, now: datetime) -> tuple[str, datetime] | None:
    if not limits.lobby_close_seconds:
        return None
    return (IDLE, now + timedelta(seconds=limits.lobby_close_seconds))


def note_move(live: LiveTable, action: Action, actor_id: int | None, auto: bool) -> bool:
    """Count the moves the timer made for each seat since a person last acted.
    True when it played every acting human's turn TIMEOUTS_TO_PAUSE times:
    nobody answers, so pause."""
    if actor_id is not None:
        live.timed_out.clear()
        return False
    seat = getattr(action, "seat", None)
    if not auto or isinstance(action, Pass) or not isinstance(seat, int):
        return False  # the declaration window closing is no sign of absence
    live.timed_out[seat] = live.timed_out.get(seat, 0) + 1
    humans = acting_humans(live)
    return bool(humans) and all(live.timed_out.get(s, 0) >= TIMEOUTS_TO_PAUSE for s in humans)


def check_caps(limits: TableLimits, mine: int, server: int) -> None:
    """Refuse one more table over a cap (the refusal names it and /table end)."""
    if limits.per_user and mine >= limits.per_user:
        raise ServiceError("too_many_tables_user", cap=limits.per_user)
    if limits.per_server and server >= limits.per_server:
        raise ServiceError("too_many_tables_server", cap=limits.per_server)
