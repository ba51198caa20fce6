"""A 4-team Swiss of 3 rounds whose bot comes back in round 2 into a fresh
simcord world on the same database (the first world's threads are gone, as after
a crash and a lost gateway state): Discord refusals are logged, not fatal, and
the event is played to the end with standings summing right and no rematch."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.service.tournament.driver import GRACE_SECONDS
from tests.support.discord_helpers import make_world
from tests.support.discord_tournament import PLAYERS, drive


async def test_a_swiss_resumed_in_a_fresh_world_runs_to_the_end(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=PLAYERS) as w:
        p = w.members
        admins = w.guild.create_role("TD", permissions=discord.Permissions(manage_guild=True))
        td = w.guild.add_member(w.env.create_user("director"), roles=[admins])
        await w.slash(
            td, "tournament new", name="Cup", format="swiss", rounds=3, hands=1, preset="one-deck"
        )
        for i in range(0, 8, 2):
            await w.slash(p[i], "tournament join", partner=p[i + 1])
            await w.slash(p[i + 1], "tournament checkin")
        await w.slash(td, "tournament start")
        w.clock.advance(GRACE_SECONDS + 1)
        await drive(w, "open", 2)
    async with make_world(tmp_path, names=PLAYERS, check_errors=False) as w:
        tours = w.bot.service.tournaments
        assert (await tours.events.event(1)).status != "finished"
        w.clock.advance(GRACE_SECONDS + 1)
        for _ in range(3000):
            if (await tours.events.event(1)).status == "finished":
                break
            await w.bot.tick_now()
            await w.env.settle()
            w.clock.advance(5)
        assert (await tours.events.event(1)).status == "finished"
        standings = await tours.events.standings(1)
        assert len(standings) == 4
        assert sum(s.points for s in standings) == 3 * 2 * 2  # 2 matches a round, 2 points each
        tables = await tours.store.pairings(1)
        assert len(tables) == 3 * 2
        assert all(t.status == "done" and t.hands == 1 for t in tables), tables
        matches = [frozenset((t.ns_team, t.ew_team)) for t in tables]
        assert len(set(matches)) == len(matches)  # no rematch: 4 teams, 3 rounds, all distinct
