"""Units (牌型): tuples and tractors, how a play decomposes, and shape matching.

Shapes are ``(width, length)``: ``(1, 1)`` a single, ``(2, 1)`` a pair, ``(3, 1)`` a
triple, ``(2, 3)`` a tractor of three pairs, ``(3, 2)`` a Titanic. A *holding* is a
dict identity -> count for the cards of one effective suit. Which patterns a follow
must match for a lead's shape (``follow_groups``) is ``rules.follow_patterns``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any, Final

from rules.cards import ALL_CARDS, Card
from rules.follow_patterns import Pattern, groups_for
from rules.ruleset_parts import Shape
from rules.trump import TrumpContext

Holding = dict[int, int]


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


@dataclass(frozen=True, slots=True)
class Lead:
    """A lead as it stands on the table: its cards, suit and units."""

    cards: tuple[Card, ...]
    suit: int
    units: tuple[Unit, ...]

    @property
    def shapes(self) -> tuple[Shape, ...]:
        return tuple(u.shape for u in self.units)

    @property
    def is_throw(self) -> bool:
        return len(self.units) > 1


def shape_significance(shape: Shape) -> tuple[int, int, int]:
    w, length = shape
    return (length >= 2, w * length, w)


TUPLE_NAMES = {1: "single", 2: "pair", 3: "triple", 4: "quad", 5: "quintuple"}


def describe_shape(shape: Shape) -> str:
    w, length = shape
    tuple_name = TUPLE_NAMES.get(w, f"{w}-tuple")
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
    if not ctx.rules.two_colour:  # every card is its own identity
        cards = ctx.suit_cards[suit]
        return {c: n for c, n in zip(cards, ctx.suit_counts[suit](counts), strict=True) if n}
    ident = ctx.ident
    h: Holding = {}
    for c in ctx.suit_cards[suit]:
        n = counts[c]
        if n:
            i = ident[c]
            h[i] = h.get(i, 0) + n
    return h


def suit_length(ctx: TrumpContext, counts: Sequence[int], suit: int) -> int:
    """Cards of effective suit ``suit`` in ``counts``."""
    if _NATIVE:  # the compiled build: a C loop, no tuple of the suit's counts
        held: list[int] = counts if isinstance(counts, list) else list(counts)
        n = 0
        for c in ctx.suit_cards[suit]:
            n += held[c]
        return n
    return sum(ctx.suit_counts[suit](counts))


# ---- decomposition ------------------------------------------------------------------


def decompose(ctx: TrumpContext, cards: Sequence[int]) -> list[Unit]:
    """Split cards of one effective suit into units, most significant first.

    docs/rules.md §4: widest tuples first, then tractors of them, then the rest
    (33344 → 333 + 44; 991010JJJ → 991010 + JJJ; 9991010JJJ → 999 + 1010 + JJJ).
    """
    if not cards:
        return []
    suit_of, pos, ident = ctx.suit_of, ctx.pos, ctx.ident
    c0 = cards[0]
    suit = suit_of[c0]
    if len(cards) == 1:  # fast path: a single
        return [single_units(ctx)[c0]]
    i0 = ident[c0]
    if all(ident[c] == i0 for c in cards):  # fast path: one tuple (same suit, same position)
        return [Unit(len(cards), 1, suit, pos[i0], tuple(ALL_CARDS[c] for c in cards))]
    singles = single_units(ctx)
    groups: dict[int, list[Card]] = {}
    for c in cards:
        if suit_of[c] != suit:
            raise ValueError("decompose needs cards of one effective suit")
        groups.setdefault(ident[c], []).append(ALL_CARDS[c])
    by_width: dict[int, list[int]] = {}
    for i, members in groups.items():
        by_width.setdefault(len(members), []).append(i)
    units: list[Unit] = []
    rules = ctx.rules
    min_len, min_w = rules.tractor_min_length, rules.tractor_min_width
    for w, idents in by_width.items():
        if w == 1:
            units.extend(singles[groups[i][0]] for i in idents)
            continue
        if w < min_w:  # house rule: tuples this narrow never chain into tractors
            units.extend(Unit(w, 1, suit, pos[i], tuple(groups[i])) for i in idents)
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
            if 1 < len(chain) < min_len:  # house rule: too short to be a tractor
                units.extend(
                    Unit(w, 1, suit, top - k, tuple(groups[i])) for k, i in enumerate(chain)
                )
                continue
            cards_ = tuple(c for i in chain for c in groups[i])
            units.append(Unit(w, len(chain), suit, top, cards_))
    # ``Unit.significance``, spelled out (this is a hot path)
    units.sort(key=lambda u: (u.length >= 2, u.width * u.length, u.width, u.top), reverse=True)
    return units


def single_units(ctx: TrumpContext) -> tuple[Unit, ...]:
    """Card id -> the single unit of that card (units are immutable: built once per context)."""
    got: tuple[Unit, ...] | None = ctx.memo.get("singles")
    if got is None:
        pos, ident = ctx.pos, ctx.ident
        got = ctx.memo["singles"] = tuple(
            Unit(1, 1, ctx.suit_of[c], pos[ident[c]], (c,)) for c in ALL_CARDS
        )
    return got


# ---- placing shapes in a holding --------------------------------------------------------


def placements(
    ctx: TrumpContext, holding: Holding, shape: Shape, min_top: int = -1, exact: bool = False
) -> Iterator[tuple[int, ...]]:
    """Every way to take a unit of ``shape`` from ``holding`` (identities, top first),
    strongest top first, with top position > ``min_top``. ``exact``: only tuples held
    exactly that wide (house rule longer-tuples: a triple never supplies a pair)."""
    w, length = shape
    pos = ctx.pos
    at: dict[int, list[int]] = {}
    for i, n in holding.items():
        if n == w if exact else n >= w:
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


def _fits(
    ctx: TrumpContext, holding: Holding, shapes: Sequence[Shape], exact: bool = False
) -> bool:
    """Can all ``shapes`` (singles excluded by the caller) be taken disjointly?"""
    if not shapes:
        return True
    first, rest = shapes[0], shapes[1:]
    return any(
        _fits(ctx, _take(holding, p, first[0]), rest, exact)
        for p in placements(ctx, holding, first, exact=exact)
    )


def fits(ctx: TrumpContext, holding: Holding, shapes: Sequence[Shape], exact: bool = False) -> bool:
    """Can all ``shapes`` (no singles) be taken from ``holding`` disjointly? ``exact``:
    tuples only from identities held exactly that wide."""
    return _fits(ctx, holding, shapes, exact)


@lru_cache(maxsize=4096)
def _shaped(pattern: Pattern) -> tuple[Shape, ...]:
    """The pattern's tuples and tractors (no singles), most significant first."""
    return tuple(sorted((s for s in pattern if s != (1, 1)), key=shape_significance, reverse=True))


def realizes(ctx: TrumpContext, holding: Holding, pattern: Pattern) -> bool:
    """Does the holding contain the pattern's tuples and tractors (singles are free)?"""
    return realizes_plan(ctx, holding, sum(holding.values()), _plan(pattern))


# A pattern compiled for ``realizes``: (cards its tuples/tractors need, how to test, data).
_NOTHING, _ONE_TUPLE, _ONE_TRACTOR, _TUPLES, _GENERAL = range(5)
Plan = tuple[int, int, Any]


@lru_cache(maxsize=4096)
def _plan(pattern: Pattern) -> Plan:
    shapes = _shaped(pattern)
    size = sum(w * n for w, n in shapes)
    if not shapes:
        return (size, _NOTHING, None)
    if len(shapes) == 1:
        w, length = shapes[0]
        return (size, _ONE_TUPLE, w) if length == 1 else (size, _ONE_TRACTOR, shapes[0])
    if all(length == 1 for _, length in shapes):
        return (size, _TUPLES, tuple(w for w, _ in shapes))
    return (size, _GENERAL, shapes)


def realizes_plan(
    ctx: TrumpContext, holding: Holding, total: int, plan: Plan, exact: bool = False
) -> bool:
    """``realizes`` for a compiled pattern; ``total`` = ``sum(holding.values())``.
    ``exact``: tuples only from identities held exactly that wide (``placements``)."""
    size, how, data = plan
    if size > total:
        return False
    if exact:
        return how == _NOTHING or _fits(ctx, holding, _plan_shapes(plan), True)
    if how == _ONE_TUPLE:
        return any(n >= data for n in holding.values())
    if how == _NOTHING:
        return True
    if how == _ONE_TRACTOR:
        return next(placements(ctx, holding, data), None) is not None
    if how == _TUPLES:
        # Only tuples: positions do not matter, only the counts.
        return _fits_tuples(tuple(holding.values()), data)
    return _fits(ctx, holding, data)


def _plan_shapes(plan: Plan) -> tuple[Shape, ...]:
    _, how, data = plan
    if how == _ONE_TUPLE:
        return ((data, 1),)
    if how == _ONE_TRACTOR:
        return (data,)
    if how == _TUPLES:
        return tuple((w, 1) for w in data)
    return tuple(data)


def exact_tuples(ctx: TrumpContext) -> bool:
    """House rule longer-tuples (all its readings): a follow is never forced to break a
    wider tuple."""
    return ctx.rules.follow_protection in ("longer-tuples", "both", "longer-tuples-strict")


def strict_tuples(ctx: TrumpContext) -> bool:
    """longer-tuples-strict: a play's tuples count only at the width the hand holds
    them (two of a triple are two singles)."""
    return ctx.rules.follow_protection == "longer-tuples-strict"


def web_tuples(ctx: TrumpContext) -> bool:
    """longer-tuples and both, as the web table's ``is_legal_play`` reads them: the
    play counts by its own tuples (``rules.best_follow.protected_follow_ok``)."""
    return ctx.rules.follow_protection in ("longer-tuples", "both")


def group_plans(ctx: TrumpContext, shape: Shape) -> tuple[tuple[Plan, ...], ...]:
    """``groups_for(ctx, shape)`` with every pattern compiled (memoised on the context)."""
    key = ("plans", shape)
    got: tuple[tuple[Plan, ...], ...] | None = ctx.memo.get(key)
    if got is None:
        got = ctx.memo[key] = tuple(
            tuple(_plan(p) for p in group) for group in groups_for(ctx, shape)
        )
    return got


def first_group(ctx: TrumpContext, holding: Holding, shape: Shape, exact: bool = False) -> int:
    """Index of the first follow group of ``shape`` the holding realises (or the number
    of groups if none): ``follow_vector`` for a one-unit lead."""
    total = sum(holding.values())
    for r, group in enumerate(group_plans(ctx, shape)):
        for plan in group:
            if realizes_plan(ctx, holding, total, plan, exact):
                return r
    return len(group_plans(ctx, shape))


def _fits_tuples(counts: tuple[int, ...], widths: tuple[int, ...]) -> bool:
    """``_fits`` for tuples only: can tuples of these widths come from disjoint cards of
    identities with these counts (an identity may give several tuples)?"""
    if not widths:
        return True
    w, rest = widths[0], widths[1:]
    tried = set()
    for k, n in enumerate(counts):
        if n >= w and n not in tried:
            tried.add(n)
            if _fits_tuples((*counts[:k], n - w, *counts[k + 1 :]), rest):
                return True
    return False


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


# True in the compiled build (bot/compiled/build.py), where this module is a C extension
# and plain loops beat the builtins that are fastest in the interpreter.
_NATIVE: Final = not __file__.endswith(".py")
