"""Ranked play: /rank, /leaderboard and /season start|end (Manage Server).
Ranked tables themselves open with /table new ranked:true (cogs.lobby)."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_app.cogs.lobby import MODE_CHOICES
from bot.discord_app.host import Host
from bot.discord_app.interactions import guild_language, locale_of, reply, run
from bot.pictures.ladder import BoardLine, render_leaderboard, render_rank_card
from bot.pictures.words import word
from bot.text.i18n import text
from bot.text.rank_text import board_text, rank_card_text

ROLE_CHOICES = [app_commands.Choice(name=_(m), value=m) for m in ("on", "off")]


def _name(
    client: discord.Client, guild: discord.Guild | None, user_id: int, stored: str | None, loc: str
) -> str:
    """A player's name on a picture: the server's (when cached), else the one stored
    with their hands (the bot's intents cache no members), never an id."""
    member = guild.get_member(user_id) if guild is not None else None
    user = member or client.get_user(user_id)
    if user is not None:
        return user.display_name
    return stored or word(loc, "unknown_player")


class RankedCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    season = app_commands.Group(
        name=_("season"), description=_("Seasons of this server's ladder (Manage Server)")
    )

    @app_commands.command(
        name=_("rank"), description=_("A player's rank (段位) and rating in this server")
    )
    @app_commands.rename(user=_("user"), mode=_("mode"), season_no=_("season"))
    @app_commands.describe(
        user=_("Whose rank (default: yours)"),
        mode=_("Ladder: classic (fixed partners) or friends"),
        season_no=_("Season number (default: the current one; 0 = the open ladder)"),
    )
    @app_commands.choices(mode=MODE_CHOICES)
    async def rank(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        mode: str | None = None,
        season_no: app_commands.Range[int, 0, 10_000] | None = None,
    ) -> None:
        loc = locale_of(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            await reply(interaction, text(loc, "ranked_guild_only"), ephemeral=True)
            return
        who = user or interaction.user
        card = await run(
            interaction,
            lambda: self.bot.service.ranked.rank_card(guild_id, who.id, mode, season_no),
        )
        if card is None:
            return
        name = getattr(who, "display_name", None) or who.name
        words = rank_card_text(
            loc, name, card.mode, card.season, card.standing, card.place, card.recent
        )
        drawn = None  # the best partner on the picture: (name, hands, won)
        if card.partner is not None:
            partner, hands, won = card.partner
            words += "\n" + text(loc, "rank.partner", mention=f"<@{partner}>", won=won, hands=hands)
            who_else = _name(interaction.client, interaction.guild, partner, card.partner_name, loc)
            drawn = (who_else, hands, won)
        png = await asyncio.to_thread(
            render_rank_card,
            name,
            card.mode,
            card.season,
            card.standing,
            card.place,
            card.recent,
            loc,
            drawn,
        )
        await reply(
            interaction, words, ephemeral=True, file=discord.File(io.BytesIO(png), "rank.png")
        )

    @app_commands.command(
        name=_("leaderboard"), description=_("This server's ranked top 20 and your place")
    )
    @app_commands.rename(season_no=_("season"), mode=_("mode"))
    @app_commands.describe(
        season_no=_("Season number (default: the current one; 0 = the open ladder)"),
        mode=_("Ladder: classic (fixed partners) or friends"),
    )
    @app_commands.choices(mode=MODE_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        season_no: app_commands.Range[int, 0, 10_000] | None = None,
        mode: str | None = None,
    ) -> None:
        loc = locale_of(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            await reply(interaction, text(loc, "ranked_guild_only"), ephemeral=True)
            return
        me = interaction.user.id
        board = await run(
            interaction, lambda: self.bot.service.ranked.ladder_board(guild_id, me, mode, season_no)
        )
        if board is None:
            return
        top = [(p.place, f"<@{p.player}>", p.standing) for p in board.top]
        mine = (board.mine.place, board.mine.standing) if board.mine is not None else None
        words = board_text(loc, board.mode, board.season, top, mine)
        guild, client = interaction.guild, interaction.client

        def name(player: str) -> str:
            if player == str(me):  # the asker: named by the interaction itself
                return interaction.user.display_name
            return _name(client, guild, int(player), board.names.get(player), loc)

        lines = [
            BoardLine(p.place, name(p.player), p.standing, p.player == str(me)) for p in board.top
        ]
        if board.mine is not None and all(p.player != str(me) for p in board.top):
            lines.append(BoardLine(board.mine.place, name(str(me)), board.mine.standing, True))
        png = await asyncio.to_thread(render_leaderboard, lines, board.mode, board.season, loc)
        await reply(
            interaction,
            words,
            ephemeral=True,
            file=discord.File(io.BytesIO(png), "leaderboard.png"),
        )

    ladder = app_commands.Group(name=_("ladder"), description=_("This server's ranked ladder"))

    @ladder.command(
        name=_("roles"),
        description=_("A role per 段位 tier, given and kept current by the bot (Manage Roles)"),
    )
    @app_commands.rename(mode=_("mode"))
    @app_commands.describe(mode=_("on: make and give tier roles; off: delete them"))
    @app_commands.choices(mode=ROLE_CHOICES)
    async def roles(self, interaction: discord.Interaction, mode: str) -> None:
        loc = locale_of(interaction)
        guild = interaction.guild
        if guild is None:
            await reply(interaction, text(loc, "ranked_guild_only"), ephemeral=True)
            return
        perms = interaction.permissions
        may = bool(perms and perms.manage_roles)
        if may and not interaction.app_permissions.manage_roles:
            await reply(interaction, text(loc, "ladder.bot_needs_roles"), ephemeral=True)
            return
        on = mode == "on"
        got = await run(
            interaction,
            lambda: self.bot.service.ranked.ladder_roles(guild.id, on, can_manage_roles=may),
        )
        if got is None:
            return
        if on:
            given = await self.bot.ladder_roles.sync(guild, got)
            await reply(interaction, text(loc, "ladder.roles_on", count=given), ephemeral=True)
        else:
            await self.bot.ladder_roles.remove_all(guild, got)
            await reply(interaction, text(loc, "ladder.roles_off"), ephemeral=True)

    @season.command(
        name=_("start"), description=_("Start a new season (the ladder starts again, softly)")
    )
    async def season_start(self, interaction: discord.Interaction) -> None:
        await self._season(interaction, start=True)

    @season.command(name=_("end"), description=_("End the current season"))
    async def season_end(self, interaction: discord.Interaction) -> None:
        await self._season(interaction, start=False)

    async def _season(self, interaction: discord.Interaction, *, start: bool) -> None:
        loc = locale_of(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            await reply(interaction, text(loc, "ranked_guild_only"), ephemeral=True)
            return
        perms = interaction.permissions
        manage = bool(perms and perms.manage_guild)
        service = self.bot.service
        if start:
            number = await run(
                interaction, lambda: service.ranked.season_start(guild_id, can_manage=manage)
            )
        else:
            number = await run(
                interaction, lambda: service.ranked.season_end(guild_id, can_manage=manage)
            )
        if number is not None:
            code = "season.started" if start else "season.ended"  # news for the channel
            await reply(interaction, text(guild_language(interaction), code, season=number))
