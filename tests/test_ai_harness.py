"""The AI evaluation harness (bench/ai.py): duplicate deals, statistics reproducible
from the seed (in one process or several), and the command line."""

from __future__ import annotations

import os
import random

import pytest

from bench.ai import (
    Config,
    bootstrap,
    main,
    pair_params,
    play_pair,
    run_pairs,
    summarise,
    timing,
    wilson,
)
from rules.presets import preset

SLOW = os.environ.get("SHENGJI_SLOW") == "1"


def test_pairs_are_duplicate_deals() -> None:
    r = play_pair(Config("basic", "random", "dup"), 0)
    a, b = r.hands
    assert (a.level, a.dealer) == (b.level, b.dealer)
    assert a.a_attacking != b.a_attacking  # A attacks once and defends once
    for h in r.hands:
        assert h.a_levels == 0 or h.b_levels == 0
        assert h.a_won == (h.a_levels > 0 or (h.a_attacking and h.attackers_points >= 80))


def test_pair_parameters_come_from_the_seed() -> None:
    rules = preset("classic")
    assert pair_params(rules, "s", 3) == pair_params(rules, "s", 3)
    assert {pair_params(rules, "s", i)[1] for i in range(40)} <= set(range(2, 12))
    assert len({pair_params(rules, "s", i) for i in range(10)}) == 10


def test_statistics_are_reproducible_from_the_seed() -> None:
    cfg = Config("basic", "random", "repro")
    one = summarise(run_pairs(cfg, 3, jobs=1), cfg.seed, reps=200)
    again = summarise(run_pairs(cfg, 3, jobs=1), cfg.seed, reps=200)
    assert one == again
    parallel = summarise(run_pairs(cfg, 3, jobs=2), cfg.seed, reps=200)
    assert parallel == one
    other = summarise(run_pairs(Config("basic", "random", "other"), 3, jobs=1), "other", reps=200)
    assert other != one


def test_strong_with_a_sample_cap_is_reproducible() -> None:
    cfg = Config("strong", "basic", "repro-strong", samples=2)
    a = run_pairs(cfg, 1)
    b = run_pairs(cfg, 1)
    assert [h for r in a for h in r.hands] == [h for r in b for h in r.hands]
    t = timing(a)
    assert t["A"]["decisions"] > 0 and t["A"]["p99_ms"] >= t["A"]["median_ms"]


def test_intervals() -> None:
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and hi - lo < 0.21
    assert wilson(0, 0) == (0.0, 1.0)
    r = play_pair(Config("basic", "basic", "mirror"), 0)
    lo2, hi2 = bootstrap(
        [r.hands], lambda hs: sum(h.a_won for h in hs) / len(hs), random.Random(0), 50
    )
    assert lo2 == hi2 == 0.5  # a mirror match: each side wins once


def test_command_line(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    out = os.path.join(str(tmp_path), "figures.json")
    assert main(["basic", "random", "--pairs", "2", "--seed", "cli", "--quiet", "--json", out]) == 0
    text = capsys.readouterr().out
    for word in (
        "hands won",
        "level rate",
        "level swing",
        "point margin",
        "A attacking",
        "A defending",
        "decision time A (basic)",
        "p99",
    ):
        assert word in text
    assert os.path.exists(out)


@pytest.mark.slow
def test_basic_beats_random() -> None:
    """The target of the README, at a smaller size unless SHENGJI_SLOW=1."""
    pairs = 500 if SLOW else 12
    cfg = Config("basic", "random", "slow")
    stats = summarise(run_pairs(cfg, pairs, jobs=2), cfg.seed, reps=300)
    assert stats["all"]["level_rate"]["value"] >= 0.9
