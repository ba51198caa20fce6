"""``python -m storage ratings rebuild``: every rating and 段位 recomputed from the
stored hands (and forfeits), in order, with the arithmetic that wrote them
(``rules.ladder``, through ``storage.ratings``): the ratings are a pure function of
the hand history. This module reads the rows back into typed ``HandResult``s."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import Table, delete, select
from sqlalchemy.engine import Connection

from rules import ladder
from rules.ladder import HandResult, RatedSeat
from rules.ruleset import RuleSet
from storage.models import (
    ForfeitRow,
    HandPlayerRow,
    HandRow,
    MatchRow,
    RatingLogRow,
    RatingRow,
    TableRow,
)
from storage.ratings import (
    Forfeit,
    Key,
    RankedHand,
    apply_forfeit,
    apply_hand,
    is_ranked,
    mode_of,
)

_RATINGS: Table = RatingRow.__table__  # type: ignore[assignment]
_LOG: Table = RatingLogRow.__table__  # type: ignore[assignment]
_FORFEITS: Table = ForfeitRow.__table__  # type: ignore[assignment]


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
                    HandResult(
                        str(winner), int(level_change), tuple(sorted(fixed, key=lambda s: s.seat))
                    ),
                ),
            )
        )
    return out


def stored_forfeits(conn: Connection) -> list[tuple[int, int, Forfeit]]:
    """(after hand id, id, forfeit) of every stored forfeit."""
    rows = conn.execute(select(_FORFEITS).order_by(_FORFEITS.c.id)).all()
    return [
        (
            int(r.after_hand_id),
            int(r.id),
            Forfeit(
                int(r.guild_id),
                mode_of_name(r.mode),
                str(r.player),
                tuple(str(r.others).split()),
                int(r.hands),
                r.at,
            ),
        )
        for r in rows
    ]


def mode_of_name(mode: str) -> ladder.Mode:
    return "friends" if mode == "friends" else "fixed"


def rebuild(conn: Connection) -> Rebuilt:
    """Recompute every rating and the rating log from the stored hands and
    forfeits (seasons kept), on ``conn`` in one transaction; say whether the
    result equals what was stored."""
    before = _stored(conn)
    history = stored_history(conn)
    forfeits = stored_forfeits(conn)
    conn.execute(delete(_LOG))
    conn.execute(delete(_RATINGS))
    # A forfeit goes right after the last hand stored before it.
    steps: list[tuple[int, int, int, RankedHand | Forfeit]] = [
        (hand_id, 0, 0, hand) for hand_id, hand in history
    ]
    steps += [(after, 1, fid, f) for after, fid, f in forfeits]
    for hand_id, _, _, step in sorted(steps, key=lambda s: s[:3]):
        if isinstance(step, RankedHand):
            apply_hand(conn, hand_id, step)
        else:
            apply_forfeit(conn, step, record=False)
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
