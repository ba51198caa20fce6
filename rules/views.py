"""What one seat (or the public) may know about a match: immutable snapshots.

AI players and renderers use only these. A view never holds another seat's
hand, the undealt deck, or the kitty (the dealer sees the kitty they took and
what they buried; everyone sees the kitty once the hand is scored).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import Card, Suit
from rules.events import Phase
from rules.friends import FriendCall
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
class FriendCallView:
    """A public friend call; ``joined`` is set only once the copy has been played."""

    call: FriendCall
    seen: int  # copies of the card counted so far
    joined: int | None  # the seat that played the called copy
    wasted: bool = False


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
    levels_before: tuple[int, ...]
    levels_after: tuple[int, ...]
    next_dealer: int
    team: tuple[int, ...] = ()  # friends: the dealer's team as it ended


@dataclass(frozen=True, slots=True)
class View:
    seat: int | None  # None = the public view
    rules: RuleSet
    phase: Phase
    hand_no: int
    levels: tuple[int, ...]  # per team (fixed partners) or per seat (friends)
    dealer: int | None
    level_rank: int
    trump_suit: Suit | None
    trump_fixed: bool
    declarations: tuple[DeclarationView, ...]
    passes: tuple[int, ...]
    dealt: int
    deal_total: int
    hand: tuple[Card, ...] | None  # own hand, sorted for display; None in the public view
    hand_sizes: tuple[int, ...]
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
    # 找朋友 (empty in the four-player game): the calls, revealed friends (dealer's
    # team so far, dealer excluded), and each seat's captured trick points.
    friend_calls: tuple[FriendCallView, ...] = ()
    friends: tuple[int, ...] = ()
    seat_points: tuple[int, ...] = ()
    # 炒地皮 (``kitty_theft``): who buries / buried last (the dealer unless the kitty
    # was stolen) and whose turn it is to steal or pass in "stealing".
    burier: int | None = None
    steal_turn: int | None = None

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def friends_mode(self) -> bool:
        return self.rules.friends is not None

    @property
    def teams_known(self) -> bool:
        """Every friend call is settled (always, with fixed partners)."""
        return not self.friends_mode or (
            self.phase not in ("dealing", "declaring", "burying", "stealing", "calling")
            and all(c.joined is not None for c in self.friend_calls)
        )

    def on_dealer_team(self, seat: int) -> bool | None:
        """True/False when known from public information, None while unknown."""
        if self.dealer is None:
            return None
        if not self.friends_mode:
            return (seat - self.dealer) % 2 == 0
        if seat == self.dealer or seat in self.friends:
            return True
        return False if self.teams_known else None

    @property
    def context(self) -> TrumpContext:
        return TrumpContext.of(self.rules, self.level_rank, self.trump_suit)

    @property
    def shown_trump(self) -> Suit | None:
        """The trump suit to group a hand by: the fixed one, else the standing
        declaration's (public; an override regroups), else none yet."""
        if self.trump_fixed or not self.declarations:
            return self.trump_suit
        return self.declarations[-1].trump_suit

    @property
    def shown_context(self) -> TrumpContext:
        """``context`` for showing a hand: by the trump declared so far during the deal."""
        return TrumpContext.of(self.rules, self.level_rank, self.shown_trump)

    @property
    def attackers(self) -> tuple[int, ...] | None:
        """The attacking seats, once known (friends: when every call is settled)."""
        if self.dealer is None:
            return None
        if self.friends_mode:
            if not self.teams_known:
                return None
            return tuple(s for s in range(self.players) if not self.on_dealer_team(s))
        a = (self.dealer + 1) % 4
        return (a, (a + 2) % 4)

    @property
    def last_trick(self) -> TrickView | None:
        return self.tricks[-1] if self.tricks else None
