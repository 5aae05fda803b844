"""What a table is worth to its entrants: the points of each side of a pairs table (and who
won it), each player's total at a table of an individual event. Read by the standings (a
service) and by the results (a selector) alike; plain attribute reads over rows already loaded,
no query and no Django."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.rules import get_game

if TYPE_CHECKING:
    from games.models import Table, Tournament

PAIRS_FORMATS = {"swiss", "round_robin", "knockout"}


def team_points(game: str, state: dict[str, Any], team: int, rules: dict[str, Any]) -> int:
    """What a team scored at a table: card points over all its games (Marafon), the game's
    score (Malilla), chips won or lost (Etori)."""
    if game == "marafon":
        played = sum(g["scores"][team] for g in state["games"])
        # After the final game `scores` repeats that game's totals; before it, it is the game
        # under way.
        return played if state["finished"] else played + state["scores"][team]
    if game == "malilla":
        return state["scores"][team]
    if game == "etori":
        return state["chips"][team] - rules["chips"]
    raise ValueError(f"{game} has no teams")


@dataclass(frozen=True)
class TableResult:
    """A confirmed pairs table: ``points`` per side (the pairs in seating order), ``winner``
    the side that won (``None`` for a draw). A bye has one side and no points."""

    round: int
    table: int
    entrants: tuple[int, ...]
    points: tuple[int, ...]
    winner: int | None


def pairs_result(tournament: Tournament, table: Table) -> TableResult:
    seating = tuple(table.seating)
    number = table.round.number
    if table.match is None:
        return TableResult(number, table.number, seating, (0,), 0)
    state, rules = table.match.state, table.match.rules
    points = tuple(team_points(tournament.game, state, team, rules) for team in (0, 1))
    winner = state.get("winner")
    if not isinstance(winner, int) or isinstance(winner, bool):
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
    return TableResult(number, table.number, seating, points, winner)


def fixed_teams(tournament: Tournament) -> list[list[int]] | None:
    """The seats of each partnership at the tournament's tables, or ``None`` when every player
    plays for themselves (Rikken, Trionfo)."""
    engine = get_game(tournament.game)
    return engine.teams(engine.resolve_options(tournament.rules, players=tournament.table_size))


def individual_points(
    tournament: Tournament, table: Table, teams: list[list[int]] | None
) -> dict[int, int]:
    """Each player's total at a table of an individual event (``teams``: ``fixed_teams``)."""
    state, rules, game = table.match.state, table.match.rules, tournament.game
    if teams is None:  # units won or lost
        return {entrant: state["balances"][seat] for seat, entrant in enumerate(table.seating)}
    totals = {}
    for seat, entrant in enumerate(table.seating):
        team = next(t for t, seats in enumerate(teams) if seat in seats)
        totals[entrant] = team_points(game, state, team, rules)
    return totals
