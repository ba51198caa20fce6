"""Card notation: parse what players type, print what they read.

Accepted (case-insensitive for letters)::

    ♠A  SA  sa  A♠  黑桃A        one card; 10 may be written 10 or T
    ♠AAKK  黑桃AAKK               a suit followed by several ranks
    ♠A K Q                        a bare rank keeps the suit before it
    小王 LJ 小鬼 / 大王 BJ RJ 大鬼  the jokers (SJ and HJ are jacks!)

Suits: ♠ S 黑桃; ♥ H 红桃 紅桃 红心 紅心; ♣ C 梅花 草花; ♦ D 方块 方塊 方片
(outline symbols ♤♡♧♢, emoji ♠️ and full-width ＳＡ／梅花４ also work). Separators: spaces, commas
(, ，), 、 and ; .
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Literal

from rules.cards import (
    ALL_CARDS,
    CARD_ASCII_TEXT,
    CARD_SYMBOL_TEXT,
    SUIT_SYMBOLS,
    Card,
    Suit,
    rank_name,
)

ACCEPTED = (
    "cards look like ♠A, SA, A♠, 黑桃A, ♥10 (or HT), ♠AAKK for several of one suit, "
    "小王/LJ and 大王/BJ for the jokers"
)


# The longest text ``parse_cards`` reads. The biggest real play (a 54-card hand of
# four decks, each card spelled out as 黑桃10) is under 400 characters; anything
# longer is refused at once instead of parsed (a 1,000,000-character string took 9 s).
MAX_INPUT = 1000
# How much of an offending token an error message quotes.
MAX_TOKEN_SHOWN = 20


def cut(text: str, limit: int = MAX_TOKEN_SHOWN) -> str:
    """``text``, or its first ``limit`` characters and "…" when it is longer."""
    return text if len(text) <= limit else text[:limit] + "…"


class NotationError(ValueError):
    """A token could not be read as cards. ``token`` is the offending text (cut to
    ``MAX_TOKEN_SHOWN`` characters, so a message never copies a huge input);
    ``code`` + ``params`` say why, for front ends to word in the player's language
    (``reason`` is the English of it)."""

    def __init__(self, token: str, reason: str, code: str = "", **params: object) -> None:
        self.token = cut(token)
        self.reason = reason
        self.code = code
        self.params = params
        super().__init__(f"cannot read {self.token!r}: {reason}; {ACCEPTED}")


_SUIT_WORDS: tuple[tuple[str, Suit], ...] = (
    ("黑桃", Suit.SPADES),
    ("红桃", Suit.HEARTS),
    ("紅桃", Suit.HEARTS),
    ("红心", Suit.HEARTS),
    ("紅心", Suit.HEARTS),
    ("梅花", Suit.CLUBS),
    ("草花", Suit.CLUBS),
    ("方块", Suit.DIAMONDS),
    ("方塊", Suit.DIAMONDS),
    ("方片", Suit.DIAMONDS),
    ("♠", Suit.SPADES),
    ("♤", Suit.SPADES),
    ("♥", Suit.HEARTS),
    ("♡", Suit.HEARTS),
    ("♣", Suit.CLUBS),
    ("♧", Suit.CLUBS),
    ("♦", Suit.DIAMONDS),
    ("♢", Suit.DIAMONDS),
    ("s", Suit.SPADES),
    ("h", Suit.HEARTS),
    ("c", Suit.CLUBS),
    ("d", Suit.DIAMONDS),
)

_JOKER_WORDS: tuple[tuple[str, Card], ...] = (
    ("小王", Card.LJ),
    ("小鬼", Card.LJ),
    ("大王", Card.BJ),
    ("大鬼", Card.BJ),
    ("lj", Card.LJ),
    ("bj", Card.BJ),
    ("rj", Card.BJ),
)

_RANK_WORDS: tuple[tuple[str, int], ...] = (
    ("10", 10),
    ("t", 10),
    ("a", 14),
    ("k", 13),
    ("q", 12),
    ("j", 11),
    *((str(r), r) for r in range(2, 10)),
)

_SEPARATORS = " \t\n,，、;；"


def _match(text: str, pos: int, words: Sequence[tuple[str, object]]) -> tuple[int, object] | None:
    for word, value in words:
        if text.startswith(word, pos):
            return len(word), value
    return None


def _split_tokens(text: str) -> list[str]:
    tokens: list[str] = []
    current: list[str] = []
    # NFKC: full-width letters, digits and spaces (a Chinese input method's
    # full-width mode: 梅花４, ＳＡ) read as their ASCII forms.
    for ch in unicodedata.normalize("NFKC", text).replace("\ufe0f", ""):  # and ♠️
        if ch in _SEPARATORS:
            if current:
                tokens.append("".join(current))
                current = []
        else:
            current.append(ch)
    if current:
        tokens.append("".join(current))
    return tokens


def parse_cards(text: str) -> list[Card]:
    """Parse a group of cards. Raises ``NotationError`` naming the bad token (or
    refusing a text over ``MAX_INPUT`` characters without reading it)."""
    if len(text) > MAX_INPUT:
        raise NotationError(
            text, f"too long (at most {MAX_INPUT} characters)", "too_long", limit=MAX_INPUT
        )
    cards: list[Card] = []
    inherited: Suit | None = None
    for token in _split_tokens(text):
        got, inherited = _parse_token(token, inherited)
        cards.extend(got)
    return cards


def parse_card(text: str) -> Card:
    """Parse exactly one card."""
    cards = parse_cards(text)
    if len(cards) != 1:
        raise NotationError(
            text, f"expected one card, found {len(cards)}", "one_card", count=len(cards)
        )
    return cards[0]


def _parse_token(token: str, inherited: Suit | None) -> tuple[list[Card], Suit | None]:
    low = token.lower()
    out: list[Card] = []
    pos = 0
    suit: Suit | None = None  # suit given in this token, prefix form
    pending: list[int] = []  # ranks still waiting for a suit (suffix form)
    while pos < len(low):
        joker = _match(low, pos, _JOKER_WORDS)
        if joker is not None:
            if pending:
                raise NotationError(
                    token, "ranks without a suit before a joker", "joker_after_ranks"
                )
            out.append(joker[1])  # type: ignore[arg-type]
            pos += joker[0]
            suit = None
            continue
        hit = _match(low, pos, _SUIT_WORDS)
        if hit is not None:
            new_suit: Suit = hit[1]  # type: ignore[assignment]
            pos += hit[0]
            if pending:  # suffix form: ranks then suit
                out.extend(Card.of(new_suit, r) for r in pending)
                pending = []
                suit = None
                inherited = new_suit
            else:
                suit = new_suit
                inherited = new_suit
                if pos >= len(low) or _match(low, pos, _RANK_WORDS) is None:
                    # A lone suit is an error unless ranks follow in the token.
                    raise NotationError(token, "a suit needs a rank after it", "suit_needs_rank")
            continue
        rank_hit = _match(low, pos, _RANK_WORDS)
        if rank_hit is not None:
            rank: int = rank_hit[1]  # type: ignore[assignment]
            pos += rank_hit[0]
            if suit is not None:
                out.append(Card.of(suit, rank))
            else:
                pending.append(rank)
            continue
        raise NotationError(
            token, f"unknown symbol {token[pos]!r}", "unknown_symbol", symbol=token[pos]
        )
    if pending:
        if inherited is None:
            names = cut("".join(rank_name(r) for r in pending))
            raise NotationError(
                token, f"{names} needs a suit (for example ♠{names})", "needs_suit", ranks=names
            )
        out.extend(Card.of(inherited, r) for r in pending)
    return out, inherited


Style = Literal["symbol", "ascii"]


def format_card(card: int, style: Style = "symbol") -> str:
    return (CARD_SYMBOL_TEXT if style == "symbol" else CARD_ASCII_TEXT)[card]


def format_cards(cards: Iterable[int], style: Style = "symbol") -> str:
    """Space-separated cards, e.g. ``♠A ♠A ♥10 大王`` (or ``SA SA H10 BJ``)."""
    table = CARD_SYMBOL_TEXT if style == "symbol" else CARD_ASCII_TEXT
    return " ".join(table[c] for c in cards)


def format_grouped(cards: Iterable[int], style: Style = "symbol") -> str:
    """Compact form that writes each suit once: ``♠AAK ♥10 大王``.

    Consecutive cards of one suit share the suit sign; order is kept.
    """
    parts: list[str] = []
    last_suit: int | None = None
    for c in cards:
        card = ALL_CARDS[c]
        s = card.suit
        if s is None:
            parts.append(format_card(card, style))
            last_suit = None
        elif s == last_suit:
            parts[-1] += rank_name(card.rank)
        else:
            sign = SUIT_SYMBOLS[s] if style == "symbol" else "SHCD"[s]
            parts.append(sign + rank_name(card.rank))
            last_suit = s
    return " ".join(parts)
