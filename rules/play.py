"""Leads, throws, follows and trick winners (RULES.md section 4).

Hands are 54-long count vectors (``rules.cards.counts_of``). Plays are card lists.
Every check either returns a result or raises ``RuleError`` with a reason code;
nothing here mutates its inputs.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import Literal

from rules.cards import ALL_CARDS, NUM_CARDS, POINTS, Card, counts_of
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
    first_group,
    group_plans,
    groups_for,
    holding_of,
    placements,
    realizes_plan,
    single_units,
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
    if len(cards) == 1:  # a single: leads are immutable, so one per card and context
        singles: tuple[Lead, ...] | None = ctx.memo.get("single_leads")
        if singles is None:
            singles = ctx.memo["single_leads"] = tuple(
                Lead((u.cards[0],), u.suit, (u,)) for u in single_units(ctx)
            )
        return singles[cards[0]]
    units = decompose(ctx, cards)
    return Lead(tuple(ALL_CARDS[c] for c in cards), ctx.suit_of[cards[0]], tuple(units))


def _require_held(counts: Counts, cards: Sequence[int]) -> None:
    # Fast path: only the played cards are checked (the slow path explains a refusal).
    if len(counts) == NUM_CARDS:
        if len(cards) == 1:
            c = cards[0]
            if 0 <= c < NUM_CARDS and counts[c] >= 1:
                return
        else:
            left = list(counts)
            for c in cards:
                if not 0 <= c < NUM_CARDS:
                    break
                left[c] -= 1
                if left[c] < 0:
                    break
            else:
                return
    _require_held_slow(counts, cards)


def _require_held_slow(counts: Counts, cards: Sequence[int]) -> None:
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
    # RULES.md 4 (choice): the lowest order, then fewer cards, then the first in display
    # order ♠ ♥ ♣ ♦ (equal order across suits: off-suit level cards in trump), whatever
    # order the cards were typed in.
    forced = min(failing, key=lambda u: (u.top, u.size, sorted(c // 13 for c in u.cards)))
    forced_lead = Lead(forced.cards, suit, (forced,))
    return LeadResult("failed_throw", forced_lead, lead.cards, ctx.rules.throw_penalty, failing)


def unit_beatable(ctx: TrumpContext, unit: Unit, others: Sequence[Counts]) -> bool:
    """Could one of ``others`` (count vectors) beat this lead unit with a same-shape
    unit of its suit? (the throw test of RULES.md section 4)"""
    return _beatable(ctx, unit, others)


def _beatable(ctx: TrumpContext, unit: Unit, others: Sequence[Counts]) -> bool:
    if unit.length == 1 and not ctx.rules.two_colour:
        # Fast path for a single or tuple: a card of the suit above it, held often enough.
        w, top, pos = unit.width, unit.top, ctx.pos
        higher = [c for c in ctx.suit_cards[unit.suit] if pos[c] > top]
        return any(hand[c] >= w for hand in others for c in higher)
    for hand in others:
        h = suit_holding(ctx, hand, unit.suit)
        if h and next(placements(ctx, h, unit.shape, min_top=unit.top), None) is not None:
            return True
    return False


# ---- following -------------------------------------------------------------------------


def _vector(ctx: TrumpContext, holding: Holding, lead: Lead) -> tuple[int, ...]:
    """Lexicographically best (smallest) group ranks reachable, unit by unit."""
    if len(lead.units) == 1:
        return (first_group(ctx, holding, lead.units[0].shape),)
    groups = [groups_for(ctx, s) for s in lead.shapes]
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
    shapes = _shapes_by_size(pattern)
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
    if (
        len(lead.units) == 1
        and lead.units[0].shape == (2, 1)
        and ctx.rules.follow_table_for((2, 1)) is None
    ):
        # Fast path for the commonest shaped lead: a pair (generic order only).
        ident = ctx.ident
        if ident[in_suit[0]] != ident[in_suit[1]] and any(v >= 2 for v in holding.values()):
            raise RuleError(
                "must_match_shape",
                f"you hold a {name} pair and must play it",
                suit=name,
                need="pair",
                shapes=[(2, 1)],
            )
        return
    if len(lead.units) == 1:
        # One unit: the best group the hand can realise must be realised by the play.
        # (A play is part of the hand, so it never realises an earlier group; this is
        # ``_vector(play) == _vector(hand)`` without scanning the earlier groups twice.)
        shape = lead.units[0].shape
        r = first_group(ctx, holding, shape)
        plans = group_plans(ctx, shape)
        if r == len(plans):
            return  # nothing to match (the play cannot realise anything either)
        played = holding_of(ctx, in_suit)
        total = len(in_suit)
        if any(realizes_plan(ctx, played, total, plan) for plan in plans[r]):
            return
        raise _shape_error(name, groups_for(ctx, shape)[r][0])
    best = _vector(ctx, holding, lead)
    got = _vector(ctx, holding_of(ctx, in_suit), lead)
    if got != best:
        # Name everything the best follow holds, not just the first unit that differs:
        # the play may already contain that unit but have spent it elsewhere.
        needed = tuple(
            s for k, shape in enumerate(lead.shapes) for s in groups_for(ctx, shape)[best[k]][0]
        )
        raise _shape_error(name, needed)


def _shape_error(name: str, pattern: Pattern) -> RuleError:
    need = [describe_shape(s) for s in pattern if s != (1, 1)]
    parts = []
    for d in dict.fromkeys(need):
        k = need.count(d)
        parts.append(f"a {name} {d}" if k == 1 else f"{k} {name} {d}s")
    text = " and ".join(parts)
    return RuleError(
        "must_match_shape",
        f"you hold {text} and must play {'it' if len(need) == 1 else 'them'}",
        suit=name,
        need=", ".join(need),
        shapes=[s for s in pattern if s != (1, 1)],
    )


def is_legal_follow(ctx: TrumpContext, hand: Counts, lead: Lead, cards: Sequence[int]) -> bool:
    try:
        check_follow(ctx, hand, lead, cards)
    except RuleError:
        return False
    return True


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
    if len(lead.units) == 1:
        # Fast path for one unit: the first placement of the first pattern that has one.
        shape = lead.units[0].shape
        for pattern in groups_for(ctx, shape)[first_group(ctx, holding, shape)]:
            for placed in _placements(ctx, holding, pattern, rng):
                return [i for (w, _), p in placed for i in p for _ in range(w)]
        return []
    best = _vector(ctx, holding, lead)
    h = dict(holding)
    chosen_idents: list[int] = []
    for k, shape in enumerate(lead.shapes):
        groups = groups_for(ctx, shape)
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
    groups = [groups_for(ctx, s) for s in lead.shapes[k:]]
    return _vector_multi(ctx, holding, groups)


def _placements_with_idents(
    ctx: TrumpContext, holding: Holding, pattern: Pattern, rng: random.Random | None
) -> Iterator[tuple[Holding, list[int]]]:
    """(holding left, identities taken) for every way to place the pattern's units
    (lazily; see ``_placements``)."""
    for placed in _placements(ctx, holding, pattern, rng):
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
    ctx: TrumpContext, holding: Holding, pattern: Pattern, rng: random.Random | None
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
        options = list(placements(ctx, h, shape))
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
    return out, True


def _follow_cores(
    ctx: TrumpContext, holding: Holding, lead: Lead
) -> Iterator[tuple[list[int], Holding]]:
    """(identities of the tuples/tractors a best follow holds, holding left), for every
    way to place them: a play is a legal follow exactly when it holds one of these."""
    if len(lead.units) == 1:
        shape = lead.units[0].shape
        groups = groups_for(ctx, shape)
        r = first_group(ctx, holding, shape)
        if r == len(groups):
            yield [], holding
            return
        for pattern in groups[r]:
            yield from _core_placements(ctx, holding, pattern)
        return
    best = _vector(ctx, holding, lead)
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
            for idents, h2 in _core_placements(ctx, h, pattern):
                if k + 1 == len(shapes) or _vector_rest(ctx, h2, lead, k + 1) == best[k + 1 :]:
                    yield from go(k + 1, h2, acc + idents)

    yield from go(0, holding, [])


def _core_placements(
    ctx: TrumpContext, holding: Holding, pattern: Pattern
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
        for p in placements(ctx, h, shapes[k]):
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
    if len(lead.units) == 1:
        shape = lead.units[0].shape
        if shape == (1, 1):
            return lambda cards: True
        r = first_group(ctx, holding, shape)
        plans = group_plans(ctx, shape)
        if r == len(plans):
            return lambda cards: True
        wanted = plans[r]

        def one(cards: Sequence[int]) -> bool:
            played = holding_of(ctx, cards)
            return any(realizes_plan(ctx, played, len(cards), plan) for plan in wanted)

        return one
    best = _vector(ctx, holding, lead)
    return lambda cards: _vector(ctx, holding_of(ctx, cards), lead) == best


# ---- trick resolution -------------------------------------------------------------------


def play_key(ctx: TrumpContext, lead: Lead, cards: Sequence[int]) -> tuple[int, int] | None:
    """How strongly a play competes for the trick: (is trump over a plain lead,
    top of its most significant unit); None for a discard (垫牌)."""
    suit_of = ctx.suit_of
    c0 = cards[0]
    s = suit_of[c0]
    if len(cards) > 1 and any(suit_of[c] != s for c in cards):
        return None
    if s != lead.suit and s != TRUMP:
        return None
    klass = 1 if s != lead.suit else 0
    units = lead.units
    if len(units) == 1:
        u = units[0]
        if u.size == 1:
            return (klass, ctx.pos[c0])
        if u.length == 1:
            # A tuple lead: only as many identical cards compete (as ``decompose`` finds).
            ident = ctx.ident
            i0 = ident[c0]
            if len(cards) == u.width and all(ident[c] == i0 for c in cards):
                return (klass, ctx.pos[i0])
            return None
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
    units = lead.units
    if len(units) == 1 and units[0].size == 1:
        # Fast path for a single lead: ``play_key`` inlined as klass * 1000 + position.
        suit_of, pos, suit = ctx.suit_of, ctx.pos, lead.suit
        best_i = 0
        best_k = -1
        for i, cards in enumerate(plays):
            c0 = cards[0]
            s = suit_of[c0]
            if len(cards) > 1 and any(suit_of[c] != s for c in cards):
                continue
            if s == suit:
                k = pos[c0]
            elif s == TRUMP:
                k = 1000 + pos[c0]
            else:
                continue
            if k > best_k:
                best_i, best_k = i, k
        return best_i
    best_i = 0
    best = play_key(ctx, lead, plays[0]) or (0, -1)
    for i in range(1, len(plays)):
        key = play_key(ctx, lead, plays[i])
        if key is not None and key > best:
            best_i, best = i, key
    return best_i


def trick_points(plays: Sequence[Sequence[int]]) -> int:
    return sum(POINTS[c] for p in plays for c in p)
