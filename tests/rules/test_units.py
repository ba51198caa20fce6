"""Units (docs/rules.md §3) and throw decomposition (section 4, seed 003)."""

import pytest

from rules import RuleError, Suit, TrumpContext, check_lead, counts_of, decompose, parse_cards
from rules import preset as P


def shapes(ctx, text):
    return sorted(((u.width, u.length) for u in decompose(ctx, parse_cards(text))), reverse=True)


def is_one_tractor(ctx, text):
    units = decompose(ctx, parse_cards(text))
    return len(units) == 1 and units[0].length >= 2


def one_suit(ctx, text):
    cards = parse_cards(text)
    return len({ctx.suit_of[c] for c in cards}) == 1


L10 = TrumpContext.of(P("classic"), 10, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "length"),
    [
        ("♠KKQQ", 2),
        ("♠JJ99", 2),  # the level rank 10 is skipped
        ("♠554433", 3),
        ("大王大王小王小王", 2),
        ("小王小王♥10♥10", 2),
        ("♥10♥10♣10♣10", 2),
        ("♣10♣10♥A♥A", 2),
        ("♥10♥10♣10♣10♥A♥A", 3),
        ("♦10♦10♥A♥A♥K♥K", 3),
    ],
)
def test_two_deck_level_10_tractors(text, length):
    units = decompose(L10, parse_cards(text))
    assert len(units) == 1
    assert units[0].width == 2
    assert units[0].length == length
    assert sorted(units[0].cards) == sorted(parse_cards(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("♠554", [(2, 1), (1, 1)]),
        ("♠544", [(2, 1), (1, 1)]),
        ("♠5533", [(2, 1), (2, 1)]),
        ("♠JJQ", [(2, 1), (1, 1)]),
        ("♣10♣10♦10♦10", [(2, 1), (2, 1)]),  # off-suit level pairs share one position
        ("♥JJ♥10♥10", [(2, 1), (2, 1)]),  # trump-suit J and trump 10 are not neighbours
        ("♠AA22", [(2, 1), (2, 1)]),  # no wrap-around
        ("♥AA♥22", [(2, 1), (2, 1)]),
        ("大王大王♥10♥10", [(2, 1), (2, 1)]),  # small joker in between
    ],
)
def test_two_deck_level_10_not_tractors(text, expected):
    assert one_suit(L10, text)
    assert not is_one_tractor(L10, text)
    assert shapes(L10, text) == expected


def test_spade_jacks_and_spade_tens_are_different_suits_at_level_10():
    # "JJ1010 is not a tractor" with ♠: the ♠10s are trump, the ♠Js plain.
    assert not one_suit(L10, "♠JJ♠1010")
    with pytest.raises(RuleError) as info:
        check_lead(L10, counts_of(parse_cards("♠JJ1010")), parse_cards("♠JJ1010"), [])
    assert info.value.code == "mixed_suit_lead"


def test_off_suit_tens_of_different_suits_are_not_a_pair():
    units = decompose(L10, parse_cards("♠10 ♣10"))
    assert [u.shape for u in units] == [(1, 1), (1, 1)]


L5_3 = TrumpContext.of(P("three-decks"), 5, Suit.HEARTS)
L5_3_NT = TrumpContext.of(P("three-decks"), 5, None)


@pytest.mark.parametrize(
    "text",
    [
        "♠333444",
        "♠444666",  # 5 is the level rank: 4 and 6 are neighbours
        "♣555♥555",  # off-suit level + trump-suit level
        "小王小王小王大王大王大王",
        "♥AAA♣555",
        "♥555小王小王小王",
    ],
)
def test_three_deck_level_5_titanics(text):
    units = decompose(L5_3, parse_cards(text))
    assert [u.shape for u in units] == [(3, 2)]


@pytest.mark.parametrize(
    "text", ["♠3344", "♠4466", "♣55♥55", "大王大王小王小王", "♥AA♣55", "♥55小王小王"]
)
def test_three_deck_level_5_pair_tractors_seed_003(text):
    assert [u.shape for u in decompose(L5_3, parse_cards(text))] == [(2, 2)]


def test_three_deck_555666_is_not_a_titanic():
    # ♠555 is trump and ♠666 plain: not even one suit.
    assert not one_suit(L5_3, "♠555666")
    # In the trump suit the level rank is far above the 6.
    assert shapes(L5_3, "♥555666") == [(3, 1), (3, 1)]


def test_three_deck_no_trump_two_triples_of_level_are_not_a_titanic():
    assert one_suit(L5_3_NT, "♠555♥555")
    assert shapes(L5_3_NT, "♠555♥555") == [(3, 1), (3, 1)]
    assert shapes(L5_3_NT, "♣55♦55") == [(2, 1), (2, 1)]


def unit_texts(ctx, text):
    return [(u.shape, sorted(u.cards)) for u in decompose(ctx, parse_cards(text))]


L2_3 = TrumpContext.of(P("three-decks"), 2, Suit.HEARTS)


def test_seed_003_33344_is_triple_plus_pair():
    assert unit_texts(L2_3, "♠33344") == [
        ((3, 1), parse_cards("♠333")),
        ((2, 1), parse_cards("♠44")),
    ]


def test_seed_003_991010jjj_is_tractor_plus_triple():
    got = unit_texts(L2_3, "♠991010JJJ")
    assert sorted(got) == sorted(
        [((2, 2), sorted(parse_cards("♠991010"))), ((3, 1), parse_cards("♠JJJ"))]
    )


def test_seed_003_9991010jjj_is_two_triples_and_a_pair():
    got = unit_texts(L2_3, "♠9991010JJJ")
    assert sorted(got) == sorted(
        [
            ((3, 1), parse_cards("♠999")),
            ((2, 1), parse_cards("♠1010")),
            ((3, 1), parse_cards("♠JJJ")),
        ]
    )


def test_decompose_orders_units_most_significant_first():
    units = decompose(L10, parse_cards("♠3 ♠AA ♠8877 ♠K"))
    assert [u.shape for u in units][:2] == [(2, 2), (2, 1)]
    assert sorted(u.shape for u in units[2:]) == [(1, 1), (1, 1)]


def test_one_deck_has_no_pairs():
    ctx = TrumpContext.of(P("one-deck"), 2, Suit.SPADES)
    assert shapes(ctx, "♥A ♥K ♥Q") == [(1, 1)] * 3


TWO = TrumpContext.of(P("one-deck-two-color"), 2, Suit.SPADES)


def test_two_colour_heart_and_diamond_king_are_a_pair():
    assert shapes(TWO, "♥K ♦K") == [(2, 1)]


def test_two_colour_club_and_spade_king_are_a_pair_in_trump():
    assert shapes(TWO, "♣K ♠K") == [(2, 1)]


def test_two_colour_red_sevens_and_eights_are_a_tractor():
    units = decompose(TWO, parse_cards("♦7 ♥7 ♦8 ♥8"))
    assert [u.shape for u in units] == [(2, 2)]


def test_two_colour_heart_and_spade_king_are_not_a_pair():
    assert not one_suit(TWO, "♥K ♠K")
    nt = TrumpContext.of(P("one-deck-two-color"), 2, None)
    assert not one_suit(nt, "♥K ♠K")
    with pytest.raises(RuleError) as info:
        check_lead(nt, counts_of(parse_cards("♥K ♠K")), parse_cards("♥K ♠K"), [])
    assert info.value.code == "mixed_suit_lead"


def test_classic_heart_and_diamond_king_are_not_a_pair():
    ctx = TrumpContext.of(P("classic"), 2, Suit.SPADES)
    assert not one_suit(ctx, "♥K ♦K")
