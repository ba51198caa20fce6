"""The basic and strong players' habits, in hand-made positions: what good players
do (lead off-suit aces, feed a winning partner, ruff only tricks worth it, keep points
out of the kitty) and what they avoid (leading points into an opponent who has shown
a void in the suit and may ruff them, throwing into such a void, dumping points on a
partner who may still lose the trick)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.actions import DealCards, Play
from rules.ai.basic import BasicPlayer, choose_bury, play_policy, trump_quality
from rules.ai.candidates import candidates
from rules.ai.state import public_of, units_of
from rules.ai.strong import StrongPlayer
from rules.cards import Card, Suit, counts_of
from rules.game import Match
from rules.presets import preset
from rules.trump import TRUMP, TrumpContext
from tests.support.ai_helpers import hand, lead_view, table

CLASSIC_HEARTS = TrumpContext.of(preset("classic"), 2, Suit.HEARTS)


def test_basic_leads_an_off_suit_ace() -> None:
    pub = table(2, Suit.HEARTS, dealer=0, trick=[])
    cards = hand("♠A ♠4 ♣7 ♣8 ♦3 ♥5 ♥9")
    assert play_policy(pub, 0, cards) == [Card.SA]


def test_basic_throws_sure_units_together() -> None:
    pub = table(2, Suit.HEARTS, dealer=0, trick=[])
    cards = hand("♠A ♠A ♠K ♣7 ♦3 ♥5")
    assert sorted(play_policy(pub, 0, cards)) == [Card.SK, Card.SA, Card.SA]


def test_basic_feeds_points_to_a_winning_partner() -> None:
    # Partner (seat 0) led the ♠A; seat 1 followed low; seat 2 holds ♠K and ♠3.
    pub = table(2, Suit.HEARTS, dealer=1, trick=[(0, "♠A"), (1, "♠4")])
    pub.voids[3] = 0
    cards = hand("♠K ♠3 ♣6 ♦7")
    # ♠A cannot be beaten in spades; seat 3 has shown no void: feed the ♠K.
    assert play_policy(pub, 2, cards) == [Card.SK]


def test_basic_does_not_ruff_a_pointless_trick() -> None:
    pub = table(2, Suit.HEARTS, dealer=0, trick=[(0, "♠9")])
    cards = hand("♥3 ♥9 ♣4 ♦6")  # void in spades
    play = play_policy(pub, 1, cards)
    assert TrumpContext.of(preset("classic"), 2, Suit.HEARTS).suit_of[play[0]] != TRUMP


def test_basic_ruffs_a_trick_with_points() -> None:
    pub = table(2, Suit.HEARTS, dealer=0, trick=[(0, "♠10")])
    cards = hand("♥3 ♥9 ♣4 ♦6")
    assert play_policy(pub, 1, cards) == [Card.H3]


def test_basic_keeps_points_out_of_the_kitty_and_voids_a_suit() -> None:
    ctx = TrumpContext.of(preset("classic"), 2, Suit.HEARTS)
    cards = hand(
        "♠3 ♠4 ♠6 ♣K ♣10 ♣5 ♣7 ♣8 ♦A ♦9 ♦8 ♦J ♦Q ♥3 ♥4 ♥6 ♥7 ♥8 ♥9 ♥J ♥Q ♥K ♥A "
        "♠7 ♣3 ♦3 ♦4 ♦6 ♣9 ♣J ♣Q LJ BJ"
    )
    bury = choose_bury(ctx, cards, 8)
    assert len(bury) == 8
    assert not any(ctx.suit_of[c] == TRUMP for c in bury)
    assert {Card.S3, Card.S4, Card.S6, Card.S7} <= set(bury)  # spades voided
    assert not any(Card(c).points for c in bury)


def test_basic_declares_its_long_suit_and_avoids_weak_no_trump() -> None:
    rules = preset("classic")
    long_hearts = hand("♥2 ♥3 ♥5 ♥7 ♥8 ♥9 ♥J ♥Q ♥K ♠5 ♣6 ♦8 LJ LJ")
    assert trump_quality(rules, 2, Suit.HEARTS, long_hearts) > trump_quality(
        rules, 2, None, long_hearts
    )
    m = Match(rules, "declare", levels=(2, 2), first_dealer=0)
    m.apply(DealCards(m.deal_total))
    for seat in range(4):
        a = BasicPlayer().choose(m.view_for(seat), random.Random(0))
        assert a is None or a.__class__.__name__ in ("Declare", "Pass")


# ---- shown voids ------------------------------------------------------------------------------

# Trick 1 (hearts trump, level 2, seat 1 deals): seat 1 discards on spades, so it has shown
# a void in spades and may ruff them; seat 0 wins with the ♠6 and leads next.
SPADES_VOID_1 = [(2, "♠3"), (3, "♠4"), (0, "♠6"), (1, "♦5")]


def test_basic_does_not_lead_points_into_a_shown_void() -> None:
    pub = table(2, Suit.HEARTS, dealer=1, trick=[], done=[SPADES_VOID_1])
    assert pub.leader == 0 and pub.voids[1] >> Suit.SPADES & 1
    cards = hand("♠K ♥3 ♥4 ♥9")  # the ♠K is the only plain card
    play = play_policy(pub, 0, cards)
    assert play != [Card.SK]
    assert CLASSIC_HEARTS.suit_of[play[0]] == TRUMP  # a low trump instead

    # The void is the reason: when seat 1 followed spades, the ♠K is the cheap lead.
    followed = table(2, Suit.HEARTS, dealer=1, trick=[], done=[[*SPADES_VOID_1[:3], (1, "♠5")]])
    assert play_policy(followed, 0, cards) == [Card.SK]
    # ... and so it is when seat 1 has no trumps to ruff with either (shown void).
    pub.voids[1] |= 1 << TRUMP
    assert play_policy(pub, 0, cards) == [Card.SK]


def test_basic_prefers_a_pointless_lead_to_points_into_a_void() -> None:
    pub = table(2, Suit.HEARTS, dealer=1, trick=[], done=[SPADES_VOID_1])
    cards = hand("♠10 ♣9 ♣J ♣Q ♣A ♦8 ♦9 ♦J ♦Q")  # ♠10 is the shortest suit
    play = play_policy(pub, 0, cards)
    assert play and not any(Card(c).points for c in play)


def test_basic_still_leads_points_when_nothing_else_is_left() -> None:
    pub = table(2, Suit.HEARTS, dealer=1, trick=[], done=[SPADES_VOID_1])
    assert play_policy(pub, 0, hand("♠K ♠5")) == [Card.S5]


# Seat 0's hand after trick 1: the ♠K and 23 trumps (24 cards, as the view requires).
STRONG_HAND = "♠K ♥3 ♥3 ♥4 ♥4 ♥6 ♥6 ♥7 ♥7 ♥8 ♥8 ♥9 ♥9 ♥J ♥J ♥Q ♥A ♥A ♠2 ♣2 ♦2 ♦2 LJ BJ"


def test_strong_does_not_lead_points_into_a_shown_void() -> None:
    view = lead_view(0, STRONG_HAND, [SPADES_VOID_1])
    for samples in (2, 8):
        action = StrongPlayer(None, max_samples=samples).choose(view, random.Random(samples))
        assert isinstance(action, Play)
        assert action.cards != (Card.SK,)
    # Not even as a candidate for its search.
    pub = public_of(view)
    own = counts_of(view.hand or ())
    cands = candidates(pub, 0, own, None, [Card.H3], random.Random(0), 12)
    assert [Card.SK] not in cands
    assert all(not any(CLASSIC_HEARTS.suit_of[c] == Suit.SPADES for c in cs) for cs in cands)


def test_strong_does_not_throw_into_a_shown_void() -> None:
    # Both opponents have shown a void in clubs; seat 0 holds a sure club throw.
    done = [
        [(2, "♣3"), (3, "♦3"), (0, "♣4"), (1, "♦4")],
    ]
    own = "♣A ♣A ♣K ♥3 ♥4 ♥6 ♥6 ♥7 ♥7 ♥8 ♥8 ♥9 ♥9 ♥J ♥J ♥Q ♥A ♥A ♠2 ♣2 ♦2 ♦2 LJ BJ"
    view = lead_view(0, own, done)
    pub = public_of(view)
    assert pub.voids[1] >> Suit.CLUBS & 1 and pub.voids[3] >> Suit.CLUBS & 1
    cards = counts_of(view.hand or ())
    base = play_policy(pub, 0, cards)

    def into_the_void(cs: Sequence[int]) -> bool:
        """A club lead of points or of more than one unit (a throw)."""
        clubs = CLASSIC_HEARTS.suit_of[cs[0]] == Suit.CLUBS
        return clubs and (any(Card(c).points for c in cs) or len(units_of(CLASSIC_HEARTS, cs)) > 1)

    assert not into_the_void(base)
    cands = candidates(pub, 0, cards, None, base, random.Random(0), 12)
    assert len(cands) > 3 and not any(into_the_void(cs) for cs in cands)
    for seed in range(3):
        action = StrongPlayer(None, max_samples=6).choose(view, random.Random(seed))
        assert isinstance(action, Play) and not into_the_void(action.cards)


def test_basic_secures_points_with_a_sure_trump_rather_than_trust_the_partner() -> None:
    # Seat 0 (our partner) leads the ♠K, seat 1 adds the ♠5: 15 points. Seat 3, still to
    # play, has shown a void in spades. We (seat 2) are void too and hold the big joker.
    pub = table(
        2,
        Suit.HEARTS,
        dealer=1,
        trick=[(0, "♠K"), (1, "♠5")],
        done=[[(1, "♠3"), (2, "♦4"), (3, "♦6"), (0, "♠4")]],
    )
    assert pub.voids[3] >> Suit.SPADES & 1 and pub.table_points == 15
    assert play_policy(pub, 2, hand("BJ ♣K ♣10 ♣4 ♦8")) == [Card.BJ]


def test_basic_does_not_feed_a_partners_throw_an_unshown_void_may_ruff() -> None:
    # The partner's throw ♣A ♣K: we hold every other club but one ♣A, so seat 3 (to play
    # after us) holds at most one club and may ruff the throw. Feeding our ♣K and ♣10s
    # would give the points away; play cheap.
    pub = table(2, Suit.HEARTS, dealer=1, trick=[(0, "♣A ♣K"), (1, "♣3 ♣4")], hand_size=25)
    cards = hand("♣K ♣3 ♣4 ♣5 ♣5 ♣6 ♣6 ♣7 ♣7 ♣8 ♣8 ♣9 ♣9 ♣10 ♣10 ♣J ♣J ♣Q ♣Q ♠6 ♠7")
    play = play_policy(pub, 2, cards)
    assert len(play) == 2
    assert not any(Card(c).points for c in play)


def test_basic_takes_over_a_pair_with_a_sure_pair_when_it_is_worth_it() -> None:
    # The partner's ♠9 pair can be beaten (♠10 to ♠K pairs are out); seat 1 added 15
    # points. Our ♠A pair wins and nothing can beat it: take the trick.
    pub = table(2, Suit.HEARTS, dealer=1, trick=[(0, "♠9 ♠9"), (1, "♠10 ♠5")])
    cards = hand("♠A ♠A ♠7 ♠7 ♣4 ♦6")
    assert sorted(play_policy(pub, 2, cards)) == [Card.SA, Card.SA]
    # Worth nothing: keep the aces, play the low pair.
    cheap = table(2, Suit.HEARTS, dealer=1, trick=[(0, "♠9 ♠9"), (1, "♠3 ♠4")])
    assert sorted(play_policy(cheap, 2, cards)) == [Card.S7, Card.S7]
