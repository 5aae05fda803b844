from .idempotency import IdempotencyRecord
from .matches import Deal, Match, Seat
from .players import Player

__all__ = ["Deal", "IdempotencyRecord", "Match", "Player", "Seat"]
