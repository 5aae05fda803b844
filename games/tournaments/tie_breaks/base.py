"""What a tie-break is: a measure that separates entrants level on match points, read from the
field's results (``Field``). Pure Python, like the formats and the rules engines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import ClassVar

from games.rules.messages import Message

Number = int | float | Fraction | Decimal


@dataclass(frozen=True)
class Field:
    """The results of a field as a tie-break reads them, entrants by index: each one's match
    points, its points scored less conceded (``difference``), its byes, and its matches as
    (opponent, own match points, the opponent's match points). Sums are exact (fractions), so
    entrants with the same results always tie."""

    match_points: Sequence[Number]
    difference: Sequence[Number]
    byes: Sequence[int]
    games: Sequence[Sequence[tuple[int, Number, Number]]]


class TieBreak:
    """A tie-break. Subclass it, set the class attributes, write ``values`` (or
    ``values_within``, for a tie-break that depends on who is level), and register an instance
    in ``games.tournaments.tie_breaks``; the standings, the forms, the API's checks and the
    pages then offer it, and shared code never compares its slug. The higher value ranks
    first."""

    slug: ClassVar[str]
    # Its name in a list of choices ("Buchholz"), its short column heading ("Bh"), and its name
    # within a sentence that says what decided a place ("decided by Buchholz").
    name: ClassVar[Message]
    column: ClassVar[Message]
    in_words: ClassVar[Message]
    # Worked out among the entrants still level only (head to head), group by group, so its
    # value is known only where it was needed.
    within_group: ClassVar[bool] = False
    # Whether the standings show it as a column of its own where a tournament ranks by it
    # (the difference is shown in every pairs event's standings already).
    shown: ClassVar[bool] = True

    def values(self, field: Field) -> list[Number]:
        """Every entrant's value, by index."""
        raise NotImplementedError

    def values_within(self, field: Field, group: Sequence[int]) -> dict[int, Number]:
        """The value of each entrant of ``group``, a group level on everything before."""
        raise NotImplementedError
