"""What a click on the play panel does: load the player's own view, check the panel
is still current, redraw it in place, send a play, bury, declaration or pass
through the table service, and answer Last trick / My hand / Cards out privately.

The selection is read back from the message itself (the options it marks as
chosen) plus the values of the select just used, so the bot keeps no per-panel
state. A click whose ``stamp`` no longer matches the player's state changes
nothing and redraws the panel with a clear notice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord_app.autocomplete import bury_options
from bot.discord_app.emojis import CardEmojis, card_format, cards_text
from bot.discord_app.host import Host
from bot.discord_app.interactions import (
    NO_PINGS,
    PRIVATE_PLACEHOLDER,
    bot_of,
    key_of,
    locale_of,
    pinging,
    reply,
    run,
)
from bot.discord_app.panel.build import PanelState, build, suggestions, values_for
from bot.discord_app.panel.items import ACTIONS
from bot.discord_app.panel.layout import selected_cards, stamp
from bot.discord_app.replies import dm_text, play_reply
from bot.discord_app.takebacks import UNBID, UNDO, done_text, offers, take_back
from bot.service import ServiceError, TableStatus
from bot.text.i18n import text
from bot.text.panel_text import last_trick_text, memory_text, verdict
from rules.cards import Card
from rules.events import Declared
from rules.memory import card_memory
from rules.preview import preview
from rules.views import View


def memory_enabled(status: TableStatus) -> bool:
    """记牌器 at this table: the table's option, else what its rules allow."""
    return status.card_memory_on


def emojis_of(bot: Any) -> CardEmojis | None:
    """The card emojis the bot synced at start (``Host.card_emojis``), if any."""
    found = getattr(bot, "card_emojis", None)
    return found if isinstance(found, CardEmojis) and found.available else None


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


def _state(bot: Host, status: TableStatus, seat: int, view: View) -> PanelState:
    """What the panel shows this seat, with its declaration options while declaring
    (and its steals while stealing the kitty, 炒地皮)."""
    declarations: list[Sequence[Card]] = []
    if view.phase in ("dealing", "declaring", "stealing"):
        match = bot.service.queries.match_of(status.table.id)
        if match is not None:
            declarations = [d.cards for d in match.declaration_options(seat)]
    tid = status.table.id
    took = offers(bot.service, tid, seat)
    return PanelState(tid, view, status.table.seats, declarations, emojis_of(bot), took)


async def load(interaction: discord.Interaction, table_id: int) -> Seat | None:
    """The player's seat and view, or None after answering why there is none."""
    bot = bot_of(interaction)
    loc = locale_of(interaction)
    status = await bot.service.queries.status_for_table(table_id)
    if status is None or status.view is None:
        await reply(interaction, text(loc, "no_game"), ephemeral=True)
        return None
    seat = status.table.seat_of(interaction.user.id)
    if seat is None:
        await reply(interaction, ServiceError("not_seated").message(loc), ephemeral=True)
        return None
    view = bot.service.queries.seat_view(table_id, seat)
    if view is None:
        await reply(interaction, text(loc, "no_game"), ephemeral=True)
        return None
    state = _state(bot, status, seat, view)
    return Seat(status, seat, view, loc, state)


def render(s: Seat, selected: Sequence[str] = (), notice: str | None = None) -> tuple[str, Any]:
    return build(s.locale, s.state, selected, notice, memory_enabled(s.status))


async def open_panel(interaction: discord.Interaction, table_id: int) -> None:
    s = await load(interaction, table_id)
    if s is None:
        return
    content, ui = render(s)
    await interaction.response.send_message(
        content, view=ui, ephemeral=private(interaction), allowed_mentions=NO_PINGS
    )


async def redraw(
    interaction: discord.Interaction,
    s: Seat,
    selected: Sequence[str] = (),
    notice: str | None = None,
) -> None:
    """Show the panel again in place (the answer to a click on it)."""
    content, ui = render(s, selected, notice)
    if not interaction.response.is_done():
        await interaction.response.edit_message(content=content, view=ui, allowed_mentions=NO_PINGS)
    elif interaction.extras.pop(PRIVATE_PLACEHOLDER, False):
        await interaction.edit_original_response(  # deferred
            content=content, view=ui, allowed_mentions=NO_PINGS
        )
    else:
        await interaction.followup.send(
            content, view=ui, ephemeral=private(interaction), allowed_mentions=NO_PINGS
        )


async def close_panel(interaction: discord.Interaction, notice: str) -> None:
    """Nothing left to play: the panel keeps only its last notice."""
    if not interaction.response.is_done():
        await interaction.response.edit_message(
            content=notice, view=None, allowed_mentions=NO_PINGS
        )
    elif interaction.extras.pop(PRIVATE_PLACEHOLDER, False):
        await interaction.edit_original_response(
            content=notice, view=None, allowed_mentions=NO_PINGS
        )


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
    if what in (UNDO, UNBID):  # the service decides (no stamp: a refusal says why)
        await send_take_back(interaction, table_id, what)
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
        events = await run(
            interaction, lambda: service.moves.bury(s.channel_id, user, played, key=key)
        )
    else:
        events = await run(
            interaction, lambda: service.moves.play(s.channel_id, user, played, key=key)
        )
    if events is None:
        await bot.after_change()
        return  # the reason was answered privately; nothing changed
    after = await load_quiet(interaction, s.state.table_id)
    done = "panel.buried" if what == "bury" else "panel.played"
    notice = text(s.locale, done, cards=cards_text(cards, s.state.emojis, s.locale))
    if after is not None:
        await redraw(interaction, after, notice=notice)
    else:
        await close_panel(interaction, notice)  # the match is over
    if what == "play":
        fmt = card_format(s.state.emojis)
        await announce(  # public: in the table's language
            interaction, s, lambda st, ping: play_reply(st.options.language, st, events, ping, fmt)
        )
    await bot.after_change()


async def send_take_back(interaction: discord.Interaction, table_id: int, what: str) -> None:
    """悔牌 / 撤回 from the panel: the panel is redrawn with what happened — the cards
    taken back, or the translated refusal (a second click, too late, not your play).
    The table hears of it from the service's notice, as after /takeback."""
    s = await load(interaction, table_id)
    if s is None:
        return
    bot = bot_of(interaction)
    result = await take_back(interaction, s.channel_id, what, answer=False)
    if result is None:
        return  # a second delivery of this click: nothing done
    if isinstance(result, ServiceError):
        notice = result.message(s.locale)
    else:
        notice = done_text(s.locale, what, result, s.state.emojis)
    await redraw(interaction, await load_quiet(interaction, table_id) or s, notice=notice)
    await bot.after_change()


async def send_pass(interaction: discord.Interaction, s: Seat) -> None:
    bot = bot_of(interaction)
    key = key_of(interaction)
    user = interaction.user.id
    events = await run(interaction, lambda: bot.service.moves.pass_(s.channel_id, user, key=key))
    if events is not None:
        after = await load_quiet(interaction, s.state.table_id)
        notice = text(s.locale, "panel.passed")
        if after is not None:
            await redraw(interaction, after, notice=notice)
        else:
            await close_panel(interaction, notice)
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
    events = await run(
        interaction, lambda: bot.service.moves.declare(s.channel_id, user, cards, key=key)
    )
    if events is None:
        await bot.after_change()
        return
    after = await load_quiet(interaction, table_id)
    notice = text(s.locale, "panel.declared", cards=cards_text(cards, s.state.emojis, s.locale))
    if after is not None:
        await redraw(interaction, after, notice=notice)
    else:
        await close_panel(interaction, notice)
    ev = next((e for e in events if isinstance(e, Declared)), None)
    if ev is not None:
        code = {"declare": "declared_public", "reinforce": "reinforced_public"}.get(
            ev.kind, "overridden_public"
        )
        tlang = s.status.options.language  # public: in the table's language
        shown = cards_text(ev.cards, s.state.emojis, tlang)
        said = text(tlang, code, who=interaction.user.mention, cards=shown)
        await announce(interaction, s, lambda _status, _ping: said, ping=False)
    await bot.after_change()


async def load_quiet(interaction: discord.Interaction, table_id: int) -> Seat | None:
    """``load`` without answering: the table may be gone after the last play."""
    bot = bot_of(interaction)
    status = bot.service.queries.cached_status(table_id)
    if status is None or status.view is None:
        return None
    seat = status.table.seat_of(interaction.user.id)
    view = None if seat is None else bot.service.queries.seat_view(table_id, seat)
    if seat is None or view is None:
        return None
    state = _state(bot, status, seat, view)
    return Seat(status, seat, view, locale_of(interaction), state)


async def announce(
    interaction: discord.Interaction, s: Seat, make: Any, *, ping: bool = True
) -> None:
    """Tell the table what the player did. From the channel: a public followup to
    the click (not counted against the global rate limit), naming the next player
    and pinging them only when the presenter says it helps. From the DM: the table
    message shows it at its next edit (one edit, batched with others)."""
    bot = bot_of(interaction)
    status = bot.service.queries.cached_status(s.state.table_id) or s.status
    if interaction.guild_id is not None:
        who = bot.presenter.turn_ping(s.state.table_id) if ping else None
        mentions = pinging(who) if who is not None else NO_PINGS
        content = str(make(status, who))[:2000]
        await interaction.followup.send(content, allowed_mentions=mentions)
    else:
        bot.presenter.touch(s.state.table_id, s.channel_id)


async def answer_info(interaction: discord.Interaction, table_id: int, what: str) -> None:
    """Last trick, My hand, Cards out: a private answer, whatever the panel's state."""
    s = await load(interaction, table_id)
    if s is None:
        return
    view = s.view
    if what == "last":
        body = last_trick_text(
            s.locale, view, s.state.seats, lambda c: cards_text(c, s.state.emojis, s.locale)
        )
    elif what == "hand":
        body = dm_text(s.locale, s.status, view, card_format(s.state.emojis))
    elif not memory_enabled(s.status):
        body = text(s.locale, "memory.off")
    else:
        ctx = view.context
        names = [ctx.suit_name(k) for k in range(5)]
        body = memory_text(s.locale, card_memory(view), names)
    await interaction.response.send_message(
        body[:2000], ephemeral=private(interaction), allowed_mentions=NO_PINGS
    )


# The panel's components call these (``bot.discord_app.panel.items`` cannot import this module).
ACTIONS.update(open=open_panel, select=on_select, button=on_button, declare=send_declaration)
