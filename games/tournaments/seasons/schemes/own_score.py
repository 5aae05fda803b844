"""The event's own score: an individual event's total, a pairs event's point difference, an
evening's units (money games), matches won (point games) or penalty points. Scores are only
comparable within one game, so a season of this scheme counts events of one game. Penalty
points, where the lowest wins, count negated: a season always ranks the most points first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.messages import Message, msg

from .base import EventResult, Number, PointsScheme


class OwnScore(PointsScheme):
    slug = "own_score"
    label = msg("The event's own score (events of one game)")
    needs = frozenset({"place", "field", "score"})
    one_game = True

    def points(self, result: EventResult, options: Mapping[str, Any]) -> Number:
        return result.score or 0

    def explain(self, result: EventResult, options: Mapping[str, Any]) -> Message:
        return msg(
            "place %(place)s of %(field)s, own score %(points)s",
            place=result.place,
            field=result.field,
            points=self.points(result, options),
        )


SCHEME = OwnScore()
