"""Following: the best-group vector a follow must reach, and producing follows —
one quickly (``generate_follow``) or all of them (``legal_follows`` filters every
combination of the hand; ``build_legal_follows`` builds them from the tuples and
tractors a best follow must hold). RULES.md section 4.

``rules.play`` judges plays (``check_follow``) with the same vector and re-exports
the public names here, so ``from rules.play import generate_follow`` keeps working.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations, product

from rules.cards import ALL_CARDS, NUM_CARDS, Card
from rules.ruleset import Shape
from rules.trump import TRUMP, TrumpContext
from rules.units import (
    Holding,
    Lead,
    Pattern,
    exact_tuples,
    first_group,
    group_plans,
    groups_for,
    holding_of,
    placements,
    realizes_plan,
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
    """What a play offers towards the lead's shape. Under longer-tuples protection a
    tuple taken out of a wider one held (two of a triple) counts only as singles: it
    does not stand in for a real pair the hand holds."""
    played = holding_of(ctx, cards)
    if exact_tuples(ctx):
        return {i: n for i, n in played.items() if n == hand.get(i, 0)}
    return played


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


def _weakest_key(ctx: TrumpContext) -> Callable[[int], tuple[bool, int, int, int]]:
    """Sort key of ``_weakest_first``: non-trump before trump, no points first, low first."""
    pts = (0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 2, 0)
    suit_of, pos = ctx.suit_of, ctx.pos
    return lambda c: (suit_of[c] == TRUMP, pts[c % 13] if c < 52 else 0, pos[c], c)


def _weakest_first(ctx: TrumpContext, cards: list[int]) -> list[int]:
    """Cheap cards first: non-trump before trump, low before high, no points first."""
    return sorted(cards, key=_weakest_key(ctx))


def _expand(counts: Counts, cards_order: Sequence[int]) -> list[int]:
    return [c for c in cards_order for _ in range(counts[c])]


def _expand_suit(ctx: TrumpContext, counts: Counts, suit: int) -> list[int]:
    """``_expand(counts, ctx.suit_cards[suit])``, faster."""
    return _expand_pairs(ctx.suit_cards[suit], ctx.suit_counts[suit](counts))


def _expand_other(ctx: TrumpContext, counts: Counts, suit: int) -> list[int]:
    """The hand's cards outside ``suit``, in card id order."""
    return _expand_pairs(ctx.other_cards[suit], ctx.other_counts[suit](counts))


def _expand_pairs(cards: Sequence[int], counts: Sequence[int]) -> list[int]:
    out: list[int] = []
    for c, n in zip(cards, counts, strict=True):
        if n:
            if n == 1:
                out.append(c)
            else:
                out += [c] * n
    return out


def generate_follow(
    ctx: TrumpContext, hand: Counts, lead: Lead, rng: random.Random | None = None
) -> list[Card]:
    """One legal follow, quickly: the cheapest cards that satisfy the rules, or a
    random legal choice when ``rng`` is given."""
    n = len(lead.cards)
    suit = lead.suit
    suit_cards = _expand_suit(ctx, hand, suit)
    if len(suit_cards) <= n:
        rest = _expand_other(ctx, hand, suit)
        if rng is not None:
            rng.shuffle(rest)
        else:
            rest = _weakest_first(ctx, rest)
        return [ALL_CARDS[c] for c in suit_cards + rest[: n - len(suit_cards)]]
    order = suit_cards
    if len(lead.units) == 1 and lead.units[0].size == 1:
        if rng is not None:
            rng.shuffle(order)
            return [ALL_CARDS[order[0]]]
        return [ALL_CARDS[min(order, key=_weakest_key(ctx))]]
    if rng is not None:
        rng.shuffle(order)
    else:
        order = _weakest_first(ctx, order)
    holding = suit_holding(ctx, hand, suit)
    remaining = order
    chosen: list[int] = []
    ident = ctx.ident
    for i in _witness(ctx, holding, lead, rng):
        # An identity stands for its two-colour twins too: take any physical match.
        c = next(c for c in remaining if ident[c] == i)
        remaining.remove(c)
        chosen.append(c)
    fill = remaining[: n - len(chosen)]
    return [ALL_CARDS[c] for c in chosen + fill]


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
            rng.shuffle(options)
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


def legal_follows(
    ctx: TrumpContext,
    hand: Counts,
    lead: Lead,
    limit: int = 2000,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> list[tuple[Card, ...]]:
    """Distinct legal follows (as sorted card tuples), at most ``limit`` of them.

    The search tries combinations of the hand's cards one by one; a big throw
    against a long holding has thousands. ``max_nodes`` caps how many it tries and
    ``max_seconds`` how long it runs: past either budget it stops and returns what
    it found so far (a partial result, possibly empty; ``generate_follow`` always
    gives one legal follow). See ``legal_follows_search`` to learn whether it stopped.
    """
    return legal_follows_search(ctx, hand, lead, limit, max_nodes, max_seconds)[0]


def bomb_follows(ctx: TrumpContext, hand: Counts, lead: Lead) -> list[tuple[Card, ...]]:
    """House rule bombs: the bombs (as many identical cards as were led, four or more)
    this hand may play on the lead beyond the ordinary follows. any-suit: any; following-
    suit: of the led suit or trump, or any when void in the led suit."""
    n = len(lead.cards)
    bombs = ctx.rules.bombs
    if bombs == "off" or n < 4:
        return []
    void = not any(ctx.suit_counts[lead.suit](hand))
    suit_of = ctx.suit_of
    return [
        (ALL_CARDS[c],) * n
        for c in range(NUM_CARDS)
        if hand[c] >= n and (bombs == "any-suit" or void or suit_of[c] in (lead.suit, TRUMP))
    ]


def _with_bombs(
    ctx: TrumpContext, hand: Counts, lead: Lead, out: list[tuple[Card, ...]], limit: int
) -> None:
    """Add the bomb follows ``out`` lacks (in place), up to ``limit`` follows in all."""
    if ctx.rules.bombs == "off":
        return
    have = set(out)
    for b in bomb_follows(ctx, hand, lead):
        if len(out) >= limit:
            return
        if b not in have:
            out.append(b)


def legal_follows_search(
    ctx: TrumpContext,
    hand: Counts,
    lead: Lead,
    limit: int = 2000,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> tuple[list[tuple[Card, ...]], bool]:
    """``legal_follows`` and whether the search was complete (False: a budget ran out
    before every combination was tried; reaching ``limit`` counts as complete)."""
    n = len(lead.cards)
    suit = lead.suit
    suit_cards = _expand(hand, ctx.suit_cards[suit])
    out: list[tuple[Card, ...]] = []
    seen: set[tuple[int, ...]] = set()
    if len(suit_cards) <= n:
        rest = [c for c in _expand(hand, range(NUM_CARDS)) if ctx.suit_of[c] != suit]
        pool, base, k = rest, suit_cards, n - len(suit_cards)
    else:
        pool, base, k = suit_cards, [], n
    legal = _shape_checker(ctx, hand, lead)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    nodes = 0
    for combo in combinations(pool, k):
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            return out, False
        if deadline is not None and nodes % 16 == 0 and time.perf_counter() > deadline:
            return out, False
        key = tuple(sorted(base + list(combo)))
        if key in seen:
            continue
        seen.add(key)
        if not base and not legal(key):
            continue
        out.append(tuple(ALL_CARDS[c] for c in key))
        if len(out) >= limit:
            break
    _with_bombs(ctx, hand, lead, out, limit)
    return out, True


def build_legal_follows(
    ctx: TrumpContext,
    hand: Counts,
    lead: Lead,
    limit: int = 2000,
    max_nodes: int | None = None,
) -> tuple[list[tuple[Card, ...]], bool]:
    """Distinct legal follows, built rather than filtered: the tuples and tractors a
    best follow must hold (every way to place them), each filled up with any other
    cards of the suit. Same set as ``legal_follows``, in another order, at a cost
    that grows with the follows found, not with every combination of the hand.

    ``max_nodes`` caps the work (placements tried plus fillings looked at); the
    second value is False when it stopped there (the list is then partial).
    """
    n = len(lead.cards)
    suit = lead.suit
    suit_cards = _expand_suit(ctx, hand, suit)
    out: list[tuple[Card, ...]] = []
    nodes = 0
    if len(suit_cards) <= n:  # the whole suit, then any other cards: all legal
        seen: set[tuple[int, ...]] = set()
        for combo in combinations(_expand_other(ctx, hand, suit), n - len(suit_cards)):
            nodes += 1
            if max_nodes is not None and nodes > max_nodes:
                return out, False
            key = tuple(sorted(suit_cards + list(combo)))
            if key not in seen:
                seen.add(key)
                out.append(tuple(ALL_CARDS[c] for c in key))
                if len(out) >= limit:
                    break
        _with_bombs(ctx, hand, lead, out, limit)
        return out, True
    holding = suit_holding(ctx, hand, suit)
    seen_idents: set[tuple[int, ...]] = set()
    seen_cores: set[tuple[int, ...]] = set()
    for core, left in _follow_cores(ctx, holding, lead):
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            return out, False
        core_key = tuple(sorted(core))
        if core_key in seen_cores:  # the same units placed in another order
            continue
        seen_cores.add(core_key)
        pool = [i for i in sorted(left) for _ in range(left[i])]
        for fill in combinations(pool, n - len(core)):
            nodes += 1
            if max_nodes is not None and nodes > max_nodes:
                return out, False
            key = tuple(sorted(core + list(fill)))
            if key in seen_idents:
                continue
            seen_idents.add(key)
            for cards in _physical_cards(ctx, hand, suit, key):
                out.append(cards)
                if len(out) >= limit:
                    return out, True
    _with_bombs(ctx, hand, lead, out, limit)
    return out, True


def _follow_cores(
    ctx: TrumpContext, holding: Holding, lead: Lead
) -> Iterator[tuple[list[int], Holding]]:
    """(identities of the tuples/tractors a best follow holds, holding left), for every
    way to place them: a play is a legal follow exactly when it holds one of these."""
    ex = exact_tuples(ctx)
    if len(lead.units) == 1:
        shape = lead.units[0].shape
        groups = groups_for(ctx, shape)
        r = first_group(ctx, holding, shape, ex)
        if r == len(groups):
            yield [], holding
            return
        for pattern in groups[r]:
            yield from _core_placements(ctx, holding, pattern, ex)
        return
    best = follow_vector(ctx, holding, lead, ex)
    shapes = lead.shapes

    def go(k: int, h: Holding, acc: list[int]) -> Iterator[tuple[list[int], Holding]]:
        if k == len(shapes):
            yield acc, h
            return
        groups = groups_for(ctx, shapes[k])
        if best[k] >= len(groups):
            yield from go(k + 1, h, acc)
            return
        for pattern in groups[best[k]]:
            for idents, h2 in _core_placements(ctx, h, pattern, ex):
                if k + 1 == len(shapes) or _vector_rest(ctx, h2, lead, k + 1, ex) == best[k + 1 :]:
                    yield from go(k + 1, h2, acc + idents)

    yield from go(0, holding, [])


def _core_placements(
    ctx: TrumpContext, holding: Holding, pattern: Pattern, exact: bool = False
) -> Iterator[tuple[list[int], Holding]]:
    """(identities taken, holding left) for every distinct way to place the pattern's
    tuples and tractors: units of the same shape are placed strongest first, so the
    same cards are not found again in another order."""
    shapes = _shapes_by_size(pattern)

    def go(
        h: Holding, k: int, acc: list[int], prev: tuple[int, ...] | None
    ) -> Iterator[tuple[list[int], Holding]]:
        if k == len(shapes):
            yield acc, h
            return
        w = shapes[k][0]
        same = k > 0 and shapes[k - 1] == shapes[k]
        for p in placements(ctx, h, shapes[k], exact=exact):
            if same and prev is not None and p > prev:
                continue
            h2 = dict(h)
            for i in p:
                h2[i] -= w
                if not h2[i]:
                    del h2[i]
            yield from go(h2, k + 1, acc + [i for i in p for _ in range(w)], p)

    yield from go(holding, 0, [], None)


def _physical_cards(
    ctx: TrumpContext, hand: Counts, suit: int, idents: Sequence[int]
) -> Iterator[tuple[Card, ...]]:
    """Every distinct set of held cards with these identities (two-colour play: an
    identity stands for two twin cards; otherwise for one card)."""
    if not ctx.rules.two_colour:
        yield tuple(ALL_CARDS[c] for c in idents)
        return
    want: dict[int, int] = {}
    for i in idents:
        want[i] = want.get(i, 0) + 1
    ident = ctx.ident
    choices: list[list[list[int]]] = []
    for i, m in want.items():
        twins = [c for c in ctx.suit_cards[suit] if ident[c] == i and hand[c]]
        choices.append(_splits(twins, hand, m))
    for pick in product(*choices):
        yield tuple(ALL_CARDS[c] for c in sorted(c for part in pick for c in part))


def _splits(twins: Sequence[int], hand: Counts, m: int) -> list[list[int]]:
    """Every way to take ``m`` cards from these (held) twin cards."""
    if not twins:
        return [[]] if m == 0 else []
    first, rest = twins[0], twins[1:]
    out: list[list[int]] = []
    for x in range(min(m, hand[first]) + 1):
        out.extend([first] * x + tail for tail in _splits(rest, hand, m - x))
    return out


def _shape_checker(ctx: TrumpContext, hand: Counts, lead: Lead) -> Callable[[Sequence[int]], bool]:
    """``is_legal_follow`` for plays of exactly the lead's size, all in the led suit,
    from a hand holding more of that suit than was led: what the hand must match is
    worked out once, not per play."""
    holding = suit_holding(ctx, hand, lead.suit)
    ex = exact_tuples(ctx)
    if len(lead.units) == 1:
        shape = lead.units[0].shape
        if shape == (1, 1):
            return lambda cards: True
        r = first_group(ctx, holding, shape, ex)
        plans = group_plans(ctx, shape)
        if r == len(plans):
            return lambda cards: True
        wanted = plans[r]

        def one(cards: Sequence[int]) -> bool:
            played = played_holding(ctx, holding, cards)
            return any(realizes_plan(ctx, played, len(cards), plan, ex) for plan in wanted)

        return one
    best = follow_vector(ctx, holding, lead, ex)
    return lambda cards: follow_vector(ctx, played_holding(ctx, holding, cards), lead, ex) == best
