"""/tournament through the real discord.py client (simcord): a 4-team Swiss of 2
rounds from /tournament new to the final ranking, the players no-shows (AI seats
play after the grace time), a bot restart on the same database in round 2, one
thread per table (never two), the news in the event's channel, and refusals;
the director's replace / adjust / drop / log, a 找朋友 event entered alone, and a
duplicate event (two tables of one match) through a restart mid-round."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.service.tournament.driver import GRACE_SECONDS
from tests.support.discord_helpers import World, make_world
from tests.support.discord_tournament import PLAYERS, director, drive, posts


def thread_names(w: World) -> list[str]:
    return sorted(t.name for t in w.channel.threads)


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
        ev = await w.bot.service.tournaments.events.event(1)
        cog = w.bot.get_cog("TournamentCog")
        before = {t.name: t.id for t in w.channel.threads}
        # A thread made but its table not stored (a crash between): found, not made again.
        assert (await cog.news.thread_for(ev, 2, 1)) == (before["T1-R2-1"], w.channel.id)
        assert len(w.channel.threads) == 4

        w.clock.advance(GRACE_SECONDS + 1)
        await drive(w, "over", 2)
        assert thread_names(w) == ["T1-R1-1", "T1-R1-2", "T1-R2-1", "T1-R2-2"]
        final = posts(w, "**Cup** is over. Final ranking:")
        assert len(final) == 1 and final[0].attachments
        ranking = [line for line in final[0].content.splitlines()[1:] if line]
        assert [line.split(".")[0] for line in ranking] == ["1", "2", "3", "4"]
        assert len(posts(w, "**Cup** — round 2:")) == 1  # paired once, not again on resume
        standings = await w.bot.service.tournaments.events.standings(1)
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

    def inked(png: bytes, left: int, right: int) -> int:  # pixels unlike the corner's
        im = Image.open(io.BytesIO(png)).convert("RGB")
        bg = bytes(im.getpixel((0, im.height - 1)))  # type: ignore[arg-type]
        raw = im.crop((im.width - left, 44, im.width - right, im.height)).tobytes()
        return sum(1 for i in range(0, len(raw), 3) if raw[i : i + 3] != bg)

    # 找朋友 players: one column, the levels gained; no points or Buchholz columns.
    alone = render_standings(lines, "Cup", 2, "en", kind="alone")
    assert inked(alone, 180, 75) == 0 < inked(render_standings(lines, "Cup", 2, "en"), 180, 75)
    assert inked(alone, 55, 5) > 0
    # Duplicate: the last column is IMPs (its own word), the rows the same.
    assert render_standings(lines, "Cup", 2, "zh_CN", kind="imps") != zh


async def test_the_director_replaces_adjusts_drops_and_reads_the_log(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=PLAYERS) as w:
        p = w.members
        td = await director(w)
        r = await w.slash(
            td, "tournament new", name="Cup", format="swiss", rounds=2, hands=1,
            preset="one-deck", grace=1, win=3, draw=1, loss=0,
        )  # fmt: skip
        assert r.response is not None and "Tournament #1" in r.response.content
        ev = await w.bot.service.tournaments.events.event(1)
        assert ev.settings["grace"] == 60 and ev.settings["points"]["win"] == 3
        for i in (0, 2, 4):
            await w.slash(p[i], "tournament join", partner=p[i + 1])
        r = await w.slash(p[6], "tournament join")  # a pair event: a partner is needed
        assert r.response is not None and r.response.ephemeral
        assert "A team of this tournament has 2 players." in r.response.content

        # Not the director: refused, nothing changes.
        r = await w.slash(p[2], "tournament replace", team=1, old=p[1], new=p[6], reason="ill")
        assert r.response is not None and r.response.ephemeral
        assert "Only the tournament's director" in r.response.content
        r = await w.slash(p[2], "tournament log")
        assert r.response is not None and r.response.ephemeral
        assert "Only the tournament's director" in r.response.content
        r = await w.slash(p[2], "tournament drop", team=1)
        assert r.response is not None and "Only the tournament's director" in r.response.content
        r = await w.slash(td, "tournament log")
        assert r.response is not None and "changed nothing" in r.response.content

        r = await w.slash(td, "tournament replace", team=1, old=p[1], new=p[6], reason="ill")
        assert r.response is not None and "p6 plays instead of p1" in r.response.content
        r = await w.slash(td, "tournament replace", team=1, old=p[1], new=p[7], reason="again")
        assert r.response is not None and "not on that team" in r.response.content
        entries = await w.bot.service.tournaments.events.entries(1)
        assert list(entries[0].names) == ["p0", "p6"]
        r = await w.slash(td, "tournament drop", team=3)
        assert r.response is not None and "Team 3 has left" in r.response.content
        assert [e.dropped for e in await w.bot.service.tournaments.events.entries(1)] == [
            False, False, True,
        ]  # fmt: skip
        for i in (0, 2):
            await w.slash(p[i], "tournament checkin")
        await w.slash(td, "tournament start")
        assert thread_names(w) == ["T1-R1-1"]
        # During the round: the seat at the running table changes hands at once.
        r = await w.slash(td, "tournament replace", team=2, old=p[3], new=p[7], reason="late")
        assert r.response is not None and "p7 plays instead of p3" in r.response.content
        table_id = (await w.bot.service.tournaments.store.pairings(1, 1))[0].table_id
        status = w.bot.service.queries.cached_status(table_id)
        assert status is not None
        assert p[7].id in [s.user_id for s in status.table.seats]
        assert p[3].id not in [s.user_id for s in status.table.seats]
        w.clock.advance(61)  # the event's own grace time: one minute
        await drive(w, "finished", 1)

        r = await w.slash(td, "tournament adjust", round=1, table=2, margin=1, reason="typo")
        assert r.response is not None and "no finished table of that number" in r.response.content
        r = await w.slash(p[0], "tournament adjust", round=1, table=1, margin=1, reason="x")
        assert r.response is not None and "Only the tournament's director" in r.response.content
        r = await w.slash(td, "tournament adjust", round=1, table=1, margin=2, reason="a revoke")
        assert r.response is not None and "the result is now +2" in r.response.content
        top = (await w.bot.service.tournaments.events.standings(1))[0]
        assert top.team == 0 and top.points == 3 and top.level_diff == 2  # win: 3 points

        r = await w.slash(td, "tournament log")
        assert r.response is not None and r.response.ephemeral
        log = r.response.content.splitlines()
        assert log[0] == "Director's log of **Cup**:" and len(log) == 4
        assert "team 1, p6 instead of p1 — ill" in log[1] and f"<@{td.id}>" in log[1]
        assert "team 2, p7 instead of p3 — late" in log[2]
        assert "round 1, table 1:" in log[3] and "→ +2 — a revoke" in log[3]


async def test_a_finding_friends_event_is_entered_alone(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=PLAYERS, guild_locale="zh-CN") as w:
        p = w.members
        w.hook.locales[p[6].id] = "zh-TW"
        td = await director(w)
        r = await w.slash(
            td, "tournament new", name="找朋友", format="swiss", rounds=1, hands=1,
            preset="friends-6",
        )  # fmt: skip
        assert r.response is not None and "找朋友：每人单独报名" in r.response.content
        assert "搭档" not in r.response.content
        for i in range(6):
            r = await w.slash(p[i], "tournament join")
            assert r.response is not None and f"{i + 1} 号选手已报名" in r.response.content
            assert "队" not in r.response.content, r.response  # players, not teams
        r = await w.slash(p[6], "tournament join", partner=p[7])
        assert r.response is not None and r.response.ephemeral
        assert "找朋友比賽一人報名" in r.response.content
        assert len(await w.bot.service.tournaments.events.entries(1)) == 6
        r = await w.slash(
            td, "tournament new", name="Pairs", format="knockout", rounds=1, hands=1,
            preset="friends-6",
        )  # fmt: skip
        assert r.response is not None and r.response.ephemeral  # 找朋友: Swiss only
        for i in range(6):
            r = await w.slash(p[i], "tournament checkin")
            assert r.response is not None and f"{i + 1} 号选手已签到" in r.response.content
        r = await w.slash(p[0], "tournament status")
        assert r.response is not None and "6 player(s) entered, 6 checked in" in r.response.content
        r = await w.slash(td, "tournament start")
        assert r.response is not None and not r.response.ephemeral, r.response
        assert thread_names(w) == ["T1-R1-1"]  # six players, one table of six
        status = w.bot.service.queries.cached_status(
            (await w.bot.service.tournaments.store.pairings(1, 1))[0].table_id
        )
        assert status is not None and len(status.table.seats) == 6
        paired = [m.content for m in w.bot_messages() if m.content.startswith("**找朋友** —")]
        assert len(paired) == 1 and "p0, p1, p2, p3, p4, p5" in paired[0], paired
        w.clock.advance(GRACE_SECONDS + 1)
        await drive(w, "over", 1)
        results = [m.content for m in w.bot_messages() if "第 1 轮结果" in m.content]
        assert len(results) == 1 and results[0].count("p") >= 12, results
        # Players alone are ranked by the levels they gained: no Buchholz, no teams.
        assert "共升" in results[0] and "布氏" not in results[0], results[0]
        seats = re.findall(r"p(\d) ([+-]\d+)", results[0].split("\n")[1])
        assert len(seats) == 6, results[0]


async def test_a_duplicate_event_through_a_restart(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=PLAYERS) as w:
        p = w.members
        td = await director(w)
        r = await w.slash(
            td, "tournament new", name="Dup", format="duplicate", rounds=1, hands=2,
            preset="one-deck",
        )  # fmt: skip
        assert r.response is not None and "duplicate, 1 rounds" in r.response.content
        r = await w.slash(p[0], "tournament join", partner=p[1], second=p[2])
        assert r.response is not None and "four players" in r.response.content
        for i in (0, 4):
            r = await w.slash(
                p[i], "tournament join", partner=p[i + 1], second=p[i + 2], third=p[i + 3]
            )
            assert r.response is not None and f"Team {i // 4 + 1} entered" in r.response.content
            await w.slash(p[i + 3], "tournament checkin")
        r = await w.slash(td, "tournament start")
        assert r.response is not None and "has started" in r.response.content
        assert thread_names(w) == ["T1-R1-1", "T1-R1-2"]  # one match, two tables
        w.clock.advance(GRACE_SECONDS + 1)
        store = w.bot.service.tournaments.store
        for _ in range(3000):  # until the first board is over at a table
            await w.bot.tick_now()
            await w.env.settle()
            w.clock.advance(5)
            played = [await store.table_hands(t.table_id) for t in await store.pairings(1, 1)]
            if any(played):
                break
        assert (await store.rounds(1))[0].status == "open"

        await w.restart()
        await w.env.settle()
        assert thread_names(w) == ["T1-R1-1", "T1-R1-2"]
        threads = {t.name: t.id for t in w.channel.threads}
        cog = w.bot.get_cog("TournamentCog")
        ev = await w.bot.service.tournaments.events.event(1)
        assert (await cog.news.thread_for(ev, 1, 2)) == (threads["T1-R1-2"], w.channel.id)
        w.clock.advance(GRACE_SECONDS + 1)
        await drive(w, "over", 1)
        assert thread_names(w) == ["T1-R1-1", "T1-R1-2"]
        tables = await store.pairings(1, 1)
        assert all(t.hands == 2 and len(t.no_shows) == 4 for t in tables), tables
        assert len(posts(w, "**Dup** — round 1:")) == 1
        final = posts(w, "**Dup** is over. Final ranking:")
        assert len(final) == 1 and final[0].attachments
        assert (
            "1. p0 & p1 & p2 & p3" in final[0].content or "1. p4 & p5 & p6 & p7" in final[0].content
        )
        standings = await w.bot.service.tournaments.events.standings(1)
        assert sorted(s.team for s in standings) == [0, 1]
        # The result is the match's IMPs, once (not each table's levels).
        (results,) = posts(w, "**Dup** — results of round 1:")
        imps = tables[0].ns_raw or 0
        assert f"Match 1: p0 & p1 & p2 & p3 {imps:+d} IMPs v p4 & p5 & p6 & p7" in results.content
        assert "Table 1:" not in results.content and "Table 2:" not in results.content
        assert f"IMPs {imps:+d}" in results.content or f"IMPs {-imps:+d}" in results.content


def test_the_director_log_in_chinese_has_no_english() -> None:
    from datetime import UTC, datetime

    from bot.discord_app.tournament_news import log_line
    from storage.tournament_director import LogEntry

    at = datetime(2026, 1, 2, 3, 4, tzinfo=UTC)
    swap = LogEntry(at, 9, "replace", 1, None, {"team": 0, "old": 1, "old_name": "甲",
                    "new": 2, "new_name": "乙"}, "病了")  # fmt: skip
    fix = LogEntry(at, 9, "adjust", 2, 3, {"before": {"level_diff": -1, "ns_raw": None},
                   "after": {"level_diff": 2, "ns_raw": None}}, "记错")  # fmt: skip
    assert log_line("zh_TW", swap) == "2026-01-02 03:04 <@9>：第 1 隊，乙 代替 甲——病了"
    assert log_line("zh_CN", fix) == "2026-01-02 03:04 <@9>：第 2 轮第 3 桌：-1 → +2——记错"
    assert "team 1, 乙 instead of 甲" in log_line("en", swap)


async def test_a_tournament_director_role_runs_events_without_manage_server(
    tmp_path: Path,
) -> None:
    """ "Manage Server or a tournament role": a member with a role named Tournament
    Director (any case; 比赛裁判 / 比賽裁判 in Chinese servers) creates and starts an
    event; the same member without it is refused, and a draw margin is kept."""
    async with make_world(tmp_path, names=PLAYERS) as w:
        p = w.members
        organiser = w.guild.add_member(w.env.create_user("organiser"))
        r = await w.slash(
            organiser, "tournament new", name="Cup", format="swiss", rounds=1, hands=1
        )
        assert r.response is not None and r.response.ephemeral
        assert "Tournament Director" in r.response.content
        assert await w.bot.service.tournaments.store.events(guild_id=w.guild.id) == []
        role = w.guild.create_role("tournament DIRECTOR")  # no permission at all
        organiser = w.guild.add_member(w.env.create_user("organiser2"), roles=[role])
        r = await w.slash(
            organiser,
            "tournament new",
            name="Cup",
            format="swiss",
            rounds=1,
            hands=1,
            preset="one-deck",
            draw_margin=2,
        )
        assert r.response is not None and "Tournament #1 **Cup**" in r.response.content
        (ev,) = await w.bot.service.tournaments.store.events(guild_id=w.guild.id)
        assert ev.settings["points"]["draw_margin"] == 2
        for i in range(0, 4, 2):
            await w.slash(p[i], "tournament join", partner=p[i + 1])
            await w.slash(p[i + 1], "tournament checkin")
        r = await w.slash(organiser, "tournament start")
        assert r.response is not None and not r.response.ephemeral
        event = await w.bot.service.tournaments.store.event(ev.id)
        assert event is not None and event.status == "running"
