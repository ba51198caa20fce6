"""House rules, deck and table: hand-checked scenarios per setting value.

Sources: docs/rules.md §1 (the kitty); /work/shared/reference/house-rules.md 1a.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.actions import DealCards, Pass
from rules.cards import Card, Suit, full_deck
from rules.errors import RuleError
from rules.friends import FriendCall, call_allowed, check_calls
from rules.game import Match
from rules.presets import friends_rules, preset
from rules.record import parse_record, write_record
from rules.ruleset import RuleSetError
from rules.settings import REGISTRY, apply
from rules.settings.deck import describe_short_deck
from rules.trump import TrumpContext

KITTY = REGISTRY.get("kitty_size")


@pytest.mark.parametrize(
    ("name", "value"),
    [("classic", "auto"), ("three-decks", "auto"), ("one-deck", "auto"), ("four-decks", "0"),
     ("seed-001", "4"), ("friends-5", "auto"), ("friends-6", "auto")],
)  # fmt: skip
def test_kitty_size_reads(name: str, value: str) -> None:
    assert KITTY.read(preset(name)) == value


def test_kitty_size_auto_is_the_web_tables_size() -> None:
    """house-rules.md 1a: 4p/2 decks → 8; 5p/2 decks → 8; 6p/3 decks → 6; four decks at
    four seats leave nothing over, so the kitty is 4 + 4 = 8."""
    assert apply(preset("four-decks"), {"kitty_size": "auto"}).kitty_size == 8
    assert friends_rules(5, 2).kitty_size == 8 and friends_rules(6, 3).kitty_size == 6


def test_kitty_size_number() -> None:
    rs = apply(preset("classic"), {"kitty_size": "4"})
    assert rs.hand_size == 26
    with pytest.raises(RuleSetError, match=r"kitty_size.*divide"):
        apply(preset("classic"), {"kitty_size": "6"})


def test_a_kitty_of_twelve_is_dealt_and_buried() -> None:
    rs = apply(preset("classic"), {"kitty_size": "12"})
    m = Match(rs, "k12", first_dealer=0)
    m.apply(DealCards(500))
    assert all(sum(h) == 24 for h in m.hand.hands)
    for s in range(4):
        m.apply(Pass(s))
    assert m.phase == "burying" and sum(m.hand.hands[0]) == 36


def test_record_of_a_friends_hand_without_kitty_replays() -> None:
    """With no kitty the passes lead straight to the friend call: the record keeps
    them before the call line (they used to be written after it)."""
    rs = apply(preset("friends-6"), {"kitty_size": "0"})
    m = Match(rs, "no-kitty", first_dealer=2)
    m.apply(DealCards(500))
    for s in range(6):
        m.apply(Pass(s))
    assert m.phase == "calling"
    call = m.suggest(2)
    assert call is not None
    m.apply(call)
    text = write_record(m)
    assert text.index("pass") < text.index("call:")
    assert parse_record(text).replay().to_dict()["hand"] == m.to_dict()["hand"]


# ---- short_deck (house-rules.md 1a special_decks) ----------------------------------------

SHORT = REGISTRY.get("short_deck")


def test_short_deck_from_5_keeps_every_point() -> None:
    """house-rules.md 1a: min=5 gives 42 cards a pack and still 100 points."""
    rs = apply(preset("classic"), {"short_deck": "from-5"})
    assert rs.pack_size == 42 and rs.total_points == 200 and rs.hand_size == 19
    assert rs.levels[0] == 5 and rs.kitty_size == 8
    assert describe_short_deck(rs) == (
        "Removed from each of the 2 packs: 2, 3, 4 of every suit; 42 cards a pack, "
        "200 points in all"
    )
    assert apply(rs, {"short_deck": "full"}).pack_size == 54


def test_short_deck_from_j_without_jokers() -> None:
    """house-rules.md 1a: min=J gives 18 cards and 40 points a pack (16 without jokers)."""
    rs = apply(preset("one-deck"), {"short_deck": "from-j"})
    assert rs.pack_size == 18 and rs.total_points == 40
    rs = apply(preset("classic"), {"short_deck": "from-j-no-jokers"})
    assert rs.pack_size == 16 and "LJ2" not in rs.declaration.forms
    assert SHORT.read(rs) == "from-j-no-jokers"
    assert "both jokers" in describe_short_deck(rs)


def test_short_deck_deal_has_only_the_kept_cards() -> None:
    rs = apply(preset("classic"), {"short_deck": "from-5-no-jokers"})
    m = Match(rs, "short", first_dealer=0)
    m.apply(DealCards(500))
    cards = [c for h in m.hand.hands for c in range(54) for _ in range(h[c])]
    cards += m.hand.deck[m.deal_total :]
    assert Counter(cards) == Counter(int(c) for c in full_deck(2, 5, jokers=False))
    assert all(c < 52 and c % 13 + 2 >= 5 for c in cards)


def test_short_deck_kitty_auto_follows_the_deck() -> None:
    """Five seats: 84 cards leave 4, so the automatic kitty becomes 4 + 5 = 9."""
    rs = apply(preset("friends-5"), {"short_deck": "from-5"})
    assert rs.kitty_size == 9 and rs.hand_size == 15


def test_short_deck_refusals() -> None:
    with pytest.raises(RuleSetError, match="short deck"):
        apply(preset("twos-trump"), {"short_deck": "from-3"})  # 2 is a permanent trump
    with pytest.raises(RuleSetError, match="seed 001"):
        apply(preset("seed-001"), {"short_deck": "no-jokers"})
    with pytest.raises(RuleSetError, match="jokers"):
        preset("classic").with_overrides(jokers=False)  # LJ2/BJ2 still declared


def test_short_deck_friend_calls_skip_removed_cards() -> None:
    rs = apply(preset("friends-6"), {"short_deck": "from-5", "call_policy": "trumps-allowed"})
    ctx = TrumpContext.of(rs, 5, Suit.SPADES)
    assert not call_allowed(rs, ctx, Card.H3)
    with pytest.raises(RuleError):
        check_calls(rs, ctx, [FriendCall(Card.H3, 1), FriendCall(Card.HA, 1)])
