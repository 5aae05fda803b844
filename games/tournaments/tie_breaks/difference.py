"""The difference: points scored less points conceded (card points, or games won)."""

from __future__ import annotations

from games.rules.messages import msg, pmsg

from .base import Field, Number, TieBreak


class Difference(TieBreak):
    slug = "difference"
    name = msg("Difference")
    # Translators: a short column heading: points scored less points conceded.
    column = pmsg("standings column", "Diff.")
    in_words = pmsg("standings", "difference")
    shown = False  # the standings always have a column of their own for it

    def values(self, field: Field) -> list[Number]:
        return list(field.difference)


TIE_BREAK = Difference()
