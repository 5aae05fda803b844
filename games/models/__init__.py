from .clubs import Club
from .idempotency import IdempotencyRecord
from .matches import Deal, Match, Seat
from .players import Player
from .presets import RulePreset
from .tournaments import Correction, Entrant, Round, Table, Tournament

__all__ = [
    "Club",
    "Correction",
    "Deal",
    "Entrant",
    "IdempotencyRecord",
    "Match",
    "Player",
    "Round",
    "RulePreset",
    "Seat",
    "Table",
    "Tournament",
]
