"""How much of the oracle's edge over basic a player closes:
``python -m bench.ai_gap STRONG.json ORACLE.json``.

Both files are ``bench.ai --json`` outputs of ``X basic`` runs on the same seed and
pairs (``strong basic`` and ``oracle basic``). Basic against itself wins 50 % of the
hands with a level swing of 0 (duplicate deals), so the share closed is
(X − 50 %) ÷ (oracle − 50 %) in hands won and X's swing ÷ the oracle's in levels.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def shares(player: dict[str, Any], oracle: dict[str, Any]) -> dict[str, float]:
    p, o = player["stats"]["all"], oracle["stats"]["all"]
    won_p, won_o = p["hands_won"]["value"], o["hands_won"]["value"]
    swing_p, swing_o = p["level_swing"]["value"], o["level_swing"]["value"]
    return {
        "hands_won": (won_p - 0.5) / (won_o - 0.5) if won_o != 0.5 else float("nan"),
        "level_swing": swing_p / swing_o if swing_o else float("nan"),
    }


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.split("\n")[1], file=sys.stderr)
        return 2
    with open(argv[0]) as f:
        player = json.load(f)
    with open(argv[1]) as f:
        oracle = json.load(f)
    if (player["config"]["seed"], player["stats"]["pairs"]) != (
        oracle["config"]["seed"],
        oracle["stats"]["pairs"],
    ):
        print("the two runs must share the seed and the number of pairs", file=sys.stderr)
        return 2
    s = shares(player, oracle)
    p, o = player["stats"]["all"], oracle["stats"]["all"]
    name = player["config"]["a"]
    print(
        f"hands won: {name} {100 * p['hands_won']['value']:.1f} %, "
        f"oracle {100 * o['hands_won']['value']:.1f} %, basic 50 %: "
        f"{name} closes {100 * s['hands_won']:.1f} % of the oracle's edge"
    )
    print(
        f"level swing: {name} {p['level_swing']['value']:+.2f}, "
        f"oracle {o['level_swing']['value']:+.2f} per hand: "
        f"{name} closes {100 * s['level_swing']:.1f} %"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
