from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.pagination import Pages
from api.query import Choice, slug
from api.serializers.tournaments import (
    CorrectionSerializer,
    EntrantCreateSerializer,
    EntrantSerializer,
    EntrantStatusSerializer,
    ResultsSerializer,
    RoundSerializer,
    StandingsSerializer,
    TournamentCreateSerializer,
    TournamentSerializer,
    TournamentSummarySerializer,
    TournamentUpdateSerializer,
)
from api.spreadsheets import SafeWriter
from games import selectors
from games.audit import refused
from games.models import Entrant, Round, Tournament
from games.permissions import is_director
from games.rules import RuleViolation
from games.services.deletions import tournament_delete
from games.services.rounds import round_cancel, round_draw_request
from games.services.tournaments import (
    entrant_register,
    entrant_set_status,
    tournament_create,
    tournament_update,
)
from games.tournaments.tie_breaks import TIE_BREAKS
from scorekeeper.shortcuts import found_or_404

from .matches import IDEMPOTENCY_PARAMETER

CLUB = slug("club", "A club's slug: its events only.")
DOWNLOAD = Choice("download", "csv: a CSV file.", ("csv",))


def get_tournament(public_id: str) -> Tournament:
    return found_or_404(selectors.tournament_find(public_id), Tournament)


def require_director(request, tournament: Tournament) -> None:
    if not is_director(tournament.club, request.user):
        refused(request.user, f"{request.method} {request.path}", tournament)
        raise PermissionDenied(_("Only the club's directors run its tournaments."))


class TournamentListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = Pages  # so that the schema documents the page

    @extend_schema(
        responses=TournamentSummarySerializer(many=True),
        operation_id="tournaments_list",
        parameters=[CLUB.parameter()],
    )
    def get(self, request):
        """Tournaments, newest first (``?club=<slug>`` for one club's), without their entrants;
        paginated as the match list is (``count``, ``next``, ``previous``, ``results``)."""
        tournaments = selectors.tournaments_listed(club_slug=CLUB.read(request))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(tournaments, request, self)
        return paginator.get_paginated_response(TournamentSummarySerializer(page, many=True).data)

    @extend_schema(
        request=TournamentCreateSerializer,
        responses={201: TournamentSerializer},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    @idempotent
    def post(self, request):
        serializer = TournamentCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        club = selectors.club_find(data.pop("club"))
        if club is None:
            raise RuleViolation.at("club", _("There is no such club."))
        tournament = tournament_create(club=club, user=request.user, **data)
        return Response(TournamentSerializer(tournament).data, status=status.HTTP_201_CREATED)


class TournamentDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=TournamentSerializer)
    def get(self, request, public_id: str):
        return Response(TournamentSerializer(get_tournament(public_id)).data)

    @extend_schema(request=TournamentUpdateSerializer, responses=TournamentSerializer)
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
        return Response(TournamentSerializer(tournament).data)

    @extend_schema(
        request=None,
        responses={204: None},
        description="A director deletes the tournament: its entrants, rounds, tables and their "
        "matches, its corrections. The club's ratings are recomputed without its results.",
    )
    def delete(self, request, public_id: str):
        tournament = get_tournament(public_id)
        require_director(request, tournament)
        tournament_delete(tournament=tournament, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class EntrantListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=EntrantSerializer(many=True))
    def get(self, request, public_id: str):
        """The entrants in seeding order, withdrawn ones included (their status says so)."""
        tournament = get_tournament(public_id)
        entrants = selectors.tournament_entrants(tournament)
        return Response(EntrantSerializer(entrants, many=True).data)

    @extend_schema(
        request=EntrantCreateSerializer,
        responses={201: EntrantSerializer},
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
        return Response(EntrantSerializer(entrant).data, status=status.HTTP_201_CREATED)


class EntrantDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(request=EntrantStatusSerializer, responses=EntrantSerializer)
    def patch(self, request, public_id: str, entrant_id: int):
        tournament = get_tournament(public_id)
        require_director(request, tournament)
        entrant = found_or_404(selectors.entrant_find(tournament, entrant_id), Entrant)
        serializer = EntrantStatusSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entrant = entrant_set_status(entrant=entrant, status=serializer.validated_data["status"])
        return Response(EntrantSerializer(entrant).data)


def round_data(request, tournament: Tournament, rounds, director: bool, *, many: bool = False):
    context = {
        "request": request,
        "names": selectors.entrant_names(tournament),
        "director": director,
    }
    return RoundSerializer(rounds, many=many, context=context).data


class RoundListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=RoundSerializer(many=True), operation_id="tournaments_rounds_list")
    def get(self, request, public_id: str):
        tournament = get_tournament(public_id)
        director = is_director(tournament.club, request.user)
        rounds = selectors.tournament_rounds(tournament, tables=True)
        return Response(round_data(request, tournament, rounds, director, many=True))

    @extend_schema(
        request=None, responses={202: RoundSerializer}, parameters=[IDEMPOTENCY_PARAMETER]
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

    @extend_schema(responses=RoundSerializer)
    def get(self, request, public_id: str, number: int):
        tournament = get_tournament(public_id)
        this_round = found_or_404(selectors.round_find(tournament, number, tables=True), Round)
        director = is_director(tournament.club, request.user)
        return Response(round_data(request, tournament, this_round, director))

    @extend_schema(responses={204: None})
    def delete(self, request, public_id: str, number: int):
        """Takes back the latest round's draw while nothing has been played at it; the director
        then draws it again (late arrivals included)."""
        tournament = get_tournament(public_id)
        require_director(request, tournament)
        found_or_404(selectors.round_find(tournament, number), Round)
        round_cancel(tournament=tournament, number=number, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class CorrectionsView(APIView):
    """The corrections log of the tournament's tables, newest first (directors only): who
    changed which deal, when, and what it was before and after."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=CorrectionSerializer(many=True))
    def get(self, request, public_id: str):
        tournament = get_tournament(public_id)
        require_director(request, tournament)
        log = selectors.tournament_corrections(tournament, limit=500)
        return Response(CorrectionSerializer(log, many=True).data)


class StandingsView(APIView):
    """The standings cache: recomputed by a Celery job after every confirmed result, so reading
    them costs one row. ``dirty`` says a recompute is pending."""

    @extend_schema(
        responses={
            (200, "application/json"): StandingsSerializer,
            (200, "text/csv"): OpenApiResponse(
                OpenApiTypes.STR, description="With ?download=csv: the same, as a CSV file."
            ),
        },
        parameters=[DOWNLOAD.parameter()],
    )
    def get(self, request, public_id: str):
        download = DOWNLOAD.read(request)
        tournament = get_tournament(public_id)
        if download == "csv":
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
    return response, SafeWriter(response)


def standings_csv(tournament: Tournament) -> HttpResponse:
    response, writer = _csv_response(f"{tournament.public_id}-standings.csv")
    rows = tournament.standings
    if not tournament.event_format.pairs:
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
    # The difference has its own column, as on the pages.
    breaks = [t for t in tournament.tie_breaks if t not in TIE_BREAKS or TIE_BREAKS[t].shown]
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

    @extend_schema(
        responses={
            (200, "application/json"): ResultsSerializer,
            (200, "text/csv"): OpenApiResponse(
                OpenApiTypes.STR, description="With ?download=csv: the same, as a CSV file."
            ),
        },
        parameters=[DOWNLOAD.parameter()],
    )
    def get(self, request, public_id: str):
        download = DOWNLOAD.read(request)
        tournament = get_tournament(public_id)
        results = selectors.tournament_results(tournament)
        if download == "csv":
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
