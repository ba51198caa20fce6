"""Players' display names kept with their hands (``hand_players.display_name``,
migration 0010): the Discord bot caches no members, so the leaderboard and the
replays name players from here. A hand stores each seat's name as it was then;
the ladder reads a player's latest; hands from before 0010 get the name their
seat still holds."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest
from sqlalchemy import Table, insert, select

from rules.game import Match
from rules.presets import preset
from storage import Database, Replays, SeatInfo, Store
from storage.models import HandPlayerRow, HandRow
from storage.rankings import Rankings
from tests.support.database import BACKENDS, empty_database_url
from tests.support.stored_hands import GUILD, USERS, open_table, play_recorded


async def test_each_hand_keeps_the_names_its_seats_had(db: Database) -> None:
    store, replays, rankings = Store(db), Replays(db), Rankings(db)
    match = Match(preset("classic"), "names")
    t = await open_table(store, match)
    t = await play_recorded(store, t, match, 1)
    # Player 1 changes their name on the server and sits again under it.
    renamed = SeatInfo(1, USERS[1], None, "Bo (new)")
    t = await store.update_table(t.id, t.version, seats=[renamed])
    t = await play_recorded(store, t, match, 2)
    first, second = sorted(await replays.recent(guild_id=GUILD), key=lambda h: h.hand_no)
    assert first.names == ("player 0", "player 1", "player 2", "player 3")
    assert second.names == ("player 0", "Bo (new)", "player 2", "player 3")
    players = [str(u) for u in USERS[:4]] + ["ai:basic", "42"]
    names = await rankings.names(GUILD, players)
    assert names == {
        str(USERS[0]): "player 0",
        str(USERS[1]): "Bo (new)",  # the latest
        str(USERS[2]): "player 2",
        str(USERS[3]): "player 3",
    }
    assert await rankings.names(GUILD + 1, players) == {}  # another server's hands


@pytest.mark.parametrize("backend", BACKENDS)
async def test_hands_from_before_0010_get_the_name_their_seat_holds(
    backend: str, tmp_path: Path
) -> None:
    db = Database(await empty_database_url(backend, tmp_path, "old.db"))
    try:
        await db.upgrade("0009")
        store = Store(db)
        match = Match(preset("classic"), "old")
        t = await open_table(store, match)
        assert t.current_match_id is not None
        t = await store.update_table(t.id, t.version, seats=[SeatInfo(3)])  # seat 3 left
        table = cast(Table, HandRow.__table__)
        async with db.engine.begin() as conn:
            hand_id = (
                await conn.execute(
                    insert(table).returning(table.c.id),
                    {
                        "match_id": t.current_match_id,
                        "hand_no": 1,
                        "dealer": 0,
                        "level_rank": 2,
                        "trump": "S",
                        "attackers_points": 40,
                        "kitty_multiplier": 0,
                        "winner": "defenders",
                        "level_change": 1,
                        "team0_before": 2,
                        "team1_before": 2,
                        "team0_after": 3,
                        "team1_after": 2,
                        "record": "",
                    },
                )
            ).scalar_one()
            # The rows as 0009 wrote them: no name column.
            await conn.execute(
                insert(cast(Table, HandPlayerRow.__table__)),
                [
                    {
                        "hand_id": hand_id,
                        "seat": s,
                        "user_id": USERS[s],
                        "guild_id": GUILD,
                        "match_id": t.current_match_id,
                        "role": "dealer" if s == 0 else "defender" if s == 2 else "attacker",
                    }
                    for s in range(4)
                ],
            )
        await db.upgrade()
        async with db.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(HandPlayerRow.seat, HandPlayerRow.display_name).order_by(
                        HandPlayerRow.seat
                    )
                )
            ).all()
        assert [tuple(r) for r in rows] == [
            (0, "player 0"),
            (1, "player 1"),
            (2, "player 2"),
            (3, None),  # their seat is gone: no name to give
        ]
        stored = await Replays(db).hand(hand_id)
        assert stored is not None and stored.names[:3] == ("player 0", "player 1", "player 2")
    finally:
        await db.dispose()
