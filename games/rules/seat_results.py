"""What a match came to, per seat, read from its state: the common ground of a session's
totals, a player's statistics and the club ratings, for every game.

Nothing here reads a state's fields nor names a game: the game says how its state scores.
``Game.seat_totals`` gives each player's own total where players are scored one by one (units
of money won or lost, the higher the better; penalty points, the lowest); otherwise partners
share their side's points (``Game.team_points``) and place, and the game's ``winner`` comes
first whatever the points."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import get_game


@dataclass(frozen=True)
class SeatResult:
    """One seat's share of a match: ``place`` 1 is the best (ties share a place), ``won``
    whether the seat's side took first place alone or shared it, ``units`` the money-game
    balance (None in point games), ``points`` what the seat's side scored (None in money
    games)."""

    seat: int
    place: int
    won: bool
    units: int | None
    points: int | None


@functools.lru_cache(maxsize=64)
def teams_of(game: str, seats: int) -> tuple[tuple[int, ...], ...] | None:
    """A game's partnerships at a table of ``seats``, as the game says (None: everybody for
    themselves)."""
    engine = get_game(game)
    teams = engine.teams(engine.resolve_options({}, players=seats))
    return tuple(tuple(s for s in team if s < seats) for team in teams) if teams else None


def _team_points(game: str, state: Mapping[str, Any], team: int, rules: Mapping[str, Any]) -> int:
    """What a partnership scored, as the game counts it (Game.team_points): the standings ask
    the same question of the same hook."""
    engine = get_game(game)
    return engine.team_points(state, team, engine.options_from_data(rules))


def places(values: Sequence[float], *, lower_is_better: bool = False) -> list[int]:
    """Competition ranking: 1 for the best, ties share the better place (1, 1, 3)."""
    sign = 1 if lower_is_better else -1
    return [1 + sum(1 for other in values if sign * other < sign * v) for v in values]


def _no_winner_if_all_tied(results: list[SeatResult]) -> list[SeatResult]:
    """Everyone level (a match with no deal yet, a drawn match): nobody won it."""
    if results and all(r.place == 1 for r in results):
        return [SeatResult(r.seat, r.place, False, r.units, r.points) for r in results]
    return results


def match_results(
    state: Mapping[str, Any],
    teams: Sequence[Sequence[int]] | None,
    seats: int,
    rules: Mapping[str, Any] | None = None,
    *,
    game: str,
) -> list[SeatResult]:
    """Each seat's result. ``teams``: the game's partnerships (None: each for themselves);
    ``rules``: the match's options (those a partnership's points depend on, at least)."""
    rules = rules or {}
    totals = get_game(game).seat_totals(state)
    if totals is not None:  # each player's own total, whatever partnerships a caller assumes
        values = [int(v) for v in totals.values[:seats]]
        ranks = places(values, lower_is_better=totals.lowest_wins)
        return _no_winner_if_all_tied(
            [
                SeatResult(
                    s,
                    ranks[s],
                    ranks[s] == 1,
                    values[s] if totals.money else None,
                    None if totals.money else values[s],
                )
                for s in range(seats)
            ]
        )
    teams = teams or [[s] for s in range(seats)]
    team_points = [_team_points(game, state, t, rules) for t in range(len(teams))]
    team_places = places(team_points)
    winner = state.get("winner")
    if isinstance(winner, int) and not isinstance(winner, bool):
        # The game says who won (a right claim wins on fewer points): that side alone is first.
        team_places = [1 if t == winner else max(2, p) for t, p in enumerate(team_places)]
    elif isinstance(winner, list) and winner:
        team_places = [1 if t in winner else max(2, p) for t, p in enumerate(team_places)]
    results = []
    for team, members in enumerate(teams):
        for seat in members:
            if seat < seats:
                place = team_places[team]
                results.append(SeatResult(seat, place, place == 1, None, team_points[team]))
    return _no_winner_if_all_tied(sorted(results, key=lambda r: r.seat))


@dataclass(frozen=True)
class MatchScore:
    """A match's result as it is told: ``unit``, what the game decides it in (its
    ``result_unit``), and each side's ``value`` in it; ``sides`` are tuples of seats (one seat a
    side where everybody plays for themselves)."""

    unit: str
    sides: tuple[tuple[tuple[int, ...], int], ...]


def match_score(
    state: Mapping[str, Any], seats: int, rules: Mapping[str, Any] | None, *, game: str
) -> MatchScore:
    """Each side's result in the unit the game says the match is decided in: Marafon's games
    won (not the points summed over three games), Etori's chips, a money game's units."""
    engine = get_game(game)
    options = engine.options_from_data(dict(rules or {}))
    unit = engine.result_unit(options)
    totals = engine.seat_totals(state)
    if totals is not None:  # each player's own units or penalty points
        values = [int(v) for v in totals.values[:seats]]
        return MatchScore(unit, tuple(((s,), values[s]) for s in range(seats)))
    teams = teams_of(game, seats) or tuple((s,) for s in range(seats))
    return MatchScore(
        unit,
        tuple(
            (tuple(team), int(engine.team_result(state, index, options)))
            for index, team in enumerate(teams)
        ),
    )
