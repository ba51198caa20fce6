"""Helpers shared by the tournament tests and ``bench.tournament``: players,
registration and a fake-clock driver that runs an event's AI tables."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.service import FakeClock, TableService
from storage.tournaments import EventInfo

GUILD = 1_150_000_000_000_000_001
DIRECTOR = 1_170_000_000_000_000_099


def user(i: int) -> int:
    return 1_170_000_000_000_000_000 + i


async def drive(
    svc: TableService, clock: FakeClock, until: Callable[[], Awaitable[bool]], limit: int = 4000
) -> None:
    """Tick, then move the clock to the next timer (at most 5 s: the tournament's
    own checks have no timer), until ``until()``."""
    for _ in range(limit):
        if await until():
            return
        await svc.tick()
        deadline = svc.next_deadline()
        step = 5.0
        if deadline is not None:
            step = min(step, max(0.0, (deadline - clock.now()).total_seconds()))
        clock.advance(step or 0.01)
    raise AssertionError("the event did not get there")


async def register(svc: TableService, ev: EventInfo, teams: int, size: int) -> None:
    """``teams`` teams of ``size`` players, each checked in."""
    for t in range(teams):
        ids = [user(size * t + k) for k in range(size)]
        pair = [(u, f"P{u % 1000}") for u in ids[2:]]
        team = await svc.tournaments.join(
            ev.id, ids[0], ids[1], name=f"P{ids[0] % 1000}", partner_name="x", pair=pair
        )
        assert team == t
        await svc.tournaments.check_in(ev.id, ids[1])


def finished(svc: TableService, event_id: int) -> Callable[[], Awaitable[bool]]:
    async def done() -> bool:
        event = await svc.tournaments.store.event(event_id)
        return event is not None and event.status == "finished"

    return done
