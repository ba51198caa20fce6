"""Ranked play through the real discord.py client (simcord): /table new ranked:true
(the server's rules, locked; people only), a ranked hand's 段位 lines, /rank,
/leaderboard and /season (Manage Server)."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from tests.support.discord_helpers import (
    NAMES,
    World,
    bury,
    custom_ids,
    finish_declaring,
    make_world,
    play_until,
)


async def open_ranked(w: World) -> None:
    r = await w.slash(w.members[0], "table new", ranked=True)
    assert r.response is not None and f"<#{w.channel.id}>" in r.response.content, r.response
    for member in w.members[1:4]:
        r = await w.slash(member, "table join")
        assert r.response is not None


async def test_a_ranked_table_is_locked_people_only_and_moves_the_ladder(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=(*NAMES, "erin")) as w:
        alice, bob = w.members[:2]
        # The ranked rule set is the server's: no preset of one's own.
        r = await w.slash(alice, "table new", ranked=True, preset="tournament")
        assert r.response is not None and r.response.ephemeral
        assert "server's ranked rules" in r.response.content
        assert w.bot.service.core.table_ids() == []
        await open_ranked(w)
        status = w.bot.service.queries.cached_status(w.table_id)
        assert status.options.ranked and status.table.rules.name == "classic"
        r = await w.slash(alice, "table addbot")
        assert r.response is not None and "people only" in r.response.content
        r = await w.slash(alice, "cardmemory", mode="on")  # 记牌器 as the ranked rules say
        assert r.response is not None and "server's ranked rules" in r.response.content
        # The rules panel shows the settings but refuses a change.
        r = await alice.click(w.lobby_message(), custom_id=f"sj:rules:{w.table_id}")
        panel = r.response
        assert panel is not None and panel.ephemeral
        panel = (
            await alice.select(panel, ["follows.1"], custom_id=f"sj:rulesgroup:{w.table_id}")
        ).response
        penalty = f"sj:ruleset:{w.table_id}:follows.1:throw_penalty"
        assert penalty in custom_ids(panel)
        r = await alice.select(panel, ["30"], custom_id=penalty)
        assert r.response is not None and "server's ranked rules" in r.response.content
        assert w.bot.service.queries.cached_status(w.table_id).table.rules.throw_penalty == 10
        r = await w.slash(alice, "table start")
        assert r.response is not None
        await finish_declaring(w)
        await bury(w)
        await play_until(w, lambda _m: False)
        assert w.match.phase == "scored"
        await w.env.settle()
        posts = [m.content for m in w.bot_messages() if m.content.startswith("Ranked:")]
        assert posts, [m.content for m in w.bot_messages()][-5:]
        for name in NAMES:
            assert name in posts[-1]
        assert "points (Level" in posts[-1]

        # /rank: a card (picture + text), private.
        r = await w.slash(alice, "rank")
        assert r.response is not None and r.response.ephemeral
        assert "alice" in r.response.content and "Rating μ" in r.response.content
        assert r.response.attachments and r.response.attachments[0].filename == "rank.png"
        r = await w.slash(w.members[4], "rank", user=bob.user)
        assert r.response is not None and "bob" in r.response.content
        r = await w.slash(w.members[4], "rank")
        assert r.response is not None and "no ranked hands yet" in r.response.content

        # /leaderboard: the four players, each by mention, and the asker's place.
        r = await w.slash(bob, "leaderboard")
        assert r.response is not None and r.response.attachments
        content = r.response.content
        assert content.startswith("**Leaderboard** — fixed partners, the open ladder")
        for m in w.members[:4]:
            assert f"<@{m.id}>" in content
        assert "Your place:" in content
        assert r.response.attachments[0].filename == "leaderboard.png"

        # Leaving a ranked match loses its remaining hands; an AI plays the seat on.
        r = await w.slash(bob, "table leave")
        assert r.response is not None
        await w.env.settle()
        left = [m.content for m in w.bot_messages() if "left a ranked match" in m.content]
        assert left and left[-1].startswith("bob left a ranked match: counted as ")
        hands = int(left[-1].split("counted as ")[1].split()[0])
        m = w.bot.service.queries.match_of(w.table_id)
        dealer_level = m.levels[0]  # N/S won or lost: bob (E) faces N/S
        assert hands == len(m.rules.levels) - m.rules.levels.index(dealer_level)
        card = await w.bot.service.ranked.rank_card(w.guild.id, bob.id)
        assert card.standing is not None and card.standing.hands == 1 + hands

        # /season: Manage Server only; a new season starts an empty board.
        r = await w.slash(bob, "season start")
        assert r.response is not None and r.response.ephemeral
        assert "Manage Server" in r.response.content
        admins = w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        admin = w.guild.add_member(w.env.create_user("admin"), roles=[admins])
        r = await w.slash(admin, "season start")
        assert r.response is not None and "Season 1 has started" in r.response.content
        r = await w.slash(bob, "leaderboard")
        assert "season 1" in r.response.content and "No ranked hands yet." in r.response.content
        r = await w.slash(bob, "leaderboard", season=0)
        assert f"<@{alice.id}>" in r.response.content  # the earlier standings stay readable
        r = await w.slash(admin, "season end")
        assert r.response is not None and "Season 1 has ended" in r.response.content
        r = await w.slash(admin, "season end")
        assert r.response is not None and "No season is running" in r.response.content


async def test_ranked_words_in_chinese(tmp_path: Path) -> None:
    async with make_world(tmp_path, guild_locale="zh-CN") as w:
        w.hook.locales[w.members[0].id] = "zh-CN"
        w.hook.locales[w.members[1].id] = "zh-TW"
        await open_ranked(w)
        r = await w.slash(w.members[0], "table addbot")
        assert r.response is not None and "只限真人" in r.response.content
        r = await w.slash(w.members[0], "leaderboard")
        assert r.response is not None
        assert r.response.content.startswith("**排行榜** — 固定搭档，常设排位")
        assert "还没有排位牌局" in r.response.content
        r = await w.slash(w.members[1], "rank")
        assert r.response is not None and "還沒有排位牌局" in r.response.content
        r = await w.slash(w.members[1], "season start")
        assert r.response is not None and "Manage" not in r.response.content


def tier_roles_of(w: World, user_id: int) -> list[str]:
    """The names of a member's "Shengji …" tier roles, read from the backend."""
    backend = w.env.backend
    guild = backend.get_guild(w.guild.id)
    return sorted(
        guild.roles[r].name
        for r in guild.members[user_id].role_ids
        if r in guild.roles and guild.roles[r].name.startswith("Shengji ")
    )


async def test_tier_roles_are_given_kept_current_and_removed(tmp_path: Path) -> None:
    from sqlalchemy import update

    from storage.models import RatingRow
    from tests.support.permission_helpers import set_bot_permission

    async with make_world(tmp_path, names=(*NAMES, "erin")) as w:
        alice, bob = w.members[:2]
        await open_ranked(w)
        await w.slash(alice, "table start")
        await finish_declaring(w)
        await bury(w)
        await play_until(w, lambda _m: False)
        # Only Manage Roles may; and the bot needs it too (a clear message, nothing done).
        r = await w.slash(bob, "ladder roles", mode="on")
        assert r.response is not None and "Manage Roles permission" in r.response.content
        mods = w.guild.create_role("Mods", permissions=discord.Permissions(manage_roles=True))
        mod = w.guild.add_member(w.env.create_user("mod"), roles=[mods])
        set_bot_permission(w, "manage_roles", False)
        r = await w.slash(mod, "ladder roles", mode="on")
        assert r.response is not None and "I need the Manage Roles permission" in r.response.content
        assert await w.bot.service.ranked.tier_roles(w.guild.id) is None
        set_bot_permission(w, "manage_roles", True)
        r = await w.slash(mod, "ladder roles", mode="on")
        assert r.response is not None and "Tier roles are on: 4 players" in r.response.content
        for m in w.members[:4]:
            assert tier_roles_of(w, m.id) == ["Shengji Level 2"]
        assert tier_roles_of(w, w.members[4].id) == []  # erin has not played
        backend_roles = w.env.backend.get_guild(w.guild.id).roles.values()
        assert all(not r.mentionable for r in backend_roles if r.name.startswith("Shengji "))

        # Alice nears 打6; after the next ranked hand her role follows her tier.
        async with w.bot.database.session() as s:
            await s.execute(
                update(RatingRow)
                .where(RatingRow.player == str(alice.id))
                .values(points=395, tier=3)
            )
        await w.slash(alice, "table next")
        await finish_declaring(w)
        await bury(w)
        await play_until(w, lambda _m: False)
        await w.bot.after_change()
        card = await w.bot.service.ranked.rank_card(w.guild.id, alice.id)
        assert card.standing is not None and card.standing.tier in (3, 4)
        want = "Shengji Level 6" if card.standing.tier == 4 else "Shengji Level 5"
        assert tier_roles_of(w, alice.id) == [want]  # the old tier's role taken away

        r = await w.slash(mod, "ladder roles", mode="off")
        assert r.response is not None and "Tier roles are off" in r.response.content
        for m in w.members[:4]:
            assert tier_roles_of(w, m.id) == []
        assert all(not r.name.startswith("Shengji ") for r in backend_roles)


async def test_a_refused_ranked_table_opens_no_thread(tmp_path: Path) -> None:
    """Bad input changes nothing: in a busy channel (the next table would get a
    thread) /table new ranked:true with rules of its own is refused before any
    thread is made."""
    async with make_world(tmp_path, names=(*NAMES, "erin")) as w:
        await open_ranked(w)  # the channel is busy now
        erin = w.members[4]
        for extra in ({"preset": "tournament"}, {"decks": 3}, {"mode": "friends"}):
            r = await w.slash(erin, "table new", ranked=True, **extra)
            assert r.response is not None and r.response.ephemeral, extra
            assert "server's ranked rules" in r.response.content, extra
            assert w.channel.threads == [], extra
        assert len(w.bot.service.core.table_ids()) == 1


async def test_a_ranked_hand_in_chinese_has_no_english(tmp_path: Path) -> None:
    """A Chinese server's ranked hand: the 段位 lines after it, /rank and
    /leaderboard (with standings, not only the empty ones) have no English word;
    an English client's /rank and /leaderboard have no Chinese."""
    from tests.support.chinese import CJK, NOT_WORDS, assert_chinese, foreign_words

    async with make_world(tmp_path, guild_locale="zh-CN") as w:
        alice, bob = w.members[:2]
        w.hook.locales[alice.id] = "zh-CN"
        w.hook.locales[w.members[2].id] = "zh-TW"
        await open_ranked(w)
        await w.slash(alice, "table start")
        await finish_declaring(w)
        await bury(w)
        await play_until(w, lambda _m: False)
        await w.env.settle()
        posts = [m.content for m in w.bot_messages() if m.content.startswith("排位：")]
        assert posts and all(name in posts[-1] for name in NAMES), posts
        assert_chinese(posts)
        for member, lang_mark in ((alice, "评分"), (w.members[2], "評分")):
            r = await w.slash(member, "rank")
            assert r.response is not None and lang_mark in r.response.content
            assert not foreign_words(r.response.content, NAMES), r.response.content
            r = await w.slash(member, "leaderboard")
            assert r.response is not None and "<@" in r.response.content
            assert not foreign_words(r.response.content, NAMES), r.response.content
        for command in ("rank", "leaderboard"):
            r = await w.slash(bob, command)  # an English client
            assert r.response is not None
            content = NOT_WORDS.sub(" ", r.response.content)
            assert not CJK.search(content), r.response.content


async def test_ending_ones_own_ranked_match_is_leaving_it(tmp_path: Path) -> None:
    """/table end by a seated player mid-match (the creator, about to lose) costs
    what leaving costs; a moderator who is not seated ends it for nothing."""
    async with make_world(tmp_path) as w:
        alice = w.members[0]
        await open_ranked(w)
        await w.slash(alice, "table start")
        await finish_declaring(w)
        r = await w.slash(alice, "table end")
        assert r.response is not None
        await w.env.settle()
        left = [m.content for m in w.bot_messages() if "left a ranked match" in m.content]
        assert left and left[-1].startswith("alice left a ranked match: counted as "), left
        hands = int(left[-1].split("counted as ")[1].split()[0])
        card = await w.bot.service.ranked.rank_card(w.guild.id, alice.id)
        assert card.standing is not None and card.standing.hands == hands
        assert card.standing.wins == 0
        for other in w.members[1:4]:  # the others are charged nothing
            assert (await w.bot.service.ranked.rank_card(w.guild.id, other.id)).standing is None

        # A moderator not at the table ends the next one: nobody is charged.
        await open_ranked(w)
        await w.slash(alice, "table start")
        mods = w.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
        mod = w.guild.add_member(w.env.create_user("mod"), roles=[mods])
        r = await w.slash(mod, "table end")
        assert r.response is not None
        await w.env.settle()
        again = await w.bot.service.ranked.rank_card(w.guild.id, alice.id)
        assert again.standing == card.standing
        assert (await w.bot.service.ranked.rank_card(w.guild.id, w.members[1].id)).standing is None


async def test_season_news_is_public_in_the_servers_language(tmp_path: Path) -> None:
    """/season start|end answer in the channel, for everyone: in the server's
    language, whatever the admin's own client says (refusals stay theirs)."""
    async with make_world(tmp_path, guild_locale="zh-CN") as w:
        admins = w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        admin = w.guild.add_member(w.env.create_user("admin"), roles=[admins])
        w.hook.locales[admin.id] = "en-US"
        r = await w.slash(admin, "season start")
        assert r.response is not None and not r.response.ephemeral
        assert r.response.content.startswith("第 1 赛季开始"), r.response.content
        r = await w.slash(admin, "season end")
        assert r.response is not None and r.response.content.startswith("第 1 赛季结束")
        r = await w.slash(admin, "season end")  # a refusal: private, in the admin's words
        assert r.response is not None and r.response.ephemeral
        assert "No season is running" in r.response.content


async def test_the_lobby_states_the_ranked_rules(tmp_path: Path) -> None:
    """Who sits at a ranked table knows it before the start: the lobby says the
    table is ranked and its stated rules (托管 and time-outs are one's own play,
    leaving loses the remaining hands); an unranked lobby says nothing of it."""
    async with make_world(tmp_path) as w:
        await open_ranked(w)
        lobby = w.lobby_message().content
        assert "**Ranked**" in lobby and "auto-play and time-outs count as your own" in lobby
        assert "loses its remaining hands" in lobby
    async with make_world(tmp_path / "zh", guild_locale="zh-CN") as w:
        await open_ranked(w)
        lobby = w.lobby_message().content
        assert "**排位桌**" in lobby and "托管和超时" in lobby
    async with make_world(tmp_path / "plain") as w:
        r = await w.slash(w.members[0], "table new")
        assert r.response is not None and "Ranked" not in w.lobby_message().content


async def test_the_ranked_rule_set_is_the_servers_default(tmp_path: Path) -> None:
    """``/rules default`` decides what a ranked table plays: a preset, or 找朋友 with
    its N seats (then the friends ladder)."""
    async with make_world(tmp_path) as w:
        saved = w.bot.service.saved_rules
        await saved.set_default(w.guild.id, "tournament", can_manage=True)
        r = await w.slash(w.members[0], "table new", ranked=True)
        assert r.response is not None
        status = w.bot.service.queries.cached_status(w.table_id)
        assert status.options.ranked and status.table.rules.name == "tournament"
        await w.slash(w.members[0], "table end")
        from rules.presets import friends_rules

        await saved.save(w.guild.id, w.members[0].id, "ours5", friends_rules(5, 2))
        await saved.set_default(w.guild.id, "ours5", can_manage=True)
        r = await w.slash(w.members[0], "table new", ranked=True)
        assert r.response is not None
        status = w.bot.service.queries.cached_status(w.table_id)
        assert status.options.ranked and status.table.rules.friends is not None
        assert len(status.table.seats) == status.table.rules.players > 4


async def test_the_leaderboard_picture_names_players_with_no_member_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot's intents cache no members (simcord, like Discord, sends it none), and
    a restart empties every cache: the picture still names each player by the
    display name kept with their hands, never by an id."""
    from bot.discord_app.cogs import ranked
    from bot.pictures.ladder import BoardLine

    drawn: list[list[BoardLine]] = []
    real = ranked.render_leaderboard

    def recording(lines: list[BoardLine], *args: object) -> bytes:
        drawn.append(list(lines))
        return real(lines, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ranked, "render_leaderboard", recording)
    async with make_world(tmp_path) as w:
        await open_ranked(w)
        await w.slash(w.members[0], "table start")
        await finish_declaring(w)
        await bury(w)
        await play_until(w, lambda _m: False)
        await w.restart()
        bot_guild = w.bot.get_guild(w.guild.id)
        assert [m.id for m in bot_guild.members] == [w.env.backend.bot_user.id]
        carol = w.members[2]
        r = await w.slash(carol, "leaderboard")
        assert r.response is not None and r.response.attachments
        by_id = {str(m.id): name for m, name in zip(w.members, NAMES, strict=True)}
        board = await w.bot.service.ranked.ladder_board(w.guild.id, carol.id)
        (lines,) = drawn
        assert [line.name for line in lines] == [by_id[p.player] for p in board.top]
        assert sorted(line.name for line in lines) == sorted(NAMES)
        assert [line.name for line in lines if line.mine] == ["carol"]


async def test_tier_roles_are_made_once_when_discord_announces_them_late(
    tmp_path: Path,
) -> None:
    """Discord's role-created event can come after the REST answer (or, here, never):
    the bot uses the role the API returned and the roles it made, not its cache, so
    one role is made per tier, every player gets it, and ``off`` deletes it."""
    async with make_world(tmp_path) as w:
        alice = w.members[0]
        await open_ranked(w)
        await w.slash(alice, "table start")
        await finish_declaring(w)
        await bury(w)
        await play_until(w, lambda _m: False)
        mods = w.guild.create_role("Mods", permissions=discord.Permissions(manage_roles=True))
        mod = w.guild.add_member(w.env.create_user("mod"), roles=[mods])
        # The bot's cache never hears of the roles it makes.
        w.bot._connection.parsers["GUILD_ROLE_CREATE"] = lambda _data: None
        backend = w.env.backend.get_guild(w.guild.id)

        def shengji_roles() -> list[str]:
            return sorted(r.name for r in backend.roles.values() if r.name.startswith("Shengji"))

        r = await w.slash(mod, "ladder roles", mode="on")
        assert r.response is not None and "Tier roles are on: 4 players" in r.response.content
        assert shengji_roles() == ["Shengji Level 2"]
        for m in w.members[:4]:
            assert tier_roles_of(w, m.id) == ["Shengji Level 2"]
        # A ranked hand later: still the one role (the ladder's flush after the hand).
        await w.slash(alice, "table next")
        await finish_declaring(w)
        await bury(w)
        await play_until(w, lambda _m: False)
        await w.bot.after_change()
        assert len(shengji_roles()) == len(set(shengji_roles()))
        r = await w.slash(mod, "ladder roles", mode="off")
        assert r.response is not None and "Tier roles are off" in r.response.content
        assert shengji_roles() == []
