"""Tier roles (``/ladder roles on``): the bot makes a role per 段位 tier it gives
out (never mentionable: nobody is pinged by them) and keeps each ranked player's
one tier role current — after every ranked hand and on ``/ladder roles on``.
A refused role change (Manage Roles taken away, the role above the bot's) is
logged and skipped: the game never waits on roles.

Discord's role-created event may come after the REST answer (or be lost), so the
bot never looks a role it made up in its cache alone: it keeps the roles the API
returned, and one sync per server runs at a time (two would both make a role).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord

from bot.service import Notice, Public
from bot.text.i18n import language, text
from bot.text.rank_text import tier_label

if TYPE_CHECKING:
    from bot.service import TableService

log = logging.getLogger(__name__)


def role_name(lang: str, tier: int) -> str:
    return text(lang, "ladder.role_name", tier=tier_label(lang, tier))[:100]


def _role_ids(member: discord.Member) -> set[int]:
    """The ids of the member's roles, cached or not (``member.roles`` leaves out a
    role the cache has not heard of yet)."""
    raw: Iterable[int] = getattr(member, "_roles", ())
    return {int(r) for r in raw} | {r.id for r in member.roles}


class LadderRoles:
    def __init__(self, bot: discord.Client, service: TableService) -> None:
        self.bot = bot
        self.service = service
        self._due: dict[int, set[int]] = {}  # guild -> users whose tier may have changed
        self._made: dict[int, dict[int, discord.Role]] = {}  # guild -> role id -> role made
        self._locks: dict[int, asyncio.Lock] = {}
        service.core.subscribe(self.on_notice)

    def _role(self, guild: discord.Guild, role_id: int) -> discord.Role | None:
        return guild.get_role(role_id) or self._made.get(guild.id, {}).get(role_id)

    def on_notice(self, n: Notice) -> None:
        if not isinstance(n, Public) or n.kind not in ("rank_changed", "rank_forfeit"):
            return
        status = self.service.queries.cached_status(n.table_id)
        live = self.service.core.live_table(n.table_id)
        table = status.table if status is not None else live.table if live is not None else None
        if table is None or table.guild_id is None:
            return
        seats = n.params.get("changes") or [n.params]
        users = {table.seats[int(c["seat"])].user_id for c in seats}
        self._due.setdefault(table.guild_id, set()).update(u for u in users if u is not None)

    async def flush(self) -> None:
        due, self._due = self._due, {}
        for guild_id, users in due.items():
            guild = self.bot.get_guild(guild_id)
            if guild is not None:
                tiers = await self.service.ranked.ladder_tiers(guild_id)
                await self.sync(guild, {u: t for u, t in tiers.items() if u in users})

    async def sync(self, guild: discord.Guild, tiers: dict[int, int]) -> int:
        """Give each user the role of their tier and take their other tier roles
        away. Returns how many members changed. Roles off: nothing."""
        async with self._locks.setdefault(guild.id, asyncio.Lock()):
            return await self._sync(guild, tiers)

    async def _sync(self, guild: discord.Guild, tiers: dict[int, int]) -> int:
        made = await self.service.ranked.tier_roles(guild.id)
        if made is None:
            return 0
        lang = language(str(guild.preferred_locale or "en"))
        ours = set(made.values())
        changed = 0
        for user_id, tier in sorted(tiers.items()):
            try:
                member = guild.get_member(user_id) or await guild.fetch_member(user_id)
                role = self._role(guild, made.get(tier, 0))
                if role is None:
                    role = await guild.create_role(
                        name=role_name(lang, tier), mentionable=False, reason="Shengji ladder tier"
                    )
                    self._made.setdefault(guild.id, {})[role.id] = role
                    made[tier] = role.id
                    ours.add(role.id)
                    await self.service.ranked.add_tier_role(guild.id, tier, role.id)
                held = _role_ids(member)
                stale = [discord.Object(r) for r in held if r in ours and r != role.id]
                if stale:
                    await member.remove_roles(*stale, reason="Shengji ladder tier changed")
                if role.id not in held:
                    await member.add_roles(role, reason="Shengji ladder tier")
                    changed += 1
            except discord.HTTPException as exc:  # Forbidden, NotFound: skip, say why
                log.warning("guild %s: tier role for %s refused: %s", guild.id, user_id, exc)
        return changed

    async def remove_all(self, guild: discord.Guild, made: dict[int, int]) -> None:
        """``/ladder roles off``: delete the roles the bot made (Discord takes them
        off every member), also those its cache has not heard of."""
        async with self._locks.setdefault(guild.id, asyncio.Lock()):
            known = self._made.pop(guild.id, {})
            fetched: dict[int, discord.Role] | None = None
            for role_id in made.values():
                role = guild.get_role(role_id) or known.get(role_id)
                if role is None:  # made by an earlier process, not in the cache: ask
                    if fetched is None:
                        try:
                            fetched = {r.id: r for r in await guild.fetch_roles()}
                        except discord.HTTPException as exc:
                            log.warning("guild %s: could not list roles: %s", guild.id, exc)
                            fetched = {}
                    role = fetched.get(role_id)
                if role is None:
                    continue  # deleted already
                try:
                    await role.delete(reason="Shengji ladder roles off")
                except discord.HTTPException as exc:
                    log.warning("guild %s: could not delete role %s: %s", guild.id, role_id, exc)
