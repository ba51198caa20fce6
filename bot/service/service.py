"""The table service: the one entry point front ends call (the Discord cogs and the
console table are thin layers over it). It is made of parts, each an object given
what it works on, and front ends call the part they mean:

- ``core`` (``bot.service.core``): storage, the tables this process holds, their
  locks, notices (``subscribe``), catching up with other processes (``shards``);
- ``changes`` (``bot.service.changes``): the one path every change takes
  (``commit``) and what it sets off (AI seats, seats changing hands, pauses);
- ``moves`` (``bot.service.moves``): a seated player's moves (``play``, ``bury``, …);
- ``lifecycle`` (``bot.service.lifecycle``): open, seats, start, end, next hand;
- ``queries`` (``bot.service.queries``): status, views, progress, statistics;
- ``ranked`` (``bot.service.ranked``): the ladder and its seasons;
- ``automation`` (``bot.service.automation``): the timers of every table;
- ``saved_rules``, ``replays``, ``tournaments``: a server's rule sets, finished
  hands, events.

Every change follows one path (``Changes.commit``): take the table's lock, apply
the action to the rules state, commit it (with the next timer) to storage, then
announce it. A refused action changes nothing; an action that could not be
stored is rolled back by reloading the table from storage.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.service.automation import Automation
from bot.service.changes import Changes
from bot.service.clock import Clock
from bot.service.core import Core
from bot.service.idle import TableLimits
from bot.service.lifecycle import Lifecycle
from bot.service.live_access import LiveAccess
from bot.service.moves import Moves
from bot.service.options import TableOptions
from bot.service.queries import Queries
from bot.service.ranked import Ranked
from bot.service.replays import ReplayService
from bot.service.saved_rules import SavedRules
from bot.service.shards import Shards
from bot.service.tournament.service import TournamentService
from storage import Database
from storage.messages import MessageRefs
from storage.rankings import Rankings


class TableService:
    def __init__(
        self,
        db: Database,
        *,
        clock: Clock | None = None,
        defaults: TableOptions | None = None,
        seed_source: Callable[[], str] | None = None,
        shards: Shards | None = None,
        limits: TableLimits | None = None,
        link_key: bytes | None = None,
    ) -> None:
        self.core = core = Core(
            db,
            clock=clock,
            defaults=defaults,
            seed_source=seed_source,
            shards=shards,
            limits=limits,
        )
        self.changes = changes = Changes(core)
        self.moves = Moves(core, changes)
        self.automation = Automation(core, changes)
        self.saved_rules = SavedRules(db, core.settings)
        self.replays = ReplayService(db)
        self.message_refs = MessageRefs(db)  # the Discord side's message ids, per table
        rankings = Rankings(db)
        self.lifecycle = Lifecycle(core, changes, self.saved_rules, self.replays, rankings)
        self.queries = Queries(core)
        self.ranked = Ranked(rankings)
        self.tournaments = TournamentService(core, changes, self.lifecycle)
        # Links to the live table (seats', spectators'), and who a link lets in.
        # ``link_key`` signs them (``live_access.link_key``; None: this process's own).
        self.live = LiveAccess(db, self.queries.status_for_table, link_key)

    async def start(self) -> int:
        """Load every unfinished table of this process's shards from storage (timers
        come back with them), then carry on the running tournaments. Returns how
        many tables were loaded."""
        count = await self.core.load_active()
        await self.tournaments.driver.resume()  # their tables are loaded: the rounds go on
        return count

    async def tick(self) -> int:
        """Fire every due timer of this process's tables. Returns how many fired.

        Sharing the database with other processes, it first catches up with
        them (``Core.refresh``) at most every ``refresh_seconds``."""
        await self.core.catch_up()
        fired = await self.automation.tick()
        return fired + await self.tournaments.driver.tick()
