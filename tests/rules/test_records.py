"""Snapshots, replays and hand records.

* ``Match.to_dict`` / ``Match.from_dict`` survive JSON losslessly at every step and the
  restored match continues exactly like the original;
* ``replay(rules, seed, actions)`` rebuilds the identical state (property test over
  random matches of every preset, mostly one deck to stay fast);
* ``write_record`` / ``parse_record(...).replay()`` rebuild the hand and write back the
  same text;
* every action survives ``to_dict`` / ``action_from_dict`` (and JSON).
"""

from __future__ import annotations

import copy
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.actions import (
    Action,
    Bury,
    DealCards,
    Declare,
    NextHand,
    Pass,
    Play,
    action_from_dict,
)
from rules.cards import ALL_CARDS, Card
from rules.declare import possible_declarations
from rules.events import HandScored, Redealt
from rules.game import Match, replay
from rules.presets import PRESETS
from rules.record import RecordError, parse_record, write_record
from rules.ruleset import RuleSet
from tests.support.random_play import random_action

SLOW = os.environ.get("SHENGJI_SLOW") == "1"


# ---- a random legal player ------------------------------------------------------------------


def json_copy(m: Match) -> Match:
    return Match.from_dict(json.loads(json.dumps(m.to_dict())))


# ---- to_dict / from_dict --------------------------------------------------------------------

ROUND_TRIP_HANDS = {"one-deck": 3, "one-deck-two-color": 2}


@pytest.mark.parametrize("name", list(PRESETS))
def test_json_round_trip_is_lossless_at_every_step(name: str) -> None:
    rules = PRESETS[name]
    seed = f"roundtrip/{name}"
    m = Match(rules, seed)
    rng = random.Random(seed)
    hands = ROUND_TRIP_HANDS.get(name, 1) * (3 if SLOW else 1)
    steps = 0
    while m.phase != "finished" and m.hand_no <= hands:
        d = m.to_dict()
        text = json.dumps(d, ensure_ascii=False)
        m2 = Match.from_dict(json.loads(text))
        assert m2.to_dict() == d
        assert json.dumps(m2.to_dict(), ensure_ascii=False) == text
        a = random_action(m, rng)
        if steps % 7 == 0:  # the restored match sees and does exactly the same
            for seat in (None, 0, 1, 2, 3):
                assert m2.view_for(seat) == m.view_for(seat)
            assert [m2.suggest(s) for s in range(4)] == [m.suggest(s) for s in range(4)]
            assert m2.apply(a) == m.apply(a)
            assert m2.to_dict() == m.to_dict()
        else:
            m.apply(a)
        steps += 1
    assert steps > 20


def test_round_trip_of_a_finished_match() -> None:
    rules = PRESETS["one-deck"]
    m = Match(rules, "finished-roundtrip")
    rng = random.Random(5)
    while m.phase != "finished":
        m.apply(random_action(m, rng))
    m2 = json_copy(m)
    assert m2.to_dict() == m.to_dict()
    assert (m2.winner, m2.phase, m2.levels) == (m.winner, "finished", m.levels)
    assert m2.history == m.history
    assert m2.copy().to_dict() == m.to_dict()


def test_round_trip_after_a_first_hand_declaration_at_custom_levels() -> None:
    m = Match(PRESETS["classic"], "custom-levels", levels=(5, 3))
    m.apply(DealCards(108))
    seat, decl = next(
        (s, d)
        for s in range(4)
        for d in possible_declarations(m.rules, m.hand.level_rank, s, m.hand.hands[s], None)
    )
    m.apply(Declare(seat, decl.cards))
    for s in range(4):
        m.apply(Pass(s))
    assert m.phase == "burying"
    assert json_copy(m).to_dict() == m.to_dict()


def test_round_trip_keeps_rules_equal_to_the_preset() -> None:
    for name, rules in PRESETS.items():
        m = Match(rules, "rules")
        assert json_copy(m).rules == rules, name


# ---- replay ----------------------------------------------------------------------------------

# Mostly one deck (fast); every preset appears.
REPLAY_PRESETS = ["one-deck"] * 6 + ["one-deck-two-color"] * 3 + list(PRESETS)


def _random_prefix(name: str, seed: int, hands: int, cut: float) -> tuple[Match, list[Action]]:
    """A random match stopped after ``hands`` hands or at a random point of the last."""
    rules = PRESETS[name]
    m = Match(rules, f"replay/{seed}")
    rng = random.Random(seed)
    actions: list[Action] = []
    while m.phase != "finished" and m.hand_no <= hands:
        if m.hand_no == hands and m.phase == "playing" and rng.random() < cut * 0.05:
            break
        a = random_action(m, rng, declare=0.1)
        m.apply(a)
        actions.append(a)
    return m, actions


@settings(
    max_examples=1000 if SLOW else 200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    name=st.sampled_from(REPLAY_PRESETS),
    seed=st.integers(0, 10**9),
    hands=st.integers(1, 2),
    cut=st.floats(0, 1),
)
def test_replay_rebuilds_the_identical_state(name: str, seed: int, hands: int, cut: float) -> None:
    if PRESETS[name].decks > 1:
        hands = 1  # keep the big decks to one hand
    m, actions = _random_prefix(name, seed, hands, cut)
    r = replay(PRESETS[name], f"replay/{seed}", actions)
    assert r.to_dict() == m.to_dict()


def test_replay_across_a_redeal_and_several_hands() -> None:
    rules = PRESETS["classic"]
    m = Match(rules, "redeal-replay")
    actions: list[Action] = [DealCards(200)] + [Pass(s) for s in range(4)]
    for a in actions:
        ev = m.apply(a)
    assert isinstance(ev[-2], Redealt)
    rng = random.Random(3)
    while m.hand_no <= 2 and m.phase != "finished":
        a = random_action(m, rng)
        m.apply(a)
        actions.append(a)
    assert m.hand_no == 3
    assert replay(rules, "redeal-replay", actions).to_dict() == m.to_dict()


def test_replay_of_one_hand_from_its_start() -> None:
    """The current hand's log replays from a match that starts at this hand."""
    rules = PRESETS["qq-super"]
    m = Match(rules, "hand-replay")
    rng = random.Random(11)
    while m.hand_no < 3:
        m.apply(random_action(m, rng))
    start = copy.deepcopy(m)
    for _ in range(150):
        if m.phase == "scored":
            break
        m.apply(random_action(m, rng))
    assert m.hand_no == 3 and len(m.hand_log) > 10
    r = replay(
        rules,
        "hand-replay",
        m.hand_log,
        first_dealer=start.dealer,
        levels=(start.levels[0], start.levels[1]),
        hand_no=3,
        redeals=start.hand.redeals,
    )
    assert r.to_dict()["hand"] == m.to_dict()["hand"]


# ---- hand records ------------------------------------------------------------------------------


def _tricks(m: Match) -> list[tuple[object, ...]]:
    return [(t.trick_no, t.leader, tuple(t.plays), t.winner, t.points) for t in m.hand.tricks]


def check_record(m: Match) -> str:
    text = write_record(m)
    rec = parse_record(text)
    r = rec.replay()
    assert write_record(r) == text
    assert _tricks(r) == _tricks(m)
    assert r.phase == m.phase
    assert r.levels == m.levels
    assert r.hand.dealer == m.hand.dealer
    assert r.hand.trump_suit == m.hand.trump_suit
    assert r.to_dict()["hand"] == m.to_dict()["hand"]
    if m.history and m.history[-1].hand_no == m.hand.hand_no:
        assert r.history[-1] == m.history[-1]
    assert rec.rules() == m.rules
    return text


RECORD_PRESETS = list(PRESETS)


@pytest.mark.parametrize("name", RECORD_PRESETS)
def test_records_round_trip_for_every_hand(name: str) -> None:
    rules = PRESETS[name]
    seed = f"records/{name}"
    m = Match(rules, seed)
    rng = random.Random(seed)
    hands = (6 if SLOW else 3) if rules.decks == 1 else (3 if SLOW else 1)
    checked = 0
    step = 0
    while m.phase != "finished" and m.hand_no <= hands:
        ev = m.apply(random_action(m, rng))
        step += 1
        if any(isinstance(e, HandScored) for e in ev) or step % 37 == 0:
            check_record(m)
            checked += 1
    assert checked >= 2


# Every way a match can start (issue 11, item 19): a fresh match, or one positioned at
# a given hand with or without a first dealer, custom levels (equal or not) and redeals.
START_PRESETS = ["one-deck", "one-deck-two-color", "classic", "seed-001", "tournament"]


@st.composite
def match_starts(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    name = draw(st.sampled_from(START_PRESETS))
    levels = PRESETS[name].levels
    kwargs: dict[str, object] = {}
    if draw(st.booleans()):
        kwargs["first_dealer"] = draw(st.integers(0, 3))
    if draw(st.booleans()):
        kwargs["levels"] = (draw(st.sampled_from(levels)), draw(st.sampled_from(levels)))
    if draw(st.booleans()):
        kwargs["hand_no"] = draw(st.integers(1, 4))
    if draw(st.booleans()):
        kwargs["redeals"] = draw(st.integers(0, 2))
    return name, kwargs


@settings(
    max_examples=60 if SLOW else 20,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(start=match_starts(), seed=st.integers(0, 2**16))
def test_every_way_a_match_starts_writes_records_that_replay(
    start: tuple[str, dict[str, object]], seed: int
) -> None:
    name, kwargs = start
    m = Match(PRESETS[name], f"starts/{seed}", **kwargs)  # type: ignore[arg-type]
    rng = random.Random(seed)
    checked = 0
    step = 0
    while m.phase != "finished" and m.hand_no <= int(kwargs.get("hand_no", 1)) + 1:  # type: ignore[call-overload]
        ev = m.apply(random_action(m, rng, declare=0.4))
        step += 1
        if any(isinstance(e, (HandScored, Redealt)) for e in ev) or step % 41 == 0:
            check_record(m)
            checked += 1
    assert checked


def test_record_of_a_first_hand_with_a_given_dealer_replays() -> None:
    """bench.ai starts each hand as ``Match(levels=…, first_dealer=…)``: its records
    must name that dealer and replay (they wrote ``StartDealer "-"`` and failed)."""
    m = Match(PRESETS["classic"], "given-dealer", levels=(7, 7), first_dealer=2)
    rng = random.Random(3)
    while m.phase != "scored":
        m.apply(random_action(m, rng, declare=0.5))
    text = check_record(m)
    assert '[StartDealer "2"]' in text


def test_record_of_the_winning_hand_replays_to_the_win() -> None:
    rules = PRESETS["one-deck"]
    m = Match(rules, "record-win")
    rng = random.Random(12)
    while m.phase != "finished":
        m.apply(random_action(m, rng))
    check_record(m)
    r = parse_record(write_record(m)).replay()
    assert (r.phase, r.winner) == ("finished", m.winner)


def test_record_of_a_redealt_first_hand() -> None:
    rules = PRESETS["tournament"]
    m = Match(rules, "record-redeal")
    m.apply(DealCards(100))
    for s in range(4):
        m.apply(Pass(s))
    assert m.hand.redeals == 1
    text = check_record(m)
    assert '[Redeal "1"]' in text and '[StartDealer "-"]' in text
    rng = random.Random(2)
    while m.phase != "scored":
        m.apply(random_action(m, rng, declare=0.5))
    text = check_record(m)
    assert '[Hand "1"]' in text and "[Result " in text


def test_record_with_custom_rules_carries_the_rule_set() -> None:
    rules = PRESETS["classic"].with_overrides(name="house", throw_penalty=0, kitty_scheme="linear")
    m = Match(rules, "house-rules")
    rng = random.Random(9)
    while m.phase != "scored":
        m.apply(random_action(m, rng))
    text = check_record(m)
    header = parse_record(text).headers["Rules"]
    assert RuleSet.from_json(header) == rules


def test_record_of_a_later_hand_mid_play() -> None:
    rules = PRESETS["classic"]
    m = Match(rules, "record-later")
    rng = random.Random(4)
    while m.hand_no < 2:
        m.apply(random_action(m, rng))
    while not (m.phase == "playing" and len(m.hand.tricks) >= 5 and m.hand.current.plays):  # type: ignore[union-attr]
        m.apply(random_action(m, rng))
    text = check_record(m)
    assert '[Hand "2"]' in text and f'[StartDealer "{m.dealer}"]' in text


def test_record_comments_are_ignored() -> None:
    rules = PRESETS["one-deck"]
    m = Match(rules, "comments")
    rng = random.Random(8)
    while m.phase != "scored":
        m.apply(random_action(m, rng))
    text = write_record(m)
    lines = text.splitlines()
    body_start = lines.index("")
    noisy = [*lines[: body_start + 1], "; a comment line"]
    for line in lines[body_start + 1 :]:
        noisy.append(line + " {a note}")
        noisy.append("   ; another")
    r = parse_record("\n".join(noisy)).replay()
    assert write_record(r) == text


def test_record_errors() -> None:
    m = Match(PRESETS["classic"], "record-errors")
    m.apply(DealCards(108))
    head = write_record(m).split("\n\n")[0]
    with pytest.raises(RecordError):
        parse_record(head + "\n\nthis is not a record line\n")
    with pytest.raises(RecordError):
        parse_record(head + "\n\n@50 1: ♥2\n@10 2: ♠2\n")  # declarations out of order
    no_dealer = head.replace('[Dealer "-"]', "")
    with pytest.raises(RecordError):
        parse_record(no_dealer + "\n\nbury: ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9\n")


# ---- actions ------------------------------------------------------------------------------------

cards_st = st.lists(st.sampled_from(ALL_CARDS), max_size=12).map(tuple)
seat_st = st.integers(0, 3)
action_st = st.one_of(
    st.builds(DealCards, st.integers(1, 300)),
    st.builds(Declare, seat_st, cards_st),
    st.builds(Pass, seat_st),
    st.builds(Bury, seat_st, cards_st),
    st.builds(Play, seat_st, cards_st),
    st.just(NextHand()),
)


@settings(max_examples=300, deadline=None, database=None)
@given(action_st)
def test_action_dict_round_trip(action: Action) -> None:
    d = action.to_dict()
    assert d["type"] == action.kind
    back = action_from_dict(d)
    assert back == action and type(back) is type(action)
    assert action_from_dict(json.loads(json.dumps(d))) == action
    for name in ("cards",):
        if hasattr(back, name):
            assert all(isinstance(c, Card) for c in getattr(back, name))
            assert getattr(back, name) == getattr(action, name)  # order kept


def test_every_logged_action_round_trips() -> None:
    for name in ("classic", "three-decks"):
        m = Match(PRESETS[name], f"log/{name}")
        rng = random.Random(1)
        while m.phase not in ("scored", "finished"):
            m.apply(random_action(m, rng))
        assert m.hand_log
        for a in m.hand_log:
            assert action_from_dict(json.loads(json.dumps(a.to_dict()))) == a


def test_unknown_action_type_is_refused() -> None:
    with pytest.raises(ValueError):
        action_from_dict({"type": "cheat", "seat": 0})
    with pytest.raises(ValueError):
        action_from_dict({})
