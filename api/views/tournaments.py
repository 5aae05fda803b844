from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.serializers.tournaments import (
    EntrantCreateSerializer,
    EntrantStatusSerializer,
    TournamentCreateSerializer,
    entrant_data,
    tournament_data,
)
from games.models import Club, Entrant, Tournament
from games.rules import RuleViolation
from games.services.tournaments import (
    entrant_register,
    entrant_set_status,
    is_director,
    tournament_create,
)

from .matches import IDEMPOTENCY_PARAMETER


def get_tournament(public_id: str) -> Tournament:
    return get_object_or_404(
        Tournament.objects.select_related("club").prefetch_related(
            "entrants__player", "entrants__partner"
        ),
        public_id=public_id,
    )


def require_director(request, tournament: Tournament) -> None:
    if not is_director(tournament.club, request.user):
        raise PermissionDenied("Only the club's directors run its tournaments.")


class TournamentListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request):
        tournaments = Tournament.objects.select_related("club").prefetch_related(
            "entrants__player", "entrants__partner"
        )
        if request.query_params.get("club"):
            tournaments = tournaments.filter(club__slug=request.query_params["club"])
        return Response([tournament_data(t) for t in tournaments[:100]])

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
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, public_id: str):
        return Response(tournament_data(get_tournament(public_id)))


class EntrantListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

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
