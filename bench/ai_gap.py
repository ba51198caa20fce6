"""How much of the oracle's edge over basic a player closes:
``python -m bench.ai_gap STRONG.json ORACLE.json [STRONG2.json ORACLE2.json …]``.

Each two files are ``bench.ai --json`` outputs of ``X basic`` and ``oracle basic`` runs
on the same preset, seed and pairs; more than one two pools the runs (hands won and
seats won by their counts, the level swing by hands). Basic against itself wins 50 %
of the hands with a level swing of 0 (duplicate deals), so the share closed is
(X − 50 %) ÷ (oracle − 50 %) in hands won and X's swing ÷ the oracle's in levels. At
找朋友 presets, where a side mixes A and B seats, it also gives the share in *seats
won* (``bench.ai``), the figure the 找朋友 targets are set in.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any


def _gap(p: float, o: float, zero: float) -> float:
    return (p - zero) / (o - zero) if o != zero else float("nan")


def pooled(runs: Sequence[dict[str, Any]]) -> dict[str, float]:
    """Hands won, level swing and seats won of several runs, pooled."""
    hands = sum(r["stats"]["all"]["hands"] for r in runs)
    won = sum(r["stats"]["all"]["hands_won"]["value"] * r["stats"]["all"]["hands"] for r in runs)
    swing = sum(
        r["stats"]["all"]["level_swing"]["value"] * r["stats"]["all"]["hands"] for r in runs
    )
    a = sum(r["stats"]["seats_won"]["a"] for r in runs if "seats_won" in r["stats"])
    b = sum(r["stats"]["seats_won"]["b"] for r in runs if "seats_won" in r["stats"])
    return {
        "hands": hands,
        "hands_won": won / hands,
        "level_swing": swing / hands,
        "seats_won": a / (a + b) if a + b else float("nan"),
    }


def shares(
    player: dict[str, Any] | Sequence[dict[str, Any]],
    oracle: dict[str, Any] | Sequence[dict[str, Any]],
) -> dict[str, float]:
    p = pooled([player] if isinstance(player, dict) else player)
    o = pooled([oracle] if isinstance(oracle, dict) else oracle)
    return {
        "hands_won": _gap(p["hands_won"], o["hands_won"], 0.5),
        "level_swing": _gap(p["level_swing"], o["level_swing"], 0.0),
        "seats_won": _gap(p["seats_won"], o["seats_won"], 0.5),
    }


def mismatch(a: dict[str, Any], b: dict[str, Any]) -> str | None:
    """Why two runs are not on the same deals (None when they are)."""
    key_a = (a["config"]["preset"], a["config"]["seed"], a["stats"]["pairs"])
    key_b = (b["config"]["preset"], b["config"]["seed"], b["stats"]["pairs"])
    if key_a == key_b:
        return None
    return (
        "each two runs must share the preset, the seed and the number of pairs "
        f"({key_a} against {key_b})"
    )


Runs = list[dict[str, Any]]


def read_twos(argv: Sequence[str], usage: str) -> tuple[Runs, Runs] | None:
    """The runs named two by two (the first and the second of each two), or None,
    having said why on stderr, when they are not an even number of runs on the same
    deals."""
    if not argv or len(argv) % 2:
        print(usage, file=sys.stderr)
        return None
    runs = []
    try:
        for path in argv:
            with open(path) as f:
                runs.append(json.load(f))
        firsts, seconds = runs[0::2], runs[1::2]
        for a, b in zip(firsts, seconds, strict=True):
            if (why := mismatch(a, b)) is not None:
                print(why, file=sys.stderr)
                return None
    except OSError as exc:
        print(f"cannot read {exc.filename}: {exc.strerror}", file=sys.stderr)
        return None
    except (ValueError, KeyError, TypeError) as exc:
        print(f"not a bench.ai --json run: {exc}", file=sys.stderr)
        return None
    return firsts, seconds


def main(argv: list[str]) -> int:
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    if (twos := read_twos(argv, __doc__.split("\n")[1])) is None:
        return 2
    players, oracles = twos
    s = shares(players, oracles)
    p, o = pooled(players), pooled(oracles)
    name = players[0]["config"]["a"]
    runs_note = f" ({len(players)} runs, {p['hands']} hands)" if len(players) > 1 else ""
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
    if str(players[0]["config"]["preset"]).startswith("friends"):
        print(
            f"seats won: {name} {100 * p['seats_won']:.1f} %, "
            f"oracle {100 * o['seats_won']:.1f} %, basic 50 %: "
            f"{name} closes {100 * s['seats_won']:.1f} %"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
