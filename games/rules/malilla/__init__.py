"""Malilla (RULES.md §3), a package: the game and its words in ``game.py``, its variants (Mexican
Malilla, Spanish Manilla, Macau Manilla) and rule options in ``variants.py``."""

from .game import GAME, Malilla, MalillaState
from .variants import VARIANTS, MalillaOptions

__all__ = ["GAME", "VARIANTS", "Malilla", "MalillaOptions", "MalillaState"]
