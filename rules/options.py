"""Suggested plays for one seat, from its own view only, safest first.

Used by the /play autocomplete and anything that offers a short list of plays (a
click-to-play panel shows the first few, labelled by ``PlayOption.kind``).

"Safest" is about the rules, not strategy: a single unit (single, tuple, tractor)
can never fail, so every one comes before any throw; a throw the view shows to
succeed comes next; a throw the view shows *may* fail (a higher unit of that suit
is still unplayed and not in this player's hand) comes last, flagged ``may_fail``.
Following, every option is legal and the kind is "follow".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from rules.cards import NUM_CARDS, Card, counts_of
from rules.follows import bomb_follows
from rules.play import build_legal_follows, generate_follow, make_lead, unit_beatable
from rules.ruleset_parts import Shape
from rules.trump import TRUMP, TrumpContext
from rules.units import Unit, decompose
from rules.views import View

Kind = Literal["single", "pair", "triple", "quad", "quintuple", "tractor", "throw", "follow"]

# How much work ``play_options`` may do to list follows (``build_legal_follows``'s
# node budget): a count, not a clock, so the answer stays deterministic; sized so
# the worst case answers well inside the autocomplete's 200 ms (bench/autocomplete.py).
FOLLOW_NODE_BUDGET = 600


@dataclass(frozen=True, slots=True)
class PlayOption:
    """One suggested play. ``shape`` is the unit's (width, length) for a single
    unit, None for a throw or a follow; ``units`` how many units a lead has."""

    cards: tuple[Card, ...]
    kind: Kind
    may_fail: bool = False
    shape: Shape | None = None
    units: int = 1

    @property
    def is_throw(self) -> bool:
        return self.kind == "throw"


def _unit_kind(unit: Unit) -> Kind:
    if unit.length >= 2:
        return "tractor"
    if unit.width == 1:
        return "single"
    kinds: dict[int, Kind] = {2: "pair", 3: "triple", 4: "quad", 5: "quintuple"}
    return kinds[unit.width]


def unseen_counts(view: View) -> list[int]:
    """Cards this seat cannot place: the whole deck minus its own hand, every card
    played this hand and (for the dealer) the cards it buried."""
    left = [view.rules.decks] * NUM_CARDS
    known: list[Iterable[int]] = [view.hand or ()]
    known.extend(cards for t in view.tricks for _, cards in t.plays)
    known.extend(cards for _, cards in view.current)
    if view.buried is not None and view.phase != "scored":
        known.append(view.buried)
    for cards in known:
        for c in cards:
            left[c] -= 1
    return [max(0, n) for n in left]


def shown_voids(view: View) -> list[set[int]]:
    """Per seat, the effective suits it has shown it no longer holds (it followed a
    lead of that suit with fewer cards of the suit than were led)."""
    ctx = view.context
    voids: list[set[int]] = [set() for _ in range(view.players)]
    tricks = [t.plays for t in view.tricks]
    if view.current:
        tricks.append(view.current)
    for plays in tricks:
        if not plays:
            continue
        lead = plays[0][1]
        suit = ctx.suit_of[lead[0]]
        for seat, cards in plays[1:]:
            if sum(1 for c in cards if ctx.suit_of[c] == suit) < len(lead):
                voids[seat].add(suit)
    return voids


def throw_may_fail(view: View, cards: Sequence[int]) -> bool:
    """Does this seat's view show that the throw may fail: could some unit of it be
    beaten by cards still unseen, held by a player not known to be void?"""
    if view.seat is None:
        return True
    ctx = view.context
    suit = ctx.suit_of[cards[0]]
    voids = shown_voids(view)
    if all(suit in voids[s] for s in range(view.players) if s != view.seat):
        return False
    pool = unseen_counts(view)
    return any(unit_beatable(ctx, u, [pool]) for u in decompose(ctx, cards))


def play_options(view: View, limit: int = 25) -> list[PlayOption]:
    """At most ``limit`` distinct plays for the seat whose turn it is, safest first
    (never a throw before a single unit). Empty when it is not this seat's turn."""
    if view.hand is None or view.seat is None or view.phase != "playing":
        return []
    if view.turn != view.seat or limit <= 0:
        return []
    ctx = view.context
    if view.current:
        return _follow_options(view, ctx, limit)
    return _lead_options(view, ctx, limit)


def _follow_options(view: View, ctx: TrumpContext, limit: int) -> list[PlayOption]:
    assert view.hand is not None
    hand = counts_of(view.hand)
    lead = make_lead(ctx, view.current[0][1])
    # The cheapest legal follow comes first and is always there, even when the
    # search below stops at its budget (its result is then partial).
    first = tuple(sorted(generate_follow(ctx, hand, lead)))
    found, _ = build_legal_follows(
        ctx, hand, lead, limit=max(limit * 4, 40), max_nodes=FOLLOW_NODE_BUDGET
    )
    if ctx.rules.bombs != "off":  # house rule: the bombs the hand may play, always listed
        found += [b for b in bomb_follows(ctx, hand, lead) if b not in found]
    found.sort(key=lambda cs: (-max(ctx.order(c) for c in cs), cs))
    out: list[PlayOption] = []
    seen: set[tuple[Card, ...]] = set()
    for cards in [first, *found]:
        key = tuple(sorted(cards))
        if key not in seen:
            seen.add(key)
            out.append(PlayOption(key, "follow"))
        if len(out) >= limit:
            break
    return out


def _lead_options(view: View, ctx: TrumpContext, limit: int) -> list[PlayOption]:
    assert view.hand is not None
    suits: dict[int, list[Card]] = {}
    for c in ctx.sort_cards(view.hand, reverse=True):
        suits.setdefault(ctx.suit_of[c], []).append(c)
    shaped: list[PlayOption] = []
    singles: list[PlayOption] = []
    throws: list[tuple[bool, int, PlayOption]] = []
    seen: set[tuple[Card, ...]] = set()
    pool = unseen_counts(view)
    voids = shown_voids(view)

    def beatable(suit: int, unit: Unit) -> bool:
        if all(suit in voids[s] for s in range(view.players) if s != view.seat):
            return False
        return unit_beatable(ctx, unit, [pool])

    for suit, cards in suits.items():
        units = decompose(ctx, cards)
        for u in units:
            if u.size > 1:
                shaped.append(PlayOption(u.cards, _unit_kind(u), shape=u.shape))
        singles.extend(PlayOption((c,), "single", shape=(1, 1)) for c in dict.fromkeys(cards))
        if len(units) < 2 or view.rules.throws == "forbidden":
            continue  # no throw here (or none at this table: house rule)
        # The safe throw: every unit of the suit no unseen card can beat.
        sure = [u for u in units if not beatable(suit, u)]
        candidates: list[tuple[Card, ...]] = []
        if len(sure) > 1:
            candidates.append(tuple(c for u in sure for c in u.cards))
        # The whole suit, and its top units, as a throw that may fail.
        if suit != TRUMP:
            candidates.append(tuple(cards))
            top = [u for u in units if u.top >= max(x.top for x in units) - 1]
            if len(top) > 1:
                candidates.append(tuple(c for u in top for c in u.cards))
        for cand in candidates:
            lead_units = decompose(ctx, cand)
            if len(lead_units) < 2:
                continue  # one unit after all: already offered as such
            fails = any(beatable(suit, u) for u in lead_units)
            size = len(cand)
            throws.append((fails, -size, PlayOption(cand, "throw", fails, None, len(lead_units))))
    # Tractors, then wider and longer units first (stable: suits keep display order).
    shaped.sort(key=lambda o: (o.shape or (1, 1))[::-1], reverse=True)
    throws.sort(key=lambda t: (t[0], t[1]))
    units_first = _distinct([*shaped, *singles], seen)
    safe_throws = _distinct([t[2] for t in throws if not t[0]], seen)
    risky_throws = _distinct([t[2] for t in throws if t[0]], seen)
    # A long hand must not push every safe throw off a long list: keep a few places.
    room = min(len(safe_throws), limit // 5)
    out = units_first[: max(limit - room, 1)]
    return (out + safe_throws + risky_throws)[:limit]


def _distinct(options: list[PlayOption], seen: set[tuple[Card, ...]]) -> list[PlayOption]:
    out: list[PlayOption] = []
    for opt in options:
        key = tuple(sorted(opt.cards))
        if key not in seen:
            seen.add(key)
            out.append(opt)
    return out


__all__ = [
    "FOLLOW_NODE_BUDGET",
    "Kind",
    "PlayOption",
    "play_options",
    "shown_voids",
    "throw_may_fail",
    "unseen_counts",
]
