"""Reading the ladder, and a server's seasons: standings, the leaderboard (humans
only, AI seats never listed), a player's place and recent form; ``/season
start|end``. Written by ``storage.ratings`` inside each ranked hand's transaction."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, case, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from rules.ladder import Change, Mode, Standing
from storage.db import Database
from storage.models import (
    HandPlayerRow,
    LadderRoleRow,
    RatingLogRow,
    RatingRow,
    SeasonRow,
    utcnow,
)
from storage.ratings import Forfeit, apply_forfeit, lock_ladder, season_at
from storage.table_info import aware, to_utc

ROLES_ON = -1  # the ladder_roles row that says roles are on


@dataclass(frozen=True, slots=True)
class Season:
    number: int
    started_at: datetime
    ended_at: datetime | None


@dataclass(frozen=True, slots=True)
class Placed:
    player: str
    standing: Standing
    place: int  # 1 = first


def _standing(r: RatingRow) -> Standing:
    return Standing(r.mu, r.sigma, r.points, r.hands, r.wins)


def _humans() -> object:
    return RatingRow.player.not_like("ai:%")


def _board_order() -> tuple[object, ...]:
    return (RatingRow.points.desc(), RatingRow.mu.desc(), RatingRow.player)


class Rankings:
    def __init__(self, db: Database) -> None:
        self.db = db

    # --- seasons -----------------------------------------------------------------

    async def seasons(self, guild_id: int) -> list[Season]:
        async with self.db.session() as s:
            rows = (
                await s.scalars(
                    select(SeasonRow)
                    .where(SeasonRow.guild_id == guild_id)
                    .order_by(SeasonRow.number)
                )
            ).all()
        return [
            Season(r.number, aware(r.started_at) or r.started_at, aware(r.ended_at)) for r in rows
        ]

    async def current_season(self, guild_id: int, at: datetime | None = None) -> int:
        """The season a hand finished now (or ``at``) counts for; 0 between seasons."""
        found = await self.seasons(guild_id)
        return season_at(((x.number, x.started_at, x.ended_at) for x in found), at or utcnow())

    @staticmethod
    async def _locked_now(s: AsyncSession, guild_id: int, at: datetime | None) -> datetime:
        """Take the server's ladder lock (``storage.ratings.lock_ladder``), then read
        the clock: a ranked hand rated meanwhile by another process has committed
        by then and finished before the season's start or end, as rebuild will see."""
        await s.run_sync(lambda sync: lock_ladder(sync.connection(), guild_id))
        return to_utc(at or utcnow())

    async def start_season(self, guild_id: int, at: datetime | None = None) -> int:
        """End the running season (if any) and start the next; its number."""
        async with self.db.session() as s:
            now = await self._locked_now(s, guild_id, at)
            await s.execute(
                update(SeasonRow)
                .where(SeasonRow.guild_id == guild_id, SeasonRow.ended_at.is_(None))
                .values(ended_at=now)
            )
            last = await s.scalar(
                select(func.max(SeasonRow.number)).where(SeasonRow.guild_id == guild_id)
            )
            number = int(last or 0) + 1
            s.add(SeasonRow(guild_id=guild_id, number=number, started_at=now))
        return number

    async def end_season(self, guild_id: int, at: datetime | None = None) -> int | None:
        """End the running season; its number, or None when none was running."""
        async with self.db.session() as s:
            now = await self._locked_now(s, guild_id, at)
            running = await s.scalar(
                select(SeasonRow.number).where(
                    SeasonRow.guild_id == guild_id, SeasonRow.ended_at.is_(None)
                )
            )
            if running is None:
                return None
            await s.execute(
                update(SeasonRow)
                .where(SeasonRow.guild_id == guild_id, SeasonRow.number == running)
                .values(ended_at=now)
            )
        return int(running)

    async def forfeit(self, f: Forfeit) -> Change:
        """A player left a ranked match: charged and recorded in one transaction."""
        return await self.db.run_transaction(lambda conn: apply_forfeit(conn, f))

    # --- tier roles (/ladder roles) --------------------------------------------------

    async def tier_roles(self, guild_id: int) -> dict[int, int] | None:
        """tier -> role id of the roles made so far; None when roles are off."""
        async with self.db.session() as s:
            rows = (
                await s.scalars(select(LadderRoleRow).where(LadderRoleRow.guild_id == guild_id))
            ).all()
        if not any(r.tier == ROLES_ON for r in rows):
            return None
        return {r.tier: r.role_id for r in rows if r.tier != ROLES_ON}

    async def roles_on(self, guild_id: int) -> None:
        async with self.db.session() as s:
            if await s.get(LadderRoleRow, (guild_id, ROLES_ON)) is None:
                s.add(LadderRoleRow(guild_id=guild_id, tier=ROLES_ON, role_id=0))

    async def add_tier_role(self, guild_id: int, tier: int, role_id: int) -> None:
        async with self.db.session() as s:
            row = await s.get(LadderRoleRow, (guild_id, tier))
            if row is None:
                s.add(LadderRoleRow(guild_id=guild_id, tier=tier, role_id=role_id))
            else:
                row.role_id = role_id

    async def roles_off(self, guild_id: int) -> dict[int, int]:
        """Roles off; the roles that were made (for the bot to delete)."""
        made = await self.tier_roles(guild_id) or {}
        async with self.db.session() as s:
            await s.execute(delete(LadderRoleRow).where(LadderRoleRow.guild_id == guild_id))
        return made

    async def best_tiers(self, guild_id: int, season: int) -> dict[int, int]:
        """user id -> the higher of their two tiers (fixed, friends) this season."""
        async with self.db.session() as s:
            rows = (
                await s.execute(
                    select(RatingRow.player, func.max(RatingRow.tier))
                    .where(
                        RatingRow.guild_id == guild_id,
                        RatingRow.season == season,
                        _humans(),  # type: ignore[arg-type]
                    )
                    .group_by(RatingRow.player)
                )
            ).all()
        return {int(p): int(t) for p, t in rows}

    # --- standings ---------------------------------------------------------------

    async def standing(
        self, guild_id: int, season: int, mode: Mode, player: str
    ) -> Standing | None:
        async with self.db.session() as s:
            row = await s.get(RatingRow, (guild_id, season, mode, player))
        return None if row is None else _standing(row)

    async def leaderboard(
        self, guild_id: int, season: int, mode: Mode, limit: int = 20
    ) -> list[Placed]:
        """The server's human players by rank points (then μ, then id)."""
        async with self.db.session() as s:
            rows = (
                await s.scalars(
                    select(RatingRow)
                    .where(
                        RatingRow.guild_id == guild_id,
                        RatingRow.season == season,
                        RatingRow.mode == mode,
                        _humans(),  # type: ignore[arg-type]
                    )
                    .order_by(*_board_order())  # type: ignore[arg-type]
                    .limit(limit)
                )
            ).all()
        return [Placed(r.player, _standing(r), i + 1) for i, r in enumerate(rows)]

    async def place(self, guild_id: int, season: int, mode: Mode, player: str) -> Placed | None:
        """A player's own line on the leaderboard (wherever it is), or None."""
        async with self.db.session() as s:
            row = await s.get(RatingRow, (guild_id, season, mode, player))
            if row is None:
                return None
            ahead = await s.scalar(
                select(func.count()).where(
                    RatingRow.guild_id == guild_id,
                    RatingRow.season == season,
                    RatingRow.mode == mode,
                    _humans(),  # type: ignore[arg-type]
                    or_(
                        RatingRow.points > row.points,
                        and_(RatingRow.points == row.points, RatingRow.mu > row.mu),
                        and_(
                            RatingRow.points == row.points,
                            RatingRow.mu == row.mu,
                            RatingRow.player < row.player,
                        ),
                    ),
                )
            )
        return Placed(player, _standing(row), int(ahead or 0) + 1)

    async def names(self, guild_id: int, players: Iterable[str]) -> dict[str, str]:
        """Each player's display name in their latest hand in this server that kept
        one (``hand_players``); players with none are left out. The Discord bot
        caches no members, so this is how the ladder names people."""
        ids = {int(p) for p in players if p.isdigit()}
        if not ids:
            return {}
        hp = HandPlayerRow
        latest = (
            select(hp.user_id, func.max(hp.hand_id).label("hand_id"))
            .where(hp.guild_id == guild_id, hp.user_id.in_(ids), hp.display_name.is_not(None))
            .group_by(hp.user_id)
            .subquery()
        )
        q = select(hp.user_id, hp.display_name).join(
            latest, and_(hp.user_id == latest.c.user_id, hp.hand_id == latest.c.hand_id)
        )
        async with self.db.session() as s:
            rows = (await s.execute(q)).all()
        return {str(user): str(name) for user, name in rows if name}

    async def best_partner(
        self, guild_id: int, season: int, mode: Mode, player: str, least: int = 3
    ) -> tuple[str, int, int] | None:
        """(partner, hands together, won together) of the human the player won most
        with on the same side (at least ``least`` hands together; ties: more hands,
        then the lower id), or None."""
        me, other = aliased(RatingLogRow), aliased(RatingLogRow)
        won = func.sum(case((me.won, 1), else_=0))
        together = func.count()
        q = (
            select(other.player, together, won)
            .join(other, and_(other.hand_id == me.hand_id, other.won == me.won))
            .where(
                me.guild_id == guild_id,
                me.season == season,
                me.mode == mode,
                me.player == player,
                other.player != player,
                other.player.not_like("ai:%"),
            )
            .group_by(other.player)
            .having(together >= least)
        )
        async with self.db.session() as s:
            rows = (await s.execute(q)).all()
        if not rows:
            return None
        best = max(rows, key=lambda r: (r[2] / r[1], r[1], -int(r[0])))
        return str(best[0]), int(best[1]), int(best[2])

    async def recent(
        self, guild_id: int, season: int, mode: Mode, player: str, n: int = 10
    ) -> list[bool]:
        """Won or lost, the player's last ``n`` rated hands, latest first."""
        async with self.db.session() as s:
            rows = (
                await s.scalars(
                    select(RatingLogRow.won)
                    .where(
                        RatingLogRow.guild_id == guild_id,
                        RatingLogRow.mode == mode,
                        RatingLogRow.player == player,
                        RatingLogRow.season == season,
                    )
                    .order_by(RatingLogRow.hand_id.desc())
                    .limit(n)
                )
            ).all()
        return [bool(w) for w in rows]
