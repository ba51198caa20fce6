"""Tables, seats, matches and the action log: the durable state of every table.

Every write to a table is one transaction that checks and bumps
``tables.version``; a rules action is committed together with its sequence
number before anyone is told about it. A table's state after a restart is the
match snapshot plus a replay of the later actions (``load_match``). The per-action
write, ``record_action``, is the hot path and lives in ``storage.action_log``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from rules.actions import Action, action_from_dict
from rules.game import Match
from rules.ruleset import RuleSet
from storage.action_log import SNAPSHOT_EVERY as SNAPSHOT_EVERY
from storage.action_log import UNSET, ActionLog
from storage.db import Database
from storage.errors import StaleVersion, TableExists, TableNotFound
from storage.models import ACTIVE_STATUSES, ActionRow, MatchRow, SeatRow, TableRow, utcnow
from storage.table_info import SeatInfo, TableInfo, info_of, seat_row, to_utc


class Store(ActionLog):
    """All reads and writes of tables and matches. One transaction per call."""

    def __init__(self, db: Database) -> None:
        self.db = db
        # match id -> sequence number of its latest stored snapshot, as far as this
        # process knows (never ahead of the database): spares ``record_action`` a
        # SELECT per action to decide whether a snapshot is due.
        self._snapshot_seqs: dict[int, int] = {}

    # ---- tables ------------------------------------------------------------------------
    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        rules: RuleSet,
        options: dict[str, Any] | None = None,
        parent_channel_id: int | None = None,
        seats: Sequence[SeatInfo] = (),
        deadline: tuple[str, datetime] | None = None,
    ) -> TableInfo:
        """A new table in the lobby, with its first ``seats`` (and its timer, e.g.
        the unjoined lobby's close) in the same transaction (a crash never leaves
        a table without its creator)."""
        try:
            async with self.db.session() as s:
                row = TableRow(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    parent_channel_id=parent_channel_id,
                    creator_id=creator_id,
                    rules_json=rules.to_json(),
                    options_json=json.dumps(options or {}, sort_keys=True),
                    status="lobby",
                    version=0,
                    seq=0,
                    deadline_kind=None if deadline is None else deadline[0],
                    deadline_at=None if deadline is None else to_utc(deadline[1]),
                )
                s.add(row)
                await s.flush()
                table_id = row.id
                for seat in seats:
                    if not seat.empty:
                        s.add(seat_row(table_id, seat))
        except IntegrityError as exc:
            raise TableExists(channel_id) from exc
        return await self.get_table(table_id)

    async def _load(self, s: AsyncSession, table_id: int) -> TableRow:
        row = await s.get(TableRow, table_id, populate_existing=True)
        if row is None:
            raise TableNotFound(table_id)
        await s.refresh(row, ["seats"])
        return row

    async def get_table(self, table_id: int) -> TableInfo:
        async with self.db.session() as s:
            return info_of(await self._load(s, table_id))

    async def table_in_channel(self, channel_id: int) -> TableInfo | None:
        async with self.db.session() as s:
            row = await s.scalar(
                select(TableRow).where(
                    TableRow.channel_id == channel_id, TableRow.status.in_(ACTIVE_STATUSES)
                )
            )
            if row is None:
                return None
            await s.refresh(row, ["seats"])
            return info_of(row)

    async def last_table_in_channel(self, channel_id: int) -> TableInfo | None:
        """The channel's newest table, whatever its status (finished and ended too)."""
        async with self.db.session() as s:
            row = await s.scalar(
                select(TableRow)
                .where(TableRow.channel_id == channel_id)
                .order_by(TableRow.id.desc())
                .limit(1)
            )
            if row is None:
                return None
            await s.refresh(row, ["seats"])
            return info_of(row)

    async def active_tables(self) -> list[TableInfo]:
        async with self.db.session() as s:
            rows = (
                await s.scalars(
                    select(TableRow)
                    .where(TableRow.status.in_(ACTIVE_STATUSES))
                    .order_by(TableRow.id)
                )
            ).all()
            out = []
            for row in rows:
                await s.refresh(row, ["seats"])
                out.append(info_of(row))
            return out

    async def open_counts(self, creator_id: int, guild_id: int | None) -> tuple[int, int]:
        """How many unfinished tables the user opened, and the server holds (0 with no server)."""
        count = select(func.count()).select_from(TableRow)
        count = count.where(TableRow.status.in_(ACTIVE_STATUSES))
        async with self.db.session() as s:
            mine = await s.scalar(count.where(TableRow.creator_id == creator_id))
            server = None
            if guild_id is not None:
                server = await s.scalar(count.where(TableRow.guild_id == guild_id))
        return int(mine or 0), int(server or 0)

    async def table_version(self, table_id: int) -> int | None:
        """The stored version of a table (None: no such table): is my copy current?"""
        async with self.db.session() as s:
            return await s.scalar(select(TableRow.version).where(TableRow.id == table_id))

    async def active_versions(self) -> list[tuple[int, int | None, int]]:
        """(id, guild id, version) of every active table: one cheap poll for a
        process sharing the database with others."""
        async with self.db.session() as s:
            rows = await s.execute(
                select(TableRow.id, TableRow.guild_id, TableRow.version).where(
                    TableRow.status.in_(ACTIVE_STATUSES)
                )
            )
            return [(r[0], r[1], r[2]) for r in rows]

    async def _bump(self, s: AsyncSession, table_id: int, expected: int, **values: Any) -> None:
        """Check-and-increment the version: the optimistic lock of every write."""
        result = await s.execute(
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.version == expected)
            .values(version=TableRow.version + 1, updated_at=utcnow(), **values)
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            exists = await s.scalar(select(TableRow.id).where(TableRow.id == table_id))
            if exists is None:
                raise TableNotFound(table_id)
            raise StaleVersion(table_id, expected)

    async def update_table(
        self,
        table_id: int,
        expected_version: int,
        *,
        status: str = UNSET,
        options: dict[str, Any] = UNSET,
        rules: RuleSet = UNSET,
        deadline: tuple[str, datetime] | None = UNSET,
        seats: Sequence[SeatInfo] = (),
    ) -> TableInfo:
        """Change a table's status, options, seats or timer in one versioned write."""
        values: dict[str, Any] = {}
        if status is not UNSET:
            values["status"] = status
        if options is not UNSET:
            values["options_json"] = json.dumps(options, sort_keys=True)
        if rules is not UNSET:
            values["rules_json"] = rules.to_json()
        if deadline is not UNSET:
            values["deadline_kind"] = None if deadline is None else deadline[0]
            values["deadline_at"] = None if deadline is None else to_utc(deadline[1])
        try:
            async with self.db.session() as s:
                await self._bump(s, table_id, expected_version, **values)
                for seat in seats:
                    row = await s.get(SeatRow, (table_id, seat.seat))
                    if seat.empty:
                        if row is not None:
                            await s.delete(row)
                        continue
                    if row is None:
                        s.add(seat_row(table_id, seat))
                        continue
                    row.user_id = seat.user_id
                    row.ai_level = seat.ai_level
                    row.display_name = seat.display_name
                    row.locale = seat.locale
                await s.flush()
                return info_of(await self._load(s, table_id))
        except IntegrityError as exc:
            # A status change that would make a second active table in the channel.
            raise TableExists(await self._channel_of(table_id)) from exc

    async def _channel_of(self, table_id: int) -> int:
        async with self.db.session() as s:
            return int(
                await s.scalar(select(TableRow.channel_id).where(TableRow.id == table_id)) or 0
            )

    # ---- matches -------------------------------------------------------------------------
    async def start_match(
        self,
        table_id: int,
        expected_version: int,
        match: Match,
        *,
        deadline: tuple[str, datetime] | None = None,
    ) -> TableInfo:
        """Store a new match (its snapshot), make it the table's current match and
        arm its first timer: one transaction, so a crash never leaves a table in
        play without its timer."""
        try:
            async with self.db.session() as s:
                row = await self._load(s, table_id)
                channel_id = row.channel_id
                if row.current_match_id is not None:  # a table's next match (a tournament board)
                    await s.execute(
                        update(MatchRow)
                        .where(MatchRow.id == row.current_match_id, MatchRow.status == "playing")
                        .values(status="ended", finished_at=utcnow())
                    )
                m = MatchRow(
                    table_id=table_id,
                    seed=match.seed,
                    rules_json=match.rules.to_json(),
                    status="playing",
                    snapshot_json=json.dumps(match.to_dict()),
                    snapshot_seq=row.seq,
                )
                s.add(m)
                await s.flush()
                await self._bump(
                    s,
                    table_id,
                    expected_version,
                    status="playing",
                    current_match_id=m.id,
                    deadline_kind=None if deadline is None else deadline[0],
                    deadline_at=None if deadline is None else to_utc(deadline[1]),
                )
                info = info_of(await self._load(s, table_id))
                match_id, snapshot_seq = m.id, m.snapshot_seq
        except IntegrityError as exc:
            # Re-activating a table whose channel has another active table by now.
            raise TableExists(channel_id) from exc
        self._snapshot_seqs[match_id] = snapshot_seq
        return info

    async def find_action(self, table_id: int, idempotency_key: str) -> int | None:
        """The sequence number of an already-applied action with this key, if any."""
        async with self.db.session() as s:
            return await s.scalar(
                select(ActionRow.seq).where(
                    ActionRow.table_id == table_id, ActionRow.idempotency_key == idempotency_key
                )
            )

    async def end_match(
        self, table_id: int, expected_version: int, status: str = "ended"
    ) -> TableInfo:
        """Stop a table (and its match) by a player's decision."""
        async with self.db.session() as s:
            row = await self._load(s, table_id)
            if row.current_match_id is not None:
                await s.execute(
                    update(MatchRow)
                    .where(MatchRow.id == row.current_match_id, MatchRow.status == "playing")
                    .values(status="ended", finished_at=utcnow())
                )
            await self._bump(
                s, table_id, expected_version, status=status, deadline_kind=None, deadline_at=None
            )
            info = info_of(await self._load(s, table_id))
            match_id = row.current_match_id
        if match_id is not None:
            self._snapshot_seqs.pop(match_id, None)
        return info

    async def load_match(self, table_id: int) -> Match | None:
        """The table's current match: latest snapshot + replay of later actions."""
        async with self.db.session() as s:
            row = await self._load(s, table_id)
            if row.current_match_id is None:
                return None
            m = await s.get(MatchRow, row.current_match_id)
            assert m is not None
            payloads = (
                await s.scalars(
                    select(ActionRow.payload)
                    .where(ActionRow.match_id == m.id, ActionRow.seq > m.snapshot_seq)
                    .order_by(ActionRow.seq)
                )
            ).all()
            snapshot = m.snapshot_json
            match_id, snapshot_seq, playing = m.id, m.snapshot_seq, m.status == "playing"
        if playing:
            known = self._snapshot_seqs.get(match_id)
            self._snapshot_seqs[match_id] = max(snapshot_seq, known or 0)
        match = Match.from_dict(json.loads(snapshot))
        for p in payloads:
            match.apply(action_from_dict(json.loads(p)))
        return match

    async def match_actions(self, match_id: int) -> list[Action]:
        async with self.db.session() as s:
            payloads = (
                await s.scalars(
                    select(ActionRow.payload)
                    .where(ActionRow.match_id == match_id)
                    .order_by(ActionRow.seq)
                )
            ).all()
        return [action_from_dict(json.loads(p)) for p in payloads]

    async def match_info(self, match_id: int) -> MatchRow | None:
        async with self.db.session() as s:
            return await s.get(MatchRow, match_id)

    async def action_count(self, table_id: int) -> int:
        async with self.db.session() as s:
            return int(
                await s.scalar(select(func.count()).where(ActionRow.table_id == table_id)) or 0
            )
