"""Match points: a pairs event's own match points (2 a win, 1 a draw, a bye a win); at an
individual event or an evening, 2 for each table or match won and 1 for one whose first place
was shared."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.messages import Message, msg

from .base import EventResult, Number, PointsScheme


class MatchPoints(PointsScheme):
    slug = "match_points"
    label = msg("Match points")
    needs = frozenset({"place", "field", "match_points"})

    def points(self, result: EventResult, options: Mapping[str, Any]) -> Number:
        return result.match_points or 0

    def explain(self, result: EventResult, options: Mapping[str, Any]) -> Message:
        return msg(
            "place %(place)s of %(field)s, %(points)s match points",
            place=result.place,
            field=result.field,
            points=self.points(result, options),
        )


SCHEME = MatchPoints()
