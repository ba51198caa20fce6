"""The lobby and the table's life: open, seats (players and AI), start, end, next
hand (``service.lifecycle``). Every change here is one versioned write of the
table, made on a current copy (``Core.locked``) under the table's lock; a seat
that changes hands during play, and the next hand, go through ``Changes``."""

from __future__ import annotations

from dataclasses import replace

from bot.service.changes import Changes
from bot.service.core import Core
from bot.service.deals import deal_rules, first_match
from bot.service.errors import ServiceError, guarded
from bot.service.idle import IDLE, check_caps, lobby_deadline
from bot.service.notices import Public
from bot.service.options import TableOptions
from bot.service.ranked import forfeit_notice, leaver_forfeit
from bot.service.replays import ReplayService
from bot.service.saved_rules import SavedRules
from bot.service.schedule import plan_deadline
from bot.service.seating import free_seat, require_member, rules_for
from bot.service.state import LiveTable, TableStatus
from rules.actions import NextHand
from rules.ai import DIFFICULTIES, LEVELS, level_of
from rules.game import Match
from rules.ruleset import RuleSet
from storage import SeatInfo, StorageError, TableExists
from storage.rankings import Rankings


class Lifecycle:
    def __init__(
        self,
        core: Core,
        changes: Changes,
        saved_rules: SavedRules,
        replays: ReplayService,
        rankings: Rankings,
    ) -> None:
        self.core = core
        self.changes = changes
        self.saved_rules = saved_rules
        self.replays = replays
        self.rankings = rankings

    async def may_open(self, creator_id: int, guild_id: int | None) -> None:
        """Refuse a table over the caps on open tables (before a front end makes a
        thread for it)."""
        if self.core.limits.per_user or self.core.limits.per_server:
            mine, server = await guarded(self.core.store.open_counts(creator_id, guild_id))
            check_caps(self.core.limits, mine, server)

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
        opts = options or self.core.defaults
        if deal is not None:
            rules = await self.deal_rules(guild_id, deal, preset_name, decks, players)
            opts = replace(opts, deal=deal)
        elif rules is None:
            rules = await self.rules_named(guild_id, preset_name, decks, players)
        if ranked:
            opts = replace(opts, ranked=True)
        if turn_seconds is not None:
            opts = replace(opts, turn_seconds=turn_seconds).validate()
        await self.may_open(creator_id, guild_id)
        limits = self.core.limits
        try:
            info = await self.core.store.create_table(
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator_id,
                rules=rules,
                options=opts.to_dict(),
                parent_channel_id=parent_channel_id,
                seats=[SeatInfo(0, creator_id, None, creator_name, locale)] if sit else (),
                deadline=lobby_deadline(limits, self.core.clock.now()),
            )
        except TableExists as exc:
            raise ServiceError("table_exists") from exc
        except StorageError as exc:
            raise ServiceError(exc.code) from exc
        live = LiveTable(info, None, opts)
        self.core.hold(live)
        await self.core.emit([Public(info.id, channel_id, "table_created")])
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
            asked = await self.rules_named(guild_id, preset_name, None, None)
        return await deal_rules(self.replays, guild_id, deal, asked, players, decks)

    async def rules_named(
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
        close = lobby_deadline(self.core.limits, self.core.clock.now())
        live.table = await guarded(
            self.core.store.update_table(
                live.table.id, live.table.version, seats=seats, deadline=close
            )
        )
        await self.core.emit([Public(live.table.id, live.table.channel_id, "seats_changed")])

    async def join(
        self,
        channel_id: int,
        user_id: int,
        name: str = "",
        seat: int | None = None,
        locale: str | None = None,
    ) -> int:
        """Take a seat (a given one, or the first free). Returns the seat number."""
        async with self.core.locked(channel_id) as live:
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
        await self.changes.replace_seat(live, seat)  # its timer replaces the close
        return free[0]

    async def leave(self, channel_id: int, user_id: int) -> int:
        """Leave before the start; after it, an AI player takes over the seat."""
        async with self.core.locked(channel_id) as live:
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
                await self.changes.replace_seat(live, ai, seat_to_ai, pause_if_alone=True)
            return seat

    async def _forfeit(self, live: LiveTable, seat: int) -> None:
        t, m = live.table, live.match
        if m is None or t.guild_id is None or m.phase == "finished":
            return
        forfeit = leaver_forfeit(t, m, seat, self.core.clock.now())
        change = await guarded(self.rankings.forfeit(forfeit))
        await self.core.emit([forfeit_notice(t, seat, forfeit.hands, change)])

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
        async with self.core.locked(channel_id) as live:
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
        async with self.core.locked(channel_id) as live:
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
        async with self.core.locked(channel_id) as live:
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
                match.state.secret = f"{t.id}/{self.core.seed()}"  # later hands: new cards
            else:
                # The secret keeps each hand's record from foretelling the next hands.
                match = Match(
                    t.rules, f"{t.id}-{self.core.seed()}", secret=f"{t.id}/{self.core.seed()}"
                )
            return await self.begin(live, match)

    async def begin(self, live: LiveTable, match: Match) -> TableStatus:
        """Start ``match`` at the full table (caller holds its lock): the match and
        its first timer in one write (see Store.start_match)."""
        t = live.table
        first = LiveTable(replace(t, status="playing"), match, live.options)
        deadline = plan_deadline(first, None, self.core.clock.now())
        live.table = await guarded(
            self.core.store.start_match(t.id, t.version, match, deadline=deadline)
        )
        live.match = match
        await self.core.emit([Public(t.id, t.channel_id, "game_started")])
        await self.changes.follow_up(live)
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
        info = await guarded(self.core.store.table_in_channel(channel_id))
        if info is None:
            try:
                info = await self.core.store.create_table(
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
        live = self.core.live_table(info.id) or LiveTable(
            info, None, TableOptions.from_dict(info.options)
        )
        self.core.hold(live)
        if info.status != "lobby":
            return TableStatus.of(live)  # started before a restart
        async with self.core.locks(info.id):
            return await self.begin(live, match)

    async def end_table(self, channel_id: int, user_id: int, moderator: bool = False) -> None:
        async with self.core.locked(channel_id) as live:
            t = live.table
            if user_id != t.creator_id and not moderator:
                raise ServiceError("not_creator")
            seat = t.seat_of(user_id)
            if live.options.ranked and seat is not None and t.status == "playing":
                await self._forfeit(live, seat)  # ending one's own match is leaving it
            live.table = await guarded(self.core.store.end_match(live.table.id, live.table.version))
            self.core.forget(live)
            await self.core.emit([Public(t.id, t.channel_id, "table_ended")])

    async def set_language(self, channel_id: int, user_id: int, language: str) -> TableStatus:
        """The language everything public at the table is written in (a seated
        player or the creator may change it, at any time)."""
        async with self.core.locked(channel_id) as live:
            require_member(live.table, user_id)
            options = replace(live.options, language=language)
            live.table = await guarded(
                self.core.store.update_table(
                    live.table.id, live.table.version, options=options.to_dict()
                )
            )
            live.options = options
            await self.core.emit([Public(live.table.id, live.table.channel_id, "options_changed")])
            return TableStatus.of(live)

    async def next_hand(self, channel_id: int, user_id: int) -> None:
        async with self.core.locked(channel_id) as live:
            require_member(live.table, user_id)
            live = await self.changes.resume(live)  # a person acts: a paused table plays on
            if live.match is None or live.match.phase != "scored":
                raise ServiceError("hand_not_over")
            if live.options.event is not None:  # its hands (duplicate: boards) are the event's
                raise ServiceError("tournament_next_hand")
            await self.changes.commit(live, NextHand(), user_id, None)
            await self.changes.follow_up(live)
