"""记牌器 (card memory): what one seat could have noted down about the cards played.

Only public facts plus the seat's own hand (and, for the dealer, its own bury) go
in, so it never tells a player anything they could not have remembered:

* the points still out (not yet played), and how many of those are in other hands
  or the kitty (the seat's own hand and bury taken away);
* per plain suit, the high cards (10 and up) and the level cards already played;
  the jokers played;
* the voids players have shown (a player who did not follow a led suit holds none).

Some tournaments forbid checking played cards (seed 000: 不许查牌);
``memory_allowed`` says whether a rule set allows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import NUM_CARDS, POINTS, Card, Suit
from rules.options import shown_voids
from rules.ruleset import RuleSet
from rules.views import View

HIGH_RANKS = (14, 13, 12, 11, 10)  # A K Q J 10, strongest first
# Presets whose rules forbid checking played cards (seed 000's tournament code:
# "在比赛过程中任何一方不许查牌").
NO_MEMORY_PRESETS = frozenset({"tournament"})


def memory_allowed(rules: RuleSet) -> bool:
    return rules.name not in NO_MEMORY_PRESETS


@dataclass(frozen=True, slots=True)
class SuitMemory:
    """One plain suit: (card, copies played) for its high and level cards."""

    suit: Suit
    high: tuple[tuple[Card, int], ...]  # strongest first, only cards played at least once
    level: int  # copies of this suit's level card played
    played: int  # cards of this suit (by face) played in all


@dataclass(frozen=True, slots=True)
class CardMemory:
    seat: int
    decks: int
    points_total: int
    points_out: int  # not yet played (in some hand, or in the kitty)
    points_elsewhere: int  # of those, not in this seat's hand or own bury
    suits: tuple[SuitMemory, ...]
    jokers: tuple[tuple[Card, int], ...]  # (LJ, n), (BJ, n) played
    voids: tuple[tuple[int, ...], ...]  # per seat, effective suits shown void (4 = trump)
    level_rank: int
    tricks_played: int


def _played(view: View) -> list[int]:
    counts = [0] * NUM_CARDS
    for t in view.tricks:
        for _, cards in t.plays:
            for c in cards:
                counts[c] += 1
    for _, cards in view.current:
        for c in cards:
            counts[c] += 1
    return counts


def card_memory(view: View) -> CardMemory:
    """The card memory of ``view``'s seat (a seat's own view is required)."""
    if view.seat is None or view.hand is None:
        raise ValueError("card memory needs a seat's own view")
    played = _played(view)
    decks = view.rules.decks
    total = view.rules.total_points
    played_points = sum(POINTS[c] * n for c, n in enumerate(played))
    known = sum(POINTS[c] for c in view.hand)
    if view.buried is not None and view.phase in ("playing", "burying"):
        known += sum(POINTS[c] for c in view.buried)
    suits = []
    for suit in Suit:
        high = tuple(
            (Card.of(suit, r), played[Card.of(suit, r)])
            for r in HIGH_RANKS
            if played[Card.of(suit, r)]
        )
        # The no-trump level (NT, rank 15) has no level cards.
        level = played[Card.of(suit, view.level_rank)] if view.level_rank <= 14 else 0
        in_suit = sum(played[Card.of(suit, r)] for r in range(2, 15))
        suits.append(SuitMemory(suit, high, level, in_suit))
    jokers = tuple((c, played[c]) for c in (Card.BJ, Card.LJ) if played[c])
    voids = tuple(tuple(sorted(v)) for v in shown_voids(view))
    return CardMemory(
        seat=view.seat,
        decks=decks,
        points_total=total,
        points_out=total - played_points,
        points_elsewhere=total - played_points - known,
        suits=tuple(suits),
        jokers=jokers,
        voids=voids,
        level_rank=view.level_rank,
        tricks_played=len(view.tricks),
    )
