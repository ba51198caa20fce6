"""/progress, /stats and /help."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_app.host import Host
from bot.discord_app.interactions import locale_of, reply, run
from bot.pictures import render_progress
from bot.text.i18n import counted, text
from bot.text.progress_text import progress_text


class Info(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name=_("progress"), description=_("Everyone's levels, hand by hand"))
    async def progress(self, interaction: discord.Interaction) -> None:
        loc = locale_of(interaction)
        hands = await run(
            interaction, lambda: self.bot.service.queries.progress(interaction.channel_id or 0)
        )
        if hands is None:
            return
        if not hands:
            await reply(interaction, "—", ephemeral=True)
            return
        # A text chart: each team's (找朋友: each seat's) level after every hand.
        chart_text = progress_text(loc, hands)
        # The chart as a picture too (levels hand by hand, take-overs and captured
        # kitties marked); the text table stays for screen readers.
        status = self.bot.service.queries.cached_status_by_channel(interaction.channel_id or 0)
        climb = status.table.rules.levels if status is not None else tuple(range(2, 15))
        # Only the asker sees it: drawn in their language, like the text above.
        png = await asyncio.to_thread(render_progress, hands, climb, loc)
        chart = discord.File(io.BytesIO(png), "progress.png")
        await reply(interaction, chart_text, ephemeral=True, file=chart)

    @app_commands.command(
        name=_("stats"), description=_("A player's record, or this server's leaderboard")
    )
    @app_commands.rename(user=_("user"))
    @app_commands.describe(user=_("Whose record (empty = the leaderboard)"))
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        guild_id = interaction.guild_id
        loc = locale_of(interaction)
        if user is not None:
            s = await run(
                interaction, lambda: self.bot.service.queries.player_stats(user.id, guild_id)
            )
            if s is None:
                return
            text_ = text(
                loc,
                "stats.player",
                name=user.display_name,
                matches_won=s.matches_won,
                matches=s.matches_played,
                hands_won=s.hands_won,
                hands=s.hands_played,
                rate=f"{s.hand_win_rate:.0%}",
                dealer=s.hands_as_dealer,
                defended=s.defended_won,
                defending=s.hands_defending,
                attacked=s.attacked_won,
                attacking=s.hands_attacking,
                levels=s.levels_gained,
                points=s.points_captured,
            )
            await reply(interaction, text_, ephemeral=True)
            return
        board = await run(interaction, lambda: self.bot.service.queries.leaderboard(guild_id))
        if board is None:
            return
        lines = [
            counted(
                loc,
                "stats.board_line",
                p.levels_gained,
                rank=i + 1,
                mention=f"<@{p.user_id}>",
                won=p.hands_won,
                played=p.hands_played,
                levels=p.levels_gained,
            )
            for i, p in enumerate(board)
        ]
        await reply(interaction, "\n".join(lines) or "—", ephemeral=True)

    @app_commands.command(name=_("help"), description=_("How to play and how to type cards"))
    async def help(self, interaction: discord.Interaction) -> None:
        await reply(interaction, text(locale_of(interaction), "help.discord"), ephemeral=True)
