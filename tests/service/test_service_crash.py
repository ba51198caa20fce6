"""SIGKILL between the steps of every multi-step change (create, start, the AI
taking over a leaver's seat, the end of a hand and the next-hand timer, the next
hand): a restarted service finds every table playable — in play always with its
timer — and the game goes on."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest

from bot.service import FakeClock, ServiceError
from rules.game import Match
from storage import Database, Store
from tests.support.processes import SLOW, kill_and_restart, run_script
from tests.support.service_helpers import new_service, play_on

CH, ANN, BOB = 10, 101, 102

# The child runs a table through the service and SIGKILLs itself at the first
# statement after its KILL_AT-th commit (0: never). Before each step it prints
# "step <name> <commits so far>", and at the end "done <commits>".
CHILD = r"""
import asyncio, os, signal, sys
from sqlalchemy import event
from sqlalchemy.engine import Engine
from bot.service import FakeClock
from storage import Database
from tests.support.service_helpers import new_service, play_on

url, kill_at = sys.argv[1], int(sys.argv[2])
CH, ANN, BOB = 10, 101, 102
commits = 0

@event.listens_for(Engine, "commit")
def _commit(_conn):
    global commits
    commits += 1

@event.listens_for(Engine, "before_cursor_execute")
def _before(*_args):
    if kill_at and commits >= kill_at:
        os.kill(os.getpid(), signal.SIGKILL)

# PostgreSQL's hot path sends one autocommitted statement straight to asyncpg
# (storage.pg_hot): each is a commit too.
_fetchrow = Database.fetchrow

async def _counted(self, sql, args):
    global commits
    _before()
    result = await _fetchrow(self, sql, args)
    commits += 1
    return result

Database.fetchrow = _counted

# SQLite's hot path runs its statements on the plain sqlite3 cursor
# (storage.sqlite_hot), which SQLAlchemy's events do not see.
from storage import sqlite_hot

def _checked(fn):
    def run(*args, **kwargs):
        _before()
        return fn(*args, **kwargs)
    return run

for _name in ("bump", "insert_action", "snapshot_seq", "update_match"):
    setattr(sqlite_hot, _name, _checked(getattr(sqlite_hot, _name)))

def step(name):
    print(f"step {name} {commits}", flush=True)

async def main():
    db = Database(url)
    await db.upgrade()
    clock = FakeClock()
    svc = new_service(db, clock, turn_seconds=30, next_hand_seconds=5)
    step("create")
    st = await svc.lifecycle.create_table(
        guild_id=1, channel_id=CH, creator_id=ANN, creator_name="Ann"
    )
    step("join")
    await svc.lifecycle.join(CH, BOB, "Bob")
    await svc.lifecycle.add_ai(CH, ANN)
    await svc.lifecycle.add_ai(CH, ANN)
    step("start")
    await svc.lifecycle.start_game(CH, ANN)
    step("leave")
    await svc.lifecycle.leave(CH, BOB)
    step("hand")
    tid = st.table.id
    await play_on(svc, clock, tid, CH, lambda m: m.phase == "scored")
    step("next")
    await play_on(svc, clock, tid, CH, lambda m: m.hand_no == 2 and m.phase == "playing")
    await db.dispose()
    print(f"done {commits}", flush=True)

asyncio.run(main())
"""


async def _restart_and_play(url: str) -> None:
    """A new process on what the killed one left: every table plays on."""
    db = Database(url)
    try:
        await db.upgrade()
        clock = FakeClock()
        svc = new_service(db, clock, turn_seconds=30, next_hand_seconds=5)
        await svc.start()
        try:
            st = await svc.queries.status(CH)
        except ServiceError as exc:
            assert exc.code == "no_table"  # killed before the table was stored
            return
        tid = st.table.id
        if st.table.status == "lobby":
            assert st.table.seat_of(ANN) == 0  # a table is never stored without its creator
            for seat in st.table.seats:
                if seat.empty:
                    await svc.lifecycle.add_ai(CH, ANN)
            await svc.lifecycle.start_game(CH, ANN)
        # play_on fails on a table in play that waits with no timer and no move.
        await play_on(svc, clock, tid, CH, lambda m: m.hand_no >= 2 and m.phase == "playing")
    finally:
        await db.dispose()


def _kill_points(stdout: str) -> set[int]:
    steps = {w[-2]: int(w[-1]) for w in (line.split() for line in stdout.splitlines())}
    total = steps["done"]
    # Right after the first commit of each multi-step change, plus random points.
    points = {steps[name] + 1 for name in ("create", "start", "leave")}
    points |= {steps["next"], steps["next"] + 1}
    points = {p for p in points if p < total}
    rest = sorted(set(range(1, total)) - points)
    return points | set(rest if SLOW else random.Random().sample(rest, 4))


@pytest.mark.slow  # a child process killed at every step of a hand
@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_kill_between_steps_then_restart(backend: str, tmp_path: Path) -> None:
    def child(url: str, kill_at: int) -> subprocess.CompletedProcess[str]:
        return run_script(tmp_path, "service_child.py", CHILD, url, str(kill_at), timeout=300)

    # (SQLite's group commit may merge two commits of one run: a late point can
    # then lie past the end; the start after it is checked all the same.)
    points, killed = await kill_and_restart(
        backend, tmp_path, "service", child, _kill_points, _restart_and_play
    )
    assert killed >= len(points) - 1


async def test_table_in_play_without_timer_gets_it_back(sqlite_db: Database) -> None:
    """What an older version could leave behind: a started match, no timer."""
    store = Store(sqlite_db)
    clock = FakeClock()
    svc = new_service(sqlite_db, clock, turn_seconds=30)
    st = await svc.lifecycle.create_table(
        guild_id=1, channel_id=CH, creator_id=ANN, creator_name="Ann"
    )
    for _ in range(3):
        await svc.lifecycle.add_ai(CH, ANN)
    t = await store.get_table(st.table.id)
    await store.start_match(t.id, t.version, Match(t.rules, "old-crash"))
    t = await store.get_table(t.id)
    assert t.status == "playing" and t.deadline_at is None

    again = new_service(sqlite_db, clock, turn_seconds=30)
    assert await again.start() == 1
    t = await store.get_table(t.id)
    assert t.deadline_kind == "deal" and t.deadline_at is not None
    await play_on(again, clock, t.id, CH, lambda m: m.phase == "scored")
