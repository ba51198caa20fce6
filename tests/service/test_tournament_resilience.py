"""What a restart or a storage hiccup must not do to an event with people at it:
take seats for a no-show while the bot was down (the grace time counts from the
restart too), stall an event (a refused write is tried again), shut players out of
their private duplicate thread (a thread found by name still gets its players; a
substitute after a restart is let in), or show a playing director the other table."""

from __future__ import annotations

from pathlib import Path

import pytest
from simcord.backend.access import can_access_channel

from bot.service import FakeClock, ServiceError
from rules.presets import preset
from storage import Database
from tests.support.discord_helpers import make_world
from tests.support.discord_tournament import PLAYERS, director, duplicate_entered
from tests.support.service_helpers import new_service
from tests.support.tournament_helpers import (
    DIRECTOR,
    GUILD,
    drive,
    file_service,
    finished,
    one_deck_event,
    register,
)


async def test_the_grace_time_counts_from_the_restart(tmp_path: Path) -> None:
    url, svc, clock = await file_service(tmp_path, "grace.db")
    ev = await one_deck_event(svc, name="G", format="swiss", rounds=1, hands=1, grace_seconds=60)
    await register(svc, ev, 2, 2)
    await svc.tournaments.start(ev.id, DIRECTOR)
    await svc.core.db.dispose()
    clock.advance(300)  # the bot was down past the grace time
    svc = new_service(Database(url), clock)
    await svc.start()
    store = svc.tournaments.store
    for _ in range(5):  # 50 s after the restart: the players still have their seats
        await svc.tick()
        clock.advance(10)
    (p,) = await store.pairings(ev.id, 1)
    assert p.no_shows == () and not p.checked
    clock.advance(20)  # 70 s after the restart: now they are no-shows
    await svc.tick()
    (p,) = await store.pairings(ev.id, 1)
    assert sorted(p.no_shows) == [0, 1, 2, 3]
    await svc.core.db.dispose()


async def test_a_refused_write_delays_the_event_and_never_stalls_it(
    sqlite_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    await svc.start()
    ev = await one_deck_event(svc, name="S", format="swiss", rounds=2, hands=1, grace_seconds=0)
    await register(svc, ev, 4, 2)
    tours = svc.tournaments
    real = tours.rounds.next_round
    refused = []

    async def flaky(e):  # type: ignore[no-untyped-def]
        if len(refused) < 2:  # round 1 at the start and its first retry: storage busy
            refused.append(e.current_round)
            raise ServiceError("storage_unavailable")
        return await real(e)

    monkeypatch.setattr(tours.rounds, "next_round", flaky)
    assert await tours.start(ev.id, DIRECTOR) is False  # started; round 1 opens later
    await drive(svc, clock, finished(svc, ev.id))
    assert refused == [0, 0]
    tables = await tours.store.pairings(ev.id)
    assert [(t.round_no, t.status) for t in tables] == [(1, "done")] * 2 + [(2, "done")] * 2


async def test_friends_events_have_no_forfeit(sqlite_db: Database) -> None:
    svc = new_service(sqlite_db, FakeClock())
    with pytest.raises(ServiceError) as refused:
        await svc.tournaments.new_event(
            guild_id=GUILD, director_id=DIRECTOR, name="F", format="swiss", rounds=1,
            hands=1, rules=preset("friends-6"), no_show="forfeit",
        )  # fmt: skip
    assert refused.value.code == "tournament_friends_no_show"


async def test_private_threads_after_a_crash_and_a_restart(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=(*PLAYERS, "sub")) as w:
        p = w.members
        td = await duplicate_entered(w)
        # A crash left table 1's thread made with nobody added: found by name, it
        # gets its players.
        made = await w.bot.http.start_thread_without_message(
            w.channel.id, name="T1-R1-1", auto_archive_duration=1440, type=12, invitable=False
        )
        await w.slash(td, "tournament start")
        threads = {t.name: t for t in w.channel.threads}
        assert sorted(threads) == ["T1-R1-1", "T1-R1-2"]
        assert threads["T1-R1-1"].id == int(made["id"])
        store = w.bot.service.tournaments.store
        one = (await store.pairings(1, 1))[0]
        assert one.table_id is not None
        live = w.bot.service.core.live_table(one.table_id)
        assert live is not None
        for s in live.table.seats:
            member = next(m for m in p if m.id == s.user_id)
            assert can_access_channel(w.env, threads["T1-R1-1"].id, member)
        # After a restart, a substitute for p0 is let into table 1's thread.
        await w.restart()
        await w.env.settle()
        sub = p[8]
        r = await w.slash(td, "tournament replace", team=1, old=p[0], new=sub, reason="ill")
        assert r.response is not None and not r.response.ephemeral, r.response
        assert can_access_channel(w.env, threads["T1-R1-1"].id, sub)
        assert not can_access_channel(w.env, threads["T1-R1-2"].id, sub)


async def test_a_playing_director_sees_only_their_own_table(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=PLAYERS) as w:
        p = w.members
        td = await director(w)
        await w.slash(
            td, "tournament new", name="Dup", format="duplicate", rounds=1, hands=1,
            preset="one-deck",
        )  # fmt: skip
        await w.slash(td, "tournament join", partner=p[0], second=p[1], third=p[2])
        await w.slash(p[2], "tournament checkin")
        await w.slash(p[3], "tournament join", partner=p[4], second=p[5], third=p[6])
        await w.slash(p[6], "tournament checkin")
        await w.slash(td, "tournament start")
        store = w.bot.service.tournaments.store
        sees = []
        for pairing in await store.pairings(1, 1):
            assert pairing.table_id is not None
            live = w.bot.service.core.live_table(pairing.table_id)
            assert live is not None
            sees.append(can_access_channel(w.env, live.table.channel_id, td))
            seated = {s.user_id for s in live.table.seats}
            assert (td.id in seated) == sees[-1]
        assert sorted(sees) == [False, True]
