"""How much of ``bench.engine``'s random hand is the engine: ``python -m bench.engine_share``.

A complete random hand (``bench.engine_hands.play_hand``) is the engine's calls —
dealing shuffle, leads, follows, trick winners and points, settling — and the bench's
own random player and bookkeeping around them (random picks, card lists, conservation
checks). This times every engine call the hand makes from inside, on the thread's CPU
clock, with the timer's own cost per call measured on a no-op and taken off, and prints
per preset: hands/s and µs per hand unwrapped, the engine's µs per hand by function,
and the rest — what no engine speed-up can remove, so the most a faster engine could
multiply ``bench.engine``'s figure by. Both columns are the best of three runs.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import bench.engine_hands as hands_mod
from bench.cli import build_label, preset_names
from rules.presets import preset
from rules.trump import TrumpContext

# The engine functions play_hand and its random player call (``TrumpContext.of`` too).
ENGINE = (
    "shuffle",
    "decompose",
    "make_lead",
    "check_lead",
    "generate_follow",
    "trick_winner",
    "trick_points",
    "kitty_multiplier",
    "settle_hand",
    "settle_friends",
    "team_of",
)
clock = time.thread_time_ns


class Tally:
    """ns spent inside, and calls, per engine function."""

    def __init__(self) -> None:
        self.ns: dict[str, int] = {}
        self.calls: dict[str, int] = {}

    def wrap(self, name: str, f: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = clock()
            out = f(*args, **kwargs)
            self.ns[name] = self.ns.get(name, 0) + clock() - t0
            self.calls[name] = self.calls.get(name, 0) + 1
            return out

        return timed


def timer_cost(n: int = 100_000) -> float:
    """ns a wrapped call of a no-op counts from inside (the timer's own share)."""
    tally = Tally()
    noop = tally.wrap("noop", lambda *a: None)
    for _ in range(n):
        noop(1, 2)
    return tally.ns["noop"] / n


@contextmanager
def timed_engine(tally: Tally) -> Iterator[None]:
    """Every engine function ``play_hand`` reaches, wrapped; restored afterwards."""
    saved = {name: getattr(hands_mod, name) for name in ENGINE}
    of = TrumpContext.of
    try:
        for name in ENGINE:
            setattr(hands_mod, name, tally.wrap(name, saved[name]))
        timed_of = staticmethod(tally.wrap("TrumpContext.of", of))
        setattr(hands_mod, "TrumpContext", type("TimedTrumpContext", (), {"of": timed_of}))  # noqa: B010
        yield
    finally:
        for name in ENGINE:
            setattr(hands_mod, name, saved[name])
        setattr(hands_mod, "TrumpContext", TrumpContext)  # noqa: B010


def measure(name: str, hands: int, seed: int = 1) -> dict[str, Any]:
    rules = preset(name)

    def run() -> float:
        rng = random.Random(seed)
        t0 = time.process_time()
        for _ in range(hands):
            hands_mod.play_hand(rules, rng)
        return time.process_time() - t0

    # Best of three, both ways: a run's warm-up or a pause elsewhere on the machine
    # must not land in one column and not the other.
    total = min(run() for _ in range(3))
    cost = timer_cost()
    tallies = []
    for _ in range(3):
        tallies.append(Tally())
        with timed_engine(tallies[-1]):
            run()
    tally = min(tallies, key=lambda t: sum(t.ns.values()))
    per_fn = {
        fn: max(0.0, (ns - cost * tally.calls[fn]) / 1000 / hands) for fn, ns in tally.ns.items()
    }
    engine_us = sum(per_fn.values())
    total_us = 1e6 * total / hands
    return {
        "hands_per_s": hands / total,
        "total_us": total_us,
        "engine_us": engine_us,
        "rest_us": total_us - engine_us,
        "per_fn_us": dict(sorted(per_fn.items(), key=lambda kv: -kv[1])),
        "calls": {fn: k / hands for fn, k in tally.calls.items()},
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.engine_share", description=__doc__)
    ap.add_argument("--presets", default="classic,four-decks,friends-10")
    ap.add_argument("--hands", type=int, default=1500)
    args = ap.parse_args(argv)
    names = preset_names(args.presets)
    if names is None:
        return 2
    print(f"the engine's share of a random hand ({build_label()}; {args.hands} hands per preset)")
    for n in names:
        f = measure(n, args.hands)
        top = ", ".join(f"{fn} {us:.0f}" for fn, us in list(f["per_fn_us"].items())[:4])
        print(
            f"{n:<11} {f['hands_per_s']:>6.0f} hands/s = {f['total_us']:>5.0f} µs/hand: engine "
            f"{f['engine_us']:>4.0f} µs ({100 * f['engine_us'] / f['total_us']:.0f} %; {top}), "
            f"the rest {f['rest_us']:.0f} µs — an engine taking no time at all: "
            f"{f['total_us'] / f['rest_us']:.1f}× the hands/s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
