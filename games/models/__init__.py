from .clubs import Club
from .idempotency import IdempotencyRecord
from .matches import Deal, Match, Seat
from .players import Player
from .presets import RulePreset
from .ratings import Rating, RatingList, RatingStep
from .seasons import Season, SeasonEvent, SeasonLine
from .sessions import Session, SessionMatch, SessionPlayer, SessionTransfer
from .tournaments import Correction, Entrant, Round, Table, Tournament

__all__ = [
    "Club",
    "Correction",
    "Deal",
    "Entrant",
    "IdempotencyRecord",
    "Match",
    "Player",
    "Rating",
    "RatingList",
    "RatingStep",
    "Round",
    "RulePreset",
    "Season",
    "SeasonEvent",
    "SeasonLine",
    "Seat",
    "Session",
    "SessionMatch",
    "SessionPlayer",
    "SessionTransfer",
    "Table",
    "Tournament",
]
