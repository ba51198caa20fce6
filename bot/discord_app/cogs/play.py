"""/declare, /pass, /unbid, /bury, /play, /takeback and /hand."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_app.autocomplete import bury_options, call_choices, choices, play_options
from bot.discord_app.cogs.panel import open_panel_here
from bot.discord_app.emojis import card_format
from bot.discord_app.host import Host
from bot.discord_app.interactions import (
    NO_PINGS,
    key_of,
    locale_of,
    pinging,
    reply,
    run,
    table_locale,
)
from bot.discord_app.replies import dm_text, hand_followup, play_reply
from bot.service import ServiceError
from bot.text.i18n import text
from bot.text.render import CardFormat, calls_text, reader_format
from rules.cards import Card
from rules.events import BidWithdrawn, Declared, FriendsCalled, TookBack
from rules.options import PlayOption
from rules.views import View


class Play(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    def _fmt(self, locale: str | None = None) -> CardFormat:
        """Cards as emoji faces with the text beside them (text alone without emojis),
        the jokers in ``locale``'s notation (BJ / LJ in English; None: as the text
        helpers that take it decide, by their own locale)."""
        fmt = card_format(self.bot.card_emojis)
        return fmt if locale is None else reader_format(locale, fmt)

    async def _own_view(self, interaction: discord.Interaction) -> View | None:
        try:
            return await self.bot.service.queries.view(
                interaction.channel_id or 0, interaction.user.id
            )
        except ServiceError:
            return None

    async def _choices(
        self, interaction: discord.Interaction, typed: str, kind: str
    ) -> list[app_commands.Choice[str]]:
        view = await self._own_view(interaction)
        if view is None:
            return []
        options: Sequence[Sequence[Card]] | Sequence[PlayOption]
        if kind == "play":
            options = (
                play_options(view) if view.phase == "playing" and view.turn == view.seat else []
            )
        elif kind == "bury":
            options = bury_options(view)
        else:
            status = self.bot.service.queries.cached_status_by_channel(interaction.channel_id or 0)
            match = self.bot.service.queries.match_of(status.table.id) if status else None
            seat = view.seat
            options = (
                [d.cards for d in match.declaration_options(seat)]
                if match is not None and seat is not None
                else []
            )
        loc = locale_of(interaction)
        return [app_commands.Choice(name=n, value=v) for n, v in choices(options, typed, loc)]

    # ---- 亮主 ---------------------------------------------------------------------------------
    @app_commands.command(
        name=_("declare"), description=_("Declare trump (亮主), reinforce or override")
    )
    @app_commands.rename(cards=_("cards"))
    @app_commands.describe(cards=_("Level cards or jokers to show, e.g. ♥2 ♥2"))
    async def declare(self, interaction: discord.Interaction, cards: str) -> None:
        events = await run(
            interaction,
            lambda: self.bot.service.moves.declare(
                interaction.channel_id or 0, interaction.user.id, cards, key=key_of(interaction)
            ),
        )
        if events is not None:
            tloc = table_locale(interaction)  # a public post: the table's language
            for ev in events:
                if isinstance(ev, Declared):
                    key = {"declare": "declared_public", "reinforce": "reinforced_public"}.get(
                        ev.kind, "overridden_public"
                    )
                    who = interaction.user.mention
                    cards = self._fmt(tloc)(ev.cards)
                    await reply(interaction, text(tloc, key, who=who, cards=cards))
                    break
            else:
                await reply(interaction, "✓", ephemeral=True)
            await self.bot.after_change()

    @declare.autocomplete("cards")
    async def declare_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current, "declare")

    @app_commands.command(name=_("pass"), description=_("No (more) declaration from you"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        loc = locale_of(interaction)
        events = await run(
            interaction,
            lambda: self.bot.service.moves.pass_(
                interaction.channel_id or 0, interaction.user.id, key=key_of(interaction)
            ),
        )
        if events is not None:
            await reply(interaction, text(loc, "passed_ok"), ephemeral=True)
            await self.bot.after_change()

    @app_commands.command(name=_("unbid"), description=_("Withdraw your winning bid"))
    async def unbid(self, interaction: discord.Interaction) -> None:
        loc = locale_of(interaction)
        events = await run(
            interaction,
            lambda: self.bot.service.moves.withdraw_bid(
                interaction.channel_id or 0, interaction.user.id, key=key_of(interaction)
            ),
        )
        if events is not None:
            gone = next((e for e in events if isinstance(e, BidWithdrawn)), None)
            cards = self._fmt(loc)(gone.cards if gone else ())
            await reply(interaction, text(loc, "withdrew_ok", cards=cards), ephemeral=True)
            await self.bot.after_change()

    # ---- 埋底 ---------------------------------------------------------------------------------
    @app_commands.command(name=_("bury"), description=_("Bury the kitty (埋底)"))
    @app_commands.rename(cards=_("cards"))
    @app_commands.describe(cards=_("The cards to bury, e.g. ♠2 ♠3 ♣4 …"))
    async def bury(self, interaction: discord.Interaction, cards: str) -> None:
        loc = locale_of(interaction)
        events = await run(
            interaction,
            lambda: self.bot.service.moves.bury(
                interaction.channel_id or 0, interaction.user.id, cards, key=key_of(interaction)
            ),
        )
        if events is not None:
            buried = next((e.cards for e in events if hasattr(e, "cards")), ())
            await reply(
                interaction, text(loc, "buried_ok", cards=self._fmt(loc)(buried)), ephemeral=True
            )
            await self.bot.after_change()

    @bury.autocomplete("cards")
    async def bury_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current, "bury")

    # ---- 找朋友 -------------------------------------------------------------------------------
    @app_commands.command(name=_("call"), description=_("Call your friends (找朋友)"))
    @app_commands.rename(calls=_("calls"))
    @app_commands.describe(calls=_("The k-th copy of a card to be played, e.g. #1 ♥A, #2 ♠K"))
    async def call(self, interaction: discord.Interaction, calls: str) -> None:
        loc = locale_of(interaction)
        events = await run(
            interaction,
            lambda: self.bot.service.moves.call_friends(
                interaction.channel_id or 0, interaction.user.id, calls, key=key_of(interaction)
            ),
        )
        if events is not None:
            # The calls go to the channel with the table's news (presenter); this
            # answer only confirms them to the dealer.
            made = next((e.calls for e in events if isinstance(e, FriendsCalled)), ())
            await reply(
                interaction, text(loc, "called_ok", calls=calls_text(loc, made)), ephemeral=True
            )
            await self.bot.after_change()

    @call.autocomplete("calls")
    async def call_calls(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        view = await self._own_view(interaction)
        if view is None:
            return []
        pairs = call_choices(view, current, locale_of(interaction))
        return [app_commands.Choice(name=n, value=v) for n, v in pairs]

    # ---- 悔牌 (house rule play_takeback) -----------------------------------------------------
    @app_commands.command(name=_("takeback"), description=_("Take back the cards you just played"))
    async def takeback(self, interaction: discord.Interaction) -> None:
        loc = locale_of(interaction)
        events = await run(
            interaction,
            lambda: self.bot.service.moves.take_back(
                interaction.channel_id or 0, interaction.user.id, key=key_of(interaction)
            ),
        )
        if events is not None:
            took = next((e for e in events if isinstance(e, TookBack)), None)
            cards = self._fmt(loc)(took.cards if took else ())
            await reply(interaction, text(loc, "took_back_ok", cards=cards), ephemeral=True)
            await self.bot.after_change()

    # ---- 出牌 ---------------------------------------------------------------------------------
    @app_commands.command(name=_("play"), description=_("Play cards (出牌)"))
    @app_commands.rename(cards=_("cards"))
    @app_commands.describe(cards=_("The cards to play, e.g. ♠A or ♥KK"))
    async def play(self, interaction: discord.Interaction, cards: str | None = None) -> None:
        if not cards:  # no cards: the click-to-play panel, only for this player
            await open_panel_here(interaction)
            return
        loc = locale_of(interaction)
        channel_id = interaction.channel_id or 0
        events = await run(
            interaction,
            lambda: self.bot.service.moves.play(
                channel_id, interaction.user.id, cards, key=key_of(interaction)
            ),
        )
        if events is None:
            return
        status = self.bot.service.queries.cached_status_by_channel(channel_id)
        if status is not None:
            seat = status.table.seat_of(interaction.user.id) or 0
            # The play is shown by the answer to the player's own command (not rate
            # limited); the next player is pinged only when that helps.
            ping = self.bot.presenter.turn_ping(status.table.id)
            mentions = pinging(ping) if ping is not None else NO_PINGS
            tlang = status.options.language  # a public post: the table's language
            content = play_reply(tlang, status, events, ping, self._fmt())
            await reply(interaction, content, allowed_mentions=mentions)
            view = self.bot.service.queries.seat_view(status.table.id, seat)
            if view is not None and view.hand:
                await reply(interaction, hand_followup(loc, view, self._fmt()), ephemeral=True)
        else:
            await reply(interaction, "✓")
        await self.bot.after_change()

    @play.autocomplete("cards")
    async def play_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current, "play")

    # ---- 手牌 ---------------------------------------------------------------------------------
    @app_commands.command(name=_("hand"), description=_("Show your hand (only you see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        loc = locale_of(interaction)
        view = await run(
            interaction,
            lambda: self.bot.service.queries.view(interaction.channel_id or 0, interaction.user.id),
        )
        if view is None:
            return
        status = self.bot.service.queries.cached_status_by_channel(interaction.channel_id or 0)
        if status is None:
            await reply(interaction, text(loc, "no_game"), ephemeral=True)
            return
        await reply(interaction, dm_text(loc, status, view, self._fmt()), ephemeral=True)
