"""Turns service notices into Discord messages, with as few REST calls as possible.

Notices only mark what changed (no I/O under the table lock: that bookkeeping,
and the per-table state it keeps, is ``bot.discord_app.render_state``); ``flush``
then does the REST work for one table:

* one living table message per hand in the channel (``bot.discord_app.table_message``), edited
  when a trick ends, when the phase changes, or when a run of AI plays is over (AI
  plays of a trick are batched into one edit; a human's play is shown by the reply
  to their own command, which Discord does not count against the global rate
  limit; a failed throw is shown with its trick, not by an edit of its own). It
  carries the table picture (the hand summary picture once scored), swapped by
  the same edit and uploaded only when its bytes changed, and the countdown of
  the current timer as a Discord timestamp (no edits to count down);
* one DM per player per hand with their hand (``bot.discord_app.hand_dms``);
* the lobby message, which after the start links to the current table message;
* short public posts (a re-deal, a seat taken over, closed DMs), and a single
  mention of a player once half of their turn timer has passed.

Mentions ping nobody unless a message names whom it pings (``allowed_mentions``).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import discord

from bot.discord_app import channel_access
from bot.discord_app.components import lobby_view
from bot.discord_app.emojis import CardEmojis, card_format
from bot.discord_app.hand_dms import DMState, HandDMs
from bot.discord_app.interactions import NO_PINGS, pinging
from bot.discord_app.render_state import RenderState, TableRender
from bot.discord_app.replies import post_line
from bot.discord_app.table_message import (
    SUMMARY_PICTURE,
    TABLE_PICTURE,
    embed_text,
    lobby_text,
    message_link,
    table_embed,
)
from bot.pictures import render_summary, render_table
from bot.service import TableService, TableStatus
from bot.service.auto import is_auto
from bot.text.i18n import language, text
from bot.text.render import CardFormat, event_line
from storage.messages import MessageRefs

log = logging.getLogger(__name__)
MAX_QUEUED = 20  # public posts kept while the channel refuses them


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
        self.dms.decorate = self.play_view
        self.dms.card_format = self.card_format
        service.subscribe(self.on_notice)

    def touch(self, table_id: int, channel_id: int) -> None:
        """Show the table again at the next flush (a play made from a DM panel has no
        public answer of its own; a seat went on or off auto)."""
        r = self._render(table_id, channel_id)
        r.dirty = r.force = True

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
        status = self.service.cached_status(table_id)
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
        for table_id in list(self.tables):
            await self.flush(table_id)

    async def flush(self, table_id: int) -> None:
        r = self.tables.get(table_id)
        if r is None:
            return
        status = self.service.cached_status(table_id)
        if status is not None:
            r.language = status.options.language
        if not r.loaded:
            await self._load_refs(table_id, r)
        self._settle_away(r)
        channel_access.update(r.access, self.bot, r.channel_id)
        live = status if status is not None and status.view is not None else None
        # Each part on its own: a refused channel message never stops the DMs or the
        # other messages of the same change.
        if live is not None and self._may_post(r):
            await self._guarded(table_id, r, self._table_message(table_id, r, live))
        if r.lobby_dirty and self._may_post(r):  # after the table message: it links to it
            await self._guarded(table_id, r, self._lobby(table_id, r, status))
        if live is not None:
            await self._guarded(table_id, r, self._dms(table_id, r, live))
            if self._may_post(r):
                await self._guarded(table_id, r, self._nudge(r, live))
        if self._may_post(r):
            await self._guarded(table_id, r, self._posts(r, status))
        else:
            del r.posts[:-MAX_QUEUED]  # kept for when the channel lets us post again
            del r.news[:-MAX_QUEUED]
        if status is None and not r.posts and not r.news:
            self.tables.pop(table_id, None)

    def _may_post(self, r: TableRender) -> bool:
        """Channel messages are possible now (no missing Send Messages, no pause after
        an unexpected refusal): otherwise wait without a REST call."""
        loop = asyncio.get_running_loop()
        return not r.access.silent and loop.time() >= r.access.paused_until

    async def _guarded(self, table_id: int, r: TableRender, step: Awaitable[None]) -> None:
        try:
            await step
        except discord.Forbidden as exc:  # like a closed DM: the table goes on
            channel_access.refused(r.access, asyncio.get_running_loop().time(), r.channel_id, exc)
        except discord.HTTPException as exc:  # never let Discord break a table
            log.warning("table %s: Discord refused an update: %s", table_id, exc)

    def fallback_note(self, channel_id: int, locale: str | None) -> str | None:
        """One sentence for the next interaction answer in this channel, once per missing
        permission: how the table goes on without it (``locale`` None: the table's)."""
        for table_id, r in self.tables.items():
            if r.channel_id == channel_id and r.access.lacks:
                loc = locale or self._locale(self.service.cached_status(table_id))
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

    def _locale(self, status: TableStatus | None) -> str:
        return language(status.options.language if status else "en")

    async def _lobby(self, table_id: int, r: TableRender, status: TableStatus | None) -> None:
        r.lobby_dirty = False
        channel = self.bot.get_partial_messageable(r.channel_id)
        locale = self._locale(status)
        if status is None:
            if r.lobby_message_id is not None:
                await channel.get_partial_message(r.lobby_message_id).edit(view=None)
            return
        link = None
        if r.table_message_id is not None:
            link = message_link(status.table.guild_id, r.channel_id, r.table_message_id)
        content = lobby_text(locale, status, link)
        seats = len(status.table.seats)
        view = lobby_view(table_id, locale, seats) if status.phase == "lobby" else None
        if r.lobby_message_id is None:
            msg = await channel.send(
                content,
                view=view,  # type: ignore[arg-type]  # None: no buttons
                allowed_mentions=NO_PINGS,
            )
            r.lobby_message_id = msg.id
            await self._remember(table_id, r, "lobby", r.channel_id, msg.id)
        else:
            await channel.get_partial_message(r.lobby_message_id).edit(
                content=content, view=view, allowed_mentions=NO_PINGS
            )

    async def _table_message(self, table_id: int, r: TableRender, status: TableStatus) -> None:
        view = status.view
        assert view is not None
        new_hand = view.hand_no != r.hand_no
        if new_hand:
            r.hand_no = view.hand_no
            ref = r.refs.get(f"table:{view.hand_no}")
            r.table_message_id = ref[1] if ref else None
            r.picture = None
            r.failed_throws = {k: v for k, v in r.failed_throws.items() if k[0] == view.hand_no}
        phase_changed = view.phase != r.rendered_phase
        if not (r.dirty or phase_changed or r.table_message_id is None):
            return
        next_ai = (
            view.phase == "playing"
            and view.turn is not None
            and status.table.seats[view.turn].is_ai
        )
        if next_ai and not (r.force or phase_changed) and r.table_message_id is not None:
            return  # more AI plays are coming: batch them into one edit
        last = view.tricks[-1].trick_no if view.tricks else 0
        throws = r.failed_throws.get((view.hand_no, last), [])
        locale = self._locale(status)
        access = r.access
        if access.picture:
            name, png = await self._picture(status)
        else:  # no Attach Files: the embed (or text) alone
            name, png = "", b""
        # Same bytes as the message carries: no upload (the edit keeps the attachment).
        upload = png != r.picture or r.table_message_id is None
        files = (
            [discord.File(io.BytesIO(png), name, description=text(locale, "table_picture_alt"))]
            if png
            else []
        )
        embed = table_embed(
            locale,
            status,
            throws,
            fmt=self.card_format(),
            picture=name if name == TABLE_PICTURE else None,
            summary_picture=name if name == SUMMARY_PICTURE else None,
        )
        # No Embed Links: Discord would drop the embed silently; send its text instead.
        body: dict[str, Any] = (
            {"embed": embed, "content": None}
            if access.embeds
            else {"content": embed_text(embed), "embed": None}
        )
        buttons = self.play_view(table_id, locale, view.phase)
        channel = self.bot.get_partial_messageable(r.channel_id)
        if r.table_message_id is None:
            msg = await channel.send(
                files=files,
                view=buttons,  # type: ignore[arg-type]  # None: no buttons
                allowed_mentions=NO_PINGS,
                **{k: v for k, v in body.items() if v is not None},
            )
            r.table_message_id = msg.id
            await self._remember(table_id, r, f"table:{view.hand_no}", r.channel_id, msg.id)
            r.lobby_dirty = True  # the lobby links to the table message of this hand
        else:
            extra: dict[str, Any] = {"attachments": files} if upload else {}
            await channel.get_partial_message(r.table_message_id).edit(
                view=buttons, allowed_mentions=NO_PINGS, **body, **extra
            )
        r.picture = png
        r.dirty = False
        r.force = False
        r.rendered_phase = view.phase

    async def _picture(self, status: TableStatus) -> tuple[str, bytes]:
        """The table picture, or the hand summary picture once the hand is scored;
        drawn in a worker thread (a few ms of CPU on a cache miss)."""
        view = status.view
        assert view is not None
        lang = status.options.language  # the words drawn, in the table's language
        if view.phase in ("scored", "finished") and view.history:
            png = await asyncio.to_thread(render_summary, view.history[-1], view.rules, lang)
            return SUMMARY_PICTURE, png
        auto = frozenset(s.seat for s in status.table.seats if is_auto(s))
        four = status.options.four_colour
        return TABLE_PICTURE, await asyncio.to_thread(render_table, view, auto, lang, four)

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

    async def _dms(self, table_id: int, r: TableRender, status: TableStatus) -> None:
        for info in status.table.seats:
            if info.user_id is None or info.user_id in self.dms.closed:
                continue
            dm = r.dms.seats.setdefault(info.seat, DMState())
            if not self.dms.due(table_id, r.dms, dm, status, info.seat):
                continue

            async def remember(key: str, channel_id: int, message_id: int) -> None:
                await self._remember(table_id, r, key, channel_id, message_id)

            sent = await self.dms.send(
                table_id, r.dms, status, info.seat, info.user_id, dm, remember
            )
            if not sent:  # DMs closed: tell them once, in the channel, without cards
                r.posts.append(f"dm_closed:{info.user_id}")
                await self._remember(table_id, r, f"dm_closed:{info.user_id}", 0, 0)

    async def _nudge(self, r: TableRender, status: TableStatus) -> None:
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
        left = (due - self.service.clock.now()).total_seconds()
        if left <= 0 or due - timedelta(seconds=total / 2) > self.service.clock.now():
            return
        r.nudged = key
        locale = self._locale(status)  # public: the table's language
        nudge = "steal" if view.phase == "stealing" else kind
        content = text(
            locale, f"{nudge}_nudge", mention=f"<@{user_id}>", seconds=max(1, round(left))
        )
        channel = self.bot.get_partial_messageable(r.channel_id)
        await channel.send(content, allowed_mentions=pinging(user_id))

    async def _posts(self, r: TableRender, status: TableStatus | None) -> None:
        if not r.posts and not r.news:
            return
        posts, r.posts = r.posts, []
        news, r.news = r.news, []
        locale = self._locale(status) if status is not None else language(r.language)
        seats = status.table.seats if status is not None else None
        lines = [line for ev in news if (line := event_line(locale, ev, seats))]
        players = len(seats) if seats is not None else 4
        lines += [line for p in posts if (line := post_line(locale, p, players))]
        # Closed DMs concern that player: the one post that pings.
        pinged = [int(p.split(":")[1]) for p in posts if p.startswith("dm_closed:")]
        if lines:
            channel = self.bot.get_partial_messageable(r.channel_id)
            await channel.send("\n".join(lines)[:2000], allowed_mentions=pinging(*pinged))
