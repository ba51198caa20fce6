"""SIGKILL in round 2 of a Swiss event (at a random commit: mid-hand, between a
table's end and its result, between a round's end and the next round): a
restarted service runs the event to its final standings, every table played its
hands, no rematch."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest

from bot.service import FakeClock
from storage import Database
from tests.support.processes import SLOW, kill_and_restart, run_script
from tests.support.service_helpers import new_service
from tests.support.tournament_helpers import drive

CHILD = r"""
import asyncio, sys
from bot.service import FakeClock
from rules.presets import preset
from storage import Database
from tests.support.kill_switch import KillSwitch
from tests.support.service_helpers import new_service
from tests.support.tournament_helpers import DIRECTOR, GUILD, drive, register

url, kill_at = sys.argv[1], int(sys.argv[2])
switch = KillSwitch(kill_at)

async def main():
    db = Database(url)
    await db.upgrade()
    clock = FakeClock()
    svc = new_service(db, clock)
    await svc.start()
    ev = await svc.tournaments.new_event(
        guild_id=GUILD, director_id=DIRECTOR, name="crash", format="swiss", rounds=3,
        hands=2, rules=preset("one-deck"), grace_seconds=20,
    )
    await register(svc, ev, 6, 2)
    await svc.tournaments.start(ev.id, DIRECTOR)
    store = svc.tournaments.store
    seen = []

    async def finished():
        rounds = await store.rounds(ev.id)
        if len(rounds) >= 2 and not seen:
            seen.append(switch.commits)
            print("round2", switch.commits, flush=True)
        e = await store.event(ev.id)
        return e.status == "finished"

    await drive(svc, clock, finished)
    print("done", switch.commits, flush=True)
    await db.dispose()

asyncio.run(main())
"""


def child(tmp_path: Path, url: str, kill_at: int) -> subprocess.CompletedProcess[str]:
    return run_script(tmp_path, "tournament_child.py", CHILD, url, str(kill_at), timeout=300)


def points(stdout: str) -> list[int]:
    marks = dict(line.split() for line in stdout.split("\n") if line.strip())
    start, end = int(marks["round2"]), int(marks["done"])
    span = range(start, end)
    return list(span) if SLOW else random.Random(23).sample(span, min(3, len(span)))


async def finish_after_restart(url: str) -> None:
    db = Database(url)
    try:
        clock = FakeClock()
        svc = new_service(db, clock)
        await svc.start()
        store = svc.tournaments.store
        (ev,) = await store.events()

        async def finished() -> bool:
            e = await store.event(ev.id)
            return e is not None and e.status == "finished"

        await drive(svc, clock, finished)
        tables = await store.pairings(ev.id)
        assert [p.round_no for p in tables] == [1] * 3 + [2] * 3 + [3] * 3
        assert all(p.status == "done" and p.hands == 2 for p in tables), tables
        met = [frozenset((p.ns_team, p.ew_team)) for p in tables]
        assert len(set(met)) == len(met), "a rematch"
        final = await svc.tournaments.events.standings(ev.id)
        assert sum(s.points for s in final) == 3 * 3 * 2
    finally:
        await db.dispose()


@pytest.mark.slow  # child processes killed at several commits of a round: a soak run
async def test_a_swiss_event_survives_a_kill_in_round_two(tmp_path: Path) -> None:
    tried, killed = await kill_and_restart(
        "sqlite",
        tmp_path,
        "tournament",
        lambda url, kill_at: child(tmp_path, url, kill_at),
        points,
        finish_after_restart,
    )
    assert tried and killed == len(tried)
