"""A tournament table pauses between hands as any table does (the bot's
``next_hand_seconds``): the players see a hand's result before the next deal."""

from __future__ import annotations

from bot.service import FakeClock
from storage import Database
from tests.support.service_helpers import new_service
from tests.support.tournament_helpers import DIRECTOR, one_deck_event, register


async def test_the_next_hand_waits_the_tables_pause(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock, next_hand_seconds=15)
    await svc.start()
    ev = await one_deck_event(svc, name="Pace", format="swiss", rounds=1, hands=2, grace_seconds=0)
    await register(svc, ev, 2, 2)
    await svc.tournaments.start(ev.id, DIRECTOR)
    (table,) = await svc.tournaments.store.pairings(ev.id, 1)
    assert table.table_id is not None

    def phase() -> tuple[str | None, int]:
        live = svc.core.live_table(table.table_id)
        assert live is not None and live.match is not None
        return live.match.phase, live.match.hand_no

    for _ in range(4000):  # AI seats play the first hand out
        await svc.tick()
        clock.advance(1)
        if phase()[0] == "scored":
            break
    first = phase()
    assert first[0] == "scored"
    for _ in range(14):  # the result stays on the table for the pause
        await svc.tick()
        assert phase() == first
        clock.advance(1)
    clock.advance(1)
    await svc.tick()
    assert phase()[1] == first[1] + 1  # the next hand (AI seats may finish it at once)
