"""One hand of random legal play, for ``bench.engine``: the workload it times.

``play_hand`` deals, picks trump, buries and plays every trick with random legal
leads (``random_unit_lead``, occasional ``random_throw``) and ``generate_follow``;
with a ``Probe`` it also times single calls, with ``verify`` it checks every play.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.cards import NUM_CARDS, POINTS, Card, Suit
from rules.errors import RuleError
from rules.friends import FriendsOutcome, settle_friends
from rules.notation import format_cards
from rules.play import Lead, check_follow, check_lead, generate_follow, make_lead
from rules.rng import shuffle
from rules.ruleset import RuleSet
from rules.scoring import HandOutcome, kitty_multiplier, settle_hand, team_of
from rules.tricks import trick_points, trick_winner
from rules.trump import TrumpContext
from rules.units import decompose

# How the leader picks a lead: a throw attempt with P_THROW, else a random card led
# alone with P_SINGLE or else with the whole unit (tuple or tractor) it belongs to.
P_THROW = 0.08
P_SINGLE = 0.5

perf_ns = time.perf_counter_ns


# ---- one hand of random legal play ------------------------------------------------------


@dataclass
class Probe:
    """Timings and samples collected by an instrumented hand."""

    gen_follow_ns: list[int] = field(default_factory=list)
    gen_lead_ns: list[int] = field(default_factory=list)
    # (ctx, hand before the follow, lead, follow) for the check_follow timing
    follows: list[tuple[TrumpContext, tuple[int, ...], Lead, list[Card]]] = field(
        default_factory=list
    )
    throws_tried: int = 0
    throws_failed: int = 0


def random_unit_lead(
    ctx: TrumpContext, hand: Sequence[int], cards: Sequence[int], rng: random.Random
) -> Lead:
    """A random legal single-unit lead: a random card of the hand (``cards``, the same
    cards as the count vector ``hand``), alone or with the whole unit it is in."""
    c = rng.choice(cards)
    if rng.random() < P_SINGLE or (hand[c] == 1 and not ctx.rules.two_colour):
        return make_lead(ctx, [c])
    suit_of = ctx.suit_of
    s = suit_of[c]
    for u in decompose(ctx, [x for x in cards if suit_of[x] == s]):
        if c in u.cards:
            return make_lead(ctx, u.cards)
    raise AssertionError("a card outside its own suit")  # pragma: no cover


def random_throw(
    ctx: TrumpContext,
    hand: Sequence[int],
    cards: Sequence[int],
    others: Sequence[Sequence[int]],
    rng: random.Random,
) -> tuple[Lead, int, str]:
    """Try a throw in the suit of a random card: its strongest units (half the
    time) or a random set of ≥ 2 of them, judged by ``check_lead``. Returns (lead,
    penalty, kind): the forced unit when the throw fails; kind "unit" when the suit
    holds a single unit."""
    suit_of = ctx.suit_of
    s = suit_of[rng.choice(cards)]
    units = decompose(ctx, [x for x in cards if suit_of[x] == s])
    if len(units) < 2 or ctx.rules.throws == "forbidden":  # house rule: no throws
        return make_lead(ctx, units[0].cards), 0, "unit"
    k = rng.randint(2, min(len(units), 5))
    if rng.random() < 0.5:
        chosen = sorted(units, key=lambda u: u.top, reverse=True)[:k]
    else:
        chosen = rng.sample(units, k)
    result = check_lead(ctx, hand, [x for u in chosen for x in u.cards], others)
    return result.lead, result.penalty, result.kind


def play_hand(
    rules: RuleSet,
    rng: random.Random,
    probe: Probe | None = None,
    verify: list[str] | None = None,
) -> HandOutcome | FriendsOutcome:
    """One complete hand of random legal play; asserts card conservation.

    At a 找朋友 table (N seats) the dealer's team is ``friend_calls`` random other
    seats (as if the calls had fallen so) and ``settle_friends`` scores the hand.

    With ``verify`` (a list), every unit lead is checked with ``check_lead`` and
    every follow with ``check_follow``; refused follows are appended to the list.

    Each seat's hand is kept twice: the count vector the engine reads and a card
    list (for random picks); every play is removed from both, so a card that is
    not held fails loudly (``list.remove``) and leftovers are caught at the end.
    """
    decks = rules.decks
    deck = [c for c in range(NUM_CARDS) for _ in range(decks)]
    shuffle(rng, deck)  # rng.shuffle(deck), draw for draw
    hand_size = rules.hand_size
    seats = rules.players
    lists: list[list[int]] = [[] for _ in range(seats)]
    for k in range(seats * hand_size):  # one card at a time to seats 0..N-1, kitty last
        lists[k % seats].append(deck[k])
    kitty = deck[seats * hand_size :]

    trump = rng.choice((None, Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS))
    level = rng.choice(rules.levels)
    ctx = TrumpContext.of(rules, level, trump)
    dealer = rng.randrange(seats)
    if rules.friends is not None:
        not_dealer = [s for s in range(seats) if s != dealer]
        team = {dealer, *rng.sample(not_dealer, rules.friend_calls)}
        side = [0 if s in team else 1 for s in range(seats)]
        levels = [rng.choice(rules.levels) for _ in range(seats)]
        levels[dealer] = level
    else:
        side = [team_of(s) for s in range(seats)]
        levels = [0, 0]
        levels[side[dealer]] = level
        levels[1 - side[dealer]] = rng.choice(rules.levels)
    defenders = side[dealer]

    # The dealer takes the kitty and buries as many random cards.
    dl = lists[dealer]
    dl.extend(kitty)
    buried = rng.sample(dl, rules.kitty_size)
    for c in buried:
        dl.remove(c)
    hands = []
    for cl in lists:
        h = [0] * NUM_CARDS
        for c in cl:
            h[c] += 1
        hands.append(h)

    attackers = 0
    trick_pts_total = 0
    leader = dealer
    lead: Lead | None = None
    plays: list[Sequence[int]] = []
    w = 0
    left = hand_size  # cards still in each hand
    while left:
        hand = hands[leader]
        cards = lists[leader]
        if rng.random() >= P_THROW:
            if probe is not None:
                t0 = perf_ns()
                lead = random_unit_lead(ctx, hand, cards, rng)
                probe.gen_lead_ns.append(perf_ns() - t0)
            else:
                lead = random_unit_lead(ctx, hand, cards, rng)
            if verify is not None:
                assert check_lead(ctx, hand, lead.cards, []).kind == "unit"
        else:
            others = [hands[(leader + k) % seats] for k in range(1, seats)]
            lead, penalty, kind = random_throw(ctx, hand, cards, others, rng)
            if probe is not None and kind != "unit":
                probe.throws_tried += 1
                probe.throws_failed += kind == "failed_throw"
            if penalty:
                attackers += penalty if side[leader] == defenders else -penalty
        for c in lead.cards:
            hand[c] -= 1
            cards.remove(c)
        n = len(lead.cards)
        left -= n
        plays = [lead.cards]
        for k in range(1, seats):
            seat = (leader + k) % seats
            h = hands[seat]
            if probe is not None:
                before = tuple(h)
                t0 = perf_ns()
                follow = generate_follow(ctx, h, lead, rng)
                probe.gen_follow_ns.append(perf_ns() - t0)
                probe.follows.append((ctx, before, lead, follow))
            else:
                follow = generate_follow(ctx, h, lead, rng)
            if verify is not None:
                verify_follow(ctx, h, lead, follow, verify)
            assert len(follow) == n, "follow of the wrong size"
            cl = lists[seat]
            for c in follow:
                h[c] -= 1
                cl.remove(c)
            plays.append(follow)
        w = trick_winner(ctx, lead, plays)
        pts = trick_points(plays)
        trick_pts_total += pts
        leader = (leader + w) % seats
        if side[leader] != defenders:
            attackers += pts

    # Conservation: every hand is empty and every point was played or buried.
    kitty_pts = sum(POINTS[c] for c in buried)
    for h, cl in zip(hands, lists, strict=True):
        assert not cl and not any(h), "cards created or lost"
    assert trick_pts_total + kitty_pts == rules.total_points, "points created or lost"

    assert lead is not None
    last_by_attackers = side[leader] != defenders  # the leader is now the last winner
    if last_by_attackers:
        attackers += kitty_pts * kitty_multiplier(rules, lead.shapes)
    if rules.friends is not None:
        members = [s for s in range(seats) if side[s] == defenders]
        return settle_friends(rules, levels, dealer, members, attackers)
    return settle_hand(
        rules,
        (levels[0], levels[1]),
        dealer,
        attackers,
        last_by_attackers,
        [Card(c) for c in plays[w]],
    )


def verify_follow(
    ctx: TrumpContext, hand: Sequence[int], lead: Lead, follow: Sequence[int], bad: list[str]
) -> None:
    try:
        check_follow(ctx, hand, lead, follow)
    except RuleError as exc:  # the engine refused its own follow: an engine bug
        bad.append(
            f"{ctx.rules.name}, {ctx.describe()}: lead {format_cards(lead.cards)}, "
            f"generated {format_cards(follow)}: {exc}"
        )
