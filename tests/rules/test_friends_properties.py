"""找朋友 property tests over random N-seat matches: cards are conserved, replays and
records rebuild the same match, and views never leak a hand or an unrevealed friend."""

from __future__ import annotations

import os
import random

import pytest

from rules.actions import Action
from rules.game import Match, replay
from rules.presets import FRIENDS_PRESETS, friends_rules
from rules.record import parse_record, write_record
from rules.ruleset import RuleSet
from rules.ruleset_parts import FriendRules
from rules.views import View
from tests.support.friends_helpers import random_action
from tests.support.match_helpers import assert_conserved

SLOW = os.environ.get("SHENGJI_SLOW") == "1"

RULES: list[RuleSet] = [
    *FRIENDS_PRESETS.values(),
    friends_rules(4),
    friends_rules(7, 3, FriendRules(policy="trumps-allowed", no_double_join=True)),
    friends_rules(10, 4, FriendRules(calls=2, policy="no-top-card")),
    friends_rules(10),  # five decks
    friends_rules(4, 5),
    friends_rules(7, 5, FriendRules(policy="trumps-allowed")),
]


def _public_friends(v: View) -> list[int]:
    """Friends as anyone can work them out from the calls and the plays seen."""
    assert v.rules.friends is not None
    team = {v.dealer}
    friends: list[int] = []
    seen = [0] * len(v.friend_calls)
    done = [False] * len(v.friend_calls)
    plays = [p for t in v.tricks for p in t.plays] + list(v.current)
    for seat, cards in plays:
        for card in cards:
            for i, cv in enumerate(v.friend_calls):
                if done[i] or cv.call.card != card:
                    continue
                if seen[i] + 1 == cv.call.nth and seat in team and v.rules.friends.no_double_join:
                    continue
                seen[i] += 1
                if seen[i] == cv.call.nth:
                    done[i] = True
                    if seat not in team:
                        team.add(seat)
                        friends.append(seat)
    return friends


def _check_views(m: Match) -> None:
    public = m.view_for(None)
    assert public.hand is None and public.kitty_taken is None
    if m.phase not in ("scored", "finished"):
        assert public.buried is None
    if public.friend_calls:
        assert sorted(public.friends) == sorted(_public_friends(public))
    for s in range(m.players):
        v = m.view_for(s)
        assert v.hand == tuple(m.hand_of(s))
        assert v.friends == public.friends and v.friend_calls == public.friend_calls
        if s != m.dealer and m.phase not in ("scored", "finished"):
            assert v.buried is None and v.kitty_taken is None
        if m.phase != "playing":
            continue
        for other in range(m.players):
            known = v.on_dealer_team(other)
            if known is not None:  # what a view claims is right, and only once shown
                assert known == m.on_dealer_team(other)
            if known and other != m.dealer:
                assert other in public.friends


def _run(rules: RuleSet, seed: str, hands: int) -> None:
    rng = random.Random(seed)
    m = Match(rules, seed)
    log: list[Action] = []
    played_hands = 0
    steps = 0
    while m.phase != "finished" and played_hands < hands:
        a = random_action(m, rng)
        m.apply(a)
        log.append(a)
        steps += 1
        assert_conserved(m)
        if steps % 7 == 0 or m.phase in ("calling", "scored"):
            _check_views(m)
        if m.phase == "scored":
            played_hands += 1
            record = parse_record(write_record(m))
            again = record.replay()
            assert again.to_dict()["hand"] == m.to_dict()["hand"]
            assert again.history[-1] == m.history[-1]
            assert len(m.levels) == rules.players
    assert played_hands == hands or m.phase == "finished"
    assert replay(rules, seed, log).to_dict() == m.to_dict()
    assert Match.from_dict(m.to_dict()).to_dict() == m.to_dict()


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.name}x{r.decks}")
@pytest.mark.parametrize("seed", ["a", "b"])
def test_random_friends_matches(rules: RuleSet, seed: str) -> None:
    _run(rules, f"{rules.name}/{seed}", hands=1)


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.name}x{r.decks}")
def test_random_friends_matches_long(rules: RuleSet) -> None:
    for i in range(20 if SLOW else 2):
        _run(rules, f"long/{rules.name}/{i}", hands=6 if SLOW else 3)
