"""The basic player: the habits good players teach, as rules (seed 002's 技巧 notes).

* Declaring: a long, strong trump suit (trump length, trump pairs, jokers and level
  cards, measured against what an average hand would hold); weak no-trump is avoided;
  a partner's declaration is never overridden; an opponent's is overridden when our
  suit is about as good; the dealer's team declares at the end rather than fall back
  to no-trump.
* Burying: void short plain suits, keep aces, pairs and trumps, and keep points out of
  the kitty unless the hand holds enough trumps to defend it.
* Leading: sure winners first (off-suit units nobody can beat given the cards seen,
  thrown together when there are several), drawing trumps when the dealer's side holds
  most of them, a suit the partner can ruff, else a cheap card from a short suit.
* Following: feed points to a partner who is winning for sure; beat the opponents when
  the trick is worth it (never ruff a point-less trick); otherwise play cheap; near
  the end the dealer's side fights for the tricks that protect the kitty.

It tracks the cards played (every trick is in the view) against its own hand, and the
voids players have shown. The play policy (``play_policy``) reads only ``Public`` plus
the acting seat's own cards, so the strong player can run it inside simulations.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from rules.actions import Action, Bury, Declare, Pass, Play
from rules.ai.state import Public, as_cards, cards_list, public_of, same_team, units_of
from rules.cards import NUM_CARDS, POINTS, Suit, counts_of
from rules.declare import Declaration, possible_declarations, read_declaration
from rules.play import generate_follow, is_legal_follow, play_key
from rules.ruleset import RuleSet
from rules.trump import TRUMP, TrumpContext
from rules.units import Unit, placements, realize_with_placement, suit_holding
from rules.views import View

MAX_SWAP_TRIALS = 12  # legality checks ``richer_follow`` may spend on one follow

# ---- helpers ----------------------------------------------------------------------------


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
    suit_of, pos = ctx.suit_of, ctx.pos
    return min(cards, key=lambda c: (suit_of[c] == TRUMP, POINTS[c] > 0, pos[c], c))


def richest(ctx: TrumpContext, cards: Sequence[int]) -> int:
    """The card to feed a winning partner: most points, then plain, then low."""
    suit_of, pos = ctx.suit_of, ctx.pos
    return min(cards, key=lambda c: (-POINTS[c], suit_of[c] == TRUMP, pos[c], c))


def _held(hand: Sequence[int], order: Sequence[int]) -> list[int]:
    """Distinct held cards among ``order`` (weakest first for a suit's cards)."""
    return [c for c in order if hand[c]]


# ---- declaring ----------------------------------------------------------------------------


def trump_quality(rules: RuleSet, level: int, suit: Suit | None, hand: Sequence[int]) -> float:
    """How much better than an average hand of this size ours is with this trump: the
    share of our cards that would be trump (pairs and top trumps count extra), minus
    the share of the deck that is trump."""
    ctx = TrumpContext.of(rules, level, suit)
    n = sum(hand)
    if n == 0:
        return -1.0
    cards = ctx.suit_cards[TRUMP]
    counts = ctx.suit_counts[TRUMP](hand)
    length = sum(counts)
    pairs = 0
    high = 0
    top = ctx.npos[TRUMP]
    pos = ctx.pos
    seen_ident: dict[int, int] = {}
    ident = ctx.ident
    for c, k in zip(cards, counts, strict=True):
        if k:
            seen_ident[ident[c]] = seen_ident.get(ident[c], 0) + k
            if pos[c] >= top - 4:
                high += k
    pairs = sum(k // 2 for k in seen_ident.values())
    share_deck = len(cards) / NUM_CARDS
    score = (length + 0.5 * pairs + 0.3 * high) / n - share_deck
    if suit is None:
        suit_of, npos = ctx.suit_of, ctx.npos
        aces = sum(
            hand[c] for c in range(52) if suit_of[c] != TRUMP and pos[c] == npos[suit_of[c]] - 1
        )
        score += 0.02 * aces - 0.06  # no-trump needs strength in the plain suits too
    return score


def _declaration_of(view: View) -> Declaration | None:
    if not view.declarations:
        return None
    d = view.declarations[-1]
    return read_declaration(view.rules, view.level_rank, d.seat, d.cards)


def choose_declaration(view: View, seat: int, hand: Sequence[int]) -> Declaration | None:
    """The declaration (or reinforcement/override) the basic player makes now, if any."""
    rules = view.rules
    level = view.level_rank
    current = _declaration_of(view)
    options = possible_declarations(rules, level, seat, hand, current)
    if not options:
        return None
    n = sum(hand)
    if n == 0:
        return None
    window = view.phase == "declaring"
    dealt = 1.0 if window else view.dealt / max(view.deal_total, 1)
    if not window and dealt < 0.3:
        return None  # too few cards to judge a suit yet
    quality = {d.suit: trump_quality(rules, level, d.suit, hand) for d in options}
    best = max(options, key=lambda d: (quality[d.suit], d.suit is not None, -d.strength))
    q = quality[best.suit]
    dealer = view.dealer
    our_deal = dealer is not None and same_team(dealer, seat)
    if best.suit is None and our_deal:
        q -= 0.05  # the dealer's side wants a trump suit (trump pairs favour it)
    if current is None:
        if not window:
            # Early declarations need a clearly long suit; later ones a good one.
            return best if q >= 0.13 - 0.08 * dealt else None
        if dealer is None:
            return best if q >= -0.02 else None  # hand 1: declaring makes us the dealer
        if our_deal:
            return best if best.suit is not None and q >= -0.08 else None
        return None  # attackers are glad of the no-trump fallback
    if current.seat == seat:
        same = [d for d in options if d.suit == current.suit]
        if same and (window or dealt > 0.85):
            return min(same, key=lambda d: d.strength)  # reinforce: protect our suit
        q_cur = trump_quality(rules, level, current.suit, hand)
        if best.suit != current.suit and q - q_cur >= 0.12:
            return best
        return None
    if same_team(current.seat, seat):
        return None  # never override the partner
    # An opponent's declaration: take it over when ours is about as good.
    return best if q >= -0.01 else None


# ---- burying --------------------------------------------------------------------------------


def choose_bury(ctx: TrumpContext, hand: Sequence[int], n: int) -> list[int]:
    """The cards to bury: void short plain suits, keep aces, pairs, trumps and points."""
    cards = cards_list(hand, range(NUM_CARDS))
    if n <= 0:
        return []
    suit_of, pos, ident = ctx.suit_of, ctx.pos, ctx.ident
    trumps = sum(1 for c in cards if suit_of[c] == TRUMP)
    size = len(cards) - n
    safe_points = trumps >= 0.5 * size  # enough trumps to defend a kitty with points
    idents: dict[int, int] = {}
    for c in cards:
        idents[ident[c]] = idents.get(ident[c], 0) + 1

    def cost(c: int) -> float:
        s = suit_of[c]
        if s == TRUMP:
            return 1000.0 + pos[c]
        top = ctx.npos[s] - 1
        v = float(pos[c])
        if POINTS[c]:
            v += 3 if safe_points else 30
        if pos[c] == top:
            v += 25  # an ace (the top plain card)
        elif pos[c] == top - 1:
            v += 6
        if idents[ident[c]] >= 2:
            v += 15 + pos[c]
        return v

    costs = {c: cost(c) for c in set(cards)}
    plain = sorted({suit_of[c] for c in cards if suit_of[c] != TRUMP})
    by_suit = {s: [c for c in cards if suit_of[c] == s] for s in plain}
    best: tuple[float, list[int]] | None = None
    for mask in range(1 << len(plain)):
        chosen: list[int] = []
        voided = 0
        for k, s in enumerate(plain):
            if mask >> k & 1:
                chosen.extend(by_suit[s])
                voided += 1
        if len(chosen) > n:
            continue
        rest = sorted(
            (c for c in cards if not (suit_of[c] != TRUMP and mask >> plain.index(suit_of[c]) & 1)),
            key=lambda c: (costs[c], c),
        )
        chosen.extend(rest[: n - len(chosen)])
        total = sum(costs[c] for c in chosen) - 10.0 * voided
        if best is None or total < best[0]:
            best = (total, chosen)
    assert best is not None
    return best[1]


# ---- playing ---------------------------------------------------------------------------------


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
        return sum(self.pub.ctx.suit_counts[suit](self.counts))

    @property
    def trumps(self) -> int:
        if self._trumps < 0:
            self._trumps = self.in_suit(TRUMP)
        return self._trumps


def play_policy(
    pub: Public, seat: int, hand: Sequence[int], kitty: Sequence[int] | None = None
) -> list[int]:
    """The basic player's play (lead or follow) from public knowledge and its own cards.

    ``kitty`` is the buried kitty when ``seat`` is the dealer who buried it (else None).
    """
    if not pub.trick:
        return choose_lead(pub, seat, hand, kitty)
    return choose_follow(pub, seat, hand, kitty)


def _units_by_suit(ctx: TrumpContext, hand: Sequence[int]) -> dict[int, tuple[Unit, ...]]:
    out: dict[int, tuple[Unit, ...]] = {}
    for s in range(5):
        cs = cards_list(hand, ctx.suit_cards[s])
        if cs:
            out[s] = units_of(ctx, cs)
    return out


def sure_units(ctx: TrumpContext, unseen: Sequence[int], units: Sequence[Unit]) -> list[Unit]:
    return [u for u in units if not beatable(ctx, unseen, u)]


def choose_lead(
    pub: Public, seat: int, hand: Sequence[int], kitty: Sequence[int] | None
) -> list[int]:
    ctx = pub.ctx
    pos = ctx.pos
    unseen = pub.unseen_for(seat, hand, kitty)
    opps = ((seat + 1) % 4, (seat + 3) % 4)
    partner = (seat + 2) % 4
    voids = pub.voids
    defending = not pub.is_attacker(seat)
    unseen_trumps = sum(ctx.suit_counts[TRUMP](unseen))
    my_trumps = sum(ctx.suit_counts[TRUMP](hand))
    left = pub.sizes[seat]
    units = _units_by_suit(ctx, hand)

    # 1. Sure winners in the plain suits (off-suit aces and the like), thrown together.
    best: tuple[float, list[int]] | None = None
    for s, us in units.items():
        if s == TRUMP:
            continue
        ruff = unseen_trumps > 0 and any(
            voids[o] >> s & 1 and not voids[o] >> TRUMP & 1 for o in opps
        )
        if ruff:
            continue
        sure = sure_units(ctx, unseen, us)
        if not sure:
            continue
        cards = [int(c) for u in sure for c in u.cards]
        outside = sum(ctx.suit_counts[s](unseen))
        score = 10.0 + sum(POINTS[c] for c in cards) + 2.0 * len(cards)
        if unseen_trumps > 0 and outside < 2 * len(cards):
            score -= 8.0 + sum(POINTS[c] for c in cards)  # an opponent may be void already
            if score <= 0:
                continue
        if best is None or score > best[0]:
            best = (score, cards)
    if best is not None:
        return best[1]

    trump_units = units.get(TRUMP, ())
    # 2. The dealer's side draws trumps when it holds most of them (and near the end
    #    plays its sure trumps to keep control of the last tricks and the kitty).
    if (
        trump_units
        and unseen_trumps > 0
        and defending
        and (my_trumps >= 0.6 * unseen_trumps or left <= 4)
    ):
        sure = sure_units(ctx, unseen, trump_units)
        if sure:
            return [int(c) for u in sure for c in u.cards]
        shaped = [u for u in trump_units if u.size > 1]
        if shaped:
            return [int(c) for c in max(shaped, key=lambda u: (u.size, u.top)).cards]
        return [cheapest(ctx, [int(c) for u in trump_units for c in u.cards])]

    # 3. A suit the partner has shown void in (and can ruff), the opponents not.
    for s, us in units.items():
        if s == TRUMP:
            continue
        if (
            voids[partner] >> s & 1
            and not voids[partner] >> TRUMP & 1
            and not any(voids[o] >> s & 1 for o in opps)
        ):
            return [cheapest(ctx, [int(c) for u in us for c in u.cards])]

    # 4. A cheap card, from a short plain suit, not breaking a pair, without points.
    best_c: tuple[float, list[int]] | None = None
    for s, us in units.items():
        if s == TRUMP:
            continue
        length = sum(u.size for u in us)
        top = ctx.npos[s] - 1
        for u in us:
            if u.size == 1:
                c = int(u.cards[0])
                v = pos[c] + 12.0 * (POINTS[c] > 0) + 0.7 * length
                if pos[c] >= top - 1 and POINTS[c] == 0:
                    v += 3  # a high card that is not sure: keep it
                cards = [c]
            else:
                # a low pair or tractor drains the opponents' pairs
                v = 4.0 + u.top + 12.0 * any(POINTS[c] for c in u.cards) + 0.7 * length
                cards = [int(c) for c in u.cards]
            if best_c is None or v < best_c[0]:
                best_c = (v, cards)
    if best_c is not None:
        return best_c[1]
    # Only trumps left.
    singles = [int(u.cards[0]) for u in trump_units if u.size == 1]
    if singles:
        return [min(singles, key=lambda c: (POINTS[c] > 0, pos[c]))]
    return [int(c) for c in min(trump_units, key=lambda u: (u.size, u.top)).cards]


def _winning_unit(pub: Public) -> Unit:
    """The most significant unit of the trick's best play so far (shape, suit, top)."""
    lead = pub.lead
    assert lead is not None and pub.best is not None
    _, key = pub.best
    w, length = lead.units[0].shape
    return Unit(w, length, TRUMP if key[0] == 1 else lead.suit, key[1], ())


def _partner_safe(pub: Public, unseen: Unseen, opps_after: Sequence[int]) -> bool:
    """Is the partner's winning play safe from the opponents still to play?"""
    if not opps_after:
        return True
    ctx = pub.ctx
    lead = pub.lead
    assert lead is not None and pub.best is not None
    _, key = pub.best
    s = lead.suit
    n = len(lead.cards)
    ruffed = key[0] == 1
    for o in opps_after:
        void_s = pub.voids[o] >> s & 1
        if void_s:
            if (
                s != TRUMP
                and not pub.voids[o] >> TRUMP & 1
                and unseen.trumps >= n
                and (not ruffed or beatable(ctx, unseen.counts, _winning_unit(pub)))
            ):
                return False
            continue
        if ruffed:
            continue  # the opponent must follow the led suit
        if len(lead.units) > 1:
            continue  # a throw cannot be beaten in its suit
        if beatable(ctx, unseen.counts, _winning_unit(pub)):
            return False
        if s != TRUMP and unseen.trumps and unseen.in_suit(s) < n:
            return False  # the opponent may be void without having shown it
    return True


def choose_follow(
    pub: Public, seat: int, hand: Sequence[int], kitty: Sequence[int] | None
) -> list[int]:
    lead = pub.lead
    assert lead is not None and pub.best is not None
    if len(lead.cards) == 1:
        return [_follow_single(pub, seat, hand, kitty)]
    return _follow_multi(pub, seat, hand, kitty)


def _endgame(pub: Public, seat: int, n: int) -> bool:
    """The dealer's side near the end: win tricks to keep the last one (and the kitty)."""
    return not pub.is_attacker(seat) and pub.sizes[seat] <= 3 * n


def _opps_after(pub: Public, seat: int) -> list[int]:
    n = len(pub.trick)
    leader = pub.leader
    return [o for o in ((leader + k) % 4 for k in range(n + 1, 4)) if (o - seat) % 2]


def _follow_single(pub: Public, seat: int, hand: Sequence[int], kitty: Sequence[int] | None) -> int:
    ctx = pub.ctx
    pos = ctx.pos
    lead = pub.lead
    assert lead is not None and pub.best is not None
    s = lead.suit
    idx, key = pub.best
    partner_winning = (pub.trick[idx][0] - seat) % 2 == 0
    opps_after = _opps_after(pub, seat)
    table = pub.table_points
    unseen = Unseen(pub, seat, hand, kitty)
    mine = [c for c in ctx.suit_cards[s] if hand[c]]
    if mine:
        if partner_winning:
            if _partner_safe(pub, unseen, opps_after):
                return richest(ctx, mine)
            if table >= 10 and key[0] == 0:
                # secure the points with a sure winner of our own
                for c in reversed(mine):
                    if pos[c] <= key[1]:
                        break
                    if not _single_beatable(pub, c, unseen, opps_after):
                        return c
            return cheapest(ctx, mine)
        beaters = [c for c in mine if pos[c] > key[1]] if key[0] == 0 else []
        low = cheapest(ctx, mine)
        if not beaters:
            return low
        endgame = _endgame(pub, seat, 1)
        if not opps_after:
            if table > 0 or POINTS[low] > 0 or endgame:
                return beaters[0]
            return low
        sure = [c for c in beaters if not _single_beatable(pub, c, unseen, opps_after)]
        if sure and (table > 0 or POINTS[low] > 0 or endgame or any(POINTS[c] for c in sure)):
            return sure[0]
        if table >= 10:
            return beaters[-1]
        return low
    # Void in the led suit.
    others = [c for c in range(NUM_CARDS) if hand[c]]
    if partner_winning:
        if _partner_safe(pub, unseen, opps_after):
            return richest(ctx, others)
        return cheapest(ctx, others)
    if s != TRUMP and (table >= 5 or _endgame(pub, seat, 1)):
        need = key[1] if key[0] == 1 else -1
        cand = [c for c in ctx.suit_cards[TRUMP] if hand[c] and pos[c] > need]
        if cand:
            if table >= 10 and any(pub.voids[o] >> s & 1 for o in opps_after):
                for c in cand:  # an opponent after us may over-trump: trump high
                    if not beatable(ctx, unseen.counts, _single(ctx, c)):
                        return c
            return cand[0]
    return cheapest(ctx, others)


def _single(ctx: TrumpContext, c: int) -> Unit:
    return Unit(1, 1, ctx.suit_of[c], ctx.pos[c], ())


def _single_beatable(pub: Public, c: int, unseen: Unseen, opps_after: Sequence[int]) -> bool:
    """Could an opponent still to play beat our card ``c`` (of the led suit)?"""
    ctx = pub.ctx
    lead = pub.lead
    assert lead is not None
    s = lead.suit
    for o in opps_after:
        if pub.voids[o] >> s & 1:
            if s != TRUMP and unseen.trumps and not pub.voids[o] >> TRUMP & 1:
                return True
            continue
        if beatable(ctx, unseen.counts, _single(ctx, c)):
            return True
        if s != TRUMP and unseen.trumps and unseen.in_suit(s) == 0:
            return True
    return False


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
    ):
        return _PairOptions(pub, hand)
    return _GeneralOptions(pub, hand)


def _follow_multi(
    pub: Public, seat: int, hand: Sequence[int], kitty: Sequence[int] | None
) -> list[int]:
    lead = pub.lead
    assert lead is not None and pub.best is not None
    n = len(lead.cards)
    idx, _ = pub.best
    opts = follow_options(pub, hand)
    opps_after = _opps_after(pub, seat)
    if (pub.trick[idx][0] - seat) % 2 == 0:  # the partner is winning
        if _partner_safe(pub, Unseen(pub, seat, hand, kitty), opps_after):
            return opts.rich()
        return opts.cheap()
    win = opts.win()
    if win is None:
        return opts.cheap()
    table = pub.table_points
    worth = table + sum(POINTS[c] for c in win) >= 10 or _endgame(pub, seat, n)
    if not worth and not opps_after and table > 0:
        worth = True
    return win if worth else opts.cheap()


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


# ---- the player ------------------------------------------------------------------------------


class BasicPlayer:
    """Rule-based player (see the module docstring)."""

    level = "basic"

    def choose(self, view: View, rng: random.Random) -> Action | None:
        seat = view.seat
        if seat is None or view.hand is None:
            return None
        hand = counts_of(view.hand)
        if view.phase in ("dealing", "declaring"):
            decl = choose_declaration(view, seat, hand)
            if decl is not None:
                return Declare(seat, decl.cards)
            if view.phase == "declaring" and seat not in view.passes:
                return Pass(seat)
            return None
        if view.phase == "burying" and seat == view.dealer:
            cards = choose_bury(view.context, hand, view.rules.kitty_size)
            return Bury(seat, as_cards(cards))
        if view.phase == "playing" and seat == view.turn:
            pub = public_of(view)
            kitty = counts_of(view.buried) if seat == view.dealer and view.buried else None
            return Play(seat, as_cards(play_policy(pub, seat, hand, kitty)))
        return None
