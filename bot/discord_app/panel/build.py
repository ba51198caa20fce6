"""Build one player's play panel: content + components, from their own view.

Layout (Discord: ≤ 5 rows, ≤ 25 options per select, ≤ 5 buttons per row):

* playing / burying: up to 3 rows of card selects (``layout.group_hand``), then
  **Play selected** (or **Bury selected**), **Clear**, **Last trick**, **My hand**,
  **Cards out**; then up to 4 suggested plays (safest first, never a throw first)
  and **Refresh**;
* dealing / declaring, and stealing the kitty (炒地皮): up to 3 rows of
  declaration buttons, then **Pass**, **Withdraw bid** (house rule ``bid_takeback``,
  the winning bid's seat), **My hand**, **Refresh**;
* **Take back** (悔牌, house rule ``play_takeback``) opens the last row while the
  player may take back their play (one suggestion fewer then).

Every custom id carries the table id and the panel's ``stamp`` (see
``layout.stamp``), so a click on a panel drawn for another state is refused.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord_app.autocomplete import bury_options, label
from bot.discord_app.emojis import CardEmojis as Emojis
from bot.discord_app.emojis import card_format, cards_text
from bot.discord_app.panel.items import CardSelect, PanelButton, PanelDeclare
from bot.discord_app.panel.layout import MAX_OPTIONS, group_hand, selected_cards, slots_of, stamp
from bot.discord_app.replies import hand_block
from bot.service.records import SeatInfo
from bot.text.i18n import text
from bot.text.panel_text import header, trick_line, verdict
from bot.text.render import reader_cards
from rules.cards import Card
from rules.notation import format_cards
from rules.options import PlayOption, play_options
from rules.preview import preview
from rules.trump import TRUMP
from rules.views import View

MAX_SUGGESTIONS = 4
MAX_DECLARATION_BUTTONS = 15  # three rows of five
PANEL_FACES = 250  # characters of emoji faces per hand line in the panel


@dataclass(frozen=True, slots=True)
class PanelState:
    """What a panel is drawn from."""

    table_id: int
    view: View
    seats: Sequence[SeatInfo] | None
    declarations: Sequence[Sequence[Card]] = ()
    emojis: Emojis | None = None
    # 悔牌 / 撤回 allowed right now (``bot.discord_app.takebacks.offers``): "undo", "unbid".
    offers: tuple[str, ...] = ()


def suggestions(view: View) -> list[PlayOption]:
    """Up to four plays for the panel: ``play_options`` order (safest first, a throw
    never first); a throw the view shows may fail only if nothing else is left."""
    opts = play_options(view, 12)
    sure = [o for o in opts if not o.may_fail]
    return (sure or opts)[:MAX_SUGGESTIONS]


def values_for(view: View, cards: Sequence[Card]) -> list[str]:
    """Option values selecting ``cards`` (first copies first)."""
    want: dict[Card, int] = {}
    for c in cards:
        want[c] = want.get(c, 0) + 1
    out = []
    for slot in slots_of(view.context, view.hand or ()):
        if want.get(slot.card, 0) > 0:
            want[slot.card] -= 1
            out.append(slot.value)
    return out


def _emoji(emojis: Emojis | None, card: Card) -> discord.PartialEmoji | None:
    return emojis.partial(card) if emojis is not None else None


def build(
    locale: str | None,
    state: PanelState,
    selected: Collection[str] = (),
    notice: str | None = None,
    memory: bool = True,
) -> tuple[str, discord.ui.View]:
    """The panel's content and components. ``selected``: chosen option values."""
    view = state.view
    tid = state.table_id
    st = stamp(view)
    ui = discord.ui.View(timeout=None)
    lines = [notice] if notice else []
    lines.append(header(locale, view, state.seats))

    def button(what: str, key: str, style: discord.ButtonStyle, row: int) -> None:
        ui.add_item(PanelButton(tid, st, what, text(locale, key), style, row))

    if view.phase in ("dealing", "declaring", "stealing"):
        # Faces only for suits of up to ~8 cards: the panel must stay within 2,000.
        lines += hand_block(locale, view, card_format(state.emojis, limit=PANEL_FACES))
        my_steal = view.phase == "stealing" and view.steal_turn == view.seat
        if not state.declarations and (view.phase != "stealing" or my_steal):
            lines.append(text(locale, "panel.state.no_declaration"))
        for i, cards in enumerate(list(state.declarations)[:MAX_DECLARATION_BUTTONS]):
            ui.add_item(PanelDeclare(tid, st, cards, row=i // 5))
        if (view.phase == "declaring" and view.seat not in view.passes) or my_steal:
            button("pass", "panel.b.pass", discord.ButtonStyle.secondary, 3)
        if "unbid" in state.offers:  # house rule bid_takeback: the winning bid's seat
            button("unbid", "button.withdraw_bid", discord.ButtonStyle.danger, 3)
        button("hand", "panel.b.hand", discord.ButtonStyle.secondary, 3)
        button("ref", "panel.b.refresh", discord.ButtonStyle.secondary, 3)
        return "\n".join(lines)[:2000], ui

    if view.phase == "calling":  # 找朋友: the header says /call; nothing to select or play
        lines += hand_block(locale, view, card_format(state.emojis, limit=PANEL_FACES))
        button("hand", "panel.b.hand", discord.ButtonStyle.secondary, 0)
        button("ref", "panel.b.refresh", discord.ButtonStyle.secondary, 0)
        return "\n".join(lines)[:2000], ui
    hand = view.hand or ()
    burying = view.phase == "burying" and view.seat == view.burier
    chosen = selected_cards(selected, hand) or []
    line = trick_line(locale, view, state.seats, lambda c: cards_text(c, state.emojis, locale))
    if line:
        lines.append(line)
    if chosen:
        v = verdict(locale, preview(view, chosen), state.seats)
        lines.append(
            text(
                locale, "panel.selected", cards=cards_text(chosen, state.emojis, locale), verdict=v
            )
        )
    elif view.phase == "playing" or burying:
        lines.append(text(locale, "panel.pick"))
    ctx = view.context
    groups = group_hand(ctx, hand) if hand else []
    for i, g in enumerate(groups):
        names = []
        for s in g.suits:
            name = ctx.suit_name(s)
            names.append(text(locale, f"word.{name}") if s == TRUMP or len(name) > 1 else name)
        options = [
            discord.SelectOption(
                label=reader_cards(locale, format_cards([slot.card])),
                value=slot.value,
                emoji=_emoji(state.emojis, slot.card),
                default=slot.value in selected,
            )
            for slot in g.slots
        ]
        select: discord.ui.Select[Any] = discord.ui.Select(
            placeholder=text(locale, "panel.select", suits=" ".join(names), n=len(g.slots))[:150],
            min_values=0,
            max_values=min(len(options), MAX_OPTIONS),
            options=options,
            row=i,
        )
        ui.add_item(CardSelect(tid, st, i, select))
    primary = discord.ButtonStyle.success
    grey = discord.ButtonStyle.secondary
    if burying:
        button("bury", "panel.b.bury", primary, 3)
        button("clear", "panel.b.clear", grey, 3)
        if bury_options(view):
            button("sbury", "panel.b.suggest_bury", discord.ButtonStyle.primary, 3)
        button("hand", "panel.b.hand", grey, 3)
        button("ref", "panel.b.refresh", grey, 3)
        return "\n".join(lines)[:2000], ui
    button("play", "panel.b.play", primary, 3)
    button("clear", "panel.b.clear", grey, 3)
    button("last", "panel.b.last", grey, 3)
    button("hand", "panel.b.hand", grey, 3)
    if memory:
        button("mem", "panel.b.memory", grey, 3)
    shown = suggestions(view)
    if "undo" in state.offers:  # 悔牌 (play_takeback): first in the last row, one suggestion less
        button("undo", "button.take_back", discord.ButtonStyle.danger, 4)
        shown = shown[: MAX_SUGGESTIONS - 1]
    for k, opt in enumerate(shown):
        name = f"{label(locale, opt)}: {reader_cards(locale, format_cards(opt.cards))}"
        ui.add_item(PanelButton(tid, st, f"s{k}", name, discord.ButtonStyle.primary, 4))
    button("ref", "panel.b.refresh", grey, 4)
    return "\n".join(lines)[:2000], ui
