"""悔牌 and 撤回 as buttons (house rules ``play_takeback`` and ``bid_takeback``).

Where the player acts — their hand DM and their play panel — a **Take back** button
is shown to the last player of the unfinished trick while the take-back is allowed
(until the next card), and a **Withdraw bid** button to the seat holding the winning
bid while bids are open. A click calls the same service methods as ``/takeback`` and
``/unbid``: a refusal (a second click, too late, not your play) is the same
translated answer, and the interaction id is the idempotency key as for every button.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord_app.emojis import CardEmojis, card_format
from bot.discord_app.interactions import answering, bot_of, key_of, locale_of, reply, run
from bot.service import ServiceError, TableService
from bot.text.i18n import text
from bot.text.render import reader_format
from rules.events import BidWithdrawn, Event, TookBack

UNDO = "undo"  # 悔牌: take back one's play
UNBID = "unbid"  # 撤回: withdraw one's winning bid
LABELS = {UNDO: "button.take_back", UNBID: "button.withdraw_bid"}


def offers(service: TableService, table_id: int, seat: int) -> tuple[str, ...]:
    """What ``seat`` may take back right now: ``undo``, ``unbid`` or nothing. Only
    when the table's rule is on and the engine would accept it."""
    match = service.queries.match_of(table_id)
    if match is None:
        return ()
    out = []
    decls = match.hand.declarations
    if (
        match.rules.bid_takeback != "off"
        and match.phase in ("dealing", "declaring")
        and decls
        and decls[-1].seat == seat
    ):
        out.append(UNBID)
    if match.rules.play_takeback != "off" and match.can_take_back(seat):
        out.append(UNDO)
    return tuple(out)


async def take_back(
    interaction: discord.Interaction, channel_id: int, what: str, *, answer: bool = True
) -> list[Event] | ServiceError | None:
    """Run the take-back ``what`` for the clicking user. With ``answer`` a refusal is
    answered privately by ``run`` (None); without, it is returned (the panel shows it
    in place)."""
    bot = bot_of(interaction)
    user, key = interaction.user.id, key_of(interaction)
    call = bot.service.moves.take_back if what == UNDO else bot.service.moves.withdraw_bid
    if answer:
        return await run(interaction, lambda: call(channel_id, user, key=key))

    async def attempt() -> list[Event] | ServiceError:
        try:
            return await call(channel_id, user, key=key)
        except ServiceError as exc:
            return exc

    return await run(interaction, attempt)


def done_text(
    locale: str | None, what: str, events: Sequence[Event], emojis: CardEmojis | None
) -> str:
    """The answer to a take-back ("You took back ♠A.") in the reader's language."""
    fmt = reader_format(locale, card_format(emojis))
    if what == UNDO:
        took = next((e for e in events if isinstance(e, TookBack)), None)
        return text(locale, "took_back_ok", cards=fmt(took.cards if took else ()))
    gone = next((e for e in events if isinstance(e, BidWithdrawn)), None)
    return text(locale, "withdrew_ok", cards=fmt(gone.cards if gone else ()))


class TakeBackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sj:(?P<what>undo|unbid):(?P<table>\d+)",
):
    """The button on a hand DM (the panel has its own, ``sj:pb:…:undo`` / ``:unbid``)."""

    def __init__(self, what: str, table_id: int, locale: str | None = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=text(locale, LABELS[what])[:80],
                style=discord.ButtonStyle.danger,
                custom_id=f"sj:{what}:{table_id}",
            )
        )
        self.what = what
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TakeBackButton:
        return cls(match["what"], int(match["table"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        loc = locale_of(interaction)
        status = await bot.service.queries.status_for_table(self.table_id)
        if status is None or status.view is None:
            await reply(interaction, text(loc, "no_game"), ephemeral=True)
            return
        events = await take_back(interaction, status.table.channel_id, self.what)
        if isinstance(events, list):
            emojis = getattr(bot, "card_emojis", None)
            shown = emojis if isinstance(emojis, CardEmojis) and emojis.available else None
            await reply(interaction, done_text(loc, self.what, events, shown), ephemeral=True)
            await bot.after_change()


def add_buttons(
    view: discord.ui.View | None, table_id: int, locale: str | None, what: Sequence[str]
) -> discord.ui.View | None:
    """``view`` with the take-back buttons ``what`` (a DM's view; None stays None
    when there is nothing to add)."""
    if not what:
        return view
    view = view or discord.ui.View(timeout=None)
    for w in what:
        if len(view.children) < 25:
            view.add_item(TakeBackButton(w, table_id, locale))
    return view
