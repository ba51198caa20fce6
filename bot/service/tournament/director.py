"""Director tools (``TournamentService.director``): replace a team's player
(between rounds, or during one: the seat at the running table changes hands too)
and adjust a table's result (standings follow, as they are worked out from the
stored tables). Only the director or someone with Manage Server; every change is
logged with who and why (``log``), for a front end to show."""

from __future__ import annotations

from bot.service.changes import Changes
from bot.service.core import Core
from bot.service.errors import ServiceError, guarded
from bot.service.tournament.events import Events
from bot.service.tournament.pairing import BYE
from storage import SeatInfo
from storage.tournament_director import LogEntry, NoSuchTable, NotOnTeam, TournamentDirector
from storage.tournaments import EventInfo


class DirectorTools:
    def __init__(self, core: Core, changes: Changes, events: Events) -> None:
        self.core = core
        self.changes = changes
        self.events = events
        self.store = events.store

    @property
    def director_store(self) -> TournamentDirector:
        return TournamentDirector(self.core.db)

    async def _director_change(
        self, event_id: int, user_id: int, reason: str, manage: bool
    ) -> EventInfo:
        ev = await self.events.event(event_id)
        self.events.check_director(ev, user_id, manage)
        if not reason.strip():
            raise ServiceError("tournament_reason_needed")
        return ev

    async def replace_player(
        self,
        event_id: int,
        user_id: int,
        *,
        team_no: int,
        old_id: int,
        new_id: int,
        new_name: str,
        reason: str,
        manage: bool = False,
    ) -> int | None:
        """``new_id`` plays for ``team_no`` instead of ``old_id`` from now on; at a
        table of the current round where ``old_id`` sits, the seat is theirs at
        once. Returns that table's id (None between rounds or if an AI already
        took the seat)."""
        ev = await self._director_change(event_id, user_id, reason, manage)
        if ev.status == "finished":
            raise ServiceError("tournament_finished")
        for e in await self.events.entries(event_id):
            if new_id in e.user_ids and not e.dropped:
                raise ServiceError("tournament_already_entered", user=new_id)
        try:
            await guarded(
                self.director_store.replace_member(
                    event_id,
                    team_no,
                    old_id,
                    new_id,
                    new_name,
                    actor_id=user_id,
                    reason=reason.strip(),
                    round_no=ev.current_round or None,
                )
            )
        except NotOnTeam as exc:
            raise ServiceError("tournament_not_on_team") from exc
        for p in await guarded(self.store.pairings(event_id, ev.current_round)):
            if (
                p.status != "open"
                or p.table_id is None
                or team_no not in (p.ns_team, p.ew_team, *p.seats)
            ):
                continue
            async with self.core.locks(p.table_id):
                live = self.core.live_table(p.table_id)
                if live is None:
                    continue
                seat = live.table.seat_of(old_id)
                if seat is None:
                    continue
                # ``seats_changed`` tells the table (it is a person, not an AI).
                await self.changes.replace_seat(live, SeatInfo(seat, new_id, None, new_name))
                return p.table_id
        return None

    async def adjust_result(
        self,
        event_id: int,
        user_id: int,
        *,
        round_no: int,
        table_no: int,
        margin: int,
        reason: str,
        manage: bool = False,
    ) -> None:
        """A finished table's result becomes ``margin`` (N/S view: levels gained by
        N/S minus E/W's; duplicate: the N/S team's IMPs, at the match's odd table)."""
        ev = await self._director_change(event_id, user_id, reason, manage)
        if ev.rules.friends is not None:  # a player scores their seat's levels
            raise ServiceError("tournament_adjust_friends")
        tables = {p.table_no: p for p in await guarded(self.store.pairings(event_id, round_no))}
        p = tables.get(table_no)
        duplicate = ev.format == "duplicate"
        # Duplicate IMPs are written when the round ends, so only after it.
        finished = {
            r.round_no for r in await guarded(self.store.rounds(event_id)) if r.status == "finished"
        }
        if (
            p is None
            or p.status != "done"
            or p.ew_team == BYE
            or (duplicate and (table_no % 2 == 0 or round_no not in finished))
        ):
            raise ServiceError("tournament_no_table")
        try:
            await guarded(
                self.director_store.adjust(
                    event_id,
                    round_no,
                    table_no,
                    level_diff=None if duplicate else margin,
                    ns_raw=margin if duplicate else None,
                    actor_id=user_id,
                    reason=reason.strip(),
                )
            )
        except NoSuchTable as exc:
            raise ServiceError("tournament_no_table") from exc

    async def log(self, event_id: int) -> list[LogEntry]:
        """The director's changes, oldest first."""
        await self.events.event(event_id)
        found: list[LogEntry] = await guarded(self.director_store.log(event_id))
        return found
