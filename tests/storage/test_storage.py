"""The storage layer on real databases: migrations, tables, the action log,
optimistic concurrency, statistics and guild settings.

Every test that takes the ``db`` fixture runs twice: on a real SQLite file and on
a real PostgreSQL server (that parameter skips, with its reason, when
TEST_POSTGRES_URL is not set).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import MetaData, inspect, select, text
from sqlalchemy.engine import Connection

from bot.pictures.samples import progress_of
from rules.actions import DealCards, NextHand
from rules.errors import RuleError
from rules.game import Match, replay
from rules.presets import preset
from rules.ruleset import RuleSet
from rules.scoring import team_of
from rules.scripted import next_scripted
from storage import (
    ActionReceipt,
    Database,
    DuplicateAction,
    GuildSettings,
    PlayerStats,
    SeatInfo,
    Settings,
    StaleVersion,
    Stats,
    Store,
    TableExists,
    TableInfo,
    TableLocks,
    TableNotFound,
)
from storage.db import alembic_config
from storage.models import ActionRow, Base, HandPlayerRow, HandRow
from storage.tables import SNAPSHOT_EVERY
from tests.support.storage_game import SHORT, Game

ROOT = Path(__file__).resolve().parents[2]

# Discord snowflakes are 64-bit: every id below overflows a 32-bit column.
GUILD_A = 1_150_000_000_000_000_001
GUILD_B = 1_150_000_000_000_000_002
CHANNEL = 1_160_000_000_000_000_001
U1, U2, U3, U4 = (1_170_000_000_000_000_000 + i for i in range(1, 5))

CLASSIC = preset("classic")


# ---- a scripted player ------------------------------------------------------------------


def seats_for(users: Sequence[int | None]) -> list[SeatInfo]:
    """Seat i is the user ``users[i]``, or an AI where it is None."""
    return [
        SeatInfo(i, u, None, f"player {i}")
        if u is not None
        else SeatInfo(i, None, "basic", f"AI {i}")
        for i, u in enumerate(users)
    ]


async def start_game(
    store: Store,
    *,
    channel: int = CHANNEL,
    guild: int | None = GUILD_A,
    users: Sequence[int | None] = (U1, None, None, None),
    rules: RuleSet = CLASSIC,
    seed: str = "seed",
    declare: bool = False,
) -> Game:
    creator = next((u for u in users if u is not None), U1)
    t = await store.create_table(
        guild_id=guild, channel_id=channel, creator_id=creator, rules=rules
    )
    t = await store.update_table(t.id, t.version, seats=seats_for(users))
    match = Match(t.rules, seed)
    t = await store.start_match(t.id, t.version, match)
    return Game(store, t, match, declare)


async def loaded(store: Store, table_id: int) -> dict[str, Any]:
    match = await store.load_match(table_id)
    assert match is not None
    return match.to_dict()


# ---- migrations ---------------------------------------------------------------------------


def _schema_diff(conn: Connection) -> list[Any]:
    ctx = MigrationContext.configure(conn, opts={"compare_type": True})
    return list(compare_metadata(ctx, Base.metadata))


def _table_names(conn: Connection) -> set[str]:
    return set(inspect(conn).get_table_names())


def _head() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


async def _schema_state(db: Database) -> tuple[set[str], list[str], list[Any]]:
    async with db.engine.connect() as conn:
        names = await conn.run_sync(_table_names)
        versions = list(
            (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalars()
        )
        diff = await conn.run_sync(_schema_diff)
    return names, versions, diff


async def test_migration_from_empty_database_matches_models(db: Database) -> None:
    # Start from a truly empty database (the fixture has already migrated it).
    async with db.engine.begin() as conn:
        meta = MetaData()
        await conn.run_sync(meta.reflect)
        await conn.run_sync(meta.drop_all)
        assert await conn.run_sync(_table_names) == set()

    await db.upgrade()
    names, versions, diff = await _schema_state(db)
    assert names == set(Base.metadata.tables) | {"alembic_version"}
    assert versions == [_head()]
    assert diff == [], f"migration and models differ: {diff}"

    # Upgrading again (every start of the bot does) changes nothing and keeps data.
    store = Store(db)
    t = await store.create_table(guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U1, rules=CLASSIC)
    await db.upgrade()
    assert await _schema_state(db) == (names, versions, [])
    assert await store.get_table(t.id) == t


def test_upgrade_command_line(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'cli' / 'bot.db'}"
    env = {**os.environ, "DATABASE_URL": url, "PYTHONPATH": str(ROOT)}
    for _ in range(2):  # the second run is a no-op
        done = subprocess.run(
            [sys.executable, "-m", "storage", "upgrade"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert "schema is up to date" in done.stdout

    async def check() -> None:
        db = Database(url)
        try:
            _names, versions, diff = await _schema_state(db)
            assert versions == [_head()]
            assert diff == []
        finally:
            await db.dispose()

    asyncio.run(check())


# ---- table lifecycle -----------------------------------------------------------------------


async def test_create_table_and_one_active_table_per_channel(db: Database) -> None:
    store = Store(db)
    t = await store.create_table(
        guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U1, rules=CLASSIC, options={"timer": 45}
    )
    assert (t.status, t.version, t.seq, t.current_match_id) == ("lobby", 0, 0, None)
    assert (t.guild_id, t.channel_id, t.creator_id, t.parent_channel_id) == (
        GUILD_A,
        CHANNEL,
        U1,
        None,
    )
    assert t.rules == CLASSIC
    assert t.options == {"timer": 45}
    assert t.seats == tuple(SeatInfo(i) for i in range(4))
    assert all(s.empty for s in t.seats)
    assert (t.deadline_at, t.deadline_kind) == (None, None)

    with pytest.raises(TableExists) as exc:
        await store.create_table(guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U2, rules=SHORT)
    assert exc.value.channel_id == CHANNEL
    assert exc.value.code == "table_exists"

    # A thread is its own channel; a DM table has no guild.
    thread = await store.create_table(
        guild_id=GUILD_A,
        channel_id=CHANNEL + 1,
        parent_channel_id=CHANNEL,
        creator_id=U2,
        rules=SHORT,
    )
    assert thread.parent_channel_id == CHANNEL
    assert thread.rules == SHORT
    dm = await store.create_table(
        guild_id=None, channel_id=CHANNEL + 2, creator_id=U3, rules=CLASSIC
    )
    assert dm.guild_id is None

    assert await store.table_in_channel(CHANNEL) == t
    assert await store.table_in_channel(CHANNEL + 1) == thread
    assert await store.table_in_channel(CHANNEL + 99) is None
    assert [x.id for x in await store.active_tables()] == [t.id, thread.id, dm.id]

    with pytest.raises(TableNotFound):
        await store.get_table(t.id + 1000)
    with pytest.raises(TableNotFound):
        await store.update_table(t.id + 1000, 0, status="playing")


async def test_concurrent_create_in_one_channel(db: Database) -> None:
    """Two processes creating a table in the same channel at once: one wins."""
    other = Database(db.url)
    try:
        results = await asyncio.gather(
            Store(db).create_table(
                guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U1, rules=CLASSIC
            ),
            Store(other).create_table(
                guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U2, rules=CLASSIC
            ),
            return_exceptions=True,
        )
    finally:
        await other.dispose()
    created = [r for r in results if isinstance(r, TableInfo)]
    refused = [r for r in results if isinstance(r, TableExists)]
    assert len(created) == 1 and len(refused) == 1, results
    assert [x.id for x in await Store(db).active_tables()] == [created[0].id]


async def test_seats_set_changed_and_cleared(db: Database) -> None:
    store = Store(db)
    t = await store.create_table(guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U1, rules=CLASSIC)
    seats = [
        SeatInfo(0, U1, None, "Alice", "en-GB"),
        SeatInfo(1, None, "basic", "AI East"),
        SeatInfo(2, U2, None, "张伟", "zh-CN"),
        SeatInfo(3, U3, None, "Carol"),
    ]
    t1 = await store.update_table(t.id, t.version, seats=seats)
    assert t1.version == t.version + 1
    assert t1.seats == tuple(seats)
    assert t1.seat_of(U2) == 2
    assert t1.seat_of(U4) is None
    assert t1.seats[1].is_ai and not t1.seats[0].is_ai
    assert await store.get_table(t.id) == t1

    # Writing with the TableInfo from before the change is refused, and changes nothing.
    with pytest.raises(StaleVersion) as exc:
        await store.update_table(t.id, t.version, seats=[SeatInfo(0, U4, None, "Mallory")])
    assert (exc.value.table_id, exc.value.expected) == (t.id, t.version)
    assert await store.get_table(t.id) == t1

    # Seat 1 is cleared (AI leaves), seat 3 changes hands; the others are untouched.
    t2 = await store.update_table(
        t.id, t1.version, seats=[SeatInfo(1), SeatInfo(3, U4, None, "Dave", "de")]
    )
    assert t2.version == t1.version + 1
    assert t2.seats == (seats[0], SeatInfo(1), seats[2], SeatInfo(3, U4, None, "Dave", "de"))
    assert t2.seats[1].empty
    assert t2.seat_of(U3) is None and t2.seat_of(U4) == 3

    # Clearing an already empty seat is harmless; clearing all leaves four empty seats.
    t3 = await store.update_table(t.id, t2.version, seats=[SeatInfo(i) for i in range(4)])
    assert t3.seats == tuple(SeatInfo(i) for i in range(4))
    assert await store.get_table(t.id) == t3


async def test_options_rules_and_deadline_updates(db: Database) -> None:
    store = Store(db)
    t = await store.create_table(guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U1, rules=CLASSIC)
    at = datetime(2031, 5, 17, 8, 30, 15, 250000, tzinfo=UTC)
    t = await store.update_table(
        t.id, t.version, options={"timer": 30, "lang": "zh"}, rules=SHORT, deadline=("turn", at)
    )
    assert t.options == {"timer": 30, "lang": "zh"}
    assert t.rules == SHORT
    assert (t.deadline_kind, t.deadline_at) == ("turn", at)
    assert t.deadline_at is not None and t.deadline_at.tzinfo is not None
    t = await store.update_table(t.id, t.version, deadline=None)
    assert (t.deadline_kind, t.deadline_at) == (None, None)
    assert t.options == {"timer": 30, "lang": "zh"}  # untouched when not given


async def test_deadline_with_a_non_utc_offset_keeps_its_instant(db: Database) -> None:
    store = Store(db)
    t = await store.create_table(guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U1, rules=CLASSIC)
    at = datetime(2030, 1, 1, 12, 0, tzinfo=timezone(timedelta(hours=8)))
    t = await store.update_table(t.id, t.version, deadline=("bury", at))
    assert t.deadline_at == at  # the same instant: 04:00 UTC


async def test_end_match_frees_the_channel(db: Database) -> None:
    store = Store(db)
    game = await start_game(store, users=(U1, U2, None, None))
    t = game.table
    assert t.status == "playing" and t.current_match_id is not None
    info = await store.match_info(t.current_match_id)
    assert info is not None
    assert (info.status, info.seed, info.snapshot_seq) == ("playing", "seed", 0)
    for _ in range(3):
        await game.step(deadline=("deal", datetime(2031, 1, 1, tzinfo=UTC)))
    t = game.table
    assert t.deadline_kind == "deal"

    with pytest.raises(StaleVersion):
        await store.end_match(t.id, t.version - 1)
    assert (await store.get_table(t.id)).status == "playing"

    ended = await store.end_match(t.id, t.version)
    assert ended.status == "ended"
    assert ended.version == t.version + 1
    assert (ended.deadline_kind, ended.deadline_at) == (None, None)
    info = await store.match_info(t.current_match_id)
    assert info is not None and info.status == "ended" and info.finished_at is not None
    assert info.winner_team is None
    assert await store.table_in_channel(CHANNEL) is None
    assert await store.active_tables() == []
    # The stopped table and its match stay readable.
    assert await loaded(store, t.id) == game.match.to_dict()
    assert await store.action_count(t.id) == 3

    again = await store.create_table(
        guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U2, rules=SHORT
    )
    assert again.id != t.id and again.status == "lobby"
    assert await store.table_in_channel(CHANNEL) == again


async def test_rematch_on_the_same_table(db: Database) -> None:
    store = Store(db)
    game = await start_game(store, users=(U1, U2, None, None), seed="first")
    for _ in range(5):
        await game.step()
    first_id = game.table.current_match_id
    assert first_id is not None
    first = game.match
    t = await store.end_match(game.table.id, game.table.version)

    second = Match(CLASSIC, "second")
    t = await store.start_match(t.id, t.version, second)
    assert t.status == "playing" and t.current_match_id not in (None, first_id)
    assert await store.table_in_channel(CHANNEL) == t
    assert await loaded(store, t.id) == second.to_dict()
    rematch = Game(store, t, second)
    for _ in range(3):
        _action, receipt = await rematch.step()
    assert receipt.seq == 8  # the table's sequence goes on across its matches
    assert await loaded(store, t.id) == second.to_dict()
    assert len(await store.match_actions(t.current_match_id or 0)) == 3
    assert replay(CLASSIC, "first", await store.match_actions(first_id)).to_dict() == (
        first.to_dict()
    )
    info = await store.match_info(first_id)
    assert info is not None and info.status == "ended"


async def test_restarting_a_table_in_a_taken_channel_is_table_exists(db: Database) -> None:
    store = Store(db)
    game = await start_game(store)
    old = await store.end_match(game.table.id, game.table.version)
    await store.create_table(guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U2, rules=CLASSIC)
    with pytest.raises(TableExists):
        await store.start_match(old.id, old.version, Match(CLASSIC, "again"))
    assert (await store.get_table(old.id)).status == "ended"


async def test_record_action_needs_a_match(db: Database) -> None:
    store = Store(db)
    t = await store.create_table(guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U1, rules=CLASSIC)
    match = Match(CLASSIC, "x")
    match.apply(DealCards(25))
    with pytest.raises(ValueError):
        await store.record_action(t, DealCards(25), match)
    assert await store.load_match(t.id) is None
    assert await store.action_count(t.id) == 0


async def test_table_exists_even_when_rules_name_contains_full(db: Database) -> None:
    rules = CLASSIC.with_overrides(name="full-house")
    store = Store(db)
    await store.create_table(guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U1, rules=rules)
    with pytest.raises(TableExists):
        await store.create_table(guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U2, rules=rules)


# ---- the action log --------------------------------------------------------------------------


async def test_every_action_committed_and_load_match_equals_memory(db: Database) -> None:
    """A scripted classic match: after every action of hand 1, and at many points
    of hand 2, the stored state (snapshot + replay) equals the in-memory match,
    through a mid-hand snapshot, the end of hand 1, the next hand, and a second
    mid-hand snapshot."""
    store = Store(db)
    game = await start_game(store, users=(U1, U2, None, U3), seed="scripted", declare=True)
    match_id = game.table.current_match_id
    assert match_id is not None
    assert await loaded(store, game.table.id) == game.match.to_dict()

    phases: set[str] = set()
    replayed_in: set[str] = set()  # phases checked with actions after the snapshot
    snapshots_mid_hand: list[int] = []
    next_hand_seq = None
    while next_hand_seq is None or game.table.seq < next_hand_seq + SNAPSHOT_EVERY + 5:
        action, receipt = await game.step()
        if (
            next_hand_seq is not None
            and receipt.seq % 7
            and abs(receipt.seq - next_hand_seq - SNAPSHOT_EVERY) > 1
        ):
            continue  # in hand 2: every 7th action and around the snapshot
        assert await loaded(store, game.table.id) == game.match.to_dict(), (
            f"after seq {receipt.seq}"
        )
        info = await store.match_info(match_id)
        assert info is not None
        lag = receipt.seq - info.snapshot_seq
        assert 0 <= lag < SNAPSHOT_EVERY
        if receipt.hand_finished or action.kind == "next_hand":
            assert lag == 0  # hands always snapshot
        elif lag == 0:
            snapshots_mid_hand.append(receipt.seq)
        else:
            replayed_in.add(game.match.phase)
        phases.add(game.match.phase)
        if action.kind == "next_hand":
            next_hand_seq = receipt.seq

    assert phases >= {"dealing", "declaring", "burying", "playing", "scored"}
    assert {"dealing", "declaring", "playing"} <= replayed_in
    assert snapshots_mid_hand == [SNAPSHOT_EVERY, next_hand_seq + SNAPSHOT_EVERY]
    assert game.match.hand_no == 2 and game.match.phase == "playing"
    kinds = {a.kind for a, _ in game.log}
    assert kinds == {"deal", "declare", "pass", "bury", "play", "next_hand"}
    assert [r.hand_finished for _, r in game.log].count(True) == 1

    # Every action is in the log, in order, with its seat, actor and hand.
    t = game.table
    assert await store.action_count(t.id) == t.seq == len(game.log)
    assert await store.match_actions(match_id) == [a for a, _ in game.log]
    async with db.session() as s:
        rows = (
            await s.execute(
                select(
                    ActionRow.seq,
                    ActionRow.kind,
                    ActionRow.seat,
                    ActionRow.actor_id,
                    ActionRow.idempotency_key,
                    ActionRow.match_id,
                )
                .where(ActionRow.table_id == t.id)
                .order_by(ActionRow.seq)
            )
        ).all()
    expected_rows = []
    for i, (action, _) in enumerate(game.log, start=1):
        seat = getattr(action, "seat", None)
        actor = None if seat is None else t.seats[seat].user_id
        expected_rows.append((i, action.kind, seat, actor, f"interaction-{t.id}-{i}", match_id))
    assert [tuple(r) for r in rows] == expected_rows
    assert replay(CLASSIC, "scripted", await store.match_actions(match_id)).to_dict() == (
        game.match.to_dict()
    )

    # A restart: a new engine on the same database rebuilds the same match.
    fresh = Database(db.url)
    try:
        assert await loaded(Store(fresh), t.id) == game.match.to_dict()
        assert await Store(fresh).get_table(t.id) == t
    finally:
        await fresh.dispose()


async def test_duplicate_delivery_is_applied_once(db: Database) -> None:
    store = Store(db)
    game = await start_game(store, users=(U1, U2, U3, U4))
    for _ in range(6):
        await game.step()
    before = game.table
    action = next_scripted(game.match)
    after = game.match.copy()
    after.apply(action)
    key = "discord-interaction-1187000000000000001"
    receipt = await store.record_action(before, action, after, actor_id=U1, idempotency_key=key)
    t = await store.get_table(before.id)
    state = await loaded(store, t.id)
    assert state == after.to_dict()
    assert await store.find_action(t.id, key) == receipt.seq == before.seq + 1

    # Delivered again with the same TableInfo (the retry) and with a fresh one.
    for table in (before, t):
        retry = after.copy()
        retry_action = next_scripted(retry)
        retry.apply(retry_action)
        with pytest.raises(DuplicateAction) as exc:
            await store.record_action(table, retry_action, retry, actor_id=U1, idempotency_key=key)
        assert exc.value.key == key
        assert exc.value.code == "duplicate_action"
    assert await store.get_table(t.id) == t
    assert await store.action_count(t.id) == t.seq
    assert await loaded(store, t.id) == state
    assert await store.find_action(t.id, key) == receipt.seq
    assert await store.find_action(t.id, "never-seen") is None

    # Keys are per table: another table may use the same key.
    other = await start_game(store, channel=CHANNEL + 1, users=(U4, None, None, None))
    m = other.match.copy()
    m.apply(DealCards(25))
    r = await store.record_action(other.table, DealCards(25), m, idempotency_key=key)
    assert r.seq == 1
    assert await store.find_action(other.table.id, key) == 1
    assert await store.find_action(t.id, key) == receipt.seq


async def test_duplicate_delivery_to_two_processes_at_once(db: Database) -> None:
    store = Store(db)
    game = await start_game(store)
    await game.step()
    t = game.table
    action = next_scripted(game.match)
    after = game.match.copy()
    after.apply(action)
    other = Database(db.url)
    try:
        results = await asyncio.gather(
            store.record_action(t, action, after, idempotency_key="same"),
            Store(other).record_action(t, action, after, idempotency_key="same"),
            return_exceptions=True,
        )
    finally:
        await other.dispose()
    receipts = [r for r in results if isinstance(r, ActionReceipt)]
    refused = [r for r in results if isinstance(r, DuplicateAction | StaleVersion)]
    assert len(receipts) == 1 and len(refused) == 1, results
    assert await store.action_count(t.id) == t.seq + 1
    assert await store.find_action(t.id, "same") == t.seq + 1
    assert await loaded(store, t.id) == after.to_dict()


# ---- concurrency ------------------------------------------------------------------------------


async def test_two_writers_on_one_version_one_wins(db: Database) -> None:
    """Two processes (two engines) both apply an action on the same version."""
    store_a = Store(db)
    other = Database(db.url)
    store_b = Store(other)
    try:
        game = await start_game(store_a, users=(U1, U2, None, None))
        await game.step()
        t = game.table
        match_a, match_b = game.match.copy(), game.match.copy()
        match_a.apply(DealCards(3))
        match_b.apply(DealCards(7))

        receipt = await store_a.record_action(t, DealCards(3), match_a, idempotency_key="a")
        assert receipt.seq == t.seq + 1
        with pytest.raises(StaleVersion) as exc:
            await store_b.record_action(t, DealCards(7), match_b, idempotency_key="b")
        assert (exc.value.table_id, exc.value.expected) == (t.id, t.version)

        # Nothing of b is stored, through either engine.
        for store in (store_a, store_b):
            assert await store.find_action(t.id, "b") is None
            assert await store.action_count(t.id) == t.seq + 1
            assert await loaded(store, t.id) == match_a.to_dict()
            now = await store.get_table(t.id)
            assert (now.seq, now.version) == (t.seq + 1, t.version + 1)

        # b reloads and applies on the new version: now it goes through.
        fresh = await store_b.get_table(t.id)
        reloaded = await store_b.load_match(t.id)
        assert reloaded is not None
        reloaded.apply(DealCards(7))
        r = await store_b.record_action(fresh, DealCards(7), reloaded, idempotency_key="b")
        assert r.seq == t.seq + 2
        assert await loaded(store_a, t.id) == reloaded.to_dict()
    finally:
        await other.dispose()


async def test_two_writers_racing_with_gather(db: Database) -> None:
    store_a = Store(db)
    other = Database(db.url)
    store_b = Store(other)
    try:
        game = await start_game(store_a, users=(U1, U2, None, None))
        t = game.table
        truth = game.match
        winners = []
        for round_no in range(5):
            match_a, match_b = truth.copy(), truth.copy()
            match_a.apply(DealCards(1))
            match_b.apply(DealCards(2))
            results = await asyncio.gather(
                store_a.record_action(t, DealCards(1), match_a, idempotency_key=f"a{round_no}"),
                store_b.record_action(t, DealCards(2), match_b, idempotency_key=f"b{round_no}"),
                return_exceptions=True,
            )
            ok = [i for i, r in enumerate(results) if isinstance(r, ActionReceipt)]
            stale = [i for i, r in enumerate(results) if isinstance(r, StaleVersion)]
            assert len(ok) == 1 and len(stale) == 1, results
            winner = ok[0]
            loser_key = f"{'ab'[1 - winner]}{round_no}"
            assert await store_a.find_action(t.id, loser_key) is None
            truth = (match_a, match_b)[winner]
            winners.append(winner)
            t = await store_a.get_table(t.id)
            assert t.seq == round_no + 1
            assert await loaded(store_b, t.id) == truth.to_dict()
        actions = await store_a.match_actions(t.current_match_id or 0)
        assert actions == [DealCards(1 + w) for w in winners]
        assert await store_a.action_count(t.id) == 5
    finally:
        await other.dispose()


async def test_table_locks_serialise_writers_in_one_process(db: Database) -> None:
    store = Store(db)
    game = await start_game(store, users=(U1, U2, U3, U4))
    table_id = game.table.id
    locks = TableLocks()
    seqs: dict[str, list[int]] = {"first": [], "second": []}

    async def writer(name: str, rounds: int) -> None:
        for i in range(rounds):
            async with locks(table_id):
                t = await store.get_table(table_id)
                match = await store.load_match(table_id)
                assert match is not None
                await asyncio.sleep(0)  # give the other writer every chance to interleave
                action = next_scripted(match)
                match.apply(action)
                receipt = await store.record_action(t, action, match, idempotency_key=f"{name}-{i}")
                seqs[name].append(receipt.seq)

    await asyncio.gather(writer("first", 12), writer("second", 12))
    assert sorted(seqs["first"] + seqs["second"]) == list(range(1, 25))
    assert seqs["first"][0] == 1
    for name in seqs:
        assert seqs[name] == sorted(seqs[name])
    t = await store.get_table(table_id)
    assert (t.seq, t.version) == (24, game.table.version + 24)
    async with db.session() as s:
        stored = list(
            (
                await s.scalars(
                    select(ActionRow.seq)
                    .where(ActionRow.table_id == table_id)
                    .order_by(ActionRow.seq)
                )
            ).all()
        )
    assert stored == list(range(1, 25))
    expected = Match(CLASSIC, "seed")
    for _ in range(24):
        expected.apply(next_scripted(expected))
    assert await loaded(store, table_id) == expected.to_dict()
    locks.forget(table_id)


# ---- statistics ---------------------------------------------------------------------------------


@dataclass
class Played:
    guild: int | None
    users: tuple[int | None, ...]
    match: Match
    match_id: int


def expected_stats(played: Sequence[Played], user: int, guild: int | None = None) -> PlayerStats:
    """A player's record computed straight from the matches' own hand histories."""
    matches = matches_won = hands = won = dealer = defending = attacking = 0
    defended_won = attacked_won = levels = points = 0
    for p in played:
        if (guild is not None and p.guild != guild) or user not in p.users or not p.match.history:
            continue
        seat = p.users.index(user)
        team = team_of(seat)
        matches += 1
        matches_won += p.match.winner == team
        for h in p.match.history:
            defends = team == team_of(h.dealer)
            did_win = (h.winner == "defenders") == defends
            hands += 1
            won += did_win
            dealer += h.dealer == seat
            defending += defends
            attacking += not defends
            defended_won += defends and did_win
            attacked_won += (not defends) and did_win
            steps = p.match.rules.levels.index(h.levels_after[team]) - p.match.rules.levels.index(
                h.levels_before[team]
            )
            levels += max(steps, 0) if did_win else 0
            points += 0 if defends else h.attackers_points
    return PlayerStats(
        user,
        matches,
        matches_won,
        hands,
        won,
        dealer,
        defending,
        attacking,
        defended_won,
        attacked_won,
        levels,
        points,
    )


async def play_for_stats(db: Database) -> list[Played]:
    """Two finished matches in two guilds and one still running."""
    store, stats = Store(db), Stats(db)
    setups = [
        (GUILD_A, CHANNEL, (U1, U2, U3, None), "stats-10", None),
        (GUILD_B, CHANNEL + 1, (U4, U1, None, U2), "stats-0", None),
        (GUILD_A, CHANNEL + 2, (U2, U3, None, None), "stats-1", 1),  # stops in hand 2
    ]
    played = []
    for guild, channel, users, seed, stop_after in setups:
        game = await start_game(
            store, channel=channel, guild=guild, users=users, rules=SHORT, seed=seed, declare=True
        )
        match_id = game.table.current_match_id
        assert match_id is not None
        while game.match.phase != "finished":
            await game.play_hand()
            # level_progress follows the match hand by hand.
            assert await stats.level_progress(match_id) == progress_of(game.match.history)
            if stop_after is not None and len(game.match.history) == stop_after:
                for _ in range(8):
                    await game.step()
                break
        played.append(Played(guild, tuple(users), game.match, match_id))
    finished = [p.match.phase == "finished" for p in played]
    assert finished == [True, True, False]
    assert {p.match.winner for p in played[:2]} == {0, 1}
    return played


async def test_statistics_after_scripted_matches(db: Database) -> None:
    played = await play_for_stats(db)
    stats = Stats(db)

    for user in (U1, U2, U3, U4):
        for guild in (None, GUILD_A, GUILD_B):
            want = expected_stats(played, user, guild)
            assert await stats.player(user, guild) == want, (user, guild)
    # Sanity of the script itself: the numbers are not all trivial.
    u1 = await stats.player(U1)
    assert u1.matches_played == 2 and u1.hands_played == 5
    assert u1.hands_won and u1.hands_as_dealer and u1.hands_attacking and u1.levels_gained
    assert u1.points_captured > 0
    assert (await stats.player(U1, GUILD_A)).hands_played == 3
    assert (await stats.player(U4, GUILD_A)).hands_played == 0
    assert await stats.player(U4 + 1) == PlayerStats(U4 + 1, *[0] * 11)
    assert 0.0 < u1.hand_win_rate < 1.0

    # AI seats never appear; every human seat of every scored hand does.
    async with db.session() as s:
        rows = (await s.execute(select(HandPlayerRow.user_id, HandPlayerRow.guild_id))).all()
        hands = len((await s.scalars(select(HandRow.id))).all())
    assert hands == sum(len(p.match.history) for p in played)
    assert len(rows) == sum(
        len(p.match.history) * sum(u is not None for u in p.users) for p in played
    )

    def ranking(guild: int | None) -> list[int]:
        users = {u for p in played if guild in (None, p.guild) for u in p.users if u is not None}
        board = [expected_stats(played, u, guild) for u in users]
        board.sort(key=lambda x: (-x.hands_won, -x.levels_gained, -x.hands_played, x.user_id))
        return [x.user_id for x in board]

    for guild in (None, GUILD_A, GUILD_B):
        board = await stats.leaderboard(guild)
        assert [p.user_id for p in board] == ranking(guild), guild
        for entry in board:
            want = expected_stats(played, entry.user_id, guild)
            # matches_won is checked separately (see the xfail test below).
            assert entry.hands_played == want.hands_played
            assert entry.hands_won == want.hands_won
            assert entry.levels_gained == want.levels_gained
            assert entry.points_captured == want.points_captured
            assert entry.matches_played == want.matches_played
    assert [p.user_id for p in await stats.leaderboard(None, limit=2)] == ranking(None)[:2]
    assert await stats.leaderboard(GUILD_B + 1) == []

    for p in played:
        assert await stats.level_progress(p.match_id) == progress_of(p.match.history)
    assert await stats.level_progress(10_000) == []


async def test_leaderboard_entries_match_player_stats(db: Database) -> None:
    game = await start_game(
        Store(db), users=(U1, U2, None, None), rules=SHORT, seed="stats-4", declare=True
    )
    await game.play_match()
    champion = (U1, U2)[game.match.winner or 0]
    stats = Stats(db)
    assert (await stats.player(champion)).matches_won == 1
    for guild in (None, GUILD_A):
        board = await stats.leaderboard(guild)
        assert {p.user_id for p in board} == {U1, U2}
        for entry in board:
            assert entry == await stats.player(entry.user_id, guild)


# ---- settings --------------------------------------------------------------------------------


async def test_guild_settings_defaults_and_updates(db: Database) -> None:
    settings = Settings(db)
    assert await settings.get(GUILD_A) == GuildSettings(GUILD_A, "classic", "en", 60)

    s = await settings.set(GUILD_A, language="zh")
    assert s == GuildSettings(GUILD_A, "classic", "zh", 60)
    assert await settings.get(GUILD_A) == s

    s = await settings.set(GUILD_A, preset="tournament", turn_timer=90)
    assert s == GuildSettings(GUILD_A, "tournament", "zh", 90)
    assert await settings.get(GUILD_A) == s

    s = await settings.set(GUILD_A)  # nothing given: nothing changes
    assert s == GuildSettings(GUILD_A, "tournament", "zh", 90)

    # Another guild is untouched, and starts from the defaults.
    assert await settings.get(GUILD_B) == GuildSettings(GUILD_B)
    assert await settings.set(GUILD_B, turn_timer=30) == GuildSettings(GUILD_B, "classic", "en", 30)
    assert await settings.get(GUILD_A) == GuildSettings(GUILD_A, "tournament", "zh", 90)

    # A new engine (a restart) reads the same settings.
    fresh = Database(db.url)
    try:
        assert await Settings(fresh).get(GUILD_B) == GuildSettings(GUILD_B, "classic", "en", 30)
    finally:
        await fresh.dispose()


# ---- a finished match ------------------------------------------------------------------------


async def test_finished_match_is_marked_and_stays_queryable(db: Database) -> None:
    store = Store(db)
    game = await start_game(
        store, users=(U1, U2, U3, U4), rules=SHORT, seed="stats-4", declare=True
    )
    t0 = game.table
    match_id = t0.current_match_id
    assert match_id is not None
    turn = datetime(2031, 1, 1, 0, 0, tzinfo=UTC)
    while game.match.phase != "finished":
        await game.step(deadline=("turn", turn))
        if game.match.phase != "finished":
            assert game.table.deadline_kind == "turn" and game.table.status == "playing"
    t = game.table
    assert game.match.winner in (0, 1)
    assert t.status == "finished"
    assert (t.deadline_kind, t.deadline_at) == (None, None)
    assert game.log[-1][1].hand_finished

    info = await store.match_info(match_id)
    assert info is not None
    assert info.status == "finished"
    assert info.winner_team == game.match.winner
    assert info.finished_at is not None
    assert info.snapshot_seq == t.seq

    # Still queryable: the table, the match, its log, its hands and the players' stats.
    assert await store.get_table(t.id) == t
    assert await loaded(store, t.id) == game.match.to_dict()
    assert (await store.load_match(t.id)).phase == "finished"  # type: ignore[union-attr]
    actions = await store.match_actions(match_id)
    assert len(actions) == t.seq == await store.action_count(t.id)
    assert replay(SHORT, "stats-4", actions).to_dict() == game.match.to_dict()
    assert await Stats(db).level_progress(match_id) == progress_of(game.match.history)
    winners = [u for i, u in enumerate((U1, U2, U3, U4)) if team_of(i) == game.match.winner]
    for user in (U1, U2, U3, U4):
        p = await Stats(db).player(user, GUILD_A)
        assert p.matches_played == 1
        assert p.matches_won == (user in winners)
        assert p.hands_played == len(game.match.history)

    # The match is over: the rules refuse more, and the channel is free again.
    with pytest.raises(RuleError):
        game.match.apply(NextHand())
    assert await store.table_in_channel(CHANNEL) is None
    assert await store.active_tables() == []
    new = await store.create_table(guild_id=GUILD_A, channel_id=CHANNEL, creator_id=U1, rules=SHORT)
    assert new.status == "lobby"
    assert await store.get_table(t.id) == t
