"""The replay service (``TableService.replays``) on a hand played to its end by the
service: the last finished hand of a channel, a hand by number, history, share
links and who may revoke them; refusals read well in all three languages."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from bot.service import FakeClock, ServiceError, TableService
from rules.game import Match
from rules.record import write_record
from storage import Database
from storage.models import HandRow
from tests.support.service_helpers import NAMES, new_service, play_on
from tests.support.service_table import check_messages

GUILD, OTHER_GUILD = 4201, 4202
CH, CH2 = 7201, 7202
ANN, BOB = 1201, 1202


def scored(m: Match) -> bool:
    return m.phase in ("scored", "finished")


async def open_table(
    svc: TableService, channel: int = CH, guild: int | None = GUILD, user: int = ANN
) -> int:
    st = await svc.lifecycle.create_table(
        guild_id=guild, channel_id=channel, creator_id=user, creator_name=NAMES[0]
    )
    for _ in range(3):
        await svc.lifecycle.add_ai(channel, user)
    await svc.lifecycle.start_game(channel, user)
    return st.table.id


async def refused(code: str, call: object) -> ServiceError:
    with pytest.raises(ServiceError) as err:
        await call  # type: ignore[misc]
    assert err.value.code == code, err.value.params
    return err.value


async def test_last_finished_hand_of_the_channel(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock)
    r = svc.replays
    err = await refused("replay_none", r.finished(guild_id=GUILD, channel_id=CH, hand_id=None))
    check_messages(err)
    assert "replayed once it is over" in err.message("en")
    tid = await open_table(svc)
    # The first hand is being played: nothing to replay yet, no record anywhere.
    m = await play_on(svc, clock, tid, CH, lambda m: m.phase == "playing")
    await refused("replay_none", r.finished(guild_id=GUILD, channel_id=CH, hand_id=None))
    assert await r.history(GUILD, CH, ANN) == []

    m = await play_on(svc, clock, tid, CH, scored)
    expected_record = write_record(m)
    summary = m.history[-1]
    hand, replay = await r.finished(guild_id=GUILD, channel_id=CH, hand_id=None)
    assert hand.table_id == tid and hand.hand_no == 1 and hand.seats == (ANN, None, None, None)
    assert hand.record == expected_record
    assert (replay.hand_no, replay.dealer) == (1, summary.dealer)
    assert replay.summary.attackers_points == summary.attackers_points == hand.attackers_points
    assert replay.summary.winner == summary.winner == hand.winner
    # The first frame shows every hand after the bury: all cards but the kitty's.
    dealt = sum(len(h) for h in replay.frames[0].hands)
    assert dealt + len(replay.buried) == m.rules.decks * 54
    # The same hand by its number; another server never sees it.
    by_id, _ = await r.finished(guild_id=GUILD, channel_id=CH2, hand_id=hand.hand_id)
    assert by_id == hand
    theirs = await refused(
        "replay_not_found", r.finished(guild_id=OTHER_GUILD, channel_id=CH, hand_id=hand.hand_id)
    )
    unknown = await refused(
        "replay_not_found", r.finished(guild_id=OTHER_GUILD, channel_id=CH, hand_id=99_999)
    )
    check_messages(theirs, str(hand.hand_id))
    assert unknown.message("en") == theirs.message("en").replace(str(hand.hand_id), "99999")
    await refused("replay_none", r.finished(guild_id=OTHER_GUILD, channel_id=CH, hand_id=None))

    # The second hand in progress: /replay still shows the first one.
    await svc.lifecycle.next_hand(CH, ANN)
    await play_on(svc, clock, tid, CH, lambda m: m.hand_no == 2 and m.phase == "playing")
    again, _ = await r.finished(guild_id=GUILD, channel_id=CH, hand_id=None)
    assert again.hand_id == hand.hand_id


async def test_history_lists_the_channel_and_the_players_hands(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock)
    r = svc.replays
    t1 = await open_table(svc, CH, user=ANN)
    await play_on(svc, clock, t1, CH, scored)
    t2 = await open_table(svc, CH2, user=BOB)
    await play_on(svc, clock, t2, CH2, scored)
    (h2,) = await r.history(GUILD, CH2, BOB)
    (h1,) = await r.history(GUILD, CH, ANN)
    assert (h1.table_id, h2.table_id) == (t1, t2)
    # In CH2, Ann sees CH2's hand and her own from CH, newest first.
    assert [h.hand_id for h in await r.history(GUILD, CH2, ANN)] == [h2.hand_id, h1.hand_id]
    assert await r.history(OTHER_GUILD, CH, ANN) == []
    assert [h.hand_id for h in await r.history(GUILD, CH2, ANN, limit=1)] == [h2.hand_id]


async def test_console_tables_have_no_server(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock)
    tid = await open_table(svc, CH, guild=None)
    await play_on(svc, clock, tid, CH, scored)
    (h,) = await svc.replays.history(None, CH, ANN)
    assert h.guild_id is None
    found, _ = await svc.replays.finished(guild_id=None, channel_id=CH, hand_id=h.hand_id)
    assert found == h
    # A server's lookup does not reach it.
    await refused(
        "replay_not_found", svc.replays.finished(guild_id=GUILD, channel_id=CH, hand_id=h.hand_id)
    )


async def test_share_links_and_who_may_revoke_them(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock)
    r = svc.replays
    tid = await open_table(svc)
    await play_on(svc, clock, tid, CH, scored)
    hand, replay = await r.finished(guild_id=GUILD, channel_id=CH, hand_id=None)
    token = await r.share(GUILD, hand.hand_id, BOB)
    assert await r.share(GUILD, hand.hand_id, ANN) == token
    shared = await r.by_token(token)
    assert shared is not None and shared[0] == hand and shared[1] == replay
    await refused("replay_not_found", r.share(OTHER_GUILD, hand.hand_id, BOB))

    # Bob did not play it: he may not revoke without Manage Server.
    err = await refused("replay_revoke_denied", r.revoke(GUILD, hand.hand_id, BOB))
    check_messages(err, str(hand.hand_id))
    assert await r.by_token(token) is not None
    await refused("replay_not_found", r.revoke(OTHER_GUILD, hand.hand_id, ANN, manage=True))
    assert await r.revoke(GUILD, hand.hand_id, ANN) == 1  # Ann played it
    assert await r.by_token(token) is None
    fresh = await r.share(GUILD, hand.hand_id, BOB)
    assert fresh != token
    assert await r.revoke(GUILD, hand.hand_id, BOB, manage=True) == 1
    assert await r.by_token(fresh) is None
    assert await r.by_token("not-a-token") is None


async def test_a_record_that_does_not_read_back(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock)
    tid = await open_table(svc)
    await play_on(svc, clock, tid, CH, scored)
    hand, _ = await svc.replays.finished(guild_id=GUILD, channel_id=CH, hand_id=None)
    token = await svc.replays.share(GUILD, hand.hand_id, ANN)
    async with db.session() as s:
        await s.execute(
            update(HandRow).where(HandRow.id == hand.hand_id).values(record='[Rules "nope"]\n1. ?')
        )
    err = await refused(
        "replay_bad_record", svc.replays.finished(guild_id=GUILD, channel_id=CH, hand_id=None)
    )
    check_messages(err, str(hand.hand_id))
    await refused("replay_bad_record", svc.replays.by_token(token))
