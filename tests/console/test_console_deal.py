"""``python -m bot console --deal N``: a new console table dealing finished hand
#N's cards again; an unknown hand is refused in one sentence and the saved table
is kept."""

from __future__ import annotations

import subprocess
from pathlib import Path

from bot.console.commands import CONSOLE_OPTIONS
from bot.console.views import CHANNEL, YOU
from bot.service import FakeClock, TableService
from rules.game import Match
from rules.record import parse_record
from storage import Database, StoredHand
from tests.support.console_helpers import CONSOLE, ROOT, console_env, run_console
from tests.support.service_helpers import play_on


async def a_finished_hand(db_file: Path) -> StoredHand:
    db = Database(f"sqlite+aiosqlite:///{db_file}")
    await db.upgrade()
    try:
        clock = FakeClock()
        svc = TableService(db, clock=clock, defaults=CONSOLE_OPTIONS)
        st = await svc.lifecycle.create_table(
            guild_id=None, channel_id=CHANNEL, creator_id=YOU, preset_name="one-deck"
        )
        for _ in range(3):
            await svc.lifecycle.add_ai(CHANNEL, YOU)
        await svc.lifecycle.start_game(CHANNEL, YOU)
        await play_on(svc, clock, st.table.id, CHANNEL, lambda m: m.phase == "scored")
        (hand,) = await svc.replays.history(None, CHANNEL, YOU)
        return hand
    finally:
        await db.dispose()


async def console_tables(db_file: Path) -> list[tuple[int, str, Match | None]]:
    db = Database(f"sqlite+aiosqlite:///{db_file}")
    try:
        svc = TableService(db, clock=FakeClock(), defaults=CONSOLE_OPTIONS)
        await svc.start()
        out = []
        for tid in svc.core.table_ids():
            status = svc.queries.cached_status(tid)
            out.append((tid, status.table.status, svc.queries.match_of(tid)))
        return out
    finally:
        await db.dispose()


async def test_console_deal_plays_a_finished_hand_again(tmp_path: Path) -> None:
    db_file = tmp_path / "console.db"
    hand = await a_finished_hand(db_file)

    refused = subprocess.run(
        [*CONSOLE, "--db", str(db_file), "--deal", str(hand.hand_id + 50)],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=console_env(),
        timeout=120,
    )
    assert refused.returncode == 2, refused.stderr
    assert f"There is no finished hand #{hand.hand_id + 50}" in refused.stderr
    assert "Traceback" not in refused.stderr
    ((tid, _status, _m),) = await console_tables(db_file)
    assert tid == hand.table_id  # the saved table is kept

    out = run_console(db_file, ["quit"], "--deal", str(hand.hand_id))
    ((new, _status, m),) = await console_tables(db_file)
    assert f"New table #{new} (one-deck)" in out
    assert new != hand.table_id and m is not None
    start = parse_record(hand.record).start()
    assert (m.seed, m.hand_no, m.levels) == (start.seed, start.hand_no, start.levels)
    assert m.hand.deck == start.hand.deck
