"""Place points from a table the club writes: 10-8-6-5-4-3-2-1 gives the winner 10, the eighth
1 and anyone further down nothing. A shared place takes the points of that place."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from games.rules.messages import Message, msg

from .base import EventResult, Number, PointsScheme, whole

MAX_PLACES = 200


class PlaceTable(PointsScheme):
    slug = "place_table"
    label = msg("Place points from the club's table")
    default_options = {"table": [10, 8, 6, 5, 4, 3, 2, 1]}
    option_labels = {"table": msg("Points of each place, best first (10-8-6-5-4-3-2-1)")}

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Message]:
        problems = super().check_options(options)
        table = self.resolve(options)["table"]
        if (
            not isinstance(table, list)
            or not 1 <= len(table) <= MAX_PLACES
            or not all(whole(p, low=0, high=10_000) for p in table)
        ):
            problems["table"] = msg(
                "Write the points of each place, best first: whole numbers from 0 to 10000, "
                "at most %(n)s places.",
                n=MAX_PLACES,
            )
        elif any(later > earlier for earlier, later in itertools.pairwise(table)):
            problems["table"] = msg("A lower place cannot earn more points than a higher one.")
        return problems

    def points(self, result: EventResult, options: Mapping[str, Any]) -> Number:
        table = options["table"]
        return table[result.place - 1] if result.place <= len(table) else 0

    def explain(self, result: EventResult, options: Mapping[str, Any]) -> Message:
        points = self.points(result, options)
        if result.place > len(options["table"]):
            return msg(
                "place %(place)s of %(field)s, below the table's %(places)s places: 0 points",
                place=result.place,
                field=result.field,
                places=len(options["table"]),
            )
        return msg(
            "place %(place)s of %(field)s: the club's table gives %(points)s",
            place=result.place,
            field=result.field,
            points=points,
        )


SCHEME = PlaceTable()
