"""A known player's history and statistics, and their privacy choice; a club's ratings and a
member's rating history; a club's choices (directors)."""

from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from api.query import Choice, IdList, WholeNumber
from api.serializers.players import (
    ClubOptionsSerializer,
    PlayerErasedSerializer,
    PlayerEraseSerializer,
    PlayerHistorySerializer,
    PlayerPatchSerializer,
    RatingListSerializer,
    RatingStepSerializer,
)
from games import selectors
from games.audit import refused
from games.models import Club, Player
from games.permissions import is_director
from games.rules import GAMES
from games.selectors.history import player_history, player_visible
from games.selectors.own_data import player_own_data
from games.selectors.ratings import club_ratings, rating_history
from games.services.club_options import club_set_options
from games.services.erasure import check_erase, player_erase
from games.services.players import player_set_history
from games.translation import translated
from scorekeeper.shortcuts import found_or_404

HELD_MATCHES = IdList("ids", "Match ids whose links the client holds.")
HELD_SESSIONS = IdList("sessions", "Session ids the client holds.")
LISTED = WholeNumber(
    "limit", "Matches listed (50; more than 200 lists 200).", default=50, minimum=1, cap=200
)
SKIPPED = WholeNumber("offset", "Matches skipped, newest first.", default=0, cap=2**31)
# As the season standing's (api.views.seasons.EXPLAIN).
EXPLAIN = Choice(
    "explain",
    "1: each step's explanation in plain words, in the request's language.",
    ("1", "0", "true", "false"),
)
# Every step is explained: an API client asked for them all (the page explains the latest 50).
EXPLAINED = 2**31


def _known(player_id: int) -> Player:
    player = selectors.known_player(player_id)
    if player is None:
        raise NotFound(_("No known player with this id."))
    return player


class PlayerDetailView(APIView):
    @extend_schema(
        responses=PlayerHistorySerializer,
        parameters=[
            *(q.parameter() for q in (HELD_MATCHES, HELD_SESSIONS, LISTED, SKIPPED)),
        ],
        description="A known player's statistics per game, sessions and matches, newest first. "
        "Readable as the player or their club chose (by default by their clubs' members).",
    )
    def get(self, request, player_id: int):
        player = _known(player_id)
        if not player_visible(player, request.user):
            raise PermissionDenied(_("This player's history is shown to their club's members."))
        history = player_history(
            player,
            user=request.user,
            held_matches=HELD_MATCHES.read(request),
            held_sessions=HELD_SESSIONS.read(request),
            limit=LISTED.read(request),
            offset=SKIPPED.read(request),
        )
        body = {**history, "history": player.history}
        # Plain values already, in the serializer's shape (which documents them): a player of
        # 1,000 matches would cost 40 ms of field objects.
        return Response(body)

    @extend_schema(request=PlayerPatchSerializer, responses=PlayerHistorySerializer)
    def patch(self, request, player_id: int):
        player = _known(player_id)
        user = request.user
        if not (user and user.is_authenticated and player.user_id == user.pk):
            raise PermissionDenied(_("Only the player themselves chooses who reads their history."))
        serializer = PlayerPatchSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player_set_history(player=player, history=serializer.validated_data["history"])
        return self.get(request, player_id)


class PlayerDataView(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        description="Everything the service holds about the player, as one JSON document "
        "(`format: scorekeeper-own-data`): their name, clubs, matches, evenings and "
        "tournaments (with the other players as they appear to them), ratings history and "
        "account. Only the player's own account reads it.",
    )
    def get(self, request, player_id: int):
        player = _known(player_id)
        user = request.user
        if not (user and user.is_authenticated and player.user_id == user.pk):
            refused(user, "read a player's own data", f"player {player.pk}")
            raise PermissionDenied(_("Only the player themselves takes their own data."))
        response = Response(player_own_data(player, now=timezone.now()))
        response["Cache-Control"] = "no-store"
        return response


class PlayerEraseView(APIView):
    @extend_schema(
        request=PlayerEraseSerializer,
        responses={200: PlayerErasedSerializer},
        description="Erases the player, for good: their name becomes “Former player N” "
        "(numbered within their clubs) in every match, evening, tournament and rating; "
        "results, totals and standings keep their numbers; their account, tokens and "
        "signed-in sessions are deleted. The player's own account, or a director of each of "
        'their clubs. The body must say `{"erase": true}`. An erased player is a 409.',
    )
    def post(self, request, player_id: int):
        player = _known(player_id)
        check_erase(player, user=request.user)
        serializer = PlayerEraseSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        erased = player_erase(player=player, user=request.user)
        return Response(
            {"id": erased.player_id, "name": erased.name, "account_deleted": erased.account_deleted}
        )


def _game(game: str) -> str:
    if game not in GAMES:
        raise NotFound(_("Unknown game %(game)s.") % {"game": repr(game)})
    return game


class ClubRatingsView(APIView):
    @extend_schema(responses=RatingListSerializer)
    def get(self, request, slug: str, game: str):
        club = found_or_404(selectors.club_find(slug), Club)
        return Response(RatingListSerializer(club_ratings(club, _game(game))).data)


class RatingHistoryView(APIView):
    @extend_schema(
        responses=RatingStepSerializer(many=True),
        parameters=[EXPLAIN.parameter()],
        description="A member's rating after each rated result, oldest first. With "
        "?explain=1 each step also says, in the request's language, the result it came from "
        "(the event and its day, the place or won or lost with the score, the other places), "
        "the rating, skill (mu) and uncertainty (sigma) before and after, and what the rating "
        "means.",
    )
    def get(self, request, slug: str, game: str, player_id: int):
        explain = EXPLAIN.read(request) in ("1", "true")
        club = found_or_404(selectors.club_find(slug), Club)
        player = _known(player_id)
        if selectors.club_member(club, player.pk) is None:
            raise NotFound(_("This player is not a member of the club."))
        if not player_visible(player, request.user):
            raise PermissionDenied(_("This player's history is shown to their club's members."))
        steps = rating_history(club, _game(game), player, explained=EXPLAINED if explain else None)
        for step in steps:
            if "explain" in step:
                step["explain"] = translated(step["explain"])
        return Response(RatingStepSerializer(steps, many=True).data)


class ClubOptionsView(APIView):
    @extend_schema(
        request=ClubOptionsSerializer,
        responses=ClubOptionsSerializer,
        description="A club's choices (directors): its members' histories public, friendly "
        "matches between its members rated.",
    )
    def patch(self, request, slug: str):
        club = found_or_404(selectors.club_find(slug), Club)
        if not is_director(club, request.user):
            raise PermissionDenied(_("Only the club's directors choose this."))
        serializer = ClubOptionsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        club = club_set_options(club=club, **serializer.validated_data)
        return Response(
            {
                "public_histories": club.public_histories,
                "rate_friendly_matches": club.rate_friendly_matches,
            }
        )

    @extend_schema(responses=ClubOptionsSerializer)
    def get(self, request, slug: str):
        club = found_or_404(selectors.club_find(slug), Club)
        return Response(
            {
                "public_histories": club.public_histories,
                "rate_friendly_matches": club.rate_friendly_matches,
            }
        )
