"""What one seat (or the public) may know about a match: immutable snapshots.

AI players and renderers use only these. A view never holds another seat's
hand, the undealt deck, or the kitty (the dealer sees the kitty they took and
what they buried; everyone sees the kitty once the hand is scored).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import Card, Suit
from rules.events import Phase
from rules.ruleset import RuleSet
from rules.trump import TrumpContext


@dataclass(frozen=True, slots=True)
class DeclarationView:
    seat: int
    cards: tuple[Card, ...]
    form: str
    trump_suit: Suit | None


@dataclass(frozen=True, slots=True)
class TrickView:
    trick_no: int
    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]  # (seat, cards) in play order
    winner: int | None
    points: int


@dataclass(frozen=True, slots=True)
class HandSummary:
    hand_no: int
    dealer: int
    level_rank: int
    trump_suit: Suit | None
    attackers_points: int
    kitty: tuple[Card, ...]
    multiplier: int
    winner: str  # "defenders" | "attackers"
    level_change: int
    levels_before: tuple[int, int]
    levels_after: tuple[int, int]
    next_dealer: int


@dataclass(frozen=True, slots=True)
class View:
    seat: int | None  # None = the public view
    rules: RuleSet
    phase: Phase
    hand_no: int
    levels: tuple[int, int]
    dealer: int | None
    level_rank: int
    trump_suit: Suit | None
    trump_fixed: bool
    declarations: tuple[DeclarationView, ...]
    passes: tuple[int, ...]
    dealt: int
    deal_total: int
    hand: tuple[Card, ...] | None  # own hand, sorted for display; None in the public view
    hand_sizes: tuple[int, int, int, int]
    kitty_taken: tuple[Card, ...] | None  # the dealer's view of the kitty they took
    buried: tuple[Card, ...] | None  # the dealer's own buried cards (or all, once scored)
    turn: int | None
    trick_no: int
    current: tuple[tuple[int, tuple[Card, ...]], ...]
    tricks: tuple[TrickView, ...]
    attackers_points: int  # captured trick points ± penalties (kitty comes at the end)
    defenders_points: int
    penalties: int
    history: tuple[HandSummary, ...]
    winner: int | None

    @property
    def context(self) -> TrumpContext:
        return TrumpContext.of(self.rules, self.level_rank, self.trump_suit)

    @property
    def attackers(self) -> tuple[int, int] | None:
        if self.dealer is None:
            return None
        a = (self.dealer + 1) % 4
        return (a, (a + 2) % 4)

    @property
    def last_trick(self) -> TrickView | None:
        return self.tricks[-1] if self.tricks else None
