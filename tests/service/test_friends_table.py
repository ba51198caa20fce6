"""找朋友 tables through the service, storage and the console: six seats, humans and
AI mixed, the dealer's friend call (with the suggested call), levels per player."""

from __future__ import annotations

import re

import pytest

from bot.service import FakeClock, Private, ServiceError, TableService
from rules.cards import rank_name
from rules.events import FriendsCalled, HandScored
from rules.game import Match
from storage import Database
from tests.support.console_helpers import console_table
from tests.support.service_helpers import new_service
from tests.support.service_table import CH, GUILD, Humans, Recorder, hand_over, run_until

USERS = (101, 102, 103)
HAN = re.compile(r"[\u4e00-\u9fff]")


class FriendHumans(Humans):
    """The scripted humans, who also call friends (the suggested call, as text)."""

    def __init__(self, svc: TableService, seats: dict[int, int], table_id: int) -> None:
        super().__init__(svc, seats, declare=False)
        self.table_id = table_id
        self.called: list[int] = []

    async def move(self, m: Match) -> bool:
        if m.phase == "calling" and m.dealer in self.seats:
            text = self.svc.queries.suggested_call(self.table_id, m.dealer)
            assert text and text.startswith("#")
            await self.svc.moves.call_friends(CH, self.seats[m.dealer], text)
            self.called.append(m.dealer)
            return True
        return await super().move(m)


async def six_seats(svc: TableService) -> int:
    st = await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH, creator_id=USERS[0], creator_name="Ann",
        preset_name="friends-6",
    )  # fmt: skip
    assert len(st.table.seats) == 6 and st.table.rules.players == 6
    await svc.lifecycle.join(CH, USERS[1], "Bob")
    await svc.lifecycle.join(CH, USERS[2], "Cai")
    for level in ("basic", "random"):
        await svc.lifecycle.add_ai(CH, USERS[0], level=level)
    with pytest.raises(ServiceError) as info:  # five of six seats filled
        await svc.lifecycle.start_game(CH, USERS[0])
    assert info.value.code == "need_players"
    assert "5/6" in info.value.message("en") and HAN.search(info.value.message("zh-CN"))
    await svc.lifecycle.add_ai(CH, USERS[0], level="simple")
    await svc.lifecycle.start_game(CH, USERS[0])
    return st.table.id


async def test_six_seat_table_with_humans_and_ai_calls_friends(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock)
    rec = Recorder()
    svc.core.subscribe(rec)
    tid = await six_seats(svc)
    humans = FriendHumans(svc, {0: USERS[0], 1: USERS[1], 2: USERS[2]}, tid)
    scored = 0
    for hand in range(1, 7):
        m = await run_until(
            svc, clock, tid, humans, lambda m, h=hand: m.hand_no == h and hand_over(m)
        )
        assert m is not None
        scored += 1
        assert len(m.history[-1].levels_after) == 6 and m.history[-1].team
        if humans.called or m.phase == "finished":
            break
        await svc.lifecycle.next_hand(CH, USERS[0])
    assert humans.called, "no human dealt in six hands"
    calls = rec.public_events(FriendsCalled)
    assert len(calls) == scored
    assert len(rec.public_events(HandScored)) == scored
    nudges = [n for n in rec.notices if isinstance(n, Private) and n.kind == "call_now"]
    assert nudges and all(n.user_id in USERS for n in nudges)
    progress = await svc.queries.progress(CH)
    assert len(progress) == scored
    # Statistics per player: a seat defends when it ended on the dealer's team.
    history = svc.queries.match_of(tid).history  # type: ignore[union-attr]
    for seat, user in enumerate(USERS):
        st = await svc.queries.player_stats(user, GUILD)
        assert st.hands_played == scored
        assert st.hands_defending == sum(seat in h.team for h in history)
        won = sum((seat in h.team) == (h.winner == "defenders") for h in history)
        assert st.hands_won == won
    # Storage keeps six seats and the match: a restarted service has the same state.
    again = TableService(db, clock=clock, defaults=svc.core.defaults)
    await again.start()
    assert again.queries.match_of(tid).to_dict() == svc.queries.match_of(tid).to_dict()  # type: ignore[union-attr]
    assert len(again.queries.cached_status(tid).table.seats) == 6  # type: ignore[union-attr]


async def test_bad_friend_calls_are_refused_in_three_languages(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock, next_hand_seconds=1)
    tid = await six_seats(svc)
    seats = {0: USERS[0], 1: USERS[1], 2: USERS[2]}
    humans = FriendHumans(svc, seats, tid)
    m = await run_until(
        svc, clock, tid, humans, lambda m: m.phase == "calling" and m.dealer in seats
    )
    assert m is not None and m.dealer is not None
    user = seats[m.dealer]
    before = m.to_dict()
    for text, code in [
        ("#1 ♥A", "wrong_call_count"),
        ("#4 ♥A, #1 ♠A", "bad_call_copy"),
        ("#1 大王, #1 ♠A", "call_not_allowed"),
        ("#1 ♥A, #1 ♥A", "duplicate_call"),
        ("#1 ♥Z, #1 ♠A", "bad_call"),
    ]:
        with pytest.raises(ServiceError) as info:
            await svc.moves.call_friends(CH, user, text)
        assert info.value.code == code, text
        assert HAN.search(info.value.message("zh-CN")) and HAN.search(info.value.message("zh-TW"))
        assert info.value.message("en") != code
    with pytest.raises(ServiceError) as info:  # another seat may not call
        await svc.moves.call_friends(CH, seats[(m.dealer + 1) % 3], "#1 ♥A, #1 ♠A")
    assert info.value.code in ("not_dealer_call", "not_seated")
    assert svc.queries.match_of(tid).to_dict() == before  # type: ignore[union-attr]


async def test_console_plays_a_six_player_hand(db: Database) -> None:
    table, buf = await console_table(db, preset_name="friends-6", seed="six")
    called = False
    for _ in range(20_000):
        asked = await table.pump()
        if asked == "next":
            if called:
                break
            await table.handle("next", asked)
            continue
        assert asked not in (None, "over", "stalled"), buf.getvalue()[-2000:]
        table.say(table.prompt_for(asked))
        if asked == "call":
            await table.handle("hint", asked)
            await table.handle("", asked)  # Enter takes the suggested call
            called = True
        elif asked == "declare":
            await table.handle("", asked)
        else:
            await table.handle("go", asked)
    out = buf.getvalue()
    assert called, out[-2000:]
    assert "calls friends" in out and "Seat 6" in out
    assert "Call 2 friend(s)" in out and "you sit in seat 1 of 6" in out
    assert "Dealer's team:" in out and "Levels: Seat 1" in out


def test_table_options_pick_friends_rules() -> None:
    from bot.service.seating import rules_for

    assert rules_for("friends-6", None).players == 6
    assert (rules_for("friends-6", None).decks, rules_for("friends-8", None).decks) == (3, 4)
    r = rules_for(None, 2, players=7)
    assert (r.players, r.decks, r.kitty_size, r.friends is not None) == (7, 2, 10, True)
    assert rules_for("classic", None, players=4).name == "classic"
    with pytest.raises(ServiceError) as info:
        rules_for(None, None, players=11)
    assert info.value.code == "bad_option"
    with pytest.raises(ServiceError) as info:
        rules_for("friends-5", 6)
    assert info.value.code == "friends_decks"
    assert (rules_for("friends-6", 5).decks, rules_for(None, 5, players=10).kitty_size) == (5, 10)
    # Any 找朋友 table by name (the console's --preset): friends-N, friends-NxD.
    assert (rules_for("friends-9", None).players, rules_for("friends-9", None).decks) == (9, 4)
    r = rules_for("friends-10x4", None)
    assert (r.players, r.decks, r.name) == (10, 4, "friends-10x4")
    assert rules_for("friends-6", None, players=7).players == 7
    assert rules_for("friends-10x5", None).name == "friends-10"  # the default decks
    for bad in ("friends-11", "friends-6x6", "friends-6x1", "friends-"):
        with pytest.raises(ServiceError) as info:
            rules_for(bad, None)
        assert info.value.code == "unknown_preset"
    for name in (None, "classic", "tournament"):
        with pytest.raises(ServiceError) as info:
            rules_for(name, 5)
        assert info.value.code == "decks_friends_only"
    with pytest.raises(ServiceError) as info:  # a 找朋友 call names "the k-th copy"
        rules_for("friends", 1, players=6)
    assert info.value.code == "friends_decks"
    assert "2 to 5" in info.value.message("en")
    assert HAN.search(info.value.message("zh-CN")) and "decks" not in info.value.message("zh-CN")


async def test_console_opens_any_friends_table_by_name(db: Database) -> None:
    """``--preset friends-10`` (five decks) or ``friends-7x2``: the console seats you
    and N − 1 AI players and plays on to your first decision."""
    table, buf = await console_table(db, preset_name="friends-10", seed="ten")
    assert "you sit in seat 1 of 10" in buf.getvalue().replace("\n", " ")
    assert table.service.queries.match_of(table.table_id).rules.decks == 5  # type: ignore[union-attr]
    asked = await table.pump()
    expected = ("declare_or_pass", "declare", "play", "bury", "call", "next")
    assert asked in expected, buf.getvalue()[-1500:]


async def test_console_progress_lists_every_seats_level(sqlite_db: Database) -> None:
    """``progress`` at a 找朋友 table: the dealer by seat number and every seat's own
    level after each hand (not two teams)."""
    table, buf = await console_table(sqlite_db, preset_name="friends-6", seed="six")
    for _ in range(20_000):
        asked = await table.pump()
        if asked == "next":
            break
        assert asked not in (None, "over", "stalled"), buf.getvalue()[-2000:]
        await table.handle("" if asked in ("call", "declare") else "go", asked)
    m = table.service.queries.match_of(table.table_id or 0)
    assert m is not None and m.phase == "scored"
    h = m.history[-1]
    mark = len(buf.getvalue())
    await table.handle("progress", "next")
    line = " ".join(buf.getvalue()[mark:].split())
    assert f"Hand 1: dealer Seat {h.dealer + 1}," in line, line
    levels = " · ".join(f"Seat {s + 1} {rank_name(lv)}" for s, lv in enumerate(h.levels_after))
    assert f"Levels: {levels}" in line, line
    assert "North" not in line and "N/S" not in line
