"""The ranked ladder's rules (rules.ladder) by scenario and by property."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import ladder
from rules.ladder import HandResult, RatedSeat, Standing, rate_hand
from rules.views import HandSummary

LEVELS = list(range(2, 15))


def test_tier_names_follow_the_levels_then_stars() -> None:
    names = [ladder.tier_name(t) for t in range(15)]
    assert names[:13] == [
        "打2",
        "打3",
        "打4",
        "打5",
        "打6",
        "打7",
        "打8",
        "打9",
        "打10",
        "打J",
        "打Q",
        "打K",
        "打A",
    ]
    assert names[13:] == ["A★1", "A★2"]
    assert ladder.tier_of(1299) == 12 and ladder.tier_of(1300) == 13


def test_an_even_win_gains_and_an_even_loss_costs() -> None:
    start = {k: Standing(points=700) for k in "abcd"}
    changes = {c.key: c for c in rate_hand(start, ["a", "c"], ["b", "d"], 1)}
    assert changes["a"].delta == 25 and changes["c"].delta == 25  # 40 * 0.5 + 5
    assert changes["b"].delta == -20 and changes["d"].delta == -20
    assert changes["a"].after.mu > 25 > changes["b"].after.mu
    assert changes["a"].after.sigma < ladder.SIGMA
    assert changes["a"].after.hands == 1 and changes["a"].after.wins == 1
    assert changes["b"].after.wins == 0


def test_a_takeover_and_more_levels_count_more() -> None:
    assert ladder.hand_margin("defenders", 1) == 1
    assert ladder.hand_margin("attackers", 0) == 1  # a bare take-over
    assert ladder.hand_margin("attackers", 1) == 2
    assert ladder.hand_margin("defenders", 3) == 3
    one = rate_hand({}, ["a", "c"], ["b", "d"], 1)[0]
    three = rate_hand({}, ["a", "c"], ["b", "d"], 3)[0]
    assert three.after.mu - 25 > one.after.mu - 25 > 0
    assert three.delta > one.delta
    assert ladder.hand_weight(99) == ladder.MAX_WEIGHT


def test_promotion_is_said_and_the_first_tiers_never_demote() -> None:
    near = {k: Standing(points=390) for k in "abcd"}
    changes = {c.key: c for c in rate_hand(near, ["a", "c"], ["b", "d"])}
    assert changes["a"].promoted and ladder.tier_name(changes["a"].after.tier) == "打6"
    assert not changes["b"].demoted  # 打4 (390) is a floor tier: 390 - 20 = 370, still 打4
    assert changes["b"].after.points == 370
    floor = {k: Standing(points=305) for k in "abcd"}
    lost = {c.key: c for c in rate_hand(floor, ["a", "c"], ["b", "d"])}
    assert lost["b"].after.points == 300 and not lost["b"].demoted
    high = {k: Standing(points=510) for k in "abcd"}
    fell = {c.key: c for c in rate_hand(high, ["a", "c"], ["b", "d"])}
    assert fell["b"].demoted and fell["b"].after.points == 490  # 打7 -> 打6 allowed


def test_the_favourite_wins_less_and_loses_more() -> None:
    strong = Standing(mu=35, sigma=3)
    weak = Standing(mu=18, sigma=3)
    start = {"s1": strong, "s2": strong, "w1": weak, "w2": weak}
    expected = {c.key: c for c in rate_hand(start, ["s1", "s2"], ["w1", "w2"])}
    upset = {c.key: c for c in rate_hand(start, ["w1", "w2"], ["s1", "s2"])}
    assert upset["w1"].after.mu - 18 > expected["s1"].after.mu - 35
    assert upset["w1"].delta > expected["s1"].delta


def test_friends_sides_any_split_and_a_lone_dealer() -> None:
    seats = ["p0", "p1", "p2", "p3", "p4", "p5"]
    win, lose = ladder.sides(seats, 0, (0,), "defenders")
    assert win == ["p0"] and lose == ["p1", "p2", "p3", "p4", "p5"]
    win, lose = ladder.sides(seats, 2, (2, 3, 5), "attackers")
    assert win == ["p0", "p1", "p4"] and lose == ["p2", "p3", "p5"]
    win, lose = ladder.sides(["a", "b", "c", None], 1, (), "defenders")
    assert win == ["b"] and lose == ["a", "c"]  # an empty seat is not rated
    alone = {c.key: c for c in rate_hand({}, ["p0"], ["p1", "p2", "p3", "p4"])}
    pair = {c.key: c for c in rate_hand({}, ["p0", "p1"], ["p2", "p3"])}
    # openskill sums a side's μ: a lone dealer beating four was the underdog and
    # his rating gains more; rank points weigh each side as its average player.
    assert alone["p0"].after.mu > pair["p0"].after.mu
    assert alone["p0"].delta == pair["p0"].delta == 25
    assert alone["p1"].delta == pair["p2"].delta


def test_ai_seats_are_rated_but_earn_no_points() -> None:
    key = ladder.ai_key("medium")
    assert ladder.is_ai(key) and not ladder.is_ai("123")
    changes = {c.key: c for c in rate_hand({}, [key, "a"], ["b", "c"])}
    assert changes[key].after.mu > 25 and changes[key].after.points == 0
    assert changes["a"].after.points == 25


def summary(dealer: int, winner: str, change: int, team: tuple[int, ...] = ()) -> HandSummary:
    n = 6 if team else 4
    return HandSummary(
        1, dealer, 2, None, 0, (), 0, winner, change, (2,) * n, (2,) * n, dealer, team
    )


def test_a_typed_hand_result_is_rated_as_its_sides_and_margin() -> None:
    """``hand_result`` reads the sides off the rules' summary (fixed partners: the
    dealer's partnership defends); ``rate`` rates them as ``rate_hand`` always did."""
    hand = ladder.hand_result(
        summary(1, "attackers", 1), [(0, "a"), (1, "b"), (3, "d")], [(2, "medium")]
    )
    ai = ladder.ai_key("medium")
    assert hand.seats == (
        RatedSeat(0, "a", False),
        RatedSeat(1, "b", True),
        RatedSeat(2, ai, False),
        RatedSeat(3, "d", True),
    )
    assert hand.sides() == (["a", ai], ["b", "d"]) and hand.margin == 2
    start = {"a": Standing(points=700), "b": Standing(mu=28, sigma=5, points=420)}
    rated = ladder.rate(start, hand)
    assert rated == rate_hand(start, ["a", ai], ["b", "d"], 2)
    deltas = {c.key: c.delta for c in rated}
    assert deltas == {"a": 38, ai: 0, "b": -33, "d": 0}  # d: at 0, never below
    assert ladder.rate({}, HandResult("defenders", 1, (RatedSeat(0, "a", True),))) == []


def test_a_friends_hand_result_follows_the_team_and_rates_one_ai_level_once() -> None:
    team = (2, 3, 5)
    hand = ladder.hand_result(
        summary(2, "defenders", 2, team),
        [(0, "p0"), (2, "p2"), (4, "p4")],
        [(1, "basic"), (3, "strong"), (5, "strong")],
    )
    basic, strong = ladder.ai_key("basic"), ladder.ai_key("strong")
    # Both strong seats defended: one rating for the level, at its first seat.
    assert [(s.seat, s.player, s.defending) for s in hand.seats] == [
        (0, "p0", False),
        (1, basic, False),
        (2, "p2", True),
        (3, strong, True),
        (4, "p4", False),
    ]
    assert hand.sides() == (["p2", strong], ["p0", basic, "p4"])
    split = ladder.hand_result(summary(2, "defenders", 2, team), [], [(1, "x"), (3, "x")])
    assert split.seats == ()  # one level on both sides: not rated at all


def test_leaving_loses_the_remaining_hands() -> None:
    assert ladder.forfeit_hands(LEVELS, 14) == 1  # opponents at A: one hand left
    assert ladder.forfeit_hands(LEVELS, 2) == 13
    assert ladder.forfeit_hands(LEVELS, 99) == 1
    start = {"x": Standing(points=900), "a": Standing(), "b": Standing(), "c": Standing()}
    left = ladder.forfeit(start, "x", ["a", "b", "c"], 3)
    assert left.after.hands == 3 and left.after.wins == 0
    assert left.after.points < 900 and left.after.mu < 25
    assert 900 - 3 * 20 <= left.after.points <= 900 - 20 - 2 * 10  # -20, then less as μ falls
    # The same as losing those three hands one by one against the others' average.
    now = {"x": start["x"], "rest": ladder.average([start[k] for k in "abc"])}
    for _ in range(3):
        now["x"] = rate_hand(now, ["rest"], ["x"])[1].after
    assert left.after == now["x"]


def test_a_new_season_starts_soft() -> None:
    assert ladder.soft_start(None) == Standing()
    old = Standing(mu=31, sigma=2.5, points=812, hands=90, wins=60)
    new = ladder.soft_start(old)
    assert new.mu == 31 and 2.5 < new.sigma <= ladder.SIGMA
    assert new.points == 406 and new.hands == 0 and new.wins == 0


HAND = st.tuples(st.permutations(["a", "b", "c", "d"]), st.integers(1, 4), st.sampled_from([0, 1]))


@settings(max_examples=60, deadline=None)
@given(st.lists(HAND, min_size=1, max_size=40))
def test_ladder_properties(hands: list[tuple[list[str], int, int]]) -> None:
    """Over any run of hands: points never negative, a floor tier never lost,
    winners never lose points nor μ, losers never gain, hands counted."""
    now: dict[str, Standing] = {}
    for order, margin, _ in hands:
        for c in rate_hand(now, order[:2], order[2:], margin):
            assert c.after.points >= 0
            if c.before.tier < ladder.FLOOR_TIERS:
                assert c.after.tier >= c.before.tier
            if c.won:
                assert c.delta >= 0 and c.after.mu > c.before.mu and not c.demoted
            else:
                assert c.delta <= 0 and c.after.mu < c.before.mu and not c.promoted
            assert c.after.hands == c.before.hands + 1
            now[c.key] = c.after
    assert sum(s.hands for s in now.values()) == 4 * len(hands)
