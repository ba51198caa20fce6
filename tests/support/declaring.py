"""Declaring helpers: every seat passes (``all_pass``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from rules.actions import Action, DealCards, Pass
from rules.cards import Card, full_deck
from rules.errors import RuleError
from rules.events import (
    Event,
    TrumpFixed,
)
from rules.game import Match


def all_pass(match: Match, order: Sequence[int] = (0, 1, 2, 3)) -> list[Event]:
    events: list[Event] = []
    for s in order:
        events.extend(match.apply(Pass(s)))
    return events


C = Card


def stack(
    match: Match,
    hands: dict[int, Sequence[Card]] | None = None,
    kitty: Sequence[Card] = (),
) -> None:
    """Stack the current hand's deck: ``hands[s]`` are seat s's first cards in deal
    order, ``kitty`` the kitty's first cards; the rest is filled from the unused cards,
    lowest card id first (seat 0's hand, then seats 1-3, then the kitty)."""
    rules = match.rules
    hands = {s: list(cs) for s, cs in (hands or {}).items()}
    pool = Counter(full_deck(rules.decks))
    wanted = Counter([c for cs in hands.values() for c in cs] + list(kitty))
    for c, n in wanted.items():
        assert pool[c] >= n, f"only {pool[c]} copies of {c!r} exist"
    pool.subtract(wanted)
    rest = sorted(pool.elements())
    size = (54 * rules.decks - rules.kitty_size) // 4
    seat_cards: dict[int, list[Card]] = {}
    for s in range(4):
        cs = list(hands.get(s, []))
        assert len(cs) <= size
        while len(cs) < size:
            cs.append(rest.pop(0))
        seat_cards[s] = cs
    kit = list(kitty)
    while len(kit) < rules.kitty_size:
        kit.append(rest.pop(0))
    assert not rest
    start = match.hand.dealer if match.hand.dealer is not None else 0
    total = 4 * size
    deck: list[Card] = []
    for i in range(total):
        seat = (start + i) % 4
        deck.append(seat_cards[seat][i // 4])
    match.hand.deck = deck + kit
    assert Counter(match.hand.deck) == Counter(full_deck(rules.decks))


def deal_all(match: Match) -> list[Event]:
    left = match.deal_total - match.hand.dealt
    return match.apply(DealCards(left)) if left else []


def refused(match: Match, action: Action, code: str) -> RuleError:
    """``action`` is refused with ``code`` and the match is exactly as it was."""
    before = match.to_dict()
    with pytest.raises(RuleError) as info:
        match.apply(action)
    assert info.value.code == code, (info.value.code, str(info.value))
    assert match.to_dict() == before
    return info.value


def fixed(events: list[Event]) -> TrumpFixed:
    (t,) = [e for e in events if isinstance(e, TrumpFixed)]
    return t
