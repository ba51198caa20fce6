"""Turns service notices into Discord messages, with as few REST calls as possible,
and delivers every one of them however Discord behaves.

Notices only mark what changed (no I/O under the table lock: that bookkeeping,
and the per-table state it keeps, is ``bot.discord_app.render_state``); ``flush``
then does the REST work for one table, **one flush per table at a time** (a lock:
the commands' flushes and the timer loop's never race to create a message twice):

* one living table message per hand in the channel (``bot.discord_app.table_writer``),
  edited when a trick ends, when the phase changes, or when a run of AI plays is over
  (AI plays of a trick are batched into one edit; a human's play is shown by the
  reply to their own command, which Discord does not count against the global rate
  limit). It carries the table picture (the hand summary picture once scored),
  uploaded only when its bytes changed, and the countdown of the current timer as a
  Discord timestamp (no edits to count down);
* one DM per player per hand with their hand (``bot.discord_app.hand_dms``);
* the lobby message, which after the start links to the current table message;
* short public posts (a re-deal, a seat taken over, closed DMs), and a single
  mention of a player once half of their turn timer has passed.

Delivery: what each message owes Discord is counted (``render_state.Due``), so a
change made while a write is in flight, or a write that failed (5xx, a 429 past
discord.py's retries, a reset), stays owed and is tried again with back-off by the
timer loop; the previous hand's table message is owed its end until it shows it
(also after a restart). Creates carry a fixed ``nonce`` (Discord's enforce_nonce):
a post retried after an answer that never came returns the message already made.

Mentions ping nobody unless a message names whom it pings (``allowed_mentions``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import discord

from bot.discord_app import channel_access
from bot.discord_app.components import lobby_view
from bot.discord_app.emojis import CardEmojis, card_format
from bot.discord_app.hand_dms import DMState, HandDMs
from bot.discord_app.interactions import DISCORD_FAILURES, NO_PINGS, pinging
from bot.discord_app.render_state import RenderState, TableRender
from bot.discord_app.replies import post_line
from bot.discord_app.table_message import lobby_text, message_link
from bot.discord_app.table_writer import TableWriter, table_language
from bot.service import TableService, TableStatus
from bot.service.records import MessageRefs
from bot.text.i18n import language, text
from bot.text.render import CardFormat, event_line

log = logging.getLogger(__name__)
MAX_QUEUED = 20  # public posts kept while the channel refuses them
BACKOFF = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)  # seconds before the next try after failures
BOOT = secrets.token_hex(3)  # this run's nonces differ from the last run's


class Presenter(RenderState):
    def __init__(
        self, bot: discord.Client, service: TableService, refs: MessageRefs | None = None
    ) -> None:
        self.bot = bot
        self.service = service
        self.refs = refs
        self.tables: dict[int, TableRender] = {}
        self.dms = HandDMs(bot, service)
        # The play panel's Play button (set by the client; None = no button).
        self.play_button: Callable[[int, str | None], discord.ui.Item[Any]] | None = None
        # "Open the table" (the Discord Activity; set by the client when configured).
        self.activity_button: Callable[[int, str | None], discord.ui.Item[Any]] | None = None
        self.dms.decorate = self.play_view
        self.dms.card_format = self.card_format
        self.writer = TableWriter(bot, self.card_format, self.table_view, self._remember)
        service.core.subscribe(self.on_notice)

    def touch(self, table_id: int, channel_id: int) -> None:
        """Show the table again at the next flush (a play made from a DM panel has no
        public answer of its own; a seat went on or off auto)."""
        r = self._render(table_id, channel_id)
        r.table.mark()
        r.force = True

    def touch_channel(self, channel_id: int) -> None:
        """Show the table of this channel again at the next flush (an interaction answer
        that would have shown a move did not reach Discord)."""
        for table_id, r in self.tables.items():
            if r.channel_id == channel_id:
                self.touch(table_id, channel_id)

    @property
    def emojis(self) -> CardEmojis | None:
        """The card emojis the client synced at start (``bot.card_emojis``)."""
        found = getattr(self.bot, "card_emojis", None)
        return found if isinstance(found, CardEmojis) else None

    def card_format(self) -> CardFormat:
        return card_format(self.emojis)

    def remember_user(self, user: discord.abc.User) -> None:
        self.dms.users[user.id] = user

    def turn_ping(self, table_id: int) -> int | None:
        """The user to mention as next to play, if that helps: a player the bot had to
        play for (timer ran out) is mentioned once when the turn comes back to them.
        Otherwise None: a play reply names the next player without a ping."""
        r = self.tables.get(table_id)
        status = self.service.queries.cached_status(table_id)
        if r is None or status is None or status.view is None or status.view.turn is None:
            return None
        self._settle_away(r)
        seat = status.view.turn
        user_id = status.table.seats[seat].user_id
        if user_id is None or r.away.get(seat, True):
            return None
        r.away[seat] = True
        return user_id

    # ---- flushing: the REST calls ----------------------------------------------------------
    async def flush_all(self) -> None:
        """Flush every table, each on its own (one table's slow or failing Discord
        calls never hold up another's)."""
        await asyncio.gather(*(self.flush(table_id) for table_id in list(self.tables)))

    def owed(self) -> int:
        """Writes still owed to Discord, over all tables (0: every message is current)."""
        n = 0
        for r in self.tables.values():
            n += r.table.owed + r.lobby.owed + len(r.closing)
            n += bool(r.posts or r.news or r.outgoing)
            n += len(r.dms.closing) + sum(dm.failed for dm in r.dms.seats.values())
        return n

    async def flush(self, table_id: int) -> None:
        r = self.tables.get(table_id)
        if r is None:
            return
        async with r.lock:  # one writer per table: the next flush sees what this one did
            if asyncio.get_running_loop().time() < r.retry_at:
                return  # backing off after failures: the timer loop comes back
            failed = await self._flush(table_id, r)
            self._backoff(r, failed)
        status = self.service.queries.cached_status(table_id)
        if status is None and not (r.posts or r.news or r.closing or r.outgoing):
            self.tables.pop(table_id, None)

    async def _flush(self, table_id: int, r: TableRender) -> bool:
        """One pass over the table's messages; True if a REST call failed."""
        status = self.service.queries.cached_status(table_id)
        if status is not None:
            r.language = status.options.language
        if not r.loaded:
            await self._load_refs(table_id, r)
        self._settle_away(r)
        channel_access.update(r.access, self.bot, r.channel_id)
        live = status if status is not None and status.view is not None else None
        failed = False
        # Each part on its own: a refused channel message never stops the DMs or the
        # other messages of the same change.
        if live is not None and self._may_post(r):
            failed |= await self._guarded(table_id, r, self.writer.table_message(table_id, r, live))
        if r.closing and live is not None and self._may_post(r):
            failed |= await self._guarded(table_id, r, self.writer.close_hands(table_id, r, live))
        if r.lobby.owed and self._may_post(r):  # after the table message: it links to it
            failed |= await self._guarded(table_id, r, self._lobby(table_id, r, status))
        if live is not None:
            failed |= await self._guarded(table_id, r, self._dms(table_id, r, live))
            if self._may_post(r):
                failed |= await self._guarded(table_id, r, self._nudge(table_id, r, live))
        if self._may_post(r):
            failed |= await self._guarded(table_id, r, self._posts(r, status))
        else:
            del r.posts[:-MAX_QUEUED]  # kept for when the channel lets us post again
            del r.news[:-MAX_QUEUED]
        return failed

    @staticmethod
    def _backoff(r: TableRender, failed: bool) -> None:
        if not failed:
            r.failures = 0
            r.retry_at = 0.0
            return
        wait = BACKOFF[min(r.failures, len(BACKOFF) - 1)]
        r.failures += 1
        r.retry_at = asyncio.get_running_loop().time() + wait

    def _may_post(self, r: TableRender) -> bool:
        """Channel messages are possible now (no missing Send Messages, no pause after
        an unexpected refusal): otherwise wait without a REST call."""
        loop = asyncio.get_running_loop()
        return not r.access.silent and loop.time() >= r.access.paused_until

    async def _guarded(self, table_id: int, r: TableRender, step: Awaitable[None]) -> bool:
        """Run one part of a flush; True if Discord failed it (the write stays owed)."""
        try:
            await step
        except discord.Forbidden as exc:  # like a closed DM: the table goes on
            channel_access.refused(r.access, asyncio.get_running_loop().time(), r.channel_id, exc)
        except DISCORD_FAILURES as exc:  # never let Discord break a table: tried again later
            log.warning("table %s: Discord failed an update (tried again): %r", table_id, exc)
            return True
        return False

    def fallback_note(self, channel_id: int, locale: str | None) -> str | None:
        """One sentence for the next interaction answer in this channel, once per missing
        permission: how the table goes on without it (``locale`` None: the table's)."""
        for table_id, r in self.tables.items():
            if r.channel_id == channel_id and r.access.lacks:
                loc = locale or table_language(self.service.queries.cached_status(table_id))
                return channel_access.note(r.access, loc)
        return None

    async def _load_refs(self, table_id: int, r: TableRender) -> None:
        """After a restart, find the messages already posted for this table."""
        r.loaded = True
        if self.refs is None:
            return
        try:
            r.refs.update(await self.refs.load(table_id))
        except Exception:  # storage trouble: worst case we post fresh messages
            log.warning("table %s: could not read message refs", table_id)
            return
        if "lobby" in r.refs:
            r.lobby_message_id = r.refs["lobby"][1]
        for key in r.refs:
            if key.startswith("dm_closed:"):
                self.dms.closed.add(int(key.split(":")[1]))

    async def _remember(
        self, table_id: int, r: TableRender, key: str, channel_id: int, message_id: int
    ) -> None:
        r.refs[key] = (channel_id, message_id)
        if self.refs is None:
            return
        try:
            await self.refs.save(table_id, key, channel_id, message_id)
        except Exception:
            log.warning("table %s: could not store message ref %s", table_id, key)

    async def _lobby(self, table_id: int, r: TableRender, status: TableStatus | None) -> None:
        token = r.lobby.begin()
        channel = self.bot.get_partial_messageable(r.channel_id)
        locale = table_language(status)
        if status is None:
            if r.lobby_message_id is not None:
                await channel.get_partial_message(r.lobby_message_id).edit(view=None)
            r.lobby.landed(token)
            return
        link = None
        if r.table_message_id is not None:
            link = message_link(status.table.guild_id, r.channel_id, r.table_message_id)
        content = lobby_text(locale, status, link)
        seats = len(status.table.seats)
        view = lobby_view(table_id, locale, seats) if status.phase == "lobby" else None
        if view is not None:
            view = self.with_activity(table_id, locale, view)
        if r.lobby_message_id is None:
            msg = await channel.send(
                content,
                view=view,  # type: ignore[arg-type]  # None: no buttons
                allowed_mentions=NO_PINGS,
                nonce=f"l{table_id}",  # a retried post returns the first (enforce_nonce)
            )
            r.lobby_message_id = msg.id
            await self._remember(table_id, r, "lobby", r.channel_id, msg.id)
        else:
            await channel.get_partial_message(r.lobby_message_id).edit(
                content=content, view=view, allowed_mentions=NO_PINGS
            )
        r.lobby.landed(token)

    def play_view(
        self, table_id: int, locale: str | None, phase: str, view: discord.ui.View | None = None
    ) -> discord.ui.View | None:
        """``view`` plus the Play button while the hand is on (None when nothing to show)."""
        if self.play_button is None or phase not in (
            "dealing",
            "declaring",
            "burying",
            "stealing",
            "playing",
        ):
            return view
        view = view or discord.ui.View(timeout=None)
        if len(view.children) < 25:
            view.add_item(self.play_button(table_id, locale))
        return view

    def table_view(self, table_id: int, locale: str | None, phase: str) -> discord.ui.View | None:
        """The table message's buttons: ``play_view``'s, then "Open the table"."""
        return self.with_activity(table_id, locale, self.play_view(table_id, locale, phase))

    def with_activity(
        self, table_id: int, locale: str | None, view: discord.ui.View | None
    ) -> discord.ui.View | None:
        """``view`` plus "Open the table" when the Activity is configured."""
        if self.activity_button is None:
            return view
        view = view or discord.ui.View(timeout=None)
        if len(view.children) < 25:
            view.add_item(self.activity_button(table_id, locale))
        return view

    async def _dms(self, table_id: int, r: TableRender, status: TableStatus) -> None:
        if r.dms.closing:
            await self.dms.close_old(r.dms)
        failure: BaseException | None = None
        for info in status.table.seats:
            if info.user_id is None or info.user_id in self.dms.closed:
                continue
            dm = r.dms.seats.setdefault(info.seat, DMState())
            if not self.dms.due(table_id, r.dms, dm, status, info.seat):
                continue

            async def remember(key: str, channel_id: int, message_id: int) -> None:
                await self._remember(table_id, r, key, channel_id, message_id)

            try:
                sent = await self.dms.send(
                    table_id, r.dms, status, info.seat, info.user_id, dm, remember
                )
            except DISCORD_FAILURES as exc:  # one player's DM failing never holds up the others'
                failure = exc
                continue
            if not sent:  # DMs closed: tell them once, in the channel, without cards
                r.posts.append(f"dm_closed:{info.user_id}")
                await self._remember(table_id, r, f"dm_closed:{info.user_id}", 0, 0)
        if failure is not None:
            raise failure  # owed (``DMState.failed``): the flush backs off and tries again

    async def _nudge(self, table_id: int, r: TableRender, status: TableStatus) -> None:
        """Mention a player once, when half of their time to act has passed."""
        view = status.view
        assert view is not None
        kind, due = status.deadline_kind, status.deadline_at
        o = status.options
        total = {"turn": o.turn_seconds, "bury": o.bury_seconds}.get(kind or "", 0)
        actor = view.turn if kind == "turn" else view.burier if kind == "bury" else None
        if kind == "turn" and view.phase == "stealing":  # 炒地皮: the seat to steal or pass
            actor = view.steal_turn
        if due is None or not total or actor is None:
            return
        user_id = status.table.seats[actor].user_id
        key = (view.hand_no, view.trick_no, len(view.current), actor, kind)
        if user_id is None or r.nudged == key:
            return
        left = (due - self.service.core.clock.now()).total_seconds()
        if left <= 0 or due - timedelta(seconds=total / 2) > self.service.core.clock.now():
            return
        locale = table_language(status)  # public: the table's language
        nudge = "steal" if view.phase == "stealing" else kind
        content = text(
            locale, f"{nudge}_nudge", mention=f"<@{user_id}>", seconds=max(1, round(left))
        )
        channel = self.bot.get_partial_messageable(r.channel_id)
        nonce = f"n{table_id}.{view.hand_no}.{view.trick_no}.{len(view.current)}.{actor}"
        await channel.send(content, allowed_mentions=pinging(user_id), nonce=nonce[:25])
        r.nudged = key  # only once it went out: a failed mention is tried again

    async def _posts(self, r: TableRender, status: TableStatus | None) -> None:
        if r.outgoing is None and (r.posts or r.news):
            posts, r.posts = r.posts, []
            news, r.news = r.news, []
            locale = table_language(status) if status is not None else language(r.language)
            seats = status.table.seats if status is not None else None
            lines = [line for ev in news if (line := event_line(locale, ev, seats))]
            players = len(seats) if seats is not None else 4
            lines += [line for p in posts if (line := post_line(locale, p, players))]
            # Closed DMs concern that player: the one post that pings.
            pinged = tuple(int(p.split(":")[1]) for p in posts if p.startswith("dm_closed:"))
            if lines:
                r.post_no += 1
                r.outgoing = ("\n".join(lines)[:2000], pinged, f"p{BOOT}.{r.post_no}")
        if r.outgoing is not None:
            content, pinged, nonce = r.outgoing
            channel = self.bot.get_partial_messageable(r.channel_id)
            # The same nonce on every try: Discord returns the post it already made.
            await channel.send(content, allowed_mentions=pinging(*pinged), nonce=nonce)
            r.outgoing = None
