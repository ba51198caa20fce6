"""Helpers shared by the basic player's leading and following: which units the unseen
cards could beat, the cheapest and richest card to give, and the unseen cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rules.ai.state import Public
from rules.cards import NUM_CARDS, POINTS
from rules.trump import TRUMP, TrumpContext
from rules.units import Unit, decompose, placements, suit_holding, suit_length


def lead_unit(ctx: TrumpContext, cards: list[int]) -> list[int]:
    """``cards`` as a lead the table allows: with throws forbidden (house rule), a throw
    becomes its most significant unit (the one the player meant to win with)."""
    if ctx.rules.throws != "forbidden" or len(cards) < 2:
        return cards
    units = decompose(ctx, cards)
    return cards if len(units) == 1 else [int(c) for c in units[0].cards]


def ruff_suits(pub: Public, seat: int, unseen_trumps: int) -> int:
    """Bit s set: a plain suit in which an opponent of ``seat`` has shown a void while it
    may still hold trumps (no shown trump void, and some trumps are unseen). Points led
    there can be ruffed: a gift to the opponents."""
    if unseen_trumps <= 0:
        return 0
    out = 0
    for o in pub.opponents(seat):
        v = pub.voids[o]
        if not v >> TRUMP & 1:
            out |= v
    return out & ~(1 << TRUMP)


def beatable(ctx: TrumpContext, unseen: Sequence[int], unit: Unit) -> bool:
    """Could some of the ``unseen`` cards form a same-shape unit above ``unit``?"""
    if unit.length == 1 and not ctx.rules.two_colour:
        w, top, pos = unit.width, unit.top, ctx.pos
        for c in reversed(ctx.suit_cards[unit.suit]):
            if pos[c] <= top:
                return False
            if unseen[c] >= w:
                return True
        return False
    h = suit_holding(ctx, unseen, unit.suit)
    return bool(h) and next(placements(ctx, h, unit.shape, min_top=unit.top), None) is not None


def physical(ctx: TrumpContext, hand: Sequence[int], idents: Sequence[int]) -> list[int] | None:
    """Physical cards of the hand for a list of identities (two-colour twins merge)."""
    if not ctx.rules.two_colour:
        need = [0] * NUM_CARDS
        for i in idents:
            need[i] += 1
            if need[i] > hand[i]:
                return None
        return list(idents)
    left = list(hand)
    out: list[int] = []
    ident = ctx.ident
    for i in idents:
        for c in (i, i + 26) if i < 52 else (i,):
            if c < NUM_CARDS and ident[c] == i and left[c]:
                left[c] -= 1
                out.append(c)
                break
        else:
            return None
    return out


def cheapest(ctx: TrumpContext, cards: Sequence[int]) -> int:
    """The card that costs least to give away: plain, no points, low."""
    return _min_by(_key_table(ctx, "ai_cheapest"), cards)


def richest(ctx: TrumpContext, cards: Sequence[int]) -> int:
    """The card to feed a winning partner: most points, then plain, then low."""
    return _min_by(_key_table(ctx, "ai_richest"), cards)


def _min_by(keys: tuple[int, ...], cards: Sequence[int]) -> int:
    """The card of ``cards`` with the least key (keys are distinct: no ties)."""
    if _NATIVE:  # the compiled build: a C loop beats ``min`` calling a key from C
        if not cards:
            raise ValueError("no cards to choose from")
        best = cards[0]
        low = keys[best]
        for c in cards:
            k = keys[c]
            if k < low:
                best, low = c, k
        return best
    return min(cards, key=keys.__getitem__)


def _key_table(ctx: TrumpContext, which: str) -> tuple[int, ...]:
    """Per card, the sort key of ``cheapest`` (trump, has points, position, id) or of
    ``richest`` (-points, trump, position, id) packed into one int, once per context:
    ``min`` then keys at C speed, in the same order as the tuples."""
    got: tuple[int, ...] | None = ctx.memo.get(which)
    if got is None:
        suit_of, pos = ctx.suit_of, ctx.pos
        assert max(pos) < 256
        if which == "ai_cheapest":
            head = [(suit_of[c] == TRUMP) * 2 + (POINTS[c] > 0) for c in range(NUM_CARDS)]
        else:
            head = [(10 - POINTS[c]) * 2 + (suit_of[c] == TRUMP) for c in range(NUM_CARDS)]
        got = ctx.memo[which] = tuple((head[c] * 256 + pos[c]) * 64 + c for c in range(NUM_CARDS))
    return got


class Unseen:
    """The cards a seat cannot place (other hands, and the kitty unless it buried it),
    computed on first use."""

    __slots__ = ("_counts", "_trumps", "hand", "kitty", "pub", "seat")

    def __init__(
        self, pub: Public, seat: int, hand: Sequence[int], kitty: Sequence[int] | None
    ) -> None:
        self.pub = pub
        self.seat = seat
        self.hand = hand
        self.kitty = kitty
        self._counts: list[int] | None = None
        self._trumps = -1

    @property
    def counts(self) -> list[int]:
        if self._counts is None:
            self._counts = self.pub.unseen_for(self.seat, self.hand, self.kitty)
        return self._counts

    def in_suit(self, suit: int) -> int:
        return suit_length(self.pub.ctx, self.counts, suit)

    @property
    def trumps(self) -> int:
        if self._trumps < 0:
            self._trumps = self.in_suit(TRUMP)
        return self._trumps


def sure_units(ctx: TrumpContext, unseen: Sequence[int], units: Sequence[Unit]) -> list[Unit]:
    """The ``units`` (of one effective suit) no ``unseen`` cards can beat."""
    if ctx.rules.two_colour:
        return [u for u in units if not beatable(ctx, unseen, u)]
    # ``beatable`` for a tuple of width w: is an unseen w-tuple above its top? The
    # highest unseen w-tuple of the suit answers that for every unit of width w, so it
    # is found once per width (a hot path: every lead of every play-out asks).
    out: list[Unit] = []
    highest: dict[int, int] = {}
    for u in units:
        if u.length != 1:
            if not beatable(ctx, unseen, u):
                out.append(u)
            continue
        w = u.width
        hi = highest.get(w)
        if hi is None:
            hi = highest[w] = highest_unseen(ctx, unseen, u.suit, w)
        if hi <= u.top:
            out.append(u)
    return out


def highest_unseen(ctx: TrumpContext, unseen: Sequence[int], suit: int, width: int = 1) -> int:
    """Position of the highest card of ``suit`` with at least ``width`` unseen copies, or
    -1 (one-colour decks: a card is its own identity)."""
    pos = ctx.pos
    for c in reversed(ctx.suit_cards[suit]):  # suit_cards ascend: the highest first
        if unseen[c] >= width:
            return pos[c]
    return -1


# True in the compiled build (bot/compiled/build.py), where this module is a C extension
# and plain loops beat the builtins that are fastest in the interpreter.
_NATIVE: Final = not __file__.endswith(".py")
