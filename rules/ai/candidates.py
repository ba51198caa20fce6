"""The plays the strong player compares (``rules.ai.strong``): whether a decision has
anything to weigh at all (``trivial``), and the distinct legal plays worth playing
out, the basic player's choice first (``candidates``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb

from rules.ai.basic import cheapest, follow_options, richest, sure_units
from rules.ai.bombs import winning_bombs
from rules.ai.common import lead_unit, ruff_suits
from rules.ai.state import Public, cards_list, units_of
from rules.cards import NUM_CARDS, POINTS
from rules.play import generate_follow, legal_follows
from rules.trump import TRUMP


def trivial(pub: Public, seat: int, hand: Sequence[int]) -> bool:
    """A follow with nothing to weigh: we cannot win the trick and the partner is not
    winning it (play cheap), or we play last behind a winning partner (feed points)."""
    if not pub.trick:
        return False
    lead = pub.lead
    assert lead is not None and pub.best is not None
    idx, key = pub.best
    if pub.allies(seat, pub.trick[idx][0]):  # (at 找朋友 tables: known to be)
        return len(pub.trick) == pub.n - 1
    ctx = pub.ctx
    pos = ctx.pos
    if len(lead.cards) == 1:
        s = lead.suit
        mine = [c for c in ctx.suit_cards[s] if hand[c]]
        if mine:
            return key[0] != 0 or pos[mine[-1]] <= key[1]
        if s == TRUMP:
            return True
        need = key[1] if key[0] == 1 else -1
        return not any(hand[c] and pos[c] > need for c in ctx.suit_cards[TRUMP])
    if follow_options(pub, hand).win() is not None:
        return False
    # House rule bombs: a bomb that takes the trick is something to weigh.
    return not winning_bombs(pub, seat, hand)


def candidates(
    pub: Public,
    seat: int,
    hand: list[int],
    kitty: Sequence[int] | None,
    base: list[int],
    rng: random.Random,
    cap: int,
) -> list[list[int]]:
    """Distinct legal plays worth comparing, the basic choice first, at most ``cap``,
    the likeliest alternatives first. No lead of points or of a throw into a suit an
    opponent has shown it can ruff (the play-outs are too few to see that cost reliably)."""
    out: list[list[int]] = [list(base)]
    seen = {tuple(sorted(base))}
    ctx = pub.ctx
    suit_of, pos = ctx.suit_of, ctx.pos
    ruff_mask = 0  # suits an opponent has shown it can ruff (leads only)
    if not pub.trick:
        unseen = pub.unseen(hand, kitty)
        ruff_mask = ruff_suits(pub, seat, sum(ctx.suit_counts[TRUMP](unseen)))

    def add(cards: Sequence[int] | None) -> None:
        if not cards:
            return
        if not pub.trick:
            cards = lead_unit(ctx, list(cards))
        if ruff_mask >> suit_of[cards[0]] & 1 and (
            any(POINTS[c] for c in cards) or len(units_of(ctx, cards)) > 1
        ):
            return
        key = tuple(sorted(cards))
        if key not in seen:
            seen.add(key)
            out.append([int(c) for c in cards])

    if not pub.trick:
        shaped: list[list[int]] = []
        lows: list[tuple[int, int]] = []
        highs: list[int] = []
        for s in range(5):
            cs = cards_list(hand, ctx.suit_cards[s])
            if not cs:
                continue
            units = units_of(ctx, cs)
            sure = sure_units(ctx, unseen, units)
            if sure:
                add([c for u in sure for c in u.cards])
            for u in units:
                if u.size > 1:
                    shaped.append([int(c) for c in u.cards])
            singles = [int(u.cards[0]) for u in units if u.size == 1]
            if singles:
                lows.append((len(cs), min(singles, key=lambda c: (POINTS[c] > 0, pos[c]))))
                highs.append(max(singles, key=lambda c: pos[c]))
        for _, c in sorted(lows):
            add([c])
        for cards in sorted(shaped, key=lambda cs: -len(cs)):
            add(cards)
        for c in highs:
            add([c])
        return _cap(out, cap)
    lead = pub.lead
    assert lead is not None and pub.best is not None
    _, key = pub.best
    n = len(lead.cards)
    if n == 1:
        s = lead.suit
        mine = [c for c in ctx.suit_cards[s] if hand[c]]
        if mine:
            add([cheapest(ctx, mine)])
            add([richest(ctx, mine)])
            if key[0] == 0:
                beaters = [c for c in mine if pos[c] > key[1]]
                if beaters:
                    add([beaters[0]])
            add([mine[-1]])
            kinds: dict[tuple[int, int], int] = {}
            for c in mine:
                kinds.setdefault((pos[c], POINTS[c]), c)
            for c in sorted(kinds.values(), key=lambda c: -pos[c]):
                add([c])
            return _cap(out, cap)
        others = [c for c in range(NUM_CARDS) if hand[c]]
        plain = [c for c in others if suit_of[c] != TRUMP]
        trumps = [c for c in ctx.suit_cards[TRUMP] if hand[c]]
        add([cheapest(ctx, others)])
        need = key[1] if key[0] == 1 else -1
        ruffs = [c for c in trumps if pos[c] > need]
        if ruffs:
            add([ruffs[0]])
        add([richest(ctx, others)])
        if ruffs:
            add([ruffs[-1]])
        for s2 in range(4):
            cs = [c for c in plain if suit_of[c] == s2]
            if cs:
                add([cheapest(ctx, cs)])
        return _cap(out, cap)
    opts = follow_options(pub, hand)
    add(opts.cheap())
    add(opts.win())
    add(opts.rich())
    for bomb in winning_bombs(pub, seat, hand)[:1]:
        add(bomb)  # the weakest bomb that takes the trick (bombs house rule)
    have = sum(ctx.suit_counts[lead.suit](hand))
    pool = have if have > n else sum(hand) - have
    k = n if have > n else n - have
    if comb(pool, k) <= 300:
        for follow in legal_follows(ctx, hand, lead, limit=cap * 3):
            add([int(c) for c in follow])
    if len(lead.units) == 1:
        for _ in range(3):
            add([int(c) for c in generate_follow(ctx, hand, lead, rng)])
    return _cap(out, cap)


def _cap(out: list[list[int]], cap: int) -> list[list[int]]:
    return out[: max(1, cap)]
