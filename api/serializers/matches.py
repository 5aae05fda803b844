from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.models import Match
from games.rules import GAMES, get_game

from .fields import GameField, MoneyField, StrictSerializer
from .game_data import DealInputField, DealOutcomeField, MatchStateField

SETUP_FIELDS = tuple(sorted({f for game in GAMES.values() for f in game.setup_fields}))


@extend_schema_field(
    {"oneOf": [{"type": "string"}, {"type": "object", "properties": {"id": {"type": "integer"}}}]}
)
class PlayerRefField(serializers.Field):
    """A guest's name, or ``{"id": N}`` for a known player."""

    default_error_messages = {
        "invalid": 'Enter a name, or {{"id": N}} for a known player.',
    }

    def to_internal_value(self, data):
        if isinstance(data, str):
            return data
        if isinstance(data, dict) and set(data) == {"id"}:
            value = data["id"]
            if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**63:
                return value
        self.fail("invalid")

    def to_representation(self, value):
        return value


class MatchCreateSerializer(StrictSerializer):
    extra_fields = SETUP_FIELDS
    game = GameField()
    players = serializers.ListField(child=PlayerRefField(), allow_empty=False, min_length=1)
    rules = serializers.DictField(
        required=False, default=dict, help_text="Only the options that differ from the defaults."
    )
    stake = MoneyField(
        required=False, allow_null=True, min_value=0, help_text="Money per unit, for money games."
    )
    preset = serializers.CharField(
        required=False,
        allow_null=True,
        max_length=80,
        help_text="House rules to start from: a preset's key.",
    )

    def validate(self, attrs):
        attrs["setup"] = {k: self.initial_data[k] for k in SETUP_FIELDS if k in self.initial_data}
        return attrs


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(source="number")
    name = serializers.CharField(source="player.name")
    id = serializers.IntegerField(source="player.id")


class DealSummarySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    input = DealInputField()
    outcome = DealOutcomeField()
    explain = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="With `?explain=1` only: how the deal was scored, line by line, in the "
        "request's language.",
    )

    def to_representation(self, deal) -> dict:
        # The same three fields the declared ones give, without a field object per value:
        # a 500-deal match is 1,500 of them.
        return {"number": deal.number, "input": deal.input, "outcome": deal.outcome}


class MatchSerializer(serializers.ModelSerializer):
    id = serializers.CharField(source="public_id", read_only=True)
    players = SeatSerializer(source="seats", many=True, read_only=True)
    teams = serializers.SerializerMethodField()
    stake = MoneyField(read_only=True, allow_null=True)
    deals = DealSummarySerializer(many=True, read_only=True)
    links = serializers.SerializerMethodField()
    state = MatchStateField(read_only=True)

    class Meta:
        model = Match
        fields = [
            "id",
            "game",
            "version",
            "rules",
            "players",
            "teams",
            "stake",
            "state",
            "deals",
            "setup",
            "preset",
            "created_at",
            "updated_at",
            "links",
        ]
        read_only_fields = fields

    @extend_schema_field(
        serializers.ListField(
            child=serializers.ListField(child=serializers.IntegerField()),
            allow_null=True,
            help_text="The seats of each team (null: every player for themselves).",
        )
    )
    def get_teams(self, match) -> list[list[int]] | None:
        game = get_game(match.game)
        return game.teams(game.options_from_data(match.rules))

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_links(self, match) -> dict[str, str]:
        return match_links(match, self.context.get("request"))


class MatchSummarySerializer(MatchSerializer):
    class Meta(MatchSerializer.Meta):
        fields = [
            "id",
            "game",
            "version",
            "players",
            "stake",
            "state",
            "created_at",
            "updated_at",
            "links",
        ]
        read_only_fields = fields


class MatchCreatedSerializer(MatchSerializer):
    edit_key = serializers.CharField(read_only=True, help_text="Shown once: send it as X-Edit-Key.")

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "edit_key"]
        read_only_fields = fields


def match_links(match, request) -> dict[str, str]:
    def absolute(path: str) -> str:
        return request.build_absolute_uri(path) if request is not None else path

    links = {
        "self": absolute(reverse("api:match-detail", args=[match.public_id])),
        "deals": absolute(reverse("api:deal-list", args=[match.public_id])),
        "page": absolute(reverse("pages:match", args=[match.public_id])),
    }
    engine = GAMES[match.game]
    if engine.money and engine.plays_for_money(engine.options_from_data(match.rules)):
        links["settlement"] = absolute(reverse("api:match-settlement", args=[match.public_id]))
    edit_key = getattr(match, "edit_key", None)
    if edit_key:
        # Only the creation answer knows the key: the link that lets a phone score the match.
        links["edit_page"] = absolute(reverse("pages:edit-link", args=[match.public_id, edit_key]))
    return links
