"""Speed benchmark of the card-play engine (``rules.play``).

Run ``python -m bench.engine`` (``--help`` for options). For 1, 2, 3 and 4 decks
(presets one-deck, classic, three-decks, four-decks), and for the 找朋友 presets
(friends-5, friends-6, friends-8: N seats, `--friends`), it prints:

* the median µs of ``check_follow`` over the follows of random play (the lead mix
  is whatever random play produces: singles, tuples, tractors, throws);
* the median µs to generate a legal play: ``generate_follow`` for followers, a
  random legal single-unit lead for leaders;
* complete random-legal hands per CPU second on one core: seeded deal (one card at
  a time to seats 0..3, kitty last), random trump (a suit or no-trump, random level
  rank), the dealer takes the kitty and buries random cards, every trick (random
  unit leads, occasional throws judged by ``check_lead``, ``generate_follow`` for
  the followers, ``trick_winner``), kitty multiplier and ``settle_hand``.

Each deck count runs two phases: a *sampling* phase that times single calls with
``perf_counter_ns`` (and checks every generated follow with ``check_follow``), then
a *throughput* phase of ``--hands`` uninstrumented hands timed with
``process_time`` (CPU time, so other load on the machine matters less). Card
conservation and the point total are asserted at the end of every hand, so a broken
engine cannot produce fast numbers; a generated follow that ``check_follow`` refuses
is printed as an engine bug and makes the exit status 1. ``--verify`` also checks
every lead and follow of the throughput phase (slow; a correctness run, not a timing).
The targets for two decks are ≥ 1,000 hands/s and ≤ 20 µs median per follow check.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bench.engine_hands import Probe, perf_ns, play_hand, verify_follow
from bot.compiled import is_compiled
from rules.errors import RuleError
from rules.play import Lead, check_follow
from rules.presets import preset
from rules.ruleset import RuleSet, RuleSetError

PRESET_FOR_DECKS = {1: "one-deck", 2: "classic", 3: "three-decks", 4: "four-decks"}
# Hands per deck count for the throughput phase; sized so that a default run of all
# four deck counts takes about a minute (sampling included) on a 2-vCPU Xeon VM.
DEFAULT_HANDS = {1: 50_000, 2: 24_000, 3: 13_000, 4: 8_500}
# The 找朋友 presets (N seats): hands per preset for the throughput phase.
DEFAULT_FRIENDS_HANDS = {
    "friends-5": 12_000,
    "friends-6": 6_000,
    "friends-8": 3_000,
    "friends-10": 2_000,  # five decks
}
# Hands played with timing probes before the throughput phase: this share of
# ``--hands``, within [SAMPLE_MIN, SAMPLE_MAX] (every follow's hand is kept in memory).
SAMPLE_SHARE = 0.1
SAMPLE_MIN = 100
SAMPLE_MAX = 600


# ---- measurement ----------------------------------------------------------------------


def lead_kind(lead: Lead) -> str:
    if len(lead.units) > 1:
        return "throw"
    u = lead.units[0]
    if u.length >= 2:
        return "tractor"
    return "single" if u.width == 1 else "tuple"


@dataclass
class DeckResult:
    decks: int
    preset: str
    hands: int
    hands_per_s: float
    check_us: float
    check_p90_us: float
    gen_follow_us: float
    gen_lead_us: float
    check_by_kind: dict[str, tuple[int, float]]
    throws: tuple[int, int]
    seconds: float
    illegal: list[str]  # generated follows that check_follow refused (engine bugs)


def _median_us(ns: Sequence[int]) -> float:
    return float(statistics.median(ns)) / 1000 if ns else float("nan")


def _p90_us(ns: Sequence[int]) -> float:
    if not ns:
        return float("nan")
    s = sorted(ns)
    return s[min(len(s) - 1, int(0.9 * len(s)))] / 1000


HOUSE: dict[str, str] = {}  # --rule NAME=VALUE: house rules on every measured table


def _with_house(rules: RuleSet) -> RuleSet:
    from rules.settings import apply

    # bombs need four decks: smaller tables keep them off.
    changes = {k: v for k, v in HOUSE.items() if k != "bombs" or rules.decks >= 4}
    return apply(rules, changes)


def measure(
    decks: int, hands: int, seed: int, profile: bool = False, verify: bool = False
) -> DeckResult:
    return measure_rules(_with_house(preset(PRESET_FOR_DECKS[decks])), hands, seed, profile, verify)


def measure_rules(
    rules: RuleSet, hands: int, seed: int, profile: bool = False, verify: bool = False
) -> DeckResult:
    decks = rules.decks
    start = time.perf_counter()

    # Sampling phase: time single calls, and check every generated follow.
    probe = Probe()
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(min(SAMPLE_MAX, max(SAMPLE_MIN, int(hands * SAMPLE_SHARE)))):
        play_hand(rules, rng, probe)
    check_ns: list[int] = []
    by_kind: dict[str, list[int]] = {}
    illegal: list[str] = []
    for ctx, before, lead, follow in probe.follows:
        t0 = perf_ns()
        try:
            check_follow(ctx, before, lead, follow)
        except RuleError:
            verify_follow(ctx, before, lead, follow, illegal)
        dt = perf_ns() - t0
        check_ns.append(dt)
        by_kind.setdefault(lead_kind(lead), []).append(dt)

    # Throughput phase: uninstrumented hands on one core.
    rng = random.Random(seed)

    checked: list[str] | None = [] if verify else None

    def loop() -> None:
        for _ in range(hands):
            play_hand(rules, rng, None, checked)

    prof = cProfile.Profile() if profile else None
    cpu_start = time.process_time()
    if prof is not None:
        prof.runcall(loop)
    else:
        loop()
    cpu = time.process_time() - cpu_start
    if prof is not None:
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(20)
        print(f"\n--- cProfile of {hands} hands, {decks} deck(s) (sorted by tottime) ---")
        print(out.getvalue().rstrip())

    kinds = ("single", "tuple", "tractor", "throw")
    return DeckResult(
        decks=decks,
        preset=rules.name,
        hands=hands,
        hands_per_s=hands / cpu if cpu > 0 else float("inf"),
        check_us=_median_us(check_ns),
        check_p90_us=_p90_us(check_ns),
        gen_follow_us=_median_us(probe.gen_follow_ns),
        gen_lead_us=_median_us(probe.gen_lead_ns),
        check_by_kind={k: (len(by_kind[k]), _median_us(by_kind[k])) for k in kinds if k in by_kind},
        throws=(probe.throws_tried, probe.throws_failed),
        seconds=time.perf_counter() - start,
        illegal=illegal + (checked or []),
    )


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    first = True
    lines = []
    for row in (headers, *rows):
        cells = [
            (c.ljust(w) if i == 0 or (not first and i == 1) else c.rjust(w))
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
        if first:
            lines.append("  ".join("-" * w for w in widths))
        first = False
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__.split("\n")[0])
    ap.add_argument(
        "--hands",
        type=int,
        default=None,
        help="hands per deck count in the throughput phase "
        f"(default {', '.join(f'{d}: {n}' for d, n in DEFAULT_HANDS.items())})",
    )
    ap.add_argument(
        "--seed", type=int, default=20240601, help="seed of the deals and of every random choice"
    )
    ap.add_argument("--decks", default="1,2,3,4", help="comma-separated deck counts (1..4)")
    ap.add_argument(
        "--friends",
        default=",".join(DEFAULT_FRIENDS_HANDS),
        help="comma-separated 找朋友 tables to measure too: friends-N or friends-NxD ('' for none)",
    )
    ap.add_argument("--profile", action="store_true", help="cProfile top-20 of the hands loop")
    ap.add_argument(
        "--verify", action="store_true", help="also check_lead/check_follow every play (slow)"
    )
    ap.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule (rules.settings) on every table, repeatable; bombs only at 4 decks",
    )
    args = ap.parse_args(argv)
    for item in args.rule:
        name, _, value = item.partition("=")
        HOUSE[name.strip()] = value.strip()
    try:
        _with_house(preset("four-decks"))
    except RuleSetError as exc:
        ap.error(f"--rule: {exc}")
    try:
        deck_list = [int(x) for x in args.decks.split(",") if x.strip()]
    except ValueError:
        ap.error("--decks takes numbers like 1,2,3,4")
    if any(d not in PRESET_FOR_DECKS for d in deck_list):
        ap.error("--decks must be among 1,2,3,4")
    friends = [x.strip() for x in args.friends.split(",") if x.strip()]
    try:
        friends_rules = [preset(f) for f in friends]
    except RuleSetError as exc:
        ap.error(f"--friends: {exc}")
    if any(r.friends is None for r in friends_rules):
        ap.error("--friends takes 找朋友 tables (friends-N, friends-NxD)")
    if args.hands is not None and args.hands < 1:
        ap.error("--hands must be ≥ 1")

    build = "compiled (bot/compiled)" if is_compiled() else "pure Python"
    py = f"Python {platform.python_version()} ({platform.python_implementation()})"
    print(f"{py}; rules/: {build}")
    print(f"Machine: {platform.platform()}; {_cpu_name()}; {os.cpu_count()} logical CPUs")
    print(f"seed {args.seed}; single process, one core")
    sys.stdout.flush()

    results = []
    for d in deck_list:
        hands = args.hands if args.hands is not None else DEFAULT_HANDS[d]
        results.append(measure(d, hands, args.seed, args.profile, args.verify))
    for name, rules in zip(friends, friends_rules, strict=True):
        hands = args.hands if args.hands is not None else DEFAULT_FRIENDS_HANDS.get(name, 2_000)
        results.append(
            measure_rules(_with_house(rules), hands, args.seed, args.profile, args.verify)
        )

    rows = [
        [
            str(r.decks),
            r.preset,
            f"{r.check_us:.1f}",
            f"{r.check_p90_us:.1f}",
            f"{r.gen_follow_us:.1f}",
            f"{r.gen_lead_us:.1f}",
            f"{r.hands_per_s:,.0f}",
            f"{r.hands:,}",
            f"{r.seconds:.1f}",
        ]
        for r in results
    ]
    print()
    print(
        _table(
            [
                "decks",
                "preset",
                "check µs",
                "p90 µs",
                "gen follow µs",
                "gen lead µs",
                "hands/s",
                "hands",
                "s",
            ],
            rows,
        )
    )
    print()
    print("check_follow median µs by lead kind (samples):")
    kind_rows = []
    for r in results:
        cells = [str(r.decks)]
        for k in ("single", "tuple", "tractor", "throw"):
            n, us = r.check_by_kind.get(k, (0, float("nan")))
            cells.append(f"{us:.1f} ({n})")
        tried, failed = r.throws
        cells.append(f"{tried - failed}/{tried}")
        kind_rows.append(cells)
    print(_table(["decks", "single", "tuple", "tractor", "throw", "throws ok"], kind_rows))
    print()
    print(
        "check µs / p90 µs: check_follow over every follow of the sampled hands; gen follow µs:\n"
        "generate_follow with an rng; gen lead µs: a random single-unit lead (make_lead\n"
        "included); hands/s: complete hands per CPU second (deal, trump, bury, tricks,\n"
        "kitty, settle_hand); s: wall time of the row, sampling included."
    )
    if args.profile:
        print("(hands/s above were measured under cProfile and are not comparable)")
    bad = [x for r in results for x in r.illegal]
    if bad:
        print(f"\nENGINE BUG: generate_follow produced {len(bad)} follow(s) check_follow refuses:")
        for line in bad[:5]:
            print("  " + line)
        return 1
    return 0


def _cpu_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


if __name__ == "__main__":
    raise SystemExit(main())
