"""The season points schemes: one module per scheme, registered here and nowhere else. Shared
code finds a scheme by the season's ``scheme`` and asks it (the facts it reads, whether the
events must be of one game, its options, the points of a result); it never compares a slug.
A new scheme is one module and one line below (tests/games/extra_scheme.py proves it)."""

from __future__ import annotations

from games.rules.errors import MessageError
from games.rules.messages import msg
from games.rules.registry import Registry

from . import field_size, match_points, own_score, place_table
from .base import FACTS, EventResult, Number, PointsScheme


class UnknownScheme(MessageError, LookupError):
    pass


# In the order the season form offers them.
SCHEMES: Registry[PointsScheme] = Registry(
    error=UnknownScheme,
    refusal=lambda slug, known: msg(
        "Unknown points scheme %(scheme)s; the schemes are %(schemes)s.",
        scheme=slug,
        schemes=", ".join(known),
    ),
)
register = SCHEMES.register
get_scheme = SCHEMES.find

for _scheme in (place_table.SCHEME, field_size.SCHEME, own_score.SCHEME, match_points.SCHEME):
    register(_scheme)


__all__ = [
    "FACTS",
    "SCHEMES",
    "EventResult",
    "Number",
    "PointsScheme",
    "UnknownScheme",
    "get_scheme",
    "register",
]
