"""Units (牌型): tuples and tractors, how a play decomposes, and shape matching.

Shapes are ``(width, length)``: ``(1, 1)`` a single, ``(2, 1)`` a pair, ``(3, 1)`` a
triple, ``(2, 3)`` a tractor of three pairs, ``(3, 2)`` a Titanic. A *holding* is a
dict identity -> count for the cards of one effective suit.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from rules.cards import ALL_CARDS, Card
from rules.ruleset import RuleSet, Shape
from rules.trump import TrumpContext

Holding = dict[int, int]
Pattern = tuple[Shape, ...]


@dataclass(frozen=True, slots=True)
class Unit:
    """A tuple (length 1) or tractor (length ≥ 2) of ``width``-wide tuples."""

    width: int
    length: int
    suit: int  # effective suit
    top: int  # position of the strongest tuple
    cards: tuple[Card, ...]

    @property
    def shape(self) -> Shape:
        return (self.width, self.length)

    @property
    def size(self) -> int:
        return self.width * self.length

    @property
    def is_tractor(self) -> bool:
        return self.length >= 2

    @property
    def significance(self) -> tuple[int, int, int, int]:
        """Most significant first: longest tractor, then widest tuple, then highest."""
        return (self.length >= 2, self.size, self.width, self.top)


def shape_significance(shape: Shape) -> tuple[int, int, int]:
    w, length = shape
    return (length >= 2, w * length, w)


def describe_shape(shape: Shape) -> str:
    w, length = shape
    tuple_name = {1: "single", 2: "pair", 3: "triple", 4: "quad"}.get(w, f"{w}-tuple")
    if length == 1:
        return tuple_name
    return f"tractor of {length} {tuple_name}s"


def holding_of(ctx: TrumpContext, cards: Iterable[int]) -> Holding:
    """Identity counts of some cards (callers pass cards of one effective suit)."""
    ident = ctx.ident
    h: Holding = {}
    for c in cards:
        i = ident[c]
        h[i] = h.get(i, 0) + 1
    return h


def suit_holding(ctx: TrumpContext, counts: Sequence[int], suit: int) -> Holding:
    """Identity counts of a hand's cards in one effective suit."""
    ident = ctx.ident
    h: Holding = {}
    for c in ctx.suit_cards[suit]:
        n = counts[c]
        if n:
            i = ident[c]
            h[i] = h.get(i, 0) + n
    return h


def suit_length(ctx: TrumpContext, counts: Sequence[int], suit: int) -> int:
    return sum(counts[c] for c in ctx.suit_cards[suit])


# ---- decomposition ------------------------------------------------------------------


def decompose(ctx: TrumpContext, cards: Sequence[int]) -> list[Unit]:
    """Split cards of one effective suit into units, most significant first.

    RULES.md section 4: widest tuples first, then tractors of them, then the rest
    (33344 → 333 + 44; 991010JJJ → 991010 + JJJ; 9991010JJJ → 999 + 1010 + JJJ).
    """
    if not cards:
        return []
    suit_of, pos, ident = ctx.suit_of, ctx.pos, ctx.ident
    suit = suit_of[cards[0]]
    groups: dict[int, list[Card]] = {}
    for c in cards:
        if suit_of[c] != suit:
            raise ValueError("decompose needs cards of one effective suit")
        groups.setdefault(ident[c], []).append(ALL_CARDS[c])
    by_width: dict[int, list[int]] = {}
    for i, members in groups.items():
        by_width.setdefault(len(members), []).append(i)
    units: list[Unit] = []
    for w, idents in by_width.items():
        if w == 1:
            units.extend(Unit(1, 1, suit, pos[i], tuple(groups[i])) for i in idents)
            continue
        # Chain tuples at consecutive positions, strongest first.
        at: dict[int, list[int]] = {}
        for i in idents:
            at.setdefault(pos[i], []).append(i)
        for p in at:
            at[p].sort()
        while at:
            top = max(at)
            chain = [at[top].pop()]
            p = top - 1
            while at.get(p):
                chain.append(at[p].pop())
                p -= 1
            for q in range(top, p, -1):
                if q in at and not at[q]:
                    del at[q]
            cards_ = tuple(c for i in chain for c in groups[i])
            units.append(Unit(w, len(chain), suit, top, cards_))
    units.sort(key=lambda u: u.significance, reverse=True)
    return units


# ---- placing shapes in a holding --------------------------------------------------------


def placements(
    ctx: TrumpContext, holding: Holding, shape: Shape, min_top: int = -1
) -> Iterator[tuple[int, ...]]:
    """Every way to take a unit of ``shape`` from ``holding`` (identities, top first),
    strongest top first, with top position > ``min_top``."""
    w, length = shape
    pos = ctx.pos
    at: dict[int, list[int]] = {}
    for i, n in holding.items():
        if n >= w:
            at.setdefault(pos[i], []).append(i)
    if not at:
        return
    for top in sorted(at, reverse=True):
        if top <= min_top:
            return
        if length == 1:
            for i in at[top]:
                yield (i,)
            continue
        if any(top - k not in at for k in range(length)):
            continue
        yield from product(*(at[top - k] for k in range(length)))


def _take(holding: Holding, idents: tuple[int, ...], w: int) -> Holding:
    h = dict(holding)
    for i in idents:
        n = h[i] - w
        if n:
            h[i] = n
        else:
            del h[i]
    return h


def _fits(ctx: TrumpContext, holding: Holding, shapes: Sequence[Shape]) -> bool:
    """Can all ``shapes`` (singles excluded by the caller) be taken disjointly?"""
    if not shapes:
        return True
    first, rest = shapes[0], shapes[1:]
    return any(
        _fits(ctx, _take(holding, p, first[0]), rest) for p in placements(ctx, holding, first)
    )


def realizes(ctx: TrumpContext, holding: Holding, pattern: Pattern) -> bool:
    """Does the holding contain the pattern's tuples and tractors (singles are free)?"""
    shapes = sorted((s for s in pattern if s != (1, 1)), key=shape_significance, reverse=True)
    if sum(w * n for w, n in shapes) > sum(holding.values()):
        return False
    return _fits(ctx, holding, shapes)


def realize_with_placement(
    ctx: TrumpContext, holding: Holding, pattern: Pattern
) -> list[tuple[Shape, tuple[int, ...]]] | None:
    """Like ``realizes`` but returns one placement: [(shape, identities top first)]."""
    shapes = sorted((s for s in pattern if s != (1, 1)), key=shape_significance, reverse=True)

    def go(h: Holding, k: int) -> list[tuple[Shape, tuple[int, ...]]] | None:
        if k == len(shapes):
            return []
        for p in placements(ctx, h, shapes[k]):
            rest = go(_take(h, p, shapes[k][0]), k + 1)
            if rest is not None:
                return [(shapes[k], p), *rest]
        return None

    return go(holding, 0)


def best_top(ctx: TrumpContext, holding: Holding, pattern: Pattern, key_shape: Shape) -> int | None:
    """Highest top of ``key_shape`` over placements realising the whole pattern."""
    shapes = list(pattern)
    shapes.remove(key_shape)
    rest = sorted((s for s in shapes if s != (1, 1)), key=shape_significance, reverse=True)
    for p in placements(ctx, holding, key_shape):
        if _fits(ctx, _take(holding, p, key_shape[0]), rest):
            return ctx.pos[p[0]]
    return None


# ---- follow patterns ---------------------------------------------------------------------


def _shape_key(shape: Shape) -> tuple[int, int, int]:
    w, length = shape
    return (length >= 2, w, length)


def _partitions(total: int, shapes: list[Shape], start: int = 0) -> Iterator[list[Shape]]:
    if total == 0:
        yield []
        return
    for k in range(start, len(shapes)):
        w, length = shapes[k]
        size = w * length
        if size <= total:
            for rest in _partitions(total - size, shapes, k):
                yield [shapes[k], *rest]


@lru_cache(maxsize=1024)
def follow_groups(rules: RuleSet, shape: Shape) -> tuple[tuple[Pattern, ...], ...]:
    """Ranked groups of patterns a follower must match for a lead unit of ``shape``.

    Generic order: the exact shape; then the same tuples split apart; then every
    other decomposition, comparing their units from the most significant down
    (tractor before tuple, wider before narrower, longer before shorter). A rule
    set's ``follow_tables`` replace this for the lead shapes they list.
    """
    w, length = shape
    exact: Pattern = (shape,)
    subs = [(1, 1)] + [(ww, ll) for ww in range(2, w + 1) for ll in range(1, length + 1)]
    subs.sort(key=_shape_key, reverse=True)
    others: list[Pattern] = []
    split: Pattern = ((w, 1),) * length
    for part in _partitions(w * length, subs):
        pat = tuple(sorted(part, key=_shape_key, reverse=True))
        if pat in (exact, split):
            continue
        others.append(pat)
    others.sort(key=lambda p: [_shape_key(s) for s in p], reverse=True)
    groups: list[tuple[Pattern, ...]] = [(exact,)]
    if length >= 2:
        groups.append((split,))
    groups.extend((p,) for p in others)
    table = rules.follow_table_for(shape)
    if table is not None:
        listed = {p for g in table for p in g}
        rest = [g for g in groups if g[0] not in listed]
        return tuple(table) + tuple(rest)
    return tuple(groups)
