"""Finished hands to replay (复盘): one hand by its number (``HandRow.id``, the
#id players see), a table's hand n, a server's / channel's / player's recent
hands, and revocable share links (``replay_links``) for the replay page."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import exists, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql import Select

from rules.ruleset import RuleSet
from storage.db import Database
from storage.models import HandPlayerRow, HandRow, MatchRow, ReplayLinkRow, TableRow, utcnow


@dataclass(frozen=True, slots=True)
class StoredHand:
    hand_id: int  # HandRow.id: the number players see as #id
    table_id: int
    match_id: int
    channel_id: int
    guild_id: int | None
    hand_no: int
    dealer: int
    trump: str  # S H C D or NT
    winner: str  # defenders | attackers
    level_change: int
    attackers_points: int
    finished_at: datetime
    seats: tuple[int | None, ...]  # the user at each seat in that hand; None = AI (or empty)
    record: str  # the full hand record (rules.record)
    # Each seat's display name in that hand, as stored; None: an AI, or not kept.
    names: tuple[str | None, ...] = ()


_Row = tuple[HandRow, MatchRow, TableRow]
_Query = Select[HandRow, MatchRow, TableRow]


def _query() -> _Query:
    return (
        select(HandRow, MatchRow, TableRow)
        .join(MatchRow, MatchRow.id == HandRow.match_id)
        .join(TableRow, TableRow.id == MatchRow.table_id)
    )


async def _stored(s: AsyncSession, rows: list[_Row]) -> list[StoredHand]:
    """StoredHands of the rows, their seats from the hand's ``hand_players``."""
    if not rows:
        return []
    ids = [h.id for h, _m, _t in rows]
    users: dict[int, dict[int, int]] = {i: {} for i in ids}
    names: dict[int, dict[int, str | None]] = {i: {} for i in ids}
    for hp in await s.scalars(select(HandPlayerRow).where(HandPlayerRow.hand_id.in_(ids))):
        users[hp.hand_id][hp.seat] = hp.user_id
        names[hp.hand_id][hp.seat] = hp.display_name
    players: dict[int, int] = {}
    out = []
    for h, m, t in rows:
        if m.id not in players:
            players[m.id] = RuleSet.from_json(m.rules_json).players
        seats = tuple(users[h.id].get(i) for i in range(players[m.id]))
        seat_names = tuple(names[h.id].get(i) for i in range(players[m.id]))
        out.append(
            StoredHand(
                hand_id=h.id,
                table_id=t.id,
                match_id=m.id,
                channel_id=t.channel_id,
                guild_id=t.guild_id,
                hand_no=h.hand_no,
                dealer=h.dealer,
                trump=h.trump,
                winner=h.winner,
                level_change=h.level_change,
                attackers_points=h.attackers_points,
                finished_at=h.finished_at,
                seats=seats,
                record=h.record,
                names=seat_names,
            )
        )
    return out


class Replays:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def _one(self, q: _Query) -> StoredHand | None:
        async with self.db.session() as s:
            rows = [(h, m, t) for h, m, t in (await s.execute(q.limit(1))).all()]
            found = await _stored(s, rows)
            return found[0] if found else None

    async def hand(self, hand_id: int) -> StoredHand | None:
        return await self._one(_query().where(HandRow.id == hand_id))

    async def hand_of_table(self, table_id: int, hand_no: int) -> StoredHand | None:
        """Hand ``hand_no`` of the table's latest match that has one."""
        return await self._one(
            _query()
            .where(TableRow.id == table_id, HandRow.hand_no == hand_no)
            .order_by(MatchRow.id.desc())
        )

    async def recent(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        user_id: int | None = None,
        limit: int = 10,
        table_id: int | None = None,
        before: int | None = None,
    ) -> list[StoredHand]:
        """Newest first. ``guild_id`` narrows to one server, ``table_id`` to one
        table; ``channel_id`` and ``user_id`` pick that channel's hands and the hands
        that user sat in (either, when both are given); ``before``: only hands
        numbered (#id) below it, for the next page."""
        q = _query()
        if guild_id is not None:
            q = q.where(TableRow.guild_id == guild_id)
        if table_id is not None:
            q = q.where(TableRow.id == table_id)
        if before is not None:
            q = q.where(HandRow.id < before)
        picks = []
        if channel_id is not None:
            picks.append(TableRow.channel_id == channel_id)
        if user_id is not None:
            picks.append(
                exists().where(
                    HandPlayerRow.hand_id == HandRow.id, HandPlayerRow.user_id == user_id
                )
            )
        if picks:
            q = q.where(or_(*picks))
        q = q.order_by(HandRow.id.desc()).limit(limit)
        async with self.db.session() as s:
            rows = [(h, m, t) for h, m, t in (await s.execute(q)).all()]
            return await _stored(s, rows)

    # ---- share links --------------------------------------------------------------------

    async def create_link(self, hand_id: int, user_id: int) -> str:
        """The hand's share token: its unrevoked one if it has one, else a new one."""
        async with self.db.session() as s:
            token = await s.scalar(
                select(ReplayLinkRow.token)
                .where(ReplayLinkRow.hand_id == hand_id, ReplayLinkRow.revoked_at.is_(None))
                .order_by(ReplayLinkRow.created_at)
                .limit(1)
            )
            if token is not None:
                return token
            token = secrets.token_urlsafe(16)
            s.add(ReplayLinkRow(token=token, hand_id=hand_id, created_by=user_id))
            return token

    async def hand_by_token(self, token: str) -> StoredHand | None:
        """The hand of an unrevoked token (None: unknown or revoked)."""
        return await self._one(
            _query()
            .join(ReplayLinkRow, ReplayLinkRow.hand_id == HandRow.id)
            .where(ReplayLinkRow.token == token, ReplayLinkRow.revoked_at.is_(None))
        )

    async def revoke_links(self, hand_id: int) -> int:
        """Revoke every live link of the hand; how many were."""
        async with self.db.session() as s:
            done = await s.execute(
                update(ReplayLinkRow)
                .where(ReplayLinkRow.hand_id == hand_id, ReplayLinkRow.revoked_at.is_(None))
                .values(revoked_at=utcnow())
            )
            return int(done.rowcount)  # type: ignore[attr-defined]
