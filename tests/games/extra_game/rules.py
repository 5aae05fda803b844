"""Tens: four players in two partnerships (seats 0 and 2, 1 and 3). Each deal the two
partnerships share ten points; the first to reach the target (30) wins. The deal passes
to the left."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.rules.base import INTEGERS, DealResult, Errors, Game, RuleViolation, option
from games.rules.messages import Message, msg, team_word

TEAMS = [[0, 2], [1, 3]]


@dataclass(frozen=True, kw_only=True)
class TensOptions:
    players: int = option(4, "Players: always 4, in two partnerships.", choices=(4,))
    target: int = option(30, "Points that win.", low=10, high=500)


@dataclass(frozen=True)
class TensState:
    scores: tuple[int, int] = (0, 0)
    dealer: int = 0
    winner: int | None = None


@dataclass(frozen=True)
class TensDeal:
    points: tuple[int, int]


class Tens(Game[TensOptions, TensState, TensDeal]):
    slug = "tens"
    name = "Tens"
    player_counts = (4,)
    Options = TensOptions
    # What the API's schema says of its outcome and state (each game's words, merged).
    outcome_schema = {"points": {**INTEGERS, "description": "the ten points, per partnership."}}
    state_schema = {"scores": {**INTEGERS, "description": "the totals, per partnership."}}

    def teams(self, options: TensOptions) -> list[list[int]]:
        return [list(team) for team in TEAMS]

    def team_points(self, state: Mapping[str, Any], team: int, options: TensOptions) -> int:
        return state["scores"][team]

    def initial_state(self, options: TensOptions, setup: Mapping[str, Any]) -> TensState:
        return TensState()

    def state_to_data(self, state: TensState) -> dict[str, Any]:
        return {
            "scores": list(state.scores),
            "finished": state.winner is not None,
            "winner": state.winner,
            "next": {"dealer": state.dealer},
        }

    def state_from_data(self, data: Mapping[str, Any], options=None) -> TensState:
        return TensState(tuple(data["scores"]), data["next"]["dealer"], data["winner"])

    def is_finished(self, state: TensState) -> bool:
        return state.winner is not None

    def parse_deal(self, raw: Any, *, state: TensState, options: TensOptions) -> TensDeal:
        points = raw.get("points")
        errors = Errors()
        if (
            not isinstance(points, list)
            or len(points) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in points)
        ):
            errors.add("points", "Two whole numbers: the points of each partnership.")
        elif min(points) < 0 or sum(points) != 10:
            errors.add("points", "The partnerships share exactly ten points.")
        unknown = set(raw) - {"points"}
        for key in unknown:
            errors.add(key, "Unknown field.")
        errors.raise_if_any()
        return TensDeal(tuple(points))

    def play(self, state: TensState, deal: TensDeal, options: TensOptions) -> DealResult:
        scores = (state.scores[0] + deal.points[0], state.scores[1] + deal.points[1])
        winner = None
        if max(scores) >= options.target and scores[0] != scores[1]:
            winner = 0 if scores[0] > scores[1] else 1
        after = replace(state, scores=scores, dealer=(state.dealer + 1) % 4, winner=winner)
        # The winner is kept with the deal that decided it: its explanation says so.
        return DealResult({"points": list(deal.points), "winner": winner}, after)

    # Each deal explained in plain words: the kinds of outcome a player tells apart, and the
    # lines of each, with seats and teams said by team_word (the pages put names there).
    outcome_kinds = ("shared", "won")

    def outcome_kind(self, raw: Mapping[str, Any], outcome: Mapping[str, Any]) -> str:
        return "shared" if outcome.get("winner") is None else "won"

    def explain(
        self, raw: Mapping[str, Any], outcome: Mapping[str, Any], options: TensOptions
    ) -> list[Message]:
        first, second = outcome["points"]
        lines = [
            msg(
                "%(first)s took %(p0)s of the ten points and %(second)s %(p1)s.",
                first=team_word(0),
                second=team_word(1),
                p0=first,
                p1=second,
            )
        ]
        if outcome.get("winner") is not None:
            lines.append(
                msg(
                    "%(team)s reached %(target)s and won.",
                    team=team_word(outcome["winner"]),
                    target=options.target,
                )
            )
        return lines


GAME = Tens()

__all__ = ["GAME", "RuleViolation"]
