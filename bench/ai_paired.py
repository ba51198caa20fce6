"""Two players against the same opponent on the same deals, compared deal by deal:
``python -m bench.ai_paired X.json Y.json [X2.json Y2.json …]``.

Each two files are ``bench.ai --json`` runs of ``X B`` and ``Y B`` (two settings of
one player, or two players) on the same preset, seed and pairs; more than one two pool
their deals. Per deal (a duplicate pair: the two hands of one deal) the difference is
X's hands won minus Y's, so the luck of the deal cancels and only the players'
difference is left; it prints the mean difference in points of hands won with its
standard error and a 95 % interval (and in seats won at 找朋友 presets). The JSON must
carry the per-hand rows ``bench.ai`` writes since they were added (``hands``).

``bench.ai_lone --json`` runs pair the same way (``python -m bench.ai_paired X.json
Y.json …``, two players or settings alone in a seat on the same preset, seed and deals):
per deal, whether the lone seat won with X minus with Y. Their basic runs must agree
deal by deal (they are the same games), so runs of other deals are refused.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from typing import Any

from bench.ai_gap import read_twos

Z95 = 1.959964


def per_deal(run: dict[str, Any], field: str) -> dict[int, float]:
    """Per pair, the sum of ``field`` over its hands (the rows ``bench.ai`` writes)."""
    fields = run.get("hand_fields")
    if not fields or "hands" not in run:
        raise ValueError("no per-hand rows in this run (written by an older bench.ai)")
    i, p = fields.index(field), fields.index("pair")
    out: dict[int, float] = {}
    for row in run["hands"]:
        out[row[p]] = out.get(row[p], 0) + row[i]
    return out


def paired(xs: Sequence[dict[str, Any]], ys: Sequence[dict[str, Any]]) -> dict[str, float]:
    """X − Y in hands won per hand (and seats won, when there are seats), over the
    deals of every two runs: mean, standard error, 95 % interval."""
    diffs: list[float] = []
    seat_diffs: list[float] = []
    for x, y in zip(xs, ys, strict=True):
        hx, hy = per_deal(x, "a_won"), per_deal(y, "a_won")
        ax, bx = per_deal(x, "a_seats_won"), per_deal(x, "b_seats_won")
        ay, by = per_deal(y, "a_seats_won"), per_deal(y, "b_seats_won")
        hands = len(x["hands"]) / max(1, len(hx))  # hands per deal (2: duplicate)
        for pair in sorted(hx.keys() & hy.keys()):
            diffs.append((hx[pair] - hy[pair]) / hands)
            sx, sy = ax[pair] + bx[pair], ay[pair] + by[pair]
            if sx and sy:
                seat_diffs.append(ax[pair] / sx - ay[pair] / sy)
    out = {"deals": float(len(diffs))}
    for name, d in (("hands_won", diffs), ("seats_won", seat_diffs)):
        n = len(d)
        if n < 2:
            continue
        mean = sum(d) / n
        se = math.sqrt(sum((v - mean) ** 2 for v in d) / (n - 1) / n)
        out[name] = mean
        out[name + "_se"] = se
    return out


def _is_lone(run: dict[str, Any]) -> bool:
    return "deals" in run and "won" in run.get("fields", ())


def lone_paired(xs: Sequence[dict[str, Any]], ys: Sequence[dict[str, Any]]) -> dict[str, float]:
    """X − Y in the lone seat's hands won over the deals of every two ``bench.ai_lone``
    runs (and each player's own edge over basic there, pooled); ValueError when two
    runs are not the same deals (preset, seed, deal numbers and basic's results)."""
    diffs: list[int] = []
    edges: tuple[list[int], list[int]] = ([], [])
    for x, y in zip(xs, ys, strict=True):
        cx, cy = x["config"], y["config"]
        kx, ky = (cx["preset"], cx["seed"], cx["b"]), (cy["preset"], cy["seed"], cy["b"])
        if kx != ky:
            raise ValueError(
                "each two runs must share the preset, the seed and the other seats' level "
                f"({kx} against {ky})"
            )
        rows = []
        for run in (x, y):
            f = list(run["fields"])
            d, w, b = f.index("deal"), f.index("won"), f.index("basic_won")
            rows.append({r[d]: (r[w], r[b]) for r in run["deals"]})
        rx, ry = rows
        if rx.keys() != ry.keys() or any(rx[k][1] != ry[k][1] for k in rx):
            raise ValueError(
                f"runs of {cx['preset']} seed {cx['seed']!r} are not the same deals "
                "(deal numbers or basic's results differ)"
            )
        for k in sorted(rx):
            diffs.append(rx[k][0] - ry[k][0])
            edges[0].append(rx[k][0] - rx[k][1])
            edges[1].append(ry[k][0] - ry[k][1])
    out = {"deals": float(len(diffs))}
    for name, d in (("lone_won", diffs), ("x_edge", edges[0]), ("y_edge", edges[1])):
        n = len(d)
        if n < 2:
            raise ValueError("fewer than two deals to compare")
        mean = sum(d) / n
        out[name] = mean
        out[name + "_se"] = math.sqrt(sum((v - mean) ** 2 for v in d) / (n - 1) / n)
    return out


def _lone_main(argv: list[str]) -> int:
    runs = []
    try:
        for path in argv:
            with open(path) as f:
                runs.append(json.load(f))
        if not all(_is_lone(r) for r in runs):
            raise ValueError("mixed bench.ai and bench.ai_lone runs")
        r = lone_paired(runs[0::2], runs[1::2])
    except OSError as exc:
        print(f"cannot read {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2
    except (ValueError, KeyError, TypeError) as exc:
        print(f"not two bench.ai_lone --json runs of the same deals: {exc}", file=sys.stderr)
        return 2
    n = int(r["deals"])
    for key, words in (
        ("x_edge", "X alone − basic"),
        ("y_edge", "Y alone − basic"),
        ("lone_won", "lone seat won: X − Y"),
    ):
        m, se = 100 * r[key], 100 * r[key + "_se"]
        print(
            f"{words} = {m:+.1f} points ± {se:.1f} "
            f"(95 % [{m - Z95 * se:+.1f}, {m + Z95 * se:+.1f}]) over {n} deals"
        )
    return 0


def _first_is_lone(argv: list[str]) -> bool:
    try:
        with open(argv[0]) as f:
            return _is_lone(json.load(f))
    except (OSError, ValueError, AttributeError):
        return False  # (read_twos says what is wrong with it)


def main(argv: list[str]) -> int:
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    if argv and len(argv) % 2 == 0 and _first_is_lone(argv):
        return _lone_main(argv)
    if (twos := read_twos(argv, __doc__.split("\n")[1])) is None:
        return 2
    xs, ys = twos
    if any(x["config"]["b"] != y["config"]["b"] for x, y in zip(xs, ys, strict=True)):
        print("each two runs must play the same opponent (B)", file=sys.stderr)
        return 2
    try:
        r = paired(xs, ys)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    for name in ("hands_won", "seats_won"):
        if name in r:
            m, se = 100 * r[name], 100 * r[name + "_se"]
            print(
                f"{name.replace('_', ' ')}: X − Y = {m:+.1f} points ± {se:.1f} "
                f"(95 % [{m - Z95 * se:+.1f}, {m + Z95 * se:+.1f}]) over {int(r['deals'])} deals"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
