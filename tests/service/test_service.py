"""The table service end to end (no Discord): scripted tables of four humans, one
human with three AI seats, an AI-only match played to a winner, every lifecycle
and action error with its code in English, 简体中文 and 繁體中文, refused actions
that change nothing, leaving before and during a hand, and a restart mid-hand.

Humans are driven with ``match.suggest(seat)`` (the server-side state is used
only to *find* a legal move), turned into card text and sent through the
service like a player would.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import (
    FakeClock,
    Private,
    ServiceError,
    TableService,
)
from bot.service.ai_seats import ai_player
from rules.ai import StrongPlayer
from rules.cards import NUM_CARDS, Card
from rules.events import (
    Declared,
    HandScored,
    HandStarted,
    MatchWon,
    Played,
    TrumpFixed,
)
from rules.game import Match
from rules.notation import format_cards
from rules.presets import preset
from storage import Database
from tests.support.service_helpers import NAMES, new_service
from tests.support.service_table import (
    CH,
    GUILD,
    Humans,
    Recorder,
    check_messages,
    hand_over,
    run_until,
)

USERS = (101, 102, 103, 104)
STRANGER = 999


async def four_humans(svc: TableService, preset_name: str = "classic") -> int:
    st = await svc.lifecycle.create_table(
        guild_id=GUILD,
        channel_id=CH,
        creator_id=USERS[0],
        creator_name=NAMES[0],
        preset_name=preset_name,
    )
    for user, name in zip(USERS[1:], NAMES[1:], strict=True):
        await svc.lifecycle.join(CH, user, name)
    await svc.lifecycle.start_game(CH, USERS[0])
    return st.table.id


async def refused(svc: TableService, table_id: int, code: str, call: Any) -> ServiceError:
    """``call`` fails with ``code`` and changes nothing at all."""
    m = svc.queries.match_of(table_id)
    before = m.to_dict() if m is not None else None
    info = await svc.core.store.get_table(table_id)
    count = await svc.core.store.action_count(table_id)
    with pytest.raises(ServiceError) as err:
        await call
    assert err.value.code == code, (code, err.value.code, err.value.params)
    m = svc.queries.match_of(table_id)
    assert (m.to_dict() if m is not None else None) == before
    after = await svc.core.store.get_table(table_id)
    assert after.version == info.version and after.seats == info.seats
    assert await svc.core.store.action_count(table_id) == count
    return err.value


# ---- whole tables --------------------------------------------------------------------


async def test_four_humans_play_a_hand(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock)
    rec = Recorder()
    svc.core.subscribe(rec)
    tid = await four_humans(svc)
    st = await svc.queries.status(CH)
    assert st.phase == "declaring"  # the deal at pace 0 is done at once
    assert [s.display_name for s in st.table.seats] == list(NAMES)

    humans = Humans(svc, dict(enumerate(USERS)))
    m = await run_until(svc, clock, tid, humans, hand_over)
    assert m is not None and m.phase == "scored"

    declarer = humans.declarer
    assert declarer is not None
    (decl,) = rec.public_events(Declared)
    assert decl.seat == declarer  # type: ignore[attr-defined]
    (fixed,) = rec.public_events(TrumpFixed)
    assert fixed.dealer == declarer and fixed.how == "declared"  # type: ignore[attr-defined]
    plays = rec.public_events(Played)
    assert sum(len(p.cards) for p in plays) == m.deal_total  # type: ignore[attr-defined]
    (scored,) = rec.public_events(HandScored)

    # One stored action per accepted call, plus the one deal step.
    assert await svc.core.store.action_count(tid) == humans.calls + 1
    st = await svc.queries.status(CH)
    assert st.phase == "scored" and st.deadline_kind is None
    assert st.view is not None and st.view.hand is None  # the public view holds no hand
    for seat, user in enumerate(USERS):
        view = await svc.queries.view(CH, user)
        assert view.seat == seat and view.hand == ()

    (progress,) = await svc.queries.progress(CH)
    assert progress.hand_no == 1 and progress.dealer == declarer
    assert progress.attackers_points == scored.attackers_points  # type: ignore[attr-defined]
    for user in USERS:
        stats = await svc.queries.player_stats(user, GUILD)
        assert stats.hands_played == 1
    board = await svc.queries.leaderboard(GUILD)
    assert sorted(p.user_id for p in board) == sorted(USERS)

    await svc.lifecycle.next_hand(CH, USERS[2])
    st = await svc.queries.status(CH)
    assert st.view is not None and st.view.hand_no == 2
    started = rec.public_events(HandStarted)
    assert started[-1].hand_no == 2  # type: ignore[attr-defined]


async def test_one_human_three_ai(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock, next_hand_seconds=0)
    rec = Recorder()
    svc.core.subscribe(rec)
    st = await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH, creator_id=USERS[0], creator_name=NAMES[0]
    )
    assert await svc.lifecycle.add_ai(CH, USERS[0]) == 1
    assert await svc.lifecycle.add_ai(CH, USERS[0], level="simple") == 2
    assert await svc.lifecycle.add_ai(CH, USERS[0], seat=3) == 3
    await svc.lifecycle.start_game(CH, USERS[0])
    tid = st.table.id

    humans = Humans(svc, {0: USERS[0]})
    turns: list[int | None] = []

    async def move(m: Match) -> bool:
        turns.append(m.turn if m.phase == "playing" else None)
        return await Humans.move(humans, m)

    humans.move = move  # type: ignore[method-assign]
    m = await run_until(svc, clock, tid, humans, hand_over)
    assert m is not None and m.phase == "scored"
    # The human only ever had to act on its own turn: AI seats never waited.
    assert all(t in (None, 0) for t in turns)
    seats_played = {p.seat for p in rec.public_events(Played)}  # type: ignore[attr-defined]
    assert seats_played == {0, 1, 2, 3}
    assert not rec.public("auto_acted")  # nobody ran out of time
    your_turn = [n for n in rec.notices if isinstance(n, Private) and n.kind == "your_turn"]
    assert your_turn and all(n.seat == 0 and n.user_id == USERS[0] for n in your_turn)

    # Each AI seat keeps its player from move to move (the strong one carries what it
    # read of the hand between its plays), in memory only.
    live = svc.core.live_table(tid)
    assert live is not None
    kept = dict(live.ai_players)
    assert {s: level for s, (level, _) in kept.items()} == {1: "basic", 2: "simple", 3: "basic"}
    assert kept[1][1] is not kept[3][1]

    # Hand 2 as well: the dealer may now be an AI seat (it buries on its own).
    await svc.lifecycle.next_hand(CH, USERS[0])
    m = await run_until(svc, clock, tid, humans, lambda m: m.hand_no == 2 and hand_over(m))
    assert m is not None and len(m.history) == 2
    assert all(live.ai_players[s][1] is player for s, (_, player) in kept.items())
    # Another level at the seat is another player (kept from then on).
    expert = ai_player(live, 1, "strong")
    assert isinstance(expert, StrongPlayer) and expert is not kept[1][1]
    assert ai_player(live, 1, "strong") is expert


async def test_ai_only_match_reaches_a_winner(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock, next_hand_seconds=5)
    st = await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH, creator_id=USERS[0], preset_name="one-deck", sit=False
    )
    for _ in range(4):
        await svc.lifecycle.add_ai(CH, USERS[0])
    tid = st.table.id
    info = await svc.core.store.get_table(tid)
    short = preset("one-deck").with_overrides(levels=(13, 14))
    await svc.core.store.update_table(tid, info.version, rules=short)

    svc = new_service(db, clock, next_hand_seconds=5)  # a fresh process sees the new rules
    assert await svc.start() == 1
    rec = Recorder()
    svc.core.subscribe(rec)
    await svc.lifecycle.start_game(CH, USERS[0])  # the creator need not sit
    match = svc.queries.match_of(tid)
    assert match is not None and match.rules.levels == (13, 14)

    await run_until(svc, clock, tid, None, lambda m: False, limit=2_000)
    assert svc.queries.match_of(tid) is None  # finished tables are let go
    (won,) = rec.public_events(MatchWon)
    info = await svc.core.store.get_table(tid)
    assert info.status == "finished" and info.deadline_kind is None
    row = await svc.core.store.match_info(info.current_match_id or 0)
    assert row is not None and row.status == "finished"
    assert row.winner_team == won.team  # type: ignore[attr-defined]
    hands = rec.public_events(HandScored)
    assert hands and hands[-1].levels == won.levels  # type: ignore[attr-defined]
    assert svc.queries.cached_status(tid) is None
    with pytest.raises(ServiceError) as err:
        await svc.queries.status(CH)
    assert err.value.code == "no_table"
    # The channel is free again.
    st = await svc.lifecycle.create_table(guild_id=GUILD, channel_id=CH, creator_id=USERS[1])
    assert st.table.id != tid and st.phase == "lobby"


# ---- lifecycle errors ----------------------------------------------------------------


async def test_lobby_errors_in_three_languages(db: Database) -> None:
    svc = new_service(db)
    st = await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH, creator_id=USERS[0], creator_name=NAMES[0]
    )
    tid = st.table.id

    async def fails(code: str, call: Any, *contains: str) -> ServiceError:
        exc = await refused(svc, tid, code, call)
        check_messages(exc, *contains)
        return exc

    await fails("no_table", svc.queries.status(CH + 1))
    exc = await fails(
        "table_exists",
        svc.lifecycle.create_table(guild_id=GUILD, channel_id=CH, creator_id=USERS[1]),
        "/table join",
    )
    await fails(
        "unknown_preset",
        svc.lifecycle.create_table(
            guild_id=GUILD, channel_id=CH + 1, creator_id=USERS[1], preset_name="nope"
        ),
        "nope",
        "classic",
        "one-deck",
    )
    await fails(
        "unknown_ai_level", svc.lifecycle.add_ai(CH, USERS[0], level="godlike"), "godlike", "basic"
    )
    await fails("not_seated", svc.lifecycle.leave(CH, STRANGER), "/table join")
    await fails("not_seated", svc.lifecycle.add_ai(CH, STRANGER))
    await fails("already_seated", svc.lifecycle.join(CH, USERS[0], NAMES[0]))
    assert exc.message("en") != exc.message("zh-CN")

    assert await svc.lifecycle.join(CH, USERS[1], NAMES[1], seat=2) == 2
    e = await fails("seat_taken", svc.lifecycle.join(CH, USERS[2], NAMES[2], seat=2))
    assert "South" in e.message("en") and "南" in e.message("zh-CN")
    e = await fails("already_seated", svc.lifecycle.join(CH, USERS[1], NAMES[1], seat=1))
    assert "South" in e.message("en") and "南" in e.message("zh-TW")
    await fails("bad_seat", svc.lifecycle.join(CH, USERS[2], NAMES[2], seat=4))
    await fails("not_ai_seat", svc.lifecycle.remove_ai(CH, USERS[0], 2))
    await fails("need_four", svc.lifecycle.start_game(CH, USERS[0]), "2/4")
    await fails("not_started", svc.moves.play(CH, USERS[0], "♠A"), "/table start")
    await fails("not_started", svc.queries.view(CH, USERS[1]))

    assert await svc.lifecycle.add_ai(CH, USERS[1]) == 1
    await svc.lifecycle.remove_ai(CH, USERS[1], 1)
    assert (await svc.queries.status(CH)).table.seats[1].empty
    assert await svc.lifecycle.join(CH, USERS[2], NAMES[2]) == 1
    assert await svc.lifecycle.add_ai(CH, USERS[0]) == 3
    await fails("table_full", svc.lifecycle.join(CH, USERS[3], NAMES[3]))
    await fails("table_full", svc.lifecycle.add_ai(CH, USERS[0]))
    await fails("not_seated", svc.lifecycle.start_game(CH, STRANGER))

    await svc.lifecycle.start_game(CH, USERS[2])
    for call in (
        svc.lifecycle.start_game(CH, USERS[0]),
        svc.lifecycle.join(CH, USERS[3], NAMES[3]),
        svc.lifecycle.add_ai(CH, USERS[0]),
        svc.lifecycle.remove_ai(CH, USERS[0], 3),
    ):
        await fails("already_started", call)
    await fails("hand_not_over", svc.lifecycle.next_hand(CH, USERS[0]))
    await fails("not_creator", svc.lifecycle.end_table(CH, USERS[1]))
    await fails("not_seated", svc.moves.play(CH, STRANGER, "♠A"), "/table join")

    await svc.lifecycle.end_table(CH, USERS[1], moderator=True)
    info = await svc.core.store.get_table(tid)
    assert info.status == "ended"
    await fails("no_table", svc.lifecycle.join(CH, USERS[3], NAMES[3]), "/table new")


async def test_creator_ends_table_and_channel_is_reused(db: Database) -> None:
    svc = new_service(db)
    rec = Recorder()
    svc.core.subscribe(rec)
    tid = await four_humans(svc)
    with pytest.raises(ServiceError) as err:
        await svc.lifecycle.end_table(CH, USERS[3])
    assert err.value.code == "not_creator"
    await svc.lifecycle.end_table(CH, USERS[0])
    assert rec.public("table_ended")
    assert svc.queries.match_of(tid) is None
    row = await svc.core.store.match_info(
        (await svc.core.store.get_table(tid)).current_match_id or 0
    )
    assert row is not None and row.status == "ended"
    st = await svc.lifecycle.create_table(guild_id=GUILD, channel_id=CH, creator_id=USERS[3])
    assert st.table.id != tid
    # A restart does not bring the ended table back.
    svc2 = new_service(db)
    assert await svc2.start() == 1
    assert (await svc2.queries.status(CH)).table.id == st.table.id


# ---- refused actions -----------------------------------------------------------------


PROBED = {
    "bad_declaration",
    "play_in_declaring",
    "already_passed",
    "not_dealer",
    "bury_count",
    "bury_not_held",
    "not_your_turn",
    "bad_cards",
    "bury_in_playing",
    "hand_not_over",
    "lead_not_held",
    "follow_count",
    "must_follow_suit",
    "must_match_shape",
}


async def probe_hand(
    svc: TableService, clock: FakeClock, tid: int, hands: int = 4
) -> dict[str, ServiceError]:
    """Play four-human hands, trying a wrong move whenever a situation allows one,
    until every code in ``PROBED`` was seen. Every refusal must leave everything
    unchanged. Returns one error per code."""
    seen: dict[str, ServiceError] = {}
    humans = Humans(svc, dict(enumerate(USERS)))
    humans.lead_pairs = True

    async def probe(label: str, code: str, call: Any) -> None:
        if label in seen:
            call.close()
            return
        seen[label] = await refused(svc, tid, code, call)

    for _ in range(5_000):
        m = svc.queries.match_of(tid)
        assert m is not None
        if hand_over(m):
            if set(seen) >= PROBED or m.hand_no >= hands:
                return seen
            await svc.lifecycle.next_hand(CH, USERS[0])
            continue
        if m.phase == "declaring":
            s = next(s for s in range(4) if s not in m.hand.passes)
            await probe("bad_declaration", "bad_declaration", svc.moves.declare(CH, USERS[s], "♠A"))
            await probe("play_in_declaring", "wrong_phase", svc.moves.play(CH, USERS[s], "♠A"))
            if m.hand.passes:
                p = next(iter(m.hand.passes))
                await probe("already_passed", "already_passed", svc.moves.pass_(CH, USERS[p]))
        elif m.phase == "burying":
            dealer = m.dealer
            assert dealer is not None
            other = (dealer + 1) % 4
            hand = m.hand_of(dealer)
            await probe(
                "not_dealer",
                "not_dealer",
                svc.moves.bury(CH, USERS[other], format_cards(m.hand_of(other)[:8])),
            )
            await probe(
                "bury_count",
                "wrong_bury_count",
                svc.moves.bury(CH, USERS[dealer], format_cards(hand[:3])),
            )
            missing = next(Card(c) for c in range(NUM_CARDS) if not m.hand.hands[dealer][c])
            await probe(
                "bury_not_held",
                "not_held",
                svc.moves.bury(CH, USERS[dealer], format_cards([missing, *hand[:7]])),
            )
        elif m.phase == "playing":
            turn = m.turn
            assert turn is not None
            other = (turn + 1) % 4
            await probe(
                "not_your_turn",
                "not_your_turn",
                svc.moves.play(CH, USERS[other], format_cards(m.hand_of(other)[:1])),
            )
            await probe("bad_cards", "bad_cards", svc.moves.play(CH, USERS[turn], "♠Z 9x"))
            await probe(
                "bury_in_playing",
                "wrong_phase",
                svc.moves.bury(CH, USERS[turn], format_cards(m.hand_of(turn)[:8])),
            )
            await probe("hand_not_over", "hand_not_over", svc.lifecycle.next_hand(CH, USERS[turn]))
            hand = m.hand.hands[turn]
            lead = m.current_lead()
            ctx = m.context
            if lead is None:
                missing = next(Card(c) for c in range(NUM_CARDS) if not hand[c])
                await probe(
                    "lead_not_held",
                    "not_held",
                    svc.moves.play(CH, USERS[turn], format_cards([missing])),
                )
            else:
                n = len(lead.cards)
                mine = m.hand_of(turn)
                in_suit = [c for c in mine if ctx.suit_of[c] == lead.suit]
                off = [c for c in mine if ctx.suit_of[c] != lead.suit]
                if len(mine) > n:
                    await probe(
                        "follow_count",
                        "wrong_count",
                        svc.moves.play(CH, USERS[turn], format_cards(mine[: n + 1])),
                    )
                if n == 1 and in_suit and off:
                    await probe(
                        "must_follow_suit",
                        "must_follow_suit",
                        svc.moves.play(CH, USERS[turn], format_cards(off[:1])),
                    )
                distinct = sorted(set(in_suit))
                pairs = [c for c in distinct if hand[c] >= 2]
                if n == 2 and lead.cards[0] == lead.cards[1] and pairs and len(distinct) >= 2:
                    await probe(
                        "must_match_shape",
                        "must_match_shape",
                        svc.moves.play(CH, USERS[turn], format_cards(distinct[:2])),
                    )
        if not await humans.move(m):
            deadline = svc.automation.next_deadline()
            assert deadline is not None
            clock.advance(max(0.0, (deadline - clock.now()).total_seconds()))
            await svc.tick()
    raise AssertionError("the hand did not end")


async def test_refused_actions_change_nothing(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock)
    tid = await four_humans(svc)
    seen = await probe_hand(svc, clock, tid)
    assert set(seen) == PROBED
    for label, exc in seen.items():
        if label != "bury_count":  # see test_bury_count_message below
            check_messages(exc)
    shape = seen["must_match_shape"]
    assert shape.params["suit"] in shape.message("en")
    assert "pair" not in shape.message("zh-CN") and "对子" in shape.message("zh-CN")

    # not_your_turn names the player whose turn it is (the display name).
    exc = seen["not_your_turn"]
    turn_name = NAMES[exc.params["turn"]]
    for locale in ("en", "zh-CN", "zh-TW"):
        assert turn_name in exc.message(locale)
    exc = seen["bad_cards"]
    assert "'♠Z'" in exc.message("en") and "看不懂" in exc.message("zh-CN")
    assert "看不懂" in exc.message("zh-TW")
    exc = seen["play_in_declaring"]
    assert "declaring trump" in exc.message("en") and "亮主中" in exc.message("zh-CN")
    exc = seen["bury_in_playing"]
    assert "playing" in exc.message("en") and "出牌中" in exc.message("zh-TW")
    assert seen["must_follow_suit"].params["count"] == 1
    assert seen["follow_count"].params["count"] in (1, 2)
    held = seen["lead_not_held"].params["cards"]
    assert all(held in seen["lead_not_held"].message(loc) for loc in ("en", "zh-CN", "zh-TW"))


async def test_bury_count_message(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    tid = await four_humans(svc)
    humans = Humans(svc, dict(enumerate(USERS)))
    m = await run_until(svc, clock, tid, humans, lambda m: m.phase == "burying")
    if m is None or m.dealer is None:
        pytest.fail("no bury phase")
    dealer = m.dealer
    exc = await refused(
        svc,
        tid,
        "wrong_bury_count",
        svc.moves.bury(CH, USERS[dealer], format_cards(m.hand_of(dealer)[:3])),
    )
    check_messages(exc, "8")
    assert "bury" in exc.message("en").lower() and "led" not in exc.message("en")
    assert "埋" in exc.message("zh-CN") and "埋" in exc.message("zh-TW")


async def test_refusal_leaves_turn_and_timer_alone(db: Database) -> None:
    """A refused play must not re-arm, cancel or fire the seat's turn timer."""
    clock = FakeClock()
    svc = new_service(db, clock, turn_seconds=30)
    tid = await four_humans(svc)
    humans = Humans(svc, dict(enumerate(USERS)))
    m = await run_until(svc, clock, tid, humans, lambda m: m.phase == "playing")
    assert m is not None and m.turn is not None
    st = await svc.queries.status(CH)
    assert st.deadline_kind == "turn"
    clock.advance(10)
    missing = next(Card(c) for c in range(NUM_CARDS) if not m.hand.hands[m.turn][c])
    exc = await refused(
        svc, tid, "not_held", svc.moves.play(CH, USERS[m.turn], format_cards([missing]))
    )
    assert format_cards([missing]) in exc.message("en")
    check_messages(exc)
    st2 = await svc.queries.status(CH)
    assert (st2.deadline_kind, st2.deadline_at) == (st.deadline_kind, st.deadline_at)


async def test_duplicate_key_is_refused(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock)
    tid = await four_humans(svc)
    m = svc.queries.match_of(tid)
    assert m is not None and m.phase == "declaring"
    await svc.moves.pass_(CH, USERS[1], key="msg-1")
    exc = await refused(svc, tid, "duplicate", svc.moves.pass_(CH, USERS[2], key="msg-1"))
    check_messages(exc)
    await svc.moves.pass_(CH, USERS[2], key="msg-2")
    assert svc.queries.match_of(tid).hand.passes == {1, 2}  # type: ignore[union-attr]


# ---- leaving -------------------------------------------------------------------------


async def test_leave_before_start_frees_the_seat(db: Database) -> None:
    svc = new_service(db)
    rec = Recorder()
    svc.core.subscribe(rec)
    await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH, creator_id=USERS[0], creator_name="A"
    )
    assert await svc.lifecycle.join(CH, USERS[1], NAMES[1]) == 1
    assert await svc.lifecycle.join(CH, USERS[2], NAMES[2]) == 2
    assert await svc.lifecycle.leave(CH, USERS[1]) == 1
    st = await svc.queries.status(CH)
    assert st.table.seats[1].empty and st.table.seat_of(USERS[1]) is None
    assert len(rec.public("seats_changed")) == 3
    assert not rec.public("seat_to_ai")
    assert await svc.lifecycle.join(CH, USERS[3], NAMES[3]) == 1  # the first free seat again
    assert await svc.lifecycle.join(CH, USERS[1], NAMES[1], seat=3) == 3
    # Even the creator may leave before the start; the table stays open.
    assert await svc.lifecycle.leave(CH, USERS[0]) == 0
    st = await svc.queries.status(CH)
    assert st.phase == "lobby" and st.table.seats[0].empty
    with pytest.raises(ServiceError) as err:
        await svc.lifecycle.leave(CH, USERS[0])
    assert err.value.code == "not_seated"


async def test_leave_mid_hand_hands_the_seat_to_an_ai(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock, ai_delay=2)
    rec = Recorder()
    svc.core.subscribe(rec)
    tid = await four_humans(svc)
    humans = Humans(svc, dict(enumerate(USERS)))
    m = await run_until(svc, clock, tid, humans, lambda m: m.phase == "playing")
    assert m is not None and m.turn is not None
    leaver = (m.turn + 1) % 4  # leaves just before their turn comes
    await svc.moves.play(CH, USERS[m.turn], format_cards(m.suggest(m.turn).cards))  # type: ignore[union-attr]
    assert m.turn == leaver
    held = m.hand_of(leaver)

    assert await svc.lifecycle.leave(CH, USERS[leaver]) == leaver
    (note,) = rec.public("seat_to_ai")
    assert note.params == {"seat": leaver, "name": NAMES[leaver]}
    st = await svc.queries.status(CH)
    seat = st.table.seats[leaver]
    assert seat.is_ai and seat.user_id is None and NAMES[leaver] in seat.display_name
    assert st.deadline_kind == "ai"
    with pytest.raises(ServiceError) as err:
        await svc.moves.play(CH, USERS[leaver], format_cards(held[:1]))
    assert err.value.code == "not_seated"
    with pytest.raises(ServiceError) as err:
        await svc.queries.view(CH, USERS[leaver])
    assert err.value.code == "not_seated"

    clock.advance(2)
    assert await svc.tick() == 1
    assert m.turn != leaver and len(m.hand_of(leaver)) == len(held) - 1
    assert not rec.public("auto_acted")  # an AI seat's move is not a time-out

    del humans.seats[leaver]
    m = await run_until(svc, clock, tid, humans, hand_over)
    assert m is not None and m.hand_of(leaver) == []
    ai_plays = [p for p in rec.public_events(Played) if p.seat == leaver]  # type: ignore[attr-defined]
    assert len(ai_plays) >= 2
    (progress,) = await svc.queries.progress(CH)
    assert progress.hand_no == 1
    # The leaver has no part in the hand's record; the others do.
    assert (await svc.queries.player_stats(USERS[leaver], GUILD)).hands_played == 0
    assert (await svc.queries.player_stats(USERS[(leaver + 1) % 4], GUILD)).hands_played == 1


# ---- restart -------------------------------------------------------------------------


async def test_restart_mid_hand_continues_identically(db: Database, tmp_path: Any) -> None:
    """Half a hand, a restart, the other half: the same hand as without a restart."""
    reference = Database(f"sqlite+aiosqlite:///{tmp_path / 'reference.db'}")
    await reference.upgrade()
    try:
        results = []
        for restart in (False, True):
            database = db if restart else reference
            clock = FakeClock()
            svc = new_service(database, clock, ai_delay=1, turn_seconds=20)
            tid = await four_humans(svc)
            await svc.lifecycle.leave(CH, USERS[3])  # an AI seat from here on
            humans = Humans(svc, {s: USERS[s] for s in range(3)})
            await run_until(
                svc,
                clock,
                tid,
                humans,
                lambda m: (
                    m.phase == "playing"
                    and m.hand.current is not None
                    and m.hand.current.trick_no > 6
                ),
            )
            if restart:
                before = svc.queries.match_of(tid).to_dict()  # type: ignore[union-attr]
                status = await svc.queries.status(CH)
                svc = new_service(database, clock, ai_delay=1, turn_seconds=20)
                assert await svc.start() == 1
                assert svc.queries.match_of(tid).to_dict() == before  # type: ignore[union-attr]
                again = await svc.queries.status(CH)
                assert again.table.seats == status.table.seats
                assert (again.deadline_kind, again.deadline_at) == (
                    status.deadline_kind,
                    status.deadline_at,
                )
                humans.svc = svc
            m = await run_until(svc, clock, tid, humans, hand_over)
            assert m is not None
            info = await svc.core.store.get_table(tid)
            actions = await svc.core.store.match_actions(info.current_match_id or 0)
            results.append((m.to_dict(), actions, tid))
        assert results[0] == results[1]
    finally:
        await reference.dispose()


async def test_a_failing_expert_never_stalls_the_table(
    db: Database, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """An AI of a stronger level that raises (as the expert's sampler once did at a
    bombs table) does not stop the table: basic plays those moves, the hand ends, and
    the log says so without a card."""
    clock = FakeClock()
    svc = new_service(db, clock)
    st = await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH, creator_id=USERS[0], preset_name="one-deck", sit=False
    )
    for _ in range(4):
        await svc.lifecycle.add_ai(CH, USERS[0], level="expert")
    tid = st.table.id
    failures: list[int] = []

    def broken(self: StrongPlayer, view: Any, rng: Any) -> Any:
        failures.append(view.seat)
        raise ValueError("no deal is consistent with this view")

    monkeypatch.setattr(StrongPlayer, "choose", broken)
    await svc.lifecycle.start_game(CH, USERS[0])
    m = await run_until(svc, clock, tid, None, lambda m: m.phase == "scored", limit=2_000)
    assert m is not None and m.phase == "scored"
    assert len(failures) > 50  # every AI move went through the failing expert first
    warned = [r for r in caplog.records if "the strong AI failed" in r.getMessage()]
    assert warned and all(r.levelname == "WARNING" for r in warned)
    assert not any(set("♠♥♣♦") & set(r.getMessage()) for r in warned)
