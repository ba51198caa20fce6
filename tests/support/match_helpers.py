"""Checks shared by the property tests of random matches."""

from __future__ import annotations

from collections import Counter

from rules.cards import full_deck
from rules.game import Match


def assert_conserved(m: Match) -> None:
    """Every card of the decks (short decks included) is in exactly one place."""
    h = m.hand
    pool: Counter[int] = Counter()
    for counts in h.hands:
        for c, k in enumerate(counts):
            pool[c] += k
    pool.update(c for t in h.tricks for _, p in t.plays for c in p)
    if h.current:
        pool.update(c for _, p in h.current.plays for c in p)
    pool.update(h.deck[h.dealt : m.deal_total])
    if m.phase in ("dealing", "declaring"):
        pool.update(h.deck[m.deal_total :])
    else:
        pool.update(h.buried)
    r = m.rules
    assert pool == Counter(int(c) for c in full_deck(r.decks, r.lowest_rank, r.jokers))
