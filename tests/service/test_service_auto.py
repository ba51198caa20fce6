"""One AI everywhere (issue 47 item 1): a seat on ``/auto`` (托管) and a person's
timed-out turn are played by the table's AI level, through the same choice its AI
seats make — not by a fixed ``basic`` player or the engine's bare suggestion."""

from __future__ import annotations

from typing import Any

from bot.service import FakeClock, Notice, TableService
from bot.service.ai_seats import rng_for
from bot.service.auto import set_auto
from bot.service.state import LiveTable
from rules.actions import Action, DealCards, Declare, Pass
from rules.ai import make_player
from storage import Database
from tests.support.service_helpers import new_service

CH = 700
ANN = 71
LEVEL = "simple"  # the table's AI players' level (not the default, basic)


async def open_table(svc: TableService) -> int:
    """Ann in seat 0 (North) and three AI players at ``LEVEL``; started."""
    status = await svc.lifecycle.create_table(
        guild_id=1, channel_id=CH, creator_id=ANN, creator_name="Ann", preset_name="one-deck"
    )
    for _ in range(3):
        await svc.lifecycle.add_ai(CH, ANN, level=LEVEL)
    await svc.lifecycle.start_game(CH, ANN)
    return status.table.id


def spy_on_seat(
    svc: TableService, seat: int, *, bids: bool = True
) -> list[tuple[Action, Action | None]]:
    """Every move of ``seat`` (without its bids and passes unless ``bids``), with
    what an AI player of ``LEVEL`` chooses on the state it was made in."""
    real = svc.changes.commit
    moves: list[tuple[Action, Action | None]] = []

    async def commit(live: LiveTable, action: Action, *a: Any, **kw: Any) -> Any:
        m = live.match
        assert m is not None
        ours = getattr(action, "seat", None) == seat and not isinstance(action, DealCards)
        if ours and (bids or not isinstance(action, (Declare, Pass))):
            wanted = make_player(LEVEL).choose(m.view_for(seat), rng_for(m, seat))
            moves.append((action, wanted))
        return await real(live, action, *a, **kw)

    svc.changes.commit = commit  # type: ignore[method-assign]
    return moves


async def play_hand(svc: TableService, clock: FakeClock, table_id: int) -> None:
    """Only timers act (nobody types) until the first hand is scored."""
    for _ in range(2_000):
        m = svc.queries.match_of(table_id)
        assert m is not None
        if m.phase == "scored":
            return
        deadline = svc.automation.next_deadline()
        assert deadline is not None, f"stuck in {m.phase}"
        clock.advance(max(0.0, (deadline - clock.now()).total_seconds()))
        await svc.tick()
    raise AssertionError("the hand never ended")


async def test_auto_plays_at_the_tables_ai_level(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock, seed="auto-service")
    table_id = await open_table(svc)
    moves = spy_on_seat(svc, 0)
    levels: list[str | None] = []
    real = svc.changes.commit

    async def commit(live: LiveTable, action: Action, *a: Any, **kw: Any) -> Any:
        if getattr(action, "seat", None) == 0:
            levels.append(live.table.seats[0].ai_level)  # the seat as it plays
        return await real(live, action, *a, **kw)

    svc.changes.commit = commit  # type: ignore[method-assign]
    await set_auto(svc.core, svc.changes, CH, ANN, True)
    await play_hand(svc, clock, table_id)
    assert levels and set(levels) == {LEVEL}  # stored at the table's level, Ann's seat
    plays = [made for made, _ in moves if made.kind == "play"]
    assert len(plays) >= 12  # the whole hand
    assert [made for made, _ in moves] == [wanted for _, wanted in moves]


async def test_a_timed_out_turn_is_played_at_the_tables_ai_level(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock, seed="auto-service", turn_seconds=30, bury_seconds=30)
    table_id = await open_table(svc)
    # An absent person bids nothing (the window closes with their pass); every
    # other move the timer makes for them is the table's AI's.
    moves = spy_on_seat(svc, 0, bids=False)
    await play_hand(svc, clock, table_id)  # Ann never answers: the timer plays for her
    plays = [made for made, _ in moves if made.kind == "play"]
    assert len(plays) >= 12
    assert [made for made, _ in moves] == [wanted for _, wanted in moves]


async def test_auto_ends_with_the_hand(sqlite_db: Database) -> None:
    """托管 lasts one hand, on Discord as in the console: once the hand is scored the
    seat is its player's again (stored), and the table is told."""
    clock = FakeClock()
    svc = new_service(sqlite_db, clock, seed="auto-service")
    table_id = await open_table(svc)
    told: list[Notice] = []
    svc.core.subscribe(told.append)
    await set_auto(svc.core, svc.changes, CH, ANN, True)
    await play_hand(svc, clock, table_id)
    status = await svc.queries.status(CH)
    assert status.table.seats[0].ai_level is None and status.table.seats[0].user_id == ANN
    ended = [n for n in told if n.kind == "auto_ended"]
    assert [n.params["seat"] for n in ended] == [0]
    stored = await svc.core.store.get_table(table_id)  # durable, not only in memory
    assert stored.seats[0].ai_level is None
