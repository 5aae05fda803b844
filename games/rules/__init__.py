"""The rules engines: one pure-Python module per game, registered here and nowhere else."""

from __future__ import annotations

from . import etori, malilla, marafon, rikken, trionfo
from .base import DealResult, Errors, Game, MatchOver, MessageError, RuleViolation, fold, to_data
from .messages import msg

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Makes a game known by its slug. Shared code finds a game only here and asks it what it
    needs (its teams, its points at a table, its tournament tables): it never names one."""
    GAMES[game.slug] = game
    return game


for _game in (marafon.GAME, trionfo.GAME, malilla.GAME, rikken.GAME, etori.GAME):
    register(_game)


class UnknownGame(MessageError, LookupError):
    pass


def get_game(slug: str) -> Game:
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(
            msg("Unknown game %(game)s; the games are %(games)s.", game=repr(slug), games=known)
        ) from None


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
