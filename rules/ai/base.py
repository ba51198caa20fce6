"""The one interface every AI level implements."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from rules.actions import Action
from rules.views import View


class Player(Protocol):
    level: str

    def choose(self, view: View, rng: random.Random) -> Action | None:
        """The seat's next action now, or None when it has nothing to do."""
        ...


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


def make_player(level: str) -> Player:
    """An AI player of that level (see ``LEVELS``)."""
    factory = LEVELS.get(level)
    if factory is None:
        raise ValueError(f"unknown AI level {level!r}; choose one of: {', '.join(LEVELS)}")
    return factory()
