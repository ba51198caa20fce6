"""Leads, throws, follows and trick winners (RULES.md section 4).

Hands are 54-long count vectors (``rules.cards.counts_of``). Plays are card lists.
Every check either returns a result or raises ``RuleError`` with a reason code;
nothing here mutates its inputs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from rules.cards import ALL_CARDS, NUM_CARDS, Card, counts_of
from rules.errors import RuleError
from rules.notation import format_cards
from rules.ruleset import Shape
from rules.trump import TRUMP, TrumpContext
from rules.units import (
    Holding,
    Pattern,
    Unit,
    best_top,
    decompose,
    describe_shape,
    follow_groups,
    holding_of,
    placements,
    realize_with_placement,
    realizes,
    suit_holding,
    suit_length,
)

Counts = Sequence[int]


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


@dataclass(frozen=True, slots=True)
class LeadResult:
    """``kind``: "unit" (one unit), "throw" (several, all unbeatable) or
    "failed_throw" (``lead`` is then the forced unit, ``penalty`` the points)."""

    kind: Literal["unit", "throw", "failed_throw"]
    lead: Lead
    attempted: tuple[Card, ...]
    penalty: int = 0
    failing: tuple[Unit, ...] = ()


def make_lead(ctx: TrumpContext, cards: Sequence[int]) -> Lead:
    units = decompose(ctx, cards)
    return Lead(tuple(ALL_CARDS[c] for c in cards), ctx.suit_of[cards[0]], tuple(units))


def _require_held(counts: Counts, cards: Sequence[int]) -> None:
    need = counts_of(cards)
    for c in range(NUM_CARDS):
        if need[c] > counts[c]:
            raise RuleError(
                "not_held",
                f"you do not hold {format_cards([c] * need[c])}",
                cards=format_cards([c] * need[c]),
            )


def check_lead(
    ctx: TrumpContext, hand: Counts, cards: Sequence[int], others: Sequence[Counts]
) -> LeadResult:
    """Judge a lead. ``others`` are the other players' hands (for throws)."""
    if not cards:
        raise RuleError("empty_play", "play at least one card")
    _require_held(hand, cards)
    suit_of = ctx.suit_of
    suit = suit_of[cards[0]]
    if any(suit_of[c] != suit for c in cards):
        raise RuleError(
            "mixed_suit_lead",
            "a lead must be all one suit (all trumps count as one suit)",
            cards=format_cards(cards),
        )
    lead = make_lead(ctx, cards)
    if len(lead.units) == 1:
        return LeadResult("unit", lead, lead.cards)
    failing = tuple(u for u in lead.units if _beatable(ctx, u, others))
    if not failing:
        return LeadResult("throw", lead, lead.cards)
    forced = min(failing, key=lambda u: (u.top, u.size))
    forced_lead = Lead(forced.cards, suit, (forced,))
    return LeadResult("failed_throw", forced_lead, lead.cards, ctx.rules.throw_penalty, failing)


def _beatable(ctx: TrumpContext, unit: Unit, others: Sequence[Counts]) -> bool:
    for hand in others:
        h = suit_holding(ctx, hand, unit.suit)
        if h and next(placements(ctx, h, unit.shape, min_top=unit.top), None) is not None:
            return True
    return False


# ---- following -------------------------------------------------------------------------


def _vector(ctx: TrumpContext, holding: Holding, lead: Lead) -> tuple[int, ...]:
    """Lexicographically best (smallest) group ranks reachable, unit by unit."""
    groups = [follow_groups(ctx.rules, s) for s in lead.shapes]
    if len(groups) == 1:
        for r, group in enumerate(groups[0]):
            if any(realizes(ctx, holding, p) for p in group):
                return (r,)
        return (len(groups[0]),)
    return _vector_multi(ctx, holding, groups)


def _vector_multi(
    ctx: TrumpContext, holding: Holding, groups: list[tuple[tuple[Pattern, ...], ...]]
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
                for h2 in _pattern_leftovers(ctx, h, pattern):
                    cand = (r, *go(k + 1, h2))
                    if best is None or cand < best:
                        best = cand
            if best is not None:
                break
        result = best if best is not None else (len(groups[k]),) * (len(groups) - k)
        memo[key] = result
        return result

    return go(0, holding)


def _pattern_leftovers(ctx: TrumpContext, holding: Holding, pattern: Pattern) -> list[Holding]:
    """Holdings left after taking the pattern's tuples/tractors in every distinct way.

    Singles are not taken: they can be any card, so they never block a later unit.
    """
    shapes = sorted(
        (s for s in pattern if s != (1, 1)), key=lambda s: (s[1] >= 2, s[0] * s[1]), reverse=True
    )
    out: dict[tuple[tuple[int, int], ...], Holding] = {}

    def go(h: Holding, k: int) -> None:
        if k == len(shapes):
            out.setdefault(tuple(sorted(h.items())), h)
            return
        w = shapes[k][0]
        for p in placements(ctx, h, shapes[k]):
            h2 = dict(h)
            for i in p:
                h2[i] -= w
                if not h2[i]:
                    del h2[i]
            go(h2, k + 1)

    go(holding, 0)
    return list(out.values())


def check_follow(ctx: TrumpContext, hand: Counts, lead: Lead, cards: Sequence[int]) -> None:
    """Accept a follow or raise ``RuleError`` saying what the player must do."""
    n = len(lead.cards)
    if len(cards) != n:
        raise RuleError(
            "wrong_count", f"play {n} card{'s' if n > 1 else ''}, as many as were led", count=n
        )
    _require_held(hand, cards)
    suit = lead.suit
    suit_of = ctx.suit_of
    in_suit = [c for c in cards if suit_of[c] == suit]
    have = suit_length(ctx, hand, suit)
    name = ctx.suit_name(suit)
    if have <= n:
        if len(in_suit) != have:
            raise RuleError(
                "must_follow_suit",
                f"play all your {name} cards first ({have})",
                suit=name,
                count=have,
            )
        return
    if len(in_suit) != n:
        raise RuleError(
            "must_follow_suit",
            f"you hold {name} cards and must play {n} of them",
            suit=name,
            count=n,
        )
    if len(lead.units) == 1 and lead.units[0].size == 1:
        return  # a single: any card of the suit
    holding = suit_holding(ctx, hand, suit)
    if len(lead.units) == 1 and lead.units[0].shape == (2, 1):
        # Fast path for the commonest shaped lead: a pair.
        ident = ctx.ident
        if ident[in_suit[0]] != ident[in_suit[1]] and any(v >= 2 for v in holding.values()):
            raise RuleError(
                "must_match_shape",
                f"you hold a {name} pair and must play it",
                suit=name,
                need="pair",
            )
        return
    best = _vector(ctx, holding, lead)
    got = _vector(ctx, holding_of(ctx, in_suit), lead)
    if got != best:
        k = next(i for i in range(len(best)) if got[i] != best[i])
        pattern = follow_groups(ctx.rules, lead.shapes[k])[best[k]][0]
        need = [describe_shape(s) for s in pattern if s != (1, 1)]
        parts = []
        for d in dict.fromkeys(need):
            k = need.count(d)
            parts.append(f"a {name} {d}" if k == 1 else f"{k} {name} {d}s")
        text = " and ".join(parts)
        raise RuleError(
            "must_match_shape",
            f"you hold {text} and must play {'it' if len(need) == 1 else 'them'}",
            suit=name,
            need=", ".join(need),
        )


def is_legal_follow(ctx: TrumpContext, hand: Counts, lead: Lead, cards: Sequence[int]) -> bool:
    try:
        check_follow(ctx, hand, lead, cards)
    except RuleError:
        return False
    return True


def _weakest_first(ctx: TrumpContext, cards: list[int]) -> list[int]:
    """Cheap cards first: non-trump before trump, low before high, no points first."""
    pts = (0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 2, 0)
    return sorted(
        cards,
        key=lambda c: (ctx.suit_of[c] == TRUMP, pts[c % 13] if c < 52 else 0, ctx.pos[c], c),
    )


def _expand(counts: Counts, cards_order: Sequence[int]) -> list[int]:
    return [c for c in cards_order for _ in range(counts[c])]


def generate_follow(
    ctx: TrumpContext, hand: Counts, lead: Lead, rng: random.Random | None = None
) -> list[Card]:
    """One legal follow, quickly: the cheapest cards that satisfy the rules, or a
    random legal choice when ``rng`` is given."""
    n = len(lead.cards)
    suit = lead.suit
    suit_cards = _expand(hand, ctx.suit_cards[suit])
    if len(suit_cards) <= n:
        rest = [c for c in _expand(hand, range(NUM_CARDS)) if ctx.suit_of[c] != suit]
        if rng is not None:
            rng.shuffle(rest)
        else:
            rest = _weakest_first(ctx, rest)
        return [ALL_CARDS[c] for c in suit_cards + rest[: n - len(suit_cards)]]
    order = suit_cards[:]
    if rng is not None:
        rng.shuffle(order)
    else:
        order = _weakest_first(ctx, order)
    if len(lead.units) == 1 and lead.units[0].size == 1:
        return [ALL_CARDS[order[0]]]
    holding = suit_holding(ctx, hand, suit)
    remaining = list(order)
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
    best = _vector(ctx, holding, lead)
    h = dict(holding)
    chosen_idents: list[int] = []
    for k, shape in enumerate(lead.shapes):
        groups = follow_groups(ctx.rules, shape)
        done = False
        for pattern in groups[best[k]]:
            # Pick a placement for this unit that keeps the rest of the vector reachable.
            for h2, idents in _placements_with_idents(ctx, h, pattern, rng):
                if k + 1 == len(lead.shapes) or _vector_rest(ctx, h2, lead, k + 1) == best[k + 1 :]:
                    h = h2
                    chosen_idents.extend(idents)
                    done = True
                    break
            if done:
                break
    return chosen_idents


def _vector_rest(ctx: TrumpContext, holding: Holding, lead: Lead, k: int) -> tuple[int, ...]:
    groups = [follow_groups(ctx.rules, s) for s in lead.shapes[k:]]
    return _vector_multi(ctx, holding, groups)


def _placements_with_idents(
    ctx: TrumpContext, holding: Holding, pattern: Pattern, rng: random.Random | None
) -> list[tuple[Holding, list[int]]]:
    shapes = sorted(
        (s for s in pattern if s != (1, 1)), key=lambda s: (s[1] >= 2, s[0] * s[1]), reverse=True
    )
    if rng is None:
        placed = realize_with_placement(ctx, holding, tuple(shapes))
        if placed is None:
            return []
        results = [placed]
    else:
        results = []

        def go(h: Holding, k: int, acc: list[tuple[Shape, tuple[int, ...]]]) -> None:
            if len(results) >= 64:
                return
            if k == len(shapes):
                results.append(list(acc))
                return
            for p in placements(ctx, h, shapes[k]):
                h2 = dict(h)
                for i in p:
                    h2[i] -= shapes[k][0]
                    if not h2[i]:
                        del h2[i]
                go(h2, k + 1, [*acc, (shapes[k], p)])

        go(holding, 0, [])
        rng.shuffle(results)
    out: list[tuple[Holding, list[int]]] = []
    for placed in results:
        h2 = dict(holding)
        idents: list[int] = []
        for (w, _), p in placed:
            for i in p:
                h2[i] -= w
                if not h2[i]:
                    del h2[i]
                idents.extend([i] * w)
        out.append((h2, idents))
    return out


def legal_follows(
    ctx: TrumpContext, hand: Counts, lead: Lead, limit: int = 2000
) -> list[tuple[Card, ...]]:
    """Distinct legal follows (as sorted card tuples), at most ``limit`` of them."""
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
    for combo in combinations(pool, k):
        key = tuple(sorted(base + list(combo)))
        if key in seen:
            continue
        seen.add(key)
        if not base and not is_legal_follow(ctx, hand, lead, key):
            continue
        out.append(tuple(ALL_CARDS[c] for c in key))
        if len(out) >= limit:
            break
    return out


# ---- trick resolution -------------------------------------------------------------------


def play_key(ctx: TrumpContext, lead: Lead, cards: Sequence[int]) -> tuple[int, int] | None:
    """How strongly a play competes for the trick: (is trump over a plain lead,
    top of its most significant unit); None for a discard (垫牌)."""
    suit_of = ctx.suit_of
    s = suit_of[cards[0]]
    if any(suit_of[c] != s for c in cards):
        return None
    if s != lead.suit and s != TRUMP:
        return None
    klass = 1 if s != lead.suit else 0
    units = lead.units
    if len(units) == 1:
        u = units[0]
        if u.size == 1:
            return (klass, ctx.pos[cards[0]])
        got = decompose(ctx, cards)
        if len(got) == 1 and got[0].shape == u.shape:
            return (klass, got[0].top)
        return None
    top = best_top(ctx, holding_of(ctx, cards), lead.shapes, units[0].shape)
    return None if top is None else (klass, top)


def trick_winner(ctx: TrumpContext, lead: Lead, plays: Sequence[Sequence[int]]) -> int:
    """Index into ``plays`` (``plays[0]`` is the lead) of the winning play.

    The highest play of the lead's shape in the led suit or trump wins; equal
    strength → the earlier play; discards never win.
    """
    best_i = 0
    best = play_key(ctx, lead, plays[0]) or (0, -1)
    for i in range(1, len(plays)):
        key = play_key(ctx, lead, plays[i])
        if key is not None and key > best:
            best_i, best = i, key
    return best_i


def trick_points(plays: Sequence[Sequence[int]]) -> int:
    from rules.cards import POINTS

    return sum(POINTS[c] for p in plays for c in p)
