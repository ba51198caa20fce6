"""Tournaments run by the table service (``TableService.tournaments``): an event
from registration to its final ranking. Every step is stored first
(``storage.tournaments``) and the tables are ordinary tables opened through the
lifecycle, so a restarted bot resumes an event where it was (``resume``): a round
whose tables are not all open gets them, a finished round gets the next one.

A round: pairings (``pairing``), one table per pairing (N/S = team A, E/W = team
B, the event's rule set), each playing ``hands`` hands or for ``minutes``
minutes; the event starts each next hand itself and ends the table when it has
played enough (the hand in progress finishes). A seated player who has not moved
when the grace time is over gets an AI seat (recorded as a no-show).

Duplicate (复式): a team is two pairs; each match is two tables (team A's first
pair N/S at the odd table, its second pair E/W at the even one), both playing the
round's boards one after the other, each board a single hand from the board's
fixed deal and dealer, never dealt again, so both tables hold the same cards at
the same seats whatever the bidding (``duplicate.board_match``); the match is
scored in IMPs board by board (``duplicate``).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, replace
from datetime import datetime

from bot.service.changes import Changes
from bot.service.core import Core
from bot.service.errors import ServiceError, guarded
from bot.service.lifecycle import Lifecycle
from bot.service.tournament.director import DirectorTools
from bot.service.tournament.driver import GRACE_SECONDS, RETRY, RoundDriver
from bot.service.tournament.duplicate import board_match, board_rules
from bot.service.tournament.friends import friends_results, friends_round
from bot.service.tournament.pairing import (
    BYE,
    MatchPoints,
    Result,
    Standing,
    knockout_first_round,
    knockout_next_round,
    round_robin,
    standings,
    swiss_round,
)
from bot.service.tournament.results import NO_SHOW_RULES, round_results, winners
from rules.game import Match
from rules.ruleset import RuleSet
from storage import SeatInfo
from storage.tournaments import (
    FORMATS,
    EntryInfo,
    EntryTaken,
    EventInfo,
    PairingInfo,
    PlannedTable,
    Tournaments,
)

log = logging.getLogger("bot.service.tournament")

MAX_ROUNDS = 20
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


class TournamentService(RoundDriver, DirectorTools):
    def __init__(self, core: Core, changes: Changes, lifecycle: Lifecycle) -> None:
        self.core = core
        self.changes = changes
        self.lifecycle = lifecycle
        self.store = Tournaments(core.db)
        self.channels: ChannelMaker | None = None
        self.announce: Announcer | None = None
        self._running: dict[int, EventInfo] = {}
        self._checked: set[tuple[int, int, int]] = set()  # tables checked for no-shows
        self._scored_seen: dict[int, tuple[int, datetime]] = {}  # the pause between hands
        self._retry_at: dict[int, datetime] = {}  # events whose round failed to open
        self._resumed_at: datetime | None = None  # set by ``resume`` at the start

    # ---- registration -----------------------------------------------------------------
    async def new_event(
        self,
        *,
        guild_id: int | None,
        director_id: int,
        name: str,
        format: str,
        rounds: int,
        hands: int | None = None,
        minutes: int | None = None,
        channel_id: int | None = None,
        rules: RuleSet | None = None,
        preset_name: str | None = None,
        ranked: bool = False,
        points: MatchPoints | None = None,
        grace_seconds: int = GRACE_SECONDS,
        no_show: str = "counts",
    ) -> EventInfo:
        if format not in FORMATS:
            raise ServiceError("tournament_bad_format", choices=", ".join(FORMATS))
        if no_show not in NO_SHOW_RULES:
            raise ServiceError("tournament_bad_no_show", choices=", ".join(NO_SHOW_RULES))
        if (hands is None) == (minutes is None) or (format == "duplicate" and hands is None):
            raise ServiceError("tournament_hands_or_minutes")
        if not 1 <= rounds <= MAX_ROUNDS or not 1 <= (hands or minutes or 0) <= 600:
            raise ServiceError("tournament_bad_size", most=MAX_ROUNDS)
        if ranked:  # the ladder's rules, as at any ranked table: none of the event's own
            self.lifecycle.check_ranked(guild_id, preset_name, rules=rules)
        if rules is None:
            rules = await self.lifecycle.rules_named(guild_id, preset_name, None, None)
        individual = rules.friends is not None  # 找朋友: players enter alone
        if individual and format != "swiss":
            raise ServiceError("tournament_friends_swiss")
        if rules.players != 4 and not individual:
            raise ServiceError("tournament_fixed_partners")
        if individual and no_show != "counts":  # a player alone has no team to forfeit
            raise ServiceError("tournament_friends_no_show")
        settings = {
            "points": asdict(points or MatchPoints()),
            "grace": grace_seconds,
            "no_show": no_show,
        }
        event: EventInfo = await guarded(
            self.store.create_event(
                guild_id=guild_id,
                channel_id=channel_id,
                name=name[:100],
                format=format,
                rounds=rounds,
                hands=hands,
                minutes=minutes,
                rules=rules,
                director_id=director_id,
                seed=self.core.seed(),
                ranked=ranked,
                settings=settings,
            )
        )
        return event

    async def event(self, event_id: int) -> EventInfo:
        ev: EventInfo | None = await guarded(self.store.event(event_id))
        if ev is None:
            raise ServiceError("tournament_not_found", event=event_id)
        return ev

    async def entries(self, event_id: int) -> list[EntryInfo]:
        found: list[EntryInfo] = await guarded(self.store.entries(event_id))
        return found

    async def join(
        self,
        event_id: int,
        user_id: int,
        partner_id: int | None = None,
        *,
        name: str = "",
        partner_name: str = "",
        pair: Sequence[tuple[int, str]] = (),
    ) -> int:
        """Register a team (the user and a partner; at a duplicate event also its
        second ``pair``; at a 找朋友 event the user alone). Returns the team
        (entry) number."""
        ev = await self.event(event_id)
        if ev.status != "registering":
            raise ServiceError("tournament_not_registering")
        members = [(user_id, name), *pair]
        if partner_id is not None:
            members.insert(1, (partner_id, partner_name))
        size = 1 if self.individual(ev) else 4 if ev.format == "duplicate" else 2
        if len(members) != size:
            raise ServiceError("tournament_team_size", size=size)
        ids = [m[0] for m in members]
        if len(set(ids)) != len(ids):
            raise ServiceError("tournament_partner_self")
        try:
            team: int = await guarded(self.store.add_entry(event_id, ids, [m[1] for m in members]))
        except EntryTaken as exc:
            raise ServiceError("tournament_already_entered", user=exc.user_id) from exc
        return team

    async def _team_of(self, event_id: int, user_id: int) -> EntryInfo:
        for e in await self.entries(event_id):
            if user_id in e.user_ids and not e.dropped:
                return e
        raise ServiceError("tournament_not_entered")

    async def check_in(self, event_id: int, user_id: int) -> int:
        ev = await self.event(event_id)
        if ev.status != "registering":
            raise ServiceError("tournament_not_registering")
        team = await self._team_of(event_id, user_id)
        await guarded(self.store.set_entry(event_id, team.team_no, checked_in=True))
        return team.team_no

    def _director(self, ev: EventInfo, user_id: int, manage: bool) -> None:
        if user_id != ev.director_id and not manage:
            raise ServiceError("tournament_not_director")

    async def start(self, event_id: int, user_id: int, *, manage: bool = False) -> bool:
        """Registration closes (teams not checked in are out) and round 1 opens.
        False if its tables could not all be opened now (they are, later)."""
        ev = await self.event(event_id)
        self._director(ev, user_id, manage)
        if ev.status != "registering":
            raise ServiceError("tournament_not_registering")
        entries = [e for e in await self.entries(event_id) if not e.dropped]
        ready = [e.team_no for e in entries if e.checked_in]
        if len(ready) < 2:
            raise ServiceError("tournament_too_few", teams=len(ready))
        boards: dict[int, str] = {}
        if ev.format == "duplicate":
            assert ev.hands is not None
            count = ev.rounds * ev.hands
            boards = {b: deal_key(ev.seed, "board", b) for b in range(1, count + 1)}
        drop = [e.team_no for e in entries if not e.checked_in]
        await guarded(self.store.start_event(event_id, drop, boards))
        ev = await self.event(event_id)
        self._running[ev.id] = ev
        try:
            return await self._next_round(ev)
        except ServiceError:  # started, round 1 not yet open (storage): the tick retries
            self._retry_at.setdefault(ev.id, self.core.clock.now())
            return False

    async def drop(
        self, event_id: int, user_id: int, team_no: int | None = None, *, manage: bool = False
    ) -> int:
        """A team leaves (its own player, or the director naming ``team_no``): it is
        paired no more; a table it sits at plays on (AI seats take over no-shows)."""
        ev = await self.event(event_id)
        if ev.status == "finished":
            raise ServiceError("tournament_finished")
        if team_no is None:
            team_no = (await self._team_of(event_id, user_id)).team_no
        else:
            self._director(ev, user_id, manage)
            entry = next((e for e in await self.entries(event_id) if e.team_no == team_no), None)
            alone = "_alone" if self.individual(ev) else ""
            if entry is None:
                raise ServiceError("tournament_no_team" + alone, team=team_no + 1)
            if entry.dropped:
                raise ServiceError("tournament_already_dropped" + alone, team=team_no + 1)
        await guarded(self.store.set_entry(event_id, team_no, dropped=True))
        return team_no

    async def end(self, event_id: int, user_id: int, *, manage: bool = False) -> None:
        """The director stops the event: open tables end, finished rounds stand."""
        ev = await self.event(event_id)
        self._director(ev, user_id, manage)
        if ev.status == "finished":
            raise ServiceError("tournament_finished")
        for p in await guarded(self.store.pairings(event_id, ev.current_round)):
            if p.table_id is not None and p.status == "open":
                await self._end_table(p.table_id)
        await guarded(self.store.set_status(event_id, "finished"))
        self._running.pop(event_id, None)
        await self._announce(ev, "final", ev.current_round)

    # ---- results ----------------------------------------------------------------------
    @staticmethod
    def individual(ev: EventInfo) -> bool:
        """A 找朋友 event: individuals, tables of ``rules.players``."""
        return ev.rules.friends is not None

    @staticmethod
    def points_of(ev: EventInfo) -> MatchPoints:
        return MatchPoints(**ev.settings.get("points", {}))

    async def results(self, event_id: int) -> list[Result]:
        """Every team's result in every finished round."""
        ev = await self.event(event_id)
        out: list[Result] = []
        rounds = await guarded(self.store.rounds(event_id))
        tables: list[PairingInfo] = await guarded(self.store.pairings(event_id))
        for r in rounds:
            if r.status != "finished":
                continue
            mine = [p for p in tables if p.round_no == r.round_no]
            if self.individual(ev):
                out += friends_results(r.round_no, mine)
                continue
            out += round_results(
                r.round_no, mine, self.points_of(ev), duplicate=ev.format == "duplicate",
                no_show=str(ev.settings.get("no_show", "counts")),
            )  # fmt: skip
        return out

    async def standings(self, event_id: int) -> list[Standing]:
        """The standings after the finished rounds (the final ranking at the end)."""
        ev = await self.event(event_id)
        entries = await self.entries(event_id)
        # Once it runs, the teams that started (checked in) stand; before, all.
        teams = [e.team_no for e in entries if e.checked_in or ev.status == "registering"]
        return standings(teams, await self.results(event_id))

    # ---- rounds -----------------------------------------------------------------------
    async def _next_round(self, ev: EventInfo) -> bool:
        """Pair and store the next round, then open its tables (or end the event).
        False if some tables could not be opened now (``_open_tables``)."""
        round_no = ev.current_round + 1
        # The teams that started (checked in); those dropped since are paired no more.
        entries = [e for e in await self.entries(ev.id) if e.checked_in]
        teams = [e.team_no for e in entries]
        active = [e.team_no for e in entries if not e.dropped]
        dropped = frozenset(e.team_no for e in entries if e.dropped)
        results = await self.results(ev.id)
        pairs: list[tuple[int, int]]
        bye: int | None = None
        last_round = round_no > ev.rounds
        groups: list[list[int]] = []
        if self.individual(ev):
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
            self._running.pop(ev.id, None)
            await self._announce(ev, "final", ev.current_round)
            return True
        planned = self._plan(ev, round_no, pairs, dropped)
        n = len(planned)
        planned += [
            PlannedTable(n + i, g[0], g[1], seats=tuple(g)) for i, g in enumerate(groups, 1)
        ]
        byes = [t.ns_team for t in planned if t.ew_team == BYE]
        bye = byes[0] if len(byes) == 1 else None  # the round's one bye, if it has one
        await guarded(self.store.open_round(ev.id, round_no, planned, bye, self.core.clock.now()))
        ev = await self.event(ev.id)
        self._running[ev.id] = ev
        if not await self._open_tables(ev):
            return False  # the pairings are posted once the tables are open
        await self._announce(ev, "paired", round_no)
        return True

    async def _announce(self, ev: EventInfo, what: str, round_no: int) -> None:
        """Post the news, then note it was posted: a crash in between posts it again
        on the next start (twice rather than never)."""
        if self.announce is not None:
            await self.announce(await self.event(ev.id), what, round_no)
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

    async def _open_tables(self, ev: EventInfo) -> bool:
        """Open every table of the current round that has none yet (all of them,
        or after a restart those a crash left unopened). False if the front end
        could not make a table's channel (Discord: no permission to make threads,
        the channel gone): the rest wait, and the tick tries again (``RETRY``)."""
        entries = {e.team_no: e for e in await self.entries(ev.id)}
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
                    self._retry_at[ev.id] = self.core.clock.now() + RETRY
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
        self._retry_at.pop(ev.id, None)
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
