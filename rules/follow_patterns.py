"""Follow patterns: for a lead unit of a given shape, the ranked groups of patterns a
follower must match (``follow_groups``), docs/rules.md §4 — the generic order, a rule
set's ``follow_tables``, and the tractor and follow-protection house rules.

A pattern is a tuple of shapes ``(width, length)`` (see ``rules.units``); the hand's
side of matching them (placing a pattern in a holding) is ``rules.units``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from rules.ruleset import RuleSet
from rules.ruleset_parts import Shape
from rules.trump import TrumpContext

Pattern = tuple[Shape, ...]


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


def groups_for(ctx: TrumpContext, shape: Shape) -> tuple[tuple[Pattern, ...], ...]:
    """``follow_groups(ctx.rules, shape)``, memoised on the context (no RuleSet hashing)."""
    key = ("groups", shape)
    memo = ctx.memo
    got = memo.get(key)
    if got is None:
        got = memo[key] = follow_groups(ctx.rules, shape)
    return got


@lru_cache(maxsize=1024)
def follow_groups(rules: RuleSet, shape: Shape) -> tuple[tuple[Pattern, ...], ...]:
    """Ranked groups of patterns a follower must match for a lead unit of ``shape``.

    Generic order: the exact shape; then the same tuples split apart; then every
    other decomposition, comparing their units from the most significant down
    (tractor before tuple, wider before narrower, longer before shorter). A rule
    set's ``follow_tables`` replace this for the lead shapes they list.
    """
    w, length = shape
    if rules.follow_protection == "suit-only":  # house rule: only the suit is enforced
        return ((((1, 1),) * (w * length),),)
    exact: Pattern = (shape,)
    min_len, min_w = rules.tractor_min_length, rules.tractor_min_width
    subs = [(1, 1)] + [
        (ww, ll)
        for ww in range(2, w + 1)
        for ll in range(1, length + 1)
        if ll == 1 or (ll >= min_len and ww >= min_w)
    ]
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
        if ((1, 1),) * (w * length) in table[-1]:
            groups = list(table)  # a complete table: it ends with "all singles"
        else:
            listed = {p for g in table for p in g}
            groups = list(table) + [g for g in groups if g[0] not in listed]
    return _house_groups(rules, shape, tuple(groups))


def _house_groups(
    rules: RuleSet, shape: Shape, groups: tuple[tuple[Pattern, ...], ...]
) -> tuple[tuple[Pattern, ...], ...]:
    """The groups under the tractor and follow-protection house rules: patterns with a
    tractor that is not one any more are dropped (a preset's table may list them);
    tractor-on-tractor: a lead that is no tractor never asks for one (its tractors are
    split into their tuples)."""
    min_len, min_w = rules.tractor_min_length, rules.tractor_min_width
    split = shape[1] == 1 and rules.follow_protection in ("tractor-on-tractor", "both")
    if (min_len, min_w) == (2, 2) and not split:
        return groups

    def valid(p: Pattern) -> bool:
        return all(ll == 1 or (ll >= min_len and ww >= min_w) for ww, ll in p)

    def flat(p: Pattern) -> Pattern:
        out = [t for ww, ll in p for t in ([(ww, 1)] * ll if ll > 1 else [(ww, ll)])]
        return tuple(sorted(out, key=_shape_key, reverse=True))

    seen: set[Pattern] = set()
    out: list[tuple[Pattern, ...]] = []
    for g in groups:
        kept = []
        for p in g:
            q = flat(p) if split else p
            if valid(q) and q not in seen:
                seen.add(q)
                kept.append(q)
        if kept:
            out.append(tuple(kept))
    return tuple(out)
