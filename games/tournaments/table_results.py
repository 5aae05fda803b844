"""What a table is worth to its entrants: the points of each side of a pairs table (and who
won it), each player's total at a table of an individual event. Read by the standings (a
service) and by the results (a selector) alike; plain attribute reads over rows already loaded,
no query and no Django."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any, Protocol

from games.rules import get_game


# What is read of a tournament and of a table: the models' rows have these attributes, and so
# may any plain object (this module stays below the models, as the rules do).
class Tournament(Protocol):
    game: str
    rules: Any
    table_size: int


class Table(Protocol):
    number: int
    seating: Any  # the entrants' ids in seat order
    round: Any  # its ``number``
    match: Any  # ``None`` for a bye, else its ``state`` and ``rules``


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
    engine = get_game(tournament.game)
    state, options = table.match.state, _options(engine, table)
    points = tuple(engine.team_points(state, team, options) for team in (0, 1))
    winner = state.get("winner")
    if not isinstance(winner, int) or isinstance(winner, bool):
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
    return TableResult(number, table.number, seating, points, winner)


def _options(engine: Any, table: Table) -> Any:
    """The options of the table's match. A table read with its match's rules as text
    (``rules_text``, as the standings read every table) shares one reading of each distinct
    text: an event's tables mostly play the same rules, and reading a Rikken contract table
    a thousand times over was most of a big event's recompute."""
    text = getattr(table, "rules_text", None)
    if text is None:
        return engine.options_from_data(table.match.rules)
    return _options_of_text(engine, text)


@functools.lru_cache(maxsize=128)
def _options_of_text(engine: Any, text: str) -> Any:
    return engine.options_from_data(json.loads(text))


def fixed_teams(tournament: Tournament) -> list[list[int]] | None:
    """The seats of each partnership at the tournament's tables, or ``None`` when every player
    plays for themselves (Rikken, Trionfo)."""
    engine = get_game(tournament.game)
    return engine.teams(engine.resolve_options(tournament.rules, players=tournament.table_size))


def lowest_wins(tournament: Tournament) -> bool:
    """Whether the tournament's game, under its rules, ranks the lowest total first (Rikken in
    penalty points)."""
    engine = get_game(tournament.game)
    return engine.lowest_wins(
        engine.resolve_options(tournament.rules, players=tournament.table_size)
    )


def individual_points(tournament: Tournament, table: Table) -> dict[int, int]:
    """Each player's total at a table of an individual event, as the game counts it."""
    engine = get_game(tournament.game)
    state, options = table.match.state, _options(engine, table)
    return {
        entrant: engine.seat_points(state, seat, options)
        for seat, entrant in enumerate(table.seating)
    }
