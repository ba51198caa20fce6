"""The live table's connected clients, and keeping each of them current.

Every notice the service emits for a table marks it changed (changes another
process stored too, heard through the service's ``watch``: PostgreSQL's
LISTEN/NOTIFY, so a client may be sent to any process); one flush per table
then builds each client's frame from the service's state *now* (so a burst of
changes costs one frame each) and hands it to that client's writer, which sends
only the newest frame it holds: a slow socket never delays the others and never
receives a backlog. Notices arrive under the table's lock, so marking is all the
listener does.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from aiohttp import web

from bot.service import Notice, TableService, TableStatus
from bot.service.live_access import Viewer
from bot.service.seating import is_auto
from bot.web.live.frames import Choices, frame
from rules.actions import Bury, Play
from rules.cards import Card
from rules.game import Match
from rules.views import View

log = logging.getLogger(__name__)

SEND_TIMEOUT = 10.0  # a socket that takes longer for one frame is closed (it may reconnect)


class Client:
    """One socket: its viewer, its language, and the newest frame it is owed."""

    def __init__(self, ws: web.WebSocketResponse, viewer: Viewer, lang: str) -> None:
        self.ws, self.viewer, self.lang = ws, viewer, lang
        self._owed: str | None = None
        self._sent: str | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._write(), name=f"live-client-{id(self)}")

    def offer(self, data: str) -> None:
        """Owe ``data`` (replacing any older frame not yet sent)."""
        if data == self._sent and self._owed is None:
            return
        self._owed = data
        self._wake.set()

    async def send_now(self, payload: dict[str, Any]) -> None:
        """An answer to this client (ack, refusal, verdict): sent at once."""
        if not self.ws.closed:
            await self.ws.send_str(json.dumps(payload, ensure_ascii=False))

    async def _write(self) -> None:
        while not self.ws.closed:
            await self._wake.wait()
            self._wake.clear()
            data, self._owed = self._owed, None
            if data is None or data == self._sent:
                continue
            try:
                # (not wait_for: that would run the send as a task of its own, one
                # turn of the event loop later, for every frame)
                async with asyncio.timeout(SEND_TIMEOUT):
                    await self.ws.send_str(data)
            except (ConnectionError, TimeoutError, RuntimeError):
                await self.ws.close()
                return
            self._sent = data

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)


class LiveHub:
    """The clients of every table this process serves, kept current from the
    service's notices."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.clients: dict[int, set[Client]] = {}
        self._dirty: set[int] = set()
        self._flushing: dict[int, asyncio.Task[None]] = {}
        service.core.subscribe(self._on_notice)
        # Another process stored a change to a table not held here (one held here
        # comes as a ``changed_elsewhere`` notice): heard while the service watches.
        service.core.on_stored_change(self._on_stored)

    def _on_notice(self, notice: Notice) -> None:
        if notice.table_id in self.clients:
            self.mark(notice.table_id)

    def _on_stored(self, table_id: int) -> None:
        if table_id in self.clients:
            self.mark(table_id)

    def mark(self, table_id: int) -> None:
        """The table changed: every client of it gets a fresh frame soon."""
        self._dirty.add(table_id)
        if table_id not in self._flushing:
            task = asyncio.create_task(self._flush(table_id), name=f"live-flush-{table_id}")
            self._flushing[table_id] = task

    async def _flush(self, table_id: int) -> None:
        try:
            while table_id in self._dirty:
                self._dirty.discard(table_id)
                clients = list(self.clients.get(table_id, ()))
                if not clients:
                    continue
                # One status for every client, and each distinct frame built and
                # encoded once: clients that see the same (a seat's tabs, the
                # spectators of a language) share it.
                status = await self.service.queries.status_for_table(table_id)
                built: dict[tuple[Any, ...], str] = {}
                for client in clients:
                    key = _frame_key(client.viewer, client.lang, status)
                    data = built.get(key)
                    if data is None:
                        payload = self._state(client.viewer, client.lang, status)
                        data = built[key] = json.dumps(payload, ensure_ascii=False)
                    client.offer(data)
        except Exception:  # a frame that cannot be built must not stop the others
            log.exception("live table %s: frames not sent", table_id)
        finally:
            self._flushing.pop(table_id, None)

    async def add(self, client: Client) -> None:
        self.clients.setdefault(client.viewer.table_id, set()).add(client)
        client.start()
        await self.send_state(client)

    async def remove(self, client: Client) -> None:
        group = self.clients.get(client.viewer.table_id)
        if group is not None:
            group.discard(client)
            if not group:
                del self.clients[client.viewer.table_id]
        await client.stop()

    async def send_state(self, client: Client) -> None:
        payload = await self.state_of(client.viewer, client.lang)
        client.offer(json.dumps(payload, ensure_ascii=False))

    async def state_of(self, viewer: Viewer, lang: str) -> dict[str, Any]:
        """The frame ``viewer`` may see now (a closed table: a ``closed`` frame)."""
        return self._state(
            viewer, lang, await self.service.queries.status_for_table(viewer.table_id)
        )

    def _state(self, viewer: Viewer, lang: str, status: TableStatus | None) -> dict[str, Any]:
        """The frame ``viewer`` may see at ``status`` (the table's, read now)."""
        if status is None or not viewer.still_valid(status):
            return {"t": "closed"}
        if status.view is None:
            return {"t": "lobby"}
        match = self.service.queries.match_of(viewer.table_id)
        seat = viewer.seat
        if seat is None or match is None:
            behind = hands_behind(match, status.view) if status.options.spectator_hands else None
            return frame(status, status.view, lang, deadline_ms=_deadline_ms(status), hands=behind)
        view = match.view_for(seat)
        suggestion = match.suggest(seat)
        choices = Choices(
            declare=tuple(d.cards for d in match.declaration_options(seat)),
            suggestion=suggestion.cards if isinstance(suggestion, Bury | Play) else (),
            calls=self.service.queries.suggested_call(viewer.table_id, seat) or "",
            auto=is_auto(status.table.seats[seat]),
        )
        return frame(status, view, lang, choices, deadline_ms=_deadline_ms(status))

    async def close(self) -> None:
        for task in list(self._flushing.values()):
            task.cancel()
        for group in list(self.clients.values()):
            for client in list(group):
                await client.ws.close()
                await client.stop()
        self.clients.clear()


def hands_behind(match: Match | None, view: View) -> list[list[Card]] | None:
    """Every seat's hand one trick behind (a spectator's option): as it was when the
    last finished trick began — what it holds now plus what it played in that
    trick and the current one. None before a trick is finished, and outside play."""
    if match is None or view.phase != "playing" or not view.tricks:
        return None
    out = []
    for seat in range(view.players):
        cards = list(match.hand_of(seat))
        for s, played in (*view.tricks[-1].plays, *view.current):
            if s == seat:
                cards.extend(played)
        out.append(view.context.sort_cards(cards))
    return out


def _frame_key(viewer: Viewer, lang: str, status: TableStatus | None) -> tuple[Any, ...]:
    """What a client's frame depends on, given the table's status: viewers with the
    same key are sent the same frame."""
    if status is None or not viewer.still_valid(status):
        return ("closed",)
    if status.view is None:
        return ("lobby",)
    return ("state", viewer.seat, lang)


def _deadline_ms(status: TableStatus) -> int | None:
    at = status.deadline_at
    if at is None or status.deadline_kind not in ("turn", "bury", "declare"):
        return None
    return int(at.timestamp() * 1000)
