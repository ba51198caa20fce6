"""Autocomplete choices for the ``cards`` options of /play, /bury and /declare.

Choices come from the player's own view only. Discord allows at most 25.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.cards import Card, counts_of
from rules.game import default_bury
from rules.notation import NotationError, format_cards, parse_cards
from rules.play import legal_follows, make_lead
from rules.trump import TRUMP
from rules.units import decompose
from rules.views import View

MAX_CHOICES = 25


def _matches(typed: str, cards: Sequence[Card]) -> bool:
    """Does the choice fit what was typed (any notation, or a prefix of the text)?"""
    typed = typed.strip()
    if not typed:
        return True
    shown = format_cards(cards)
    if typed.lower() in shown.lower() or typed.lower() in format_cards(cards, "ascii").lower():
        return True
    try:
        want = counts_of(parse_cards(typed))
    except NotationError:
        return False
    have = counts_of(cards)
    return all(have[c] >= n for c, n in enumerate(want) if n)


def _dedupe(options: Iterable[Sequence[Card]]) -> list[tuple[Card, ...]]:
    seen: set[tuple[Card, ...]] = set()
    out: list[tuple[Card, ...]] = []
    for cards in options:
        key = tuple(sorted(cards))
        if key not in seen:
            seen.add(key)
            out.append(tuple(cards))
    return out


def play_options(view: View) -> list[tuple[Card, ...]]:
    """Legal plays for this trick, best first: pairs and tractors, then singles.

    Leading: every tuple and tractor of the hand, then each suit's cards from the top
    as a possible throw (checked when played), then singles.
    """
    if view.hand is None or view.seat is None:
        return []
    ctx = view.context
    hand = counts_of(view.hand)
    if view.current:
        lead = make_lead(ctx, view.current[0][1])
        follows = legal_follows(ctx, hand, lead, limit=400)
        strength = lambda cs: (-max(ctx.order(c) for c in cs), cs)  # noqa: E731
        return _dedupe(sorted(follows, key=strength))
    suits: dict[int, list[Card]] = {}
    for c in ctx.sort_cards(view.hand, reverse=True):
        suits.setdefault(ctx.suit_of[c], []).append(c)
    multi: list[tuple[Card, ...]] = []
    singles: list[tuple[Card, ...]] = []
    throws: list[tuple[Card, ...]] = []
    for suit, cards in suits.items():
        units = decompose(ctx, cards)
        multi.extend(u.cards for u in units if u.size > 1)
        singles.extend((c,) for c in dict.fromkeys(cards))
        if suit != TRUMP and len(units) > 1:
            top = [u for u in units if u.top >= max(x.top for x in units) - 1]
            if len(top) > 1:
                throws.append(tuple(c for u in top for c in u.cards))
    return _dedupe(multi + throws + singles)


def bury_options(view: View) -> list[tuple[Card, ...]]:
    if view.hand is None or view.seat != view.dealer or view.phase != "burying":
        return []
    n = view.rules.kitty_size
    hand = counts_of(view.hand)
    first = tuple(default_bury(view.context, hand, n))
    return [first]


def choices(options: Sequence[Sequence[Card]], typed: str) -> list[tuple[str, str]]:
    """(name, value) pairs: the symbol form shown, the ASCII form sent back."""
    out: list[tuple[str, str]] = []
    for cards in options:
        if _matches(typed, cards):
            out.append((format_cards(cards)[:100], format_cards(cards, "ascii")[:100]))
        if len(out) >= MAX_CHOICES:
            break
    return out
