"""The one interface every AI level implements, and what every level starts with."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from rules.actions import Action, Declare, Pass
from rules.cards import counts_of
from rules.declare import Declaration
from rules.views import View


class Player(Protocol):
    level: str

    def choose(self, view: View, rng: random.Random) -> Action | None:
        """The seat's next action now, or None when it has nothing to do."""
        ...


def own_hand(view: View) -> tuple[int, list[int]] | None:
    """The seat a view is for and its hand as counts (None: the public view)."""
    if view.seat is None or view.hand is None:
        return None
    return view.seat, counts_of(view.hand)


def declare_or_pass(view: View, seat: int, decl: Declaration | None) -> Action | None:
    """During the deal: make ``decl``, or without one pass (once all cards are dealt)."""
    if decl is not None:
        return Declare(seat, decl.cards)
    if view.phase == "declaring" and seat not in view.passes:
        return Pass(seat)
    return None


def _simple() -> Player:
    from rules.ai.simple import SimplePlayer

    return SimplePlayer()


def _random() -> Player:
    from rules.ai.random_player import RandomPlayer

    return RandomPlayer()


def _basic() -> Player:
    from rules.ai.basic import BasicPlayer

    return BasicPlayer()


def _strong() -> Player:
    from rules.ai.strong import StrongPlayer

    return StrongPlayer()


# Level name -> factory. The service seats these; "basic" is the default level.
LEVELS: dict[str, Callable[[], Player]] = {
    "random": _random,
    "simple": _simple,
    "basic": _basic,
    "strong": _strong,
}

# The difficulties players choose from (新手 / 普通 / 高手) -> the level each seats:
# expert is the strong player at its default budget (``strong.DEFAULT_BUDGET_MS``).
DIFFICULTIES: dict[str, str] = {
    "beginner": "simple",
    "normal": "basic",
    "expert": "strong",
}


def level_of(name: str) -> str | None:
    """The level a difficulty or level name seats (level names stay accepted as
    aliases); None for a name that is neither."""
    if name in LEVELS:
        return name
    return DIFFICULTIES.get(name)


def make_player(level: str) -> Player:
    """An AI player of that level or difficulty (see ``LEVELS``, ``DIFFICULTIES``)."""
    name = level_of(level)
    if name is None:
        choices = ", ".join([*DIFFICULTIES, *LEVELS])
        raise ValueError(f"unknown AI level {level!r}; choose one of: {choices}")
    return LEVELS[name]()
