"""The strong player's inference (rules/ai/inference.py): a sampled deal is weighed by
how many of the other seats' past plays the basic policy explains in it.

* The true deal explains every play of basic players: zero mismatches, at fixed
  partners and at 找朋友 tables (so the replay rebuilds each seat's knowledge exactly).
* Random deals consistent with the hard facts explain fewer: the weights carry news.
* The weighted statistics reduce to the unweighted ones at equal weights, and a
  sample of no weight changes nothing.
* With inference on, the strong player still decides from its own view only, and is
  reproducible with a sample cap.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.ai.basic import play_policy
from rules.ai.inference import History, Walk
from rules.ai.state import public_of
from rules.ai.strong import StrongPlayer, _diffs, _weights, select
from rules.cards import counts_of
from rules.game import Match
from rules.presets import preset
from tests.support.ai_helpers import assert_consistent, into_play, permute_hidden, sampler_at

POSITIONS = [("classic", 9), ("classic", 41), ("classic", 77), ("four-decks", 60)]
POSITIONS += [("friends-6", 23), ("friends-6", 70), ("friends-8", 55)]


def _world(m: Match) -> tuple[list[list[int]], list[int]]:
    return [list(h) for h in m.hand.hands], counts_of(m.hand.buried)


@pytest.mark.parametrize(("name", "plays"), POSITIONS)
def test_the_true_deal_explains_every_basic_play(name: str, plays: int) -> None:
    rules = preset(name)
    m = into_play(rules, f"infer/{name}/{plays}", plays)
    assert m.phase == "playing"
    hands, kitty = _world(m)
    for seat in range(rules.players):
        v = m.view_for(seat)
        history = History(v, seat, public_of(v))
        assert history.checks > 0
        assert history.mismatches(hands, kitty) == 0


@pytest.mark.parametrize(("name", "plays"), POSITIONS)
def test_random_deals_explain_fewer_plays(name: str, plays: int) -> None:
    rules = preset(name)
    m = into_play(rules, f"infer/{name}/{plays}", plays)
    rng = random.Random(plays)
    missed = 0
    for seat in range(rules.players):
        v, pub, hand, kitty, sampler = sampler_at(m, seat)
        history = History(v, seat, pub)
        for _ in range(5):
            hands, hidden = sampler.sample(rng)
            hands[seat] = list(hand)
            got = history.mismatches(hands, kitty if kitty is not None else hidden)
            assert history.mismatches(hands, hidden if kitty is None else kitty, limit=1) <= 1
            missed += got
    assert missed > 0


def test_weights_and_weighted_statistics() -> None:
    assert _weights([3, 5, 3], 0.5) == [1.0, 0.25, 1.0]
    assert _weights([3, 5], None) is None
    assert _weights([], 0.5) is None
    assert _weights([400, 0], 0.1) == [0.1**400, 1.0]  # scaled: the best weighs 1
    rows = [[0.0, 0.1 * (k % 3) - 0.05] for k in range(12)]
    plain = _diffs(rows, 1)
    weighed = _diffs(rows, 1, [1.0] * 12)
    assert weighed == pytest.approx(plain)
    # a sample of (almost) no weight changes neither the mean nor the choice
    bad = [*rows, [0.0, -50.0]]
    assert _diffs(bad, 1, [*([1.0] * 12), 0.0])[0] == pytest.approx(plain[0])
    assert select(bad, [0, 1], 0.0, weights=[*([1.0] * 12), 0.0]) == select(rows, [0, 1], 0.0)
    assert select(bad, [0, 1], 0.0) == 0  # unweighted, the outlier sinks candidate 1
    # one sample carrying all the weight: no evidence to overrule the basic choice
    assert select(rows, [0, 1], 1.0, weights=[1.0] + [1e-300] * 11) == 0


@pytest.mark.parametrize(("name", "plays"), [("classic", 41), ("classic", 77), ("four-decks", 60)])
def test_the_walk_settles_on_deals_that_explain_the_plays(name: str, plays: int) -> None:
    """The walk's deals stay consistent with the view, its count is the deal's, and
    they explain more of the plays than independent deals do."""
    rules = preset(name)
    m = into_play(rules, f"infer/{name}/{plays}", plays)
    rng = random.Random(plays)
    fresh = walked = 0
    for seat in range(rules.players):
        v, pub, hand, kitty, sampler = sampler_at(m, seat)
        history = History(v, seat, pub)
        walk = Walk(sampler, history, rng, hand, kitty, 0.2)
        walk.step(20)
        for _ in range(10):
            hands, hidden = sampler.sample(rng)
            hands[seat] = list(hand)
            fresh += history.mismatches(hands, kitty if kitty is not None else hidden)
            walk.step(3)
            hands, hidden = walk.deal()
            assert_consistent(v, pub, seat, hand, kitty, hands, hidden)
            got = history.mismatches(hands, kitty if kitty is not None else hidden)
            assert got == walk.missed
            walked += got
    assert walked < fresh * 0.8, (walked, fresh)


def _replayed(history: History, hands: list[list[int]], kitty: list[int]) -> int:
    """The count by its definition: the hand replayed in order from its first play
    (``History.replay``), every other seat's play set against the basic policy from
    its holding then, one live public state throughout."""
    seat, dealer = history.seat, history.dealer
    later = history.later
    held = [[a + b for a, b in zip(h, k, strict=True)] for h, k in zip(hands, later, strict=True)]
    missed = 0
    for pub, calls, s, cards in history.replay():
        if s != seat:
            if calls is not None:
                pub.sides = calls.sides_for(s, held[s])
            got = play_policy(pub, s, held[s], kitty if s == dealer else None)
            missed += sorted(got) != sorted(cards)
        for c in cards:
            held[s][c] -= 1
    return missed


@pytest.mark.parametrize(("name", "plays"), POSITIONS)
def test_a_deals_count_is_the_sum_of_its_seats_and_the_walk_keeps_them(
    name: str, plays: int
) -> None:
    """A seat's plays are judged from its own cards (the dealer's with the kitty), so
    the count is a sum over seats; the walk re-judges only the seats a swap touched,
    and its per-seat counts stay those of its deal."""
    rules = preset(name)
    m = into_play(rules, f"infer/{name}/{plays}", plays)
    rng = random.Random(plays)
    for seat in range(rules.players):
        v, pub, hand, kitty, sampler = sampler_at(m, seat)
        history = History(v, seat, pub)
        walk = Walk(sampler, history, rng, hand, kitty, 0.3)
        for _ in range(6):
            walk.step(2)
            hands, hidden = walk.deal()
            world_kitty = kitty if kitty is not None else hidden
            per = [history.seat_mismatches(s, hands[s], world_kitty) for s in range(len(hands))]
            assert per[seat] == 0
            assert walk.per == per
            total = _replayed(history, hands, world_kitty)
            assert history.mismatches(hands, world_kitty) == sum(per) == total == walk.missed
            assert history.mismatches(hands, world_kitty, limit=2) == min(total, 2)
            if seat != history.dealer and kitty is None:  # another kitty re-judges the dealer
                other = [list(h) for h in hands]
                other.append(list(hidden))
                if sampler.swap(other, rng) is not None:
                    assert _replayed(history, other[:-1], other[-1]) == history.mismatches(
                        other[:-1], other[-1]
                    )


@pytest.mark.pure_python  # (Walk.__new__ bypasses the compiled class's constructor)
def test_the_walk_takes_a_proposal_with_the_metropolis_odds() -> None:
    """``_allowance(u)``: a proposal d mismatches behind is taken exactly when
    error ** d > u (at most CUTOFF − 1 behind), so counting stops at the first
    mismatch that refuses it."""
    walk = Walk.__new__(Walk)
    for error in (0.5, 0.2, 0.05):
        walk.error = error
        for k in range(400):
            u = (k + 0.37) / 400  # (off the exact powers, where rounding decides)
            allowed = walk._allowance(u)
            for d in range(Walk.CUTOFF + 2):
                taken = d < allowed
                assert taken == (error**d > u and d < Walk.CUTOFF), (error, u, d)
    walk.error = 1.0
    assert walk._allowance(0.7) == Walk.CUTOFF
    walk.error = 0.0
    assert walk._allowance(0.7) == 1  # only deals as good or better


@pytest.mark.parametrize(
    ("name", "plays", "walk"), [("classic", 33, 0), ("classic", 33, 3), ("friends-6", 40, 0)]
)
def test_strong_with_inference_reads_only_its_view_and_is_reproducible(
    name: str, plays: int, walk: int
) -> None:
    rules = preset(name)
    m = into_play(rules, f"infer-view/{name}", plays)
    seat = m.turn
    assert seat is not None
    m2 = permute_hidden(m, seat, random.Random(plays))
    assert m2.hand.hands != m.hand.hands
    v1, v2 = m.view_for(seat), m2.view_for(seat)
    assert v1 == v2

    def player() -> StrongPlayer:
        return StrongPlayer(
            None, max_samples=6, model_error=0.3, friends_model_error=0.3, walk=walk
        )

    p1, p2 = player(), player()
    assert p1.choose(v1, random.Random(3)) == p2.choose(v2, random.Random(3))
    assert p1.last_samples == p2.last_samples


@pytest.mark.pure_python  # (patches History and Walk methods)
def test_inference_walks_at_every_table_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []
    real = History.seat_mismatches

    def counting(self: History, *args: Any, **kw: Any) -> int:
        calls.append(1)
        return real(self, *args, **kw)

    monkeypatch.setattr(History, "seat_mismatches", counting)
    steps: list[int] = []
    real_step = Walk.step

    def stepping(self: Walk, k: int) -> None:
        steps.append(k)
        real_step(self, k)

    monkeypatch.setattr(Walk, "step", stepping)
    # (at 找朋友 tables of up to six seats since the walk is carried from decision to
    # decision; at eight it measured no gain)
    for name, expect in (("classic", True), ("friends-6", True), ("friends-8", False)):
        searched = 0
        calls.clear()
        steps.clear()
        for plays in (1, 12, 25, 33, 45):
            m = into_play(preset(name), f"infer-default/{name}/{plays}", plays)
            assert m.turn is not None
            player = StrongPlayer(None, max_samples=4)
            player.choose(m.view_for(m.turn), random.Random(1))
            searched += player.last_samples
        assert searched > 0, name
        assert bool(calls) == expect, name
        assert bool(steps) == expect, name  # (by the walk)
    off = StrongPlayer(None, max_samples=4, friends_model_error=None)
    calls.clear()
    m = into_play(preset("friends-6"), "infer-default/friends-6/12", 12)
    assert m.turn is not None
    off.choose(m.view_for(m.turn), random.Random(1))
    assert off.last_samples and not calls  # friends_model_error=None: no inference there
    m = into_play(preset("friends-8"), "infer-default/friends-8/12", 12)
    assert m.turn is not None
    on = StrongPlayer(None, max_samples=4, friends_infer_seats=8)
    on.choose(m.view_for(m.turn), random.Random(1))
    assert on.last_samples and calls  # asked for at eight seats: it infers there too
