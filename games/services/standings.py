"""Tournament results and standings: what each confirmed table is worth to its entrants, and
the standings cache that a Celery job rebuilds from them.

Only confirmed tables count. Individual events rank players by their total (units won or lost
at Rikken and Trionfo, their side's points at partnership games); pairs events by match points
(2 a win, 1 a draw, a bye a win) and then the tournament's tie-breaks, in its order (the pure
ranking is in ``games.tournaments.standings``)."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.models import Entrant, Table, Tournament
from games.rules import get_game
from games.tournaments.standings import Result, rank, rank_individual

logger = logging.getLogger("games.standings")

PAIRS_FORMATS = {"swiss", "round_robin", "knockout"}


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
    state, options = table.match.state, engine.options_from_data(table.match.rules)
    points = tuple(engine.team_points(state, team, options) for team in (0, 1))
    winner = state.get("winner")
    if not isinstance(winner, int) or isinstance(winner, bool):
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
    return TableResult(number, table.number, seating, points, winner)


def fixed_teams(tournament: Tournament) -> list[list[int]] | None:
    """The seats of each partnership at the tournament's tables, or ``None`` when every player
    plays for themselves (Rikken, Trionfo)."""
    engine = get_game(tournament.game)
    return engine.teams(engine.resolve_options(tournament.rules, players=tournament.table_size))


def individual_points(tournament: Tournament, table: Table) -> dict[int, int]:
    """Each player's total at a table of an individual event, as the game counts it."""
    engine = get_game(tournament.game)
    state, options = table.match.state, engine.options_from_data(table.match.rules)
    return {
        entrant: engine.seat_points(state, seat, options)
        for seat, entrant in enumerate(table.seating)
    }


def confirmed_tables(tournament: Tournament):
    return (
        Table.objects.filter(round__tournament=tournament, confirmed_at__isnull=False)
        .select_related("match", "round")
        .order_by("round__number", "number")
    )


def standings_compute(tournament: Tournament) -> list[dict[str, Any]]:
    """The standings from the confirmed tables, as the rows the API and pages show."""
    entrants = list(tournament.entrants.select_related("player", "partner").order_by("seed", "id"))
    if tournament.format in PAIRS_FORMATS:
        return _pairs_standings(tournament, entrants)
    return _individual_standings(tournament, entrants)


def _individual_standings(tournament: Tournament, entrants: list[Entrant]) -> list[dict]:
    drawn = tournament.round_set.count()
    by_round: dict[int, list[int | None]] = {e.pk: [None] * drawn for e in entrants}
    for table in confirmed_tables(tournament):
        if table.match is None:
            continue
        for entrant, points in individual_points(tournament, table).items():
            if entrant in by_round:
                by_round[entrant][table.round.number - 1] = points
    ranked = rank_individual(
        totals={e: [p for p in rounds if p is not None] for e, rounds in by_round.items()}
    )
    names = {e.pk: e for e in entrants}
    return [
        {
            "rank": line.rank,
            "entrant": line.player,
            "name": names[line.player].name,
            "status": names[line.player].status,
            "points": line.total,
            "played": len(line.rounds),
            "rounds": by_round[line.player],
            "shared": line.shared,
        }
        for line in ranked
    ]


def _pairs_standings(tournament: Tournament, entrants: list[Entrant]) -> list[dict]:
    known = {e.pk for e in entrants}
    results = []
    for table in confirmed_tables(tournament):
        outcome = pairs_result(tournament, table)
        if any(e not in known for e in outcome.entrants):
            continue
        if len(outcome.entrants) == 1:
            results.append(Result(a=outcome.entrants[0], b=None))
            continue
        a, b = outcome.entrants
        match_points = {None: (1, 1), 0: (2, 0), 1: (0, 2)}[outcome.winner]
        results.append(
            Result(
                a=a,
                b=b,
                points_a=outcome.points[0],
                points_b=outcome.points[1],
                match_points_a=match_points[0],
                match_points_b=match_points[1],
            )
        )
    ranked = rank(
        entrants=[e.pk for e in entrants], results=results, tie_breaks=tournament.tie_breaks
    )
    names = {e.pk: e for e in entrants}
    return [
        {
            "rank": line.rank,
            "entrant": line.entrant,
            "name": names[line.entrant].name,
            "status": names[line.entrant].status,
            "match_points": line.match_points,
            "points": line.difference,
            "played": line.played + line.byes,
            "byes": line.byes,
            "tie_breaks": dict(line.tie_breaks),
            "decided_by": line.decided_by,
            "shared": line.shared,
        }
        for line in ranked
    ]


def standings_recompute(*, tournament_id: int) -> None:
    """Rebuilds the standings cache; clears the dirty mark only if no result changed meanwhile."""
    started = time.perf_counter()
    tournament = Tournament.objects.get(pk=tournament_id)
    requested = tournament.standings_requested_at
    standings = standings_compute(tournament)
    with transaction.atomic():
        Tournament.objects.filter(pk=tournament_id).update(
            standings=standings, standings_computed_at=timezone.now()
        )
        clean = Tournament.objects.filter(
            pk=tournament_id, standings_requested_at=requested
        ).update(standings_dirty=False)
    logger.info(
        "standings recomputed: %s, %s rows, %.0f ms%s",
        tournament,
        len(standings),
        (time.perf_counter() - started) * 1000,
        "" if clean else "; a result changed meanwhile, so they stay marked for another pass",
        extra={"tournament_id": tournament_id},
    )
