"""复盘 frames (rules.replay): a finished hand's record, parsed back and replayed,
shows at every step exactly what the live match held then — every preset and a
few house-rule sets, random legal play (take-backs included)."""

from __future__ import annotations

import json
import random

import pytest

from rules.actions import Action, DealCards, Play, TakeBack
from rules.ai import make_player
from rules.game import Match
from rules.presets import ALL_PRESETS, preset
from rules.record import parse_record, write_record
from rules.replay import Frame, ReplayError, hand_replay
from rules.ruleset import RuleSet
from rules.scripted import next_scripted
from rules.settings import apply

HOUSE: dict[str, tuple[str, dict[str, str]]] = {
    "takeback": ("classic", {"play_takeback": "last-player", "throw_beating": "highest"}),
    "short": ("tournament", {"short_deck": "from-5", "kitty_multiplier": "linear"}),
    "friends-nokitty": ("friends-6", {"kitty_size": "0", "double_join": "ignored"}),
    "bombs": ("four-decks", {"bombs": "any-suit", "follow_protection": "both"}),
}


def _rules(name: str) -> RuleSet:
    if name in HOUSE:
        base, changes = HOUSE[name]
        return apply(preset(base), changes)
    return preset(name)


def _live(m: Match, kind: str, seat: int | None) -> tuple[object, ...]:
    """What a frame must show, read straight off the live match."""
    h = m.hand
    if kind == "trick":
        t = h.tricks[-1]
        trick: object = (t.leader, tuple(t.plays), t.winner, t.points)
    elif h.current is not None and h.current.plays:
        trick = (h.current.leader, tuple(h.current.plays), None, 0)
    else:
        trick = None
    hands = tuple(tuple(m.hand_of(s)) for s in range(m.players))
    team = tuple(s for s in range(m.players) if m.on_dealer_team(s))
    return (kind, seat, hands, trick, len(h.tricks), h.attackers_points + h.penalties, team)


def _shown(f: Frame) -> tuple[object, ...]:
    t = f.trick
    trick = None if t is None else (t.leader, t.plays, t.winner, t.points)
    return (f.kind, f.seat, f.hands, trick, f.tricks_done, f.attackers_points, f.team)


def _play_hand(m: Match, rng: random.Random) -> list[tuple[object, ...]]:
    """Random legal play to the end of the hand; the live state after each step."""
    players = [make_player("random") for _ in range(m.players)]
    states: list[tuple[object, ...]] = []
    for _ in range(5000):
        if m.phase == "scored" or m.phase == "finished":
            return states
        if m.phase != "playing":
            m.apply(next_scripted(m))
            if m.phase == "playing" and not states:
                states.append(_live(m, "start", None))
            continue
        seat = m.turn
        assert seat is not None
        if m.rules.play_takeback != "off" and m.hand.current and rng.random() < 0.05:
            last = m.hand.current.plays[-1][0] if m.hand.current.plays else None
            if last is not None:
                m.apply(TakeBack(last))
                states.append(_live(m, "undo", last))
                continue
        action: Action | None = players[seat].choose(m.view_for(seat), rng)
        assert isinstance(action, Play)
        before = len(m.hand.tricks)
        m.apply(action)
        states.append(_live(m, "trick" if len(m.hand.tricks) > before else "play", seat))
    raise AssertionError("the hand did not finish")


@pytest.mark.parametrize("name", [*ALL_PRESETS, *HOUSE])
def test_replay_shows_every_step_as_it_was(name: str) -> None:
    rules = _rules(name)
    m = Match(rules, f"replay-{name}", first_dealer=1)
    states = _play_hand(m, random.Random(name))
    text = write_record(m)
    replay = hand_replay(parse_record(text))
    assert [_shown(f) for f in replay.frames] == states
    assert [f.index for f in replay.frames] == list(range(len(states)))
    assert replay.summary == m.history[-1]
    # Each trick's end frame is the engine's trick, in order; the last one empties the hands.
    ends = replay.trick_frames()
    assert len(ends) == len(m.hand.tricks)
    for n, t in enumerate(m.hand.tricks, 1):
        shown = replay.frame_of_trick(n).trick
        assert shown is not None and (shown.winner, shown.points) == (t.winner, t.points)
    assert all(not h for h in replay.frames[-1].hands)
    assert replay.buried == tuple(m.hand.buried)
    assert sorted(replay.kitty) == sorted(m.hand.deck[m.deal_total :])
    # The viewers' JSON carries every frame and the same result.
    data = json.loads(json.dumps(replay.to_dict()))
    assert len(data["frames"]) == len(states)
    assert data["summary"]["attackers_points"] == m.history[-1].attackers_points


def test_a_hand_in_progress_has_no_replay() -> None:
    m = Match(preset("classic"), "in-progress", first_dealer=0)
    while m.phase != "playing":
        m.apply(next_scripted(m))
    for _ in range(6):  # a trick and a half
        m.apply(next_scripted(m))
    with pytest.raises(ReplayError):
        hand_replay(parse_record(write_record(m)))
    fresh = Match(preset("classic"), "dealing", first_dealer=0)
    fresh.apply(DealCards(10))
    with pytest.raises(ReplayError):
        hand_replay(parse_record(write_record(fresh)))


def test_frame_of_trick_bounds() -> None:
    m = Match(preset("one-deck"), "bounds", first_dealer=2)
    while m.phase != "scored":
        m.apply(next_scripted(m))
    replay = hand_replay(parse_record(write_record(m)))
    assert replay.frame_of_trick(0) is replay.frames[0]
    n = len(replay.trick_frames())
    assert replay.frame_of_trick(n) is replay.frames[-1]
    with pytest.raises(IndexError):
        replay.frame_of_trick(n + 1)


@pytest.mark.parametrize("name", ["classic", "friends-5"])
def test_a_stolen_kitty_replays_with_its_burier(name: str) -> None:
    """炒地皮: the kitty buried at the end is the thief's, not the dealer's; the
    replay says who buried it, and the kitty the dealer picked up is the one dealt."""
    from tests.support.replay_helpers import stolen_record

    record = parse_record(stolen_record(name))
    m = record.replay()
    replay = hand_replay(record)
    assert m.burier is not None and m.burier != m.dealer
    assert (replay.dealer, replay.burier) == (m.dealer, m.burier)
    assert replay.buried == tuple(m.hand.buried)
    data = replay.to_dict()
    assert data["burier"] == m.burier
    json.dumps(data)
    # the start frame is the table once the stealing is over, the rest the engine's
    live = record.start()
    for a in record.actions:
        live.apply(a)
        if live.phase == "playing":
            break
    assert replay.frames[0].hands == tuple(tuple(live.hand_of(s)) for s in range(live.players))
    assert replay.frames[-1].tricks_done == len(m.hand.tricks)
    assert replay.summary == m.history[-1]
