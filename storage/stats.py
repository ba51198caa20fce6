"""Statistics, leaderboards and level progress, all derived from finished hands."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import case, distinct, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql import ColumnElement, Select

from rules.game import Match
from rules.progress import HandProgress
from rules.ruleset import RuleSet
from storage.db import Database
from storage.models import HandPlayerRow, HandRow, MatchRow, parse_levels


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


Levels = tuple[tuple[int, ...], tuple[int, ...]]  # before, after


def _progress_of(r: HandRow, levels: Levels) -> HandProgress:
    return HandProgress(
        r.hand_no,
        r.dealer,
        r.level_rank,
        r.trump,
        r.attackers_points,
        r.winner,
        r.level_change,
        levels[0],
        levels[1],
        r.kitty_multiplier,
    )


def _row_levels(r: HandRow, legacy: dict[int, Levels]) -> Levels:
    """A row's levels: its own columns (0003 on); before that the match snapshot's
    (``legacy``, 找朋友 only), else the team columns."""
    if r.levels_before is not None and r.levels_after is not None:
        return parse_levels(r.levels_before), parse_levels(r.levels_after)
    found = legacy.get(r.hand_no)
    if found is not None:
        return found
    return (r.team0_before, r.team1_before), (r.team0_after, r.team1_after)


async def _snapshot_levels(s: AsyncSession, match_id: int) -> dict[int, Levels]:
    """hand no -> every seat's levels, from a 找朋友 match's snapshot (its history
    holds every finished hand): for hands stored before migration 0003, whose team
    columns hold only seats 1 and 2. Fixed partners: {} (the team columns say it all)."""
    row = (
        await s.execute(
            select(MatchRow.rules_json, MatchRow.snapshot_json).where(MatchRow.id == match_id)
        )
    ).first()
    if row is None or RuleSet.from_json(row[0]).friends is None:
        return {}
    history = Match.from_dict(json.loads(row[1])).history
    return {h.hand_no: (h.levels_before, h.levels_after) for h in history}


def _aggregate(where: list[ColumnElement[bool]]) -> Select[Any]:
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
    )


async def friends_winners(s: AsyncSession, match_ids: set[int]) -> dict[int, set[int]]:
    """找朋友 matches among ``match_ids`` -> the seats that won them: the dealer's team
    of the last hand, if it won, those of its members who played the last level
    (``rules.friends.settle_friends``), read from the finished match's snapshot."""
    if not match_ids:
        return {}
    rows = await s.execute(
        select(MatchRow.id, MatchRow.rules_json, MatchRow.snapshot_json).where(
            MatchRow.id.in_(match_ids), MatchRow.winner_team.is_not(None)
        )
    )
    out: dict[int, set[int]] = {}
    for match_id, rules_json, snapshot_json in rows.all():
        rules = RuleSet.from_json(rules_json)
        if rules.friends is None:
            continue
        history = Match.from_dict(json.loads(snapshot_json)).history
        last = history[-1] if history else None
        if last is None or last.winner != "defenders":
            out[int(match_id)] = set()
            continue
        goal = rules.levels[-1]
        out[int(match_id)] = {seat for seat in last.team if last.levels_before[seat] == goal}
    return out


class Stats:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def player(self, user_id: int, guild_id: int | None = None) -> PlayerStats:
        """A player's record, in one guild or (None) everywhere."""
        where: list[ColumnElement[bool]] = [HandPlayerRow.user_id == user_id]
        if guild_id is not None:
            where.append(HandPlayerRow.guild_id == guild_id)
        async with self.db.session() as s:
            row = (await s.execute(_aggregate(where))).first()
            won = await self._matches_won_by_user(s, guild_id, user_id)
            won_matches = won.get(user_id, 0)
        if row is None:
            return PlayerStats(user_id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        values = [int(v or 0) for v in row[1:]]
        return PlayerStats(user_id, values[0], int(won_matches or 0), *values[1:])

    async def leaderboard(self, guild_id: int | None, limit: int = 10) -> list[PlayerStats]:
        """Players ranked by hands won, then levels gained (one guild, or global)."""
        where: list[ColumnElement[bool]] = (
            [] if guild_id is None else [HandPlayerRow.guild_id == guild_id]
        )
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
    async def _matches_won_by_user(
        s: AsyncSession, guild_id: int | None, user_id: int | None = None
    ) -> dict[int, int]:
        """user -> finished matches won, each judged by the seat of the user's last
        hand in that match (they may have changed seats): its team with fixed
        partners; with 找朋友 (teams change every hand) whether that seat is among
        the match's winners (``friends_winners``)."""
        hp = HandPlayerRow
        q = (
            select(hp.user_id, hp.match_id, hp.hand_id, hp.seat, MatchRow.winner_team)
            .join(MatchRow, MatchRow.id == hp.match_id)
            .where(MatchRow.winner_team.is_not(None))
        )
        if guild_id is not None:
            q = q.where(hp.guild_id == guild_id)
        if user_id is not None:
            q = q.where(hp.user_id == user_id)
        last: dict[tuple[int, int], tuple[int, int, int]] = {}
        for uid, match_id, hand_id, seat, winner in (await s.execute(q)).all():
            key = (int(uid), int(match_id))
            if key not in last or hand_id > last[key][0]:
                last[key] = (int(hand_id), int(seat), int(winner or 0))
        friends = await friends_winners(s, {match_id for _, match_id in last})
        won: dict[int, int] = {}
        for (user, match_id), (_, seat, winner) in last.items():
            seats = friends.get(match_id)
            if (seat in seats) if seats is not None else seat % 2 == winner:
                won[user] = won.get(user, 0) + 1
        return won

    async def level_progress(self, match_id: int) -> list[HandProgress]:
        """The match hand by hand: dealer, trump, points and the levels (both teams',
        or every seat's at 找朋友)."""
        async with self.db.session() as s:
            rows = (
                await s.scalars(
                    select(HandRow).where(HandRow.match_id == match_id).order_by(HandRow.hand_no)
                )
            ).all()
            legacy: dict[int, Levels] = {}
            if any(r.levels_before is None or r.levels_after is None for r in rows):
                legacy = await _snapshot_levels(s, match_id)
        return [_progress_of(r, _row_levels(r, legacy)) for r in rows]
