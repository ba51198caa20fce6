"""AI players: given only a seat's view, choose that seat's next action.

Every level implements ``Player.choose(view, rng)``. A view never contains
another seat's hand, so no player can read a hidden card.

Levels (``LEVELS``): ``random`` (a uniformly random legal action), ``simple`` (the
first sketch), ``basic`` (rule-based habits of good players; the default) and
``strong`` (Monte-Carlo search over sampled deals, playing them out with the basic
policy within a time budget).
"""

from rules.ai.base import LEVELS, Player, make_player
from rules.ai.basic import BasicPlayer
from rules.ai.random_player import RandomPlayer
from rules.ai.simple import SimplePlayer
from rules.ai.strong import StrongPlayer

__all__ = [
    "LEVELS",
    "BasicPlayer",
    "Player",
    "RandomPlayer",
    "SimplePlayer",
    "StrongPlayer",
    "make_player",
]
