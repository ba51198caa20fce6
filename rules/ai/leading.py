"""The basic player's leads: sure winners first, drawing trumps when the dealer's side
holds most of them, a suit the partner can ruff, else a cheap card from a short suit.
No points (nor sure winners) are led in a suit an opponent has shown it can ruff
(``ruff_suits``) unless nothing else is left."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rules.ai.common import cheapest, ruff_suits, sure_units
from rules.ai.state import SUIT_UNITS, Public, suit_units
from rules.cards import POINTS
from rules.trump import TRUMP, TrumpContext
from rules.units import Unit, suit_length

# Added to a cheap lead's cost when it leads points into an opponent's ruff: above any
# other lead, so it is played only when the hand has nothing else (not even a trump).
GIFT = 100.0


def _units_by_suit(ctx: TrumpContext, hand: Sequence[int]) -> dict[int, tuple[Unit, ...]]:
    out: dict[int, tuple[Unit, ...]] = {}
    known = SUIT_UNITS.get  # ``suit_units``' memo read inline: every lead asks five times
    if _NATIVE:  # the compiled build: list reads in a C loop beat itemgetters called from C
        held: list[int] = hand if isinstance(hand, list) else list(hand)
        for s, cards in enumerate(ctx.suit_cards):
            us = known((ctx, s, tuple([held[c] for c in cards])))
            if us is None:
                us = suit_units(ctx, hand, s)
            if us:
                out[s] = us
        return out
    for s, counts in enumerate(ctx.suit_counts):
        us = known((ctx, s, counts(hand)))
        if us is None:
            us = suit_units(ctx, hand, s)
        if us:
            out[s] = us
    return out


def choose_lead(
    pub: Public, seat: int, hand: Sequence[int], kitty: Sequence[int] | None
) -> list[int]:
    ctx = pub.ctx
    pos = ctx.pos
    unseen = pub.unseen_for(seat, hand, kitty)
    unseen_trumps = suit_length(ctx, unseen, TRUMP)
    units = _units_by_suit(ctx, hand)
    ruffs = ruff_suits(pub, seat, unseen_trumps)

    # 1. Sure winners in the plain suits (off-suit aces and the like), thrown together.
    best: tuple[float, list[int]] | None = None
    for s, us in units.items():
        if s == TRUMP:
            continue
        if ruffs >> s & 1:
            continue  # an opponent would ruff the winners
        sure = sure_units(ctx, unseen, us)
        if not sure:
            continue
        cards = [int(c) for u in sure for c in u.cards]
        outside = suit_length(ctx, unseen, s)
        score = 10.0 + sum(POINTS[c] for c in cards) + 2.0 * len(cards)
        if unseen_trumps > 0 and outside < 2 * len(cards):
            score -= 8.0 + sum(POINTS[c] for c in cards)  # an opponent may be void already
            if score <= 0:
                continue
        if best is None or score > best[0]:
            best = (score, cards)
    if best is not None:
        return best[1]

    trump_units = units.get(TRUMP, ())
    # 2. The dealer's side draws trumps when it holds most of them (and near the end
    #    plays its sure trumps to keep control of the last tricks and the kitty).
    if (
        trump_units
        and unseen_trumps > 0
        and not pub.is_attacker(seat)
        and (suit_length(ctx, hand, TRUMP) >= 0.6 * unseen_trumps or pub.sizes[seat] <= 4)
    ):
        sure = sure_units(ctx, unseen, trump_units)
        if sure:
            return [int(c) for u in sure for c in u.cards]
        shaped = [u for u in trump_units if u.size > 1]
        if shaped:
            return [int(c) for c in max(shaped, key=lambda u: (u.size, u.top)).cards]
        return [cheapest(ctx, [int(c) for u in trump_units for c in u.cards])]

    # 3. A suit the partner has shown void in (and can ruff), the opponents not.
    voids = pub.voids
    ruffable = 0  # bit s: a partner with trumps left has shown a void in s
    for p in pub.partners(seat):
        if not voids[p] >> TRUMP & 1:
            ruffable |= voids[p]
    for o in pub.opponents(seat):
        ruffable &= ~voids[o]  # ... and no opponent has
    if ruffable & ~(1 << TRUMP):
        for s, us in units.items():
            if s != TRUMP and ruffable >> s & 1:
                return [cheapest(ctx, [int(c) for u in us for c in u.cards])]

    # 4. A cheap card, from a short plain suit, not breaking a pair, without points.
    best_c: tuple[float, list[int]] | None = None
    for s, us in units.items():
        if s == TRUMP:
            continue
        length = sum(u.size for u in us)
        top = ctx.npos[s] - 1
        ruffed = ruffs >> s & 1
        for u in us:
            if u.size == 1:
                c = int(u.cards[0])
                v = pos[c] + 12.0 * (POINTS[c] > 0) + 0.7 * length
                if pos[c] >= top - 1 and POINTS[c] == 0:
                    v += 3  # a high card that is not sure: keep it
                cards = [c]
            else:
                # a low pair or tractor drains the opponents' pairs
                v = 4.0 + u.top + 12.0 * any(POINTS[c] for c in u.cards) + 0.7 * length
                cards = [int(c) for c in u.cards]
            if ruffed and any(POINTS[c] for c in cards):
                v += GIFT
            if best_c is None or v < best_c[0]:
                best_c = (v, cards)
    if best_c is not None and (best_c[0] < GIFT or not trump_units):
        return best_c[1]
    # Only trumps left (or else only points into an opponent's ruff).
    singles = [int(u.cards[0]) for u in trump_units if u.size == 1]
    if singles:
        return [min(singles, key=lambda c: (POINTS[c] > 0, pos[c]))]
    return [int(c) for c in min(trump_units, key=lambda u: (u.size, u.top)).cards]


# True in the compiled build (bot/compiled/build.py), where this module is a C extension
# and plain loops beat the builtins that are fastest in the interpreter.
_NATIVE: Final = not __file__.endswith(".py")
