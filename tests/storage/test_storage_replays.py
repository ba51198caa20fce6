"""Finished hands for replays (``storage.replays``) and their share links, on a real
SQLite file and on PostgreSQL (``db`` runs both; PostgreSQL skips without
TEST_POSTGRES_URL)."""

from __future__ import annotations

from sqlalchemy import select

from rules.presets import preset
from rules.record import parse_record
from rules.replay import hand_replay
from storage import Database, Replays, Store, StoredHand
from storage.models import HandRow
from tests.support.replay_helpers import open_match, play_hands

GUILD_A = 1_150_000_000_000_000_021
GUILD_B = 1_150_000_000_000_000_022
CH1, CH2, CH3 = (1_160_000_000_000_000_020 + i for i in range(1, 4))
U1, U2 = 1_170_000_000_000_000_211, 1_170_000_000_000_000_212
# One deck, levels K and A: short hands.
SHORT = preset("one-deck").with_overrides(levels=(13, 14))


async def _setup(store: Store) -> dict[str, list[int]]:
    """Table A (CH1, U1 at seat 0): 2 hands; B (CH2, U2 at seat 1): 1; C (another
    server, U1): 1. Hand ids by table, in the order played."""
    a, ma = await open_match(
        store, guild=GUILD_A, channel=CH1, users=(U1, None, None, None), rules=SHORT, seed="ra"
    )
    await play_hands(store, a, ma, 1)
    b, mb = await open_match(
        store, guild=GUILD_A, channel=CH2, users=(None, U2, None, None), rules=SHORT, seed="rb"
    )
    await play_hands(store, b, mb, 1)
    await play_hands(store, await store.get_table(a.id), ma, 1)
    c, mc = await open_match(
        store, guild=GUILD_B, channel=CH3, users=(U1, None, U2, None), rules=SHORT, seed="rc"
    )
    await play_hands(store, c, mc, 1)
    ids: dict[str, list[int]] = {}
    async with store.db.session() as s:
        for name, t in (("a", a), ("b", b), ("c", c)):
            rows = await s.scalars(
                select(HandRow.id)
                .where(HandRow.match_id == t.current_match_id)
                .order_by(HandRow.id)
            )
            ids[name] = list(rows)
    return ids


async def test_hand_by_id_has_its_table_seats_and_record(db: Database) -> None:
    store, replays = Store(db), Replays(db)
    ids = await _setup(store)
    assert [len(v) for v in ids.values()] == [2, 1, 1]
    h = await replays.hand(ids["a"][1])
    assert isinstance(h, StoredHand)
    table = await store.get_table(h.table_id)
    assert (h.channel_id, h.guild_id, h.match_id) == (CH1, GUILD_A, table.current_match_id)
    assert h.hand_no == 2
    assert h.seats == (U1, None, None, None)
    async with db.session() as s:
        row = await s.get(HandRow, h.hand_id)
        assert row is not None
        assert (h.record, h.dealer, h.trump, h.winner) == (
            row.record,
            row.dealer,
            row.trump,
            row.winner,
        )
        assert (h.level_change, h.attackers_points) == (row.level_change, row.attackers_points)
    # The record replays to the stored result.
    replay = hand_replay(parse_record(h.record))
    assert (replay.hand_no, replay.dealer) == (2, h.dealer)
    assert replay.summary.attackers_points == h.attackers_points
    assert replay.summary.winner == h.winner

    c = await replays.hand(ids["c"][0])
    assert c is not None and c.seats == (U1, None, U2, None) and c.guild_id == GUILD_B
    assert await replays.hand(max(max(v) for v in ids.values()) + 1) is None


async def test_hand_of_table_is_of_its_latest_match(db: Database) -> None:
    store, replays = Store(db), Replays(db)
    ids = await _setup(store)
    first = await replays.hand(ids["a"][0])
    assert first is not None
    found = await replays.hand_of_table(first.table_id, 1)
    assert found is not None and found.hand_id == ids["a"][0]
    assert await replays.hand_of_table(first.table_id, 3) is None
    # A new match at the same table: its hand 1 is the one now.
    table = await store.get_table(first.table_id)
    table, m = await open_match(
        store, guild=GUILD_A, channel=CH1, users=(), rules=SHORT, seed="ra2", table=table
    )
    await play_hands(store, table, m, 1)
    newer = await replays.hand_of_table(first.table_id, 1)
    assert newer is not None and newer.hand_id > ids["a"][1]
    assert newer.match_id == table.current_match_id != first.match_id
    # Its hand 2 does not exist yet: the older match's hand 2 answers.
    older = await replays.hand_of_table(first.table_id, 2)
    assert older is not None and older.hand_id == ids["a"][1]


async def test_recent_by_channel_user_and_server(db: Database) -> None:
    store, replays = Store(db), Replays(db)
    ids = await _setup(store)
    a1, a2 = ids["a"]
    (b1,), (c1,) = ids["b"], ids["c"]

    async def recent(**kw: object) -> list[int]:
        return [h.hand_id for h in await replays.recent(**kw)]  # type: ignore[arg-type]

    assert await recent(guild_id=GUILD_A, channel_id=CH1) == [a2, a1]
    assert await recent(guild_id=GUILD_A, user_id=U2) == [b1]
    assert await recent(guild_id=GUILD_A, user_id=U1) == [a2, a1]
    # Both: this channel's hands or the user's, newest first.
    assert await recent(guild_id=GUILD_A, channel_id=CH1, user_id=U2) == [a2, b1, a1]
    assert await recent(guild_id=GUILD_A, channel_id=CH1, user_id=U2, limit=2) == [a2, b1]
    # The server narrows everything; a user's hands elsewhere stay elsewhere.
    assert await recent(guild_id=GUILD_B, user_id=U1) == [c1]
    assert await recent(guild_id=GUILD_B, channel_id=CH1) == []
    assert await recent(guild_id=GUILD_A) == [a2, b1, a1]
    assert await recent(user_id=U1) == [c1, a2, a1]


async def test_share_links_are_unguessable_reused_and_revocable(db: Database) -> None:
    store, replays = Store(db), Replays(db)
    ids = await _setup(store)
    a1, b1 = ids["a"][0], ids["b"][0]
    token = await replays.create_link(a1, U1)
    assert len(token) >= 22 and token.isascii()
    assert await replays.create_link(a1, U2) == token  # the live link is shared
    other = await replays.create_link(b1, U2)
    assert other != token
    found = await replays.hand_by_token(token)
    assert found is not None and found.hand_id == a1 and found.seats == (U1, None, None, None)
    assert await replays.hand_by_token("nope" + token) is None

    assert await replays.revoke_links(a1) == 1
    assert await replays.hand_by_token(token) is None
    assert await replays.revoke_links(a1) == 0
    b = await replays.hand_by_token(other)  # another hand's link is untouched
    assert b is not None and b.hand_id == b1
    fresh = await replays.create_link(a1, U1)
    assert fresh != token
    again = await replays.hand_by_token(fresh)
    assert again is not None and again.hand_id == a1
    assert await replays.hand_by_token(token) is None  # revoked stays revoked
