"""/auto on|off (托管) and the entry point of the play panel for ``/play`` without cards."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_app.host import Host
from bot.discord_app.interactions import bot_of, is_moderator, locale_of, reply, run, table_locale
from bot.discord_app.panel.flow import memory_enabled, open_panel
from bot.service import ServiceError
from bot.service.auto import set_auto
from bot.service.table_options import set_card_memory, set_four_colour
from bot.text.i18n import text

# Shown in the reader's language (the translator reads the slash.* catalog); the
# values stay "on" / "off" / "rules".
MEMORY_CHOICES = [app_commands.Choice(name=_(v), value=v) for v in ("on", "off", "rules")]
MODE_CHOICES = [app_commands.Choice(name=_(v), value=v) for v in ("on", "off")]


async def open_panel_here(interaction: discord.Interaction) -> None:
    """The panel for the table in this channel (``/play`` with no cards)."""
    bot = bot_of(interaction)
    try:
        status = await bot.service.queries.status(interaction.channel_id or 0)
    except ServiceError as exc:
        await reply(interaction, exc.message(locale_of(interaction)), ephemeral=True)
        return
    await open_panel(interaction, status.table.id)


class PanelCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("auto"), description=_("Let the AI play your seat (托管), or take it back")
    )
    @app_commands.rename(mode=_("mode"))
    @app_commands.describe(mode=_("on: the AI plays for you; off: you play again"))
    @app_commands.choices(mode=MODE_CHOICES)
    async def auto(self, interaction: discord.Interaction, mode: str) -> None:
        on = mode == "on"
        channel_id = interaction.channel_id or 0
        user = interaction.user
        seat = await run(
            interaction,
            lambda: set_auto(
                self.bot.service.core, self.bot.service.changes, channel_id, user.id, on
            ),
        )
        if seat is None:
            return
        tloc = table_locale(interaction)  # a public post: the table's language
        await reply(interaction, text(tloc, "auto.on" if on else "auto.off", who=user.mention))
        status = self.bot.service.queries.cached_status_by_channel(channel_id)
        if status is not None:
            self.bot.presenter.touch(status.table.id, channel_id)  # show "(auto)" at the table
        await self.bot.after_change()

    @app_commands.command(
        name=_("cardcolours"),
        description=_("Four-colour cards in this table's pictures (clubs green, diamonds blue)"),
    )
    @app_commands.rename(mode=_("mode"))
    @app_commands.describe(mode=_("on: four colours; off: red and black"))
    @app_commands.choices(mode=MODE_CHOICES)
    async def cardcolours(self, interaction: discord.Interaction, mode: str) -> None:
        channel_id = interaction.channel_id or 0
        user, mod = interaction.user, is_moderator(interaction)
        options = await run(
            interaction,
            lambda: set_four_colour(self.bot.service.core, channel_id, user.id, mode == "on", mod),
        )
        if options is None:
            return
        status = await self.bot.service.queries.status(channel_id)
        self.bot.presenter.touch(status.table.id, channel_id)  # redraw the table picture
        tloc = status.options.language  # a public post: the table's language
        state = text(tloc, "memory.state.on" if options.four_colour else "memory.state.off")
        await reply(interaction, text(tloc, "colours.option", state=state))
        await self.bot.after_change()

    @app_commands.command(
        name=_("cardmemory"),
        description=_("Card memory (记牌器) at this table: on, off, or as the rules allow"),
    )
    @app_commands.rename(mode=_("mode"))
    @app_commands.describe(mode=_("on, off, or rules: as this table's rules allow"))
    @app_commands.choices(mode=MEMORY_CHOICES)
    async def cardmemory(self, interaction: discord.Interaction, mode: str) -> None:
        value = {"on": True, "off": False}.get(mode)
        channel_id = interaction.channel_id or 0
        user, mod = interaction.user, is_moderator(interaction)
        options = await run(
            interaction,
            lambda: set_card_memory(self.bot.service.core, channel_id, user.id, value, mod),
        )
        if options is None:
            return
        status = await self.bot.service.queries.status(channel_id)
        tloc = status.options.language  # a public post: the table's language
        state = text(tloc, "memory.state.on" if memory_enabled(status) else "memory.state.off")
        await reply(interaction, text(tloc, "memory.option", state=state))
