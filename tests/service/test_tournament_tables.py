"""A tournament table is the event's, not its players': with the idle limits of
production, a player who stops moving (or everyone leaving) never pauses or
closes it — the timer and AI seats play its hands out, so the round ends with
every table's hands; nobody who did not enter can sit down; and ``/table next``
is refused (the event deals each next hand, at duplicate each next board)."""

from __future__ import annotations

import pytest

from bot.service import FakeClock, ServiceError, TableService
from bot.service.idle import IDLE, TableLimits
from rules.presets import preset
from storage import Database
from tests.support.service_helpers import new_service
from tests.support.tournament_helpers import (
    DIRECTOR,
    GUILD,
    drive,
    finished,
    one_deck_event,
    register,
    user,
)


async def event_table(db: Database, **kw: object) -> tuple[TableService, FakeClock, int, int]:
    clock = FakeClock()
    svc = new_service(db, clock, turn_seconds=20, **kw)
    svc.core.limits = (
        TableLimits()
    )  # production's: pause after two timed-out turns, close in 30 min
    await svc.start()
    ev = await one_deck_event(
        svc, name="Idle", format="swiss", rounds=1, hands=2, grace_seconds=3600
    )
    await register(svc, ev, 2, 2)
    await svc.tournaments.start(ev.id, DIRECTOR)
    (p,) = await svc.tournaments.store.pairings(ev.id, 1)
    assert p.table_id is not None
    return svc, clock, ev.id, p.table_id


async def played_out(svc: TableService, clock: FakeClock, event_id: int, table_id: int) -> None:
    kinds: set[str | None] = set()

    async def done() -> bool:
        live = svc.core.live_table(table_id)
        if live is not None:
            kinds.add(live.table.deadline_kind)
        return await finished(svc, event_id)()

    await drive(svc, clock, done, limit=20000)
    assert IDLE not in kinds  # never paused
    (p,) = await svc.tournaments.store.pairings(event_id, 1)
    assert p.status == "done" and p.hands == 2, p


async def test_an_afk_player_never_pauses_a_tournament_table(sqlite_db: Database) -> None:
    svc, clock, event_id, table_id = await event_table(sqlite_db)
    live = svc.core.live_table(table_id)
    assert live is not None
    await svc.moves.pass_(live.table.channel_id, user(0))  # one move, then gone
    await played_out(svc, clock, event_id, table_id)


async def test_everyone_leaving_neither_pauses_it_nor_lets_a_stranger_in(
    sqlite_db: Database,
) -> None:
    svc, clock, event_id, table_id = await event_table(sqlite_db)
    live = svc.core.live_table(table_id)
    assert live is not None
    channel = live.table.channel_id
    for s in list(live.table.seats):
        assert s.user_id is not None
        await svc.lifecycle.leave(channel, s.user_id)
    live = svc.core.live_table(table_id)
    assert live is not None and live.table.deadline_kind != IDLE
    with pytest.raises(ServiceError) as refused:
        await svc.lifecycle.join(channel, user(999), "stranger")
    assert refused.value.code == "already_started"
    assert all(s.user_id != user(999) for s in live.table.seats)
    await played_out(svc, clock, event_id, table_id)


async def test_table_next_is_refused_at_a_tournament_table(sqlite_db: Database) -> None:
    svc, clock, event_id, table_id = await event_table(sqlite_db, next_hand_seconds=15)
    live = svc.core.live_table(table_id)
    assert live is not None
    for _ in range(20000):
        if live.match is not None and live.match.phase == "scored":
            break
        await svc.tick()
        clock.advance(1)
    assert live.match is not None and live.match.phase == "scored"
    hand_no = live.match.hand_no
    for who in (user(0), DIRECTOR):  # a seated player; the director who made the table
        with pytest.raises(ServiceError) as refused:
            await svc.lifecycle.next_hand(live.table.channel_id, who)
        assert refused.value.code in ("tournament_next_hand", "not_seated"), refused.value.code
    assert live.match.phase == "scored" and live.match.hand_no == hand_no  # unchanged
    await played_out(svc, clock, event_id, table_id)


async def test_a_ranked_event_plays_the_ladders_rules(sqlite_db: Database) -> None:
    svc = new_service(sqlite_db, FakeClock())
    await svc.start()
    for own in ({"preset_name": "one-deck"}, {"rules": preset("one-deck")}):
        with pytest.raises(ServiceError) as refused:
            await svc.tournaments.new_event(
                guild_id=GUILD, director_id=DIRECTOR, name="Ranked", format="swiss",
                rounds=1, hands=1, ranked=True, **own,  # type: ignore[arg-type]
            )  # fmt: skip
        assert refused.value.code == "ranked_rules_fixed"
    assert not await svc.tournaments.store.events()  # nothing made
    ev = await svc.tournaments.new_event(
        guild_id=GUILD, director_id=DIRECTOR, name="Ranked", format="swiss", rounds=1,
        hands=1, ranked=True,
    )  # fmt: skip
    assert ev.ranked and ev.rules == await svc.lifecycle.rules_named(GUILD, None, None, None)
    await register(svc, ev, 2, 2)
    await svc.tournaments.start(ev.id, DIRECTOR)
    (p,) = await svc.tournaments.store.pairings(ev.id, 1)
    assert p.table_id is not None
    live = svc.core.live_table(p.table_id)
    assert live is not None and live.options.ranked and live.table.rules == ev.rules
