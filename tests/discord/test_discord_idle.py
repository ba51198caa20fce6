"""Idle tables on Discord (issue 18, item 7), in the simulator: the pause and the
close are each posted once, in the table's language; the cap on open tables is
answered with a refusal naming it."""

from __future__ import annotations

from pathlib import Path

from tests.support.discord_helpers import make_world

PAUSED = "Nobody is playing at this table"
CLOSED = "Nobody played here for a while"


def posts_with(w: object, part: str) -> int:
    return sum(part in (m.content or "") for m in w.bot_messages())  # type: ignore[attr-defined]


async def test_pause_and_close_are_posted_once(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        alice = w.members[0]
        await w.slash(alice, "table new")
        for _ in range(3):
            await w.slash(alice, "table addbot")
        await w.slash(alice, "table start")
        table_id = w.table_id
        r = await w.slash(alice, "table leave")
        assert r.response is not None
        await w.bot.tick_now()
        assert posts_with(w, PAUSED) == 1 and posts_with(w, CLOSED) == 0
        played = len(w.bot.service.queries.match_of(table_id).hand_log)
        w.clock.advance(29 * 60)
        await w.bot.tick_now()
        assert len(w.bot.service.queries.match_of(table_id).hand_log) == played  # paused
        w.clock.advance(60)
        await w.bot.tick_now()
        await w.bot.tick_now()
        assert posts_with(w, CLOSED) == 1 and posts_with(w, PAUSED) == 1
        assert w.bot.service.core.table_ids() == []


async def test_the_cap_on_tables_per_user_is_answered(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        alice = w.members[0]
        for n in range(3):  # the default cap: 3 (the second and third open threads)
            await w.slash(alice, "table new")
            assert len(w.bot.service.core.table_ids()) == n + 1
        r = await w.slash(alice, "table new")
        assert r.response is not None and r.response.ephemeral
        assert "3 open tables" in r.response.content and "/table end" in r.response.content
        assert len(w.bot.service.core.table_ids()) == 3
        assert len(w.channel.threads) == 2  # no thread opened for the refused table
