"""The ceiling for the strong player: an ``oracle`` that CHEATS — it sees every hand.

Bench only (``python -m bench.ai oracle basic``): it is not an AI level, the table
service cannot seat it, and ``bench.ai`` labels it as cheating in its output.

It is the strong player's search with perfect information: the same candidate plays
(``rules.ai.strong.candidates``, the basic choice first), each played out once in the
true deal (the real hands and the real kitty) with the basic policy at every seat,
scored with the same utility; the best candidate wins, the basic choice on ties. So it
is what the strong player would play with every one of its samples equal to the true
deal: how much of the oracle's edge over basic the strong player closes says how much
better sampling (and more samples) can still gain.
"""

from __future__ import annotations

import random

from rules.actions import Action, Play
from rules.ai.basic import BasicPlayer, play_policy
from rules.ai.calls import Calls
from rules.ai.sim import playout, utility
from rules.ai.state import as_cards, public_of
from rules.ai.strong import candidates, trivial
from rules.cards import counts_of
from rules.game import Match
from rules.views import View

LABEL = "oracle (CHEATING: sees every hand)"


class OraclePlayer:
    level = "oracle"
    sees_all = True  # bench.ai hands it the match, not just the seat's view

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
