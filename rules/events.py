"""Events: what applying an action caused.

Every event has an ``audience``: ``None`` = the whole table may see it, a seat
number = only that seat may. Front ends must route private events privately.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.cards import Card, Suit
from rules.friends import FriendCall
from rules.scoring import Team

TrumpSuit = Suit | None  # None = no-trump

# "stealing" (house rule ``kitty_theft``, 炒地皮): after a bury, the other seats in
# turn may over-declare and take the kitty.
Phase = Literal[
    "dealing", "declaring", "burying", "stealing", "calling", "playing", "scored", "finished"
]


@dataclass(frozen=True, slots=True)
class Event:
    @property
    def audience(self) -> int | None:
        return None


@dataclass(frozen=True, slots=True)
class PrivateCards(Event):
    """Cards only ``seat`` may see: the audience is that seat."""

    seat: int
    cards: tuple[Card, ...]

    @property
    def audience(self) -> int | None:
        return self.seat


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    hand_no: int
    dealer: int | None  # None in hand 1 until someone declares (抢庄)
    level_rank: int
    levels: tuple[int, ...]  # per team (fixed partners) or per seat (friends)


@dataclass(frozen=True, slots=True)
class CardsDealt(PrivateCards):
    """Private: the cards this seat just received."""


@dataclass(frozen=True, slots=True)
class DealProgress(Event):
    dealt: int  # cards dealt to players so far
    total: int  # cards to deal to players in all


@dataclass(frozen=True, slots=True)
class Declared(Event):
    seat: int
    cards: tuple[Card, ...]
    trump_suit: TrumpSuit
    form: str
    kind: Literal["declare", "reinforce", "override"]


@dataclass(frozen=True, slots=True)
class BidWithdrawn(Event):
    """``seat`` withdrew its winning bid ``cards`` (house rule ``bid_takeback``)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Redealt(Event):
    reason: str


@dataclass(frozen=True, slots=True)
class TrumpFixed(Event):
    trump_suit: TrumpSuit
    level_rank: int
    dealer: int
    how: Literal["declared", "no-trump", "flip", "suit"]
    flipped: Card | None = None


@dataclass(frozen=True, slots=True)
class KittyTaken(PrivateCards):
    """Private to the dealer: the kitty's cards, now in their hand."""


@dataclass(frozen=True, slots=True)
class BuryStarted(Event):
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class KittyBuried(PrivateCards):
    """Private to the dealer: what they buried."""


@dataclass(frozen=True, slots=True)
class BuryDone(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class StealTurn(Event):
    """炒地皮: ``seat`` may now over-declare and take the kitty, or pass;
    ``burier`` buried last."""

    seat: int
    burier: int


@dataclass(frozen=True, slots=True)
class StealPassed(Event):
    """炒地皮: ``seat`` did not steal the kitty."""

    seat: int


@dataclass(frozen=True, slots=True)
class KittyStolen(Event):
    """炒地皮: ``seat`` over-declared with ``cards``: trump is now ``trump_suit``,
    ``seat`` picks the buried cards up (privately: ``KittyTaken``) and buries again."""

    seat: int
    cards: tuple[Card, ...]
    trump_suit: TrumpSuit
    form: str
    previous: int  # the seat whose buried cards were taken


@dataclass(frozen=True, slots=True)
class StealingOver(Event):
    """炒地皮: every other seat passed; ``burier``'s kitty stands and the hand goes on
    (``calling``: 找朋友, the dealer calls friends first)."""

    burier: int
    calling: bool = False


@dataclass(frozen=True, slots=True)
class CallStarted(Event):
    """找朋友: the dealer now calls ``count`` friends."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class FriendsCalled(Event):
    seat: int
    calls: tuple[FriendCall, ...]


@dataclass(frozen=True, slots=True)
class FriendJoined(Event):
    """A called copy was played: ``seat`` is on the dealer's team from this trick.

    ``wasted``: the player was already on it (the dealer, or a friend joining
    twice), so the team stays smaller than called.
    """

    seat: int
    call_index: int
    card: Card
    nth: int
    trick_no: int
    wasted: bool = False


@dataclass(frozen=True, slots=True)
class ThrowFailed(Event):
    """A throw that fails: ``forced`` is played instead. ``beaten_by`` is the first seat
    after the thrower that holds a higher unit than ``forced``, and ``beater`` that
    unit's cards (its strongest one), shown so the table sees why the throw failed."""

    seat: int
    attempted: tuple[Card, ...]
    forced: tuple[Card, ...]
    penalty: int
    beaten_by: int | None = None
    beater: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    cards: tuple[Card, ...]
    trick_no: int
    next_seat: int | None  # whose turn now; None when the trick is complete


@dataclass(frozen=True, slots=True)
class TookBack(Event):
    """悔牌: ``seat`` took ``cards`` back; ``penalty`` points charged to its side."""

    seat: int
    cards: tuple[Card, ...]
    trick_no: int
    penalty: int


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    seat: int
    trick_no: int
    points: int
    attackers_points: int


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    hand_no: int
    dealer: int
    trick_points: int
    kitty: tuple[Card, ...]
    kitty_points: int
    multiplier: int  # 0 when the defenders won the last trick
    penalties: int
    attackers_points: int
    winner: Literal["defenders", "attackers"]
    level_change: int
    levels: tuple[int, ...]
    next_dealer: int
    jack_reset: bool = False
    team: tuple[int, ...] = ()  # friends: the dealer's team as it ended
    bonus: int = 0  # friends: the smaller-team bonus levels included


@dataclass(frozen=True, slots=True)
class MatchWon(Event):
    team: Team | int  # the team (fixed partners) or the first winning seat (friends)
    levels: tuple[int, ...] = field(default=(0, 0))
    seats: tuple[int, ...] = ()  # friends: every seat that won
