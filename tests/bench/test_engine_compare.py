"""bench.engine_compare reads bench.engine's results table."""

from __future__ import annotations

import contextlib
import io

from bench import engine
from bench.engine_compare import parse_hands_per_s


def test_parse_reads_every_preset_of_a_real_run() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert engine.main(["--decks", "1,2", "--friends", "friends-5", "--hands", "3"]) == 0
    got = parse_hands_per_s(out.getvalue())
    assert list(got) == ["one-deck", "classic", "friends-5"]
    assert all(v > 0 for v in got.values())
