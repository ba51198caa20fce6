"""Shared by several tests (moved from ``test_timers``)."""

from __future__ import annotations

from typing import Any

from bot.service import (
    FakeClock,
    Notice,
    Public,
    TableOptions,
    TableService,
    TableStatus,
)
from rules.actions import Bury, Play
from rules.declare import possible_declarations
from rules.events import (
    Event,
)
from rules.game import Match
from rules.notation import format_cards
from storage import Database
from tests.support.service_helpers import NAMES

CH = 8001


USERS = (201, 202, 203, 204)


class Table:
    """One scripted table; ``restart()`` swaps in a fresh service (a new process)."""

    def __init__(self, db: Database, opts: TableOptions, restart: bool) -> None:
        self.db = db
        self.opts = opts
        self.may_restart = restart
        self.restarted = False
        self.clock = FakeClock()
        self.notices: list[Notice] = []
        self.svc = self._service()
        self.tid = 0

    def _service(self) -> TableService:
        svc = TableService(
            self.db, clock=self.clock, defaults=self.opts, seed_source=lambda: "timers"
        )
        svc.core.subscribe(self.notices.append)
        return svc

    async def open(self, humans: int = 4, preset_name: str = "one-deck", sit: bool = True) -> None:
        st = await self.svc.lifecycle.create_table(
            guild_id=1,
            channel_id=CH,
            creator_id=USERS[0],
            creator_name=NAMES[0],
            preset_name=preset_name,
            sit=sit,
        )
        self.tid = st.table.id
        for user, name in list(zip(USERS, NAMES, strict=True))[1:humans]:
            await self.svc.lifecycle.join(CH, user, name)
        while sum(not s.empty for s in (await self.svc.queries.status(CH)).table.seats) < 4:
            await self.svc.lifecycle.add_ai(CH, USERS[0])
        await self.svc.lifecycle.start_game(CH, USERS[0])

    @property
    def match(self) -> Match:
        m = self.svc.queries.match_of(self.tid)
        assert m is not None
        return m

    async def status(self) -> TableStatus:
        return await self.svc.queries.status(CH)

    async def restart(self) -> None:
        """A restart in the middle (only in the restart run)."""
        if not self.may_restart:
            return
        before = self.match.to_dict()
        status = await self.status()
        self.svc = self._service()
        assert await self.svc.start() == 1
        assert self.match.to_dict() == before
        again = await self.status()
        assert (again.deadline_kind, again.deadline_at) == (
            status.deadline_kind,
            status.deadline_at,
        )
        assert again.table.seats == status.table.seats
        self.restarted = True

    async def wait(self, seconds: float) -> int:
        self.clock.advance(seconds)
        return await self.svc.tick()

    async def until_deadline(self) -> int:
        """Move the clock exactly to the pending deadline and tick."""
        st = await self.status()
        assert st.deadline_at is not None
        return await self.wait(max(0.0, (st.deadline_at - self.clock.now()).total_seconds()))

    def public(self, kind: str) -> list[Public]:
        return [n for n in self.notices if isinstance(n, Public) and n.kind == kind]

    def events(self, kind: type[Event], start: int = 0) -> list[Any]:
        return [
            n.event
            for n in self.notices[start:]
            if isinstance(n, Public) and isinstance(n.event, kind)
        ]

    async def act(self, seat: int) -> None:
        """The seat's suggested move, typed as card text."""
        a = self.match.suggest(seat)
        if isinstance(a, Play):
            await self.svc.moves.play(CH, USERS[seat], format_cards(a.cards))
        elif isinstance(a, Bury):
            await self.svc.moves.bury(CH, USERS[seat], format_cards(a.cards, "ascii"))
        else:
            await self.svc.moves.pass_(CH, USERS[seat])

    async def declare_any(self) -> int:
        """Some seat with a level card declares; returns the seat."""
        m = self.match
        for s in range(4):
            found = possible_declarations(m.rules, m.hand.level_rank, s, m.hand.hands[s], None)
            if found:
                await self.svc.moves.declare(CH, USERS[s], format_cards(found[0].cards))
                return s
        raise AssertionError("nobody can declare in this deal")

    async def result(self) -> tuple[dict[str, Any], list[Any]]:
        info = await self.svc.core.store.get_table(self.tid)
        return self.match.to_dict(), await self.svc.core.store.match_actions(
            info.current_match_id or 0
        )


async def to_phase(t: Table, phase: str, declare: bool = True) -> None:
    """Drive the human seats (without waiting for any timer) into ``phase``."""
    for _ in range(200):
        m = t.match
        if m.phase == phase:
            return
        if m.phase == "declaring":
            if declare and not m.hand.declarations:
                await t.declare_any()
            else:
                await t.act(next(s for s in range(4) if s not in m.hand.passes))
        elif m.phase == "burying":
            assert m.dealer is not None
            await t.act(m.dealer)
        elif m.phase == "playing":
            assert m.turn is not None
            await t.act(m.turn)
        else:
            raise AssertionError(f"cannot reach {phase} from {m.phase}")
    raise AssertionError(f"never reached {phase}")
