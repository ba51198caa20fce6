"""Finished hands in a real database, stored the way the bot stores them (every
action through ``Store.record_action``), for the replay tests."""

from __future__ import annotations

from collections.abc import Sequence

from rules.game import Match
from rules.ruleset import RuleSet
from rules.scripted import next_scripted
from storage import SeatInfo, Store, TableInfo


def seats_of(users: Sequence[int | None]) -> list[SeatInfo]:
    """Seat i is ``users[i]``, or an AI where that is None."""
    return [
        SeatInfo(i, u, None, f"player {i}")
        if u is not None
        else SeatInfo(i, None, "basic", f"AI {i}")
        for i, u in enumerate(users)
    ]


async def open_match(
    store: Store,
    *,
    guild: int | None,
    channel: int,
    users: Sequence[int | None],
    rules: RuleSet,
    seed: str,
    table: TableInfo | None = None,
) -> tuple[TableInfo, Match]:
    """A table in play (a new one, or a new match at ``table``)."""
    if table is None:
        creator = next((u for u in users if u is not None), 1)
        table = await store.create_table(
            guild_id=guild, channel_id=channel, creator_id=creator, rules=rules
        )
        table = await store.update_table(table.id, table.version, seats=seats_of(users))
    match = Match(rules, seed)
    return await store.start_match(table.id, table.version, match), match


async def play_hands(store: Store, table: TableInfo, match: Match, hands: int) -> TableInfo:
    """Play until ``hands`` more hands of the match are scored, recording every action."""
    goal = len(match.history) + hands
    while len(match.history) < goal:
        assert match.phase != "finished"
        action = next_scripted(match, deal=1000)
        match.apply(action)
        seat = getattr(action, "seat", None)
        actor = None if seat is None else table.seats[seat].user_id
        await store.record_action(table, action, match, actor_id=actor, idempotency_key=None)
        table = await store.get_table(table.id)
    return table
