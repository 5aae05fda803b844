from .idempotency import IdempotencyRecord
from .matches import Deal, Match, Seat
from .players import Player
from .presets import RulePreset

__all__ = ["Deal", "IdempotencyRecord", "Match", "Player", "RulePreset", "Seat"]
