"""A fifth season points scheme that lives only in the tests, to prove that a scheme is one
module and one registration: "Winner takes all", 1 point for a win, nothing else."""

from __future__ import annotations

from games.tournaments.seasons import PointsScheme


class WinnerTakesAll(PointsScheme):
    slug = "winner_takes_all"
    label = "Winner takes all"

    def points(self, result, options):
        return 1 if result.place == 1 else 0

    def explain(self, result, options):
        return "a win: 1 point" if result.place == 1 else "no win: 0 points"


SCHEME = WinnerTakesAll()
