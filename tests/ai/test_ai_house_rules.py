"""The basic (and through it the strong) player knows the table's house rules (issue 50):
it bombs a trick worth it and keeps its bomb on a point-less one (``bombs``), and it
steals the kitty with a strong suit and passes with a weak one (``kitty_theft``, 炒地皮).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.actions import Bury, Declare, Pass
from rules.ai.basic import BasicPlayer, play_policy
from rules.ai.candidates import candidates, trivial
from rules.ai.state import Public
from rules.cards import NUM_CARDS, Card, Suit
from rules.game import Match
from rules.notation import parse_cards
from rules.presets import preset
from rules.settings import REGISTRY
from rules.trump import TrumpContext
from tests.support.ai_helpers import hand
from tests.support.declaring import C, all_pass, deal_all, stack

# ---- bombs ------------------------------------------------------------------------------


def four_deck_trick(bombs: str, trick: Sequence[tuple[int, str]]) -> Public:
    """Four decks with ``bombs``, level 2, ♥ trump, seat 0 dealing; the current trick."""
    rules = REGISTRY.apply(preset("four-decks"), {"bombs": bombs})
    ctx = TrumpContext.of(rules, 2, Suit.HEARTS)
    pub = Public(
        ctx=ctx,
        rules=rules,
        dealer=0,
        played=[0] * NUM_CARDS,
        voids=[0] * 4,
        trick=[],
        leader=trick[0][0],
        points=0,
        sizes=[20] * 4,
        tricks_done=0,
    )
    for seat, text in trick:
        pub.record(seat, parse_cards(text))
    return pub


# Seat 1 (an attacker) holds four ♣7 and ♠ cards too low to beat a ♠ tractor.
BOMBER = "♠3 ♠4 ♠5 ♠6 ♣7777 ♦3 ♦4"
CLUB_BOMB = [Card.C7] * 4


def test_basic_bombs_a_trick_with_points() -> None:
    # ♠KKQQ carries 40 points: the ♣ bomb takes them (any-suit: holding ♠ is no bar).
    pub = four_deck_trick("any-suit", [(0, "♠KKQQ")])
    assert play_policy(pub, 1, hand(BOMBER)) == CLUB_BOMB


def test_basic_keeps_its_bomb_on_a_pointless_trick() -> None:
    pub = four_deck_trick("any-suit", [(0, "♠9988")])
    got = play_policy(pub, 1, hand(BOMBER))
    assert sorted(got) == sorted(parse_cards("♠3 ♠4 ♠5 ♠6"))


def test_basic_bombs_only_as_the_follow_rules_allow() -> None:
    # following-suit: a ♣ bomb may not answer a ♠ lead from a hand holding ♠ cards.
    pub = four_deck_trick("following-suit", [(0, "♠KKQQ")])
    assert sorted(play_policy(pub, 1, hand(BOMBER))) == sorted(parse_cards("♠3 ♠4 ♠5 ♠6"))
    # Void in ♠, any bomb is allowed.
    assert play_policy(pub, 1, hand("♣7777 ♦3 ♦4 ♦5 ♦6")) == CLUB_BOMB


def test_basic_bombs_over_a_bomb_only_with_a_bigger_one() -> None:
    # Seat 1 bombed with ♣7777; seat 2 (the dealer's side) holds ♣6666 and ♦8888.
    pub = four_deck_trick("any-suit", [(0, "♠KKQQ"), (1, "♣7777")])
    got = play_policy(pub, 2, hand("♣6666 ♦8888 ♦3 ♦4"))
    assert got == [Card.D8] * 4


def test_strong_weighs_the_bomb() -> None:
    pub = four_deck_trick("any-suit", [(0, "♠9988")])
    cards = hand(BOMBER)
    assert not trivial(pub, 1, cards)
    base = play_policy(pub, 1, cards)
    got = candidates(pub, 1, cards, None, base, random.Random(1), 8)
    assert CLUB_BOMB in got


# ---- 炒地皮 (kitty_theft) -----------------------------------------------------------------

KITTY = (C.S3, C.S4, C.S6, C.S7, C.C3, C.C4, C.C6, C.C7)
# Seat 1's whole hand (25 cards): ♦2♦2 to steal with and a ♦ suit as good as the
# player declares with (nine ♦ and the level pair: quality 0.07, ♥ -0.05) ...
STRONG = "♦2 ♦2 ♦A ♦K ♦Q ♦J ♦10 ♦9 ♦8 ♠5 ♠8 ♠9 ♠10 ♠J ♣5 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♥9 ♥10 ♥J ♥Q"
# A very strong ♦ suit (quality 0.39).
VERY_STRONG = "♦2 ♦2 ♦A ♦A ♦K ♦K ♦Q ♦J ♦10 ♦9 ♦8 ♦5 ♠2 ♣2 大王 ♠5 ♠8 ♠9 ♠10 ♠J ♣5 ♣8 ♣9 ♣10 ♣J"
# ... or a short, weak one (the ♦2 pair and two low diamonds).
WEAK = "♦2 ♦2 ♦3 ♦4 ♠5 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A ♣5 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♥3 ♥4 ♥5 ♥9 ♥10"


def stealing(held: Sequence[Card], seat: int = 1) -> Match:
    """Classic with 炒地皮, hand 1: seat 0 declares ♥2, buries the kitty as dealt, and
    seat 1 (an opponent) holding ``held`` (with ♦2♦2) has the first steal turn (or,
    ``seat`` 2, seat 0's partner holds them and seat 1 has passed)."""
    rules = REGISTRY.apply(preset("classic"), {"kitty_theft": "on"})
    m = Match(rules, "steal", first_dealer=0)
    stack(m, {0: [C.H2], seat: list(held)}, kitty=KITTY)
    deal_all(m)
    m.apply(Declare(0, (C.H2,)))
    all_pass(m)
    m.apply(Bury(0, KITTY))
    assert (m.phase, m.steal_turn) == ("stealing", 1)
    if seat == 2:
        m.apply(Pass(1))
    return m


def test_basic_steals_the_kitty_with_a_strong_suit() -> None:
    m = stealing(parse_cards(STRONG))
    action = BasicPlayer().choose(m.view_for(1), random.Random(0))
    assert action == Declare(1, (C.D2, C.D2))
    m.apply(action)
    assert (m.phase, m.burier, m.hand.trump_suit) == ("burying", 1, Suit.DIAMONDS)
    # ... and buries again, legally.
    bury = BasicPlayer().choose(m.view_for(1), random.Random(0))
    assert isinstance(bury, Bury)
    m.apply(bury)
    assert m.phase == "stealing"


def test_basic_passes_with_a_weak_suit() -> None:
    m = stealing(parse_cards(WEAK))
    assert BasicPlayer().choose(m.view_for(1), random.Random(0)) == Pass(1)


def test_basic_never_steals_over_its_partner() -> None:
    # The partner declared ♥ and buried: its suit stands, however good our ♦ are.
    m = stealing(parse_cards(VERY_STRONG), seat=2)
    assert m.steal_turn == 2
    assert BasicPlayer().choose(m.view_for(2), random.Random(0)) == Pass(2)


def test_a_bomb_off_the_led_suit_shows_a_void_only_where_it_must() -> None:
    """any-suit: a ♣ bomb on a ♠ lead may come from a hand still holding ♠ (the strong
    player's sampler found "no deal consistent" when it took it for a void); under
    following-suit a plain bomb off the suit shows the void, a trump bomb does not."""
    spade = 1 << int(Suit.SPADES)
    anywhere = four_deck_trick("any-suit", [(0, "♠KKQQ"), (1, "♣7777")])
    assert not anywhere.voids[1] & spade
    following = four_deck_trick("following-suit", [(0, "♠KKQQ"), (1, "♣7777")])
    assert following.voids[1] & spade
    trump = four_deck_trick("following-suit", [(0, "♠KKQQ"), (1, "♥8888")])
    assert not trump.voids[1] & spade
    ordinary = four_deck_trick("any-suit", [(0, "♠KKQQ"), (1, "♣7788")])
    assert ordinary.voids[1] & spade  # not a bomb: an ordinary discard
