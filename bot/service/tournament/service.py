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

The service is made of parts, each given what it uses: ``events`` (reading an
event, its entries, results and standings), ``rounds`` (opening a round's tables,
posting the news: a front end sets ``rounds.channels`` and ``rounds.announce``),
``driver`` (the clock: ``tick``, ``resume``) and ``director`` (the director's
tools); registration, the start and the end are here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import asdict

from bot.service.changes import Changes
from bot.service.core import Core
from bot.service.errors import ServiceError, guarded
from bot.service.lifecycle import Lifecycle
from bot.service.tournament.director import DirectorTools
from bot.service.tournament.driver import GRACE_SECONDS, RoundDriver
from bot.service.tournament.events import Events
from bot.service.tournament.pairing import MatchPoints
from bot.service.tournament.results import NO_SHOW_RULES
from bot.service.tournament.rounds import Rounds, deal_key
from rules.ruleset import RuleSet
from storage.tournaments import FORMATS, EntryTaken, EventInfo, Tournaments

log = logging.getLogger("bot.service.tournament")

MAX_ROUNDS = 20


class TournamentService:
    def __init__(self, core: Core, changes: Changes, lifecycle: Lifecycle) -> None:
        self.core = core
        self.lifecycle = lifecycle
        self.store = Tournaments(core.db)
        self.events = Events(self.store)
        self.rounds = Rounds(core, lifecycle, self.events)
        self.driver = RoundDriver(core, changes, lifecycle, self.events, self.rounds)
        self.director = DirectorTools(core, changes, self.events)

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
        ev = await self.events.event(event_id)
        if ev.status != "registering":
            raise ServiceError("tournament_not_registering")
        members = [(user_id, name), *pair]
        if partner_id is not None:
            members.insert(1, (partner_id, partner_name))
        size = 1 if self.events.individual(ev) else 4 if ev.format == "duplicate" else 2
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

    async def check_in(self, event_id: int, user_id: int) -> int:
        ev = await self.events.event(event_id)
        if ev.status != "registering":
            raise ServiceError("tournament_not_registering")
        team = await self.events.team_of(event_id, user_id)
        await guarded(self.store.set_entry(event_id, team.team_no, checked_in=True))
        return team.team_no

    async def start(self, event_id: int, user_id: int, *, manage: bool = False) -> bool:
        """Registration closes (teams not checked in are out) and round 1 opens.
        False if its tables could not all be opened now (they are, later)."""
        ev = await self.events.event(event_id)
        self.events.check_director(ev, user_id, manage)
        if ev.status != "registering":
            raise ServiceError("tournament_not_registering")
        entries = [e for e in await self.events.entries(event_id) if not e.dropped]
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
        ev = await self.events.event(event_id)
        self.rounds.running[ev.id] = ev
        try:
            return await self.rounds.next_round(ev)
        except ServiceError:  # started, round 1 not yet open (storage): the tick retries
            self.rounds.retry_at.setdefault(ev.id, self.core.clock.now())
            return False

    async def drop(
        self, event_id: int, user_id: int, team_no: int | None = None, *, manage: bool = False
    ) -> int:
        """A team leaves (its own player, or the director naming ``team_no``): it is
        paired no more; a table it sits at plays on (AI seats take over no-shows)."""
        ev = await self.events.event(event_id)
        if ev.status == "finished":
            raise ServiceError("tournament_finished")
        if team_no is None:
            team_no = (await self.events.team_of(event_id, user_id)).team_no
        else:
            self.events.check_director(ev, user_id, manage)
            entry = next(
                (e for e in await self.events.entries(event_id) if e.team_no == team_no), None
            )
            alone = "_alone" if self.events.individual(ev) else ""
            if entry is None:
                raise ServiceError("tournament_no_team" + alone, team=team_no + 1)
            if entry.dropped:
                raise ServiceError("tournament_already_dropped" + alone, team=team_no + 1)
        await guarded(self.store.set_entry(event_id, team_no, dropped=True))
        return team_no

    async def end(self, event_id: int, user_id: int, *, manage: bool = False) -> None:
        """The director stops the event: open tables end, finished rounds stand."""
        ev = await self.events.event(event_id)
        self.events.check_director(ev, user_id, manage)
        if ev.status == "finished":
            raise ServiceError("tournament_finished")
        for p in await guarded(self.store.pairings(event_id, ev.current_round)):
            if p.table_id is not None and p.status == "open":
                await self.driver.end_table(p.table_id)
        await guarded(self.store.set_status(event_id, "finished"))
        self.rounds.running.pop(event_id, None)
        await self.rounds.post_news(ev, "final", ev.current_round)
