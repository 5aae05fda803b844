"""Buchholz: the sum of the match points of every opponent met, the strength of the field an
entrant faced (the Swiss system's own measure). A bye brings no opponent."""

from __future__ import annotations

from games.rules.messages import msg, pmsg

from .base import Field, Number, TieBreak


class Buchholz(TieBreak):
    slug = "buchholz"
    name = msg("Buchholz")
    # Translators: a short column heading for the Buchholz tie-break; spelled out under it.
    column = pmsg("standings column", "Bh")
    in_words = pmsg("standings", "Buchholz")

    def values(self, field: Field) -> list[Number]:
        return [sum(field.match_points[o] for o, _, _ in mine) for mine in field.games]


TIE_BREAK = Buchholz()
