"""``bench.tournament`` at a small size: it runs the event to the end through the
service and prints its figures (the writes it counts are really seen)."""

from __future__ import annotations

import re
from typing import Any

from bench import tournament as bench


async def test_the_tournament_bench_runs_at_a_small_size(capsys: Any) -> None:
    assert await bench.main(["--teams", "4", "--rounds", "2", "--hands", "1"]) == 0
    out = capsys.readouterr().out
    assert "swiss: 4 teams, 2 rounds, 1 hands per table" in out
    assert "4 tables, 4 hands played" in out
    found = re.search(r"(\d+) DB write statements in (\d+) write transactions", out)
    assert found is not None
    statements, transactions = map(int, found.groups())
    assert statements >= transactions > 10  # every move of a hand is a stored write
    assert "REST calls: not measured" in out
