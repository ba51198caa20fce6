"""Declaring helpers: every seat passes (``all_pass``)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import Pass
from rules.events import (
    Event,
)
from rules.game import Match


def all_pass(match: Match, order: Sequence[int] = (0, 1, 2, 3)) -> list[Event]:
    events: list[Event] = []
    for s in order:
        events.extend(match.apply(Pass(s)))
    return events
