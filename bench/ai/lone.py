"""One player alone among basic players, against basic in its seat, deal by deal.

``python -m bench.ai lone strong --preset friends-6 --deals 200 --seed h24 --budget-ms 100
--cpu-clock``

Every deal is played twice with the same cards and the same rngs: once with one seat
played by the player under test (the seat is the deal's number mod N, so every seat
takes its turn; every other seat ``basic``), and once with every seat ``basic``. Per
deal the difference is whether that seat ended on the winning side (and the levels it
gained), so the luck of the cards cancels. It prints the seat's hands won with each
player, the paired difference with its standard error, and the *decided* share: of
the deals where the two results differ, how many the player under test turned into a
win (50 % for a player no better than basic).

``match`` seats A and B alternately, so at a 找朋友 table strong seats sit on both
sides of every hand and partly cancel each other (its *seats-won ceiling*); here one
seat's gain is measured alone — what a player at a table of basic bots sees. At fixed
partners the lone seat's partner is basic. ``--json FILE`` writes a row per deal
(``records.DealRow``), which ``paired`` compares deal by deal between two runs.

``--others LEVEL`` seats another level in every other seat (the seat under test is
still compared with basic in it): the strong player's inference takes the others for
basic players, so this asks what that costs at a table that plays otherwise, as
people do.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

from bench.ai.play import (
    PLAYERS,
    Clock,
    add_run_args,
    budget_words,
    kwargs_option,
    pair_params,
    play_deal,
    run_config,
    time_line,
)
from bench.ai.players import build_player, player_name
from bench.ai.records import Config, DealResult, DealRow, LoneRun, write_run
from bench.ai.stats import diff_words, mean_se, timing, wilson
from bench.cli import build_words, worker_pool
from rules.ai.base import LEVELS
from rules.game import Match
from rules.presets import preset
from rules.ruleset import RuleSet
from rules.scoring import team_of


def seat_result(rules: RuleSet, match: Match, seat: int) -> tuple[bool, int]:
    """(did ``seat`` end on the winning side, levels it gained) for a finished hand."""
    h = match.history[-1]
    friends = rules.friends is not None
    dealer_side = (
        set(h.team) if friends else {s for s in range(4) if team_of(s) == team_of(h.dealer)}
    )
    won = (seat in dealer_side) == (h.winner == "defenders")
    return won, h.level_change if won else 0


def play_lone(cfg: Config, deal: int) -> DealResult:
    rules = preset(cfg.preset)
    deal_seed, level, dealer = pair_params(rules, cfg.seed, deal)
    n = rules.players
    seat = deal % n
    out: list[tuple[bool, int]] = []
    clock = Clock(cfg.cpu_clock)
    for lone in (cfg.a, "basic"):
        labels = ["A" if s == seat and lone == cfg.a else "B" for s in range(n)]
        players = [build_player(lone if s == seat else cfg.b, cfg, labels[s]) for s in range(n)]
        rng = random.Random(f"{cfg.seed}/rng/{deal}")  # the same for both runs
        m = play_deal(rules, deal_seed, level, dealer, players, labels, rng, clock)
        out.append(seat_result(rules, m, seat))
    (won, levels), (basic_won, basic_levels) = out
    return DealResult(
        deal, seat, dealer, won, basic_won, levels, basic_levels, clock.times, clock.samples
    )


def run_deals(cfg: Config, deals: int, jobs: int = 1) -> list[DealResult]:
    tasks = range(deals)
    if jobs <= 1:
        return [play_lone(cfg, d) for d in tasks]
    with worker_pool(jobs) as pool:
        return pool.starmap(play_lone, [(cfg, d) for d in tasks], chunksize=1)


def summarise(results: Sequence[DealRow]) -> dict[str, Any]:
    """Hands won by the lone seat with each player, the paired difference, the decided
    share (with a Wilson interval) and levels per hand, overall and as dealer or not."""

    def block(rs: Sequence[DealRow]) -> dict[str, Any]:
        n = len(rs)
        diffs = [int(r.won) - int(r.basic_won) for r in rs]
        mean, se = mean_se(diffs) if n else (0.0, 0.0)
        up, down = diffs.count(1), diffs.count(-1)
        return {
            "deals": n,
            "won": sum(r.won for r in rs) / n if n else 0.0,
            "basic_won": sum(r.basic_won for r in rs) / n if n else 0.0,
            "diff": mean,
            "diff_se": se,
            "decided": up + down,
            "decided_won": up / (up + down) if up + down else 0.5,
            "decided_wilson95": list(wilson(up, up + down)),
            "levels": sum(r.levels for r in rs) / n if n else 0.0,
            "basic_levels": sum(r.basic_levels for r in rs) / n if n else 0.0,
        }

    return {
        "all": block(results),
        "dealer": block([r for r in results if r.seat == r.dealer]),
        "not_dealer": block([r for r in results if r.seat != r.dealer]),
    }


def report(cfg: Config, stats: dict[str, Any], times: dict[str, dict[str, float]]) -> str:
    name = player_name(cfg.a, cfg)
    lines = [
        f"{name} alone in one seat (rotating) among {player_name(cfg.b, cfg)} players, "
        "against basic in that seat: "
        f"preset {cfg.preset}, seed {cfg.seed!r}{budget_words(cfg)}"
        + (f"; settings {cfg.a_kwargs}" if cfg.a_kwargs else "")
        + build_words()
    ]
    for key, title in (
        ("all", "all deals"),
        ("dealer", "the seat deals"),
        ("not_dealer", "another seat deals"),
    ):
        b = stats[key]
        if not b["deals"]:
            continue
        lo, hi = b["decided_wilson95"]
        lines.append(
            f"  {title} ({b['deals']}): the seat won {100 * b['won']:.1f} % with {name}, "
            f"{100 * b['basic_won']:.1f} % with basic: {diff_words(b['diff'], b['diff_se'])}; "
            f"decided by the player in {b['decided']} deals, "
            f"{100 * b['decided_won']:.1f} % of them won [{100 * lo:.1f}, {100 * hi:.1f}]; "
            f"levels per hand {b['levels']:.2f} against {b['basic_levels']:.2f}"
        )
    if t := times.get("A"):
        lines.append(time_line(t, f"({name})", cfg.cpu_clock))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.ai lone", description=(__doc__ or "").split("\n")[0]
    )
    ap.add_argument("player", choices=PLAYERS, help="the lone seat's player")
    ap.add_argument("--deals", type=int, default=100, help="deals, each played twice")
    add_run_args(ap, "friends-6")
    kwargs_option(ap, "--kwargs", "the player")
    ap.add_argument(
        "--others", choices=sorted(LEVELS), default="basic", help="every other seat's player"
    )
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals: at least 1")
    cfg = run_config(ap, args, args.player, args.others, {"a": ("--kwargs", args.kwargs)})
    t0 = time.time()
    results = run_deals(cfg, args.deals, args.jobs)
    stats = summarise(results)
    times = timing(results)
    print(report(cfg, stats, times))
    print(f"  wall time {time.time() - t0:.0f} s with {args.jobs} job(s)")
    if args.json:
        write_run(args.json, LoneRun(cfg, [r.row() for r in results], stats, times))
    return 0
