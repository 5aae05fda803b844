"""Marafon-Beccaccino (RULES.md §1), a package: the game and its words in ``game.py``, each deal
explained in plain words in ``explain.py``, its built-in house rules in ``presets.py``."""

from .game import GAME, GameRecord, Marafon, MarafonDeal, MarafonOptions, MarafonState

__all__ = ["GAME", "GameRecord", "Marafon", "MarafonDeal", "MarafonOptions", "MarafonState"]
