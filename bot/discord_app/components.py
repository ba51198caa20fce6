"""Persistent buttons: their custom ids carry the table id, so they keep working
after a restart (``DynamicItem`` templates are registered at start-up)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

import discord

from bot.discord_app.emojis import cards_inline
from bot.discord_app.interactions import (
    answering,
    bot_of,
    key_of,
    locale_of,
    reply,
    run,
    table_locale,
)
from bot.discord_app.rules_panel import RULES_ITEMS, show_page
from bot.discord_app.takebacks import TakeBackButton
from bot.text.i18n import seat_name, text
from bot.text.render import reader_cards
from rules.cards import Card
from rules.notation import format_cards, parse_cards

SEAT_LETTERS = "NESW"


def seats_at(interaction: discord.Interaction, table_id: int) -> int:
    """How many seats the table has (4 when it is not loaded)."""
    status = bot_of(interaction).service.queries.cached_status(table_id)
    return len(status.table.seats) if status is not None else 4


class SeatButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sj:join:(?P<table>\d+):(?P<seat>\d)",
):
    def __init__(self, table_id: int, seat: int, locale: str = "en", players: int = 4) -> None:
        super().__init__(
            discord.ui.Button(
                label=text(locale, "button.join", seat=seat_name(locale, seat, players)),
                style=discord.ButtonStyle.primary,
                custom_id=f"sj:join:{table_id}:{seat}",
            )
        )
        self.table_id = table_id
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SeatButton:
        return cls(int(match["table"]), int(match["seat"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        assert interaction.channel_id is not None
        seat = await run(
            interaction,
            lambda: bot.service.lifecycle.join(
                interaction.channel_id or 0,
                interaction.user.id,
                interaction.user.display_name,
                self.seat,
                locale_of(interaction),
            ),
        )
        if seat is not None:
            loc = locale_of(interaction)
            name = seat_name(loc, seat, seats_at(interaction, self.table_id))
            await reply(
                interaction,
                text(loc, "joined", who=interaction.user.mention, seat_name=name),
                ephemeral=True,
            )
            await bot.after_change()


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sj:(?P<what>addai|start|leave|rules):(?P<table>\d+)",
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "addai": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.danger,
        "rules": discord.ButtonStyle.secondary,
    }

    def __init__(self, what: str, table_id: int, locale: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=text(locale, f"button.{what}"),
                style=self.STYLES[what],
                custom_id=f"sj:{what}:{table_id}",
            )
        )
        self.what = what
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["what"], int(match["table"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        channel_id = interaction.channel_id or 0
        loc = locale_of(interaction)
        user = interaction.user
        if self.what == "rules":  # anyone may look; the panel refuses others' changes
            await show_page(interaction, self.table_id, "", edit=False)
            return
        if self.what == "addai":
            seat = await run(interaction, lambda: bot.service.lifecycle.add_ai(channel_id, user.id))
            if seat is not None:
                await reply(
                    interaction,
                    text(
                        loc,
                        "ai_added",
                        seat_name=seat_name(loc, seat, seats_at(interaction, self.table_id)),
                    ),
                    ephemeral=True,
                )
        elif self.what == "start":
            status = await run(
                interaction, lambda: bot.service.lifecycle.start_game(channel_id, user.id)
            )
            if status is not None:
                await reply(interaction, text(table_locale(interaction, loc), "started"))
        else:
            seat = await run(interaction, lambda: bot.service.lifecycle.leave(channel_id, user.id))
            if seat is not None:
                await reply(interaction, text(loc, "left", who=user.mention), ephemeral=True)
        await bot.after_change()


class DeclareButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sj:decl:(?P<table>\d+):(?P<hand>\d+)(?:r(?P<redeal>\d+))?:(?P<cards>[A-Z0-9-]+)",
):
    """A button on a player's hand DM: declare (or override) with these cards.

    The custom id carries the hand number and, after a re-deal, the re-deal count
    (``7r1``), so a button left from an earlier deal cannot declare in a later one.
    """

    def __init__(
        self,
        table_id: int,
        hand_no: int,
        cards: Sequence[Card],
        redeals: int = 0,
        locale: str = "en",
    ) -> None:
        ascii_cards = "-".join(format_cards(cards, "ascii").split())
        deal = f"{hand_no}r{redeals}" if redeals else str(hand_no)
        super().__init__(
            discord.ui.Button(
                label=text(
                    locale, "button.declare", cards=reader_cards(locale, format_cards(cards))
                )[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"sj:decl:{table_id}:{deal}:{ascii_cards}",
            )
        )
        self.table_id = table_id
        self.hand_no = hand_no
        self.redeals = redeals
        self.cards = tuple(cards)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DeclareButton:
        cards = parse_cards(match["cards"].replace("-", " "))
        return cls(int(match["table"]), int(match["hand"]), cards, int(match["redeal"] or 0))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        loc = locale_of(interaction)
        status = await bot.service.queries.status_for_table(self.table_id)
        if status is None or status.view is None:
            await reply(interaction, text(loc, "no_game"), ephemeral=True)
            return
        match = bot.service.queries.match_of(self.table_id)
        redeals = match.hand.redeals if match is not None else 0
        if (status.view.hand_no, redeals) != (self.hand_no, self.redeals):
            await reply(interaction, text(loc, "stale_button"), ephemeral=True)
            return
        channel_id = status.table.channel_id
        events = await run(
            interaction,
            lambda: bot.service.moves.declare(
                channel_id, interaction.user.id, self.cards, key=key_of(interaction)
            ),
        )
        if events is not None:
            await reply(
                interaction,
                text(
                    loc,
                    "declared_ok",
                    cards=reader_cards(loc, cards_inline(self.cards, bot.card_emojis)),
                ),
                ephemeral=True,
            )
            await bot.after_change()


class StealPassButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sj:spass:(?P<table>\d+):(?P<hand>\d+):(?P<decl>\d+)",
):
    """炒地皮: on the hand DM of the player whose turn it is to steal the kitty, let
    it stand. The custom id carries the hand and how many declarations were made,
    so a button left from an earlier round cannot pass in a later one."""

    def __init__(self, table_id: int, hand_no: int, declarations: int, locale: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=text(locale, "button.steal_pass"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"sj:spass:{table_id}:{hand_no}:{declarations}",
            )
        )
        self.table_id = table_id
        self.hand_no = hand_no
        self.declarations = declarations

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StealPassButton:
        return cls(int(match["table"]), int(match["hand"]), int(match["decl"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        loc = locale_of(interaction)
        status = await bot.service.queries.status_for_table(self.table_id)
        if status is None or status.view is None:
            await reply(interaction, text(loc, "no_game"), ephemeral=True)
            return
        view = status.view
        if (view.hand_no, len(view.declarations), view.phase) != (
            self.hand_no,
            self.declarations,
            "stealing",
        ):
            await reply(interaction, text(loc, "stale_button"), ephemeral=True)
            return
        channel_id = status.table.channel_id
        events = await run(
            interaction,
            lambda: bot.service.moves.pass_(
                channel_id, interaction.user.id, key=key_of(interaction)
            ),
        )
        if events is not None:
            await reply(interaction, text(loc, "steal_passed_ok"), ephemeral=True)
            await bot.after_change()


def lobby_view(table_id: int, locale: str = "en", players: int = 4) -> discord.ui.View:
    """The lobby's buttons, labelled in the table's language: one per seat (five to a
    row, so ten seats take two rows), then Add AI, Start, Rules and Leave."""
    view = discord.ui.View(timeout=None)
    for seat in range(players):
        view.add_item(SeatButton(table_id, seat, locale, players))
    for what in ("addai", "start", "rules", "leave"):
        view.add_item(LobbyButton(what, table_id, locale))
    return view


def declare_view(
    table_id: int,
    hand_no: int,
    options: Sequence[Sequence[Card]],
    redeals: int = 0,
    locale: str = "en",
    steal_pass: int | None = None,
) -> discord.ui.View | None:
    """The declaration buttons of a hand DM, in its reader's language; with
    ``steal_pass`` (炒地皮: the number of declarations so far) a Pass button too."""
    if not options and steal_pass is None:
        return None
    view = discord.ui.View(timeout=None)
    for cards in list(options)[:24]:
        cards_ = [Card(c) for c in cards]
        view.add_item(DeclareButton(table_id, hand_no, cards_, redeals, locale))
    if steal_pass is not None:
        view.add_item(StealPassButton(table_id, hand_no, steal_pass, locale))
    return view


DYNAMIC_ITEMS = (
    SeatButton,
    LobbyButton,
    DeclareButton,
    TakeBackButton,
    StealPassButton,
    *RULES_ITEMS,
)
