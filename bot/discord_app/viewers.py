"""Who may look at a table from the Discord Activity without a seat: whoever Discord
would show the table's channel to. The live table (``bot.web.live.activity``) asks
this of the Discord client of its process (``LiveSlot.attach``), since a page may
name any channel and being a member of the server is not enough where the channel
is private.
"""

from __future__ import annotations

import logging

import aiohttp
import discord

from bot.service.live_access import ChannelCheck

log = logging.getLogger(__name__)


def channel_check(bot: discord.Client) -> ChannelCheck:
    """``(guild, channel, user) -> may they see it`` from the bot's view of the server:
    the channel's permission overwrites and the member's roles (the member fetched
    when not cached: the bot asks for no members intent). None: Discord could not be
    asked now (starting, a 5xx, no answer) — the page tries again."""

    async def can_view(guild_id: int, channel_id: int, user_id: int) -> bool | None:
        guild = bot.get_guild(guild_id)
        if guild is None:
            return None if not bot.is_ready() else False  # not in that server (any more)
        channel = guild.get_channel_or_thread(channel_id)
        if channel is None:
            return False
        member = guild.get_member(user_id)
        if member is None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.NotFound:
                return False  # not a member of the server
            except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as exc:
                log.warning("activity: could not fetch a member of %s: %r", guild_id, exc)
                return None
        return channel.permissions_for(member).view_channel

    return can_view
