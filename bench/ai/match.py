"""Duplicate evaluation of two AI levels: ``python -m bench.ai match A B --pairs N``.

Each *pair* is one deal played twice with the teams swapped (duplicate): first A
sits at seats 0 and 2 and B at 1 and 3, then the other way round, with the same cards,
the same dealer seat and the same level rank (drawn at random per pair, 2..J in the
classic preset, so a gain of up to 3 levels is never cut short by A). Each deal is one
hand (``play.play_deal``). So in every pair A attacks once and defends once.

For A against B it prints, overall and split by A attacking / A defending:

* hands won % — A's team won the hand (defended, or took over as attackers);
* level rate — A's levels gained ÷ both teams' levels gained;
* level swing — A's levels gained minus B's, per hand;
* point margin — the attackers' final points measured from the take-over line (two
  score steps: 80 in the classic preset), signed for A: points − 80 when A attacks,
  80 − points when A defends;

each with a 95% interval from a paired bootstrap over the pairs (the hands-won
figures also with a Wilson interval), the decision time (median, p99, max) of
each player's card plays, kitty burials and friend calls, and per player the point cards led into
a shown void per 100 hands (``VoidLeads``: a lead in a plain suit holding a point
card while an opponent, who plays later in the trick, has shown a void in that suit
and no void in trumps), with how often such a lead was won by the opponents and the
points it gave them. That check reads only the public record of the hand, not the
AI's own bookkeeping.

Statistics are reproducible from ``--seed``: deals, level ranks, dealers and the
players' rngs all derive from it. A strong player searching under a time budget
(``--budget-ms``) may still play differently on a machine of another speed; give
``--samples`` instead for an exactly reproducible strong player. On a machine shared
with other work, ``--cpu-clock`` counts the budget in the process's CPU time, so the
strong player searches as much as it would on an idle machine (decisions then take
longer in wall time).

Runs in ``--jobs`` processes (one pair at a time each). ``--json FILE`` writes the
figures and a row per hand (``records.HandRow``), which ``paired``, ``gap`` and ``pool``
read back.

``oracle`` (``players``) is a bench-only player that CHEATS: it sees every hand
(perfect-information play-outs), or with ``--oracle teams`` only where the called cards
are. It is the ceiling the strong player is measured against; the output labels it as
cheating, and it can never be seated at a table.

With a 找朋友 preset (``--preset friends-6``) A and B alternate round the table,
the dealer's seat A's in one run and B's in the other; a hand counts for A when the
side of A's dealer (run 0) or of the attackers (run 1) wins. Teams form as the
cards fall, so the split is by the dealer's label, and the shown-void check (fixed
partners) is left out. Since a side mixes A and B seats, it also prints *seats won*:
of all the seats on the side that won a hand, the share that were A's (each seat
credited with its own side's result; the duplicate run seats the other player at
every position with the same cards, so equal players make it 50 %), and the
*seats-won ceiling*: the most A's share could be if A's seats decided which side won
every hand — what no player could pass with the sides these hands had
(100 % with fixed partners; ``pool`` pools runs and gives the share of that edge a
player takes).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

for _var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

from bench.ai.play import (  # noqa: E402
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
from bench.ai.players import build_player, player_name  # noqa: E402
from bench.ai.records import Config, HandRecord, MatchRun, PairResult, write_run  # noqa: E402
from bench.ai.stats import summarise, timing  # noqa: E402
from bench.ai.voids import VoidLeads  # noqa: E402
from bench.cli import build_words, worker_pool  # noqa: E402
from rules.cards import POINTS  # noqa: E402
from rules.events import Event  # noqa: E402
from rules.game import Match  # noqa: E402
from rules.presets import preset  # noqa: E402
from rules.ruleset import RuleSet  # noqa: E402
from rules.scoring import team_of  # noqa: E402


class Tally(Protocol):
    """Counts what the players did in one hand from its events (``rules``' usage)."""

    def see(self, match: Match, events: Sequence[Event]) -> None: ...

    def counts(self) -> dict[str, int]: ...


# A hand's tally from its rules and the seats' labels; a module-level class, so that
# ``--jobs`` can hand it to the worker processes.
Tallies = Callable[[RuleSet, Sequence[str]], Tally]


def play_pair(
    cfg: Config, pair: int, rules: RuleSet | None = None, tallies: Tallies | None = None
) -> PairResult:
    """One deal played twice; ``rules`` (default: ``cfg.preset``'s) may be a preset with
    house rules changed, and ``tallies`` adds up each hand's counts in ``usage``."""
    rules = rules if rules is not None else preset(cfg.preset)
    usage: dict[str, int] = {}
    deal_seed, level, dealer = pair_params(rules, cfg.seed, pair)
    clock = Clock(cfg.cpu_clock)
    hands: list[HandRecord] = []
    line = 2 * rules.step
    friends = rules.friends is not None
    for run in (0, 1):
        a_team = run  # run 0: A is team 0 (seats 0 and 2); run 1: team 1
        labels = ["A" if team_of(s) == a_team else "B" for s in range(4)]
        if friends:
            # 找朋友: A and B alternate round the table, the dealer A in run 0 and B in
            # run 1; "A's team" is the side A's dealer or A's attackers end on (the
            # dealer's label decides which side counts as A's).
            labels = ["A" if (s - dealer + run) % 2 == 0 else "B" for s in range(rules.players)]
        players = [build_player(cfg.a if lab == "A" else cfg.b, cfg, lab) for lab in labels]
        rng = random.Random(f"{cfg.seed}/rng/{pair}/{run}")
        checks = VoidLeads()
        tally = tallies(rules, labels) if tallies is not None else None
        # The shown-void check reads fixed partners: four-seat tables only.
        m = play_deal(
            rules,
            deal_seed,
            level,
            dealer,
            players,
            labels,
            rng,
            clock,
            None if friends else checks,
            None if tally is None else tally.see,
        )
        if tally is not None:
            for key, k in tally.counts().items():
                usage[key] = usage.get(key, 0) + k
        h = m.history[-1]
        defenders = team_of(h.dealer)
        a_attacking = defenders != a_team
        if friends:
            a_attacking = labels[h.dealer] != "A"
        a_won = (h.winner == "defenders") != a_attacking
        a_levels = h.level_change if a_won else 0
        b_levels = h.level_change if not a_won else 0
        pts = h.attackers_points
        dealer_side = set(h.team) if friends else {h.dealer, (h.dealer + 2) % 4}
        won = [s for s in range(rules.players) if (s in dealer_side) == (h.winner == "defenders")]
        lost = [s for s in range(rules.players) if s not in won]
        hands.append(
            HandRecord(
                pair=pair,
                run=run,
                level=level,
                dealer=dealer,
                trump=None if h.trump_suit is None else int(h.trump_suit),
                a_attacking=a_attacking,
                a_won=a_won,
                a_levels=a_levels,
                b_levels=b_levels,
                attackers_points=pts,
                margin=(pts - line) if a_attacking else (line - pts),
                void_leads=checks.counts,
                buried_by=labels[h.dealer],
                kitty_lost=sum(POINTS[c] for c in h.kitty) * h.multiplier,
                a_seats_won=sum(labels[s] == "A" for s in won),
                b_seats_won=sum(labels[s] == "B" for s in won),
                a_seats_lost=sum(labels[s] == "A" for s in lost),
                b_seats_lost=sum(labels[s] == "B" for s in lost),
            )
        )
    return PairResult(hands, clock.times, clock.samples, usage)


def _work(args: tuple[Config, int, RuleSet | None, Tallies | None]) -> PairResult:
    return play_pair(*args)


def run_pairs(
    cfg: Config,
    pairs: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    rules: RuleSet | None = None,
    tallies: Tallies | None = None,
) -> list[PairResult]:
    """Play ``pairs`` pairs (in ``jobs`` processes); results in pair order. ``rules``
    and ``tallies`` as ``play_pair``'s."""
    tasks = [(cfg, i, rules, tallies) for i in range(pairs)]
    if jobs <= 1:
        out = []
        for k, t in enumerate(tasks):
            out.append(_work(t))
            if progress:
                progress(k + 1)
        return out
    results: list[PairResult] = []
    with worker_pool(jobs) as pool:
        for k, r in enumerate(pool.imap(_work, tasks, chunksize=1)):
            results.append(r)
            if progress:
                progress(k + 1)
    return results


def _fmt_ci(block: dict[str, Any], name: str, pct: bool) -> str:
    v = block[name]["value"]
    lo, hi = block[name]["ci95"]
    if pct:
        return f"{100 * v:6.1f}% [{100 * lo:5.1f}, {100 * hi:5.1f}]"
    return f"{v:+7.2f} [{lo:+.2f}, {hi:+.2f}]"


def report(cfg: Config, stats: dict[str, Any], times: dict[str, dict[str, float]]) -> str:
    lines = [
        f"{player_name(cfg.a, cfg)} (A) vs {player_name(cfg.b, cfg)} (B): "
        f"{stats['pairs']} pairs = {stats['hands']} hands, "
        f"preset {cfg.preset}, seed {cfg.seed!r}{budget_words(cfg)}"
        + (f"; A's settings {cfg.a_kwargs}" if cfg.a_kwargs else "")
        + (f"; B's settings {cfg.b_kwargs}" if cfg.b_kwargs else "")
        + build_words(),
    ]
    for name, title in (
        ("all", "all hands"),
        ("attacking", "A attacking"),
        ("defending", "A defending"),
    ):
        b = stats[name]
        wl, wh = b["hands_won"]["wilson95"]
        lines.append(f"  {title} ({b['hands']} hands):")
        lines.append(
            f"    hands won     {_fmt_ci(b, 'hands_won', True)}  "
            f"(Wilson [{100 * wl:.1f}, {100 * wh:.1f}])"
        )
        lines.append(
            f"    level rate    {_fmt_ci(b, 'level_rate', True)}  "
            f"(A +{b['a_levels']} levels, B +{b['b_levels']})"
        )
        lines.append(f"    level swing   {_fmt_ci(b, 'level_swing', False)} per hand")
        lines.append(f"    point margin  {_fmt_ci(b, 'point_margin', False)} per hand")
    if preset(cfg.preset).friends is not None:
        sw = stats["seats_won"]
        lo, hi = sw["ci95"]
        lines.append(
            f"  seats won       {100 * sw['value']:5.1f}% [{100 * lo:5.1f}, {100 * hi:5.1f}]  "
            f"(of the seats on the winning side, A's: {sw['a']} A, {sw['b']} B)"
        )
        lines.append(
            f"  seats-won ceiling {100 * sw['ceiling']:5.1f}%  (if A's seats decided who won "
            "every hand: no player passes it with these sides)"
        )
    for label, name in (("A", player_name(cfg.a, cfg)), ("B", player_name(cfg.b, cfg))):
        v = stats["void_leads"][label]
        lo, hi = v["per_100_hands"]["ci95"]
        lines.append(
            f"  point cards led into a shown void, {label} ({name}): "
            f"{v['per_100_hands']['value']:.1f} per 100 hands [{lo:.1f}, {hi:.1f}] "
            f"({v['leads']} leads, {v['forced']} forced: nothing else in hand; "
            f"the opponents won {v['lost']} of those tricks, {v['points_lost']} points)"
        )
    for label, name in (("A", player_name(cfg.a, cfg)), ("B", player_name(cfg.b, cfg))):
        k = stats["kitty"][label]
        lines.append(
            f"  kitty, {label} ({name}) burying: {k['per_100_hands']:.1f} points lost to the "
            f"kitty per 100 hands ({k['points_lost']} points in {k['hands']} hands; "
            f"{label} won {k['hands_won']} of them)"
        )
    for label, name in (("A", player_name(cfg.a, cfg)), ("B", player_name(cfg.b, cfg))):
        t = times.get(label)
        if t:
            lines.append(time_line(t, f"{label} ({name})", cfg.cpu_clock))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.ai match", description=(__doc__ or "").split("\n")[0]
    )
    ap.add_argument("a", choices=PLAYERS, help="player A's level (oracle: cheats, bench only)")
    ap.add_argument("b", choices=PLAYERS, help="player B's level")
    ap.add_argument("--pairs", type=int, default=100, help="deals, each played twice")
    add_run_args(ap, "classic")
    kwargs_option(ap, "--a-kwargs", "player A")
    kwargs_option(ap, "--b-kwargs", "player B")
    ap.add_argument("--quiet", action="store_true", help="no progress line")
    args = ap.parse_args(argv)
    sides = {"a": ("--a-kwargs", args.a_kwargs), "b": ("--b-kwargs", args.b_kwargs)}
    cfg = run_config(ap, args, args.a, args.b, sides)
    t0 = time.time()

    def progress(k: int) -> None:
        if not args.quiet:
            el = time.time() - t0
            print(f"\r  {k}/{args.pairs} pairs, {el:.0f} s", end="", file=sys.stderr, flush=True)

    results = run_pairs(cfg, args.pairs, args.jobs, progress)
    if not args.quiet:
        print(file=sys.stderr)
    stats = summarise(results, cfg.seed)
    times = timing(results)
    print(report(cfg, stats, times))
    print(f"  wall time {time.time() - t0:.0f} s with {args.jobs} job(s)")
    if args.json:
        rows = [h.row() for r in results for h in r.hands]
        write_run(args.json, MatchRun(cfg, rows, stats, times))
    return 0
