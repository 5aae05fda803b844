import csv
from typing import Any

from django.db.models import Count
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.serializers.tournaments import (
    ConfirmSerializer,
    EntrantCreateSerializer,
    EntrantStatusSerializer,
    TournamentCreateSerializer,
    TournamentUpdateSerializer,
    entrant_data,
    tournament_data,
)
from games.models import Club, Correction, Entrant, Table, Tournament
from games.rules import RuleViolation
from games.selectors import tournament_results
from games.services.tournaments import (
    entrant_register,
    entrant_set_status,
    is_director,
    round_cancel,
    round_draw_request,
    table_confirm,
    table_key_matches,
    tournament_create,
    tournament_update,
)

from .matches import IDEMPOTENCY_PARAMETER


def get_tournament(public_id: str) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("club"), public_id=public_id)


def require_director(request, tournament: Tournament) -> None:
    if not is_director(tournament.club, request.user):
        raise PermissionDenied("Only the club's directors run its tournaments.")


class TournamentListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=OpenApiTypes.OBJECT, operation_id="tournaments_list")
    def get(self, request):
        """Tournaments, newest first (``?club=<slug>`` for one club's), without their entrants;
        paginated as the match list is (``count``, ``next``, ``previous``, ``results``)."""
        tournaments = Tournament.objects.select_related("club").annotate(
            entrants_count=Count("entrants", distinct=True),
            rounds_drawn=Count("round_set", distinct=True),
        )
        if request.query_params.get("club"):
            tournaments = tournaments.filter(club__slug=request.query_params["club"])
        paginator = LimitOffsetPagination()
        page = paginator.paginate_queryset(
            tournaments.order_by("-created_at", "-id"), request, self
        )
        return paginator.get_paginated_response(
            [tournament_data(t, with_entrants=False) for t in page]
        )

    @extend_schema(
        request=TournamentCreateSerializer,
        responses={201: OpenApiTypes.OBJECT},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    @idempotent
    def post(self, request):
        serializer = TournamentCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        club = Club.objects.filter(slug=data.pop("club")).first()
        if club is None:
            raise RuleViolation.at("club", "There is no such club.")
        tournament = tournament_create(club=club, user=request.user, **data)
        return Response(
            tournament_data(get_tournament(tournament.public_id)), status=status.HTTP_201_CREATED
        )


class TournamentDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, public_id: str):
        return Response(tournament_data(get_tournament(public_id)))

    @extend_schema(request=TournamentUpdateSerializer, responses=OpenApiTypes.OBJECT)
    def patch(self, request, public_id: str):
        """A director renames the tournament, changes its number of rounds (not below those
        drawn) or its tie-breaks (the standings are worked out again)."""
        tournament = get_tournament(public_id)
        require_director(request, tournament)
        serializer = TournamentUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        tournament = tournament_update(
            tournament=tournament, user=request.user, **serializer.validated_data
        )
        return Response(tournament_data(tournament))


class EntrantListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, public_id: str):
        """The entrants in seeding order, withdrawn ones included (their status says so)."""
        tournament = get_tournament(public_id)
        entrants = tournament.entrants.select_related("player", "partner").order_by("seed", "id")
        return Response([entrant_data(e) for e in entrants])

    @extend_schema(
        request=EntrantCreateSerializer,
        responses={201: OpenApiTypes.OBJECT},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    @idempotent
    def post(self, request, public_id: str):
        tournament = get_tournament(public_id)
        require_director(request, tournament)
        serializer = EntrantCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        entrant = entrant_register(
            tournament=tournament,
            player_id=data.get("player"),
            name=data.get("name"),
            partner_id=data.get("partner"),
            partner_name=data.get("partner_name"),
        )
        return Response(entrant_data(entrant), status=status.HTTP_201_CREATED)


class EntrantDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(request=EntrantStatusSerializer, responses=OpenApiTypes.OBJECT)
    def patch(self, request, public_id: str, entrant_id: int):
        tournament = get_tournament(public_id)
        require_director(request, tournament)
        entrant = get_object_or_404(Entrant, pk=entrant_id, tournament=tournament)
        serializer = EntrantStatusSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entrant = entrant_set_status(entrant=entrant, status=serializer.validated_data["status"])
        return Response(entrant_data(entrant))


def entrant_names(tournament: Tournament) -> dict[int, str]:
    return {e.pk: e.name for e in tournament.entrants.select_related("player", "partner")}


def round_data(request, tournament: Tournament, this_round, director: bool) -> dict:
    entrants = entrant_names(tournament)
    tables = []
    for table in this_round.tables.all():
        entry = {
            "number": table.number,
            "entrants": [{"id": e, "name": entrants.get(e, "?")} for e in table.seating],
            "match": table.match.public_id if table.match else None,
            "bye": table.match is None,
            "confirmed": table.confirmed_at is not None,
            "confirmed_by": table.confirmed_by or None,
        }
        if director and table.match is not None:
            entry["link"] = request.build_absolute_uri(
                reverse("pages:edit-link", args=[table.match.public_id, table.table_key])
            )
        tables.append(entry)
    return {
        "number": this_round.number,
        "status": this_round.status,
        "report": this_round.report,
        "tables": tables,
    }


class RoundListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=OpenApiTypes.OBJECT, operation_id="tournaments_rounds_list")
    def get(self, request, public_id: str):
        tournament = get_tournament(public_id)
        director = is_director(tournament.club, request.user)
        rounds = tournament.round_set.prefetch_related("tables__match")
        return Response([round_data(request, tournament, r, director) for r in rounds])

    @extend_schema(
        request=None, responses={202: OpenApiTypes.OBJECT}, parameters=[IDEMPOTENCY_PARAMETER]
    )
    @idempotent
    def post(self, request, public_id: str):
        """Draws the next round. The draw runs as a Celery job; the answer is 202 with the round,
        which says `drawing` until its tables are ready."""
        tournament = get_tournament(public_id)
        require_director(request, tournament)
        new_round = round_draw_request(tournament=tournament, user=request.user)
        new_round.refresh_from_db()
        return Response(
            round_data(request, tournament, new_round, True), status=status.HTTP_202_ACCEPTED
        )


class RoundDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, public_id: str, number: int):
        tournament = get_tournament(public_id)
        this_round = get_object_or_404(
            tournament.round_set.prefetch_related("tables__match"), number=number
        )
        director = is_director(tournament.club, request.user)
        return Response(round_data(request, tournament, this_round, director))

    @extend_schema(responses={204: None})
    def delete(self, request, public_id: str, number: int):
        """Takes back the latest round's draw while nothing has been played at it; the director
        then draws it again (late arrivals included)."""
        tournament = get_tournament(public_id)
        require_director(request, tournament)
        get_object_or_404(tournament.round_set, number=number)
        round_cancel(tournament=tournament, number=number, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TableConfirmView(APIView):
    """The opposing side confirms a table's result with the table's link key (X-Table-Key),
    or a director does with their account."""

    @extend_schema(
        request=ConfirmSerializer, responses=OpenApiTypes.OBJECT, parameters=[IDEMPOTENCY_PARAMETER]
    )
    @idempotent
    def post(self, request, public_id: str, number: int, table: int):
        tournament = get_tournament(public_id)
        found = get_object_or_404(
            Table.objects.select_related("match", "round"),
            round__tournament=tournament,
            round__number=number,
            number=table,
        )
        director = is_director(tournament.club, request.user)
        if not director and not table_key_matches(found, request.headers.get("X-Table-Key")):
            raise PermissionDenied("Confirm with the table's link, or as a director.")
        serializer = ConfirmSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        by = serializer.validated_data["by"]
        if director:
            by = f"{by} (director {request.user.get_username()})"
        table_confirm(table=found, by=by, user=request.user)
        return Response({"confirmed": True, "by": by})


class CorrectionsView(APIView):
    """The corrections log of the tournament's tables, newest first (directors only): who
    changed which deal, when, and what it was before and after."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, public_id: str):
        tournament = get_tournament(public_id)
        require_director(request, tournament)
        log = Correction.objects.filter(table__round__tournament=tournament).select_related(
            "table__round", "table__match"
        )[:500]
        return Response(
            [
                {
                    "round": c.table.round.number,
                    "table": c.table.number,
                    "match": c.table.match.public_id if c.table.match else None,
                    "deal": c.deal_number,
                    "action": c.action,
                    "by": c.by,
                    "at": c.at,
                    "before": c.before,
                    "after": c.after,
                }
                for c in log
            ]
        )


class StandingsView(APIView):
    """The standings cache: recomputed by a Celery job after every confirmed result, so reading
    them costs one row. ``dirty`` says a recompute is pending."""

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, public_id: str):
        tournament = get_tournament(public_id)
        if request.query_params.get("download") == "csv":
            return standings_csv(tournament)
        return Response(
            {
                "tournament": tournament.public_id,
                "dirty": tournament.standings_dirty,
                "computed_at": tournament.standings_computed_at,
                "standings": tournament.standings,
            }
        )


def _csv_response(filename: str) -> tuple[HttpResponse, Any]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response, csv.writer(response)


def standings_csv(tournament: Tournament) -> HttpResponse:
    response, writer = _csv_response(f"{tournament.public_id}-standings.csv")
    rows = tournament.standings
    if tournament.format == "individual":
        drawn = max((len(row.get("rounds") or []) for row in rows), default=0)
        writer.writerow(
            ["rank", "name", "points", "played", *(f"round {n}" for n in range(1, drawn + 1))]
        )
        for row in rows:
            rounds = list(row.get("rounds") or [])
            rounds += [None] * (drawn - len(rounds))
            writer.writerow(
                [row["rank"], row["name"], row["points"], row["played"]]
                + ["" if p is None else p for p in rounds]
            )
        return response
    breaks = [name for name in tournament.tie_breaks if name != "difference"]
    writer.writerow(["rank", "name", "match_points", "difference", *breaks, "played", "byes"])
    for row in rows:
        values = row.get("tie_breaks") or {}
        writer.writerow(
            [row["rank"], row["name"], row["match_points"], row["points"]]
            + [values.get(name, "") for name in breaks]
            + [row["played"], row.get("byes", 0)]
        )
    return response


class ResultsView(APIView):
    """Every table of every round and what it scored; ``counts`` says whether the result is
    confirmed (only confirmed results count in the standings)."""

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, public_id: str):
        tournament = get_tournament(public_id)
        results = tournament_results(tournament)
        if request.query_params.get("download") == "csv":
            return results_csv(tournament, results)
        return Response({"tournament": tournament.public_id, "results": results})


def results_csv(tournament: Tournament, results: list[dict]) -> HttpResponse:
    response, writer = _csv_response(f"{tournament.public_id}-results.csv")
    writer.writerow(["round", "table", "entrants", "points", "confirmed", "confirmed_by"])
    for row in results:
        writer.writerow(
            [
                row["round"],
                row["table"],
                " / ".join(e["name"] for e in row["entrants"]),
                "bye" if row["bye"] else " / ".join(str(p) for p in row["points"]),
                "yes" if row["counts"] else "no",
                row["confirmed_by"] or "",
            ]
        )
    return response
