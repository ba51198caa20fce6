"""The live card table in a real Chromium: people play whole hands by clicking
their cards while someone watches; every frame every socket received is checked
for cards it must not hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.live_table import (
    BrowserSeat,
    check_frames,
    dealt_hands,
    live_world,
    play_hand,
    shoot,
)


async def test_four_people_play_a_hand_by_clicking_while_a_fifth_watches(
    tmp_path: Path,
) -> None:
    async with live_world(tmp_path, seed="live-1") as world:
        seats = [await world.open(await world.seat_url(s), s) for s in range(3)]
        # the fourth on a phone, portrait
        seats.append(await world.open(await world.seat_url(3), 3, width=390, height=844))
        watcher = await world.open(await world.spectator_url(), None)
        for p in world.players:
            await p.page.locator("#header").filter(has_text="第 1 局").wait_for()
        dealt = dealt_hands(world.match)

        async def on_play(plays: int) -> None:
            if plays == 9:  # mid-trick: seat 1's connection drops; the page comes back
                await world.drop_socket(1)
                await seats[1].page.locator("#conn").wait_for(state="hidden")
            if plays == 22:
                await shoot(seats[0], "live-table-zh-CN")
                await shoot(seats[3], "live-table-phone-zh-CN")
                await shoot(watcher, "live-table-spectator-zh-CN")

        seen = await play_hand(
            lambda: world.match, [BrowserSeat(p) for p in seats], on_play=on_play
        )

        assert {"tractor", "throw", "pair"} <= seen.led, seen.led
        dealer = world.match.view_for(None).history[-1].dealer
        for p in world.players:  # every page shows the end of the hand, kitty face up
            await p.page.locator("#middle .summary").wait_for()
            assert "底牌" in await p.page.inner_text("#middle")
        assert await watcher.page.locator("#hand button").count() == 0
        assert "你正在观战" in await watcher.page.inner_text("#status")
        phone = seats[3].page
        assert await phone.evaluate("document.documentElement.scrollWidth") <= 390
        reconnected = [f for f in seats[1].frames if f["t"] == "hello"]
        assert len(reconnected) == 2  # the socket came back (and was sent the state)
        check_frames(world.players, dealt, seen, dealer)
        for p in world.players:
            assert not p.errors, p.errors


@pytest.mark.slow  # six browsers for a whole hand: in .ci/run's slow pass
async def test_six_play_friends_each_in_their_language(tmp_path: Path) -> None:
    """找朋友 at six seats: the calls made on the page, each person's page in their
    own language with no words of another."""
    langs = ["en", "zh-CN", "zh-TW", "en", "zh-CN", "zh-TW"]
    async with live_world(tmp_path, players=6, preset="friends-6", seed="live-6") as world:
        seats = [
            await world.open(
                await world.seat_url(s),
                s,
                locale=langs[s],
                width=390 if s == 3 else 1100,  # one on a phone
                height=844 if s == 3 else 760,
            )
            for s in range(6)
        ]
        for p in seats:
            await p.page.locator("#hand button.card").first.wait_for()
        dealt = dealt_hands(world.match)

        async def on_play(plays: int) -> None:
            if plays == 30:
                await shoot(seats[0], "live-table-friends-en")
                await shoot(seats[3], "live-table-phone-en")

        seen = await play_hand(
            lambda: world.match, [BrowserSeat(p) for p in seats], on_play=on_play
        )
        m = world.match
        assert m.view_for(None).friend_calls, "the dealer called friends"
        dealer = m.view_for(None).history[-1].dealer
        check_frames(world.players, dealt, seen, dealer)
        for lang, p in zip(langs, seats, strict=True):
            await p.page.locator("#middle .summary").wait_for()
            words = await p.page.inner_text("#bar") + await p.page.inner_text("#actions")
            words += await p.page.inner_text("#middle")
            has_han = any("\u4e00" <= ch <= "\u9fff" for ch in words)
            assert has_han == (lang != "en"), (lang, words)
            assert not p.errors, p.errors
