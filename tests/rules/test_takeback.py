"""House rule ``play_takeback`` (悔牌; house-rules.md 1d play_takeback_policy:
"Whether the last player to play in a trick may take the cards back"): off (today),
last-player, penalty (each take-back costs the taker's side ``throw_penalty`` points,
like a failed throw — tournament rules charge a level; we charge points)."""

from __future__ import annotations

import random

import pytest

from rules.actions import DealCards, Play, TakeBack, action_from_dict
from rules.cards import ALL_CARDS, Card
from rules.errors import RuleError
from rules.events import TookBack
from rules.game import Match
from rules.presets import preset
from rules.record import parse_record, write_record
from rules.scoring import team_of
from rules.settings import REGISTRY


def playing(takeback: str, seed: str = "undo", name: str = "classic") -> Match:
    m = Match(REGISTRY.apply(preset(name), {"play_takeback": takeback}), seed)
    while m.phase != "playing":
        if m.phase == "dealing":
            m.apply(DealCards(m.deal_total))
            continue
        seat = next(s for s in range(m.players) if m.suggest(s) is not None)
        action = m.suggest(seat)
        assert action is not None
        m.apply(action)
    return m


def play_suggested(m: Match) -> Play:
    assert m.turn is not None
    action = m.suggest(m.turn)
    assert isinstance(action, Play)
    m.apply(action)
    return action


def test_off_refuses_a_take_back_as_today() -> None:
    m = playing("off")
    lead = play_suggested(m)
    with pytest.raises(RuleError) as err:
        m.apply(TakeBack(lead.seat))
    assert err.value.code == "takeback_off"
    assert "before_play" not in m.to_dict()  # nothing kept when the rule is off


@pytest.mark.parametrize("mode", ["last-player", "penalty"])
def test_the_last_player_takes_back_and_the_hand_is_exactly_as_before(mode: str) -> None:
    m = playing(mode)
    play_suggested(m)
    before = m.to_dict()
    second = play_suggested(m)
    events = m.apply(TakeBack(second.seat))
    assert events == [TookBack(second.seat, second.cards, 1, 10 if mode == "penalty" else 0)]
    after = m.to_dict()
    if mode == "last-player":
        assert after["hand"] == before["hand"]
    else:  # the same but the taker's side is charged like a failed throw (10 points)
        attacker = team_of(second.seat) != team_of(m.dealer or 0)
        assert after["hand"]["penalties"] == before["hand"]["penalties"] + (-10 if attacker else 10)
        after["hand"]["penalties"] = before["hand"]["penalties"]
        assert after["hand"] == before["hand"]
    assert m.turn == second.seat and m.can_take_back(second.seat) is False
    # One step only: the leader cannot now take back too.
    with pytest.raises(RuleError) as err:
        m.apply(TakeBack((second.seat - 1) % 4))
    assert err.value.code == "takeback_too_late"


def test_refused_for_another_seat_after_the_next_card_and_after_the_trick() -> None:
    m = playing("last-player")
    lead = play_suggested(m)
    with pytest.raises(RuleError) as err:
        m.apply(TakeBack((lead.seat + 1) % 4))
    assert err.value.code == "takeback_not_last"
    play_suggested(m)  # the next card: the leader's chance is gone
    with pytest.raises(RuleError) as err:
        m.apply(TakeBack(lead.seat))
    assert err.value.code == "takeback_not_last"
    play_suggested(m)
    last = play_suggested(m)  # completes the trick
    with pytest.raises(RuleError) as err:
        m.apply(TakeBack(last.seat))
    assert err.value.code == "takeback_too_late"


def test_refused_outside_play() -> None:
    m = Match(REGISTRY.apply(preset("classic"), {"play_takeback": "last-player"}), "x")
    with pytest.raises(RuleError) as err:
        m.apply(TakeBack(0))
    assert err.value.code == "wrong_phase"


def test_a_different_card_after_the_take_back() -> None:
    m = playing("last-player")
    lead = play_suggested(m)
    m.apply(TakeBack(lead.seat))
    other = next(c for c in m.hand_of(lead.seat) if c != lead.cards[0])
    m.apply(Play(lead.seat, (other,)))
    assert m.view_for(None).current == ((lead.seat, (other,)),)


def test_snapshot_record_and_action_round_trip() -> None:
    m = playing("penalty")
    play_suggested(m)
    second = play_suggested(m)
    # A restarted bot (a snapshot) can still take back.
    restored = Match.from_dict(m.to_dict())
    assert restored.to_dict() == m.to_dict()
    restored.apply(TakeBack(second.seat))
    m.apply(TakeBack(second.seat))
    assert restored.to_dict() == m.to_dict()
    assert action_from_dict(TakeBack(2).to_dict()) == TakeBack(2)
    play_suggested(m)
    text = write_record(m)
    assert f"[{second.seat}] undo" in text
    record = parse_record(text)
    assert record.actions == m.hand_log
    assert record.replay().to_dict() == m.to_dict()
    assert parse_record(write_record(record.replay())).actions == m.hand_log


def test_the_ai_and_suggest_never_take_back() -> None:
    m = playing("last-player")
    play_suggested(m)
    for seat in range(4):
        assert not isinstance(m.suggest(seat), TakeBack)


@pytest.mark.parametrize("name", ["classic", "friends-6"])
@pytest.mark.parametrize("seed", range(6))
def test_random_take_backs_never_break_card_conservation(name: str, seed: int) -> None:
    rnd = random.Random(seed)
    m = playing("penalty", f"c{seed}", name)
    total = sorted(m.hand.deck)
    hand_no = m.hand_no
    while m.hand_no == hand_no and m.phase == "playing":
        assert m.turn is not None
        last = m.hand.current.plays[-1][0] if m.hand.current and m.hand.current.plays else None
        if last is not None and m.can_take_back(last) and rnd.random() < 0.3:
            m.apply(TakeBack(last))
        else:
            play_suggested(m)
        h = m.hand
        held = [c for s in range(m.players) for c in m.hand_of(s)]
        played = [c for t in h.tricks for _, p in t.plays for c in p]
        current = [c for _, p in h.current.plays for c in p] if h.current else []
        assert sorted(held + played + current + list(h.buried)) == total
    assert m.phase in ("scored", "finished")


def test_default_json_is_unchanged() -> None:
    assert "play_takeback" not in preset("classic").to_json()
    assert ALL_CARDS and Card  # (imports used by helpers)


# ---- through the table service (stored, restarted) ----------------------------------------


async def test_the_service_takes_back_and_a_restarted_service_still_can(db) -> None:  # type: ignore[no-untyped-def]
    from bot.service import FakeClock, ServiceError
    from bot.service.house_rules import set_rules
    from tests.support.service_helpers import new_service, play_on

    ch, users = 300, (11, 12, 13, 14)
    clock = FakeClock()
    svc = new_service(db, clock)
    st = await svc.lifecycle.create_table(
        guild_id=1, channel_id=ch, creator_id=users[0], creator_name="A"
    )
    for u, n in zip(users[1:], "BCD", strict=True):
        await svc.lifecycle.join(ch, u, n)
    await set_rules(svc.core, ch, users[0], {"play_takeback": "penalty"})
    await svc.lifecycle.start_game(ch, users[0])
    tid = st.table.id
    m = await play_on(svc, clock, tid, ch, lambda m: m.phase == "playing")
    seat = m.turn
    assert seat is not None
    lead = m.suggest(seat)
    assert isinstance(lead, Play)
    await svc.moves.play(ch, users[seat], lead.cards)
    with pytest.raises(ServiceError) as err:
        await svc.moves.take_back(ch, users[(seat + 1) % 4])
    assert err.value.code == "takeback_not_last"
    assert "悔牌" in err.value.message("zh-CN")
    again = new_service(db, clock)  # a restart: the snapshot keeps the hand before the play
    await again.start()
    events = await again.moves.take_back(ch, users[seat])
    assert [type(e) for e in events] == [TookBack]
    after = again.queries.match_of(tid)
    assert (
        after is not None
        and after.turn == seat
        and len(after.hand_of(seat)) == len(m.hand_of(seat)) + len(lead.cards)
    )


@pytest.mark.parametrize("level", ["basic", "random"])
@pytest.mark.parametrize("seed", range(4))
def test_ai_matches_with_take_backs_and_withdrawals_keep_every_card(level: str, seed: int) -> None:
    """AI seats choose every move; a "human" now and then takes back a play or
    withdraws a bid. The AI never does either; cards are conserved; replay agrees."""
    from rules.actions import WithdrawBid
    from rules.ai import make_player
    from rules.game import replay

    rules = REGISTRY.apply(preset("classic"), {"play_takeback": "penalty", "bid_takeback": "on"})
    m = Match(rules, f"ai{seed}")
    rnd = random.Random(seed)
    players = [make_player(level) for _ in range(4)]
    for _ in range(3000):
        if m.phase in ("scored", "finished"):
            break
        h = m.hand
        if m.phase in ("dealing", "declaring") and h.declarations and rnd.random() < 0.2:
            m.apply(WithdrawBid(h.declarations[-1].seat))
        elif (
            m.phase == "playing"
            and h.current
            and h.current.plays
            and m.can_take_back(h.current.plays[-1][0])
            and rnd.random() < 0.2
        ):
            m.apply(TakeBack(h.current.plays[-1][0]))
        elif m.phase == "dealing":
            m.apply(DealCards(7))
        else:
            seat = next(
                s for s in range(4) if m.suggest(s) is not None
            )  # whoever has something to do
            action = players[seat].choose(m.view_for(seat), rnd)
            assert action is not None and not isinstance(action, (TakeBack, WithdrawBid))
            m.apply(action)
        h = m.hand
        if m.phase in ("playing", "scored"):  # every card in a hand, a trick or the kitty
            held = [c for s in range(4) for c in m.hand_of(s)]
            played = [c for t in h.tricks for _, p in t.plays for c in p]
            current = [c for _, p in h.current.plays for c in p] if h.current else []
            assert sorted(held + played + current + list(h.buried)) == sorted(h.deck)
    assert m.phase in ("scored", "finished"), m.phase
    again = replay(rules, f"ai{seed}", m.hand_log)
    assert again.to_dict()["hand"] == m.to_dict()["hand"]
