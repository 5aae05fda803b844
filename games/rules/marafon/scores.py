"""What shared code reads of a Marafon match, from its state's and its deals' data: the points
a partnership scored, what a match is decided in, the games won in a match of three and the
claims (RULES.md §1), mixed into the game (game.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import ClaimMade, GameWon


class MarafonScores:
    def team_points(self, state: Mapping[str, Any], team: int, options: Any) -> int:
        """Card points over all the games of the match."""
        played = sum(g["scores"][team] for g in state["games"])
        # After the final game `scores` repeats that game's totals; before it, it is the game
        # under way.
        return played if state["finished"] else played + state["scores"][team]

    def result_unit(self, options: Any) -> str:
        # A match of three games is won by games, whatever the points summed over them.
        return "games" if options.match_format == "best_of_three" else "points"

    def team_result(self, state: Mapping[str, Any], team: int, options: Any) -> int:
        if self.result_unit(options) == "games":
            return state["games_won"][team]
        return self.team_points(state, team, options)

    def side_totals(self, state: Mapping[str, Any], options: Any) -> tuple[int, ...]:
        """The points of the game under way (after the last game: that game's)."""
        return tuple(state["scores"])

    def game_won(self, outcome: Mapping[str, Any]) -> GameWon | None:
        won = outcome.get("game")
        return GameWon(won["winner"], won.get("by", "points")) if won else None

    def games_won(self, state: Mapping[str, Any]) -> list[GameWon]:
        return [
            GameWon(g["winner"], g.get("by", "points"), tuple(g.get("scores") or ()))
            for g in state.get("games") or ()
        ]

    def claim_made(self, outcome: Mapping[str, Any]) -> ClaimMade | None:
        claim = outcome.get("claim")
        return ClaimMade(claim["seat"], claim["correct"]) if claim else None
