"""One bot process for the multi-process tests: a TableService on DATABASE_URL
with SHARD_COUNT / SHARD_IDS, driven by JSON lines on stdin (one answer a line).

Ops: create (a started table), move (the move the player whose turn it is would
make, seen on the current table, sent through this process), tick, ids, quit.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

from bot.service import ServiceError, Shards, TableOptions, TableService
from rules.actions import Bury, Play
from storage import Database

OPTIONS = TableOptions(
    turn_seconds=0,
    declare_seconds=0,
    bury_seconds=0,
    deal_seconds=0,
    deal_steps=1,
    ai_delay=float(os.environ.get("AI_DELAY", "0.02")),
    next_hand_seconds=0,
)


async def handle(svc: TableService, cmd: dict[str, Any]) -> dict[str, Any]:
    op = cmd["op"]
    if op == "create":
        ch = cmd["ch"]
        humans = cmd["humans"]
        await svc.lifecycle.create_table(
            guild_id=cmd["guild"], channel_id=ch, creator_id=humans[0], creator_name="p0"
        )
        for i, user in enumerate(humans[1:], 1):
            await svc.lifecycle.join(ch, user, f"p{i}")
        for _ in range(4 - len(humans)):
            await svc.lifecycle.add_ai(ch, humans[0])
        st = await svc.lifecycle.start_game(ch, humans[0])
        return {"ok": True, "table": st.table.id}
    if op == "move":
        ch = cmd["ch"]
        # What the player sees: the table as stored right now (the owner's message).
        info = await svc.core.store.table_in_channel(ch)
        assert info is not None
        m = await svc.core.store.load_match(info.id)
        assert m is not None
        for seat in range(4):
            user = info.seats[seat].user_id
            if user is None:
                continue
            if m.phase == "declaring" and seat not in m.hand.passes:
                call = svc.moves.pass_(ch, user, key=cmd.get("key"))
            elif m.phase in ("burying", "playing"):
                a = m.suggest(seat)
                if isinstance(a, Bury):
                    call = svc.moves.bury(ch, user, a.cards, key=cmd.get("key"))
                elif isinstance(a, Play):
                    call = svc.moves.play(ch, user, a.cards, key=cmd.get("key"))
                else:
                    continue
            else:
                continue
            try:
                await call
            except ServiceError as exc:
                return {"ok": False, "code": exc.code, "msg": exc.message("en"), "seat": seat}
            return {"ok": True, "seat": seat}
        return {"ok": False, "code": "no_human_move", "phase": m.phase, "msg": ""}
    if op == "tick":
        return {"ok": True, "fired": await svc.tick()}
    if op == "ids":
        return {"ok": True, "held": svc.core.table_ids(), "owned": sorted(svc.core.live_ids())}
    if op == "phase":
        info = await svc.core.store.table_in_channel(cmd["ch"])
        m = None if info is None else await svc.core.store.load_match(info.id)
        return {"ok": True, "phase": None if m is None else m.phase}
    raise ValueError(op)


async def main() -> None:
    db = Database(os.environ["DATABASE_URL"])
    await db.upgrade()
    shards = Shards.parse(os.environ.get("SHARD_COUNT"), os.environ.get("SHARD_IDS"))
    svc = TableService(db, defaults=OPTIONS, shards=shards)
    svc.core.refresh_seconds = 0.05  # the tests move fast; a bot polls every second
    restored = await svc.start()
    print(json.dumps({"ok": True, "restored": restored}), flush=True)
    loop = asyncio.get_running_loop()
    try:
        while True:
            line = await loop.run_in_executor(None, sys.stdin.readline)
            if not line:
                return
            cmd = json.loads(line)
            if cmd["op"] == "quit":
                return
            try:
                out = await handle(svc, cmd)
            except ServiceError as exc:
                out = {"ok": False, "code": exc.code, "msg": exc.message("en")}
            print(json.dumps(out), flush=True)
    finally:
        await db.dispose()


if __name__ == "__main__":
    asyncio.run(main())
