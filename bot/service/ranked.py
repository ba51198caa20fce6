"""Ranked play in the service: the ladder as the front ends read it (``/rank``,
``/leaderboard``), the server's seasons (``/season``), and the notice that says
each player's 段位 change when a ranked hand ends (``service.ranked``, given the
server's ``Rankings``); the numbers come from ``storage.ratings`` (written with the hand) and are read
through ``storage.rankings``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from bot.service.errors import ServiceError, guarded
from bot.service.notices import Public
from rules import ladder
from rules.game import Match
from rules.ladder import Change, Mode, Standing
from storage import SeatInfo, TableInfo
from storage.rankings import Placed, Rankings, Season
from storage.ratings import Forfeit

RECENT = 10  # hands of recent form on a rank card
BOARD = 20  # the leaderboard's length


@dataclass(frozen=True, slots=True)
class RankCard:
    user_id: int
    season: int
    mode: Mode
    standing: Standing | None  # None: no ranked hand yet (this season and mode)
    place: int | None
    recent: tuple[bool, ...]  # won or lost, latest first
    partner: tuple[int, int, int] | None = None  # best partner: user id, hands, won
    partner_name: str | None = None  # their display name as stored with their hands

    @property
    def win_rate(self) -> float:
        s = self.standing
        return s.wins / s.hands if s is not None and s.hands else 0.0


@dataclass(frozen=True, slots=True)
class Board:
    season: int
    mode: Mode
    top: tuple[Placed, ...]
    mine: Placed | None  # the asker's own line (also when outside the top)
    # Display names as stored with the players' hands, by player key (not every
    # player has one: hands from before names were kept).
    names: dict[str, str] = field(default_factory=dict)


def _mode(mode: str | None) -> Mode:
    if mode in (None, "fixed", "classic"):
        return "fixed"
    if mode == "friends":
        return "friends"
    raise ServiceError("bad_option", detail=f"mode: {mode}")


class Ranked:
    def __init__(self, rankings: Rankings) -> None:
        self.rankings = rankings

    async def _season(self, guild_id: int, season: int | None) -> int:
        if season is not None:
            if season < 0:
                raise ServiceError("no_such_season", season=season)
            return season
        return await guarded(self.rankings.current_season(guild_id))

    async def rank_card(
        self, guild_id: int, user_id: int, mode: str | None = None, season: int | None = None
    ) -> RankCard:
        m = _mode(mode)
        n = await self._season(guild_id, season)
        key = str(user_id)
        placed: Placed | None = await guarded(self.rankings.place(guild_id, n, m, key))
        recent: list[bool] = await guarded(self.rankings.recent(guild_id, n, m, key, RECENT))
        standing = placed.standing if placed is not None else None
        place = placed.place if placed is not None else None
        best = await guarded(self.rankings.best_partner(guild_id, n, m, key))
        partner = (int(best[0]), best[1], best[2]) if best is not None else None
        name = None
        if best is not None:
            names: dict[str, str] = await guarded(self.rankings.names(guild_id, [best[0]]))
            name = names.get(best[0])
        return RankCard(user_id, n, m, standing, place, tuple(recent), partner, name)

    async def ladder_board(
        self,
        guild_id: int,
        user_id: int | None = None,
        mode: str | None = None,
        season: int | None = None,
    ) -> Board:
        m = _mode(mode)
        n = await self._season(guild_id, season)
        top: list[Placed] = await guarded(self.rankings.leaderboard(guild_id, n, m, BOARD))
        mine = None
        if user_id is not None:
            mine = await guarded(self.rankings.place(guild_id, n, m, str(user_id)))
        players = [p.player for p in top] + ([mine.player] if mine is not None else [])
        names: dict[str, str] = await guarded(self.rankings.names(guild_id, players))
        return Board(n, m, tuple(top), mine, names)

    async def seasons(self, guild_id: int) -> list[Season]:
        return await guarded(self.rankings.seasons(guild_id))

    async def season_start(self, guild_id: int, *, can_manage: bool) -> int:
        """A new season (the running one ends): the ladder starts again, softly.
        Only for those who manage the server."""
        if not can_manage:
            raise ServiceError("needs_manage_server")
        return await guarded(self.rankings.start_season(guild_id))

    async def ladder_tiers(self, guild_id: int) -> dict[int, int]:
        """user id -> their best tier (of the two modes) in the current season."""
        season = await self._season(guild_id, None)
        return await guarded(self.rankings.best_tiers(guild_id, season))

    async def tier_roles(self, guild_id: int) -> dict[int, int] | None:
        return await guarded(self.rankings.tier_roles(guild_id))

    async def add_tier_role(self, guild_id: int, tier: int, role_id: int) -> None:
        await guarded(self.rankings.add_tier_role(guild_id, tier, role_id))

    async def ladder_roles(
        self, guild_id: int, on: bool, *, can_manage_roles: bool
    ) -> dict[int, int]:
        """Tier roles on (returns the players' tiers to give out) or off (returns
        the roles made, to delete). Only for those who may manage roles."""
        if not can_manage_roles:
            raise ServiceError("needs_manage_roles")
        if on:
            await guarded(self.rankings.roles_on(guild_id))
            return await self.ladder_tiers(guild_id)
        return await guarded(self.rankings.roles_off(guild_id))

    async def season_end(self, guild_id: int, *, can_manage: bool) -> int:
        if not can_manage:
            raise ServiceError("needs_manage_server")
        number: int | None = await guarded(self.rankings.end_season(guild_id))
        if number is None:
            raise ServiceError("no_season_running")
        return number


def rank_notice(table: TableInfo, changes: Sequence[Change]) -> Public:
    """``rank_changed``: each seated person's points and tier after the hand, and
    whether they went up or down a tier (AI seats earn no points: left out)."""
    seat_of = {str(s.user_id): s.seat for s in table.seats if s.user_id is not None}
    lines = [
        {
            "seat": seat_of[c.key],
            "name": table.seats[seat_of[c.key]].display_name,
            "delta": c.delta,
            "points": c.after.points,
            "tier": c.after.tier,
            "move": "up" if c.promoted else "down" if c.demoted else "",
        }
        for c in changes
        if not ladder.is_ai(c.key) and c.key in seat_of
    ]
    lines.sort(key=lambda x: int(x["seat"]))
    return Public(table.id, table.channel_id, "rank_changed", params={"changes": lines})


def _key(seat: SeatInfo) -> str | None:
    if seat.user_id is not None:
        return str(seat.user_id)
    return ladder.ai_key(seat.ai_level) if seat.ai_level is not None else None


def leaver_forfeit(table: TableInfo, match: Match, seat: int, at: datetime) -> Forfeit:
    """What leaving a ranked match costs the seat's player: the hands its
    opponents' best level still has to climb (``ladder.forfeit_hands``), lost
    against everyone else at the table."""
    rules = table.rules
    levels = match.levels
    if rules.friends is None:
        rival = levels[1 - seat % 2]
    else:
        others = [lv for i, lv in enumerate(levels) if i != seat]
        rival = max(others, key=lambda lv: rules.levels.index(lv) if lv in rules.levels else -1)
    keys = [k for s in table.seats if s.seat != seat and (k := _key(s)) is not None]
    return Forfeit(
        table.guild_id or 0,
        "fixed" if rules.friends is None else "friends",
        str(table.seats[seat].user_id),
        tuple(dict.fromkeys(keys)),
        ladder.forfeit_hands(rules.levels, rival),
        at,
    )


def forfeit_notice(table: TableInfo, seat: int, hands: int, change: Change) -> Public:
    """``rank_forfeit``: the leaver's charge, said at the table."""
    params = {
        "seat": seat,
        "name": table.seats[seat].display_name,
        "hands": hands,
        "delta": change.delta,
        "points": change.after.points,
        "tier": change.after.tier,
        "move": "down" if change.demoted else "",
    }
    return Public(table.id, table.channel_id, "rank_forfeit", params=params)
