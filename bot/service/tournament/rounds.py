"""Opening an event's rounds: the next round paired (``pairing``; 找朋友:
``friends``) and stored, one table per pairing opened through the lifecycle (a
front end may make each its channel: ``channels``), and the event's news posted
(``announce``). A round whose tables could not all be opened is tried again
(``retry_at``, by the driver's tick)."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from bot.service.core import Core
from bot.service.errors import guarded
from bot.service.lifecycle import Lifecycle
from bot.service.tournament.duplicate import board_match, board_rules
from bot.service.tournament.events import Events
from bot.service.tournament.friends import friends_round
from bot.service.tournament.pairing import (
    BYE,
    knockout_first_round,
    knockout_next_round,
    round_robin,
    swiss_round,
)
from bot.service.tournament.results import winners
from rules.game import Match
from storage import SeatInfo
from storage.tournaments import EntryInfo, EventInfo, PairingInfo, PlannedTable

log = logging.getLogger("bot.service.tournament")

RETRY = timedelta(seconds=30)  # between two tries at a round's tables that failed to open
# A front end's thread for a table: (event, round, table number) -> (channel, parent).
ChannelMaker = Callable[[EventInfo, int, int], Awaitable[tuple[int, int | None]]]
# A front end's news of an event: (event, "paired" | "finished" | "final", round).
Announcer = Callable[[EventInfo, str, int], Awaitable[None]]


def synthetic_channel(event: EventInfo, round_no: int, table_no: int) -> int:
    """A table's channel id when no front end makes one (the console, tests):
    negative, so it never meets a Discord id, and the same after a restart."""
    return -(event.id * 1_000_000 + round_no * 1_000 + table_no)


def deal_key(event_seed: str, *parts: object) -> str:
    """A table's or a board's deal key, from the event's seed (which no record
    carries): one stored hand's record must not let anyone work out another
    table's, a later board's or the next hand's cards."""
    raw = "/".join([event_seed, *map(str, parts)])
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:24]


class Rounds:
    def __init__(self, core: Core, lifecycle: Lifecycle, events: Events) -> None:
        self.core = core
        self.lifecycle = lifecycle
        self.events = events
        self.store = events.store
        self.channels: ChannelMaker | None = None  # a front end's: each table's channel
        self.announce: Announcer | None = None  # a front end's: the event's news
        self.running: dict[int, EventInfo] = {}  # the events in play, by id
        self.retry_at: dict[int, datetime] = {}  # events whose round failed to open

    async def next_round(self, ev: EventInfo) -> bool:
        """Pair and store the next round, then open its tables (or end the event).
        False if some tables could not be opened now (``open_tables``)."""
        round_no = ev.current_round + 1
        # The teams that started (checked in); those dropped since are paired no more.
        entries = [e for e in await self.events.entries(ev.id) if e.checked_in]
        teams = [e.team_no for e in entries]
        active = [e.team_no for e in entries if not e.dropped]
        dropped = frozenset(e.team_no for e in entries if e.dropped)
        results = await self.events.results(ev.id)
        pairs: list[tuple[int, int]]
        bye: int | None = None
        last_round = round_no > ev.rounds
        groups: list[list[int]] = []
        if self.events.individual(ev):
            groups, sit_out = friends_round(teams, results, dropped, ev.rules.players)
            pairs = [(t, BYE) for t in sit_out]
        elif ev.format == "knockout":
            if round_no == 1:
                pairs = knockout_first_round(active)
            else:
                prev = await guarded(self.store.pairings(ev.id, ev.current_round))
                last = [r for r in results if r.round_no == ev.current_round]
                # A dropped winner's place in the bracket is a walkover for the
                # team it would meet (``_plan`` makes it a bye).
                bracket = [BYE if t in dropped else t for t in winners(prev, last)]
                last_round = last_round or sum(t != BYE for t in bracket) < 2
                pairs = [] if last_round else knockout_next_round(bracket)
        elif ev.format == "round-robin":
            schedule = round_robin(teams)
            last_round = last_round or round_no > len(schedule)
            pairs = [] if last_round else schedule[round_no - 1]
        else:
            pairs, bye = swiss_round(teams, results, dropped)
            if bye is not None:
                pairs.append((bye, BYE))
        if last_round:
            await guarded(self.store.set_status(ev.id, "finished"))
            self.running.pop(ev.id, None)
            await self.post_news(ev, "final", ev.current_round)
            return True
        planned = self._plan(ev, round_no, pairs, dropped)
        n = len(planned)
        planned += [
            PlannedTable(n + i, g[0], g[1], seats=tuple(g)) for i, g in enumerate(groups, 1)
        ]
        byes = [t.ns_team for t in planned if t.ew_team == BYE]
        bye = byes[0] if len(byes) == 1 else None  # the round's one bye, if it has one
        await guarded(self.store.open_round(ev.id, round_no, planned, bye, self.core.clock.now()))
        ev = await self.events.event(ev.id)
        self.running[ev.id] = ev
        if not await self.open_tables(ev):
            return False  # the pairings are posted once the tables are open
        await self.post_news(ev, "paired", round_no)
        return True

    async def post_news(self, ev: EventInfo, what: str, round_no: int) -> None:
        """Post the news, then note it was posted: a crash in between posts it again
        on the next start (twice rather than never)."""
        if self.announce is not None:
            await self.announce(await self.events.event(ev.id), what, round_no)
            await guarded(self.store.mark_news(ev.id, round_no, what))

    def _plan(
        self,
        ev: EventInfo,
        round_no: int,
        pairs: Sequence[tuple[int, int]],
        dropped: frozenset[int],
    ) -> list[PlannedTable]:
        out: list[PlannedTable] = []
        first_board = None
        if ev.format == "duplicate":
            assert ev.hands is not None
            first_board = (round_no - 1) * ev.hands + 1
        for a, b in pairs:
            # A pairing with a dropped or missing team is a bye for the other.
            if a in dropped or a == BYE:
                a, b = b, a
            if b in dropped:
                b = BYE
            if a == BYE or a in dropped:
                continue
            n = len(out) + 1
            if b == BYE:
                out.append(PlannedTable(n, a, BYE))
            elif first_board is not None:
                out.append(PlannedTable(n, a, b, first_board))
                out.append(PlannedTable(n + 1, b, a, first_board))
            else:
                out.append(PlannedTable(n, a, b))
        return out

    async def open_tables(self, ev: EventInfo) -> bool:
        """Open every table of the current round that has none yet (all of them,
        or after a restart those a crash left unopened). False if the front end
        could not make a table's channel (Discord: no permission to make threads,
        the channel gone): the rest wait, and the tick tries again (``RETRY``)."""
        entries = {e.team_no: e for e in await self.events.entries(ev.id)}
        boards = await guarded(self.store.boards(ev.id))
        for p in await guarded(self.store.pairings(ev.id, ev.current_round)):
            if p.ew_team == BYE or p.table_id is not None:
                continue
            seats = self.seats_of(ev, p, entries)
            channel, parent = synthetic_channel(ev, p.round_no, p.table_no), None
            if self.channels is not None:
                try:
                    channel, parent = await self.channels(ev, p.round_no, p.table_no)
                except Exception as exc:  # the front end's own error (e.g. Discord's)
                    log.warning(
                        "tournament %s: round %s table %s has no channel yet: %r",
                        ev.id, p.round_no, p.table_no, exc,
                    )  # fmt: skip
                    self.retry_at[ev.id] = self.core.clock.now() + RETRY
                    return False
            opts = replace(
                self.core.defaults, next_hand_seconds=0, event=ev.id, ranked=ev.ranked, deal=None
            )
            if p.board_no is not None:  # a board is a single hand, the same at its twin
                rules = board_rules(ev.rules)
                match = board_match(ev.rules, boards[p.board_no], p.board_no)
            else:
                key = deal_key(ev.seed, "round", p.round_no, "table", p.table_no)
                secret = deal_key(ev.seed, "later", p.round_no, p.table_no)
                rules, match = ev.rules, Match(ev.rules, key, secret=secret)
            status = await self.lifecycle.open_seated(
                guild_id=ev.guild_id,
                channel_id=channel,
                parent_channel_id=parent,
                creator_id=ev.director_id,
                rules=rules,
                options=opts,
                seats=seats,
                match=match,
            )
            await guarded(self.store.set_table(ev.id, p.round_no, p.table_no, status.table.id))
        self.retry_at.pop(ev.id, None)
        return True

    @staticmethod
    def seats_of(ev: EventInfo, p: PairingInfo, entries: dict[int, EntryInfo]) -> list[SeatInfo]:
        """N/S (seats 0, 2) team A, E/W (1, 3) team B; duplicate: A's first pair at
        the odd table, the other team's second pair facing them, and the reverse."""
        if p.seats:  # 找朋友: one entry (one player) a seat
            return [
                SeatInfo(i, entries[t].user_ids[0], None, entries[t].names[0])
                for i, t in enumerate(p.seats)
            ]
        ns, ew = entries[p.ns_team], entries[p.ew_team]
        second = 2 if ev.format == "duplicate" else 0  # where E/W's pair starts
        seats = []
        for seat in range(4):
            team, i = (ns, seat // 2) if seat % 2 == 0 else (ew, second + seat // 2)
            seats.append(SeatInfo(seat, team.user_ids[i], None, team.names[i]))
        return seats
