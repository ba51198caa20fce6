"""AI players: given only a seat's view, choose that seat's next action.

Every level implements ``Player.choose(view, rng)``. A view never contains
another seat's hand, so no player can read a hidden card.
"""

from rules.ai.base import LEVELS, Player, make_player
from rules.ai.simple import SimplePlayer

__all__ = ["LEVELS", "Player", "SimplePlayer", "make_player"]
