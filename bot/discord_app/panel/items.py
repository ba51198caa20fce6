"""The panel's persistent components.

Custom ids (≤ 100 characters), matched by ``DynamicItem`` templates registered at
start-up, so a panel keeps working after a restart:

* ``sj:open:<table>`` — the **Play** button on the table message and the hand DM;
* ``sj:pc:<table>:<stamp>:<i>`` — card select ``i``;
* ``sj:pb:<table>:<stamp>:<what>`` — a panel button;
* ``sj:pd:<table>:<stamp>:<cards>`` — a declaration button.

What a click does is in ``bot.discord_app.panel.flow``, which registers its handlers in
``ACTIONS`` when imported (``bot.discord_app.panel.flow`` draws these components, so this
module must not import it: no import circle).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.discord_app.interactions import DELIVERY_CHECKED, answering, bot_of, refuse_duplicate
from bot.text.i18n import text
from rules.cards import Card
from rules.notation import format_cards, parse_cards

STAMP = r"[0-9a-f]{8}"

# What a click does: "open", "select", "button", "declare" (set by ``bot.discord_app.panel.flow``).
ACTIONS: dict[str, Callable[..., Awaitable[None]]] = {}


async def act(what: str, interaction: discord.Interaction, *args: Any) -> None:
    handler = ACTIONS.get(what)
    if handler is None:  # a programming error: bot.discord_app.panel.flow was never imported
        raise RuntimeError(
            f"panel action {what!r} has no handler (import bot.discord_app.panel.flow)"
        )
    # Discord may deliver a click twice: only the first delivery is acted on and
    # answered (a copy sharing its token must not take its one answer slot).
    delivery = bot_of(interaction).delivery(interaction)
    if delivery != "first":
        await refuse_duplicate(interaction, delivery)
        return
    interaction.extras[DELIVERY_CHECKED] = True
    await handler(interaction, *args)


# ---- the components -----------------------------------------------------------------------
class OpenPanel(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sj:open:(?P<table>\d+)",
):
    """**Play** on the table message (panel answers privately in the channel) and on
    the hand DM (panel in the DM)."""

    def __init__(self, table_id: int, label: str = "Play") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                emoji="🃏",
                style=discord.ButtonStyle.success,
                custom_id=f"sj:open:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OpenPanel:
        return cls(int(match["table"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        await act("open", interaction, self.table_id)


class CardSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"sj:pc:(?P<table>\d+):(?P<stamp>{STAMP}):(?P<i>\d)",
):
    def __init__(
        self, table_id: int, given: str, index: int, select: discord.ui.Select[Any] | None = None
    ) -> None:
        custom_id = f"sj:pc:{table_id}:{given}:{index}"
        item = select or discord.ui.Select(min_values=0, max_values=1, options=[])
        item.custom_id = custom_id
        super().__init__(item)
        self.table_id, self.stamp, self.custom = table_id, given, custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardSelect:
        return cls(int(match["table"]), match["stamp"], int(match["i"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        await act("select", interaction, self.table_id, self.stamp, self.custom)


class PanelButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"sj:pb:(?P<table>\d+):(?P<stamp>{STAMP}):(?P<what>[a-z0-9]+)",
):
    def __init__(
        self,
        table_id: int,
        given: str,
        what: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                custom_id=f"sj:pb:{table_id}:{given}:{what}",
                row=row,
            )
        )
        self.table_id, self.stamp, self.what = table_id, given, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PanelButton:
        return cls(int(match["table"]), match["stamp"], match["what"])

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        await act("button", interaction, self.table_id, self.stamp, self.what)


class PanelDeclare(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"sj:pd:(?P<table>\d+):(?P<stamp>{STAMP}):(?P<cards>[A-Z0-9-]+)",
):
    def __init__(
        self, table_id: int, given: str, cards: Sequence[Card], row: int | None = None
    ) -> None:
        ascii_cards = "-".join(format_cards(cards, "ascii").split())
        super().__init__(
            discord.ui.Button(
                label=f"亮 {format_cards(cards)}"[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"sj:pd:{table_id}:{given}:{ascii_cards}",
                row=row,
            )
        )
        self.table_id, self.stamp, self.cards = table_id, given, tuple(cards)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PanelDeclare:
        cards = parse_cards(match["cards"].replace("-", " "))
        return cls(int(match["table"]), match["stamp"], cards)

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        await act("declare", interaction, self.table_id, self.stamp, self.cards)


def open_button_view(table_id: int, label: str = "Play") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OpenPanel(table_id, label))
    return view


PANEL_ITEMS = (OpenPanel, CardSelect, PanelButton, PanelDeclare)


def play_button(table_id: int, locale: str | None) -> discord.ui.Item[Any]:
    """The Play button the presenter puts on the table message and the hand DM."""
    return OpenPanel(table_id, text(locale, "panel.b.open"))
