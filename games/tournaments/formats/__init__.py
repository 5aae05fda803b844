"""The tournament formats: one module per format, registered here and nowhere else. Shared code
finds a format by the tournament's ``format`` and asks it (pairs or individuals, its tables,
round kinds and tie-breaks, its final, its draw); it never compares a slug. See
docs/adding-a-format.md."""

from __future__ import annotations

from games.rules.errors import MessageError
from games.rules.messages import msg

from . import individual, knockout, round_robin, swiss
from .base import Drawn, DrawRequest, Format, Named

FORMATS: dict[str, Format] = {}


def register(format: Format) -> Format:
    """Makes a format known by its slug, in the order the new-tournament form offers them."""
    FORMATS[format.slug] = format
    return format


for _format in (individual.FORMAT, swiss.FORMAT, round_robin.FORMAT, knockout.FORMAT):
    register(_format)


class UnknownFormat(MessageError, LookupError):
    pass


def get_format(slug: str) -> Format:
    try:
        return FORMATS[slug]
    except (KeyError, TypeError):
        known = ", ".join(FORMATS)
        raise UnknownFormat(
            msg(
                "Unknown format %(format)s; the formats are %(formats)s.",
                format=repr(slug),
                formats=known,
            )
        ) from None


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
