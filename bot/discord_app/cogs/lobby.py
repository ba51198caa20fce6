"""/table …: open, join, seat AI players, start, show, end."""

from __future__ import annotations

from dataclasses import replace

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_app.channel_access import permission_names
from bot.discord_app.cogs.rules import settings_embed
from bot.discord_app.host import Host
from bot.discord_app.interactions import (
    guild_language,
    is_moderator,
    locale_of,
    reply,
    run,
    table_locale,
)
from bot.discord_app.permissions import missing
from bot.discord_app.seat_choices import seat_choices, seat_index
from bot.discord_app.table_message import lobby_text, table_embed
from bot.service import ServiceError
from bot.text.i18n import LANGUAGES, preset_label, seat_name, text
from bot.text.replay_text import hand_label
from bot.text.rules_text import rules_lines
from rules.ai import DIFFICULTIES
from rules.presets import FRIENDS_PRESETS, PRESET_NAMES

CHOICES_MAX = 25
MODE_CHOICES = [app_commands.Choice(name=_(m), value=m) for m in ("classic", "friends")]
# The difficulties (新手 / 普通 / 高手); the service also takes the old level names.
LEVEL_CHOICES = [app_commands.Choice(name=_(d), value=d) for d in DIFFICULTIES]
# Each language by its own name (a reader finds theirs whatever the client's language).
LANGUAGE_NAMES = {"en": "English", "zh-CN": "简体中文", "zh-TW": "繁體中文"}
LANGUAGE_CHOICES = [app_commands.Choice(name=LANGUAGE_NAMES[x], value=x) for x in LANGUAGES]


class Lobby(
    commands.GroupCog, group_name=_("table"), group_description=_("Shengji tables in this channel")
):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=_("new"), description=_("Open a table in this channel (or a new thread if it is busy)")
    )
    @app_commands.rename(
        preset=_("preset"),
        mode=_("mode"),
        players=_("players"),
        decks=_("decks"),
        timer=_("timer"),
        language=_("language"),
        deal=_("deal"),
        ranked=_("ranked"),
    )
    @app_commands.describe(
        preset=_("Rule preset (classic, tournament, …) or a rule set saved in this server"),
        mode=_("Table mode: classic (fixed partners) or friends (找朋友)"),
        players=_("Number of players, 4 to 10 (more than 4: friends)"),
        decks=_("Number of decks, 1 to 4 (2 to 5 at friends tables)"),
        timer=_("Seconds per turn (0 = no timer)"),
        language=_("Language of the table (default: the server's)"),
        deal=_("Play a finished hand's deal again: the same cards to the same seats (its #number)"),
        ranked=_(
            "A ranked table: the server's ranked rules, people only; its hands move the ladder"
        ),
    )
    @app_commands.choices(mode=MODE_CHOICES, language=LANGUAGE_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        mode: str | None = None,
        players: app_commands.Range[int, 4, 10] | None = None,
        decks: app_commands.Range[int, 1, 5] | None = None,
        timer: app_commands.Range[int, 0, 3600] | None = None,
        language: str | None = None,
        deal: app_commands.Range[int, 1] | None = None,
        ranked: bool = False,
    ) -> None:
        loc = locale_of(interaction)
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            await reply(interaction, text(loc, "guild_only"), ephemeral=True)
            return
        service = self.bot.service
        table_lang = language or guild_language(interaction)
        if mode == "friends" and preset is None:
            preset = "friends"  # 找朋友 at any seat count (players: default 6)
        target_id = channel.id
        parent_id = None
        busy = await self._busy(channel.id)
        in_thread = busy and isinstance(channel, discord.TextChannel)  # a new thread for it
        # What the table's messages need here (Discord tells us with the interaction):
        # refuse in one sentence rather than open a table nobody can see.
        lacks = missing(
            interaction.app_permissions,
            ("table", "thread") if in_thread else ("table",),
            thread=in_thread or isinstance(channel, discord.Thread),
        )
        if lacks:
            names = permission_names(loc, lacks)
            await reply(interaction, text(loc, "perm_refused", missing=names), ephemeral=True)
            return
        if busy and isinstance(channel, discord.TextChannel):
            try:  # over a cap, an unknown deal: refuse before opening a thread for nothing
                await service.lifecycle.may_open(interaction.user.id, interaction.guild_id)
                if ranked:
                    service.lifecycle.check_ranked(
                        interaction.guild_id, preset, decks, players, deal
                    )
                if deal is not None:
                    await service.lifecycle.deal_rules(
                        interaction.guild_id, deal, preset, decks, players
                    )
            except ServiceError as exc:
                await reply(interaction, exc.message(loc), ephemeral=True)
                return
            name = text(table_lang, "thread_name", name=interaction.user.display_name)
            try:
                thread = await channel.create_thread(
                    name=name[:100], type=discord.ChannelType.public_thread
                )
            except discord.Forbidden:  # refused after all (permissions changed meanwhile)
                names = permission_names(loc, ["create_public_threads"])
                await reply(interaction, text(loc, "perm_refused", missing=names), ephemeral=True)
                return
            target_id, parent_id = thread.id, channel.id
        status = await run(
            interaction,
            lambda: service.lifecycle.create_table(
                guild_id=interaction.guild_id,
                channel_id=target_id,
                creator_id=interaction.user.id,
                creator_name=interaction.user.display_name,
                preset_name=preset,
                decks=decks,
                players=players,
                turn_seconds=timer,
                options=replace(service.core.defaults, language=table_lang),
                parent_channel_id=parent_id,
                locale=loc,
                deal=deal,
                ranked=ranked,
            ),
        )
        if status is not None:
            private = target_id == channel.id  # the lobby shows the table; a thread is news
            await reply(
                interaction,
                text(loc if private else table_lang, "created", channel=f"<#{target_id}>"),
                ephemeral=private,
            )
            await self.bot.after_change()

    @new.autocomplete("preset")
    async def _preset_names(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        """The server's saved rule sets first, then the built-in presets, by name."""
        loc = locale_of(interaction)
        typed = typed.lower()
        saved = []
        if interaction.guild_id is not None:
            saved = [
                app_commands.Choice(name=s.name, value=s.name)
                for s in await self.bot.service.saved_rules.list(interaction.guild_id)
                if typed in s.name.lower()
            ]
        built = [
            app_commands.Choice(name=preset_label(loc, p)[:100], value=p)
            for p in (*PRESET_NAMES, *FRIENDS_PRESETS)
            if typed in p or typed in preset_label(loc, p).lower()
        ]
        return [*saved, *built][:CHOICES_MAX]

    @new.autocomplete("deal")
    async def _deal_hands(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[int]]:
        """The server's recent finished hands: "#id · table · hand n · result"."""
        if interaction.guild_id is None:
            return []
        loc = locale_of(interaction)
        typed = str(typed).strip().lstrip("#").lower()
        try:
            hands = await self.bot.service.replays.server_hands(interaction.guild_id)
        except ServiceError:
            return []
        labels = [(hand_label(loc, h), h.hand_id) for h in hands]
        return [
            app_commands.Choice(name=name, value=hand_id)
            for name, hand_id in labels
            if not typed or typed in name.lower()
        ][:CHOICES_MAX]

    @app_commands.command(
        name=_("language"), description=_("Change the language of this table's public messages")
    )
    @app_commands.rename(language=_("language"))
    @app_commands.describe(language=_("Language of the table (default: the server's)"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        got = await run(
            interaction,
            lambda: self.bot.service.lifecycle.set_language(
                interaction.channel_id or 0, interaction.user.id, language
            ),
        )
        if got is not None:
            await reply(interaction, text(language, "language_set", name=LANGUAGE_NAMES[language]))
            await self.bot.after_change()

    async def _seats(self, interaction: discord.Interaction) -> int:
        """How many seats the channel's table has (4 when it cannot be read)."""
        try:
            status = await self.bot.service.queries.status(interaction.channel_id or 0)
        except ServiceError:
            return 4
        return len(status.table.seats)

    async def _free_seats(
        self, interaction: discord.Interaction, typed: str | int
    ) -> list[app_commands.Choice[int]]:
        """The seat option's autocomplete: this channel's free seats (none without a
        table). Discord sends what was typed so far as text, even for a number."""
        try:
            status = await self.bot.service.queries.status(interaction.channel_id or 0)
        except ServiceError:
            return []
        pairs = seat_choices(status.table, str(typed), locale_of(interaction))
        return [app_commands.Choice(name=n, value=v) for n, v in pairs]

    async def _busy(self, channel_id: int) -> bool:
        try:
            await self.bot.service.queries.status(channel_id)
        except ServiceError:
            return False
        return True

    @app_commands.command(name=_("join"), description=_("Take a seat at this table"))
    @app_commands.rename(seat=_("seat"))
    @app_commands.describe(seat=_("Which seat (empty = any free seat)"))
    async def join(self, interaction: discord.Interaction, seat: int | None = None) -> None:
        loc = locale_of(interaction)
        got = await run(
            interaction,
            lambda: self.bot.service.lifecycle.join(
                interaction.channel_id or 0,
                interaction.user.id,
                interaction.user.display_name,
                seat_index(seat),
                loc,
            ),
        )
        if got is not None:
            tloc = table_locale(interaction, loc)
            who = interaction.user.mention
            name = seat_name(tloc, got, await self._seats(interaction))
            await reply(interaction, text(tloc, "joined", who=who, seat_name=name))
            await self.bot.after_change()

    @join.autocomplete("seat")
    async def join_seat(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self._free_seats(interaction, current)

    @app_commands.command(
        name=_("leave"), description=_("Leave the table (after the start, an AI takes your seat)")
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        got = await run(
            interaction,
            lambda: self.bot.service.lifecycle.leave(
                interaction.channel_id or 0, interaction.user.id
            ),
        )
        if got is not None:
            tloc = table_locale(interaction)
            await reply(interaction, text(tloc, "left", who=interaction.user.mention))
            await self.bot.after_change()

    @app_commands.command(name=_("addbot"), description=_("Seat an AI player"))
    @app_commands.rename(seat=_("seat"), level=_("level"))
    @app_commands.describe(seat=_("Which seat (empty = any free seat)"), level=_("AI strength"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(
        self, interaction: discord.Interaction, seat: int | None = None, level: str = "normal"
    ) -> None:
        got = await run(
            interaction,
            lambda: self.bot.service.lifecycle.add_ai(
                interaction.channel_id or 0, interaction.user.id, seat_index(seat), level
            ),
        )
        if got is not None:
            tloc = table_locale(interaction)
            name = seat_name(tloc, got, await self._seats(interaction))
            await reply(interaction, text(tloc, "ai_added", seat_name=name))
            await self.bot.after_change()

    @addbot.autocomplete("seat")
    async def addbot_seat(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self._free_seats(interaction, current)

    @app_commands.command(name=_("start"), description=_("Start the game (all seats filled)"))
    async def start(self, interaction: discord.Interaction) -> None:
        got = await run(
            interaction,
            lambda: self.bot.service.lifecycle.start_game(
                interaction.channel_id or 0, interaction.user.id
            ),
        )
        if got is not None:
            await reply(interaction, text(table_locale(interaction), "started"))
            await self.bot.after_change()

    @app_commands.command(name=_("status"), description=_("Show the table"))
    async def status(self, interaction: discord.Interaction) -> None:
        loc = locale_of(interaction)
        status = await run(
            interaction, lambda: self.bot.service.queries.status(interaction.channel_id or 0)
        )
        if status is None:
            return
        if status.view is None:
            await reply(interaction, lobby_text(loc, status), ephemeral=True)
        else:
            await reply(interaction, embed=table_embed(loc, status), ephemeral=True)

    @app_commands.command(name=_("rules"), description=_("Show this table's rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        status = await run(
            interaction, lambda: self.bot.service.queries.status(interaction.channel_id or 0)
        )
        if status is None:
            return
        loc = locale_of(interaction)
        lines = rules_lines(loc, status.table.rules, status.options.turn_seconds)
        title = text(loc, "rules_settings_title")
        embed = settings_embed(loc, title, status.table.rules)
        await reply(interaction, "\n".join(lines), embed=embed, ephemeral=True)

    @app_commands.command(
        name=_("end"), description=_("End the table (creator or Manage Channels)")
    )
    async def end(self, interaction: discord.Interaction) -> None:
        tloc = table_locale(interaction)  # before the table is gone
        moderator = is_moderator(interaction)
        done = await run(
            interaction,
            lambda: self._end(interaction.channel_id or 0, interaction.user.id, moderator),
        )
        if done:
            await reply(interaction, text(tloc, "ended"))
            await self.bot.after_change()

    async def _end(self, channel_id: int, user_id: int, moderator: bool) -> bool:
        await self.bot.service.lifecycle.end_table(channel_id, user_id, moderator)
        return True

    @app_commands.command(name=_("next"), description=_("Start the next hand now"))
    async def next(self, interaction: discord.Interaction) -> None:
        done = await run(
            interaction, lambda: self._next(interaction.channel_id or 0, interaction.user.id)
        )
        if done:
            await reply(interaction, text(table_locale(interaction), "next_started"))
            await self.bot.after_change()

    async def _next(self, channel_id: int, user_id: int) -> bool:
        await self.bot.service.lifecycle.next_hand(channel_id, user_id)
        return True
