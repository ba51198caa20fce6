"""AI players (rules/ai): every action legal, decisions from the view alone, and the
habits the basic player is meant to have.

* Legality: over random deals of every preset, every action any AI level chooses in any
  phase (declaring during the deal and in the window, burying, leading, following) is
  applied to the Match and must be accepted.
* Hidden cards: a view never carries another seat's hand, and permuting the other
  seats' hidden cards consistently (same suit lengths, declared cards left alone) changes
  neither the view nor any AI's decision.
* The strong player's samples are consistent with everything the seat has seen.

Bigger runs are marked slow and shrink unless SHENGJI_SLOW=1.
"""

from __future__ import annotations

import copy
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from rules.actions import DealCards
from rules.ai import LEVELS, make_player
from rules.ai.base import Player
from rules.ai.basic import BasicPlayer
from rules.ai.random_player import RandomPlayer
from rules.ai.sim import playout
from rules.ai.strong import StrongPlayer
from rules.cards import counts_of, full_deck
from rules.game import Match
from rules.presets import PRESETS, preset
from tests.support.ai_helpers import (
    assert_consistent,
    drive,
    permute_hidden,
    play_until,
    sampler_at,
)

SLOW = os.environ.get("SHENGJI_SLOW") == "1"


def quick_strong() -> StrongPlayer:
    """A strong player that is fast and exactly reproducible (no time budget)."""
    return StrongPlayer(None, max_samples=2, max_candidates=3)


FACTORIES: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "simple": lambda: make_player("simple"),
    "basic": BasicPlayer,
    "strong": quick_strong,
}


# ---- driving a match with AI players --------------------------------------------------------


# ---- every action is legal ------------------------------------------------------------------


LINEUPS = [
    ("random", "random", "random", "random"),
    ("basic", "random", "basic", "random"),
    ("strong", "basic", "strong", "basic"),
    ("basic", "simple", "random", "strong"),
]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_ai_action_is_accepted(name: str) -> None:
    """Property: over random deals, levels and dealers, every AI action is legal."""
    rules = preset(name)
    seeds = range(8 if SLOW else 3)
    for seed in seeds:
        rng = random.Random(f"{name}/{seed}")
        for k, lineup in enumerate(LINEUPS):
            if "strong" in lineup and seed and not SLOW:
                continue  # the strong player is the slow one: one deal per preset
            players = [FACTORIES[x]() for x in lineup]
            if rng.random() < 0.5:
                m = Match(rules, f"legal/{name}/{seed}/{k}")  # hand 1: declaring picks the dealer
            else:
                level = rng.choice(rules.levels)
                m = Match(
                    rules,
                    f"legal/{name}/{seed}/{k}",
                    levels=(level, rng.choice(rules.levels)),
                    first_dealer=rng.randrange(4),
                )
            drive(m, players, rng, hands=2 if "strong" not in lineup else 1)
            assert m.history, "a hand was played to its end"


@pytest.mark.slow
def test_many_random_deals_stay_legal() -> None:
    """More deals of the fast levels, every preset (bigger with SHENGJI_SLOW=1)."""
    n = 12 if SLOW else 2
    for name, rules in PRESETS.items():
        for seed in range(n):
            rng = random.Random(f"many/{name}/{seed}")
            lineup = [rng.choice(["random", "basic", "simple"]) for _ in range(4)]
            players = [FACTORIES[x]() for x in lineup]
            drive(Match(rules, f"many/{name}/{seed}"), players, rng, hands=3)


def test_levels_registry() -> None:
    assert {"random", "simple", "basic", "strong"} <= set(LEVELS)
    for level in LEVELS:
        assert make_player(level).level == level
    assert isinstance(make_player("basic"), BasicPlayer)
    with pytest.raises(ValueError):
        make_player("grandmaster")


def test_random_player_leads_throws_and_units() -> None:
    """The random player attempts throws as well as single units (and the engine takes
    a failed throw as the forced unit)."""
    rules = preset("classic")
    kinds: Counter[str] = Counter()
    for seed in range(6):
        rng = random.Random(seed)
        m = Match(rules, f"rnd/{seed}", levels=(5, 5), first_dealer=0)
        players = [RandomPlayer() for _ in range(4)]

        def note(match: Match) -> bool:
            return False

        drive(m, players, rng, stop=note)
        for t in m.hand.tricks:
            kinds["multi" if len(t.plays[0][1]) > 1 else "single"] += 1
    assert kinds["single"] and kinds["multi"]


# ---- only the view ----------------------------------------------------------------------------


def test_view_holds_no_other_hand() -> None:
    """Field by field: only the seat's own hand; the kitty only for the dealer."""
    rng = random.Random(3)
    m = Match(preset("classic"), "view/1", levels=(7, 7), first_dealer=1)
    play_until(m, [BasicPlayer() for _ in range(4)], rng, plays=9)
    for seat in range(4):
        v = m.view_for(seat)
        assert sorted(v.hand or ()) == sorted(m.hand_of(seat))
        if seat != m.dealer:
            assert v.kitty_taken is None and v.buried is None
        # Own hand + played cards (+ the kitty the dealer buried): never more than
        # the deck, so no other seat's unplayed card can hide in there.
        mentioned = Counter(v.hand or ())
        for t in v.tricks:
            for _, cards in t.plays:
                mentioned.update(cards)
        for _, cards in v.current:
            mentioned.update(cards)
        if seat == m.dealer:
            mentioned.update(v.buried or ())
        assert not mentioned - Counter(full_deck(m.rules.decks))
        assert (
            sum(mentioned.values())
            + sum(v.hand_sizes[s] for s in range(4) if s != seat)
            + (0 if seat == m.dealer else m.rules.kitty_size)
            == 108
        )
        assert all(isinstance(x, int) for x in v.hand_sizes)


@pytest.mark.parametrize("level", ["random", "basic", "strong", "simple"])
def test_decisions_depend_only_on_the_view(level: str) -> None:
    """Permuting the other seats' hidden cards changes neither the view nor the choice."""
    for name, seed, plays in (("classic", 1, 5), ("classic", 2, 30), ("three-decks", 3, 14)):
        rng = random.Random(seed)
        m = Match(preset(name), f"perm/{seed}", levels=(5, 5), first_dealer=seed % 4)
        play_until(m, [BasicPlayer() for _ in range(4)], rng, plays=plays)
        assert m.phase == "playing"
        for viewer in range(4):
            m2 = permute_hidden(m, viewer, random.Random(seed * 10 + viewer))
            assert [m2.hand.hands[s] for s in range(4)] != [m.hand.hands[s] for s in range(4)]
            v1, v2 = m.view_for(viewer), m2.view_for(viewer)
            assert v1 == v2
            a1 = FACTORIES[level]().choose(v1, random.Random(99))
            a2 = FACTORIES[level]().choose(v2, random.Random(99))
            assert a1 == a2
            assert copy.deepcopy(v1) == v1  # a view is plain data


def test_declaring_decisions_depend_only_on_the_view() -> None:
    """During the deal too: other seats' cards (dealt or not) never change a choice."""
    rng = random.Random(5)
    m = Match(preset("classic"), "perm-deal", levels=(9, 9), first_dealer=2)
    m.apply(DealCards(60))
    for viewer in range(4):
        m2 = m.copy()
        # Reshuffle everything the viewer cannot see: the other hands and the undealt deck.
        h = m2.hand
        dealt_to = [(h.dealer + i) % 4 for i in range(len(h.deck))]
        hidden_idx = [i for i in range(len(h.deck)) if i >= h.dealt or dealt_to[i] != viewer]
        cards = [h.deck[i] for i in hidden_idx]
        rng.shuffle(cards)
        for i, c in zip(hidden_idx, cards, strict=True):
            h.deck[i] = c
        for s in range(4):
            if s != viewer:
                h.hands[s] = counts_of(h.deck[i] for i in range(h.dealt) if dealt_to[i] == s)
        assert m.view_for(viewer) == m2.view_for(viewer)
        for level in ("random", "basic", "strong"):
            a1 = FACTORIES[level]().choose(m.view_for(viewer), random.Random(1))
            a2 = FACTORIES[level]().choose(m2.view_for(viewer), random.Random(1))
            assert a1 == a2


# ---- the strong player's sampling and search ----------------------------------------------------


def _positions(name: str, tag: str) -> Iterator[tuple[Match, random.Random]]:
    """Three matches of preset ``name`` some plays into the hand, with their rngs."""
    rules = preset(name)
    for seed in range(3):
        rng = random.Random(seed)
        m = Match(rules, f"{tag}/{name}/{seed}", levels=(rules.levels[1],) * 2, first_dealer=seed)
        play_until(m, [BasicPlayer() for _ in range(4)], rng, plays=10 + 9 * seed)
        if m.phase == "playing":
            yield m, rng


@pytest.mark.parametrize("name", ["classic", "one-deck-two-color", "four-decks", "seed-001"])
def test_samples_are_consistent_with_what_was_seen(name: str) -> None:
    for m, rng in _positions(name, "sample"):
        for seat in range(4):
            v, pub, hand, kitty, sampler = sampler_at(m, seat)
            for _ in range(5):
                hands, hidden_kitty = sampler.sample(rng)
                assert_consistent(v, pub, seat, hand, kitty, hands, hidden_kitty)


@pytest.mark.parametrize("name", ["classic", "one-deck-two-color", "four-decks", "seed-001"])
def test_swapped_samples_stay_consistent(name: str) -> None:
    """The inference's walk (``Sampler.swap``) moves a card of one holder for one of
    another: every deal it reaches keeps the shown facts, and a refused swap changes
    nothing."""
    moved = refused = 0
    for m, rng in _positions(name, "swap"):
        for seat in range(4):
            v, pub, hand, kitty, sampler = sampler_at(m, seat)
            hands, hidden_kitty = sampler.sample(rng)
            holding = [*hands, hidden_kitty]
            for _ in range(60):
                before = [list(h) for h in holding]
                if sampler.swap(holding, rng):
                    moved += 1
                    assert holding != before
                else:
                    refused += 1
                    assert holding == before
            assert_consistent(v, pub, seat, hand, kitty, holding[:4], holding[4])
    assert moved > 100 and refused > 0


def test_swaps_keep_two_colour_pair_less_suits() -> None:
    """Two-colour play: a seat that has shown it holds no pair in a suit never gets,
    by a swap, two cards of one identity there (either colour) — a position where a
    walk of swaps would otherwise make one."""
    rules = preset("one-deck-two-color")
    rng = random.Random(4)
    m = Match(rules, "swap2c/4/30", levels=(rules.levels[1],) * 2, first_dealer=0)
    play_until(m, [BasicPlayer() for _ in range(4)], rng, plays=30)
    assert m.phase == "playing"
    for seat in range(4):
        v, pub, hand, kitty, sampler = sampler_at(m, seat)
        hands, hidden_kitty = sampler.sample(rng)
        holding = [*hands, hidden_kitty]
        for _ in range(80):
            sampler.swap(holding, rng)
        assert_consistent(v, pub, seat, hand, kitty, holding[:4], holding[4])


def test_playout_plays_the_hand_out() -> None:
    m = Match(preset("classic"), "playout", levels=(4, 4), first_dealer=3)
    play_until(m, [BasicPlayer() for _ in range(4)], random.Random(0), plays=0)
    seat = m.turn
    assert seat is not None
    _v, pub, hand, kitty, sampler = sampler_at(m, seat)
    hands, hidden = sampler.sample(random.Random(1))
    hands[seat] = list(hand)
    total = playout(pub.copy(), hands, kitty if kitty is not None else hidden)
    assert total is not None
    assert not any(any(h) for h in hands)
    assert -200 <= total <= 1000


def test_strong_is_reproducible_and_keeps_to_its_budget() -> None:
    m = Match(preset("classic"), "budget", levels=(6, 6), first_dealer=0)
    play_until(m, [BasicPlayer() for _ in range(4)], random.Random(2), plays=1)
    seat = m.turn
    assert seat is not None
    v = m.view_for(seat)
    a1 = StrongPlayer(None, max_samples=4).choose(v, random.Random(5))
    a2 = StrongPlayer(None, max_samples=4).choose(v, random.Random(5))
    assert a1 == a2
    player = StrongPlayer(60)
    t0 = time.perf_counter()
    player.choose(v, random.Random(5))
    assert time.perf_counter() - t0 < 1.0  # the budget plus at most one sample
    with pytest.raises(ValueError):
        StrongPlayer(None)


def test_strong_declares_as_basic() -> None:
    """It searches plays, the kitty and the calls; declaring is basic's."""
    m = Match(preset("classic"), "defer", levels=(8, 8), first_dealer=1)
    m.apply(DealCards(m.deal_total))
    for seat in range(4):
        v = m.view_for(seat)
        assert StrongPlayer(50).choose(v, random.Random(0)) == BasicPlayer().choose(
            v, random.Random(0)
        )


def test_the_search_overrules_the_basic_play_only_on_enough_evidence() -> None:
    from rules.ai.strong import select

    # candidate 1 gains 0.1 in 40 of 50 samples and loses 0.1 in 10: sure, but small
    rows = [[0.0, 0.1 if k % 5 else -0.1, -1.0] for k in range(50)]
    assert select(rows, [0, 1, 2], confidence=1.0) == 1
    assert select(rows[:2], [0, 1, 2], confidence=1.0) == 0  # too few samples
    assert select(rows, [0, 2], confidence=1.0) == 0  # the only alternative is worse
    # mean 0.06, sd of the gains 0.08: an effect of 0.75 sd passes, 1 sd does not
    assert select(rows, [0, 1, 2], confidence=1.0, effect=0.7) == 1
    assert select(rows, [0, 1, 2], confidence=1.0, effect=1.0) == 0
