"""Helpers shared by the service, timer, concurrency and crash tests."""

from __future__ import annotations

from typing import Any

from bot.service import FakeClock, ServiceError, TableOptions, TableService
from bot.service.live_access import link_key
from rules.actions import Bury, Play
from rules.game import Match
from storage import Database

NAMES = ("Ann", "Bob", "Cai", "Dee")


def options(**kw: Any) -> TableOptions:
    """Fast test pace: no deal animation, AI at once, turn timer off unless given."""
    base: dict[str, Any] = {
        "turn_seconds": 0,
        "deal_seconds": 0,
        "deal_steps": 1,
        "declare_seconds": 15,
        "bury_seconds": 90,
        "ai_delay": 0,
        "next_hand_seconds": 0,
    }
    base.update(kw)
    return TableOptions(**base)


# The key the tests' services sign live-table links with: one for every process of a
# test, as LIVE_LINK_SECRET is for every process of a bot (a restarted or second
# process accepts the links the first handed out).
TEST_LINK_KEY = link_key("the tests' live link secret", None)


def new_service(
    db: Database, clock: FakeClock | None = None, *, seed: str = "fixed", **kw: Any
) -> TableService:
    """A service on ``db`` with the test pace (``options(**kw)``) and a fixed seed."""
    return TableService(
        db,
        clock=clock or FakeClock(),
        defaults=options(**kw),
        seed_source=lambda: seed,
        link_key=TEST_LINK_KEY,
    )


async def human_move(svc: TableService, channel_id: int, m: Match, seats: dict[int, int]) -> bool:
    """One plain move (pass, suggested bury or play) for a human seat that has
    one; False if none has. ``seats``: seat -> user id."""
    for seat, user in seats.items():
        if m.phase == "declaring" and seat not in m.hand.passes:
            await svc.moves.pass_(channel_id, user)
            return True
        a = m.suggest(seat) if m.phase in ("burying", "playing") else None
        if isinstance(a, Bury):
            await svc.moves.bury(channel_id, user, a.cards)
            return True
        if isinstance(a, Play):
            await svc.moves.play(channel_id, user, a.cards)
            return True
    return False


async def play_on(
    svc: TableService,
    clock: FakeClock,
    table_id: int,
    channel_id: int,
    until: Any,
    limit: int = 5_000,
) -> Match:
    """Humans move when they can, else the clock jumps to the next timer: until
    ``until(match)``. Fails if the table is stuck (in play with no timer)."""
    for _ in range(limit):
        m = svc.queries.match_of(table_id)
        assert m is not None, "the table is gone"
        if until(m):
            return m
        live = svc.core.live_table(table_id)
        assert live is not None
        humans = {s.seat: s.user_id for s in live.table.seats if s.user_id is not None}
        try:
            if await human_move(svc, channel_id, m, humans):
                continue
        except ServiceError as exc:
            if exc.code != "not_your_turn":
                raise
        deadline = svc.automation.next_deadline()
        assert deadline is not None, f"the table is stuck in {m.phase} with no timer"
        if deadline > clock.now():
            clock.advance((deadline - clock.now()).total_seconds())
        await svc.tick()
    raise AssertionError("the table did not get there")


class Outage:
    """Makes the store's writes of AI moves (actor None) fail, and optionally its
    reads too, until ``end()``: the disk filling up right after the human's move."""

    def __init__(self, svc: Any, error: Exception, reads: bool) -> None:
        self.store, self.error, self.reads = svc.core.store, error, reads
        self.real_record, self.real_get = svc.core.store.record_action, svc.core.store.get_table
        self.failed = 0

        async def record(table: Any, action: Any, match: Any, **kw: Any) -> Any:
            if kw.get("actor_id") is None:
                self.failed += 1
                raise self.error
            return await self.real_record(table, action, match, **kw)

        async def get(table_id: int) -> Any:
            if self.reads and self.failed:
                self.failed += 1
                raise self.error
            return await self.real_get(table_id)

        self.store.record_action, self.store.get_table = record, get

    def end(self) -> None:
        self.store.record_action, self.store.get_table = self.real_record, self.real_get
