from .clubs import Club
from .idempotency import IdempotencyRecord
from .matches import Deal, Match, Seat
from .players import Player
from .presets import RulePreset

__all__ = ["Club", "Deal", "IdempotencyRecord", "Match", "Player", "RulePreset", "Seat"]
