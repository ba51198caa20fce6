"""Answering interactions: on time, in the user's language, errors ephemeral.

Every handler runs its service call through ``run``: if the call is not done
within ``DEFER_AFTER`` seconds the interaction is deferred (Discord wants an
answer within 3 s), a ``ServiceError`` becomes an ephemeral message in the
user's locale, and the presenter flushes the table afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, TypeVar

import aiohttp
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
# A REST call to Discord that failed for Discord's reasons: an error status (a 5xx,
# a 429 past discord.py's retries, 10062 once the 3 s to answer are over), a reset
# connection or a time-out. Answers that fail so are handled, never raised.
DISCORD_FAILURES = (discord.HTTPException, aiohttp.ClientError, asyncio.TimeoutError, OSError)
ACKNOWLEDGED = 40060  # "Interaction has already been acknowledged"


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
    status = bot_of(interaction).service.queries.cached_status_by_channel(
        interaction.channel_id or 0
    )
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
) -> bool:
    """Answer an interaction (first answer, filled placeholder or followup), with
    ``file`` (a picture) or ``files`` attached if given. False when Discord did not
    take the answer (see ``answer_failed``): nothing is raised.

    Mentions never ping unless the caller names whom ``allowed_mentions`` pings."""
    try:
        await _reply(
            interaction,
            content,
            ephemeral=ephemeral,
            embed=embed,
            view=view,
            allowed_mentions=allowed_mentions,
            file=file,
            files=files,
        )
    except DISCORD_FAILURES as exc:
        if isinstance(exc, discord.HTTPException) and exc.code == ACKNOWLEDGED:
            return True  # a retry of an answer Discord had taken (its 5xx came after)
        await answer_failed(interaction, exc, None if ephemeral else (content, embed))
        return False
    return True


async def answer_failed(
    interaction: discord.Interaction,
    exc: BaseException,
    public: tuple[str | None, discord.Embed | None] | None = None,
) -> None:
    """An answer Discord did not take (its token expired after a slow or refused
    first try, a 5xx, a reset): a public answer goes to the channel as a plain message
    instead, a private one is dropped (the player's next command shows the same), and
    the table is redrawn at the next flush so a move stands visibly either way."""
    log.warning(
        "interaction %s (%s): Discord did not take the answer: %r",
        interaction.id,
        _command_name(interaction),
        exc,
    )
    presenter = getattr(interaction.client, "presenter", None)
    touch = getattr(presenter, "touch_channel", None)
    if touch is not None and interaction.channel_id is not None:
        touch(interaction.channel_id)
    if public is None or interaction.channel_id is None:
        return
    content, embed = public
    if not content and embed is None:
        return
    channel = interaction.client.get_partial_messageable(interaction.channel_id)
    try:
        await channel.send(
            content=content[:2000] if content else None,
            embed=embed,  # type: ignore[arg-type]  # None: no embed
            allowed_mentions=NO_PINGS,
            nonce=f"a{interaction.id}"[:25],  # posted once however often this is tried
        )
    except DISCORD_FAILURES as again:
        log.warning("interaction %s: the channel refused its answer too: %r", interaction.id, again)


def _command_name(interaction: discord.Interaction) -> str:
    command = interaction.command
    if command is not None:
        return command.qualified_name
    data: Any = interaction.data or {}
    return str(data.get("custom_id") or data.get("name") or interaction.type)


async def _reply(
    interaction: discord.Interaction,
    content: str | None,
    *,
    ephemeral: bool,
    embed: discord.Embed | None,
    view: discord.ui.View | None,
    allowed_mentions: discord.AllowedMentions,
    file: discord.File | None,
    files: Sequence[discord.File],
) -> None:
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
        with contextlib.suppress(*DISCORD_FAILURES):  # a "✓" not taken loses nothing
            await interaction.edit_original_response(content="✓", allowed_mentions=NO_PINGS)
    if attached:
        kwargs["files"] = attached
    await interaction.followup.send(ephemeral=ephemeral, **kwargs)


Callback = TypeVar("Callback", bound=Callable[..., Coroutine[Any, Any, None]])


def answering(callback: Callback) -> Callback:
    """For a component's ``callback(self, interaction)``: a Discord failure while
    answering (see ``answer_failed``) is handled, not left to discord.py's handler."""

    @functools.wraps(callback)
    async def wrapped(self: Any, interaction: discord.Interaction, /) -> None:
        try:
            await callback(self, interaction)
        except DISCORD_FAILURES as exc:
            await answer_failed(interaction, exc)
            await after_change_quietly(interaction)

    return wrapped  # type: ignore[return-value]


async def after_change_quietly(interaction: discord.Interaction) -> None:
    """Flush the table after a failed answer (the change itself is stored)."""
    after = getattr(interaction.client, "after_change", None)
    if after is not None:
        try:
            await after()
        except DISCORD_FAILURES as exc:
            log.warning("flush after a failed answer: %r", exc)


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
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            interaction.extras[PRIVATE_PLACEHOLDER] = True
        except DISCORD_FAILURES as exc:  # too late (10062) or refused: the call goes on
            log.warning("interaction %s: could not defer: %r", interaction.id, exc)
    try:
        result = await task
    except ServiceError as exc:
        await reply(interaction, exc.message(locale_of(interaction)), ephemeral=True)
        await bot.after_change()
        return None
    return result


async def kept(call: Awaitable[object]) -> tuple[object]:
    """A service call's result, kept apart from ``run``'s None (refused)."""
    return (await call,)


async def ran(call: Awaitable[object]) -> bool:
    """A service call that returns nothing, as True once it has run (``run``: None =
    refused)."""
    await call
    return True
