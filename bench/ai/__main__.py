"""``python -m bench.ai COMMAND [ARGS]``: run one of the AI benchmarks (``--help`` after a
command for its options)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

# command -> what it measures (each is ``bench.ai.<command>.main``)
COMMANDS = {
    "match": "two levels on duplicate deals: hands, levels, seats won, decision times",
    "lone": "one player alone among others, against basic in its seat, deal by deal",
    "paired": "two match (or lone) runs on the same deals, compared deal by deal",
    "gap": "the share of the oracle's edge over basic a player closes (match runs)",
    "pool": "match runs of one match-up pooled: the share of the decisive edge",
    "latency": "the expert's decision times at every preset, as a table runs it",
    "stall": "the bot's event loop while the expert thinks in a thread",
    "walk": "the inference's deals against the true deal (reads it: a diagnostic)",
    "rules": "each house rule that changes play: two levels under it, and how often the AI uses it",
}


def usage() -> str:
    rows = "\n".join(f"  {name:<8} {what}" for name, what in COMMANDS.items())
    return f"usage: python -m bench.ai COMMAND [ARGS] (COMMAND --help for its options)\n\n{rows}"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(usage(), file=sys.stdout if args else sys.stderr)
        return 0 if args else 2
    if args[0] not in COMMANDS:
        print(f"unknown command {args[0]!r}\n{usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(f"bench.ai.{args[0]}")
    code: int = module.main(args[1:])
    return code


if __name__ == "__main__":
    raise SystemExit(main())
