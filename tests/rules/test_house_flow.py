"""House rules of the hand's flow. ``first_dealer`` (house-rules.md 1b,
first_landlord_selection_policy): in hand 1 the winning bid's seat deals (抢庄,
docs/rules.md §3, today's rule) or the first bidder deals while the winning bid
still names trump."""

from __future__ import annotations

import pytest

from rules.actions import DealCards, Declare, Pass, WithdrawBid, action_from_dict
from rules.cards import Suit
from rules.errors import RuleError
from rules.events import BidWithdrawn
from rules.game import Match
from rules.presets import preset
from rules.record import parse_record, write_record
from rules.ruleset import RuleSet
from rules.settings import REGISTRY
from tests.support.declaring import C, all_pass, deal_all, fixed, stack


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


# ---- bid_takeback (house-rules.md 1b bid_takeback_policy: "Whether the last bidder
# can withdraw their bid"): off (today) · on — the winning bid's seat withdraws it
# while bids are open and the bid before it, if any, wins again.


def _bids(bid_takeback: str) -> Match:
    rules = REGISTRY.apply(preset("classic"), {"bid_takeback": bid_takeback})
    m = Match(rules, "flow")
    stack(m, {0: [C.H2], 1: [C.S2, C.S2]})
    m.apply(DealCards(1))
    m.apply(Declare(0, (C.H2,)))
    m.apply(DealCards(5))
    m.apply(Declare(1, (C.S2, C.S2)))
    return m


def test_off_a_bid_cannot_be_withdrawn() -> None:
    m = _bids("off")
    with pytest.raises(RuleError) as err:
        m.apply(WithdrawBid(1))
    assert err.value.code == "withdraw_off"


def test_on_the_winning_bid_is_withdrawn_and_the_one_before_wins_again() -> None:
    m = _bids("on")
    for seat in (0, 2):  # only the winning bid's own seat
        with pytest.raises(RuleError) as err:
            m.apply(WithdrawBid(seat))
        assert err.value.code == "withdraw_not_winning"
    assert m.apply(WithdrawBid(1)) == [BidWithdrawn(1, (C.S2, C.S2))]
    assert [d.seat for d in m.hand.declarations] == [0]
    deal_all(m)
    t = fixed(all_pass(m))
    assert (t.dealer, t.trump_suit) == (0, Suit.HEARTS)  # ♥2 wins again
    with pytest.raises(RuleError) as err:  # the bidding is over
        m.apply(WithdrawBid(0))
    assert err.value.code == "wrong_phase"


def test_withdrawing_the_only_bid_leaves_none_and_passes_start_over() -> None:
    rules = REGISTRY.apply(preset("classic"), {"bid_takeback": "on"})
    m = Match(rules, "flow")
    stack(m, {0: [C.H2]})
    deal_all(m)
    m.apply(Declare(0, (C.H2,)))
    m.apply(Pass(1))
    m.apply(WithdrawBid(0))
    assert m.hand.declarations == [] and m.hand.passes == set()
    assert m.suggest(0) == Pass(0)  # the AI and suggestions never withdraw


def test_withdraw_round_trips_as_action_record_and_snapshot() -> None:
    m = _bids("on")
    m.apply(WithdrawBid(1))
    assert "@6 1: withdraw" in write_record(m)
    assert action_from_dict(WithdrawBid(1).to_dict()) == WithdrawBid(1)
    # A dealt (unstacked) hand replays from its record.
    m = Match(REGISTRY.apply(preset("classic"), {"bid_takeback": "on"}), "rec")
    deal_all(m)
    seat, decl = next((s, o[0]) for s in range(4) if (o := m.declaration_options(s)))
    m.apply(Declare(seat, decl.cards))
    m.apply(WithdrawBid(seat))
    all_pass(m)
    record = parse_record(write_record(m))
    assert record.actions == m.hand_log
    assert record.replay().to_dict() == m.to_dict()
    assert Match.from_dict(m.to_dict()).to_dict() == m.to_dict()
    assert "bid_takeback" not in preset("classic").to_json()
