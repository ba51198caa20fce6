"""The table service: every table's lifecycle, actions, timers, AI seats and
notifications, with no Discord in sight. The Discord cogs and the console table
are thin front ends over this one class.

Every change follows one path (``_commit``): take the table's lock, apply the
action to the rules state, commit it (with the next timer) to storage, then
announce it. A refused action changes nothing; an action that could not be
stored is rolled back by reloading the table from storage.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import math
import random
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from bot.service.clock import Clock, SystemClock
from bot.service.errors import ServiceError, from_notation_error, from_rule_error
from bot.service.notices import Notice, Private, Public
from bot.service.options import TableOptions
from rules.actions import Action, Bury, DealCards, Declare, NextHand, Pass, Play
from rules.ai import LEVELS, make_player
from rules.cards import Card
from rules.errors import RuleError
from rules.events import CardsDealt, Event, KittyBuried, KittyTaken, Played, TrumpFixed
from rules.game import Match
from rules.notation import NotationError, parse_cards
from rules.presets import PRESET_NAMES, preset
from rules.ruleset import RuleSet, RuleSetError
from rules.views import View
from storage import (
    Database,
    DuplicateAction,
    SeatInfo,
    Settings,
    StaleVersion,
    Stats,
    StorageError,
    Store,
    TableExists,
    TableInfo,
    TableLocks,
)
from storage.stats import HandProgress, PlayerStats

log = logging.getLogger(__name__)

Listener = Callable[[Notice], Awaitable[None] | None]
THREADED_LEVELS = frozenset({"strong"})  # AI levels that search for a while per move
DECKS_PRESET = {1: "one-deck", 2: "classic", 3: "three-decks", 4: "four-decks"}


@dataclass(slots=True)
class _Live:
    """A table as this process holds it: storage row + rules state + options."""

    table: TableInfo
    match: Match | None
    options: TableOptions


@dataclass(frozen=True, slots=True)
class TableStatus:
    table: TableInfo
    options: TableOptions
    view: View | None  # the public view; None before the first hand
    deadline_kind: str | None
    deadline_at: datetime | None

    @property
    def phase(self) -> str:
        if self.table.status in ("finished", "ended"):
            return self.table.status
        return "lobby" if self.view is None else self.view.phase


class TableService:
    def __init__(
        self,
        db: Database,
        *,
        clock: Clock | None = None,
        defaults: TableOptions | None = None,
        seed_source: Callable[[], str] | None = None,
    ) -> None:
        self.db = db
        self.store = Store(db)
        self.stats = Stats(db)
        self.settings = Settings(db)
        self.clock: Clock = clock or SystemClock()
        self.defaults = defaults or TableOptions()
        self.locks = TableLocks()
        self._seed = seed_source or (lambda: secrets.token_hex(8))
        self._live: dict[int, _Live] = {}
        self._by_channel: dict[int, int] = {}
        self._listeners: list[Listener] = []

    # ---- plumbing -----------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        """Receive every notice. Listeners run in order, under the table's lock, so
        they must not block: queue slow work (a Discord edit) and return."""
        self._listeners.append(listener)

    async def _emit(self, notices: list[Notice]) -> None:
        for n in notices:
            for listener in self._listeners:
                result = listener(n)
                if inspect.isawaitable(result):
                    await result

    async def start(self) -> int:
        """Load every unfinished table from storage (timers come back with them)."""
        count = 0
        for info in await self.store.active_tables():
            await self._load(info)
            count += 1
        return count

    async def _load(self, info: TableInfo) -> _Live:
        match = await self.store.load_match(info.id) if info.current_match_id else None
        live = _Live(info, match, TableOptions.from_dict(info.options))
        self._live[info.id] = live
        self._by_channel[info.channel_id] = info.id
        return live

    async def _table_for(self, channel_id: int) -> _Live:
        table_id = self._by_channel.get(channel_id)
        if table_id is not None and table_id in self._live:
            return self._live[table_id]
        info = await self._guard(self.store.table_in_channel(channel_id))
        if info is None:
            raise ServiceError("no_table")
        return await self._load(info)

    async def _reload(self, table_id: int) -> _Live:
        info = await self.store.get_table(table_id)
        return await self._load(info)

    @staticmethod
    async def _guard(coro: Awaitable[Any]) -> Any:
        try:
            return await coro
        except StorageError as exc:
            raise ServiceError(exc.code) from exc

    def table_ids(self) -> list[int]:
        return sorted(self._live)

    # ---- lifecycle ----------------------------------------------------------------------
    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        creator_name: str = "",
        preset_name: str | None = None,
        decks: int | None = None,
        turn_seconds: int | None = None,
        options: TableOptions | None = None,
        parent_channel_id: int | None = None,
        sit: bool = True,
        locale: str | None = None,
    ) -> TableStatus:
        """Open a table in a channel (the creator takes seat 0 unless ``sit`` is False)."""
        rules = self._rules_for(preset_name, decks)
        opts = options or self.defaults
        if turn_seconds is not None:
            opts = replace(opts, turn_seconds=turn_seconds).validate()
        try:
            info = await self.store.create_table(
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator_id,
                rules=rules,
                options=opts.to_dict(),
                parent_channel_id=parent_channel_id,
            )
        except TableExists as exc:
            raise ServiceError("table_exists") from exc
        except StorageError as exc:
            raise ServiceError(exc.code) from exc
        if sit:
            info = await self._guard(
                self.store.update_table(
                    info.id,
                    info.version,
                    seats=[SeatInfo(0, creator_id, None, creator_name, locale)],
                )
            )
        live = _Live(info, None, opts)
        self._live[info.id] = live
        self._by_channel[channel_id] = info.id
        await self._emit([Public(info.id, channel_id, "table_created")])
        return self._status(live)

    @staticmethod
    def _rules_for(preset_name: str | None, decks: int | None) -> RuleSet:
        name = preset_name or (DECKS_PRESET.get(decks or 2, "classic"))
        if name not in PRESET_NAMES:
            raise ServiceError("unknown_preset", name=name, choices=", ".join(PRESET_NAMES))
        rules = preset(name)
        if decks is not None and decks != rules.decks:
            if preset_name in (None, "classic") and decks in DECKS_PRESET:
                return preset(DECKS_PRESET[decks])
            try:
                kitty = {1: 6, 2: 8, 3: 6, 4: 0}[decks]
                rules = rules.with_overrides(decks=decks, kitty_size=kitty)
            except (RuleSetError, KeyError) as exc:
                raise ServiceError("bad_option", detail=str(exc)) from exc
        return rules

    async def _change_seats(self, live: _Live, seats: list[SeatInfo]) -> None:
        live.table = await self._guard(
            self.store.update_table(live.table.id, live.table.version, seats=seats)
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
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            t = live.table
            if t.status != "lobby":
                raise ServiceError("already_started")
            mine = t.seat_of(user_id)
            if mine is not None:
                raise ServiceError("already_seated", seat=mine)
            seat = self._free_seat(t, seat)
            await self._change_seats(live, [SeatInfo(seat, user_id, None, name, locale)])
            return seat

    async def leave(self, channel_id: int, user_id: int) -> int:
        """Leave before the start; after it, an AI player takes over the seat."""
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            t = live.table
            seat = t.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            if t.status == "lobby":
                await self._change_seats(live, [SeatInfo(seat)])
            else:
                name = t.seats[seat].display_name
                await self._change_seats(live, [SeatInfo(seat, None, "basic", f"AI ({name})")])
                await self._emit(
                    [Public(t.id, t.channel_id, "seat_to_ai", params={"seat": seat, "name": name})]
                )
                await self._reschedule(live)
            return seat

    async def add_ai(
        self, channel_id: int, user_id: int, seat: int | None = None, level: str = "basic"
    ) -> int:
        if level not in LEVELS:
            raise ServiceError("unknown_ai_level", name=level, choices=", ".join(LEVELS))
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            t = live.table
            if t.status != "lobby":
                raise ServiceError("already_started")
            self._require_member(t, user_id)
            seat = self._free_seat(t, seat)
            await self._change_seats(live, [SeatInfo(seat, None, level, f"AI ({level})")])
            return seat

    async def remove_ai(self, channel_id: int, user_id: int, seat: int) -> None:
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            t = live.table
            if t.status != "lobby":
                raise ServiceError("already_started")
            self._require_member(t, user_id)
            if not 0 <= seat < 4:
                raise ServiceError("bad_seat")
            if not t.seats[seat].is_ai:
                raise ServiceError("not_ai_seat", seat=seat)
            await self._change_seats(live, [SeatInfo(seat)])

    @staticmethod
    def _free_seat(t: TableInfo, seat: int | None) -> int:
        """The wanted seat if it is free, or the first free seat."""
        if seat is None:
            free = [s.seat for s in t.seats if s.empty]
            if not free:
                raise ServiceError("table_full")
            return free[0]
        if not 0 <= seat < 4:
            raise ServiceError("bad_seat")
        if not t.seats[seat].empty:
            raise ServiceError("seat_taken", seat=seat)
        return seat

    @staticmethod
    def _require_member(t: TableInfo, user_id: int) -> None:
        if t.seat_of(user_id) is None and user_id != t.creator_id:
            raise ServiceError("not_seated")

    async def start_game(self, channel_id: int, user_id: int) -> TableStatus:
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            t = live.table
            if t.status != "lobby":
                raise ServiceError("already_started")
            self._require_member(t, user_id)
            filled = sum(0 if s.empty else 1 for s in t.seats)
            if filled < 4:
                raise ServiceError("need_four", filled=filled)
            match = Match(t.rules, f"{t.id}-{self._seed()}")
            live.table = await self._guard(self.store.start_match(t.id, t.version, match))
            live.match = match
            await self._emit([Public(t.id, t.channel_id, "game_started")])
            await self._reschedule(live)
            return self._status(live)

    async def end_table(self, channel_id: int, user_id: int, moderator: bool = False) -> None:
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            t = live.table
            if user_id != t.creator_id and not moderator:
                raise ServiceError("not_creator")
            live.table = await self._guard(self.store.end_match(t.id, t.version))
            self._forget(live)
            await self._emit([Public(t.id, t.channel_id, "table_ended")])

    def _forget(self, live: _Live) -> None:
        self._live.pop(live.table.id, None)
        if self._by_channel.get(live.table.channel_id) == live.table.id:
            del self._by_channel[live.table.channel_id]

    async def next_hand(self, channel_id: int, user_id: int) -> None:
        live = await self._table_for(channel_id)
        self._require_member(live.table, user_id)
        async with self.locks(live.table.id):
            if live.match is None or live.match.phase != "scored":
                raise ServiceError("hand_not_over")
            await self._commit(live, NextHand(), user_id, None)
            await self._automate(live)

    # ---- player actions -------------------------------------------------------------------
    def _seat_of(self, live: _Live, user_id: int) -> int:
        seat = live.table.seat_of(user_id)
        if seat is None:
            raise ServiceError("not_seated")
        if live.match is None:
            raise ServiceError("not_started")
        return seat

    @staticmethod
    def _cards(text: str | tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
        if not isinstance(text, str):
            return tuple(text)
        try:
            return tuple(parse_cards(text))
        except NotationError as exc:
            raise from_notation_error(exc) from exc

    async def declare(
        self, channel_id: int, user_id: int, cards: str | tuple[Card, ...], key: str | None = None
    ) -> list[Event]:
        shown = self._cards(cards)
        return await self._act(channel_id, user_id, lambda seat: Declare(seat, shown), key)

    async def pass_(self, channel_id: int, user_id: int, key: str | None = None) -> list[Event]:
        return await self._act(channel_id, user_id, Pass, key)

    async def bury(
        self, channel_id: int, user_id: int, cards: str | tuple[Card, ...], key: str | None = None
    ) -> list[Event]:
        buried = self._cards(cards)
        return await self._act(channel_id, user_id, lambda seat: Bury(seat, buried), key)

    async def play(
        self, channel_id: int, user_id: int, cards: str | tuple[Card, ...], key: str | None = None
    ) -> list[Event]:
        played = self._cards(cards)
        return await self._act(channel_id, user_id, lambda seat: Play(seat, played), key)

    async def _act(
        self,
        channel_id: int,
        user_id: int,
        make: Callable[[int], Action],
        key: str | None,
    ) -> list[Event]:
        """A player's action: locked, deduplicated, applied, stored, announced.

        The player's seat is looked up under the table's lock, so an action that
        races the player leaving (their seat handed to an AI) is refused.
        """
        live = await self._table_for(channel_id)
        async with self.locks(live.table.id):
            live = self._live.get(live.table.id) or live
            seat = self._seat_of(live, user_id)
            if key is not None and await self._guard(self.store.find_action(live.table.id, key)):
                raise ServiceError("duplicate")
            events = await self._commit(live, make(seat), user_id, key)
            await self._automate(live)
            return events

    async def _commit(
        self,
        live: _Live,
        action: Action,
        actor_id: int | None,
        key: str | None,
        *,
        auto: bool = False,
    ) -> list[Event]:
        """Apply + store + announce one action. Caller holds the table's lock."""
        match = live.match
        if match is None:
            raise ServiceError("not_started")
        if live.table.status != "playing":
            raise ServiceError("not_started" if live.table.status == "lobby" else "match_over")
        try:
            events = match.apply(action)
        except RuleError as exc:
            raise self._rule_error(live, exc) from exc
        deadline = self._plan(live, action)
        try:
            receipt = await self.store.record_action(
                live.table, action, match, actor_id=actor_id, idempotency_key=key, deadline=deadline
            )
        except (StorageError, Exception) as exc:
            # Nothing was stored: roll the rules state back to what storage holds.
            try:
                await self._reload(live.table.id)
            except StorageError:
                self._forget(live)
            if isinstance(exc, DuplicateAction):
                raise ServiceError("duplicate") from exc
            if isinstance(exc, StaleVersion):
                raise ServiceError("busy") from exc
            if isinstance(exc, StorageError):
                raise ServiceError(exc.code) from exc
            raise
        live.table = replace(
            live.table,
            version=receipt.version,
            seq=receipt.seq,
            deadline_kind=None if deadline is None else deadline[0],
            deadline_at=None if deadline is None else deadline[1],
            status="finished" if match.phase == "finished" else live.table.status,
        )
        await self._emit(self._notices(live, action, events, auto=auto))
        if match.phase == "finished":
            self._forget(live)
        return events

    def _rule_error(self, live: _Live, exc: RuleError) -> ServiceError:
        err = from_rule_error(exc)
        if exc.code == "not_your_turn" and isinstance(exc.params.get("turn"), int):
            err.params["turn_player"] = live.table.seats[exc.params["turn"]].display_name or None
        if exc.code == "must_match_shape" and "shapes" in exc.params:
            err.params["shapes"] = exc.params["shapes"]
        return err

    # ---- timers and AI ------------------------------------------------------------------------
    def _plan(self, live: _Live, last: Action | None) -> tuple[str, datetime] | None:
        """The one timer the table needs next (persisted with the action)."""
        m = live.match
        if m is None:
            return None
        o = live.options
        now = self.clock.now()

        def at(seconds: float) -> datetime:
            return now + timedelta(seconds=seconds)

        seats = live.table.seats
        if m.phase == "dealing":
            return ("deal", at(o.deal_seconds / o.deal_steps))
        if m.phase == "declaring":
            if any(seats[s].is_ai and s not in m.hand.passes for s in range(4)):
                return ("ai", at(0))  # AI seats answer the window at once
            old = live.table.deadline_kind, live.table.deadline_at
            if isinstance(last, Pass) and old[0] == "declare" and old[1] is not None:
                return ("declare", old[1])  # a pass does not extend the window
            return ("declare", at(o.declare_seconds)) if o.declare_seconds else None
        if m.phase == "burying":
            dealer = m.dealer
            assert dealer is not None
            if seats[dealer].is_ai:
                return ("ai", at(o.ai_delay))
            return ("bury", at(o.bury_seconds)) if o.bury_seconds else None
        if m.phase == "playing":
            turn = m.turn
            assert turn is not None
            if seats[turn].is_ai:
                return ("ai", at(o.ai_delay))
            return ("turn", at(o.turn_seconds)) if o.turn_seconds else None
        if m.phase == "scored":
            return ("next", at(o.next_hand_seconds)) if o.next_hand_seconds else None
        return None

    async def _reschedule(self, live: _Live) -> None:
        """Arm the next timer without an action (after start, seat changes)."""
        deadline = self._plan(live, None)
        live.table = await self._guard(
            self.store.update_table(live.table.id, live.table.version, deadline=deadline)
        )
        await self._automate(live)

    async def _automate(self, live: _Live) -> None:
        """Run every timer that is already due (AI with no delay, the deal at pace 0)."""
        for _ in range(10_000):
            if live.table.id not in self._live or not self._due(live):
                return
            await self._fire(live)
            await asyncio.sleep(0)

    def _due(self, live: _Live) -> bool:
        t = live.table
        return t.deadline_at is not None and t.deadline_at <= self.clock.now()

    async def tick(self) -> int:
        """Fire every due timer of every table. Returns how many fired."""
        fired = 0
        for table_id in list(self._live):
            live = self._live.get(table_id)
            if live is None or not self._due(live):
                continue
            async with self.locks(table_id):
                live = self._live.get(table_id)
                if live is None or not self._due(live):  # a player acted first
                    continue
                try:
                    await self._fire(live)
                    fired += 1
                    await self._automate(live)
                except ServiceError as exc:
                    log.warning("table %s: timer failed: %s", table_id, exc.code)
        return fired

    def next_deadline(self) -> datetime | None:
        times = [lv.table.deadline_at for lv in self._live.values() if lv.table.deadline_at]
        return min(times) if times else None

    async def _fire(self, live: _Live) -> None:
        """Perform what the table's due timer stands for."""
        m = live.match
        kind = live.table.deadline_kind
        if m is None or kind is None:
            return
        if kind == "deal":
            step = max(1, math.ceil(m.deal_total / live.options.deal_steps))
            if live.options.deal_seconds == 0:
                step = m.deal_total
            await self._commit(live, DealCards(step), None, None)
            await self._ai_declarations(live)
            return
        if kind == "next":
            await self._commit(live, NextHand(), None, None)
            return
        if kind == "declare":
            for s in range(4):
                if live.match is not None and m.phase == "declaring" and s not in m.hand.passes:
                    await self._commit(
                        live, Pass(s), None, None, auto=not live.table.seats[s].is_ai
                    )
            return
        # "ai": an AI seat acts; "bury", "turn": an absent human is played for.
        for seat in self._actors(m):
            if (kind == "ai") != live.table.seats[seat].is_ai:
                continue
            action = await self._ai_action(live, seat)
            if action is not None:
                human = not live.table.seats[seat].is_ai
                await self._commit(live, action, None, None, auto=human)
                return

    @staticmethod
    def _actors(m: Match) -> list[int]:
        if m.phase == "declaring":
            return [s for s in range(4) if s not in m.hand.passes]
        if m.phase == "burying" and m.dealer is not None:
            return [m.dealer]
        if m.phase == "playing" and m.turn is not None:
            return [m.turn]
        return []

    async def _ai_action(self, live: _Live, seat: int) -> Action | None:
        """What the seat's AI (or, for an absent human, the basic AI) does now."""
        m = live.match
        assert m is not None
        info = live.table.seats[seat]
        if m.phase == "declaring" and not info.is_ai:
            return Pass(seat)  # an absent human just passes
        player = make_player(info.ai_level or "basic")
        view, rng = m.view_for(seat), self._rng_for(m, seat)
        if player.level in THREADED_LEVELS:
            # A search player thinks for up to its budget: off the event loop, so the
            # bot keeps answering everyone else (the view is an immutable snapshot).
            action = await asyncio.to_thread(player.choose, view, rng)
        else:
            action = player.choose(view, rng)
        if action is None:
            action = m.suggest(seat)
        return action

    @staticmethod
    def _rng_for(m: Match, seat: int) -> random.Random:
        """An AI's randomness, derived from the game state alone, so a restarted bot
        makes exactly the moves it would have made."""
        return random.Random(f"{m.seed}/{m.hand_no}/{m.hand.redeals}/{len(m.hand_log)}/{seat}")

    async def _ai_declarations(self, live: _Live) -> None:
        """After a deal step, AI seats may declare with what they hold now."""
        m = live.match
        if m is None:
            return
        for seat in range(4):
            if not live.table.seats[seat].is_ai or m.phase not in ("dealing", "declaring"):
                continue
            action = make_player(live.table.seats[seat].ai_level or "basic").choose(
                m.view_for(seat), self._rng_for(m, seat)
            )
            if isinstance(action, Declare):
                try:
                    await self._commit(live, action, None, None)
                except ServiceError:
                    continue

    # ---- notices ------------------------------------------------------------------------------
    def _notices(
        self, live: _Live, action: Action, events: list[Event], auto: bool
    ) -> list[Notice]:
        t = live.table
        m = live.match
        out: list[Notice] = []
        changed: set[int] = set()
        for ev in events:
            seat = ev.audience
            if seat is None:
                out.append(Public(t.id, t.channel_id, "event", ev))
            else:
                out.append(Private(t.id, t.channel_id, seat, t.seats[seat].user_id, "event", ev))
            if isinstance(ev, CardsDealt | KittyTaken | KittyBuried):
                changed.add(ev.audience or 0)
            if isinstance(ev, Played):
                changed.add(ev.seat)
            if isinstance(ev, TrumpFixed):
                changed.update(range(4))  # trump decides how hands are sorted
        if auto:
            seat = getattr(action, "seat", None)
            out.append(
                Public(t.id, t.channel_id, "auto_acted", params={"seat": seat, "kind": action.kind})
            )
        for seat in sorted(changed):
            if t.seats[seat].user_id is not None:
                out.append(Private(t.id, t.channel_id, seat, t.seats[seat].user_id, "hand_changed"))
        if m is not None:
            actor = m.turn if m.phase == "playing" else m.dealer if m.phase == "burying" else None
            if actor is not None and t.seats[actor].user_id is not None:
                kind = "your_turn" if m.phase == "playing" else "bury_now"
                out.append(Private(t.id, t.channel_id, actor, t.seats[actor].user_id, kind))
        return out

    # ---- queries --------------------------------------------------------------------------------
    def _status(self, live: _Live) -> TableStatus:
        view = live.match.view_for(None) if live.match is not None else None
        return TableStatus(
            live.table, live.options, view, live.table.deadline_kind, live.table.deadline_at
        )

    async def status(self, channel_id: int) -> TableStatus:
        return self._status(await self._table_for(channel_id))

    async def status_for_table(self, table_id: int) -> TableStatus | None:
        """By table id (a DM button knows only that): cached, else loaded."""
        live = self._live.get(table_id)
        if live is None:
            try:
                info = await self.store.get_table(table_id)
            except StorageError:
                return None
            if info.status not in ("lobby", "playing"):
                return None
            live = await self._load(info)
        return self._status(live)

    def cached_status_by_channel(self, channel_id: int) -> TableStatus | None:
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self.cached_status(table_id)

    def cached_status(self, table_id: int) -> TableStatus | None:
        """The status of a table this process holds (None once it is over)."""
        live = self._live.get(table_id)
        return None if live is None else self._status(live)

    async def view(self, channel_id: int, user_id: int) -> View:
        """The seat's own view (hand, kitty if dealer): for /hand and DMs."""
        live = await self._table_for(channel_id)
        seat = self._seat_of(live, user_id)
        assert live.match is not None
        return live.match.view_for(seat)

    def seat_view(self, table_id: int, seat: int) -> View | None:
        live = self._live.get(table_id)
        if live is None or live.match is None:
            return None
        return live.match.view_for(seat)

    def match_of(self, table_id: int) -> Match | None:
        """The live rules state (server-side only: it holds every hand)."""
        live = self._live.get(table_id)
        return None if live is None else live.match

    async def progress(self, channel_id: int) -> list[HandProgress]:
        live = await self._table_for(channel_id)
        if live.table.current_match_id is None:
            return []
        result: list[HandProgress] = await self._guard(
            self.stats.level_progress(live.table.current_match_id)
        )
        return result

    async def player_stats(self, user_id: int, guild_id: int | None) -> PlayerStats:
        result: PlayerStats = await self._guard(self.stats.player(user_id, guild_id))
        return result

    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        result: list[PlayerStats] = await self._guard(self.stats.leaderboard(guild_id, limit))
        return result
