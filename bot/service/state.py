"""What the service holds for one table, and the read-only status it hands out."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from bot.service.options import TableOptions
from rules.ai import Player
from rules.game import Match
from rules.memory import memory_allowed
from rules.views import View
from storage import TableInfo


@dataclass(slots=True)
class LiveTable:
    """A table as this process holds it: storage row + rules state + options."""

    table: TableInfo
    match: Match | None
    options: TableOptions
    # The rules state may be ahead of storage (a write failed and so did the
    # reload that undoes it): reload before any use.
    stale: bool = False
    # Seat -> moves the timer made for it since a person last acted
    # (bot.service.idle): in memory only; the pause it leads to is stored as the
    # table's timer.
    timed_out: dict[int, int] = field(default_factory=dict)
    # Seat -> (level, player) of an AI seat: kept between its moves because the
    # strong player carries its reading of the hand from one play to the next
    # (``StrongPlayer(carry_walk=True)``); in memory only — after a restart or a
    # reload it reads the hand afresh, from the same view.
    ai_players: dict[int, tuple[str, Player]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TableStatus:
    table: TableInfo
    options: TableOptions
    view: View | None  # the public view; None before the first hand
    deadline_kind: str | None
    deadline_at: datetime | None

    @property
    def phase(self) -> str:
        if self.table.status in ("finished", "ended"):
            return self.table.status
        return "lobby" if self.view is None else self.view.phase

    @property
    def card_memory_on(self) -> bool:
        """记牌器 at this table: the table's option, else what its rules allow."""
        opt = self.options.card_memory
        return memory_allowed(self.table.rules) if opt is None else opt

    @classmethod
    def of(cls, live: LiveTable) -> TableStatus:
        view = live.match.view_for(None) if live.match is not None else None
        t = live.table
        return cls(t, live.options, view, t.deadline_kind, t.deadline_at)
