"""Random legal actions for the property tests over whole hands: random declarations,
leads (singles, groups, often throws — some failing) and follows."""

from __future__ import annotations

import random

from rules.actions import Action, Bury, DealCards, Declare, NextHand, Pass, Play
from rules.best_follow import generate_follow
from rules.cards import Card, cards_of
from rules.game import Match
from rules.play import legal_follows


def random_lead(m: Match, rng: random.Random, seat: int) -> tuple[Card, ...]:
    """A single, a unit-ish group (all copies of a few cards of one suit) or an
    arbitrary same-suit group: the last two are often throws, some of them failing."""
    ctx = m.context
    hand = m.hand.hands[seat]
    cards = cards_of(hand)
    c = rng.choice(cards)
    r = rng.random()
    if r < 0.45:
        return (c,)
    suit = ctx.suit_of[c]
    same = [x for x in cards if ctx.suit_of[x] == suit]
    if r < 0.8:
        idents = sorted(set(same))
        pick = rng.sample(idents, rng.randint(1, min(3, len(idents))))
        return tuple(x for x in pick for _ in range(hand[x]))
    return tuple(rng.sample(same, rng.randint(1, min(6, len(same)))))


def random_action(
    m: Match, rng: random.Random, declare: float = 0.25, *, mixed: bool = False
) -> Action:
    """A random legal action of whoever may act (four seats). ``mixed``: now and then
    the rules' own suggestion, or one of the legal follows listed, instead."""
    h = m.hand
    if m.phase == "dealing":
        if rng.random() < declare:
            seat = rng.randrange(4)
            opts = m.declaration_options(seat)
            if opts:
                return Declare(seat, rng.choice(opts).cards)
        return DealCards(rng.randint(1, 30 * m.rules.decks))
    if m.phase == "declaring":
        seat = rng.choice([s for s in range(4) if s not in h.passes])
        if rng.random() < 0.15:
            opts = m.declaration_options(seat)
            if opts:
                return Declare(seat, rng.choice(opts).cards)
        return Pass(seat)
    if m.phase == "burying":
        assert h.dealer is not None
        if mixed and rng.random() < 0.5:
            return _suggested(m, h.dealer)
        return Bury(h.dealer, tuple(rng.sample(cards_of(h.hands[h.dealer]), m.rules.kitty_size)))
    if m.phase == "playing":
        seat = h.turn
        assert seat is not None
        lead = m.current_lead()
        if lead is None:
            if mixed and rng.random() < 0.2:
                return _suggested(m, seat)
            return Play(seat, random_lead(m, rng, seat))
        if mixed:
            r = rng.random()
            if r < 0.2:
                return _suggested(m, seat)
            if r < 0.35 and len(lead.cards) <= 2:
                follows = legal_follows(m.context, h.hands[seat], lead, limit=200)
                return Play(seat, rng.choice(follows))
        return Play(seat, tuple(generate_follow(m.context, h.hands[seat], lead, rng)))
    if m.phase == "scored":
        return NextHand()
    raise AssertionError(f"no action in phase {m.phase}")


def _suggested(m: Match, seat: int) -> Action:
    a = m.suggest(seat)
    assert a is not None
    return a
