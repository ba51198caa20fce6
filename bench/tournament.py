"""A Swiss tournament of AI tables on one process, through the service (no
Discord): ``python -m bench.tournament`` runs 64 teams over 6 rounds (32 tables a
round), ``--quick`` 8 teams over 2 rounds. Every seat is a no-show, so AI seats
take over after the grace time (as in the tests); a fake clock jumps to each next
timer, so the wall time is the bot's own work (engine, AI, storage), not waiting.

It prints the wall time, the hands and tables played, and the database writes
per table (INSERT/UPDATE/DELETE statements, and the transactions holding them,
counted on every SQLite connection of the process; a temporary SQLite file).
Discord REST calls are not measured here (no front end runs); the event's final
state is checked (every table done, a full standings).
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

from bot.service import FakeClock, TableOptions, TableService
from rules.presets import preset
from storage import Database

GUILD = 1_150_000_000_000_000_777
DIRECTOR = 1_170_000_000_000_009_999
PACE = TableOptions(
    turn_seconds=0,
    deal_seconds=0,
    deal_steps=1,
    declare_seconds=15,
    bury_seconds=90,
    ai_delay=0,
    next_hand_seconds=0,
)


class Writes:
    """Write statements and write transactions on every SQLite connection of the
    process, seen by sqlite3's trace callback: it also sees the hot path's plain
    cursor statements (``storage.sqlite_hot``), which SQLAlchemy's events miss."""

    def __init__(self) -> None:
        self.statements = 0
        self.transactions = 0
        self._dirty: set[int] = set()  # connections with a write since their BEGIN

    def on_connect(self, dbapi_conn: Any, record: Any) -> None:
        raw = getattr(dbapi_conn, "driver_connection", dbapi_conn)
        raw = getattr(raw, "_conn", raw)  # aiosqlite's connection wraps a sqlite3 one
        if isinstance(raw, sqlite3.Connection):
            key = id(raw)
            raw.set_trace_callback(lambda sql: self._seen(key, sql))

    def _seen(self, key: int, sql: str) -> None:
        word = sql.lstrip()[:6].upper()
        if word in ("INSERT", "UPDATE", "DELETE"):
            self.statements += 1
            self._dirty.add(key)
        elif word == "COMMIT" and key in self._dirty:
            self.transactions += 1
            self._dirty.discard(key)
        elif word.startswith("ROLLBA"):
            self._dirty.discard(key)

    def __enter__(self) -> Writes:
        event.listen(Engine, "connect", self.on_connect)
        return self

    def __exit__(self, *exc: object) -> None:
        event.remove(Engine, "connect", self.on_connect)


async def run(w: Writes, url: str, teams: int, rounds: int, hands: int) -> dict[str, Any]:
    db = Database(url)
    await db.upgrade()
    clock = FakeClock()
    svc = TableService(db, clock=clock, defaults=PACE, seed_source=lambda: "bench")
    t = svc.tournaments
    ev = await t.new_event(
        guild_id=GUILD,
        director_id=DIRECTOR,
        name="bench",
        format="swiss",
        rounds=rounds,
        hands=hands,
        rules=preset("one-deck"),
        grace_seconds=10,
    )
    for i in range(teams):
        a, b = 1_170_000_000_000_100_000 + 2 * i, 1_170_000_000_000_100_001 + 2 * i
        await t.join(ev.id, a, b, name=f"A{i}", partner_name=f"B{i}")
        await t.check_in(ev.id, a)
    steps = 0
    before = (w.statements, w.transactions)  # registration is not counted
    start = time.perf_counter()
    await t.start(ev.id, DIRECTOR)
    while (await t.events.event(ev.id)).status != "finished":
        await svc.tick()
        deadline = svc.automation.next_deadline()
        step = 5.0
        if deadline is not None:
            step = min(step, max(0.0, (deadline - clock.now()).total_seconds()))
        clock.advance(step or 0.01)
        steps += 1
    wall = time.perf_counter() - start
    statements, transactions = w.statements - before[0], w.transactions - before[1]
    tables = [p for p in await t.store.pairings(ev.id) if p.table_id is not None]
    played = sum(p.hands for p in tables)
    assert all(p.status == "done" for p in tables), "a table was left open"
    assert len(await t.store.rounds(ev.id)) == rounds
    assert len(await t.events.standings(ev.id)) == teams
    await db.dispose()
    return {
        "wall": wall,
        "tables": len(tables),
        "hands": played,
        "statements": statements,
        "transactions": transactions,
        "ticks": steps,
    }


async def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.tournament")
    ap.add_argument("--quick", action="store_true", help="8 teams, 2 rounds")
    ap.add_argument("--teams", type=int)
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--hands", type=int, default=2, help="hands per table per round")
    args = ap.parse_args(argv)
    teams = args.teams or (8 if args.quick else 64)
    rounds = args.rounds or (2 if args.quick else 6)
    with tempfile.TemporaryDirectory() as tmp, Writes() as w:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'tournament.db'}"
        r = await run(w, url, teams, rounds, args.hands)
    n = r["tables"]
    print(f"swiss: {teams} teams, {rounds} rounds, {args.hands} hands per table (a SQLite file)")
    print(f"wall time {r['wall']:.1f} s, {r['tables']} tables, {r['hands']} hands played")
    print(
        f"per table: {r['wall'] / n:.2f} s, {r['hands'] / n:.1f} hands, "
        f"{r['statements'] / n:.0f} DB write statements in "
        f"{r['transactions'] / n:.0f} write transactions"
    )
    print("Discord REST calls: not measured (no front end runs in this bench)")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
