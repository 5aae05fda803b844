"""Head to head: the match points scored in the matches among the entrants still level, so its
value depends on who is level and is worked out group by group."""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.messages import msg, pmsg

from .base import Field, Number, TieBreak


class HeadToHead(TieBreak):
    slug = "head_to_head"
    name = msg("Head to head")
    # Translators: a short column heading for the head-to-head tie-break.
    column = pmsg("standings column", "H2H")
    in_words = pmsg("standings", "head to head")
    within_group = True

    def values_within(self, field: Field, group: Sequence[int]) -> dict[int, Number]:
        inside = set(group)
        return {
            i: sum((own for o, own, _ in field.games[i] if o in inside), start=0) for i in group
        }


TIE_BREAK = HeadToHead()
