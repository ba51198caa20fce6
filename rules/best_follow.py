"""The best follow: the best-group vector a follow must reach (``follow_vector``),
what a play offers towards it (``played_holding``), a judge of plays against it
worked out once per hand (``_shape_checker``), and one legal follow made quickly
(``generate_follow``). docs/rules.md §4.

Listing every legal follow is ``rules.follows``, which re-exports these names.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import accumulate, combinations, product
from typing import Final

from rules import units
from rules.cards import ALL_CARDS, Card
from rules.follow_patterns import Pattern, groups_for
from rules.rng import below, shuffle
from rules.ruleset_parts import Shape
from rules.trump import TRUMP, TrumpContext
from rules.units import (
    Holding,
    Lead,
    exact_tuples,
    first_group,
    placements,
    strict_tuples,
    suit_holding,
)

Counts = Sequence[int]


def follow_vector(
    ctx: TrumpContext, holding: Holding, lead: Lead, exact: bool = False
) -> tuple[int, ...]:
    """Lexicographically best (smallest) group ranks reachable, unit by unit.
    ``exact``: a hand's tuples count only at their own width (house rule longer-tuples)."""
    if len(lead.units) == 1:
        return (first_group(ctx, holding, lead.units[0].shape, exact),)
    groups = [groups_for(ctx, s) for s in lead.shapes]
    return _vector_multi(ctx, holding, groups, exact)


def played_holding(ctx: TrumpContext, hand: Holding, cards: Sequence[int]) -> Holding:
    """What a play offers towards the lead's shape. Under longer-tuples-strict a tuple
    taken out of a wider one held (two of a triple) counts only as singles: it does
    not stand in for a real pair the hand holds."""
    played = units.holding_of(ctx, cards)
    if strict_tuples(ctx):
        return {i: n for i, n in played.items() if n == hand.get(i, 0)}
    return played


def protected_follow_ok(
    ctx: TrumpContext, holding: Holding, lead: Lead, cards: Sequence[int]
) -> bool:
    """Follow protection longer-tuples (and both) as the web table's ``is_legal_play``
    reads it (rbtying/shengji mechanics/src/trick.rs). The hand owes what its tuples
    give at their own width (a triple never has to supply a pair), while the play
    counts by its own tuples: two of a triple are a pair. The play must reach the
    hand's best group (or an earlier one), and it may not fill a tuple slot with a
    longer tuple when the rest of the hand could fill that slot with tuples held
    exactly that wide. ``cards``: the play, all of the led suit."""
    return protected_checker(ctx, holding, lead)(cards)


def protected_checker(
    ctx: TrumpContext, holding: Holding, lead: Lead
) -> Callable[[Sequence[int]], bool]:
    """``protected_follow_ok`` for one hand and lead, what the hand owes worked out
    once (the follow listers judge many plays)."""
    if len(lead.units) == 1:
        shape = lead.units[0].shape
        groups, plans = groups_for(ctx, shape), units.group_plans(ctx, shape)
        owed = first_group(ctx, holding, shape, True)

        def one(cards: Sequence[int]) -> bool:
            played = units.holding_of(ctx, cards)
            for g in range(min(owed + 1, len(groups))):
                met = [
                    p
                    for p, plan in zip(groups[g], plans[g], strict=True)
                    if units.realizes_plan(ctx, played, len(cards), plan)
                ]
                if met:  # the first group the play reaches decides, as the web's loop does
                    rest = _rest(holding, played)
                    return any(not _longer_fills_slot(ctx, played, rest, p) for p in met)
            return owed >= len(groups)

        return one
    best = follow_vector(ctx, holding, lead, True)
    shape_groups = [groups_for(ctx, s) for s in lead.shapes]

    def many(cards: Sequence[int]) -> bool:
        played = units.holding_of(ctx, cards)
        got = follow_vector(ctx, played, lead)
        if got > best:
            return False
        rest = _rest(holding, played)
        choices = [gs[r] if r < len(gs) else ((),) for gs, r in zip(shape_groups, got, strict=True)]
        for combo in product(*choices):
            pattern: Pattern = tuple(s for p in combo for s in p)
            if units.realizes(ctx, played, pattern) and not _longer_fills_slot(
                ctx, played, rest, pattern
            ):
                return True
        return False

    return many


def _rest(holding: Holding, played: Holding) -> Holding:
    """The holding left in hand after the play."""
    return {i: n - played.get(i, 0) for i, n in holding.items() if n > played.get(i, 0)}


def _longer_fills_slot(ctx: TrumpContext, played: Holding, rest: Holding, pattern: Pattern) -> bool:
    """The web's "longer tuple bypasses a genuine one": for each tuple width N ≥ 2 of
    the pattern, the slots the play's own N-tuples (identities played exactly N
    times) do not cover are filled from longer ones, while the cards left in hand
    hold that many tuples of exactly N."""
    for n in sorted({w for w, length in pattern if length == 1 and w >= 2}):
        open_slots = pattern.count((n, 1)) - sum(1 for k in played.values() if k == n)
        if open_slots > 0 and units.fits(ctx, rest, ((n, 1),) * open_slots, True):
            return True
    return False


def _vector_multi(
    ctx: TrumpContext,
    holding: Holding,
    groups: list[tuple[tuple[Pattern, ...], ...]],
    exact: bool = False,
) -> tuple[int, ...]:
    memo: dict[tuple[int, tuple[tuple[int, int], ...]], tuple[int, ...]] = {}

    def go(k: int, h: Holding) -> tuple[int, ...]:
        if k == len(groups):
            return ()
        key = (k, tuple(sorted(h.items())))
        if key in memo:
            return memo[key]
        best: tuple[int, ...] | None = None
        for r, group in enumerate(groups[k]):
            for pattern in group:
                for h2 in _pattern_leftovers(ctx, h, pattern, exact):
                    cand = (r, *go(k + 1, h2))
                    if best is None or cand < best:
                        best = cand
            if best is not None:
                break
        result = best if best is not None else (len(groups[k]),) * (len(groups) - k)
        memo[key] = result
        return result

    return go(0, holding)


def _pattern_leftovers(
    ctx: TrumpContext, holding: Holding, pattern: Pattern, exact: bool = False
) -> list[Holding]:
    """Holdings left after taking the pattern's tuples/tractors in every distinct way.

    Singles are not taken: they can be any card, so they never block a later unit.
    """
    shapes = _shapes_by_size(pattern)
    out: dict[tuple[tuple[int, int], ...], Holding] = {}

    def go(h: Holding, k: int) -> None:
        if k == len(shapes):
            out.setdefault(tuple(sorted(h.items())), h)
            return
        w = shapes[k][0]
        for p in placements(ctx, h, shapes[k], exact=exact):
            h2 = dict(h)
            for i in p:
                h2[i] -= w
                if not h2[i]:
                    del h2[i]
            go(h2, k + 1)

    go(holding, 0)
    return list(out.values())


@lru_cache(maxsize=4096)
def _shapes_by_size(pattern: Pattern) -> tuple[Shape, ...]:
    """The pattern's tuples and tractors, tractors first, then larger first."""
    return tuple(
        sorted(
            (s for s in pattern if s != (1, 1)),
            key=lambda s: (s[1] >= 2, s[0] * s[1]),
            reverse=True,
        )
    )


def _weakest_key(ctx: TrumpContext) -> Callable[[int], int]:
    """Sort key of ``_weakest_first``: non-trump before trump, no points first, low first
    (then card id). The tuple (trump, points, position, id) packed into one int per card,
    worked out once per context: a C-level key (``tuple.__getitem__``), same order."""
    table: tuple[int, ...] | None = ctx.memo.get("weakest_key")
    if table is None:
        pts = (0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 2, 0)
        suit_of, pos = ctx.suit_of, ctx.pos
        assert max(pos) < 256
        table = ctx.memo["weakest_key"] = tuple(
            (((suit_of[c] == TRUMP) * 4 + (pts[c % 13] if c < 52 else 0)) * 256 + pos[c]) * 64 + c
            for c in range(len(suit_of))
        )
    return table.__getitem__


def _weakest_first(ctx: TrumpContext, cards: list[int]) -> list[int]:
    """Cheap cards first: non-trump before trump, low before high, no points first."""
    return sorted(cards, key=_weakest_key(ctx))


def _expand_suit(ctx: TrumpContext, counts: Counts, suit: int) -> list[int]:
    """``_expand(counts, ctx.suit_cards[suit])``, faster."""
    return _expand_pairs(ctx.suit_cards[suit], ctx.suit_counts[suit](counts))


def _expand_other(ctx: TrumpContext, counts: Counts, suit: int) -> list[int]:
    """The hand's cards outside ``suit``, in card id order."""
    return _expand_pairs(ctx.other_cards[suit], ctx.other_counts[suit](counts))


def _expand_pairs(cards: Sequence[int], counts: Sequence[int]) -> list[int]:
    """Each card as often as held, in ``cards`` order (the two are the same length)."""
    out: list[int] = []
    for c, k in zip(cards, counts, strict=False):  # equal lengths: no check in the loop
        if k:
            out += (c,) * k
    return out


def generate_follow(
    ctx: TrumpContext, hand: Counts, lead: Lead, rng: random.Random | None = None
) -> list[Card]:
    """One legal follow, quickly: the cheapest cards that satisfy the rules, or a
    random legal choice when ``rng`` is given."""
    n = len(lead.cards)
    suit = lead.suit
    if rng is not None and n == 1:
        return _random_single(ctx, hand, suit, rng)
    suit_cards: list[int] = []  # _expand_pairs, inlined: this is the hottest call of a hand
    for c, k in zip(ctx.suit_cards[suit], ctx.suit_counts[suit](hand), strict=False):
        if k:
            suit_cards += (c,) * k
    if len(suit_cards) <= n:
        rest = _expand_pairs(ctx.other_cards[suit], ctx.other_counts[suit](hand))
        if rng is not None:
            shuffle(rng, rest)
        else:
            rest = _weakest_first(ctx, rest)
        return [ALL_CARDS[c] for c in suit_cards + rest[: n - len(suit_cards)]]
    order = suit_cards
    if n == 1:  # a single lead (one card is one unit of size 1)
        if rng is not None:
            shuffle(rng, order)
            return [ALL_CARDS[order[0]]]
        return [ALL_CARDS[min(order, key=_weakest_key(ctx))]]
    if rng is not None:
        shuffle(rng, order)
        return _shaped_follow(ctx, hand, lead, order, rng)
    # Without an rng the follow depends only on the led suit's counts (the hand holds
    # more of it than was led): the AI asks for the same ones again and again.
    key = (ctx, lead, ctx.suit_counts[suit](hand))
    got = _CHEAPEST.get(key)
    if got is None:
        if len(_CHEAPEST) >= MEMO_SIZE:
            _CHEAPEST.clear()
        got = _CHEAPEST[key] = tuple(
            _shaped_follow(ctx, hand, lead, _weakest_first(ctx, order), None)
        )
    return list(got)


def _random_single(ctx: TrumpContext, hand: Counts, suit: int, rng: random.Random) -> list[Card]:
    """A uniformly random legal follow of a single lead: a card of the led suit, or
    (void) any card, picked with one draw (``below``) instead of shuffling a list."""
    if _NATIVE:
        return _random_single_loop(ctx, hand, suit, rng)
    # The p-th card of the held cards (each as often as held) is the first whose running
    # count passes p: ``accumulate`` and ``bisect`` find it without a Python loop.
    run = list(accumulate(ctx.suit_counts[suit](hand)))
    held = run[-1]
    if held:
        p = below(rng, held) if held > 1 else 0
        return [ALL_CARDS[ctx.suit_cards[suit][bisect_right(run, p)]]]
    run = list(accumulate(ctx.other_counts[suit](hand)))
    rest = run[-1] if run else 0
    return [ALL_CARDS[ctx.other_cards[suit][bisect_right(run, below(rng, rest))]]] if rest else []


def _random_single_loop(
    ctx: TrumpContext, hand: Counts, suit: int, rng: random.Random
) -> list[Card]:
    """``_random_single`` as plain loops: the same draw, the same card; in the compiled
    build (mypyc) a loop is C and beats ``accumulate``/``bisect``'s generic calls."""
    counts = ctx.suit_counts[suit](hand)
    held = 0
    for k in counts:
        held += k
    if held:
        p = below(rng, held) if held > 1 else 0
        cards = ctx.suit_cards[suit]
    else:
        counts = ctx.other_counts[suit](hand)
        for k in counts:
            held += k
        if not held:
            return []
        p = below(rng, held)
        cards = ctx.other_cards[suit]
    i = 0
    for k in counts:
        p -= k
        if p < 0:
            break
        i += 1
    return [ALL_CARDS[cards[i]]]


# True in the compiled build, where this module is a C extension, not a .py file.
_NATIVE: Final = not __file__.endswith(".py")

MEMO_SIZE = 20_000  # bounded: cleared when full
_CHEAPEST: dict[tuple[TrumpContext, Lead, tuple[int, ...]], tuple[Card, ...]] = {}


def _shaped_follow(
    ctx: TrumpContext, hand: Counts, lead: Lead, order: list[int], rng: random.Random | None
) -> list[Card]:
    """A follow of a shaped lead from a hand holding more of the led suit than was led:
    the tuples/tractors ``_witness`` picks, then the first other cards of ``order``."""
    n = len(lead.cards)
    holding = suit_holding(ctx, hand, lead.suit)
    remaining = list(order)
    chosen: list[int] = []
    ident = ctx.ident
    for i in _witness(ctx, holding, lead, rng):
        # An identity stands for its two-colour twins too: take any physical match.
        c = next(c for c in remaining if ident[c] == i)
        remaining.remove(c)
        chosen.append(c)
    play = chosen + remaining[: n - len(chosen)]
    if units.web_tuples(ctx):
        ok = protected_checker(ctx, holding, lead)
        if not ok(play):
            # Rare: the fill made an earlier group whose tuple slot a longer tuple
            # fills while the hand keeps an exact one. The first legal choice in order.
            play = next(list(p) for p in combinations(order, n) if ok(p))
    return [ALL_CARDS[c] for c in play]


def _witness(
    ctx: TrumpContext, holding: Holding, lead: Lead, rng: random.Random | None
) -> list[int]:
    """Physical cards of the tuples/tractors a best follow must contain."""
    ex = exact_tuples(ctx)
    if len(lead.units) == 1:
        # Fast path for one unit: the first placement of the first pattern that has one.
        shape = lead.units[0].shape
        groups = groups_for(ctx, shape)
        r = first_group(ctx, holding, shape, ex)
        for pattern in groups[r] if r < len(groups) else ():
            for placed in _placements(ctx, holding, pattern, rng, ex):
                return [i for (w, _), p in placed for i in p for _ in range(w)]
        return []
    best = follow_vector(ctx, holding, lead, ex)
    h = dict(holding)
    chosen_idents: list[int] = []
    for k, shape in enumerate(lead.shapes):
        groups = groups_for(ctx, shape)
        done = False
        for pattern in groups[best[k]]:
            # Pick a placement for this unit that keeps the rest of the vector reachable.
            for h2, idents in _placements_with_idents(ctx, h, pattern, rng, ex):
                if (
                    k + 1 == len(lead.shapes)
                    or _vector_rest(ctx, h2, lead, k + 1, ex) == best[k + 1 :]
                ):
                    h = h2
                    chosen_idents.extend(idents)
                    done = True
                    break
            if done:
                break
    return chosen_idents


def _vector_rest(
    ctx: TrumpContext, holding: Holding, lead: Lead, k: int, exact: bool = False
) -> tuple[int, ...]:
    groups = [groups_for(ctx, s) for s in lead.shapes[k:]]
    return _vector_multi(ctx, holding, groups, exact)


def _placements_with_idents(
    ctx: TrumpContext,
    holding: Holding,
    pattern: Pattern,
    rng: random.Random | None,
    exact: bool = False,
) -> Iterator[tuple[Holding, list[int]]]:
    """(holding left, identities taken) for every way to place the pattern's units
    (lazily; see ``_placements``)."""
    for placed in _placements(ctx, holding, pattern, rng, exact):
        h2 = dict(holding)
        idents: list[int] = []
        for (w, _), p in placed:
            for i in p:
                h2[i] -= w
                if not h2[i]:
                    del h2[i]
                idents.extend([i] * w)
        yield h2, idents


def _placements(
    ctx: TrumpContext,
    holding: Holding,
    pattern: Pattern,
    rng: random.Random | None,
    exact: bool = False,
) -> Iterator[list[tuple[Shape, tuple[int, ...]]]]:
    """Every way to place the pattern's units, [(shape, identities top first)] each,
    lazily: weakest first without an rng (the cheapest follow), in random order
    with one. Lazy and complete, so a caller that needs a placement leaving room
    for later units always finds one."""
    shapes = _shapes_by_size(pattern)
    acc: list[tuple[Shape, tuple[int, ...]]] = []

    def go(h: Holding, k: int) -> Iterator[list[tuple[Shape, tuple[int, ...]]]]:
        if k == len(shapes):
            yield list(acc)
            return
        shape = shapes[k]
        options = list(placements(ctx, h, shape, exact=exact))
        if rng is None:
            options.reverse()  # placements() yields the strongest first
        else:
            shuffle(rng, options)
        w = shape[0]
        for p in options:
            h2 = dict(h)
            for i in p:
                h2[i] -= w
                if not h2[i]:
                    del h2[i]
            acc.append((shape, p))
            yield from go(h2, k + 1)
            acc.pop()

    yield from go(holding, 0)


def _shape_checker(ctx: TrumpContext, hand: Counts, lead: Lead) -> Callable[[Sequence[int]], bool]:
    """``is_legal_follow`` for plays of exactly the lead's size, all in the led suit,
    from a hand holding more of that suit than was led: what the hand must match is
    worked out once, not per play."""
    holding = suit_holding(ctx, hand, lead.suit)
    ex = exact_tuples(ctx)
    if units.web_tuples(ctx):
        return protected_checker(ctx, holding, lead)
    if len(lead.units) == 1:
        shape = lead.units[0].shape
        if shape == (1, 1):
            return lambda cards: True
        r = first_group(ctx, holding, shape, ex)
        plans = units.group_plans(ctx, shape)
        if r == len(plans):
            return lambda cards: True
        wanted = plans[r]

        def one(cards: Sequence[int]) -> bool:
            played = played_holding(ctx, holding, cards)
            return any(units.realizes_plan(ctx, played, len(cards), plan, ex) for plan in wanted)

        return one
    best = follow_vector(ctx, holding, lead, ex)
    return lambda cards: follow_vector(ctx, played_holding(ctx, holding, cards), lead, ex) == best
