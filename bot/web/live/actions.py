"""A live-table client's messages, applied through the service as that seat.

Messages are JSON objects: ``{"t": "act", "id": "…", "do": "play", "cards": [ids]}``
(``do``: declare, pass, bury, call, play, take_back, withdraw, next_hand, auto),
``{"t": "preview", "id": "…", "cards": [ids]}``. Every answer names the ``id``:
``ack``, or ``error`` with the reason in the client's language. A spectator is
refused, and so is anything malformed — nothing reaches the table. ``id`` is the
client's own: an action resent after a reconnect carries the same one and is
applied once (the service's idempotency key).
"""

from __future__ import annotations

import re
from typing import Any

from bot.service import ServiceError, TableService
from bot.service.auto import set_auto
from bot.service.live_access import Viewer
from bot.text.error_text import error_text
from bot.text.panel_text import verdict
from rules.cards import NUM_CARDS, Card
from rules.preview import preview

ACTION_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
MAX_CARDS = 60  # more than any hand holds
MAX_TEXT = 200


class BadMessage(Exception):
    """Not a message of ours: answered with ``live.bad_message``."""


def _cards(msg: dict[str, Any]) -> tuple[Card, ...]:
    raw = msg.get("cards")
    if not isinstance(raw, list) or len(raw) > MAX_CARDS:
        raise BadMessage
    if not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < NUM_CARDS for c in raw):
        raise BadMessage
    return tuple(Card(c) for c in raw)


async def act(service: TableService, viewer: Viewer, msg: dict[str, Any]) -> None:
    """Apply one action message as the viewer's seat (raises ServiceError/BadMessage)."""
    if viewer.seat is None or viewer.user_id is None:
        raise ServiceError("live_spectator")
    ident = msg.get("id")
    if not isinstance(ident, str) or not ACTION_ID.fullmatch(ident):
        raise BadMessage
    key = f"live:{viewer.user_id}:{ident}"
    ch, user, do = viewer.channel_id, viewer.user_id, msg.get("do")
    try:
        if do == "play":
            await service.moves.play(ch, user, _cards(msg), key)
        elif do == "bury":
            await service.moves.bury(ch, user, _cards(msg), key)
        elif do == "declare":
            await service.moves.declare(ch, user, _cards(msg), key)
        elif do == "pass":
            await service.moves.pass_(ch, user, key)
        elif do == "call":
            calls = msg.get("calls")
            if not isinstance(calls, str) or len(calls) > MAX_TEXT:
                raise BadMessage
            await service.moves.call_friends(ch, user, calls, key)
        elif do == "take_back":
            await service.moves.take_back(ch, user, key)
        elif do == "withdraw":
            await service.moves.withdraw_bid(ch, user, key)
        elif do == "next_hand":
            await service.lifecycle.next_hand(ch, user)
        elif do == "auto":
            on = msg.get("on")
            if not isinstance(on, bool):
                raise BadMessage
            await set_auto(service.core, service.changes, ch, user, on)
        else:
            raise BadMessage
    except ServiceError as exc:
        if exc.code != "duplicate":  # a resent action already applied: done
            raise


async def verdict_of(
    service: TableService, viewer: Viewer, msg: dict[str, Any], lang: str
) -> dict[str, Any]:
    """The verdict on a selection before sending it (``rules.preview``)."""
    cards = _cards(msg)
    seat = viewer.seat
    match = service.queries.match_of(viewer.table_id)
    status = service.queries.cached_status(viewer.table_id)
    if seat is None or match is None or status is None:
        raise ServiceError("live_spectator" if seat is None else "not_started")
    p = preview(match.view_for(seat), cards)
    return {"ok": p.ok, "text": verdict(lang, p, status.table.seats)}


def refusal(lang: str, exc: ServiceError | BadMessage) -> str:
    if isinstance(exc, BadMessage):
        return error_text(lang, "live_bad_message", {})
    return exc.message(lang)
