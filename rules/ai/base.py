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


# Level name -> factory. The service seats these; "basic" is the default level.
LEVELS: dict[str, Callable[[], Player]] = {
    "simple": _simple,
    "basic": _simple,  # until the stronger heuristic player lands
}


def make_player(level: str) -> Player:
    """An AI player of that level (see ``LEVELS``)."""
    factory = LEVELS.get(level)
    if factory is None:
        raise ValueError(f"unknown AI level {level!r}; choose one of: {', '.join(LEVELS)}")
    return factory()
