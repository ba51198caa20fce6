"""Concurrent calls into one table service: two plays for one seat, a play racing
the turn timer, duplicate delivery of one action (same idempotency key, also to a
second process), seats taken at the same moment, and players leaving mid-hand
while moves are in flight. Every race must end with exactly one outcome stored
and nothing but ServiceErrors reaching the callers.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.service import FakeClock, Notice, Public, ServiceError, TableService
from rules.actions import Play
from rules.events import Played
from rules.game import Match
from rules.notation import format_cards
from storage import Database
from tests.support.service_helpers import NAMES, new_service

CH = 9001
USERS = (301, 302, 303, 304)


def service(db: Database, clock: FakeClock, **kw: Any) -> TableService:
    return new_service(db, clock, seed="race", **kw)


async def playing_table(svc: TableService) -> int:
    """Four humans, dealt, trump fixed, kitty buried: the dealer is to lead."""
    st = await svc.lifecycle.create_table(
        guild_id=1,
        channel_id=CH,
        creator_id=USERS[0],
        creator_name=NAMES[0],
        preset_name="one-deck",
    )
    for user, name in zip(USERS[1:], NAMES[1:], strict=True):
        await svc.lifecycle.join(CH, user, name)
    await svc.lifecycle.start_game(CH, USERS[0])
    tid = st.table.id
    for _ in range(100):
        m = match(svc, tid)
        if m.phase == "playing":
            return tid
        if m.phase == "declaring":
            seat = next(s for s in range(4) if s not in m.hand.passes)
            await svc.moves.pass_(CH, USERS[seat])
        elif m.phase == "burying":
            assert m.dealer is not None
            a = m.suggest(m.dealer)
            await svc.moves.bury(CH, USERS[m.dealer], format_cards(a.cards))  # type: ignore[union-attr]
        else:
            raise AssertionError(m.phase)
    raise AssertionError("no play phase")


def match(svc: TableService, tid: int) -> Match:
    m = svc.queries.match_of(tid)
    assert m is not None
    return m


def lead_choices(m: Match, seat: int) -> tuple[str, str]:
    """Two different single-card leads the seat could make."""
    hand = m.hand_of(seat)
    distinct = sorted(set(hand))
    assert len(distinct) >= 2
    return format_cards([distinct[0]]), format_cards([distinct[-1]])


async def stored(svc: TableService, tid: int) -> list[Any]:
    info = await svc.core.store.get_table(tid)
    return await svc.core.store.match_actions(info.current_match_id or 0)


def split(results: list[Any]) -> tuple[list[Any], list[ServiceError]]:
    ok = [r for r in results if not isinstance(r, BaseException)]
    errors = [r for r in results if isinstance(r, BaseException)]
    for e in errors:
        assert isinstance(e, ServiceError), repr(e)  # nothing else may escape
    return ok, errors  # type: ignore[return-value]


# ---- one seat, two moves -------------------------------------------------------------


@pytest.mark.parametrize("keys", [False, True])
async def test_two_plays_for_one_seat(db: Database, keys: bool) -> None:
    clock = FakeClock()
    svc = service(db, clock)
    tid = await playing_table(svc)
    m = match(svc, tid)
    leader = m.turn
    assert leader is not None and not m.hand.current.plays  # type: ignore[union-attr]
    a, b = lead_choices(m, leader)
    before = await stored(svc, tid)
    results = await asyncio.gather(
        svc.moves.play(CH, USERS[leader], a, key="k-a" if keys else None),
        svc.moves.play(CH, USERS[leader], b, key="k-b" if keys else None),
        return_exceptions=True,
    )
    ok, errors = split(results)
    assert len(ok) == 1 and len(errors) == 1
    assert errors[0].code in ("not_your_turn", "not_held")
    after = await stored(svc, tid)
    assert len(after) == len(before) + 1
    new = after[-1]
    assert isinstance(new, Play) and new.seat == leader
    assert format_cards(new.cards) == (a if results[0] is ok[0] else b)
    assert m.hand.current.plays == [(leader, new.cards)]  # type: ignore[union-attr]
    assert m.turn == (leader + 1) % 4
    # The rules state and storage agree.
    fresh = service(db, clock)
    await fresh.start()
    assert match(fresh, tid).to_dict() == m.to_dict()


async def test_same_move_delivered_twice(db: Database) -> None:
    """The same interaction delivered twice at once (same key): applied once."""
    clock = FakeClock()
    svc = service(db, clock)
    tid = await playing_table(svc)
    m = match(svc, tid)
    leader = m.turn
    assert leader is not None
    cards, _ = lead_choices(m, leader)
    before = await stored(svc, tid)
    results = await asyncio.gather(
        *(svc.moves.play(CH, USERS[leader], cards, key="interaction-1") for _ in range(3)),
        return_exceptions=True,
    )
    ok, errors = split(results)
    assert len(ok) == 1
    assert [e.code for e in errors] == ["duplicate", "duplicate"]
    assert len(await stored(svc, tid)) == len(before) + 1
    # Later redelivery, also to another process on the same database.
    other = service(db, clock)
    assert await other.start() == 1
    for s in (svc, other):
        with pytest.raises(ServiceError) as err:
            await s.moves.play(CH, USERS[leader], cards, key="interaction-1")
        assert err.value.code == "duplicate"
    assert len(await stored(svc, tid)) == len(before) + 1
    assert match(other, tid).to_dict() == m.to_dict()


async def test_stale_process_is_refused_and_reloaded(db: Database) -> None:
    """A second process that missed an action cannot store a move on its stale
    state: it catches up from storage and answers from the current state (the
    leader has played, so it is not their turn any more)."""
    clock = FakeClock()
    svc = service(db, clock)
    tid = await playing_table(svc)
    other = service(db, clock)
    assert await other.start() == 1
    m = match(svc, tid)
    leader = m.turn
    assert leader is not None
    cards, _ = lead_choices(m, leader)
    await svc.moves.play(CH, USERS[leader], cards, key="first")
    count = len(await stored(svc, tid))
    # ``other`` still believes the leader is to play.
    assert match(other, tid).turn == leader
    _, again = lead_choices(match(other, tid), leader)
    with pytest.raises(ServiceError) as err:
        await other.moves.play(CH, USERS[leader], again, key="second")
    assert err.value.code == "not_your_turn"
    assert len(await stored(svc, tid)) == count
    assert match(other, tid).to_dict() == m.to_dict()  # reloaded from storage
    nxt = m.turn
    assert nxt is not None
    follow = m.suggest(nxt)
    assert isinstance(follow, Play)
    await other.moves.play(CH, USERS[nxt], format_cards(follow.cards))
    assert len(await stored(svc, tid)) == count + 1


# ---- a move racing the turn timer ----------------------------------------------------


@pytest.mark.parametrize("order", ["play_first", "tick_first"])
@pytest.mark.parametrize("key", [None, "k-1"])
async def test_play_races_the_turn_timer(db: Database, order: str, key: str | None) -> None:
    clock = FakeClock()
    svc = service(db, clock, turn_seconds=30)
    notices: list[Notice] = []
    svc.core.subscribe(notices.append)
    tid = await playing_table(svc)
    m = match(svc, tid)
    leader = m.turn
    assert leader is not None
    cards, _ = lead_choices(m, leader)
    before = len(await stored(svc, tid))
    mark = len(notices)
    clock.advance(31)  # the leader's time is up
    play = svc.moves.play(CH, USERS[leader], cards, key=key)
    calls = [play, svc.tick()] if order == "play_first" else [svc.tick(), play]
    results = await asyncio.gather(*calls, return_exceptions=True)
    played_result, fired = (results[0], results[1]) if order == "play_first" else results[::-1]
    assert not isinstance(fired, BaseException), repr(fired)  # tick never raises
    plays = [
        n.event for n in notices[mark:] if isinstance(n, Public) and isinstance(n.event, Played)
    ]
    auto = [n for n in notices[mark:] if isinstance(n, Public) and n.kind == "auto_acted"]
    assert [p.seat for p in plays] == [leader]  # exactly one move for that turn
    assert len(await stored(svc, tid)) == before + 1
    if isinstance(played_result, BaseException):
        assert isinstance(played_result, ServiceError)
        assert played_result.code == "not_your_turn"
        assert fired == 1 and [n.params["seat"] for n in auto] == [leader]
    else:
        assert fired == 0 and not auto
        assert format_cards(plays[0].cards) == cards
    # The next seat got a fresh, full turn.
    st = await svc.queries.status(CH)
    assert st.deadline_kind == "turn"
    assert st.deadline_at is not None
    assert (st.deadline_at - clock.now()).total_seconds() == 30
    # Whoever is first in line wins: the player's move, or the timer's.
    assert isinstance(played_result, BaseException) == (order == "tick_first")


async def test_many_races_leave_a_consistent_log(sqlite_db: Database) -> None:
    """A hand in which every move races the timer: the log never has two moves for
    one turn, the match replays from storage, and every failure is a ServiceError."""
    clock = FakeClock()
    svc = service(sqlite_db, clock, turn_seconds=10)
    tid = await playing_table(svc)
    m = match(svc, tid)
    for i in range(60):
        if m.phase != "playing":
            break
        turn = m.turn
        assert turn is not None
        a = m.suggest(turn)
        assert isinstance(a, Play)
        clock.advance(10 if i % 3 else 9)
        calls = [svc.moves.play(CH, USERS[turn], format_cards(a.cards)), svc.tick()]
        if i % 2:
            calls.reverse()
        split(await asyncio.gather(*calls, return_exceptions=True))
    fresh = service(sqlite_db, clock)
    await fresh.start()
    assert match(fresh, tid).to_dict() == m.to_dict()
    plays = [a for a in await stored(svc, tid) if isinstance(a, Play)]
    on_table = [p for t in m.hand.tricks for p in t.plays]
    on_table += list(m.hand.current.plays) if m.hand.current else []
    assert [(p.seat, p.cards) for p in plays] == on_table


# ---- lobby races ---------------------------------------------------------------------


async def test_two_players_take_one_seat(db: Database) -> None:
    svc = service(db, FakeClock())
    await svc.lifecycle.create_table(
        guild_id=1, channel_id=CH, creator_id=USERS[0], creator_name="A"
    )
    results = await asyncio.gather(
        svc.lifecycle.join(CH, USERS[1], NAMES[1], seat=2),
        svc.lifecycle.join(CH, USERS[2], NAMES[2], seat=2),
        return_exceptions=True,
    )
    ok, errors = split(results)
    assert ok == [2] and [e.code for e in errors] == ["seat_taken"]
    st = await svc.queries.status(CH)
    assert st.table.seats[2].user_id in (USERS[1], USERS[2])


async def test_two_tables_for_one_channel(db: Database) -> None:
    svc = service(db, FakeClock())
    results = await asyncio.gather(
        svc.lifecycle.create_table(guild_id=1, channel_id=CH, creator_id=USERS[0]),
        svc.lifecycle.create_table(guild_id=1, channel_id=CH, creator_id=USERS[1]),
        return_exceptions=True,
    )
    ok, errors = split(results)
    assert len(ok) == 1 and [e.code for e in errors] == ["table_exists"]
    st = await svc.queries.status(CH)
    assert st.table.id == ok[0].table.id


async def test_all_pass_at_once(db: Database) -> None:
    clock = FakeClock()
    svc = service(db, clock)
    await svc.lifecycle.create_table(
        guild_id=1,
        channel_id=CH,
        creator_id=USERS[0],
        creator_name=NAMES[0],
        preset_name="one-deck",
    )
    for user, name in zip(USERS[1:], NAMES[1:], strict=True):
        await svc.lifecycle.join(CH, user, name)
    st = await svc.lifecycle.start_game(CH, USERS[0])
    tid = st.table.id
    results = await asyncio.gather(
        *(svc.moves.pass_(CH, u, key=f"pass-{u}") for u in USERS), return_exceptions=True
    )
    ok, errors = split(results)
    assert not errors and len(ok) == 4
    m = match(svc, tid)
    # Nobody declared in hand 1: the cards are dealt again, exactly once.
    assert m.hand.redeals == 1 and m.phase == "declaring"
    kinds = [a.kind for a in await stored(svc, tid)]
    assert kinds == ["deal", "pass", "pass", "pass", "pass", "deal"]


# ---- leaving while moves are in flight -----------------------------------------------


async def test_leave_after_own_play(db: Database) -> None:
    """The play is first in line: it counts, then the AI has the seat."""
    clock = FakeClock()
    svc = service(db, clock, ai_delay=1)
    tid = await playing_table(svc)
    m = match(svc, tid)
    leader = m.turn
    assert leader is not None
    cards, _ = lead_choices(m, leader)
    results = await asyncio.gather(
        svc.moves.play(CH, USERS[leader], cards),
        svc.lifecycle.leave(CH, USERS[leader]),
        return_exceptions=True,
    )
    _, errors = split(results)
    assert not errors
    acts = await stored(svc, tid)
    assert isinstance(acts[-1], Play) and acts[-1].seat == leader
    assert format_cards(acts[-1].cards) == cards
    st = await svc.queries.status(CH)
    assert st.table.seats[leader].is_ai


async def test_other_player_leaves_while_a_move_is_made(db: Database) -> None:
    clock = FakeClock()
    svc = service(db, clock, ai_delay=1)
    tid = await playing_table(svc)
    m = match(svc, tid)
    leader = m.turn
    assert leader is not None
    leaver = (leader + 2) % 4
    cards, _ = lead_choices(m, leader)
    results = await asyncio.gather(
        svc.lifecycle.leave(CH, USERS[leaver]),
        svc.moves.play(CH, USERS[leader], cards),
        return_exceptions=True,
    )
    ok, errors = split(results)
    assert not errors and ok[0] == leaver
    st = await svc.queries.status(CH)
    assert st.table.seats[leaver].is_ai
    assert m.turn == (leader + 1) % 4 and st.deadline_kind is None  # a human is next
    # When its turn comes the AI seat moves on its timer.
    nxt = m.turn
    assert nxt is not None
    follow = m.suggest(nxt)
    await svc.moves.play(CH, USERS[nxt], format_cards(follow.cards))  # type: ignore[union-attr]
    assert m.turn == leaver
    st = await svc.queries.status(CH)
    assert st.deadline_kind == "ai"
    clock.advance(1)
    assert await svc.tick() == 1
    assert m.turn == (leaver + 1) % 4


async def test_play_after_leave_is_refused(db: Database) -> None:
    clock = FakeClock()
    svc = service(db, clock, ai_delay=1)
    tid = await playing_table(svc)
    m = match(svc, tid)
    leader = m.turn
    assert leader is not None
    cards, _ = lead_choices(m, leader)
    before = len(await stored(svc, tid))
    results = await asyncio.gather(
        svc.lifecycle.leave(CH, USERS[leader]),
        svc.moves.play(CH, USERS[leader], cards),
        return_exceptions=True,
    )
    assert results[0] == leader  # the leave was first in line and took effect
    st = await svc.queries.status(CH)
    assert st.table.seats[leader].is_ai
    assert isinstance(results[1], ServiceError), results[1]
    assert results[1].code == "not_seated"
    assert len(await stored(svc, tid)) == before
