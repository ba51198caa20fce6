"""A finished hand's rows: one in ``hands`` (its result, levels and record) and one
in ``hand_players`` per human seat (the source of every statistic). Built before
the transaction, written inside it by ``Store.record_action``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Table, insert
from sqlalchemy.engine import Connection

from rules.game import Match
from rules.record import write_record
from rules.scoring import team_of
from storage.models import HandPlayerRow, HandRow, format_levels, utcnow
from storage.table_info import TableInfo

_HANDS: Table = HandRow.__table__  # type: ignore[assignment]
_HAND_PLAYERS: Table = HandPlayerRow.__table__  # type: ignore[assignment]
_INSERT_HAND = insert(_HANDS)
_INSERT_HAND_PLAYER = insert(_HAND_PLAYERS)


def hand_rows(
    table: TableInfo, match: Match, finished_at: datetime | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The ``hands`` row of the hand that just ended and its ``hand_players`` rows."""
    summary = match.history[-1]
    match_id = table.current_match_id
    assert match_id is not None
    hand = {
        "match_id": match_id,
        "hand_no": summary.hand_no,
        "dealer": summary.dealer,
        "level_rank": summary.level_rank,
        "trump": "NT" if summary.trump_suit is None else summary.trump_suit.letter,
        "attackers_points": summary.attackers_points,
        "kitty_multiplier": summary.multiplier,
        "winner": summary.winner,
        "level_change": summary.level_change,
        "team0_before": summary.levels_before[0],
        "team1_before": summary.levels_before[1],
        "team0_after": summary.levels_after[0],
        "team1_after": summary.levels_after[1],
        "levels_before": format_levels(summary.levels_before),
        "levels_after": format_levels(summary.levels_after),
        "record": write_record(match),
        # Set here, not by the column default: a ranked hand's season is read from it.
        "finished_at": finished_at or utcnow(),
    }
    defenders = team_of(summary.dealer)
    players = []
    for seat in table.seats:
        if seat.user_id is None:
            continue
        # 找朋友: the dealer's team as it ended (fixed partners otherwise).
        defending = seat.seat in summary.team if summary.team else team_of(seat.seat) == defenders
        won = (summary.winner == "defenders") == defending
        role = "dealer" if seat.seat == summary.dealer else "defender" if defending else "attacker"
        players.append(
            {
                "seat": seat.seat,
                "user_id": seat.user_id,
                "guild_id": table.guild_id,
                "match_id": match_id,
                "role": role,
                "won": won,
                "levels_gained": max(summary.level_change, 0) if won else 0,
                "points_captured": 0 if defending else summary.attackers_points,
                "display_name": seat.display_name or None,
            }
        )
    return hand, players


def store_hand(conn: Connection, hand: dict[str, Any], players: list[dict[str, Any]]) -> int:
    """Insert the rows; the new hand's id."""
    (hand_id,) = conn.execute(_INSERT_HAND, hand).inserted_primary_key  # type: ignore[misc]
    if players:
        conn.execute(_INSERT_HAND_PLAYER, [{**p, "hand_id": hand_id} for p in players])
    return int(hand_id)
