"""A known player's history and statistics, and their privacy choice; a club's ratings and a
member's rating history; a club's choices (directors)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from api.serializers.fields import StrictSerializer
from games import selectors
from games.models import Club, Player
from games.permissions import is_director
from games.rules import GAMES
from games.selectors.history import player_history, player_visible
from games.selectors.ratings import club_ratings, rating_history
from games.services.club_options import club_set_options
from games.services.players import HISTORY_CHOICES, player_set_history
from scorekeeper.shortcuts import found_or_404


class PlayerMatchSerializer(serializers.Serializer):
    id = serializers.CharField(allow_null=True, help_text="The match, if you hold its link.")
    game = serializers.CharField()
    game_name = serializers.CharField()
    date = serializers.DateTimeField()
    tournament = serializers.BooleanField()
    finished = serializers.BooleanField()
    deals = serializers.IntegerField()
    won = serializers.BooleanField()
    place = serializers.IntegerField(allow_null=True)
    units = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField(allow_null=True)
    # "with" is a Python keyword: see PlayerMatchSerializer below.


PlayerMatchSerializer._declared_fields["with"] = serializers.ListField(
    child=serializers.CharField(allow_null=True),
    help_text="The others at the table; null for a guest you hold no link for.",
)


class PlayerSessionSerializer(serializers.Serializer):
    id = serializers.CharField(allow_null=True)
    date = serializers.DateTimeField()
    closed = serializers.BooleanField()


PlayerSessionSerializer._declared_fields["with"] = serializers.ListField(
    child=serializers.CharField(allow_null=True)
)


class ContractStatsSerializer(serializers.Serializer):
    contract = serializers.CharField()
    declarer = serializers.IntegerField()
    declarer_made = serializers.IntegerField()
    partner = serializers.IntegerField()
    partner_made = serializers.IntegerField()


class GameStatsSerializer(serializers.Serializer):
    game = serializers.CharField()
    name = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    deals = serializers.IntegerField()
    points = serializers.IntegerField()
    points_per_deal = serializers.FloatField(allow_null=True)
    units = serializers.IntegerField(allow_null=True)
    money = serializers.CharField(allow_null=True)
    money_games = serializers.IntegerField()
    contracts = ContractStatsSerializer(many=True, required=False)


class OverTimeSerializer(serializers.Serializer):
    money = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Per money game, the units won or lost in total after each match.",
    )
    form = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Per point game, matches won minus lost after each match.",
    )


class PlayerNameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class PlayerHistorySerializer(serializers.Serializer):
    player = PlayerNameSerializer()
    history = serializers.ChoiceField(choices=HISTORY_CHOICES)
    games = GameStatsSerializer(many=True)
    sessions = PlayerSessionSerializer(many=True)
    matches_count = serializers.IntegerField(help_text="All the player's matches.")
    matches = PlayerMatchSerializer(many=True, help_text="A page of them, newest first.")
    over_time = OverTimeSerializer()


class PlayerPatchSerializer(StrictSerializer):
    history = serializers.ChoiceField(choices=HISTORY_CHOICES)


def _bounded(value, default: int, high: int) -> int:
    try:
        return min(max(int(value), 0), high)
    except (TypeError, ValueError):
        return default


def _known(player_id: int) -> Player:
    player = selectors.known_player(player_id)
    if player is None:
        raise NotFound("No known player with this id.")
    return player


class PlayerDetailView(APIView):
    @extend_schema(
        responses=PlayerHistorySerializer,
        parameters=[
            OpenApiParameter("ids", str, description="Match ids whose links the client holds."),
            OpenApiParameter("sessions", str, description="Session ids the client holds."),
            OpenApiParameter("limit", int, description="Matches listed (50; at most 200)."),
            OpenApiParameter("offset", int, description="Matches skipped, newest first."),
        ],
        description="A known player's statistics per game, sessions and matches, newest first. "
        "Readable as the player or their club chose (by default by their clubs' members).",
    )
    def get(self, request, player_id: int):
        player = _known(player_id)
        if not player_visible(player, request.user):
            raise PermissionDenied("This player's history is shown to their club's members.")
        history = player_history(
            player,
            user=request.user,
            held_matches=[i for i in request.query_params.get("ids", "").split(",") if i],
            held_sessions=[i for i in request.query_params.get("sessions", "").split(",") if i],
            limit=_bounded(request.query_params.get("limit"), 50, 200),
            offset=_bounded(request.query_params.get("offset"), 0, 2**31),
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
            raise PermissionDenied("Only the player themselves chooses who reads their history.")
        serializer = PlayerPatchSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player_set_history(player=player, history=serializer.validated_data["history"])
        return self.get(request, player_id)


class RatingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    rating = serializers.FloatField(help_text="openskill's ordinal, mu - 3 sigma.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    played = serializers.IntegerField()


class RatingListSerializer(serializers.Serializer):
    club = serializers.CharField()
    game = serializers.CharField()
    dirty = serializers.BooleanField(help_text="A recompute is on its way.")
    computed_at = serializers.DateTimeField(allow_null=True)
    results = serializers.IntegerField(help_text="Results counted.")
    ratings = RatingRowSerializer(many=True)


class RatingStepSerializer(serializers.Serializer):
    sequence = serializers.IntegerField()
    at = serializers.DateTimeField()
    match = serializers.CharField(allow_null=True)
    rating = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()


def _game(game: str) -> str:
    if game not in GAMES:
        raise NotFound(f"Unknown game {game!r}.")
    return game


class ClubRatingsView(APIView):
    @extend_schema(responses=RatingListSerializer)
    def get(self, request, slug: str, game: str):
        club = found_or_404(selectors.club_find(slug), Club)
        return Response(RatingListSerializer(club_ratings(club, _game(game))).data)


class RatingHistoryView(APIView):
    @extend_schema(responses=RatingStepSerializer(many=True))
    def get(self, request, slug: str, game: str, player_id: int):
        club = found_or_404(selectors.club_find(slug), Club)
        player = _known(player_id)
        if selectors.club_member(club, player.pk) is None:
            raise NotFound("This player is not a member of the club.")
        if not player_visible(player, request.user):
            raise PermissionDenied("This player's history is shown to their club's members.")
        return Response(
            RatingStepSerializer(rating_history(club, _game(game), player), many=True).data
        )


class ClubOptionsSerializer(StrictSerializer):
    public_histories = serializers.BooleanField(required=False)
    rate_friendly_matches = serializers.BooleanField(required=False)


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
            raise PermissionDenied("Only the club's directors choose this.")
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


__all__ = ["OpenApiTypes"]
