"""Several bot processes on one database (PostgreSQL, and SQLite where it applies):
each owns the tables of its shards and fires only their timers; any of them may
act on any table, always on a current copy. Real processes (tests/support/shard_worker.py).

- two shards, each running its tables; moves reach either process;
- contention: every move is sent to both processes at once;
- a rolling restart: the owner stops, another process acts meanwhile, a new owner
  takes the tables over (and briefly overlaps with a second one).

No lost update (every accepted move is stored), no duplicate (the log is gap-free
and replays to the owner's state), no starvation (both processes get moves
through), and every refusal is a clear message.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from rules.game import replay
from storage import Database, Store
from storage.models import MatchRow
from tests.support.database import empty_database_url

ROOT = Path(__file__).resolve().parents[2]
GUILD0, GUILD1 = 10 << 22, 11 << 22  # shard 0 and shard 1 of 2
REFUSALS = {"not_your_turn", "not_held", "duplicate", "busy", "already_passed", "wrong_phase"}


class Worker:
    """One bot process; ``ask`` sends one op and waits for its answer."""

    def __init__(self, proc: asyncio.subprocess.Process, restored: int) -> None:
        self.proc = proc
        self.restored = restored
        self.lock = asyncio.Lock()

    @classmethod
    async def start(cls, url: str, shard_ids: str) -> Worker:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_URL": url}
        env.update(SHARD_COUNT="2", SHARD_IDS=shard_ids)
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            str(ROOT / "tests" / "support" / "shard_worker.py"),
            cwd=ROOT,
            env=env,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        worker = cls(proc, 0)
        worker.restored = (await worker._read())["restored"]
        return worker

    async def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), 60)
        assert line, "the worker died"
        out: dict[str, Any] = json.loads(line)
        return out

    async def ask(self, **cmd: Any) -> dict[str, Any]:
        async with self.lock:
            assert self.proc.stdin is not None
            self.proc.stdin.write((json.dumps(cmd) + "\n").encode())
            await self.proc.stdin.drain()
            return await self._read()

    async def stop(self) -> None:
        if self.proc.returncode is None:
            assert self.proc.stdin is not None
            self.proc.stdin.write(b'{"op": "quit"}\n')
            await self.proc.stdin.drain()
            await asyncio.wait_for(self.proc.wait(), 60)


async def _url(backend: str, tmp_path: Path) -> str:
    url = await empty_database_url(backend, tmp_path, "shared.db")
    if backend != "sqlite":  # migrated here, not by the processes racing to start
        db = Database(url)
        await db.upgrade()
        await db.dispose()
    return url


def clear(answer: dict[str, Any]) -> None:
    """A refusal a player can read (and one that a current copy would give)."""
    assert answer["code"] in REFUSALS, answer
    msg = answer["msg"]
    assert msg and "{" not in msg and "Traceback" not in msg, answer


async def consistent(url: str, table_id: int, accepted: list[str]) -> int:
    """Gap-free log, every accepted key stored once, the stored state replays."""
    db = Database(url)
    try:
        store = Store(db)
        t = await store.get_table(table_id)
        assert t.current_match_id is not None
        actions = await store.match_actions(t.current_match_id)
        assert len(actions) == t.seq == await store.action_count(table_id)
        for key in accepted:
            assert await store.find_action(table_id, key) is not None, key
        m = await store.load_match(table_id)
        assert m is not None
        # from the match's first seed (later hands' come from its secret)
        async with db.session() as s:
            first = await s.scalar(select(MatchRow.seed).where(MatchRow.id == t.current_match_id))
        assert first is not None
        assert replay(t.rules, first, actions, secret=m.secret).to_dict() == m.to_dict()
        return len(actions)
    finally:
        await db.dispose()


async def drive(
    owners: list[Worker], senders: list[Worker], ch: int, until: str, log: list[str]
) -> dict[int, int]:
    """Moves for ``ch`` through random ``senders`` until the phase ``until``;
    owners tick when no human can move. Returns accepted moves per sender."""
    got = {id(w): 0 for w in senders}
    for i in range(3000):
        phase = (await senders[0].ask(op="phase", ch=ch))["phase"]
        if phase == until:
            return got
        w = random.choice(senders)
        key = f"{ch}-{i}-{id(w)}"
        answer = await w.ask(op="move", ch=ch, key=key)
        if answer["ok"]:
            got[id(w)] += 1
            log.append(key)
            continue
        assert answer["code"] == "no_human_move", answer  # a current copy never refuses
        await asyncio.sleep(0.03)  # the AI's delay
        for owner in owners:
            await owner.ask(op="tick")
    raise AssertionError("the table did not get there")


@pytest.mark.slow  # real processes on one database: a soak run
@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_two_shards_run_their_tables(backend: str, tmp_path: Path) -> None:
    url = await _url(backend, tmp_path)
    a, b = await Worker.start(url, "0"), await Worker.start(url, "1")
    try:
        ta = (await a.ask(op="create", ch=1, guild=GUILD0, humans=[101, 102]))["table"]
        tb = (await b.ask(op="create", ch=2, guild=GUILD1, humans=[201, 202, 203, 204]))["table"]
        assert (await a.ask(op="ids"))["owned"] == [ta]
        assert (await b.ask(op="ids"))["owned"] == [tb]
        # Table 1 has AI seats with timers: only its owner fires them (b's tick
        # fires nothing: its own table is all humans with every timer off).
        keys_a: list[str] = []
        keys_b: list[str] = []
        task_a = drive([a], [a, b], 1, "scored", keys_a)
        task_b = drive([b], [b, a], 2, "scored", keys_b)
        got_a, got_b = await asyncio.gather(task_a, task_b)
        assert all(n > 0 for n in got_a.values()) and all(n > 0 for n in got_b.values())
        assert (await b.ask(op="tick"))["fired"] == 0
        await consistent(url, ta, keys_a)
        await consistent(url, tb, keys_b)
        # b acted on table 1 but never took it over.
        assert ta not in (await b.ask(op="ids"))["owned"]
    finally:
        await a.stop()
        await b.stop()


@pytest.mark.slow  # real processes on one database: a soak run
@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_contention_on_one_table(backend: str, tmp_path: Path) -> None:
    url = await _url(backend, tmp_path)
    a, b = await Worker.start(url, "0"), await Worker.start(url, "1")
    try:
        table = (await a.ask(op="create", ch=3, guild=GUILD0, humans=[301, 302, 303, 304]))["table"]
        accepted: list[str] = []
        wins = {"a": 0, "b": 0}
        refusals = 0
        for i in range(400):
            if (await a.ask(op="phase", ch=3))["phase"] == "scored":
                break
            # The same click reaching both processes at once (two keys: two clicks).
            ra, rb = await asyncio.gather(
                a.ask(op="move", ch=3, key=f"a{i}"), b.ask(op="move", ch=3, key=f"b{i}")
            )
            for name, answer in (("a", ra), ("b", rb)):
                if answer["ok"]:
                    wins[name] += 1
                    accepted.append(f"{name}{i}")
                elif answer["code"] != "no_human_move":
                    clear(answer)
                    refusals += 1
        else:
            raise AssertionError("the hand did not end")
        assert wins["a"] > 0 and wins["b"] > 0, wins  # nobody starves
        assert refusals > 0
        stored = await consistent(url, table, accepted)
        assert stored >= len(accepted)
    finally:
        await a.stop()
        await b.stop()


@pytest.mark.slow  # real processes on one database: a soak run
@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_rolling_restart_hands_tables_over(backend: str, tmp_path: Path) -> None:
    url = await _url(backend, tmp_path)
    a, b = await Worker.start(url, "0"), await Worker.start(url, "1")
    a2 = a3 = None
    try:
        table = (await a.ask(op="create", ch=4, guild=GUILD0, humans=[401, 402]))["table"]
        keys: list[str] = []
        for i in range(6):
            answer = await a.ask(op="move", ch=4, key=f"pre{i}")
            if answer["ok"]:
                keys.append(f"pre{i}")
            else:
                await asyncio.sleep(0.03)
                await a.ask(op="tick")
        await a.stop()  # the owner goes away for its upgrade
        # Meanwhile a player's move reaches the other process (a DM button).
        for i in range(10):
            answer = await b.ask(op="move", ch=4, key=f"mid{i}")
            if answer["ok"]:
                keys.append(f"mid{i}")
                break
            assert answer["code"] == "no_human_move", answer
            assert (await b.ask(op="tick"))["fired"] == 0  # not b's timer to fire
            await asyncio.sleep(0.03)
        a2 = await Worker.start(url, "0")
        assert a2.restored == 1 and (await a2.ask(op="ids"))["owned"] == [table]
        a3 = await Worker.start(url, "0")  # overlapping: both own shard 0 for a while
        await drive([a2, a3], [a2, a3, b], 4, "scored", keys)
        await consistent(url, table, keys)
    finally:
        for w in (a, b, a2, a3):
            if w is not None:
                await w.stop()


async def test_dm_status_of_another_shards_table_is_current(sqlite_db: Database) -> None:
    """A DM button reaches shard 0 for a table of shard 1: the answer is current."""
    from bot.service import FakeClock, Shards
    from tests.support.service_helpers import new_service

    owner = new_service(sqlite_db, FakeClock())
    owner.core.shards = Shards(2, frozenset({1}))
    dm = new_service(sqlite_db, FakeClock())
    dm.core.shards = Shards(2, frozenset({0}))
    st = await owner.lifecycle.create_table(
        guild_id=GUILD1, channel_id=5, creator_id=1, creator_name="A"
    )
    seen = await dm.queries.status_for_table(st.table.id)
    assert seen is not None and seen.table.seats[1].empty
    await owner.lifecycle.join(5, 2, "B")
    seen = await dm.queries.status_for_table(st.table.id)
    assert seen is not None and seen.table.seats[1].user_id == 2
    await owner.lifecycle.end_table(5, 1)
    assert await dm.queries.status_for_table(st.table.id) is None
