"""What the bot may do in a table's channel, read from the gateway cache (no REST call),
and the fallback a table takes when a permission is missing.

Discord refuses a channel message the bot lacks a permission for (403, code 50013) and
drops embeds silently without Embed Links. So before each channel message the presenter
asks ``Access.update``: without Attach Files the table message goes without its
picture, without Embed Links as plain text, without Send Messages (Send Messages in
Threads in a thread) not at all — the DMs and the other messages still go, and the
players are told once, in the next interaction answer in that channel.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import discord

from bot.discord_app.permissions import missing
from bot.text.i18n import text

log = logging.getLogger(__name__)
SEND = ("view_channel", "send_messages", "send_messages_in_threads")  # none: no channel message
PAUSE = 30.0  # seconds without channel messages after an unexpected 403


@dataclass(slots=True)
class Access:
    lacks: tuple[str, ...] = ()  # permissions (attribute names) missing now
    told: set[str] = field(default_factory=set)  # missing ones the players were told of
    paused_until: float = 0.0  # after an unexpected refusal: no burst of retries

    @property
    def silent(self) -> bool:
        """No channel message can be sent (the table goes on by DMs and answers)."""
        return any(
            p in self.lacks for p in ("view_channel", "send_messages", "send_messages_in_threads")
        )

    @property
    def picture(self) -> bool:
        return "attach_files" not in self.lacks

    @property
    def embeds(self) -> bool:
        return "embed_links" not in self.lacks


def channel_permissions(
    bot: discord.Client, channel_id: int
) -> tuple[discord.Permissions, bool] | None:
    """The bot's permissions in a guild channel or thread (and whether it is a thread),
    from the cache; None when unknown (not cached: assume all, a 403 is caught)."""
    channel = bot.get_channel(channel_id)
    if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return None
    me = channel.guild.me
    if me is None:
        return None
    return channel.permissions_for(me), isinstance(channel, discord.Thread)


def update(access: Access, bot: discord.Client, channel_id: int) -> None:
    found = channel_permissions(bot, channel_id)
    if found is None:
        return
    perms, thread = found
    access.lacks = tuple(missing(perms, ("table",), thread=thread))
    access.told &= set(access.lacks)  # granted again: tell again if taken away later


def refused(access: Access, now: float, channel_id: int, exc: discord.HTTPException) -> None:
    """A channel message refused although the cache said it was allowed (or did not
    know): pause channel messages a while instead of retrying at every change."""
    access.paused_until = now + PAUSE
    log.warning("channel %s refused a message (%s); pausing channel messages", channel_id, exc)


def permission_names(locale: str, perms: list[str] | tuple[str, ...]) -> str:
    sep = text(locale, "perm_list_sep")
    return sep.join(text(locale, f"perm.{p}") for p in perms)


def note(access: Access, locale: str) -> str | None:
    """The one sentence telling the players about the fallback, once per permission."""
    new = [p for p in access.lacks if p not in access.told]
    if not new:
        return None
    access.told.update(new)
    if access.silent:  # (discord.py then also reports Embed Links and Attach Files off)
        named = [p for p in access.lacks if p in SEND]
        return text(locale, "perm_silent", missing=permission_names(locale, named))
    return text(locale, "perm_fallback", missing=permission_names(locale, list(access.lacks)))
