"""House rules of the hand's flow. ``first_dealer`` (house-rules.md 1b,
first_landlord_selection_policy): in hand 1 the winning bid's seat deals (抢庄,
RULES.md section 3, today's rule) or the first bidder deals while the winning bid
still names trump."""

from __future__ import annotations

from test_declaring import C, all_pass, deal_all, fixed, stack

from rules.actions import DealCards, Declare
from rules.cards import Suit
from rules.game import Match
from rules.presets import preset
from rules.ruleset import RuleSet
from rules.settings import REGISTRY


def _hand1(first_dealer: str) -> Match:
    rules = REGISTRY.apply(preset("classic"), {"first_dealer": first_dealer})
    m = Match(rules, "flow")
    # Seat 0 shows ♥2 first; seat 1 overrides with ♠2♠2.
    stack(m, {0: [C.H2], 1: [C.S2, C.S2]})
    m.apply(DealCards(1))
    m.apply(Declare(0, (C.H2,)))
    m.apply(DealCards(5))
    m.apply(Declare(1, (C.S2, C.S2)))
    deal_all(m)
    return m


def test_winning_bid_deals_by_default() -> None:
    t = fixed(all_pass(_hand1("winning-bid")))
    assert (t.dealer, t.trump_suit) == (1, Suit.SPADES)


def test_first_bidder_deals_but_the_winning_bid_names_trump() -> None:
    m = _hand1("first-bid")
    t = fixed(all_pass(m))
    assert (t.dealer, t.trump_suit) == (0, Suit.SPADES)
    assert m.dealer == 0 and len(m.hand_of(0)) == 25 + 8  # the kitty goes to the dealer


def test_first_dealer_is_plain_data_and_old_json_still_loads() -> None:
    rules = REGISTRY.apply(preset("classic"), {"first_dealer": "first-bid"})
    assert RuleSet.from_json(rules.to_json()) == rules
    assert "first_dealer" not in preset("classic").to_json()  # default: JSON as before
    assert RuleSet.from_json(preset("classic").to_json()).first_dealer == "winning-bid"
    m = _hand1("first-bid")
    assert Match.from_dict(m.to_dict()).rules.first_dealer == "first-bid"
