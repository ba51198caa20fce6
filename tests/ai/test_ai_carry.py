"""The strong player's walk carried from one decision of a hand to the next
(``rules.ai.inference.carry``, ``StrongPlayer(carry_walk=True)``).

* A deal carried over later plays fits the later view (sizes, voids, pair-less suits,
  declared cards, every card once) and keeps most of where the walk had the cards.
* It is refused for another hand or another history (then the walk deals afresh).
* ``Sampler.repair`` moves a card off a seat that has shown the suit void, and brings
  a declared card back to its declarer.
* The player with the carry still decides from its own views only, and the same
  decisions in the same order give the same plays.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.ai.inference import Carried, History, Walk, carry
from rules.ai.state import public_of
from rules.ai.strong import StrongPlayer
from rules.cards import NUM_CARDS
from rules.game import Match
from rules.presets import preset
from tests.support.ai_helpers import assert_consistent, into_play, permute_hidden, sampler_at

SPANS = [("classic", 20, 14), ("classic", 50, 9), ("friends-6", 30, 19), ("friends-8", 40, 25)]


def _walked(m: Match, seat: int, rng: random.Random) -> Carried:
    """Where a walk at ``seat``'s view of ``m`` stands after a few proposals."""
    v, pub, hand, kitty, sampler = sampler_at(m, seat)
    history = History(v, seat, pub)
    walk = Walk(sampler, history, rng, hand, kitty, 0.2)
    walk.step(30)
    return Carried(history.key(hand), history.plays, walk.holding_now())


@pytest.mark.parametrize(("name", "plays", "more"), SPANS)
def test_a_carried_deal_fits_the_later_view_and_keeps_the_walks_cards(
    name: str, plays: int, more: int
) -> None:
    rules = preset(name)
    seed = f"carry/{name}/{plays}"
    early, late = into_play(rules, seed, plays), into_play(rules, seed, plays + more)
    assert early.hand.hands != late.hand.hands  # (the same hand, played on)
    rng = random.Random(plays)
    carried = 0
    for seat in range(rules.players):
        old = _walked(early, seat, rng)
        v, pub, hand, kitty, sampler = sampler_at(late, seat)
        history = History(v, seat, pub)
        assert history.plays[: len(old.plays)] == old.plays
        got = carry(old, sampler, history, hand, rng)
        if got is None:
            continue
        carried += 1
        n = rules.players
        assert_consistent(v, pub, seat, hand, kitty, got[:n], got[n])
        assert got[seat] == hand
        # The hidden cards stay where the walk had them but for the moves the plays
        # since force: a card played that the walk gave another holder costs that
        # holder one card (swapped for one of the player's), a card on a seat that has
        # shown its suit void since costs two (a swap); (2: a pair-less suit's swap).
        played = sum(len(cards) for s, cards in history.plays[len(old.plays) :] if s != seat)
        bad = sum(
            old.holding[h][c]
            for h in sampler.holders
            for c in range(NUM_CARDS)
            if not sampler.eligible[c] >> h & 1
        )
        kept = total = 0
        for s in range(n + 1):
            if s == seat:
                continue
            kept += sum(min(a, b) for a, b in zip(got[s], old.holding[s], strict=True))
            total += sum(got[s])
        assert kept >= total - played - 2 * bad - 2, (kept, total, played, bad)
    assert carried >= rules.players - 1


def test_a_carry_is_refused_for_another_hand_or_history() -> None:
    rules = preset("friends-6")
    early = into_play(rules, "carry/refuse", 20)
    late = into_play(rules, "carry/refuse", 32)
    rng = random.Random(5)
    seat = 2
    old = _walked(early, seat, rng)
    v, pub, hand, _, sampler = sampler_at(late, seat)
    history = History(v, seat, pub)
    key = history.key(hand)
    assert key == old.key  # the same hand: the key counts the cards played back
    assert carry(old, sampler, history, hand, rng) is not None
    assert carry(None, sampler, history, hand, rng) is None  # nothing carried
    other = (*key[:1], key[1] + 1, *key[2:])  # another hand's number
    assert carry(replace(old, key=other), sampler, history, hand, rng) is None
    s0, cards = old.plays[0]
    forked = Carried(old.key, ((s0, (*cards[::-1], 0)), *old.plays[1:]), old.holding)
    assert carry(forked, sampler, history, hand, rng) is None
    # Another seat's walk is another key.
    v2, pub2, hand2, _, _ = sampler_at(late, 3)
    assert History(v2, 3, pub2).key(hand2) != key


def _void_position() -> tuple[Match, int, int]:
    """A position where some seat (not the viewer 0) has shown a void: (match, viewer,
    the void seat)."""
    for plays in range(20, 120, 4):
        m = into_play(preset("classic"), "carry/void", plays)
        _, pub, *_ = sampler_at(m, 0)
        for s in (1, 2, 3):
            if pub.voids[s]:
                return m, 0, s
    raise AssertionError("no void shown")


def _trade(holding: list[list[int]], a: int, x: int, b: int, y: int) -> None:
    """Holder ``a``'s ``x`` for holder ``b``'s ``y``, whatever the facts say."""
    holding[a][x] -= 1
    holding[b][x] += 1
    holding[b][y] -= 1
    holding[a][y] += 1


def test_repair_moves_a_card_off_a_shown_void() -> None:
    m, seat, void_seat = _void_position()
    v, pub, hand, kitty, sampler = sampler_at(m, seat)
    rng = random.Random(7)
    hands, hidden = sampler.sample(rng)
    holding = [*hands, hidden]
    holding[seat] = list(hand)
    # Give the void seat a card of a suit it has shown void, for one of its own.
    suit_of = pub.ctx.suit_of
    h, c = next(
        (h, c)
        for h in sampler.holders
        if h != void_seat
        for c in range(NUM_CARDS)
        if holding[h][c] and pub.voids[void_seat] >> suit_of[c] & 1
    )
    y = next(x for x in range(NUM_CARDS) if holding[void_seat][x] and sampler.eligible[x] >> h & 1)
    _trade(holding, h, c, void_seat, y)
    assert holding[void_seat][c]
    assert sampler.repair(holding, rng)
    n = pub.n
    assert_consistent(v, pub, seat, hand, kitty, holding[:n], holding[n])
    # Wrong sizes are not repaired.
    bad = [list(x) for x in holding]
    bad[void_seat][next(x for x in range(NUM_CARDS) if bad[void_seat][x])] -= 1
    assert not sampler.repair(bad, rng)


@pytest.mark.parametrize("name", ["classic", "friends-6"])
def test_repair_brings_a_declared_card_back_to_its_declarer(name: str) -> None:
    # The first deal whose declarer is not the dealer: its shown cards stay in its hand.
    for k in range(20):
        m = into_play(preset(name), f"carry/declared/{name}/{k}", 1)
        v0 = m.view_for(0)
        declarer = v0.declarations[-1].seat if v0.declarations else v0.dealer
        if declarer != v0.dealer:
            break
    seat = next(s for s in range(m.players) if s not in (declarer, v0.dealer))
    v, pub, hand, kitty, sampler = sampler_at(m, seat)
    need = [(s, c) for s, c, _, in_kitty in sampler.need if not in_kitty]
    assert need, "a declared card still in a hand"
    rng = random.Random(3)
    hands, hidden = sampler.sample(rng)
    holding = [*hands, hidden]
    holding[seat] = list(hand)
    s, c = need[0]
    g = next(g for g in sampler.holders if g not in (s, pub.n) and sum(holding[g]))
    while not sampler._short(holding):  # (the seat may hold more copies than it showed)
        y = next(
            x for x in range(NUM_CARDS) if x != c and holding[g][x] and sampler.eligible[x] >> s & 1
        )
        _trade(holding, s, c, g, y)
    assert sampler.repair(holding, rng)
    assert_consistent(v, pub, seat, hand, kitty, holding[: pub.n], holding[pub.n])


def _player() -> StrongPlayer:
    return StrongPlayer(None, max_samples=5, friends_model_error=0.05, walk=4, carry_walk=True)


@pytest.mark.parametrize(("name", "late"), [("friends-6", 30), ("classic", 34)])
def test_the_carrying_player_reads_only_its_views_and_repeats_itself(name: str, late: int) -> None:
    rules = preset(name)
    seed = f"carry-view/{name}"
    m = into_play(rules, seed, late)
    seat = m.turn
    assert seat is not None
    # The seat's turn a trick or more before (the same hand, played on from there).
    m_early = next(
        e
        for e in (into_play(rules, seed, k) for k in range(late - rules.players, 0, -1))
        if e.turn == seat
    )
    m2 = permute_hidden(m, seat, random.Random(late))
    assert m2.hand.hands != m.hand.hands
    first, later = m_early.view_for(seat), m.view_for(seat)
    assert later == m2.view_for(seat)
    p1, p2 = _player(), _player()
    picks = []
    for p, mm in ((p1, m), (p2, m2)):
        p.choose(first, random.Random(1))
        assert p.last_samples  # (searched: the walk ran and stood somewhere)
        v, pub, hand, _, sampler = sampler_at(mm, seat)
        old = p._carried[seat]
        history = History(v, seat, pub)
        assert carry(old, sampler, history, hand, random.Random(0))
        picks.append(p.choose(mm.view_for(seat), random.Random(2)))
        assert p.last_samples
    assert picks[0] == picks[1]
    assert p1._carried == p2._carried
    assert p1._carried[seat].plays == History(later, seat, public_of(later)).plays


def test_by_default_the_walk_is_carried_at_friends_tables_only() -> None:
    for name, plays, carries in (("friends-6", 30, True), ("classic", 34, False)):
        m = into_play(preset(name), f"carry-view/{name}", plays)
        assert m.turn is not None
        player = StrongPlayer(None, max_samples=4)
        player.choose(m.view_for(m.turn), random.Random(1))
        assert player.last_samples, name  # (searched, with the walk)
        assert bool(player._carried) == carries, name
        # Off when asked, on everywhere when asked.
        for setting in (False, True):
            p = StrongPlayer(None, max_samples=4, carry_walk=setting)
            p.choose(m.view_for(m.turn), random.Random(1))
            assert bool(p._carried) == setting, (name, setting)
