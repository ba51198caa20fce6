"""Kitty multipliers, score → levels, dealer rotation and match end (docs/rules.md §5, §6, 8)."""

import pytest

from rules import (
    Card,
    Suit,
    TrumpContext,
    advance_level,
    kitty_multiplier,
    make_lead,
    parse_cards,
    preset,
    score_result,
    settle_hand,
    team_of,
)

J, Q, K, A = 11, 12, 13, 14


def shapes_of(text, rules_name="classic", level=10, trump=Suit.HEARTS):
    ctx = TrumpContext.of(preset(rules_name), level, trump)
    return make_lead(ctx, parse_cards(text)).shapes


def with_scheme(scheme, base="classic"):
    return preset(base).with_overrides(kitty_scheme=scheme)


# ---- kitty multipliers (seed 002 examples, level 10, ♠ plain) -----------------------------


@pytest.mark.parametrize(
    ("cards", "rules_name", "expected"),
    [
        ("♠4", "classic", 2),
        ("♠44", "classic", 4),
        ("♠555", "three-decks", 8),
        ("♠4455", "classic", 16),
        ("♠445566", "classic", 64),
        ("♠444555", "three-decks", 64),
        ("♠AKQJ98 77", "classic", 4),  # AKQJ10 9 8 77 at level 10: the 10 is trump
        ("♠AKQJ", "classic", 2),
        ("♠AA JJ", "classic", 4),
    ],
)
def test_power_multiplier_seed_002_examples(cards, rules_name, expected):
    level = 2 if rules_name == "three-decks" else 10
    rules = preset(rules_name)
    assert rules.kitty_scheme == "power"
    assert kitty_multiplier(rules, shapes_of(cards, rules_name, level)) == expected


def test_seed_002_throw_with_ten_counts_by_its_pair():
    # The seed's throw AKQJ10 9 8 77 with a level where 10 is plain.
    shapes = shapes_of("♠AKQJ1098 77", level=2)
    assert sorted(shapes) == [(1, 1)] * 7 + [(2, 1)]
    assert kitty_multiplier(preset("classic"), shapes) == 4


def test_power_multiplier_is_capped_at_64():
    classic = preset("classic")
    assert kitty_multiplier(classic, [(2, 4)]) == 64
    assert kitty_multiplier(preset("four-decks"), [(4, 2)]) == 64
    assert kitty_multiplier(classic.with_overrides(kitty_cap=32), [(2, 3)]) == 32


def test_power_throw_counts_its_largest_unit():
    assert kitty_multiplier(preset("classic"), [(2, 2), (2, 1), (1, 1)]) == 16
    assert kitty_multiplier(preset("three-decks"), [(3, 1), (2, 2)]) == 16


@pytest.mark.parametrize(
    ("shapes", "expected"),
    [
        ([(1, 1)], 2),
        ([(2, 1)], 4),
        ([(3, 1)], 6),
        ([(2, 2)], 8),  # 2·2^2
        ([(2, 3)], 16),  # 2·2^3
        ([(3, 2)], 18),  # 2·3^2
        ([(3, 3)], 54),  # 2·3^3
        ([(1, 1)] * 4, 2),
        ([(2, 1), (2, 1)], 4),
    ],
)
def test_seed_003_multiplier(shapes, expected):
    assert kitty_multiplier(with_scheme("seed-003", "three-decks"), shapes) == expected


@pytest.mark.parametrize(
    ("shapes", "expected"),
    [
        ([(1, 1)], 2),
        ([(2, 1)], 4),
        ([(2, 2)], 8),
        ([(2, 3)], 8),
        # 甩牌抠底按单抠计: a throw counts as a single, even with pairs in it.
        ([(2, 1), (1, 1)], 2),
        ([(2, 2), (2, 1)], 2),
    ],
)
def test_tournament_multiplier(shapes, expected):
    rules = preset("tournament")
    assert rules.kitty_scheme == "tournament"
    assert kitty_multiplier(rules, shapes) == expected


def test_tournament_seed_example_two_tens_and_a_nine_is_a_single():
    # Seed 000: 两张红桃10和1张红桃9甩牌抠底均为单抠 (hearts plain here).
    shapes = shapes_of("♥10 ♥10 ♥9", "tournament", level=2, trump=Suit.SPADES)
    assert kitty_multiplier(preset("tournament"), shapes) == 2


@pytest.mark.parametrize(
    ("shapes", "expected"),
    [([(1, 1)], 2), ([(2, 1)], 4), ([(3, 1)], 6), ([(2, 2)], 8), ([(2, 3)], 12), ([(3, 2)], 12)],
)
def test_linear_multiplier(shapes, expected):
    assert kitty_multiplier(with_scheme("linear", "three-decks"), shapes) == expected


# ---- score → levels ------------------------------------------------------------------------


def result(rules_name, points):
    r = score_result(preset(rules_name), points)
    return (r.winner, r.levels)


D, ATT = "defenders", "attackers"


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (0, (D, 3)),
        (5, (D, 2)),
        (35, (D, 2)),
        (40, (D, 1)),
        (75, (D, 1)),
        (80, (ATT, 0)),
        (115, (ATT, 0)),
        (120, (ATT, 1)),
        (155, (ATT, 1)),
        (160, (ATT, 2)),
        (195, (ATT, 2)),
        (200, (ATT, 3)),
        (240, (ATT, 4)),
    ],
)
def test_classic_two_deck_table_step_40(points, expected):
    assert preset("classic").step == 40
    assert result("classic", points) == expected


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (0, (D, 3)),
        (5, (D, 2)),
        (15, (D, 2)),
        (20, (D, 1)),
        (35, (D, 1)),
        (40, (ATT, 0)),
        (55, (ATT, 0)),
        (60, (ATT, 1)),
        (80, (ATT, 2)),
        (100, (ATT, 3)),
    ],
)
@pytest.mark.parametrize("name", ["one-deck", "one-deck-two-color"])
def test_one_deck_table_step_20(name, points, expected):
    assert preset(name).step == 20
    assert result(name, points) == expected


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (0, (D, 3)),
        (5, (D, 2)),
        (55, (D, 2)),
        (60, (D, 1)),
        (115, (D, 1)),
        (120, (ATT, 0)),
        (175, (ATT, 0)),
        (180, (ATT, 1)),
        (235, (ATT, 1)),
        (240, (ATT, 2)),
        (300, (ATT, 3)),
    ],
)
def test_three_deck_table_step_60(points, expected):
    assert preset("three-decks").step == 60
    assert result("three-decks", points) == expected


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (-20, (D, 3)),  # 0 or negative is a shutout
        (0, (D, 3)),
        (5, (D, 2)),
        (75, (D, 2)),
        (80, (D, 1)),
        (155, (D, 1)),
        (160, (ATT, 1)),  # switch and +1
        (235, (ATT, 1)),
        (240, (ATT, 2)),
        (320, (ATT, 3)),
        (400, (ATT, 4)),
    ],
)
def test_four_deck_table(points, expected):
    assert result("four-decks", points) == expected


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (0, (D, 3)),
        (5, (D, 2)),
        (35, (D, 2)),
        (40, (D, 1)),
        (75, (D, 1)),
        (80, (ATT, 0)),
        (115, (ATT, 0)),
        (120, (ATT, 2)),
        (145, (ATT, 2)),
        (150, (ATT, 3)),
        (200, (ATT, 3)),
        (400, (ATT, 3)),  # cap 3
    ],
)
def test_tournament_table(points, expected):
    assert result("tournament", points) == expected


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (0, (D, 2)),
        (45, (D, 2)),
        (50, (D, 1)),
        (95, (D, 1)),
        (100, (ATT, 0)),
        (115, (ATT, 0)),
        (120, (ATT, 1)),
        (135, (ATT, 1)),  # the seed's simulated hand: 135 → take over and +1
        (200, (ATT, 1)),
    ],
)
def test_seed_001_table(points, expected):
    assert result("seed-001", points) == expected


@pytest.mark.parametrize(
    ("points", "expected"),
    [(0, (D, 3)), (200, (ATT, 3)), (320, (ATT, 6)), (360, (ATT, 6)), (1000, (ATT, 6))],
)
def test_qq_super_cap_6(points, expected):
    assert result("qq-super", points) == expected


def test_classic_has_no_cap():
    assert result("classic", 360) == (ATT, 7)


def test_takeover_flag():
    assert score_result(preset("classic"), 80).takeover
    assert not score_result(preset("classic"), 75).takeover


# ---- levels, dealer rotation, match end ----------------------------------------------------


def test_team_of_seats():
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_advance_level_stops_at_a():
    classic = preset("classic")
    assert advance_level(classic, 2, 3) == 5
    assert advance_level(classic, 9, 2) == J
    assert advance_level(classic, Q, 3) == A
    assert advance_level(classic, A, 2) == A


def test_advance_level_stops_at_must_play_levels():
    rules = preset("classic").with_overrides(must_play=(5, 10, K))
    assert advance_level(rules, 3, 3) == 5
    assert advance_level(rules, 5, 3) == 8
    assert advance_level(rules, 9, 6) == 10
    assert advance_level(rules, J, 3) == K


def test_tournament_levels_and_must_play_a():
    rules = preset("tournament")
    assert advance_level(rules, 2, 1) == 5
    assert advance_level(rules, 2, 3) == J
    assert advance_level(rules, 10, 3) == K
    assert advance_level(rules, Q, 3) == A
    assert advance_level(rules, K, 3) == A


def test_seed_001_levels_run_a_then_2_to_k():
    rules = preset("seed-001")
    assert advance_level(rules, A, 2) == 3  # first hand: 打A, +2 → 打3
    assert advance_level(rules, 3, 1) == 4
    assert advance_level(rules, Q, 3) == K


def test_defenders_hold_partner_deals_next():
    out = settle_hand(preset("classic"), (2, 2), dealer=1, attackers_points=30)
    assert out.result.winner == D
    assert out.levels == (2, 4)  # seats 1 & 3 are team 1
    assert out.next_dealer == 3
    assert out.match_winner is None


def test_attackers_take_over_next_seat_deals():
    out = settle_hand(preset("classic"), (5, 7), dealer=3, attackers_points=125)
    assert out.result == score_result(preset("classic"), 125)
    assert out.levels == (6, 7)  # team 0 (the attackers) +1
    assert out.next_dealer == 0
    assert out.match_winner is None


def test_plain_switch_gives_no_level():
    out = settle_hand(preset("classic"), (5, 7), dealer=0, attackers_points=80)
    assert out.levels == (5, 7)
    assert out.next_dealer == 1


def test_match_won_by_defending_at_a():
    out = settle_hand(preset("classic"), (A, 9), dealer=2, attackers_points=40)
    assert out.match_winner == 0
    assert out.levels == (A, 9)


def test_reaching_a_does_not_win_the_match():
    out = settle_hand(preset("classic"), (K, 9), dealer=0, attackers_points=0)
    assert out.levels == (A, 9)
    assert out.match_winner is None


def test_attackers_at_a_taking_over_do_not_win_yet():
    out = settle_hand(preset("classic"), (9, A), dealer=0, attackers_points=120)
    assert out.levels == (9, A)
    assert out.match_winner is None
    assert out.next_dealer == 1


def test_losing_defence_at_a_does_not_win():
    out = settle_hand(preset("classic"), (A, 9), dealer=0, attackers_points=80)
    assert out.match_winner is None


def test_seed_001_match_ends_at_k():
    out = settle_hand(preset("seed-001"), (5, K), dealer=1, attackers_points=60)
    assert out.match_winner == 1


def test_tournament_jack_rule_restarts_at_2():
    rules = preset("tournament")
    out = settle_hand(rules, (J, 5), dealer=0, attackers_points=50, **_dug(Card.SJ))
    assert out.jack_reset
    assert out.levels == (2, 5)


def test_tournament_jack_rule_when_attackers_take_over():
    rules = preset("tournament")
    out = settle_hand(rules, (10, J), dealer=3, attackers_points=90, **_dug(Card.HJ, Card.HJ))
    assert out.jack_reset
    assert out.levels == (10, 2)
    assert out.next_dealer == 0


def test_jack_rule_needs_a_jack_and_the_last_trick():
    rules = preset("tournament")
    assert not settle_hand(rules, (J, 5), 0, 50, **_dug(Card.SA)).jack_reset
    out = settle_hand(rules, (J, 5), 0, 50, False, [Card.SJ])
    assert not out.jack_reset
    assert out.levels == (Q, 5)


def test_jack_rule_only_for_defenders_at_j():
    rules = preset("tournament")
    out = settle_hand(rules, (Q, J), 0, 50, **_dug(Card.SJ))
    assert not out.jack_reset
    assert out.levels == (K, J)


def test_classic_has_no_jack_rule():
    out = settle_hand(preset("classic"), (J, 5), 0, 50, **_dug(Card.SJ))
    assert not out.jack_reset
    assert out.levels == (Q, 5)


def _dug(*cards):
    return {"last_trick_by_attackers": True, "last_winning_cards": list(cards)}


@pytest.mark.parametrize("name", ["classic", "friends-6", "friends-10"])
def test_close_hand_is_pure_and_is_what_the_match_recorded(name):
    """``rules.hand_close.close_hand`` from the finished hand's state: the same
    summary the match put in its history, and the hand left as it was."""
    import random

    from rules.game import Match
    from rules.hand_close import close_hand
    from rules.hand_state import hand_to_dict
    from rules.play import make_lead
    from rules.tricks import trick_winner
    from tests.support.friends_helpers import random_action

    m = Match(preset(name), f"close/{name}")
    rng = random.Random(7)
    scored = []
    while m.phase not in ("scored", "finished"):
        events = m.apply(random_action(m, rng))
        scored += [e for e in events if type(e).__name__ == "HandScored"]
    last = m.hand.tricks[-1]
    ctx = m.context
    lead = make_lead(ctx, last.plays[0][1])
    idx = trick_winner(ctx, lead, [p for _, p in last.plays])
    before = hand_to_dict(m.hand)
    summary = m.history[-1]
    closing = close_hand(
        m.rules,
        m.hand,
        summary.levels_before,
        lead,
        not m.on_dealer_team(last.winner),
        last.plays[idx][1],
    )
    assert closing.summary == summary and [closing.scored] == scored
    assert (closing.won is None) == (m.phase == "scored")
    assert hand_to_dict(m.hand) == before
