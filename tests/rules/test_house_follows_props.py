"""House rules, follows and throws: random matches under random combinations of the
settings (issue 20). Every hand: the AI's actions are legal, every suggestion is legal,
cards are conserved, views hide every other hand, and the replay is identical.

The default run plays a few hands; ``SHENGJI_SLOW=1`` plays enough that every value of
every setting is in at least 50 hands (settings rotate, so the count is exact).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import asdict

import pytest

from rules.actions import Action, DealCards, Pass, Play
from rules.ai import make_player
from rules.cards import NUM_CARDS, Card
from rules.errors import RuleError
from rules.game import Match, replay
from rules.options import play_options
from rules.play import check_follow, check_lead, make_lead
from rules.presets import preset
from rules.ruleset import RuleSet
from rules.settings import REGISTRY, apply

SLOW = os.environ.get("SHENGJI_SLOW") == "1"
# Bombs need four decks: half the hands are four-deck ones, so 300 hands give every
# bombs value 50 hands and every other value at least 60.
HANDS = 300 if SLOW else 10
SETTINGS = [s for s in REGISTRY.in_group("follows") if s.name != "throw_penalty"]


def values_of(name: str, decks: int) -> list[str]:
    s = REGISTRY.get(name)
    if s.choices:
        return list(s.choices) if name != "bombs" or decks >= 4 else ["off"]
    if name == "tractor_min_length":
        return ["2", "3", "4"]
    return ["2", "3"] if decks >= 3 else ["2"]


def rules_for(k: int) -> RuleSet:
    """Hand k's rules: the settings' values rotate with k (offset per setting)."""
    name = "four-decks" if k % 2 else ("three-decks" if k % 4 == 2 else "classic")
    if k % 8 == 4:
        name = "friends-5"  # 找朋友, five seats, two decks
    base = preset(name)
    changes: dict[str, str] = {"throw_penalty": str(5 * (k % 3))}
    for j, s in enumerate(SETTINGS):
        vals = values_of(s.name, base.decks)
        changes[s.name] = vals[(k // 2 + j) % len(vals)]
    return apply(base, changes)


def check_view(m: Match, seat: int) -> None:
    """The seat's view holds its own hand and nothing of another's."""
    view = m.view_for(seat)
    assert view.hand == tuple(m.hand_of(seat))
    public = asdict(m.view_for(None))
    mine = asdict(view)
    # Apart from its own cards (and the dealer's kitty), a seat sees what everyone sees.
    for key in ("hand", "kitty_taken", "buried", "seat", "level_rank"):
        mine.pop(key)
        public.pop(key)
    assert mine == public


def check_suggestions(m: Match, seat: int) -> None:
    view = m.view_for(seat)
    ctx = m.context
    hand = m.hand.hands[seat]
    others = [m.hand.hands[s] for s in range(m.rules.players) if s != seat]
    lead = m.current_lead()
    for opt in play_options(view, limit=12):
        cards = [int(c) for c in opt.cards]
        if lead is None:
            check_lead(ctx, hand, cards, others)  # raises if refused
        else:
            check_follow(ctx, hand, lead, cards)


def play_hand(k: int) -> None:
    rules = rules_for(k)
    seed = f"house-follows/{k}"
    m = Match(rules, seed)
    rng = random.Random(k)
    levels = ["random", "basic", "basic", "random"] if rules.decks > 2 else ["random", "basic"]
    if k % 5 == 0 and rules.decks == 2 and rules.players == 4:
        levels = ["strong", "basic"]
    if SLOW and k % 25 == 1:
        levels = ["strong"]  # a few four-deck hands of strong players only (~20 s each)
    players = [make_player(levels[s % len(levels)]) for s in range(rules.players)]
    actions: list[Action] = []

    def act(a: Action) -> None:
        m.apply(a)  # raises RuleError for an illegal action
        actions.append(a)

    steps = 0
    while m.phase not in ("scored", "finished"):
        steps += 1
        assert steps < 5000
        if m.phase == "dealing":
            act(DealCards(50))
            continue
        if m.phase == "declaring":
            for s in range(rules.players):
                if m.phase == "declaring" and s not in m.hand.passes:
                    a = players[s].choose(m.view_for(s), rng)
                    act(a if a is not None else Pass(s))
            continue
        seat = m.dealer if m.phase in ("burying", "calling") else m.turn
        assert seat is not None
        if m.phase == "playing":
            check_view(m, seat)
            check_suggestions(m, seat)
        a = players[seat].choose(m.view_for(seat), rng)
        assert a is not None
        if isinstance(a, Play) and m.current_lead() is not None:
            check_follow(m.context, m.hand.hands[seat], m.current_lead(), [int(c) for c in a.cards])
        act(a)
    # Cards: every card dealt was played or buried.
    h = m.hand
    got = Counter(c for t in h.tricks for _, p in t.plays for c in p) + Counter(h.buried)
    assert got == Counter({Card(c): rules.decks for c in range(NUM_CARDS)})
    assert replay(rules, seed, actions).to_dict() == m.to_dict()


@pytest.mark.slow
@pytest.mark.parametrize("k", range(HANDS))
def test_random_hands_under_house_rules(k: int) -> None:
    play_hand(k)


def test_every_value_is_played_often_enough_in_the_slow_run() -> None:
    seen: Counter[tuple[str, str]] = Counter()
    for k in range(300):
        rs = rules_for(k)
        for s in SETTINGS:
            seen[(s.name, s.read(rs))] += 1
    for s in SETTINGS:
        for v in values_of(s.name, 4):
            assert seen[(s.name, v)] >= 50, (s.name, v)


def test_refusals_change_nothing() -> None:
    m = Match(apply(preset("classic"), {"throws": "forbidden"}), "refuse")
    while m.phase != "playing":
        a = m.suggest(m.dealer if m.phase == "burying" else 0) if m.phase != "dealing" else None
        if m.phase == "dealing":
            m.apply(DealCards(200))
        elif m.phase == "declaring":
            for s in range(4):
                if s not in m.hand.passes:
                    m.apply(Pass(s))
        else:
            assert a is not None
            m.apply(a)
    seat = m.turn
    assert seat is not None
    ctx = m.context
    hand = m.hand.hands[seat]
    suits: dict[int, list[int]] = {}
    for c in range(NUM_CARDS):
        suits.setdefault(ctx.suit_of[c], []).extend([c] * hand[c])
    cards = next(cs for cs in suits.values() if len(make_lead(ctx, cs).units) > 1)
    before = m.to_dict()
    with pytest.raises(RuleError) as exc:
        m.apply(Play(seat, tuple(Card(c) for c in cards)))
    assert exc.value.code == "throws_forbidden"
    assert m.to_dict() == before


def test_snapshots_and_records_carry_the_house_rules() -> None:
    """A match under house rules round-trips through its JSON snapshot and its hand
    record with the same rules, and the record's replay plays the same tricks."""
    import json

    from rules.record import parse_record, write_record

    k = 3  # four decks: bombs, longer-tuples, …
    rules = rules_for(k)
    assert rules != preset("four-decks")
    m = Match(rules, "carry")
    rng = random.Random(1)
    players = [make_player("random") for _ in range(4)]
    while m.phase not in ("scored", "finished"):
        if m.phase == "dealing":
            m.apply(DealCards(100))
            continue
        if m.phase == "declaring":
            for s in range(4):
                if m.phase == "declaring" and s not in m.hand.passes:
                    m.apply(Pass(s))
            continue
        seat = m.dealer if m.phase == "burying" else m.turn
        assert seat is not None
        a = players[seat].choose(m.view_for(seat), rng)
        assert a is not None
        m.apply(a)
    back = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert back.rules == rules and back.to_dict() == m.to_dict()
    text = write_record(m)
    r = parse_record(text).replay()
    assert r.rules == rules and write_record(r) == text
