"""A Swiss tournament of AI tables through the real Discord bot in simcord:
``python -m bench.tournament_discord`` runs 16 teams over 3 rounds (8 tables a
round), ``--quick`` 4 teams over 2 rounds. A director runs ``/tournament new`` and
``/tournament start``, the teams ``/tournament join`` and ``/tournament checkin``;
then nobody moves, so every seat becomes an AI seat after the grace time (as in
tests/discord/test_discord_tournament.py). The bot is the production one (discord.py
client, cogs, presenter, table service on a temporary SQLite file) with a
``FakeClock`` moved to each next timer and no ticker task, so the wall time is
the bot's own work plus simcord's.

It prints the REST calls the bot made from ``/tournament start`` to the final
ranking, split by kind (``bench.discord.classify`` plus thread creation) and by
place — the table threads (the tables' own messages) and the event's channel
(pairings, results, standings pictures, the final ranking) — per table and per
hand, and the wall time. The event's end state is checked (every table done, a
full standings, match points summing to 2 a match).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import discord
import simcord

from bench.discord import GLOBAL_KINDS, INTERACTION_KINDS, classify
from bot.config import Config
from bot.discord_app.client import create_bot
from bot.service import FakeClock, TableOptions
from bot.service.tournament.driver import GRACE_SECONDS
from tests.support.settling import fast_settling

# As the Discord tests pace tables (no AI delay, instant deal, no turn timer).
PACE = TableOptions(ai_delay=0, deal_seconds=0, turn_seconds=0, next_hand_seconds=0)
KINDS = ("thread create", "thread lookup", *GLOBAL_KINDS, *INTERACTION_KINDS)


def kind_of(method: str, path: str, dms: set[int]) -> str:
    parts = path.strip("/").split("/")
    if method == "POST" and parts[0] == "channels" and len(parts) >= 3 and parts[2] == "threads":
        return "thread create"
    if method == "POST" and parts[0] == "channels" and len(parts) >= 5 and parts[4] == "threads":
        return "thread create"  # a thread from a message
    if method == "GET" and path.endswith("/threads/active"):
        return "thread lookup"  # the cog looks for a table's thread before making one
    return classify(method, path, dms)


async def run(workdir: Path, teams: int, rounds: int, hands: int) -> dict[str, Any]:
    config = Config(
        token=None,
        database_url=f"sqlite+aiosqlite:///{workdir / 'tournament-discord.db'}",
        log_level="WARNING",
        dev_guild_id=None,
        shard_count=None,
    )
    clock = FakeClock()
    bot = create_bot(config, clock=clock, options=PACE, ticker=False)
    async with simcord.run(bot) as env:
        await bot.tree.sync()
        bot.service.core.seed = lambda: "bench-tournament"  # the same deals every run
        guild = env.create_guild("Bench")
        channel = guild.create_text_channel("events")
        admins = guild.create_role("TD", permissions=discord.Permissions(manage_guild=True))
        td = guild.add_member(env.create_user("director"), roles=[admins])
        players = [guild.add_member(env.create_user(f"p{i}")) for i in range(2 * teams)]

        async def slash(member: Any, command: str, **options: Any) -> str:
            r = await member.slash(channel, command, **options)
            if r.response is None:
                raise RuntimeError(f"/{command}: no answer")
            return str(r.response.content)

        said = await slash(
            td,
            "tournament new",
            name="Bench",
            format="swiss",
            rounds=rounds,
            hands=hands,
            preset="one-deck",
        )
        assert "Tournament #" in said, said
        for i in range(0, 2 * teams, 2):
            await slash(players[i], "tournament join", partner=players[i + 1])
            await slash(players[i + 1], "tournament checkin")
        tours = bot.service.tournaments
        ev = (await tours.store.events(guild_id=guild.id))[-1]
        since = len(env.http_requests)
        start = time.perf_counter()
        said = await slash(td, "tournament start")
        assert "has started" in said, said
        clock.advance(GRACE_SECONDS + 1)
        ticks = 0
        while (await tours.events.event(ev.id)).status != "finished":
            await bot.tick_now()
            await env.settle()
            deadline = bot.service.automation.next_deadline()
            step = 5.0
            if deadline is not None:
                step = min(step, max(0.0, (deadline - clock.now()).total_seconds()))
            clock.advance(step or 0.01)
            ticks += 1
            if ticks > 200_000:
                raise RuntimeError("the event never ended")
        await env.settle()
        wall = time.perf_counter() - start

        tables = [p for p in await tours.store.pairings(ev.id) if p.table_id is not None]
        assert all(p.status == "done" for p in tables), "a table was left open"
        standings = await tours.events.standings(ev.id)
        assert len(standings) == teams
        assert sum(s.points for s in standings) == 2 * rounds * (teams // 2)
        threads = {t.id for t in channel.threads}
        assert len(threads) == len(tables), (len(threads), len(tables))
        dms = {m.user.dm_channel.id for m in players if m.user.dm_channel is not None}
        kinds: Counter[str] = Counter()
        places: Counter[str] = Counter()
        for r in env.http_requests[since:]:
            kinds[kind_of(r.method, r.path, dms)] += 1
            parts = r.path.strip("/").split("/")
            at = int(parts[1]) if parts[0] == "channels" and len(parts) > 1 else None
            if at in threads:
                places["table threads"] += 1
            elif at == channel.id:
                places["event channel"] += 1
            elif at in dms or r.path == "/users/@me/channels":
                places["DMs"] += 1
            else:
                places["elsewhere"] += 1
        await bot.database.dispose()
    return {
        "wall": wall,
        "tables": len(tables),
        "hands": sum(p.hands for p in tables),
        "kinds": kinds,
        "places": places,
        "ticks": ticks,
    }


async def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.tournament_discord")
    ap.add_argument("--quick", action="store_true", help="4 teams, 2 rounds")
    ap.add_argument("--teams", type=int)
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--hands", type=int, default=2, help="hands per table per round")
    args = ap.parse_args(argv)
    teams = args.teams or (4 if args.quick else 16)
    rounds = args.rounds or (2 if args.quick else 3)
    with tempfile.TemporaryDirectory() as tmp, fast_settling():
        r = await run(Path(tmp), teams, rounds, args.hands)
    n, h = r["tables"], max(1, r["hands"])
    kinds: Counter[str] = r["kinds"]
    total = sum(kinds.values())
    print(
        f"swiss through Discord (simcord {simcord.__version__}): {teams} teams, {rounds} rounds, "
        f"{args.hands} hands per table, AI seats after the grace time (a SQLite file)"
    )
    print(f"wall time {r['wall']:.1f} s, {n} tables, {r['hands']} hands played, {total} REST calls")
    print(f"{'kind':>24}  {'total':>6}  {'per table':>9}  {'per hand':>8}")
    for k in KINDS:
        if kinds[k]:
            print(f"{k:>24}  {kinds[k]:>6}  {kinds[k] / n:>9.1f}  {kinds[k] / h:>8.1f}")
    glob = sum(kinds[k] for k in KINDS if k not in INTERACTION_KINDS)
    print(f"{'GLOBAL (rate-limited)':>24}  {glob:>6}  {glob / n:>9.1f}  {glob / h:>8.1f}")
    print("by place (the players' DMs carry their hands; elsewhere: guild-level look-ups):")
    for place, count in sorted(r["places"].items()):
        print(f"{place:>24}  {count:>6}  {count / n:>9.1f}  {count / h:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
