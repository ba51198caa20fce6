"""Finished hands for the replay tests: one hand played out by the basic AI at
every seat, as its record text (what storage keeps and ``/record`` hands out)."""

from __future__ import annotations

import random
from functools import cache

from rules.actions import DealCards, Pass, Play, TakeBack
from rules.ai import make_player
from rules.game import Match
from rules.presets import preset
from rules.record import write_record
from rules.settings import apply


@cache
def finished_record(
    preset_name: str = "classic",
    seed: str = "replay-1",
    house: tuple[tuple[str, str], ...] = (),
    take_back: int | None = None,
) -> str:
    """The record of hand 1 of a match under ``preset_name`` (with the ``house``
    rule changes), played to its end; with ``take_back`` the ``take_back``-th play
    of the hand is taken back (悔牌, needs ``play_takeback``) and played again."""
    rules = apply(preset(preset_name), dict(house))
    plays = 0
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
            if isinstance(a, Play):
                plays += 1
                if plays == take_back:
                    m.apply(TakeBack(s))
    raise AssertionError("the hand did not finish")
