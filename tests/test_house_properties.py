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
from match_helpers import assert_conserved

from rules.actions import Action, DealCards, NextHand, Pass
from rules.ai import make_player
from rules.ai.base import Player
from rules.errors import RuleError
from rules.game import Match, replay
from rules.presets import preset
from rules.record import parse_record, write_record
from rules.ruleset import NT_RANK, RuleSet, RuleSetError
from rules.settings import REGISTRY, apply

SLOW = os.environ.get("SHENGJI_SLOW") == "1"

VALUES: dict[str, tuple[str, ...]] = {
    "score_step": ("auto", "30", "60"),
    "steps_to_take_over": ("1", "2", "3"),
    "deadzone": ("0", "1"),
    "hand_cap": ("none", "2"),
    "kitty_multiplier": ("power", "seed-003", "tournament", "linear"),
    "kitty_cap": ("8", "64"),
    "jack_rule": ("off", "on"),
    "must_defend": ("none", "stop:10,a", "defend:5,10,k,a"),
    "last_rank": ("a", "nt"),
    "bid_order": ("jokers-over-suits", "suit-order", "longer-only"),
    "joker_bid": ("two-or-more", "all-copies", "off"),
    "kitty_size": ("auto", "0", "12"),
    "short_deck": ("full", "from-5", "from-3-no-jokers"),
    "kitty_theft": ("off", "on"),
    # The hand's flow: who deals hand 1 (those matches start without a dealer), and
    # the rules that keep a snapshot's take-back state (nobody withdraws or undoes).
    "first_dealer": ("winning-bid", "first-bid"),
    "bid_takeback": ("off", "on"),
    "play_takeback": ("off", "last-player", "penalty"),
}
FRIEND_VALUES: dict[str, tuple[str, ...]] = {
    "friend_calls": ("auto", "1"),
    "call_policy": ("non-trump", "trumps-allowed", "no-top-card", "no-point-card"),
    "double_join": ("allowed", "ignored"),
    "small_team_bonus": ("0", "1", "2"),
}
PARTNER_BASES = ("classic", "three-decks", "tournament")
FRIEND_BASES = ("friends-6", "friends-5")
# The strong level searches (seconds a hand): it sits in one match out of eight.
LEVELS = ("random", "basic", "simple")


def house_rules(i: int) -> RuleSet:
    bases = FRIEND_BASES if i % 2 else PARTNER_BASES
    # A partner base stays for six hands, so the values (which rotate with i % 3)
    # meet every base: with i // 2 the three-deck base always met kitty_size=0 and
    # joker_bid=all-copies never met three decks (34 hands each in the slow run).
    base = preset(bases[(i // 2 if i % 2 else i // 6) % len(bases)])
    changes = {name: vs[(i + k) % len(vs)] for k, (name, vs) in enumerate(VALUES.items())}
    if base.friends is not None:  # friends matches are the odd ones: count them apart
        j = i // 2
        for k, (name, vs) in enumerate(FRIEND_VALUES.items()):
            changes[name] = vs[(j + k) % len(vs)]
    # all-copies needs three decks; 12 cards must leave a deal that divides evenly.
    fallbacks = (("joker_bid", "two-or-more"), ("kitty_size", "auto"), ("short_deck", "full"))
    for name, fallback in fallbacks:
        try:
            apply(base, {name: changes[name]})
        except RuleSetError:
            changes[name] = fallback
    if changes["kitty_size"] == "0":
        changes["kitty_theft"] = "off"  # 炒地皮 needs a kitty
    return apply(base, changes)


def _views_hide(m: Match) -> None:
    public = m.view_for(None)
    assert public.hand is None and public.kitty_taken is None
    scored = m.phase in ("scored", "finished")
    if not scored:
        assert public.buried is None
    for s in range(m.players):
        v = m.view_for(s)
        assert v.hand == tuple(m.hand_of(s))
        if s != m.burier and not scored:
            assert v.buried is None and v.kitty_taken is None


def _suggestion_is_legal(m: Match, seat: int) -> None:
    """``Match.suggest`` (the front ends' hint and 托管's move) is legal here."""
    hint = m.suggest(seat)
    assert hint is not None, f"no suggestion for seat {seat} in {m.phase}"
    copy = Match.from_dict(m.to_dict())
    try:
        copy.apply(hint)
    except RuleError as exc:  # pragma: no cover - the message is the point
        raise AssertionError(f"suggested an illegal {hint!r} under {m.rules}: {exc}") from exc


def _apply(m: Match, a: Action, who: str, log: list[Action]) -> None:
    try:
        m.apply(a)
    except RuleError as exc:  # pragma: no cover - the message is the point
        raise AssertionError(f"{who} chose an illegal action {a!r} under {m.rules}: {exc}") from exc
    log.append(a)
    assert_conserved(m)


def play_hand(m: Match, players: list[Player], rng: random.Random) -> list[Action]:
    """One hand, every seat asked whenever it may act; returns the actions applied."""
    log: list[Action] = []
    n = m.players
    for _ in range(5000):
        if m.phase in ("scored", "finished"):
            return log
        if m.phase == "dealing":
            _apply(m, DealCards(rng.randint(1, 9)), "deal", log)
            for s in rng.sample(range(n), n):
                if m.phase not in ("dealing", "declaring"):
                    break
                a = players[s].choose(m.view_for(s), rng)
                if a is not None:
                    _apply(m, a, players[s].level, log)
        elif m.phase == "declaring":
            for s in rng.sample(range(n), n):
                if m.phase != "declaring" or s in m.hand.passes:
                    continue
                a = players[s].choose(m.view_for(s), rng)
                _apply(m, a if a is not None else Pass(s), players[s].level, log)
        else:
            if m.phase == "stealing":
                s = m.steal_turn
            elif m.phase == "burying":
                s = m.burier
            else:
                s = m.dealer if m.phase == "calling" else m.turn
            assert s is not None
            if len(log) % 4 == 0:
                _suggestion_is_legal(m, s)
            a = players[s].choose(m.view_for(s), rng)
            assert a is not None, f"{players[s].level} had nothing to do in {m.phase}"
            _apply(m, a, players[s].level, log)
        if rng.random() < 0.2:
            _views_hide(m)
    raise AssertionError("the hand did not finish")


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
    _views_hide(m)
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
