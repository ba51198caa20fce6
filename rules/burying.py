"""The suggested kitty (panel, console, 托管 and the AI players): the cheapest cards to
bury, where a pair or a tractor is kept whole, a short plain suit is voided when that
costs little, and point cards, aces and trumps go only when nothing cheaper is left.

Each plain suit is costed on its own (the cheapest way to take k of its cards, for every
k) and the suits are then combined; so splitting a pair is never cheaper than a lone
low card elsewhere, and voiding a suit earns a bonus (a void lets the dealer ruff)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from rules.cards import NUM_CARDS, POINTS
from rules.trump import TRUMP, TrumpContext

POINT_COST = 60.0  # a 5, 10 or K in the kitty can be doubled for the attackers
PAIR_COST = 50.0  # losing a pair (burying one or both of its cards)
TRACTOR_COST = 40.0  # more for a pair that is part of a tractor
ACE_COST = 25.0
KING_SIDE_COST = 6.0  # the card under the ace
VOID_BONUS = 20.0
TRUMP_COST = 1000.0
INF = float("inf")


def suggest_bury(
    ctx: TrumpContext,
    hand: Sequence[int],
    n: int,
    *,
    point_cost: float = POINT_COST,
    void_bonus: float = VOID_BONUS,
    void: int | None = None,
) -> list[int]:
    """``n`` card ids from ``hand`` (counts by card id) to bury. The keywords give the
    other kitties the strong player weighs (``bury_options``): another price on point
    cards or on voiding, or plain suit ``void`` buried whole (when it fits)."""
    if n <= 0:
        return []
    held = [c for c in range(NUM_CARDS) if hand[c]]
    suits = sorted({ctx.suit_of[c] for c in held})
    tables: list[tuple[list[float], list[list[int]]]] = []
    for s in suits:
        cards = [c for c in held if ctx.suit_of[c] == s]
        table = _suit_table(ctx, hand, s, cards, point_cost, void_bonus)
        if s == void and len(table[0]) - 1 <= n:
            costs, chosen = table
            table = ([INF] * (len(costs) - 1) + [costs[-1]], chosen)
        tables.append(table)
    # Combine the suits: best[k] = cheapest cost of k cards from the suits so far.
    best: list[float] = [0.0] + [INF] * n
    picks: list[list[int]] = [[] for _ in range(n + 1)]
    for costs, chosen in tables:
        nxt = [INF] * (n + 1)
        nxt_picks: list[list[int]] = [[] for _ in range(n + 1)]
        for have in range(n + 1):
            if best[have] == INF:
                continue
            for k in range(min(len(costs) - 1, n - have) + 1):
                total = best[have] + costs[k]
                if total < nxt[have + k]:
                    nxt[have + k] = total
                    nxt_picks[have + k] = picks[have] + chosen[k]
        best, picks = nxt, nxt_picks
    assert best[n] < INF, "fewer cards in hand than the kitty"
    return picks[n]


def bury_options(ctx: TrumpContext, hand: Sequence[int], n: int, cap: int) -> list[list[int]]:
    """Up to ``cap`` distinct kitties worth comparing, the suggestion first: each short
    plain suit buried whole (shortest first), then points priced like other cards (a
    lone 10 or K may go to void a suit), then no premium on voids."""
    out: list[list[int]] = []
    seen: set[tuple[int, ...]] = set()

    def add(cards: list[int]) -> None:
        key = tuple(sorted(cards))
        if len(out) < cap and key not in seen:
            seen.add(key)
            out.append(cards)

    add(suggest_bury(ctx, hand, n))
    lengths: dict[int, int] = {}
    for c in range(NUM_CARDS):
        if hand[c] and ctx.suit_of[c] != TRUMP:
            lengths[ctx.suit_of[c]] = lengths.get(ctx.suit_of[c], 0) + hand[c]
    for s in sorted((s for s, k in lengths.items() if k <= n), key=lambda s: lengths[s]):
        add(suggest_bury(ctx, hand, n, void=s))
    add(suggest_bury(ctx, hand, n, point_cost=10.0))
    add(suggest_bury(ctx, hand, n, void_bonus=0.0))
    return out


def _suit_table(
    ctx: TrumpContext,
    hand: Sequence[int],
    suit: int,
    cards: list[int],
    point_cost: float = POINT_COST,
    void_bonus: float = VOID_BONUS,
) -> tuple[list[float], list[list[int]]]:
    """For k = 0..len: the cheapest cost of burying k cards of this suit, and which."""
    # Units: a lone card, or the copies of one identity held two or more times.
    counts: dict[int, list[int]] = {}
    for c in cards:
        counts.setdefault(ctx.ident[c], []).extend([c] * hand[c])
    paired = {i for i, cs in counts.items() if len(cs) >= 2}
    order = ctx.suit_idents[suit]
    in_tractor = {
        i for a, b in itertools.pairwise(order) if a in paired and b in paired for i in (a, b)
    }
    top = ctx.npos[suit] - 1
    options: list[list[tuple[float, list[int]]]] = []  # per unit: (cost, cards) choices
    for ident, copies in counts.items():
        copies.sort()
        base = [_card_cost(ctx, c, top, point_cost) for c in copies]
        if ident not in paired:
            options.append([(base[0], copies[:1])])
            continue
        group = PAIR_COST + (TRACTOR_COST if ident in in_tractor else 0.0)
        # Taking any of a pair's cards loses the pair; each card still costs its own.
        options.append([(group + sum(base[:k]), copies[:k]) for k in range(1, len(copies) + 1)])
    size = len(cards) + sum(hand[c] - 1 for c in cards)
    costs = [0.0] + [INF] * size
    chosen: list[list[int]] = [[] for _ in range(size + 1)]
    for unit in options:
        nxt, nxt_chosen = list(costs), [list(x) for x in chosen]
        for have in range(size + 1):
            if costs[have] == INF:
                continue
            for cost, cs in unit:
                k = have + len(cs)
                if costs[have] + cost < nxt[k]:
                    nxt[k] = costs[have] + cost
                    nxt_chosen[k] = chosen[have] + cs
        costs, chosen = nxt, nxt_chosen
    if suit != TRUMP and size:
        costs[size] -= void_bonus
    return costs, chosen


def _card_cost(ctx: TrumpContext, c: int, top: int, point_cost: float = POINT_COST) -> float:
    pos = ctx.pos[c]
    if ctx.suit_of[c] == TRUMP:
        return TRUMP_COST + pos + (POINT_COST if POINTS[c] else 0.0)
    v = float(pos)
    if POINTS[c]:
        v += point_cost
    if pos == top:
        v += ACE_COST
    elif pos == top - 1:
        v += KING_SIDE_COST
    return v
