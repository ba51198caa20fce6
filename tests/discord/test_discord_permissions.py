"""A channel where the bot lacks a permission: ``/table new`` refuses in one sentence
naming it, and a permission taken away after the table opened makes the table fall
back (no picture, plain text, or DMs and answers only), told once, the hand played
to its end, every DM sent and no burst of refused retries. Discord's enforcement is
``permission_helpers.strict_permissions`` on top of simcord's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.text.i18n import text
from tests.support.discord_helpers import (
    World,
    bury,
    finish_declaring,
    make_world,
    open_table_with_buttons,
    play_until,
    start_with_button,
)
from tests.support.permission_helpers import set_bot_permission, strict_permissions

pytestmark = pytest.mark.asyncio


def answers_with(w: World, needle: str) -> int:
    """How many interaction answers (not channel messages) carried ``needle``."""
    return sum(
        1
        for req in w.requests()
        if ("/interactions/" in req.path or "/webhooks/" in req.path)
        and needle in json.dumps(req.json, ensure_ascii=False)
    )


def channel_posts(w: World, since: int = 0) -> int:
    return sum(
        1
        for req in w.requests(since)
        if req.method == "POST" and req.path == f"/channels/{w.channel.id}/messages"
    )


async def play_hand(w: World) -> None:
    await start_with_button(w)
    await finish_declaring(w)
    await bury(w)
    await play_until(w, lambda _m: False)
    assert w.match.phase == "scored"


@pytest.mark.parametrize(
    ("perm", "locale"),
    [
        ("attach_files", "en-US"),
        ("embed_links", "zh-CN"),
        ("send_messages", "zh-TW"),
    ],
)
async def test_table_new_refused_naming_the_permission(
    tmp_path: Path, perm: str, locale: str
) -> None:
    with strict_permissions():
        async with make_world(tmp_path) as w:
            set_bot_permission(w, perm, False)
            alice = w.members[0]
            w.hook.locales[alice.id] = locale
            mark = w.mark()
            r = await w.slash(alice, "table new")
            assert r.response is not None and r.response.ephemeral
            lang = {"en-US": "en"}.get(locale, locale)
            name = text(lang, f"perm.{perm}")
            expected = text(lang, "perm_refused", missing=name)
            assert r.response.content == expected
            assert not w.bot.service.core.table_ids()
            assert channel_posts(w, mark) == 0


@pytest.mark.parametrize("perm", ["create_public_threads", "send_messages_in_threads"])
async def test_busy_channel_refused_without_thread_permissions(tmp_path: Path, perm: str) -> None:
    with strict_permissions():
        async with make_world(tmp_path) as w:
            await open_table_with_buttons(w)  # the channel is busy: the next table needs a thread
            set_bot_permission(w, perm, False)
            r = await w.slash(w.members[1], "table new")
            assert r.response is not None and r.response.ephemeral
            assert r.response.content == text(
                "en", "perm_refused", missing=text("en", f"perm.{perm}")
            )
            assert len(w.bot.service.core.table_ids()) == 1
            assert not w.guild.threads if hasattr(w.guild, "threads") else True


async def test_no_attach_files_plays_without_the_picture(tmp_path: Path) -> None:
    with strict_permissions():
        async with make_world(tmp_path) as w:
            await open_table_with_buttons(w)
            set_bot_permission(w, "attach_files", False)
            await play_hand(w)
            tables = w.table_messages()
            assert len(tables) == 1 and not tables[0].attachments
            assert tables[0].embeds and tables[0].embeds[0].fields  # the hand summary
            for m in w.members:
                assert w.dm_messages(m), m  # every hand DM went out
            note = text("en", "perm_fallback", missing=text("en", "perm.attach_files"))
            assert answers_with(w, note) == 1


async def test_no_embed_links_plays_in_plain_text(tmp_path: Path) -> None:
    with strict_permissions():
        async with make_world(tmp_path) as w:
            await open_table_with_buttons(w)
            set_bot_permission(w, "embed_links", False)
            await play_hand(w)
            hand = text("en", "hand_over")
            shown = [m for m in w.bot_messages() if hand in m.content]
            assert len(shown) == 1 and not shown[0].embeds  # the summary, as text
            for m in w.members:
                assert w.dm_messages(m), m
            note = text("en", "perm_fallback", missing=text("en", "perm.embed_links"))
            assert answers_with(w, note) == 1


async def test_no_send_messages_keeps_dms_and_answers(tmp_path: Path) -> None:
    with strict_permissions():
        async with make_world(tmp_path) as w:
            await open_table_with_buttons(w)
            set_bot_permission(w, "send_messages", False)
            mark = w.mark()
            await play_hand(w)
            assert channel_posts(w, mark) == 0  # nothing tried while it is refused
            for m in w.members:
                assert w.dm_messages(m), m
            note = text("en", "perm_silent", missing=text("en", "perm.send_messages"))
            assert answers_with(w, note) == 1
            # Given back: the table message is posted at the next change.
            set_bot_permission(w, "send_messages", True)
            await w.env.settle()
            await w.bot.presenter.flush_all()
            assert len(w.table_messages()) == 1  # the scored hand, nothing lost


async def test_thread_refused_by_discord_is_answered(tmp_path: Path) -> None:
    """The cache said yes but Discord says no (403 50013): still one sentence, no table."""
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        w.env.inject_error(
            "POST",
            f"/channels/{w.channel.id}/threads",
            status=403,
            code=50013,
            message="Missing Permissions",
            times=None,
        )
        r = await w.slash(w.members[1], "table new")
        assert r.response is not None and r.response.ephemeral
        missing = text("en", "perm.create_public_threads")
        assert r.response.content == text("en", "perm_refused", missing=missing)
        assert len(w.bot.service.core.table_ids()) == 1


async def test_unexpected_refusal_is_not_retried_in_a_burst(tmp_path: Path) -> None:
    """Discord refuses channel messages the cache says are allowed: one attempt, then a
    pause (no post at every change), and every hand DM still goes out."""
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        w.env.inject_error(
            "POST",
            f"/channels/{w.channel.id}/messages",
            status=403,
            code=50013,
            message="Missing Permissions",
            times=None,
        )
        mark = w.mark()
        await play_hand(w)
        assert channel_posts(w, mark) == 1
        for m in w.members:
            assert w.dm_messages(m), m


async def test_thread_table_without_send_in_threads_keeps_dms_and_answers(
    tmp_path: Path,
) -> None:
    with strict_permissions():
        async with make_world(tmp_path) as w:
            await open_table_with_buttons(w)  # busy: bob's table gets a thread
            bob = w.members[1]
            r = await w.slash(w.members[1], "table new")
            assert r.response is not None
            (thread,) = w.channel.threads
            for _ in range(3):
                await bob.slash(thread, "table addbot")
            set_bot_permission(w, "send_messages_in_threads", False)
            mark = w.mark()
            start = await bob.slash(thread, "table start")
            assert start.response is not None
            assert not [
                q
                for q in w.requests(mark)
                if q.method == "POST" and q.path == f"/channels/{thread.id}/messages"
            ]
            assert w.dm_messages(bob)  # the hand DM went out
            note = text("en", "perm_silent", missing=text("en", "perm.send_messages_in_threads"))
            shown = await bob.slash(thread, "table status")
            assert shown.response is not None
            assert answers_with(w, note) == 1
