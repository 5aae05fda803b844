"""Rikken (RULES.md §4), a package: the game and its words in ``game.py``; its rule options in
``options.py``, the contract table in ``contracts.py``, each contract played in a deal in
``entries.py``, the special games when all pass in ``specials.py``, and club penalty points in
``penalty.py``."""

from .game import GAME, Rikken, RikkenState

__all__ = ["GAME", "Rikken", "RikkenState"]
