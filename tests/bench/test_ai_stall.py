"""``bench.ai stall``: the event loop's longest wait while a decision runs in a thread,
as the bot runs the 高手 (``asyncio.to_thread``)."""

from __future__ import annotations

import random
import time

from bench.ai.play import Clock, pair_params, play_deal
from bench.ai.stall import Threaded, timed_decision
from rules.ai import make_player
from rules.ai.base import Player
from rules.presets import preset


def _busy_in_c(seconds: float) -> float:
    """Hold the GIL for about ``seconds`` (or longer) inside one C call (``sum`` over a
    range never hands the GIL over), and say how long it took. The speed is the best of
    a few timings: one slowed by a busy machine would make the call too short."""
    n = 10**6
    per = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        sum(range(n))
        per = min(per, time.perf_counter() - t0)
    t0 = time.perf_counter()
    sum(range(int(n * seconds / max(per, 1e-9))))
    return time.perf_counter() - t0


def test_a_thread_that_waits_leaves_the_loop_free_and_one_holding_the_gil_stalls_it() -> None:
    result, gap = timed_decision(lambda: time.sleep(0.2) or "done")
    assert result == "done" and gap < 0.1
    took, gap = timed_decision(lambda: _busy_in_c(0.3))
    assert took > 0.15 and gap >= 0.8 * took


def test_threaded_seats_play_a_whole_deal_and_each_decision_is_timed() -> None:
    rules = preset("classic")
    deal_seed, level, dealer = pair_params(rules, "stall-test", 0)
    gaps: list[float] = []
    labels = ["A", "B", "A", "B"]
    players: list[Player] = [
        Threaded(make_player("basic"), gaps) if lab == "A" else make_player("basic")
        for lab in labels
    ]
    clock = Clock()
    m = play_deal(rules, deal_seed, level, dealer, players, labels, random.Random(1), clock)
    assert m.phase in ("scored", "finished")
    # every play, burial and call of the A seats was timed, and only those
    assert len(gaps) == len(clock.times["A"]) > len(clock.times["B"]) // 2 > 0
    assert all(g >= 0 for g in gaps)


def test_an_unknown_preset_is_refused_before_anything_runs(capsys) -> None:  # type: ignore[no-untyped-def]
    from bench.ai.__main__ import main

    assert main(["stall", "--presets", "classic,nope"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "nope" in captured.err
