"""The panel's persistent components and what a click on them does.

Custom ids (≤ 100 characters), matched by ``DynamicItem`` templates registered at
start-up, so a panel keeps working after a restart:

* ``sj:open:<table>`` — the **Play** button on the table message and the hand DM;
* ``sj:pc:<table>:<stamp>:<i>`` — card select ``i``;
* ``sj:pb:<table>:<stamp>:<what>`` — a panel button;
* ``sj:pd:<table>:<stamp>:<cards>`` — a declaration button.

The selection is read back from the message itself (the options it marks as
chosen) plus the values of the select just used, so the bot keeps no per-panel
state. A click whose ``stamp`` no longer matches the player's state changes
nothing and redraws the panel with a clear notice.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.autocomplete import bury_options
from bot.i18n import text
from bot.interactions import PRIVATE_PLACEHOLDER, bot_of, key_of, locale_of, reply, run
from bot.panel.build import PanelState, build, suggestions, values_for
from bot.panel.layout import selected_cards, stamp
from bot.panel.text import Emojis, cards_text, last_trick_text, memory_text, verdict
from bot.presenter import dm_text, play_reply
from bot.service import ServiceError, TableStatus
from rules.cards import Card
from rules.events import Declared
from rules.memory import card_memory, memory_allowed
from rules.notation import format_cards, parse_cards
from rules.preview import preview
from rules.views import View

STAMP = r"[0-9a-f]{8}"


def memory_enabled(status: TableStatus) -> bool:
    """记牌器 at this table: the table's option, else what its rules allow."""
    opt = status.options.card_memory
    return memory_allowed(status.table.rules) if opt is None else opt


def emojis_of(bot: Any) -> Emojis | None:
    """Card emojis the bot uploaded (``bot.card_emojis``: Card → "<:name:id>"), if any."""
    found = getattr(bot, "card_emojis", None)
    return found if isinstance(found, dict) and found else None


def private(interaction: discord.Interaction) -> bool:
    """Answers in a guild channel are ephemeral; in the DM they are private anyway."""
    return interaction.guild_id is not None


@dataclass(slots=True)
class Seat:
    """The clicking player's seat at a table, and their own view of it."""

    status: TableStatus
    seat: int
    view: View
    locale: str
    state: PanelState

    @property
    def channel_id(self) -> int:
        return self.status.table.channel_id


async def load(interaction: discord.Interaction, table_id: int) -> Seat | None:
    """The player's seat and view, or None after answering why there is none."""
    bot = bot_of(interaction)
    loc = locale_of(interaction)
    status = await bot.service.status_for_table(table_id)
    if status is None or status.view is None:
        await reply(interaction, text(loc, "no_game"), ephemeral=True)
        return None
    seat = status.table.seat_of(interaction.user.id)
    if seat is None:
        await reply(interaction, ServiceError("not_seated").message(loc), ephemeral=True)
        return None
    view = bot.service.seat_view(table_id, seat)
    if view is None:
        await reply(interaction, text(loc, "no_game"), ephemeral=True)
        return None
    declarations: list[Sequence[Card]] = []
    if view.phase in ("dealing", "declaring"):
        match = bot.service.match_of(table_id)
        if match is not None:
            declarations = [d.cards for d in match.declaration_options(seat)]
    state = PanelState(table_id, view, status.table.seats, declarations, emojis_of(bot))
    return Seat(status, seat, view, loc, state)


def render(s: Seat, selected: Sequence[str] = (), notice: str | None = None) -> tuple[str, Any]:
    return build(s.locale, s.state, selected, notice, memory_enabled(s.status))


async def open_panel(interaction: discord.Interaction, table_id: int) -> None:
    s = await load(interaction, table_id)
    if s is None:
        return
    content, ui = render(s)
    await interaction.response.send_message(content, view=ui, ephemeral=private(interaction))


async def redraw(
    interaction: discord.Interaction,
    s: Seat,
    selected: Sequence[str] = (),
    notice: str | None = None,
) -> None:
    """Show the panel again in place (the answer to a click on it)."""
    content, ui = render(s, selected, notice)
    if not interaction.response.is_done():
        await interaction.response.edit_message(content=content, view=ui)
    elif interaction.extras.pop(PRIVATE_PLACEHOLDER, False):
        await interaction.edit_original_response(content=content, view=ui)  # deferred
    else:
        await interaction.followup.send(content, view=ui, ephemeral=private(interaction))


def message_selection(interaction: discord.Interaction, replace: str | None = None) -> list[str]:
    """The option values the panel message shows as chosen; the select with custom id
    ``replace`` contributes the values just chosen in it instead."""
    out: list[str] = []
    message = interaction.message
    rows = message.components if message is not None else []
    for row in rows:
        for child in getattr(row, "children", ()):
            cid = getattr(child, "custom_id", None) or ""
            if not cid.startswith("sj:pc:"):
                continue
            if cid == replace:
                data: Any = interaction.data or {}
                out.extend(str(v) for v in data.get("values", ()))
            else:
                out.extend(o.value for o in getattr(child, "options", ()) if o.default)
    return out


async def fresh(interaction: discord.Interaction, table_id: int, given: str) -> Seat | None:
    """The seat, if the panel clicked (drawn at ``given``) is still current; else the
    panel is redrawn with the stale notice and None returned."""
    s = await load(interaction, table_id)
    if s is None:
        return None
    if stamp(s.view) != given:
        await redraw(interaction, s, notice=text(s.locale, "panel.stale"))
        return None
    return s


# ---- actions ------------------------------------------------------------------------------
async def on_select(interaction: discord.Interaction, table_id: int, given: str, cid: str) -> None:
    s = await fresh(interaction, table_id, given)
    if s is not None:
        await redraw(interaction, s, message_selection(interaction, replace=cid))


async def on_button(interaction: discord.Interaction, table_id: int, given: str, what: str) -> None:
    if what in ("last", "hand", "mem"):
        await answer_info(interaction, table_id, what)
        return
    s = await fresh(interaction, table_id, given)
    if s is None:
        return
    if what == "clear" or what == "ref":
        await redraw(interaction, s)
    elif what.startswith("s") and what[1:].isdigit():
        options = suggestions(s.view)
        k = int(what[1:])
        if k >= len(options):
            await redraw(interaction, s, notice=text(s.locale, "panel.stale"))
            return
        await redraw(interaction, s, values_for(s.view, options[k].cards))
    elif what == "sbury":
        found = bury_options(s.view)
        await redraw(interaction, s, values_for(s.view, found[0]) if found else ())
    elif what in ("play", "bury"):
        await send_cards(interaction, s, what)
    elif what == "pass":
        await send_pass(interaction, s)


async def send_cards(interaction: discord.Interaction, s: Seat, what: str) -> None:
    """Play (or bury) the selected cards — after the preview says the table would
    take them; otherwise the panel says why, and nothing is sent."""
    bot = bot_of(interaction)
    chosen = message_selection(interaction)
    cards = selected_cards(chosen, s.view.hand or ()) or []
    p = preview(s.view, cards)
    if not p.ok:
        reason = verdict(s.locale, p, s.state.seats)
        await redraw(interaction, s, chosen, text(s.locale, "panel.refused", verdict=reason))
        return
    user = interaction.user.id
    key = key_of(interaction)
    service = bot.service
    played = tuple(cards)
    if what == "bury":
        events = await run(interaction, lambda: service.bury(s.channel_id, user, played, key=key))
    else:
        events = await run(interaction, lambda: service.play(s.channel_id, user, played, key=key))
    if events is None:
        await bot.after_change()
        return  # the reason was answered privately; nothing changed
    after = await load_quiet(interaction, s.state.table_id)
    done = "panel.buried" if what == "bury" else "panel.played"
    notice = text(s.locale, done, cards=cards_text(cards, s.state.emojis))
    if after is not None:
        await redraw(interaction, after, notice=notice)
    if what == "play":
        await announce(interaction, s, lambda st: play_reply(s.locale, st, s.seat, events))
    await bot.after_change()


async def send_pass(interaction: discord.Interaction, s: Seat) -> None:
    bot = bot_of(interaction)
    key = key_of(interaction)
    user = interaction.user.id
    events = await run(interaction, lambda: bot.service.pass_(s.channel_id, user, key=key))
    if events is not None:
        after = await load_quiet(interaction, s.state.table_id)
        if after is not None:
            await redraw(interaction, after, notice=text(s.locale, "panel.passed"))
    await bot.after_change()


async def send_declaration(
    interaction: discord.Interaction, table_id: int, given: str, cards: tuple[Card, ...]
) -> None:
    s = await fresh(interaction, table_id, given)
    if s is None:
        return
    bot = bot_of(interaction)
    key = key_of(interaction)
    user = interaction.user.id
    events = await run(interaction, lambda: bot.service.declare(s.channel_id, user, cards, key=key))
    if events is None:
        await bot.after_change()
        return
    after = await load_quiet(interaction, table_id)
    if after is not None:
        shown = cards_text(cards, s.state.emojis)
        await redraw(interaction, after, notice=text(s.locale, "panel.declared", cards=shown))
    ev = next((e for e in events if isinstance(e, Declared)), None)
    if ev is not None:
        code = {"declare": "declared_public", "reinforce": "reinforced_public"}.get(
            ev.kind, "overridden_public"
        )
        said = text(s.locale, code, who=interaction.user.mention, cards=format_cards(ev.cards))
        await announce(interaction, s, lambda _status: said)
    await bot.after_change()


async def load_quiet(interaction: discord.Interaction, table_id: int) -> Seat | None:
    """``load`` without answering: the table may be gone after the last play."""
    bot = bot_of(interaction)
    status = bot.service.cached_status(table_id)
    if status is None or status.view is None:
        return None
    seat = status.table.seat_of(interaction.user.id)
    view = None if seat is None else bot.service.seat_view(table_id, seat)
    if seat is None or view is None:
        return None
    declarations: list[Sequence[Card]] = []
    if view.phase in ("dealing", "declaring"):
        match = bot.service.match_of(table_id)
        if match is not None:
            declarations = [d.cards for d in match.declaration_options(seat)]
    state = PanelState(table_id, view, status.table.seats, declarations, emojis_of(bot))
    return Seat(status, seat, view, locale_of(interaction), state)


async def announce(interaction: discord.Interaction, s: Seat, make: Any) -> None:
    """Tell the table what the player did. From the channel: a public followup to
    the click (not counted against the global rate limit). From the DM: the table
    message shows it at its next edit (one edit, batched with others)."""
    bot = bot_of(interaction)
    status = bot.service.cached_status(s.state.table_id) or s.status
    if interaction.guild_id is not None:
        await interaction.followup.send(str(make(status))[:2000])
    else:
        bot.presenter.touch(s.state.table_id, s.channel_id)


async def answer_info(interaction: discord.Interaction, table_id: int, what: str) -> None:
    """Last trick, My hand, Cards out: a private answer, whatever the panel's state."""
    s = await load(interaction, table_id)
    if s is None:
        return
    view = s.view
    if what == "last":
        body = last_trick_text(s.locale, view, s.state.seats, s.state.emojis)
    elif what == "hand":
        body = dm_text(s.locale, s.status, view)
    elif not memory_enabled(s.status):
        body = text(s.locale, "memory.off")
    else:
        ctx = view.context
        names = [ctx.suit_name(k) for k in range(5)]
        body = memory_text(s.locale, card_memory(view), names)
    await interaction.response.send_message(body[:2000], ephemeral=private(interaction))


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

    async def callback(self, interaction: discord.Interaction) -> None:
        await open_panel(interaction, self.table_id)


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

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_select(interaction, self.table_id, self.stamp, self.custom)


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

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_button(interaction, self.table_id, self.stamp, self.what)


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

    async def callback(self, interaction: discord.Interaction) -> None:
        await send_declaration(interaction, self.table_id, self.stamp, self.cards)


def open_button_view(table_id: int, label: str = "Play") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OpenPanel(table_id, label))
    return view


PANEL_ITEMS = (OpenPanel, CardSelect, PanelButton, PanelDeclare)


def play_button(table_id: int, locale: str | None) -> discord.ui.Item[Any]:
    """The Play button the presenter puts on the table message and the hand DM."""
    return OpenPanel(table_id, text(locale, "panel.b.open"))
