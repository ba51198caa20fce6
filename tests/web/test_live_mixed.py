"""One table, two front ends: two people play by slash commands in the Discord
simulator while two click cards at the live table (opened from the link in their
hand DM), and a move made on either side shows on the other."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.web.live.routes import LiveSlot
from bot.web.server import WebServer
from rules.cards import Card
from rules.notation import format_cards
from storage import Database
from tests.support.discord_helpers import (
    World,
    make_world,
    open_table_with_buttons,
    start_with_button,
    walk_components,
)
from tests.support.live_table import (
    BrowserSeat,
    Seat,
    check_frames,
    chromium,
    dealt_hands,
    open_page,
    play_hand,
)


class SlashSeat:
    """A seat played with slash commands in the simulator."""

    def __init__(self, w: World, seat: int) -> None:
        self.w, self.seat = w, seat
        self.member = w.member_at(seat)

    async def _slash(self, name: str, **options: str) -> None:
        r = await self.w.slash(self.member, name, **options)
        assert r.response is not None, r
        await self.w.bot.after_change()

    async def declare(self) -> None:
        choices = await self.member.autocomplete(self.w.channel, "declare", "cards", "")
        await self._slash("declare", cards=choices[0]["value"])

    async def pass_(self) -> None:
        await self._slash("pass")

    async def bury_suggested(self) -> None:
        choices = await self.member.autocomplete(self.w.channel, "bury", "cards", "")
        await self._slash("bury", cards=choices[0]["value"])

    async def call_suggested(self) -> None:
        raise AssertionError("no friend calls at four seats")

    async def play(self, cards: tuple[Card, ...]) -> None:
        await self._slash("play", cards=format_cards(cards, "ascii"))


def seat_link(w: World, seat: int) -> str:
    (dm,) = w.dm_messages(w.member_at(seat))
    urls = [c.get("url") for c in walk_components(dm.components) if c.get("url")]
    assert len(urls) == 1
    return str(urls[0])


@pytest.mark.slow  # a whole hand in simcord and two browsers: in .ci/run's slow pass
async def test_two_play_in_discord_and_two_in_the_browser(tmp_path: Path) -> None:
    slot = LiveSlot()
    web_db = Database(f"sqlite+aiosqlite:///{tmp_path / 'shengji-discord.db'}")
    server = WebServer(web_db, "127.0.0.1", 0, slot)
    await server.start()
    try:
        async with make_world(tmp_path, live_url=server.url, live_slot=slot) as w:
            await open_table_with_buttons(w)
            await start_with_button(w)
            async with chromium() as browser:
                pages = {
                    s: await open_page(browser, seat_link(w, s), s, locale="zh-CN") for s in (1, 3)
                }
                for p in pages.values():
                    await p.page.locator("#hand button.card").first.wait_for()
                seats: list[Seat] = [
                    BrowserSeat(pages[s]) if s in pages else SlashSeat(w, s) for s in range(4)
                ]
                dealt = dealt_hands(w.match)

                async def on_play(plays: int) -> None:
                    await w.bot.after_change()  # the simulator shows what the web side did

                seen = await play_hand(lambda: w.match, seats, on_play=on_play)
                await w.bot.after_change()
                dealer = w.match.view_for(None).history[-1].dealer
                check_frames(list(pages.values()), dealt, seen, dealer)
                # the channel's table message shows the end of the hand the web played in
                last = w.table_messages()[-1]
                assert any("Hand over" in (f.name or "") for f in last.embeds[0].fields)
                for p in pages.values():
                    await p.page.locator("#middle .summary").wait_for()
                    assert not p.errors
                # the slash seats' moves reached the pages, the pages' moves the channel
                web_moves = [a for a in w.match.hand_log if getattr(a, "seat", None) in pages]
                assert web_moves
                assert re.search(r"Hand \d", last.embeds[0].title or "")
    finally:
        await server.stop()
        await web_db.dispose()
