"""Speed and size of the pictures (``bot.pictures``).

Run ``python -m bench.render`` (``--help`` for options). For every preset it plays
the sample hand (``bot.pictures.samples``, basic AI, fixed seed) and renders, with
the content cache cleared before every call (so every figure is a real render;
the card faces stay cached, as they do in the bot after the first picture):

* the table in mid-trick, the table with the last trick faded, a four-deck table
  where every seat threw 25 cards (the widest trick), the fullest hand (the dealer
  at the start of play), the hand summary, and the progress chart of 8 hands (and
  of 8 hands of a six-seat 找朋友 match: a line per seat);
* the classic table, summary and chart once more with the words in Chinese.

It prints the median wall-clock ms (and the median CPU ms, which other load on a
shared machine disturbs less), the worst wall-clock ms and the largest PNG per
kind, and exits 1 if a wall-clock median is over 20 ms or a PNG over 200 KB.
The first (cold) render, which also draws the card faces, is reported apart.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from bot.pictures import CACHE, render_hand, render_progress, render_summary, render_table
from bot.pictures.faces import card_face
from bot.pictures.samples import sample_match, scene, widest_trick
from rules.actions import DealCards
from rules.game import Match
from rules.presets import PRESET_NAMES, friends_rules, preset
from rules.views import View

BUDGET_MS = 20.0
BUDGET_BYTES = 200_000


Timing = tuple[list[float], list[float], int]  # wall ms, CPU ms, largest PNG


def widest_hand(seed: str) -> View:
    """The widest hand any table deals: four seats of five decks (找朋友), the
    dealer's 66 cards and the kitty of 6 while burying."""
    m = Match(friends_rules(4, 5), f"{seed}/widest", first_dealer=0)
    m.apply(DealCards(m.deal_total))
    while m.phase == "declaring":
        m.apply(next(a for s in range(4) if (a := m.suggest(s)) is not None))
    assert m.phase == "burying"
    return m.view_for(0)


def _time(fn: Callable[[], bytes], repeat: int) -> Timing:
    wall, cpu, size = [], [], 0
    for _ in range(repeat):
        CACHE.clear()
        t, c = time.perf_counter(), time.process_time()
        png = fn()
        cpu.append((time.process_time() - c) * 1000)
        wall.append((time.perf_counter() - t) * 1000)
        size = max(size, len(png))
    return wall, cpu, size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--repeat", type=int, default=15, help="renders per picture (default 15)")
    ap.add_argument("--seed", default="sample")
    args = ap.parse_args(argv)

    t = time.perf_counter()
    card_face.cache_clear()
    first = scene("classic", args.seed)
    render_table(first.mid_trick)
    cold = (time.perf_counter() - t) * 1000

    results: dict[str, Timing] = {}

    def add(kind: str, fn: Callable[[], bytes]) -> None:
        wall, cpu, size = _time(fn, args.repeat)
        old = results.get(kind, ([], [], 0))
        results[kind] = (old[0] + wall, old[1] + cpu, max(old[2], size))

    for name in PRESET_NAMES:
        sc = scene(name, args.seed)
        rules = preset(name)
        add("table (trick)", partial(render_table, sc.mid_trick))
        add("table (last trick faded)", partial(render_table, sc.trick_start))
        add("hand (fullest)", partial(render_hand, sc.hand))
        add("summary", partial(render_summary, sc.scored, rules))
        if rules.decks == 4:
            add("table (4 × 25-card throw)", partial(render_table, widest_trick(sc.mid_trick)))
    add("hand (72 cards, 4 × 5 decks)", partial(render_hand, widest_hand(args.seed)))
    # 找朋友 at ten seats: the ring with the calls, and a four-colour hand.
    ten = scene("friends-10", args.seed)
    add("table (trick), friends-10", partial(render_table, ten.mid_trick))
    add("hand, four-colour", partial(render_hand, first.hand, "en", True))
    add("progress chart", partial(render_progress, sample_match(args.seed)))
    friends = sample_match(args.seed, name="friends-6")
    add("progress chart, friends-6", partial(render_progress, friends, preset("friends-6").levels))
    # The words in Chinese (the CJK subset font) cost the same budget.
    zh = scene("classic", args.seed)
    add("table (trick), zh-CN", partial(render_table, zh.mid_trick, (), "zh-CN"))
    add("summary, zh-TW", partial(render_summary, zh.scored, preset("classic"), "zh-TW"))
    add("progress chart, zh-CN", partial(render_progress, sample_match(args.seed), lang="zh-CN"))

    print(
        f"bench.render — Python {platform.python_version()}, {platform.machine()}, "
        f"{args.repeat} renders per preset and kind, cache cleared each time"
    )
    print(f"cold start (sample hand + first table, faces drawn): {cold:.0f} ms")
    print(f"{'picture':28} {'median ms':>10} {'CPU ms':>7} {'worst ms':>9} {'max KB':>7}")
    ok = True
    for kind, (wall, cpu, size) in results.items():
        med = statistics.median(wall)
        flag = "" if med <= BUDGET_MS and size <= BUDGET_BYTES else "  OVER BUDGET"
        ok = ok and not flag
        print(
            f"{kind:28} {med:10.1f} {statistics.median(cpu):7.1f} {max(wall):9.1f}"
            f" {size / 1000:7.1f}{flag}"
        )
    verdict = "met" if ok else "MISSED"
    print(f"budget: ≤ {BUDGET_MS:.0f} ms median, ≤ {BUDGET_BYTES // 1000} KB per PNG: {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
