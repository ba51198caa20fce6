"""Leads, throws, follows and trick winners (docs/rules.md §4; seeds 000, 002, 003)."""

import random

import pytest

from rules import (
    RuleError,
    Suit,
    TrumpContext,
    check_lead,
    counts_of,
    generate_follow,
    is_legal_follow,
    legal_follows,
    make_lead,
    play_key,
    preset,
    trick_points,
)
from tests.support.play_checks import C, follow_error, winner

# The seeds' examples are at level 10; hearts are trump so ♠ is an off suit.
L10 = TrumpContext.of(preset("classic"), 10, Suit.HEARTS)


def lead_of(ctx, hand, cards, *others):
    return check_lead(ctx, counts_of(C(hand)), C(cards), [counts_of(C(o)) for o in others])


# ---- leads and throws ------------------------------------------------------------------


def test_single_pair_and_tractor_leads_are_units():
    for cards in ("♠3", "♠QQ", "♠KKQQ", "大王大王小王小王"):
        result = lead_of(L10, cards, cards, "♠AA", "♠55", "♥3")
        assert result.kind == "unit"
        assert result.penalty == 0
        assert sorted(result.lead.cards) == sorted(C(cards))


# Every ♠ card the leader does not hold goes to one opponent: the hardest case.
ALL_SPADES = "♠AAKKQQJJ99887766554433 22"


def rest_of_spades(held):
    rest = C(ALL_SPADES)
    for c in C(held):
        rest.remove(c)
    return rest


@pytest.mark.parametrize("throw", ["♠AAK", "♠AKK", "♠AQQJJ"])
def test_seed_throws_are_always_legal(throw):
    rest = rest_of_spades(throw)
    result = check_lead(L10, counts_of(C(throw)), C(throw), [counts_of(rest), [0] * 54, [0] * 54])
    assert result.kind == "throw"
    assert result.penalty == 0
    assert sorted(result.lead.cards) == sorted(C(throw))
    assert len(result.lead.units) > 1


def test_9_88_44_is_a_throw_when_nothing_beats_it():
    result = lead_of(L10, "♠98844 ♥3", "♠98844", "♠2 3", "♠7 6 ♥A", "♠5 ♣K")
    assert result.kind == "throw"
    assert sorted(result.lead.shapes) == [(1, 1), (2, 1), (2, 1)]


def test_9_88_44_with_jack_outside_forces_the_9():
    result = lead_of(L10, "♠98844", "♠98844", "♠J 2", "♠7 6", "♠5")
    assert result.kind == "failed_throw"
    assert list(result.lead.cards) == C("♠9")
    assert result.penalty == 10
    assert sorted(result.attempted) == sorted(C("♠98844"))


@pytest.mark.parametrize("outside", ["♠QQ", "♠55"])
def test_9_88_44_with_a_higher_pair_outside_forces_the_44(outside):
    result = lead_of(L10, "♠98844", "♠98844", "♠2 3", outside, "♠6")
    assert result.kind == "failed_throw"
    assert sorted(result.lead.cards) == C("♠44")
    assert result.lead.shapes == ((2, 1),)
    assert result.penalty == 10


def test_failed_throw_forces_lowest_unit_ties_fewer_cards():
    # Trump throw ♣10♣10 + ♠10: both off-suit level cards, the same order; ♥10♥10
    # outside beats both. Lowest order is a tie, so the single goes.
    result = lead_of(L10, "♣10♣10 ♠10 ♥3", "♣10♣10 ♠10", "♥10♥10", "", "")
    assert result.kind == "failed_throw"
    assert list(result.lead.cards) == C("♠10")
    assert len(result.failing) == 2


@pytest.mark.parametrize("penalty", [0, 30])
def test_throw_penalty_is_configurable(penalty):
    ctx = TrumpContext.of(preset("classic").with_overrides(throw_penalty=penalty), 10, Suit.HEARTS)
    result = lead_of(ctx, "♠98844", "♠98844", "♠J")
    assert result.kind == "failed_throw"
    assert result.penalty == penalty


def test_trump_throw():
    result = lead_of(L10, "大王大王 小王", "大王大王 小王", "小王 ♥A")
    assert result.kind == "throw"


@pytest.mark.parametrize(("hand", "cards"), [("♠A ♥3", "♠A ♥3"), ("♠A ♠10", "♠A ♠10")])
def test_multi_suit_lead_is_refused(hand, cards):
    with pytest.raises(RuleError) as info:
        lead_of(L10, hand, cards)
    assert info.value.code == "mixed_suit_lead"
    assert "one suit" in str(info.value)


def test_lead_of_cards_not_held_is_refused():
    with pytest.raises(RuleError) as info:
        lead_of(L10, "♠A", "♠K")
    assert info.value.code == "not_held"
    assert "♠K" in str(info.value)
    with pytest.raises(RuleError) as info:
        lead_of(L10, "♠A", "♠AA")
    assert info.value.code == "not_held"


def test_empty_lead_is_refused():
    with pytest.raises(RuleError) as info:
        lead_of(L10, "♠A", "")
    assert info.value.code == "empty_play"


# ---- following --------------------------------------------------------------------------


def test_pair_lead_must_be_followed_by_a_pair():
    hand = "♠3 ♠4 ♠66 ♠9 ♥2"
    err = follow_error(L10, hand, "♠QQ", "♠3 ♠4")
    assert err is not None
    assert err.code == "must_match_shape"
    assert str(err) == "you hold a ♠ pair and must play it"
    assert follow_error(L10, hand, "♠QQ", "♠66") is None


def test_pairs_inside_tractors_count_for_a_pair_lead():
    hand = "♠7788 ♠3"
    assert follow_error(L10, hand, "♠QQ", "♠7 ♠8").code == "must_match_shape"
    assert follow_error(L10, hand, "♠QQ", "♠3 ♠8").code == "must_match_shape"
    assert follow_error(L10, hand, "♠QQ", "♠77") is None
    assert follow_error(L10, hand, "♠QQ", "♠88") is None


def test_pair_lead_without_a_pair_any_two_of_the_suit():
    assert follow_error(L10, "♠3 ♠4 ♠6 ♣AA", "♠QQ", "♠3 ♠6") is None


def test_trump_pair_lead_off_suit_level_cards_are_not_a_pair():
    # ♠10 and ♣10 are equal trumps but not a pair: no pair is held.
    assert follow_error(L10, "♠10 ♣10 ♥3 ♥5", "♥QQ", "♠10 ♣10") is None
    assert follow_error(L10, "♠10 ♣10 ♥3 ♥5", "♥QQ", "♥3 ♥5") is None
    err = follow_error(L10, "♠10 ♣10 ♥33", "♥QQ", "♠10 ♥3")
    assert err.code == "must_match_shape"
    assert str(err) == "you hold a trump pair and must play it"


def test_tractor_lead_must_be_followed_by_a_tractor():
    hand = "♠7788 ♠33 ♠5"
    assert follow_error(L10, hand, "♠KKQQ", "♠7788") is None
    err = follow_error(L10, hand, "♠KKQQ", "♠77 ♠33")
    assert err.code == "must_match_shape"
    assert "tractor" in str(err)


def test_tractor_lead_without_tractor_needs_as_many_pairs():
    hand = "♠77 ♠99 ♠33 ♠5"  # 8 is missing: no tractor
    assert follow_error(L10, hand, "♠KKQQ", "♠77 ♠99") is None
    assert follow_error(L10, hand, "♠KKQQ", "♠99 ♠33") is None
    err = follow_error(L10, hand, "♠KKQQ", "♠77 ♠5 ♠9")
    assert err.code == "must_match_shape"
    assert str(err) == "you hold 2 ♠ pairs and must play them"


def test_tractor_lead_with_one_pair():
    hand = "♠77 ♠3 ♠5 ♠9"
    assert follow_error(L10, hand, "♠KKQQ", "♠77 ♠3 ♠9") is None
    assert follow_error(L10, hand, "♠KKQQ", "♠7 ♠3 ♠5 ♠9").code == "must_match_shape"


def test_long_tractor_lead_short_tractor_plus_pair():
    hand = "♠7788 ♠QQ ♠3 ♠4"
    assert follow_error(L10, hand, "♠554433", "♠7788 ♠QQ") is None
    assert follow_error(L10, hand, "♠554433", "♠7788 ♠3 ♠4").code == "must_match_shape"


def test_throw_follow_needs_as_many_pairs_as_led():
    hand = "♠55 ♠88 ♠3 ♠J"
    assert follow_error(L10, hand, "♠AA ♠QQ", "♠55 ♠88") is None
    assert follow_error(L10, hand, "♠AA ♠QQ", "♠55 ♠3 ♠8").code == "must_match_shape"


def test_short_suit_play_all_of_it_then_anything():
    hand = "♠3 ♠4 ♥2 ♥5 ♣6 ♣7"
    assert follow_error(L10, hand, "♠KKQQ", "♠3 ♠4 ♣6 ♣7") is None
    assert follow_error(L10, hand, "♠KKQQ", "♠3 ♠4 ♥2 ♥5") is None
    err = follow_error(L10, hand, "♠KKQQ", "♠3 ♥2 ♥5 ♣6")
    assert err.code == "must_follow_suit"
    assert str(err) == "play all your ♠ cards first (2)"


def test_exactly_enough_of_the_suit_must_all_be_played():
    hand = "♠3 ♠4 ♠6 ♠8 ♣AA"
    assert follow_error(L10, hand, "♠KKQQ", "♠3 ♠4 ♠6 ♠8") is None
    assert follow_error(L10, hand, "♠KKQQ", "♠3 ♠4 ♣AA").code == "must_follow_suit"


def test_holding_the_suit_forbids_other_cards():
    err = follow_error(L10, "♠3 ♠4 ♥4", "♠K", "♥4")
    assert err.code == "must_follow_suit"
    assert str(err) == "you hold ♠ cards and must play 1 of them"
    err = follow_error(L10, "♠3 ♠4 ♠5 ♥4", "♠KK", "♠3 ♥4")
    assert err.code == "must_follow_suit"


def test_void_in_the_suit_plays_anything():
    for play in ("♥2 ♣3", "♣3 ♦A", "♥22"):
        assert follow_error(L10, "♥22 ♣3 ♦A", "♠QQ", play) is None


def test_trump_lead_is_followed_with_trump_including_level_cards_and_jokers():
    assert follow_error(L10, "♠10 ♠A", "♥3", "♠10") is None
    assert follow_error(L10, "♠10 ♠A", "♥3", "♠A").code == "must_follow_suit"
    assert follow_error(L10, "小王 ♠A", "♥3", "小王") is None


def test_wrong_count():
    err = follow_error(L10, "♠3 ♠4 ♠5", "♠QQ", "♠3")
    assert err.code == "wrong_count"
    assert str(err) == "play 2 cards, as many as were led"
    assert follow_error(L10, "♠3 ♠4 ♠5", "♠Q", "♠3 ♠4").code == "wrong_count"


def test_not_held():
    err = follow_error(L10, "♠3 ♠4", "♠QQ", "♠3 ♠5")
    assert err.code == "not_held"
    assert "♠5" in str(err)


def test_is_legal_follow_matches_check_follow():
    ctx = L10
    lead = make_lead(ctx, C("♠QQ"))
    hand = counts_of(C("♠66 ♠3 ♠4"))
    assert is_legal_follow(ctx, hand, lead, C("♠66"))
    assert not is_legal_follow(ctx, hand, lead, C("♠3 ♠4"))


def test_legal_follows_for_pair_lead_are_exactly_the_pairs():
    ctx = L10
    lead = make_lead(ctx, C("♠QQ"))
    got = {tuple(sorted(f)) for f in legal_follows(ctx, counts_of(C("♠66 ♠33 ♠4 ♥A")), lead)}
    assert got == {tuple(C("♠33")), tuple(C("♠66"))}


def test_generate_follow_plays_the_pair():
    ctx = L10
    lead = make_lead(ctx, C("♠QQ"))
    hand = counts_of(C("♠66 ♠3 ♠4 ♥A"))
    assert sorted(generate_follow(ctx, hand, lead)) == C("♠66")
    assert sorted(generate_follow(ctx, hand, lead, random.Random(1))) == C("♠66")


# A throw of a 3-pair tractor and a 2-pair tractor. The follower holds no 3-pair
# tractor, so the best follow is three loose pairs for the first unit, keeping the
# AAKK tractor for the second: ♠AAKK 55 88 JJ is the only legal follow.
THROW = "♠223344 ♠6677"
THROW_HAND = "♠AAKK 55 88 JJ 9 Q ♥3"


def test_throw_follow_three_pairs_keep_the_tractor():
    assert follow_error(L10, THROW_HAND, THROW, "♠AAKK 55 88 JJ") is None
    assert follow_error(L10, THROW_HAND, THROW, "♠AAKK 88 JJ 9 Q").code == "must_match_shape"
    follows = legal_follows(L10, counts_of(C(THROW_HAND)), make_lead(L10, C(THROW)))
    assert [sorted(f) for f in follows] == [sorted(C("♠AAKK 55 88 JJ"))]


def test_generate_follow_keeps_the_tractor_for_a_later_throw_unit():
    hand = counts_of(C(THROW_HAND))
    lead = make_lead(L10, C(THROW))
    got = generate_follow(L10, hand, lead)
    assert is_legal_follow(L10, hand, lead, got)


def test_generate_follow_with_rng_keeps_the_tractor_for_a_later_throw_unit():
    # Trump throw (2,3)+(2,2); the follower holds the BJ/LJ tractor and 7 loose pairs.
    lead = make_lead(L10, C("♥223344 ♥8899"))
    hand = counts_of(C("大王大王小王小王 ♠10♠10 ♣10♣10 ♦10♦10 ♥KK JJ 77 55 ♥A ♥Q"))
    assert is_legal_follow(L10, hand, lead, C("大王大王小王小王 ♠10♠10 ♣10♣10 ♦10♦10"))
    got = generate_follow(L10, hand, lead, random.Random(0))
    assert is_legal_follow(L10, hand, lead, got)


# ---- trumping and winning ---------------------------------------------------------------


def test_trump_9988_7_2_beats_a_k_5544():
    assert winner(L10, "♠A K 5544", "♠3 ♠6 ♣2 ♣3 ♣4 ♣5", "♥9988 7 2", "♣6 7 8 9 J Q") == 2


def test_trump_9988_7_2_does_not_beat_aa_5544():
    lead = make_lead(L10, C("♠AA 5544"))
    assert play_key(L10, lead, C("♥9988 7 2")) is None  # a discard
    assert winner(L10, "♠AA 5544", "♥9988 7 2", "♣2 3 4 5 6 7") == 0


def test_trump_9_77_beats_5_44_and_4_88_over_trumps():
    assert winner(L10, "♠5 44", "♥9 77") == 1
    assert winner(L10, "♠5 44", "♥9 77", "♥4 88") == 2
    assert winner(L10, "♠5 44", "♥4 88", "♥9 77") == 1


def test_trump_9_77_beats_5_6_7_and_4_88_does_not_over_trump():
    assert winner(L10, "♠5 6 7", "♥9 77") == 1
    assert winner(L10, "♠5 6 7", "♥9 77", "♥4 88") == 1


def test_trump_pair_beats_plain_pair_but_two_trump_singles_do_not():
    assert winner(L10, "♠AA", "♥22") == 1
    assert winner(L10, "♠QQ", "♥2 ♥3", "♣AA") == 0
    assert winner(L10, "♠QQ", "♠10 ♣10") == 0  # equal trumps, not a pair


def test_higher_card_of_the_led_suit_wins():
    assert winner(L10, "♠K", "♠3", "♠A", "♠Q") == 2
    assert winner(L10, "♠KKQQ", "♠3355", "♠4455", "♠AAKK") == 3


def test_equal_strength_earlier_play_wins():
    assert winner(L10, "♠A", "♠A") == 0
    assert winner(L10, "♠3", "♣10", "♦10") == 1
    assert winner(L10, "♠3", "♣10", "♦10", "♥10") == 3
    assert winner(L10, "♠QQ", "♣10♣10", "♦10♦10") == 1


def test_discards_never_win():
    assert winner(L10, "♠3", "♣A", "♦A", "♣K") == 0
    assert winner(L10, "♥3", "♠A", "♣A", "♦A") == 0
    # A short-suit follow mixing the led suit and trump is a discard.
    assert winner(L10, "♠KK", "♠2 ♥A", "♣3 ♣4") == 0


def test_trump_lead_is_won_by_the_highest_trump():
    assert winner(L10, "♥3", "♥A", "♠10", "小王") == 3
    assert winner(L10, "♥33", "♥AA", "大王 小王") == 1


def test_trick_points():
    assert trick_points([C("♠5"), C("♠10"), C("♠K"), C("♠Q")]) == 25
    assert trick_points([C("♥55 KK"), C("大王 小王 ♠3 ♠4")]) == 30


# ---- three decks: Titanic and triple leads (docs/rules.md §4, seeds 002/003) -----------

L5_3 = TrumpContext.of(preset("three-decks"), 5, Suit.HEARTS)
TITANIC = "♠KKKAAA"


@pytest.mark.parametrize(
    ("hand", "good", "worse"),
    [
        # Titanic > …
        ("♠333444 7 9", "♠333444", "♠333 44 7"),
        # two triples > tractor + 2 singles
        ("♠333888 JJQQ", "♠333888", "♠JJQQ 3 8"),
        # tractor + 2 singles > triple + pair + single
        ("♠3344 999 K", "♠3344 99", "♠999 33 K"),
        ("♠3344 8 9 J", "♠3344 8 9", "♠33 4 8 9 J"),
        # triple + pair + single > triple + 3 singles
        ("♠333 88 J K", "♠333 88 J", "♠333 8 J K"),
        # triple + 3 singles > two pairs + 2 singles
        ("♠333 8 J K A", "♠333 8 J K", "♠33 8 J K A"),
        # two pairs + 2 singles > pair + 4 singles
        ("♠33 88 J K A", "♠33 88 J K", "♠33 8 J K A"),
        # pair + 4 singles > 6 singles
        ("♠33 7 8 J K A", "♠33 7 8 J K", "♠3 7 8 J K A"),
    ],
)
def test_titanic_lead_follow_priority(hand, good, worse):
    assert follow_error(L5_3, hand, TITANIC, good) is None
    err = follow_error(L5_3, hand, TITANIC, worse)
    assert err is not None and err.code == "must_match_shape"


def test_titanic_lead_six_singles_when_nothing_better():
    assert follow_error(L5_3, "♠3 4 6 7 8 9 J", TITANIC, "♠4 6 7 8 9 J") is None


def test_titanic_lead_tractor_plus_any_two_cards():
    assert follow_error(L5_3, "♠3344 QQ 8 9", TITANIC, "♠3344 8 9") is None


def test_titanic_lead_two_pairs_and_two_singles_with_three_pairs_held():
    assert follow_error(L5_3, "♠33 88 JJ K A", TITANIC, "♠33 88 K A") is None


@pytest.mark.parametrize(
    ("hand", "good", "worse"),
    [
        ("♠777 3 4", "♠777", "♠77 3"),
        ("♠77 3 4", "♠77 3", "♠7 3 4"),
    ],
)
def test_triple_lead_follow_priority(hand, good, worse):
    # Triple > pair + single > three singles.
    assert follow_error(L5_3, hand, "♠QQQ", good) is None
    assert follow_error(L5_3, hand, "♠QQQ", worse).code == "must_match_shape"


def test_triple_lead_three_singles():
    assert follow_error(L5_3, "♠3 4 6 8", "♠QQQ", "♠3 4 8") is None


def test_pair_lead_can_be_followed_from_a_triple():
    assert follow_error(L5_3, "♠777 3", "♠QQ", "♠77") is None
    assert follow_error(L5_3, "♠777 3", "♠QQ", "♠7 3").code == "must_match_shape"


def test_titanic_trumped_by_titanic_and_over_trumped():
    assert winner(L5_3, TITANIC, "♥333444") == 1
    assert winner(L5_3, TITANIC, "♥333444", "♥JJJQQQ") == 2
    assert winner(L5_3, TITANIC, "♥333 888") == 0  # two triples are not the lead's shape


# ---- four decks: the seed 002 lists the preset's follow tables encode --------------------

L10_4 = TrumpContext.of(preset("four-decks"), 10, Suit.HEARTS)


@pytest.mark.parametrize(
    ("hand", "good", "worse"),
    [
        # quad > tractor (7788)
        ("♠5555 7788", "♠5555", "♠7788"),
        # tractor > two pairs
        ("♠7788 333", "♠7788", "♠77 33"),
        # two pairs > triple + single (KKK + 4)
        ("♠KKK 33", "♠KK 33", "♠KKK 3"),
        # triple + single > pair + 2 singles
        ("♠999 3 J", "♠999 3", "♠99 3 J"),
        # pair + 2 singles > 4 singles
        ("♠99 3 J Q", "♠99 3 J", "♠9 3 J Q"),
    ],
)
def test_four_deck_quad_lead_follow_priority(hand, good, worse):
    assert follow_error(L10_4, hand, "♠AAAA", good) is None
    assert follow_error(L10_4, hand, "♠AAAA", worse).code == "must_match_shape"


def test_four_deck_pair_tractor_lead_may_be_followed_by_a_quad():
    assert follow_error(L10_4, "♠AAAA 3 6", "♠7788", "♠AAAA") is None
    assert follow_error(L10_4, "♠AAAA 3 6", "♠7788", "♠AA 3 6").code == "must_match_shape"
    # Holding both, either is allowed (出牌可选); two pairs are not.
    assert follow_error(L10_4, "♠AAAA 3344", "♠7788", "♠AAAA") is None
    assert follow_error(L10_4, "♠AAAA 3344", "♠7788", "♠3344") is None
    assert follow_error(L10_4, "♠AAAA 3344", "♠7788", "♠AA 33").code == "must_match_shape"


@pytest.mark.parametrize(
    ("hand", "good", "worse"),
    [
        ("♠66 99 3", "♠66 99", "♠66 3 9"),  # two pairs > pair + 2 singles
        ("♠66 3 4 J", "♠66 3 4", "♠6 3 4 J"),  # pair + 2 singles > 4 singles
    ],
)
def test_four_deck_pair_tractor_lead_lower_ranks(hand, good, worse):
    assert follow_error(L10_4, hand, "♠7788", good) is None
    assert follow_error(L10_4, hand, "♠7788", worse).code == "must_match_shape"


def test_four_deck_quad_trumped_by_quad():
    assert winner(L10_4, "♠AAAA", "♥3333") == 1
    assert winner(L10_4, "♠AAAA", "♥3333", "♥4444") == 2
    assert winner(L10_4, "♠AAAA", "♥3344") == 0


# Seed 002 lists for four decks that the preset does not encode (docs/rules.md §4:
# "Three and four decks use the priority lists of seeds 002/003").


def test_four_deck_3_pair_tractor_lead_titanic_is_optional():
    assert follow_error(L10_4, "♠334455 JJJQQQ", "♠667788", "♠JJJQQQ") is None


def test_four_deck_3_pair_tractor_lead_tractor_plus_pair_before_three_pairs():
    err = follow_error(L10_4, "♠3344 77 QQ 2", "♠667788", "♠33 77 QQ")
    assert err is not None and err.code == "must_match_shape"


def test_four_deck_4_pair_tractor_lead_tractor_of_three_plus_pair_before_four_pairs():
    err = follow_error(L10_4, "♠334455 88 AA", "♠99JJQQKK", "♠33 55 88 AA")
    assert err is not None and err.code == "must_match_shape"


def test_four_deck_two_quad_lead_four_pair_tractor_second():
    assert follow_error(L10_4, "♠33445566 999JJJ 2", "♠KKKKAAAA", "♠33445566") is None


def test_four_deck_titanic_lead_three_pair_tractor_before_two_triples():
    assert follow_error(L10_4, "♠667788 333 KKK", "♠JJJQQQ", "♠667788") is None


# ---- legal_follows effort cap (issue 11, item 4) ----------------------------------------------

# bench.autocomplete's slowest two-deck case: a 10-card trump lead with pairs against 17
# trumps full of pairs; there are C(17, 10) = 19,448 combinations and a handful are legal.
L2S = TrumpContext.of(preset("classic"), 2, Suit.SPADES)
WORST_LEAD = "BJ BJ LJ LJ ♠2 ♠2 ♦2 ♦2 ♣2 ♣2"
WORST_HAND = "♠3 ♠3 ♠4 ♠4 ♠5 ♠6 ♠7 ♠8 ♠8 ♠10 ♠10 ♠Q ♠K ♠A ♠A ♥2 ♥2 ♦5"


def test_legal_follows_node_budget_returns_a_prefix_and_says_it_stopped():
    from rules.play import legal_follows_search

    hand, lead = counts_of(C(WORST_HAND)), make_lead(L2S, C(WORST_LEAD))
    full, complete = legal_follows_search(L2S, hand, lead)
    assert complete and full
    assert all(is_legal_follow(L2S, hand, lead, f) for f in full)
    part, complete = legal_follows_search(L2S, hand, lead, max_nodes=3000)
    assert not complete
    assert part == full[: len(part)]
    assert legal_follows(L2S, hand, lead, max_nodes=3000) == part
    # A budget that is never reached changes nothing.
    assert legal_follows_search(L2S, hand, lead, max_nodes=10**6) == (full, True)


def test_legal_follows_time_budget_stops_early():
    from rules.play import legal_follows_search

    hand, lead = counts_of(C(WORST_HAND)), make_lead(L2S, C(WORST_LEAD))
    part, complete = legal_follows_search(L2S, hand, lead, max_seconds=0.0)
    assert not complete
    assert part == legal_follows(L2S, hand, lead)[: len(part)]


def test_legal_follows_agrees_with_is_legal_follow_on_random_cases():
    """The search judges plays with a checker built once per hand; it must accept
    exactly what ``is_legal_follow`` accepts."""
    from itertools import combinations

    rng = random.Random(11)
    ctx = L2S
    deck = [c for c in range(54) for _ in range(2)]
    for _ in range(60):
        rng.shuffle(deck)
        hand = counts_of(deck[:10])
        suit = ctx.suit_of[deck[0]]
        pool = sorted(c for c in deck[10:40] if ctx.suit_of[c] == suit)
        if len(pool) < 2:
            continue
        lead_cards = pool[: rng.randint(2, min(4, len(pool)))]
        if ctx.suit_of[lead_cards[0]] != suit:
            continue
        lead = make_lead(ctx, lead_cards)
        mine = [c for c in range(54) for _ in range(hand[c])]
        want = {
            tuple(sorted(p))
            for p in combinations(mine, len(lead_cards))
            if is_legal_follow(ctx, hand, lead, p)
        }
        got = {
            tuple(sorted(int(c) for c in f)) for f in legal_follows(ctx, hand, lead, limit=10**6)
        }
        assert got == want, (lead_cards, mine)


# ---- docs/rules.md choices (issue 11, item 22) ---------------------------------------------------


@pytest.mark.parametrize(
    ("throw", "forced"),
    [
        ("BJ ♦10 ♠10", "♠10"),
        ("BJ ♠10 ♦10", "♠10"),
        ("BJ ♦10 ♣10", "♣10"),
        ("BJ ♣10 ♦10", "♣10"),
        ("BJ BJ ♦10 ♦10 ♠10 ♠10", "♠10 ♠10"),
        ("BJ BJ ♠10 ♠10 ♦10 ♦10", "♠10 ♠10"),
        ("BJ BJ ♦10 ♦10 ♣10 ♣10", "♣10 ♣10"),
    ],
)
def test_failed_throw_tie_of_order_and_size_forces_the_first_in_display_order(throw, forced):
    # Level 10, ♥ trump: off-suit tens are equal trumps; a small joker pair beats them all.
    result = lead_of(L10, throw, throw, "LJ LJ", "", "")
    assert result.kind == "failed_throw"
    assert sorted(result.lead.cards) == sorted(C(forced))


def test_a_throw_of_several_tractors_is_matched_longest_first_in_any_order():
    hand = counts_of(C(THROW_HAND))
    for throw in (THROW, "♠6677 ♠223344", "♠7766 ♠443322"):
        lead = make_lead(L10, C(throw))
        assert [u.shape for u in lead.units] == [(2, 3), (2, 2)]
        follows = legal_follows(L10, hand, lead)
        assert [sorted(f) for f in follows] == [sorted(C("♠AAKK 55 88 JJ"))]


def test_kitty_multiplier_of_a_ruff_follows_the_lead_shape():
    from rules.scoring import kitty_multiplier

    rules = preset("classic")
    # A pair ruffing a throw of two singles: the play's units as matched to the lead's
    # shape are two singles → ×2, not the ×4 of a pair.
    two_singles = make_lead(L10, C("♠A ♠K")).shapes
    assert kitty_multiplier(rules, two_singles) == 2
    assert kitty_multiplier(rules, make_lead(L10, C("♠AA K")).shapes) == 4


@pytest.mark.parametrize("name", ["classic", "one-deck-two-color", "three-decks", "seed-001"])
def test_built_follows_are_exactly_the_legal_follows(name):
    """``build_legal_follows`` constructs follows instead of filtering combinations;
    it must give the same set as ``legal_follows`` (checked with ``is_legal_follow``)
    for unit leads and throws, and stop at its node budget with a subset."""
    from rules.play import build_legal_follows

    rules = preset(name)
    rng = random.Random(name)
    deck = [c for c in range(54) for _ in range(rules.decks)]
    checked = 0
    for _ in range(120):
        level = rng.choice(rules.levels)
        trump = rng.choice([None, *Suit])
        ctx = TrumpContext.of(rules, level, trump)
        rng.shuffle(deck)
        hand = counts_of(deck[:14])
        suit = ctx.suit_of[rng.choice(deck[:14])]
        pool = [c for c in deck[14:60] if ctx.suit_of[c] == suit]
        if len(pool) < 2:
            continue
        # a lead of one suit with structure: a few of its identities, all copies
        idents = sorted(set(pool), key=ctx.order)[-rng.randint(1, 4) :]
        lead_cards = [c for c in pool if c in idents][: rng.randint(2, 8)]
        lead = make_lead(ctx, lead_cards)
        want = {tuple(sorted(int(c) for c in f)) for f in legal_follows(ctx, hand, lead, 10**6)}
        got, complete = build_legal_follows(ctx, hand, lead, limit=10**6)
        keys = [tuple(sorted(int(c) for c in f)) for f in got]
        assert complete and len(keys) == len(set(keys)), (lead_cards,)
        assert set(keys) == want, (
            lead_cards,
            sorted(want - set(keys))[:3],
        )
        part, complete = build_legal_follows(ctx, hand, lead, limit=10**6, max_nodes=5)
        assert set(tuple(sorted(int(c) for c in f)) for f in part) <= want
        checked += len(lead.units) > 1
    assert checked >= 10


def test_built_follows_find_many_follows_of_the_worst_case_within_a_small_budget():
    from rules.play import build_legal_follows

    hand, lead = counts_of(C(WORST_HAND)), make_lead(L2S, C(WORST_LEAD))
    everything = {tuple(sorted(f)) for f in legal_follows(L2S, hand, lead, 10**6)}
    got, complete = build_legal_follows(L2S, hand, lead, limit=10**6)
    assert complete and {tuple(sorted(f)) for f in got} == everything
    some, _ = build_legal_follows(L2S, hand, lead, limit=25, max_nodes=300)
    assert len(some) == min(25, len(everything))


@pytest.mark.parametrize(
    ("hand", "lead", "allowed"),
    [
        ("♠AA7 ♥3 ♣K", "♠5", "♠AA7"),  # in suit: each held copy alike
        ("♥3 ♣K ♣K ♦9", "♠5", "♥3 ♣K ♣K ♦9"),  # void: any card, each copy alike
        ("♠7 ♥3 ♣K", "♠5", "♠7"),  # one card of the suit: that card, no draw
    ],
)
def test_a_random_single_follow_is_uniform_over_the_legal_cards(hand, lead, allowed):
    rng = random.Random(7)
    counts = counts_of(C(hand))
    ld = make_lead(L10, C(lead))
    state = rng.getstate()
    got: dict[int, int] = {}
    n = 6000
    for _ in range(n):
        [card] = generate_follow(L10, counts, ld, rng)
        got[int(card)] = got.get(int(card), 0) + 1
    want = counts_of(C(allowed))
    assert set(got) == {c for c, k in enumerate(want) if k}  # every legal card, no other
    copies = sum(want)
    for card, k in got.items():
        # each copy held is picked with probability 1/copies (6000 draws: ±4 SE)
        p = want[card] / copies
        assert abs(k / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 1e-9
    if copies == 1:
        assert rng.getstate() == state  # a forced card draws nothing


@pytest.mark.parametrize("name", ["classic", "four-decks", "friends-10"])
def test_the_compiled_builds_loops_pick_what_the_interpreters_builtins_pick(name, monkeypatch):
    """``rules.best_follow`` and ``rules.tricks`` take plain loops where mypyc compiles them
    (``_NATIVE``: the module is a C extension) and builtins in the interpreter; both
    ways must draw the same numbers and give the same cards and points. Here both run
    as source, the flag switched by hand, over random hands with voids and lone cards."""
    import rules.best_follow as best_follow
    import rules.tricks as tricks
    from rules.cards import NUM_CARDS, POINTS

    rules = preset(name)
    deal = random.Random(name)
    for _ in range(300):
        ctx = TrumpContext.of(rules, deal.choice(rules.levels), deal.choice([None, *Suit]))
        hand = [0] * NUM_CARDS
        for c in deal.sample(range(NUM_CARDS), deal.randint(1, 12)):
            hand[c] = deal.randint(1, rules.decks)
        lead = make_lead(ctx, [deal.randrange(NUM_CARDS)])
        plays = [[deal.randrange(NUM_CARDS) for _ in range(deal.randint(1, 8))] for _ in range(4)]
        seed = deal.getrandbits(32)
        got = []
        for native in (False, True):
            monkeypatch.setattr(best_follow, "_NATIVE", native)
            monkeypatch.setattr(tricks, "_NATIVE", native)
            rng = random.Random(seed)
            follow = generate_follow(ctx, hand, lead, rng)
            got.append((follow, rng.getstate(), trick_points(plays)))
        assert got[0] == got[1]
        assert got[0][2] == sum(POINTS[c] for p in plays for c in p)
