from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.serializers.clubs import (
    ClubCreateSerializer,
    ClubSerializer,
    DirectorAddSerializer,
    MemberAddSerializer,
    MemberSerializer,
    MergeSerializer,
    club_data,
)
from games import selectors
from games.audit import refused
from games.models import Club
from games.permissions import is_director
from games.rules import RuleViolation
from games.services import club_create, club_director_add, club_member_add, player_merge
from games.services.deletions import club_delete, club_exported
from games.services.exports import club_export
from scorekeeper.shortcuts import found_or_404

from .matches import IDEMPOTENCY_PARAMETER


def get_club(slug: str) -> Club:
    return found_or_404(selectors.club_find(slug, people=True), Club)


def require_director(request, club: Club) -> None:
    if not is_director(club, request.user):
        refused(request.user, f"{request.method} {request.path}", club)
        raise PermissionDenied(_("Only the club's directors may do this."))


class ClubListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=ClubSerializer(many=True))
    def get(self, request):
        clubs = selectors.clubs_with_people()
        return Response([club_data(c) for c in clubs])

    @extend_schema(
        request=ClubCreateSerializer,
        responses={201: ClubSerializer},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    @idempotent
    def post(self, request):
        serializer = ClubCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        club = club_create(director=request.user, **serializer.validated_data)
        return Response(club_data(club), status=status.HTTP_201_CREATED)


class ClubDetailView(APIView):
    @extend_schema(responses=ClubSerializer)
    def get(self, request, slug: str):
        return Response(club_data(get_club(slug)))

    @extend_schema(
        request=None,
        responses={204: None},
        description="A director deletes the club: its tournaments and their matches, house "
        "rules, seasons and ratings. A club with tournaments is a 409 unless the export a "
        "director took (`GET …/export/`) still holds the club as it is: anything changed "
        "since (a deal, an entrant, a season, a house rule, a member) asks for a new one. Its "
        "members stay known players; its evenings stay, without the club.",
    )
    def delete(self, request, slug: str):
        club = get_club(slug)
        require_director(request, club)
        club_delete(club=club, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ClubExportView(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        description="The club as a versioned JSON document (members, house rules, tournaments "
        "with every deal, evenings, seasons with their events and rules), as `manage.py export "
        "club` writes it; directors only. Taking it lets the club be deleted until anything "
        "in it changes.",
    )
    def get(self, request, slug: str):
        club = get_club(slug)
        require_director(request, club)
        document = club_export(club, now=timezone.now())
        if request.method == "GET":  # a HEAD receives no document: nothing was taken
            club_exported(club=club, document=document)
        return Response(document)


class ClubMemberView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        request=MemberAddSerializer,
        responses={201: MemberSerializer},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    @idempotent
    def post(self, request, slug: str):
        club = get_club(slug)
        require_director(request, club)
        serializer = MemberAddSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        player = club_member_add(club=club, name=data.get("name"), player_id=data.get("id"))
        return Response({"id": player.pk, "name": player.name}, status=status.HTTP_201_CREATED)


class ClubMergeView(APIView):
    """Two records of the same person become one (seats, clubs and account move over)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        request=MergeSerializer, responses=MemberSerializer, parameters=[IDEMPOTENCY_PARAMETER]
    )
    @idempotent
    def post(self, request, slug: str):
        club = get_club(slug)
        require_director(request, club)
        serializer = MergeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        keep = selectors.player_find(serializer.validated_data["keep"])
        duplicate = selectors.player_find(serializer.validated_data["duplicate"])
        player = player_merge(club=club, keep=keep, duplicate=duplicate)
        return Response({"id": player.pk, "name": player.name})


class ClubDirectorView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        request=DirectorAddSerializer, responses=ClubSerializer, parameters=[IDEMPOTENCY_PARAMETER]
    )
    @idempotent
    def post(self, request, slug: str):
        club = get_club(slug)
        require_director(request, club)
        serializer = DirectorAddSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = selectors.account_named(serializer.validated_data["username"])
        if user is None:
            raise RuleViolation.at("username", _("There is no account with that name."))
        club_director_add(club=club, user=user)
        return Response(club_data(get_club(slug)))
