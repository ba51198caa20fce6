"""The director's changes to a running tournament, each one transaction with its
log line (``LogRow``): a team's player replaced, a table's result adjusted. The
log is what a front end shows (``log``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select, update

from storage.db import Database
from storage.table_info import aware
from storage.tournament_rows import EntryRow, LogRow, PairingRow


class NotOnTeam(Exception):
    """The player to replace is not on that team (or the team does not exist)."""


class NoSuchTable(Exception):
    """No table of that number in that round."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    at: datetime
    actor_id: int
    action: str  # replace | adjust
    round_no: int | None
    table_no: int | None
    detail: dict[str, Any]
    reason: str


class TournamentDirector:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def replace_member(
        self,
        event_id: int,
        team_no: int,
        old_id: int,
        new_id: int,
        new_name: str,
        *,
        actor_id: int,
        reason: str,
        round_no: int | None,
    ) -> None:
        """``new_id`` takes ``old_id``'s place on the team, with its log line."""
        async with self.db.session() as s:
            row = await s.get(EntryRow, (event_id, team_no))
            users = [int(u) for u in row.user_ids.split()] if row is not None else []
            if row is None or old_id not in users:
                raise NotOnTeam(old_id)
            i = users.index(old_id)
            names = row.names.split("\t") if row.names else [""] * len(users)
            old_name = names[i]
            users[i], names[i] = new_id, new_name.replace("\t", " ")
            row.user_ids = " ".join(map(str, users))
            row.names = "\t".join(names)
            detail = {
                "team": team_no,
                "old": old_id,
                "old_name": old_name,
                "new": new_id,
                "new_name": new_name,
            }
            s.add(self._line(event_id, actor_id, "replace", round_no, None, detail, reason))

    async def adjust(
        self,
        event_id: int,
        round_no: int,
        table_no: int,
        *,
        level_diff: int | None,
        ns_raw: int | None,
        actor_id: int,
        reason: str,
    ) -> None:
        """A table's stored result becomes the director's (N/S view), logged with
        the result it replaces."""
        async with self.db.session() as s:
            row = await s.get(PairingRow, (event_id, round_no, table_no))
            if row is None:
                raise NoSuchTable(table_no)
            detail = {
                "ns_team": row.ns_team,
                "ew_team": row.ew_team,
                "before": {"level_diff": row.level_diff, "ns_raw": row.ns_raw},
                "after": {"level_diff": level_diff, "ns_raw": ns_raw},
            }
            values: dict[str, Any] = {}
            if level_diff is not None:
                values["level_diff"] = level_diff
            if ns_raw is not None:
                values["ns_raw"] = ns_raw
            await s.execute(
                update(PairingRow)
                .where(
                    PairingRow.event_id == event_id,
                    PairingRow.round_no == round_no,
                    PairingRow.table_no == table_no,
                )
                .values(**values)
            )
            s.add(self._line(event_id, actor_id, "adjust", round_no, table_no, detail, reason))

    async def log(self, event_id: int) -> list[LogEntry]:
        q = select(LogRow).where(LogRow.event_id == event_id).order_by(LogRow.id)
        async with self.db.session() as s:
            out = []
            for r in (await s.scalars(q)).all():
                at = aware(r.at)
                assert at is not None
                out.append(
                    LogEntry(
                        at,
                        r.actor_id,
                        r.action,
                        r.round_no,
                        r.table_no,
                        json.loads(r.detail_json or "{}"),
                        r.reason,
                    )
                )
            return out

    @staticmethod
    def _line(
        event_id: int,
        actor_id: int,
        action: str,
        round_no: int | None,
        table_no: int | None,
        detail: dict[str, Any],
        reason: str,
    ) -> LogRow:
        return LogRow(
            event_id=event_id,
            actor_id=actor_id,
            action=action,
            round_no=round_no,
            table_no=table_no,
            detail_json=json.dumps(detail, sort_keys=True),
            reason=reason[:500],
        )
