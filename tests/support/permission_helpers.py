"""Channel permissions in simcord, enforced as Discord does.

simcord already refuses a channel send without Send Messages (Send Messages in
Threads in a thread) or with files but no Attach Files (403, code 50013). Discord
also refuses files added by an edit without Attach Files, and drops embeds silently
(no error) without Embed Links, on a send or an edit: ``strict_permissions`` adds
those two to the message routes. ``set_bot_permission`` takes a permission from the
bot (from its own role and @everyone) or gives it back, announced by a
GUILD_ROLE_UPDATE as Discord does, so the client's cache follows.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import discord
from simcord.backend import errors
from simcord.enums import ChannelType
from simcord.http import router

from tests.support.discord_helpers import World


def _perms(ctx: Any, channel_id: int) -> discord.Permissions | None:
    channel = ctx.backend.get_channel(channel_id)
    if channel.type == ChannelType.DM or channel.guild_id is None:
        return None
    bot_id = ctx.backend.bot_user.id
    return discord.Permissions(
        ctx.backend.compute_permissions(channel.guild_id, bot_id, channel_id)
    )


def _strict(handler: Any, edit: bool) -> Any:
    def wrapped(ctx: Any) -> Any:
        perms = _perms(ctx, ctx.int_arg("channel_id"))
        if perms is not None:
            if edit and ctx.files and not perms.attach_files:
                raise errors.missing_permissions()
            body = ctx.json if isinstance(ctx.json, dict) else None
            if body is not None and not perms.embed_links:
                body.pop("embeds", None)  # dropped without a word
                body.pop("embed", None)
        return handler(ctx)

    return wrapped


@contextlib.contextmanager
def strict_permissions() -> Iterator[None]:
    saved = {m: list(entries) for m, entries in router._ROUTES.items()}
    targets = {
        ("POST", "channels/{channel_id}/messages"): False,
        ("PATCH", "channels/{channel_id}/messages/{message_id}"): True,
    }
    for method, entries in router._ROUTES.items():
        for i, (template, handler) in enumerate(entries):
            edit = targets.get((method, "/".join(template)))
            if edit is not None:
                entries[i] = (template, _strict(handler, edit))
    try:
        yield
    finally:
        router._ROUTES.clear()
        router._ROUTES.update(saved)


def set_bot_permission(w: World, name: str, allowed: bool) -> None:
    """Take ``name`` from every role the bot has (its own role and @everyone) or give
    it back to its own role, each change announced by a GUILD_ROLE_UPDATE."""
    backend = w.env.backend
    guild = backend.get_guild(w.guild.id)
    own = list(guild.members[backend.bot_user.id].role_ids)
    for role_id in own + ([] if allowed else [guild.everyone_role.id]):
        perms = discord.Permissions(int(backend.get_role(w.guild.id, role_id).permissions))
        setattr(perms, name, allowed)
        backend.edit_role(w.guild.id, role_id, {"permissions": perms.value})
