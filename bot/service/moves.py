"""A seated player's moves: bids, passes, the kitty, friend calls, plays and
take-backs, by channel and user (``service.moves.play(channel, user, "♠AA", key)``).

Each move is looked up, locked, deduplicated by its key and committed through the
one path (``Changes.commit``); what it makes due (the AI seats' answers) follows.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.service.changes import Changes
from bot.service.core import Core
from bot.service.errors import ServiceError, from_notation_error, from_rule_error, guarded
from bot.service.seating import seat_of
from bot.service.state import LiveTable
from rules.actions import Action, Bury, CallFriends, Declare, Pass, Play, TakeBack, WithdrawBid
from rules.cards import Card
from rules.errors import RuleError
from rules.events import Event
from rules.friends import FriendCall, parse_calls
from rules.notation import NotationError, parse_cards

ACT_ATTEMPTS = 4  # a move refused on an outdated copy is retried on a reloaded one


class Moves:
    def __init__(self, core: Core, changes: Changes) -> None:
        self.core = core
        self.changes = changes

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

    async def call_friends(
        self,
        channel_id: int,
        user_id: int,
        calls: str | tuple[FriendCall, ...],
        key: str | None = None,
    ) -> list[Event]:
        """找朋友: the dealer's friend calls (``#1 ♥A, #2 ♠K``)."""
        if isinstance(calls, str):
            try:
                parsed = tuple(parse_calls(calls))
            except RuleError as exc:
                raise from_rule_error(exc) from exc
        else:
            parsed = tuple(calls)
        return await self._act(channel_id, user_id, lambda seat: CallFriends(seat, parsed), key)

    async def play(
        self, channel_id: int, user_id: int, cards: str | tuple[Card, ...], key: str | None = None
    ) -> list[Event]:
        played = self._cards(cards)
        return await self._act(channel_id, user_id, lambda seat: Play(seat, played), key)

    async def withdraw_bid(
        self, channel_id: int, user_id: int, key: str | None = None
    ) -> list[Event]:
        """House rule ``bid_takeback``: withdraw one's winning bid while bids are open."""
        return await self._act(channel_id, user_id, WithdrawBid, key)

    async def take_back(self, channel_id: int, user_id: int, key: str | None = None) -> list[Event]:
        """悔牌 (house rule ``play_takeback``): take back one's play, if still the last."""
        return await self._act(channel_id, user_id, TakeBack, key)

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
        core, changes = self.core, self.changes
        live = await core.table_for(channel_id)
        table_id = live.table.id
        async with core.locks(table_id):
            for attempt in range(ACT_ATTEMPTS):
                live = core.live_table(table_id) or live
                try:
                    seat = seat_of(live, user_id)
                    live = await changes.resume(live)  # a person acts: the table plays on
                    events = await changes.commit(live, make(seat), user_id, key)
                except ServiceError as exc:
                    # Optimistic: the common case costs one write. A refusal is
                    # only given on a current copy: if another process changed
                    # the table, reload and try once more on what it did.
                    if attempt + 1 == ACT_ATTEMPTS or not await self._was_stale(live, key, exc):
                        raise
                    continue
                await changes.follow_up(live)
                return events
        raise AssertionError("unreachable")

    async def _was_stale(self, live: LiveTable, key: str | None, exc: ServiceError) -> bool:
        """After a refusal: was it given on an outdated copy (now reloaded)?"""
        if exc.code in ("duplicate", "no_table") or exc.code.startswith("storage_"):
            return False
        store = self.core.store
        table_id = live.table.id
        if key is not None and (await guarded(store.find_action(table_id, key))) is not None:
            raise ServiceError("duplicate") from exc  # a retried delivery of a stored move
        if exc.code == "busy":
            return True  # the write lost a race; commit() has reloaded the table
        stored = await guarded(store.table_version(table_id))
        held = self.core.live_table(table_id)
        if stored is None or (held is not None and held.table.version == stored):
            return False
        await guarded(self.core.reload(table_id))
        return True
