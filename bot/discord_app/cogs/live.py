"""/watch and /spectators: the live table in a browser (``bot.web.live``).

A seat's own link comes in the player's hand DM; ``/watch`` gives anyone in the
channel a spectator link (the public table only: never a hand or the kitty).
``/unshare`` (the replay cog's) revokes every link the user holds or made there;
``/spectators on`` lets spectators see every hand one trick behind (not at a ranked
or tournament table).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_app.host import Host
from bot.discord_app.interactions import is_moderator, locale_of, reply, run
from bot.service.table_options import set_spectator_hands
from bot.text.i18n import text
from bot.web.links import seat_url


class LiveCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("watch"), description=_("Watch this channel's table live in your browser")
    )
    async def watch(self, interaction: discord.Interaction) -> None:
        loc = locale_of(interaction)
        base = self.bot.live_url
        if base is None:
            await reply(interaction, text(loc, "live.off"), ephemeral=True)
            return
        service = self.bot.service
        status = await run(interaction, lambda: service.queries.status(interaction.channel_id or 0))
        if status is None:
            return
        table_id, user_id = status.table.id, interaction.user.id
        token = await run(interaction, lambda: service.live.spectator_link(table_id, user_id))
        if token is None:
            return
        view = discord.ui.View(timeout=None)
        view.add_item(
            discord.ui.Button(
                style=discord.ButtonStyle.link,
                label=text(loc, "live.watch_button"),
                url=seat_url(base, token),
            )
        )
        await reply(interaction, text(loc, "live.watch"), ephemeral=True, view=view)

    @app_commands.command(
        name=_("spectators"),
        description=_("Let spectators of the live table see every hand, one trick behind"),
    )
    @app_commands.rename(mode=_("mode"))
    @app_commands.describe(mode=_("on: spectators see the hands; off: the public table only"))
    @app_commands.choices(mode=[app_commands.Choice(name=_(v), value=v) for v in ("on", "off")])
    async def spectators(self, interaction: discord.Interaction, mode: str) -> None:
        channel_id = interaction.channel_id or 0
        user, mod = interaction.user, is_moderator(interaction)
        options = await run(
            interaction,
            lambda: set_spectator_hands(
                self.bot.service.core, channel_id, user.id, mode == "on", mod
            ),
        )
        if options is None:
            return
        tloc = options.language  # a public post: the table's language
        state = text(tloc, "memory.state.on" if options.spectator_hands else "memory.state.off")
        await reply(interaction, text(tloc, "live.spectator_hands", state=state))
        await self.bot.after_change()
