"""Timers on a FakeClock: the AFK turn timer, the declaration window (early end,
deadline with auto-passes), the bury deadline, the progressive deal, the
next-hand timer — and each of them surviving a restart taken while it is pending
(a new service on the same database + ``start()``), after which the game goes on
exactly as it does without a restart.

Each scenario runs twice: without a restart on a scratch SQLite file (the
reference) and with a restart on the ``db`` fixture (SQLite and PostgreSQL); the
two must end in the same match state with the same action log.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import (
    Private,
    Public,
    ServiceError,
    TableOptions,
)
from rules.events import (
    BuryDone,
    CardsDealt,
    DealProgress,
    HandStarted,
    KittyBuried,
    Passed,
    Played,
    TrumpFixed,
)
from storage import Database
from tests.support.service_helpers import NAMES, options
from tests.support.timed_table import CH, USERS, Table, to_phase

Scenario = Callable[[Table], Awaitable[None]]


async def both_ways(db: Database, tmp_path: Path, opts: TableOptions, scenario: Scenario) -> None:
    """Run without a restart (reference) and with one; the outcomes must agree."""
    reference = Database(f"sqlite+aiosqlite:///{tmp_path / 'reference.db'}")
    await reference.upgrade()
    try:
        plain = Table(reference, opts, restart=False)
        await scenario(plain)
        expected = await plain.result()
    finally:
        await reference.dispose()
    table = Table(db, opts, restart=True)
    await scenario(table)
    assert table.restarted, "the scenario never restarted"
    assert plain.tid == table.tid  # same table id -> same seed -> same deal
    got = await table.result()
    assert got[1] == expected[1]  # the same actions, in the same order
    assert got[0] == expected[0]


# ---- the AFK turn timer --------------------------------------------------------------


async def afk_turns(t: Table) -> None:
    await t.open()
    await to_phase(t, "playing")
    m = t.match
    for step in range(6):  # three moves made for absent players, then a whole trick
        turn = m.turn
        assert turn is not None
        st = await t.status()
        assert st.deadline_kind == "turn"
        assert st.deadline_at == t.clock.now() + timedelta(seconds=30)
        if step == 1:
            await t.restart()
            m = t.match
        held = m.hand_of(turn)
        mark = len(t.notices)
        assert await t.wait(29.5) == 0  # not yet
        assert len(t.notices) == mark and m.turn == turn
        assert await t.wait(0.5) == 1
        auto = [n for n in t.notices[mark:] if isinstance(n, Public) and n.kind == "auto_acted"]
        assert [n.params for n in auto] == [{"seat": turn, "kind": "play"}]
        (played,) = t.events(Played, mark)
        assert played.seat == turn and played.cards
        assert not Counter(played.cards) - Counter(held)  # cards the seat held
        assert len(m.hand_of(turn)) == len(held) - len(played.cards)
        assert m.turn != turn or m.hand.current.plays == []  # type: ignore[union-attr]
    # A present player's move is not an auto move and resets nothing else.
    mark = len(t.notices)
    await t.act(m.turn)  # type: ignore[arg-type]
    assert not [n for n in t.notices[mark:] if isinstance(n, Public) and n.kind == "auto_acted"]


async def test_afk_turn_timer_auto_plays(db: Database, tmp_path: Path) -> None:
    await both_ways(db, tmp_path, options(turn_seconds=30), afk_turns)


async def test_turn_timer_off(sqlite_db: Database) -> None:
    t = Table(sqlite_db, options(turn_seconds=0), restart=False)
    await t.open()
    await to_phase(t, "playing")
    st = await t.status()
    assert st.deadline_kind is None and t.svc.automation.next_deadline() is None
    turn = t.match.turn
    assert await t.wait(3600) == 0
    assert t.match.turn == turn and not t.public("auto_acted")


# ---- the declaration window ----------------------------------------------------------


async def window_ends_early(t: Table) -> None:
    await t.open()
    st = await t.status()
    assert st.phase == "declaring" and st.deadline_kind == "declare"
    window = st.deadline_at
    assert window == t.clock.now() + timedelta(seconds=15)
    await t.wait(3)
    declarer = await t.declare_any()
    st = await t.status()
    assert st.deadline_kind == "declare"
    assert st.deadline_at == t.clock.now() + timedelta(seconds=15)  # a declaration reopens it
    window = st.deadline_at
    for seat in range(3):
        await t.wait(1)
        if seat == 2:
            await t.restart()
        await t.svc.moves.pass_(CH, USERS[seat])
        st = await t.status()
        assert (st.deadline_kind, st.deadline_at) == ("declare", window)  # a pass does not extend
    await t.wait(1)
    mark = len(t.notices)
    await t.svc.moves.pass_(CH, USERS[3])  # the last pass ends the window at once
    assert t.clock.now() < window
    (fixed,) = t.events(TrumpFixed, mark)
    assert fixed.dealer == declarer and fixed.how == "declared"
    st = await t.status()
    assert st.phase == "burying" and st.deadline_kind == "bury"
    assert not t.public("auto_acted")
    assert await t.wait(15) == 0  # the old window is gone


async def test_declaration_window_ends_early_when_all_pass(db: Database, tmp_path: Path) -> None:
    await both_ways(db, tmp_path, options(), window_ends_early)


async def window_deadline(t: Table) -> None:
    await t.open()
    await t.wait(2)
    declarer = await t.declare_any()
    other = (declarer + 1) % 4
    await t.wait(2)
    await t.svc.moves.pass_(CH, USERS[other])
    st = await t.status()
    assert st.deadline_kind == "declare"
    await t.restart()
    mark = len(t.notices)
    assert await t.wait(10.9) == 0  # 13 s since the declaration: still open
    assert t.match.phase == "declaring" and len(t.notices) == mark
    assert await t.until_deadline() == 1
    passed = [e.seat for e in t.events(Passed, mark)]
    assert sorted(passed) == sorted(set(range(4)) - {other})
    auto = [n.params for n in t.notices[mark:] if isinstance(n, Public) and n.kind == "auto_acted"]
    assert sorted(a["seat"] for a in auto) == sorted(passed)
    assert all(a["kind"] == "pass" for a in auto)
    (fixed,) = t.events(TrumpFixed, mark)
    assert fixed.dealer == declarer
    assert t.match.phase == "burying"


async def test_declaration_window_deadline_auto_passes(db: Database, tmp_path: Path) -> None:
    await both_ways(db, tmp_path, options(), window_deadline)


async def nobody_declares(t: Table) -> None:
    """Hand 1 with no declaration at all: the window's deadline passes everybody,
    the cards are dealt again, and after the last redeal seat 0 deals."""
    await t.open()
    for round_no in range(4):
        assert t.match.phase == "declaring" and t.match.hand.redeals == round_no
        if round_no == 2:
            await t.restart()
        assert await t.until_deadline() == 1
    m = t.match
    assert m.phase == "burying" and m.dealer == 0
    (fixed,) = t.events(TrumpFixed)
    assert fixed.how == "no-trump"


async def test_redeal_after_silent_windows(db: Database, tmp_path: Path) -> None:
    await both_ways(db, tmp_path, options(), nobody_declares)


# ---- the bury deadline ---------------------------------------------------------------


async def bury_deadline(t: Table) -> None:
    await t.open()
    await to_phase(t, "burying")
    m = t.match
    dealer = m.dealer
    assert dealer is not None
    st = await t.status()
    assert st.deadline_kind == "bury"
    assert st.deadline_at == t.clock.now() + timedelta(seconds=90)
    held = m.hand_of(dealer)
    assert await t.wait(45) == 0
    await t.restart()
    m = t.match
    mark = len(t.notices)
    assert await t.wait(44.9) == 0 and m.phase == "burying"
    assert await t.wait(0.1) == 1
    assert m.phase == "playing"
    buried = [
        n for n in t.notices[mark:] if isinstance(n, Private) and isinstance(n.event, KittyBuried)
    ]
    assert [(n.seat, n.user_id) for n in buried] == [(dealer, USERS[dealer])]
    cards = buried[0].event.cards  # type: ignore[union-attr]
    assert len(cards) == m.rules.kitty_size and not Counter(cards) - Counter(held)
    assert sorted(m.hand.buried) == sorted(cards)
    assert len(m.hand_of(dealer)) == len(held) - len(cards)
    (done,) = t.events(BuryDone, mark)
    assert done.seat == dealer
    auto = [n.params for n in t.notices[mark:] if isinstance(n, Public) and n.kind == "auto_acted"]
    assert auto == [{"seat": dealer, "kind": "bury"}]
    st = await t.status()
    assert st.deadline_kind is None  # turn timer off: the dealer leads when ready
    await t.act(dealer)


async def test_bury_deadline_auto_buries(db: Database, tmp_path: Path) -> None:
    await both_ways(db, tmp_path, options(), bury_deadline)


# ---- the progressive deal ------------------------------------------------------------


async def progressive_deal(t: Table) -> None:
    await t.open(preset_name="classic")
    m = t.match
    total = m.deal_total
    assert total == 100
    st = await t.status()
    assert st.phase == "dealing" and st.deadline_kind == "deal" and m.hand.dealt == 0
    step_at = timedelta(seconds=4 / 5)
    dealt = []
    for step in range(5):
        st = await t.status()
        assert st.deadline_kind == "deal"
        assert st.deadline_at == t.clock.now() + step_at
        if step == 2:
            await t.restart()
            m = t.match
        mark = len(t.notices)
        assert await t.wait(0.7) == 0 and m.hand.dealt == sum(dealt)
        assert await t.wait(0.1) == 1
        progress = t.events(DealProgress, mark)
        assert [p.total for p in progress] == [total]
        got = [
            n
            for n in t.notices[mark:]
            if isinstance(n, Private) and isinstance(n.event, CardsDealt)
        ]
        assert sorted(n.seat for n in got) == [0, 1, 2, 3]
        assert all(n.user_id == USERS[n.seat] for n in got)
        dealt.append(sum(len(n.event.cards) for n in got))  # type: ignore[union-attr]
        assert progress[0].dealt == sum(dealt) == m.hand.dealt
    assert dealt == [20] * 5
    for s in range(4):
        assert len(m.hand_of(s)) == 25
    st = await t.status()
    assert st.phase == "declaring" and st.deadline_kind == "declare"


async def test_progressive_deal_in_steps(db: Database, tmp_path: Path) -> None:
    await both_ways(db, tmp_path, options(deal_seconds=4, deal_steps=5), progressive_deal)


async def deal_with_ai(t: Table) -> None:
    """AI seats look at their cards after each step of the deal and may declare."""
    await t.open(humans=1, preset_name="one-deck")
    m = t.match
    assert m.deal_total == 48
    steps = []
    for step in range(5):
        if step == 3:
            await t.restart()
            m = t.match
        await t.until_deadline()
        steps.append(m.hand.dealt)
    assert steps == [10, 20, 30, 40, 48]
    assert m.phase in ("declaring", "burying", "playing")


async def test_progressive_deal_with_ai_seats(db: Database, tmp_path: Path) -> None:
    await both_ways(db, tmp_path, options(deal_seconds=5, deal_steps=5, ai_delay=1), deal_with_ai)


# ---- the next-hand timer -------------------------------------------------------------


async def next_hand_timer(t: Table) -> None:
    await t.open(humans=0, sit=False)  # four AI seats; the creator watches
    for _ in range(500):
        if t.match.phase == "scored":
            break
        assert await t.until_deadline() >= 1
    st = await t.status()
    assert st.phase == "scored" and st.deadline_kind == "next"
    assert st.deadline_at == t.clock.now() + timedelta(seconds=15)
    await t.wait(7)
    await t.restart()
    assert await t.wait(7.9) == 0 and t.match.hand_no == 1
    mark = len(t.notices)
    assert await t.wait(0.1) == 1
    (started,) = t.events(HandStarted, mark)
    assert started.hand_no == 2 and t.match.hand_no == 2
    assert started.dealer == t.match.history[0].next_dealer


async def test_next_hand_timer(db: Database, tmp_path: Path) -> None:
    await both_ways(db, tmp_path, options(next_hand_seconds=15, ai_delay=2), next_hand_timer)


async def test_next_hand_by_hand_cancels_the_timer(sqlite_db: Database) -> None:
    t = Table(sqlite_db, options(next_hand_seconds=15, ai_delay=0), restart=False)
    await t.open(humans=0, sit=False)  # AI seats without delay play hand 1 at once
    assert t.match.phase == "scored"
    await t.wait(5)
    await t.svc.lifecycle.next_hand(CH, USERS[0])
    # Hand 2 was played out at once as well; the timer of hand 1 is gone with it.
    assert t.match.hand_no == 2 and t.match.phase == "scored"
    assert len(t.events(HandStarted)) == 1
    st = await t.status()
    assert st.deadline_kind == "next"
    assert st.deadline_at == t.clock.now() + timedelta(seconds=15)
    assert await t.wait(10) == 0  # hand 1's timer (due now) no longer exists
    with pytest.raises(ServiceError) as err:
        await t.svc.lifecycle.next_hand(CH, USERS[1])  # not a member
    assert err.value.code == "not_seated"


# ---- AI seats across a restart -------------------------------------------------------


async def random_ai_hand(t: Table) -> None:
    """One human and three rng-driven AI seats; a restart in the middle of the play."""
    st = await t.svc.lifecycle.create_table(
        guild_id=1,
        channel_id=CH,
        creator_id=USERS[0],
        creator_name=NAMES[0],
        preset_name="one-deck",
    )
    t.tid = st.table.id
    for _ in range(3):
        await t.svc.lifecycle.add_ai(CH, USERS[0], level="random")
    await t.svc.lifecycle.start_game(CH, USERS[0])
    for _ in range(1_000):
        m = t.match
        if m.phase == "scored":
            return
        current = m.hand.current if m.phase == "playing" else None
        if current is not None and current.trick_no == 4 and t.may_restart and not t.restarted:
            await t.restart()
            continue
        if m.suggest(0) is not None and (m.phase != "declaring" or 0 not in m.hand.passes):
            await t.act(0)
        else:
            await t.until_deadline()
    raise AssertionError("the hand did not end")


async def test_rng_ai_seats_continue_identically_after_restart(
    sqlite_db: Database, tmp_path: Path
) -> None:
    from rules.ai import LEVELS

    if "random" not in LEVELS:
        pytest.skip("no rng-driven AI level")
    await both_ways(sqlite_db, tmp_path, options(ai_delay=1), random_ai_hand)
