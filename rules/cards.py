"""Cards, suits and ranks.

A card's identity is a small int (0..53), so a hand is a vector of 54 counts and
the engine never compares objects in its hot path. ``Card`` is an ``IntEnum`` so
the same value prints nicely (``♠A``) and indexes a list directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum


class Suit(IntEnum):
    """The four plain suits, in the Chinese display order 黑红梅方."""

    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return "SHCD"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


SUIT_SYMBOLS = ("♠", "♥", "♣", "♦")

# Ranks are their face value: 2..10, J=11, Q=12, K=13, A=14.
RANKS: tuple[int, ...] = tuple(range(2, 15))
# 15 is no card's rank: the no-trump level after A (打无主, ``last_rank`` NT).
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A", 15: "NT"}


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


class Card(IntEnum):
    """One of the 54 distinct cards. Value = suit * 13 + (rank - 2); jokers 52, 53."""

    S2 = 0
    S3 = 1
    S4 = 2
    S5 = 3
    S6 = 4
    S7 = 5
    S8 = 6
    S9 = 7
    S10 = 8
    SJ = 9
    SQ = 10
    SK = 11
    SA = 12
    H2 = 13
    H3 = 14
    H4 = 15
    H5 = 16
    H6 = 17
    H7 = 18
    H8 = 19
    H9 = 20
    H10 = 21
    HJ = 22
    HQ = 23
    HK = 24
    HA = 25
    C2 = 26
    C3 = 27
    C4 = 28
    C5 = 29
    C6 = 30
    C7 = 31
    C8 = 32
    C9 = 33
    C10 = 34
    CJ = 35
    CQ = 36
    CK = 37
    CA = 38
    D2 = 39
    D3 = 40
    D4 = 41
    D5 = 42
    D6 = 43
    D7 = 44
    D8 = 45
    D9 = 46
    D10 = 47
    DJ = 48
    DQ = 49
    DK = 50
    DA = 51
    LJ = 52  # small joker 小王
    BJ = 53  # big joker 大王

    @classmethod
    def of(cls, suit: Suit, rank: int) -> Card:
        if rank not in RANKS:
            raise ValueError(f"rank must be 2..14, got {rank}")
        return cls(suit * 13 + rank - 2)

    @property
    def is_joker(self) -> bool:
        return self >= 52

    @property
    def suit(self) -> Suit | None:
        """The printed suit; None for the jokers."""
        return None if self >= 52 else Suit(self // 13)

    @property
    def rank(self) -> int:
        """Face rank 2..14; jokers have rank 0."""
        return 0 if self >= 52 else self % 13 + 2

    @property
    def points(self) -> int:
        return POINTS[self]

    def __str__(self) -> str:
        return CARD_SYMBOL_TEXT[self]

    def __repr__(self) -> str:
        return f"Card.{self.name}"


NUM_CARDS = 54
ALL_CARDS: tuple[Card, ...] = tuple(Card)


def _points(c: int) -> int:
    if c >= 52:
        return 0
    return {5: 5, 10: 10, 13: 10}.get(c % 13 + 2, 0)


POINTS: tuple[int, ...] = tuple(_points(c) for c in range(NUM_CARDS))


def _symbol_text(c: int) -> str:
    if c == 52:
        return "小王"
    if c == 53:
        return "大王"
    return SUIT_SYMBOLS[c // 13] + rank_name(c % 13 + 2)


def _ascii_text(c: int) -> str:
    if c == 52:
        return "LJ"
    if c == 53:
        return "BJ"
    return "SHCD"[c // 13] + rank_name(c % 13 + 2)


CARD_SYMBOL_TEXT: tuple[str, ...] = tuple(_symbol_text(c) for c in range(NUM_CARDS))
CARD_ASCII_TEXT: tuple[str, ...] = tuple(_ascii_text(c) for c in range(NUM_CARDS))


def full_deck(decks: int, lowest_rank: int = 2, jokers: bool = True) -> list[Card]:
    """Every card of ``decks`` packs, in identity order; a short deck leaves out the
    ranks below ``lowest_rank`` and, without ``jokers``, the jokers."""
    return [
        c for c in ALL_CARDS if (c.rank >= lowest_rank if c < 52 else jokers) for _ in range(decks)
    ]


def counts_of(cards: Iterable[int]) -> list[int]:
    """The 54-long count vector of a multiset of cards."""
    counts = [0] * NUM_CARDS
    for c in cards:
        counts[c] += 1
    return counts


def cards_of(counts: list[int]) -> list[Card]:
    """Expand a count vector into a card list in identity order."""
    out: list[Card] = []
    for c, n in enumerate(counts):
        if n:
            out.extend([ALL_CARDS[c]] * n)
    return out


def points_in(cards: Iterable[int]) -> int:
    return sum(POINTS[c] for c in cards)
