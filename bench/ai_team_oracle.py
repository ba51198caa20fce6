"""A diagnostic that CHEATS on the teams only: ``python -m bench.ai_team_oracle A B …``
(``bench.ai``'s arguments; level ``oracle`` seats it), or ``python -m
bench.ai_team_oracle lone oracle …`` (``bench.ai_lone``'s: it alone in one seat).

At 找朋友 tables it is the strong player with one extra fact: where every copy of a
pending called card is (pinned to its true holder as a declared card is), so its
samples know who may become a friend; every other hidden card is sampled as usual.
The gap between it and ``strong`` on the same deals (``bench.ai_paired``) is what
knowing the teams is worth, the most that reading them from the plays could gain.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence

import bench.ai as bench_ai
from bench.ai import Config
from bench.ai_oracle import OraclePlayer
from rules.actions import Action
from rules.ai.base import Player
from rules.ai.state import shown_cards
from rules.ai.strong import StrongPlayer
from rules.game import Match
from rules.views import View


class TeamOracle(StrongPlayer, OraclePlayer):
    """``OraclePlayer`` only so that ``bench.ai`` hands it the match; it plays as
    ``StrongPlayer`` with more cards pinned."""

    level = "oracle"
    sees_all = True
    _match: Match | None = None

    def choose_seeing(self, match: Match, seat: int, rng: random.Random) -> Action | None:
        self._match = match
        try:
            return StrongPlayer.choose(self, match.view_for(seat), rng)
        finally:
            self._match = None

    def pinned(self, view: View) -> list[list[int]]:
        shown = shown_cards(view)
        match, seat = self._match, view.seat
        if match is None or not view.friends_mode:
            return shown
        for fc in view.friend_calls:
            if fc.joined is None:
                c = int(fc.call.card)
                for s in range(match.players):
                    if s != seat:
                        shown[s][c] = max(shown[s][c], match.hand.hands[s][c])
        return shown


_build = bench_ai.build_player
LABEL = "oracle (CHEATS on the teams only: sees where the called copies are)"


def build(level: str, cfg: Config, side: str = "") -> Player:
    if level != "oracle":
        return _build(level, cfg, side)
    clock = time.process_time if cfg.cpu_clock else time.perf_counter
    return TeamOracle(cfg.budget_ms, max_samples=cfg.samples, clock=clock)


def main(argv: Sequence[str]) -> int:
    """``bench.ai``'s command with ``oracle`` seating this diagnostic; after ``lone``,
    ``bench.ai_lone``'s (``lone oracle --preset friends-8 …``: it alone in one seat)."""
    bench_ai.build_player = build
    bench_ai.ORACLE_LABEL = LABEL
    if argv[:1] == ["lone"]:
        from bench.ai_lone import main as lone_main

        return lone_main(argv[1:])
    return bench_ai.main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
