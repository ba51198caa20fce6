"""House rules, levels and scoring: hand-checked scenarios per setting value.

Sources: docs/rules.md §5, §6 and 8; /work/shared/reference/house-rules.md
(the web table's settings) sections 1e, 1f and 1g.
"""

from __future__ import annotations

import pytest

from rules.actions import DealCards, Declare, Pass
from rules.cards import Card, rank_name
from rules.declare import possible_declarations
from rules.errors import RuleError
from rules.events import TrumpFixed
from rules.friends import settle_friends
from rules.game import Match
from rules.hand_close import kitty_multiplier
from rules.presets import PRESETS, friends_rules, preset
from rules.ruleset import RuleSet, RuleSetError
from rules.ruleset_parts import NT_RANK
from rules.scoring import score_result, settle_hand
from rules.settings import REGISTRY, apply, diff
from rules.trump import TRUMP, TrumpContext

J, K, A = 11, 13, 14
D, ATT = "defenders", "attackers"
CLASSIC = preset("classic")


def res(rules: RuleSet, points: int) -> tuple[str, int]:
    r = score_result(rules, points)
    return (r.winner, r.levels)


# ---- the registry over the presets -----------------------------------------------------


def test_defaults_are_todays_classic_table() -> None:
    for s in REGISTRY:
        if s.group != "follows":
            assert s.read(CLASSIC) == s.default, s.name


@pytest.mark.parametrize("name", [*PRESETS, "friends-6", "friends-10x4"])
def test_writing_every_read_value_back_changes_nothing(name: str) -> None:
    rs = preset(name)
    assert apply(rs, REGISTRY.values(rs)) == rs


def test_old_json_without_house_fields_still_loads() -> None:
    """Records written before the house rules have none of the new fields."""
    text = CLASSIC.to_json()
    assert "deadzone" not in text and "bid_order" not in text
    assert RuleSet.from_json(text) == CLASSIC
    house = apply(CLASSIC, {"deadzone": "0", "steps_to_take_over": "3", "bid_order": "suit-order"})
    assert '"deadzone": 0' in house.to_json()
    assert RuleSet.from_json(house.to_json()) == house


# ---- score_step, steps_to_take_over, deadzone, hand_cap (house-rules.md 1f) ---------------


@pytest.mark.parametrize(
    ("points", "expected"),
    # house-rules.md 1f, "Default table for 2 decks"
    [(0, (D, 3)), (5, (D, 2)), (35, (D, 2)), (40, (D, 1)), (75, (D, 1)), (80, (ATT, 0)),
     (115, (ATT, 0)), (120, (ATT, 1)), (160, (ATT, 2)), (240, (ATT, 4)), (280, (ATT, 5))],
)  # fmt: skip
def test_default_table_is_the_web_tables_default(points: int, expected: tuple[str, int]) -> None:
    assert res(CLASSIC, points) == expected


def test_score_step_number() -> None:
    rs = apply(CLASSIC, {"score_step": "30"})
    assert [res(rs, p) for p in (0, 25, 30, 55, 60, 85, 90, 120)] == [
        (D, 3), (D, 2), (D, 1), (D, 1), (ATT, 0), (ATT, 0), (ATT, 1), (ATT, 2),
    ]  # fmt: skip
    assert apply(rs, {"score_step": "auto"}) == CLASSIC


def test_score_step_auto_is_twenty_per_deck() -> None:
    assert apply(preset("three-decks"), {"score_step": "auto"}).step == 60


def test_score_step_must_be_a_multiple_of_five() -> None:
    """house-rules.md 1f: the step must be a multiple of 5."""
    with pytest.raises(RuleSetError, match="score_step"):
        apply(CLASSIC, {"score_step": "33"})
    with pytest.raises(RuleSetError, match="more than the deck's 200 points"):
        apply(CLASSIC, {"score_step": "205"})


def test_three_steps_to_take_over() -> None:
    rs = apply(CLASSIC, {"steps_to_take_over": "3"})
    assert [res(rs, p) for p in (0, 5, 40, 80, 115, 120, 155, 160, 200)] == [
        (D, 4), (D, 3), (D, 2), (D, 1), (D, 1), (ATT, 0), (ATT, 0), (ATT, 1), (ATT, 2),
    ]  # fmt: skip


def test_one_step_to_take_over() -> None:
    rs = apply(CLASSIC, {"steps_to_take_over": "1"})
    assert [res(rs, p) for p in (0, 35, 40, 80, 120)] == [
        (D, 2), (D, 1), (ATT, 0), (ATT, 1), (ATT, 2),
    ]  # fmt: skip


def test_deadzone_zero_levels_on_take_over() -> None:
    """house-rules.md 1f: deadzone_size can be 0: 80 already gives the attackers a level."""
    rs = apply(CLASSIC, {"deadzone": "0"})
    assert [res(rs, p) for p in (75, 80, 115, 120, 160)] == [
        (D, 1), (ATT, 1), (ATT, 1), (ATT, 2), (ATT, 3),
    ]  # fmt: skip


def test_four_deck_table_is_the_derived_one_with_no_deadzone() -> None:
    """docs/rules.md §8: four decks step 80, no switch-only band."""
    derived = apply(preset("four-decks"), {"score_step": "80", "deadzone": "0"})
    assert derived.score is None
    for points in range(-20, 420, 5):
        assert res(derived, points) == res(preset("four-decks"), points), points


def test_deadzone_is_zero_or_one() -> None:
    with pytest.raises(RuleSetError, match="deadzone"):
        apply(CLASSIC, {"deadzone": "2"})


def test_editing_steps_replaces_a_presets_own_table() -> None:
    """The tournament table (docs/rules.md §8) stays until its steps are edited."""
    t = preset("tournament")
    assert res(t, 120) == (ATT, 2)
    assert apply(t, {"steps_to_take_over": "2"}) == t
    rs = apply(t, {"deadzone": "0"})
    assert rs.score is None and res(rs, 120) == (ATT, 2) and res(rs, 80) == (ATT, 1)
    assert rs.score_table.cap == 3  # its cap survives as hand_cap


def test_hand_cap() -> None:
    """docs/rules.md §8: QQ caps one hand at 6 levels; a house cap of 2 on classic."""
    assert REGISTRY.get("hand_cap").read(preset("qq-super")) == "6"
    rs = apply(CLASSIC, {"hand_cap": "2"})
    assert res(rs, 0) == (D, 2) and res(rs, 280) == (ATT, 2) and res(rs, 120) == (ATT, 1)
    assert apply(rs, {"hand_cap": "none"}) == CLASSIC


def test_hand_cap_on_a_presets_own_table() -> None:
    rs = apply(preset("tournament"), {"hand_cap": "2"})
    assert rs.score is not None and rs.score.cap == 2
    assert res(rs, 160) == (ATT, 2)


# ---- kitty_multiplier and kitty_cap (docs/rules.md §5; house-rules.md 1e) --------------

TRIPLE, PAIR_TRACTOR4 = [(3, 1)], [(2, 4)]


@pytest.mark.parametrize(
    ("scheme", "shapes", "expected"),
    [
        ("power", TRIPLE, 8),  # 2^3
        ("linear", TRIPLE, 6),  # web "Times": triple 6×
        ("seed-003", TRIPLE, 6),
        ("tournament", TRIPLE, 4),  # a tuple counts as a pair: 4×
        ("power", [(2, 1)], 4),
        ("linear", [(2, 2)], 8),  # web "Times": a 2-pair tractor 8×
    ],
)
def test_kitty_multiplier(scheme: str, shapes: list[tuple[int, int]], expected: int) -> None:
    rs = apply(preset("three-decks"), {"kitty_multiplier": scheme})
    assert kitty_multiplier(rs, shapes) == expected


def test_kitty_cap() -> None:
    """A four-pair tractor: 2^8 = 256, capped at 64 (docs/rules.md §5), or at 16."""
    assert kitty_multiplier(CLASSIC, PAIR_TRACTOR4) == 64
    assert kitty_multiplier(apply(CLASSIC, {"kitty_cap": "16"}), PAIR_TRACTOR4) == 16
    assert kitty_multiplier(apply(CLASSIC, {"kitty_cap": "4096"}), PAIR_TRACTOR4) == 256


# ---- jack_rule (docs/rules.md §8, tournament; house-rules.md 1g jack_variation) --------


def test_jack_rule_as_a_house_rule() -> None:
    dug = {"last_trick_by_attackers": True, "last_winning_cards": [Card.SJ]}
    off = settle_hand(CLASSIC, (J, 5), dealer=0, attackers_points=50, **dug)
    assert not off.jack_reset and off.levels == (12, 5)
    on = settle_hand(apply(CLASSIC, {"jack_rule": "on"}), (J, 5), 0, 50, **dug)
    assert on.jack_reset and on.levels == (2, 5)


# ---- must_defend (docs/rules.md §8; house-rules.md 1g advancement_policy) -------------


def test_must_defend_stop_only() -> None:
    """A climb stops at 10; attackers winning there still move on."""
    rs = apply(CLASSIC, {"must_defend": "stop:10,a"})
    assert rs.must_play == (10, A) and not rs.must_defend
    assert settle_hand(rs, (8, 3), dealer=0, attackers_points=0).levels == (10, 3)
    # attackers at 10 take over with 200 (+3): they may leave 10 as attackers
    assert settle_hand(rs, (3, 10), dealer=0, attackers_points=200).levels == (3, K)


def test_must_defend_defend() -> None:
    """DefendPoints (house-rules.md 1g): 10 is left only by winning it as defenders."""
    rs = apply(CLASSIC, {"must_defend": "defend:10"})
    out = settle_hand(rs, (3, 10), dealer=0, attackers_points=200)
    assert out.levels == (3, 10) and out.next_dealer == 1  # they take over, at 10
    assert settle_hand(rs, (10, 3), dealer=0, attackers_points=0).levels == (13, 3)


def test_must_defend_in_friends_mode() -> None:
    rs = apply(friends_rules(6), {"must_defend": "defend:10"})
    out = settle_friends(rs, [10] * 6, dealer=0, team=[0, 2], attackers_points=200)
    assert out.levels == (10,) * 6  # the attackers (1, 3, 4, 5) stay at 10


def test_must_defend_values() -> None:
    s = REGISTRY.get("must_defend")
    assert s.read(preset("tournament")) == "stop:2,a"
    assert s.parse("Defend: A, 5, K, 10") == "defend:5,10,k,a"
    for bad in ("defend", "stop:", "stop:1", "keep:2"):
        with pytest.raises(RuleSetError, match="must_defend"):
            s.parse(bad)
    with pytest.raises(RuleSetError):  # 5 is not a tournament level
        apply(preset("tournament"), {"must_defend": "stop:4"})


# ---- last_rank (house-rules.md 1g max_rank NT, 1b: no bidding at NT) ---------------------


def test_last_rank_nt_climbs_past_a() -> None:
    rs = apply(CLASSIC, {"last_rank": "nt"})
    assert rs.levels[-2:] == (A, NT_RANK) and rank_name(NT_RANK) == "NT"
    out = settle_hand(rs, (A, 5), dealer=0, attackers_points=0)
    assert out.levels == (NT_RANK, 5) and out.match_winner is None
    won = settle_hand(rs, (NT_RANK, 5), dealer=0, attackers_points=40)
    assert won.match_winner == 0
    assert apply(rs, {"last_rank": "a"}) == CLASSIC


def test_nt_level_only_jokers_are_trump() -> None:
    rs = apply(CLASSIC, {"last_rank": "nt"})
    ctx = TrumpContext.of(rs, NT_RANK, None)
    assert [c for c in range(54) if ctx.suit_of[c] == TRUMP] == [Card.LJ, Card.BJ]
    # the aces are the top of their suits, the 2s their bottom
    assert ctx.pos[Card.SA] == 12 and ctx.pos[Card.S2] == 0


def test_nt_level_nobody_declares_and_no_trump_is_fixed() -> None:
    """At NT even a flip fallback (tournament) gives no-trump, with no redeal."""
    rs = apply(preset("tournament"), {"last_rank": "nt"})
    m = Match(rs, "nt", first_dealer=1, levels=[5, NT_RANK])
    m.apply(DealCards(1000))
    hand = m.hand.hands[1]
    assert possible_declarations(rs, NT_RANK, 1, hand, None) == []
    with pytest.raises(RuleError) as exc:
        m.apply(Declare(1, (Card.BJ, Card.BJ)))  # refused before the hand is looked at
    assert exc.value.code == "no_declaring_at_nt"
    events = [e for s in range(4) for e in m.apply(Pass(s))]
    fixed = [e for e in events if isinstance(e, TrumpFixed)]
    assert fixed and fixed[0].trump_suit is None and fixed[0].how == "no-trump"
    assert m.phase == "burying" and m.hand.level_rank == NT_RANK


def test_nt_must_follow_a() -> None:
    with pytest.raises(RuleSetError, match="NT"):
        CLASSIC.with_overrides(levels=(2, 3, NT_RANK))


def test_diff_names_the_changed_settings() -> None:
    rs = apply(CLASSIC, {"deadzone": "0", "last_rank": "nt"})
    assert [(s.name, a, b) for s, a, b in diff(rs, CLASSIC)] == [
        ("deadzone", "1", "0"),
        ("last_rank", "a", "nt"),
    ]
