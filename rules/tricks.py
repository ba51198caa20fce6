"""Who wins a trick and what it is worth (docs/rules.md §4): how strongly a play
competes (``play_key``), the winner among the plays (``trick_winner``) under the
throw-beating and bomb house rules, and the trick's points (``trick_points``).

Whether a lead or a follow may be played at all is ``rules.play``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Final

from rules.cards import POINTS
from rules.play import MEMO_SIZE, is_bomb
from rules.ruleset_parts import Shape
from rules.trump import TRUMP, TrumpContext
from rules.units import (
    Lead,
    best_top,
    decompose,
    holding_of,
    placements,
    realize_with_placement,
    shape_significance,
)

# The memo of ``play_key`` for tractors and throws (a pure function of immutable
# inputs, met again and again in the strong player's play-outs); bounded as
# ``make_lead``'s is (``rules.play.MEMO_SIZE``).
_KEYS: dict[tuple[TrumpContext, Lead, tuple[int, ...]], tuple[int, int] | None] = {}
_MISS = (-1, -1)  # no play's key: "not memoised yet"


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
    memo_key = (ctx, lead, tuple(cards))
    got = _KEYS.get(memo_key, _MISS)
    if got == _MISS:  # (==: a compiled build unboxes the tuple, so no identity)
        if len(_KEYS) >= MEMO_SIZE:
            _KEYS.clear()
        got = _KEYS[memo_key] = _shaped_key(ctx, lead, cards, klass)
    return got


def _shaped_key(
    ctx: TrumpContext, lead: Lead, cards: Sequence[int], klass: int
) -> tuple[int, int] | None:
    """``play_key`` for a tractor or throw lead (a play in the led suit or trump)."""
    units = lead.units
    if len(units) == 1:
        u = units[0]
        got = decompose(ctx, cards)
        if len(got) == 1 and got[0].shape == u.shape:
            return (klass, got[0].top)
        return None
    held = holding_of(ctx, cards)
    if ctx.rules.throw_beating == "highest":  # house rule: the highest card decides
        if realize_with_placement(ctx, held, lead.shapes) is None:
            return None
        return (klass, max(ctx.pos[c] for c in cards))
    # longest-first (and the first test of "all"): the most significant unit decides.
    top = best_top(ctx, held, lead.shapes, units[0].shape)
    return None if top is None else (klass, top)


def throw_profile(ctx: TrumpContext, lead: Lead, cards: Sequence[int]) -> list[list[int]]:
    """Per lead shape, the tops of a play's units of that shape, highest first (one
    placement of the lead's pattern, strongest units first; singles from the rest)."""
    held = holding_of(ctx, cards)
    return _profile(ctx, lead, held, realize_with_placement(ctx, held, lead.shapes) or [])


def _profile(
    ctx: TrumpContext,
    lead: Lead,
    held: dict[int, int],
    placed: Sequence[tuple[Shape, tuple[int, ...]]],
) -> list[list[int]]:
    held = dict(held)
    pos = ctx.pos
    by_shape: dict[tuple[int, int], list[int]] = {}
    for shape, idents in placed:
        by_shape.setdefault(shape, []).append(pos[idents[0]])
        for i in idents:
            held[i] -= shape[0]
    singles = sorted((pos[i] for i, k in held.items() for _ in range(k)), reverse=True)
    out = []
    for shape in dict.fromkeys(lead.shapes):
        want = lead.shapes.count(shape)
        got = singles if shape == (1, 1) else sorted(by_shape.get(shape, []), reverse=True)
        out.append(got[:want])
    return out


def _every_profile(
    ctx: TrumpContext, lead: Lead, cards: Sequence[int]
) -> Iterator[list[list[int]]]:
    """``throw_profile`` for every way to read the play as the lead's units (♣66 ♣22
    on a pair and two singles: the pair ♣22 and singles 6, 6, or the pair ♣66 and
    singles 2, 2), strongest first."""
    held = holding_of(ctx, cards)
    shapes = sorted((s for s in lead.shapes if s != (1, 1)), key=shape_significance, reverse=True)

    def go(
        h: dict[int, int], k: int, acc: list[tuple[Shape, tuple[int, ...]]]
    ) -> Iterator[list[list[int]]]:
        if k == len(shapes):
            yield _profile(ctx, lead, held, acc)
            return
        w = shapes[k][0]
        for p in placements(ctx, h, shapes[k]):
            h2 = dict(h)
            for i in p:
                h2[i] -= w
            yield from go(h2, k + 1, [*acc, (shapes[k], p)])

    yield from go(held, 0, [])


def _beats_all(ctx: TrumpContext, lead: Lead, cards: Sequence[int], best: Sequence[int]) -> bool:
    """throw_beating "all": every unit strictly higher than the winning play's, for some
    way to read the play (the web table tries each reading, ``mm.find``)."""
    theirs = throw_profile(ctx, lead, best)
    return any(
        all(a > b for m, t in zip(mine, theirs, strict=True) for a, b in zip(m, t, strict=True))
        for mine in _every_profile(ctx, lead, cards)
    )


def _beats_by_length(
    ctx: TrumpContext, lead: Lead, cards: Sequence[int], best: Sequence[int]
) -> bool:
    """throw_beating "unit-length" (the web table's TrickUnitLength): the longest
    units first, each against the winning play's unit of that shape (strongest
    against strongest); the first that differs decides, a tie all through does not
    beat. Singles count only when the lead is all singles."""
    mine, theirs = throw_profile(ctx, lead, cards), throw_profile(ctx, lead, best)
    shapes = list(dict.fromkeys(lead.shapes))
    singles_count = all(s == (1, 1) for s in shapes)
    for k in sorted(range(len(shapes)), key=lambda k: -shapes[k][0] * shapes[k][1]):
        if shapes[k] == (1, 1) and not singles_count:
            continue
        for a, b in zip(mine[k], theirs[k], strict=True):
            if a != b:
                return a > b
    return False


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
    rules = ctx.rules
    if rules.bombs != "off" and len(lead.cards) >= 4 and any(is_bomb(p) for p in plays):
        return _bomb_winner(ctx, lead, plays)
    beats = None
    if len(units) > 1 and rules.throw_beating in ("all", "unit-length"):
        beats = _beats_all if rules.throw_beating == "all" else _beats_by_length
    best_i = 0
    best = play_key(ctx, lead, plays[0]) or (0, -1)
    for i in range(1, len(plays)):
        key = play_key(ctx, lead, plays[i])
        if key is None:
            continue
        if beats is not None:
            # A trump-in beats the plain lead; over it, the house rule compares units.
            if key[0] > best[0] or (
                key[0] == best[0] and beats(ctx, lead, plays[i], plays[best_i])
            ):
                best_i, best = i, key
        elif key > best:
            best_i, best = i, key
    return best_i


def bomb_key(ctx: TrumpContext, cards: Sequence[int]) -> tuple[int, int, int, int]:
    """Between bombs: the bigger, then the higher rank, then trump, then the card order;
    bomb_order trump-first puts trump before the rank (the web table's order). Ranks
    run 2 … A, then the level and permanent trump ranks, then the jokers (so in trump
    a bomb ranks as its cards do)."""
    c = cards[0]
    if c >= 52:
        rank = 16 + c - 52
    else:
        r = c % 13 + 2
        rank = 15 if r == ctx.level or r in ctx.rules.permanent_trumps else r
    trump = int(ctx.suit_of[c] == TRUMP)
    if ctx.rules.bomb_order == "trump-first":
        return (len(cards), trump, rank, ctx.pos[c])
    return (len(cards), rank, trump, ctx.pos[c])


def _bomb_winner(ctx: TrumpContext, lead: Lead, plays: Sequence[Sequence[int]]) -> int:
    """A bomb beats any play that is not one; between bombs ``bomb_key``; ties: earlier."""
    best_i, best = -1, (0, 0, 0, 0)
    for i, cards in enumerate(plays):
        if is_bomb(cards) and (best_i < 0 or bomb_key(ctx, cards) > best):
            best_i, best = i, bomb_key(ctx, cards)
    return best_i


def trick_points(plays: Sequence[Sequence[int]]) -> int:
    if _NATIVE:  # the compiled build: a C loop
        total = 0
        for play in plays:
            for c in play:
                total += POINTS[c]
        return total
    return sum(map(POINTS.__getitem__, chain.from_iterable(plays)))  # no generator frames


# True in the compiled build (bot/compiled/build.py), where this module is a C extension
# and plain loops beat the builtins that are fastest in the interpreter.
_NATIVE: Final = not __file__.endswith(".py")
