"""Answering interactions: on time, in the user's language, errors ephemeral.

Every handler runs its service call through ``run``: if the call is not done
within ``DEFER_AFTER`` seconds the interaction is deferred (Discord wants an
answer within 3 s), a ``ServiceError`` becomes an ephemeral message in the
user's locale, and the presenter flushes the table afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

import discord

from bot.discord_app.host import Host
from bot.service import ServiceError
from bot.text.i18n import language, text

log = logging.getLogger(__name__)
T = TypeVar("T")
DEFER_AFTER = 2.0
PRIVATE_PLACEHOLDER = "shengji_private_placeholder"
DELIVERY_CHECKED = "shengji_delivery_checked"  # set by the command tree's check


NO_PINGS = discord.AllowedMentions.none()


def pinging(*user_ids: int) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly these users (no role, nobody else)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in user_ids]
    )


def bot_of(interaction: discord.Interaction) -> Host:
    return interaction.client  # type: ignore[return-value]


def locale_of(interaction: discord.Interaction) -> str:
    """The user's own language: for answers only they see."""
    return str(interaction.locale)


def guild_language(interaction: discord.Interaction) -> str:
    """The server's preferred language (a new table's default)."""
    guild = interaction.guild
    if guild is not None and guild.preferred_locale is not None:
        return language(str(guild.preferred_locale))
    return language(str(interaction.guild_locale or "en"))


def table_locale(interaction: discord.Interaction, fallback: str | None = None) -> str:
    """The table's language: for everything public at the table in this channel."""
    status = bot_of(interaction).service.cached_status_by_channel(interaction.channel_id or 0)
    if status is not None:
        return status.options.language
    return fallback or guild_language(interaction)


def is_moderator(interaction: discord.Interaction) -> bool:
    """A table's moderator: Manage Channels here (who may end, or set up, anyone's
    table; the refusal "creator or a moderator (Manage Channels)" names it)."""
    perms = interaction.permissions
    return bool(perms and perms.manage_channels)


def key_of(interaction: discord.Interaction) -> str:
    """Idempotency key: a retried delivery of the same interaction has the same id."""
    return f"i{interaction.id}"


async def reply(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    ephemeral: bool = False,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None = None,
    allowed_mentions: discord.AllowedMentions = NO_PINGS,
    file: discord.File | None = None,
    files: Sequence[discord.File] = (),
) -> None:
    """Answer an interaction (first answer, filled placeholder or followup), with
    ``file`` (a picture) or ``files`` attached if given.

    Mentions never ping unless the caller names whom ``allowed_mentions`` pings."""
    kwargs: dict[str, Any] = {"allowed_mentions": allowed_mentions}
    note = _fallback_note(interaction, ephemeral)
    if note is not None:  # interaction answers are not gated by channel permissions
        content = f"{content}\n{note}" if content else note
    if content is not None:
        kwargs["content"] = content[:2000]
    if embed is not None:
        kwargs["embed"] = embed
    if view is not None:
        kwargs["view"] = view
    attached = [file, *files] if file is not None else list(files)
    if not interaction.response.is_done():
        if attached:
            kwargs["files"] = attached
        await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
        return
    if interaction.extras.pop(PRIVATE_PLACEHOLDER, False):
        # We deferred privately ("thinking…" only the user sees): a private answer
        # fills that placeholder; a public one closes it and is sent on its own.
        if ephemeral:
            if attached:
                kwargs["attachments"] = attached
            await interaction.edit_original_response(**kwargs)
            return
        await interaction.edit_original_response(content="✓", allowed_mentions=NO_PINGS)
    if attached:
        kwargs["files"] = attached
    await interaction.followup.send(ephemeral=ephemeral, **kwargs)


def _fallback_note(interaction: discord.Interaction, ephemeral: bool) -> str | None:
    """The table's one sentence on a channel permission it lost (``Presenter.fallback_note``):
    in the reader's language when only they see it, else the table's."""
    presenter = getattr(interaction.client, "presenter", None)
    note = getattr(presenter, "fallback_note", None)
    if note is None or interaction.channel_id is None or interaction.guild_id is None:
        return None
    found: str | None = note(interaction.channel_id, locale_of(interaction) if ephemeral else None)
    return found


async def refuse_duplicate(interaction: discord.Interaction, delivery: str) -> None:
    """A second delivery of an interaction changes nothing. A copy sharing the
    original's token gets no answer at all (answering would take the original's
    one answer slot: its real reply would then fail with 40060); a retry with its
    own token gets a quiet private note."""
    if delivery == "copy":
        log.debug("interaction %s delivered twice at once: the copy is ignored", interaction.id)
        return
    with contextlib.suppress(discord.HTTPException):
        await reply(interaction, text(locale_of(interaction), "duplicate"), ephemeral=True)


async def run(
    interaction: discord.Interaction,
    call: Callable[[], Awaitable[T]],
) -> T | None:
    """Run a service call for an interaction. Returns None after answering an error
    (or for a second delivery of the same interaction, which changes nothing).

    A call still running after ``DEFER_AFTER`` seconds is deferred *privately*, so
    neither a private answer (a hand, an error) nor the placeholder is public.
    """
    bot = bot_of(interaction)
    if not interaction.extras.get(DELIVERY_CHECKED):
        delivery = bot.delivery(interaction)
        if delivery != "first":
            await refuse_duplicate(interaction, delivery)
            return None
    bot.presenter.remember_user(interaction.user)
    task = asyncio.ensure_future(call())
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
    if not done and not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
        interaction.extras[PRIVATE_PLACEHOLDER] = True
    try:
        result = await task
    except ServiceError as exc:
        await reply(interaction, exc.message(locale_of(interaction)), ephemeral=True)
        await bot.after_change()
        return None
    return result
