"""Presets (docs/rules.md §8): loading, JSON, validation, and what makes each differ."""

import json

import pytest

from rules import (
    PRESET_NAMES,
    Card,
    DeclarationRules,
    RuleError,
    RuleSet,
    RuleSetError,
    Suit,
    TrumpContext,
    check_follow,
    counts_of,
    decompose,
    follow_groups,
    make_lead,
    parse_cards,
    preset,
    score_result,
)

J, Q, K, A = 11, 12, 13, 14
ALL = [
    "classic",
    "tournament",
    "one-deck",
    "one-deck-two-color",
    "three-decks",
    "four-decks",
    "twos-trump",
    "qq-super",
    "seed-001",
]
CLASSIC = preset("classic")


def test_every_documented_preset_exists():
    assert set(PRESET_NAMES) == set(ALL)


@pytest.mark.parametrize("name", ALL)
def test_preset_loads_by_name_and_is_valid(name):
    rules = preset(name)
    assert rules.name == name
    assert rules.validate() is rules


@pytest.mark.parametrize("name", ALL)
def test_preset_json_round_trip(name):
    rules = preset(name)
    text = rules.to_json()
    assert json.loads(text)["name"] == name
    back = RuleSet.from_json(text)
    assert back == rules
    assert back.to_json() == text


@pytest.mark.parametrize("name", ALL)
def test_preset_deals_every_card(name):
    rules = preset(name)
    assert 4 * rules.hand_size + rules.kitty_size == 54 * rules.decks


def test_unknown_preset_name():
    with pytest.raises(RuleSetError) as info:
        preset("five-decks")
    assert "five-decks" in str(info.value)
    assert "classic" in str(info.value)  # lists the choices


def test_six_decks_refused():
    with pytest.raises(RuleSetError, match="decks"):
        CLASSIC.with_overrides(decks=6, kitty_size=8)
    with pytest.raises(RuleSetError, match="decks"):
        RuleSet.from_json('{"decks": 6}')


def test_kitty_that_does_not_divide_refused():
    with pytest.raises(RuleSetError, match="kitty"):
        CLASSIC.with_overrides(kitty_size=7)
    with pytest.raises(RuleSetError):
        preset("three-decks").with_overrides(kitty_size=8)  # 154 cards
    assert CLASSIC.with_overrides(kitty_size=4).hand_size == 26


@pytest.mark.parametrize(
    "overrides",
    [
        {"decks": 0},
        {"kitty_size": -4},
        {"levels": ()},
        {"levels": (2, 2, 3)},
        {"levels": (2, 15)},
        {"must_play": (5,), "levels": (2, 3, 4)},
        {"permanent_trumps": (1,)},
        {"throw_penalty": -10},
        {"kitty_scheme": "squared"},
        {"score_step": 0},
        {"declaration": DeclarationRules(forms=("L3",))},  # 3 copies with 2 decks
        {"declaration": DeclarationRules(forms=("L5",))},
        {"declaration": DeclarationRules(fallback="flip", fallback_arg=9)},
        {"declaration": DeclarationRules(fallback="suit", fallback_arg=4)},
    ],
)
def test_invalid_rule_sets_refused(overrides):
    with pytest.raises(RuleSetError):
        CLASSIC.with_overrides(**overrides)


def test_flip_needs_a_kitty():
    with pytest.raises(RuleSetError):
        preset("four-decks").with_overrides(
            declaration=DeclarationRules(fallback="flip", fallback_arg=1)
        )


@pytest.mark.parametrize(
    "text", ["not json", "[1, 2]", '{"colour": true}', '{"score": {"bands": [{"x": 1}]}}']
)
def test_bad_json_refused(text):
    with pytest.raises(RuleSetError):
        RuleSet.from_json(text)


def test_empty_json_is_classic():
    assert RuleSet.from_json("{}") == CLASSIC


# ---- classic -------------------------------------------------------------------------------


def test_classic_basics():
    assert CLASSIC.decks == 2
    assert CLASSIC.kitty_size == 8
    assert CLASSIC.hand_size == 25
    assert CLASSIC.levels == tuple(range(2, 15))
    assert CLASSIC.permanent_trumps == ()
    assert CLASSIC.step == 40
    assert CLASSIC.throw_penalty == 10
    assert CLASSIC.kitty_scheme == "power"
    assert CLASSIC.declaration.fallback == "no-trump"
    assert CLASSIC.declaration.self_override
    assert CLASSIC.declaration.forms == ("L1", "L2", "LJ2", "BJ2")
    assert CLASSIC.total_points == 200


# ---- twos-trump ----------------------------------------------------------------------------


def test_twos_trump_two_is_trump_and_levels_start_at_3():
    rules = preset("twos-trump")
    assert rules.levels[0] == 3 and rules.levels[-1] == A
    assert rules.permanent_trumps == (2,)
    ctx = TrumpContext.of(rules, 7, Suit.SPADES)
    assert ctx.is_trump(Card.D2) and ctx.is_trump(Card.H2)
    classic_ctx = TrumpContext.of(CLASSIC, 7, Suit.SPADES)
    assert not classic_ctx.is_trump(Card.D2)


# ---- one deck ----------------------------------------------------------------------------


def test_one_deck_sizes_and_step_20():
    rules = preset("one-deck")
    assert (rules.decks, rules.kitty_size, rules.hand_size) == (1, 6, 12)
    assert rules.step == 20
    assert rules.max_width == 1
    assert score_result(rules, 40).takeover  # 40 would be +1 for the defenders in classic
    assert not score_result(CLASSIC, 40).takeover


# ---- one-deck-two-color --------------------------------------------------------------------


def test_two_colour_pairs_and_tractors():
    rules = preset("one-deck-two-color")
    assert rules.two_colour and rules.decks == 1 and rules.step == 20
    assert rules.max_width == 2
    ctx = TrumpContext.of(rules, 2, Suit.SPADES)
    assert [u.shape for u in decompose(ctx, parse_cards("♥K ♦K"))] == [(2, 1)]
    assert [u.shape for u in decompose(ctx, parse_cards("♦7 ♥7 ♦8 ♥8"))] == [(2, 2)]
    one = TrumpContext.of(preset("one-deck"), 2, Suit.SPADES)
    assert one.suit_of[Card.HK] != one.suit_of[Card.DK]  # four suits: not even one suit


def test_two_colour_pair_must_be_followed_by_a_colour_pair():
    ctx = TrumpContext.of(preset("one-deck-two-color"), 2, Suit.SPADES)
    lead = make_lead(ctx, parse_cards("♥Q ♦Q"))
    hand = counts_of(parse_cards("♥9 ♦9 ♥3 ♦5"))
    check_follow(ctx, hand, lead, parse_cards("♥9 ♦9"))
    with pytest.raises(RuleError) as info:
        check_follow(ctx, hand, lead, parse_cards("♥3 ♦5"))
    assert info.value.code == "must_match_shape"
    assert "red pair" in str(info.value)


# ---- three decks -----------------------------------------------------------------------------


def test_three_decks_sizes_step_and_triples():
    rules = preset("three-decks")
    assert (rules.decks, rules.kitty_size, rules.hand_size) == (3, 6, 39)
    assert rules.step == 60
    assert rules.max_width == 3
    assert rules.kitty_scheme == "power" and rules.kitty_cap == 64
    ctx = TrumpContext.of(rules, 5, Suit.HEARTS)
    assert [u.shape for u in decompose(ctx, parse_cards("♠777"))] == [(3, 1)]
    assert [u.shape for u in decompose(ctx, parse_cards("♠777888"))] == [(3, 2)]


def test_three_decks_declaration_order():
    # single < pair < two jokers < triple < three jokers (seeds 002/003)
    forms = preset("three-decks").declaration.forms
    assert forms.index("L1") < forms.index("L2") < forms.index("LJ2") < forms.index("BJ2")
    assert forms.index("BJ2") < forms.index("L3") < forms.index("LJ3") < forms.index("BJ3")


def test_three_decks_titanic_follow_groups():
    groups = follow_groups(preset("three-decks"), (3, 2))
    assert groups[0] == (((3, 2),),)
    assert groups[1] == (((3, 1), (3, 1)),)
    assert groups[-1] == (((1, 1),) * 6,)


# ---- four decks ------------------------------------------------------------------------------


def test_four_decks_no_kitty_quads_step_80():
    rules = preset("four-decks")
    assert (rules.decks, rules.kitty_size, rules.hand_size) == (4, 0, 54)
    assert rules.step == 80
    assert rules.max_width == 4
    ctx = TrumpContext.of(rules, 10, Suit.HEARTS)
    assert [u.shape for u in decompose(ctx, parse_cards("♠7777"))] == [(4, 1)]
    assert [u.shape for u in decompose(ctx, parse_cards("♠77778888"))] == [(4, 2)]


def test_four_decks_declaration_no_self_override_and_spades_fallback():
    d = preset("four-decks").declaration
    assert not d.self_override
    assert (d.fallback, d.fallback_arg) == ("suit", Suit.SPADES)
    assert d.forms == ("L1", "L2", "L3", "L4")


def test_four_decks_follow_tables():
    rules = preset("four-decks")
    quad = follow_groups(rules, (4, 1))
    assert [g[0] for g in quad] == [
        ((4, 1),),
        ((2, 2),),
        ((2, 1), (2, 1)),
        ((3, 1), (1, 1)),
        ((2, 1), (1, 1), (1, 1)),
        ((1, 1),) * 4,
    ]
    tractor = follow_groups(rules, (2, 2))
    assert set(tractor[0]) == {((2, 2),), ((4, 1),)}
    # Classic has no quads and no table.
    assert follow_groups(CLASSIC, (2, 2))[0] == (((2, 2),),)


# ---- tournament ------------------------------------------------------------------------------


def test_tournament_levels_must_play_and_declaration():
    rules = preset("tournament")
    assert rules.levels == (2, 5, 10, J, Q, K, A)
    assert set(rules.must_play) == {2, A}
    assert rules.declaration.self_override is False
    assert rules.declaration.self_reinforce is True
    assert (rules.declaration.fallback, rules.declaration.fallback_arg) == ("flip", 1)
    assert rules.kitty_scheme == "tournament"
    assert rules.jack_rule
    assert rules.score_table.cap == 3
    assert rules.throw_penalty == 10  # 罚10分给对方


# ---- qq-super --------------------------------------------------------------------------------


def test_qq_super_cap_6_and_flip_card_3():
    rules = preset("qq-super")
    assert rules.score_table.cap == 6
    assert (rules.declaration.fallback, rules.declaration.fallback_arg) == ("flip", 3)
    assert score_result(rules, 400).levels == 6
    assert score_result(CLASSIC, 400).levels == 8


# ---- seed-001 ----------------------------------------------------------------------------------


def test_seed_001_levels_permanent_trumps_kitty():
    rules = preset("seed-001")
    assert rules.levels == (A, *range(2, 14))
    assert rules.levels[-1] == K
    assert rules.permanent_trumps == (5, 3, 2)
    assert rules.kitty_size == 4
    assert rules.hand_size == 26
    ctx = TrumpContext.of(rules, A, Suit.HEARTS)
    assert ctx.order(Card.S5) > ctx.order(Card.S3) > ctx.order(Card.S2) > ctx.order(Card.HK)
    assert ctx.order(Card.SA) > ctx.order(Card.H5)  # the level (A) is above the permanents


def test_seed_001_score_table_differs_from_classic():
    rules = preset("seed-001")
    assert score_result(rules, 0).levels == 2  # no +3 shutout
    assert score_result(rules, 100).takeover
    assert not score_result(CLASSIC, 75).takeover and score_result(rules, 75).levels == 1
