from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.query import Choice, Flag, slug
from api.serializers.presets import PresetCreateSerializer, PresetSerializer, preset_data
from games import selectors
from games.models import RulePreset
from games.rules import GAMES, RuleViolation
from games.rules.presets import BUILTIN_PRESETS, PRESETS_BY_KEY
from games.services import preset_create, preset_delete
from scorekeeper.shortcuts import found_or_404

from .matches import IDEMPOTENCY_PARAMETER

GAME = Choice("game", "Only presets of this game.", tuple(GAMES))
MINE = Flag("mine", "Only the presets you saved.")
CLUB = slug("club", "Only the presets saved for this club (its slug).")


class PresetListView(APIView):
    """House-rule presets: the built-in variants and those players saved."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        parameters=[GAME.parameter(), MINE.parameter(), CLUB.parameter()],
        responses=PresetSerializer(many=True),
    )
    def get(self, request):
        game, mine, club = GAME.read(request), MINE.read(request), CLUB.read(request)
        if mine and not request.user.is_authenticated:
            saved = []
        else:
            saved = selectors.presets_saved(
                club_slug=club,
                game=game,
                owner=request.user if mine else None,
            )
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
            club = selectors.club_find(data.pop("club"))
            if club is None:
                raise RuleViolation.at("club", _("There is no such club."))
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
            raise PermissionDenied(
                _("Only the player who saved these house rules may delete them.")
            )
        preset_delete(preset=preset)
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _saved_or_404(self, key: str) -> RulePreset:
        if not key.isdigit() or int(key) >= 2**63:
            raise Http404(_("No house rules with this key."))
        return found_or_404(selectors.preset_saved(int(key)), RulePreset)
