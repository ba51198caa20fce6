"""The strong player's kitty and friend calls (``rules.ai.opening``): the options it
weighs are legal and distinct, the basic one first; its play-outs from the first lead
end as the engine's hand does; it decides from its own view only, reproducibly with a
sample cap; and what it picks is accepted by the engine at every preset."""

from __future__ import annotations

import random

import pytest

from rules.actions import Bury, CallFriends
from rules.ai.basic import BasicPlayer
from rules.ai.opening import StartWorlds, bury_option, call_options, start_calls
from rules.ai.sim import playout
from rules.ai.strong import StrongPlayer
from rules.burying import bury_options, suggest_bury
from rules.cards import NUM_CARDS, Suit, counts_of
from rules.friends import check_calls, suggest_calls
from rules.game import Match
from rules.presets import FRIENDS_PRESETS, preset
from rules.trump import TRUMP, TrumpContext
from tests.support.ai_helpers import hand, into_phase, permute_hidden
from tests.support.house_helpers import house_rules, play_hand

PRESETS = ["classic", "three-decks", "friends-6", "friends-8"]


def test_bury_options_are_distinct_kitties_from_the_hand_the_suggestion_first() -> None:
    ctx = TrumpContext.of(preset("classic"), 2, Suit.HEARTS)
    # Three clubs (one a 10) and two diamonds: short suits to void; a long spade suit.
    held = hand(
        "♣10 ♣4 ♣6 ♦3 ♦9 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠J ♠Q ♠K ♠A ♠A ♠3 "
        "♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥J ♥Q ♥K ♥A ♥2 ♠2 BJ RJ"
    )
    assert sum(held) == 33
    opts = bury_options(ctx, held, 8, 6)
    assert opts[0] == suggest_bury(ctx, held, 8)
    assert len({tuple(sorted(o)) for o in opts}) == len(opts) > 1
    for o in opts:
        assert len(o) == 8
        left = list(held)
        for c in o:
            left[c] -= 1
        assert min(left) >= 0
    # Some option buries every club (the 10 with them: a void costs a point card).
    clubs = {c for c in range(NUM_CARDS) if held[c] and ctx.suit_of[c] == Suit.CLUBS}
    assert any(clubs <= set(o) for o in opts)
    assert all(ctx.suit_of[c] != TRUMP for o in opts for c in o)  # trumps stay cheap


@pytest.mark.parametrize("name", ["friends-5", "friends-6", "friends-8"])
def test_call_options_are_legal_and_distinct_the_basic_call_first(name: str) -> None:
    rules = FRIENDS_PRESETS[name]
    for k in range(4):
        m = into_phase(rules, f"calls/{name}/{k}", "calling")
        v = m.view_for(m.dealer)
        assert v.hand is not None
        held = counts_of(v.hand)
        sets = call_options(v, held, 6)
        assert list(sets[0]) == suggest_calls(rules, v.context, held)
        assert len({frozenset(s) for s in sets}) == len(sets) > 1
        for s in sets:
            check_calls(rules, v.context, s)


@pytest.mark.parametrize("name", PRESETS)
def test_a_start_playout_with_the_true_deal_ends_as_the_engine_does(name: str) -> None:
    """From the bury, with the basic kitty and calls and the true hands, a play-out
    (basic at every seat) ends with the engine's total and side."""
    rules = preset(name)
    for k in range(3):
        m = into_phase(rules, f"startplay/{name}/{k}", "burying")
        dealer = m.dealer
        assert dealer is not None
        v = m.view_for(dealer)
        assert v.hand is not None
        held = counts_of(v.hand)
        opt = bury_option(v, held, suggest_bury(v.context, held, rules.kitty_size))
        worlds = StartWorlds(v, dealer, opt)
        hands = [list(m.hand.hands[s]) for s in range(rules.players)]
        hands[dealer] = list(opt.hand)
        calls = None if opt.calls is None else start_calls(worlds.pub, opt.calls)
        got = worlds.result(hands, opt, 0.0)  # (plays a copy of the hands)
        total = playout(worlds.pub.copy(), hands, opt.kitty, calls=calls)
        # The engine, basic at every seat, from the same point.
        basic, rng = BasicPlayer(), random.Random(0)
        while m.phase in ("burying", "calling", "playing"):
            for s in range(rules.players):
                a = basic.choose(m.view_for(s), rng)
                if a is not None:
                    m.apply(a)
                    break
        h = m.history[-1]
        assert total == h.attackers_points
        if calls is not None:
            assert {s for s in range(rules.players) if calls.on_team(s)} == set(h.team)
        # The dealer's result: a win when the attackers fell short.
        assert got is not None and (got > 0) == (h.winner == "defenders")


@pytest.mark.parametrize("name", PRESETS)
def test_strong_buries_and_calls_from_its_own_view_reproducibly(name: str) -> None:
    """Dealing the cards it cannot see differently changes neither its view nor its
    kitty or calls; the same rng gives the same choice; and it did search."""
    rules = preset(name)
    phases = ["burying", "calling"] if rules.friends is not None else ["burying"]
    searched = 0
    for phase in phases:
        for k in range(5):  # (three decks: few hands with more than one kitty to weigh)
            m = into_phase(rules, f"openview/{name}/{phase}/{k}", phase)
            dealer = m.dealer
            assert dealer is not None
            m2 = permute_hidden(m, dealer, random.Random(k))
            assert m2.hand.hands != m.hand.hands
            v1, v2 = m.view_for(dealer), m2.view_for(dealer)
            assert v1 == v2
            p1, p2 = StrongPlayer(None, max_samples=4), StrongPlayer(None, max_samples=4)
            a1, a2 = p1.choose(v1, random.Random(5)), p2.choose(v2, random.Random(5))
            assert a1 == a2 and p1.last_samples == p2.last_samples
            assert isinstance(a1, Bury if phase == "burying" else CallFriends)
            m.apply(a1)  # the engine accepts it
            searched += p1.last_samples >= 3
    assert searched


def test_strong_sometimes_buries_otherwise_than_basic() -> None:
    """The search is not the suggestion under another name: over a few deals some
    kitty differs from basic's, and every kitty it picks is one of its options."""
    rules = preset("classic")
    differ = 0
    for k in range(8):
        m = into_phase(rules, f"otherbury/{k}", "burying")
        v = m.view_for(m.dealer)
        assert v.hand is not None
        held = counts_of(v.hand)
        a = StrongPlayer(None, max_samples=12).choose(v, random.Random(k))
        assert isinstance(a, Bury)
        opts = {tuple(sorted(o)) for o in bury_options(v.context, held, rules.kitty_size, 6)}
        assert tuple(sorted(int(c) for c in a.cards)) in opts
        differ += sorted(int(c) for c in a.cards) != sorted(
            suggest_bury(v.context, held, rules.kitty_size)
        )
    assert differ


def test_without_start_search_it_buries_and_calls_as_basic() -> None:
    rules = FRIENDS_PRESETS["friends-6"]
    for phase in ("burying", "calling"):
        m = into_phase(rules, f"nostart/{phase}", phase)
        v = m.view_for(m.dealer)
        off = StrongPlayer(None, max_samples=8, search_start=False)
        assert off.choose(v, random.Random(1)) == BasicPlayer().choose(v, random.Random(1))
        assert off.last_samples == 0


@pytest.mark.parametrize("i", [0, 1, 2, 3, 4, 5, 6, 7])
def test_strong_opening_is_legal_under_house_rules(i: int) -> None:
    """Kitty and calls searched (enough samples to overrule basic) are accepted by the
    engine under house-rule settings (kitty theft, scoring, decks, 找朋友 …)."""
    rules = house_rules(i)
    rng = random.Random(f"openhouse/{i}")
    m = Match(rules, f"openhouse-{i}", first_dealer=rng.randrange(rules.players))
    players = [StrongPlayer(None, max_samples=3, max_candidates=3) for _ in range(rules.players)]
    play_hand(m, list(players), rng)
    assert m.phase in ("scored", "finished")


def test_the_opening_has_its_own_budget() -> None:
    """``start_budget`` (in plays' budgets) times the kitty's search: on a clock that
    moves 10 µs each time it is read (after every trick of a play-out), a longer
    opening budget takes more samples."""
    rules = preset("classic")
    for k in range(8):
        m = into_phase(rules, f"startbudget/{k}", "burying")
        v = m.view_for(m.dealer)
        assert v.hand is not None
        if len(bury_options(v.context, counts_of(v.hand), rules.kitty_size, 6)) > 1:
            break
    used = []
    for times in (1.0, 8.0):
        ticks = iter(range(10**6))
        p = StrongPlayer(5.0, start_budget=times, clock=lambda t=ticks: next(t) / 100_000.0)
        assert isinstance(p.choose(v, random.Random(2)), Bury)
        used.append(p.last_samples)
    assert 0 < used[0] < used[1]


def test_a_dealer_who_did_not_bury_calls_as_basic() -> None:
    """After a kitty theft (炒地皮) another seat may have buried last: the dealer does
    not know the kitty, so it calls as basic does instead of weighing calls on a kitty
    it cannot see."""
    import dataclasses

    rules = FRIENDS_PRESETS["friends-6"]
    m = into_phase(rules, "theftcall", "calling")
    dealer = m.dealer
    assert dealer is not None
    v = dataclasses.replace(m.view_for(dealer), burier=(dealer + 1) % 6, buried=None)
    p = StrongPlayer(None, max_samples=8)
    assert p.choose(v, random.Random(4)) == BasicPlayer().choose(v, random.Random(4))
    assert p.last_samples == 0
    # the same view with its own kitty: it searches
    p.choose(m.view_for(dealer), random.Random(4))
    assert p.last_samples > 0
