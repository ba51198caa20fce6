"""Every legal follow: ``legal_follows`` filters every combination of the hand
(``legal_follows_search`` also says whether a budget stopped it), ``build_legal_follows``
builds them from the tuples and tractors a best follow must hold, ``bomb_follows`` adds
the house-rule bombs. docs/rules.md §4.

The best-follow vector and ``generate_follow`` (one follow, quickly) live in
``rules.best_follow`` and are re-exported here; ``rules.play`` judges plays
(``check_follow``) and re-exports the public names of both.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, product
from typing import ParamSpec

from rules import units
from rules.best_follow import (
    Counts,
    _expand_other,
    _expand_suit,
    _shape_checker,
    _shapes_by_size,
    _vector_rest,
    protected_checker,
)
from rules.best_follow import follow_vector as follow_vector
from rules.best_follow import generate_follow as generate_follow
from rules.best_follow import played_holding as played_holding
from rules.best_follow import protected_follow_ok as protected_follow_ok
from rules.cards import ALL_CARDS, NUM_CARDS, Card
from rules.follow_patterns import Pattern, groups_for
from rules.trump import TRUMP, TrumpContext
from rules.units import Holding, Lead


def _expand(counts: Counts, cards_order: Sequence[int]) -> list[int]:
    return [c for c in cards_order for _ in range(counts[c])]


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
    """``legal_follows`` (the follows found) and whether the search was complete
    (False: a budget ran out before every combination was tried; reaching ``limit``
    counts as complete)."""
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


_P = ParamSpec("_P")
Follows = list[tuple[Card, ...]]


def _found(
    search: Callable[_P, tuple[Follows, bool]], name: str, doc: str
) -> Callable[_P, Follows]:
    """``search`` without its completeness flag, taking the same parameters: one
    parameter list serves both public functions."""

    def found(*args: _P.args, **kwargs: _P.kwargs) -> Follows:
        return search(*args, **kwargs)[0]

    found.__name__ = found.__qualname__ = name
    found.__doc__ = doc
    # help() and inspect show the real parameters, not (*args, **kwargs)
    sig = inspect.signature(search).replace(return_annotation="list[tuple[Card, ...]]")
    found.__signature__ = sig  # type: ignore[attr-defined]
    return found


legal_follows = _found(
    legal_follows_search,
    "legal_follows",
    """Distinct legal follows (as sorted card tuples), at most ``limit`` of them.

    The search tries combinations of the hand's cards one by one; a big throw
    against a long holding has thousands. ``max_nodes`` caps how many it tries and
    ``max_seconds`` how long it runs: past either budget it stops and returns what
    it found so far (a partial result, possibly empty; ``generate_follow`` always
    gives one legal follow). See ``legal_follows_search`` to learn whether it stopped.
    """,
)


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
    holding = units.suit_holding(ctx, hand, suit)
    if units.web_tuples(ctx):
        return _build_protected(ctx, hand, lead, limit, max_nodes)
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


def _build_protected(
    ctx: TrumpContext, hand: Counts, lead: Lead, limit: int, max_nodes: int | None
) -> tuple[list[tuple[Card, ...]], bool]:
    """``build_legal_follows`` under longer-tuples / both (``protected_follow_ok``): a
    play there may reach an earlier group than the hand owes, with its own tuples. A
    one-unit lead: every unprotected placement of every group up to the one owed,
    filled up and judged; a throw: every combination of the suit, judged."""
    n = len(lead.cards)
    suit = lead.suit
    holding = units.suit_holding(ctx, hand, suit)
    out: list[tuple[Card, ...]] = []
    seen: set[tuple[int, ...]] = set()
    nodes = 0
    legal = protected_checker(ctx, holding, lead)

    def keep(idents: tuple[int, ...]) -> bool:
        """Judge one play (identities); False when the list is full."""
        seen.add(idents)
        if legal(idents):
            for cards in _physical_cards(ctx, hand, suit, idents):
                out.append(cards)
                if len(out) >= limit:
                    return False
        return True

    if len(lead.units) == 1:
        shape = lead.units[0].shape
        groups = groups_for(ctx, shape)
        owed = units.first_group(ctx, holding, shape, True)
        for g in range(min(owed + 1, len(groups))):
            for pattern in groups[g]:
                for core, left in _core_placements(ctx, holding, pattern):
                    pool = [i for i in sorted(left) for _ in range(left[i])]
                    for fill in combinations(pool, n - len(core)):
                        nodes += 1
                        if max_nodes is not None and nodes > max_nodes:
                            return out, False
                        key = tuple(sorted(core + list(fill)))
                        if key not in seen and not keep(key):
                            return out, True
    else:
        pool = [i for i in sorted(holding) for _ in range(holding[i])]
        for combo in combinations(pool, n):
            nodes += 1
            if max_nodes is not None and nodes > max_nodes:
                return out, False
            if combo not in seen and not keep(combo):
                return out, True
    _with_bombs(ctx, hand, lead, out, limit)
    return out, True


def _follow_cores(
    ctx: TrumpContext, holding: Holding, lead: Lead
) -> Iterator[tuple[list[int], Holding]]:
    """(identities of the tuples/tractors a best follow holds, holding left), for every
    way to place them: a play is a legal follow exactly when it holds one of these."""
    ex = units.exact_tuples(ctx)
    if len(lead.units) == 1:
        shape = lead.units[0].shape
        groups = groups_for(ctx, shape)
        r = units.first_group(ctx, holding, shape, ex)
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
        for p in units.placements(ctx, h, shapes[k], exact=exact):
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
