"""Tournament storage on real databases (SQLite file and PostgreSQL): an event,
its teams, a round opened with all its tables in one write, results, boards."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from rules.presets import preset
from storage import Database, Tournaments
from storage.tournaments import EntryTaken, PlannedTable

GUILD = 1_150_000_000_000_000_001
DIRECTOR = 1_170_000_000_000_000_099
USERS = [1_170_000_000_000_000_000 + i for i in range(1, 9)]
AT = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)


async def test_event_entries_rounds_and_results(db: Database) -> None:
    store = Tournaments(db)
    rules = preset("classic")
    ev = await store.create_event(
        guild_id=GUILD,
        channel_id=42,
        name="Friday Swiss",
        format="swiss",
        rounds=3,
        hands=4,
        minutes=None,
        rules=rules,
        director_id=DIRECTOR,
        seed="s1",
        settings={"win": 2},
    )
    assert ev.status == "registering" and ev.rules == rules and ev.settings == {"win": 2}
    teams = [
        await store.add_entry(ev.id, USERS[i : i + 2], ["Ann", "Bob\tX"]) for i in range(0, 8, 2)
    ]
    assert teams == [0, 1, 2, 3]
    with pytest.raises(EntryTaken) as taken:
        await store.add_entry(ev.id, [USERS[3], 5])
    assert taken.value.user_id == USERS[3]
    entries = await store.entries(ev.id)
    assert entries[1].user_ids == (USERS[2], USERS[3]) and entries[1].names == ("Ann", "Bob X")
    for t in (0, 1, 2):
        await store.set_entry(ev.id, t, checked_in=True)
    await store.start_event(ev.id, drop=[3], boards={1: "s1/b1", 2: "s1/b2"})
    ev2 = await store.event(ev.id)
    assert ev2 is not None and ev2.status == "running"
    assert [e.dropped for e in await store.entries(ev.id)] == [False, False, False, True]
    assert await store.boards(ev.id) == {1: "s1/b1", 2: "s1/b2"}

    await store.open_round(ev.id, 1, [PlannedTable(1, 0, 1)], bye_team=2, at=AT)
    (r,) = await store.rounds(ev.id)
    assert (r.round_no, r.status, r.bye_team, r.started_at) == (1, "open", 2, AT)
    assert (await store.event(ev.id)).current_round == 1  # type: ignore[union-attr]
    await store.set_table(ev.id, 1, 1, 77)
    await store.set_no_shows(ev.id, 1, 1, [3, 1, 3])
    await store.finish_table(ev.id, 1, 1, level_diff=-2, ns_raw=None, hands=4)
    (p,) = await store.pairings(ev.id, 1)
    assert (p.table_id, p.status, p.level_diff, p.hands, p.no_shows) == (77, "done", -2, 4, (1, 3))
    await store.finish_round(ev.id, 1, AT, last=True)
    assert (await store.rounds(ev.id))[0].status == "finished"
    assert [e.id for e in await store.events(statuses=("finished",))] == [ev.id]
    assert await store.events(statuses=("running",)) == []


async def test_a_round_opens_whole_or_not_at_all(db: Database) -> None:
    store = Tournaments(db)
    ev = await store.create_event(
        guild_id=None,
        channel_id=None,
        name="x",
        format="duplicate",
        rounds=1,
        hands=None,
        minutes=30,
        rules=preset("classic"),
        director_id=DIRECTOR,
        seed="s",
    )
    # Two tables with the same number: the second row fails, and nothing is kept.
    with pytest.raises(Exception):  # noqa: B017 - the driver's integrity error
        await store.open_round(ev.id, 1, [PlannedTable(1, 0, 1), PlannedTable(1, 1, 0)], None, AT)
    assert await store.rounds(ev.id) == [] and await store.pairings(ev.id) == []
    assert (await store.event(ev.id)).current_round == 0  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        await store.create_event(
            guild_id=None,
            channel_id=None,
            name="x",
            format="ladder",
            rounds=1,
            hands=1,
            minutes=None,
            rules=preset("classic"),
            director_id=DIRECTOR,
            seed="s",
        )
