"""Sonneborn-Berger: the opponents' match points, each weighted by the share of the match
points taken from them (all of them for a win, half for a draw): whom the points came from."""

from __future__ import annotations

from fractions import Fraction

from games.rules.messages import msg, pmsg

from .base import Field, Number, TieBreak


class SonnebornBerger(TieBreak):
    slug = "sonneborn_berger"
    name = msg("Sonneborn-Berger")
    # Translators: a short column heading for the Sonneborn-Berger tie-break.
    column = pmsg("standings column", "SB")
    in_words = pmsg("standings", "Sonneborn-Berger")

    def values(self, field: Field) -> list[Number]:
        return [
            sum(
                (field.match_points[o] * _share(own, theirs) for o, own, theirs in mine),
                start=Fraction(0),
            )
            for mine in field.games
        ]


def _share(own: Number, theirs: Number) -> Fraction:
    total = own + theirs
    return Fraction(own) / total if total else Fraction(0)


TIE_BREAK = SonnebornBerger()
