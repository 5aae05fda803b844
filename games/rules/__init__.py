"""The rules engines: one pure-Python module per game, registered here and nowhere else."""

from __future__ import annotations

from . import etori, malilla, marafon, rikken, trionfo
from .base import DealResult, Errors, Game, MatchOver, MessageError, RuleViolation, fold, to_data
from .messages import msg
from .registry import Registry


class UnknownGame(MessageError, LookupError):
    pass


# Shared code finds a game only here and asks it what it needs (its teams, its points at a
# table, its tournament tables): it never names one.
GAMES: Registry[Game] = Registry(
    error=UnknownGame,
    refusal=lambda slug, known: msg(
        "Unknown game %(game)s; the games are %(games)s.", game=slug, games=", ".join(sorted(known))
    ),
)
register = GAMES.register
get_game = GAMES.find

for _game in (marafon.GAME, trionfo.GAME, malilla.GAME, rikken.GAME, etori.GAME):
    register(_game)


__all__ = [
    "GAMES",
    "DealResult",
    "Errors",
    "Game",
    "MatchOver",
    "RuleViolation",
    "UnknownGame",
    "fold",
    "get_game",
    "register",
    "to_data",
]
