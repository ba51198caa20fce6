"""How much of the oracle's edge over basic a player closes:
``python -m bench.ai gap STRONG.json ORACLE.json [STRONG2.json ORACLE2.json …]``.

Each two files are ``match --json`` runs of ``X basic`` and ``oracle basic`` on the same
preset, seed and pairs; more than one two pools the runs (by their hands). Basic against
itself wins 50 % of the hands with a level swing of 0 (duplicate deals), so the share
closed is (X − 50 %) ÷ (oracle − 50 %) in hands won and X's swing ÷ the oracle's in
levels. At 找朋友 presets, where a side mixes A and B seats, it also gives the share in
*seats won* (``match``), the figure the 找朋友 targets are set in.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence

from bench.ai.paired import match_twos, twos
from bench.ai.records import MatchRun, RunError
from rules.presets import preset


def pooled(runs: Sequence[MatchRun]) -> dict[str, float]:
    """Hands won, level swing and seats won of several runs' hands, pooled."""
    hands = [h for r in runs for h in r.hands]
    n = len(hands)
    a = sum(h.a_seats_won for h in hands)
    b = sum(h.b_seats_won for h in hands)
    return {
        "hands": float(n),
        "hands_won": sum(h.a_won for h in hands) / n,
        "level_swing": sum(h.a_levels - h.b_levels for h in hands) / n,
        "seats_won": a / (a + b) if a + b else math.nan,
    }


def _gap(p: float, o: float, zero: float) -> float:
    return (p - zero) / (o - zero) if o != zero else math.nan


def shares(players: Sequence[MatchRun], oracles: Sequence[MatchRun]) -> dict[str, float]:
    """The share of the oracle's edge over basic the player closes, per figure."""
    p, o = pooled(players), pooled(oracles)
    return {
        "hands_won": _gap(p["hands_won"], o["hands_won"], 0.5),
        "level_swing": _gap(p["level_swing"], o["level_swing"], 0.0),
        "seats_won": _gap(p["seats_won"], o["seats_won"], 0.5),
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.ai gap",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("runs", nargs="+", help="match --json runs: PLAYER ORACLE [PLAYER2 ORACLE2 …]")
    args = ap.parse_args(argv)
    try:
        two = match_twos(twos(args.runs))
    except RunError as exc:
        print(exc, file=sys.stderr)
        return 2
    players, oracles = [x for x, _ in two], [y for _, y in two]
    s = shares(players, oracles)
    p, o = pooled(players), pooled(oracles)
    name = players[0].config.a
    runs_note = f" ({len(players)} runs, {int(p['hands'])} hands)" if len(players) > 1 else ""
    print(
        f"hands won{runs_note}: {name} {100 * p['hands_won']:.1f} %, "
        f"oracle {100 * o['hands_won']:.1f} %, basic 50 %: "
        f"{name} closes {100 * s['hands_won']:.1f} % of the oracle's edge"
    )
    print(
        f"level swing: {name} {p['level_swing']:+.2f}, "
        f"oracle {o['level_swing']:+.2f} per hand: "
        f"{name} closes {100 * s['level_swing']:.1f} %"
    )
    if preset(players[0].config.preset).friends is not None:
        print(
            f"seats won: {name} {100 * p['seats_won']:.1f} %, "
            f"oracle {100 * o['seats_won']:.1f} %, basic 50 %: "
            f"{name} closes {100 * s['seats_won']:.1f} %"
        )
    return 0
