"""Duplicate evaluation of two AI levels: ``python -m bench.ai A B --pairs N``.

Each *pair* is one deal played twice with the teams swapped (duplicate): first A
sits at seats 0 and 2 and B at 1 and 3, then the other way round, with the same cards,
the same dealer seat and the same level rank (drawn at random per pair, 2..J in the
classic preset, so a gain of up to 3 levels is never cut short by A). Each deal is one
hand: ``Match(rules, seed, levels=(r, r), first_dealer=d)``, dealt four cards at a
time, every seat asked to declare after each step, then the window, the kitty and the
play. So in every pair A attacks once and defends once.

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
figures and a row per hand (``HAND_FIELDS``), which ``bench.ai_paired`` compares deal by
deal between two runs on the same deals.

``oracle`` (``bench.ai_oracle``) is a bench-only player that CHEATS: it sees every
hand (perfect-information play-outs). It is the ceiling the strong player is measured
against; the output labels it as cheating, and it can never be seated at a table.

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
(100 % with fixed partners; ``bench.ai_pool`` pools runs and gives the share of that
edge a player takes).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

for _var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

from bench.ai_oracle import LABEL as ORACLE_LABEL  # noqa: E402
from bench.ai_oracle import OraclePlayer  # noqa: E402
from bench.ai_stats import (  # noqa: E402
    HandRecord,
    PairResult,
    bootstrap,
    summarise,
    timing,
    wilson,
)
from bench.ai_voids import VoidLeads, shown_voids  # noqa: E402
from bench.cli import build_words, worker_pool  # noqa: E402
from rules.actions import Action, DealCards, Pass  # noqa: E402
from rules.ai.base import LEVELS, Player, make_player  # noqa: E402
from rules.ai.strong import StrongPlayer  # noqa: E402
from rules.cards import POINTS  # noqa: E402
from rules.game import Match  # noqa: E402
from rules.presets import preset  # noqa: E402
from rules.ruleset import RuleSet  # noqa: E402
from rules.scoring import team_of  # noqa: E402

__all__ = [
    "Config",
    "HandRecord",
    "PairResult",
    "VoidLeads",
    "bootstrap",
    "build_player",
    "main",
    "pair_params",
    "play_deal",
    "play_pair",
    "report",
    "run_pairs",
    "shown_voids",
    "summarise",
    "timing",
    "wilson",
]

DEAL_STEP = 4  # cards dealt between declaration rounds


@dataclass(frozen=True)
class Config:
    a: str
    b: str
    seed: str
    preset: str = "classic"
    budget_ms: float | None = None
    samples: int | None = None
    cpu_clock: bool = False  # strong's budget in process CPU time, not wall time
    # Keyword arguments (JSON) of a strong player on side A / B, over STRONG_KWARGS: two
    # settings of the strong player against each other (``--a-kwargs``, ``--b-kwargs``).
    a_kwargs: str = ""
    b_kwargs: str = ""


# Extra keyword arguments for the strong player and the oracle (experiments set these
# before running).
STRONG_KWARGS: dict[str, Any] = {}
ORACLE_KWARGS: dict[str, Any] = {}


def strong_kwargs(text: str) -> dict[str, Any]:
    """``--a-kwargs``/``--b-kwargs``: a JSON object of ``StrongPlayer`` keyword
    arguments, checked against its signature."""
    try:
        got = json.loads(text)
    except json.JSONDecodeError as e:
        raise argparse.ArgumentTypeError(f"not JSON: {e}") from None
    if not isinstance(got, dict):
        raise argparse.ArgumentTypeError("give a JSON object, e.g. '{\"walk\": 3}'")
    known = set(inspect.signature(StrongPlayer).parameters) - {"budget_ms", "clock"}
    unknown = sorted(set(got) - known)
    if unknown:
        raise argparse.ArgumentTypeError(f"not a strong player's setting: {', '.join(unknown)}")
    return got


def build_player(level: str, cfg: Config, side: str = "") -> Player:
    if level == "oracle":
        return OraclePlayer(**ORACLE_KWARGS)
    extra = {"A": cfg.a_kwargs, "B": cfg.b_kwargs}.get(side, "")
    kwargs = dict(STRONG_KWARGS)
    if extra:
        kwargs.update(json.loads(extra))
    if level == "strong" and (cfg.budget_ms is not None or cfg.samples is not None):
        if cfg.cpu_clock:
            kwargs["clock"] = time.process_time
        kwargs.setdefault("max_samples", cfg.samples)
        return StrongPlayer(cfg.budget_ms, **kwargs)
    if level == "strong" and kwargs:
        return StrongPlayer(**kwargs)
    return make_player(level)


def pair_params(rules: RuleSet, seed: str, pair: int) -> tuple[str, int, int]:
    """(deal seed, level rank, dealer seat) of a pair: a pure function of the seed."""
    rnd = random.Random(f"{seed}/pair/{pair}")
    levels = rules.levels[:-3] if len(rules.levels) > 3 else rules.levels
    return f"{seed}/deal/{pair}", rnd.choice(levels), rnd.randrange(rules.players)


class _Clock:
    """Times each player's decisions (card plays and burials), in wall time or, with
    ``cpu`` (``--cpu-clock``), in the process's CPU time."""

    def __init__(self, cpu: bool = False) -> None:
        self.now = time.process_time if cpu else time.perf_counter
        self.times: dict[str, list[float]] = {}
        self.samples: dict[str, list[int]] = {}

    def ask(
        self, label: str, player: Player, match: Match, seat: int, rng: random.Random
    ) -> Action | None:
        view = match.view_for(seat)
        timed = view.phase in ("playing", "burying", "calling")
        t0 = self.now()
        if isinstance(player, OraclePlayer):
            action = player.choose_seeing(match, seat, rng)  # cheats: reads every hand
        else:
            action = player.choose(view, rng)
        if timed:
            self.times.setdefault(label, []).append(self.now() - t0)
            n = getattr(player, "last_samples", None)
            if isinstance(n, int) and view.phase == "playing" and n > 0:
                self.samples.setdefault(label, []).append(n)
        return action


def play_deal(
    rules: RuleSet,
    deal_seed: str,
    level: int,
    dealer: int,
    players: Sequence[Player],
    labels: Sequence[str],
    rng: random.Random,
    clock: _Clock,
    void_leads: VoidLeads | None = None,
) -> Match:
    """Play one hand to its end; every action the players choose must be legal."""
    n = rules.players
    slots = n if rules.friends is not None else 2
    m = Match(rules, deal_seed, levels=(level,) * slots, first_dealer=dealer)
    order = [(dealer + k) % n for k in range(n)]
    steps = 0
    while m.phase not in ("scored", "finished"):
        steps += 1
        if steps > 10_000:
            raise RuntimeError("the hand does not end")
        if m.phase == "dealing":
            m.apply(DealCards(DEAL_STEP))
            for s in order:
                if m.phase != "dealing":
                    break  # the window below asks everyone
                a = clock.ask(labels[s], players[s], m, s, rng)
                if a is not None:
                    m.apply(a)
            continue
        if m.phase == "declaring":
            for s in order:
                if m.phase != "declaring":
                    break
                if s in m.hand.passes:
                    continue
                a = clock.ask(labels[s], players[s], m, s, rng)
                m.apply(a if a is not None else Pass(s))
            continue
        if m.phase in ("burying", "calling"):
            d = m.dealer
            assert d is not None
            a = clock.ask(labels[d], players[d], m, d, rng)
            if a is None:
                raise RuntimeError(f"{labels[d]} did not {m.phase[:-3]}")
            m.apply(a)
            continue
        if m.phase == "playing":
            t = m.turn
            assert t is not None
            a = clock.ask(labels[t], players[t], m, t, rng)
            if a is None:
                raise RuntimeError(f"{labels[t]} did not play")
            if void_leads is not None:
                void_leads.before(m.view_for(t), labels[t], a)
            m.apply(a)
            if void_leads is not None and void_leads.pending:
                void_leads.after(m.view_for(None).tricks)
            continue
        raise RuntimeError(f"unexpected phase {m.phase}")
    return m


def play_pair(cfg: Config, pair: int) -> PairResult:
    rules = preset(cfg.preset)
    deal_seed, level, dealer = pair_params(rules, cfg.seed, pair)
    clock = _Clock(cfg.cpu_clock)
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
        )
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
    return PairResult(hands, clock.times, clock.samples)


def _work(args: tuple[Config, int]) -> PairResult:
    return play_pair(*args)


def run_pairs(
    cfg: Config, pairs: int, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> list[PairResult]:
    """Play ``pairs`` pairs (in ``jobs`` processes); results in pair order."""
    tasks = [(cfg, i) for i in range(pairs)]
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


def player_name(level: str) -> str:
    """A level as reports name it: the oracle labelled as the cheat it is
    (``ORACLE_LABEL``, which a diagnostic seating another cheat replaces)."""
    return ORACLE_LABEL if level == "oracle" else level


def budget_words(cfg: Config) -> str:
    """The strong player's budget or sample cap, for a report's header line."""
    return (
        (f", strong budget {cfg.budget_ms:g} ms" if cfg.budget_ms is not None else "")
        + (" of CPU time" if cfg.cpu_clock and cfg.budget_ms is not None else "")
        + (f", strong samples {cfg.samples}" if cfg.samples is not None else "")
    )


def report(cfg: Config, stats: dict[str, Any], times: dict[str, dict[str, float]]) -> str:
    lines = [
        f"{player_name(cfg.a)} (A) vs {player_name(cfg.b)} (B): "
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
    for label, name in (("A", player_name(cfg.a)), ("B", player_name(cfg.b))):
        v = stats["void_leads"][label]
        lo, hi = v["per_100_hands"]["ci95"]
        lines.append(
            f"  point cards led into a shown void, {label} ({name}): "
            f"{v['per_100_hands']['value']:.1f} per 100 hands [{lo:.1f}, {hi:.1f}] "
            f"({v['leads']} leads, {v['forced']} forced: nothing else in hand; "
            f"the opponents won {v['lost']} of those tricks, {v['points_lost']} points)"
        )
    for label, name in (("A", player_name(cfg.a)), ("B", player_name(cfg.b))):
        k = stats["kitty"][label]
        lines.append(
            f"  kitty, {label} ({name}) burying: {k['per_100_hands']:.1f} points lost to the "
            f"kitty per 100 hands ({k['points_lost']} points in {k['hands']} hands; "
            f"{label} won {k['hands_won']} of them)"
        )
    for label, name in (("A", player_name(cfg.a)), ("B", player_name(cfg.b))):
        t = times.get(label)
        if t:
            lines.append(time_line(t, f"{label} ({name})", cfg.cpu_clock))
    return "\n".join(lines)


def time_line(t: dict[str, float], who: str, cpu_clock: bool) -> str:
    """The report's line of one player's decision times (``timing``'s figures)."""
    extra = f", median samples {t['median_samples']:g}" if "median_samples" in t else ""
    kind = " (CPU time)" if cpu_clock else ""
    return (
        f"  decision time{kind} {who}: median {t['median_ms']:.2f} ms, "
        f"p99 {t['p99_ms']:.1f} ms, max {t['max_ms']:.1f} ms "
        f"over {int(t['decisions'])} plays, burials and calls{extra}"
    )


# Per hand in ``--json`` (for paired comparisons of two runs: ``bench.ai_paired``).
HAND_FIELDS = (
    "pair",
    "run",
    "a_won",
    "a_levels",
    "b_levels",
    "a_seats_won",
    "b_seats_won",
    "a_seats_lost",
    "b_seats_lost",
)


def hand_rows(results: Sequence[PairResult]) -> list[list[int]]:
    """Every hand as a row of ``HAND_FIELDS``, in pair and run order."""
    return [[int(getattr(h, k)) for k in HAND_FIELDS] for r in results for h in r.hands]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ai", description=__doc__.split("\n")[0])
    players = [*sorted(LEVELS), "oracle"]
    ap.add_argument("a", choices=players, help="player A's level (oracle: cheats, bench only)")
    ap.add_argument("b", choices=players, help="player B's level")
    ap.add_argument("--pairs", type=int, default=100, help="deals, each played twice")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--seed", default="0", help="seed of the deals and the players' rngs")
    ap.add_argument("--budget-ms", type=float, default=None, help="strong player's time budget")
    ap.add_argument(
        "--samples", type=int, default=None, help="strong player's samples per decision (cap)"
    )
    ap.add_argument(
        "--cpu-clock",
        action="store_true",
        help="count the strong player's budget in CPU time (a machine shared with other work)",
    )
    ap.add_argument("--preset", default="classic")
    for side in ("a", "b"):
        ap.add_argument(
            f"--{side}-kwargs",
            type=strong_kwargs,
            default={},
            help=f"player {side.upper()}'s strong settings as JSON, e.g. "
            '\'{"model_error": 0.5, "walk": 3}\'',
        )
    ap.add_argument("--json", default=None, help="also write the figures to this file")
    ap.add_argument("--quiet", action="store_true", help="no progress line")
    args = ap.parse_args(argv)
    for side, level in (("a", args.a), ("b", args.b)):
        if getattr(args, f"{side}_kwargs") and level != "strong":
            ap.error(
                f"--{side}-kwargs sets a strong player's settings; player {side.upper()} is {level}"
            )
    cfg = Config(
        args.a,
        args.b,
        args.seed,
        args.preset,
        args.budget_ms,
        args.samples,
        args.cpu_clock,
        json.dumps(args.a_kwargs, sort_keys=True) if args.a_kwargs else "",
        json.dumps(args.b_kwargs, sort_keys=True) if args.b_kwargs else "",
    )
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
        with open(args.json, "w") as f:
            out: dict[str, Any] = {"config": asdict(cfg), "stats": stats, "timing": times}
            out["hand_fields"] = list(HAND_FIELDS)
            out["hands"] = hand_rows(results)
            json.dump(out, f, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
