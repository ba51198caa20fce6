"""Tables played and recorded hand by hand for the storage and stats tests."""

from __future__ import annotations

from rules.game import Match
from rules.scripted import next_scripted
from storage import SeatInfo, Store, TableInfo

GUILD = 1_150_000_000_000_000_013


CHANNEL = 1_160_000_000_000_000_013


USERS = tuple(1_170_000_000_000_000_300 + i for i in range(6))


async def open_table(store: Store, match: Match, channel: int = CHANNEL) -> TableInfo:
    n = match.rules.players
    t = await store.create_table(
        guild_id=GUILD, channel_id=channel, creator_id=USERS[0], rules=match.rules
    )
    seats = [SeatInfo(i, USERS[i], None, f"player {i}") for i in range(n)]
    t = await store.update_table(t.id, t.version, seats=seats)
    return await store.start_match(t.id, t.version, match)


async def play_recorded(store: Store, t: TableInfo, match: Match, hands: int) -> TableInfo:
    """Play ``hands`` whole hands, every action recorded as the service records it."""
    while len(match.history) < hands and match.phase != "finished":
        action = next_scripted(match, deal=1000)
        match.apply(action)
        seat = getattr(action, "seat", None)
        await store.record_action(
            t, action, match, actor_id=None if seat is None else USERS[seat], idempotency_key=None
        )
        t = await store.get_table(t.id)
    assert len(match.history) == hands
    return t
