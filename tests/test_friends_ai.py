"""找朋友 AI: every level makes only legal moves at N-seat tables and calls friends;
the basic player reads partners from the calls and the cards seen."""

from __future__ import annotations

import os
import random

import pytest

from rules.actions import CallFriends, DealCards, NextHand
from rules.ai import make_player
from rules.ai.state import friend_sides, public_of
from rules.friends import check_calls
from rules.game import Match
from rules.presets import FRIENDS_PRESETS, friends_rules
from rules.ruleset import FriendRules, RuleSet

SLOW = os.environ.get("SHENGJI_SLOW") == "1"

TABLES: list[RuleSet] = [
    *FRIENDS_PRESETS.values(),
    friends_rules(7, 3, FriendRules(no_double_join=True)),
    friends_rules(10, 4, FriendRules(policy="no-point-card")),
    friends_rules(10),  # five decks: quintuples
    friends_rules(4, 5),  # 66 cards a hand
]


def _play(rules: RuleSet, levels: list[str], seed: str, hands: int) -> Match:
    """Play ``hands`` hands with these AI levels round the table; every action an AI
    chooses from its own view must be accepted (``apply`` raises otherwise)."""
    rng = random.Random(seed)
    players = [make_player(levels[s % len(levels)]) for s in range(rules.players)]
    m = Match(rules, seed)
    done = 0
    while m.phase != "finished" and done < hands:
        if m.phase == "dealing":
            m.apply(DealCards(rng.choice((9, 40))))
        acted = False
        for s in range(rules.players):
            if m.phase == "calling" and s == m.dealer:
                a = players[s].choose(m.view_for(s), rng)
                assert isinstance(a, CallFriends)
                check_calls(rules, m.context, a.calls)
            a = players[s].choose(m.view_for(s), rng)
            if a is not None:
                m.apply(a)
                acted = True
                break
        if m.phase == "scored":
            done += 1
            if done < hands:
                m.apply(NextHand())
            continue
        assert acted or m.phase == "dealing", f"nobody acts in phase {m.phase}"
    return m


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.name}x{r.decks}")
@pytest.mark.parametrize("levels", [["random"], ["basic"], ["basic", "random", "simple"]])
def test_ai_plays_legal_friends_hands(rules: RuleSet, levels: list[str]) -> None:
    m = _play(rules, levels, f"ai/{rules.name}/{'-'.join(levels)}", hands=1)
    assert m.history and len(m.history[-1].levels_after) == rules.players


@pytest.mark.slow
@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.name}x{r.decks}")
def test_ai_plays_legal_friends_matches_long(rules: RuleSet) -> None:
    for i in range(10 if SLOW else 1):
        _play(rules, ["basic", "random"], f"long/{rules.name}/{i}", hands=4 if SLOW else 2)


def test_basic_reads_sides_from_calls_and_plays() -> None:
    """Before a call is settled a seat is unknown to the others; a seat holding a
    pending called card counts itself on the dealer's side, one holding none against."""
    rules = FRIENDS_PRESETS["friends-6"]
    m = Match(rules, "sides", first_dealer=0)
    m.apply(DealCards(10_000))
    while m.phase != "calling":
        m.apply(next(a for s in range(6) if (a := m.suggest(s)) is not None))
    call = m.suggest(0)
    assert isinstance(call, CallFriends)
    m.apply(call)
    called = {c.card for c in call.calls}
    for s in range(1, 6):
        sides = friend_sides(m.view_for(s))
        assert sides[0] == 1
        holds = bool(called & set(m.hand_of(s)))
        assert sides[s] == (1 if holds else -1)
        assert all(sides[o] == 0 for o in range(1, 6) if o != s)
    pub = public_of(m.view_for(0))
    assert pub.n == 6 and pub.opponents(0) == [1, 2, 3, 4, 5] and pub.partners(0) == []
