"""The living table message of each hand (``bot.discord_app.table_message`` draws it):
created once per hand, edited as the hand goes, and — when the next hand began before
the last edit of a hand landed — edited to that hand's end, without buttons.

Written only under the table's lock (``Presenter.flush``); what it owes Discord is
kept in the table's ``TableRender`` (``table``: changes not shown yet; ``closing``:
earlier hands' messages owed their end), so a failed write is tried again.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord_app.interactions import NO_PINGS
from bot.discord_app.render_state import TableRender
from bot.discord_app.table_message import (
    SUMMARY_PICTURE,
    TABLE_PICTURE,
    closing_embed,
    embed_text,
    table_embed,
)
from bot.pictures import render_summary, render_table
from bot.service import TableStatus
from bot.service.seating import is_auto
from bot.text.i18n import language, text
from bot.text.render import CardFormat

Remember = Callable[[int, TableRender, str, int, int], Awaitable[None]]
PlayView = Callable[[int, str | None, str], discord.ui.View | None]


def table_language(status: TableStatus | None) -> str:
    """The table's language (English once the table is gone)."""
    return language(status.options.language if status else "en")


def end_key(hand_no: int) -> str:
    """The message ref saying hand ``hand_no``'s table message shows the hand's end."""
    return f"tableend:{hand_no}"


class TableWriter:
    def __init__(
        self,
        bot: discord.Client,
        card_format: Callable[[], CardFormat],
        play_view: PlayView,
        remember: Remember,
    ) -> None:
        self.bot = bot
        self.card_format = card_format
        self.play_view = play_view
        self._remember = remember

    async def table_message(self, table_id: int, r: TableRender, status: TableStatus) -> None:
        view = status.view
        assert view is not None
        if view.hand_no != r.hand_no:
            self._new_hand(r, view.hand_no)
        phase_changed = view.phase != r.rendered_phase
        if phase_changed:
            # Not every phase change comes with a notice that marks the message (a bury
            # does not): marked here, a failed edit stays owed until it lands.
            r.table.mark()
        if not (r.table.owed or r.table_message_id is None):
            return
        next_ai = (
            view.phase == "playing"
            and view.turn is not None
            and status.table.seats[view.turn].is_ai
        )
        if next_ai and not (r.force or phase_changed) and r.table_message_id is not None:
            return  # more AI plays are coming: batch them into one edit
        token = r.table.begin()
        last = view.tricks[-1].trick_no if view.tricks else 0
        throws = r.failed_throws.get((view.hand_no, last), [])
        locale = table_language(status)
        access = r.access
        if access.picture:
            name, png = await self._picture(status)
        else:  # no Attach Files: the embed (or text) alone
            name, png = "", b""
        # Same bytes as the message carries: no upload (the edit keeps the attachment).
        upload = png != r.picture or r.table_message_id is None
        files = self._files(locale, name, png)
        embed = table_embed(
            locale,
            status,
            throws,
            fmt=self.card_format(),
            picture=name if name == TABLE_PICTURE else None,
            summary_picture=name if name == SUMMARY_PICTURE else None,
        )
        body = self._body(r, embed)
        buttons = self.play_view(table_id, locale, view.phase)
        shown = _fingerprint(body, png, buttons)
        if r.table_message_id is not None and shown == r.shown:
            r.table.landed(token)  # it shows exactly this already: no edit
            r.force = False
            r.rendered_phase = view.phase
            return
        channel = self.bot.get_partial_messageable(r.channel_id)
        if r.table_message_id is None:
            msg = await channel.send(
                files=files,
                view=buttons,  # type: ignore[arg-type]  # None: no buttons
                allowed_mentions=NO_PINGS,
                # One table message per hand: a post retried after an answer that never
                # came (5xx, time-out) returns the message Discord already made.
                nonce=f"t{table_id}.{view.hand_no}",
                **{k: v for k, v in body.items() if v is not None},
            )
            r.table_message_id = msg.id
            await self._remember(table_id, r, f"table:{view.hand_no}", r.channel_id, msg.id)
            r.lobby.mark()  # the lobby links to the table message of this hand
        else:
            extra: dict[str, Any] = {"attachments": files} if upload else {}
            try:
                await channel.get_partial_message(r.table_message_id).edit(
                    view=buttons, allowed_mentions=NO_PINGS, **body, **extra
                )
            except BaseException:
                # A failed edit may have landed all the same (a 5xx after the change):
                # what the message shows is unknown, so the next edit is sent in full.
                r.shown, r.picture = "", None
                raise
        r.picture = png
        r.shown = shown
        if r.table.marked == token:  # nothing new arrived during the write
            r.force = False
        r.table.landed(token)
        r.rendered_phase = view.phase
        if view.phase in ("scored", "finished") and end_key(view.hand_no) not in r.refs:
            # Its message shows the hand's end (kept with the refs: also after a restart).
            msg_id = r.table_message_id
            await self._remember(table_id, r, end_key(view.hand_no), r.channel_id, msg_id)

    def _new_hand(self, r: TableRender, hand_no: int) -> None:
        """The table message of ``hand_no`` takes over; the previous hand's message is
        owed its end (summary, no buttons) if its last edit did not show it — also
        after a restart, when only the stored refs say what it shows."""
        previous = r.hand_no or hand_no - 1
        ref = r.refs.get(f"table:{previous}")
        old_id = r.table_message_id if r.hand_no else (ref[1] if ref else None)
        if 0 < previous < hand_no and old_id is not None and end_key(previous) not in r.refs:
            r.closing[previous] = old_id
        r.hand_no = hand_no
        ref = r.refs.get(f"table:{hand_no}")
        r.table_message_id = ref[1] if ref else None
        r.picture = None
        r.shown = ""
        r.rendered_phase = ""
        r.table.mark()
        r.failed_throws = {k: v for k, v in r.failed_throws.items() if k[0] == hand_no}

    async def close_hands(self, table_id: int, r: TableRender, status: TableStatus) -> None:
        """Edit earlier hands' table messages to the hand's end, without buttons."""
        view = status.view
        assert view is not None
        locale = table_language(status)
        channel = self.bot.get_partial_messageable(r.channel_id)
        for hand_no, message_id in sorted(r.closing.items()):
            summary = next((h for h in view.history if h.hand_no == hand_no), None)
            if summary is None:  # nothing to show (e.g. a hand dealt again): no buttons
                await channel.get_partial_message(message_id).edit(view=None)
            else:
                png = b""
                if r.access.picture:
                    lang = status.options.language
                    png = await asyncio.to_thread(render_summary, summary, view.rules, lang)
                name = SUMMARY_PICTURE if png else ""
                embed = closing_embed(
                    locale, status, summary, self.card_format(), name if png else None
                )
                await channel.get_partial_message(message_id).edit(
                    view=None,
                    allowed_mentions=NO_PINGS,
                    attachments=self._files(locale, name, png),
                    **self._body(r, embed),
                )
            del r.closing[hand_no]
            await self._remember(table_id, r, end_key(hand_no), r.channel_id, message_id)

    @staticmethod
    def _files(locale: str, name: str, png: bytes) -> list[discord.File]:
        if not png:
            return []
        alt = text(locale, "table_picture_alt")
        return [discord.File(io.BytesIO(png), name, description=alt)]

    @staticmethod
    def _body(r: TableRender, embed: discord.Embed) -> dict[str, Any]:
        # No Embed Links: Discord would drop the embed silently; send its text instead.
        if r.access.embeds:
            return {"embed": embed, "content": None}
        return {"content": embed_text(embed), "embed": None}

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


def _fingerprint(body: dict[str, Any], png: bytes, view: discord.ui.View | None) -> str:
    """What an edit would make the table message show: the same twice is one edit."""
    embed = body.get("embed")
    shown = {
        "embed": embed.to_dict() if isinstance(embed, discord.Embed) else None,
        "content": body.get("content"),
        "png": hashlib.sha1(png).hexdigest(),
        "view": [item.to_component_dict() for item in view.children] if view else [],
    }
    return json.dumps(shown, sort_keys=True, default=str)
