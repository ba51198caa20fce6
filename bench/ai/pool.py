"""Several ``match`` runs of one match-up pooled, and the edge as a share of what any
player could reach: ``python -m bench.ai pool RUN.json [RUN2.json …]``.

The runs are ``match --json`` outputs of the same two players on the same preset
(other seeds: more deals). Pooled over their hands it prints hands won (Wilson
interval) and seats won (``match``: each seat credited with its own side's result),
both with a 95 % bootstrap interval over the deals, and the *seats-won ceiling*: the
most A's share could be if A's seats decided which side won every hand. With
fixed partners that is 100 %; at 找朋友 tables, where the cards mix A and B seats on
both sides, it is far lower (about 63–70 %), so a seats-won figure only means
something against it. Hence the *share of the decisive edge*:

    (seats won − 50 %) ÷ (ceiling − 50 %)

the same measure at every preset (at classic it is (hands won − 50 %) ÷ 50 %), and the
classic hands-won figure that share equals: 50 % + share × 50 %.

And the *stronger side*: of the hands whose two sides held unequal shares of A's seats,
how often the side with the larger share won. At classic every hand pits A's two seats
against B's, so it is hands won; at 找朋友 a typical hand is two A seats and a B seat
against one A and two B, so it asks what classic's hands won asks — does the stronger
team win? — of teams that differ by one seat. At 找朋友 it also prints how often the
stronger side would have had to win for A to take ``SEATS_ASKED`` of the seats (issue
24's target), every hand keeping its sides and the even ones their results.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence

from bench.ai.records import HandRow, MatchRun, RunError, read_runs
from bench.ai.stats import bootstrap, seat_ceiling, wilson

SEATS_ASKED = 0.60  # issue 24's seats-won target at 找朋友


def deals_of(runs: Sequence[MatchRun]) -> list[list[HandRow]]:
    """The hands of every deal (duplicate pair) of the runs, which must be one match-up
    on one preset."""
    first = runs[0].config
    deals: dict[tuple[int, int], list[HandRow]] = {}
    for k, run in enumerate(runs):
        cfg = run.config
        for key in ("a", "b", "preset"):
            if getattr(cfg, key) != getattr(first, key):
                raise RunError(
                    f"runs of other {key}s: {getattr(first, key)!r} and {getattr(cfg, key)!r}"
                )
        for h in run.hands:
            deals.setdefault((k, h.pair), []).append(h)
    return list(deals.values())


def lean(h: HandRow) -> int:
    """Positive when the winners held the larger share of A's seats, negative when the
    losers did, 0 for equal shares (the two shares cross-multiplied)."""
    a_w, b_w, a_l, b_l = h.sides
    return a_w * (a_l + b_l) - a_l * (a_w + b_w)


def figures(deals: Sequence[Sequence[HandRow]]) -> dict[str, float]:
    hands = [h for d in deals for h in d]
    won = sum(h.a_won for h in hands)
    aw = sum(h.a_seats_won for h in hands)
    bw = sum(h.b_seats_won for h in hands)
    ceiling = seat_ceiling([h.sides for h in hands])
    seats = aw / (aw + bw) if aw + bw else math.nan
    share = (seats - 0.5) / (ceiling - 0.5) if ceiling > 0.5 else math.nan
    stronger = weaker = 0
    for h in hands:
        k = lean(h)
        stronger += k > 0
        weaker += k < 0
    return {
        "hands": float(len(hands)),
        "hands_won": won / len(hands) if hands else math.nan,
        "seats_won": seats,
        "ceiling": ceiling,
        "share": share,
        "uneven": float(stronger + weaker),
        "stronger_side": stronger / (stronger + weaker) if stronger + weaker else math.nan,
    }


def stronger_needed(deals: Sequence[Sequence[HandRow]], seats: float) -> float:
    """How often the stronger side would have to win the uneven hands for A to take
    ``seats`` of the winners' seats, the sides as they were and the even hands as they
    fell (NaN when no rate from 0 to 1 gives it)."""
    # At rate p, A's share is (a0 + p·da) ÷ (t0 + p·dt): the even hands and every uneven
    # one's weaker side at p = 0, each uneven hand's swing to its stronger side with p.
    a0 = t0 = da = dt = 0
    for h in (h for d in deals for h in d):
        a_w, b_w, a_l, b_l = h.sides
        k = lean(h)
        if k == 0:
            a0, t0 = a0 + a_w, t0 + a_w + b_w
            continue
        win, lose = (a_w, a_w + b_w), (a_l, a_l + b_l)
        (x, n), (y, m) = (win, lose) if k > 0 else (lose, win)
        a0, t0, da, dt = a0 + y, t0 + m, da + x - y, dt + n - m
    den = da - seats * dt
    if not den:
        return math.nan
    p = (seats * t0 - a0) / den
    return p if 0.0 <= p <= 1.0 else math.nan


def interval(
    deals: Sequence[Sequence[HandRow]], name: str, reps: int = 2000, seed: str = "pool"
) -> tuple[float, float]:
    """95 % percentile bootstrap interval of ``figures()[name]``, resampling deals
    (``stats.bootstrap``)."""
    return bootstrap(deals, lambda hands: figures([hands])[name], random.Random(seed), reps)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.ai pool",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("runs", nargs="+", help="match --json runs of one match-up")
    args = ap.parse_args(argv)
    try:
        runs = read_runs(args.runs)
        if not all(isinstance(r, MatchRun) for r in runs):
            raise RunError("give bench.ai match --json runs")
        matches = [r for r in runs if isinstance(r, MatchRun)]
        deals = deals_of(matches)
    except RunError as exc:
        print(f"not match runs of one match-up: {exc}", file=sys.stderr)
        return 2
    fig = figures(deals)
    cfg = matches[0].config
    seeds = ", ".join(r.config.seed for r in matches)
    n = int(fig["hands"])
    print(f"{cfg.a} (A) vs {cfg.b} (B), {cfg.preset}: {n} hands, seeds {seeds}")
    wl, wh = wilson(round(fig["hands_won"] * n), n)
    lo, hi = interval(deals, "hands_won")
    print(
        f"  hands won   {100 * fig['hands_won']:5.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"
        f"  (Wilson [{100 * wl:.1f}, {100 * wh:.1f}])"
    )
    lo, hi = interval(deals, "seats_won")
    print(f"  seats won   {100 * fig['seats_won']:5.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]")
    print(f"  ceiling     {100 * fig['ceiling']:5.1f} %  (A's seats deciding who wins every hand)")
    lo, hi = interval(deals, "share")
    print(
        f"  share of the decisive edge {100 * fig['share']:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"
        f" = classic hands won {50 + 50 * fig['share']:.1f} %"
    )
    lo, hi = interval(deals, "stronger_side")
    print(
        f"  stronger side won {100 * fig['stronger_side']:5.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"
        f" of the {int(fig['uneven'])} hands whose sides held unequal shares of A's seats"
    )
    if fig["ceiling"] < 1.0:
        need = stronger_needed(deals, SEATS_ASKED)
        print(
            f"  {100 * SEATS_ASKED:.0f} % of the seats would take the stronger side winning "
            + (f"{100 * need:.1f} %" if not math.isnan(need) else "no rate from 0 to 100 %")
            + " of them (the sides as they were)"
        )
    return 0
