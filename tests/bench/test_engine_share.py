"""``bench.engine_share``: the engine's µs per random hand, timed from inside each call,
and the rest (the bench's own player) — checked by slowing the engine by a known amount."""

from __future__ import annotations

import time
from typing import Any

import pytest

import bench.engine_hands as hands_mod
from bench.engine_share import ENGINE, Tally, measure, timed_engine
from bot.compiled import is_compiled

SPIN_US = 20


def _spin(us: int) -> int:
    """Busy for ``us`` µs of this thread's CPU time; returns the ns it took (a little
    more: the last clock read overshoots, by more when the machine is busy)."""
    start = time.thread_time_ns()
    end = start + us * 1000
    now = start
    while now < end:
        now = time.thread_time_ns()
    return now - start


def test_wrapping_restores_every_engine_function() -> None:
    before = {name: getattr(hands_mod, name) for name in ENGINE}
    context = hands_mod.TrumpContext
    with timed_engine(Tally()):
        assert all(getattr(hands_mod, n) is not before[n] for n in ENGINE)
        assert hands_mod.TrumpContext is not context
    assert all(getattr(hands_mod, n) is before[n] for n in ENGINE)
    assert hands_mod.TrumpContext is context


def test_time_added_to_the_engine_is_counted_as_engine_and_not_as_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain = measure("classic", 150)
    assert 0 < plain["engine_us"] < plain["total_us"] and plain["rest_us"] > 0
    follow = hands_mod.generate_follow

    spun: list[int] = []

    def slow_follow(*args: Any) -> Any:
        spun.append(_spin(SPIN_US))
        return follow(*args)

    monkeypatch.setattr(hands_mod, "generate_follow", slow_follow)
    slow = measure("classic", 150)
    # µs per hand: what the spins really took (≥ SPIN_US each) times the calls per hand
    added = sum(spun) / len(spun) / 1000 * slow["calls"]["generate_follow"]
    assert sum(spun) / len(spun) >= SPIN_US * 1000
    assert slow["calls"]["generate_follow"] == plain["calls"]["generate_follow"]  # same hands
    assert slow["engine_us"] - plain["engine_us"] == pytest.approx(added, rel=0.15)
    assert abs(slow["rest_us"] - plain["rest_us"]) < 0.15 * added


def test_the_command_prints_a_line_per_preset_and_refuses_an_unknown_one(capsys) -> None:  # type: ignore[no-untyped-def]
    from bench.engine_share import main

    assert main(["--presets", "classic,friends-5", "--hands", "20"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert ("rules/ compiled" if is_compiled() else "pure Python") in out[0] and len(out) == 3
    assert out[1].startswith("classic") and "µs/hand: engine" in out[1] and "the rest" in out[1]
    assert main(["--presets", "classic,nope"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "nope" in captured.err
