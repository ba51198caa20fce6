"""Ranked hands into ratings (``storage.ladder``), inside the hand's transaction.

``ranked_hand`` says what a finished hand at a ranked table (``options["ranked"]``)
gives the ladder; ``apply_hand`` rates it on the connection of the transaction that
stores the hand's rows (``ActionLog.record_action``), so a hand is either stored
and rated or neither. ``rebuild`` recomputes every rating from the stored hands,
in hand id order, with the same arithmetic (``Ladder`` below).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Table, delete, insert, select, update
from sqlalchemy.engine import Connection

from rules.game import Match
from rules.ruleset import RuleSet
from rules.scoring import team_of
from storage import ladder
from storage.ladder import Change, Mode, Standing
from storage.models import (
    HandPlayerRow,
    HandRow,
    MatchRow,
    RatingLogRow,
    RatingRow,
    SeasonRow,
    TableRow,
)
from storage.table_info import TableInfo, aware

_RATINGS: Table = RatingRow.__table__  # type: ignore[assignment]
_LOG: Table = RatingLogRow.__table__  # type: ignore[assignment]
_SEASONS: Table = SeasonRow.__table__  # type: ignore[assignment]

Key = tuple[int, int, str, str]  # guild, season, mode, player


@dataclass(frozen=True, slots=True)
class RatedSeat:
    seat: int
    player: str  # user id as text, or ai:<level>
    defending: bool  # on the dealer's side as the hand ended


@dataclass(frozen=True, slots=True)
class RankedHand:
    guild_id: int
    mode: Mode
    finished_at: datetime
    winner: str  # defenders | attackers
    level_change: int
    seats: tuple[RatedSeat, ...]

    @property
    def margin(self) -> int:
        return ladder.hand_margin(self.winner, self.level_change)

    def sides(self) -> tuple[list[str], list[str]]:
        defenders = [s.player for s in self.seats if s.defending]
        attackers = [s.player for s in self.seats if not s.defending]
        return (defenders, attackers) if self.winner == "defenders" else (attackers, defenders)


def mode_of(rules: RuleSet) -> Mode:
    return "fixed" if rules.friends is None else "friends"


def is_ranked(options: dict[str, Any]) -> bool:
    return bool(options.get("ranked"))


def ranked_hand(
    table: TableInfo,
    hand: dict[str, Any],
    players: Sequence[dict[str, Any]],
    ai_seats: Iterable[tuple[int, str, bool]] = (),
) -> RankedHand | None:
    """The ladder's view of a hand just built by ``hand_rows`` (its ``hands`` row and
    ``hand_players`` rows), or None off a ranked table. ``ai_seats``: (seat, level,
    defending) of AI seats."""
    if not is_ranked(table.options):
        return None
    seats = [RatedSeat(int(p["seat"]), str(p["user_id"]), p["role"] != "attacker") for p in players]
    # One rating per AI level: two seats of one level count once on their side,
    # and not at all when they sat on both sides.
    by_key: dict[str, list[RatedSeat]] = {}
    for seat, level, d in ai_seats:
        by_key.setdefault(ladder.ai_key(level), []).append(RatedSeat(seat, ladder.ai_key(level), d))
    for same in by_key.values():
        if len({s.defending for s in same}) == 1:
            seats.append(same[0])
    return RankedHand(
        table.guild_id or 0,
        mode_of(table.rules),
        hand["finished_at"],
        hand["winner"],
        hand["level_change"],
        tuple(sorted(seats, key=lambda s: s.seat)),
    )


def ai_seats(table: TableInfo, match: Match) -> list[tuple[int, str, bool]]:
    """(seat, level, defending) of the AI seats in the hand that just ended (the
    same side rule as ``hand_rows``)."""
    summary = match.history[-1]
    out = []
    for seat in table.seats:
        if seat.ai_level is None:
            continue
        if summary.team:
            defending = seat.seat in summary.team
        else:
            defending = team_of(seat.seat) == team_of(summary.dealer)
        out.append((seat.seat, seat.ai_level, defending))
    return out


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


def apply_hand(conn: Connection, hand_id: int, hand: RankedHand) -> list[Change]:
    """Rate ``hand`` (stored as ``hand_id``) on ``conn``, inside its transaction:
    read the players' rows (locked on PostgreSQL, so two processes rating the same
    player wait for each other), write them back and log the change."""
    winners, losers = hand.sides()
    if not winners or not losers:
        return []  # nobody to play against: nothing to learn
    seasons = conn.execute(
        select(_SEASONS.c.number, _SEASONS.c.started_at, _SEASONS.c.ended_at).where(
            _SEASONS.c.guild_id == hand.guild_id
        )
    ).all()
    season = season_at([(int(n), s, e) for n, s, e in seasons], hand.finished_at)
    keys = [s.player for s in hand.seats]
    rows = conn.execute(
        select(_RATINGS)
        .where(
            _RATINGS.c.guild_id == hand.guild_id,
            _RATINGS.c.season == season,
            _RATINGS.c.mode == hand.mode,
            _RATINGS.c.player.in_(keys),
        )
        .with_for_update()
    ).all()
    known = {str(r.player): _standing(r) for r in rows}
    now = {
        k: known[k]
        if k in known
        else ladder.soft_start(_previous(conn, hand.guild_id, season, hand.mode, k))
        for k in keys
    }
    changes = ladder.rate_hand(now, winners, losers, hand.margin)
    seat_of = {s.player: s.seat for s in hand.seats}
    fresh, logs = [], []
    for c in changes:
        key: Key = (hand.guild_id, season, hand.mode, c.key)
        values = _row(key, c.after, hand_id)
        if c.key in known:
            conn.execute(
                update(_RATINGS)
                .where(
                    _RATINGS.c.guild_id == hand.guild_id,
                    _RATINGS.c.season == season,
                    _RATINGS.c.mode == hand.mode,
                    _RATINGS.c.player == c.key,
                )
                .values(**values)
            )
        else:
            fresh.append(values)
        logs.append(_log(key, seat_of[c.key], c, hand_id))
    if fresh:
        conn.execute(insert(_RATINGS), fresh)
    conn.execute(insert(_LOG), logs)
    return changes


# --- rebuild -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rebuilt:
    hands: int
    players: int
    identical: bool  # the recomputed ratings equal the ones stored before


def _ranked_tables(conn: Connection) -> dict[int, int]:
    """Ranked tables -> their guild (0: none)."""
    rows = conn.execute(select(TableRow.id, TableRow.guild_id, TableRow.options_json)).all()
    return {int(t): int(g or 0) for t, g, o in rows if is_ranked(json.loads(o or "{}"))}


def _stored(conn: Connection) -> dict[Key, tuple[float, float, int, int, int]]:
    return {
        (int(r.guild_id), int(r.season), str(r.mode), str(r.player)): (
            float(r.mu),
            float(r.sigma),
            int(r.points),
            int(r.hands),
            int(r.wins),
        )
        for r in conn.execute(select(_RATINGS)).all()
    }


def stored_history(conn: Connection) -> list[tuple[int, RankedHand]]:
    """Every ranked hand, in hand id order, as the ladder sees it: humans from
    ``hand_players``, AI seats from the rating log (they have no other row)."""
    tables = _ranked_tables(conn)
    if not tables:
        return []
    matches = {
        int(m): (tables[int(t)], mode_of(RuleSet.from_json(r)))
        for m, t, r in conn.execute(
            select(MatchRow.id, MatchRow.table_id, MatchRow.rules_json).where(
                MatchRow.table_id.in_(tables)
            )
        ).all()
    }
    if not matches:
        return []
    hands = conn.execute(
        select(
            HandRow.id, HandRow.match_id, HandRow.finished_at, HandRow.winner, HandRow.level_change
        )
        .where(HandRow.match_id.in_(matches))
        .order_by(HandRow.id)
    ).all()
    seats: dict[int, list[RatedSeat]] = {}
    for hand_id, seat, user_id, role in conn.execute(
        select(
            HandPlayerRow.hand_id, HandPlayerRow.seat, HandPlayerRow.user_id, HandPlayerRow.role
        ).where(HandPlayerRow.match_id.in_(matches))
    ).all():
        seats.setdefault(int(hand_id), []).append(
            RatedSeat(int(seat), str(user_id), role != "attacker")
        )
    for hand_id, seat, player, won in conn.execute(
        select(_LOG.c.hand_id, _LOG.c.seat, _LOG.c.player, _LOG.c.won).where(
            _LOG.c.player.like("ai:%")
        )
    ).all():
        seats.setdefault(int(hand_id), []).append(RatedSeat(int(seat), str(player), bool(won)))
    out = []
    for hand_id, match_id, finished_at, winner, level_change in hands:
        guild, mode = matches[int(match_id)]
        mine = seats.get(int(hand_id), [])
        # An AI seat's log row says whether it won; turn that into its side.
        fixed = [
            RatedSeat(s.seat, s.player, s.defending == (winner == "defenders"))
            if ladder.is_ai(s.player)
            else s
            for s in mine
        ]
        out.append(
            (
                int(hand_id),
                RankedHand(
                    guild,
                    mode,
                    finished_at,
                    str(winner),
                    int(level_change),
                    tuple(sorted(fixed, key=lambda s: s.seat)),
                ),
            )
        )
    return out


def rebuild(conn: Connection) -> Rebuilt:
    """Recompute every rating and the rating log from the stored hands (seasons
    kept), on ``conn`` in one transaction; say whether the result equals what was
    stored."""
    before = _stored(conn)
    history = stored_history(conn)
    conn.execute(delete(_LOG))
    conn.execute(delete(_RATINGS))
    for hand_id, hand in history:
        apply_hand(conn, hand_id, hand)
    after = _stored(conn)
    return Rebuilt(len(history), len(after), _same(before, after))


def _same(
    a: dict[Key, tuple[float, float, int, int, int]],
    b: dict[Key, tuple[float, float, int, int, int]],
) -> bool:
    """Equal keys and numbers. Both backends keep a Python float exactly and the
    arithmetic is the same, so the floats agree to the last bit; 1e-9 only spares
    the comparison from depending on that."""
    if a.keys() != b.keys():
        return False
    return all(
        abs(x - y) <= 1e-9 if isinstance(x, float) else x == y
        for k in a
        for x, y in zip(a[k], b[k], strict=True)
    )
