"""Property test: random matches under random combinations of the levels, scoring,
declaring, flow (first_dealer, bid_takeback, play_takeback) and 找朋友 house rules,
played by the AI levels.

Every action an AI chooses is legal, so is every suggestion (checked every few
actions), cards are conserved, views show a seat only
its own hand (and the kitty only to its burier until the hand is scored), and a
replay of the actions, a record and a snapshot rebuild the same match. Match ``i``
uses value ``(i + k) % len(values)`` of the k-th setting, so over N hands every
value of a setting with v values plays at least N // v hands; every other match
is a 找朋友 one (SHENGJI_SLOW=1: 400 hands, at least 50 per value of every
setting, the 找朋友 ones included).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from rules.actions import NextHand
from rules.ai import make_player
from rules.game import Match, replay
from rules.presets import preset
from rules.record import parse_record, write_record
from rules.ruleset import RuleSet
from rules.ruleset_parts import NT_RANK
from rules.settings import REGISTRY, apply
from tests.support.house_helpers import FRIEND_VALUES, VALUES, house_rules, play_hand, views_hide

SLOW = os.environ.get("SHENGJI_SLOW") == "1"

# The strong level searches (seconds a hand): it sits in one match out of eight.
LEVELS = ("random", "basic", "simple")


def run(i: int) -> int:
    """Play match ``i``'s first hand and check it; returns the level it played at."""
    rules = house_rules(i)
    rng = random.Random(f"house/{i}")
    slots = rules.players if rules.friends is not None else 2
    # Start near the interesting levels: the must-defend ranks, A and NT.
    picks = [*rules.levels[:2], *rules.levels[-3:], *rules.must_play]
    levels = [rng.choice(picks) for _ in range(slots)]
    dealer: int | None = rng.randrange(rules.players)
    if rules.first_dealer == "first-bid":  # hand 1: no dealer, the bids choose one
        levels, dealer = [levels[0]] * slots, None  # (everyone at one level, as at hand 1)
    seed = f"house-{i}"
    m = Match(rules, seed, first_dealer=dealer, levels=levels)
    players = [make_player(rng.choice(LEVELS)) for _ in range(rules.players)]
    if i % 8 == 3:
        players[rng.randrange(rules.players)] = make_player("strong")
    log = play_hand(m, players, rng)
    views_hide(m)
    assert m.phase in ("scored", "finished")
    again = replay(rules, seed, log, first_dealer=dealer, levels=levels)
    assert again.to_dict() == m.to_dict()
    assert Match.from_dict(m.to_dict()).to_dict() == m.to_dict()
    record = parse_record(write_record(m))
    assert record.replay().history[-1] == m.history[-1]
    assert RuleSet.from_json(rules.to_json()) == rules
    played = m.hand.level_rank
    if m.phase == "scored":  # the next hand starts under the same rules
        m.apply(NextHand())
        assert m.phase == "dealing"
    return played


@pytest.mark.parametrize("i", range(8))
def test_random_house_rule_hands(i: int) -> None:
    run(i)


@pytest.mark.slow
def test_random_house_rule_hands_long() -> None:
    played = Counter(run(i) for i in range(8, 408 if SLOW else 48))
    assert played[NT_RANK] > 0  # the no-trump level was played


def test_every_value_is_played_often_enough_in_the_slow_run() -> None:
    """The slow run's 408 hands (0 … 407) give every value of every setting at least
    50 hands after the fallbacks (joker_bid=all-copies and kitty_size=0 got 34); the
    default run's 48 hands give every value one at least."""
    for hands, least in ((408, 50), (48, 1)):
        counts: dict[str, Counter[str]] = {n: Counter() for n in {**VALUES, **FRIEND_VALUES}}
        for i in range(hands):
            rules = house_rules(i)
            for name in counts:
                if name in VALUES or rules.friends is not None:
                    counts[name][REGISTRY.get(name).read(rules)] += 1
        for name, vs in {**VALUES, **FRIEND_VALUES}.items():
            short = {v: counts[name][v] for v in vs if counts[name][v] < least}
            assert not short, f"{hands} hands: {name} values played too rarely: {short}"


def test_strong_ai_plays_a_short_deck_hand() -> None:
    """The strong level deals the unseen cards in its search: only cards the short
    deck has (it used to count every card once per pack)."""
    rules = apply(preset("classic"), {"short_deck": "from-5-no-jokers", "joker_bid": "off"})
    rng = random.Random("short-strong")
    m = Match(rules, "short-strong", first_dealer=0)
    players = [make_player("strong"), make_player("basic")] * 2
    play_hand(m, players, rng)
    assert m.phase == "scored"
