"""Who is looking at a table's live page, and from where: a seat's link (handed to
that player alone), a spectator link, or Discord itself (the Activity, which knows
the user and the channel). Every web client is one ``Viewer``; the live side
shows it ``frame_view`` and lets it act only as its seat.

A link is good while its match is the table's current match, the table is open
and (a seat's link) the seat is still its player's; ``/unshare`` revokes them.

A link's token is signed: ``<id>.<signature>``, the id random and stored with what
the link opens, the signature an HMAC of the id under the process's link key
(``link_key``: LIVE_LINK_SECRET, else derived from the bot's token). A token whose
signature fails is refused before any query, and whoever reads the database (ids
only) cannot make a working link from it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.service.errors import ServiceError, guarded
from bot.service.state import TableStatus
from storage import ACTIVE_STATUSES, Database
from storage.table_links import TableLinks

StatusReader = Callable[[int], Awaitable[TableStatus | None]]  # None: no such table
# May this Discord user see this channel? (guild, channel, user) -> yes, no, or None
# when Discord could not be asked now. The Discord client provides it.
ChannelCheck = Callable[[int, int, int], Awaitable[bool | None]]
TOKEN_MAX = 96  # longer is no token of ours: refused before any query
SIGNATURE_BYTES = 18  # 24 URL-safe characters


def link_key(secret: str | None, bot_token: str | None) -> bytes:
    """The key links are signed with: from LIVE_LINK_SECRET when set, else from the
    bot's token (every process of one bot has it; resetting it ends the links), else
    a key of this process alone (no Discord: nobody is handed a link anyway)."""
    if secret:
        return hashlib.sha256(b"shengji live links:" + secret.encode()).digest()
    if bot_token:
        return hmac.new(bot_token.encode(), b"shengji live links", hashlib.sha256).digest()
    return secrets.token_bytes(32)


def sign(key: bytes, link_id: str) -> str:
    """The token handed out for a stored link id."""
    mac = hmac.new(key, b"live link:" + link_id.encode(), hashlib.sha256).digest()
    return f"{link_id}.{base64.urlsafe_b64encode(mac[:SIGNATURE_BYTES]).decode()}"


def verified(key: bytes, token: str) -> str | None:
    """The link id of a token signed with ``key`` (None: not one of ours)."""
    link_id, dot, _ = token.partition(".")
    if not dot or not link_id:
        return None
    return link_id if hmac.compare_digest(sign(key, link_id), token) else None


@dataclass(frozen=True, slots=True)
class Viewer:
    """One client of a table's live page: a seat (``seat`` and ``user_id`` set), or
    a spectator (``seat`` None; ``user_id`` known when Discord told us)."""

    table_id: int
    channel_id: int
    seat: int | None
    user_id: int | None
    match_id: int | None = None  # a link's match: the link ends with it

    @property
    def spectator(self) -> bool:
        return self.seat is None

    def still_valid(self, status: TableStatus) -> bool:
        """May this viewer still look? (The table open, a link's match still on, a
        seat still its player's: someone who left no longer sees that hand.)"""
        t = status.table
        if t.status not in ACTIVE_STATUSES:
            return False
        if self.match_id is not None and t.current_match_id != self.match_id:
            return False
        return self.seat is None or t.seats[self.seat].user_id == self.user_id


class LiveAccess:
    """Links and viewers; ``status`` reads a table as the service holds it."""

    def __init__(self, db: Database, status: StatusReader, key: bytes | None = None) -> None:
        self.links = TableLinks(db)
        self._status = status
        self.key = key if key is not None else link_key(None, None)

    async def seat_link(self, table_id: int, user_id: int) -> str:
        """The user's own link to their seat at the table's current match."""
        status = await self._open(table_id)
        seat = status.table.seat_of(user_id)
        if seat is None:
            raise ServiceError("not_seated")
        match_id = status.table.current_match_id
        assert match_id is not None  # _open: a match is on
        link_id: str = await guarded(self.links.link(table_id, match_id, user_id, seat))
        return sign(self.key, link_id)

    async def spectator_link(self, table_id: int, user_id: int) -> str:
        """A link anyone may open to watch the table's current match (观战)."""
        status = await self._open(table_id)
        match_id = status.table.current_match_id
        assert match_id is not None
        link_id: str = await guarded(self.links.link(table_id, match_id, user_id))
        return sign(self.key, link_id)

    async def unshare(self, table_id: int, user_id: int) -> int:
        """Revoke every link the user holds or made at the table; how many."""
        count: int = await guarded(self.links.revoke(table_id, user_id))
        return count

    async def by_token(self, token: str) -> Viewer | None:
        """The viewer a link opens, or None (unknown, revoked, another match's, a
        closed table, or a seat that is no longer the link's player's)."""
        link_id = verified(self.key, token) if 0 < len(token) <= TOKEN_MAX else None
        if link_id is None:
            return None  # forged, garbled or another bot's: no query
        link = await guarded(self.links.by_token(link_id))
        if link is None:
            return None
        status = await self._status(link.table_id)
        if status is None:
            return None
        t = status.table
        viewer = Viewer(link.table_id, t.channel_id, link.seat, link.user_id, link.match_id)
        return viewer if viewer.still_valid(status) else None

    async def in_channel(self, status: TableStatus, user_id: int) -> Viewer:
        """A Discord user in the table's channel: their seat, else a spectator."""
        seat = status.table.seat_of(user_id)
        return Viewer(status.table.id, status.table.channel_id, seat, user_id)

    async def _open(self, table_id: int) -> TableStatus:
        status = await self._status(table_id)
        if status is None or status.table.status not in ACTIVE_STATUSES:
            raise ServiceError("no_table")
        if status.table.current_match_id is None:
            raise ServiceError("not_started")
        return status
