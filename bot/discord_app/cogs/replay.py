"""/replay, /history and /record: finished hands (复盘).

Everything comes from ``service.replays``, which only knows finished hands: a hand
in progress has no replay, no record and no page (``replay_none``).
"""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_app.host import Host
from bot.discord_app.interactions import locale_of, reply, run, table_locale
from bot.discord_app.replay_view import (
    hand_result,
    replay_controls,
    replay_show,
    seat_names,
    trump_text,
)
from bot.discord_app.replies import relative_time
from bot.pictures.viewer import viewer_html
from bot.service import ServiceError
from bot.service.records import StoredHand
from bot.text.i18n import counted, text
from bot.web.links import replay_url
from rules.replay import HandReplay

HISTORY_LINES = 10
CHOICES = 25


HAND = _("hand", code="slash.hand_number")  # a hand number: not /hand's "cards"
HAND_HELP = _("Hand number (#id in /history; empty: the last one here)")


class ReplayCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def _no_server(self, interaction: discord.Interaction) -> bool:
        """A DM has no server, and a hand belongs to its server: refused (True). The
        service reads "no server" as the console's hands, on a database both may use."""
        if interaction.guild_id is not None:
            return False
        loc = locale_of(interaction)
        await reply(interaction, text(loc, "replay.guild_only"), ephemeral=True)
        return True

    async def _finished(
        self, interaction: discord.Interaction, hand: int | None
    ) -> tuple[StoredHand, HandReplay] | None:
        if await self._no_server(interaction):
            return None
        return await run(
            interaction,
            lambda: self.bot.service.replays.finished(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                hand_id=hand,
            ),
        )

    async def _link(self, interaction: discord.Interaction, hand: StoredHand) -> str | None:
        """The replay page's address when the bot serves pages (``public_url``)."""
        base = getattr(getattr(interaction.client, "config", None), "public_url", None)
        if not base:
            return None
        try:
            token = await self.bot.service.replays.share(
                interaction.guild_id, hand.hand_id, interaction.user.id
            )
        except ServiceError:  # no link then; the replay itself is still shown
            return None
        return replay_url(str(base), token)

    # ---- the commands -------------------------------------------------------------------
    @app_commands.command(name=_("replay"), description=_("Step through a finished hand (复盘)"))
    @app_commands.rename(hand=HAND, public=_("public"))
    @app_commands.describe(hand=HAND_HELP, public=_("Show it to the channel (default: only you)"))
    async def replay(
        self, interaction: discord.Interaction, hand: int | None = None, public: bool = False
    ) -> None:
        found = await self._finished(interaction, hand)
        if found is None:
            return
        stored, rep = found
        # Private: the reader's language; in the channel: the table's.
        lang = (
            table_locale(interaction, locale_of(interaction)) if public else locale_of(interaction)
        )
        show = replay_show(interaction, stored, rep, lang)
        link = await self._link(interaction, stored)
        view = replay_controls(show, interaction.user.id, 0, link)
        file = await show.picture(0)
        await reply(interaction, show.content(0), ephemeral=not public, view=view, file=file)

    @app_commands.command(
        name=_("history"), description=_("This channel's and your recent finished hands")
    )
    async def history(self, interaction: discord.Interaction) -> None:
        if await self._no_server(interaction):
            return
        loc = locale_of(interaction)
        hands = await run(
            interaction,
            lambda: self.bot.service.replays.history(
                interaction.guild_id,
                interaction.channel_id or 0,
                interaction.user.id,
                HISTORY_LINES,
            ),
        )
        if hands is None:
            return
        if not hands:
            await reply(interaction, text(loc, "replay_none"), ephemeral=True)
            return
        lines = [text(loc, "history.head")]
        for h in hands:
            lines.append(
                text(
                    loc,
                    "history.line",
                    id=h.hand_id,
                    table=h.table_id,
                    n=h.hand_no,
                    trump=trump_text(loc, h.trump),
                    result=hand_result(loc, h),
                    when=relative_time(h.finished_at),
                )
            )
        await reply(interaction, "\n".join(lines), ephemeral=True)

    @app_commands.command(
        name=_("record"), description=_("A finished hand as a record file and a replay page")
    )
    @app_commands.rename(hand=HAND)
    @app_commands.describe(hand=HAND_HELP)
    async def record(self, interaction: discord.Interaction, hand: int | None = None) -> None:
        found = await self._finished(interaction, hand)
        if found is None:
            return
        stored, rep = found
        lang = locale_of(interaction)
        names = [n or "" for n in seat_names(interaction, stored)]
        names = [
            text(lang, "word.ai") if user is None else n
            for user, n in zip(stored.seats, names, strict=False)
        ]
        page = await asyncio.to_thread(viewer_html, rep, stored.record, lang=lang, names=names)
        stem = f"shengji-{stored.table_id}-{stored.hand_no}"
        files = [
            discord.File(io.BytesIO(stored.record.encode("utf-8")), f"{stem}.txt"),
            discord.File(io.BytesIO(page.encode("utf-8")), f"{stem}.html"),
        ]
        await reply(
            interaction, text(lang, "record.files", id=stored.hand_id), ephemeral=True, files=files
        )

    @app_commands.command(
        name=_("unshare"),
        description=_("Stop sharing: your live table links here, or a hand's replay page"),
    )
    @app_commands.rename(hand=HAND)
    @app_commands.describe(hand=HAND_HELP)
    async def unshare(self, interaction: discord.Interaction, hand: int | None = None) -> None:
        """A player of the hand (or Manage Server) revokes its /r/<token> links; a
        later /replay makes a new, different link. Without a hand, the user's links
        to this channel's live table (seat and spectator) are revoked too."""
        if await self._no_server(interaction):
            return
        loc = locale_of(interaction)
        perms = interaction.permissions
        manage = bool(perms and perms.manage_guild)

        async def go() -> tuple[int | None, int, int]:
            live = 0 if hand is not None else await self._unshare_live(interaction)
            try:
                stored, _rep = await self.bot.service.replays.finished(
                    guild_id=interaction.guild_id,
                    channel_id=interaction.channel_id or 0,
                    hand_id=hand,
                )
            except ServiceError:
                if live:  # no finished hand here, but the live table's links went
                    return None, 0, live
                raise
            count = await self.bot.service.replays.revoke(
                interaction.guild_id, stored.hand_id, interaction.user.id, manage=manage
            )
            return stored.hand_id, count, live

        done = await run(interaction, go)
        if done is None:
            return
        hand_id, count, live = done
        lines = [counted(loc, "live.unshared", live, count=live)] if live else []
        if hand_id is not None:
            code = "replay.unshared" if count else "replay.not_shared"
            lines.append(text(loc, code, id=hand_id, count=count))
        await reply(interaction, "\n".join(lines), ephemeral=True)

    async def _unshare_live(self, interaction: discord.Interaction) -> int:
        """Revoke the user's links to this channel's live table (0: none, or no table)."""
        service = self.bot.service
        try:
            status = await service.queries.status(interaction.channel_id or 0)
        except ServiceError:
            return 0
        return await service.live.unshare(status.table.id, interaction.user.id)

    # ---- autocomplete: recent hands -----------------------------------------------------
    @replay.autocomplete("hand")
    @record.autocomplete("hand")
    @unshare.autocomplete("hand")
    async def hand_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        if interaction.guild_id is None:  # a DM: no server, no hands
            return []
        try:
            hands = await self.bot.service.replays.history(
                interaction.guild_id, interaction.channel_id or 0, interaction.user.id, CHOICES
            )
        except Exception:  # an autocomplete answers something or nothing, never an error
            return []
        loc = locale_of(interaction)
        typed = current.strip().lstrip("#")
        out = []
        for h in hands:
            if typed and not str(h.hand_id).startswith(typed):
                continue
            name = text(
                loc,
                "history.choice",
                id=h.hand_id,
                table=h.table_id,
                n=h.hand_no,
                result=hand_result(loc, h),
            )
            out.append(app_commands.Choice(name=name[:100], value=h.hand_id))
        return out[:CHOICES]
