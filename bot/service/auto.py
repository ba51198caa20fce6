"""托管 (auto): a seated player hands their seat to the AI for a while and takes it back.

The seat row keeps the player (``user_id``) and gains an AI level, so:

* it is durable across restarts with no schema change (seats already store both);
* timers and AI turns (``schedule``, ``automation``) treat the seat as an AI seat
  with no special case — an AI seat is one with an ``ai_level``;
* the player still owns the seat: their hand DM, ``/hand``, the panel and
  ``/auto off`` keep working, and their moves are theirs again at once;
* it plays at the table's AI level (``ai_seats.table_ai_level``) through the
  one AI choice of the service (``ai_seats.ai_move``), as the console's 托管
  does move by move (``auto_move``).

The function runs under the table's lock, like every other change of the service,
and stores the seat and its new timer in one versioned write (as the AI hand-over
of a leaving player does): a crash cannot leave the seat without the right timer.
"""

from __future__ import annotations

from bot.service.ai_seats import ai_move, table_ai_level
from bot.service.changes import Changes
from bot.service.core import Core
from bot.service.errors import ServiceError
from bot.service.seating import is_auto, seat_of
from rules.actions import Action
from storage import SeatInfo


async def set_auto(core: Core, changes: Changes, channel_id: int, user_id: int, on: bool) -> int:
    """Turn auto on or off for the user's seat. Returns the seat number."""
    # The table under its lock, made current (another process may have changed it).
    async with core.locked(channel_id) as live:
        t = live.table
        seat = t.seat_of(user_id)
        if seat is None:
            raise ServiceError("not_seated")
        if t.status != "playing" or live.match is None:
            raise ServiceError("not_started")
        info = t.seats[seat]
        if is_auto(info) == on:
            raise ServiceError("auto_already_on" if on else "auto_already_off")
        level = table_ai_level(t) if on else None
        changed = SeatInfo(seat, user_id, level, info.display_name, info.locale)
        await changes.replace_seat(live, changed)  # the timer changes kind with the seat
        return seat


async def auto_move(core: Core, changes: Changes, channel_id: int, user_id: int) -> Action | None:
    """One move of the user's seat made by the table's AI (the console's 托管,
    which shows each move at a pace and ends with the hand): the same choice
    ``/auto`` and the AI seats make (``ai_move``). Returns the move made, or None
    when the AI makes none now (no declaration during the deal)."""
    async with core.locked(channel_id) as live:
        seat = seat_of(live, user_id)
        action = await ai_move(live, seat)
        if action is None:
            return None
        live = await changes.resume(live)  # a person chose this: a paused table plays on
        await changes.commit(live, action, user_id, None)
        await changes.follow_up(live)  # the AI seats answer, as after a typed move
    return action
