"""The tables of ``bench.storage``: set-up, the AI actions each one runs, and the check.

``setup_table`` makes a table with four AI seats and starts a match; ``drive`` is
one table's asyncio task, timing each action as the bot does it (lock,
``Match.apply``, ``record_action``); ``check_table`` compares what was stored
with the in-memory match afterwards.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field, replace

from rules.game import Match
from rules.presets import preset
from rules.scripted import next_scripted
from storage.locks import TableLocks
from storage.table_info import SeatInfo, TableInfo
from storage.tables import Store

DEAL_STEP = 25
CHANNEL_BASE = 900_000_000_000  # fake Discord channel ids of the benchmark tables

perf_ns = time.perf_counter_ns


# ---- one table ------------------------------------------------------------------------


@dataclass
class TableRun:
    index: int
    info: TableInfo
    match: Match
    latencies_ns: list[int] = field(default_factory=list)
    actions: int = 0
    matches: int = 1
    hands: int = 0


async def setup_table(store: Store, index: int, preset_name: str, seed: str) -> TableRun:
    rules = preset(preset_name)
    info = await store.create_table(
        guild_id=1, channel_id=CHANNEL_BASE + index, creator_id=1, rules=rules
    )
    seats = [SeatInfo(s, ai_level="basic", display_name=f"AI {s + 1}") for s in range(4)]
    info = await store.update_table(info.id, info.version, seats=seats)
    match = Match(rules, seed=f"{seed}-{index}-1")
    info = await store.start_match(info.id, info.version, match)
    return TableRun(index, info, match)


async def drive(
    store: Store,
    locks: TableLocks,
    run: TableRun,
    deadline_ns: int | None,
    max_actions: int | None,
    seed: str,
    idempotency: bool,
    interval_ns: int | None = None,
) -> None:
    """One table's task: AI actions until the time or the action budget is spent.

    With ``interval_ns`` the table acts at that pace (an AI that waits between
    moves), starting at a random phase, instead of as fast as it can.
    """
    lock = locks(run.info.id)
    lat = run.latencies_ns
    due = None
    if interval_ns is not None:
        due = perf_ns() + random.Random(run.index).randrange(interval_ns)
    while True:
        if max_actions is not None and run.actions >= max_actions:
            return
        if due is not None:
            now = perf_ns()
            if due > now:
                if deadline_ns is not None and due >= deadline_ns:
                    return
                await asyncio.sleep((due - now) / 1e9)
            assert interval_ns is not None
            due = max(due + interval_ns, perf_ns() - interval_ns)  # no catch-up burst
        if deadline_ns is not None and perf_ns() >= deadline_ns:
            return
        action = next_scripted(run.match, deal=DEAL_STEP)
        key = f"bench-{run.info.id}-{run.info.seq + 1}" if idempotency else None
        # ---- the unit of work, as the bot does it ----
        t0 = perf_ns()
        async with lock:
            info = run.info
            match = run.match
            match.apply(action)
            receipt = await store.record_action(info, action, match, idempotency_key=key)
            run.info = replace(info, version=receipt.version, seq=receipt.seq)
        lat.append(perf_ns() - t0)
        # -----------------------------------------------
        run.actions += 1
        if receipt.hand_finished:
            run.hands += 1
        if match.phase == "finished":
            run.matches += 1
            new = Match(match.rules, seed=f"{seed}-{run.index}-{run.matches}")
            async with lock:
                run.info = await store.start_match(run.info.id, run.info.version, new)
                run.match = new


async def check_table(store: Store, run: TableRun) -> None:
    """The stored state equals the in-memory state (else the numbers are worthless)."""
    info = await store.get_table(run.info.id)
    if (info.version, info.seq) != (run.info.version, run.info.seq):
        raise AssertionError(
            f"table {info.id}: stored version/seq {(info.version, info.seq)} "
            f"!= local {(run.info.version, run.info.seq)}"
        )
    stored = await store.load_match(info.id)
    if stored is None or stored.to_dict() != run.match.to_dict():
        raise AssertionError(f"table {info.id}: load_match differs from the in-memory match")
    count = await store.action_count(info.id)
    if count != info.seq:
        raise AssertionError(f"table {info.id}: {count} action rows for seq {info.seq}")
