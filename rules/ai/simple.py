"""A sensible legal player: declares a long suit, buries cheap cards, follows cheaply.

It uses only the view (own hand, public table) and the rules helpers.
"""

from __future__ import annotations

import random

from rules.actions import Action, Bury, CallFriends, Pass, Play
from rules.ai.base import declare_or_pass, own_hand
from rules.declare import Declaration, possible_declarations, read_declaration
from rules.friends import suggest_calls
from rules.game import default_bury, default_lead
from rules.play import generate_follow, make_lead
from rules.views import View


class SimplePlayer:
    level = "simple"

    def choose(self, view: View, rng: random.Random) -> Action | None:
        if (own := own_hand(view)) is None:
            return None
        seat, hand = own
        if view.phase in ("dealing", "declaring"):
            return declare_or_pass(view, seat, self._declaration(view, seat, hand))
        ctx = view.context
        if view.phase == "stealing" and seat == view.steal_turn:
            return Pass(seat)  # 炒地皮: the simple level never steals
        if view.phase == "burying" and seat == view.burier:
            return Bury(seat, tuple(default_bury(ctx, hand, view.rules.kitty_size)))
        if view.phase == "calling" and seat == view.dealer:
            return CallFriends(seat, tuple(suggest_calls(view.rules, ctx, hand)))
        if view.phase == "playing" and seat == view.turn:
            if not view.current:
                return Play(seat, (default_lead(ctx, hand),))
            lead = make_lead(ctx, view.current[0][1])
            return Play(seat, tuple(generate_follow(ctx, hand, lead)))
        return None

    def _declaration(self, view: View, seat: int, hand: list[int]) -> Declaration | None:
        """Declare once, late in the deal, in a suit where we hold a level card and
        at least a quarter of our cards; never override our own partner."""
        if view.declarations:
            return None
        if view.dealt < view.deal_total * 0.6:
            return None
        current: Declaration | None = None
        options = possible_declarations(view.rules, view.level_rank, seat, hand, current)
        best: Declaration | None = None
        best_len = -1
        for d in options:
            if d.suit is None:
                continue
            length = sum(1 for c in view.hand or () if c.suit == d.suit)
            if length > best_len:
                best, best_len = d, length
        if best is None or best_len * 4 < len(view.hand or ()):
            return None
        return read_declaration(view.rules, view.level_rank, seat, best.cards)
