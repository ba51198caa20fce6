"""How long the bot's event loop waits while the 高手 thinks: ``python -m bench.ai stall``.

The table service runs a search player's decision in a thread (``asyncio.to_thread``,
``bot/service/automation.py``) so the bot keeps answering everyone else; but the thread
and the event loop share the GIL, so the loop still waits whenever the search holds it.
This seats the 高手 exactly as a table does (``make_player("strong")``) against basic
on ``match``'s duplicate deals, runs each of its decisions through
``asyncio.to_thread`` while the loop asks to wake every millisecond, and prints per
preset the longest gap between two wake-ups in each decision: median, p99 and maximum.
Run it with and without ``SHENGJI_COMPILED=1``: compiled code keeps the GIL through
each call into the compiled modules (a play-out), where Python hands it over every
5 ms (``sys.getswitchinterval``).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from bench.ai.play import Clock, pair_params, play_deal
from bench.ai.stats import p99
from bench.cli import build_label, preset_names
from rules.actions import Action
from rules.ai import make_player
from rules.ai.base import Player
from rules.presets import preset
from rules.views import View

T = TypeVar("T")
TICK_S = 0.001


async def _timed(choose: Callable[[], T], tick: float) -> tuple[T, float]:
    task = asyncio.ensure_future(asyncio.to_thread(choose))
    worst, last = 0.0, time.perf_counter()
    while not task.done():
        await asyncio.sleep(tick)
        now = time.perf_counter()
        worst, last = max(worst, now - last), now
    return task.result(), worst


def timed_decision(choose: Callable[[], T], tick: float = TICK_S) -> tuple[T, float]:
    """``choose()`` run in a thread as the bot runs a search, and the event loop's
    longest gap (seconds) between wake-ups asked for every ``tick`` meanwhile."""
    return asyncio.run(_timed(choose, tick))


class Threaded:
    """A player whose decisions run as the bot runs them, each one's longest gap kept."""

    def __init__(self, inner: Player, gaps: list[float]) -> None:
        self.inner, self.gaps, self.level = inner, gaps, inner.level

    def choose(self, view: View, rng: random.Random) -> Action | None:
        action, gap = timed_decision(lambda: self.inner.choose(view, rng))
        if view.phase in ("playing", "burying", "calling"):
            self.gaps.append(gap)
        return action


def measure(name: str, pairs: int, seed: str) -> list[float]:
    """The longest loop gap of each of the 高手's decisions at one preset (seconds)."""
    rules = preset(name)
    gaps: list[float] = []
    for pair in range(pairs):
        deal_seed, level, dealer = pair_params(rules, seed, pair)
        for run in (0, 1):  # the 高手 on one side, then on the other
            labels = ["A" if (s + run) % 2 == 0 else "B" for s in range(rules.players)]
            players: list[Player] = [
                Threaded(make_player("strong"), gaps) if lab == "A" else make_player("basic")
                for lab in labels
            ]
            rng = random.Random(f"{seed}/rng/{pair}/{run}")
            play_deal(rules, deal_seed, level, dealer, players, labels, rng, Clock())
    return gaps


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.ai stall",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--pairs", type=int, default=2, help="deals per preset, each played twice")
    ap.add_argument("--presets", default="classic,four-decks,friends-6")
    ap.add_argument("--seed", default="stall")
    args = ap.parse_args(argv)
    names = preset_names(args.presets)
    if names is None:
        return 2
    print(f"the event loop while the 高手 thinks in a thread ({build_label()}; 1 ms wake-ups)")
    print(f"{'preset':<12} {'decisions':>9} {'median ms':>9} {'p99 ms':>7} {'max ms':>7}")
    for n in names:
        gaps = sorted(measure(n, args.pairs, args.seed))
        print(
            f"{n:<12} {len(gaps):>9} {1000 * statistics.median(gaps):>9.1f} "
            f"{1000 * p99(gaps):>7.1f} {1000 * gaps[-1]:>7.1f}"
        )
    return 0
