"""Two players on the same deals, compared deal by deal:
``python -m bench.ai paired X.json Y.json [X2.json Y2.json …]``.

Each two files are ``match --json`` runs of ``X B`` and ``Y B`` (two settings of one
player, or two players) on the same preset, seed and pairs; more than one two pool
their deals. Per deal (a duplicate pair: the two hands of one deal) the difference is
X's hands won minus Y's, so the luck of the deal cancels and only the players'
difference is left; it prints the mean difference in points of hands won with its
standard error and a 95 % interval (and in seats won).

``lone --json`` runs pair the same way (two players or settings alone in a seat on the
same preset, seed and deals): per deal, whether the lone seat won with X minus with Y,
and each one's own edge over basic there. Their basic runs must agree deal by deal (they
are the same games), so runs of other deals are refused.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bench.ai.records import LoneRun, MatchRun, Run, RunError, read_runs
from bench.ai.stats import diff_words, mean_se


def twos(paths: Sequence[str]) -> list[tuple[Run, Run]]:
    """The runs named two by two; RunError unless they come in twos."""
    if not paths or len(paths) % 2:
        raise RunError(f"give the runs two by two (X Y [X2 Y2 …]), not {len(paths)}")
    runs = read_runs(paths)
    return list(zip(runs[0::2], runs[1::2], strict=True))


def match_twos(two: Sequence[tuple[Run, Run]]) -> list[tuple[MatchRun, MatchRun]]:
    """``match`` runs two by two, each two on the same deals against the same B; else
    RunError."""
    out = []
    for x, y in two:
        if not isinstance(x, MatchRun) or not isinstance(y, MatchRun):
            raise RunError("give bench.ai match --json runs")
        kx = (x.config.preset, x.config.seed, x.config.b, len(x.pairs))
        ky = (y.config.preset, y.config.seed, y.config.b, len(y.pairs))
        if kx != ky or x.pairs != y.pairs:
            raise RunError(
                "each two runs must share the preset, the seed, the opponent (B) and the "
                f"pairs ({kx} against {ky})"
            )
        out.append((x, y))
    return out


def paired(two: Sequence[tuple[MatchRun, MatchRun]]) -> dict[str, float]:
    """X − Y in hands won per hand (and seats won) over the deals of every two runs:
    mean and standard error."""
    diffs: list[float] = []
    seat_diffs: list[float] = []
    for x, y in two:
        hx, hy = _by_deal(x), _by_deal(y)
        for pair in x.pairs:
            (wx, ax, sx), (wy, ay, sy) = hx[pair], hy[pair]
            diffs.append(wx - wy)
            if sx and sy:
                seat_diffs.append(ax / sx - ay / sy)
    out = {"deals": float(len(diffs))}
    for name, d in (("hands_won", diffs), ("seats_won", seat_diffs)):
        if len(d) >= 2:
            out[name], out[name + "_se"] = mean_se(d)
    return out


def _by_deal(run: MatchRun) -> dict[int, tuple[float, int, int]]:
    """Per deal: A's hands won per hand, A's seats among the winners, all winners' seats."""
    won: dict[int, list[int]] = {}
    seats: dict[int, list[int]] = {}
    for h in run.hands:
        won.setdefault(h.pair, []).append(h.a_won)
        s = seats.setdefault(h.pair, [0, 0])
        s[0] += h.a_seats_won
        s[1] += h.a_seats_won + h.b_seats_won
    return {p: (sum(w) / len(w), seats[p][0], seats[p][1]) for p, w in won.items()}


def lone_paired(two: Sequence[tuple[LoneRun, LoneRun]]) -> dict[str, float]:
    """X − Y in the lone seat's hands won over the deals of every two ``lone`` runs (and
    each player's own edge over basic there, pooled); RunError when two runs are not
    the same deals (preset, seed, other seats, deal numbers and basic's results)."""
    diffs: list[int] = []
    edges: tuple[list[int], list[int]] = ([], [])
    for x, y in two:
        cx, cy = x.config, y.config
        kx, ky = (cx.preset, cx.seed, cx.b), (cy.preset, cy.seed, cy.b)
        if kx != ky:
            raise RunError(
                "each two runs must share the preset, the seed and the other seats' level "
                f"({kx} against {ky})"
            )
        rx = {d.deal: d for d in x.deals}
        ry = {d.deal: d for d in y.deals}
        if rx.keys() != ry.keys() or any(rx[k].basic_won != ry[k].basic_won for k in rx):
            raise RunError(
                f"runs of {cx.preset} seed {cx.seed!r} are not the same deals "
                "(deal numbers or basic's results differ)"
            )
        for k in sorted(rx):
            diffs.append(rx[k].won - ry[k].won)
            edges[0].append(rx[k].won - rx[k].basic_won)
            edges[1].append(ry[k].won - ry[k].basic_won)
    if len(diffs) < 2:
        raise RunError("fewer than two deals to compare")
    out = {"deals": float(len(diffs))}
    for name, d in (("lone_won", diffs), ("x_edge", edges[0]), ("y_edge", edges[1])):
        out[name], out[name + "_se"] = mean_se(d)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.ai paired",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("runs", nargs="+", help="--json runs, two by two: X Y [X2 Y2 …]")
    args = ap.parse_args(argv)
    try:
        two = twos(args.runs)
        lone = [(x, y) for x, y in two if isinstance(x, LoneRun) and isinstance(y, LoneRun)]
        if len(lone) == len(two):
            return _print_lone(lone_paired(lone))
        return _print_match(paired(match_twos(two)))
    except RunError as exc:
        print(exc, file=sys.stderr)
        return 2


def _print_match(r: dict[str, float]) -> int:
    for name in ("hands_won", "seats_won"):
        if name in r:
            print(
                f"{name.replace('_', ' ')}: X − Y = {diff_words(r[name], r[name + '_se'])} "
                f"over {int(r['deals'])} deals"
            )
    return 0


def _print_lone(r: dict[str, float]) -> int:
    for key, words in (
        ("x_edge", "X alone − basic"),
        ("y_edge", "Y alone − basic"),
        ("lone_won", "lone seat won: X − Y"),
    ):
        print(f"{words} = {diff_words(r[key], r[key + '_se'])} over {int(r['deals'])} deals")
    return 0
