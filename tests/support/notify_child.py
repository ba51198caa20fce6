"""Process A of the two-process live test (``tests/web/test_live_elsewhere.py``):
``python -m tests.support.notify_child DATABASE_URL``. On an empty database it
opens a table of four humans and starts it, prints one JSON line (the table, the
seats' link tokens), then for each ``move`` line on stdin makes one human move
(firing due timers first when no human can move) and prints what seat 0 sees
after it, with the wall-clock time it was stored; ``quit`` ends it."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

from bot.service import FakeClock, ServiceError
from storage import Database
from tests.support.live_table import CHANNEL, FIRST_USER, GUILD
from tests.support.service_helpers import human_move, new_service


def seen_by_seat0(match: Any) -> dict[str, Any]:
    view = match.view_for(0)
    return {
        "phase": view.phase,
        "hand": sorted(int(c) for c in match.hand_of(0)),
        "trick": [[s, sorted(int(c) for c in cards)] for s, cards in view.current],
    }


async def main(url: str) -> None:
    db = Database(url)
    await db.upgrade()
    clock = FakeClock()
    service = new_service(db, clock, seed="elsewhere")
    users = [FIRST_USER + i for i in range(4)]
    st = await service.lifecycle.create_table(
        guild_id=GUILD, channel_id=CHANNEL, creator_id=users[0]
    )
    for user in users[1:]:
        await service.lifecycle.join(CHANNEL, user)
    await service.lifecycle.start_game(CHANNEL, users[0])
    table_id = st.table.id
    tokens = [await service.live.seat_link(table_id, u) for u in users]
    print(json.dumps({"table": table_id, "tokens": tokens}), flush=True)
    seats = dict(enumerate(users))
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while (await reader.readline()).decode().strip() not in ("", "quit"):
        for _ in range(50):
            match = service.queries.match_of(table_id)
            assert match is not None
            try:
                if await human_move(service, CHANNEL, match, seats):
                    break
            except ServiceError as exc:
                if exc.code != "not_your_turn":
                    raise
            deadline = service.automation.next_deadline()
            assert deadline is not None, f"stuck in {match.phase}"
            if deadline > clock.now():
                clock.advance((deadline - clock.now()).total_seconds())
            await service.tick()
        at = time.time()
        live = service.core.live_table(table_id)
        assert live is not None and live.match is not None
        out = {"at": at, "version": live.table.version, **seen_by_seat0(live.match)}
        print(json.dumps(out), flush=True)
    await db.dispose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
