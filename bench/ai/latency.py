"""How long the 高手 (expert) player keeps a table waiting, at every preset:
``python -m bench.ai latency [--pairs N] [--presets a,b,…] [--jobs J]``.

Seats ``strong`` exactly as a table's *expert* bot plays (``make_player("strong")``:
its 300 ms budget a play, four times that for the kitty and the friend calls, on the
wall clock as at a table) against ``basic`` on ``match``'s duplicate deals, at
every preset — the four-seat ones and 找朋友 from 4 to 10 seats — and prints per
preset the strong seats' decisions (plays, burials, calls): median, p99 and maximum,
and how many took longer than the 2 s a player should wait at most. ``--samples N``
caps the search instead (a quick run, not a latency figure).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from bench.ai.match import run_pairs
from bench.ai.records import Config
from bench.ai.stats import timing
from bench.cli import build_label, preset_names
from rules.presets import PRESET_NAMES, preset
from rules.ruleset_parts import MAX_PLAYERS, MIN_PLAYERS

LIMIT_S = 2.0  # the bound on a decision's p99
DEFAULT_PRESETS = (*PRESET_NAMES, *(f"friends-{n}" for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)))


def measure(
    name: str, pairs: int, seed: str, jobs: int = 1, samples: int | None = None
) -> dict[str, float]:
    """The strong seats' decision times at one preset (seconds; ``match``'s timing)."""
    cfg = Config("strong", "basic", seed, name, samples=samples)
    results = run_pairs(cfg, pairs, jobs)
    t = timing(results)["A"]
    return {
        "decisions": t["decisions"],
        "median": t["median_ms"] / 1000,
        "p99": t["p99_ms"] / 1000,
        "max": t["max_ms"] / 1000,
        "over": float(sum(x > LIMIT_S for r in results for x in r.times.get("A", []))),
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.ai latency",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--pairs", type=int, default=3, help="deals per preset, each played twice")
    ap.add_argument("--presets", default=",".join(DEFAULT_PRESETS))
    ap.add_argument("--seed", default="latency")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--samples", type=int, default=None, help="cap the search (not timing)")
    args = ap.parse_args(argv)
    names = preset_names(args.presets)
    if names is None:
        return 2
    print(
        f"strong (expert, 高手) vs basic, {args.pairs} deal(s) × 2 per preset, seed "
        f"{args.seed!r}, wall clock; {build_label()}"
    )
    head = f"{'preset':<20} {'seats×decks':>11} {'decisions':>9} {'median ms':>9}"
    print(f"{head} {'p99 ms':>8} {'max ms':>8} {'> 2 s':>5}")
    worst = 0.0
    t0 = time.time()
    for name in names:
        r = preset(name)
        f = measure(name, args.pairs, args.seed, args.jobs, args.samples)
        worst = max(worst, f["p99"])
        shape = f"{r.players}×{r.decks}"
        print(
            f"{name:<20} {shape:>11} {int(f['decisions']):>9} {1000 * f['median']:>9.1f} "
            f"{1000 * f['p99']:>8.0f} {1000 * f['max']:>8.0f} {int(f['over']):>5}"
        )
    verdict = "within" if worst <= LIMIT_S else "OVER"
    print(f"worst p99 {1000 * worst:.0f} ms: {verdict} the 2 s bound ({time.time() - t0:.0f} s)")
    return 0
