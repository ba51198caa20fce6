"""The basic player's kitty: the shared suggestion (rules.burying) — void short plain
suits, keep aces, pairs, tractors, trumps and points."""

from __future__ import annotations

from collections.abc import Sequence

from rules.burying import suggest_bury
from rules.trump import TrumpContext


def choose_bury(ctx: TrumpContext, hand: Sequence[int], n: int) -> list[int]:
    """The cards to bury (the same as the panel's and the console's suggestion)."""
    return suggest_bury(ctx, hand, n)
