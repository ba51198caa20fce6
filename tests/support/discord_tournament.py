"""A Discord tournament driven through simcord: entries, the director, rounds played to an end."""

from __future__ import annotations

from typing import Any

import discord

from tests.support.discord_helpers import World

PLAYERS = tuple(f"p{i}" for i in range(8))


async def drive(w: World, until: str, round_no: int, limit: int = 3000) -> None:
    """Tick the bot (moving the clock) until the event's round ``round_no`` is
    ``until`` ("open" / "finished") or the event is over ("over")."""
    tours = w.bot.service.tournaments
    for _ in range(limit):
        ev = (await tours.store.events(guild_id=w.guild.id))[-1]
        rounds = await tours.store.rounds(ev.id)
        mine = [r for r in rounds if r.round_no == round_no]
        if until == "over" and ev.status == "finished":
            return
        if until != "over" and mine and mine[0].status == until:
            return
        await w.bot.tick_now()
        await w.env.settle()
        w.clock.advance(5)
    raise AssertionError(f"round {round_no} never got to {until}")


def posts(w: World, start: str) -> list[discord.Message]:
    return [m for m in w.bot_messages() if m.content.startswith(start)]


async def director(w: World) -> Any:
    admins = w.guild.create_role("TD", permissions=discord.Permissions(manage_guild=True))
    return w.guild.add_member(w.env.create_user("director"), roles=[admins])


async def duplicate_entered(w: World) -> Any:
    """A duplicate event "Dup" (one round, one board) with two checked-in teams of
    four (p0–p3, p4–p7); returns its director."""
    p = w.members
    td = await director(w)
    await w.slash(
        td, "tournament new", name="Dup", format="duplicate", rounds=1, hands=1,
        preset="one-deck",
    )  # fmt: skip
    for i in (0, 4):
        await w.slash(p[i], "tournament join", partner=p[i + 1], second=p[i + 2], third=p[i + 3])
        await w.slash(p[i + 3], "tournament checkin")
    return td
