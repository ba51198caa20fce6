"""House-rule matches for property tests: ``house_rules(i)``, the i-th combination of
the levels, scoring, declaring, flow and 找朋友 settings (each value of a setting
with v values meets every v-th match), and ``play_hand``, one hand with every seat
asked whenever it may act, each action checked legal, cards conserved, views hiding
what they must and the front ends' suggestion legal every few actions."""

from __future__ import annotations

import random

from rules.actions import Action, DealCards, Pass
from rules.ai.base import Player
from rules.errors import RuleError
from rules.game import Match
from rules.presets import preset
from rules.ruleset import RuleSet, RuleSetError
from rules.settings import apply
from tests.support.match_helpers import assert_conserved

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


def views_hide(m: Match) -> None:
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
            views_hide(m)
    raise AssertionError("the hand did not finish")
