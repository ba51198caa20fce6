"""The plays a follower weighs for a shaped lead (cheapest, richest to feed the partner,
cheapest winning), without listing every legal follow."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from rules.ai.common import physical
from rules.ai.state import Public, cards_list
from rules.cards import NUM_CARDS, POINTS
from rules.play import generate_follow, is_legal_follow
from rules.tricks import play_key
from rules.trump import TRUMP, TrumpContext
from rules.units import placements, realize_with_placement, suit_holding

MAX_SWAP_TRIALS = 12  # legality checks ``richer_follow`` may spend on one follow


def _feed_key(ctx: TrumpContext) -> Callable[[int], tuple[int, bool, int, int]]:
    """Cards to give a winning partner first: points (plain ones before trumps)."""
    suit_of, pos = ctx.suit_of, ctx.pos
    return lambda c: (
        -POINTS[c] + (6 if suit_of[c] == TRUMP else 0),
        suit_of[c] == TRUMP,
        pos[c],
        c,
    )


def _cheap_key(ctx: TrumpContext) -> Callable[[int], tuple[bool, bool, int, int]]:
    suit_of, pos = ctx.suit_of, ctx.pos
    return lambda c: (suit_of[c] == TRUMP, POINTS[c] > 0, pos[c], c)


class _Options(ABC):
    """The three plays a follower weighs: cheapest, richest (to feed the partner) and
    the cheapest that wins the trick so far (None if there is none)."""

    @abstractmethod
    def cheap(self) -> list[int]: ...

    @abstractmethod
    def rich(self) -> list[int]: ...

    @abstractmethod
    def win(self) -> list[int] | None: ...


class _PairOptions(_Options):
    """Options for a pair lead (the commonest shaped lead), without a full search."""

    def __init__(self, pub: Public, hand: Sequence[int]) -> None:
        self.pub = pub
        self.hand = hand
        ctx = pub.ctx
        lead = pub.lead
        assert lead is not None and pub.best is not None
        self.key = pub.best[1]
        s = lead.suit
        self.in_suit = cards_list(hand, ctx.suit_cards[s])
        self.suit = s
        self.pairs = _pairs(ctx, hand, s) if len(self.in_suit) >= 2 else []

    def _fill(self, key: Callable[[int], tuple[int | bool, bool, int, int]]) -> list[int]:
        ctx = self.pub.ctx
        hand, s = self.hand, self.suit
        if len(self.in_suit) >= 2:
            return sorted(self.in_suit, key=key)[:2]
        rest = [c for c in range(NUM_CARDS) for _ in range(hand[c]) if ctx.suit_of[c] != s]
        rest.sort(key=key)
        return self.in_suit + rest[: 2 - len(self.in_suit)]

    def cheap(self) -> list[int]:
        if self.pairs:
            cheap = _cheap_key(self.pub.ctx)
            return min(self.pairs, key=lambda p: cheap(p[0]))
        return self._fill(_cheap_key(self.pub.ctx))

    def rich(self) -> list[int]:
        feed = _feed_key(self.pub.ctx)
        if self.pairs:
            return min(self.pairs, key=lambda p: feed(p[0]))
        return self._fill(feed)

    def win(self) -> list[int] | None:
        ctx = self.pub.ctx
        pos = ctx.pos
        key = self.key
        if self.pairs:
            if key[0] != 0:
                return None
            for p in self.pairs:
                if pos[p[0]] > key[1]:
                    return p
            return None
        if self.in_suit or self.suit == TRUMP:
            return None
        need = key[1] if key[0] == 1 else -1
        for p in _pairs(ctx, self.hand, TRUMP):
            if pos[p[0]] > need:
                return p
        return None


def _pairs(ctx: TrumpContext, hand: Sequence[int], suit: int) -> list[list[int]]:
    """The pairs held in an effective suit (physical cards), weakest first."""
    if not ctx.rules.two_colour:
        return [[c, c] for c in ctx.suit_cards[suit] if hand[c] >= 2]
    by_ident: dict[int, list[int]] = {}
    ident = ctx.ident
    for c in ctx.suit_cards[suit]:
        if hand[c]:
            by_ident.setdefault(ident[c], []).extend([c] * hand[c])
    return [cs[:2] for cs in by_ident.values() if len(cs) >= 2]


class _GeneralOptions(_Options):
    def __init__(self, pub: Public, hand: Sequence[int]) -> None:
        self.pub = pub
        self.hand = hand
        self._cheap: list[int] | None = None

    def cheap(self) -> list[int]:
        if self._cheap is None:
            lead = self.pub.lead
            assert lead is not None
            self._cheap = [int(c) for c in generate_follow(self.pub.ctx, self.hand, lead)]
        return self._cheap

    def rich(self) -> list[int]:
        return richer_follow(self.pub, self.hand, self.cheap())

    def win(self) -> list[int] | None:
        return winning_follow(self.pub, self.hand)


def follow_options(pub: Public, hand: Sequence[int]) -> _Options:
    lead = pub.lead
    assert lead is not None
    if (
        len(lead.units) == 1
        and lead.units[0].shape == (2, 1)
        and pub.rules.follow_table_for((2, 1)) is None
        and pub.rules.follow_protection in ("none", "tractor-on-tractor")
    ):
        return _PairOptions(pub, hand)
    return _GeneralOptions(pub, hand)


def richer_follow(pub: Public, hand: Sequence[int], base: list[int]) -> list[int]:
    """``base`` (a legal follow) with as many points swapped in as stays legal."""
    ctx = pub.ctx
    lead = pub.lead
    assert lead is not None
    s = lead.suit
    suit_of = ctx.suit_of
    n = len(base)
    in_suit = cards_list(hand, ctx.suit_cards[s])
    if len(in_suit) <= n:
        rest = [c for c in range(NUM_CARDS) for _ in range(hand[c]) if suit_of[c] != s]
        rest.sort(key=_feed_key(ctx))
        return in_suit + rest[: n - len(in_suit)]
    play = list(base)
    left = list(hand)
    for c in play:
        left[c] -= 1
    extra = sorted((c for c in in_suit if left[c] and POINTS[c]), key=lambda c: -POINTS[c])
    pos = ctx.pos
    trials = 0
    for p in extra:
        if not left[p]:
            continue
        for k in sorted(range(n), key=lambda k: (POINTS[play[k]], pos[play[k]])):
            q = play[k]
            if POINTS[q] >= POINTS[p] or trials >= MAX_SWAP_TRIALS:
                break
            trials += 1
            trial = [*play[:k], p, *play[k + 1 :]]
            if is_legal_follow(ctx, hand, lead, trial):
                play = trial
                left[p] -= 1
                left[q] += 1
                break
    return play


def winning_follow(pub: Public, hand: Sequence[int]) -> list[int] | None:
    """The cheapest play that beats the trick's best play so far, if we have one."""
    ctx = pub.ctx
    lead = pub.lead
    assert lead is not None and pub.best is not None
    _, key = pub.best
    n = len(lead.cards)
    s = lead.suit
    holding = suit_holding(ctx, hand, s)
    have = sum(holding.values())
    if have >= n:
        if len(lead.units) != 1 or key[0] != 0:
            return None
        shape = lead.units[0].shape
        options = list(placements(ctx, holding, shape, min_top=key[1]))
        if not options:
            return None
        w = shape[0]
        cards = physical(ctx, hand, [i for i in options[-1] for _ in range(w)])
        if cards is None or not is_legal_follow(ctx, hand, lead, cards):
            return None
        k2 = play_key(ctx, lead, cards)
        return cards if k2 is not None and k2 > key else None
    if have or s == TRUMP:
        return None
    th = suit_holding(ctx, hand, TRUMP)
    if sum(th.values()) < n:
        return None
    if len(lead.units) == 1:
        shape = lead.units[0].shape
        options = list(placements(ctx, th, shape, min_top=key[1] if key[0] == 1 else -1))
        if not options:
            return None
        w = shape[0]
        cards = physical(ctx, hand, [i for i in options[-1] for _ in range(w)])
    else:
        placed = realize_with_placement(ctx, th, lead.shapes)
        if placed is None:
            return None
        idents = [i for (w, _), p in placed for i in p for _ in range(w)]
        cards = physical(ctx, hand, idents)
        if cards is None:
            return None
        left = list(hand)
        for c in cards:
            left[c] -= 1
        fill = cards_list(left, ctx.suit_cards[TRUMP])
        cards = cards + fill[: n - len(cards)]
    if cards is None or len(cards) != n:
        return None
    k2 = play_key(ctx, lead, cards)
    return cards if k2 is not None and k2 > key else None
