"""The tournament formats: one module per format, registered here and nowhere else. Shared code
finds a format by the tournament's ``format`` and asks it (pairs or individuals, its tables,
round kinds and tie-breaks, its final, its draw); it never compares a slug. See
docs/adding-a-format.md."""

from __future__ import annotations

from games.rules.errors import MessageError
from games.rules.messages import msg
from games.rules.registry import Registry

from . import individual, knockout, round_robin, swiss
from .base import Drawn, DrawRequest, Format, Named


class UnknownFormat(MessageError, LookupError):
    pass


# In the order the new-tournament form offers them.
FORMATS: Registry[Format] = Registry(
    error=UnknownFormat,
    refusal=lambda slug, known: msg(
        "Unknown format %(format)s; the formats are %(formats)s.",
        format=slug,
        formats=", ".join(known),
    ),
)
register = FORMATS.register
get_format = FORMATS.find

for _format in (individual.FORMAT, swiss.FORMAT, round_robin.FORMAT, knockout.FORMAT):
    register(_format)


__all__ = [
    "FORMATS",
    "DrawRequest",
    "Drawn",
    "Format",
    "Named",
    "UnknownFormat",
    "get_format",
    "register",
]
