"""Statistics, leaderboards and level progress, all derived from finished hands."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Integer, case, distinct, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql import Select

from storage.db import Database
from storage.models import HandPlayerRow, HandRow, MatchRow


@dataclass(frozen=True, slots=True)
class PlayerStats:
    user_id: int
    matches_played: int
    matches_won: int
    hands_played: int
    hands_won: int
    hands_as_dealer: int
    hands_defending: int  # as dealer or dealer's partner
    hands_attacking: int
    defended_won: int
    attacked_won: int
    levels_gained: int
    points_captured: int  # attackers' points while attacking

    @property
    def hand_win_rate(self) -> float:
        return self.hands_won / self.hands_played if self.hands_played else 0.0


@dataclass(frozen=True, slots=True)
class HandProgress:
    hand_no: int
    dealer: int
    level_rank: int
    trump: str
    attackers_points: int
    winner: str
    level_change: int
    levels_before: tuple[int, int]
    levels_after: tuple[int, int]
    kitty_multiplier: int = 0  # > 0: the attackers captured the kitty (won the last trick)


def _aggregate(where: list[object]) -> Select[tuple[int, ...]]:
    hp = HandPlayerRow
    won = func.sum(case((hp.won, 1), else_=0))
    defending = hp.role.in_(("dealer", "defender"))
    return (
        select(  # type: ignore[return-value]
            hp.user_id,
            func.count(distinct(hp.match_id)),
            func.count(),
            won,
            func.sum(case((hp.role == "dealer", 1), else_=0)),
            func.sum(case((defending, 1), else_=0)),
            func.sum(case((hp.role == "attacker", 1), else_=0)),
            func.sum(case((defending & hp.won, 1), else_=0)),
            func.sum(case(((hp.role == "attacker") & hp.won, 1), else_=0)),
            func.sum(hp.levels_gained),
            func.sum(hp.points_captured),
        )
        .where(*where)
        .group_by(hp.user_id)
    )  # type: ignore[arg-type]


class Stats:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def player(self, user_id: int, guild_id: int | None = None) -> PlayerStats:
        """A player's record, in one guild or (None) everywhere."""
        where: list[object] = [HandPlayerRow.user_id == user_id]
        if guild_id is not None:
            where.append(HandPlayerRow.guild_id == guild_id)
        async with self.db.session() as s:
            row = (await s.execute(_aggregate(where))).first()
            won_matches = await s.scalar(self._matches_won(user_id, guild_id))
        if row is None:
            return PlayerStats(user_id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        values = [int(v or 0) for v in row[1:]]
        return PlayerStats(user_id, values[0], int(won_matches or 0), *values[1:])

    @staticmethod
    def _matches_won(user_id: int, guild_id: int | None) -> Select[tuple[int]]:
        # A match is won by the player if the winning team is the team of the seat
        # they played in that match (their last hand decides if they changed seats).
        hp = HandPlayerRow
        last = (
            select(hp.match_id, func.max(hp.hand_id).label("hand_id"))
            .where(hp.user_id == user_id)
            .group_by(hp.match_id)
        )
        if guild_id is not None:
            last = last.where(hp.guild_id == guild_id)
        sub = last.subquery()
        return (
            select(func.count())
            .select_from(sub)
            .join(hp, (hp.hand_id == sub.c.hand_id) & (hp.user_id == user_id))
            .join(MatchRow, MatchRow.id == sub.c.match_id)
            .where(MatchRow.winner_team == func.cast(hp.seat % 2, Integer))
        )

    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        """Players ranked by hands won, then levels gained (one guild, or global)."""
        where: list[object] = [] if guild_id is None else [HandPlayerRow.guild_id == guild_id]
        q = _aggregate(where)
        async with self.db.session() as s:
            rows = (await s.execute(q)).all()
            won = await self._matches_won_by_user(s, guild_id)
        board = [
            PlayerStats(
                int(r[0]), int(r[1] or 0), won.get(int(r[0]), 0), *[int(v or 0) for v in r[2:]]
            )
            for r in rows
        ]
        board.sort(key=lambda p: (-p.hands_won, -p.levels_gained, -p.hands_played, p.user_id))
        return board[:limit]

    @staticmethod
    async def _matches_won_by_user(s: AsyncSession, guild_id: int | None) -> dict[int, int]:
        """user -> finished matches won, each judged by the seat of the user's last
        hand in that match (as ``player`` does)."""
        hp = HandPlayerRow
        q = (
            select(hp.user_id, hp.match_id, hp.hand_id, hp.seat, MatchRow.winner_team)
            .join(MatchRow, MatchRow.id == hp.match_id)
            .where(MatchRow.winner_team.is_not(None))
        )
        if guild_id is not None:
            q = q.where(hp.guild_id == guild_id)
        last: dict[tuple[int, int], tuple[int, int, int]] = {}
        for user_id, match_id, hand_id, seat, winner in (await s.execute(q)).all():
            key = (int(user_id), int(match_id))
            if key not in last or hand_id > last[key][0]:
                last[key] = (int(hand_id), int(seat), int(winner))
        won: dict[int, int] = {}
        for (user_id, _), (_, seat, winner) in last.items():
            if seat % 2 == winner:
                won[user_id] = won.get(user_id, 0) + 1
        return won

    async def level_progress(self, match_id: int) -> list[HandProgress]:
        """The match hand by hand: dealer, trump, points and both levels."""
        async with self.db.session() as s:
            rows = (
                await s.scalars(
                    select(HandRow).where(HandRow.match_id == match_id).order_by(HandRow.hand_no)
                )
            ).all()
        return [
            HandProgress(
                r.hand_no,
                r.dealer,
                r.level_rank,
                r.trump,
                r.attackers_points,
                r.winner,
                r.level_change,
                (r.team0_before, r.team1_before),
                (r.team0_after, r.team1_after),
                r.kitty_multiplier,
            )
            for r in rows
        ]
