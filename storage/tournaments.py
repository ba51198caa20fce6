"""Tournaments as stored: events, entries, rounds, pairings, boards
(``storage.tournament_rows``). Each method is one transaction, so an event is never
left half-changed (a round opens with all its pairings, or not at all), and all of
an event's state is here: a restarted bot picks it up where it was."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select, update

from rules.ruleset import RuleSet
from storage.db import Database
from storage.models import ActionRow, HandRow, MatchRow, parse_levels, utcnow
from storage.table_info import aware, to_utc
from storage.tournament_info import (
    FORMATS,
    EntryInfo,
    EntryTaken,
    EventInfo,
    PairingInfo,
    PlannedTable,
    PlayedHand,
    RoundInfo,
    _entry,
    _event,
    _pairing,
)
from storage.tournament_rows import BoardRow, EntryRow, EventRow, PairingRow, RoundRow

__all__ = [
    "FORMATS",
    "EntryInfo",
    "EntryTaken",
    "EventInfo",
    "PairingInfo",
    "PlannedTable",
    "PlayedHand",
    "RoundInfo",
    "Tournaments",
]


class Tournaments:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ---- events -----------------------------------------------------------------------
    async def create_event(
        self,
        *,
        guild_id: int | None,
        channel_id: int | None,
        name: str,
        format: str,
        rounds: int,
        hands: int | None,
        minutes: int | None,
        rules: RuleSet,
        director_id: int,
        seed: str,
        ranked: bool = False,
        settings: Mapping[str, Any] | None = None,
    ) -> EventInfo:
        if format not in FORMATS:
            raise ValueError(f"unknown format {format!r}")
        async with self.db.session() as s:
            row = EventRow(
                guild_id=guild_id,
                channel_id=channel_id,
                name=name,
                format=format,
                rounds=rounds,
                hands=hands,
                minutes=minutes,
                rules_json=rules.to_json(),
                settings_json=json.dumps(dict(settings or {}), sort_keys=True),
                ranked=ranked,
                status="registering",
                director_id=director_id,
                seed=seed,
                current_round=0,
            )
            s.add(row)
            await s.flush()
            return _event(row)

    async def event(self, event_id: int) -> EventInfo | None:
        async with self.db.session() as s:
            row = await s.get(EventRow, event_id)
            return None if row is None else _event(row)

    async def events(
        self, *, guild_id: int | None = None, statuses: Sequence[str] = ()
    ) -> list[EventInfo]:
        q = select(EventRow).order_by(EventRow.id)
        if guild_id is not None:
            q = q.where(EventRow.guild_id == guild_id)
        if statuses:
            q = q.where(EventRow.status.in_(statuses))
        async with self.db.session() as s:
            return [_event(r) for r in (await s.scalars(q)).all()]

    async def set_status(self, event_id: int, status: str) -> None:
        async with self.db.session() as s:
            await s.execute(
                update(EventRow)
                .where(EventRow.id == event_id)
                .values(status=status, updated_at=utcnow())
            )

    async def start_event(
        self, event_id: int, drop: Sequence[int], boards: Mapping[int, str]
    ) -> None:
        """Registration closes: the teams in ``drop`` (not checked in) are out, the
        event's boards (duplicate) are fixed, the event runs."""
        async with self.db.session() as s:
            if drop:
                await s.execute(
                    update(EntryRow)
                    .where(EntryRow.event_id == event_id, EntryRow.team_no.in_(list(drop)))
                    .values(dropped=True)
                )
            for board_no, key in sorted(boards.items()):
                s.add(BoardRow(event_id=event_id, board_no=board_no, deal_key=key))
            await s.execute(
                update(EventRow)
                .where(EventRow.id == event_id)
                .values(status="running", updated_at=utcnow())
            )

    async def boards(self, event_id: int) -> dict[int, str]:
        async with self.db.session() as s:
            rows = await s.scalars(select(BoardRow).where(BoardRow.event_id == event_id))
            return {r.board_no: r.deal_key for r in rows.all()}

    # ---- entries ----------------------------------------------------------------------
    async def add_entry(
        self, event_id: int, user_ids: Sequence[int], names: Sequence[str] = ()
    ) -> int:
        """A new team (the next number); ``EntryTaken`` if a player already has one."""
        async with self.db.session() as s:
            rows = (await s.scalars(select(EntryRow).where(EntryRow.event_id == event_id))).all()
            for r in rows:
                taken = set(_entry(r).user_ids) & set(user_ids)
                if taken and not r.dropped:
                    raise EntryTaken(min(taken))
            team_no = max((r.team_no for r in rows), default=-1) + 1
            s.add(
                EntryRow(
                    event_id=event_id,
                    team_no=team_no,
                    user_ids=" ".join(str(u) for u in user_ids),
                    names="\t".join(n.replace("\t", " ") for n in names),
                    checked_in=False,
                    dropped=False,
                )
            )
            return team_no

    async def set_entry(
        self,
        event_id: int,
        team_no: int,
        *,
        checked_in: bool | None = None,
        dropped: bool | None = None,
    ) -> None:
        values: dict[str, Any] = {}
        if checked_in is not None:
            values["checked_in"] = checked_in
        if dropped is not None:
            values["dropped"] = dropped
        async with self.db.session() as s:
            await s.execute(
                update(EntryRow)
                .where(EntryRow.event_id == event_id, EntryRow.team_no == team_no)
                .values(**values)
            )

    async def entries(self, event_id: int) -> list[EntryInfo]:
        async with self.db.session() as s:
            rows = await s.scalars(
                select(EntryRow).where(EntryRow.event_id == event_id).order_by(EntryRow.team_no)
            )
            return [_entry(r) for r in rows.all()]

    # ---- rounds and tables ------------------------------------------------------------
    async def open_round(
        self,
        event_id: int,
        round_no: int,
        tables: Sequence[PlannedTable],
        bye_team: int | None,
        at: datetime,
    ) -> None:
        """A round with all its tables (none has a table id yet), in one write."""
        async with self.db.session() as s:
            s.add(
                RoundRow(
                    event_id=event_id,
                    round_no=round_no,
                    status="open",
                    bye_team=bye_team,
                    started_at=to_utc(at),
                )
            )
            for t in tables:
                s.add(
                    PairingRow(
                        event_id=event_id,
                        round_no=round_no,
                        table_no=t.table_no,
                        ns_team=t.ns_team,
                        ew_team=t.ew_team,
                        board_no=t.board_no,
                        status="open",
                        hands=0,
                        no_shows="",
                        seats=" ".join(map(str, t.seats)),
                        seat_levels="",
                    )
                )
            await s.execute(
                update(EventRow)
                .where(EventRow.id == event_id)
                .values(current_round=round_no, updated_at=utcnow())
            )

    async def rounds(self, event_id: int) -> list[RoundInfo]:
        async with self.db.session() as s:
            rows = await s.scalars(
                select(RoundRow).where(RoundRow.event_id == event_id).order_by(RoundRow.round_no)
            )
            out = []
            for r in rows.all():
                started = aware(r.started_at)
                assert started is not None
                out.append(
                    RoundInfo(
                        r.round_no,
                        r.status,
                        r.bye_team,
                        started,
                        aware(r.finished_at),
                        frozenset(r.news.split()),
                    )
                )
            return out

    async def mark_news(self, event_id: int, round_no: int, what: str) -> None:
        """The round's ``what`` post went out (or was tried: Discord refused it)."""
        async with self.db.session() as s:
            await s.execute(
                update(RoundRow)
                .where(RoundRow.event_id == event_id, RoundRow.round_no == round_no)
                .values(news=RoundRow.news + f" {what}")
            )

    async def restart_round(self, event_id: int, round_no: int, at: datetime) -> None:
        """The round's clock (grace time, minutes) starts again: its tables opened late."""
        async with self.db.session() as s:
            await s.execute(
                update(RoundRow)
                .where(RoundRow.event_id == event_id, RoundRow.round_no == round_no)
                .values(started_at=to_utc(at))
            )

    async def finals_unannounced(self) -> list[EventInfo]:
        """Finished events whose final ranking was never posted (a crash between
        the last write and the post)."""
        q = (
            select(EventRow)
            .join(
                RoundRow,
                (RoundRow.event_id == EventRow.id) & (RoundRow.round_no == EventRow.current_round),
            )
            .where(EventRow.status == "finished", RoundRow.news.not_like("%final%"))
            .order_by(EventRow.id)
        )
        async with self.db.session() as s:
            return [_event(r) for r in (await s.scalars(q)).all()]

    async def pairings(self, event_id: int, round_no: int | None = None) -> list[PairingInfo]:
        q = select(PairingRow).where(PairingRow.event_id == event_id)
        if round_no is not None:
            q = q.where(PairingRow.round_no == round_no)
        q = q.order_by(PairingRow.round_no, PairingRow.table_no)
        async with self.db.session() as s:
            return [_pairing(r) for r in (await s.scalars(q)).all()]

    async def _update_pairing(
        self, event_id: int, round_no: int, table_no: int, **values: Any
    ) -> None:
        async with self.db.session() as s:
            await s.execute(
                update(PairingRow)
                .where(
                    PairingRow.event_id == event_id,
                    PairingRow.round_no == round_no,
                    PairingRow.table_no == table_no,
                )
                .values(**values)
            )

    async def set_table(self, event_id: int, round_no: int, table_no: int, table_id: int) -> None:
        await self._update_pairing(event_id, round_no, table_no, table_id=table_id)

    async def set_no_shows(
        self, event_id: int, round_no: int, table_no: int, seats: Sequence[int]
    ) -> None:
        text = " ".join(str(s) for s in sorted(set(seats)))
        await self._update_pairing(event_id, round_no, table_no, no_shows=text)

    async def set_checked(self, event_id: int, round_no: int, table_no: int) -> None:
        """The table's no-show check was made (its no-shows are stored)."""
        await self._update_pairing(event_id, round_no, table_no, checked=True)

    async def finish_table(
        self,
        event_id: int,
        round_no: int,
        table_no: int,
        *,
        level_diff: int,
        ns_raw: int | None,
        hands: int,
        seat_levels: Sequence[int] = (),
    ) -> None:
        await self._update_pairing(
            event_id,
            round_no,
            table_no,
            status="done",
            level_diff=level_diff,
            ns_raw=ns_raw,
            hands=hands,
            seat_levels=" ".join(map(str, seat_levels)),
        )

    async def finish_round(
        self,
        event_id: int,
        round_no: int,
        at: datetime,
        *,
        last: bool = False,
        table_imps: Mapping[int, int] | None = None,
    ) -> None:
        """The round is over (and with ``last``, the event too), with the duplicate
        tables' IMPs (table number -> IMPs of its N/S team), in one write."""
        async with self.db.session() as s:
            for table_no, value in (table_imps or {}).items():
                await s.execute(
                    update(PairingRow)
                    .where(
                        PairingRow.event_id == event_id,
                        PairingRow.round_no == round_no,
                        PairingRow.table_no == table_no,
                    )
                    .values(ns_raw=value)
                )
            await s.execute(
                update(RoundRow)
                .where(RoundRow.event_id == event_id, RoundRow.round_no == round_no)
                .values(status="finished", finished_at=to_utc(at))
            )
            if last:
                await s.execute(
                    update(EventRow)
                    .where(EventRow.id == event_id)
                    .values(status="finished", updated_at=utcnow())
                )

    # ---- what the tables played -------------------------------------------------------
    async def round_in_play(self, table_id: int) -> bool:
        """Whether ``table_id`` is a table of a tournament round that is not over:
        its hands stay out of every replay until then (duplicate: the other table
        still has to play the same boards)."""
        async with self.db.session() as s:
            pairing = (
                await s.scalars(select(PairingRow).where(PairingRow.table_id == table_id))
            ).first()
            if pairing is None:
                return False
            row = await s.get(RoundRow, (pairing.event_id, pairing.round_no))
            return row is None or row.status != "finished"

    async def table_hands(self, table_id: int) -> list[PlayedHand]:
        """The table's stored hands, in order (a hand is stored when it is scored)."""
        q = (
            select(HandRow)
            .join(MatchRow, MatchRow.id == HandRow.match_id)
            .where(MatchRow.table_id == table_id)
            .order_by(HandRow.id)
        )
        async with self.db.session() as s:
            return [
                PlayedHand(
                    r.id,
                    r.dealer,
                    r.attackers_points,
                    parse_levels(r.levels_before)
                    if r.levels_before
                    else (r.team0_before, r.team1_before),
                    parse_levels(r.levels_after)
                    if r.levels_after
                    else (r.team0_after, r.team1_after),
                )
                for r in (await s.scalars(q)).all()
            ]

    async def actors(self, table_id: int) -> set[int]:
        """The people who have made a move at the table (a no-show has none)."""
        q = select(ActionRow.actor_id).where(
            ActionRow.table_id == table_id, ActionRow.actor_id.is_not(None)
        )
        async with self.db.session() as s:
            return {int(a) for a in (await s.scalars(q.distinct())).all() if a is not None}
