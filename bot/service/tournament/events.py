"""What an event is and how it stands, read from storage (``storage.tournaments``):
the event, its entries, each team's results round by round and the standings.
Nothing here writes; every part of the tournament service reads events here."""

from __future__ import annotations

from bot.service.errors import ServiceError, guarded
from bot.service.tournament.friends import friends_results
from bot.service.tournament.pairing import MatchPoints, Result, Standing, standings
from bot.service.tournament.results import round_results
from storage.tournaments import EntryInfo, EventInfo, PairingInfo, Tournaments


class Events:
    def __init__(self, store: Tournaments) -> None:
        self.store = store

    async def event(self, event_id: int) -> EventInfo:
        ev: EventInfo | None = await guarded(self.store.event(event_id))
        if ev is None:
            raise ServiceError("tournament_not_found", event=event_id)
        return ev

    async def entries(self, event_id: int) -> list[EntryInfo]:
        found: list[EntryInfo] = await guarded(self.store.entries(event_id))
        return found

    async def team_of(self, event_id: int, user_id: int) -> EntryInfo:
        for e in await self.entries(event_id):
            if user_id in e.user_ids and not e.dropped:
                return e
        raise ServiceError("tournament_not_entered")

    def check_director(self, ev: EventInfo, user_id: int, manage: bool) -> None:
        """Only the event's director, or someone who manages the server."""
        if user_id != ev.director_id and not manage:
            raise ServiceError("tournament_not_director")

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
