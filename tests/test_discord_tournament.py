"""/tournament through the real discord.py client (simcord): a 4-team Swiss of 2
rounds from /tournament new to the final ranking, the players no-shows (AI seats
play after the grace time), a bot restart on the same database in round 2, one
thread per table (never two), the news in the event's channel, and refusals."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.service.tournament.driver import GRACE_SECONDS
from tests.discord_helpers import World, make_world

PLAYERS = tuple(f"p{i}" for i in range(8))


async def drive(w: World, until: str, round_no: int, limit: int = 3000) -> None:
    """Tick the bot (moving the clock) until the event's round ``round_no`` is
    ``until`` ("open" / "finished") or the event is over ("over")."""
    tours = w.bot.service.tournaments
    for _ in range(limit):
        ev = (await tours.store.events(guild_id=w.guild.id))[-1]
        rounds = await tours.store.rounds(ev.id)
        mine = [r for r in rounds if r.round_no == round_no]
        if until == "over" and ev.status == "finished":
            return
        if until != "over" and mine and mine[0].status == until:
            return
        await w.bot.tick_now()
        await w.env.settle()
        w.clock.advance(5)
    raise AssertionError(f"round {round_no} never got to {until}")


def thread_names(w: World) -> list[str]:
    return sorted(t.name for t in w.channel.threads)


def posts(w: World, start: str) -> list[discord.Message]:
    return [m for m in w.bot_messages() if m.content.startswith(start)]


async def test_a_swiss_event_from_new_to_final_standings_through_a_restart(
    tmp_path: Path,
) -> None:
    async with make_world(tmp_path, names=PLAYERS) as w:
        p = w.members
        admins = w.guild.create_role("TD", permissions=discord.Permissions(manage_guild=True))
        td = w.guild.add_member(w.env.create_user("director"), roles=[admins])

        r = await w.slash(p[0], "tournament new", name="Cup", format="swiss", rounds=2, hands=1)
        assert r.response is not None and r.response.ephemeral
        assert "Manage Server" in r.response.content
        r = await w.slash(
            td, "tournament new", name="Cup", format="swiss", rounds=2, hands=1, preset="one-deck"
        )
        assert r.response is not None and "Tournament #1 **Cup**" in r.response.content
        # /tournament before any entry: the service's refusals, in words.
        r = await w.slash(td, "tournament start")
        assert r.response is not None and r.response.ephemeral
        assert "at least two checked-in teams" in r.response.content

        for i in range(0, 8, 2):
            r = await w.slash(p[i], "tournament join", partner=p[i + 1])
            assert r.response is not None and f"Team {i // 2 + 1}" in r.response.content, r.response
        r = await w.slash(p[0], "tournament join", partner=p[2])
        assert r.response is not None and r.response.ephemeral
        assert "already on a team" in r.response.content
        for i in range(0, 8, 2):
            r = await w.slash(p[i + 1], "tournament checkin")
            assert r.response is not None and "checked in" in r.response.content
        r = await w.slash(p[0], "tournament status")
        assert r.response is not None and "4 team(s) entered, 4 checked in" in r.response.content

        r = await w.slash(p[0], "tournament start")
        assert r.response is not None and r.response.ephemeral
        assert "Only the tournament's director" in r.response.content
        r = await w.slash(td, "tournament start")
        assert r.response is not None and "has started" in r.response.content
        assert thread_names(w) == ["T1-R1-1", "T1-R1-2"]
        paired = posts(w, "**Cup** — round 1:")
        assert len(paired) == 1
        for t in w.channel.threads:
            assert f"<#{t.id}>" in paired[0].content
        assert "p0 & p1" in paired[0].content
        for t in w.channel.threads:  # the table plays in its thread, not the event's channel
            assert w.bot_messages(t), t.name
        assert not w.table_messages()

        # The players never move: after the grace time AI seats play the hand.
        w.clock.advance(GRACE_SECONDS + 1)
        await drive(w, "finished", 1)
        results = posts(w, "**Cup** — results of round 1:")
        assert len(results) == 1 and results[0].attachments
        assert "standings after round 1" in results[0].content
        store = w.bot.service.tournaments.store
        played = await store.pairings(1, 1)
        assert all(len(t.no_shows) == 4 and t.hands == 1 for t in played), played
        await drive(w, "open", 2)
        assert thread_names(w) == ["T1-R1-1", "T1-R1-2", "T1-R2-1", "T1-R2-2"]

        # A restart in round 2: the tables go on in the same threads.
        await w.restart()
        await w.env.settle()
        assert thread_names(w) == ["T1-R1-1", "T1-R1-2", "T1-R2-1", "T1-R2-2"]
        ev = await w.bot.service.tournaments.event(1)
        cog = w.bot.get_cog("TournamentCog")
        before = {t.name: t.id for t in w.channel.threads}
        # A thread made but its table not stored (a crash between): found, not made again.
        assert (await cog.thread_for(ev, 2, 1)) == (before["T1-R2-1"], w.channel.id)
        assert len(w.channel.threads) == 4

        w.clock.advance(GRACE_SECONDS + 1)
        await drive(w, "over", 2)
        assert thread_names(w) == ["T1-R1-1", "T1-R1-2", "T1-R2-1", "T1-R2-2"]
        final = posts(w, "**Cup** is over. Final ranking:")
        assert len(final) == 1 and final[0].attachments
        ranking = [line for line in final[0].content.splitlines()[1:] if line]
        assert [line.split(".")[0] for line in ranking] == ["1", "2", "3", "4"]
        assert len(posts(w, "**Cup** — round 2:")) == 1  # paired once, not again on resume
        standings = await w.bot.service.tournaments.standings(1)
        assert sum(s.points for s in standings) == 2 * 2 * 2  # two matches a round, 2 points each

        r = await w.slash(p[3], "tournament status")
        assert r.response is not None and "Final ranking" in r.response.content
        r = await w.slash(p[3], "tournament join", partner=p[4])
        assert r.response is not None and "not taking entries" in r.response.content
        r = await w.slash(td, "tournament end")
        assert r.response is not None and "This tournament is over." in r.response.content


async def test_tournament_words_in_chinese(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=PLAYERS, guild_locale="zh-CN") as w:
        p = w.members
        w.hook.locales[p[0].id] = "zh-TW"
        r = await w.slash(p[1], "tournament status")
        assert r.response is not None and r.response.ephemeral
        assert "no tournament in this channel" in r.response.content  # the asker's language
        r = await w.slash(p[0], "tournament status")
        assert r.response is not None and "本頻道沒有比賽" in r.response.content
        admins = w.guild.create_role("TD", permissions=discord.Permissions(manage_guild=True))
        td = w.guild.add_member(w.env.create_user("director"), roles=[admins])
        r = await w.slash(
            td,
            "tournament new",
            name="杯赛",
            format="knockout",
            rounds=1,
            hands=1,
            preset="one-deck",
        )
        assert r.response is not None and "比赛 #1 **杯赛**（淘汰赛，1 轮）" in r.response.content
        assert "tournament" not in r.response.content
        for i in (0, 2):
            await w.slash(p[i], "tournament join", partner=p[i + 1])
            await w.slash(p[i], "tournament checkin")
        r = await w.slash(p[0], "tournament join", partner=p[4])
        assert r.response is not None and "已經在這場比賽" in r.response.content
        r = await w.slash(p[0], "tournament start")
        assert r.response is not None and "只有比賽裁判" in r.response.content
        await w.slash(td, "tournament start")
        w.clock.advance(GRACE_SECONDS + 1)
        await drive(w, "over", 1)
        news = [m.content for m in w.bot_messages() if m.content.startswith("**杯赛**")]
        assert any("第 1 轮：" in n for n in news) and any("最终排名" in n for n in news), news
        for n in news:  # names and thread links aside, no English on a Chinese screen
            words = n.replace("p0 & p1", "").replace("p2 & p3", "")
            assert not re.search(r"[A-Za-z]{2,}", re.sub(r"<#\d+>", "", words)), n


def test_the_standings_picture_is_readable_and_in_the_language_asked() -> None:
    import io

    from PIL import Image

    from bot.pictures.standings import StandingLine, render_standings

    lines = [StandingLine(1, "alice & 小明", 4, 2, 3), StandingLine(2, "bob & carol", 0, 4, -3)]
    en = Image.open(io.BytesIO(render_standings(lines, "Cup", 2, "en")))
    zh = render_standings(lines, "Cup", 2, "zh_CN")
    assert 440 <= en.width <= 520 and en.height > 100
    assert zh != render_standings(lines, "Cup", 2, "en")
    more = Image.open(io.BytesIO(render_standings(lines * 4, "Cup", 2, "en")))
    assert more.height > en.height  # a row per team
