"""A finished hand's part in a match's progress: its result and every level before
and after it, as ``/progress``, the progress chart and the console read them. Built
from the rules' ``HandSummary`` (``HandProgress.of_summary``); storage reads the
same from the stored hand rows."""

from __future__ import annotations

from dataclasses import dataclass

from rules.views import HandSummary


@dataclass(frozen=True, slots=True)
class HandProgress:
    hand_no: int
    dealer: int
    level_rank: int
    trump: str
    attackers_points: int
    winner: str
    level_change: int
    # As the rules keep them: (N/S, E/W) with fixed partners, one per seat at 找朋友.
    levels_before: tuple[int, ...]
    levels_after: tuple[int, ...]
    kitty_multiplier: int = 0  # > 0: the attackers captured the kitty (won the last trick)

    @property
    def per_seat(self) -> bool:
        """A 找朋友 hand: a level per seat (at least four), not two teams."""
        return len(self.levels_after) != 2

    @property
    def players(self) -> int:
        return len(self.levels_after) if self.per_seat else 4

    @classmethod
    def of_summary(cls, h: HandSummary) -> HandProgress:
        """The row a finished hand becomes, straight from the rules' summary (the
        stored rows say the same; pictures and tests build progress without a DB)."""
        return cls(
            h.hand_no,
            h.dealer,
            h.level_rank,
            "NT" if h.trump_suit is None else h.trump_suit.letter,
            h.attackers_points,
            h.winner,
            h.level_change,
            h.levels_before,
            h.levels_after,
            h.multiplier,
        )
