"""The rules engines: one pure-Python module per game, registered here and nowhere else."""

from __future__ import annotations

from . import etori, malilla, marafon, rikken, trionfo
from .base import DealResult, Errors, Game, MatchOver, RuleViolation, fold, to_data

GAMES: dict[str, Game] = {
    game.slug: game for game in (marafon.GAME, trionfo.GAME, malilla.GAME, rikken.GAME, etori.GAME)
}


class UnknownGame(LookupError):
    pass


def get_game(slug: str) -> Game:
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(f"Unknown game {slug!r}; the games are {known}.") from None


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
    "to_data",
]
