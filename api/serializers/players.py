"""A known player's history and statistics, a club's ratings and its choices, as the API shows
them."""

from django.utils.translation import gettext as _
from rest_framework import serializers

from games.services.players import HISTORY_CHOICES

from .fields import StrictSerializer


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


class PlayerEraseSerializer(StrictSerializer):
    erase = serializers.BooleanField(
        help_text="Must be true: the erasure cannot be undone, so the caller says it twice."
    )

    def validate_erase(self, value: bool) -> bool:
        if value is not True:
            raise serializers.ValidationError(_("Say true to erase: it cannot be undone."))
        return value


class PlayerErasedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text="The name the player's results now carry.")
    account_deleted = serializers.BooleanField()


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
    rating = serializers.FloatField(help_text="openskill's ordinal after the result, mu - 3 sigma.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    explain = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="With ?explain=1 only: the change in plain words, a sentence each, in the "
        "request's language (the result, the places, the rating, mu and sigma before and "
        "after, what the rating means).",
    )


class ClubOptionsSerializer(StrictSerializer):
    public_histories = serializers.BooleanField(required=False)
    rate_friendly_matches = serializers.BooleanField(required=False)
