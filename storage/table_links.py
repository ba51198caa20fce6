"""Links to a table's live page (``table_links``): a seat's link, handed to that
player alone, and a spectator link. A link's id is unguessable (``secrets``), good
for the match it was made in only, and revocable (``/unshare``). The id is stored
in the ``token`` column; the token people are handed is the id signed by the
service (``bot.service.live_access``), so the table never holds a usable link."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import or_, select, update

from storage.db import Database
from storage.models import TableLinkRow, utcnow

TOKEN_BYTES = 24  # 32 URL-safe characters


@dataclass(frozen=True, slots=True)
class TableLink:
    token: str
    table_id: int
    match_id: int
    seat: int | None  # None: a spectator's link
    user_id: int | None


class TableLinks:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def link(
        self, table_id: int, match_id: int, created_by: int, seat: int | None = None
    ) -> str:
        """The unrevoked token for this seat (its player's) or, with ``seat`` None,
        the spectator token ``created_by`` made in this match; else a new one."""
        user_id = created_by if seat is not None else None
        async with self.db.session() as s:
            token = await s.scalar(
                select(TableLinkRow.token)
                .where(
                    TableLinkRow.table_id == table_id,
                    TableLinkRow.match_id == match_id,
                    TableLinkRow.seat.is_(None) if seat is None else TableLinkRow.seat == seat,
                    TableLinkRow.created_by == created_by,
                    TableLinkRow.revoked_at.is_(None),
                )
                .order_by(TableLinkRow.created_at)
                .limit(1)
            )
            if token is not None:
                return token
            token = secrets.token_urlsafe(TOKEN_BYTES)
            s.add(
                TableLinkRow(
                    token=token,
                    table_id=table_id,
                    match_id=match_id,
                    seat=seat,
                    user_id=user_id,
                    created_by=created_by,
                )
            )
            return token

    async def by_token(self, token: str) -> TableLink | None:
        """The unrevoked link of ``token`` (None: unknown or revoked)."""
        async with self.db.session() as s:
            row = await s.scalar(
                select(TableLinkRow).where(
                    TableLinkRow.token == token, TableLinkRow.revoked_at.is_(None)
                )
            )
            if row is None:
                return None
            return TableLink(row.token, row.table_id, row.match_id, row.seat, row.user_id)

    async def revoke(self, table_id: int, user_id: int) -> int:
        """Revoke every link ``user_id`` holds or made at the table; how many were."""
        async with self.db.session() as s:
            done = await s.execute(
                update(TableLinkRow)
                .where(
                    TableLinkRow.table_id == table_id,
                    or_(TableLinkRow.user_id == user_id, TableLinkRow.created_by == user_id),
                    TableLinkRow.revoked_at.is_(None),
                )
                .values(revoked_at=utcnow())
            )
            return int(done.rowcount)  # type: ignore[attr-defined]
