"""Property tests on random deals (1–4 decks, several presets)."""

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from rules import (
    Card,
    Suit,
    TrumpContext,
    check_follow,
    check_lead,
    counts_of,
    decompose,
    format_cards,
    format_grouped,
    full_deck,
    generate_follow,
    is_legal_follow,
    legal_follows,
    make_lead,
    parse_cards,
    play_key,
    points_in,
    preset,
    trick_points,
    trick_winner,
)

NAMES = [
    "classic",
    "one-deck",
    "one-deck-two-color",
    "three-decks",
    "four-decks",
    "twos-trump",
    "seed-001",
    "tournament",
]

SETTINGS = {
    "deadline": None,
    "derandomize": True,
    "database": None,
    "suppress_health_check": [HealthCheck.too_slow],
}

seeds = st.integers(0, 2**32 - 1)
by_preset = pytest.mark.parametrize("name", NAMES)


def make_table(name, seed):
    """A context (random level and trump suit) and a fresh deal: 4 hands + kitty."""
    rules = preset(name)
    rnd = random.Random(seed)
    level = rnd.choice(rules.levels)
    trump = rnd.choice([None, *Suit])
    ctx = TrumpContext.of(rules, level, trump)
    deck = full_deck(rules.decks)
    rnd.shuffle(deck)
    n = rules.hand_size
    hands = [deck[i * n : (i + 1) * n] for i in range(4)]
    return ctx, hands, deck[4 * n :], rnd


def by_suit(ctx, cards):
    out = {}
    for c in cards:
        out.setdefault(ctx.suit_of[c], []).append(c)
    return out


def unit_lead(ctx, hand, rnd):
    """One unit the hand holds (single, tuple or tractor) of a random suit."""
    suits = by_suit(ctx, hand)
    cards = suits[rnd.choice(sorted(suits))]
    unit = rnd.choice(decompose(ctx, cards))
    if rnd.random() < 0.2:
        return [unit.cards[0]]
    return list(unit.cards)


def throw_lead(ctx, hand, rnd, most=3):
    """Several units of the hand's longest suit, tuples preferred (as a throw)."""
    suits = by_suit(ctx, hand)
    cards = suits[max(sorted(suits), key=lambda s: len(suits[s]))]
    units = decompose(ctx, cards)
    shaped = [u for u in units if u.size > 1]
    pool = shaped if len(shaped) >= 2 else units
    pick = rnd.sample(pool, min(len(pool), rnd.randint(2, most)))
    return [c for u in pick for c in u.cards]


def assert_follow_ok(ctx, hand, lead, got):
    assert len(got) == len(lead.cards)
    assert not Counter(got) - Counter(hand), "played cards not held"
    check_follow(ctx, counts_of(hand), lead, got)  # raises RuleError if illegal


# ---- generated follows ----------------------------------------------------------------------


@by_preset
@settings(max_examples=100, **SETTINGS)
@given(seed=seeds)
def test_generated_follow_to_a_unit_lead_is_legal(name, seed):
    ctx, hands, _, rnd = make_table(name, seed)
    lead = make_lead(ctx, unit_lead(ctx, hands[0], rnd))
    for hand in hands[1:]:
        counts = counts_of(hand)
        assert_follow_ok(ctx, hand, lead, generate_follow(ctx, counts, lead))
        assert_follow_ok(ctx, hand, lead, generate_follow(ctx, counts, lead, random.Random(seed)))


@pytest.mark.parametrize("name", ["classic", "one-deck", "twos-trump", "seed-001"])
@settings(max_examples=100, **SETTINGS)
@given(seed=seeds)
def test_generated_follow_to_a_throw_of_two_units_is_legal(name, seed):
    ctx, hands, _, rnd = make_table(name, seed)
    lead = make_lead(ctx, throw_lead(ctx, hands[0], rnd, most=2))
    for hand in hands[1:]:
        counts = counts_of(hand)
        assert_follow_ok(ctx, hand, lead, generate_follow(ctx, counts, lead))
        assert_follow_ok(ctx, hand, lead, generate_follow(ctx, counts, lead, random.Random(seed)))


@settings(max_examples=150, **SETTINGS)
@given(name=st.sampled_from(NAMES), seed=seeds)
# Deals found by a random search with these helpers (the first two fail without rng,
# the third with and without); they keep the expected failure deterministic.
@example(name="three-decks", seed=653)
@example(name="four-decks", seed=14)
@example(name="four-decks", seed=103)
def test_generated_follow_to_a_throw_is_legal(name, seed):
    ctx, hands, _, rnd = make_table(name, seed)
    lead = make_lead(ctx, throw_lead(ctx, hands[0], rnd))
    for hand in hands[1:]:
        counts = counts_of(hand)
        assert_follow_ok(ctx, hand, lead, generate_follow(ctx, counts, lead))
        assert_follow_ok(ctx, hand, lead, generate_follow(ctx, counts, lead, random.Random(seed)))


# ---- legal follows on small hands (enumeration stays cheap) --------------------------------


def small_follower(ctx, hands, rnd, lead_cards):
    """A mid-hand follower: a random part of another player's hand plus some lead-suit cards."""
    hand = rnd.sample(hands[1], rnd.randint(4, 10))
    suit = ctx.suit_of[lead_cards[0]]
    extra = [c for c in hands[2] if ctx.suit_of[c] == suit]
    hand += rnd.sample(extra, min(len(extra), rnd.randint(0, 4)))
    return hand


@by_preset
@settings(max_examples=40, **SETTINGS)
@given(seed=seeds, throw=st.booleans())
def test_a_legal_follow_exists_and_all_listed_follows_are_legal(name, seed, throw):
    ctx, hands, _, rnd = make_table(name, seed)
    cards = throw_lead(ctx, hands[0], rnd) if throw else unit_lead(ctx, hands[0], rnd)
    lead = make_lead(ctx, cards)
    hand = small_follower(ctx, hands, rnd, cards)
    if len(hand) < len(cards):
        hand += hands[3][: len(cards) - len(hand)]
    counts = counts_of(hand)
    follows = legal_follows(ctx, counts, lead, limit=40)
    assert follows, "no legal follow found"
    assert len(set(follows)) == len(follows)
    suit_held = [c for c in hand if ctx.suit_of[c] == lead.suit]
    for f in follows:
        assert_follow_ok(ctx, hand, lead, list(f))
        in_suit = [c for c in f if ctx.suit_of[c] == lead.suit]
        assert len(in_suit) == min(len(suit_held), len(cards))


# ---- a whole hand ------------------------------------------------------------------------------


@by_preset
@settings(max_examples=25, **SETTINGS)
@given(seed=seeds, use_rng=st.booleans())
def test_cards_are_conserved_over_a_full_hand(name, seed, use_rng):
    ctx, hands, kitty, rnd = make_table(name, seed)
    dealt = Counter(c for h in hands for c in h)
    held = [Counter(h) for h in hands]
    played = Counter()
    points = 0
    leader = rnd.randrange(4)
    tricks = 0
    while sum(held[leader].values()):
        hand = list(held[leader].elements())
        others = [counts_of(held[(leader + k) % 4].elements()) for k in (1, 2, 3)]
        attempt = throw_lead(ctx, hand, rnd) if rnd.random() < 0.3 else unit_lead(ctx, hand, rnd)
        result = check_lead(ctx, counts_of(hand), attempt, others)
        lead = result.lead
        if result.kind == "failed_throw":
            assert not Counter(lead.cards) - Counter(attempt)
        plays = [list(lead.cards)]
        for k in (1, 2, 3):
            seat = (leader + k) % 4
            counts = counts_of(held[seat].elements())
            rng = random.Random(seed + tricks) if use_rng else None
            plays.append(list(generate_follow(ctx, counts, lead, rng)))
        for k, play in enumerate(plays):
            seat = (leader + k) % 4
            assert len(play) == len(lead.cards)
            assert not Counter(play) - held[seat], "played a card not held"
            held[seat] -= Counter(play)
            played += Counter(play)
        points += trick_points(plays)
        leader = (leader + trick_winner(ctx, lead, plays)) % 4
        tricks += 1
    assert all(not h for h in held), "hands emptied together"
    assert played == dealt
    assert points + points_in(kitty) == ctx.rules.total_points


# ---- notation ----------------------------------------------------------------------------------


cards_lists = st.lists(st.sampled_from(list(Card)), max_size=40)


@settings(max_examples=300, **SETTINGS)
@given(cards=cards_lists)
def test_parse_of_format_is_identity(cards):
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, style="ascii")) == cards
    assert parse_cards(format_grouped(cards)) == cards
    assert parse_cards(format_grouped(cards, style="ascii")) == cards


# ---- trick winner ------------------------------------------------------------------------------


@by_preset
@settings(max_examples=60, **SETTINGS)
@given(seed=seeds, throw=st.booleans())
def test_trick_winner_ignores_card_order_inside_plays(name, seed, throw):
    ctx, hands, _, rnd = make_table(name, seed)
    cards = throw_lead(ctx, hands[0], rnd) if throw else unit_lead(ctx, hands[0], rnd)
    lead = make_lead(ctx, cards)
    plays = [cards]
    for k, hand in enumerate(hands[1:]):
        counts = counts_of(hand)
        if k == 1:  # one player trumps or discards at random, whatever the rules say
            plays.append(rnd.sample(hand, len(cards)))
        else:
            plays.append(list(generate_follow(ctx, counts, lead, random.Random(seed + k))))
    win = trick_winner(ctx, lead, plays)
    keys = [play_key(ctx, lead, p) for p in plays]
    assert keys[win] is not None or win == 0
    assert all(k is None or keys[win] is None or k <= keys[win] for k in keys)
    assert all(k is None or k < keys[win] for k in keys[:win])  # earlier equal play would win
    for _ in range(3):
        shuffled = [rnd.sample(p, len(p)) for p in plays]
        assert trick_winner(ctx, make_lead(ctx, shuffled[0]), shuffled) == win


# ---- check_follow against a direct reading of docs/rules.md (two decks, one-unit leads) ----------


def _pair_positions(ctx, cards):
    ids = Counter(ctx.ident[c] for c in cards)
    return [ctx.pos[i] for i, n in ids.items() if n >= 2]


def _longest_run(positions):
    ps = set(positions)
    return max(
        (next(k for k in range(1, 99) if p + k not in ps) for p in ps if p - 1 not in ps), default=0
    )


def rules_md_follow_ok(ctx, hand, lead, play):
    """docs/rules.md §4 for a single, pair or tractor lead with two decks."""
    n, suit = len(lead.cards), lead.suit
    if len(play) != n or Counter(play) - Counter(hand):
        return False
    held = [c for c in hand if ctx.suit_of[c] == suit]
    played = [c for c in play if ctx.suit_of[c] == suit]
    if len(held) <= n:
        return len(played) == len(held)
    if len(played) != n:
        return False
    length = lead.units[0].length
    if lead.units[0].width == 1:
        return True
    held_pairs = _pair_positions(ctx, held)
    played_pairs = _pair_positions(ctx, played)
    if length == 1:
        return not held_pairs or bool(played_pairs)
    if _longest_run(held_pairs) >= length:
        return _longest_run(played_pairs) >= length
    return len(played_pairs) >= min(length, len(held_pairs))


def random_one_unit_lead(ctx, deck, rnd):
    """A single, pair or tractor of pairs of a random suit, taken out of ``deck``."""
    suit = rnd.choice([s for s in range(5) if ctx.suit_cards[s]])
    length = rnd.choice([1, 1, 2, 2, 3])
    width = 1 if rnd.random() < 0.15 else 2
    if width == 1:
        length = 1
    top = rnd.randrange(length - 1, ctx.npos[suit])
    lead = []
    for p in range(top, top - length, -1):
        ident = rnd.choice([i for i in ctx.suit_idents[suit] if ctx.pos[i] == p])
        copies = [c for c in deck if ctx.ident[c] == ident][:width]
        if len(copies) < width:
            return None
        for c in copies:
            deck.remove(c)
        lead += copies
    return lead


@pytest.mark.parametrize("name", ["classic", "twos-trump", "seed-001", "one-deck-two-color"])
@settings(max_examples=60, **SETTINGS)
@given(seed=seeds)
def test_check_follow_agrees_with_rules_md_for_one_unit_leads(name, seed):
    rules = preset(name)
    rnd = random.Random(seed)
    ctx = TrumpContext.of(rules, rnd.choice(rules.levels), rnd.choice([None, *Suit]))
    deck = full_deck(rules.decks)
    rnd.shuffle(deck)
    cards = random_one_unit_lead(ctx, deck, rnd)
    assume(cards is not None)
    lead = make_lead(ctx, cards)
    assert len(lead.units) == 1
    same = [c for c in deck if ctx.suit_of[c] == lead.suit]
    hand = rnd.sample(same, min(len(same), rnd.randint(0, 10)))
    for c in hand:
        deck.remove(c)
    hand += deck[: 11 - len(hand)]
    seen = set()
    for combo in itertools.combinations(sorted(hand), len(cards)):
        if combo in seen:
            continue
        seen.add(combo)
        expected = rules_md_follow_ok(ctx, hand, lead, list(combo))
        assert is_legal_follow(ctx, counts_of(hand), lead, list(combo)) == expected, combo
