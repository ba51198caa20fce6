"""Tables nobody plays at (issue 18, item 7), on the service's fake clock: a table
whose people all leave (or all let the timer play) pauses, closes after the grace
period with its hands kept; an unjoined lobby closes after an hour; the caps on
open tables refuse the next one and name the cap."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.service import FakeClock, Notice, Public, ServiceError, TableService
from bot.service.idle import TableLimits
from rules.events import Played
from storage import Database
from tests.support.service_helpers import options, play_on

CH, GUILD = 8101, 77
ANN, BOB, CAI = 201, 202, 203
GRACE, LOBBY = 1800, 3600


def service(db: Database, clock: FakeClock, **limits: Any) -> TableService:
    kw: dict[str, Any] = {"idle_close_seconds": GRACE, "lobby_close_seconds": LOBBY}
    kw.update(limits)
    return TableService(
        db,
        clock=clock,
        defaults=options(turn_seconds=30, ai_delay=1, next_hand_seconds=15),
        seed_source=lambda: "idle",
        limits=TableLimits(**kw),
    )


class Recorder:
    def __init__(self) -> None:
        self.notices: list[Notice] = []

    def __call__(self, n: Notice) -> None:
        self.notices.append(n)

    def kinds(self, kind: str) -> list[Public]:
        return [n for n in self.notices if isinstance(n, Public) and n.kind == kind]

    def plays(self) -> int:
        return sum(1 for n in self.notices if isinstance(n, Public) and isinstance(n.event, Played))


async def run_clock(svc: TableService, clock: FakeClock, seconds: float) -> None:
    """Fire every timer due within ``seconds`` from now, in order."""
    end = clock.now().timestamp() + seconds
    for _ in range(10_000):
        at = svc.automation.next_deadline()
        if at is None or at.timestamp() > end:
            break
        if at > clock.now():
            clock.advance((at - clock.now()).total_seconds())
        await svc.tick()
    clock.advance(max(0.0, end - clock.now().timestamp()))
    await svc.tick()


async def one_human(svc: TableService) -> int:
    st = await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH, creator_id=ANN, creator_name="Ann"
    )
    for seat in (1, 2, 3):
        await svc.lifecycle.add_ai(CH, ANN, seat)
    await svc.lifecycle.start_game(CH, ANN)
    return st.table.id


async def test_last_human_leaving_pauses_then_closes_keeping_the_hands(db: Database) -> None:
    clock = FakeClock()
    svc = service(db, clock)
    rec = Recorder()
    svc.core.subscribe(rec)
    tid = await one_human(svc)
    # One whole hand with Ann, then she leaves mid-way through the second.
    await play_on(svc, clock, tid, CH, lambda m: m.hand_no == 2 and m.phase == "playing")
    match_id = (await svc.queries.status(CH)).table.current_match_id
    assert match_id is not None
    await svc.lifecycle.leave(CH, ANN)
    assert len(rec.kinds("table_paused")) == 1
    assert rec.kinds("table_paused")[0].params == {"minutes": 30}
    st = await svc.queries.status(CH)
    assert st.deadline_kind == "idle"
    actions = await svc.core.store.action_count(tid)
    plays = rec.plays()

    # A restart keeps the pause and its deadline.
    again = service(db, clock)
    rec2 = Recorder()
    again.core.subscribe(rec2)
    assert await again.start() == 1
    st2 = await again.queries.status(CH)
    assert (st2.deadline_kind, st2.deadline_at) == ("idle", st.deadline_at)

    await run_clock(again, clock, GRACE - 1)  # paused: the AI seats play nothing
    assert await again.core.store.action_count(tid) == actions and rec2.plays() == 0
    assert (await again.queries.status(CH)).phase == "playing"
    await run_clock(again, clock, 1)
    (closed,) = rec2.kinds("table_closed")
    assert closed.params["lobby"] is False
    with pytest.raises(ServiceError) as err:
        await again.queries.status(CH)
    assert err.value.code == "no_table"
    assert rec.plays() == plays
    # Nothing stored is lost: the records, /progress and /stats still read it.
    assert await again.core.store.action_count(tid) == actions
    assert len(await again.core.store.match_actions(match_id)) > 0
    progress = await again.core.stats.level_progress(match_id)
    assert [p.hand_no for p in progress] == [1]
    assert (await again.queries.player_stats(ANN, GUILD)).hands_played == 1
    # The channel is free for a new table.
    await again.lifecycle.create_table(guild_id=GUILD, channel_id=CH, creator_id=BOB)


async def test_humans_who_all_stop_answering_pause_and_resume(db: Database) -> None:
    clock = FakeClock()
    svc = service(db, clock)
    rec = Recorder()
    svc.core.subscribe(rec)
    st = await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH, creator_id=ANN, creator_name="Ann"
    )
    await svc.lifecycle.join(CH, BOB, "Bob")
    for seat in (2, 3):
        await svc.lifecycle.add_ai(CH, ANN, seat)
    await svc.lifecycle.start_game(CH, ANN)
    for _ in range(200):  # nobody answers: the timer plays for Ann and Bob
        if (await svc.queries.status(CH)).deadline_kind == "idle":
            break
        await run_clock(svc, clock, 30)
    status = await svc.queries.status(CH)
    assert status.deadline_kind == "idle" and len(rec.kinds("table_paused")) == 1
    # Not at the first missed turn: the timer played each of them twice first.
    pause_at = rec.notices.index(rec.kinds("table_paused")[0])
    auto = Counter(
        n.params["seat"]
        for n in rec.notices[:pause_at]
        if isinstance(n, Public) and n.kind == "auto_acted" and n.params["kind"] != "pass"
    )
    assert auto[0] >= 2 and auto[1] >= 2 and min(auto[0], auto[1]) == 2, auto
    plays, actions = rec.plays(), await svc.core.store.action_count(st.table.id)
    await run_clock(svc, clock, GRACE - 60)
    assert rec.plays() == plays and await svc.core.store.action_count(st.table.id) == actions

    # Bob comes back: any move of his, even one refused (no declaring now), resumes.
    with pytest.raises(ServiceError):
        await svc.moves.pass_(CH, BOB)
    assert len(rec.kinds("table_resumed")) == 1
    assert (await svc.queries.status(CH)).deadline_kind in ("turn", "ai", "bury", "next", "declare")
    await run_clock(svc, clock, 120)  # the table plays on (the AI seats and the timer)
    assert rec.plays() > plays
    assert (await svc.queries.status(CH)).phase != "ended"


async def test_an_unjoined_lobby_closes_after_an_hour(db: Database) -> None:
    clock = FakeClock()
    svc = service(db, clock)
    rec = Recorder()
    svc.core.subscribe(rec)
    await svc.lifecycle.create_table(guild_id=GUILD, channel_id=CH, creator_id=ANN)
    await run_clock(svc, clock, LOBBY - 1)
    assert (await svc.queries.status(CH)).phase == "lobby"
    await run_clock(svc, clock, 1)
    (closed,) = rec.kinds("table_closed")
    assert closed.params["lobby"] is True
    with pytest.raises(ServiceError):
        await svc.queries.status(CH)


async def test_the_caps_refuse_the_next_table_and_name_the_cap(db: Database) -> None:
    clock = FakeClock()
    svc = service(db, clock, per_user=2, per_server=3)
    await svc.lifecycle.create_table(guild_id=GUILD, channel_id=1, creator_id=ANN)
    await svc.lifecycle.create_table(guild_id=GUILD, channel_id=2, creator_id=ANN)
    with pytest.raises(ServiceError) as err:
        await svc.lifecycle.create_table(guild_id=GUILD, channel_id=3, creator_id=ANN)
    assert err.value.code == "too_many_tables_user" and err.value.params["cap"] == 2
    for lang in ("en", "zh-CN", "zh-TW"):
        assert "2" in err.value.message(lang) and "/table end" in err.value.message(lang)
    assert await svc.core.store.table_in_channel(3) is None  # the refusal changed nothing

    await svc.lifecycle.create_table(guild_id=GUILD, channel_id=3, creator_id=BOB)
    with pytest.raises(ServiceError) as err:
        await svc.lifecycle.create_table(guild_id=GUILD, channel_id=4, creator_id=CAI)
    assert err.value.code == "too_many_tables_server" and err.value.params["cap"] == 3
    for lang in ("en", "zh-CN", "zh-TW"):
        assert "3" in err.value.message(lang) and "/table end" in err.value.message(lang)
    await svc.lifecycle.create_table(
        guild_id=GUILD + 1, channel_id=4, creator_id=CAI
    )  # another server

    await svc.lifecycle.end_table(1, ANN)  # a closed table no longer counts
    await svc.lifecycle.create_table(guild_id=GUILD + 2, channel_id=5, creator_id=ANN)


async def test_joining_a_paused_table_takes_an_ai_seat_and_resumes(db: Database) -> None:
    clock = FakeClock()
    svc = service(db, clock)
    rec = Recorder()
    svc.core.subscribe(rec)
    await one_human(svc)
    with pytest.raises(ServiceError) as err:  # not paused: a game in play takes no one
        await svc.lifecycle.join(CH, BOB, "Bob")
    assert err.value.code == "already_started"
    await svc.lifecycle.leave(CH, ANN)
    assert (await svc.queries.status(CH)).deadline_kind == "idle"
    seat = await svc.lifecycle.join(CH, BOB, "Bob")
    st = await svc.queries.status(CH)
    assert st.table.seats[seat].user_id == BOB and not st.table.seats[seat].is_ai
    assert st.deadline_kind != "idle" and len(rec.kinds("table_resumed")) == 1
    plays = rec.plays()
    await run_clock(svc, clock, 20)  # the AI seats play on until Bob's turn
    assert rec.plays() > plays and not rec.kinds("table_closed")
