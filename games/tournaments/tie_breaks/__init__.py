"""The tie-breaks of a pairs event's standings: one module per tie-break, registered here and
nowhere else. The standings (``games.tournaments.standings.rank``) apply the ones a tournament
lists, in its order; the forms, the API's checks and the pages offer every registered one and
ask it its words. A new tie-break is one module and one line below (tests/games/extra_tie_break.py
proves it)."""

from __future__ import annotations

from games.rules.errors import MessageError
from games.rules.messages import msg
from games.rules.registry import Registry

from . import buchholz, difference, head_to_head, sonneborn_berger
from .base import Field, Number, TieBreak


class UnknownTieBreak(MessageError, LookupError):
    pass


# In the order the tournament form offers them.
TIE_BREAKS: Registry[TieBreak] = Registry(
    error=UnknownTieBreak,
    refusal=lambda slug, known: msg(
        "Unknown tie-break %(name)s; the tie-breaks are %(all)s.", name=slug, all=", ".join(known)
    ),
)
register = TIE_BREAKS.register
get_tie_break = TIE_BREAKS.find

for _tie_break in (
    difference.TIE_BREAK,
    buchholz.TIE_BREAK,
    sonneborn_berger.TIE_BREAK,
    head_to_head.TIE_BREAK,
):
    register(_tie_break)

# A new pairs event's tie-breaks unless its director chooses others: Buchholz (the strength of
# the opponents met, the Swiss system's own measure), then Sonneborn-Berger (whom the points
# were taken from), then the card-point or game difference. In a complete round robin Buchholz
# and Sonneborn-Berger separate nobody the other does not, and the difference still decides.
DEFAULT_TIE_BREAKS = ("buchholz", "sonneborn_berger", "difference")

__all__ = [
    "DEFAULT_TIE_BREAKS",
    "TIE_BREAKS",
    "Field",
    "Number",
    "TieBreak",
    "UnknownTieBreak",
    "get_tie_break",
    "register",
]
