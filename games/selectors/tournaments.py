"""Reads of club tournaments: the events, their entrants, rounds, tables and corrections."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from django.db.models import Count, Prefetch, QuerySet, Sum

from games.models import Club, Correction, Entrant, Round, Seat, Table, Tournament


def tournament_find(public_id: str) -> Tournament | None:
    """The tournament with its club."""
    return Tournament.objects.select_related("club").filter(public_id=public_id).first()


def tournament_id_of(public_id: str) -> int | None:
    return Tournament.objects.filter(public_id=public_id).values_list("pk", flat=True).first()


def tournament_version(tournament_id: int) -> str:
    """A fingerprint of everything the live pages show: a round drawn, a deal entered at any
    table, a result confirmed, the standings recomputed. Three small queries, so polling it every
    few seconds from every screen in the room stays cheap."""
    head = (
        Tournament.objects.filter(pk=tournament_id)
        .values_list("status", "standings_dirty", "standings_computed_at")
        .first()
    )
    rounds = list(
        Round.objects.filter(tournament_id=tournament_id)
        .order_by("number")
        .values_list("number", "status")
    )
    tables = Table.objects.filter(round__tournament_id=tournament_id).aggregate(
        tables=Count("id"), confirmed=Count("confirmed_at"), versions=Sum("match__version")
    )
    seen = repr((head, rounds, sorted(tables.items())))
    return hashlib.sha256(seen.encode()).hexdigest()[:16]


def tournaments_listed(*, club_slug: str | None = None) -> QuerySet[Tournament]:
    """Tournaments, newest first (one club's if named), each with its number of entrants
    (``entrants_count``) and of rounds drawn (``rounds_drawn``), for the API's list."""
    tournaments = Tournament.objects.select_related("club").annotate(
        entrants_count=Count("entrants", distinct=True),
        rounds_drawn=Count("round_set", distinct=True),
    )
    if club_slug:
        tournaments = tournaments.filter(club__slug=club_slug)
    return tournaments.order_by("-created_at", "-id")


def tournaments_recent(limit: int = 100) -> QuerySet[Tournament]:
    """The latest tournaments with their club and number of entrants (``entrant_count``)."""
    return Tournament.objects.select_related("club").annotate(entrant_count=Count("entrants"))[
        :limit
    ]


def tournaments_of_clubs(clubs: Iterable[Club]) -> QuerySet[Tournament]:
    """The tournaments of some clubs, with their club and number of entrants."""
    return (
        Tournament.objects.filter(club__in=clubs)
        .select_related("club")
        .annotate(entrant_count=Count("entrants", distinct=True))
    )


def club_tournaments(club: Club) -> QuerySet[Tournament]:
    """A club's tournaments, newest first, with their number of entrants."""
    return club.tournaments.annotate(entrant_count=Count("entrants", distinct=True)).order_by(
        "-created_at", "-id"
    )


def tournament_entrants(tournament: Tournament) -> list[Entrant]:
    """The entrants in seeding order, with their players."""
    return list(tournament.entrants.select_related("player", "partner").order_by("seed", "id"))


def entrant_find(tournament: Tournament, entrant_id: int) -> Entrant | None:
    return (
        Entrant.objects.select_related("player", "partner")
        .filter(pk=entrant_id, tournament=tournament)
        .first()
    )


def tournament_rounds(tournament: Tournament, *, tables: bool = False) -> list[Round]:
    """The rounds drawn so far, in order (with their tables and matches, if asked)."""
    rounds = tournament.round_set.all()
    if tables:
        rounds = rounds.prefetch_related("tables__match")
    return list(rounds)


def round_find(tournament: Tournament, number: int, *, tables: bool = False) -> Round | None:
    rounds = tournament.round_set.filter(number=number)
    if tables:
        rounds = rounds.prefetch_related("tables__match")
    return rounds.first()


def table_at(tournament: Tournament, round_number: int, number: int) -> Table | None:
    """Table ``number`` of a round, with its match and its round's tournament and club."""
    return (
        Table.objects.select_related("match", "round__tournament__club")
        .filter(round__tournament=tournament, round__number=round_number, number=number)
        .first()
    )


def tournament_corrections(tournament: Tournament, limit: int) -> list[Correction]:
    """The corrections at the tournament's tables, newest first, with their table and round
    (and match, with its seats: the log names the players)."""
    return list(
        Correction.objects.filter(table__round__tournament=tournament)
        .select_related("table__round", "table__match")
        .prefetch_related(
            Prefetch(
                "table__match__seats",
                queryset=Seat.objects.select_related("player").order_by("number"),
            )
        )[:limit]
    )


def table_reopened_by(table: Table) -> str:
    """Who reopened the table's result last, as the log keeps it ("" if nobody did)."""
    reopening = table.corrections.filter(action="reopen").order_by("-at", "-id").first()
    return reopening.by if reopening is not None else ""


def entrant_names(tournament: Tournament) -> dict[int, str]:
    """Each entrant's name (a player's, or a pair's "A & B") by id, in one query."""
    return {e.pk: e.name for e in tournament.entrants.select_related("player", "partner")}


def tournament_tables(
    tournament: Tournament, rounds: Iterable[Round] | None = None, *, seats: bool = False
) -> list[Table]:
    """The tables of the tournament (or of some rounds) in order, with their match and its
    number of deals (``deal_count``), in one query (two with the seats)."""
    tables = (
        Table.objects.filter(round__tournament=tournament)
        .select_related("match", "round")
        .annotate(deal_count=Count("match__deals"))
        .order_by("round__number", "number")
    )
    if rounds is not None:
        tables = tables.filter(round__in=list(rounds))
    if seats:
        tables = tables.prefetch_related(
            Prefetch(
                "match__seats", queryset=Seat.objects.select_related("player").order_by("number")
            )
        )
    return list(tables)
