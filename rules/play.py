"""Leads, throws and judging follows (docs/rules.md §4): whether a play may be made.

Producing follows (``generate_follow``, ``legal_follows``, ``build_legal_follows``)
lives in ``rules.follows``; the names are re-exported here. Who wins a trick
(``play_key``, ``trick_winner``, ``trick_points``) is ``rules.tricks``.

Hands are 54-long count vectors (``rules.cards.counts_of``). Plays are card lists.
Every check either returns a result or raises ``RuleError`` with a reason code;
nothing here mutates its inputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.cards import ALL_CARDS, NUM_CARDS, Card, counts_of
from rules.errors import RuleError
from rules.follow_patterns import Pattern, groups_for
from rules.follows import build_legal_follows as build_legal_follows
from rules.follows import follow_vector, played_holding, protected_follow_ok
from rules.follows import generate_follow as generate_follow
from rules.follows import legal_follows as legal_follows
from rules.follows import legal_follows_search as legal_follows_search
from rules.notation import format_cards
from rules.trump import TRUMP, TrumpContext
from rules.units import Lead as Lead
from rules.units import (
    Unit,
    decompose,
    describe_shape,
    exact_tuples,
    first_group,
    group_plans,
    placements,
    realizes_plan,
    single_units,
    suit_holding,
    suit_length,
    web_tuples,
)

Counts = Sequence[int]


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
    key = (ctx, tuple(cards))
    got = _LEADS.get(key)
    if got is None:
        units = decompose(ctx, cards)
        got = Lead(tuple(ALL_CARDS[c] for c in cards), ctx.suit_of[cards[0]], tuple(units))
        if len(_LEADS) >= MEMO_SIZE:
            _LEADS.clear()
        _LEADS[key] = got
    return got


# The memo of ``make_lead`` (and, in ``rules.tricks``, of ``play_key``): both are pure
# functions of immutable inputs (a Lead is frozen), and the strong player's play-outs
# meet the same leads and plays again and again. Bounded (cleared when full), so the
# heap does not grow with the number of hands played.
MEMO_SIZE = 20_000
_LEADS: dict[tuple[TrumpContext, tuple[int, ...]], Lead] = {}


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
    rules = ctx.rules
    if rules.throws == "forbidden":
        raise RuleError(
            "throws_forbidden",
            "throws (甩牌) are off at this table: lead one single, tuple or tractor",
            cards=format_cards(cards),
        )
    failing = tuple(u for u in lead.units if _beatable(ctx, u, others))
    if not failing:
        return LeadResult("throw", lead, lead.cards)
    # docs/rules.md §4 (choice): the lowest order, then fewer cards, then the first in display
    # order ♠ ♥ ♣ ♦ (equal order across suits: off-suit level cards in trump), whatever
    # order the cards were typed in.
    forced = min(failing, key=lambda u: (u.top, u.size, sorted(c // 13 for c in u.cards)))
    forced_lead = Lead(forced.cards, suit, (forced,))
    penalty = rules.throw_penalty
    if rules.penalty_mode == "per-card":  # house rule: per card taken back
        penalty *= len(lead.cards) - len(forced.cards)
    return LeadResult("failed_throw", forced_lead, lead.cards, penalty, failing)


def unit_beatable(ctx: TrumpContext, unit: Unit, others: Sequence[Counts]) -> bool:
    """Could one of ``others`` (count vectors) beat this lead unit with a same-shape
    unit of its suit? (the throw test of docs/rules.md §4)"""
    return _beatable(ctx, unit, others)


def unit_beater(ctx: TrumpContext, unit: Unit, hand: Counts) -> tuple[Card, ...] | None:
    """The strongest same-shape unit of ``hand`` that beats lead unit ``unit`` (its
    cards, top first), or None: what a failed throw shows as the reason."""
    holding = suit_holding(ctx, hand, unit.suit)
    found = next(placements(ctx, holding, unit.shape, min_top=unit.top), None)
    if found is None:
        return None
    ident = ctx.ident
    out: list[Card] = []
    for i in found:  # an identity is one card, or two same-colour cards (two-colour play)
        need = unit.width
        for c in ctx.suit_cards[unit.suit]:
            if ident[c] == i and need:
                take = min(hand[c], need)
                out += [ALL_CARDS[c]] * take
                need -= take
    return tuple(out)


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
    if n >= 4 and ctx.rules.bombs != "off" and bomb_allowed(ctx, hand, lead, cards):
        return
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
    rules = ctx.rules
    ex = exact_tuples(ctx)
    if (
        len(lead.units) == 1
        and lead.units[0].shape == (2, 1)
        and rules.follow_table_for((2, 1)) is None
        and rules.follow_protection in ("none", "tractor-on-tractor")
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
    if web_tuples(ctx):
        if protected_follow_ok(ctx, holding, lead, in_suit):
            return
        best = follow_vector(ctx, holding, lead, True)
        raise _shape_error(
            name,
            tuple(
                s
                for k, shape in enumerate(lead.shapes)
                if best[k] < len(groups_for(ctx, shape))
                for s in groups_for(ctx, shape)[best[k]][0]
            ),
        )
    if len(lead.units) == 1:
        # One unit: the best group the hand can realise must be realised by the play.
        # (A play is part of the hand, so it never realises an earlier group; this is
        # ``follow_vector(play) == follow_vector(hand)`` without scanning the earlier
        # groups twice.)
        shape = lead.units[0].shape
        r = first_group(ctx, holding, shape, ex)
        plans = group_plans(ctx, shape)
        if r == len(plans):
            return  # nothing to match (the play cannot realise anything either)
        played = played_holding(ctx, holding, in_suit)
        total = len(in_suit)
        if any(realizes_plan(ctx, played, total, plan, ex) for plan in plans[r]):
            return
        raise _shape_error(name, groups_for(ctx, shape)[r][0])
    best = follow_vector(ctx, holding, lead, ex)
    got = follow_vector(ctx, played_holding(ctx, holding, in_suit), lead, ex)
    if got != best:
        # Name everything the best follow holds, not just the first unit that differs:
        # the play may already contain that unit but have spent it elsewhere.
        needed = tuple(
            s for k, shape in enumerate(lead.shapes) for s in groups_for(ctx, shape)[best[k]][0]
        )
        raise _shape_error(name, needed)


def is_bomb(cards: Sequence[int]) -> bool:
    """House rule bombs: four or more identical cards."""
    return len(cards) >= 4 and all(c == cards[0] for c in cards)


def bomb_allowed(ctx: TrumpContext, hand: Counts, lead: Lead, cards: Sequence[int]) -> bool:
    """May this bomb be played on the lead whatever the follow rules say? any-suit: yes;
    following-suit: a bomb of the led suit or trump, or any bomb when void in the suit."""
    bombs = ctx.rules.bombs
    if bombs == "off" or len(cards) != len(lead.cards) or not is_bomb(cards):
        return False
    if bombs == "any-suit":
        return True
    s = ctx.suit_of[cards[0]]
    return s in (lead.suit, TRUMP) or suit_length(ctx, hand, lead.suit) == 0


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
