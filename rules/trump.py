"""Trump context: for one hand's level rank and trump suit, the order of every card.

Everything is precomputed into flat tables indexed by card id, so the play checks
only index lists. Positions are dense per effective suit, so "consecutive
positions" (tractor adjacency, docs/rules.md §3) is simply ``p`` and ``p + 1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from operator import itemgetter
from typing import Any

from rules.cards import ALL_CARDS, NUM_CARDS, Card, Suit, rank_name
from rules.ruleset import RuleSet

TRUMP = 4  # the effective suit of every trump card
SUIT_NAMES = ("♠", "♥", "♣", "♦", "trump")
TWO_COLOUR_NAMES = ("black", "red", "black", "red", "trump")


@dataclass(frozen=True, eq=False, slots=True)
class TrumpContext:
    """Card order for ``level`` (a rank 2..14) with ``trump_suit`` (None = no-trump).

    Build it with ``TrumpContext.of(rules, level, trump_suit)`` (cached).
    """

    rules: RuleSet
    level: int
    trump_suit: Suit | None
    # card id -> effective suit 0..3, or TRUMP (4)
    suit_of: tuple[int, ...] = field(repr=False)
    # card id -> position within its effective suit, 0 = weakest, dense
    pos: tuple[int, ...] = field(repr=False)
    # card id -> pairing identity (itself, or the same-colour twin in two-colour play)
    ident: tuple[int, ...] = field(repr=False)
    # effective suit -> physical cards of that suit, weakest first
    suit_cards: tuple[tuple[int, ...], ...] = field(repr=False)
    # effective suit -> identities of that suit, weakest first
    suit_idents: tuple[tuple[int, ...], ...] = field(repr=False)
    # effective suit -> number of positions
    npos: tuple[int, ...] = field(repr=False)
    # display sort key per card: trumps last, weakest first within a suit
    sort_key: tuple[int, ...] = field(repr=False)
    # ---- derived lookup tables for the play checks (not part of the constructor) ----
    # effective suit -> counts -> the counts of ``suit_cards[suit]``, as a tuple
    suit_counts: tuple[Callable[[Sequence[int]], tuple[int, ...]], ...] = field(
        init=False, repr=False
    )
    # effective suit -> every card of the other effective suits, in card id order
    other_cards: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    # effective suit -> counts -> the counts of ``other_cards[suit]``, as a tuple
    other_counts: tuple[Callable[[Sequence[int]], tuple[int, ...]], ...] = field(
        init=False, repr=False
    )
    # per-context memo for the play modules (follow groups by lead shape, ...)
    memo: dict[Any, Any] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        others = tuple(tuple(c for c in range(NUM_CARDS) if self.suit_of[c] != s) for s in range(5))
        object.__setattr__(self, "suit_counts", tuple(_getter(cs) for cs in self.suit_cards))
        object.__setattr__(self, "other_cards", others)
        object.__setattr__(self, "other_counts", tuple(_getter(cs) for cs in others))
        object.__setattr__(self, "memo", {})

    @staticmethod
    def of(rules: RuleSet, level: int, trump_suit: Suit | None) -> TrumpContext:
        return _build(rules, level, None if trump_suit is None else Suit(trump_suit))

    # ---- queries ---------------------------------------------------------------------
    def is_trump(self, card: int) -> bool:
        return self.suit_of[card] == TRUMP

    def effective_suit(self, card: int) -> int:
        """0..3 for a plain suit (two-colour: 0 black, 1 red), 4 for trump."""
        return self.suit_of[card]

    def order(self, card: int) -> int:
        """A strength that compares any two cards: trumps above all plain cards.

        Equal for cards of equal strength (off-suit level cards). Plain cards of
        different suits are not comparable in play; this only ranks them.
        """
        s = self.suit_of[card]
        return (1000 if s == TRUMP else 0) + self.pos[card]

    def sort_cards(self, cards: Iterable[int], reverse: bool = False) -> list[Card]:
        """Display order: plain suits ♠ ♥ ♣ ♦ then trump, weakest first in each.

        ``reverse=True`` gives the mirror (trump first, strongest first).
        """
        key = self.sort_key
        return sorted((ALL_CARDS[c] for c in cards), key=lambda c: key[c], reverse=reverse)

    def suit_name(self, suit: int) -> str:
        return (TWO_COLOUR_NAMES if self.rules.two_colour else SUIT_NAMES)[suit]

    def describe(self) -> str:
        trump = "no-trump" if self.trump_suit is None else self.trump_suit.symbol
        return f"level {rank_name(self.level)}, {trump}"


def _getter(cards: tuple[int, ...]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """``counts -> tuple(counts[c] for c in cards)``, at C speed (and picklable)."""
    if len(cards) >= 2:
        return itemgetter(*cards)
    return partial(_get_few, cards)


def _get_few(cards: tuple[int, ...], counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(counts[c] for c in cards)


def _colour_twin(card: int, two_colour: bool) -> int:
    """The canonical identity: in two-colour play ♣x is ♠x and ♦x is ♥x."""
    if not two_colour or card >= 52:
        return card
    suit, r = divmod(card, 13)
    return (suit % 2) * 13 + r


@lru_cache(maxsize=512)
def _build(rules: RuleSet, level: int, trump_suit: Suit | None) -> TrumpContext:
    two = rules.two_colour
    ident = [_colour_twin(c, two) for c in range(NUM_CARDS)]
    eff_plain = [(c // 13) % 2 if two else c // 13 for c in range(52)]
    trump_eff = None if trump_suit is None else (trump_suit % 2 if two else int(trump_suit))
    special = [level, *[r for r in rules.permanent_trumps if r != level]]

    suit_of = [0] * NUM_CARDS
    pos = [0] * NUM_CARDS
    plain_ranks = [r for r in range(2, 15) if r not in special]

    # Plain suits: every non-special rank, in rank order.
    for c in range(52):
        s = eff_plain[c]
        r = c % 13 + 2
        if r in special:
            continue
        if s == trump_eff:
            suit_of[c] = TRUMP
        else:
            suit_of[c] = s
            pos[c] = plain_ranks.index(r)

    # Trump: trump-suit plain ranks, then permanent ranks weakest first, then the
    # level rank, then the jokers; each special rank has an off-suit position below
    # its trump-suit position (a single position in no-trump).
    p = 0
    if trump_eff is not None:
        for r in plain_ranks:
            for c in range(52):
                if c % 13 + 2 == r and eff_plain[c] == trump_eff:
                    pos[c] = p
            p += 1
    for r in reversed(special):  # weakest special rank first; the level rank last
        off = [c for c in range(52) if c % 13 + 2 == r and eff_plain[c] != trump_eff]
        on = [c for c in range(52) if c % 13 + 2 == r and eff_plain[c] == trump_eff]
        for c in off:
            suit_of[c] = TRUMP
            pos[c] = p
        if off:
            p += 1
        for c in on:
            suit_of[c] = TRUMP
            pos[c] = p
        if on:
            p += 1
    for c in (Card.LJ, Card.BJ):
        suit_of[c] = TRUMP
        pos[c] = p
        p += 1

    suit_cards = []
    suit_idents = []
    npos = []
    for s in range(5):
        members = sorted(
            (c for c in range(NUM_CARDS) if suit_of[c] == s), key=lambda c: (pos[c], c)
        )
        suit_cards.append(tuple(members))
        suit_idents.append(tuple(sorted({ident[c] for c in members}, key=lambda c: (pos[c], c))))
        npos.append(max((pos[c] for c in members), default=-1) + 1)

    sort_key = [
        (suit_of[c] if suit_of[c] != TRUMP else 9) * 10_000 + pos[c] * 100 + c
        for c in range(NUM_CARDS)
    ]
    return TrumpContext(
        rules=rules,
        level=level,
        trump_suit=trump_suit,
        suit_of=tuple(suit_of),
        pos=tuple(pos),
        ident=tuple(ident),
        suit_cards=tuple(suit_cards),
        suit_idents=tuple(suit_idents),
        npos=tuple(npos),
        sort_key=tuple(sort_key),
    )
