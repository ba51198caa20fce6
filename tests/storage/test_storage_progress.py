"""Level progress per seat: a 找朋友 match's hands are stored with every seat's level
before and after (``hands.levels_before/levels_after``, migration 0003) and
``Stats.level_progress`` returns them; rows written before 0003 still read (the team
columns, or for 找朋友 the match snapshot's history)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import insert, select, update

from rules.game import Match
from rules.presets import friends_rules, preset
from rules.progress import HandProgress
from rules.scripted import next_scripted
from storage import Database, Stats, Store
from storage.db import alembic_config
from storage.models import HandRow, MatchRow
from tests.support.database import BACKENDS, empty_database_url
from tests.support.stored_hands import CHANNEL, open_table, play_recorded

SIX = friends_rules(6, 3)


async def test_friends_match_progress_has_every_seats_levels(db: Database) -> None:
    store = Store(db)
    match = Match(SIX, "progress-six")
    t = await open_table(store, match)
    await play_recorded(store, t, match, hands=2)
    assert t.current_match_id is not None
    progress = await Stats(db).level_progress(t.current_match_id)
    assert len(progress) == 2
    for p, h in zip(progress, match.history, strict=True):
        assert len(p.levels_before) == len(p.levels_after) == 6
        assert p.levels_before == h.levels_before and p.levels_after == h.levels_after
        assert p.per_seat
    assert progress == [HandProgress.of_summary(h) for h in match.history]
    # Somebody's own level moved, and not everybody's (teams are not N/S and E/W).
    last = match.history[-1]
    moved = {s for s in range(6) if last.levels_after[s] != last.levels_before[s]}
    assert moved and moved != set(range(6))


async def test_four_seat_progress_is_two_teams_and_rows_keep_team_columns(db: Database) -> None:
    store = Store(db)
    match = Match(preset("one-deck"), "progress-four")
    t = await open_table(store, match)
    await play_recorded(store, t, match, hands=2)
    assert t.current_match_id is not None
    progress = await Stats(db).level_progress(t.current_match_id)
    assert progress == [HandProgress.of_summary(h) for h in match.history]
    assert all(len(p.levels_after) == 2 and not p.per_seat for p in progress)
    async with db.session() as s:
        rows = (await s.scalars(select(HandRow).order_by(HandRow.hand_no))).all()
    for r, h in zip(rows, match.history, strict=True):
        assert (r.team0_before, r.team1_before) == h.levels_before
        assert (r.team0_after, r.team1_after) == h.levels_after
        assert r.levels_after is not None


# ---- rows written before migration 0003 ----------------------------------------------------


async def _database_at(backend: str, tmp_path: Path, revision: str) -> Database:
    db = Database(await empty_database_url(backend, tmp_path, "old.db"))
    await db.upgrade(revision)
    return db


def _old_row(match_id: int, h: HandProgress) -> dict[str, object]:
    """A ``hands`` row as 0002 wrote it: team columns only (at 找朋友, seats 1 and 2)."""
    return {
        "match_id": match_id,
        "hand_no": h.hand_no,
        "dealer": h.dealer,
        "level_rank": h.level_rank,
        "trump": h.trump,
        "attackers_points": h.attackers_points,
        "kitty_multiplier": h.kitty_multiplier,
        "winner": h.winner,
        "level_change": h.level_change,
        "team0_before": h.levels_before[0],
        "team1_before": h.levels_before[1],
        "team0_after": h.levels_after[0],
        "team1_after": h.levels_after[1],
        "record": "",
    }


def _played(rules_name: str, hands: int) -> Match:
    rules = SIX if rules_name == "friends-6" else preset(rules_name)
    match = Match(rules, f"old-{rules_name}")
    while len(match.history) < hands:
        match.apply(next_scripted(match, deal=1000))
    return match


@pytest.mark.parametrize("backend", BACKENDS)
async def test_rows_from_before_0003_still_read(backend: str, tmp_path: Path) -> None:
    db = await _database_at(backend, tmp_path, "0002")
    try:
        store = Store(db)
        played = {}
        for i, name in enumerate(("one-deck", "friends-6")):
            match = _played(name, 2)
            fresh = Match(match.rules, match.seed)
            t = await open_table(store, fresh, channel=CHANNEL + i)
            assert t.current_match_id is not None
            async with db.engine.begin() as conn:
                # The match as 0002 left it: its snapshot after the hands, team columns.
                await conn.execute(
                    update(MatchRow.__table__)
                    .where(MatchRow.__table__.c.id == t.current_match_id)
                    .values(snapshot_json=json.dumps(match.to_dict()))
                )
                rows = [
                    _old_row(t.current_match_id, HandProgress.of_summary(h)) for h in match.history
                ]
                await conn.execute(insert(HandRow.__table__), rows)
            played[name] = (t.current_match_id, match)
        await db.upgrade()
        async with db.engine.connect() as conn:
            version = (await conn.exec_driver_sql("SELECT version_num FROM alembic_version")).all()
        assert version == [(ScriptDirectory.from_config(alembic_config()).get_current_head(),)]
        stats = Stats(db)
        # Fixed partners: the team columns are the whole story.
        match_id, match = played["one-deck"]
        expected = [HandProgress.of_summary(h) for h in match.history]
        assert await stats.level_progress(match_id) == expected
        assert all(len(p.levels_after) == 2 for p in expected)
        # 找朋友: every seat's levels from the match's snapshot, not seats 1 and 2.
        match_id, match = played["friends-6"]
        progress = await stats.level_progress(match_id)
        assert progress == [HandProgress.of_summary(h) for h in match.history]
        assert all(len(p.levels_after) == 6 for p in progress)
    finally:
        await db.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
async def test_old_friends_rows_without_a_snapshot_history_fall_back_to_team_columns(
    backend: str, tmp_path: Path
) -> None:
    """A 找朋友 row whose hand the snapshot does not hold reads as the two stored
    levels (the columns 0002 had) rather than failing."""
    db = await _database_at(backend, tmp_path, "0002")
    try:
        store = Store(db)
        match = _played("friends-6", 1)
        t = await open_table(store, Match(SIX, "fresh"))
        assert t.current_match_id is not None
        h = HandProgress.of_summary(match.history[0])
        async with db.engine.begin() as conn:
            await conn.execute(insert(HandRow.__table__), [_old_row(t.current_match_id, h)])
        await db.upgrade()
        (p,) = await Stats(db).level_progress(t.current_match_id)
        assert p.levels_before == h.levels_before[:2] and p.levels_after == h.levels_after[:2]
    finally:
        await db.dispose()
