"""The statistics ``bench.ai`` prints: rates with Wilson intervals, bootstrap intervals
over duplicate pairs, means of paired differences, the seats-won ceiling, decision
times."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from bench.ai.records import HandRecord, PairResult

Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` (at least one) and its standard error (0 for one)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def diff_words(mean: float, se: float) -> str:
    """A paired difference in points (of a rate) with its standard error and 95 % interval."""
    m, s = 100 * mean, 100 * se
    return f"{m:+.1f} points ± {s:.1f} (95 % [{m - Z95 * s:+.1f}, {m + Z95 * s:+.1f}])"


Metric = Callable[[Sequence[HandRecord]], float]
H = TypeVar("H")  # one hand, as a HandRecord or as a row read back


def _won(hs: Sequence[HandRecord]) -> float:
    return sum(h.a_won for h in hs) / len(hs) if hs else math.nan


def _level_rate(hs: Sequence[HandRecord]) -> float:
    a = sum(h.a_levels for h in hs)
    b = sum(h.b_levels for h in hs)
    return a / (a + b) if a + b else math.nan


def _swing(hs: Sequence[HandRecord]) -> float:
    return sum(h.a_levels - h.b_levels for h in hs) / len(hs) if hs else math.nan


def _seat_share(hs: Sequence[HandRecord]) -> float:
    a = sum(h.a_seats_won for h in hs)
    b = sum(h.b_seats_won for h in hs)
    return a / (a + b) if a + b else math.nan


def seat_ceiling(sides: Sequence[tuple[int, int, int, int]]) -> float:
    """The most A's share of the winners' seats could be if A's seats decided who won
    each hand, the sides staying as they were: per hand (A and B seats on the side that
    won, then on the side that lost) either side may be made the winner. With fixed
    partners that is 1; at 找朋友 tables, where both sides mix A and B, it is what no
    player can pass with these sides.

    The best choice per hand depends on the ratio itself (a side of 1 A seat has the
    larger share, one of 4 A seats out of 5 may add more), so it is found exactly by
    Dinkelbach's iteration: pick each hand's side by A seats − ratio × seats, recompute
    the ratio, until it stops rising (a few rounds)."""
    if not sides:
        return math.nan
    ratio = 0.0  # the first round takes the side with more A seats
    while True:
        a = t = 0
        for a_w, b_w, a_l, b_l in sides:
            if a_w - ratio * (a_w + b_w) >= a_l - ratio * (a_l + b_l):
                a, t = a + a_w, t + a_w + b_w
            else:
                a, t = a + a_l, t + a_l + b_l
        new = a / t  # the winning side of a hand always has a seat
        if new <= ratio + 1e-12:
            return max(new, ratio)
        ratio = new


def _seat_ceiling(hs: Sequence[HandRecord]) -> float:
    return seat_ceiling([h.sides for h in hs])


def _margin(hs: Sequence[HandRecord]) -> float:
    return sum(h.margin for h in hs) / len(hs) if hs else math.nan


METRICS: dict[str, Metric] = {
    "hands_won": _won,
    "level_rate": _level_rate,
    "level_swing": _swing,
    "point_margin": _margin,
}


def bootstrap(
    groups: Sequence[Sequence[H]],
    metric: Callable[[Sequence[H]], float],
    rnd: random.Random,
    reps: int,
) -> tuple[float, float]:
    """95% percentile interval, resampling whole pairs (``groups``)."""
    n = len(groups)
    vals = []
    for _ in range(reps):
        sample = [h for _ in range(n) for h in groups[rnd.randrange(n)]]
        v = metric(sample)
        if not math.isnan(v):
            vals.append(v)
    if not vals:
        return (math.nan, math.nan)
    vals.sort()
    lo = vals[int(0.025 * (len(vals) - 1))]
    hi = vals[math.ceil(0.975 * (len(vals) - 1))]
    return (lo, hi)


def summarise(results: Sequence[PairResult], seed: str, reps: int = 2000) -> dict[str, Any]:
    """Every figure the harness prints, as plain data (no timings)."""
    out: dict[str, Any] = {"pairs": len(results), "hands": 2 * len(results)}
    splits: dict[str, Callable[[HandRecord], bool]] = {
        "all": lambda h: True,
        "attacking": lambda h: h.a_attacking,
        "defending": lambda h: not h.a_attacking,
    }
    for name, keep in splits.items():
        groups = [[h for h in r.hands if keep(h)] for r in results]
        groups = [g for g in groups if g]
        flat = [h for g in groups for h in g]
        rnd = random.Random(f"{seed}/bootstrap/{name}")
        block: dict[str, Any] = {"hands": len(flat)}
        for mname, metric in METRICS.items():
            lo, hi = bootstrap(groups, metric, rnd, reps)
            block[mname] = {"value": metric(flat), "ci95": [lo, hi]}
        won = sum(h.a_won for h in flat)
        block["hands_won"]["wilson95"] = list(wilson(won, len(flat)))
        block["a_levels"] = sum(h.a_levels for h in flat)
        block["b_levels"] = sum(h.b_levels for h in flat)
        out[name] = block
    groups = [r.hands for r in results]
    flat = [h for r in results for h in r.hands]
    voids: dict[str, Any] = {}
    for label in ("A", "B"):
        rows = [h.void_leads.get(label, [0, 0, 0, 0]) for h in flat]
        metric = _void_rate(label)
        lo, hi = bootstrap(groups, metric, random.Random(f"{seed}/bootstrap/voids/{label}"), reps)
        voids[label] = {
            "per_100_hands": {"value": metric(flat), "ci95": [lo, hi]},
            "leads": sum(r[0] for r in rows),
            "forced": sum(r[1] for r in rows),
            "lost": sum(r[2] for r in rows),
            "points_lost": sum(r[3] for r in rows),
        }
    out["void_leads"] = voids
    kitty: dict[str, Any] = {}
    for label in ("A", "B"):
        buried = [h for h in flat if h.buried_by == label]
        lost = sum(h.kitty_lost for h in buried)
        kitty[label] = {
            "hands": len(buried),
            "points_lost": lost,
            "per_100_hands": 100 * lost / len(buried) if buried else math.nan,
            "hands_won": sum(h.a_won == (label == "A") for h in buried),
        }
    out["kitty"] = kitty
    # Seats won: of all the seats on winning sides, the share that were A's. With
    # fixed partners it is the hands-won figure; at 找朋友 tables, where a side mixes
    # A and B seats, it credits each seat with its own side's result (the duplicate
    # run seats the other player at every position with the same cards).
    lo, hi = bootstrap(groups, _seat_share, random.Random(f"{seed}/bootstrap/seats"), reps)
    out["seats_won"] = {
        "value": _seat_share(flat),
        "ci95": [lo, hi],
        "a": sum(h.a_seats_won for h in flat),
        "b": sum(h.b_seats_won for h in flat),
        # the ceiling: A's seats deciding every hand, with the sides these hands had
        "ceiling": _seat_ceiling(flat),
    }
    return out


def _void_rate(label: str) -> Metric:
    """Point cards led into a shown void by ``label``, per 100 hands."""

    def rate(hs: Sequence[HandRecord]) -> float:
        if not hs:
            return math.nan
        return 100 * sum(h.void_leads.get(label, [0])[0] for h in hs) / len(hs)

    return rate


def p99(times: Sequence[float]) -> float:
    """The 99th percentile (nearest rank) of ``times``."""
    ts = sorted(times)
    return ts[min(len(ts) - 1, -(-99 * len(ts) // 100) - 1)]


class Timed(Protocol):
    """A result with its decisions' times and samples by label (a pair, a lone deal)."""

    @property
    def times(self) -> Mapping[str, Sequence[float]]: ...

    @property
    def samples(self) -> Mapping[str, Sequence[int]]: ...


def timing(results: Sequence[Timed]) -> dict[str, dict[str, float]]:
    """Per label, the decisions' count, median, p99 and maximum (ms), and the strong
    player's median samples per searched play."""
    out: dict[str, dict[str, float]] = {}
    for label in ("A", "B"):
        ts = sorted(t for r in results for t in r.times.get(label, []))
        if not ts:
            continue
        entry = {
            "decisions": float(len(ts)),
            "median_ms": 1000 * statistics.median(ts),
            "p99_ms": 1000 * p99(ts),
            "max_ms": 1000 * ts[-1],
        }
        ss = [n for r in results for n in r.samples.get(label, [])]
        if ss:
            entry["median_samples"] = float(statistics.median(ss))
        out[label] = entry
    return out
