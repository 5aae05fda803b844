"""Drawing a tournament round: the facts the tournament's format asks for, read from the
database, handed to the format's pure draw (games.tournaments.formats), and its explanation
made ready to store. Called from the ``draw_round`` Celery job; a draw that cannot be made
raises ``ValueError`` with the message for the director."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.models import Entrant, Round, Tournament
from games.rules import get_game
from games.tournaments.formats import DrawRequest, Named, get_format
from games.tournaments.table_results import fixed_teams, pairs_result
from games.translation import stored_note

from .standings import confirmed_tables, standings_compute


@dataclass(frozen=True)
class DrawResult:
    tables: list[tuple[int, ...]]  # entrant ids in seat order (pairs: the two pairs)
    byes: list[int]
    report: dict[str, Any]


def draw_plan(
    *, tournament: Tournament, number: int, entrants: list[Entrant], seed: int
) -> DrawResult:
    """Asks the tournament's format for the draw and keeps its explanation."""
    format = get_format(tournament.format)
    drawn = format.draw(_request(tournament, format, number, entrants, seed))
    return DrawResult(
        tables=drawn.tables,
        byes=drawn.byes,
        report={**drawn.report, "notes": [stored_note(note) for note in drawn.notes]},
    )


def _request(tournament, format, number, entrants, seed) -> DrawRequest:
    """What the format's draw reads; the standings and the last round's results only when the
    format says it needs them."""
    everyone = tournament.entrants.select_related("player", "partner").order_by("seed", "id")
    standings, previous_report, results = {}, {}, {}
    if format.needs_standings:
        standings = {row["entrant"]: row for row in standings_compute(tournament)}
    if format.needs_results and number > 1:
        previous_report = Round.objects.get(tournament=tournament, number=number - 1).report
        results = {
            tuple(r.entrants): r
            for r in (
                pairs_result(tournament, t)
                for t in confirmed_tables(tournament).filter(round__number=number - 1)
            )
        }
    return DrawRequest(
        number=number,
        seed=seed,
        rounds=tournament.rounds,
        table_size=tournament.table_size,
        entrants=[Named(e.pk, e.name) for e in entrants],
        everyone=[Named(e.pk, e.name) for e in everyone],
        earlier=[
            [list(t.seating) for t in r.tables.all()]
            for r in tournament.round_set.filter(number__lt=number).prefetch_related("tables")
        ],
        sits_out_at_five=get_game(tournament.game).sits_out_at_five,
        partners=fixed_teams(tournament) is not None,
        standings=standings,
        previous_report=previous_report,
        results=results,
    )
