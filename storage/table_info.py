"""What a table is, as the rest of the program sees it: frozen ``TableInfo`` and
``SeatInfo`` read from the rows, and the UTC rule for every stored instant."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from rules.ladder import Change
from rules.ruleset import RuleSet
from storage.models import SeatRow, TableRow


def to_utc(dt: datetime) -> datetime:
    """Store every instant in UTC: SQLite keeps no offset, so 12:00+08:00 stored as
    is would read back as 12:00 UTC."""
    return dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)


def aware(dt: datetime | None) -> datetime | None:
    """SQLite returns naive datetimes; everything here is UTC."""
    if dt is None or dt.tzinfo is not None:
        return dt
    return dt.replace(tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    user_id: int | None = None
    ai_level: str | None = None
    display_name: str = ""
    locale: str | None = None

    @property
    def empty(self) -> bool:
        return self.user_id is None and self.ai_level is None

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None


@dataclass(frozen=True, slots=True)
class TableInfo:
    id: int
    guild_id: int | None
    channel_id: int
    parent_channel_id: int | None
    creator_id: int
    rules: RuleSet
    options: dict[str, Any]
    status: str
    version: int
    seq: int
    current_match_id: int | None
    deadline_at: datetime | None
    deadline_kind: str | None
    seats: tuple[SeatInfo, ...] = field(default_factory=tuple)

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None


@dataclass(frozen=True, slots=True)
class ActionReceipt:
    seq: int
    version: int
    hand_finished: bool
    # A ranked hand just ended: each player's ladder change.
    rank_changes: tuple[Change, ...] = ()


def info_of(row: TableRow) -> TableInfo:
    seats = {s.seat: s for s in row.seats}
    rules = RuleSet.from_json(row.rules_json)
    return TableInfo(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        parent_channel_id=row.parent_channel_id,
        creator_id=row.creator_id,
        rules=rules,
        options=json.loads(row.options_json or "{}"),
        status=row.status,
        version=row.version,
        seq=row.seq,
        current_match_id=row.current_match_id,
        deadline_at=aware(row.deadline_at),
        deadline_kind=row.deadline_kind,
        seats=tuple(
            SeatInfo(i, s.user_id, s.ai_level, s.display_name, s.locale)
            if (s := seats.get(i)) is not None
            else SeatInfo(i)
            for i in range(rules.players)  # 4, or N at a 找朋友 table
        ),
    )


def seat_row(table_id: int, seat: SeatInfo) -> SeatRow:
    return SeatRow(
        table_id=table_id,
        seat=seat.seat,
        user_id=seat.user_id,
        ai_level=seat.ai_level,
        display_name=seat.display_name,
        locale=seat.locale,
    )
