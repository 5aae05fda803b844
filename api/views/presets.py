from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.serializers.presets import PresetCreateSerializer, PresetSerializer, preset_data
from games.models import Club, RulePreset
from games.rules import RuleViolation
from games.rules.presets import BUILTIN_PRESETS, PRESETS_BY_KEY
from games.services import preset_create, preset_delete

from .matches import IDEMPOTENCY_PARAMETER


class PresetListView(APIView):
    """House-rule presets: the built-in variants and those players saved."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, description="Only presets of this game."),
            OpenApiParameter("mine", bool, description="Only the presets you saved."),
        ],
        responses=PresetSerializer(many=True),
    )
    def get(self, request):
        game = request.query_params.get("game")
        mine = request.query_params.get("mine") in ("1", "true")
        saved = RulePreset.objects.select_related("owner", "club")
        if request.query_params.get("club"):
            saved = saved.filter(club__slug=request.query_params["club"])
        if game:
            saved = saved.filter(game=game)
        if mine:
            saved = saved.filter(owner=request.user) if request.user.is_authenticated else []
        builtins = [] if mine else [p for p in BUILTIN_PRESETS if not game or p.game == game]
        return Response([preset_data(p) for p in [*builtins, *saved]])

    @extend_schema(
        request=PresetCreateSerializer,
        responses={201: PresetSerializer},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    @idempotent
    def post(self, request):
        serializer = PresetCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        club = None
        if "club" in data:
            club = Club.objects.filter(slug=data.pop("club")).first()
            if club is None:
                raise RuleViolation.at("club", "There is no such club.")
        preset = preset_create(owner=request.user, club=club, **data)
        return Response(preset_data(preset), status=status.HTTP_201_CREATED)


class PresetDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=PresetSerializer)
    def get(self, request, key: str):
        builtin = PRESETS_BY_KEY.get(key)
        if builtin is not None:
            return Response(preset_data(builtin))
        return Response(preset_data(self._saved_or_404(key)))

    @extend_schema(responses={204: None})
    def delete(self, request, key: str):
        preset = self._saved_or_404(key)
        if preset.owner_id != request.user.pk:
            raise PermissionDenied("Only the player who saved these house rules may delete them.")
        preset_delete(preset=preset)
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _saved_or_404(self, key: str) -> RulePreset:
        if not key.isdigit() or int(key) >= 2**63:
            raise Http404("No house rules with this key.")
        return get_object_or_404(RulePreset.objects.select_related("owner"), pk=int(key))
