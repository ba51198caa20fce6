"""House rules, declaring (亮主) and 找朋友: hand-checked scenarios per setting value.

Sources: docs/rules.md §7; docs/rules.md 找朋友; /work/shared/reference/house-rules.md
sections 1b (bid_policy, joker_bid_policy) and 1c (friends).
"""

from __future__ import annotations

import random

import pytest

from rules.actions import DealCards, Pass
from rules.ai import make_player
from rules.cards import Card, Suit
from rules.declare import Declaration, judge_declaration, possible_declarations, read_declaration
from rules.errors import RuleError
from rules.friends import FriendCall, call_allowed, check_calls, settle_friends
from rules.game import Match
from rules.presets import friends_rules, preset
from rules.ruleset import RuleSet, RuleSetError
from rules.settings import REGISTRY, apply
from rules.trump import TrumpContext

CLASSIC = preset("classic")
H2, S2, D2, C2 = Card.H2, Card.S2, Card.D2, Card.C2


def decl(rules: RuleSet, seat: int, *cards: Card, level: int = 2) -> Declaration:
    return read_declaration(rules, level, seat, cards)


def beats(
    rules: RuleSet, first: tuple[int, tuple[Card, ...]], second: tuple[int, tuple[Card, ...]]
) -> bool:
    cur = decl(rules, first[0], *first[1])
    new = decl(rules, second[0], *second[1])
    try:
        judge_declaration(rules, cur, new)
    except RuleError:
        return False
    return True


# ---- bid_order (house-rules.md 1b bid_policy) ---------------------------------------------


def test_jokers_over_suits_is_todays_order() -> None:
    """docs/rules.md §7: a pair beats a single, jokers beat a pair, BJ beats LJ;
    another suit's pair does not beat a pair."""
    assert beats(CLASSIC, (0, (H2,)), (1, (S2, S2)))
    assert beats(CLASSIC, (0, (S2, S2)), (1, (Card.LJ, Card.LJ)))
    assert beats(CLASSIC, (0, (Card.LJ, Card.LJ)), (1, (Card.BJ, Card.BJ)))
    assert not beats(CLASSIC, (0, (H2, H2)), (1, (S2, S2)))
    assert not beats(CLASSIC, (0, (H2,)), (1, (S2,)))


def test_suit_order_breaks_ties_of_two_or_more_cards() -> None:
    """JokerOrHigherSuit: ♦ < ♣ < ♥ < ♠, only for bids of 2 or more cards."""
    rs = apply(CLASSIC, {"bid_order": "suit-order"})
    assert beats(rs, (0, (H2, H2)), (1, (S2, S2)))
    assert beats(rs, (0, (D2, D2)), (1, (C2, C2)))
    assert not beats(rs, (0, (S2, S2)), (1, (H2, H2)))
    assert not beats(rs, (0, (H2,)), (1, (S2,)))  # singles: no suit order
    assert beats(rs, (0, (S2, S2)), (1, (Card.LJ, Card.LJ)))  # jokers still above suits


def test_suit_order_over_ones_own_needs_self_override() -> None:
    rs = apply(preset("tournament"), {"bid_order": "suit-order"})  # tournament: no 自反
    assert not beats(rs, (0, (H2, H2)), (0, (S2, S2)))
    assert beats(rs, (0, (H2, H2)), (1, (S2, S2)))


def test_longer_only() -> None:
    """GreaterLength: at equal length nothing wins, jokers included."""
    rs = apply(CLASSIC, {"bid_order": "longer-only"})
    assert beats(rs, (0, (H2,)), (1, (S2, S2)))
    assert beats(rs, (0, (H2,)), (1, (Card.LJ, Card.LJ)))
    assert not beats(rs, (0, (S2, S2)), (1, (Card.BJ, Card.BJ)))
    assert not beats(rs, (0, (Card.LJ, Card.LJ)), (1, (Card.BJ, Card.BJ)))
    three = apply(preset("three-decks"), {"bid_order": "longer-only"})
    assert beats(three, (0, (Card.BJ, Card.BJ)), (1, (H2, H2, H2)))


def test_possible_declarations_honour_bid_order() -> None:
    """What the AI and the suggestions are offered follows the same judge."""
    hand = [0] * 54
    for c in (S2, S2, Card.BJ, Card.BJ):
        hand[c] += 1
    cur = decl(CLASSIC, 0, H2, H2)
    for order, expected in [
        ("jokers-over-suits", {"BJ2"}),
        ("suit-order", {"L2", "BJ2"}),
        ("longer-only", set()),
    ]:
        rs = apply(CLASSIC, {"bid_order": order})
        got = {d.form for d in possible_declarations(rs, 2, 1, hand, cur)}
        assert got == expected, order


# ---- joker_bid (house-rules.md 1b joker_bid_policy) ---------------------------------------


def test_joker_bid_off() -> None:
    rs = apply(CLASSIC, {"joker_bid": "off"})
    assert rs.declaration.forms == ("L1", "L2")
    with pytest.raises(RuleError) as exc:
        decl(rs, 0, Card.BJ, Card.BJ)
    assert exc.value.code == "bad_declaration"
    assert apply(rs, {"joker_bid": "two-or-more"}) == CLASSIC


def test_joker_bid_all_copies_with_three_decks() -> None:
    """BothNumDecks: a no-trump bid needs every copy of the joker (one per deck)."""
    rs = apply(preset("three-decks"), {"joker_bid": "all-copies"})
    assert REGISTRY.get("joker_bid").read(rs) == "all-copies"
    with pytest.raises(RuleError):
        decl(rs, 0, Card.LJ, Card.LJ)
    assert decl(rs, 0, Card.LJ, Card.LJ, Card.LJ).suit is None
    assert beats(rs, (0, (H2, H2, H2)), (1, (Card.LJ,) * 3))


def test_joker_bid_added_to_a_table_without_jokers() -> None:
    """Four decks (seed 003) declare with level cards only; jokers can be added."""
    rs = apply(preset("four-decks"), {"joker_bid": "two-or-more"})
    assert rs.declaration.forms == (
        "L1", "L2", "LJ2", "BJ2", "L3", "LJ3", "BJ3", "L4", "LJ4", "BJ4",
    )  # fmt: skip


def test_joker_bid_refusals() -> None:
    with pytest.raises(RuleSetError, match="two decks"):
        apply(preset("one-deck"), {"joker_bid": "two-or-more"})
    with pytest.raises(RuleSetError, match="seed 001"):
        apply(preset("seed-001"), {"joker_bid": "two-or-more"})


@pytest.mark.parametrize("level", ["random", "simple", "basic", "strong"])
def test_ai_never_declares_jokers_when_off(level: str) -> None:
    rs = apply(CLASSIC, {"joker_bid": "off", "bid_order": "longer-only"})
    rng = random.Random(7)
    for seed in range(6):
        m = Match(rs, f"j{seed}")
        m.apply(DealCards(200))
        ai = make_player(level)
        for s in range(4):
            a = ai.choose(m.view_for(s), rng)
            if a is not None and not isinstance(a, Pass):
                m.apply(a)  # legal, or RuleError fails the test
                assert all(not c.is_joker for c in a.cards)  # type: ignore[attr-defined]


# ---- 找朋友 (docs/rules.md 找朋友; house-rules.md 1c) -----------------------------------------


SIX = friends_rules(6)


def test_friend_calls() -> None:
    assert SIX.friend_calls == 2
    rs = apply(SIX, {"friend_calls": "1"})
    ctx = TrumpContext.of(rs, 2, Suit.HEARTS)
    check_calls(rs, ctx, [FriendCall(Card.SA, 1)])
    with pytest.raises(RuleError):
        check_calls(rs, ctx, [FriendCall(Card.SA, 1), FriendCall(Card.CA, 1)])
    with pytest.raises(RuleSetError, match="friend calls"):
        apply(SIX, {"friend_calls": "6"})  # validated against the player count
    assert apply(rs, {"friend_calls": "auto"}) == SIX


def test_friend_settings_refused_at_partner_tables() -> None:
    with pytest.raises(RuleSetError, match="找朋友"):
        apply(CLASSIC, {"friend_calls": "1"})
    assert apply(CLASSIC, {"friend_calls": "auto", "double_join": "allowed"}) == CLASSIC


@pytest.mark.parametrize(
    ("policy", "card", "allowed"),
    [
        ("non-trump", Card.H9, False),  # ♥ is trump
        ("trumps-allowed", Card.H9, True),
        ("no-top-card", Card.SA, False),
        ("no-point-card", Card.SK, False),
        ("no-point-card", Card.SQ, True),
    ],
)
def test_call_policy(policy: str, card: Card, allowed: bool) -> None:
    rs = apply(SIX, {"call_policy": policy})
    assert call_allowed(rs, TrumpContext.of(rs, 2, Suit.HEARTS), card) is allowed


def test_double_join_and_small_team_bonus() -> None:
    rs = apply(SIX, {"double_join": "ignored", "small_team_bonus": "2"})
    assert rs.friends is not None and rs.friends.no_double_join
    # the dealer and one friend (two called) defend with 30 points: +2, +2 bonus
    out = settle_friends(rs, [2] * 6, dealer=0, team=[0, 3], attackers_points=30)
    assert out.bonus == 2 and out.levels[0] == 6
    none = apply(SIX, {"small_team_bonus": "0"})
    assert settle_friends(none, [2] * 6, 0, [0, 3], 30).levels[0] == 4
