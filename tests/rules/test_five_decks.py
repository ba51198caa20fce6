"""Five decks (找朋友 tables of up to ten): quintuples are units, follow in the generic
order, beat and declare like the narrower tuples; the deal and kitty stay equal."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.pictures import render_hand
from bot.text.i18n import shape_text
from rules import RuleError
from rules.actions import CallFriends, Play
from rules.cards import Suit, counts_of
from rules.declare import judge_declaration, read_declaration
from rules.follow_patterns import follow_groups
from rules.friends import FriendCall
from rules.game import Match
from rules.notation import parse_cards
from rules.options import play_options
from rules.play import check_follow, make_lead
from rules.presets import friends_rules, preset
from rules.record import parse_record, write_record
from rules.ruleset import RuleSet, RuleSetError
from rules.tricks import trick_winner
from rules.trump import TrumpContext
from rules.units import decompose, describe_shape
from tests.support.friends_helpers import random_action, ready_to_call

C = parse_cards
TEN = friends_rules(10)
L10 = TrumpContext.of(TEN, 10, Suit.HEARTS)


def follow_error(hand: str, lead: str, play: str) -> RuleError | None:
    try:
        check_follow(L10, counts_of(C(hand)), make_lead(L10, C(lead)), C(play))
    except RuleError as exc:
        return exc
    return None


def winner(lead: str, *follows: str) -> int:
    plays = [C(lead), *(C(f) for f in follows)]
    return trick_winner(L10, make_lead(L10, plays[0]), plays)


def test_ten_players_default_to_five_decks_with_an_equal_deal() -> None:
    assert (TEN.decks, TEN.kitty_size, TEN.hand_size) == (5, 10, 26)
    assert (TEN.total_points, TEN.step, TEN.max_width) == (500, 100, 5)
    assert friends_rules(9).decks == 4 and friends_rules(8).decks == 4
    four = friends_rules(4, 5)  # the widest hand any table deals: 66 (+ a kitty of 6)
    assert (four.kitty_size, four.hand_size) == (6, 66)
    for decks in (1, 6):
        with pytest.raises(RuleSetError):
            friends_rules(10, decks)
    with pytest.raises(RuleSetError):
        RuleSet(decks=6, kitty_size=8).validate()


@pytest.mark.parametrize(
    ("text", "shapes"),
    [
        ("♠AAAAA", [(5, 1)]),
        ("♠KKKKKAAAAA", [(5, 2)]),
        ("♠99999JJJJJ", [(5, 2)]),  # 10 is the level rank: 9 and J are neighbours
        ("♠AAAAA KKKK", [(5, 1), (4, 1)]),
        ("大王大王大王大王大王", [(5, 1)]),
        ("小王小王小王小王小王大王大王大王大王大王", [(5, 2)]),
    ],
)
def test_quintuples_and_their_tractors_are_units(text: str, shapes: list[tuple[int, int]]) -> None:
    assert [u.shape for u in decompose(L10, C(text))] == shapes


def test_quintuple_lead_follows_in_the_generic_order() -> None:
    groups = [g[0] for g in follow_groups(TEN, (5, 1))]
    assert groups == [
        ((5, 1),),
        ((4, 1), (1, 1)),
        ((3, 1), (2, 1)),
        ((3, 1), (1, 1), (1, 1)),
        ((2, 1), (2, 1), (1, 1)),
        ((2, 1), (1, 1), (1, 1), (1, 1)),
        ((1, 1),) * 5,
    ]


@pytest.mark.parametrize(
    ("hand", "good", "worse"),
    [
        ("♠33333 7777 8", "♠33333", "♠7777 8"),
        ("♠7777 888 9", "♠7777 9", "♠888 77"),
        ("♠777 88 9 J", "♠777 88", "♠777 9 J"),
        ("♠777 8 9 J", "♠777 8 9", "♠77 8 9 J"),
        ("♠77 88 3 4", "♠77 88 3", "♠77 3 4 8"),
        ("♠77 3 4 5 6", "♠77 3 4 5", "♠3 4 5 6 7"),
    ],
)
def test_quintuple_lead_follow_priority(hand: str, good: str, worse: str) -> None:
    assert follow_error(hand, "♠AAAAA", good) is None
    err = follow_error(hand, "♠AAAAA", worse)
    assert err is not None and err.code == "must_match_shape"


def test_four_deck_lists_still_rule_quad_leads() -> None:
    # Seed 003's AAAA list: a quad first, and a quintuple holds one.
    assert follow_error("♠33333 7788", "♠AAAA", "♠3333") is None
    err = follow_error("♠33333 7788", "♠AAAA", "♠7788")
    assert err is not None and err.code == "must_match_shape"


def test_a_quintuple_ruffs_and_is_over_ruffed_only_by_a_higher_quintuple() -> None:
    assert winner("♠AAAAA", "♥33333") == 1
    assert winner("♠AAAAA", "♥33333", "♥44444") == 2
    assert winner("♠AAAAA", "♥3333 4") == 0  # a quad and a single are not the lead's shape
    assert winner("♠33333", "♠AAAAA") == 1


def test_five_level_cards_override_four_big_jokers_and_five_jokers_override_those() -> None:
    bj4 = read_declaration(TEN, 2, 0, C("大王大王大王大王"))
    l5 = read_declaration(TEN, 2, 1, C("♠22222"))
    lj5 = read_declaration(TEN, 2, 2, C("小王小王小王小王小王"))
    bj5 = read_declaration(TEN, 2, 3, C("大王大王大王大王大王"))
    assert (l5.form, lj5.form, bj5.form) == ("L5", "LJ5", "BJ5")
    assert judge_declaration(TEN, bj4, l5) == "override"
    assert judge_declaration(TEN, l5, lj5) == "override"
    assert judge_declaration(TEN, lj5, bj5) == "override"
    with pytest.raises(RuleError):
        judge_declaration(TEN, bj5, read_declaration(TEN, 2, 4, C("♥22222")))


def test_a_held_quintuple_is_suggested_named_and_led() -> None:
    m = ready_to_call(TEN, {0: C("♠AAAAA")}, C("♣33333 ♣44444"))
    m.apply(CallFriends(0, tuple(FriendCall(c, 1) for c in C("♥A ♥K ♣A ♦A"))))
    view = m.view_for(0)
    (five,) = [o for o in play_options(view, 25) if o.cards == tuple(C("♠AAAAA"))]
    assert five.kind == "quintuple" and five.shape == (5, 1)
    assert describe_shape((5, 2)) == "tractor of 2 quintuples"
    assert shape_text("zh-CN", (5, 1)) == "五张" and shape_text("en-US", (5, 1)) == "quintuple"
    m.apply(Play(0, five.cards))
    assert m.hand.current is not None and m.hand.current.plays == [(0, five.cards)]


def test_any_friends_table_has_a_preset_name_records_use() -> None:
    assert preset("friends-10") == TEN and preset("friends-10x5") == TEN
    seven = preset("friends-7x2")
    assert (seven.players, seven.decks, seven.name) == (7, 2, "friends-7x2")
    for bad in ("friends-3", "friends-11", "friends-6x6", "friends-x", "friends-6x"):
        with pytest.raises(RuleSetError):
            preset(bad)
    m = ready_to_call(seven, {}, [])
    record = write_record(m)
    assert '[Rules "friends-7x2"]' in record
    assert parse_record(record).start().rules == seven


def test_the_widest_hand_of_any_table_fits_a_phone() -> None:
    """Four seats of five decks: the dealer burying holds 72 cards."""
    m = Match(friends_rules(4, 5), "widest")
    rng = random.Random(3)
    while m.phase != "burying":
        m.apply(random_action(m, rng))
    assert m.hand.dealer is not None
    view = m.view_for(m.hand.dealer)
    assert view.hand is not None and len(view.hand) == 72
    png = render_hand(view)
    im = Image.open(io.BytesIO(png))
    assert im.width <= 400 and im.height < 1200 and len(png) <= 200_000
