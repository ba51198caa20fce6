"""What the bot posted in a simcord channel (``channel_posts``), and playing to a seat's turn."""

from __future__ import annotations

from typing import Any

from tests.support.discord_helpers import (
    World,
    bury,
    finish_declaring,
    open_table_with_buttons,
    start_with_button,
)


async def to_play(w: World) -> None:
    await open_table_with_buttons(w)
    await start_with_button(w)
    await finish_declaring(w)
    await bury(w)


def channel_posts(w: World, since: int) -> list[dict[str, Any]]:
    path = f"/channels/{w.channel.id}/messages"
    return [r.json for r in w.requests(since) if r.method == "POST" and r.path == path]
