"""Rikken (RULES.md §4), a package: the game and its words in ``game.py``; its rule options in
``options.py``, the contract table in ``contracts.py``, each contract played in a deal in
``entries.py``, the special games when all pass in ``specials.py``, club penalty points in
``penalty.py``, its plain data as the API's schema names it in ``schema.py``, and each deal
explained in plain words in ``explain.py`` (its sentences in ``explain_words.py``, the all-pass
deals in ``explain_specials.py``)."""

from .game import GAME, Rikken, RikkenState

__all__ = ["GAME", "Rikken", "RikkenState"]
