"""找朋友 AI: every level makes only legal moves at N-seat tables and calls friends;
the basic player reads partners from the calls and the cards seen."""

from __future__ import annotations

import os

import pytest

from rules.actions import CallFriends, DealCards
from rules.ai.state import friend_sides, public_of
from rules.game import Match
from rules.presets import FRIENDS_PRESETS
from rules.ruleset import RuleSet
from tests.support.friends_helpers import TABLES, play_ai_hands

SLOW = os.environ.get("SHENGJI_SLOW") == "1"


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.name}x{r.decks}")
@pytest.mark.parametrize("levels", [["random"], ["basic"], ["basic", "random", "simple"]])
def test_ai_plays_legal_friends_hands(rules: RuleSet, levels: list[str]) -> None:
    m = play_ai_hands(rules, levels, f"ai/{rules.name}/{'-'.join(levels)}", hands=1)
    assert m.history and len(m.history[-1].levels_after) == rules.players


@pytest.mark.slow
@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.name}x{r.decks}")
def test_ai_plays_legal_friends_matches_long(rules: RuleSet) -> None:
    for i in range(10 if SLOW else 1):
        play_ai_hands(rules, ["basic", "random"], f"long/{rules.name}/{i}", hands=4 if SLOW else 2)


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
