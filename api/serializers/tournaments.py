from rest_framework import serializers

from games.models.matches import GAME_CHOICES

from .fields import StrictSerializer


class TournamentCreateSerializer(StrictSerializer):
    club = serializers.SlugField()
    name = serializers.CharField(max_length=120)
    game = serializers.ChoiceField(choices=GAME_CHOICES)
    format = serializers.ChoiceField(choices=["individual", "swiss", "round_robin", "knockout"])
    rounds = serializers.IntegerField(min_value=1, max_value=50)
    round_kind = serializers.ChoiceField(choices=["deals", "game", "match"])
    deals_per_round = serializers.IntegerField(
        min_value=1, max_value=200, required=False, allow_null=True
    )
    table_size = serializers.IntegerField(min_value=3, max_value=6, required=False, allow_null=True)
    tie_breaks = serializers.ListField(
        child=serializers.CharField(max_length=30), required=False, default=list, max_length=4
    )
    preset = serializers.CharField(max_length=80, required=False, allow_null=True)
    rules = serializers.DictField(required=False, default=dict)


class TournamentUpdateSerializer(StrictSerializer):
    name = serializers.CharField(max_length=120, required=False)
    rounds = serializers.IntegerField(min_value=1, max_value=50, required=False)
    tie_breaks = serializers.ListField(
        child=serializers.CharField(max_length=30), required=False, max_length=4
    )


class EntrantCreateSerializer(StrictSerializer):
    player = serializers.IntegerField(min_value=1, max_value=2**63 - 1, required=False)
    name = serializers.CharField(max_length=60, required=False)
    partner = serializers.IntegerField(min_value=1, max_value=2**63 - 1, required=False)
    partner_name = serializers.CharField(max_length=60, required=False)

    def validate(self, attrs):
        if ("player" in attrs) == ("name" in attrs):
            raise serializers.ValidationError(
                {"player": ["Give a known player's id or a new player's name."]}
            )
        return attrs


class EntrantStatusSerializer(StrictSerializer):
    status = serializers.ChoiceField(choices=["registered", "checked_in", "withdrawn"])


class ConfirmSerializer(StrictSerializer):
    by = serializers.CharField(max_length=150)


def entrant_data(entrant) -> dict:
    return {
        "id": entrant.pk,
        "name": entrant.name,
        "player": entrant.player_id,
        "partner": entrant.partner_id,
        "status": entrant.status,
        "seed": entrant.seed,
        "joined_round": entrant.joined_round,
    }


def tournament_data(tournament, *, with_entrants: bool = True) -> dict:
    """A tournament; the list leaves out the entrants (``entrants_count`` says how many) and
    expects ``rounds_drawn`` and ``entrants_count`` annotated."""
    data = {
        "id": tournament.public_id,
        "club": tournament.club.slug,
        "name": tournament.name,
        "game": tournament.game,
        "rules": tournament.rules,
        "preset": tournament.preset,
        "format": tournament.format,
        "rounds": tournament.rounds,
        "round_kind": tournament.round_kind,
        "deals_per_round": tournament.deals_per_round,
        "table_size": tournament.table_size,
        "tie_breaks": tournament.tie_breaks,
        "status": tournament.status,
    }
    if not with_entrants:
        return {
            **data,
            "entrants_count": tournament.entrants_count,
            "rounds_drawn": tournament.rounds_drawn,
        }
    entrants = tournament.entrants.select_related("player", "partner").order_by("seed", "id")
    return {
        **data,
        "entrants": [entrant_data(e) for e in entrants],
        "rounds_drawn": tournament.round_set.count(),
    }
