"""The players ``bench.ai`` seats: every AI level, and ``oracle``, which CHEATS.

``oracle`` is bench only: it is not an AI level, the table service cannot seat it, and
every report labels it as cheating (``ORACLES``). With ``--oracle all`` (the default)
it is ``OraclePlayer``: the strong player's search with perfect information — the same
candidate plays (``rules.ai.candidates.candidates``, the basic choice first), each played
out once in the true deal (the real hands and the real kitty) with the basic policy at
every seat, scored with the same utility; the best candidate wins, the basic choice on
ties. So it is what the strong player would play with every one of its samples equal to
the true deal: how much of the oracle's edge over basic the strong player closes
(``bench.ai gap``) says how much better sampling (and more samples) can still gain.

With ``--oracle teams`` it is ``TeamOracle``, a diagnostic that cheats on the teams
only: at 找朋友 tables the strong player with one extra fact, where every copy of a
pending called card is (pinned to its true holder as a declared card is), so its samples
know who may become a friend; every other hidden card is sampled as usual. Its gap to
``strong`` on the same deals (``bench.ai paired``) is what knowing the teams is worth.

A player that cheats implements ``SeesAll``: it is handed the match, not only its view.
"""

from __future__ import annotations

import argparse
import inspect
import json
import random
import time
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from rules.actions import Action, Play
from rules.ai.base import Player, make_player
from rules.ai.basic import BasicPlayer, play_policy
from rules.ai.calls import Calls
from rules.ai.candidates import candidates, trivial
from rules.ai.sim import playout, utility
from rules.ai.state import as_cards, public_of, shown_cards
from rules.ai.strong import StrongPlayer
from rules.cards import counts_of
from rules.game import Match
from rules.views import View

if TYPE_CHECKING:
    from bench.ai.records import Config

# What level ``oracle`` seats (``--oracle``), as reports name it.
ORACLES = {
    "all": "oracle (CHEATING: sees every hand)",
    "teams": "oracle (CHEATS on the teams only: sees where the called copies are)",
}

# Extra keyword arguments for the strong player and the oracle (experiments set these
# before running).
STRONG_KWARGS: dict[str, Any] = {}
ORACLE_KWARGS: dict[str, Any] = {}


@runtime_checkable
class SeesAll(Protocol):
    """A bench-only player that CHEATS: ``bench.ai`` hands it the whole match."""

    def choose_seeing(self, match: Match, seat: int, rng: random.Random) -> Action | None: ...


class OraclePlayer:
    level = "oracle"

    def __init__(self, max_candidates: int = 6, point_weight: float = 1.0) -> None:
        self.max_candidates = max_candidates
        self.point_weight = point_weight
        self.basic = BasicPlayer()
        self.last_samples = 0

    def choose(self, view: View, rng: random.Random) -> Action | None:
        """Without the match it cannot cheat: it plays as basic."""
        return self.basic.choose(view, rng)

    def choose_seeing(self, match: Match, seat: int, rng: random.Random) -> Action | None:
        view = match.view_for(seat)
        if view.phase != "playing" or seat != view.turn or view.hand is None:
            return self.basic.choose(view, rng)
        hand = counts_of(view.hand)
        pub = public_of(view)
        kitty = counts_of(view.buried) if seat == view.dealer and view.buried else None
        base = play_policy(pub, seat, hand, kitty)
        if trivial(pub, seat, hand):
            return Play(seat, as_cards(base))
        cands = candidates(pub, seat, hand, kitty, base, rng, self.max_candidates)
        if len(cands) == 1:
            return Play(seat, as_cards(cands[0]))
        true_hands = [list(match.hand.hands[s]) for s in range(match.players)]
        true_kitty = counts_of(match.hand.buried)
        calls = Calls.of_view(view) if view.friends_mode else None
        best, best_value = 0, float("-inf")
        for i, cand in enumerate(cands):
            hs = [list(h) for h in true_hands]
            world = None if calls is None else calls.copy()
            total = playout(pub.copy(), hs, true_kitty, first=(seat, cand), calls=world)
            assert total is not None
            if world is None:
                value = utility(pub, seat, total, self.point_weight)
            else:
                value = world.utility(pub.rules, seat, total, self.point_weight)
            if value > best_value + 1e-12:
                best, best_value = i, value
        self.last_samples = 1
        return Play(seat, as_cards(cands[best]))


class TeamOracle(StrongPlayer):
    """``StrongPlayer`` with every pending called copy pinned to its true holder."""

    level = "oracle"
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


def strong_kwargs(text: str) -> dict[str, Any]:
    """``--a-kwargs``/``--b-kwargs``/``--kwargs``: a JSON object of ``StrongPlayer``
    keyword arguments, checked against its signature."""
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
    """The player of ``level`` on ``side`` ("A" or "B": its settings) of a run."""
    clock = time.process_time if cfg.cpu_clock else time.perf_counter
    if level == "oracle" and cfg.oracle == "teams":
        return TeamOracle(cfg.budget_ms, max_samples=cfg.samples, clock=clock)
    if level == "oracle":
        return OraclePlayer(**ORACLE_KWARGS)
    extra = {"A": cfg.a_kwargs, "B": cfg.b_kwargs}.get(side, "")
    kwargs = dict(STRONG_KWARGS)
    if extra:
        kwargs.update(json.loads(extra))
    if level == "strong" and (cfg.budget_ms is not None or cfg.samples is not None):
        if cfg.cpu_clock:
            kwargs["clock"] = clock
        kwargs.setdefault("max_samples", cfg.samples)
        return StrongPlayer(cfg.budget_ms, **kwargs)
    if level == "strong" and kwargs:
        return StrongPlayer(**kwargs)
    return make_player(level)


def player_name(level: str, cfg: Config) -> str:
    """A level as reports name it: the oracle labelled as the cheat it is."""
    return ORACLES[cfg.oracle] if level == "oracle" else level
