"""``bench.tournament_discord`` at a small size: a Swiss through the real bot in
simcord to the final ranking, and its REST figures are really counted."""

from __future__ import annotations

import re
from typing import Any

from bench import tournament_discord as bench


async def test_the_discord_tournament_bench_runs_at_a_small_size(capsys: Any) -> None:
    assert await bench.main(["--teams", "4", "--rounds", "2", "--hands", "1"]) == 0
    out = capsys.readouterr().out
    assert "4 teams, 2 rounds, 1 hands per table" in out
    assert "4 tables, 4 hands played" in out

    def total(kind: str) -> int:
        found = re.search(rf"^\s*{re.escape(kind)}\s+(\d+)\s", out, re.M)
        assert found is not None, (kind, out)
        return int(found.group(1))

    assert total("thread create") == 4  # one thread per table, never two
    assert total("table threads") > 4 * 5  # each table's own messages are in its thread
    assert total("event channel") >= 2 * 2  # pairings and results of each round
    assert total("DM create") > 0
    assert total("GLOBAL (rate-limited)") >= total("table threads") + total("event channel")
