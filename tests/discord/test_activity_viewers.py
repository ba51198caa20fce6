"""Who may watch a table from the Discord Activity without a seat: the Discord
client's check (``bot.discord_app.viewers``) read off the real discord.py client in
the simulator — a private channel's overwrites and the member's roles, members
fetched over REST (the bot asks for no members intent), strangers refused."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.discord_app.viewers import channel_check
from tests.support.discord_helpers import make_world


async def test_only_who_can_see_the_channel_may_watch(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        guild = w.guild
        players = guild.create_role("players")
        private = guild.create_text_channel(
            "private-table",
            overwrites={
                guild.default_role: discord.PermissionOverwrite(view_channel=False),
                players: discord.PermissionOverwrite(view_channel=True),
            },
        )
        insider = guild.add_member(w.env.create_user("insider"), roles=[players])
        outsider = guild.add_member(w.env.create_user("outsider"))
        stranger = w.env.create_user("stranger")  # not a member of the server
        elsewhere = w.env.create_guild("Other Club")
        elsewhere_channel = elsewhere.create_text_channel("general")
        await w.env.settle()
        can_view = channel_check(w.bot)
        mark = w.mark()

        assert await can_view(guild.id, w.channel.id, w.members[0].id) is True
        assert await can_view(guild.id, private.id, insider.id) is True
        assert await can_view(guild.id, private.id, outsider.id) is False
        assert await can_view(guild.id, w.channel.id, outsider.id) is True  # a public channel
        assert await can_view(guild.id, w.channel.id, stranger.id) is False
        assert await can_view(guild.id, 424242, insider.id) is False  # no such channel
        # A server the bot is not in: it cannot tell who sees what there.
        assert await can_view(elsewhere.id, elsewhere_channel.id, insider.id) is False
        fetched = [r.path for r in w.requests(mark) if r.method == "GET" and "/members/" in r.path]
        assert f"/guilds/{guild.id}/members/{outsider.id}" in fetched
