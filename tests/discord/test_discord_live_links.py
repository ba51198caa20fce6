"""The live table's links on Discord: each player's hand DM carries their own seat
link (and nobody else's), /watch gives a spectator link, /unshare revokes them."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.discord_helpers import (
    make_world,
    open_table_with_buttons,
    start_with_button,
    walk_components,
)

URL = "https://shengji.example"
TOKEN = re.compile(re.escape(URL) + r"/t/([A-Za-z0-9_.-]+)")


def link_tokens(message: object) -> list[str]:
    rows = getattr(message, "components", ())
    urls = [c.get("url") or "" for c in walk_components(rows)]
    return [m.group(1) for u in urls if (m := TOKEN.fullmatch(u))]


async def test_each_hand_dm_links_its_own_seat_only(tmp_path: Path) -> None:
    async with make_world(tmp_path, live_url=URL) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        access = w.bot.service.live
        tokens = {}
        for seat, member in enumerate(w.members[:4]):
            dms = w.dm_messages(member)
            assert len(dms) == 1
            found = link_tokens(dms[0])
            assert len(found) == 1, dms[0].components
            viewer = await access.by_token(found[0])
            assert viewer is not None and viewer.seat == seat and viewer.user_id == member.id
            tokens[seat] = found[0]
        assert len(set(tokens.values())) == 4
        for m in w.bot_messages():  # no seat link ever reaches the channel
            assert "/t/" not in m.content and not link_tokens(m)


async def test_watch_gives_a_spectator_link_and_unshare_revokes(tmp_path: Path) -> None:
    names = ("alice", "bob", "carol", "dave", "erin")
    async with make_world(tmp_path, live_url=URL, names=names) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        access = w.bot.service.live
        r = await w.slash(w.members[4], "watch")  # someone without a seat
        assert r.response is not None and r.response.ephemeral
        (token,) = link_tokens(r.response)
        viewer = await access.by_token(token)
        assert viewer is not None and viewer.spectator
        seat_token = link_tokens(w.dm_messages(w.members[0])[0])[0]
        r = await w.slash(w.members[4], "unshare")
        assert r.response is not None and "1 link revoked" in r.response.content
        assert await access.by_token(token) is None
        assert await access.by_token(seat_token) is not None  # only the asker's links
        r = await w.slash(w.members[0], "unshare")
        assert await access.by_token(seat_token) is None


async def test_without_the_live_table_there_is_no_link(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=("alice", "bob", "carol", "dave", "erin")) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        assert not link_tokens(w.dm_messages(w.members[0])[0])
        r = await w.slash(w.members[4], "watch")
        assert r.response is not None and "not set up" in r.response.content
