"""The strong player at 找朋友 tables (N seats): its samples agree with everything the
seat's view shows, its play-outs settle the friend calls as the copies fall, it
decides from its own view only, every action it chooses is legal under every preset
and house-rule setting, and with a sample cap it is exactly reproducible."""

from __future__ import annotations

import random

import pytest

from rules.ai.basic import BasicPlayer
from rules.ai.calls import Calls
from rules.ai.sim import playout
from rules.ai.state import public_of
from rules.ai.strong import StrongPlayer
from rules.cards import counts_of
from rules.game import Match
from rules.presets import FRIENDS_PRESETS
from rules.ruleset import RuleSet
from tests.support.ai_helpers import assert_consistent, into_play, permute_hidden, sampler_at
from tests.support.friends_helpers import TABLES, play_ai_hands
from tests.support.house_helpers import house_rules, play_hand


def quick() -> StrongPlayer:
    return StrongPlayer(None, max_samples=2, max_candidates=3)


@pytest.mark.parametrize("name", ["friends-5", "friends-6", "friends-8"])
def test_samples_agree_with_the_view(name: str) -> None:
    """Fresh samples, and the deals the inference's walk reaches by swaps from them."""
    rules = FRIENDS_PRESETS[name]
    for k, plays in enumerate((0, 9, 31)):
        m = into_play(rules, f"fsample/{name}/{k}", plays)
        if m.phase != "playing":
            continue
        for seat in range(rules.players):
            v, pub, hand, kitty, sampler = sampler_at(m, seat)
            rng = random.Random(k * 10 + seat)
            for swaps in (0, 0, 40):
                hands, hidden = sampler.sample(rng)
                holding = [*hands, hidden]
                for _ in range(swaps):
                    sampler.swap(holding, rng)
                hands, hidden = holding[: rules.players], holding[rules.players]
                assert len(hands) == rules.players
                assert_consistent(v, pub, seat, hand, kitty, hands, hidden)
                # The world's friends: pending called copies are only where they can be.
                for fc in v.friend_calls:
                    c = int(fc.call.card)
                    if fc.joined is None:
                        for s in range(rules.players):
                            if hands[s][c]:
                                assert not pub.voids[s] >> pub.ctx.suit_of[c] & 1


def test_playout_settles_the_calls_as_the_engine_does() -> None:
    """Played out with the true hands and the basic policy at every seat, a play-out
    ends with the engine's team and the engine's total."""
    for name in ("friends-5", "friends-6", "friends-8"):
        rules = FRIENDS_PRESETS[name]
        for k in range(3):
            m = into_play(rules, f"fplay/{name}/{k}", 0)
            assert m.phase == "playing"
            seat = m.turn
            assert seat is not None
            v = m.view_for(seat)
            calls = Calls.of_view(v)
            hands = [list(m.hand.hands[s]) for s in range(rules.players)]
            total = playout(public_of(v), hands, counts_of(m.hand.buried), calls=calls)
            # The engine, basic at every seat, from the same point.
            basic = BasicPlayer()
            rng = random.Random(0)
            while m.phase == "playing":
                t = m.turn
                assert t is not None
                a = basic.choose(m.view_for(t), rng)
                assert a is not None
                m.apply(a)
            h = m.history[-1]
            assert total == h.attackers_points
            assert {s for s in range(rules.players) if calls.on_team(s)} == set(h.team)


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.name}x{r.decks}")
def test_strong_plays_legal_friends_hands(rules: RuleSet) -> None:
    import rules.ai.base as base

    base.LEVELS["quick-strong"] = quick
    try:
        m = play_ai_hands(rules, ["quick-strong", "basic"], f"fstrong/{rules.name}", hands=1)
    finally:
        del base.LEVELS["quick-strong"]
    assert m.history


@pytest.mark.parametrize("i", [1, 3, 5, 7, 9, 11])
def test_strong_is_legal_under_friends_house_rules(i: int) -> None:
    rules = house_rules(i)
    assert rules.friends is not None
    rng = random.Random(f"fhouse/{i}")
    m = Match(rules, f"fhouse-{i}", first_dealer=rng.randrange(rules.players))
    players = [quick() if s % 2 == 0 else BasicPlayer() for s in range(rules.players)]
    play_hand(m, list(players), rng)
    assert m.phase in ("scored", "finished")


def test_strong_searches_at_friends_tables_and_is_reproducible() -> None:
    searched = 0
    for name in ("friends-6", "friends-8"):
        rules = FRIENDS_PRESETS[name]
        for k, plays in enumerate((1, 12, 25)):
            m = into_play(rules, f"frepro/{name}/{k}", plays)
            seat = m.turn
            assert seat is not None
            v = m.view_for(seat)
            p1, p2 = StrongPlayer(None, max_samples=4), StrongPlayer(None, max_samples=4)
            assert p1.choose(v, random.Random(7)) == p2.choose(v, random.Random(7))
            assert p1.last_samples == p2.last_samples
            searched += p1.last_samples > 0
    assert searched >= 3  # it searched, not just deferred to basic


def test_strong_reads_only_its_own_view_at_friends_tables() -> None:
    """Dealing the cards it cannot see differently (other hands, the hidden kitty,
    called copies included) changes neither its view nor its choice."""
    checked = 0
    for name in ("friends-5", "friends-6", "friends-8"):
        rules = FRIENDS_PRESETS[name]
        for k, plays in enumerate((2, 17)):
            m = into_play(rules, f"fperm/{name}/{k}", plays)
            viewer = m.turn
            assert viewer is not None
            m2 = permute_hidden(m, viewer, random.Random(k))
            assert m2.hand.hands != m.hand.hands
            v1, v2 = m.view_for(viewer), m2.view_for(viewer)
            assert v1 == v2
            p1, p2 = StrongPlayer(None, max_samples=3), StrongPlayer(None, max_samples=3)
            assert p1.choose(v1, random.Random(3)) == p2.choose(v2, random.Random(3))
            checked += p1.last_samples > 0
    assert checked
