"""The strong player's fit guard (``StrongPlayer(fit_guard=…)``): a seat whose plays the
walk's settled deal leaves largely unexplained is no longer judged for the hand.

* ``History.drop`` takes a seat's plays out of every count (the player's own seat has
  none to drop); ``Walk.misfits`` names the seats its deals left largely unexplained.
* At a table where one seat plays at random, the guard stops judging that seat and
  keeps judging the basic ones; at a table of basic players it drops few seats.
* With the guard on, the player still decides from its own view only (the seats it
  stops judging too), and repeats itself given a sample cap.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import ClassVar

import pytest
from ai_helpers import into_play, permute_hidden, sampler_at

from rules.ai.inference import History, Walk
from rules.ai.random_player import RandomPlayer
from rules.ai.strong import StrongPlayer
from rules.cards import counts_of
from rules.game import Match
from rules.presets import preset


def _world(m: Match) -> tuple[list[list[int]], list[int]]:
    return [list(h) for h in m.hand.hands], counts_of(m.hand.buried)


def test_a_dropped_seat_is_no_longer_judged() -> None:
    rules = preset("friends-6")
    m = into_play(rules, "guard/drop", 40, {2: RandomPlayer()})
    seat = 0
    v, pub, hand, kitty, sampler = sampler_at(m, seat)
    history = History(v, seat, pub)
    per_seat = [len(steps) for steps in history.steps]
    assert per_seat[seat] == 0 and per_seat[2] > 0
    # The random seat departs from basic in the true deal; the basic seats do not.
    hands, buried = _world(m)
    assert history.seat_mismatches(2, hands[2], buried) > 0
    assert history.mismatches(hands, buried) == history.seat_mismatches(2, hands[2], buried)
    checks = history.checks
    history.drop([2, seat])  # (its own seat: nothing to drop)
    assert history.checks == checks - per_seat[2]
    assert history.mismatches(hands, buried) == 0

    walk = Walk(sampler, History(v, seat, pub), random.Random(3), hand, kitty, 0.05)
    assert walk.misfits(-1.0, 1) == []  # (no deal yielded yet)
    for _ in range(5):
        walk.step(10)
        walk.deal()
    judged = [s for s in range(6) if walk.history.steps[s]]
    assert seat not in judged and walk.misfits(-1.0, 1) == judged
    assert walk.misfits(1.0, 1) == []  # (no seat misses more than all its plays)
    assert walk.misfits(-1.0, max(per_seat) + 1) == []  # (too few plays to judge)
    walk.history.drop([2])
    assert 2 not in walk.misfits(-1.0, 1)


def _guarded() -> StrongPlayer:
    return StrongPlayer(None, max_samples=6, fit_guard=0.25, fit_least=6)


@pytest.mark.parametrize("name", ["friends-6", "classic"])
def test_the_guard_drops_the_seat_that_plays_unlike_the_model(name: str) -> None:
    rules = preset(name)
    n = rules.players
    odd_dropped = odd_judged = basic_dropped = basic_judged = 0
    for k in range(8):
        odd = 1 + k % (n - 1)
        seed = f"guard/{name}/{k}"
        for mixed in (True, False):
            seats = {odd: RandomPlayer()} if mixed else {}
            m = into_play(rules, seed, 12 * n, seats)
            seat = m.turn
            if seat is None or seat == odd:
                continue
            player = _guarded()
            player.choose(m.view_for(seat), random.Random(k))
            if not player.last_samples:
                continue
            _, gone = player._unjudged.get(seat, (None, frozenset()))
            assert seat not in gone
            if mixed:
                odd_dropped += odd in gone
                odd_judged += 1
            others = [s for s in range(n) if s not in (seat, odd)]
            basic_dropped += len(gone.intersection(others))
            basic_judged += len(others)
    # (A walk started afresh in mid-hand, as here, has not settled as one carried from
    # the hand's start: the basic seats' figure is an upper bound.)
    assert odd_judged >= 4 and odd_dropped >= 0.8 * odd_judged
    assert basic_dropped <= 0.3 * basic_judged


def test_the_guarded_player_reads_only_its_view_and_repeats_itself() -> None:
    rules = preset("friends-6")
    m = into_play(rules, "guard/view", 60, {3: RandomPlayer(), 5: RandomPlayer()})
    seat = m.turn
    assert seat is not None and seat not in (3, 5)
    m2 = permute_hidden(m, seat, random.Random(7))
    assert m2.hand.hands != m.hand.hands and m2.view_for(seat) == m.view_for(seat)
    picks, gone = [], []
    for mm in (m, m, m2):
        player = _guarded()
        picks.append(player.choose(mm.view_for(seat), random.Random(11)))
        gone.append(player._unjudged.get(seat))
    assert picks[0] == picks[1] == picks[2]
    assert gone[0] == gone[1] == gone[2] and gone[0] is not None


class _Spy(History):
    """History that records the seats each ``drop`` is asked for."""

    drops: ClassVar[list[frozenset[int]]] = []

    def drop(self, seats: Iterable[int]) -> None:
        seats = frozenset(seats)
        _Spy.drops.append(seats)
        super().drop(seats)


def test_the_seats_dropped_stay_dropped_for_the_hand_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("rules.ai.strong.History", _Spy)
    rules = preset("friends-6")
    odd = {3: RandomPlayer(), 5: RandomPlayer()}
    m = into_play(rules, "guard/hand", 60, odd)
    seat = m.turn
    assert seat is not None and seat not in odd
    player = _guarded()
    player.choose(m.view_for(seat), random.Random(1))
    key, gone = player._unjudged[seat]
    assert gone and seat not in gone
    # The seat's next decision of the same hand: those seats are dropped before the walk.
    later = next(
        x
        for x in (into_play(rules, "guard/hand", 60 + k, odd) for k in range(1, 13))
        if x.turn == seat
    )
    _Spy.drops = []
    player.choose(later.view_for(seat), random.Random(2))
    assert _Spy.drops and _Spy.drops[0] == gone
    assert gone <= player._unjudged[seat][1]
    # Another hand: judged afresh, the stale set is not applied.
    other = into_play(rules, "guard/hand/2", 60)
    s2 = other.turn
    assert s2 is not None
    player._unjudged[s2] = (key, frozenset(range(6)) - {s2})
    _Spy.drops = []
    player.choose(other.view_for(s2), random.Random(1))
    assert frozenset(range(6)) - {s2} not in _Spy.drops
