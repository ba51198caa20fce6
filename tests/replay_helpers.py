"""Finished hands for the replay tests: one hand played out by the basic AI at
every seat, as its record text (what storage keeps and ``/record`` hands out)."""

from __future__ import annotations

import random
from functools import cache

from rules.actions import DealCards, Pass
from rules.ai import make_player
from rules.game import Match
from rules.presets import preset
from rules.record import write_record


@cache
def finished_record(preset_name: str = "classic", seed: str = "replay-1") -> str:
    """The record of hand 1 of a match under ``preset_name``, played to its end."""
    rules = preset(preset_name)
    m = Match(rules, seed)
    rng = random.Random(seed)
    players = [make_player("basic") for _ in range(rules.players)]
    for _ in range(10_000):
        if m.phase in ("scored", "finished"):
            return write_record(m)
        if m.phase == "dealing":
            m.apply(DealCards(rules.players * rules.hand_size))
        elif m.phase == "declaring":
            for s in range(rules.players):
                if m.phase == "declaring" and s not in m.hand.passes:
                    a = players[s].choose(m.view_for(s), rng)
                    m.apply(a if a is not None else Pass(s))
        else:
            s = m.dealer if m.phase in ("burying", "calling") else m.turn
            assert s is not None
            a = players[s].choose(m.view_for(s), rng)
            assert a is not None, f"seat {s} had nothing to do in {m.phase}"
            m.apply(a)
    raise AssertionError("the hand did not finish")
