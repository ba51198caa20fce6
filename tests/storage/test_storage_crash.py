"""Crashes and outages: a writer killed with SIGKILL mid-hand, a database that
cannot be reached, and a SQLite database that runs out of space."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, select

from rules.game import Match, replay
from rules.presets import preset
from rules.scripted import next_scripted
from storage import (
    Database,
    SeatInfo,
    Stats,
    StorageFull,
    StorageUnavailable,
    Store,
    TableInfo,
)
from storage.models import ActionRow, Base
from tests.support.processes import ROOT, child_env

CLASSIC = preset("classic")
SEED = "crash-seed"
USERS = (1_170_000_000_000_000_001, 1_170_000_000_000_000_002)

# The child: create a table, play through Store and report each committed sequence
# number on its own flushed line. It never stops by itself before the match ends.
CHILD = r"""
import asyncio
import sys

from rules.game import Match
from rules.presets import preset
from rules.scripted import next_scripted
from storage import Database, SeatInfo, Store


async def main(url, seed, users):
    db = Database(url)
    await db.upgrade()
    store = Store(db)
    t = await store.create_table(
        guild_id=7, channel_id=8, creator_id=users[0], rules=preset("classic")
    )
    t = await store.update_table(t.id, t.version, seats=[
        SeatInfo(0, users[0], None, "north"),
        SeatInfo(1, None, "basic", "AI east"),
        SeatInfo(2, users[1], None, "south"),
        SeatInfo(3, None, "basic", "AI west"),
    ])
    match = Match(t.rules, seed)
    t = await store.start_match(t.id, t.version, match)
    print(f"table {t.id} match {t.current_match_id}", flush=True)
    while match.phase != "finished":
        action = next_scripted(match)
        match.apply(action)
        seat = getattr(action, "seat", None)
        actor = None if seat is None else t.seats[seat].user_id
        receipt = await store.record_action(
            t, action, match, actor_id=actor, idempotency_key=f"child-{t.seq + 1}"
        )
        print(f"committed {receipt.seq}", flush=True)
        t = await store.get_table(t.id)


asyncio.run(main(sys.argv[1], sys.argv[2], [int(x) for x in sys.argv[3:]]))
"""

KILL_AFTER = 72  # past the first snapshot (64); hand 1 is 133 actions long with this driver


async def record_next(store: Store, t: TableInfo, match: Match, key: str) -> TableInfo:
    action = next_scripted(match)
    match.apply(action)
    seat = getattr(action, "seat", None)
    actor = None if seat is None else t.seats[seat].user_id
    receipt = await store.record_action(t, action, match, actor_id=actor, idempotency_key=key)
    assert receipt.seq == t.seq + 1
    return await store.get_table(t.id)


async def test_sigkill_mid_hand_then_resume(tmp_path: Path) -> None:
    path = tmp_path / "crash.db"
    url = f"sqlite+aiosqlite:///{path}"
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    stderr_path = tmp_path / "child.stderr"
    with stderr_path.open("wb") as stderr:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            str(script),
            url,
            SEED,
            *map(str, USERS),
            cwd=ROOT,
            env=child_env(),
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
        )
    assert proc.stdout is not None
    reported: list[int] = []
    ids: dict[str, int] = {}
    try:
        while not reported or reported[-1] < KILL_AFTER:
            line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
            assert line, f"the child died early: {stderr_path.read_text()}"
            words = line.split()
            if words[0] == "table":
                ids = {"table": int(words[1]), "match": int(words[3])}
            else:
                assert words[0] == "committed"
                reported.append(int(words[1]))
        # A few milliseconds more: the child is most likely inside its next write.
        await asyncio.sleep(0.004)
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)  # no clean-up, no atexit handlers
        rest = await asyncio.wait_for(proc.stdout.read(), 30)
        await asyncio.wait_for(proc.wait(), 30)
    assert proc.returncode == -signal.SIGKILL
    # Lines already in the pipe were committed before the kill too.
    reported += [int(w.split()[1]) for w in rest.decode().splitlines() if w.startswith("committed")]
    assert reported == list(range(1, len(reported) + 1))

    # The restart: a new engine on the file left behind.
    db = Database(url)
    try:
        await db.upgrade()  # every start runs it; it must cope with a crashed file
        store = Store(db)
        t = await store.get_table(ids["table"])
        assert t.current_match_id == ids["match"]
        assert t.status == "playing"
        stored = await store.match_actions(ids["match"])
        assert len(stored) == t.seq >= reported[-1]
        async with db.session() as s:
            seqs = list(
                (
                    await s.scalars(
                        select(ActionRow.seq)
                        .where(ActionRow.table_id == t.id)
                        .order_by(ActionRow.seq)
                    )
                ).all()
            )
        assert seqs == list(range(1, t.seq + 1))

        # What the child would have done: the same actions from the same seed.
        expected = Match(CLASSIC, SEED)
        for action in stored:
            assert action == next_scripted(expected)
            expected.apply(action)
        match = await store.load_match(t.id)
        assert match is not None
        assert match.to_dict() == replay(CLASSIC, SEED, stored).to_dict() == expected.to_dict()
        assert match.hand_no == 1 and match.phase == "playing"  # killed mid-hand
        info = await store.match_info(ids["match"])
        assert info is not None and 0 < info.snapshot_seq <= t.seq  # snapshot + replay

        # The game goes on from the restored state to the end of the hand.
        while match.phase not in ("scored", "finished"):
            t = await record_next(store, t, match, f"resumed-{t.seq + 1}")
            assert (await store.load_match(t.id)).to_dict() == match.to_dict()  # type: ignore[union-attr]
        assert match.phase == "scored"
        assert len(match.history) == 1
        assert len(await Stats(db).level_progress(ids["match"])) == 1
        all_actions = await store.match_actions(ids["match"])
        assert replay(CLASSIC, SEED, all_actions).to_dict() == match.to_dict()
        for user in USERS:
            assert (await Stats(db).player(user)).hands_played == 1
    finally:
        await db.dispose()


# ---- outages -------------------------------------------------------------------------------------


async def test_unreachable_postgres_is_storage_unavailable() -> None:
    # Nothing listens on loopback port 1: the connection is refused at once.
    db = Database("postgresql+asyncpg://postgres@127.0.0.1:1/shengji")
    try:
        with pytest.raises(StorageUnavailable) as exc:
            await asyncio.wait_for(db.upgrade(), 30)
        message = str(exc.value)
        assert exc.value.code == "storage_unavailable"
        assert "cannot be reached" in message and "try again" in message
        assert "Traceback" not in message and "[SQL" not in message

        store = Store(db)
        with pytest.raises(StorageUnavailable):
            await asyncio.wait_for(store.get_table(1), 30)
        with pytest.raises(StorageUnavailable):
            await asyncio.wait_for(
                store.create_table(guild_id=1, channel_id=2, creator_id=3, rules=CLASSIC), 30
            )
    finally:
        await db.dispose()


async def _dump(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table: to prove a failed write left nothing behind."""
    out = {}
    async with db.session() as s:
        for name, table in Base.metadata.tables.items():
            rows = (await s.execute(select(table).order_by(*table.primary_key.columns))).all()
            out[name] = [tuple(r) for r in rows]
    return out


async def test_sqlite_full_leaves_nothing_half_written(sqlite_db: Database) -> None:
    store = Store(sqlite_db)
    t = await store.create_table(guild_id=7, channel_id=8, creator_id=USERS[0], rules=CLASSIC)
    t = await store.update_table(
        t.id,
        t.version,
        seats=[
            SeatInfo(0, USERS[0], None, "north"),
            SeatInfo(1, None, "basic", "AI"),
            SeatInfo(2, USERS[1], None, "south"),
            SeatInfo(3, None, "basic", "AI"),
        ],
    )
    match = Match(CLASSIC, SEED)
    t = await store.start_match(t.id, t.version, match)
    # Up to the last play of hand 1: the next write is the biggest one (action,
    # table, snapshot, hand record and one row per player).
    while True:
        probe = match.copy()
        probe.apply(next_scripted(probe))
        if probe.phase == "scored":
            break
        t = await record_next(store, t, match, f"k{t.seq + 1}")

    # The host's disk: this engine may not grow the file past its current size.
    # (With SQLite 3 as shipped today the very first capped write, the hand-ending
    # play, is the one that fails; the loop only guards against other page layouts.)
    capped = Database(sqlite_db.url)

    @event.listens_for(capped.engine.sync_engine, "connect")
    def _cap(dbapi_conn: Any, _record: Any) -> None:
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA page_count")
        (pages,) = cur.fetchone()
        cur.execute(f"PRAGMA max_page_count = {pages}")
        cur.close()

    full_store = Store(capped)
    try:
        for _ in range(300):
            before = await _dump(sqlite_db)
            state = await store.load_match(t.id)
            assert state is not None
            after = match.copy()
            action = next_scripted(after)
            after.apply(action)
            key = f"k{t.seq + 1}"
            try:
                await full_store.record_action(t, action, after, idempotency_key=key)
            except StorageFull as exc:
                error = exc
                break
            match = after
            t = await store.get_table(t.id)
        else:
            pytest.fail("the capped database never filled up")

        assert error.code == "storage_full"
        assert "full" in str(error) and "nothing was changed" in str(error)
        assert await _dump(sqlite_db) == before
        now = await store.get_table(t.id)
        assert (now.version, now.seq) == (t.version, t.seq)
        assert await store.action_count(t.id) == t.seq
        assert await store.find_action(t.id, key) is None
        reloaded = await store.load_match(t.id)
        assert reloaded is not None and reloaded.to_dict() == state.to_dict() == match.to_dict()
        # Reads still work on the full database.
        assert await full_store.get_table(t.id) == t
    finally:
        await capped.dispose()

    # Once there is room again, the very same action goes through.
    receipt = await store.record_action(t, action, after, idempotency_key=key)
    assert receipt.seq == t.seq + 1
    assert (await store.load_match(t.id)).to_dict() == after.to_dict()  # type: ignore[union-attr]
