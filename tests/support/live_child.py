"""A bot process that serves one live table and nothing else, for the crash test:
``python -m tests.support.live_child DATABASE_URL PORT``. On an empty database it
opens a table of four and starts it; on a stored one it resumes it (as a restarted
bot does). It prints one JSON line with the seats' link tokens, then serves until
it is killed."""

from __future__ import annotations

import asyncio
import json
import sys

from bot.web.live.routes import LiveSlot
from bot.web.server import WebServer
from storage import Database
from tests.support.live_table import CHANNEL, FIRST_USER, GUILD
from tests.support.service_helpers import new_service


async def main(url: str, port: int) -> None:
    db = Database(url)
    await db.upgrade()
    service = new_service(db, seed="restart")
    users = [FIRST_USER + i for i in range(4)]
    if await service.start() == 0:  # a fresh database: a new table
        await service.lifecycle.create_table(
            guild_id=GUILD, channel_id=CHANNEL, creator_id=users[0]
        )
        for user in users[1:]:
            await service.lifecycle.join(CHANNEL, user)
        await service.lifecycle.start_game(CHANNEL, users[0])
    status = await service.queries.status(CHANNEL)
    slot = LiveSlot()
    slot.attach(service)
    server = WebServer(db, "127.0.0.1", port, slot)
    await server.start()
    tokens = [await service.live.seat_link(status.table.id, u) for u in users]
    print(json.dumps({"tokens": tokens, "url": server.url}), flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
