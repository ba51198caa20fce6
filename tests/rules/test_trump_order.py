"""Trump membership and card order (docs/rules.md §2) and the display sort."""

import pytest

from rules import TRUMP, Card, Suit, TrumpContext, parse_cards, preset


def ctx_of(name="classic", level=10, trump=Suit.HEARTS):
    return TrumpContext.of(preset(name), level, trump)


def strictly_decreasing(ctx, groups):
    """``groups`` strongest first; cards inside a group are equal in strength."""
    orders = []
    for group in groups:
        values = {ctx.order(c) for c in parse_cards(group)}
        assert len(values) == 1, f"{group} should be equal in strength"
        orders.append(values.pop())
    assert orders == sorted(orders, reverse=True)
    assert len(set(orders)) == len(orders), "neighbouring groups must differ"


def test_level_10_hearts_trump_order():
    ctx = ctx_of()
    strictly_decreasing(
        ctx,
        [
            "大王",
            "小王",
            "♥10",
            "♠10 ♣10 ♦10",
            "♥A",
            "♥K",
            "♥Q",
            "♥J",
            "♥9",
            "♥8",
            "♥7",
            "♥6",
            "♥5",
            "♥4",
            "♥3",
            "♥2",
        ],
    )


def test_level_10_hearts_trump_membership():
    ctx = ctx_of()
    trumps = {c for c in Card if ctx.is_trump(c)}
    expected = set(parse_cards("大王 小王 ♠10 ♣10 ♦10 ♥AKQJ1098765432"))
    assert trumps == expected
    # All trumps form one suit for following and combining.
    assert {ctx.suit_of[c] for c in trumps} == {TRUMP}


def test_off_suit_order_skips_level_rank():
    ctx = ctx_of()
    strictly_decreasing(ctx, [f"♠{r}" for r in "AKQJ98765432"])
    assert all(ctx.suit_of[c] == Suit.SPADES for c in parse_cards("♠AKQJ98765432"))
    # ♠J and ♠9 are neighbours: the level rank 10 is skipped.
    assert ctx.pos[Card.SJ] - ctx.pos[Card.S9] == 1


def test_trump_beats_every_plain_card():
    ctx = ctx_of()
    assert ctx.order(Card.H2) > ctx.order(Card.SA)
    assert ctx.order(Card.D10) > ctx.order(Card.CA)


def test_twos_permanent_order():
    ctx = ctx_of("twos-trump", 10, Suit.HEARTS)
    strictly_decreasing(
        ctx,
        [
            "大王",
            "小王",
            "♥10",
            "♠10 ♣10 ♦10",
            "♥2",
            "♠2 ♣2 ♦2",
            "♥A",
            "♥K",
            "♥Q",
            "♥J",
            "♥9",
            "♥8",
            "♥7",
            "♥6",
            "♥5",
            "♥4",
            "♥3",
        ],
    )
    assert all(ctx.is_trump(c) for c in parse_cards("♠2 ♣2 ♦2 ♥2"))
    # Plain suits lose the 2 and the 10: A … 3.
    strictly_decreasing(ctx, [f"♣{r}" for r in "AKQJ9876543"])
    assert ctx.pos[Card.C3] == 0


def test_no_trump_hand():
    ctx = ctx_of("classic", 10, None)
    trumps = {c for c in Card if ctx.is_trump(c)}
    assert trumps == set(parse_cards("大王 小王 ♠10 ♥10 ♣10 ♦10"))
    strictly_decreasing(ctx, ["大王", "小王", "♠10 ♥10 ♣10 ♦10"])
    # Every suit, hearts included, is plain.
    assert ctx.suit_of[Card.HA] == Suit.HEARTS
    strictly_decreasing(ctx, [f"♥{r}" for r in "AKQJ98765432"])


def test_level_2_order():
    ctx = ctx_of("classic", 2, Suit.SPADES)
    strictly_decreasing(ctx, ["大王", "小王", "♠2", "♥2 ♣2 ♦2", "♠A", "♠K", "♠3"])
    assert ctx.pos[Card.D3] == 0


def test_seed_001_permanent_trumps_below_level():
    # Seed 001: jokers > level cards > 5 > 3 > 2 (permanent) > trump suit > plain.
    ctx = ctx_of("seed-001", 7, Suit.HEARTS)
    strictly_decreasing(
        ctx,
        [
            "大王",
            "小王",
            "♥7",
            "♠7 ♣7 ♦7",
            "♥5",
            "♠5 ♣5 ♦5",
            "♥3",
            "♠3 ♣3 ♦3",
            "♥2",
            "♠2 ♣2 ♦2",
            "♥A",
            "♥K",
            "♥4",
        ],
    )
    assert ctx.pos[Card.S4] == 0  # 2 and 3 are trump: the lowest plain card is a 4


def test_display_sort_plain_suits_then_trump_weakest_first():
    ctx = ctx_of()
    hand = parse_cards("大王 ♦3 ♥2 ♠10 ♣K ♠A ♥10 ♠3 小王 ♣2 ♦A ♥A")
    got = ctx.sort_cards(hand)
    assert got == parse_cards("♠3 ♠A ♣2 ♣K ♦3 ♦A ♥2 ♥A ♠10 ♥10 小王 大王")
    assert ctx.sort_cards(hand, reverse=True) == list(reversed(got))


def test_display_sort_with_spades_trump_puts_hearts_first():
    ctx = ctx_of("classic", 5, Suit.SPADES)
    hand = parse_cards("♠3 ♥4 ♣4 ♦4 ♠5 ♥5 小王")
    assert ctx.sort_cards(hand) == parse_cards("♥4 ♣4 ♦4 ♠3 ♥5 ♠5 小王")


def test_display_sort_no_trump():
    ctx = ctx_of("classic", 10, None)
    hand = parse_cards("大王 ♥10 ♦2 ♥A ♠K ♣3")
    assert ctx.sort_cards(hand) == parse_cards("♠K ♥A ♣3 ♦2 ♥10 大王")


@pytest.mark.parametrize("trump", [Suit.SPADES, Suit.CLUBS])
def test_two_colour_black_trump_makes_both_black_suits_trump(trump):
    ctx = TrumpContext.of(preset("one-deck-two-color"), 4, trump)
    assert ctx.is_trump(Card.SA) and ctx.is_trump(Card.CA)
    assert not ctx.is_trump(Card.HA) and not ctx.is_trump(Card.DA)
    assert ctx.suit_of[Card.HK] == ctx.suit_of[Card.DK]
    assert ctx.ident[Card.HK] == ctx.ident[Card.DK]
    assert ctx.ident[Card.HK] != ctx.ident[Card.SK]
