"""Helpers shared by the tournament tests and ``bench.tournament``: players,
registration and a fake-clock driver that runs an event's AI tables."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.service import FakeClock, TableService
from rules.presets import preset
from storage import Database
from storage.tournaments import EventInfo
from tests.support.service_helpers import new_service

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
        deadline = svc.automation.next_deadline()
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


async def one_deck_event(
    svc: TableService,
    *,
    name: str = "Cup",
    format: str = "swiss",
    rounds: int = 1,
    hands: int = 1,
    grace_seconds: int = 0,
    **kw: Any,
) -> EventInfo:
    """An event of the tests' usual shape: one-deck rules, the tests' guild and director."""
    return await svc.tournaments.new_event(
        guild_id=GUILD, director_id=DIRECTOR, name=name, format=format, rounds=rounds,
        hands=hands, rules=preset("one-deck"), grace_seconds=grace_seconds, **kw,
    )  # fmt: skip


async def file_service(tmp_path: Path, name: str = "t.db") -> tuple[str, TableService, FakeClock]:
    """A started service on a fresh SQLite file (for tests that restart on it)."""
    url = f"sqlite+aiosqlite:///{tmp_path / name}"
    db = Database(url)
    await db.upgrade()
    clock = FakeClock()
    svc = new_service(db, clock)
    await svc.start()
    return url, svc, clock
