from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.models.matches import GAME_CHOICES

from .fields import UNKNOWN_GAME, MoneyField, StrictSerializer
from .matches import SETUP_FIELDS, PlayerRefField


class SessionCreateSerializer(StrictSerializer):
    extra_fields = SETUP_FIELDS
    players = serializers.ListField(
        child=PlayerRefField(),
        allow_empty=False,
        min_length=1,
        max_length=12,
        help_text="Everyone at the table, in the order they sit: names (guests) or "
        '`{"id": N}` (known players).',
    )
    stake = MoneyField(
        required=False, allow_null=True, min_value=0, help_text="Money per unit, for money games."
    )
    club = serializers.SlugField(
        required=False, allow_null=True, max_length=60, help_text="The club playing, if any."
    )
    game = serializers.ChoiceField(
        choices=GAME_CHOICES,
        required=False,
        error_messages={"invalid_choice": UNKNOWN_GAME},
        help_text="The first match's game: the session starts with it.",
    )
    rules = serializers.DictField(required=False, default=dict)
    preset = serializers.CharField(required=False, allow_null=True, max_length=80)

    def validate(self, attrs):
        attrs["setup"] = {k: self.initial_data[k] for k in SETUP_FIELDS if k in self.initial_data}
        return attrs


class SessionMatchCreateSerializer(StrictSerializer):
    extra_fields = SETUP_FIELDS
    game = serializers.ChoiceField(
        choices=GAME_CHOICES,
        required=False,
        error_messages={"invalid_choice": UNKNOWN_GAME},
        help_text="By default the last match's game.",
    )
    rules = serializers.DictField(
        required=False,
        allow_null=True,
        default=None,
        help_text="By default the last match's rules (same game) or the game's defaults.",
    )
    preset = serializers.CharField(required=False, allow_null=True, max_length=80)
    seats = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=11),
        required=False,
        allow_null=True,
        max_length=12,
        help_text="Who plays, in seat order, as session player numbers; by default the table "
        "as it sat for the last match.",
    )

    def validate(self, attrs):
        attrs["setup"] = {k: self.initial_data[k] for k in SETUP_FIELDS if k in self.initial_data}
        return attrs


class TransferPaidSerializer(StrictSerializer):
    paid = serializers.BooleanField(required=False, default=True)


class SessionPlayerSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    id = serializers.IntegerField(allow_null=True, help_text="A known player's id; null: a guest.")
    units = serializers.IntegerField(help_text="Units won or lost over the money matches.")
    amount = serializers.CharField(allow_null=True, help_text="The same in money, when staked.")
    played = serializers.IntegerField(help_text="Matches played, each with a deal at least.")
    won = serializers.IntegerField()
    points = serializers.IntegerField(
        allow_null=True,
        help_text="Penalty points over the matches kept in them; null: played none of them.",
    )


class SeatResultSerializer(serializers.Serializer):
    player = serializers.IntegerField(allow_null=True, help_text="Session player number.")
    name = serializers.CharField()
    place = serializers.IntegerField()
    won = serializers.BooleanField()
    units = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField(allow_null=True)


class SessionMatchSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    id = serializers.CharField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    preset = serializers.CharField()
    deals = serializers.IntegerField()
    finished = serializers.BooleanField()
    over = serializers.BooleanField(help_text="The evening moved on from it (or it finished).")
    money = serializers.BooleanField()
    penalty = serializers.BooleanField(help_text="Kept in penalty points: the lowest total wins.")
    winners = serializers.ListField(child=serializers.CharField())
    results = SeatResultSerializer(many=True)


SessionTransferSerializer = type(
    "SessionTransferSerializer",
    (serializers.Serializer,),
    {
        "number": serializers.IntegerField(),
        "from": serializers.IntegerField(help_text="The paying session player's number."),
        "to": serializers.IntegerField(help_text="The receiving session player's number."),
        "payer_name": serializers.CharField(),
        "payee_name": serializers.CharField(),
        "units": serializers.IntegerField(allow_null=True),
        "amount": serializers.CharField(allow_null=True),
        "paid": serializers.BooleanField(),
        "paid_at": serializers.DateTimeField(allow_null=True),
    },
)


class BalancesAfterSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    units = serializers.DictField(
        child=serializers.IntegerField(), help_text="Running units by session player number."
    )


class PointsAfterSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    points = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Running penalty points by session player number.",
    )


class SessionSerializer(serializers.Serializer):
    id = serializers.CharField()
    version = serializers.IntegerField()
    stake = MoneyField(allow_null=True)
    club = serializers.CharField(allow_null=True)
    closed = serializers.BooleanField()
    closed_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    players = SessionPlayerSerializer(many=True)
    matches = SessionMatchSerializer(many=True)
    balances_after = BalancesAfterSerializer(many=True)
    points_after = PointsAfterSerializer(many=True)
    transfers = SessionTransferSerializer(many=True)
    rounding_difference = serializers.CharField(allow_null=True)
    links = serializers.SerializerMethodField()

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_links(self, data) -> dict[str, str]:
        return data["links"]


class SessionCreatedSerializer(SessionSerializer):
    edit_key = serializers.CharField(
        help_text="Shown once: send it as X-Edit-Key; it scores every match of the session."
    )


class SessionSummarySerializer(serializers.Serializer):
    id = serializers.CharField(source="public_id")
    version = serializers.IntegerField()
    closed = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()
    players = serializers.SerializerMethodField()

    def get_closed(self, session) -> bool:
        return session.closed_at is not None

    def get_players(self, session) -> list[str]:
        return [row.player.name for row in session.players.all()]
