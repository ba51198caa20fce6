"""One hand DM per player per hand: posted during the deal, edited as cards arrive
and leave (throttled), with buttons for the declarations the player can make and,
under the house rules, **Take back** / **Withdraw bid** while those are allowed
(the DM is edited when that changes).

Posting is idempotent across a crash: before a DM is posted the *intent* is stored
(key ``dmpost:<seat>:<hand>``: the DM channel and the newest message id we know in
it). If the bot dies after Discord created the message but before its id was
stored, the restarted bot finds that message (the bot's first DM after the known
one that names this table's channel) and edits it instead of posting a second.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord_app.components import declare_view
from bot.discord_app.interactions import NO_PINGS
from bot.discord_app.replies import dm_text
from bot.discord_app.takebacks import add_buttons, offers
from bot.pictures import render_hand
from bot.service import TableService, TableStatus
from bot.text.render import CardFormat
from rules.cards import Card
from rules.views import View

log = logging.getLogger(__name__)

# During play a hand DM is refreshed at most once per this many tricks: about half a
# two-deck hand (25 tricks), so once a hand. Each player's own /play answer already
# carries their current hand privately; the DM calls are global-rate-limited.
DM_EVERY_TRICKS = 13
DM_DEAL_SHARE = 0.5  # during the deal, send the hand DM once this share is dealt
RECOVER_SCAN = 20  # messages read back when looking for a DM posted before a crash
HAND_PICTURE = "hand.png"  # the hand as a picture (≤ 400 px wide: phones show it whole)

Options = frozenset[tuple[int, ...]]
Remember = Callable[[str, int, int], Awaitable[None]]
# Adds buttons to a DM's view (the play panel's Play button): (table, locale, phase, view).
Decorate = Callable[[int, str | None, str, discord.ui.View | None], discord.ui.View | None]


@dataclass(slots=True)
class DMState:
    message_id: int | None = None
    channel_id: int | None = None
    deal: tuple[int, int] = (0, 0)  # (hand number, re-deals) the message is about
    rendered_trick: int = 0
    rendered_phase: str = ""
    rendered_trump: bool = False
    rendered_shown: object = (
        None  # the declared trump the hand was grouped by (an override regroups)
    )
    rendered_options: Options = frozenset()  # the declare buttons on the message
    rendered_offers: tuple[str, ...] = ()  # its Take back / Withdraw bid buttons
    rendered_steal: bool = False  # 炒地皮: drawn with this seat's steal buttons and Pass
    deal_shown: bool = False  # rendered with at least DM_DEAL_SHARE of this deal
    recover_after: int | None = None  # a post may have happened before a crash
    dirty: bool = False
    picture: bytes | None = None  # the hand picture the message carries now
    failed: bool = False  # the last write did not land: owed until it does
    tried: str = ""  # the text of that write (for the message if the hand moves on)


@dataclass(slots=True)
class TableDMs:
    """The DMs of one table; ``refs`` is the table's stored message refs."""

    refs: dict[str, tuple[int, int]] = field(default_factory=dict)
    seats: dict[int, DMState] = field(default_factory=dict)
    # DMs of earlier hands whose last write failed: (channel, message) -> its text,
    # sent without buttons (the hand is over) until it lands.
    closing: dict[tuple[int, int], str] = field(default_factory=dict)


def dm_key(seat: int, hand_no: int) -> str:
    return f"dm:{seat}:{hand_no}"


def intent_key(seat: int, hand_no: int) -> str:
    return f"dmpost:{seat}:{hand_no}"


class HandDMs:
    def __init__(self, bot: discord.Client, service: TableService) -> None:
        self.bot = bot
        self.service = service
        self.users: dict[int, discord.abc.User] = {}
        self.closed: set[int] = set()  # users whose DMs are closed (told once)
        self.channels: dict[int, int] = {}  # user id -> DM channel id
        self.decorate: Decorate | None = None
        self.card_format: Callable[[], CardFormat] | None = None  # emoji faces, if any

    def _options(self, table_id: int, seat: int, view: View) -> Options:
        if view.phase not in ("dealing", "declaring", "stealing"):
            return frozenset()
        match = self.service.queries.match_of(table_id)
        if match is None:
            return frozenset()
        return frozenset(tuple(int(c) for c in d.cards) for d in match.declaration_options(seat))

    def _redeals(self, table_id: int) -> int:
        match = self.service.queries.match_of(table_id)
        return match.hand.redeals if match is not None else 0

    def due(self, table_id: int, t: TableDMs, dm: DMState, status: TableStatus, seat: int) -> bool:
        view = status.view
        assert view is not None
        deal = (view.hand_no, self._redeals(table_id))
        if deal != dm.deal:
            same_hand = deal[0] == dm.deal[0]
            if not same_hand:
                if dm.failed and dm.message_id is not None and dm.channel_id is not None:
                    t.closing[(dm.channel_id, dm.message_id)] = dm.tried
                dm.failed = False
                # One DM per hand: a new hand starts a new message (or the one a
                # previous run of the bot posted, or may have posted, for this hand).
                ref = t.refs.get(dm_key(seat, view.hand_no))
                intent = t.refs.get(intent_key(seat, view.hand_no))
                dm.channel_id, dm.message_id = ref if ref else (None, None)
                dm.picture = None
                dm.recover_after = None
                if ref is None and intent is not None:
                    dm.channel_id, dm.recover_after = intent
            dm.deal = deal
            dm.deal_shown = False
            dm.rendered_trick = 0
            dm.rendered_phase = ""
            dm.rendered_trump = False
            dm.rendered_shown = None
            dm.dirty = True
            if same_hand and dm.message_id is not None:
                return True  # dealt again: the DM shows the old cards and buttons
        # A button that would now be refused (someone declared higher): refresh.
        if (
            view.phase in ("dealing", "declaring")
            and dm.message_id is not None
            and not dm.rendered_options <= self._options(table_id, seat, view)
        ):
            return True
        if (
            view.phase in ("dealing", "declaring")
            and dm.message_id is not None
            and dm.rendered_shown != view.shown_trump
        ):
            return True  # a declaration or an override: the hand regroups by its suit
        if dm.message_id is not None and offers(self.service, table_id, seat) != dm.rendered_offers:
            return True  # 悔牌 / 撤回 became possible, or no longer is: the button follows
        if dm.message_id is not None and view.trump_fixed:
            # 炒地皮: the steal buttons come and go with the turn, a steal changes
            # trump (every hand regroups) and the thief sees the kitty they took.
            if dm.rendered_steal != (view.phase == "stealing" and view.steal_turn == seat):
                return True
            if dm.rendered_trump and dm.rendered_shown != view.shown_trump:
                return True
            if view.phase == "burying" and view.burier == seat and dm.rendered_phase == "stealing":
                return True
        if dm.failed:
            return True  # the last write failed: whatever the phase, it is owed
        if not dm.dirty:
            return False
        if view.phase == "dealing":
            # Sent once half the hand has arrived, so declaring buttons are useful.
            share = view.dealt / max(view.deal_total, 1)
            return not dm.deal_shown and share >= DM_DEAL_SHARE
        if view.phase == "declaring":
            return dm.rendered_phase != "declaring"  # the whole hand, once
        if view.trump_fixed and not dm.rendered_trump:
            return True  # sorted with trump last (the dealer also sees the kitty)
        if view.phase == "calling":  # 找朋友: the dealer's hand after the bury, with /call
            return dm.rendered_phase != "calling"
        if view.phase == "playing":
            if dm.rendered_phase in ("burying", "stealing", "calling"):
                return True  # the dealer's hand after the bury (others are not dirty)
            return view.trick_no - dm.rendered_trick >= DM_EVERY_TRICKS
        return False

    async def send(
        self,
        table_id: int,
        t: TableDMs,
        status: TableStatus,
        seat: int,
        user_id: int,
        dm: DMState,
        remember: Remember,
    ) -> bool:
        """Post or edit one DM. False when the user's DMs turned out to be closed."""
        view = self.service.queries.seat_view(table_id, seat)
        if view is None:
            return True
        locale = status.table.seats[seat].locale or status.options.language
        if self.card_format is not None:
            content = dm_text(locale, status, view, self.card_format())
        else:
            content = dm_text(locale, status, view)
        png = await asyncio.to_thread(render_hand, view, locale, status.options.four_colour)
        options = self._options(table_id, seat, view)
        redeals = self._redeals(table_id)
        cards = [[Card(c) for c in option] for option in sorted(options)]
        stealing = view.phase == "stealing" and view.steal_turn == seat
        declare = declare_view(
            table_id,
            view.hand_no,
            cards,
            redeals=redeals,
            locale=locale,
            steal_pass=len(view.declarations) if stealing else None,
        )
        buttons = declare
        if self.decorate is not None:
            buttons = self.decorate(table_id, locale, view.phase, declare)
        offered = offers(self.service, table_id, seat)
        buttons = add_buttons(buttons, table_id, locale, offered)
        dm.failed, dm.tried = True, content  # until Discord confirms it
        try:
            if dm.message_id is None and dm.recover_after is not None:
                await self._recover(status, dm)
            if dm.message_id is None or dm.channel_id is None:
                channel = await self._channel(user_id)
                # The intent first: a crash between the post and storing its id is
                # then noticed (and repaired) by the next run.
                await remember(
                    intent_key(seat, view.hand_no), channel.id, self._newest(t, channel.id)
                )
                msg = await channel.send(
                    content,
                    file=discord.File(io.BytesIO(png), HAND_PICTURE),
                    view=buttons,  # type: ignore[arg-type]  # None: no buttons
                    allowed_mentions=NO_PINGS,
                    # A post retried after a lost answer returns the first one.
                    nonce=f"d{table_id}.{seat}.{view.hand_no}.{redeals}"[:25],
                )
                dm.message_id, dm.channel_id = msg.id, channel.id
                await remember(dm_key(seat, view.hand_no), channel.id, msg.id)
            else:
                channel = self.bot.get_partial_messageable(
                    dm.channel_id, type=discord.ChannelType.private
                )
                # The picture is uploaded again only when the hand changed.
                extra: dict[str, Any] = {}
                if png != dm.picture:
                    extra["attachments"] = [discord.File(io.BytesIO(png), HAND_PICTURE)]
                await channel.get_partial_message(dm.message_id).edit(
                    content=content, view=buttons, allowed_mentions=NO_PINGS, **extra
                )
        except discord.Forbidden as exc:
            if exc.code == 50007:
                dm.failed = False
                self.closed.add(user_id)
                return False
            raise
        dm.failed = False
        dm.recover_after = None
        dm.picture = png
        dm.dirty = False
        dm.rendered_trick = view.trick_no
        dm.rendered_phase = view.phase
        dm.rendered_trump = view.trump_fixed
        dm.rendered_shown = view.shown_trump
        dm.rendered_options = options if declare is not None else frozenset()
        dm.rendered_offers = offered
        dm.rendered_steal = stealing
        dm.deal_shown = view.phase != "dealing" or view.dealt >= DM_DEAL_SHARE * view.deal_total
        return True

    async def close_old(self, t: TableDMs) -> None:
        """Earlier hands' DMs whose last write failed: that text, without buttons."""
        for (channel_id, message_id), content in list(t.closing.items()):
            channel = self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
            await channel.get_partial_message(message_id).edit(
                content=content, view=None, allowed_mentions=NO_PINGS
            )
            del t.closing[(channel_id, message_id)]

    @staticmethod
    def _newest(t: TableDMs, channel_id: int) -> int:
        """The newest message id of ours we know in a DM channel (0: none)."""
        return max((m for c, m in t.refs.values() if c == channel_id), default=0)

    async def _recover(self, status: TableStatus, dm: DMState) -> None:
        """Find the DM a previous run posted but did not get to record."""
        after, dm.recover_after = dm.recover_after, None
        if dm.channel_id is None or after is None:
            return
        me = self.bot.user
        mention = f"<#{status.table.channel_id}>"
        channel = self.bot.get_partial_messageable(dm.channel_id, type=discord.ChannelType.private)
        try:
            async for msg in channel.history(
                limit=RECOVER_SCAN, after=discord.Object(after), oldest_first=True
            ):
                if me is not None and msg.author.id == me.id and mention in msg.content:
                    dm.message_id = msg.id
                    log.info("found a hand DM posted before a restart: %s", msg.id)
                    return
        except discord.HTTPException as exc:
            log.warning("could not read back a DM channel: %s", exc)
        dm.channel_id = None  # not posted after all: post it now

    async def _channel(self, user_id: int) -> discord.DMChannel | discord.PartialMessageable:
        cid = self.channels.get(user_id)
        if cid is not None:
            return self.bot.get_partial_messageable(cid, type=discord.ChannelType.private)
        user = self.users.get(user_id) or await self.bot.fetch_user(user_id)
        channel: discord.DMChannel = await user.create_dm()  # type: ignore[attr-defined]
        self.channels[user_id] = channel.id
        return channel
