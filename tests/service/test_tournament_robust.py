"""Tournaments that meet trouble: a knockout whose teams drop out plays on by
walkovers to one winner; one event's failure (a bug, a front end that cannot make
a table's thread) neither stops the other events nor the bot's start, and the
failed step is tried again; the director's refusals (a team that is not there,
an adjustment a 找朋友 event cannot use)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from datetime import timedelta
from pathlib import Path

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.service import FakeClock, ServiceError, TableService
from bot.service.tournament.pairing import BYE
from bot.service.tournament.rounds import synthetic_channel
from rules.presets import preset
from storage import Database
from storage.tournaments import EventInfo
from tests.support.discord_helpers import make_world
from tests.support.discord_tournament import posts
from tests.support.service_helpers import human_move, new_service
from tests.support.tournament_helpers import (
    DIRECTOR,
    GUILD,
    drive,
    file_service,
    finished,
    one_deck_event,
    register,
    user,
)

ONE_DECK = preset("one-deck")
FRIENDS_6 = preset("friends-6")


async def new_event(svc: TableService, fmt: str, teams: int, rounds: int) -> EventInfo:
    ev = await one_deck_event(svc, name=fmt, format=fmt, rounds=rounds, hands=1, grace_seconds=0)
    await register(svc, ev, teams, 2)
    return ev


async def test_a_knockout_whose_teams_drop_out_plays_on_by_walkovers(
    sqlite_db: Database,
) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    await svc.start()
    ev = await new_event(svc, "knockout", 8, 3)
    tours, store = svc.tournaments, svc.tournaments.store
    await tours.start(ev.id, DIRECTOR)
    first = await store.pairings(ev.id, 1)
    assert (first[0].ns_team, first[0].ew_team) == (0, 7)
    # Both teams of the first match leave while it is played: three winners are
    # left, and the winner of 3 v 4 has a walkover where theirs would have been.
    await tours.drop(ev.id, DIRECTOR, 0, manage=True)
    await tours.drop(ev.id, DIRECTOR, 7, manage=True)

    async def round_two() -> bool:
        return len(await store.rounds(ev.id)) == 2

    await drive(svc, clock, round_two)
    semis = await store.pairings(ev.id, 2)
    walkover, match = semis
    assert walkover.ew_team == BYE and walkover.table_id is None
    assert walkover.ns_team in (first[1].ns_team, first[1].ew_team)
    assert {match.ns_team, match.ew_team} <= {t for p in first[2:] for t in (p.ns_team, p.ew_team)}
    # The final: the team with the walkover against the other semi-final's winner.
    await drive(svc, clock, finished(svc, ev.id))
    assert len(await store.rounds(ev.id)) == 3
    (final,) = await store.pairings(ev.id, 3)
    assert final.ew_team != BYE and final.status == "done"
    assert walkover.ns_team in (final.ns_team, final.ew_team)
    assert {final.ns_team, final.ew_team} - {walkover.ns_team} <= {match.ns_team, match.ew_team}


async def test_a_knockout_ends_when_the_last_opponent_has_dropped(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    await svc.start()
    ev = await new_event(svc, "knockout", 4, 2)
    tours, store = svc.tournaments, svc.tournaments.store
    await tours.start(ev.id, DIRECTOR)
    # 0 v 3 and 1 v 2: all but team 0 leave, so round 1's other winner is out.
    for team in (1, 2, 3):
        await tours.drop(ev.id, DIRECTOR, team, manage=True)
    await drive(svc, clock, finished(svc, ev.id))
    assert len(await store.rounds(ev.id)) == 1  # no final against nobody


async def test_one_failing_event_neither_stops_another_nor_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    url, svc, clock = await file_service(tmp_path, "t.db")
    bad = await new_event(svc, "swiss", 2, 2)
    good = await new_event(svc, "swiss", 2, 2)
    await svc.tournaments.start(bad.id, DIRECTOR)
    await svc.tournaments.start(good.id, DIRECTOR)
    broken = True
    real = type(svc.tournaments.rounds).next_round

    async def next_round(self: object, ev: EventInfo) -> bool:
        if ev.id == bad.id and broken:
            raise RuntimeError("a bug")
        return await real(svc.tournaments.rounds, ev)

    monkeypatch.setattr(type(svc.tournaments.rounds), "next_round", next_round)
    caplog.set_level(logging.ERROR, "bot.service.tournament")
    await drive(svc, clock, finished(svc, good.id))
    assert (await svc.tournaments.store.event(bad.id)).status == "running"
    assert f"tournament {bad.id}: not driven" in caplog.text
    # A restart with the broken event: the bot starts, the event stays in hand.
    await svc.core.db.dispose()
    db = Database(url)
    svc = new_service(db, clock)
    monkeypatch.setattr(type(svc.tournaments.rounds), "next_round", next_round)
    await svc.start()
    assert f"tournament {bad.id}: not resumed" in caplog.text
    assert bad.id in svc.tournaments.rounds.running
    broken = False  # fixed: the tick opens its round 2 and the event ends
    await drive(svc, clock, finished(svc, bad.id))
    assert len(await svc.tournaments.store.rounds(bad.id)) == 2
    await db.dispose()


async def test_tables_whose_thread_failed_open_later_without_hammering(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    url, svc, clock = await file_service(tmp_path, "t.db")
    ev = await new_event(svc, "swiss", 4, 1)
    calls: list[tuple[int, int]] = []
    news: list[tuple[str, int]] = []
    fail = [3]  # the front end fails its first three tries

    async def channels(e: EventInfo, round_no: int, table_no: int) -> tuple[int, int | None]:
        calls.append((round_no, table_no))
        if fail[0] > 0:
            fail[0] -= 1
            raise RuntimeError("403 Forbidden: Missing Permissions")
        return synthetic_channel(e, round_no, table_no), None

    async def announce(e: EventInfo, what: str, round_no: int) -> None:
        news.append((what, round_no))

    svc.tournaments.rounds.channels, svc.tournaments.rounds.announce = channels, announce
    caplog.set_level(logging.WARNING, "bot.service.tournament")
    assert await svc.tournaments.start(ev.id, DIRECTOR) is False  # round 1 is paired ...
    tables = await svc.tournaments.store.pairings(ev.id, 1)
    assert len(tables) == 2 and all(p.table_id is None for p in tables)
    assert "round 1 table 1 has no channel yet" in caplog.text
    assert news == []  # ... its pairings are posted once its tables are open
    for _ in range(29):  # not tried again before 30 s
        await svc.tick()
        clock.advance(1)
    assert len(calls) == 1
    clock.advance(1)
    await svc.tick()
    assert len(calls) == 2
    # A restart: the start tries again at once (and fails), then the tick.
    await svc.core.db.dispose()
    db = Database(url)
    svc = new_service(db, clock)
    svc.tournaments.rounds.channels, svc.tournaments.rounds.announce = channels, announce
    await svc.start()
    assert len(calls) == 3 and ev.id in svc.tournaments.rounds.running
    for _ in range(31):
        await svc.tick()
        clock.advance(1)
    tables = await svc.tournaments.store.pairings(ev.id, 1)
    assert all(p.table_id is not None for p in tables)
    assert news[0] == ("paired", 1) and len(calls) == 5  # one more try, both tables
    # The round's clock (the grace time of the no-show check) starts when they open.
    (r,) = await svc.tournaments.store.rounds(ev.id)
    assert r.started_at == clock.now() - timedelta(seconds=1)
    await drive(svc, clock, finished(svc, ev.id))
    assert news == [("paired", 1), ("finished", 1), ("final", 1)]
    await db.dispose()


async def refused(code: str, call: Awaitable[object]) -> None:
    with pytest.raises(ServiceError) as err:
        await call
    assert err.value.code == code


async def test_dropping_a_team_that_is_not_there_is_refused(sqlite_db: Database) -> None:
    svc = new_service(sqlite_db, FakeClock())
    t = svc.tournaments
    ev = await new_event(svc, "swiss", 2, 2)
    await refused("tournament_no_team", t.drop(ev.id, DIRECTOR, 57, manage=True))
    assert await t.drop(ev.id, DIRECTOR, 1, manage=True) == 1
    await refused("tournament_already_dropped", t.drop(ev.id, DIRECTOR, 1, manage=True))
    assert [e.dropped for e in await t.events.entries(ev.id)] == [False, True]
    words = ServiceError("tournament_already_dropped", team=2).message("zh-CN")
    assert words == "第 2 队已经退赛了。"
    # A 找朋友 event: its entries are players.
    friends = await t.new_event(
        guild_id=GUILD, director_id=DIRECTOR, name="找朋友", format="swiss", rounds=1,
        hands=1, rules=FRIENDS_6,
    )  # fmt: skip
    await t.join(friends.id, user(0), name="P0")
    await refused("tournament_no_team_alone", t.drop(friends.id, DIRECTOR, 1, manage=True))
    assert "player 2" in ServiceError("tournament_no_team_alone", team=2).message("en")


async def test_a_friends_table_result_cannot_be_adjusted(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    t = svc.tournaments
    ev = await t.new_event(
        guild_id=GUILD, director_id=DIRECTOR, name="找朋友", format="swiss", rounds=1,
        hands=1, rules=FRIENDS_6, grace_seconds=0,
    )  # fmt: skip
    for i in range(6):
        await t.join(ev.id, user(i), name=f"P{i}")
        await t.check_in(ev.id, user(i))
    await t.start(ev.id, DIRECTOR)
    await drive(svc, clock, finished(svc, ev.id))
    (table,) = await t.store.pairings(ev.id, 1)
    before = await t.events.standings(ev.id)
    await refused(
        "tournament_adjust_friends",
        t.director.adjust_result(ev.id, DIRECTOR, round_no=1, table_no=1, margin=3, reason="x"),
    )
    assert await t.director.log(ev.id) == []
    assert (await t.store.pairings(ev.id, 1))[0] == table
    assert await t.events.standings(ev.id) == before


async def test_discord_start_without_thread_permission_says_so_and_opens_later(
    tmp_path: Path,
) -> None:
    async with make_world(tmp_path, names=tuple(f"p{i}" for i in range(4))) as w:
        p = w.members
        td = w.guild.add_member(
            w.env.create_user("director"),
            roles=[w.guild.create_role("TD", permissions=discord.Permissions(manage_guild=True))],
        )
        r = await w.slash(
            td, "tournament new", name="Cup", format="swiss", rounds=1, hands=1, preset="one-deck"
        )
        assert r.response is not None and "Tournament #1" in r.response.content
        for i in (0, 2):
            await w.slash(p[i], "tournament join", partner=p[i + 1])
            await w.slash(p[i + 1], "tournament checkin")
        # The bot may not make threads in the event's channel.
        deny = Overwrite(
            target_id=w.env.backend.bot_user.id,
            type=OverwriteType.MEMBER,
            deny=discord.Permissions(create_public_threads=True).value,
        )
        w.env.backend.set_overwrite(w.channel.id, deny)
        await w.env.settle()
        r = await w.slash(td, "tournament start")
        assert r.response is not None and "has started" in r.response.content
        (later,) = r.followups
        assert later.ephemeral and "could not be opened yet" in later.content
        assert "Create Public Threads" in later.content
        assert not w.channel.threads and not posts(w, "**Cup** — round 1:")
        (table,) = await w.bot.service.tournaments.store.pairings(1, 1)
        assert table.table_id is None
        # Allowed again: the tick opens the table (after the 30 s wait), then the news.
        w.env.backend.delete_overwrite(w.channel.id, deny.target_id)
        await w.env.settle()
        await w.bot.tick_now()
        assert not w.channel.threads
        w.clock.advance(31)
        await w.bot.tick_now()
        await w.env.settle()
        assert [t.name for t in w.channel.threads] == ["T1-R1-1"]
        (paired,) = posts(w, "**Cup** — round 1:")
        assert f"<#{w.channel.threads[0].id}>" in paired.content
        (table,) = await w.bot.service.tournaments.store.pairings(1, 1)
        assert table.table_id is not None


async def test_the_no_show_check_is_not_made_again_after_a_restart(tmp_path: Path) -> None:
    url, svc, clock = await file_service(tmp_path, "t.db")
    ev = await one_deck_event(svc, name="s", format="swiss", rounds=1, hands=1, grace_seconds=60)
    await register(svc, ev, 2, 2)
    await svc.tournaments.start(ev.id, DIRECTOR)
    (p,) = await svc.tournaments.store.pairings(ev.id, 1)
    assert p.table_id is not None and not p.checked
    live = svc.core.live_table(p.table_id)
    assert live is not None and live.match is not None
    seats = {s.seat: s.user_id for s in live.table.seats if s.user_id is not None}
    # Everyone passes in the declaring: all four have moved by the grace time.
    for _ in range(4):
        assert await human_move(svc, live.table.channel_id, live.match, seats)
    assert await svc.tournaments.store.actors(p.table_id) == set(seats.values())
    clock.advance(61)
    await svc.tick()
    (p,) = await svc.tournaments.store.pairings(ev.id, 1)
    assert p.checked and p.no_shows == ()
    # A substitute sits down, then the bot restarts before they move.
    sub = user(500)
    await svc.tournaments.director.replace_player(
        ev.id, DIRECTOR, team_no=0, old_id=seats[0], new_id=sub, new_name="Sub", reason="ill"
    )
    await svc.core.db.dispose()
    db = Database(url)
    svc = new_service(db, clock)
    await svc.start()
    for _ in range(3):
        await svc.tick()
        clock.advance(1)
    live = svc.core.live_table(p.table_id)
    assert live is not None and live.table.seats[0].user_id == sub  # not an AI seat
    (p,) = await svc.tournaments.store.pairings(ev.id, 1)
    assert p.no_shows == ()
    await db.dispose()
