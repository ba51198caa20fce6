"""The basic player: the habits good players teach, as rules (seed 002's 技巧 notes).

* Declaring: a long, strong trump suit (trump length, trump pairs, jokers and level
  cards, measured against what an average hand would hold); weak no-trump is avoided;
  a partner's declaration is never overridden; an opponent's is overridden when our
  suit is about as good; the dealer's team declares at the end rather than fall back
  to no-trump.
* Burying: void short plain suits, keep aces, pairs and trumps, and keep points out of
  the kitty unless the hand holds enough trumps to defend it.
* Leading: sure winners first (off-suit units nobody can beat given the cards seen,
  thrown together when there are several), drawing trumps when the dealer's side holds
  most of them, a suit the partner can ruff, else a cheap card from a short suit.
* Following: feed points to a partner who is winning for sure; beat the opponents when
  the trick is worth it (never ruff a point-less trick); otherwise play cheap; near
  the end the dealer's side fights for the tricks that protect the kitty.

It tracks the cards played (every trick is in the view) against its own hand, and the
voids players have shown. The play policy (``play_policy``) reads only ``Public`` plus
the acting seat's own cards, so the strong player can run it inside simulations
(``rules.ai.policy``, re-exported here).

Each job has its module: ``declaring``, ``burying``, ``leading``, ``following`` (with
``follow_options`` for shaped leads) and ``common`` (helpers the last three share);
this one ties them into the player and re-exports their entry points.
"""

from __future__ import annotations

import random

from rules.actions import Action, Bury, CallFriends, Play
from rules.ai.base import declare_or_pass, own_hand
from rules.ai.burying import choose_bury
from rules.ai.common import beatable, cheapest, physical, richest, sure_units
from rules.ai.declaring import choose_declaration, steal_or_pass, trump_quality
from rules.ai.follow_options import follow_options, richer_follow, winning_follow
from rules.ai.following import choose_follow
from rules.ai.leading import choose_lead
from rules.ai.policy import play_policy
from rules.ai.state import as_cards, public_of
from rules.cards import counts_of
from rules.friends import suggest_calls
from rules.views import View

__all__ = [
    "BasicPlayer",
    "beatable",
    "cheapest",
    "choose_bury",
    "choose_declaration",
    "choose_follow",
    "choose_lead",
    "follow_options",
    "physical",
    "play_policy",
    "richer_follow",
    "richest",
    "sure_units",
    "trump_quality",
    "winning_follow",
]


class BasicPlayer:
    """Rule-based player (see the module docstring)."""

    level = "basic"

    def choose(self, view: View, rng: random.Random) -> Action | None:
        if (own := own_hand(view)) is None:
            return None
        seat, hand = own
        if view.phase in ("dealing", "declaring"):
            return declare_or_pass(view, seat, choose_declaration(view, seat, hand))
        if view.phase == "stealing" and seat == view.steal_turn:
            return steal_or_pass(view, seat, hand)
        if view.phase == "burying" and seat == view.burier:
            cards = choose_bury(view.context, hand, view.rules.kitty_size)
            return Bury(seat, as_cards(cards))
        if view.phase == "calling" and seat == view.dealer:
            calls = suggest_calls(view.rules, view.context, hand)
            return CallFriends(seat, tuple(calls))
        if view.phase == "playing" and seat == view.turn:
            pub = public_of(view)
            kitty = counts_of(view.buried) if seat == view.dealer and view.buried else None
            return Play(seat, as_cards(play_policy(pub, seat, hand, kitty)))
        return None
