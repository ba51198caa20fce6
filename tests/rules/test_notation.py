"""Card notation (rules.notation): every accepted input form, printing, round trips."""

import pytest

from rules import Card, NotationError, format_cards, format_grouped, parse_card, parse_cards


@pytest.mark.parametrize(
    "text",
    ["♠A", "SA", "sa", "Sa", "A♠", "a♠", "黑桃A", "♤A", "♠️A"],
)
def test_ace_of_spades_forms(text):
    assert parse_cards(text) == [Card.SA]
    assert parse_card(text) is Card.SA


@pytest.mark.parametrize("text", ["♠10", "♠T", "♠t", "S10", "ST", "st", "10♠", "T♠", "黑桃10"])
def test_ten_written_10_or_t(text):
    assert parse_cards(text) == [Card.S10]


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("红桃10", Card.H10),
        ("紅桃10", Card.H10),
        ("红心10", Card.H10),
        ("♥10", Card.H10),
        ("HT", Card.H10),
        ("梅花7", Card.C7),
        ("草花7", Card.C7),
        ("♣7", Card.C7),
        ("C7", Card.C7),
        ("方块Q", Card.DQ),
        ("方塊Q", Card.DQ),
        ("方片Q", Card.DQ),
        ("♦Q", Card.DQ),
        ("dq", Card.DQ),
        ("黑桃2", Card.S2),
    ],
)
def test_chinese_and_letter_suit_names(text, card):
    assert parse_cards(text) == [card]


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("小王", Card.LJ),
        ("LJ", Card.LJ),
        ("lj", Card.LJ),
        ("大王", Card.BJ),
        ("BJ", Card.BJ),
        ("bj", Card.BJ),
        ("RJ", Card.BJ),
        ("rj", Card.BJ),
    ],
)
def test_jokers(text, card):
    assert parse_cards(text) == [card]


@pytest.mark.parametrize(
    ("text", "card"),
    [("SJ", Card.SJ), ("sj", Card.SJ), ("HJ", Card.HJ), ("hj", Card.HJ), ("CJ", Card.CJ)],
)
def test_sj_and_hj_are_jacks_not_jokers(text, card):
    got = parse_card(text)
    assert got is card
    assert not got.is_joker
    assert got.rank == 11


@pytest.mark.parametrize(
    "text",
    ["♠A ♥3", "♠A,♥3", "♠A, ♥3", "♠A，♥3", "♠A、♥3", "♠A;♥3", "  ♠A \t ♥3  "],
)
def test_separators(text):
    assert parse_cards(text) == [Card.SA, Card.H3]


def test_suit_followed_by_several_ranks_is_several_cards():
    assert parse_cards("♠AAKK") == [Card.SA, Card.SA, Card.SK, Card.SK]
    assert parse_cards("黑桃AAKK") == [Card.SA, Card.SA, Card.SK, Card.SK]
    assert parse_cards("♥1010") == [Card.H10, Card.H10]


def test_bare_rank_keeps_previous_suit():
    assert parse_cards("♠A K Q") == [Card.SA, Card.SK, Card.SQ]
    assert parse_cards("A♠ K") == [Card.SA, Card.SK]
    assert parse_cards("♠A ♥K Q") == [Card.SA, Card.HK, Card.HQ]


def test_mixed_forms_in_one_text():
    assert parse_cards("♠A SA A♠ 黑桃A sa") == [Card.SA] * 5
    assert parse_cards("小王 大王 ♥10 HJ") == [Card.LJ, Card.BJ, Card.H10, Card.HJ]


def test_symbol_printing():
    cards = [Card.SA, Card.SA, Card.H10, Card.BJ]
    assert format_cards(cards) == "♠A ♠A ♥10 大王"
    assert format_cards([Card.LJ, Card.DJ]) == "小王 ♦J"
    assert str(Card.CK) == "♣K"


def test_ascii_printing():
    assert format_cards([Card.SA, Card.H10, Card.LJ, Card.BJ], style="ascii") == "SA H10 LJ BJ"


def test_symbol_form_round_trips():
    text = "♠A ♠A ♥10 大王"
    assert format_cards(parse_cards(text)) == text
    cards = [Card.SA, Card.SA, Card.H10, Card.BJ]
    assert parse_cards(format_cards(cards)) == cards


def test_ascii_and_grouped_forms_round_trip():
    cards = [Card.SA, Card.SA, Card.SK, Card.S10, Card.H10, Card.LJ, Card.BJ, Card.D2]
    assert parse_cards(format_cards(cards, style="ascii")) == cards
    grouped = format_grouped(cards)
    assert grouped == "♠AAK10 ♥10 小王 大王 ♦2"
    assert parse_cards(grouped) == cards
    assert parse_cards(format_grouped(cards, style="ascii")) == cards


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("♠A ♠X ♥3", "♠X"),
        ("♠A ZZ", "ZZ"),
        ("♠A, ♠1", "♠1"),
        ("♥3 Q♣ ♠X", "♠X"),
    ],
)
def test_bad_token_is_named(text, bad):
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    assert info.value.token == bad
    assert bad in str(info.value)


@pytest.mark.parametrize("text", ["10", "A", "K Q"])
def test_rank_without_any_suit_is_refused(text):
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    assert info.value.token == text.split()[0]


def test_lone_suit_is_refused():
    with pytest.raises(NotationError) as info:
        parse_cards("♠")
    assert info.value.token == "♠"


def test_parse_card_needs_exactly_one():
    with pytest.raises(NotationError):
        parse_card("♠AA")
    with pytest.raises(NotationError):
        parse_card("")


def test_empty_text_is_no_cards():
    assert parse_cards("") == []
    assert parse_cards(" , 、") == []


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("梅花４", [Card.C4]),  # a Chinese input method in full-width mode
        ("ＳＡ", [Card.SA]),
        ("红桃１０　方块Ｋ", [Card.H10, Card.DK]),  # full-width space too
        ("黑桃ＡＡＫＫ", [Card.SA, Card.SA, Card.SK, Card.SK]),
    ],
)
def test_full_width_letters_and_digits(text, cards):
    assert parse_cards(text) == cards


# ---- input cap (issue 11, item 21) --------------------------------------------------------------


def test_text_over_the_cap_is_refused_at_once_with_a_short_message():
    from rules.notation import MAX_INPUT

    for text in ("♠A " * (MAX_INPUT // 3 + 1), "♠A" * 500_000, "x" * 1_000_000):
        assert len(text) > MAX_INPUT
        with pytest.raises(NotationError) as err:
            parse_cards(text)
        assert "too long" in err.value.reason and str(MAX_INPUT) in err.value.reason
        assert len(err.value.token) <= 21
        assert len(str(err.value)) < 300


def test_the_longest_real_play_is_under_the_cap():
    from rules.notation import MAX_INPUT

    # A whole four-deck hand (54 cards) spelled in the longest accepted form.
    text = " ".join(["黑桃10"] * 54)
    assert len(text) < MAX_INPUT
    assert len(parse_cards(text)) == 54
    exactly = ("♠A " * MAX_INPUT)[: MAX_INPUT - 1] + "A"  # ends "… ♠A"
    assert len(parse_cards(exactly)) > 300


def test_a_long_bad_token_is_cut_in_messages():
    from bot.text.i18n import LANGUAGES, text

    for bad in ("♠A" * 300 + "x", "z" * 900, "2" * 800):
        with pytest.raises(NotationError) as err:
            parse_cards(bad)
        assert len(err.value.token) <= 21 and err.value.token.endswith("…")
        assert len(err.value.reason) < 100
        assert len(str(err.value)) < 300
        for lang in LANGUAGES:
            shown = text(lang, "bad_cards", token=err.value.token, reason=err.value.reason)
            assert len(shown) < 300, shown
    with pytest.raises(NotationError) as err:
        parse_card("♠A" * 400)  # many cards where one was expected
    assert len(str(err.value)) < 300
