"""The plain records of stored tournaments (``storage.tournaments`` reads and
writes them): small immutable values, and the conversions from the rows."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from rules.ruleset import RuleSet
from storage.tournament_rows import EntryRow, EventRow, PairingRow

FORMATS = ("swiss", "round-robin", "knockout", "duplicate")


class EntryTaken(Exception):
    """A player is already on a team of this event."""

    def __init__(self, user_id: int) -> None:
        super().__init__(user_id)
        self.user_id = user_id


@dataclass(frozen=True, slots=True)
class EventInfo:
    id: int
    guild_id: int | None
    channel_id: int | None
    name: str
    format: str
    rounds: int
    hands: int | None
    minutes: int | None
    rules: RuleSet
    settings: dict[str, Any]
    ranked: bool
    status: str
    director_id: int
    seed: str
    current_round: int


@dataclass(frozen=True, slots=True)
class EntryInfo:
    team_no: int
    user_ids: tuple[int, ...]
    names: tuple[str, ...]
    checked_in: bool
    dropped: bool


@dataclass(frozen=True, slots=True)
class RoundInfo:
    round_no: int
    status: str
    bye_team: int | None
    started_at: datetime
    finished_at: datetime | None
    news: frozenset[str] = frozenset()  # the posts made: "paired", "finished", "final"


@dataclass(frozen=True, slots=True)
class PairingInfo:
    round_no: int
    table_no: int
    ns_team: int
    ew_team: int
    board_no: int | None
    table_id: int | None
    status: str
    level_diff: int | None
    ns_raw: int | None
    hands: int
    no_shows: tuple[int, ...]
    seats: tuple[int, ...] = ()  # an individuals' table: its entries in seat order
    seat_levels: tuple[int, ...] = ()  # ... and the levels each seat gained
    checked: bool = False  # the no-show check was made


@dataclass(frozen=True, slots=True)
class PlannedTable:
    """A table of a round about to open."""

    table_no: int
    ns_team: int
    ew_team: int
    board_no: int | None = None
    seats: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A stored hand of a tournament table, as scoring needs it."""

    hand_id: int
    dealer: int
    attackers_points: int
    levels_before: tuple[int, ...]
    levels_after: tuple[int, ...]


def _event(r: EventRow) -> EventInfo:
    return EventInfo(
        r.id,
        r.guild_id,
        r.channel_id,
        r.name,
        r.format,
        r.rounds,
        r.hands,
        r.minutes,
        RuleSet.from_json(r.rules_json),
        json.loads(r.settings_json or "{}"),
        r.ranked,
        r.status,
        r.director_id,
        r.seed,
        r.current_round,
    )


def _entry(r: EntryRow) -> EntryInfo:
    users = tuple(int(u) for u in r.user_ids.split())
    names = tuple(r.names.split("\t")) if r.names else ("",) * len(users)
    return EntryInfo(r.team_no, users, names, r.checked_in, r.dropped)


def _pairing(r: PairingRow) -> PairingInfo:
    return PairingInfo(
        r.round_no,
        r.table_no,
        r.ns_team,
        r.ew_team,
        r.board_no,
        r.table_id,
        r.status,
        r.level_diff,
        r.ns_raw,
        r.hands,
        tuple(int(s) for s in r.no_shows.split()),
        tuple(int(s) for s in (r.seats or "").split()),
        tuple(int(s) for s in (r.seat_levels or "").split()),
        bool(r.checked),
    )
