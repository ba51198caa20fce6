"""The basic player's kitty: void short plain suits, keep aces, pairs, trumps and points."""

from __future__ import annotations

from collections.abc import Sequence

from rules.ai.state import cards_list
from rules.cards import NUM_CARDS, POINTS
from rules.trump import TRUMP, TrumpContext


def choose_bury(ctx: TrumpContext, hand: Sequence[int], n: int) -> list[int]:
    """The cards to bury: void short plain suits, keep aces, pairs, trumps and points."""
    cards = cards_list(hand, range(NUM_CARDS))
    if n <= 0:
        return []
    suit_of, pos, ident = ctx.suit_of, ctx.pos, ctx.ident
    trumps = sum(1 for c in cards if suit_of[c] == TRUMP)
    size = len(cards) - n
    safe_points = trumps >= 0.5 * size  # enough trumps to defend a kitty with points
    idents: dict[int, int] = {}
    for c in cards:
        idents[ident[c]] = idents.get(ident[c], 0) + 1

    def cost(c: int) -> float:
        s = suit_of[c]
        if s == TRUMP:
            return 1000.0 + pos[c]
        top = ctx.npos[s] - 1
        v = float(pos[c])
        if POINTS[c]:
            v += 3 if safe_points else 30
        if pos[c] == top:
            v += 25  # an ace (the top plain card)
        elif pos[c] == top - 1:
            v += 6
        if idents[ident[c]] >= 2:
            v += 15 + pos[c]
        return v

    costs = {c: cost(c) for c in set(cards)}
    plain = sorted({suit_of[c] for c in cards if suit_of[c] != TRUMP})
    by_suit = {s: [c for c in cards if suit_of[c] == s] for s in plain}
    best: tuple[float, list[int]] | None = None
    for mask in range(1 << len(plain)):
        chosen: list[int] = []
        voided = 0
        for k, s in enumerate(plain):
            if mask >> k & 1:
                chosen.extend(by_suit[s])
                voided += 1
        if len(chosen) > n:
            continue
        rest = sorted(
            (c for c in cards if not (suit_of[c] != TRUMP and mask >> plain.index(suit_of[c]) & 1)),
            key=lambda c: (costs[c], c),
        )
        chosen.extend(rest[: n - len(chosen)])
        total = sum(costs[c] for c in chosen) - 10.0 * voided
        if best is None or total < best[0]:
            best = (total, chosen)
    assert best is not None
    return best[1]
