"""AI players: given only a seat's view, choose that seat's next action.

Every level implements ``Player.choose(view, rng)``. A view never contains
another seat's hand, so no player can read a hidden card.

Levels (``LEVELS``): ``random`` (a uniformly random legal action), ``simple`` (the
first sketch), ``basic`` (rule-based habits of good players; the default) and
``strong`` (Monte-Carlo search over sampled deals, playing them out with the basic
policy within a time budget). Players pick a difficulty (``DIFFICULTIES``):
``beginner`` (新手) seats ``simple``, ``normal`` (普通) ``basic``, ``expert`` (高手)
``strong``; ``make_player`` takes either name.
"""

from rules.ai.base import DIFFICULTIES, LEVELS, Player, level_of, make_player
from rules.ai.basic import BasicPlayer
from rules.ai.random_player import RandomPlayer
from rules.ai.simple import SimplePlayer
from rules.ai.strong import StrongPlayer

__all__ = [
    "DIFFICULTIES",
    "LEVELS",
    "BasicPlayer",
    "Player",
    "RandomPlayer",
    "SimplePlayer",
    "StrongPlayer",
    "level_of",
    "make_player",
]
