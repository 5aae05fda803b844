"""What each table of a tournament scored so far, for the API's results and their CSV."""

from __future__ import annotations

from games.models import Round, Table, Tournament
from games.tournaments.formats import get_format
from games.tournaments.table_results import individual_points, pairs_result

from .tournaments import entrant_names, tournament_tables


def tournament_results(tournament: Tournament) -> list[dict]:
    """Every table of every round with what it scored so far; ``counts`` is whether its result
    is confirmed (only those count in the standings)."""
    names = entrant_names(tournament)
    pairs = get_format(tournament.format).pairs
    rows = []
    for table in tournament_tables(tournament):
        row = {
            "round": table.round.number,
            "table": table.number,
            "entrants": [{"id": e, "name": names.get(e, "?")} for e in table.seating],
            "match": table.match.public_id if table.match else None,
            "bye": table.match is None,
            "deals": table.deal_count,
            "counts": table.confirmed_at is not None,
            "confirmed_by": table.confirmed_by or None,
            "amended_by": table.amended_by or None,
            "confirmed_at": table.confirmed_at,
        }
        if table.match is None:
            row["points"], row["winner"] = [], None
        elif pairs:
            outcome = pairs_result(tournament, table)
            row["points"], row["winner"] = list(outcome.points), outcome.winner
        else:
            by_entrant = individual_points(tournament, table)
            row["points"], row["winner"] = [by_entrant[e] for e in table.seating], None
        rows.append(row)
    return rows


def knockout_winner(tournament: Tournament) -> int | None:
    """The pair that won an event with a final, a knockout (an entrant id), once the final's
    result is confirmed: the tournament is then finished (games.services.tables). A walkover in
    the final goes to the pair still in it; reopening the final's result takes the winner
    back."""
    kind = get_format(tournament.format)
    if not kind.has_final or tournament.status != Tournament.Status.FINISHED:
        return None
    final = Round.objects.filter(tournament=tournament).order_by("-number").first()
    if final is None or not kind.is_final(final.report):
        return None
    table = (
        Table.objects.filter(round=final, confirmed_at__isnull=False)
        .select_related("match", "round")
        .first()
    )
    if table is None:
        return None
    outcome = pairs_result(tournament, table)
    if outcome.winner is None:
        return None
    return outcome.entrants[outcome.winner]
