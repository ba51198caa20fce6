"""The "Open the table" button: the live table as a Discord Activity
(``bot.web.live.activity``), on the lobby and the table message while the Activity
is configured (``Config.activity_on``; the client hands ``activity_button`` to the
presenter). Persistent like the other buttons (``DynamicItem``: the custom id holds
the table id). Clicking it answers the interaction with LAUNCH_ACTIVITY (type 12):
Discord opens the Activity in that channel, and the page finds the table by the
channel."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.discord_app.interactions import (
    DISCORD_FAILURES,
    answering,
    bot_of,
    locale_of,
    refuse_duplicate,
    reply,
)
from bot.text.i18n import text

log = logging.getLogger(__name__)


class OpenTableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sj:activity:(?P<table>\d+)",
):
    def __init__(self, table_id: int, locale: str | None = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=text(locale, "live.activity_open")[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"sj:activity:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OpenTableButton:
        return cls(int(match["table"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        delivery = bot_of(interaction).delivery(interaction)
        if delivery != "first":
            await refuse_duplicate(interaction, delivery)
            return
        try:
            await interaction.response.launch_activity()
        except DISCORD_FAILURES as exc:  # Activities off in the Developer Portal, …
            log.warning("table %s: Discord did not launch the Activity: %r", self.table_id, exc)
            await reply(
                interaction,
                text(locale_of(interaction), "live.activity_unavailable"),
                ephemeral=True,
            )


def activity_button(table_id: int, locale: str | None) -> discord.ui.Item[Any]:
    """The button the presenter adds to the lobby and the table message."""
    return OpenTableButton(table_id, locale)
