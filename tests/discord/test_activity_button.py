"""The "Open the table" button (the live table as a Discord Activity): on the lobby
and the table message only while the Activity is configured; a click answers the
interaction with LAUNCH_ACTIVITY (type 12), checked in what discord.py sent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.text.i18n import text
from tests.support.activity import ACTIVITY_CONFIG, LAUNCH_ACTIVITY, launchable_activities
from tests.support.discord_helpers import (
    World,
    custom_ids,
    make_world,
    open_table_with_buttons,
    start_with_button,
    walk_components,
)


def callbacks(w: World, since: int) -> list[dict[str, Any]]:
    """The interaction answers discord.py sent since ``since``."""
    sent = w.requests(since)
    return [r.json for r in sent if r.method == "POST" and r.path.endswith("/callback")]


async def test_open_the_table_launches_the_activity(tmp_path: Path) -> None:
    with launchable_activities() as launched:
        async with make_world(tmp_path, settings=ACTIVITY_CONFIG) as w:
            await open_table_with_buttons(w)
            button = f"sj:activity:{w.table_id}"
            lobby = w.lobby_message()
            assert button in custom_ids(lobby)
            labels = {c.get("custom_id"): c.get("label") for c in walk_components(lobby.components)}
            assert labels[button] == text("en", "live.activity_open")

            mark = w.mark()
            clicked = await w.members[1].click(lobby, custom_id=button)
            assert clicked.acknowledged and clicked.response is None  # no message: Discord opens it
            assert callbacks(w, mark) == [{"type": LAUNCH_ACTIVITY}]
            assert len(launched) == 1

            await start_with_button(w)
            table = w.table_messages()[-1]
            assert button in custom_ids(table)
            mark = w.mark()
            clicked = await w.members[2].click(table, custom_id=button)
            assert clicked.acknowledged
            assert callbacks(w, mark) == [{"type": LAUNCH_ACTIVITY}]
            assert len(launched) == 2


async def test_no_button_without_the_activity(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        assert not any(c.startswith("sj:activity:") for c in custom_ids(w.lobby_message()))
        await start_with_button(w)
        for message in w.table_messages():
            assert not any(c.startswith("sj:activity:") for c in custom_ids(message))


async def test_a_launch_discord_refuses_is_said_privately(tmp_path: Path) -> None:
    """Activities not enabled in the Developer Portal: Discord refuses type 12 (here
    simcord, which does not model it, refuses it as an invalid form body)."""
    async with make_world(tmp_path, settings=ACTIVITY_CONFIG) as w:
        await open_table_with_buttons(w)
        mark = w.mark()
        clicked = await w.members[3].click(w.lobby_message(), custom_id=f"sj:activity:{w.table_id}")
        assert [c["type"] for c in callbacks(w, mark)] == [LAUNCH_ACTIVITY, 4]
        assert clicked.response is not None and clicked.response.ephemeral
        assert clicked.response.content == text("en", "live.activity_unavailable")
