"""After a match at the console (issue 47 item 2): its progress, table and rules
can still be looked at, 下一场 / new starts another match in place, and running the
console again says which match is over and that a new one opens."""

from __future__ import annotations

import dataclasses
import io

from bot.console.table import ConsoleTable
from rules.presets import preset
from storage import Database
from tests.support.console_helpers import console_table

# Only K and A to play: a match is over in a few hands.
SHORT = dataclasses.replace(preset("one-deck"), levels=(13, 14))
DISCORD_SENTENCE = "这个频道没有牌桌"  # "no table in this channel. Start one with /table new."


async def finished_console(db: Database) -> tuple[ConsoleTable, io.StringIO]:
    """A Chinese console table played (moves by the hint) to the end of its match."""
    table, buf = await console_table(db, locale="zh-CN", rules=SHORT)
    for _ in range(2_000):
        asked = await table.pump()
        if asked == "over":
            return table, buf
        await table.handle("next" if asked == "next" else "go", asked)
    raise AssertionError("the match never ended")


async def said(table: ConsoleTable, buf: io.StringIO, line: str) -> str:
    mark = len(buf.getvalue())
    await table.handle(line, "over")
    return buf.getvalue()[mark:]


async def test_a_finished_match_stays_viewable_and_a_new_one_starts_in_place(
    sqlite_db: Database,
) -> None:
    table, buf = await finished_console(sqlite_db)
    first = table.table_id
    prompt = table.prompt_for("over")
    assert "下一场" in prompt and "--new" not in prompt

    progress = await said(table, buf, "进度")
    assert "第 1 局：庄家" in progress and DISCORD_SENTENCE not in progress
    assert "下一局" not in progress.strip().splitlines()[-1]  # nobody deals after the last hand

    status = await said(table, buf, "牌桌")
    assert f"第 {first} 桌" in status and "赢得比赛" in status and "游戏还没开始" not in status
    rules = await said(table, buf, "规则")
    assert "一副牌" in rules and "游戏还没开始" not in rules

    nxt = await said(table, buf, "下一局")  # no next hand: the match is over, said as such
    assert DISCORD_SENTENCE not in nxt and "比赛结束" in nxt

    new = await said(table, buf, "下一场")
    assert table.table_id is not None and table.table_id != first
    assert f"新牌桌，第 {table.table_id} 桌（一副牌）" in new
    assert await table.pump() not in ("over", None)  # the new match is being dealt
    held = table.service.queries.cached_status(table.table_id)
    assert held is not None and held.table.rules == SHORT


async def test_new_is_refused_while_the_match_is_played(sqlite_db: Database) -> None:
    table, buf = await console_table(sqlite_db, locale="en")
    first = table.table_id
    asked = await table.pump()
    mark = len(buf.getvalue())
    await table.handle("new", asked)
    assert "still being played" in buf.getvalue()[mark:] and table.table_id == first


async def test_running_again_after_a_match_says_it_is_over_and_opens_a_new_one(
    sqlite_db: Database,
) -> None:
    table, _ = await finished_console(sqlite_db)
    first = table.table_id
    again, buf = await console_table(sqlite_db, locale="zh-CN", rules=SHORT)
    out = buf.getvalue()
    assert out.startswith(f"第 {first} 桌的比赛已经结束。🏆 ")
    assert "赢得比赛！开始新的一场。" in out
    assert f"新牌桌，第 {again.table_id} 桌（一副牌）" in out and again.table_id != first
