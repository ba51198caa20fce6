"""What a seat knows during the play, in a form that is cheap to query and to update.

``Public`` is the part of a hand every seat sees: the cards played so far (the view
holds every played trick), the current trick, the points, the hand sizes and the voids
players have shown (a player who did not follow the led suit has none left). A seat's
knowledge is ``Public`` plus its own hand (and, for the dealer, the buried kitty).

The same structure drives the strong player's simulations: there every seat's hand is
filled in from a sample, and each simulated seat still decides from ``Public`` plus its
own cards only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from rules.cards import NUM_CARDS, POINTS, Card
from rules.play import Lead, is_bomb, make_lead
from rules.ruleset import RuleSet
from rules.tricks import play_key, trick_winner
from rules.trump import TRUMP, TrumpContext
from rules.units import Unit, decompose
from rules.views import View

SEATS = 4


def partner_of(seat: int) -> int:
    return (seat + 2) % SEATS


def same_team(a: int, b: int) -> bool:
    return (a - b) % 2 == 0


@dataclass(slots=True)
class Public:
    """The public state of a hand in the playing phase."""

    ctx: TrumpContext
    rules: RuleSet
    dealer: int
    played: list[int]  # 54 counts: every card played this hand (the current trick too)
    voids: list[int]  # per seat: bit s set = has shown a void in effective suit s
    trick: list[tuple[int, tuple[int, ...]]]  # the current trick: (seat, cards)
    leader: int  # who leads (or led) the current trick
    points: int  # the attackers' trick points plus penalties so far
    sizes: list[int]  # cards left in each hand
    tricks_done: int
    lead: Lead | None = None  # the current trick's lead, once there is one
    # the current trick's winning play so far: (index into ``trick``, its key)
    best: tuple[int, tuple[int, int]] | None = None
    table_points: int = 0  # points in the current trick
    _total: list[int] = field(default_factory=list)
    # per seat, ``unseen`` as last computed, kept up to date as cards are played
    _unseen: list[list[int] | None] = field(default_factory=lambda: [None] * SEATS)
    # per seat: bit s set = has shown it holds no pair (two identical cards) in suit s
    nopairs: list[int] = field(default_factory=lambda: [0] * SEATS)
    n: int = SEATS  # seats at the table
    # 找朋友, from the acting seat's knowledge: per seat +1 on the dealer's side, -1
    # against it, 0 not known yet. None = fixed partners (seats of one parity).
    sides: list[int] | None = None

    @property
    def total(self) -> list[int]:
        """Copies of each card in the deck."""
        if not self._total:
            d, rules = self.rules.decks, self.rules  # a short deck lacks some cards
            self._total = [d if rules.in_deck(c) else 0 for c in range(NUM_CARDS)]
        return self._total

    def copy(self) -> Public:
        return Public(
            self.ctx,
            self.rules,
            self.dealer,
            list(self.played),
            list(self.voids),
            list(self.trick),
            self.leader,
            self.points,
            list(self.sizes),
            self.tricks_done,
            self.lead,
            self.best,
            self.table_points,
            self._total,
            [None if u is None else list(u) for u in self._unseen],
            list(self.nopairs),
            self.n,
            None if self.sides is None else list(self.sides),
        )

    def is_attacker(self, seat: int) -> bool:
        if self.sides is not None:
            return self.sides[seat] != 1
        return not same_team(seat, self.dealer)

    def allies(self, a: int, b: int) -> bool:
        """Known to play on one side (a seat of unknown side is nobody's ally)."""
        if self.sides is None:
            return same_team(a, b)
        return a == b or self.sides[a] == self.sides[b] != 0

    def opponents(self, seat: int) -> Sequence[int]:
        """Every other seat not known to be ``seat``'s ally (unknown counts as foe)."""
        if self.sides is None:  # fixed partners: the same seats every time
            return _fixed_sides(self.n, seat)[0]
        sides = self.sides  # ``allies`` inlined (a hot path at 找朋友 tables)
        mine = sides[seat]
        return [o for o in range(self.n) if o != seat and (mine == 0 or sides[o] != mine)]

    def partners(self, seat: int) -> Sequence[int]:
        if self.sides is None:
            return _fixed_sides(self.n, seat)[1]
        sides = self.sides
        mine = sides[seat]
        return [o for o in range(self.n) if o != seat and mine != 0 and sides[o] == mine]

    # ---- updating ----------------------------------------------------------------------
    def record(self, seat: int, cards: Sequence[int]) -> None:
        """Note a play (already accepted) in the current trick; does not finish it."""
        ctx = self.ctx
        played = self.played
        self.sizes[seat] -= len(cards)
        if len(cards) == 1:  # the hot path of the play-outs: no list of caches
            c = cards[0]
            played[c] += 1
            for k, u in enumerate(self._unseen):
                if u is not None and k != seat:
                    u[c] -= 1
            self.table_points += POINTS[c]
            cards_t: tuple[int, ...] = (c,)
            if not self.trick:
                self.leader = seat
                self.lead = make_lead(ctx, cards_t)
                self.trick.append((seat, cards_t))
                self.best = (0, (0, ctx.pos[c]))
                return
            lead = self.lead
            assert lead is not None and self.best is not None
            s = lead.suit
            sc = ctx.suit_of[c]
            self.trick.append((seat, cards_t))
            if sc == s:
                key = (0, ctx.pos[c])
            else:
                self.voids[seat] |= 1 << s
                if sc != TRUMP:
                    return
                key = (1, ctx.pos[c])
            if key > self.best[1]:
                self.best = (len(self.trick) - 1, key)
            return
        caches = [u for k, u in enumerate(self._unseen) if u is not None and k != seat]
        for c in cards:
            played[c] += 1
            for u in caches:
                u[c] -= 1
        self.table_points += sum(POINTS[c] for c in cards)
        cards_t = tuple(cards)
        if not self.trick:
            self.leader = seat
            self.lead = make_lead(ctx, cards_t)
            self.trick.append((seat, cards_t))
            self.best = (0, play_key(ctx, self.lead, cards_t) or (0, -1))
            return
        lead = self.lead
        assert lead is not None and self.best is not None
        s = lead.suit
        suit_of = ctx.suit_of
        s0 = suit_of[cards_t[0]]
        mixed = any(suit_of[c] != s0 for c in cards_t)
        if mixed or s0 != s:
            if not _bomb_past_the_suit(ctx, lead, cards_t, s0):
                self.voids[seat] |= 1 << s
        elif lead.units[0].width >= 2 and ctx.rules.follow_protection in (
            "none",
            "tractor-on-tractor",
        ):
            # A shaped lead followed in suit without a single pair: the follower has
            # no pair in the suit (it would have had to play it).
            ident = ctx.ident
            ids = [ident[c] for c in cards_t]
            if len(set(ids)) == len(ids):
                self.nopairs[seat] |= 1 << s
        self.trick.append((seat, cards_t))
        rules = ctx.rules
        if (rules.bombs != "off" and len(cards_t) >= 4) or (
            rules.throw_beating in ("all", "unit-length") and len(lead.units) > 1
        ):
            # House rules whose winner is no single key: ask the engine. A winning
            # bomb gets a key no ordinary play reaches.
            i = trick_winner(ctx, lead, [p for _, p in self.trick])
            won = self.trick[i][1]
            self.best = (i, (9, 0) if is_bomb(won) else play_key(ctx, lead, won) or (0, -1))
            return
        if mixed or (s0 != s and s0 != TRUMP):
            return  # a discard
        key2 = play_key(ctx, lead, cards_t)
        if key2 is not None and key2 > self.best[1]:
            self.best = (len(self.trick) - 1, key2)

    def winner(self) -> int:
        """The seat winning the current trick so far."""
        assert self.best is not None
        return self.trick[self.best[0]][0]

    def end_trick(self) -> int:
        """Close a complete trick: points to the attackers if they won; returns the winner."""
        w = self.winner()
        if self.is_attacker(w):
            self.points += self.table_points
        self.trick = []
        self.lead = None
        self.best = None
        self.table_points = 0
        self.tricks_done += 1
        self.leader = w
        return w

    # ---- queries -----------------------------------------------------------------------
    def unseen(self, hand: Sequence[int], kitty: Sequence[int] | None = None) -> list[int]:
        """Cards a seat holding ``hand`` (and knowing ``kitty``) cannot place: the other
        hands, plus the kitty for a seat that did not bury it."""
        if _NATIVE:  # the compiled build: an indexed C loop, no zip tuples
            total, played = self.total, self.played
            h: list[int] = hand if isinstance(hand, list) else list(hand)  # (list reads)
            out = [0] * NUM_CARDS
            if kitty is None:
                for c in range(NUM_CARDS):
                    out[c] = total[c] - played[c] - h[c]
            else:
                k: list[int] = kitty if isinstance(kitty, list) else list(kitty)
                for c in range(NUM_CARDS):
                    out[c] = total[c] - played[c] - h[c] - k[c]
            return out
        if kitty is None:
            return [t - p - h for t, p, h in zip(self.total, self.played, hand, strict=True)]
        return [
            t - p - h - k for t, p, h, k in zip(self.total, self.played, hand, kitty, strict=True)
        ]

    def unseen_for(
        self, seat: int, hand: Sequence[int], kitty: Sequence[int] | None = None
    ) -> list[int]:
        """``unseen(hand, kitty)`` for ``seat`` (holding ``hand``), cached and kept up to
        date as cards are played. The caller must not change the list."""
        got = self._unseen[seat]
        if got is None:
            got = self._unseen[seat] = self.unseen(hand, kitty)
        return got

    def forget_unseen(self, seat: int) -> None:
        """Drop ``seat``'s cached unseen cards (``unseen_for``): before this state is
        asked again for ``seat`` holding other cards."""
        self._unseen[seat] = None

    def to_play(self) -> list[int]:
        """Seats still to play in the current trick, in order (after the one to act)."""
        n = len(self.trick)
        return [(self.leader + k) % self.n for k in range(n + 1, self.n)]


@lru_cache(maxsize=64)
def _fixed_sides(n: int, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(opponents, partners) of ``seat`` at a table of ``n`` seats with fixed partners."""
    opps = tuple(o for o in range(n) if not same_team(seat, o))
    partners = tuple(o for o in range(n) if o != seat and same_team(seat, o))
    return opps, partners


def blank_public(view: View, sizes: Sequence[int], sides: list[int] | None) -> Public:
    """The public state of the view's hand before its first play, hands of ``sizes``."""
    assert view.dealer is not None
    n = view.players
    return Public(
        ctx=view.context,
        rules=view.rules,
        dealer=view.dealer,
        played=[0] * NUM_CARDS,
        voids=[0] * n,
        trick=[],
        leader=view.dealer,
        points=0,
        sizes=list(sizes),
        tricks_done=0,
        _unseen=[None] * n,
        nopairs=[0] * n,
        n=n,
        sides=sides,
    )


def public_of(view: View) -> Public:
    """Rebuild the public state of a view in the playing phase."""
    sides = friend_sides(view) if view.friends_mode else None
    pub = blank_public(view, [0] * view.players, sides)
    for t in view.tricks:
        for seat, cards in t.plays:
            pub.record(seat, cards)
        pub.end_trick()
    for seat, cards in view.current:
        pub.record(seat, cards)
    if view.current:
        pub.leader = view.current[0][0]
    elif view.turn is not None:
        pub.leader = view.turn
    pub.points = view.attackers_points  # trick points ± penalties, as the view has them
    pub.sizes = list(view.hand_sizes)
    return pub


def friend_sides(view: View) -> list[int]:
    """找朋友: each seat's side as the viewing seat can tell: the dealer and revealed
    friends +1; everyone else -1 once every call is settled, else unknown (0). The
    seat itself counts as a friend-to-be while it holds a copy of a pending call, and
    as an attacker when it holds none (it cannot join any more)."""
    sides = [0] * view.players
    for s in range(view.players):
        known = view.on_dealer_team(s)
        if known is not None:
            sides[s] = 1 if known else -1
    me = view.seat
    if me is not None and sides[me] == 0 and view.hand is not None:
        pending = {c.call.card for c in view.friend_calls if c.joined is None}
        sides[me] = 1 if pending & set(view.hand) else -1
    return sides


def shown_cards(view: View) -> list[list[int]]:
    """Per seat, the declared cards (shown to everyone) that seat has not played yet.

    A declaration shows level cards or jokers; they stay in the declarer's hand until
    played (the dealer may also have buried them: callers allow for that)."""
    shown = [[0] * NUM_CARDS for _ in range(view.players)]
    for d in view.declarations:
        need = [0] * NUM_CARDS
        for c in d.cards:
            need[c] += 1
        row = shown[d.seat]
        for i in range(NUM_CARDS):
            if need[i] > row[i]:
                row[i] = need[i]
    plays = [*(p for t in view.tricks for p in t.plays), *view.current]
    for seat, cards in plays:
        row = shown[seat]
        for c in cards:
            if row[c]:
                row[c] -= 1
    return shown


def cards_list(counts: Sequence[int], order: Sequence[int]) -> list[int]:
    """The cards of ``counts`` among ``order``, in that order, with repeats."""
    out: list[int] = []
    for c in order:
        n = counts[c]
        if n:
            out += (c,) * n  # no list built per card, no method call
    return out


def as_cards(cards: Sequence[int]) -> tuple[Card, ...]:
    return tuple(Card(c) for c in cards)


# Holdings -> units, shared by all contexts and bounded: the cache must not grow with
# the number of hands played (a big heap makes the garbage collector pause for long).
_UNITS: dict[tuple[TrumpContext, tuple[int, ...]], tuple[Unit, ...]] = {}
UNITS_CACHE_SIZE = 20_000


SUIT_UNITS: dict[tuple[TrumpContext, int, tuple[int, ...]], tuple[Unit, ...]] = {}


def suit_units(ctx: TrumpContext, counts: Sequence[int], suit: int) -> tuple[Unit, ...]:
    """``units_of(ctx, cards_list(counts, ctx.suit_cards[suit]))``, memoised by the
    suit's counts (read at C speed), so a hit builds no card list at all."""
    sc = ctx.suit_counts[suit](counts)
    key = (ctx, suit, sc)
    got = SUIT_UNITS.get(key)
    if got is None:
        if len(SUIT_UNITS) >= UNITS_CACHE_SIZE:
            SUIT_UNITS.clear()
        cards: list[int] = []
        for c, k in zip(ctx.suit_cards[suit], sc, strict=True):
            if k:
                cards += (c,) * k
        got = SUIT_UNITS[key] = tuple(decompose(ctx, cards))
    return got


def units_of(ctx: TrumpContext, cards: Sequence[int]) -> tuple[Unit, ...]:
    """``decompose(ctx, cards)`` for cards of one effective suit, memoised (the same
    holdings come back again and again in the strong player's play-outs)."""
    key = (ctx, tuple(cards))
    got = _UNITS.get(key)
    if got is None:
        if len(_UNITS) >= UNITS_CACHE_SIZE:
            _UNITS.clear()
        got = _UNITS[key] = tuple(decompose(ctx, key[1]))
    return got


# True in the compiled build (bot/compiled/build.py), where this module is a C extension
# and indexed loops beat the zips that are fastest in the interpreter.
_NATIVE: Final = not __file__.endswith(".py")


def _bomb_past_the_suit(ctx: TrumpContext, lead: Lead, cards: Sequence[int], suit: int) -> bool:
    """A bomb the rules let a follower play off the led suit while still holding it
    (bombs any-suit; a trump bomb under following-suit): it shows no void."""
    bombs = ctx.rules.bombs
    if bombs == "off" or len(cards) != len(lead.cards) or not is_bomb(cards):
        return False
    return bombs == "any-suit" or suit == TRUMP
