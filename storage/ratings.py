"""Ranked hands into ratings, inside the hand's transaction: the reads and writes
around ``rules.ladder`` (the arithmetic, over a typed ``HandResult``).

``ranked_hand`` says what a finished hand at a ranked table (``options["ranked"]``)
gives the ladder; ``apply_hand`` reads the players' standings on the connection of
the transaction that stores the hand's rows (``ActionLog.record_action``), rates
them (``rules.ladder.rate``) and writes them back, so a hand is either stored and
rated or neither. ``rebuild`` recomputes every rating from the stored hands,
in hand id order, with the same arithmetic (``storage.rebuild``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Table, func, insert, select, update
from sqlalchemy.engine import Connection

from rules import ladder
from rules.game import Match
from rules.ladder import Change, HandResult, Mode, Standing
from rules.ruleset import RuleSet
from storage.models import (
    ForfeitRow,
    HandRow,
    RatingLogRow,
    RatingRow,
    SeasonRow,
)
from storage.table_info import TableInfo, aware

_RATINGS: Table = RatingRow.__table__  # type: ignore[assignment]
_LOG: Table = RatingLogRow.__table__  # type: ignore[assignment]
_SEASONS: Table = SeasonRow.__table__  # type: ignore[assignment]
_FORFEITS: Table = ForfeitRow.__table__  # type: ignore[assignment]

Key = tuple[int, int, str, str]  # guild, season, mode, player


@dataclass(frozen=True, slots=True)
class RankedHand:
    """A ranked hand's result (``rules.ladder.HandResult``) and which ladder it
    counts for: the server, the mode, and the season its finish falls in."""

    guild_id: int
    mode: Mode
    finished_at: datetime
    result: HandResult


def mode_of(rules: RuleSet) -> Mode:
    return "fixed" if rules.friends is None else "friends"


def is_ranked(options: dict[str, Any]) -> bool:
    return bool(options.get("ranked"))


def ranked_hand(table: TableInfo, match: Match, finished_at: datetime) -> RankedHand | None:
    """What the hand that just ended gives the ladder, or None off a ranked table
    (``options["ranked"]``). Every seat a person sat in is rated as that person (a
    seat on 托管 too: the player's own play); an AI seat as its level."""
    if not is_ranked(table.options):
        return None
    people = [(s.seat, str(s.user_id)) for s in table.seats if s.user_id is not None]
    ai = [(s.seat, s.ai_level) for s in table.seats if s.ai_level is not None and s.user_id is None]
    return RankedHand(
        table.guild_id or 0,
        mode_of(table.rules),
        finished_at,
        ladder.hand_result(match.history[-1], people, ai),
    )


def season_at(seasons: Iterable[tuple[int, datetime, datetime | None]], at: datetime) -> int:
    """The season a hand finished at ``at`` counts for: the latest one running
    then, else 0 (the open ladder between seasons)."""
    at = aware(at) or at
    found = 0
    for number, started, ended in seasons:
        start, end = aware(started), aware(ended)
        assert start is not None
        if start <= at and (end is None or at < end) and number > found:
            found = number
    return found


def _standing(row: Any) -> Standing:
    return Standing(float(row.mu), float(row.sigma), int(row.points), int(row.hands), int(row.wins))


def _previous(conn: Connection, guild: int, season: int, mode: str, player: str) -> Standing | None:
    """The player's standing in the latest earlier season (for a soft start)."""
    row = conn.execute(
        select(_RATINGS)
        .where(
            _RATINGS.c.guild_id == guild,
            _RATINGS.c.mode == mode,
            _RATINGS.c.player == player,
            _RATINGS.c.season < season,
        )
        .order_by(_RATINGS.c.season.desc())
        .limit(1)
    ).first()
    return None if row is None else _standing(row)


def _row(key: Key, s: Standing, hand_id: int) -> dict[str, Any]:
    guild, season, mode, player = key
    return {
        "guild_id": guild,
        "season": season,
        "mode": mode,
        "player": player,
        "mu": s.mu,
        "sigma": s.sigma,
        "points": s.points,
        "tier": s.tier,
        "hands": s.hands,
        "wins": s.wins,
        "last_hand_id": hand_id,
    }


def _log(key: Key, seat: int, c: Change, hand_id: int) -> dict[str, Any]:
    guild, season, mode, player = key
    return {
        "hand_id": hand_id,
        "player": player,
        "guild_id": guild,
        "season": season,
        "mode": mode,
        "seat": seat,
        "won": c.won,
        "mu_before": c.before.mu,
        "sigma_before": c.before.sigma,
        "points_before": c.before.points,
        "mu_after": c.after.mu,
        "sigma_after": c.after.sigma,
        "points_after": c.after.points,
    }


def _season_of(conn: Connection, guild_id: int, at: datetime) -> int:
    seasons = conn.execute(
        select(_SEASONS.c.number, _SEASONS.c.started_at, _SEASONS.c.ended_at).where(
            _SEASONS.c.guild_id == guild_id
        )
    ).all()
    return season_at([(int(n), s, e) for n, s, e in seasons], at)


def _load(
    conn: Connection, guild: int, season: int, mode: str, keys: Sequence[str]
) -> tuple[set[str], dict[str, Standing]]:
    """The players' standings (rows locked on PostgreSQL, so two processes rating
    the same player wait for each other); a player new to the season starts
    softly from the latest earlier one. Returns (keys with a row, standings)."""
    rows = conn.execute(
        select(_RATINGS)
        .where(
            _RATINGS.c.guild_id == guild,
            _RATINGS.c.season == season,
            _RATINGS.c.mode == mode,
            _RATINGS.c.player.in_(keys),
        )
        .with_for_update()
    ).all()
    known = {str(r.player): _standing(r) for r in rows}
    now = {
        k: known[k] if k in known else ladder.soft_start(_previous(conn, guild, season, mode, k))
        for k in keys
    }
    return set(known), now


def _save(conn: Connection, key: Key, after: Standing, hand_id: int, existed: bool) -> None:
    values = _row(key, after, hand_id)
    if not existed:
        conn.execute(insert(_RATINGS), [values])
        return
    guild, season, mode, player = key
    conn.execute(
        update(_RATINGS)
        .where(
            _RATINGS.c.guild_id == guild,
            _RATINGS.c.season == season,
            _RATINGS.c.mode == mode,
            _RATINGS.c.player == player,
        )
        .values(**values)
    )


LOCK_SPACE = 22  # PostgreSQL advisory locks (space, guild): one ladder writer per server


def lock_ladder(conn: Connection, guild_id: int) -> None:
    """On PostgreSQL, hold the server's ladder lock until the transaction ends.
    Taken *before* a ranked hand's row is inserted, so its id is drawn in the
    order the server's ranked hands are rated and committed: rebuild, which
    replays in id order, then gives the same numbers with several processes.
    SQLite has one writer at a time already."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({LOCK_SPACE}, {int(guild_id) % 2**31})")


def apply_hand(conn: Connection, hand_id: int, hand: RankedHand) -> list[Change]:
    """Rate ``hand`` (stored as ``hand_id``) on ``conn``, inside its transaction:
    read the players' rows, write them back and log the change."""
    winners, losers = hand.result.sides()
    if not winners or not losers:
        return []  # nobody to play against: nothing to learn
    seats = hand.result.seats
    season = _season_of(conn, hand.guild_id, hand.finished_at)
    existed, now = _load(conn, hand.guild_id, season, hand.mode, [s.player for s in seats])
    changes = ladder.rate(now, hand.result)
    seat_of = {s.player: s.seat for s in seats}
    for c in changes:
        key: Key = (hand.guild_id, season, hand.mode, c.key)
        _save(conn, key, c.after, hand_id, c.key in existed)
    conn.execute(
        insert(_LOG),
        [
            _log((hand.guild_id, season, hand.mode, c.key), seat_of[c.key], c, hand_id)
            for c in changes
        ],
    )
    return changes


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A player leaving a ranked match (``rules.ladder.forfeit``)."""

    guild_id: int
    mode: Mode
    player: str
    others: tuple[str, ...]
    hands: int
    at: datetime


_LAST_HAND = select(func.max(HandRow.id))


def apply_forfeit(conn: Connection, f: Forfeit, record: bool = True) -> Change:
    """Charge the leaver, in one transaction with its ``forfeits`` row (``record``;
    rebuild replays stored rows without recording them again)."""
    lock_ladder(conn, f.guild_id)
    season = _season_of(conn, f.guild_id, f.at)
    existed, now = _load(conn, f.guild_id, season, f.mode, [f.player, *f.others])
    change = ladder.forfeit(now, f.player, f.others, f.hands)
    after_hand = int(conn.scalar(_LAST_HAND) or 0)
    key: Key = (f.guild_id, season, f.mode, f.player)
    _save(conn, key, change.after, after_hand, f.player in existed)
    if record:
        conn.execute(
            insert(_FORFEITS),
            [
                {
                    "guild_id": f.guild_id,
                    "mode": f.mode,
                    "player": f.player,
                    "others": " ".join(f.others),
                    "hands": f.hands,
                    "after_hand_id": after_hand,
                    "at": f.at,
                    "season": season,
                    "points_before": change.before.points,
                    "points_after": change.after.points,
                }
            ],
        )
    return change
