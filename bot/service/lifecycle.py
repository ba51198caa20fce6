"""The lobby and the table's life: open, seats (players and AI), start, end, next
hand. Mixed into ``TableService`` (``bot.service.service``), whose plumbing it
uses: every change here is one versioned write of the table, made on a current
copy (``_locked``) under the table's lock."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.service.deals import deal_rules, first_match
from bot.service.errors import ServiceError
from bot.service.idle import (
    IDLE,
    TableLimits,
    acting_humans,
    check_caps,
    lobby_deadline,
    pause_deadline,
    paused,
)
from bot.service.notices import Notice, Public
from bot.service.options import TableOptions
from bot.service.ranked import forfeit_notice, leaver_forfeit
from bot.service.schedule import plan_deadline
from bot.service.seating import free_seat, is_auto, require_member, rules_for
from bot.service.state import LiveTable, TableStatus
from rules.actions import NextHand
from rules.ai import DIFFICULTIES, LEVELS, level_of
from rules.game import Match
from rules.ruleset import RuleSet
from storage import SeatInfo, StorageError, TableExists

if TYPE_CHECKING:
    from collections.abc import Awaitable

    from bot.service.automation import Automation
    from bot.service.clock import Clock
    from bot.service.replays import ReplayService
    from bot.service.saved_rules import SavedRules
    from storage import Store, TableLocks
    from storage.rankings import Rankings


class Lifecycle:
    if TYPE_CHECKING:  # provided by TableService
        store: Store
        clock: Clock
        defaults: TableOptions
        limits: TableLimits
        locks: TableLocks
        automation: Automation
        saved_rules: SavedRules
        replays: ReplayService
        rankings: Rankings
        _seed: Callable[[], str]
        _live: dict[int, LiveTable]
        _by_channel: dict[int, int]

        async def _emit(self, notices: list[Notice]) -> None: ...

        def _locked(self, channel_id: int) -> AbstractAsyncContextManager[LiveTable]: ...

        async def _follow_up(self, live: LiveTable) -> None: ...

        @staticmethod
        async def _guard(coro: Awaitable[Any]) -> Any: ...

        def _forget(self, live: LiveTable) -> None: ...

    async def may_open(self, creator_id: int, guild_id: int | None) -> None:
        """Refuse a table over the caps on open tables (before a front end makes a
        thread for it)."""
        if self.limits.per_user or self.limits.per_server:
            mine, server = await self._guard(self.store.open_counts(creator_id, guild_id))
            check_caps(self.limits, mine, server)

    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        creator_name: str = "",
        preset_name: str | None = None,
        decks: int | None = None,
        players: int | None = None,
        turn_seconds: int | None = None,
        options: TableOptions | None = None,
        parent_channel_id: int | None = None,
        sit: bool = True,
        locale: str | None = None,
        rules: RuleSet | None = None,
        deal: int | None = None,
        ranked: bool = False,
    ) -> TableStatus:
        """Open a table in a channel (the creator takes seat 0 unless ``sit`` is False).

        ``preset_name`` may name a built-in preset or one of the server's saved rule
        sets; without one (and without decks/players) the server's default is used.
        ``rules``: a whole rule set (the console's ``--rules FILE``), used as it is.
        ``deal``: a finished hand of this server (#id) whose cards the first hand
        deals again, under that hand's rules (``bot.service.deals``).
        ``ranked``: a ranked table, in a server only, with the server's ranked rule
        set (its ``/rules default``, else classic) and nothing else."""
        if ranked:
            self.check_ranked(guild_id, preset_name, decks, players, deal, rules)
        opts = options or self.defaults
        if deal is not None:
            rules = await self.deal_rules(guild_id, deal, preset_name, decks, players)
            opts = replace(opts, deal=deal)
        elif rules is None:
            rules = await self._rules_named(guild_id, preset_name, decks, players)
        if ranked:
            opts = replace(opts, ranked=True)
        if turn_seconds is not None:
            opts = replace(opts, turn_seconds=turn_seconds).validate()
        await self.may_open(creator_id, guild_id)
        limits = self.limits
        try:
            info = await self.store.create_table(
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator_id,
                rules=rules,
                options=opts.to_dict(),
                parent_channel_id=parent_channel_id,
                seats=[SeatInfo(0, creator_id, None, creator_name, locale)] if sit else (),
                deadline=lobby_deadline(limits, self.clock.now()),
            )
        except TableExists as exc:
            raise ServiceError("table_exists") from exc
        except StorageError as exc:
            raise ServiceError(exc.code) from exc
        live = LiveTable(info, None, opts)
        self._live[info.id] = live
        self._by_channel[channel_id] = info.id
        await self._emit([Public(info.id, channel_id, "table_created")])
        return TableStatus.of(live)

    @staticmethod
    def check_ranked(
        guild_id: int | None,
        preset_name: str | None = None,
        decks: int | None = None,
        players: int | None = None,
        deal: int | None = None,
        rules: RuleSet | None = None,
    ) -> None:
        """A ranked table plays the server's ranked rule set and nothing else:
        refuse rules of its own (front ends ask before making a thread for it)."""
        if guild_id is None:
            raise ServiceError("guild_only")
        own = (rules, decks, players, deal)
        if preset_name or any(x is not None for x in own):
            raise ServiceError("ranked_rules_fixed")

    async def deal_rules(
        self,
        guild_id: int | None,
        deal: int,
        preset_name: str | None = None,
        decks: int | None = None,
        players: int | None = None,
    ) -> RuleSet:
        """The rules of a table that plays finished hand #``deal`` again (refused if
        this server has no such hand, or the options disagree with its rules): front
        ends may ask before they open a thread for it."""
        asked = None
        if preset_name is not None:
            asked = await self._rules_named(guild_id, preset_name, None, None)
        return await deal_rules(self.replays, guild_id, deal, asked, players, decks)

    async def _rules_named(
        self, guild_id: int | None, name: str | None, decks: int | None, players: int | None
    ) -> RuleSet:
        """A built-in preset or a saved set by name; none given: the server's default."""
        if name is None and decks is None and players is None:
            name = await self.saved_rules.default(guild_id)
        saved = await self.saved_rules.resolve(guild_id, name)
        if saved is None:
            return rules_for(name, decks, players)
        if (decks is not None and decks != saved.decks) or (
            players is not None and players != saved.players
        ):
            raise ServiceError("saved_rules_fixed", name=name)
        return saved

    async def _change_seats(self, live: LiveTable, seats: list[SeatInfo]) -> None:
        # A lobby closes an hour (lobby_close_seconds) after its last change.
        close = lobby_deadline(self.limits, self.clock.now())
        live.table = await self._guard(
            self.store.update_table(live.table.id, live.table.version, seats=seats, deadline=close)
        )
        await self._emit([Public(live.table.id, live.table.channel_id, "seats_changed")])

    async def join(
        self,
        channel_id: int,
        user_id: int,
        name: str = "",
        seat: int | None = None,
        locale: str | None = None,
    ) -> int:
        """Take a seat (a given one, or the first free). Returns the seat number."""
        async with self._locked(channel_id) as live:
            t = live.table
            mine = t.seat_of(user_id)
            if t.status == "playing" and t.deadline_kind == IDLE and mine is None:
                return await self._join_paused(live, user_id, name, locale)
            if t.status != "lobby":
                raise ServiceError("already_started")
            if mine is not None:
                raise ServiceError("already_seated", seat=mine, players=len(t.seats))
            seat = free_seat(t, seat)
            await self._change_seats(live, [SeatInfo(seat, user_id, None, name, locale)])
            return seat

    async def _join_paused(
        self, live: LiveTable, user_id: int, name: str, locale: str | None
    ) -> int:
        """Someone sits down at a paused table: they take the first AI seat that
        no player holds, and the table plays on."""
        t = live.table
        free = [s.seat for s in t.seats if s.user_id is None]
        if not free:
            raise ServiceError("already_started")
        seat = SeatInfo(free[0], user_id, None, name, locale)
        await self._replace_seat(live, seat)  # its timer replaces the close
        return free[0]

    async def leave(self, channel_id: int, user_id: int) -> int:
        """Leave before the start; after it, an AI player takes over the seat."""
        async with self._locked(channel_id) as live:
            t = live.table
            seat = t.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            if t.status == "lobby":
                await self._change_seats(live, [SeatInfo(seat)])
            else:
                if live.options.ranked:  # leaving loses the match's remaining hands
                    await self._forfeit(live, seat)
                name = t.seats[seat].display_name
                ai = SeatInfo(seat, None, "basic", f"AI ({name})")
                seat_to_ai = Public(
                    t.id, t.channel_id, "seat_to_ai", params={"seat": seat, "name": name}
                )
                await self._replace_seat(live, ai, seat_to_ai, pause_if_alone=True)
            return seat

    async def _forfeit(self, live: LiveTable, seat: int) -> None:
        t, m = live.table, live.match
        if m is None or t.guild_id is None or m.phase == "finished":
            return
        forfeit = leaver_forfeit(t, m, seat, self.clock.now())
        change = await self._guard(self.rankings.forfeit(forfeit))
        await self._emit([forfeit_notice(t, seat, forfeit.hands, change)])

    async def _end_auto(self, live: LiveTable) -> None:
        """A hand was scored: every seat on auto goes back to its player for the next
        hand (托管 lasts one hand, on Discord as in the console), said to the table.
        Caller holds the table's lock."""
        for info in live.table.seats:
            if is_auto(info):
                mine = SeatInfo(info.seat, info.user_id, None, info.display_name, info.locale)
                t = live.table
                told = Public(t.id, t.channel_id, "auto_ended", params={"seat": info.seat})
                await self._replace_seat(live, mine, told)

    async def _replace_seat(
        self, live: LiveTable, seat: SeatInfo, *also: Notice, pause_if_alone: bool = False
    ) -> None:
        """A seat changes hands during play (an AI takes over, 托管 on or off): the
        seat and the timer it now needs in one write, so a crash cannot leave the
        seat without its timer; then the notices and the AI's move if it is due."""
        t = live.table
        after = LiveTable(
            replace(t, seats=tuple(seat if s.seat == seat.seat else s for s in t.seats)),
            live.match,
            live.options,
        )
        deadline = plan_deadline(after, None, self.clock.now())
        notices: list[Notice] = [Public(t.id, t.channel_id, "seats_changed"), *also]
        # A tournament table never pauses: its round must end (AI seats play on).
        if pause_if_alone and not acting_humans(after) and live.options.event is None:
            # The last person left: AI seats alone would play on for nobody.
            pause = pause_deadline(self.limits, self.clock.now())
            if pause is not None:
                deadline = pause
                notices.append(
                    Public(t.id, t.channel_id, "table_paused", params=self._pause_params())
                )
        elif t.deadline_kind == IDLE:
            live.timed_out.clear()
            notices.append(Public(t.id, t.channel_id, "table_resumed"))
        live.table = await self._guard(
            self.store.update_table(t.id, t.version, seats=[seat], deadline=deadline)
        )
        await self._emit(notices)
        await self._follow_up(live)  # delayed, not lost, if it fails

    async def add_ai(
        self, channel_id: int, user_id: int, seat: int | None = None, level: str = "basic"
    ) -> int:
        # A difficulty (beginner / normal / expert) or, as an alias, a level name;
        # the seat keeps the level it plays.
        name = level_of(level)
        if name is None:
            choices = ", ".join([*DIFFICULTIES, *LEVELS])
            raise ServiceError("unknown_ai_level", name=level, choices=choices)
        level = name
        async with self._locked(channel_id) as live:
            t = live.table
            if t.status != "lobby":
                raise ServiceError("already_started")
            require_member(t, user_id)
            if live.options.ranked:
                raise ServiceError("ranked_humans_only")
            seat = free_seat(t, seat)
            await self._change_seats(live, [SeatInfo(seat, None, level, f"AI ({level})")])
            return seat

    async def remove_ai(self, channel_id: int, user_id: int, seat: int) -> None:
        async with self._locked(channel_id) as live:
            t = live.table
            if t.status != "lobby":
                raise ServiceError("already_started")
            require_member(t, user_id)
            if not 0 <= seat < len(t.seats):
                raise ServiceError("bad_seat")
            if not t.seats[seat].is_ai:
                raise ServiceError("not_ai_seat", seat=seat, players=len(t.seats))
            await self._change_seats(live, [SeatInfo(seat)])

    async def start_game(self, channel_id: int, user_id: int) -> TableStatus:
        async with self._locked(channel_id) as live:
            t = live.table
            if t.status != "lobby":
                raise ServiceError("already_started")
            require_member(t, user_id)
            filled = sum(0 if s.empty else 1 for s in t.seats)
            if filled < len(t.seats):
                if len(t.seats) == 4:
                    raise ServiceError("need_four", filled=filled)
                raise ServiceError("need_players", filled=filled, seats=len(t.seats))
            if live.options.deal is not None:  # the very cards of a finished hand
                match = await first_match(self.replays, t.guild_id, live.options.deal)
                match.state.secret = f"{t.id}/{self._seed()}"  # later hands: new cards
            else:
                # The secret keeps each hand's record from foretelling the next hands.
                match = Match(t.rules, f"{t.id}-{self._seed()}", secret=f"{t.id}/{self._seed()}")
            return await self._begin(live, match)

    async def _begin(self, live: LiveTable, match: Match) -> TableStatus:
        """Start ``match`` at the full table (caller holds its lock): the match and
        its first timer in one write (see Store.start_match)."""
        t = live.table
        first = LiveTable(replace(t, status="playing"), match, live.options)
        deadline = plan_deadline(first, None, self.clock.now())
        live.table = await self._guard(
            self.store.start_match(t.id, t.version, match, deadline=deadline)
        )
        live.match = match
        await self._emit([Public(t.id, t.channel_id, "game_started")])
        await self._follow_up(live)
        return TableStatus.of(live)

    async def open_seated(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        rules: RuleSet,
        options: TableOptions,
        seats: list[SeatInfo],
        match: Match,
        parent_channel_id: int | None = None,
    ) -> TableStatus:
        """A table opened with every seat taken and started at once (a tournament's
        table): the table with its seats in one write, then ``match`` started. A lobby a crash left between the two is started, not opened again."""
        info = await self._guard(self.store.table_in_channel(channel_id))
        if info is None:
            try:
                info = await self.store.create_table(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    creator_id=creator_id,
                    rules=rules,
                    options=options.to_dict(),
                    parent_channel_id=parent_channel_id,
                    seats=seats,
                )
            except TableExists as exc:
                raise ServiceError("table_exists") from exc
            except StorageError as exc:
                raise ServiceError(exc.code) from exc
        live = self._live.get(info.id) or LiveTable(
            info, None, TableOptions.from_dict(info.options)
        )
        self._live[info.id] = live
        self._by_channel[channel_id] = info.id
        if info.status != "lobby":
            return TableStatus.of(live)  # started before a restart
        async with self.locks(info.id):
            return await self._begin(live, match)

    async def end_table(self, channel_id: int, user_id: int, moderator: bool = False) -> None:
        async with self._locked(channel_id) as live:
            t = live.table
            if user_id != t.creator_id and not moderator:
                raise ServiceError("not_creator")
            seat = t.seat_of(user_id)
            if live.options.ranked and seat is not None and t.status == "playing":
                await self._forfeit(live, seat)  # ending one's own match is leaving it
            live.table = await self._guard(self.store.end_match(live.table.id, live.table.version))
            self._forget(live)
            await self._emit([Public(t.id, t.channel_id, "table_ended")])

    async def set_language(self, channel_id: int, user_id: int, language: str) -> TableStatus:
        """The language everything public at the table is written in (a seated
        player or the creator may change it, at any time)."""
        async with self._locked(channel_id) as live:
            require_member(live.table, user_id)
            options = replace(live.options, language=language)
            live.table = await self._guard(
                self.store.update_table(
                    live.table.id, live.table.version, options=options.to_dict()
                )
            )
            live.options = options
            await self._emit([Public(live.table.id, live.table.channel_id, "options_changed")])
            return TableStatus.of(live)

    async def next_hand(self, channel_id: int, user_id: int) -> None:
        async with self._locked(channel_id) as live:
            require_member(live.table, user_id)
            live = await self.resume(live)  # a person acts: a paused table plays on
            if live.match is None or live.match.phase != "scored":
                raise ServiceError("hand_not_over")
            if live.options.event is not None:  # its hands (duplicate: boards) are the event's
                raise ServiceError("tournament_next_hand")
            # the one commit path (the service's, reached through its automation host)
            await self.automation.host.commit(live, NextHand(), user_id, None)
            await self._follow_up(live)

    # ---- idle tables (bot.service.idle) ---------------------------------------------------
    def _pause_params(self) -> dict[str, Any]:
        return {"minutes": max(1, round(self.limits.idle_close_seconds / 60))}

    async def resume(self, live: LiveTable) -> LiveTable:
        """A paused table plays on: its usual timer back, in one write. Caller
        holds the table's lock."""
        if not paused(live):
            return live
        t = live.table
        live.timed_out.clear()
        deadline = plan_deadline(live, None, self.clock.now())
        live.table = await self._guard(self.store.update_table(t.id, t.version, deadline=deadline))
        await self._emit([Public(t.id, t.channel_id, "table_resumed")])
        return live

    async def close_idle(self, live: LiveTable) -> None:
        """The grace period is over: end the table as /table end does (nothing
        stored is lost). Caller holds the table's lock."""
        t = live.table
        if t.deadline_kind != IDLE:
            return
        live.table = await self._guard(self.store.end_match(t.id, t.version))
        self._forget(live)
        lobby = t.status == "lobby"
        params = {"lobby": lobby, "language": live.options.language}
        await self._emit([Public(t.id, t.channel_id, "table_closed", params=params)])
