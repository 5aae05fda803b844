"""Tournament results and standings: what each confirmed table is worth to its entrants, and
the standings cache that a Celery job rebuilds from them.

Only confirmed tables count. Individual events rank players by their total (units won or lost
at Rikken and Trionfo, their side's points at partnership games); pairs events by match points
(2 a win, 1 a draw, a bye a win) and then the tournament's tie-breaks, in its order (the pure
ranking is in ``games.tournaments.standings``)."""

from __future__ import annotations

import logging
import time
from typing import Any

from django.db import transaction
from django.db.models import TextField
from django.db.models.functions import Cast
from django.utils import timezone

from games import polls
from games.models import Entrant, Table, Tournament
from games.tournaments.formats import get_format
from games.tournaments.standings import Result, rank, rank_individual
from games.tournaments.table_results import individual_points, lowest_wins, pairs_result

logger = logging.getLogger("games.standings")


def confirmed_tables(tournament: Tournament):
    """The confirmed tables with what a result reads of them (games.tournaments.table_results),
    their match's rules as text, read once per distinct text: a 1,000-player event's recompute spent
    most of its time decoding JSON, the same contract table 2,500 times."""
    return (
        Table.objects.filter(round__tournament=tournament, confirmed_at__isnull=False)
        .select_related("match", "round")
        .only(
            "number",
            "seating",
            "confirmed_at",
            "round__number",
            "match__game",
            "match__state",
        )
        .annotate(rules_text=Cast("match__rules", output_field=TextField()))
        .order_by("round__number", "number")
    )


def standings_compute(tournament: Tournament) -> list[dict[str, Any]]:
    """The standings from the confirmed tables, as the rows the API and pages show. Entrants
    who share a rank are listed by name (pairs: by difference first), as the pages say."""
    entrants = list(tournament.entrants.select_related("player", "partner").order_by("seed", "id"))
    entrants.sort(key=lambda e: (e.name.casefold(), e.pk))
    if get_format(tournament.format).pairs:
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
        totals={e: [p for p in rounds if p is not None] for e, rounds in by_round.items()},
        lower_is_better=lowest_wins(tournament),
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
        polls.tournament_moved(tournament.public_id)
    logger.info(
        "standings recomputed: %s, %s rows, %.0f ms%s",
        tournament,
        len(standings),
        (time.perf_counter() - started) * 1000,
        "" if clean else "; a result changed meanwhile, so they stay marked for another pass",
        extra={"tournament_id": tournament_id},
    )
