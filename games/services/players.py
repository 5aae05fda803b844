"""A known player's own choices."""

from __future__ import annotations

from games.models import Player
from games.rules import RuleViolation

HISTORY_CHOICES = ("club", "public", "private")


def player_set_history(*, player: Player, history: str) -> Player:
    """Who reads the player's history: ``club`` (the default: their clubs' members, or everyone
    if a club of theirs made its members' histories public), ``public`` or ``private``."""
    if history not in HISTORY_CHOICES:
        raise RuleViolation.at("history", f"Must be one of {', '.join(HISTORY_CHOICES)}.")
    if player.history != history:
        player.history = history
        player.save(update_fields=["history"])
    return player
