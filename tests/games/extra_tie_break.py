"""Wins: a tie-break defined only in the tests, the matches an entrant won. One module and one
registration (``register(TIE_BREAK)``) make it offered, checked, ranked by and shown like the
four real ones: shared code asks a tie-break, never its slug."""

from __future__ import annotations

from games.rules.messages import msg, pmsg
from games.tournaments.tie_breaks import Field, Number, TieBreak


class Wins(TieBreak):
    slug = "wins"
    name = msg("Wins")
    column = pmsg("standings column", "W")
    in_words = pmsg("standings", "wins")

    def values(self, field: Field) -> list[Number]:
        return [sum(1 for _, own, theirs in mine if own > theirs) for mine in field.games]


TIE_BREAK = Wins()
