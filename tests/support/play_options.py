"""Shared by several tests (moved from ``test_options``)."""

from __future__ import annotations

import dataclasses

from rules.actions import Bury
from rules.game import Match, default_bury
from rules.notation import parse_cards
from rules.presets import PRESETS
from rules.scripted import deal_and_declare
from rules.views import TrickView, View

C = parse_cards


def playing_match(preset: str, seed: str) -> Match:
    """A match at the first lead of hand 1: the first seat able to declares, all
    pass, the dealer buries the default cards."""
    m = Match(PRESETS[preset], seed)
    deal_and_declare(m)
    dealer = m.hand.dealer
    assert dealer is not None
    if m.phase == "burying":  # four decks have no kitty
        kitty = default_bury(m.context, m.hand.hands[dealer], m.rules.kitty_size)
        m.apply(Bury(dealer, tuple(kitty)))
    assert m.phase == "playing"
    return m


BASE = playing_match("classic", "options")


def lead_view(hand: str, tricks: tuple[TrickView, ...] = ()) -> View:
    """The leader's view with the given hand (level and trump as in ``BASE``)."""
    seat = BASE.hand.turn
    assert seat is not None
    view = BASE.view_for(seat)
    return dataclasses.replace(view, hand=tuple(C(hand)), tricks=tricks, current=(), buried=None)
