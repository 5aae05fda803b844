"""Club seasons: a series of tournaments and evenings, each member's results turned into points
by a points scheme (``schemes``, a registry) and counted and ranked as the club's rules say
(``standing``). Pure Python, no Django: the services gather the results and store the
standing."""

from .schemes import SCHEMES, EventResult, PointsScheme, UnknownScheme, get_scheme, register
from .standing import (
    TIE_BREAKS,
    Event,
    Line,
    Scored,
    SeasonRules,
    check_rules,
    counted_size,
    season_progress,
    season_standing,
)

__all__ = [
    "SCHEMES",
    "TIE_BREAKS",
    "Event",
    "EventResult",
    "Line",
    "PointsScheme",
    "Scored",
    "SeasonRules",
    "UnknownScheme",
    "check_rules",
    "counted_size",
    "get_scheme",
    "register",
    "season_progress",
    "season_standing",
]
